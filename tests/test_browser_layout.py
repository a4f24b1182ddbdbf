"""Every board fits every screen: in view whole, without scrolling, when a game opens and
after a move, on a phone held upright or sideways and on a desktop; cells big enough to tap."""
from __future__ import annotations

import pytest

from conftest import wait_ready
from test_browser_log import before_player_1s_turn, link

pytestmark = pytest.mark.browser

GAMES = ["manalath", "ambush", "nymbat", "not_nyout", "nimbus"]
SIZES = [(360, 740), (740, 360), (1280, 800)]


def board_in_view(page, name: str) -> None:
    box = page.locator("svg.board").bounding_box()
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert page.evaluate("window.scrollY") == 0, name
    assert box["x"] >= -0.5 and box["y"] >= -0.5, (name, box)
    assert box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5, (name, box, width, height)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_whole_board_is_in_view_before_and_after_a_move(screen, server, size):
    w, h = size
    page = screen(w, h)
    for name in GAMES:  # one page, each game opened by a link from the last, as a player's link does
        moves, seed = before_player_1s_turn(name)
        page.goto(server.url + link(name, moves, seed))
        wait_ready(page)
        page.wait_for_function("(count) => document.querySelectorAll('#moves [data-ply]').length >= count",
                               arg=len(moves))
        page.wait_for_selector("[data-cell]")
        board_in_view(page, name)
        # A move, by taps on whatever is live (the first target each time), then the board again.
        page.wait_for_function("document.body.dataset.busy === '0'")
        moves_now = page.locator("#moves [data-ply]")
        before = moves_now.count()
        live = page.locator("[data-live], #choices [data-choice]")
        for _ in range(8):
            if moves_now.count() > before:
                break
            live.first.tap() if w < 800 else live.first.click()
            page.wait_for_function("document.body.dataset.busy === '0'")
        assert moves_now.count() > before, name
        board_in_view(page, name)


def test_cells_are_big_enough_to_tap_on_a_phone(phone, server):
    page = phone
    for name in GAMES:
        page.goto(server.url + f"#/{name}")
        wait_ready(page)
        page.wait_for_selector("[data-cell]")
        if page.locator("#zoom-board").count() and page.get_attribute("#zoom-board", "aria-pressed") != "true":
            page.tap("#zoom-board")  # the big board is tapped zoomed in
        sizes = page.evaluate("""() => [...document.querySelectorAll('[data-cell]')].map((c) => {
            const r = c.getBoundingClientRect();
            return Math.min(r.width, r.height);
        })""")
        assert min(sizes) >= 24, f"{name}: the smallest cell is {min(sizes):.1f} px"
