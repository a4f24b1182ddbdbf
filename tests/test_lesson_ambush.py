"""Ambush's lesson (py_engines/learn/ambush.py): each step accepts exactly the
moves that do its task, found here another way, by replaying each legal move and
reading the board, the trees and the captured pips (not the step's goal)."""
from __future__ import annotations

import pytest

import py_engines
from py_engines.games.ambush import INDEX, PLACEMENTS, TURN_MOVES
from py_engines.learn import LESSONS

from test_lesson import passing, replayed

STEPS = {step.key: step for step in LESSONS["ambush"]}


def start(key):
    return py_engines.load(STEPS[key].record("ambush"))


def taken(key, move, cell=None):
    """Whether ``move`` at the step's position makes the mover capture (a pyramid from ``cell``)."""
    before, after = start(key), replayed("ambush", STEPS[key], move)
    me = before.to_move
    if len(after.captured[me]) == len(before.captured[me]):
        return False
    return cell is None or len(after.stacks[INDEX[cell]]) < len(before.stacks[INDEX[cell]])


def test_the_course_is_seventeen_steps_in_four_chapters():
    assert list(STEPS) == ["place", "stack", "strength", "challenge-strength", "sandwich", "several", "diagonal",
                           "two-at-once", "top-only",
                           "challenge-capture", "turn", "closed", "out-of-reach", "order", "challenge-turn", "last-turn",
                           "challenge-end"]
    assert [step.chapter for step in STEPS.values() if step.chapter] == ["The goal", "Capturing", "Turning", "The end"]


def test_place_accepts_every_placement_and_no_turn():
    legal = set(start("place").legal_moves())
    assert passing("ambush", STEPS["place"]) == {m for m in legal if m in PLACEMENTS}
    assert passing("ambush", STEPS["place"]) and legal - passing("ambush", STEPS["place"])


def test_stack_accepts_the_pyramids_that_go_on_red_s_own_stack():
    game = start("stack")
    own = {c for c in range(36) if game.owner[c] == game.to_move}
    expected = {m for m in game.legal_moves() if m in PLACEMENTS and PLACEMENTS[m][0] in own}
    assert passing("ambush", STEPS["stack"]) == expected == {"c3s", "c3m"}
    assert "d4s" not in game.legal_moves()  # Black's stack is closed to Red


def test_strength_accepts_the_pyramid_that_makes_c3_show_three_pips():
    game = start("strength")
    expected = {m for m in game.legal_moves()
                if m[:2] == "c3" and replayed("ambush", STEPS["strength"], m).power[INDEX["c3"]] == 3}
    assert passing("ambush", STEPS["strength"]) == expected == {"c3l"}
    assert {"c3s", "c3m"} <= set(game.legal_moves())  # legal, but 2 pips


def test_sandwich_accepts_the_placements_that_capture_the_large():
    game = start("sandwich")
    expected = {m for m in game.legal_moves() if m in PLACEMENTS and taken("sandwich", m, "b2")}
    assert passing("ambush", STEPS["sandwich"]) == expected == {"b3m", "b3l"}
    assert not taken("sandwich", "b3s")  # a tie


def test_the_capturing_chapter_accepts_exactly_the_placements_that_capture_there():
    """Every placement after which the target lost a pyramid to the mover, and no other."""
    for key, target, expected in (("diagonal", "b2", {"c3m", "c3l", "a3l"}),
                                  ("top-only", "a2", {"a3m", "a3l"})):
        game = start(key)
        found = {m for m in game.legal_moves() if m in PLACEMENTS and taken(key, m, target)}
        assert passing("ambush", STEPS[key]) == found == expected, key
    game = start("several")
    assert passing("ambush", STEPS["several"]) == {
        m for m in game.legal_moves() if m in PLACEMENTS and taken("several", m, "b1") and taken("several", m, "c1")
    } == {"d1s", "d1l"}
    game = start("two-at-once")
    assert passing("ambush", STEPS["two-at-once"]) == {
        m for m in game.legal_moves() if m in PLACEMENTS and taken("two-at-once", m, "a2") and taken("two-at-once", m, "b3")}
    # Only the top pyramid goes: Red's medium stays on a2.
    after = start("top-only").clone()
    after.play("a3m")
    assert after.view()["cells"]["a2"]["stack"] == "m"


def test_turn_accepts_the_turns_that_capture_c5():
    game = start("turn")
    expected = {m for m in game.legal_moves() if m in TURN_MOVES and taken("turn", m, "c5")}
    assert passing("ambush", STEPS["turn"]) == expected == {"4ccw-s", "4ccw-l"}
    assert taken("turn", "d5l", "c5")  # a placement captures too, but the task is a turn


