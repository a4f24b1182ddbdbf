"""Nimbus's whole lesson on a phone (modes/lesson.js): from the home page, each
step's task done by taps (a pyramid from the pile, move actions, collects), a
wrong move said and tried again, the progress kept, and the last step leading to
a first game against the computer."""
from __future__ import annotations

import pytest

import py_engines
from conftest import wait_ready
from py_engines.learn import LESSONS

pytestmark = pytest.mark.browser

# A move that does each step's task, and for all but the first a move that does not.
RIGHT = {"setup": "r3", "stand-up": "d5=u", "turn": "b3=n", "move": "d4-c5", "collect": "3:b2-f6",
         "last": "u:c4-g4"}
WRONG = {"stand-up": "d5=n", "turn": "b3=u", "move": "e4=n", "collect": "u:b2-f6", "last": "r:c4-e4"}


def enter(page, step, move: str) -> None:
    """Enter ``move`` at the step's position by its steps (taps on cells, then choices)."""
    for part in py_engines.load(step.record("nimbus")).move_steps(move):
        if "cell" in part:
            page.tap(f'[data-cell="{part["cell"]}"]')
        else:
            page.tap(f'[data-choice="{part["choice"]}"]')
    page.wait_for_selector("#lesson-outcome")


def test_the_nimbus_lesson_from_first_move_to_first_game(phone, server):
    steps = LESSONS["nimbus"]
    assert set(RIGHT) == {step.key for step in steps}
    phone.goto(server.url)
    wait_ready(phone)
    phone.tap('[data-learn="nimbus"]')
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
        assert phone.inner_text("#lesson-outcome").startswith("✓") and step.done in phone.inner_text("#lesson-outcome")
        if number < len(steps):
            phone.tap("#lesson-next")
    # Every step is marked done, and stays so.
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.reload()
    wait_ready(phone)
    phone.wait_for_selector(".lesson-step")
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.tap(f".lesson-step >> nth={len(steps) - 1}")
    phone.wait_for_function(f"document.querySelector('.lesson-head')?.textContent.startsWith('Lesson {len(steps)} of')")
    enter(phone, steps[-1], RIGHT["last"])
    # The first game: a new Nimbus against the computer, the player moving first; nothing of the lesson saved.
    phone.tap("#lesson-first-game")
    phone.wait_for_function("location.hash === '#/nimbus' && !document.querySelector('#lesson:not([hidden])')")
    phone.wait_for_function("document.querySelector('#seat-1')?.value === 'easy'")
    assert phone.input_value("#seat-0") == "human"
    assert phone.locator("#moves [data-ply]").count() == 0
    saved = phone.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boardgames.save.')).length")
    assert saved == 1  # the first game (a computer seat chosen), not the lesson's positions
