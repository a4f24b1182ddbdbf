"""Messages in plain words (never a parser's own), game names in links in any case,
and a record imported twice saved once."""
from __future__ import annotations

import json
import re

import pytest

from conftest import wait_ready
from test_browser_bad_input import SAVE, fill_storage, storage

pytestmark = pytest.mark.browser

# What JSON parsers say (V8's JSON.parse, Python's json): words for programmers, not players.
PARSER_WORDS = re.compile(r"Expecting|Unexpected|position \d|line \d+ column|char \d|JSON\.parse|SyntaxError|"
                          r"property name|Error:", re.IGNORECASE)


def saved_ids(page) -> list[str]:
    return sorted(key for key in storage(page) if key.startswith(SAVE))


def import_text(page, text: str) -> None:
    page.tap("#import")
    page.fill("#import-text", text)
    page.tap("#import-submit")


def test_what_is_not_json_is_said_in_plain_words(phone, server):
    page = phone
    page.goto(server.url + "#/manalath")
    wait_ready(page)
    fill_storage(page, {SAVE + "broken": "{not json"})
    for text in ["{x", '{"format": 1, "game": "manalath", "moves": ["e5w",', "[1, 2"]:
        import_text(page, text)
        page.wait_for_selector("#import-error:not([hidden])")
        words = page.inner_text("#import-error")
        assert "not JSON text" in words and "not a saved game or game record" in words, words
        assert not PARSER_WORDS.search(words), words
        page.keyboard.press("Escape")
    page.tap("#saved-games")
    page.wait_for_selector('[data-save-id="broken"]')
    words = page.inner_text('[data-save-id="broken"] .saved-meta')
    assert "is not JSON" in words and not PARSER_WORDS.search(words), words
    page.keyboard.press("Escape")
    # A link whose moves do not replay: said by the engine, in its words.
    page.goto(server.url + "#/manalath?moves=e5w.e5b")
    page.wait_for_selector("#message:not([hidden])")
    words = page.inner_text("#message")
    assert "could not be opened" in words and "move 2" in words and not PARSER_WORDS.search(words), words


def test_game_names_in_links_are_read_in_any_case(phone, server):
    page = phone
    page.goto(server.url + "#/MANALATH")
    wait_ready(page)
    assert page.get_attribute(".game", "data-game") == "manalath"
    assert page.evaluate("location.hash") == "#/manalath"  # the page writes the name its way
    assert page.locator("#message:not([hidden])").count() == 0
    for written, name, moves in [("#/Not_Nyout", "not_nyout", None), ("#/not-nyout", "not_nyout", None),
                                 ("#/Ambush?moves=c3s", "ambush", 1)]:
        page.evaluate("(h) => { location.hash = h; }", written)
        # The page writes the name its way (at once, as it starts to open the game), then opens it.
        page.wait_for_function(f"location.hash === '#/{name}' && document.body.dataset.ready && "
                               f"document.querySelector('.game')?.dataset.game === '{name}'")
        if moves is not None:  # the link's game, not only its page
            assert page.locator("#moves [data-ply]").count() == moves
    # A pasted link too.
    import_text(page, server.url + "#/MANALATH?moves=e5w.d4b")
    page.wait_for_selector("#import-dialog", state="detached")
    page.wait_for_function("document.querySelector('.game')?.dataset.game === 'manalath'")
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")
    # No game of that name in any case: refused, and said so.
    page.evaluate("(h) => { location.hash = h; }", "#/CHESS")
    page.wait_for_selector("#message:not([hidden])")
    assert "There is no game called “CHESS”" in page.inner_text("#message")
    # The message floats over the foot of the screen, and the page makes room for it: scrolled to
    # its end, the lowest of its buttons is above the message, never under it.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("""() => {
      const top = document.getElementById('message').getBoundingClientRect().top;
      const buttons = [...document.querySelectorAll('button')].filter((b) => b.offsetParent && !b.closest('#message, dialog'));
      return Math.max(...buttons.map((b) => b.getBoundingClientRect().bottom)) <= top + 1;
    }""")


def test_a_record_imported_again_opens_the_saved_game(phone, server):
    page = phone
    page.goto(server.url + "#/manalath")
    wait_ready(page)
    record = {"format": 1, "game": "manalath", "players": 2, "seed": 0, "options": {}, "moves": ["e5w", "d4b", "c3w"]}
    import_text(page, json.dumps(record))
    page.wait_for_selector("#import-dialog", state="detached")
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 3")
    assert "Imported: 3 moves" in page.inner_text("#message")
    saves = saved_ids(page)
    assert len(saves) == 1
    # Another game on screen, then the same record again (written another way): the save is opened.
    page.tap("#undo")
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 3 && "
                           "!document.querySelector('#redo').disabled")
    import_text(page, json.dumps({**record, "options": {}, "seed": 0}, indent=1))
    page.wait_for_selector("#import-dialog", state="detached")
    page.wait_for_selector("#message:not([hidden])")
    assert "saved already" in page.inner_text("#message") and "not saved again" in page.inner_text("#message")
    assert saved_ids(page) == saves
    assert page.evaluate("document.querySelector('#redo').disabled")  # shown at its end
    # A record that differs by a move is another game: saved as such.
    import_text(page, json.dumps({**record, "moves": record["moves"] + ["a1b"]}))
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 4")
    assert len(saved_ids(page)) == 2
