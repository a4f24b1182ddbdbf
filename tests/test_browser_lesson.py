"""A whole lesson on a phone (modes/lesson.js): from the home page, each step's
task done by taps, a wrong move said and tried again, the progress kept, and the
last step leading to a first game against the computer."""
from __future__ import annotations

import pytest

from conftest import wait_ready
from py_engines.learn import LESSONS

pytestmark = pytest.mark.browser

# A move that does each step's task, and for some a move that does not.
RIGHT = {"place": "e5w", "either-colour": "d4w", "quint": "d6w", "quart": "e9w", "no-gift": "a1b"}
WRONG = {"either-colour": "a1w", "quint": "a1w", "no-gift": "c6w"}


def enter(page, move: str) -> None:
    page.tap(f'[data-cell="{move[:-1]}"]')
    page.tap(f'[data-choice="{move[-1]}"]')
    page.wait_for_selector("#lesson-outcome")


def test_the_manalath_lesson_from_first_move_to_first_game(phone, server):
    steps = LESSONS["manalath"]
    assert set(RIGHT) == {step.key for step in steps}
    phone.goto(server.url)
    wait_ready(phone)
    phone.tap('[data-learn="manalath"]')
    for number, step in enumerate(steps, 1):
        phone.wait_for_function(f"document.querySelector('.lesson-head')?.textContent.startsWith('Lesson {number} of')")
        assert phone.inner_text("#lesson-task") == step.task
        if step.key in WRONG:
            phone.tap("#lesson-hint-button")
            assert phone.inner_text("#lesson-hint") == step.hint
            enter(phone, WRONG[step.key])
            assert phone.inner_text("#lesson-outcome").startswith("Not this time")
            phone.tap("#lesson-retry")
            phone.wait_for_selector("#lesson-outcome", state="detached")
        enter(phone, RIGHT[step.key])
        assert phone.inner_text("#lesson-outcome").startswith("✓") and step.done in phone.inner_text("#lesson-outcome")
        if number < len(steps):
            phone.tap("#lesson-next")
    # Every step is marked done, and stays so.
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.reload()
    wait_ready(phone)
    phone.wait_for_selector(".lesson-step")
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.tap(".lesson-step >> nth=4")
    enter(phone, RIGHT["no-gift"])
    # The first game: a new Manalath against the computer, the player moving first; nothing of the lesson saved.
    phone.tap("#lesson-first-game")
    phone.wait_for_function("location.hash === '#/manalath' && !document.querySelector('#lesson:not([hidden])')")
    phone.wait_for_function("document.querySelector('#seat-1')?.value === 'easy'")
    assert phone.input_value("#seat-0") == "human"
    assert phone.locator("#moves [data-ply]").count() == 0
    saved = phone.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boardgames.save.')).length")
    assert saved == 1  # the first game (a computer seat chosen), not the lesson's positions
