"""Everything to a new phone (issue 41): the home page's Back up everything writes one
file, and Restore on another device (its own storage) brings the games, progress and
settings there; restoring again adds nothing; a file that is no backup changes nothing."""
from __future__ import annotations

import json

import pytest

from conftest import DESKTOP, PHONE, open_game, tap_choice, wait_ready

pytestmark = pytest.mark.browser


def stored(page) -> dict[str, str]:
    return {k: v for k, v in json.loads(page.evaluate("JSON.stringify(localStorage)")).items() if k.startswith("boardgames.")}


def test_a_backup_restored_on_another_device_brings_everything_once(returning, server, tmp_path):
    phone = returning(PHONE)
    open_game(phone, server.url, "manalath")
    for cell, colour in (("e5", "w"), ("d4", "b")):
        count = phone.locator("#moves [data-ply]").count()
        phone.tap(f'[data-cell="{cell}"][data-live]')
        tap_choice(phone, colour)
        phone.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length > {count}")
    phone.wait_for_selector("body[data-busy='0']")
    phone.evaluate("localStorage.setItem('boardgames.lessons.ambush', JSON.stringify(['place', 'stack']))")
    phone.goto(server.url + "#/")
    wait_ready(phone)
    phone.tap("#backup")
    assert "1 saved game, 2 lesson steps done and 0 puzzles solved" in phone.inner_text("#backup-holds")
    with phone.expect_download() as download:
        phone.tap("#backup-download")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name.startswith("little-board-games-backup-")
    assert "Downloaded" in phone.inner_text("#backup-status")
    mine = stored(phone)

    other = returning(DESKTOP)  # another device: storage of its own, empty
    other.goto(server.url)
    wait_ready(other)
    assert other.locator("[data-resume]").count() == 0
    other.click("#restore")
    other.set_input_files("#restore-file", str(path))
    other.wait_for_function("document.querySelector('#restore-status')?.textContent.startsWith('Restored')")
    assert other.inner_text("#restore-status") == "Restored 1 saved game and 2 lesson steps done."  # its "how to play" was chosen here already
    # The home page behind the dialog already shows the game in progress and the lessons done.
    other.wait_for_selector('[data-resume="manalath"]')
    assert "2 of" in other.inner_text('[data-learn="ambush"]')
    theirs = stored(other)
    for key in ("boardgames.save.", "boardgames.current.manalath", "boardgames.view.manalath", "boardgames.lessons.ambush"):
        assert [v for k, v in mine.items() if k.startswith(key)] == [v for k, v in theirs.items() if k.startswith(key)], key
    # Once more: nothing to add, nothing written twice.
    other.set_input_files("#restore-file", [])
    other.set_input_files("#restore-file", str(path))
    other.wait_for_function("document.querySelector('#restore-status')?.textContent.startsWith('Nothing to add')")
    assert stored(other) == theirs
    other.click("#restore-close")
    # The restored game plays on there.
    other.click('[data-resume="manalath"]')
    wait_ready(other, "manalath")
    other.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")


def test_a_file_that_is_no_backup_changes_nothing_and_says_why(page, server):
    page.goto(server.url)
    wait_ready(page)
    before = stored(page)
    page.click("#restore")
    for name, text, why in (("notes.txt", "hello", "not JSON"),
                            ("game.json", '{"format":1,"game":"manalath","moves":[]}', "one game's record"),
                            ("future.json", '{"backup":"little-board-games","version":9,"saves":[]}', "newer version")):
        page.set_input_files("#restore-file", {"name": name, "mimeType": "application/json", "buffer": text.encode()})
        page.wait_for_function(f"document.querySelector('#restore-error')?.textContent.includes({json.dumps(why)})")
        assert page.inner_text("#restore-error").startswith("Nothing was restored:")
    assert stored(page) == before
