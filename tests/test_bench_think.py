"""The think-time benchmark's turns (bench/think.py), without the browser."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import think  # noqa: E402

import py_engines  # noqa: E402


@pytest.mark.slow
def test_turn_starts_come_from_tables_of_the_asked_size_and_begin_a_turn():
    for players in (2, 3):
        records = think.turn_starts("nimbus", 6, players)
        assert len(records) == 6
        assert len({(r["seed"], len(r["moves"])) for r in records}) == 6  # six different positions
        for record in records:
            assert record["players"] == players
            game = py_engines.load(json.dumps(record))
            assert not (game.setup or game.moved or game.collected or game.is_over)


def test_only_games_that_offer_the_count_are_timed():
    assert think.offers("nimbus", 6) and think.offers("not_nyout", 4)
    assert not think.offers("manalath", 3)


@pytest.mark.slow
def test_a_turn_is_played_whole_through_the_bridge():
    timed = think.cpython_turns(think.turn_starts_of(["nimbus"], 1, players=3), ["easy"])["nimbus"]["easy"][0]
    assert timed["moves"] == 2 and timed["seconds"] > 0  # a move action and a collect


@pytest.mark.slow
def test_round_ends_are_nimbus_turns_the_levels_search():
    for record in think.turn_starts("nimbus", 4, 3, round_ends=True):
        game = py_engines.load(json.dumps(record))
        assert game.on_board <= think.ENDGAME and not (game.setup or game.moved or game.collected)
