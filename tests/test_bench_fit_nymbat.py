"""The fitting tool behind Nymbat's expert score (bench/fit_nymbat.py)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import fit_nymbat  # noqa: E402
from py_engines.ai_nymbat import WEIGHTS  # noqa: E402


def test_a_games_positions_carry_who_won_and_the_hand_set_estimate():
    positions = fit_nymbat.game_positions(0)
    assert len(positions) > 20
    assert {y for _, y, _ in positions} == {0.0, 1.0}  # both players are to move at times
    assert all(len(x) == len(WEIGHTS) and x[0] == 1.0 and 0.0 < hand < 1.0 for x, _, hand in positions)
    assert fit_nymbat.game_positions(0) == positions  # seeded: the same game again


def test_a_small_run_prints_the_comparison_and_weights(capsys):
    assert fit_nymbat.main(["--games", "5", "--jobs", "1"]) == 0
    printed = capsys.readouterr().out
    assert "fitted score" in printed and "hand-set score" in printed and "WEIGHTS = [" in printed