def test_closed_accepts_the_capturing_turns_of_an_open_coaster():
    game = start("closed")
    expected = {m for m in game.legal_moves() if m in TURN_MOVES and taken("closed", m)}
    assert passing("ambush", STEPS["closed"]) == expected == {"2cw-s", "2cw-m", "2cw-l"}
    # Coaster 1 would capture too, but Black turned it just before.
    assert game.blocked == 1 and not any(m.startswith("1") for m in game.legal_moves())
    opened = game.clone()
    opened.blocked = None
    opened.play("1ccw-s")
    assert len(opened.captured[0]) == 1
    step = STEPS["closed"]
    ok, after, said = step.attempt(game, "1ccw-s")
    assert not ok and after is None and "turned on the turn just before" in said


def test_order_accepts_the_order_that_leaves_red_furthest_ahead():
    game = start("order")
    assert game.pending == 4 and set(game.legal_moves()) == {"mine", "theirs"}
    lead = {}
    for order in ("mine", "theirs"):
        after = replayed("ambush", STEPS["order"], order)
        lead[order] = after.scores[0] - after.scores[1]
    # Red's capture on e4 first breaks Black's sandwich of e3: 1 pip each, against Black's 4.
    assert lead == {"mine": 0, "theirs": -4}
    assert passing("ambush", STEPS["order"]) == {"mine"}


def test_the_last_turn_accepts_the_placements_that_win():
    game = start("last-turn")
    assert game.to_move == 1 and game.scores == [2.0, 0.0] and len(STEPS["last-turn"].moves) == 29
    winning = set()
    for move in game.legal_moves():
        after = replayed("ambush", STEPS["last-turn"], move)
        assert after.is_over  # the 30th turn ends the game, whatever it is
        if after.winners == [1]:
            winning.add(move)
    assert passing("ambush", STEPS["last-turn"]) == winning == {"d3l", "a4l", "c5l"}


def test_the_end_chapter_s_challenge_is_a_real_game_s_last_turn_won_by_one_move_of_forty():
    """Black trails 10 to 12 with its last large: only the capture of Red's large on a3, from a4 (the
    black stack on a2 the other end), wins; every other move ends the game lost or drawn."""
    game = start("challenge-end")
    assert game.to_move == 1 and game.scores == [12.0, 10.0] and len(game.legal_moves()) == 40
    winning = set()
    for move in game.legal_moves():
        after = replayed("ambush", STEPS["challenge-end"], move)
        assert after.is_over
        if after.winners == [1]:
            winning.add(move)
    assert passing("ambush", STEPS["challenge-end"]) == winning == {"a4l"}


@pytest.mark.parametrize("key", list(STEPS))
def test_each_step_has_a_passing_and_a_failing_move(key):
    legal = set(start(key).legal_moves())
    assert passing("ambush", STEPS[key]) and legal - passing("ambush", STEPS[key])


def test_out_of_reach_accepts_exactly_the_placements_on_coaster_4_no_black_move_captures():
    """Brute force here: every Black answer to each placement, its captures read off the events."""
    game = start("out-of-reach")
    safe = set()
    for move in game.legal_moves():
        if move not in PLACEMENTS or move[:2] not in {"d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"}:
            continue
        after = game.clone()
        after.play(move)
        answers = []
        for reply in after.legal_moves():
            then = after.clone()
            then.play(reply)
            for order in (then.legal_moves() if then.to_move == 1 and not then.is_over and
                          set(then.legal_moves()) <= {"mine", "theirs"} else [None]):
                last = then.clone()
                if order:
                    last.play(order)
                answers.append(any(e["type"] == "capture" and e["player"] == 1 for e in then.events + last.events))
        if not any(answers):
            safe.add(move)
    assert passing("ambush", STEPS["out-of-reach"]) == safe == {"f4s", "f4m", "f4l", "f6s", "f6m", "f6l"}


def test_the_chapters_challenges_accept_only_the_move_that_captures_most():
    """Positions of real games: the best capture (a placement), then one only a turn achieves."""
    assert passing("ambush", STEPS["challenge-capture"]) == {"a3m"}
    assert passing("ambush", STEPS["challenge-turn"]) == {"2ccw-s"}
    scores = {m: replayed("ambush", STEPS["challenge-turn"], m).scores[0] for m in start("challenge-turn").legal_moves()}
    assert max(score for m, score in scores.items() if m in PLACEMENTS) < scores["2ccw-s"]  # Red's: no placement does


def test_the_goal_chapter_s_challenge_is_a_medium_on_a_medium_in_a_real_game():
    """Red's stacks after six turns of a real game: a medium on e6, a small on f1. Of the six pyramids
    it could put on them, only the medium on the medium shows 4; a large shows 3 on either."""
    game = start("challenge-strength")
    cells = game.view()["cells"]
    assert {c: v["stack"] for c, v in cells.items() if v["player"] == 0} == {"e6": "m", "f1": "s"}
    shown = {m: replayed("ambush", STEPS["challenge-strength"], m).view()["cells"][m[:2]]["strength"]
             for m in ("e6s", "e6m", "e6l", "f1s", "f1m", "f1l")}
    assert shown == {"e6s": 3, "e6m": 4, "e6l": 3, "f1s": 2, "f1m": 2, "f1l": 3}
    assert passing("ambush", STEPS["challenge-strength"]) == {"e6m"}
