"""Entering moves on the page: the selection follows the player's taps."""
from __future__ import annotations

import pytest

from conftest import wait_ready

pytestmark = pytest.mark.browser


def pressed(page) -> list[str]:
    return [page.locator('[aria-pressed="true"]').nth(i).get_attribute("data-cell")
            for i in range(page.locator('[aria-pressed="true"]').count())]


def test_tapping_another_cell_moves_the_selection_and_tapping_it_again_lets_go(phone, server):
    page = phone
    page.goto(server.url + "#/ambush?moves=a1s.f6s")  # Red has a small and a medium at hand
    wait_ready(page)
    page.wait_for_selector('[data-cell="c3"][data-live]')
    page.tap('[data-cell="c3"]')
    assert pressed(page) == ["c3"]
    page.tap('[data-cell="d4"]')  # another empty cell: the placement starts there instead
    assert pressed(page) == ["d4"]
    assert page.locator('[data-choice="s"]').count() == 1
    page.tap('[data-cell="d4"]')  # the same cell again: nothing is selected
    assert pressed(page) == []
    assert page.locator("#cancel-move").count() == 0
