"""Storage full (issue 30): a save that cannot be written says so, keeps the game
on screen, and deletes nothing; once there is room, the next move saves it all."""
from __future__ import annotations

import json
import re

import pytest

from conftest import wait_ready
from py_engines.learn import LESSONS

pytestmark = pytest.mark.browser

# While window.storageFull is set, the browser refuses to write saved games, as a full storage does.
FULL_STORAGE = """
(() => {
  const write = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.storageFull && String(key).startsWith("boardgames.")) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return write.call(this, key, value);
  };
})();
"""


def stored(page) -> dict[str, str]:
    return json.loads(page.evaluate("JSON.stringify(localStorage)"))


def tap(page, cell: str, colour: str) -> None:
    count = page.locator("#moves [data-ply]").count()
    page.tap(f'[data-cell="{cell}"]')
    page.tap(f'[data-choice="{colour}"]')
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {count + 1}")
    page.wait_for_selector("body[data-busy='0']")


def test_a_full_storage_is_said_and_loses_nothing(phone, server):
    page = phone
    page.add_init_script(FULL_STORAGE)  # for every load of this page, the reload too
    # An older game of another kind, to see that nothing is deleted to make room.
    page.goto(server.url + "#/manalath")
    wait_ready(page)
    tap(page, "e5", "w")
    before = stored(page)
    page.evaluate("() => { window.storageFull = true; }")
    tap(page, "d5", "b")
    message = page.inner_text("#message")
    assert "storage is full" in message and "stays on screen" in message and "Export" in message, message
    # The move is on screen, the game can be played on, and storage is as it was.
    assert page.locator("#moves [data-ply]").count() == 2
    assert stored(page) == before
    tap(page, "c5", "w")
    assert stored(page) == before
    # Export still gives the whole game.
    page.tap("#export")
    assert json.loads(page.input_value("#export-text"))["moves"] == ["e5w", "d5b", "c5w"]
    page.tap("#export-close")
    # Room again: the next move saves every move.
    page.evaluate("() => { window.storageFull = false; }")
    tap(page, "a1", "b")
    saves = [json.loads(v) for k, v in stored(page).items() if k.startswith("boardgames.save.")]
    assert [s["record"]["moves"] for s in saves] == [["e5w", "d5b", "c5w", "a1b"]]
    page.reload()
    wait_ready(page)
    assert page.locator("#moves [data-ply]").count() == 4


def test_progress_that_cannot_be_kept_is_said_and_only_real_progress_is_counted(phone, server):
    """A lesson step done while storage refuses: said, not a silent tick lost at the next visit.
    The home page counts only the lesson steps and puzzles this build has, each once."""
    page = phone
    page.add_init_script(FULL_STORAGE)
    page.goto(server.url + "#/manalath?learn=1")
    wait_ready(page)
    page.evaluate("() => { window.storageFull = true; }")
    page.tap('[data-cell="e5"]')
    page.tap('[data-choice="w"]')
    page.wait_for_function("document.querySelector('#message .message-text')?.textContent.includes('storage is full')")
    assert "the tick will be gone" in page.inner_text("#message")
    assert not any(key.startswith("boardgames.lessons.") for key in stored(page))
    # Storage holding names this build does not know (a forgery, a step since renamed), and one real puzzle twice.
    page.evaluate("() => { window.storageFull = false; }")
    page.evaluate("""() => {
      localStorage.setItem('boardgames.puzzles.nimbus', JSON.stringify(
        [...Array.from({ length: 1000 }, (_, i) => 'nimbus-' + i), 'nimbus-52a177cd82', 'nimbus-52a177cd82']));
      localStorage.setItem('boardgames.lessons.manalath', JSON.stringify(['place', 'no-such-step']));
    }""")
    page.goto(server.url + "#/")
    page.wait_for_selector("text=Puzzles (1/40)")
    assert page.locator(f"text=Learn (1 of {len(LESSONS['manalath'])} done)").count() == 1


# navigator.storage.persist, counted and answered as the test says (window.persistAnswer).
PERSIST_SPY = """
(() => {
  if (!navigator.storage) return;
  navigator.storage.persisted = async () => false;
  navigator.storage.persist = async () => {
    localStorage.setItem("test.persistAsked", String(Number(localStorage.getItem("test.persistAsked") || 0) + 1));
    return Boolean(window.persistAnswer);
  };
})();
"""


@pytest.mark.parametrize("granted", [False, True], ids=["refused", "granted"])
def test_the_browser_is_asked_once_to_keep_the_games_and_its_answer_is_said(phone, server, granted):
    page = phone
    page.add_init_script(PERSIST_SPY)
    page.add_init_script(f"window.persistAnswer = {str(granted).lower()};")
    page.goto(server.url + "#/manalath")
    wait_ready(page)
    assert page.evaluate("localStorage.getItem('test.persistAsked')") is None, "asked before any game was saved"
    tap(page, "e5", "w")
    page.wait_for_function("localStorage.getItem('boardgames.kept') !== null")
    tap(page, "d5", "b")
    page.reload()
    wait_ready(page)
    tap(page, "c5", "w")
    assert page.evaluate("localStorage.getItem('test.persistAsked')") == "1"
    assert stored(page)["boardgames.kept"] == ("granted" if granted else "refused")
    page.tap("#saved-games")
    words = page.inner_text("#saved-storage")
    assert re.match(r"Saved games and progress take \d+ KB here", words), words
    if granted:
        assert words.endswith("This browser has promised to keep them."), words
    else:
        assert "has not promised to keep them" in words and "Export keeps a copy" in words, words
