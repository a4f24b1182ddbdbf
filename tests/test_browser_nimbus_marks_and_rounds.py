"""Nimbus as a new player met it (issue 27), on a phone: what the board marks of the
last turn, the flat pyramids' directions, a collect previewed before it is taken, a
round's end that waits to be seen, the default length of a game, a quicker setup, and
ten players' cards above the board."""
from __future__ import annotations

import math

import pytest

import py_engines
from conftest import game_query, open_game, tap_move, wait_ready
from py_engines.playout import random_game

pytestmark = pytest.mark.browser

TEN = random_game("nimbus", 7, 10, random_setup=True, goal="rounds1")


def test_only_the_last_turn_is_marked(phone, server):
    # Ten players, thirty moves in: nine turns of others before Player 5's, with paths and collects.
    page = phone
    open_game(page, server.url, "nimbus", game_query(TEN.history[:30], players=10, random_setup=True, goal="rounds1"))
    marks = page.locator(".marks .mark")
    assert marks.count() > 0
    assert page.locator(".marks .mark.older").count() == 0
    assert page.locator(".marks .mark-path").count() <= 1
    # What the earlier turns did is still told in words under the board.
    assert page.locator("#recent .recent-turn").count() >= 5


def a_collect_from_a_stack() -> list[str]:
    """A record whose last move is a collect that emptied one square and left a stack on another."""
    for seed in range(20):
        whole = random_game("nimbus", seed, 2, random_setup=True, goal="rounds1")
        game = py_engines.new_game("nimbus", 2, whole.seed, **whole.options)
        for ply, move in enumerate(whole.history, 1):
            game.play(move)
            if ":" in move and not game.is_over:
                squares = game.view()["squares"]
                taken = [t["cell"] for t in game.events[0]["taken"]]
                if any(c in squares for c in taken) and any(c not in squares for c in taken):
                    return whole.history[:ply]
    raise AssertionError("no such collect in 20 games")


def test_what_a_collect_took_is_never_drawn_over_a_pyramid(phone, server):
    moves = a_collect_from_a_stack()
    game = py_engines.new_game("nimbus", 2, 0, random_setup=True, goal="rounds1")
    for move in moves:
        game.play(move)
    squares = game.view()["squares"]
    taken = [t["cell"] for t in game.events[0]["taken"]]
    page = phone
    open_game(page, server.url, "nimbus", game_query(moves, random_setup=True, goal="rounds1"))
    for cell in taken:
        ghost = page.locator(f'.marks .mark-ghost[data-mark="{cell}"]')
        ring = page.locator(f'.marks .mark-ring[data-mark="{cell}"]')
        if cell in squares:  # a stack goes on there: ringed, and no picture over its top
            assert ghost.count() == 0 and ring.count() == 1
        else:  # emptied: an outline of what was there, not filled like a pyramid on the board
            assert ghost.count() == 1
            fills = ghost.locator("rect, polygon").evaluate_all("els => els.map(e => getComputedStyle(e).fill)")
            assert fills and all(fill == "none" for fill in fills)


# A flat pyramid's corners on screen, and the middle of its square, for each flat pyramid shown.
FLAT_SHAPES = """() => [...document.querySelectorAll('.decos .deco')].flatMap((deco) => {
  const shape = deco.querySelector('polygon.nim-pyr');
  if (!shape) return [];
  const on = (el, x, y) => { const p = new DOMPoint(x, y).matrixTransform(el.getScreenCTM()); return [p.x, p.y]; };
  return [{cell: deco.dataset.deco, middle: on(deco, 0, 0),
           corners: [...shape.points].map((p) => on(shape, p.x, p.y))}];
})"""
ANGLE = {"n": 90, "ne": 45, "e": 0, "se": -45, "s": -90, "sw": -135, "w": 180, "nw": 135}


