"""End-to-end: one new-game dialog for every game: the player count, the options
in plain words and only those the count allows, and who plays each seat (a
person or the computer at one of the engine's levels), applied to the new game."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import py_engines
from conftest import wait_ready
from py_engines.ai import LEVELS

pytestmark = pytest.mark.browser

GAMES = list(py_engines.GAMES)
CODE = re.compile(r"[a-z]+_[a-z]+|^[a-z]+[0-9]+$")  # an internal code such as two_winners or over50


def option_texts(page, selector: str) -> list[str]:
    return page.eval_on_selector(selector, "(s) => [...s.options].map((o) => o.textContent)")


def open_dialog(page, server, name: str) -> None:
    page.goto(server.url + f"#/{name}")
    wait_ready(page)
    tap_new_game(page)


def tap_new_game(page) -> None:
    """Open the new-game dialog."""
    # Not Nyout's page rolls the roll-off's dice by itself at first, its buttons disabled a moment
    # each time: a tap that met the button disabled is tapped again.
    for _ in range(10):
        page.tap("#new-game")
        try:
            page.wait_for_selector("#setup-dialog[open]", timeout=3_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError("the new-game dialog never opened")


@pytest.mark.parametrize("name", GAMES)
def test_every_game_asks_who_plays_each_seat_and_the_new_game_has_them(phone, server, name):
    page = phone
    open_dialog(page, server, name)
    info = py_engines.GAMES[name]
    # The page's seats and the dialog's: the same names, the same choices (the engine's levels).
    seat_names = page.eval_on_selector_all(".seat-select", "(s) => s.map((e) => e.getAttribute('aria-label'))")
    dialog_names = page.eval_on_selector_all(".setup-seat-name", "(s) => s.map((e) => e.textContent)")
    assert [f"{n} is played by" for n in dialog_names] == seat_names
    levels = ["human", *LEVELS]
    assert page.eval_on_selector("#seat-0", "(s) => [...s.options].map((o) => o.value)") == levels
    assert page.eval_on_selector("#setup-seat-0", "(s) => [...s.options].map((o) => o.value)") == levels
    assert option_texts(page, "#setup-seat-0") == ["Human"] + [f"Computer · {level}" for level in LEVELS]
    # A player count is asked for only where there is a choice.
    assert page.locator("#setup-players").count() == (len(info["players"]) > 1)
    # The last seat to the computer (never the first to move: the test stays in charge).
    last = len(dialog_names) - 1
    page.select_option(f"#setup-seat-{last}", "hard")
    page.tap("#setup-start")
    page.wait_for_selector("#setup-dialog", state="detached")
    page.wait_for_function(f"document.querySelector('#seat-{last}')?.value === 'hard'")
    assert page.input_value("#seat-0") == "human"
    # The seats are saved with the new game: a reload shows them again.
    page.reload()
    wait_ready(page)
    page.wait_for_function(f"document.querySelector('#seat-{last}')?.value === 'hard'")


def test_nimbus_options_are_in_words_and_only_those_the_count_allows(phone, server):
    page = phone
    open_dialog(page, server, "nimbus")
    spec = py_engines.GAMES["nimbus"]["options"]["round_end"]
    everyone = spec["labels"]
    for two in ("The last taker wins", "The next player wins (misère)"):
        assert two in everyone
    for key in py_engines.GAMES["nimbus"]["options"]:
        texts = option_texts(page, f"#setup-{key}")
        assert texts and not any(CODE.search(t) for t in texts), texts
    # Two or three players: the round-end variants for four or more are not offered.
    assert option_texts(page, "#setup-round_end") == everyone[:2]
    assert "With 4 or more players: 4 more choices." in page.inner_text("#setup-round_end-help")
    page.select_option("#setup-players", label="4 players")
    assert option_texts(page, "#setup-round_end") == everyone
    assert "more choices" not in page.inner_text("#setup-round_end-help")
    assert page.locator(".setup-seat").count() == 4
    page.select_option("#setup-round_end", label="All score but those two")
    # Back to three: the variant goes, the choice falls back to the default, seats follow.
    page.select_option("#setup-players", label="3 players")
    assert option_texts(page, "#setup-round_end") == everyone[:2]
    assert page.input_value("#setup-round_end") == str(spec["choices"].index("last"))
    assert page.locator(".setup-seat").count() == 3
    # Four again, the variant, and a computer for player 4: the new game has them all.
    page.select_option("#setup-players", label="4 players")
    page.select_option("#setup-round_end", label="All score but those two")
    page.select_option("#setup-goal", label="After 3 rounds")
    page.select_option("#setup-seat-3", "expert")
    page.tap("#setup-start")
    page.wait_for_function("document.querySelectorAll('.players .player').length === 4")
    assert page.input_value("#seat-3") == "expert"
    assert page.locator("#message.error:not([hidden])").count() == 0
    page.tap("#share")
    link = page.input_value("#share-link")
    assert "players=4" in link and "round_end=two_losers" in link and "goal=rounds3" in link


def test_the_dialog_starts_from_the_game_on_screen(phone, server):
    page = phone
    page.goto(server.url + "#/not_nyout?moves=&players=3")
    wait_ready(page)
    page.wait_for_function("document.querySelectorAll('.players .player').length === 3")
    page.tap(".seat-summary")
    page.select_option("#seat-1", "medium")
    tap_new_game(page)
    assert page.input_value("#setup-players") == "3"
    assert [page.input_value(f"#setup-seat-{i}") for i in range(3)] == ["human", "medium", "human"]
    # A fourth seat beside the computer appears as the computer's, at its level (a person playing
    # against the computer who adds a player adds an opponent); the count goes back down and up, the
    # choices stay.
    page.select_option("#setup-players", "4")
    assert [page.input_value(f"#setup-seat-{i}") for i in range(4)] == ["human", "medium", "human", "medium"]
    page.select_option("#setup-seat-3", "easy")
    page.select_option("#setup-players", "2")
    page.select_option("#setup-players", "4")
    assert [page.input_value(f"#setup-seat-{i}") for i in range(4)] == ["human", "medium", "human", "easy"]
    # Cancel changes nothing.
    page.tap("#setup-cancel")
    page.wait_for_selector("#setup-dialog", state="detached")
    assert page.locator(".players .player").count() == 3
    assert page.input_value("#seat-1") == "medium"
