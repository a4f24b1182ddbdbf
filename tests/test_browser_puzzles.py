"""Puzzles on a phone (issue 32): for every game, a shipped puzzle failed (the wrong
move shown and said why), tried again and solved along its line (the other side's
replies played by the page), its progress kept for the home page."""
from __future__ import annotations

import pytest

from conftest import tap_move, wait_ready
from py_engines.puzzles import GAMES, position
from tools.puzzle_files import load_puzzles

pytestmark = pytest.mark.browser


def first_wrong(puzzle) -> str:
    """A first move the puzzle refuses: one it names as tempting, else any other legal move."""
    if puzzle["wrong"]:
        return sorted(puzzle["wrong"])[0]
    return next(m for m in position(puzzle).legal_moves() if m not in puzzle["accept"][0])


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_is_failed_then_solved_and_kept(phone, server, game):
    puzzle = load_puzzles(game)[0]
    phone.goto(server.url + f"#/{game}?puzzle={puzzle['id']}")
    wait_ready(phone)
    phone.wait_for_selector("#puzzle-task")
    assert phone.inner_text("#puzzle-task") == puzzle["task"]
    # A wrong first move: shown on the board (with the refuting answer, if any) and said why.
    wrong = first_wrong(puzzle)
    tap_move(phone, position(puzzle), wrong, answered=True)
    phone.wait_for_selector("#puzzle-outcome")
    words = phone.inner_text("#puzzle-outcome")
    assert words.startswith("Not this:") and (puzzle["wrong"].get(wrong) or puzzle["otherwise"]) in words
    # Tried again: the solver's moves of the line, the page playing the other side's.
    phone.tap("#puzzle-retry")
    phone.wait_for_selector("#puzzle-outcome", state="detached")
    solver = position(puzzle)
    for move, accepted in zip(puzzle["line"], puzzle["accept"]):
        if accepted is None:
            solver.play(move)  # the page plays it
            continue
        phone.wait_for_selector("body[data-busy='0']")
        phone.wait_for_function("(n) => document.querySelectorAll('#moves [data-ply]').length === n",
                                arg=len(solver.history))
        tap_move(phone, solver, move, answered=True)
    phone.wait_for_selector("#puzzle-outcome.ok")
    assert puzzle["why"] in phone.inner_text("#puzzle-outcome")
    # Kept: the home page counts it.
    phone.goto(server.url + "#/")
    wait_ready(phone)
    assert "Puzzles (1/" in phone.inner_text(f'[data-puzzles="{game}"]')
