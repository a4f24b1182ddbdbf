"""The greedy player (bench/greedy.py), the arena's yardstick: legal, reproducible, greedy."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import py_engines  # noqa: E402
from greedy import WIN, greedy_move, outcome  # noqa: E402
from py_engines import CHANCE  # noqa: E402
from py_engines.rng import Rng  # noqa: E402
from test_nimbus import position  # noqa: E402

PLAYERS = {"manalath": [2], "ambush": [2], "nymbat": [2, 4], "not_nyout": [2, 3], "nimbus": [2, 3]}


def greedy_game(name: str, players: int, seed: int, limit: int = 200) -> list[str]:
    """The moves of a game of greedy players (the dice from ``seed``), checking each move and that the game is untouched."""
    game = py_engines.new_game(name, players, seed)
    rng = Rng(seed)
    while not game.is_over and len(game.history) < limit:
        if game.to_move == CHANCE:
            game.roll()
            continue
        before = game.to_json()
        move = greedy_move(game, rng)
        assert game.to_json() == before
        assert move in game.legal_moves(), (name, game.history, move)
        game.play(move)
    return game.history


@pytest.mark.slow
@pytest.mark.parametrize("name, players", [(n, p) for n, counts in PLAYERS.items() for p in counts])
def test_plays_only_legal_moves_and_is_reproducible_for_a_seed(name, players):
    first = greedy_game(name, players, seed=4)
    assert len(first) > 10
    assert greedy_game(name, players, seed=4) == first


def test_the_game_end_counts_for_teams_and_shared_wins():
    g = py_engines.new_game("nymbat", 4)
    g.phase, g.winner_list = "over", [0, 2]
    assert outcome(g, 0) == WIN and outcome(g, 1) == -WIN
    g.winner_list = []
    assert outcome(g, 3) == 0.0


def test_manalath_takes_a_quint_and_never_makes_its_own_quart():
    g = py_engines.new_game("manalath")
    for move in ["a1w", "i1b", "a2w", "i3b", "a4w", "i5b", "a5w", "g1b"]:
        g.play(move)
    assert greedy_move(g, Rng(0)) == "a3w"
    g = py_engines.new_game("manalath")
    for move in ["a1w", "i1b", "a2w", "i3b", "a3w", "g1b"]:
        g.play(move)
    for seed in range(20):
        after = g.clone()
        after.play(greedy_move(g, Rng(seed)))
        assert not after.is_over  # a4w or b3w... would be a white quart: White loses at once


def test_ambush_takes_the_richest_capture():
    # Red's small on a1, Black's small on b1: Red's small on c1 flanks it (1 + 1 > 1) and takes it.
    g = py_engines.new_game("ambush")
    for move in ["a1s", "b1s"]:
        g.play(move)
    captures = [m for m in g.legal_moves() if _captured_after(g, m) > 0]
    assert "c1s" in captures and len(captures) < len(g.legal_moves()) / 4
    for seed in range(5):
        assert greedy_move(g, Rng(seed)) in captures


def _captured_after(g, move: str) -> int:
    after = g.clone()
    after.play(move)
    return sum(after.captured[0])


def test_nimbus_takes_the_richest_collect_after_its_move_action():
    # The move action comes first when it makes the richest line: b1-b2 puts b1 on the a1-h8 diagonal.
    g = position({"a1": "r3=u", "b1": "y3=u", "h8": "k1=u", "a8": "g1=s", "c6": "b2=e"}, goal="rounds3")
    move = greedy_move(g, Rng(0))
    g.play(move)
    follow = greedy_move(g, Rng(0))
    assert ":" in follow
    g.play(follow)
    assert sum(k % 3 + 1 for k in g.collections[0]) >= 7
