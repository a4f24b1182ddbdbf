"""End-to-end: what the shared page does for games with choices and dice:
the new-game dialog (players and options), folded seats, and dice rolled by the page."""
from __future__ import annotations

import pytest

from conftest import wait_ready

pytestmark = pytest.mark.browser


def test_a_new_game_asks_for_players_and_options_and_keeps_them(phone, server):
    phone.goto(server.url + "#/nimbus")
    wait_ready(phone)
    assert phone.locator(".players .player").count() == 2
    phone.tap("#new-game")
    phone.wait_for_selector("#setup-dialog[open]")
    phone.select_option("#setup-players", label="4 players")
    phone.select_option("#setup-goal", label="After 3 rounds")
    phone.tap("#setup-start")
    phone.wait_for_function("document.querySelectorAll('.players .player').length === 4")
    # Four seats fold under one line; opening it shows a selector per seat.
    assert phone.inner_text(".seat-summary") == "Who plays: 4 people"
    phone.tap(".seat-summary")
    phone.select_option("#seat-3", "easy")
    assert phone.inner_text(".seat-summary") == "Who plays: 3 people, 1 computer"
    phone.select_option("#seat-3", "human")
    # Chosen before any move, the game is saved: a reload brings back four players.
    phone.reload()
    wait_ready(phone)
    phone.wait_for_function("document.querySelectorAll('.players .player').length === 4")
    phone.tap("#share")
    link = phone.input_value("#share-link")
    assert "players=4" in link and "goal=rounds3" in link


def test_cancelling_the_dialog_keeps_the_game(phone, server):
    phone.goto(server.url + "#/not_nyout")
    wait_ready(phone)
    phone.locator("[data-live], #choices [data-choice]").first.wait_for()  # the opening dice are rolled
    before = phone.locator("#moves [data-ply]").count()
    phone.tap("#new-game")
    phone.wait_for_selector("#setup-dialog[open]")
    phone.tap("#setup-cancel")
    phone.wait_for_selector("#setup-dialog", state="detached")
    assert phone.locator("#moves [data-ply]").count() == before


def test_the_page_rolls_the_dice_and_undo_passes_over_them(phone, server):
    # Not Nyout opens with the roll-off: the page rolls until a player is to move.
    phone.goto(server.url + "#/not_nyout")
    wait_ready(phone)
    live = phone.locator("[data-live], #choices [data-choice]")
    live.first.wait_for()
    moves = phone.locator("#moves [data-ply]")
    rolled = moves.count()
    assert rolled >= 3  # two roll-off dice, then the first turn's roll
    assert all("(dice)" in moves.nth(i).get_attribute("aria-label") for i in range(rolled))
    # Play a legal move by taps (always the first live target); undo comes back
    # to this position, not to the roll before it (which would roll again at once).
    status = phone.inner_text("#status")
    for _ in range(6):
        live.first.tap()
        phone.wait_for_function("document.body.dataset.busy === '0'")
        if moves.count() > rolled:
            break
    assert moves.count() > rolled
    phone.tap("#undo")
    phone.wait_for_function(f"document.querySelector('#moves [aria-current=\"step\"]')?.dataset.ply === '{rolled}'")
    assert phone.inner_text("#status") == status
    # Before this position there are only rolls: undo passes over all of them to the start,
    # and the page does not roll there again (the rolled dice are still the game's, to redo).
    phone.tap("#undo")
    phone.wait_for_function("!document.querySelector('#moves [aria-current=\"step\"]')")
    assert moves.count() > rolled
    phone.tap("#redo")
    phone.wait_for_function(f"document.querySelector('#moves [aria-current=\"step\"]')?.dataset.ply === '{rolled}'")
