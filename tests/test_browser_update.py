"""A new version deployed mid-game (issue 30): the open game plays on, the
computer still answers, and after the reload the new version shows the game
with every move."""
from __future__ import annotations

import shutil

import pytest

from conftest import PHONE, Console, Server, open_context, wait_ready

pytestmark = pytest.mark.browser

NEW_CACHE = "boardgames-nextversion0"

# Poll in the page (wait_for_function would not wait for an async predicate's answer).
# An install that failed (a download refused on a loaded machine) is dropped by
# the browser until the next update check, as a person's next visit would make:
# the poll asks again every few seconds while no new worker is on its way.
ONLY_NEW_CACHE = """async (name) => {
    const registration = await navigator.serviceWorker.getRegistration();
    let asked = Date.now();
    for (const end = Date.now() + 180000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
        if ((await caches.keys()).join() === name) return "";
        if (Date.now() - asked > 5000 && !registration.installing && !registration.waiting) {
            asked = Date.now();
            await registration.update().catch(() => {});
        }
    }
    return `caches ${(await caches.keys()).join()}; installing ${Boolean(registration.installing)}, waiting ${Boolean(registration.waiting)}, active ${registration.active && registration.active.scriptURL}`;
}"""


def moves(page) -> int:
    return page.locator("#moves [data-ply]").count()


def play(page, cell: str, colour: str) -> None:
    """Play a move against the computer, and wait for its answer."""
    count = moves(page)
    page.tap(f'[data-cell="{cell}"]')
    page.tap(f'[data-choice="{colour}"]')
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {count + 2}", timeout=60_000)
    page.wait_for_selector("body[data-busy='0']")


def free_cells(page, count: int) -> list[str]:
    return page.eval_on_selector_all("[data-cell][data-live]", f"(cells) => cells.slice(0, {count}).map((c) => c.dataset.cell)")


def test_a_game_open_while_a_new_version_arrives_plays_on_and_survives_the_reload(browser, site_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    server = Server(site)
    context = open_context(browser, PHONE, first_visit=True)
    context.add_init_script("localStorage.setItem('boardgames.opponent', 'easy')")  # the computer answers
    try:
        page = context.new_page()
        console = Console(page)
        page.goto(server.url + "#/manalath")
        wait_ready(page)
        play(page, free_cells(page, 1)[0], "w")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        [old] = page.evaluate("caches.keys()")
        # The new version: its own cache name, and changed code and style.
        sw = site / "sw.js"
        sw.write_text(sw.read_text().replace(old, NEW_CACHE))
        for name in ("app.js", "views/game-view.js", "style.css"):
            path = site / name
            path.write_text(path.read_text() + "\n/* the next version */\n")
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        stuck = page.evaluate(ONLY_NEW_CACHE, NEW_CACHE)
        assert not stuck, f"the new version never took over: {stuck}"
        page.wait_for_selector("#update-notice:not([hidden])")
        # The old page plays on, the computer answering, and every move is saved.
        play(page, free_cells(page, 1)[0], "w")
        assert moves(page) == 4
        page.tap("#rules")
        page.wait_for_selector("#rules-dialog svg.diagram")
        page.tap("#rules-close")
        played = page.eval_on_selector_all("#moves [data-ply]", "(chips) => chips.map((c) => c.textContent)")
        # The reload runs the new version, with the game as it was left.
        page.tap("#reload")
        wait_ready(page, "manalath")
        assert page.evaluate("caches.keys()") == [NEW_CACHE]
        assert "the next version" in page.evaluate("fetch('app.js').then((r) => r.text())")
        assert page.eval_on_selector_all("#moves [data-ply]", "(chips) => chips.map((c) => c.textContent)") == played
        play(page, free_cells(page, 1)[0], "b")
        assert moves(page) == 6
        assert console.problems == [], console.problems
    finally:
        context.close()
        server.stop()


def test_a_new_version_left_waiting_is_asked_again_and_takes_over(browser, site_dir, tmp_path):
    """Chromium drops a new worker's activation when a request reaches the old worker at that moment
    (its skipWaiting at install then does nothing): the page asks the waiting worker again. Here the new
    version does not skip waiting by itself at all, so only the page's asking can make it take over."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    server = Server(site)
    context = open_context(browser, PHONE, first_visit=True)
    try:
        page = context.new_page()
        console = Console(page)
        page.goto(server.url + "#/ambush")
        wait_ready(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        [old] = page.evaluate("caches.keys()")
        sw = site / "sw.js"
        waits = sw.read_text().replace(old, NEW_CACHE).replace("await self.skipWaiting();", "")
        assert "skipWaiting();" not in waits.split('addEventListener("message"')[0]
        sw.write_text(waits)
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        stuck = page.evaluate(ONLY_NEW_CACHE, NEW_CACHE)
        assert not stuck, f"the waiting version never took over: {stuck}"
        page.wait_for_selector("#update-notice:not([hidden])")
        assert console.problems == [], console.problems
    finally:
        context.close()
        server.stop()
