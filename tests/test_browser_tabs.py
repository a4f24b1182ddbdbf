"""Two tabs of the same game never lose a move (issue 30): a tab follows the
moves another tab saves; a tab that played on from an older position saves its
game as one of its own instead of overwriting the other's."""
from __future__ import annotations

import json

import pytest

from conftest import PHONE, Console, open_context, wait_ready

pytestmark = pytest.mark.browser


def played(page) -> list[str]:
    return page.eval_on_selector_all("#moves [data-ply]", "(chips) => chips.map((c) => c.textContent)")


def tap(page, cell: str, colour: str) -> None:
    count = len(played(page))
    page.tap(f'[data-cell="{cell}"]')
    page.tap(f'[data-choice="{colour}"]')
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {count + 1}")


def saves(page) -> list[dict]:
    found = json.loads(page.evaluate("JSON.stringify(localStorage)"))
    return [json.loads(v) for k, v in found.items() if k.startswith("boardgames.save.")]


@pytest.fixture
def two_tabs(browser, server):
    context = open_context(browser, PHONE)
    pages = [context.new_page() for _ in range(2)]
    consoles = [Console(page) for page in pages]
    yield pages
    context.close()
    assert all(console.problems == [] for console in consoles)


def test_a_tab_follows_the_moves_another_tab_plays(two_tabs, server):
    a, b = two_tabs
    a.goto(server.url + "#/manalath")
    wait_ready(a)
    tap(a, "e5", "w")
    b.goto(server.url + "#/manalath")
    wait_ready(b)
    assert played(b) == ["e5w"]
    tap(a, "d5", "b")
    b.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")
    assert played(b) == ["e5w", "d5b"]
    # B plays on from there; A follows in turn. One game, every move in it.
    b.wait_for_selector("body[data-busy='0']")
    tap(b, "c5", "w")
    a.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 3")
    assert [s["record"]["moves"] for s in saves(a)] == [["e5w", "d5b", "c5w"]]


def test_a_tab_that_missed_the_other_s_move_keeps_both_games(two_tabs, server):
    a, b = two_tabs
    a.goto(server.url + "#/manalath")
    wait_ready(a)
    tap(a, "e5", "w")
    b.goto(server.url + "#/manalath")
    wait_ready(b)
    # Another tab's save that B did not hear of (written from B itself, which fires no event there).
    [save] = saves(b)
    other = {**save, "record": {**save["record"], "moves": ["e5w", "d5b"]}, "cursor": 2, "updated": save["updated"] + 1}
    b.evaluate("(s) => localStorage.setItem('boardgames.save.' + s.id, JSON.stringify(s))", other)
    tap(b, "a1", "b")
    b.wait_for_selector("#message:not([hidden])")
    assert "another tab" in b.inner_text("#message")
    kept = sorted(s["record"]["moves"] for s in saves(b))
    assert kept == [["e5w", "a1b"], ["e5w", "d5b"]]
