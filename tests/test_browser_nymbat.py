"""Nymbat in the browser, on a phone: bring in, move, and play a game to its end by tapping."""
from __future__ import annotations


import pytest

import py_engines
from conftest import game_query, label, open_game, shot, tap_move
from py_engines.playout import random_game

pytestmark = pytest.mark.browser


def test_a_first_turn_by_tapping(phone, server):
    page = phone
    open_game(page, server.url, "nymbat")
    assert "Red's first turn" in page.inner_text("#status")
    assert "Red's setup area" in label(page, "b4")
    game = py_engines.new_game("nymbat")
    shot(page, "start")
    tap_move(page, game, "c4=6")
    assert "Red 6" in label(page, "c4")
    assert "bringing in" in page.inner_text("#status")
    assert page.locator('[data-choice="6"]').count() == 0  # no number picked before a cell
    for move in ("c5=6", "c6=6", "b5=6", "done"):
        tap_move(page, game, move)
    assert "Blue's first turn" in page.inner_text("#status")
    for move in ("m4=6", "m5=6", "done"):
        tap_move(page, game, move)
    tap_move(page, game, "c4-f4")
    assert "moving a group at speed 6" in page.inner_text("#status")
    shot(page, "moving")
    tap_move(page, game, "done")
    assert "Blue to move" in page.inner_text("#status")


def test_a_number_kept_brings_in_a_piece_a_tap(phone, server):
    """Ten 3s in a first turn need not take twenty taps: once a 3 is in, "More 3s" keeps
    the number, and each free cell tapped then takes a 3 at once, until the bring-in ends."""
    page = phone
    open_game(page, server.url, "nymbat")
    game = py_engines.new_game("nymbat")
    tap_move(page, game, "b4=3")
    keep = page.locator("#keep-choice")
    assert keep.inner_text() == "More 3s, one tap each"
    keep.tap()
    page.wait_for_selector('#keep-choice[aria-pressed="true"]')
    assert "bring in 3s, one tap each; or Done" in page.inner_text("#hint")
    for cell in ("b5", "b6", "c5"):
        count = page.locator("#moves [data-ply]").count()
        page.tap(f'[data-cell="{cell}"][data-live]')  # one tap: no number asked
        page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {count + 1}")
        game.play(f"{cell}=3")
        assert "Red 3" in label(page, cell)
    # Let go: the next cell asks its number again.
    page.tap("#keep-choice")
    page.wait_for_selector('#keep-choice[aria-pressed="false"]')
    tap_move(page, game, "c6=2")
    assert "Red 2" in label(page, "c6")
    tap_move(page, game, "done")
    assert "Blue's first turn" in page.inner_text("#status")
    assert page.locator("#keep-choice").count() == 0


def test_the_setup_for_beginners_in_one_tap_for_each_player(phone, server):
    """The rules' setup for beginners, ten 3s in one block two rows deep, is one tap at a first turn
    not begun (pass and play here: Red's, then Blue's, turned half round)."""
    page = phone
    open_game(page, server.url, "nymbat")
    assert page.locator("#series-choice").inner_text() == "Beginners' setup: ten 3s"
    page.tap("#series-choice")
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 10")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith(\"Blue's first turn\")")
    for cell in ("b3", "b7", "c4", "c8"):
        assert "Red 3" in label(page, cell)
    page.tap("#series-choice")
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 20")
    for cell in ("n7", "n3", "m7", "m3"):
        assert "Blue 3" in label(page, cell)
    page.wait_for_function("document.querySelector('#status').textContent === 'Red to move'")
    assert page.locator("#series-choice").count() == 0  # only at a first turn


def test_a_whole_game_ends_with_its_winner(phone, server):
    page = phone
    whole = random_game("nymbat", 3)
    assert whole.is_over
    start = len(whole.history) - 6
    open_game(page, server.url, "nymbat", game_query(whole.history[:start]))
    game = py_engines.load(py_engines.new_game("nymbat").to_json())
    for move in whole.history[:start]:
        game.play(move)
    shot(page, "late")
    for move in whole.history[start:]:
        tap_move(page, game, move)
    assert game.is_over
    status = page.inner_text("#status")
    winner = ["Red", "Blue"][game.winners[0]]
    assert status.startswith(f"{winner} wins")


def test_four_players_pick_who_moves(phone, server):
    page = phone
    open_game(page, server.url, "nymbat", game_query([], players=4))
    assert "Red and Gold: who takes the team's turn?" in page.inner_text("#status")
    game = py_engines.new_game("nymbat", 4)
    tap_move(page, game, "p2")
    assert "Gold's first turn: bring in up to 20" in page.inner_text("#status")
    for move in ("a8=6", "b9=6", "done"):
        tap_move(page, game, move)
    assert "Blue and Green" in page.inner_text("#status")
    shot(page, "four")
