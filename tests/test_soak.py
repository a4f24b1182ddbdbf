"""The long-run command (bench/soak.py) keeps working: a few of its checked games
for every game and player count, and its slices add up."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import soak  # noqa: E402

import py_engines  # noqa: E402

CASES = [(name, n) for name, info in py_engines.GAMES.items() for n in info["players"]]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{name}-{n}" for name, n in CASES])
def test_a_few_checked_games(name, players):
    counts = soak.run_case(name, players, games=2, first=7)
    assert counts["failures"] == []
    assert counts["games"] == 2
    assert counts["plies"] > 0
    assert sum(counts["wins"]) + counts["draws"] >= 2


def test_a_refusal_that_changes_the_game_is_caught(monkeypatch):
    game = py_engines.new_game("manalath")
    original_play = game.play

    def careless_play(move):
        if move != move.strip():
            game.history.append(move)  # a bug: the misspelling leaves a trace before it is refused
            raise py_engines.IllegalMove(move)
        return original_play(move)

    monkeypatch.setattr(game, "play", careless_play)
    with pytest.raises(soak.Failure, match="changed the game"):
        soak.check_refusals(game)


def test_slices_add_up(tmp_path, capsys):
    path = tmp_path / "slices.jsonl"
    with path.open("a") as f:
        for first in (0, 3):
            f.write(json.dumps(soak.run_case("manalath", 2, games=3, first=first)) + "\n")
    assert soak.add_up(path) == 0
    out = capsys.readouterr().out
    assert "manalath         2           0-5        6      0" in out
    assert "total: 6 games checked" in out
