"""Ambush's coach in the page (issue 29): against the computer, on a phone, it says which of
the player's stacks the other could capture next turn and rings them, and rings nothing
when none is in danger."""
from __future__ import annotations

import pytest

import py_engines
from conftest import shot, wait_ready
from py_engines.learn.ambush import DIAGRAMS

pytestmark = pytest.mark.browser


def example(key: str):
    """The moves of a worked example of the rules, and the position they make."""
    moves = next(d for d in DIAGRAMS if d.key == key).moves
    game = py_engines.new_game("ambush")
    for move in moves:
        game.play(move)
    return moves, game


def open_against_the_computer(page, base: str, moves) -> None:
    """The position, Black to move, with Red played by the computer (the coach is on by default)."""
    page.goto(base + "#/ambush?moves=" + ".".join(moves))
    wait_ready(page)
    page.select_option("#seat-0", "hard")


def coach_text(page) -> str:
    return page.inner_text("#coach .coach-text")


def test_the_coach_rings_a_stack_in_danger_and_nothing_when_none_is(phone, server):
    # Black to move: Red could take Black's small on c2 by placing on d2; Black can take the large on b2.
    moves, game = example("two-cells")
    said = " ".join(note["text"] for note in game.coach())
    assert said.startswith("Unless your move prevents it, next turn Red can capture your small on c2")
    open_against_the_computer(phone, server.url, moves)
    phone.wait_for_function("document.querySelector('#coach .coach-text').textContent.startsWith('Unless')")
    assert coach_text(phone) == said
    assert phone.locator(".mark-ring.coach-warn").count() == 1
    assert phone.locator('.mark-ring.coach-warn[data-mark="c2"]').count() == 1
    # Red's large just placed on b2 has the last move's ring, of a like colour: the warning is dashed.
    assert phone.locator('.mark-ring.newest[data-mark="b2"]').count() == 1
    dashes = phone.evaluate("""() => ['.mark-ring.newest', '.mark-ring.coach-warn'].map(
        (css) => getComputedStyle(document.querySelector(css)).strokeDasharray)""")
    assert dashes[0] == "none" and dashes[1] != "none", dashes
    # ...and the warning carries a "!", the last move's ring none (a newcomer took one for the other).
    assert phone.locator('.mark-ring.coach-warn[data-mark="c2"] .coach-flag').text_content() == "!"
    assert phone.locator(".mark-ring.newest .coach-flag").count() == 0
    shot(phone, "coach-threat")
    # Black to move, nothing of Black's in danger: the coach says the capture first, then the moves
    # that would let Red capture (no cell ringed for those: nearly every position has some).
    moves, game = example("sandwich-tie")
    assert [note["kind"] for note in game.coach()] == ["capture", "exposing"]
    open_against_the_computer(phone, server.url, moves)
    phone.wait_for_function("document.querySelector('#coach .coach-text').textContent.startsWith('Now you can')")
    assert coach_text(phone) == ("Now you can capture Red's large on b2 (3 pips) by placing on b3. Careful: 13 of your "
                                 "moves would let Red capture next turn, where now it can capture nothing; the worst, "
                                 "placing a large on c2, lets Red take 3 pips.")
    assert phone.locator(".mark-ring.coach-warn").count() == 0
