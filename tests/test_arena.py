"""The arena command (bench/arena.py): its figures and its options."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import arena  # noqa: E402


def test_wilson_interval_brackets_the_rate():
    low, high = arena.wilson(30, 40)
    assert low < 0.75 < high
    assert arena.wilson(40, 40)[1] == 1.0 and arena.wilson(0, 40)[0] == 0.0
    assert round(arena.wilson(28, 40)[0], 3) == 0.546   # the 95% interval docs/ai.md quotes for 28 of 40


def test_seats_turn_one_place_per_game():
    assert [arena.seats_for(["hard", "random", "easy"], i)[i % 3] for i in range(6)] == ["hard"] * 6
    assert arena.seats_for(["hard", "easy"], 1) == ["easy", "hard"]


def test_an_extra_level_is_hard_with_the_budget_and_settings_given():
    name, level = arena.extra_level("x3000=3000/exploration=0.15/rave=0")
    assert name == "x3000"
    assert level == {"base": "hard", "iterations": 3000, "exploration": 0.15, "rave": 0.0}
    assert arena.extra_level("m=400/base=medium/plan=reply")[1] == {"base": "medium", "iterations": 400, "plan": "reply"}
    for bad in ("x=many", "hard=100", "=100", "x=100/speed=2.5", "random=5", "greedy=5", "x=100/rave=lots",
                "x=100/base=master"):
        with pytest.raises(ValueError):
            arena.extra_level(bad)


@pytest.mark.slow
def test_a_small_table_plays_and_counts_every_game():
    times, iterations = {}, {}
    row = arena.run_pair("manalath", ["easy", "random"], 2, 1, 0, 1, times, iterations)
    assert row["wins"] + row["draws"] + row["losses"] == row["games"] == 2
    assert row["low"] <= row["score"] <= row["high"]
    assert times["easy"] and iterations["easy"] > 0
