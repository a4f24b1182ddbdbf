"""Nimbus as a new player met it (issue 27), on a phone: what the board marks of the
last turn, the flat pyramids' directions, a collect previewed before it is taken, a
round's end that waits to be seen, the default length of a game, a quicker setup, and
ten players' cards above the board."""
from __future__ import annotations

from urllib.parse import quote

import pytest

import py_engines
from conftest import wait_ready
from py_engines.playout import random_game

pytestmark = pytest.mark.browser

TEN = random_game("nimbus", 7, 10, random_setup=True, goal="rounds1")


def open_link(page, base: str, moves: list[str], players: int = 2, **options) -> None:
    query = f"?moves={'.'.join(quote(m, safe='') for m in moves)}"
    if players != 2:
        query += f"&players={players}"
    query += "".join(f"&{name}={str(value).lower()}" for name, value in options.items())
    page.goto(base + "#/nimbus" + query)
    wait_ready(page)
    page.wait_for_selector('[data-cell="d4"]')


def test_only_the_last_turn_is_marked(phone, server):
    # Ten players, thirty moves in: nine turns of others before Player 5's, with paths and collects.
    page = phone
    open_link(page, server.url, TEN.history[:30], players=10, random_setup=True, goal="rounds1")
    marks = page.locator(".marks .mark")
    assert marks.count() > 0
    assert page.locator(".marks .mark.older").count() == 0
    assert page.locator(".marks .mark-path").count() <= 1
    # What the earlier turns did is still told in words under the board.
    assert page.locator("#recent .recent-turn").count() >= 5
