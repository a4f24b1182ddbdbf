"""The teaching pages on a phone (issue 29): in a lesson held upright, the task,
the whole board and the buttons of the move are in view at once; held sideways,
the rules' examples take the screen's height."""
from __future__ import annotations

import pytest

from conftest import tap_choice, wait_ready
from py_engines.learn import LESSONS

pytestmark = pytest.mark.browser

GAMES = ["manalath", "ambush", "nymbat", "not_nyout", "nimbus"]
LESSON_TASKS = {game: LESSONS[game][0].task for game in GAMES}  # each first step's task, as the page says it

IN_VIEW = """(selector) => [...document.querySelectorAll(selector)].every((el) => {
  const r = el.getBoundingClientRect();
  return r.top >= -1 && r.bottom <= innerHeight + 1;
})"""


@pytest.mark.parametrize("size", [(360, 740), (740, 360)], ids=["upright", "sideways"])
def test_a_lessons_task_board_and_buttons_are_in_view_at_once_on_a_phone(screen, server, size):
    phone = screen(*size, mobile=True)
    for game in GAMES:  # one page, each game's lesson opened from the last, as a player's link does
        phone.goto(server.url + f"#/{game}?learn=1")
        wait_ready(phone)
        phone.wait_for_function("(task) => document.querySelector('#lesson-task')?.textContent === task",
                                arg=LESSON_TASKS[game])
        # The first row of buttons at least (Nimbus's pile has twelve).
        for selector in ("#lesson-task", "svg.board", "#hint", "#choices .choice-buttons button:first-child"):
            assert phone.evaluate(IN_VIEW, selector), f"{game}: {selector}"
        # The hint lengthens the panel; the button it names is brought back into view.
        phone.tap("#lesson-hint-button")
        phone.wait_for_selector("#lesson-hint")
        phone.wait_for_function(f"() => ({IN_VIEW})('#choices .choice-buttons button:first-child')")
    # The rules are a tap away inside a lesson too (its card hides the game's tools).
    phone.tap("#lesson-rules")
    phone.locator("figure[data-diagram] svg").first.wait_for()


def test_the_rules_examples_take_the_height_of_a_phone_held_sideways(screen, server):
    page = screen(740, 360, mobile=True)
    page.goto(server.url + "#/nymbat")
    wait_ready(page)
    page.tap("#rules")
    figure = page.locator('figure[data-diagram="breakthrough"] svg')
    figure.wait_for()
    assert figure.bounding_box()["height"] >= 0.7 * 360


def test_an_answer_said_while_the_buttons_under_the_board_are_in_view_is_scrolled_to(screen, server):
    """Nimbus's collects are buttons under the board, below the screen of a phone held upright: the
    player scrolls down to them, and the answer, said in the panel above the board, is brought back
    into view."""
    phone = screen(360, 740, mobile=True)
    collect = 1 + [step.key for step in LESSONS["nimbus"]].index("collect")  # "Collect a line" (numbered from 1)
    phone.goto(server.url + f"#/nimbus?learn={collect}")
    wait_ready(phone)
    phone.tap('[data-cell="b2"][data-live]')
    tap_choice(phone, "3:b2-f6")  # Playwright scrolls the button into view, as a thumb would
    phone.wait_for_selector("#lesson-outcome")
    phone.wait_for_function(f"() => ({IN_VIEW})('#lesson-outcome')")
    # The next step opens at the page's top: its title and task in view, not under the top bar (from a page
    # scrolled down, as a player who read the answer may leave it).
    phone.evaluate("scrollTo(0, 200)")
    phone.wait_for_function("() => scrollY > 0")
    phone.tap("#lesson-next")
    phone.wait_for_function(f"() => document.querySelector('.lesson-head')?.textContent.startsWith('Lesson {collect + 1} ')")
    phone.wait_for_function(f"() => ({IN_VIEW})('.lesson-head') && ({IN_VIEW})('#lesson-task')")
