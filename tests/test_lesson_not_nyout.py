"""Not Nyout's lesson (py_engines/learn/not_nyout.py): each step's position is what its
words say, and its check accepts exactly the moves that do its task, found here another
way (by replaying each legal move and reading the position it leaves)."""
from __future__ import annotations

import pytest

import py_engines
from py_engines.games.not_nyout import ARM_NAMES
from py_engines.learn import LESSONS
from test_lesson import passing, replayed

RED, BLUE = 0, 1
STEPS = {step.key: step for step in LESSONS["not_nyout"]}


def start(key: str):
    return py_engines.load(STEPS[key].record("not_nyout"))


def stations(game, owner: int) -> dict[str, list[int]]:
    """Where ``owner``'s groups stand: station -> their sizes."""
    return {name: [g["size"] for g in groups if g["owner"] == owner]
            for name, groups in game.view()["stations"].items() if groups[0]["owner"] == owner}


def test_the_course_in_order_from_first_move_to_a_fight():
    assert list(STEPS) == ["summon", "move", "short-way", "join", "fight"]
    for key in STEPS:
        game = start(key)
        assert game.to_move == RED and game.view()["phase"] == "move", key


def test_summon_the_first_horse():
    game = start("summon")
    assert game.view()["rolls"] == [3] and game.view()["stations"] == {}
    # The first move of the game: the one die can only summon, onto S3; every move does the task.
    assert passing("not_nyout", STEPS["summon"]) == set(game.legal_moves()) == {"+3"}
    assert stations(replayed("not_nyout", STEPS["summon"], "+3"), RED) == {"S3": [1]}


def test_move_a_horse_by_its_die():
    game = start("move")
    assert stations(game, RED) == {"S3": [1]} and game.view()["rolls"] == [2]
    # The moves after which the horse on S3 has left it (a summon leaves it there).
    moved = {m for m in game.legal_moves() if "S3" not in stations(replayed("not_nyout", STEPS["move"], m), RED)}
    assert passing("not_nyout", STEPS["move"]) == moved == {"S3>E/2"}
    assert "+2" in set(game.legal_moves()) - moved


def test_the_short_way_through_the_centre():
    game = start("short-way")
    assert stations(game, RED) == {"E": [1]} and game.view()["rolls"] == [4]
    # Four steps from E that end on the cross beyond C: n2, w2, s2 (e2 is only two steps in).
    inward = {m for m in game.legal_moves()
              if set(stations(replayed("not_nyout", STEPS["short-way"], m), RED)) & (set(ARM_NAMES) - {"e1", "e2"})}
    assert passing("not_nyout", STEPS["short-way"]) == inward == {"E>n2/4", "E>w2/4", "E>s2/4"}
    assert {"E>E4/4", "+4"} <= set(game.legal_moves()) - inward


def test_join_two_horses_into_a_pair():
    game = start("join")
    assert stations(game, RED) == {"S2": [1], "S4": [1]} and game.view()["rolls"] == [2, 1]
    # The moves after which Red has a group of two or more.
    pair = {m for m in game.legal_moves()
            if any(size >= 2 for sizes in stations(replayed("not_nyout", STEPS["join"], m), RED).values()
                   for size in sizes)}
    assert passing("not_nyout", STEPS["join"]) == pair == {"S2>S4/2&", "+2&"}
    # Landing on S4 without joining leaves two groups there: not a pair.
    assert stations(replayed("not_nyout", STEPS["join"], "S2>S4/2"), RED)["S4"] == [1, 1]


def test_attack_with_the_pair():
    game = start("fight")
    assert stations(game, RED) == {"E": [2, 1]} and stations(game, BLUE) == {"e2": [1]}
    assert game.view()["rolls"] == [2]
    # The moves that start a fight in which Red's attacker is the pair.
    by_pair = set()
    for m in game.legal_moves():
        combat = replayed("not_nyout", STEPS["fight"], m).view()["combat"]
        if combat and combat["attacker"] == {"owner": RED, "size": 2}:
            by_pair.add(m)
    assert passing("not_nyout", STEPS["fight"]) == by_pair == {"2E>e2/2"}
    # The lone horse's attack is a fight too, but not the task.
    assert replayed("not_nyout", STEPS["fight"], "1E>e2/2").view()["combat"]["attacker"]["size"] == 1
    assert "1E>e2/2" not in passing("not_nyout", STEPS["fight"])


@pytest.mark.parametrize("key", list(STEPS))
def test_each_step_has_a_passing_move_and_all_but_the_first_a_failing_one(key):
    game = start(key)
    ok = passing("not_nyout", STEPS[key])
    assert ok
    if key != "summon":
        assert set(game.legal_moves()) - ok
