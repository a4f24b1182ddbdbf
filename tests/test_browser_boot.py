"""End-to-end: the board at once. Before the engine is ready, a game's page shows
the game as it was left (a first visit: a new game), as a picture; cells tapped
meanwhile are entered once the engine is ready, or refused with a message."""
from __future__ import annotations

import json

import pytest

from conftest import PHONE, Console, open_context, status, wait_ready

pytestmark = pytest.mark.browser

# Holds back every message from the page's workers until window.releaseEngine()
# is called: the engine boots, but the page cannot know it until then.
HOLD_ENGINE = """
(() => {
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  window.releaseEngine = release;
  const Real = window.Worker;
  window.Worker = class extends Real {
    addEventListener(type, listener, options) {
      if (type !== "message") return super.addEventListener(type, listener, options);
      return super.addEventListener(type, (event) => released.then(() => listener(event)), options);
    }
  };
})();
"""


def label(page, cell: str) -> str:
    return page.get_attribute(f'[data-cell="{cell}"]', "aria-label")


def played(page) -> list[str]:
    return [t.strip() for t in page.locator("#moves [data-ply]").all_inner_texts()]


class Returning:
    """A phone that played e5 white and d4 black on Manalath, then left (`page`: a page of
    its own, to play them in: a warm context's, which kept the site and the engine)."""

    def __init__(self, page, server) -> None:
        self.server = server
        self.context = page.context
        self.console = Console(page)
        page.goto(server.url + "#/manalath")
        wait_ready(page)
        for cell, colour, count in (("e5", "w", 1), ("d4", "b", 2)):
            page.tap(f'[data-cell="{cell}"]')
            page.tap(f'[data-choice="{colour}"]')
            page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {count}")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        self.storage = json.loads(page.evaluate("JSON.stringify(localStorage)"))
        page.close()

    def open(self, shown: bool = True):
        """Open Manalath again with the engine held back (until releaseEngine())."""
        page = self.context.new_page()
        page.set_viewport_size(PHONE["viewport"])
        page.on("console", lambda m: self.console.problems.append(m.text) if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda exc: self.console.problems.append(f"pageerror: {exc}"))
        page.add_init_script(HOLD_ENGINE)
        page.goto(self.server.url + "#/manalath")
        if shown:
            page.wait_for_selector("body[data-shown]", timeout=30_000)
        return page


@pytest.fixture
def returning(returning, server):
    """Returning, in a warm phone context (conftest's `returning`, which empties its storage
    after the test): a return visit's boot is from the engine's snapshot, held back all the
    same (HOLD_ENGINE). A first visit's boot is test_a_first_visit_shows_a_new_game_at_once's."""
    visit = Returning(returning(PHONE), server)
    yield visit
    assert visit.console.problems == []


def test_a_return_visit_shows_the_game_before_the_engine_is_ready(returning):
    page = returning.open()
    assert page.get_attribute("body", "data-ready") is None
    assert "white piece" in label(page, "e5") and "black piece" in label(page, "d4") and "empty" in label(page, "c3")
    assert status(page) == "White to move"
    assert played(page) == ["e5w", "d4b"]
    assert "engine is starting" in page.inner_text("#hint")
    assert page.locator(".board-area.picture").count() == 1
    assert page.locator("#undo").is_disabled() and page.locator("#new-game").is_disabled()
    # A tap now is kept (the board says it waits), then entered once the engine is ready.
    page.tap('[data-cell="c3"]', force=True)  # force: the board is marked aria-disabled meanwhile
    assert page.get_attribute('[data-cell="c3"]', "aria-pressed") == "true"
    assert "Tapped: c3" in page.inner_text("#hint")
    page.evaluate("releaseEngine()")
    wait_ready(page)
    page.tap('[data-choice="w"]')
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 3")
    assert played(page) == ["e5w", "d4b", "c3w"] and "white piece" in label(page, "c3")
    assert page.locator(".board-area.picture").count() == 0


def test_a_tap_that_is_no_move_is_refused_once_the_engine_is_ready(returning):
    page = returning.open()
    page.tap('[data-cell="e5"]', force=True)  # taken by White's first move
    page.evaluate("releaseEngine()")
    wait_ready(page)
    page.wait_for_selector("#message:not([hidden])")
    message = page.inner_text("#message")
    assert "e5" in message and "nothing was played" in message
    assert played(page) == ["e5w", "d4b"] and page.locator("[data-choice]").count() == 0
    # The saves are as they were.
    now = json.loads(page.evaluate("JSON.stringify(localStorage)"))
    for key, value in returning.storage.items():
        if key.startswith("boardgames.save."):
            assert now[key] == value


