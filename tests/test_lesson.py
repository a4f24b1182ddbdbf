"""The lessons (py_engines.learn.LESSONS): each step's position loads, and its
check accepts exactly the moves that do its task (computed here another way)."""
from __future__ import annotations

import json

import pytest

import py_engines
from py_engines import bridge
from py_engines.learn import LESSONS

from test_refusal import merged_size

EVERY = [(game, i, step) for game, steps in LESSONS.items() for i, step in enumerate(steps)]


def passing(game: str, step) -> set[str]:
    start = py_engines.load(step.record(game))
    return {move for move in start.legal_moves() if step.attempt(start, move)[0]}


def replayed(game: str, step, move: str):
    record = json.loads(step.record(game))
    record["moves"].append(move)
    return py_engines.load(json.dumps(record))


@pytest.mark.parametrize("game, index, step", EVERY, ids=[f"{g}-{s.key}" for g, _, s in EVERY])
def test_a_step_is_a_position_a_task_and_words(game, index, step):
    start = py_engines.load(step.record(game))
    assert not start.is_over
    for words in (step.task, step.hint, step.done):
        assert words.endswith(".") and 10 < len(words) < 300
    assert passing(game, step), "no move does the task"


def test_manalath_each_step_accepts_exactly_the_moves_that_do_its_task():
    steps = {step.key: step for step in LESSONS["manalath"]}
    start = lambda key: py_engines.load(steps[key].record("manalath"))  # noqa: E731
    assert passing("manalath", steps["place"]) == set(start("place").legal_moves())
    touching_e5 = {"d4", "d5", "e4", "e6", "f4", "f5"}
    assert passing("manalath", steps["either-colour"]) == {c + "w" for c in touching_e5}
    assert passing("manalath", steps["quint"]) == {
        m for m in start("quint").legal_moves() if replayed("manalath", steps["quint"], m).winners == [0]} == {"d6w"}
    quart = start("quart")
    assert passing("manalath", steps["quart"]) == {
        m for m in quart.legal_moves() if m.endswith("w") and merged_size(quart, m[:-1], "w") != 4}
    gift = start("no-gift")
    assert passing("manalath", steps["no-gift"]) == set(gift.legal_moves()) - {"c6w"}


def test_the_bridge_gives_a_lesson_and_judges_a_move():
    steps = json.loads(bridge.handle('{"op": "lesson", "game": "manalath"}'))["result"]["steps"]
    assert [s["key"] for s in steps] == [s.key for s in LESSONS["manalath"]]
    tried = json.loads(bridge.handle(json.dumps({"op": "lesson_try", "game": "manalath", "step": 2, "move": "d6w"})))
    assert tried["result"]["ok"] is True and "quint" in tried["result"]["text"]
    tried = json.loads(bridge.handle(json.dumps({"op": "lesson_try", "game": "manalath", "step": 2, "move": "a1w"})))
    assert tried["result"]["ok"] is False
    for request in ({"op": "lesson", "game": "chess"}, {"op": "lesson_try", "game": "manalath", "step": 5, "move": "a1w"},
                    {"op": "lesson_try", "game": "manalath", "step": 1, "move": "e5w"}):
        answer = json.loads(bridge.handle(json.dumps(request)))
        assert answer["ok"] is False and answer["error"]["code"] in ("bad_request", "illegal_move"), request
