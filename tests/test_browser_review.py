"""Review a game on a phone (issue 32): at its end the page offers a review; the
graph fills in the background while the game can be browsed; the blunder is
marked in the log and the list, and opens the position before it with the better
move drawn and said; a tap on the graph goes to a move; the review is kept."""
from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest

import py_engines
from conftest import enter_move, wait_ready
from py_engines.playout import random_game

pytestmark = pytest.mark.browser

# White makes a white quart with f5 (touching e5 and e6) and loses at once: a blunder.
BLUNDER = "e5w.a1b.e6w.i5b.e4w.a5b.f5w"



def test_a_review_marks_the_blunder_and_shows_the_better_move(phone, server):
    phone.goto(server.url + "#/manalath?moves=" + BLUNDER)
    wait_ready(phone)
    phone.wait_for_selector("#status.over")
    phone.tap("#review-start")
    phone.wait_for_selector("#review .review-summary", timeout=120_000)
    summary = phone.inner_text("#review .review-summary")
    assert re.search(r"White: accuracy \d+% \(opening \d+%, middle \d+%, end \d+%\); 1 blunder", summary), summary
    assert phone.locator("#review polyline.review-line").count() == 1
    assert phone.locator("#review .review-tick.mark-blunder").count() == 1
    assert phone.get_attribute('#moves [data-ply="7"]', "data-review-mark") == "blunder"
    # The marked move opens the position before it, the better move drawn and said.
    phone.tap('[data-review-ply="7"]')
    phone.wait_for_function("document.querySelector('#hint').textContent.includes('Better:')")
    hint = phone.inner_text("#hint")
    assert hint.startswith("Move 7, f5w, was a blunder. It lost at once. White's chances of winning went from") and "to 0%" in hint
    assert "Showing the position after move 6 of 7" in phone.inner_text("#choices")
    assert phone.locator(".cell.hinted").count() >= 1
    # A tap on the graph's left end goes to the start of the game.
    graph = phone.locator("#review .review-graph")  # placed when clicked (the coach's line may move it)
    graph.click(position={"x": 2, "y": graph.bounding_box()["height"] / 2})
    phone.wait_for_function("document.querySelector('#choices').textContent.includes('after move 0 of 7')")
    # Kept with the saved game: after a reload the review is there, not made again.
    phone.reload()
    wait_ready(phone)
    phone.wait_for_selector("#review .review-summary")
    assert phone.locator("#review .review-progress").count() == 0
    assert phone.get_attribute('#moves [data-ply="7"]', "data-review-mark") == "blunder"
    # A review left part way (the page closed while it ran) goes on from where it stopped.
    key = next(k for k in json.loads(phone.evaluate("JSON.stringify(Object.keys(localStorage))"))
               if k.startswith("boardgames.review."))
    kept = json.loads(phone.evaluate("(k) => localStorage.getItem(k)", key))
    phone.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps({**kept, "points": kept["points"][:3]})])
    phone.reload()
    wait_ready(phone)
    assert "Reviewed 3 of 8 positions" in phone.inner_text("#review")
    assert phone.locator("#review .review-summary").count() == 0
    phone.tap("#review-go-on")
    phone.wait_for_selector("#review .review-summary", timeout=120_000)
    again = json.loads(phone.evaluate("(k) => localStorage.getItem(k)", key))
    # (The same marks: the numbers too, unless a loaded machine cut a search short at its time cap.)
    assert [p["mark"] for p in again["points"]] == [p["mark"] for p in kept["points"]]


def test_the_game_can_be_browsed_while_the_review_fills(phone, server):
    record = json.loads(random_game("manalath", 11, 2, fast=True).to_json())
    moves = record["moves"]
    phone.goto(server.url + "#/manalath?moves=" + ".".join(moves))
    wait_ready(phone)
    phone.tap("#review-start")  # the game's end offers the review (the log's own button is for a game under way)
    phone.wait_for_selector("#review .review-progress")
    phone.tap('#moves [data-ply="3"]')
    phone.wait_for_function("document.querySelector('#choices').textContent.includes('after move 3 of')")
    # The position changed while the review was still under way.
    done = int(phone.get_attribute("#review .review-progress progress", "value"))
    assert done < len(moves) + 1
    phone.wait_for_selector("#review .review-summary", timeout=180_000)
    assert phone.locator("#review .review-graph polyline").count() == 1
    points = phone.get_attribute("#review polyline.review-line", "points").split()
    assert len(points) == len(moves) + 1


def test_more_than_two_players_get_a_line_each_in_their_own_colour(phone, server):
    record = json.loads(random_game("not_nyout", 5, 3, fast=True).to_json())
    moves = ".".join(quote(move, safe="") for move in record["moves"])
    phone.goto(server.url + f"#/not_nyout?moves={moves}&seed={record['seed']}&players=3")
    wait_ready(phone)
    phone.tap("#review-start")  # the game's end offers the review (the log's own button is for a game under way)
    phone.wait_for_selector("#review .review-summary", timeout=180_000)
    lines = phone.eval_on_selector_all("#review .review-line", "(ls) => ls.map((l) => getComputedStyle(l).stroke)")
    swatches = phone.eval_on_selector_all("#review .review-key .swatch",
                                          "(ss) => ss.map((s) => getComputedStyle(s).backgroundColor)")
    assert len(lines) == 3 and lines == swatches and len(set(lines)) == 3
    assert [k.strip() for k in phone.locator("#review .review-key").all_inner_texts()] == ["Red", "Blue", "Green"]


