"""Import from a file as well as text: a game exported (Download) and imported from
its file is the same game; a file that is not a record is refused and changes nothing."""
from __future__ import annotations

import json

import pytest

from conftest import tap_move, wait_ready
import py_engines

pytestmark = pytest.mark.browser


def test_export_to_a_file_then_import_it_gives_the_same_game(phone, server, tmp_path):
    phone.goto(server.url + "#/ambush")
    wait_ready(phone)
    game = py_engines.new_game("ambush")
    for _ in range(2):
        tap_move(phone, game, game.legal_moves()[0])
    phone.tap("#export")
    with phone.expect_download() as download:
        phone.tap("#export-download")
    exported = tmp_path / "game.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text())["moves"] == game.history
    phone.keyboard.press("Escape")
    phone.tap("#new-game")
    phone.tap("#setup-start")
    phone.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 0")
    # A file that is no record: refused, nothing changes.
    bad = tmp_path / "notes.txt"
    bad.write_text("a shopping list")
    phone.tap("#import")
    phone.set_input_files("#import-file", str(bad))
    phone.wait_for_function("document.querySelector('#import-text').value === 'a shopping list'")
    phone.tap("#import-submit")
    phone.wait_for_selector("#import-error:not([hidden])")
    assert phone.locator("#moves [data-ply]").count() == 0
    # The exported file: the same game, move for move.
    phone.set_input_files("#import-file", str(exported))
    phone.wait_for_function("document.querySelector('#import-text').value.includes('\"moves\"')")
    phone.tap("#import-submit")
    phone.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {len(game.history)}")
    played = [t.strip() for t in phone.locator("#moves [data-ply]").all_inner_texts()]
    assert played == game.history
