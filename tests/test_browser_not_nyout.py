"""Not Nyout in the browser, on a phone: summon and move by tapping, and play a game to its end."""
from __future__ import annotations

from urllib.parse import quote

import pytest

import py_engines
from conftest import shot, status, tap_move, wait_ready
from py_engines import CHANCE
from py_engines.playout import random_game

pytestmark = pytest.mark.browser
SEED = 5


def link(moves: list[str], seed: int, players: int = 2) -> str:
    suffix = f"?moves={'.'.join(quote(m, safe='') for m in moves)}&seed={seed}"
    return suffix + (f"&players={players}" if players != 2 else "")


def open_game(page, base: str, suffix: str) -> None:
    page.goto(base + "#/not_nyout" + suffix)
    wait_ready(page)
    page.wait_for_selector('[data-cell="C"]')


def wait_moves(page, count: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {count}")


def follow_dice(page, game) -> None:
    """Let the page roll at the game's chance points; the mirror rolls the same (seed and record)."""
    while game.to_move == CHANCE:
        game.roll()
        wait_moves(page, len(game.history))




def test_summon_and_move_by_tapping(phone, server):
    page = phone
    start = ["d7", "d3"]   # Red wins the roll-off and starts
    open_game(page, server.url, link(start, SEED))
    game = py_engines.new_game("not_nyout", 2, SEED)
    for move in start:
        game.play(move)
    follow_dice(page, game)
    roll = game.rolls[0]
    assert status(page) == f"Red to move: die {roll} left"
    assert page.locator('[data-choice="stable"]').count() == 1
    shot(page, "first-roll")
    tap_move(page, game, f"+{roll}")
    target = f"S{roll}"
    assert "red horse" in page.get_attribute(f'[data-cell="{target}"]', "aria-label")
    follow_dice(page, game)
    assert status(page).startswith("Blue to move")
    tap_move(page, game, game.legal_moves()[0])
    follow_dice(page, game)
    # Red now moves its horse: tap it, and only the stations its dice reach are live.
    assert status(page).startswith("Red to move")
    page.tap(f'[data-cell="{target}"]')
    live = set(page.eval_on_selector_all("[data-cell][data-live]", "els => els.map(e => e.dataset.cell)"))
    expected = {m.split(">")[1].split("/")[0] for m in game.legal_moves() if m.startswith(target + ">")}
    assert live == expected
    page.tap("#cancel-move")
    move = next(m for m in game.legal_moves() if m.startswith(target + ">"))
    tap_move(page, game, move)
    shot(page, "moved")


def test_a_whole_game_ends_with_its_winner(phone, server):
    page = phone
    whole = random_game("not_nyout", 11, 2)
    assert whole.is_over
    start = len(whole.history) - 12
    open_game(page, server.url, link(whole.history[:start], 11))
    game = py_engines.new_game("not_nyout", 2, 11)
    for move in whole.history[:start]:
        game.play(move)
    shot(page, "late")
    for move in whole.history[start:]:
        if game.to_move == CHANCE:
            follow_dice(page, game)
        else:
            tap_move(page, game, move)
    assert game.history == whole.history and game.is_over
    winner = ["Red", "Blue"][game.winners[0]]
    assert status(page).startswith(f"{winner} wins")
    shot(page, "over")


def test_four_players_choose_slots_and_homes(phone, server):
    page = phone
    start = ["d4", "d3", "d2", "d1"]
    open_game(page, server.url, link(start, SEED, players=4))
    game = py_engines.new_game("not_nyout", 4, SEED)
    for move in start:
        game.play(move)
    assert status(page) == "Red chooses when to play"
    tap_move(page, game, "slot2")
    tap_move(page, game, "slot1")
    tap_move(page, game, "slot4")   # White is left the third slot
    follow_dice(page, game)
    assert game.order == [1, 0, 3, 2]
    assert "Blue rolled" in status(page) and "pick a home" in status(page)
    tap_move(page, game, "home=W")
    assert "blue's home" in page.get_attribute('[data-cell="W"]', "aria-label")
    follow_dice(page, game)
    assert status(page).startswith("Red rolled")
    shot(page, "four")


def test_a_station_with_two_groups_reads_and_plays_right(phone, server):
    page = phone
    whole = random_game("not_nyout", 1, 2)
    game = py_engines.new_game("not_nyout", 2, 1)
    for move in whole.history[:27]:
        game.play(move)
    assert game.view()["stations"]["W1"] == [{"owner": 1, "size": 2}, {"owner": 1, "size": 1}]
    open_game(page, server.url, link(game.history, 1))
    assert "blue group of 2, blue horse" in page.get_attribute('[data-cell="W1"]', "aria-label")
    shot(page, "two-groups")
    # Tapping W1 asks which group before the destination.
    page.tap('[data-cell="W1"]')
    assert page.locator('[data-choice="g2"]').count() == 1 and page.locator('[data-choice="g1"]').count() == 1
    page.tap("#cancel-move")
    tap_move(page, game, next(m for m in game.legal_moves() if m.startswith("2W1>")))
