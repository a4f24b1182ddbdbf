"""End-to-end: playing against the computer in the built site (seats, thinking, undo, hints)."""
from __future__ import annotations

import pytest

from conftest import DESKTOP, Console, open_context, wait_ready
from test_browser import Player, played

pytestmark = pytest.mark.browser

MOVES = "document.querySelectorAll('#moves [data-ply]').length"


def open_manalath(page, server) -> Player:
    player = Player(page, "phone")
    player.open_game(server.url)
    return player


def test_play_against_the_computer_undo_and_reload(phone, server):
    page = phone
    player = open_manalath(page, server)
    assert page.locator("#thinking").is_hidden()
    page.select_option("#seat-1", "easy")
    # Note what #thinking shows, however briefly (an easy move can take a few milliseconds).
    page.evaluate("""() => {
      window.sawThinking = [];
      const thinking = document.querySelector('#thinking');
      new MutationObserver(() => {
        if (!thinking.hidden) window.sawThinking.push(thinking.textContent);
      }).observe(thinking, {attributes: true, childList: true, subtree: true, characterData: true});
    }""")
    player.tap('[data-cell="e5"]')
    player.tap('[data-choice="w"]')
    # The computer answers: the indicator shows while it thinks, then a second move appears.
    page.wait_for_function(f"{MOVES} === 2", timeout=30_000)
    page.wait_for_selector("#thinking", state="hidden")
    assert "Black is thinking…" in page.evaluate("window.sawThinking")
    moves = played(page)
    assert moves[0] == "e5w" and len(moves) == 2
    reply_cell = moves[1][:-1]
    # The reply is marked on the board and told in words, under the board and in the log.
    assert page.locator(f'.marks .newest[data-mark="{reply_cell}"]').count() == 1
    assert page.locator(f'.marks [data-mark="e5"]').count() == 0  # White's own move is no news to White
    told = f"Black places a {'white' if moves[1].endswith('w') else 'black'} piece on {reply_cell}."
    assert page.inner_text("#recent") == told
    assert page.locator("#moves .turn-text").last.inner_text() == told
    # Undo takes back the reply and the move together: White to move on an empty board.
    player.tap("#undo")
    page.wait_for_function("document.querySelector('#moves [aria-current=\"step\"]') === null")
    assert "White" in page.inner_text("#status")
    assert "empty" in page.get_attribute('[data-cell="e5"]', "aria-label")
    # Redo goes forward to White's turn again, past the computer's reply.
    player.tap("#redo")
    page.wait_for_function("document.querySelector('#moves [data-ply=\"2\"]').getAttribute('aria-current') === 'step'")
    assert page.locator("#thinking").is_hidden()
    # The seats are saved with the game.
    page.reload()
    wait_ready(page)
    page.wait_for_selector('[data-cell="e5"]')
    assert page.input_value("#seat-0") == "human" and page.input_value("#seat-1") == "easy"
    # A new game keeps them.
    player.tap("#new-game")
    page.wait_for_function(f"{MOVES} === 0")
    assert page.input_value("#seat-1") == "easy"


def test_a_hint_marks_a_cell(phone, server):
    page = phone
    player = open_manalath(page, server)
    player.play("e5w")
    player.tap("#hint-button")
    page.wait_for_selector("[data-hint]", timeout=30_000)
    hinted = page.get_attribute("[data-hint]", "data-cell")
    # Said in words, and drawn on the board.
    page.wait_for_function("document.querySelector('#hint').textContent.includes('places')")
    assert f"Hint: Black places a " in page.inner_text("#hint") and f" piece on {hinted} (" in page.inner_text("#hint")
    assert page.locator(f'.marks .hint[data-mark="{hinted}"]').count() == 1
    assert "empty" in page.get_attribute(f'[data-cell="{hinted}"]', "aria-label")
    # The hint goes with the next move.
    player.play("a1b")
    assert page.locator("[data-hint]").count() == 0 and page.locator(".marks .hint").count() == 0
    assert "Hint:" not in page.inner_text("#hint")


def test_buttons_stay_usable_while_the_computer_thinks(phone, server):
    page = phone
    open_manalath(page, server)
    page.select_option("#seat-1", "hard")
    # As soon as Black starts thinking (in the page, so no race with its answer): a tap on
    # the board is refused, the buttons are enabled, and New game is clicked.
    seen = page.evaluate("""() => new Promise((resolve) => {
      const thinking = document.querySelector('#thinking');
      const act = () => {
        const a1 = document.querySelector('[data-cell="a1"]');
        a1.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        const choices = document.querySelectorAll('[data-choice]').length;
        const enabled = !document.querySelector('#undo').disabled && !document.querySelector('#new-game').disabled;
        const text = thinking.textContent;
        document.querySelector('#new-game').click();
        resolve({choices, enabled, text});
      };
      new MutationObserver((_, observer) => {
        if (!thinking.hidden) { observer.disconnect(); act(); }
      }).observe(thinking, {attributes: true});
      document.querySelector('[data-cell="e5"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));
      setTimeout(() => document.querySelector('[data-choice="w"]').click(), 0);
    })""")
    assert seen == {"choices": 0, "enabled": True, "text": "Black is thinking…"}
    page.wait_for_function(f"{MOVES} === 0")
    page.wait_for_selector("#thinking", state="hidden")
    page.wait_for_timeout(3_000)  # longer than a hard search
    assert played(page) == []
    assert "White" in page.inner_text("#status")
    assert page.input_value("#seat-1") == "hard"


def test_the_computer_plays_itself_and_stops_when_told(browser, server):
    context = open_context(browser, DESKTOP)
    page = context.new_page()
    console = Console(page)
    player = Player(page, "desktop")
    player.open_game(server.url)
    page.select_option("#seat-0", "easy")
    page.select_option("#seat-1", "easy")
    page.wait_for_function(f"{MOVES} >= 4", timeout=30_000)
    # Make White human: the computer stops on White's turn, and the board takes White's move.
    page.select_option("#seat-0", "human")
    page.wait_for_function("document.querySelector('#status').textContent.includes('White to move')", timeout=10_000)
    page.wait_for_selector("#thinking", state="hidden")
    count = len(played(page))
    page.wait_for_timeout(800)
    assert len(played(page)) == count
    context.close()
    assert console.problems == []