def test_a_reviewed_blunder_comes_back_in_your_mistakes_until_it_sticks(phone, server):
    """Issue 40: the review keeps the blunder of a seat played here; Your mistakes gives its position
    again, judges a move by the engine (the blunder again fails, the review's better move passes),
    and each answer moves it on its schedule."""
    phone.goto(server.url + "#/manalath?moves=" + BLUNDER)
    wait_ready(phone)
    phone.wait_for_selector("#status.over")
    phone.tap("#review-start")
    phone.wait_for_selector("#review .review-summary", timeout=120_000)
    stored = lambda: json.loads(phone.evaluate("localStorage.getItem('boardgames.mistakes')") or "[]")  # noqa: E731
    [item] = [m for m in stored() if m["played"] == "f5w"]
    assert item["record"]["moves"] == BLUNDER.split(".")[:6] and item["step"] == 0 and item["mark"] == "blunder"
    phone.goto(server.url + "#/")
    wait_ready(phone)
    phone.tap('[data-mistakes="manalath"]')
    wait_ready(phone, "manalath")
    phone.wait_for_selector("#puzzle-task")
    assert "f5w here was a blunder" in phone.inner_text("#puzzle-task")
    assert phone.inner_text("#title") == "Manalath: your mistakes"
    game = py_engines.load(json.dumps(item["record"]))
    enter_move(phone, game, "f5w")  # the blunder again
    phone.wait_for_selector("#puzzle-outcome")
    assert phone.inner_text("#puzzle-outcome").startswith("Not this: It gives away")
    assert "It comes back in 4 hours." in phone.inner_text("#puzzle-outcome")
    missed = next(m for m in stored() if m["id"] == item["id"])
    assert missed["step"] == 0 and missed["due"] > item["due"]
    phone.tap("#puzzle-retry")
    phone.wait_for_selector("#puzzle-outcome", state="detached")
    enter_move(phone, game, item["better"])
    phone.wait_for_function("document.querySelector('#puzzle-outcome')?.textContent.startsWith('✓ Right.')")
    solved = next(m for m in stored() if m["id"] == item["id"])
    assert solved["step"] == 1 and solved["due"] > missed["due"]
    # Nothing else due now: the panel says what is kept and when the next comes back.
    phone.tap("#puzzle-next")
    phone.wait_for_function("document.querySelector('#puzzle-task')?.textContent.startsWith('Nothing due now')")
    # And so it says when the game card's button opens it with nothing due (it stayed on "Loading…").
    phone.goto(server.url + "#/")
    wait_ready(phone)
    assert phone.inner_text('[data-mistakes="manalath"]') == "Mistakes"
    phone.tap('[data-mistakes="manalath"]')
    wait_ready(phone, "manalath")
    phone.wait_for_function("document.querySelector('#puzzle-task')?.textContent.startsWith('Nothing due now')")
    assert "the next comes back in 4 hours" in phone.inner_text("#puzzle-task")
    phone.wait_for_selector('[data-cell="e5"]')


def mistake(game: str, moves: list[str], played: str, better: str, now_ms: int) -> dict:
    """A mistake kept from a review (site/model/mistakes.js's shape), due now."""
    record = {"format": 1, "game": game, "players": 2, "seed": 0, "options": {}, "moves": moves}
    return {"id": f"{game}-{len(moves)}-test", "game": game, "record": record, "player": len(moves) % 2,
            "played": played, "from": "review", "mark": "blunder", "better": better, "added": now_ms,
            "due": now_ms, "step": 0}


AMBUSH_MOVES = ("b5s.2ccw-s.e6m.f3m.d3l.3half-l.c1s.b6s.c6s.2ccw-m.e1s.f4s.a4s.d3m.d6m.b2l.f2m.c3l.d1m.d2s.2ccw-m."
                "f4m.e1l.3ccw-s.d6l.e2m").split(".")


def test_every_games_mistakes_due_are_tried_game_by_game_from_the_home_page(phone, server):
    """Issue 40, every game's mistakes in one place: the home page says how many are due in
    which games and starts with the first; once a game's are done, the panel goes on to the next."""
    phone.goto(server.url)
    wait_ready(phone)
    now = phone.evaluate("Date.now()")
    items = [mistake("manalath", BLUNDER.split(".")[:6], "f5w", "e7w", now - 1000),
             mistake("ambush", AMBUSH_MOVES, "f5l", "a1l", now - 1000)]
    phone.evaluate("(items) => localStorage.setItem('boardgames.mistakes', JSON.stringify(items))", items)
    phone.reload()
    wait_ready(phone)
    assert "2 due now to try again: Manalath 1, Ambush 1." in phone.inner_text("#view .mistakes-due")
    phone.tap("#mistakes-all")
    wait_ready(phone, "manalath")
    phone.wait_for_function("document.querySelector('#puzzle-task')?.textContent.includes('f5w here was a blunder')")
    phone.tap("#puzzle-reveal")
    phone.wait_for_selector("#puzzle-outcome")
    phone.tap("#puzzle-next")
    phone.wait_for_function("document.querySelector('#puzzle-task')?.textContent.startsWith('Nothing due now')")
    assert phone.inner_text("#mistakes-onward") == "Go on in Ambush (1 due)"
    phone.tap("#mistakes-onward")
    wait_ready(phone, "ambush")
    phone.wait_for_function("document.querySelector('#puzzle-task')?.textContent.includes('f5l here was a blunder')")
    assert phone.inner_text("#title") == "Ambush: your mistakes"
