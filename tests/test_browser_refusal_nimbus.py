"""Nimbus's refusals in the page, on a phone (issue 29): a tap the rules refuse says the
rule under the board in the engine's words, and changes nothing. And the coach's words
when the last pyramids can be collected."""
from __future__ import annotations

from urllib.parse import quote

import pytest

import py_engines
from conftest import open_game
from py_engines import CHANCE
from py_engines.rng import Rng

pytestmark = pytest.mark.browser

HINT = "document.querySelector('#hint').textContent"


def says(page, words: str) -> None:
    page.wait_for_function(f"{HINT}.startsWith({words!r})")
    box = page.locator("#hint").bounding_box()
    board = page.locator('[data-cell="a1"]').bounding_box()
    assert box["y"] > board["y"], "the reason is said under the board"


def test_a_refused_tap_in_play_names_the_rule(phone, server):
    # Deal 5: d1 holds a flat pyramid pointing north (d2 to d4 empty), c3 and d4 are empty.
    open_game(phone, server.url, "nimbus", "?moves=deal5&random_setup=true&goal=rounds1")
    phone.tap('[data-cell="d4"]')
    says(phone, "d4 is empty: there is no pyramid there to move.")
    phone.tap('[data-cell="d1"][data-live]')
    phone.wait_for_function(f"!{HINT}.startsWith('d4 is empty')")  # a move begun clears it
    phone.tap('[data-cell="c3"]')
    says(phone, "A flat pyramid slides only the way it points, and the one on d1 points north.")
    assert phone.locator("#moves [data-ply]").count() == 1  # the deal only: nothing was played
    phone.tap('[data-cell="d3"][data-live]')  # d1 still chosen: the slide it may make
    phone.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")
    phone.wait_for_function(f"!{HINT}.includes('slides only')")


def test_a_refused_tap_whose_line_is_off_the_screen_floats_its_reason(screen, server):
    """A short phone: the line under the board is below the screen, so the reason floats at the
    screen's foot as well (a newcomer saw nothing happen and never scrolled down to it)."""
    page = screen(360, 560, mobile=True)
    open_game(page, server.url, "nimbus", "?moves=deal5&random_setup=true&goal=rounds1")
    page.tap('[data-cell="d4"]')
    page.wait_for_function(f"{HINT}.startsWith('d4 is empty')")
    assert page.evaluate("document.querySelector('#hint').getBoundingClientRect().top > innerHeight")
    message = page.locator("#message")
    message.wait_for()
    assert message.inner_text().startswith("d4 is empty: there is no pyramid there to move.")
    # The next tap lets the reason go: it floats no longer over the board.
    page.tap('[data-cell="d1"][data-live]')
    message.wait_for(state="hidden")


def test_a_refused_tap_in_the_setup_names_the_rule(phone, server):
    moves = ".".join(quote(m, safe="") for m in ("r1", "d4=ne", "r2"))
    open_game(phone, server.url, "nimbus", f"?moves={moves}")
    phone.tap('[data-cell="d4"]')
    says(phone, "d4 holds a flat pyramid, and nothing goes on a flat pyramid.")
    assert phone.locator("#moves [data-ply]").count() == 3


def game_with_the_last_pyramids_to_take():
    """A one-round game of seeded random moves, stopped where the player to move can collect
    the last pyramids on the board and win."""
    for seed in range(1, 50):
        game = py_engines.new_game("nimbus", 2, seed, random_setup=True, sets=2, goal="rounds1")
        rng = Rng(seed)
        while not game.is_over:
            if game.to_move == CHANCE:
                game.roll()
            elif any(note["kind"] == "win" for note in game.coach()):
                return game
            else:
                game.play(game.random_move(rng))
    raise AssertionError("no such game")


def test_the_coach_says_in_words_that_the_last_pyramids_win(phone, server):
    game = game_with_the_last_pyramids_to_take()
    (words,) = [note["text"] for note in game.coach() if note["kind"] == "win"]
    assert words.startswith("Collecting the last") and words.endswith(f"Player {game.to_move + 1} wins it.")
    moves = ".".join(quote(m, safe="") for m in game.history)
    open_game(phone, server.url, "nimbus", f"?moves={moves}&seed={game.seed}&random_setup=true&sets=2&goal=rounds1")
    phone.select_option(f"#seat-{1 - game.to_move}", "hard")  # the other is the computer's: the coach speaks
    phone.wait_for_function(f"document.querySelector('#coach .coach-text').textContent.includes({words!r})")
