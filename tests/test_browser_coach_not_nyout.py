"""Not Nyout's coach and refusals in the page, on a phone against the computer: before a
fight can be started the coach says its odds in words and rings the enemy's station, and
a tap the rules refuse says why, in the engine's words."""
from __future__ import annotations

import pytest

import py_engines
from conftest import game_query, open_game, shot
from py_engines import CHANCE
from py_engines.rng import Rng
from test_refusal_not_nyout import refused_taps

pytestmark = pytest.mark.browser
SEED = 1


def a_fight_for_red():
    """Seed 1, random moves: the first position past move 12 where Red, to move, can start a
    fight, and a tap there the rules refuse because an enemy on the way takes an extra step."""
    game = py_engines.new_game("not_nyout", 2, SEED)
    rng = Rng(SEED)
    while not game.is_over:
        if game.to_move == CHANCE:
            game.roll()
            continue
        fights = [note for note in game.coach() if note["kind"] == "fight"]
        if game.to_move == 0 and fights and len(game.history) > 12:
            passing = [steps for steps in refused_taps(game) if len(steps) == 2 and "extra step" in game.refusal(steps)]
            if passing:
                return game, fights, passing[0]
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    raise AssertionError("no position with a fight to start and an enemy in the way")


def coach_text(page) -> str:
    return page.inner_text("#coach .coach-text")


def test_the_coach_says_a_fights_odds_and_a_refused_tap_says_why(phone, server):
    page = phone
    game, fights, steps = a_fight_for_red()
    open_game(page, server.url, "not_nyout", game_query(game.history, seed=SEED))
    assert page.locator("#coach").is_hidden()   # pass and play, coach not switched on: nothing said
    # Blue is the computer's: Red, a person, is coached before moving.
    page.select_option("#seat-1", "hard")
    page.wait_for_function("() => document.querySelector('#coach .coach-text').textContent.includes('you win')")
    said = [note["text"] for note in fights if "text" in note]
    assert said and all(text in coach_text(page) for text in said)
    for note in fights:
        assert page.locator(f'.mark-ring.coach-warn[data-mark="{note["cells"][0]}"]').count() == 1
    # And what Blue can attack next turn: Red's stations in reach, said and ringed.
    dangers = [note for note in game.coach() if note["kind"] == "danger"]
    assert dangers and all(note["text"] in coach_text(page) for note in dangers if "text" in note)
    for note in dangers:
        assert page.locator(f'.mark-ring.coach-warn[data-mark="{note["cells"][0]}"]').count() == 1
    shot(page, "coach-odds")
    # In view with the board, upright and held sideways: its words cut short end in "more".
    for size in ({"width": 360, "height": 740}, {"width": 740, "height": 360}):
        page.set_viewport_size(size)
        page.wait_for_function("document.querySelector('#coach .coach-text').dataset.clipped === 'true'")
        box = page.locator("#coach").bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= size["height"], (size, box)
    page.set_viewport_size({"width": 360, "height": 740})
    # A tap the rules refuse: the group, then a station an enemy on the way keeps it from.
    page.tap(f'[data-cell="{steps[0]["cell"]}"][data-live]')
    page.tap(f'[data-cell="{steps[1]["cell"]}"]')
    reason = game.refusal(steps)
    page.wait_for_function("(reason) => document.querySelector('#hint').textContent.startsWith(reason)", arg=reason)
    assert "passing" in reason and "takes an extra step" in reason
    assert page.locator("#moves [data-ply]").count() == len(game.history)   # nothing played
    # The coach still speaks (the position is the same).
    assert all(text in coach_text(page) for text in said)
    shot(page, "refused")
    # The group stays chosen after the refusal: let go of it first.
    page.tap("#cancel-move")
    # The fight the coach spoke of can be started: the page plays it and rolls its first round.
    move = fights[0]["moves"][0]
    count = len(game.history)
    for step in game.move_steps(move):
        if "cell" in step:
            page.tap(f'[data-cell="{step["cell"]}"][data-live]')
        else:
            page.tap(f'[data-choice="{step["choice"]}"]')
    page.wait_for_function(f"() => document.querySelectorAll('#moves [data-ply]').length > {count + 1}")
    assert page.inner_text(f'#moves [data-ply="{count + 1}"]') == move
    assert page.inner_text(f'#moves [data-ply="{count + 2}"]').startswith("f")   # a fight's round
