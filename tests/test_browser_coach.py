"""The coach in the page: on by default when a person plays the computer, it says
and marks what the next move decides; the player can switch it off (kept)."""
from __future__ import annotations


import pytest

import py_engines
from conftest import wait_ready
from py_engines.ai.proof import forced_win

pytestmark = pytest.mark.browser

# Black to move: a white piece on c7, d7 or e7 would give White a quint (py_engines.learn, cells-to-avoid).
AVOID = "c6w.d8w.e6b.g7b.a1b.d5b.e9w.f6w.d6b.f7b.e8w"


def test_the_coach_speaks_against_the_computer_and_can_be_switched_off(phone, server):
    phone.goto(server.url + f"#/manalath?moves={AVOID}")
    wait_ready(phone)
    # Pass and play: no coach (nothing shown, the board keeps its room).
    assert phone.locator("#coach").is_hidden()
    # White is the computer's now: Black, a person, is coached.
    phone.select_option("#seat-0", "hard")
    phone.wait_for_function("document.querySelector('#coach .coach-text').textContent.includes('would give White a quint')")
    text = phone.inner_text("#coach .coach-text")
    assert "A black piece on c4, c5, d4, d7, e5 or f5 makes a black quart: Black loses at once." in text
    # Its words sit under the status, in view with the board (on a phone, one line over the board;
    # a tap on them shows the rest).
    coach, board = phone.locator("#coach").bounding_box(), phone.locator("svg.board").bounding_box()
    assert 0 <= coach["y"] and coach["y"] + coach["height"] <= phone.viewport_size["height"]
    assert coach["y"] + coach["height"] <= board["y"] + 1 or coach["x"] >= board["x"] + board["width"] - 1
    # Cut short, the words end in "more" (a newcomer did not know they opened); open, in "less".
    after = "getComputedStyle(document.querySelector('#coach .coach-text'), '::after').content"
    assert phone.get_attribute("#coach .coach-text", "data-clipped") == "true"
    assert phone.evaluate(after) == '"more"'
    board_top = phone.evaluate("document.querySelector('svg.board').getBoundingClientRect().top")
    phone.tap("#coach .coach-text")
    assert phone.get_attribute("#coach .coach-text", "aria-expanded") == "true"
    assert phone.evaluate(after) == '"less"'
    # Open, the words lie over what follows: the board stays where it was.
    assert abs(phone.evaluate("document.querySelector('svg.board').getBoundingClientRect().top") - board_top) < 0.5
    assert phone.evaluate("(t => t.scrollHeight <= t.clientHeight + 1)(document.querySelector('#coach .coach-text'))")
    for cell in ("c7", "d7", "e7"):
        assert phone.locator(f'.mark-ring.coach-gift[data-mark="{cell}"]').count() == 1
    # Switched off: nothing said or marked, and it stays off after a reload.
    phone.tap("#coach-toggle")
    phone.wait_for_function("document.querySelector('#coach-toggle').getAttribute('aria-pressed') === 'false'")
    assert phone.inner_text("#coach .coach-text") == ""
    assert phone.locator(".mark-ring.coach-gift").count() == 0
    phone.reload()
    wait_ready(phone)
    assert phone.get_attribute("#coach-toggle", "aria-pressed") == "false"
    # Switched on again, it speaks in pass and play too.
    phone.tap("#coach-toggle")
    phone.select_option("#seat-0", "human")
    phone.wait_for_function("document.querySelector('#coach .coach-text').textContent.includes('would give White a quint')")
    # After Undo, the position shown is White's, one move back: the coach speaks of it (it said
    # "Coach: looking…" there for ever, as it looked only at the last position of the game).
    phone.tap("#undo")
    phone.wait_for_function("(t => t && !t.includes('looking') && !t.includes('would give White a quint'))"
                            "(document.querySelector('#coach .coach-text').textContent)")
    # Redo, a reload, a game's end and a new game: each time the coach speaks of the position shown
    # (or, at the end, steps aside), never "looking…" for ever.
    gift = "document.querySelector('#coach .coach-text').textContent.includes('would give White a quint')"
    phone.tap("#redo")
    phone.wait_for_function(gift)
    phone.reload()
    wait_ready(phone)
    phone.wait_for_function(gift)
    phone.tap('[data-cell="c4"]')   # a black quart: Black loses at once
    phone.tap('[data-choice="b"]')
    phone.wait_for_selector("#status.over")
    assert phone.locator("#coach").is_hidden()
    phone.tap("#new-game")
    phone.tap("#setup-start")
    phone.wait_for_selector("#setup-dialog", state="detached")
    phone.wait_for_function("(t => t === 'Nothing is decided by the next move.')"
                            "(document.querySelector('#coach .coach-text').textContent)")


# White to move: Black's i1w left White a quart that cannot grow; every White move loses.
LOST = "h1w.f3w.d1w.i2w.a5b.f2w.d4w.h2w.i3b.h3b.e3w.i1w"


def test_the_hint_says_when_every_move_loses(phone, server):
    phone.goto(server.url + f"#/manalath?moves={LOST}")
    wait_ready(phone)
    phone.tap("#hint-button")
    phone.wait_for_function("document.querySelector('#hint').textContent.startsWith('Hint:')", timeout=60_000)
    assert "Every move loses here" in phone.inner_text("#hint")


def test_the_hint_says_when_a_move_wins_by_force(phone, server):
    # Black to move, one move before LOST: a white piece on i1 leaves White a quart that cannot grow.
    phone.goto(server.url + f"#/manalath?moves={LOST.rsplit('.', 1)[0]}")
    wait_ready(phone)
    phone.tap("#hint-button")
    phone.wait_for_function("document.querySelector('#hint').textContent.startsWith('Hint:')", timeout=60_000)
    text = phone.inner_text("#hint")
    assert "It wins by force: whatever the other side answers, the game is won within 2 moves" in text
    # The move hinted is the one proved.
    game = py_engines.new_game("manalath")
    for move in LOST.split(".")[:-1]:
        game.play(move)
    assert f"({forced_win(game)['move']})" in text
