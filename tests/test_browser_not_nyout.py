"""Not Nyout in the browser, on a phone: summon and move by tapping, and play a game to its end."""
from __future__ import annotations


import pytest

import py_engines
from conftest import game_query, open_game, shot, status, tap_move
from py_engines import CHANCE
from py_engines.playout import random_game

pytestmark = pytest.mark.browser
SEED = 5


def wait_moves(page, count: int) -> None:
    """Until the log holds ``count`` moves (or more: the page may roll again in the same frame)."""
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length >= {count}")


def follow_dice(page, game) -> None:
    """Let the page roll at the game's chance points; the mirror rolls the same (seed and record)."""
    while game.to_move == CHANCE:
        game.roll()
        wait_moves(page, len(game.history))


def test_summon_and_move_by_tapping(phone, server):
    page = phone
    start = ["d7", "d3"]   # Red wins the roll-off and starts
    open_game(page, server.url, "not_nyout", game_query(start, seed=SEED))
    game = py_engines.new_game("not_nyout", 2, SEED)
    for move in start:
        game.play(move)
    follow_dice(page, game)
    roll = game.rolls[0]
    assert status(page) == f"Red to move: die {roll} left"
    assert page.locator('[data-choice="stable"]').count() == 1
    shot(page, "first-roll")
    # The station the summon goes to, tapped, summons (as its button does: a newcomer tapped S3 first).
    target = f"S{roll}"
    page.tap(f'[data-cell="{target}"]')
    game.play(f"+{roll}")
    page.wait_for_function("(cell) => document.querySelector(`[data-cell='${cell}']`).getAttribute('aria-label').includes('red horse')",
                           arg=target)
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
    open_game(page, server.url, "not_nyout", game_query(whole.history[:start], seed=11))
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
    open_game(page, server.url, "not_nyout", game_query(start, seed=SEED, players=4))
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


def two_groups_of_the_mover():
    """The first position of a seeded random game where the player to move has a group of 2 and
    a lone horse on one station: (the game, the seed, the station)."""
    for seed in range(1, 50):
        whole = random_game("not_nyout", seed, 2)
        game = py_engines.new_game("not_nyout", 2, seed)
        for move in whole.history:
            game.play(move)
            if game.to_move not in (0, 1):
                continue
            for station, groups in game.view()["stations"].items():
                if groups == [{"owner": game.to_move, "size": 2}, {"owner": game.to_move, "size": 1}] and any(
                        m.startswith(f"2{station}>") for m in game.legal_moves()):
                    return game, seed, station
    raise AssertionError("no random game put two groups of the mover on one station")


def test_a_station_with_two_groups_reads_and_plays_right(phone, server):
    page = phone
    game, seed, station = two_groups_of_the_mover()
    colour = ("red", "blue")[game.to_move]
    open_game(page, server.url, "not_nyout", game_query(game.history, seed=seed))
    assert f"{colour} group of 2, {colour} horse" in page.get_attribute(f'[data-cell="{station}"]', "aria-label")
    shot(page, "two-groups")
    # Tapping the station asks which group before the destination.
    page.tap(f'[data-cell="{station}"]')
    assert page.locator('[data-choice="g2"]').count() == 1 and page.locator('[data-choice="g1"]').count() == 1
    page.tap("#cancel-move")
    tap_move(page, game, next(m for m in game.legal_moves() if m.startswith(f"2{station}>")))
