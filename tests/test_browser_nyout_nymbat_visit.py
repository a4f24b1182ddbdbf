"""What a new player met in Not Nyout and Nymbat (issue 27), on a phone: a summon that names
its station, a Join / Stay apart question asked beside the horse at its arriving station,
player cards that say what they count, the teams before a four-player game starts, and
paths that leave the arriving pieces' numbers readable."""
from __future__ import annotations

from urllib.parse import quote

import pytest

import py_engines
from conftest import status, tap_move, wait_ready
from py_engines import CHANCE

pytestmark = pytest.mark.browser

# Seed 1, two players: Blue to move with a 2 and a 1, its group of 2 on N3 and a horse on W
# (N3 to W with the 2 lands on it: join or stay apart); a summon enters on N1 or N2.
BLUE_TWO_DICE = ["d2", "d10", "r2", "+2", "r1", "+1", "r3", "+3", "r3", "S1>S4/3", "r3-3", "+3&",
                 "N2>W/3", "r4", "S4>E3/4", "r2-1"]


def link(moves: list[str], seed: int, players: int = 2) -> str:
    suffix = f"?moves={'.'.join(quote(m, safe='') for m in moves)}&seed={seed}"
    return suffix + (f"&players={players}" if players != 2 else "")


def open_not_nyout(page, base: str, moves: list[str], seed: int, players: int = 2):
    """The game at ``moves`` on the page, and the same game in the engine."""
    page.goto(base + "#/not_nyout" + link(moves, seed, players))
    wait_ready(page)
    page.wait_for_selector('[data-cell="C"]')
    game = py_engines.new_game("not_nyout", players, seed)
    for move in moves:
        game.play(move)
    return game


def follow_dice(page, game) -> None:
    """Let the page roll at the game's chance points; the engine's copy rolls the same."""
    while game.to_move == CHANCE:
        game.roll()
        page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {len(game.history)}")


def hint(page) -> str:
    return page.inner_text("#hint")


# -- Not Nyout: a summon says where it goes -------------------------------------------------

def test_a_summon_with_one_station_names_it_and_goes_there_at_once(phone, server):
    page = phone
    game = open_not_nyout(page, server.url, ["d7", "d3"], 5)   # Red wins the roll-off
    follow_dice(page, game)
    roll = game.rolls[0]
    button = page.locator('[data-choice="stable"]')
    assert button.inner_text().startswith(f"Summon to S{roll}")
    assert f"Summon a horse from the stable onto S{roll}" in hint(page)
    count = page.locator("#moves [data-ply]").count()
    button.tap()
    # No tap on the station: the horse is on it.
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {count + 1}")
    assert "red horse" in page.get_attribute(f'[data-cell="S{roll}"]', "aria-label")


def test_a_summon_with_two_stations_asks_for_one_of_them_by_name(phone, server):
    page = phone
    open_not_nyout(page, server.url, BLUE_TWO_DICE, 1)
    assert status(page) == "Blue to move: dice 2, 1 left"
    button = page.locator('[data-choice="stable"]')
    assert button.inner_text().startswith("Summon") and "to" not in button.inner_text()
    button.tap()
    assert hint(page) == "Tap where the horse comes in: N2 with the 2 or N1 with the 1."
    live = set(page.eval_on_selector_all("[data-cell][data-live]", "els => els.map(e => e.dataset.cell)"))
    assert live == {"N1", "N2"}
