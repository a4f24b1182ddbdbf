"""Nymbat's coach and refusals in the page (issue 29): against the computer, on a phone, the
coach says that Blue stands on Red's empty home row and rings that piece, and a tap the rules
refuse says why under the board, in the engine's words."""
from __future__ import annotations

import pytest

import py_engines
from conftest import shot, wait_ready

pytestmark = pytest.mark.browser

# Red brings in two 3s (c3, c4); Blue a 6, which runs down to a6 on Red's home row while Red passes.
HOME_ROW = "c3=3.c4=3.done.m8=6.done.pass.m8-g8.pass.g8-a6"


def test_the_coach_warns_of_blue_on_reds_home_row_and_a_refused_tap_says_why(phone, server):
    game = py_engines.new_game("nymbat")
    for move in HOME_ROW.split("."):
        game.play(move)
    home = next(note for note in game.coach() if note["kind"] == "home")
    assert home["cells"] == ["a6"]
    phone.goto(server.url + f"#/nymbat?moves={HOME_ROW}")
    wait_ready(phone)
    phone.select_option("#seat-1", "hard")  # Blue is the computer's: Red, a person, is coached
    phone.wait_for_function("document.querySelector('#coach .coach-text').textContent.includes('home row')")
    text = phone.inner_text("#coach .coach-text")
    assert text.startswith("Blue's 6 on a6 stands on your home row: Blue wins when its next "
                           "turn starts, unless by then it is removed or a piece of yours stands on that row.")
    assert text == home["text"] + " Passing loses at once."
    assert phone.locator(".mark-ring.coach-warn").count() == 1
    assert phone.locator('.mark-ring.coach-warn[data-mark="a6"]').count() == 1
    shot(phone, "coach-home-row")
    # Red's group holds 3s: h3 is too far for c3. The line under the board says so; nothing is played.
    phone.tap('[data-cell="c3"]')
    phone.tap('[data-cell="h3"]')
    phone.wait_for_function("document.querySelector('#hint').textContent.includes('not within 3 steps')")
    assert ("h3 is not within 3 steps of c3: your group's lowest number is 3, so its pieces move at most 3 steps "
            "this turn.") in phone.inner_text("#hint")
    assert phone.locator("#moves [data-ply]").count() == len(HOME_ROW.split("."))
    shot(phone, "refusal-too-far")
