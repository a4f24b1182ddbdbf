"""Storage full (issue 30): a save that cannot be written says so, keeps the game
on screen, and deletes nothing; once there is room, the next move saves it all."""
from __future__ import annotations

import json

import pytest

from conftest import wait_ready

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
