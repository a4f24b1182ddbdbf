"""End-to-end: playing against the computer in the built site (seats, thinking, undo, hints)."""
from __future__ import annotations

import json

import pytest

import py_engines
from conftest import DESKTOP, game_query, open_game, shot, tap_move, wait_ready
from py_engines.ai import LEVELS, Search
from py_engines.playout import random_game
from test_browser_manalath_end_to_end import Player, played

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
        if (!thinking.hidden) window.sawThinking.push(thinking.querySelector('.thinking-text').textContent);
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
    assert page.locator('.marks [data-mark="e5"]').count() == 0  # White's own move is no news to White
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
    # A new game keeps them: the new-game dialog starts from them.
    player.tap("#new-game")
    assert page.input_value("#setup-seat-0") == "human" and page.input_value("#setup-seat-1") == "easy"
    player.tap("#setup-start")
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
    assert "Hint: Black places a " in page.inner_text("#hint") and f" piece on {hinted} (" in page.inner_text("#hint")
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
        const text = thinking.querySelector('.thinking-text').textContent;
        document.querySelector('#new-game').click();
        resolve({choices, enabled, text});
      };
      new MutationObserver((_, observer) => {
        if (!thinking.hidden) { observer.disconnect(); act(); }
      }).observe(thinking, {attributes: true});
      document.querySelector('[data-cell="e5"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));
      requestAnimationFrame(() => requestAnimationFrame(() => document.querySelector('[data-choice="w"]').click()));
    })""")
    assert seen == {"choices": 0, "enabled": True, "text": "Black is thinking…"}
    page.click("#setup-start")
    page.wait_for_function(f"{MOVES} === 0")
    page.wait_for_selector("#thinking", state="hidden")
    # The page does not wait for the computer: White, a person, is to move (the computer starts
    # at once, thinking shown, whenever the game waits for it).
    page.wait_for_selector("body[data-ready]:not([data-computer-turn])")
    assert played(page) == []
    assert "White" in page.inner_text("#status")
    assert page.input_value("#seat-1") == "hard"


def test_the_computer_plays_itself_and_stops_when_told(returning, server):
    page = returning(DESKTOP)
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
    page.wait_for_selector("body[data-ready]:not([data-computer-turn])")  # the page waits for White, a person
    assert len(played(page)) == count and page.locator("#thinking").is_hidden()


# -- The expert and "move now" (the same move in Pyodide as in CPython, over every game and
# level: test_pyodide_same_as_cpython.py, in Node's Pyodide) ------------------------------

def thought(page) -> tuple[str, int, int, bool]:
    """The last computer move, the playouts its search ran, its budget, and whether it was stopped."""
    move, counts, *stopped = page.evaluate("document.body.dataset.thought").split()
    iterations, budget = map(int, counts.split("/"))
    return move, iterations, budget, bool(stopped)


def cpython_best(game, level: str, seed: int, iterations: int) -> str:
    """CPython's best move after exactly ``iterations`` playouts of the level's search."""
    search = Search(game, level, seed, iterations=iterations, turn_share=1.0, max_seconds=None)
    search.run()
    return search.answer()["move"]


def test_the_expert_plays_a_few_turns_on_a_phone_and_moves_now_when_told(phone, server):
    page = phone
    player = open_manalath(page, server)
    page.select_option("#seat-1", "expert")
    game = py_engines.new_game("manalath")
    for turn, mine in enumerate(["e5w", "c3w", "g6w"]):
        if mine not in game.legal_moves():
            mine = next(m for m in game.legal_moves() if m.endswith("w"))
        tap_move(page, game, mine)
        page.wait_for_selector("#thinking:not([hidden])")
        # The indicator shows the search's progress, with a button to move now.
        page.wait_for_function("document.querySelector('#thinking .thinking-progress').value > 0.05", timeout=30_000)
        assert "Black is thinking…" in page.inner_text("#thinking")
        assert page.is_visible("#move-now")
        if turn == 2:
            shot(page, "expert-thinking")
            player.tap("#move-now")
        page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {len(game.history) + 1}",
                               timeout=60_000)
        page.wait_for_selector("#thinking", state="hidden")
        move, iterations, budget, stopped = thought(page)
        assert budget == LEVELS["expert"]["iterations"] and 0 < iterations <= budget
        # The move is the one CPython's search holds best after as many playouts: the whole
        # budget, or fewer if the page's safety cap or "move now" ended the search.
        assert move == cpython_best(game, "expert", 0, iterations), (game.history, move, iterations)
        assert stopped == (turn == 2) and (iterations < budget if stopped else True)
        game.play(move)


def test_each_search_of_a_computer_turn_is_told_how_long_the_turn_has_thought(returning, server):
    # A Not Nyout turn is a move per die: the engine holds the whole turn to the level's
    # turn_seconds, so the page tells each search the turn's thinking so far: nothing for
    # the turn's first move, more for each later one, and nothing again at the next turn.
    whole = random_game("not_nyout", 4, 2)
    game = py_engines.new_game("not_nyout", 2, 4)
    for move in whole.history:
        if (game.to_move == py_engines.CHANCE and game.order and game.rolls is None and not game.combat
                and len(game._groups_of(game.current)) >= 2):
            break
        game.play(move)
    assert game.rolls is None and len(game._groups_of(game.current)) >= 2, "no turn of two dice in this game"
    me = game.current
    page = returning(DESKTOP)
    open_game(page, server.url, "not_nyout", game_query(game.history, seed=4))
    page.evaluate("""() => {
      window.toldSpent = [];
      new MutationObserver(() => window.toldSpent.push(Number(document.body.dataset.turnSpent)))
        .observe(document.body, {attributes: true, attributeFilter: ['data-turn-spent']});
    }""")
    page.select_option(f"#seat-{me}", "easy")
    # The computer rolls, then plays one move per die (fights rolled in between).
    other = type(game).seat_names(2)[1 - me]
    page.wait_for_function(f"window.toldSpent.length >= 2 && document.querySelector('#status').textContent"
                           f".startsWith({json.dumps(other)})", timeout=180_000)  # a whole turn, on a loaded machine
    told = page.evaluate("window.toldSpent")
    assert told[0] == 0 and all(later > 0 for later in told[1:]), told
