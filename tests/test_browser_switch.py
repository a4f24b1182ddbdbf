"""A game of another kind, opened from a game's page, opens live on its own page:
from the saved games, from an imported record and from an imported link."""
from __future__ import annotations

import json

import pytest

import py_engines
from conftest import tap_move, wait_ready

pytestmark = pytest.mark.browser


def ambush_game(moves: int = 2):
    """An Ambush game a few moves in, as the engine plays it."""
    game = py_engines.new_game("ambush")
    for _ in range(moves):
        game.play(game.legal_moves()[-1])
    return game


def expect_live_ambush(page, game) -> None:
    """The page is Ambush's, shows `game`, and takes the next move by taps."""
    page.wait_for_function("location.hash === '#/ambush'")
    page.wait_for_selector('.game[data-game="ambush"]')
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {len(game.history)}")
    page.wait_for_selector("body[data-busy='0']")
    move = game.legal_moves()[0]
    tap_move(page, game, move)
    assert page.locator("#moves [data-ply]").count() == len(game.history)


def test_a_saved_game_of_another_kind_resumes_live(phone, server):
    phone.goto(server.url + "#/ambush")
    wait_ready(phone)
    game = py_engines.new_game("ambush")
    tap_move(phone, game, game.legal_moves()[0])
    phone.goto(server.url + "#/manalath")
    wait_ready(phone)
    phone.wait_for_selector('.game[data-game="manalath"]')
    phone.tap("#saved-games")
    resume = phone.locator('#saved-list .saved-item [data-action="resume"]:not([disabled])')
    resume.first.wait_for()
    resume.first.tap()
    expect_live_ambush(phone, game)


def test_an_imported_record_of_another_kind_opens_live(phone, server):
    phone.goto(server.url + "#/manalath")
    wait_ready(phone)
    game = ambush_game()
    phone.tap("#import")
    phone.fill("#import-text", game.to_json())
    phone.tap("#import-submit")
    expect_live_ambush(phone, game)


def test_an_imported_link_of_another_kind_opens_live(phone, server):
    phone.goto(server.url + "#/manalath")
    wait_ready(phone)
    game = ambush_game()
    record = json.loads(game.to_json())
    link = f"{server.url}#/ambush?moves={'.'.join(record['moves'])}"
    phone.tap("#import")
    phone.fill("#import-text", link)
    phone.tap("#import-submit")
    expect_live_ambush(phone, game)


def test_the_address_and_the_back_button_open_each_game_live(phone, server):
    phone.goto(server.url + "#/ambush")
    wait_ready(phone)
    game = py_engines.new_game("ambush")
    tap_move(phone, game, game.legal_moves()[0])
    # Typed in the address bar: another game, live.
    phone.evaluate("() => { location.hash = '#/manalath'; }")
    phone.wait_for_selector('.game[data-game="manalath"]')
    wait_ready(phone)
    manalath = py_engines.new_game("manalath")
    tap_move(phone, manalath, "e5w")
    # Back to the home page, then back again to Ambush: the game as it was, live.
    phone.tap("#home")
    phone.wait_for_selector(".resume-card")
    phone.go_back()
    phone.wait_for_selector('.game[data-game="manalath"]')
    phone.go_back()
    expect_live_ambush(phone, game)
