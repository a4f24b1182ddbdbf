"""Nymbat's whole lesson on a phone (modes/lesson.js): each step's task done by
taps (a move entered by its steps, cells then choices), a wrong move said and
tried again, the progress kept after a reload, and the last step leading to a
first game against the computer."""
from __future__ import annotations

import pytest

import py_engines
from conftest import wait_ready
from py_engines.learn import LESSONS

pytestmark = pytest.mark.browser

# A move that does each step's task, and one that does not.
RIGHT = {"setup": "b4=3", "speed": "c5-e6", "attack": "i7-m5", "home-row": "i7-o4", "costs": "f7-i7"}
WRONG = {"speed": "c5-d5", "attack": "k7-m5", "home-row": "i7-m7", "costs": "f7-e7"}


def enter(page, step, move: str) -> None:
    game = py_engines.load(step.record("nymbat"))
    for part in game.move_steps(move):
        if "cell" in part:
            page.tap(f'[data-cell="{part["cell"]}"]')
        else:
            page.tap(f'[data-choice="{part["choice"]}"]')
    page.wait_for_selector("#lesson-outcome")


def test_the_nymbat_lesson_from_first_move_to_first_game(phone, server):
    steps = LESSONS["nymbat"]
    assert set(RIGHT) == {step.key for step in steps}
    phone.goto(server.url)
    wait_ready(phone)
    phone.tap('[data-learn="nymbat"]')
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
    # Every step is marked done, and stays so after a reload.
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.reload()
    wait_ready(phone)
    phone.wait_for_selector(".lesson-step")
    assert phone.locator(".lesson-step.done").count() == len(steps)
    phone.tap(f".lesson-step >> nth={len(steps) - 1}")
    phone.wait_for_function(f"document.querySelector('.lesson-head')?.textContent.startsWith('Lesson {len(steps)} of')")
    enter(phone, steps[-1], RIGHT[steps[-1].key])
    # The first game: a new Nymbat against the computer, the player moving first; nothing of the lesson saved.
    phone.tap("#lesson-first-game")
    phone.wait_for_function("location.hash === '#/nymbat' && !document.querySelector('#lesson:not([hidden])')")
    phone.wait_for_function("document.querySelector('#seat-1')?.value === 'easy'")
    assert phone.input_value("#seat-0") == "human"
    assert phone.locator("#moves [data-ply]").count() == 0
    saved = phone.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boardgames.save.')).length")
    assert saved == 1
