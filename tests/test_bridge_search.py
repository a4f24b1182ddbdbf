"""The bridge's search in slices (search_start, search_step, search_stop): what the page's
worker runs to show the computer's progress and to let a player say "move now"."""
from __future__ import annotations

import json

import pytest

import py_engines
from py_engines import bridge
from py_engines.ai import LEVELS, Search

RECORD = {"format": 1, "game": "manalath", "players": 2, "seed": 0, "options": {}, "moves": ["e5w", "d4b", "f6w"]}


def call(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def result(**request) -> dict:
    answer = call(**request)
    assert answer["ok"], answer
    return answer["result"]


def test_a_search_run_in_slices_to_its_end_answers_as_think_does(monkeypatch):
    # Easy: a short budget; its safety caps (1 s a move) are lifted here, so that a busy machine
    # cannot cut either search short and make the two differ.
    monkeypatch.setitem(LEVELS, "easy", {**LEVELS["easy"], "max_seconds": 600.0, "turn_seconds": 600.0})
    started = result(op="search_start", record=RECORD, level="easy", seed=4)
    assert started["iterations"] == 0 and started["budget"] == LEVELS["easy"]["iterations"]
    assert not started["done"]
    progress = started
    steps = 0
    while not progress["done"]:
        progress = result(op="search_step", search=started["search"], seconds=0.002)
        steps += 1
        assert progress["iterations"] <= progress["budget"]
    assert steps > 1
    answer = result(op="search_stop", search=started["search"])
    whole = result(op="think", record=RECORD, level="easy", seed=4)
    assert not answer["stopped"] and not answer["capped"] and not whole["capped"]
    assert answer["move"] == whole["move"] and answer["iterations"] == whole["iterations"] == progress["budget"]
    # Stopped, the search is forgotten.
    assert call(op="search_step", search=started["search"])["error"]["code"] == "bad_request"


def test_stopping_early_plays_the_best_move_found_so_far():
    started = result(op="search_start", record=RECORD, level="expert", seed=2)
    result(op="search_step", search=started["search"], seconds=0)  # one iteration at least
    result(op="search_step", search=started["search"], seconds=0.05)
    answer = result(op="search_stop", search=started["search"])
    assert answer["stopped"] and 0 < answer["iterations"] < answer["budget"] == LEVELS["expert"]["iterations"]
    # The same search, run for as many iterations in one go, holds the same best move.
    search = Search(py_engines.load(json.dumps(RECORD)), "expert", 2, iterations=answer["iterations"], turn_share=1.0)
    search.run()
    assert search.answer()["move"] == answer["move"]


def test_a_position_that_needs_no_search_is_done_at_once():
    # White's quint is there to take: the root's check settles it.
    record = {**RECORD, "moves": ["a1w", "i1b", "a2w", "i3b", "a4w", "i5b", "a5w", "g1b"]}
    started = result(op="search_start", record=record, level="hard")
    assert started["done"] and started["iterations"] == 0
    assert result(op="search_stop", search=started["search"])["move"] == "a3w"


def test_only_a_few_searches_are_kept_when_their_stop_never_comes():
    numbers = [result(op="search_start", record=RECORD, level="easy")["search"] for _ in range(bridge.KEEP_SEARCHES + 2)]
    assert list(bridge.SEARCHES)[-bridge.KEEP_SEARCHES:] == numbers[-bridge.KEEP_SEARCHES:]
    assert numbers[0] not in bridge.SEARCHES and len(bridge.SEARCHES) <= bridge.KEEP_SEARCHES
    for number in numbers[-bridge.KEEP_SEARCHES:]:
        result(op="search_stop", search=number)
    assert not bridge.SEARCHES


@pytest.mark.parametrize("request_, message", [
    ({"op": "search_start", "record": RECORD, "level": "genius"}, "'level'"),
    ({"op": "search_start", "record": RECORD, "seed": -1}, "'seed'"),
    ({"op": "search_step", "search": 999_999}, "no search"),
    ({"op": "search_step", "search": True}, "'search' must be a whole number"),
    ({"op": "search_stop"}, "'search'"),
    ({"op": "search_start", "record": RECORD, "spent": -1}, "'spent'"),
    ({"op": "think", "record": RECORD, "spent": "1"}, "'spent'"),
    ({"op": "think", "record": RECORD, "spent": True}, "'spent'"),
])
def test_bad_search_requests_get_a_clear_message(request_, message):
    answer = call(**request_)
    assert answer["error"]["code"] == "bad_request" and message in answer["error"]["message"]


def test_a_step_of_a_bad_length_is_refused_and_changes_nothing():
    started = result(op="search_start", record=RECORD, level="easy")
    for seconds in (-1, 11, "1", True):
        answer = call(op="search_step", search=started["search"], seconds=seconds)
        assert answer["error"]["code"] == "bad_request" and "'seconds'" in answer["error"]["message"]
    assert result(op="search_step", search=started["search"], seconds=0)["iterations"] == 1
    result(op="search_stop", search=started["search"])


def test_a_turns_later_search_is_told_how_long_the_turn_has_thought():
    # The page passes ``spent`` (the turn's thinking so far); past the level's turn_seconds
    # a search is capped at a tenth of its move's cap.
    expert = LEVELS["expert"]
    for spent, cap in ((0, expert["max_seconds"]), (expert["turn_seconds"], expert["max_seconds"] / 10)):
        number = result(op="search_start", record=RECORD, level="expert", seed=2, spent=spent)["search"]
        search = bridge.SEARCHES[number]
        assert search.deadline - search.started == pytest.approx(cap)
        result(op="search_stop", search=number)
    assert result(op="new", game="not_nyout")["turn"] == 0   # the page's turn clock goes by it
