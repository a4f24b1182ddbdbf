"""The fitting tool behind Not Nyout's expert score (bench/fit_not_nyout.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import fit_not_nyout as fitting  # noqa: E402
from py_engines.rng import Rng  # noqa: E402


def test_solve_solves_a_small_system():
    a = [[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]]
    x = fitting.solve(a, [1.0, 2.0, 3.0])
    assert [sum(r * v for r, v in zip(row, x)) for row in a] == pytest.approx([1.0, 2.0, 3.0])


def test_the_fit_finds_the_weights_that_made_the_outcomes():
    # Outcomes drawn from known weights over a one-hot pair and a number: the fit finds them again.
    truth = [0.8, -0.6, 1.5]
    rng = Rng(5)
    rows = []
    for _ in range(6000):
        x = [1.0, 0.0, rng.random()] if rng.below(2) else [0.0, 1.0, rng.random()]
        rows.append((x, 1.0 if rng.random() < fitting.chance(truth, x) else 0.0))
    assert fitting.fit(rows) == pytest.approx(truth, abs=0.25)


def test_positions_are_those_where_a_player_is_about_to_roll_with_who_won():
    games = fitting.positions(0, 2)
    assert len(games) == 2 and all(games)
    for game in games:
        assert {y for _, y, _ in game} == {0.0, 1.0}   # each side is about to roll sometimes
        assert all(len(x) == 19 and sum(x[:16]) == 1.0 and 0.0 < share < 1.0 for x, _, share in game)
