"""The home page (issue 27): games in progress first, each with a picture of its
position and whose turn it is, resumed in one tap; a picture of every game's
board; what works offline; and the question a first-time player is asked
before a first game's first move: against the computer, or pass and play."""
from __future__ import annotations

import json

import pytest

import py_engines
from conftest import PHONE, context_name, status, tap_move, wait_ready, warm_page

pytestmark = pytest.mark.browser

TITLES = ["Manalath", "Ambush", "Nymbat", "Not Nyout", "Nimbus"]


def seats(page) -> list[str]:
    return page.eval_on_selector_all(".seat-select", "(selects) => selects.map((s) => s.value)")


@pytest.fixture
def newcomer(request, warm_contexts, server):
    """A phone whose player has never chosen anything on the site: nothing chosen, nothing
    saved (a warm context of its own, its storage emptied between tests: the site and the
    engine's snapshot are kept, which the question does not depend on; a first visit's boot
    is test_browser_boot.py's), failing the test on console errors."""
    yield from warm_page(request, warm_contexts, "newcomer " + context_name(PHONE), PHONE, first_visit=True)


def test_the_home_page_pictures_every_game_and_says_it_plays_offline(phone, server):
    phone.goto(server.url)
    wait_ready(phone)
    cards = phone.locator(".game-card")
    assert cards.count() == 5
    assert [cards.nth(i).locator(".game-name").inner_text() for i in range(5)] == TITLES
    # Each card's picture is the game's own board, drawn with pieces on it.
    phone.wait_for_function("document.querySelectorAll('.game-card .thumb svg [data-cell]').length > 5 * 20")
    for i in range(5):
        assert cards.nth(i).locator(".thumb svg").count() == 1
    # Each game can be played or learned from its card; nothing is in progress yet.
    assert phone.locator("[data-play]").count() == 5 and phone.locator("[data-learn]").count() == 5
    assert phone.locator(".resume-card").count() == 0
    text = phone.inner_text("main")
    assert "no network" in text and "Add to Home Screen" in text
    phone.tap('[data-play="ambush"]')
    phone.wait_for_selector('.game[data-game="ambush"]')
    wait_ready(phone)
    assert "Red" in status(phone)


def test_games_in_progress_come_first_and_resume_in_one_tap(phone, server):
    manalath = py_engines.new_game("manalath")
    phone.goto(server.url + "#/manalath")
    wait_ready(phone)
    tap_move(phone, manalath, "e5w")
    ambush = py_engines.new_game("ambush")
    phone.goto(server.url + "#/ambush")
    wait_ready(phone)
    tap_move(phone, ambush, ambush.legal_moves()[0])
    tap_move(phone, ambush, ambush.legal_moves()[0])
    ambush_status = status(phone)
    # Nimbus opened but not played: nothing to resume there.
    phone.goto(server.url + "#/nimbus")
    wait_ready(phone)
    phone.goto(server.url + "#/")
    wait_ready(phone)
    resume = phone.locator(".resume-card")
    assert resume.count() == 2
    # The last game played first, with a picture of its position and whose turn it is.
    assert [resume.nth(i).get_attribute("data-resume") for i in range(2)] == ["ambush", "manalath"]
    phone.wait_for_function("document.querySelectorAll('.resume-card .thumb svg').length === 2")
    phone.wait_for_function("(s) => document.querySelector('.resume-card .resume-status').textContent === s", arg=ambush_status)
    assert "Black" in resume.nth(1).inner_text()  # Manalath: Black to move
    assert "Pass and play" in resume.nth(0).inner_text()
    assert resume.first.bounding_box()["y"] < phone.locator(".game-card").first.bounding_box()["y"]
    # One tap, and the game is back where it was, live.
    resume.nth(1).tap()
    phone.wait_for_selector('.game[data-game="manalath"]')
    phone.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 1")
    wait_ready(phone)
    tap_move(phone, manalath, "d5b")