def test_a_picture_that_does_not_match_the_save_is_not_shown(returning):
    page = returning.open()
    page.evaluate("releaseEngine()")
    wait_ready(page)
    # The kept picture disagrees with the save (as if another tab had played on).
    page.evaluate("""() => {
        const key = 'boardgames.view.manalath';
        const picture = JSON.parse(localStorage.getItem(key));
        picture.state.record.moves = ['e5w', 'e6b'];
        localStorage.setItem(key, JSON.stringify(picture));
    }""")
    page.close()
    page = returning.open(shown=False)
    page.wait_for_selector('body[data-picture="none"] .board-placeholder')  # the page chose not to draw it
    assert page.get_attribute("body", "data-shown") is None
    page.evaluate("releaseEngine()")
    wait_ready(page)
    assert "white piece" in label(page, "e5") and "black piece" in label(page, "d4") and "empty" in label(page, "e6")


def test_a_first_visit_shows_a_new_game_at_once(browser, server):
    context = open_context(browser, PHONE)
    page = context.new_page()
    console = Console(page)
    page.add_init_script(HOLD_ENGINE)
    page.goto(server.url + "#/nymbat")
    page.wait_for_selector("body[data-shown]", timeout=30_000)
    assert page.get_attribute("body", "data-ready") is None
    assert page.locator("[data-cell]").count() == 169
    assert "engine is starting" in page.inner_text("#hint")
    page.evaluate("releaseEngine()")
    wait_ready(page)
    assert page.locator(".board-area.picture").count() == 0
    assert page.locator("[data-live]").count() > 0
    context.close()
    assert console.problems == []


# Resolves once the engine's memory snapshot is in a cache (false after a minute).
SNAPSHOT_KEPT = """async () => {
  for (const end = Date.now() + 60000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    for (const name of await caches.keys()) {
      if (await (await caches.open(name)).match('./engine.snapshot')) return true;
    }
  }
  return false;
}"""


@pytest.fixture
def first_phone(browser):
    """A phone that has never visited the site (its own context: no snapshot kept)."""
    context = open_context(browser, PHONE)
    yield context.new_page()
    context.close()


def test_a_return_visit_restores_the_engine_from_its_snapshot(first_phone, server):
    phone = first_phone
    phone.goto(server.url + "#/ambush")
    wait_ready(phone)
    assert phone.get_attribute("body", "data-engine") == "booted"
    assert phone.evaluate(SNAPSHOT_KEPT)
    phone.reload()
    wait_ready(phone)
    assert phone.get_attribute("body", "data-engine") == "restored"
    # The restored engine plays, and imports what it had not yet (the computer's Ambush policy).
    phone.tap("#hint-button")
    phone.wait_for_function("document.querySelector('#hint').textContent.startsWith('Hint:')", timeout=60_000)


def test_a_snapshot_that_cannot_be_restored_is_dropped(phone, server):
    phone.goto(server.url + "#/manalath")
    wait_ready(phone)
    assert phone.evaluate(SNAPSHOT_KEPT)
    # Stored as the page stores one (site/engine/snapshot.js: 64 KiB of zeros), but not a
    # snapshot: Pyodide refuses it, and the engine boots as on a first visit.
    phone.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        const head = new Uint8Array(12 + 16);
        head.set(new TextEncoder().encode('LBGSNAP1'));
        new DataView(head.buffer).setUint32(8, 65536, true);
        await cache.put('./engine.snapshot', new Response(head));
    }""")
    phone.reload()
    wait_ready(phone)
    assert phone.get_attribute("body", "data-engine") == "booted"
    # Dropped (a new one is kept only once the engine has been idle a moment).
    kept = phone.evaluate("""async () => {
        const hit = await caches.match('./engine.snapshot');
        return hit ? (await hit.arrayBuffer()).byteLength : 0;
    }""")
    assert kept == 0 or kept > 1_000_000
    phone.tap('[data-cell="e5"]')
    phone.tap('[data-choice="w"]')
    phone.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 1")
    assert phone.evaluate(SNAPSHOT_KEPT)  # a good one again
    phone.reload()
    wait_ready(phone)
    assert phone.get_attribute("body", "data-engine") == "restored"
