"""Ambush's whole lesson on a phone (modes/lesson.js): from the home page, each
step's task done by taps (placements: cell then size; turns: direction, size,
then the coaster's centre), a wrong move said and tried again, the progress kept
after a reload, and the last step leading to a first game against the computer."""
from __future__ import annotations

import pytest

import py_engines
from conftest import wait_ready
from py_engines.learn import LESSONS

pytestmark = pytest.mark.browser

# A move that does each step's task, and a legal one that does not.
RIGHT = {"place": "c4s", "stack": "c3m", "strength": "c3l", "sandwich": "b3m", "turn": "4ccw-s",
         "closed": "2cw-s"}
WRONG = {"place": "1cw-s", "stack": "c2m", "strength": "c3m", "sandwich": "b3s", "turn": "4cw-s",
         "closed": "2ccw-s"}


def enter(page, step, move: str) -> None:
    """Tap ``move``'s steps at ``step``'s position, and wait for the outcome."""
    for part in py_engines.load(step.record("ambush")).move_steps(move):
        if "cell" in part:
            page.tap(f'[data-cell="{part["cell"]}"]')
        else:
            page.tap(f'[data-choice="{part["choice"]}"]')
    page.wait_for_selector("#lesson-outcome")


def test_the_ambush_lesson_from_first_move_to_first_game(phone, server):
    steps = LESSONS["ambush"]
    assert set(RIGHT) == set(WRONG) == {step.key for step in steps}
    phone.goto(server.url)
    wait_ready(phone)
    phone.tap('[data-learn="ambush"]')
    for number, step in enumerate(steps, 1):
        phone.wait_for_function(f"document.querySelector('.lesson-head')?.textContent.startsWith('Lesson {number} of')")
        assert phone.inner_text("#lesson-task") == step.task
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
    # Every step is marked done, and stays so after a reload.
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.reload()
    wait_ready(phone)
    phone.wait_for_selector(".lesson-step")
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.tap(f".lesson-step >> nth={len(steps) - 1}")
    phone.wait_for_function(f"document.querySelector('.lesson-head')?.textContent.startsWith('Lesson {len(steps)} of')")
    enter(phone, steps[-1], RIGHT[steps[-1].key])
    # The first game: a new Ambush against the computer, the player moving first; nothing of the lesson saved.
    phone.tap("#lesson-first-game")
    phone.wait_for_function("location.hash === '#/ambush' && !document.querySelector('#lesson:not([hidden])')")
    phone.wait_for_function("document.querySelector('#seat-1')?.value === 'easy'")
    assert phone.input_value("#seat-0") == "human"
    assert phone.locator("#moves [data-ply]").count() == 0
    saved = phone.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boardgames.save.')).length")
    assert saved == 1
