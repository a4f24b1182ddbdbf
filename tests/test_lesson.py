"""The lessons (py_engines.learn.LESSONS): each step's position loads, and its
check accepts exactly the moves that do its task (computed here another way)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import py_engines
from py_engines import bridge
from py_engines.learn import DIAGRAMS, LESSONS

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
    for words in (step.task, step.hint):
        assert words.endswith(".") and 10 < len(words) < 300
    assert passing(game, step), "no move does the task"


@pytest.mark.parametrize("game, index, step", EVERY, ids=[f"{g}-{s.key}" for g, _, s in EVERY])
def test_every_move_tried_gets_words_for_the_task(game, index, step):
    """A move that does the task is told what it did; one that misses is told why, in a
    sentence or two (at most 60 moves a step, spread over its legal moves)."""
    start = py_engines.load(step.record(game))
    moves = start.legal_moves()
    for move in moves[::max(1, len(moves) // 60)] + sorted(passing(game, step)):
        ok, after, _ = step.attempt(start, move)
        said = step.said(start, move, after, ok)
        assert said.endswith(".") and 10 < len(said) < 400, (move, said)
        if not ok:
            assert said != "That does not do the task.", move


WHY = [(game, step) for game, _, step in EVERY if step.why]


def named(value) -> set[str]:
    """Every string in an event's fields, nested lists and dicts included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(named, value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*map(named, value)) if value else set()
    return set()