def test_each_flat_pyramid_points_one_plain_way(phone, server):
    # A deal with flat pyramids pointing every one of the eight ways.
    game = py_engines.new_game("nimbus", 2, 0, random_setup=True, goal="rounds1")
    deal = next(f"deal{n}" for n in range(1000) if len({sq["orient"] for sq in dealt(game, n).values()} - {"u"}) == 8)
    squares = dealt(game, int(deal[4:]))
    page = phone
    open_game(page, server.url, "nimbus", game_query([deal], random_setup=True, goal="rounds1"))
    shapes = page.evaluate(FLAT_SHAPES)
    assert {s["cell"] for s in shapes} == {c for c, sq in squares.items() if sq["orient"] != "u"}
    for s in shapes:
        mx, my = s["middle"]
        far = sorted((math.hypot(x - mx, y - my), x, y) for x, y in s["corners"])
        tip, runner_up = far[-1], far[-2]
        # One corner, the tip, reaches clearly further than any other, toward the way it points.
        assert tip[0] > 1.25 * runner_up[0], s["cell"]
        pointing = math.degrees(math.atan2(my - tip[2], tip[1] - mx))  # screen y grows downward
        want = ANGLE[squares[s["cell"]]["orient"]]
        assert abs((pointing - want + 180) % 360 - 180) < 2, s["cell"]
        assert tip[0] >= 9  # CSS pixels from the middle of its square, even for a small one


def dealt(game, number: int) -> dict:
    after = game.clone()
    after.play(f"deal{number}")
    return after.view()["squares"]


def test_a_finger_sees_what_a_collect_takes_before_it_takes_it(phone, server):
    whole = random_game("nimbus", 3, 2, random_setup=True, goal="rounds1")
    page = phone
    open_game(page, server.url, "nimbus", game_query(whole.history[:1], random_setup=True, goal="rounds1"))
    game = py_engines.new_game("nimbus", 2, 0, random_setup=True, goal="rounds1")
    game.play(whole.history[0])
    collect = next(m for m in game.legal_moves() if ":" in m and len(game.move_entries(m)) >= 2)
    taken = sorted(steps[0]["cell"] for steps in game.move_entries(collect))
    page.tap(f'[data-cell="{taken[0]}"][data-live]')
    button = page.locator(f'[data-choice="{collect}"]')
    button.tap()
    # The first tap takes nothing: the button is pressed, what it would take is ringed, the line says so.
    assert page.locator("#moves [data-ply]").count() == 1
    assert button.get_attribute("aria-pressed") == "true"
    ringed = page.locator(".marks .preview")
    assert sorted(ringed.nth(i).get_attribute("data-mark") for i in range(ringed.count())) == taken
    assert "again" in page.inner_text("#hint")
    # Another collect from the same pyramid is shown instead; then back to this one, and a second tap takes it.
    others = page.locator("#choices [data-choice*=':']").evaluate_all("bs => bs.map(b => b.dataset.choice)")
    other = [t for t in others if t != collect]
    assert other  # a pyramid may always be collected by its colour, its size or its orientation
    page.tap(f'[data-choice="{other[0]}"]')
    assert button.get_attribute("aria-pressed") is None
    assert page.locator("#moves [data-ply]").count() == 1
    button.tap()
    button.tap()
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")
    game.play(collect)
    assert all(game.view()["squares"].get(c) or "empty" in page.get_attribute(f'[data-cell="{c}"]', "aria-label")
               for c in taken)


