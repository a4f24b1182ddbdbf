"""Every refusal explained, in the page: a tap the rules forbid says why under the
board, in the engine's words, and changes nothing."""
from __future__ import annotations

import pytest

from conftest import wait_ready

pytestmark = pytest.mark.browser

# e5 touches a white trio and pair and a black trio and pair: neither colour may go there.
BLOCKED = "c3w.e6w.c4w.d4w.e3b.e4b.g4b.g5b.f5b.e7w"


def test_manalath_says_why_nothing_can_go_on_a_cell(phone, server):
    phone.goto(server.url + f"#/manalath?moves={BLOCKED}")
    wait_ready(phone)
    phone.tap('[data-cell="e5"]')
    phone.wait_for_function("document.querySelector('#hint').textContent.startsWith('Nothing can go on e5')")
    assert "white group of 6" in phone.inner_text("#hint") and "black group of 6" in phone.inner_text("#hint")
    assert phone.locator("#moves [data-ply]").count() == 10
    # The next tap that is a move clears it.
    phone.tap('[data-cell="a1"]')
    phone.wait_for_function("!document.querySelector('#hint').textContent.includes('Nothing can go')")


def test_ambush_refuses_the_coaster_turned_last_turn_and_keeps_the_turn_under_way(phone, server):
    phone.goto(server.url + "#/ambush?moves=4cw-s")
    wait_ready(phone)
    phone.tap('[data-choice="cw"]')  # Black's only size at hand, a small, pays without a question
    phone.tap('[data-cell="e5"]')  # the middle of coaster 4, turned on the turn just before
    phone.wait_for_function("document.querySelector('#hint').textContent.includes('Coaster 4 was turned on the turn just before')")
    # Still a turn of a coaster, not a placement on e5: the size buttons of a placement are not offered.
    assert phone.locator('[data-choice="m"]').count() == 0
    assert phone.locator("#moves [data-ply]").count() == 1
    phone.tap('[data-cell="b2"]')  # coaster 1 may turn
    phone.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")
