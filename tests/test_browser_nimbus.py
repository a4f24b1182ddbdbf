"""Nimbus in the browser, on a phone: the setup, a two-part turn, and a round played
to the game's end by tapping."""
from __future__ import annotations


import pytest

import py_engines
from conftest import game_query, label, open_game, shot, status, tap_choice, tap_move, wait_ready
from py_engines.playout import random_game

pytestmark = pytest.mark.browser
OPTIONS = {"goal": "rounds1"}


def game_after(moves: list[str], players: int = 2):
    game = py_engines.new_game("nimbus", players, **OPTIONS)
    for move in moves:
        game.play(move)
    return game


WHOLE = random_game("nimbus", 4, 2, **OPTIONS)
SETUP = 90  # moves: 45 pyramids taken and placed


def test_setup_then_a_move_and_a_collect_by_tapping(phone, server):
    page = phone
    moves = WHOLE.history
    open_game(page, server.url, "nimbus", game_query(moves[:SETUP - 2], goal="rounds1"))
    game = game_after(moves[:SETUP - 2])
    assert status(page).startswith("Round 1 setup: Player 1 takes a pyramid (1 left)")
    shot(page, "setup")
    tap_move(page, game, moves[SETUP - 2])  # the last pyramid from the pile
    assert "places the" in status(page)
    place = moves[SETUP - 1]
    tap_move(page, game, place)
    cell = place.split("=")[0]
    assert "empty" not in label(page, cell)
    # Player 1 placed the 45th pyramid, so Player 2 makes the first turn of play.
    assert status(page) == "Round 1: Player 2 to move a pyramid and collect"
    shot(page, "play")
    # Player 2 collects first, then moves; the turn passes to Player 1.
    collect = next(m for m in game.legal_moves() if ":" in m and "-" in m)
    tap_move(page, game, collect)
    assert status(page) == "Round 1: Player 2 to move a pyramid"
    taken = game.view()["last"]
    assert all("last move" in label(page, c) for c in taken)
    shot(page, "collected")
    action = next(m for m in game.legal_moves() if "=" in m)
    tap_move(page, game, action)
    assert status(page) == "Round 1: Player 1 to move a pyramid and collect"
    assert action.split("=")[0] in label(page, action.split("=")[0])


def test_a_collect_starts_from_any_pyramid_it_takes(phone, server):
    page = phone
    moves = WHOLE.history
    open_game(page, server.url, "nimbus", game_query(moves[:SETUP], goal="rounds1"))
    game = game_after(moves[:SETUP])
    collect = next(m for m in game.legal_moves() if ":" in m and len(game.move_entries(m)) >= 3)
    entries = game.move_entries(collect)
    taken = sorted(e[0]["cell"] for e in entries)
    page.tap(f'[data-cell="{entries[-1][0]["cell"]}"][data-live]')  # not the line's first pyramid
    assert "collect with it" in page.inner_text("#hint")
    button = page.locator(f'[data-choice="{collect}"]')
    assert button.count() == 1
    assert f"×{len(taken)}" in button.inner_text()
    about = button.evaluate("(b) => document.getElementById(b.getAttribute('aria-describedby')).textContent")
    assert all(cell in about for cell in taken)
    # The collects come after the ways the pyramid may lie, grouped: colours, sizes, orientations.
    tokens = [page.locator("#choices [data-choice]").nth(i).get_attribute("data-choice")
              for i in range(page.locator("#choices [data-choice]").count())]
    collects = [t for t in tokens if ":" in t]
    assert tokens[-len(collects):] == collects
    order = "rygbk123u"
    ranks = [order.index(t.split(":")[0]) if t.split(":")[0] in order else 9 for t in collects]
    assert ranks == sorted(ranks)
    # What a collect takes is ringed while the focus rests on its button.
    button.focus()
    ringed = page.locator(".marks .preview")
    assert sorted(ringed.nth(i).get_attribute("data-mark") for i in range(ringed.count())) == taken
    tap_choice(page, collect)  # on a touch screen, two taps (test_browser_nimbus_marks_and_rounds.py)
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {SETUP + 1}")
    game.play(collect)
    assert all("empty" in label(page, c) or game.view()["squares"].get(c) for c in taken)


def test_the_round_and_the_game_end_with_the_result(phone, server):
    page = phone
    moves = WHOLE.history
    start = len(moves) - 6
    open_game(page, server.url, "nimbus", game_query(moves[:start], goal="rounds1"))
    game = game_after(moves[:start])
    for move in moves[start:]:
        tap_move(page, game, move)
    assert game.is_over
    winner = game.winners[0]
    assert status(page) == f"Player {winner + 1} wins with {game.totals[winner]} points"
    assert "took the last pyramid" in page.inner_text("#game-panel")
    shot(page, "over")


def test_ten_players_and_a_random_setup(phone, server):
    page = phone
    query = "?moves=&players=10&random_setup=true"
    page.goto(server.url + "#/nimbus" + query)
    wait_ready(page)
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 1")  # the deal, rolled
    assert status(page) == "Round 1: Player 1 to move a pyramid and collect"
    assert page.locator("#players li, .player").count() >= 10
    # Ten compact cards in two columns leave the board in view on a phone.
    cards = page.locator("ul.players").bounding_box()
    assert cards["height"] < 0.35 * page.viewport_size["height"]
    assert page.locator("ul.players .swatch").count() == 0  # Nimbus's players have no colour: no empty dot
    shot(page, "ten")


def test_a_hint_gives_the_whole_turn(phone, server):
    """A turn of play has two parts (a move and a collect, in either order): the hint says both,
    each the search's, in the order they are played; the first is drawn."""
    page = phone
    open_game(page, server.url, "nimbus", game_query(WHOLE.history[:SETUP], goal="rounds1"))
    assert status(page) == "Round 1: Player 2 to move a pyramid and collect"
    page.tap("#hint-button")
    page.wait_for_function("document.querySelector('#hint').textContent.startsWith('Hint:')")
    said = page.inner_text("#hint")
    assert "; then Player 2 " in said, said
    first, second = said.split("; then ", 1)
    assert first.startswith("Hint: Player 2 ") and second.endswith(".") or ". It " in second, said
    assert page.locator(".cell.hinted").count() >= 1