@pytest.mark.parametrize("game, step", WHY, ids=[f"{g}-{s.key}" for g, s in WHY])
def test_a_miss_says_why_naming_only_cells_its_move_or_task_concerns(game, step):
    """A step's reason for a miss (`why`) says what the move did, from its events: every cell it
    names is one the move's events or the step's task name; then a move that does the task."""
    start = py_engines.load(step.record(game))
    cells = {cell["name"] for cell in type(start).layout()["cells"]}
    misses = [m for m in start.legal_moves() if not step.attempt(start, m)[0]]
    assert misses
    for move in misses[::max(1, len(misses) // 60)]:
        _, after, _ = step.attempt(start, move)
        why = step.why(start, move, after)
        assert why.endswith(".") and step.said(start, move, after, False).startswith(why + " One move that does the task: ")
        said_cells = {word for word in re.findall(r"[A-Za-z]+[0-9]*", why) if word in cells}
        assert said_cells <= named(after.events) | set(re.findall(r"[A-Za-z]+[0-9]*", step.task)), (move, why)


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
    # The quart f2-f5 grows to exactly five: a white piece touching it and no other white piece.
    grow = start("grow-quart")
    assert passing("manalath", steps["grow-quart"]) == {
        m for m in grow.legal_moves() if m.endswith("w") and merged_size(grow, m[:-1], "w") == 5} == {
        "e2w", "e6w", "f1w", "f6w", "g1w", "g5w"}
    # Beside the quint Black made, a white piece making a white group of four (and the game won).
    first = start("quint-first")
    assert passing("manalath", steps["quint-first"]) == {
        m for m in first.legal_moves() if m.endswith("w") and merged_size(first, m[:-1], "w") == 4}
    # No white quint for White to make next: counted from the views alone, every reply tried.
    gift = start("no-gift")

    def fives(game, colour: str) -> int:
        """The empty cells where a piece of ``colour`` would make a group of exactly five."""
        empty = [c["name"] for c in type(game).layout()["cells"] if c["name"] not in game.view()["cells"]]
        return sum(merged_size(game, cell, colour) == 5 for cell in empty)
    assert passing("manalath", steps["no-gift"]) == {
        m for m in gift.legal_moves() if not fives(replayed("manalath", steps["no-gift"], m), "w")
        and merged_size(gift, m[:-1], m[-1]) not in (4, 5)} == {"c6b", "b6w", "d7w", "d8w"}
    # Two threats at once (proved by the step's own search over every reply): counted here from the
    # views, a white piece making a trio after which two empty cells each make a white five.
    threats = start("two-threats")
    assert passing("manalath", steps["two-threats"]) == {
        m for m in threats.legal_moves() if m.endswith("w") and merged_size(threats, m[:-1], "w") == 3
        and fives(replayed("manalath", steps["two-threats"], m), "w") >= 2} == {
        "d3w", "d4w", "d5w", "f3w", "f4w", "f5w"}
    assert passing("manalath", steps["trap"]) == {"a4b"}
    # The challenges, positions of real games: one move wins in each of two, and in the third one
    # move leaves Black no quint (e5 and f5 each join e6 to the black trio: d5 makes them join six).
    assert passing("manalath", steps["challenge-quint"]) == {"h5w"}
    assert passing("manalath", steps["challenge-made"]) == {"b5w"}
    gap = start("challenge-gift")
    assert {c for c in ("e5", "f5") if merged_size(gap, c, "b") == 5} == {"e5", "f5"}
    assert passing("manalath", steps["challenge-gift"]) == {
        m for m in gap.legal_moves() if not fives(replayed("manalath", steps["challenge-gift"], m), "b")
        and merged_size(gap, m[:-1], m[-1]) not in (4, 5)} == {"d5b"}


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_every_chapter_ends_in_a_challenge_and_the_goal_opens_the_course(game):
    """A course is grouped in chapters, the first opening at the first step; each chapter's last step is a
    challenge (its title says so), a position where the chapter's rules must be used, not only shown."""
    steps = LESSONS[game]
    assert steps[0].chapter, "the first step opens no chapter"
    starts = [i for i, step in enumerate(steps) if step.chapter]
    for begin, end in zip(starts, starts[1:] + [len(steps)]):
        chapter = steps[begin:end]
        assert len(chapter) >= 2 and chapter[-1].title.startswith("Challenge: "), \
            f"the chapter {steps[begin].chapter!r} ends in {chapter[-1].key!r}, not a challenge"


@pytest.mark.slow
@pytest.mark.parametrize("game, index, step", EVERY, ids=[f"{g}-{s.key}" for g, _, s in EVERY])
def test_no_move_a_step_accepts_loses_at_once_or_hands_over_a_win_in_one(game, index, step):
    """Proved by trying every reply to every accepted move (chance points: the dice are not
    the other side's choice, so a step whose move ends at one is checked to its own end)."""
    start = py_engines.load(step.record(game))
    me = start.to_move
    for move in sorted(passing(game, step)):
        after = start.clone()
        after.play(move)
        assert not (after.is_over and me not in after.winners), f"{move} loses at once"
        if after.is_over or after.to_move in (None, py_engines.CHANCE, me):
            continue
        for reply in after.legal_moves():
            then = after.clone()
            then.play(reply)
            assert not (then.is_over and me not in then.winners), f"{move} loses to {reply}"


def test_the_bridge_gives_a_lesson_and_judges_a_move():
    steps = json.loads(bridge.handle('{"op": "lesson", "game": "manalath"}'))["result"]["steps"]
    assert [s["key"] for s in steps] == [s.key for s in LESSONS["manalath"]]
    tried = json.loads(bridge.handle(json.dumps({"op": "lesson_try", "game": "manalath", "step": 2, "move": "d6w"})))
    assert tried["result"]["ok"] is True and "quint" in tried["result"]["text"]
    tried = json.loads(bridge.handle(json.dumps({"op": "lesson_try", "game": "manalath", "step": 2, "move": "a1w"})))
    assert tried["result"]["ok"] is False
    for request in ({"op": "lesson", "game": "chess"}, {"op": "lesson_try", "game": "manalath", "step": 6, "move": "a1w"},
                    {"op": "lesson_try", "game": "manalath", "step": 1, "move": "e5w"}):
        answer = json.loads(bridge.handle(json.dumps(request)))
        assert answer["ok"] is False and answer["error"]["code"] in ("bad_request", "illegal_move"), request


DOCS = Path(__file__).resolve().parent.parent / "docs"
# Courses still to be rewritten with a table of the rules they teach (issue 38).
COURSES_TO_REWRITE: set[str] = set()


def rules_taught(game: str) -> list[tuple[str, str]]:
    """The rows of docs/<game>.md's table "Rules taught": (id, taught by)."""
    path = DOCS / f"{game}.md"
    text = path.read_text() if path.exists() else ""
    section = text.partition("## Rules taught")[2].split("\n## ")[0]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| `")]
    return [(cells[0].strip().strip("`"), cells[-1].strip()) for cells in rows]


@pytest.mark.parametrize("game", [pytest.param(g, marks=pytest.mark.xfail(
    strict=True, reason="its course is still to be rewritten with a table of rules (issue 38)"))
    if g in COURSES_TO_REWRITE else g for g in LESSONS])
def test_every_rule_of_a_game_is_taught_by_a_step_an_example_or_said_why_not(game):
    rows = rules_taught(game)
    assert len(rows) >= 8, f"docs/{game}.md has no table of the rules taught"
    ids = [rule for rule, _ in rows]
    assert len(set(ids)) == len(ids) and all(re.fullmatch(r"[a-z][a-z0-9-]*", rule) for rule in ids), ids
    steps = {step.key for step in LESSONS[game]}
    examples = {diagram.key for diagram in DIAGRAMS[game]}
    for rule, taught in rows:
        named_steps = re.findall(r"step `([^`]+)`", taught)
        named_examples = re.findall(r"example `([^`]+)`", taught)
        reason = taught.partition("rules page:")[2].strip()
        assert named_steps or named_examples or len(reason) > 30, f"{rule}: taught nowhere ({taught!r})"
        assert set(named_steps) <= steps, f"{rule}: no such step {set(named_steps) - steps}"
        assert set(named_examples) <= examples, f"{rule}: no such example {set(named_examples) - examples}"
    # The goal comes first: the course's first step teaches it.
    goal = dict(rows).get("goal", "")
    assert LESSONS[game][0].key in re.findall(r"step `([^`]+)`", goal), "the goal is not taught by the first step"
