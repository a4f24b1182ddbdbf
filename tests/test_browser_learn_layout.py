"""The teaching pages on a phone (issue 29): in a lesson held upright, the task,
the whole board and the buttons of the move are in view at once; held sideways,
the rules' examples take the screen's height."""
from __future__ import annotations

import pytest

from conftest import open_context, wait_ready

pytestmark = pytest.mark.browser

IN_VIEW = """(selector) => [...document.querySelectorAll(selector)].every((el) => {
  const r = el.getBoundingClientRect();
  return r.top >= -1 && r.bottom <= innerHeight + 1;
})"""


@pytest.mark.parametrize("size", [(360, 740), (740, 360)], ids=["upright", "sideways"])
@pytest.mark.parametrize("game", ["manalath", "ambush", "nymbat", "not_nyout", "nimbus"])
def test_a_lessons_task_board_and_buttons_are_in_view_at_once_on_a_phone(browser, server, game, size):
    w, h = size
    context = open_context(browser, {"viewport": {"width": w, "height": h}, "has_touch": True, "is_mobile": True})
    phone = context.new_page()
    phone.goto(server.url + f"#/{game}?learn=1")
    wait_ready(phone)
    phone.wait_for_selector("#lesson-task")
    # The first row of buttons at least (Nimbus's pile has twelve).
    for selector in ("#lesson-task", "svg.board", "#hint", "#choices .choice-buttons button:first-child"):
        assert phone.evaluate(IN_VIEW, selector), selector
    context.close()


def test_the_rules_examples_take_the_height_of_a_phone_held_sideways(browser, server):
    context = open_context(browser, {"viewport": {"width": 740, "height": 360}, "has_touch": True, "is_mobile": True})
    page = context.new_page()
    page.goto(server.url + "#/nymbat")
    wait_ready(page)
    page.tap("#rules")
    figure = page.locator('figure[data-diagram="breakthrough"] svg')
    figure.wait_for()
    assert figure.bounding_box()["height"] >= 0.7 * 360
    context.close()
