"""The round's-end measurement for Nimbus tables of three or more (bench/nimbus_ends.py)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import nimbus_ends  # noqa: E402


@pytest.mark.slow
def test_positions_are_turn_starts_near_a_rounds_end_in_the_first_and_a_later_round():
    for i in (0, 1, 2, 3):
        game = nimbus_ends.position(i)
        assert not (game.setup or game.moved or game.collected or game.is_over)
        assert game.on_board <= nimbus_ends.NEAR_THE_END
        assert (game.round == 0) if i % 2 == 0 else (game.round >= 1)
        assert nimbus_ends.position(i).to_json() == game.to_json()  # seeded: the same position again


@pytest.mark.slow
def test_a_run_counts_the_rounds_the_measured_player_scores_and_pairs_two_runs(tmp_path, capsys):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert nimbus_ends.main(["--level", "greedy", "--count", "3", "--jobs", "1", "--json", str(first)]) == 0
    assert nimbus_ends.main(["--level", "e9", "--level-spec", "e9=9/base=easy", "--count", "3", "--jobs", "1",
                             "--json", str(second)]) == 0
    won = json.loads(first.read_text())["won"]
    assert set(won) == {"0", "1", "2"}
    assert won == {str(i): nimbus_ends.play_out(i, "greedy", "greedy") for i in range(3)}
    printed = capsys.readouterr().out
    assert f"scored {sum(won.values())} of 3 rounds" in printed
    nimbus_ends.main(["--compare", str(first), str(second)])
    other = json.loads(second.read_text())["won"]
    only_first = sum(won[k] and not other[k] for k in won)
    assert f"only greedy: {only_first}," in capsys.readouterr().out
