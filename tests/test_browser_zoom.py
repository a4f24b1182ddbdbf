"""The zoom for big boards, on a phone: Nymbat's 169 cells drawn twice as large in a box to pan."""
from __future__ import annotations

import pytest

import py_engines
from conftest import open_game, tap_move, wait_ready

pytestmark = pytest.mark.browser

ZOOM = "#zoom-board"
BOX = ".board-scroller"


def cell_width(page, cell: str) -> float:
    return page.locator(f'[data-cell="{cell}"]').bounding_box()["width"]


def box_scroll(page) -> dict:
    return page.eval_on_selector(BOX, """(box) => ({left: box.scrollLeft, top: box.scrollTop,
        scrollable: box.scrollWidth > box.clientWidth + 1 && box.scrollHeight > box.clientHeight + 1})""")


def visible_in_box(page, selector: str) -> bool:
    """Whether the centre of the element lies inside the zoomed box's visible part."""
    return page.evaluate("""(selector) => {
        const frame = document.querySelector('.board-scroller').getBoundingClientRect();
        const r = document.querySelector(selector).getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        return x > frame.left && x < frame.right && y > frame.top && y < frame.bottom;
    }""", selector)


def places(page) -> dict:
    """Where the page's parts stand: the zoom must move none of them."""
    return {sel: page.locator(sel).bounding_box() for sel in ("#status", ".board-area", "#hint", "#undo", "#moves-title")}


def test_zoom_draws_nymbat_larger_in_a_box_that_pans_and_taps_still_play(phone, server):
    page = phone
    open_game(page, server.url, "nymbat", drawn="[data-cell]")
    button = page.locator(ZOOM)
    assert button.get_attribute("aria-label") == "Zoom the board"
    assert button.get_attribute("aria-pressed") == "false"
    assert cell_width(page, "h8") < 30  # too small to tap reliably: why the zoom exists
    before = places(page)

    page.tap(ZOOM)
    assert button.get_attribute("aria-pressed") == "true"
    assert cell_width(page, "h8") >= 40
    scroll = box_scroll(page)
    assert scroll["scrollable"]
    assert visible_in_box(page, '[data-cell="b5"]')  # zoomed in on where Red's taps go: its setup area
    assert not visible_in_box(page, '[data-cell="n5"]')
    assert places(page) == before  # status, board area, buttons and move list stay put

    page.eval_on_selector(BOX, "(box) => box.scrollBy(-60, -60)")  # the player pans
    moved = box_scroll(page)
    assert moved["left"] == pytest.approx(scroll["left"] - 60, abs=1)
    assert moved["top"] == pytest.approx(scroll["top"] - 60, abs=1)

    game = py_engines.new_game("nymbat")
    tap_move(page, game, "c4=6")  # the taps scroll the box to the cell first, as a player pans to it
    assert "Red 6" in page.get_attribute('[data-cell="c4"]', "aria-label")
    tap_move(page, game, "c5=6")
    assert "Red 6" in page.get_attribute('[data-cell="c5"]', "aria-label")
    assert button.get_attribute("aria-pressed") == "true"  # kept over the re-renders
    assert cell_width(page, "h8") >= 40

    during = places(page)
    page.tap(ZOOM)
    assert button.get_attribute("aria-pressed") == "false"
    assert cell_width(page, "h8") < 30
    assert not box_scroll(page)["scrollable"]
    assert places(page) == during


def test_zoom_is_kept_per_game_and_brings_the_selected_cell_into_view(phone, server):
    page = phone
    open_game(page, server.url, "nymbat", drawn="[data-cell]")
    page.tap('[data-cell="c9"][data-live]')  # the first step of a move: c9 is selected
    page.tap(ZOOM)
    assert visible_in_box(page, '[data-cell="c9"]')
    assert not visible_in_box(page, '[data-cell="o1"]')

    page.reload()
    wait_ready(page)
    page.wait_for_function("document.querySelector('#zoom-board')?.getAttribute('aria-pressed') === 'true'")
    assert cell_width(page, "h8") >= 40

    open_game(page, server.url, "manalath", drawn="[data-cell]")  # 61 cells: big enough without a zoom
    assert page.locator(ZOOM).count() == 0
    assert page.locator(BOX).count() == 0


def test_keyboard_focus_moves_the_zoomed_board_to_the_focused_cell(phone, server):
    page = phone
    open_game(page, server.url, "nymbat", drawn="[data-cell]")
    page.tap(ZOOM)
    page.focus('[data-cell="h8"]')
    for _ in range(7):
        page.keyboard.press("ArrowDown")
    focused = page.evaluate("document.activeElement.dataset.cell")
    assert focused[0] in "abc"  # down at the board's bottom edge, out of the box's first view
    assert visible_in_box(page, f'[data-cell="{focused}"]')
    page.focus(ZOOM)
    page.keyboard.press("Enter")
    assert page.get_attribute(ZOOM, "aria-pressed") == "false"


@pytest.mark.parametrize("size", [(360, 740), (740, 360), (1280, 800)])
def test_the_zoom_button_covers_no_cell(screen, server, size):
    page = screen(*size)
    open_game(page, server.url, "nymbat", drawn="[data-cell]")
    for zoomed in (False, True):
        button = page.locator(ZOOM).bounding_box()
        # A cell covered: under the button, in the part of the board that shows (the zoomed box clips the rest).
        overlapping = page.evaluate("""(b) => {
            const f = document.querySelector('.board-scroller').getBoundingClientRect();
            const x0 = Math.max(b.x, f.left), x1 = Math.min(b.x + b.width, f.right);
            const y0 = Math.max(b.y, f.top), y1 = Math.min(b.y + b.height, f.bottom);
            if (x0 >= x1 || y0 >= y1) return [];  // the button is off the board's box altogether
            return [...document.querySelectorAll('[data-cell]')].filter((c) => {
                const r = c.getBoundingClientRect();
                return r.right > x0 && r.left < x1 && r.bottom > y0 && r.top < y1;
            }).map((c) => c.dataset.cell);
        }""", button)
        assert overlapping == [], f"the zoom button covers {overlapping}"
        page.click(ZOOM)


def test_the_zoomed_board_follows_the_action_to_a_new_position(phone, server):
    """A newcomer zoomed in on the first lesson step (its taps at the foot of the board) went on
    to a step played at its top, and saw none of it: the box follows the cells to tap."""
    page = phone
    page.goto(server.url + "#/nymbat?learn=1")
    wait_ready(page)
    page.wait_for_selector("[data-cell][data-live]")
    page.tap(ZOOM)
    assert visible_in_box(page, '[data-cell="b4"]') and not visible_in_box(page, '[data-cell="m4"]')
    page.locator(".lesson-step").nth(9).tap()  # step 10, "Take the pieces": Blue's 2s on m4 and m6
    page.wait_for_function("document.querySelector('#lesson-task')?.textContent.includes('broke through on m5')")
    page.wait_for_function("""() => {
        const frame = document.querySelector('.board-scroller').getBoundingClientRect();
        const r = document.querySelector('[data-cell="m4"]').getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        return x > frame.left && x < frame.right && y > frame.top && y < frame.bottom;
    }""")