def test_a_mouse_takes_a_collect_in_one_click(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    whole = random_game("nimbus", 3, 2, random_setup=True, goal="rounds1")
    open_game(page, server.url, "nimbus", game_query(whole.history[:1], random_setup=True, goal="rounds1"))
    game = py_engines.new_game("nimbus", 2, 0, random_setup=True, goal="rounds1")
    game.play(whole.history[0])
    collect = next(m for m in game.legal_moves() if ":" in m)
    page.click(f'[data-cell="{game.move_steps(collect)[0]["cell"]}"][data-live]')
    page.click(f'[data-choice="{collect}"]')
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")
    context.close()


def a_round_player_1_ends() -> list[str]:
    """The moves of a game up to Player 1's last collect of round 1 (that collect last)."""
    for seed in range(40):
        whole = random_game("nimbus", seed, 2, goal="rounds3")
        game = py_engines.new_game("nimbus", 2, whole.seed, **whole.options)
        for ply, move in enumerate(whole.history, 1):
            player = game.to_move
            game.play(move)
            if game.rounds:
                if player == 0:
                    return whole.history[:ply]
                break
    raise AssertionError("no such round in 40 games")


def test_a_rounds_end_is_seen_before_the_computer_goes_on(phone, server):
    moves = a_round_player_1_ends()
    game = py_engines.new_game("nimbus", 2, 0, goal="rounds3")
    for move in moves[:-1]:
        game.play(move)
    page = phone
    open_game(page, server.url, "nimbus", game_query(moves[:-1], goal="rounds3"))
    page.select_option("#seat-1", "easy")
    tap_move(page, game, moves[-1])  # Player 1 takes the last pyramid; Player 2, the computer, sets up round 2 first
    result = game.rounds[0]
    # The round's result is in view, and the computer waits for the player to go on.
    banner = page.locator("#banner")
    assert banner.is_visible() and "Round 1 is over." in banner.inner_text()
    assert f"+{result['points'][result['winners'][0]]} point" in banner.inner_text()
    assert page.locator("#thinking").is_visible() and "Round 1 is over." in page.inner_text("#thinking")
    go_on = page.locator("#move-now")
    assert go_on.inner_text() == "Start round 2"
    box = go_on.bounding_box()  # under the board, in view with it
    assert box["y"] + box["height"] <= page.viewport_size["height"]
    # The computer's turn waits for the player to go on (the pause is the computer's state, shown above).
    assert page.locator("#moves [data-ply]").count() == len(moves)
    go_on.tap()
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length > {len(moves)}")
    assert page.locator("#banner").is_hidden()


def test_a_new_game_lasts_five_rounds(phone, server):
    page = phone
    page.goto(server.url + "#/nimbus")
    wait_ready(page)
    assert "Game: 5 rounds;" in page.inner_text("#game-panel")
    page.tap("#new-game")
    assert page.locator("#setup-goal option:checked").inner_text() == "After 5 rounds"


def test_setting_up_by_hand_is_two_taps_a_pyramid(phone, server):
    page = phone
    open_game(page, server.url, "nimbus", game_query([]))

    def tap(*targets: str) -> None:
        count = page.locator("#moves [data-ply]").count()
        for target in targets:
            page.tap(target)
        page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {count + 1}")

    tap('[data-choice="k3"]')
    assert "stand the black large pyramid there upright" in page.inner_text("#hint")
    tap('[data-cell="d4"]')  # upright at first: one tap on the square
    tap('[data-choice="r1"]')
    tap('[data-choice="ne"]', '[data-cell="e5"]')  # another way is chosen first
    tap('[data-choice="y2"]')
    assert "upright" in page.inner_text("#hint")  # Player 1's own way
    tap('[data-cell="c3"]')
    tap('[data-choice="g1"]')
    assert "pointing north-east, as your last one" in page.inner_text("#hint")
    tap('[data-cell="f6"]')
    assert page.evaluate("() => [...document.querySelectorAll('#moves [data-ply]')].map((b) => b.textContent)") == [
        "k3", "d4=u", "r1", "e5=ne", "y2", "c3=u", "g1", "f6=ne"]
    assert "flat pointing north-east" in page.get_attribute('[data-cell="f6"]', "aria-label")


def test_ten_players_cards_leave_the_board_and_its_line_in_view(phone, server):
    page = phone
    open_game(page, server.url, "nimbus", game_query(TEN.history[:30], players=10, random_setup=True, goal="rounds1"))
    height = page.viewport_size["height"]
    assert page.locator("ul.players .player").count() == 10
    board = page.locator("svg.board").bounding_box()
    hint = page.locator("#hint").bounding_box()
    assert board["y"] + board["height"] <= height and hint["y"] + hint["height"] <= height
    assert page.locator("ul.players").bounding_box()["height"] < 0.22 * height


def a_round_to_take() -> tuple[list[str], int, dict]:
    """A random two-player game of five rounds: the first position where Player 1, to move at a
    turn's start, can take every pyramid left this turn (the coach's ``round`` note)."""
    for seed in range(30):
        whole = random_game("nimbus", seed, 2, random_setup=True)
        game = py_engines.new_game("nimbus", 2, whole.seed, **whole.options)
        for ply, move in enumerate(whole.history):
            if game.to_move == 0 and not game.setup and not game.moved and not game.collected:
                notes = [note for note in game.coach() if note["kind"] == "round"]
                if notes:
                    return whole.history[:ply], whole.seed, notes[0]
            game.play(move)
    raise AssertionError("no round to take in 30 games")


def test_the_coach_says_when_a_round_can_be_taken(phone, server):
    page = phone
    moves, seed, note = a_round_to_take()
    open_game(page, server.url, "nimbus", game_query(moves, seed=seed, random_setup=True))
    page.select_option("#seat-1", "easy")   # Player 2 the computer's: Player 1, a person, is coached
    page.wait_for_function("(t) => document.querySelector('#coach .coach-text').textContent.includes(t)",
                           arg=note["text"])
    assert page.locator(".mark-ring.coach-win").count() >= 1