def test_a_game_against_the_computer_says_when_it_is_your_turn(phone, server):
    phone.goto(server.url + "#/manalath")
    wait_ready(phone)
    phone.select_option("#seat-1", "easy")
    game = py_engines.new_game("manalath")
    tap_move(phone, game, "e5w")
    phone.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")  # the computer replied
    phone.goto(server.url + "#/")
    wait_ready(phone)
    card = phone.locator('.resume-card[data-resume="manalath"]')
    assert "Your turn" in card.inner_text() and "Against the computer (easy)" in card.inner_text()
    # Left looking at an earlier move, the card says so, and not that it is the player's turn:
    # the game goes on from its last move.
    card.tap()
    wait_ready(phone)
    phone.tap("#undo")
    phone.wait_for_function("document.querySelector('#position-note').textContent.includes('Showing')")
    phone.goto(server.url + "#/")
    wait_ready(phone)
    phone.wait_for_function("document.querySelector('.resume-card .resume-status').textContent.includes('of 2 shown')")
    assert "Your turn" not in card.inner_text()


def test_a_first_game_asks_how_to_play_before_the_first_move(newcomer, server):
    newcomer.goto(server.url + "#/manalath")
    wait_ready(newcomer)
    question = newcomer.locator("#how-to")
    question.wait_for()
    assert "How do you want to play Manalath?" in question.inner_text()
    # The question is over the board: a tap there reaches the question, not a cell.
    box = question.bounding_box()
    board = newcomer.locator(".board").bounding_box()
    assert box["y"] < board["y"] + board["height"] / 2 < box["y"] + box["height"]
    newcomer.tap('#how-to [data-opponent="easy"]')
    newcomer.wait_for_selector("#how-to", state="hidden")
    assert seats(newcomer) == ["human", "easy"]
    game = py_engines.new_game("manalath")
    tap_move(newcomer, game, "e5w")
    newcomer.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")  # the computer replied
    # Asked once: another game starts the same way, without asking.
    newcomer.goto(server.url + "#/not_nyout")
    wait_ready(newcomer)
    assert newcomer.locator("#how-to").is_hidden()
    assert seats(newcomer) == ["human", "easy"]
    newcomer.reload()
    wait_ready(newcomer)
    assert newcomer.locator("#how-to").is_hidden()


@pytest.mark.parametrize("answer", ["people", "menu"])
def test_pass_and_play_is_an_answer_too_and_a_seat_menu_answers_it(newcomer, server, answer):
    page = newcomer
    page.goto(server.url + "#/ambush")
    wait_ready(page)
    page.locator("#how-to").wait_for()
    if answer == "people":
        page.tap('#how-to [data-opponent="human"]')
        page.wait_for_selector("#how-to", state="hidden")
        assert seats(page) == ["human", "human"]
        assert page.evaluate("localStorage.getItem('boardgames.opponent')") == "human"
    else:
        page.select_option("#seat-1", "hard")
        page.wait_for_selector("#how-to", state="hidden")
        assert page.evaluate("localStorage.getItem('boardgames.opponent')") == "hard"
    page.goto(server.url + "#/nymbat")
    wait_ready(page)
    assert page.locator("#how-to").is_hidden()
    assert seats(page) == (["human", "human"] if answer == "people" else ["human", "hard"])
    # A game never played, opened by a fresh load (drawn as a picture before the engine is up), too.
    fresh = page.context.new_page()
    fresh.set_viewport_size(page.viewport_size)
    fresh.goto(server.url + "#/manalath")
    wait_ready(fresh)
    assert fresh.locator("#how-to").is_hidden()
    assert seats(fresh) == (["human", "human"] if answer == "people" else ["human", "hard"])


@pytest.mark.parametrize("picture", ["{cut sh", None], ids=["unreadable", "gone"])
def test_a_game_in_progress_whose_picture_was_lost_is_drawn_again_and_listed(phone, server, picture):
    phone.goto(server.url + "#/manalath")
    wait_ready(phone)
    tap_move(phone, py_engines.new_game("manalath"), "e5w")
    phone.wait_for_selector("body[data-busy='0']")
    if picture is None:
        phone.evaluate("localStorage.removeItem('boardgames.view.manalath')")
    else:
        phone.evaluate("(text) => localStorage.setItem('boardgames.view.manalath', text)", picture)
    phone.goto(server.url + "#/")
    phone.reload()
    wait_ready(phone)
    phone.wait_for_selector('.resume-card[data-resume="manalath"] .thumb svg')
    assert "Black" in phone.inner_text('.resume-card[data-resume="manalath"]')
    assert json.loads(phone.evaluate("localStorage.getItem('boardgames.view.manalath')"))["cursor"] == 1
