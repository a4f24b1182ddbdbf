"""Not Nyout's lesson on a phone (modes/lesson.js): from the home page, each step's task
done by taps (the engine's own steps for each move), a wrong move said and tried again,
the progress kept after a reload, and the last step leading to a first game against the
computer."""
from __future__ import annotations

import pytest

import py_engines
from conftest import wait_ready
from py_engines.learn import LESSONS

pytestmark = pytest.mark.browser

GAME = "not_nyout"
# A move that does each step's task, and for the others a move that does not.
RIGHT = {"summon": "+3", "move": "S3>E/2", "short-way": "E>n2/4", "join": "S2>S4/2&", "fight": "2E>e2/2"}
WRONG = {"move": "+2", "short-way": "E>E4/4", "join": "S2>S4/2", "fight": "1E>e2/2"}


def enter(page, step, move: str) -> None:
    """Tap ``move`` by its steps at the step's position, and wait for the lesson's verdict."""
    start = py_engines.load(step.record(GAME))
    for part in start.move_steps(move):
        if "cell" in part:
            page.tap(f'[data-cell="{part["cell"]}"]')
        else:
            page.tap(f'[data-choice="{part["choice"]}"]')
    page.wait_for_selector("#lesson-outcome")


def test_the_not_nyout_lesson_from_first_move_to_first_game(phone, server):
    steps = LESSONS[GAME]
    assert set(RIGHT) == {step.key for step in steps}
    phone.goto(server.url)
    wait_ready(phone)
    phone.tap(f'[data-learn="{GAME}"]')
    for number, step in enumerate(steps, 1):
        phone.wait_for_function(f"document.querySelector('.lesson-head')?.textContent.startsWith('Lesson {number} of')")
        assert phone.inner_text("#lesson-task") == step.task
        if step.key in WRONG:
            phone.tap("#lesson-hint-button")
            assert phone.inner_text("#lesson-hint") == step.hint
            enter(phone, step, WRONG[step.key])
            assert phone.inner_text("#lesson-outcome").startswith("Not this time")
            phone.tap("#lesson-retry")
            phone.wait_for_selector("#lesson-outcome", state="detached")
        enter(phone, step, RIGHT[step.key])
        outcome = phone.inner_text("#lesson-outcome")
        assert outcome.startswith("✓") and step.done in outcome
        if number < len(steps):
            phone.tap("#lesson-next")
    # Every step is marked done, and stays so.
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.reload()
    wait_ready(phone)
    phone.wait_for_selector(".lesson-step")
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.tap(f".lesson-step >> nth={len(steps) - 1}")
    enter(phone, steps[-1], RIGHT[steps[-1].key])
    # The first game: a new Not Nyout against the computer, the player moving first; nothing of the lesson saved.
    phone.tap("#lesson-first-game")
    phone.wait_for_function(f"location.hash === '#/{GAME}' && !document.querySelector('#lesson:not([hidden])')")
    phone.wait_for_function("document.querySelector('#seat-1')?.value === 'easy'")
    assert phone.input_value("#seat-0") == "human"
    saved = phone.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boardgames.save.')).length")
    assert saved == 1  # the first game (a computer seat chosen), not the lesson's positions
