"""Ambush in the browser, on a phone: place, turn a coaster, choose the order of
captures, and play a game to its end by tapping."""
from __future__ import annotations


import pytest

import py_engines
from conftest import game_query, label, open_game, shot, tap_move
from py_engines.playout import random_game

pytestmark = pytest.mark.browser


def game_after(moves: list[str]):
    game = py_engines.new_game("ambush")
    for move in moves:
        game.play(move)
    return game


def test_place_and_turn_by_tapping(phone, server):
    page = phone
    open_game(page, server.url, "ambush")
    assert page.inner_text("#status").startswith("Red to move (turn 1 of 30)")
    assert "middle of coaster 1" in label(page, "b2")
    # Each coaster's number is drawn in a badge at its outer corner, by the cell nearest to it.
    numbers = """() => Object.fromEntries([...document.querySelectorAll('svg.board text.amb-coaster-badge')].map((e) => {
        const at = e.getBoundingClientRect();
        const near = [...document.querySelectorAll('svg.board .cell')].map((c) => {
          const r = c.getBoundingClientRect();
          return [Math.hypot(r.x + r.width / 2 - at.x - at.width / 2, r.y + r.height / 2 - at.y - at.height / 2), c.dataset.cell];
        }).sort((a, b) => a[0] - b[0])[0][1];
        return [e.textContent, near];
      }))"""
    assert page.evaluate(numbers) == {"1": "a1", "2": "f1", "3": "a6", "4": "f6"}
    shot(page, "start")
    # Only smalls are at hand on the first turn: a tap places one.
    page.tap('[data-cell="a1"]')
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 1")
    assert "red a small pyramid, strength 1" in label(page, "a1")
    game = game_after(["a1s"])
    # Black turns coaster 1 clockwise, paying a small: the red small goes from a1 to a3.
    tap_move(page, game, "1cw-s")
    assert "red a small pyramid" in label(page, "a3") and "empty" in label(page, "a1")
    assert "it may not turn now" in label(page, "b2")
    assert page.inner_text("#status").startswith("Red to move (turn 3 of 30)")
    for move in ("a3m", "f6s", "b3s", "c3s"):
        tap_move(page, game, move)
    assert "red small, medium (bottom to top), strength 2" in label(page, "a3")  # the medium hides the small
    shot(page, "stacks")


def pending_game():
    """A random game that reaches a choice of the order of captures, cut just before its turn."""
    for seed in range(400):
        whole = random_game("ambush", seed)
        if "mine" in whole.history or "theirs" in whole.history:
            ply = next(i for i, m in enumerate(whole.history) if m in ("mine", "theirs"))
            return whole.history[:ply - 1], whole.history[ply - 1]
    pytest.fail("no random game reached a choice of order")


def test_choose_whose_captures_come_first(phone, server):
    page = phone
    before, turn = pending_game()
    open_game(page, server.url, "ambush", game_query(before))
    game = game_after(before)
    tap_move(page, game, turn)
    assert "Whose captures come first?" in page.inner_text("#status")
    me = ["Red", "Black"][game.to_move]
    assert page.inner_text('[data-choice="mine"]').startswith(f"{me} first")
    assert page.locator(".cell.marked").count() >= 2
    shot(page, "pending")
    tap_move(page, game, "theirs")
    assert "Whose captures" not in page.inner_text("#status")


def test_a_whole_game_ends_with_its_result(phone, server):
    page = phone
    whole = random_game("ambush", 11)
    start = len(whole.history) - 6
    open_game(page, server.url, "ambush", game_query(whole.history[:start]))
    game = game_after(whole.history[:start])
    for move in whole.history[start:]:
        tap_move(page, game, move)
    assert game.is_over
    status = page.inner_text("#status")
    if game.winners:
        assert status.startswith(f"{['Red', 'Black'][game.winners[0]]} wins")
    else:
        assert status.startswith("Draw")
    shot(page, "end")
