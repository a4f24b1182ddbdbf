"""Two tabs of the same game never lose a move (issue 30): a tab follows the
moves another tab saves; a tab that played on from an older position saves its
game as one of its own instead of overwriting the other's."""
from __future__ import annotations

import json

import pytest

import py_engines
from conftest import PHONE, tap_move, wait_ready

pytestmark = pytest.mark.browser


def played(page) -> list[str]:
    return page.eval_on_selector_all("#moves [data-ply]", "(chips) => chips.map((c) => c.textContent)")


def switch_to(page):
    """The person turns to this tab (and returns it): a tab behind another draws no frames, so a
    tap there would wait for them (Playwright waits until what it taps holds still, over
    frames), as no person taps a tab they cannot see. The other tab follows from behind."""
    page.bring_to_front()
    return page


def tap(page, cell: str, colour: str) -> None:
    switch_to(page)
    count = len(played(page))
    page.tap(f'[data-cell="{cell}"]')
    page.tap(f'[data-choice="{colour}"]')
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {count + 1}")


def saves(page) -> list[dict]:
    found = json.loads(page.evaluate("JSON.stringify(localStorage)"))
    return [json.loads(v) for k, v in found.items() if k.startswith("boardgames.save.")]


@pytest.fixture
def two_tabs(returning, server):
    return [returning(PHONE) for _ in range(2)]


def open_after_a_move(a, b, server) -> None:
    """Tab A opens Manalath and plays e5w; then tab B opens it."""
    a.goto(server.url + "#/manalath")
    wait_ready(a)
    tap(a, "e5", "w")
    b.goto(server.url + "#/manalath")
    wait_ready(b)


def test_a_tab_follows_the_moves_another_tab_plays(two_tabs, server):
    a, b = two_tabs
    open_after_a_move(a, b, server)
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
    open_after_a_move(a, b, server)
    # Another tab's save that B did not hear of (written from B itself, which fires no event there).
    [save] = saves(b)
    other = {**save, "record": {**save["record"], "moves": ["e5w", "d5b"]}, "cursor": 2, "updated": save["updated"] + 1}
    b.evaluate("(s) => localStorage.setItem('boardgames.save.' + s.id, JSON.stringify(s))", other)
    tap(b, "a1", "b")
    b.wait_for_selector("#message:not([hidden])")
    assert "another tab" in b.inner_text("#message")
    kept = sorted(s["record"]["moves"] for s in saves(b))
    assert kept == [["e5w", "a1b"], ["e5w", "d5b"]]


def moves_of(page, game: str) -> dict[str, list[str]]:
    """Each saved game of a kind, by id: its moves."""
    return {s["id"]: s["record"]["moves"] for s in saves(page) if s["game"] == game}


def test_two_games_in_two_tabs_keep_every_move_of_both(two_tabs, server):
    a, b = two_tabs
    ambush = py_engines.new_game("ambush")
    ambush_moves = []

    def play_ambush(page):
        switch_to(page)
        move = ambush.legal_moves()[0]
        ambush_moves.append(move)
        tap_move(page, ambush, move)

    a.goto(server.url + "#/manalath")
    b.goto(server.url + "#/ambush")
    wait_ready(a)
    wait_ready(b)
    tap(a, "e5", "w")
    play_ambush(b)
    tap(a, "d5", "b")
    play_ambush(b)
    tap(a, "c5", "w")
    assert list(moves_of(a, "manalath").values()) == [["e5w", "d5b", "c5w"]]
    assert list(moves_of(a, "ambush").values()) == [ambush_moves]
    # Each tab opens the other's game as the other left it, and the home page lists both, most recent first.
    a.goto(server.url + "#/ambush")
    wait_ready(a)
    assert len(played(a)) == len(ambush_moves)
    b.goto(server.url + "#/")
    wait_ready(b)
    assert b.eval_on_selector_all(".resume-card", "(cards) => cards.map((c) => c.dataset.resume)") == \
        ["manalath", "ambush"]
    # B's home page follows A's moves: A plays on in Ambush, which moves it to the top of B's list.
    a.wait_for_selector("body[data-busy='0']")
    play_ambush(a)
    b.wait_for_function("document.querySelector('.resume-card').dataset.resume === 'ambush'")
    assert list(moves_of(b, "ambush").values()) == [ambush_moves]


def test_saved_games_lists_open_in_two_tabs_show_the_games_as_they_are(two_tabs, server):
    a, b = two_tabs
    a.goto(server.url + "#/manalath")
    wait_ready(a)
    tap(a, "e5", "w")
    [first] = moves_of(a, "manalath")
    b.goto(server.url + "#/manalath")
    wait_ready(b)
    switch_to(a).tap("#saved-games")
    a.wait_for_selector("#saved-list [data-save-id]")
    assert a.locator("#saved-list [data-save-id]").count() == 1
    # B starts a game of its own and moves in it: A's open list shows it, unasked.
    switch_to(b).tap("#new-game")
    b.tap("#setup-start")
    b.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 0")
    wait_ready(b)
    tap(b, "a1", "b")
    a.wait_for_function("document.querySelectorAll('#saved-list [data-save-id]').length === 2")
    [second] = [id for id in moves_of(b, "manalath") if id != first]
    # B plays on in it: A's Resume opens it as it is now.
    b.wait_for_selector("body[data-busy='0']")
    tap(b, "b2", "w")
    switch_to(a).tap(f'#saved-list [data-save-id="{second}"] [data-action="resume"]:not([disabled])')
    a.wait_for_selector("#saved-dialog", state="detached")
    a.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")
    assert played(a) == ["a1b", "b2w"]
    # B turns back to the first game; A deletes it: B says so, keeps it on screen, and its next move saves it again.
    switch_to(b).tap("#saved-games")
    b.tap(f'#saved-list [data-save-id="{first}"] [data-action="resume"]:not([disabled])')
    b.wait_for_selector("#saved-dialog", state="detached")
    b.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 1")
    switch_to(a).tap("#saved-games")
    a.tap(f'#saved-list [data-save-id="{first}"] [data-action="delete"]')
    a.tap("#confirm-ok")
    a.wait_for_function("document.querySelectorAll('#saved-list [data-save-id]').length === 1")
    b.wait_for_function("document.querySelector('#message .message-text').textContent.includes('deleted in another tab')")
    assert played(b) == ["e5w"] and first not in moves_of(b, "manalath")
    b.wait_for_selector("body[data-busy='0']")
    tap(b, "d5", "b")
    assert moves_of(b, "manalath") == {first: ["e5w", "d5b"], second: ["a1b", "b2w"]}


def test_a_tab_whose_storage_another_tab_emptied_starts_over_and_saves_nothing_old(two_tabs, server):
    """Another tab empties the site's storage (a player erasing what the site kept): this tab lets
    go of its game (a move here never writes the old moves back) and opens its page again as a
    new visit would, and says so. (The browser tests start each test so: conftest.py SharedPage.)"""
    a, b = two_tabs
    open_after_a_move(a, b, server)
    b.wait_for_selector("body[data-busy='0']")
    tap(b, "d5", "b")
    a.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")
    switch_to(b).evaluate("() => localStorage.clear()")
    a.wait_for_function("document.querySelector('#message .message-text').textContent.includes('deleted in another tab')")
    a.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 0")
    wait_ready(a)
    assert saves(a) == []
    # As on a first visit, the page asks how to play (the answer went with the rest).
    switch_to(a).tap('#how-to [data-opponent="human"]')
    tap(a, "c3", "w")
    assert [save["record"]["moves"] for save in saves(a)] == [["c3w"]]
