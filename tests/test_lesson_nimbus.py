"""Nimbus's lesson: each step accepts exactly the moves that do its task, found
here another way (from the position's squares or a replay of the record)."""
from __future__ import annotations

import py_engines
from py_engines.learn import LESSONS

from test_lesson import passing, replayed

STEPS = {step.key: step for step in LESSONS["nimbus"]}


def start(key: str):
    return py_engines.load(STEPS[key].record("nimbus"))


def orient_of(game, move: str) -> tuple[str, str]:
    """A move action ``d4=ne``: the orientation of the pyramid on its square now, and the one it sets."""
    cell, orient = move.split("=")
    return game.view()["squares"][cell]["orient"], orient


def test_the_course_runs_from_the_setup_to_the_end_of_a_round():
    assert list(STEPS) == ["setup", "stand-up", "turn", "move", "collect", "last"]
    assert start("setup").view()["phase"] == "setup"
    for key in list(STEPS)[1:]:
        assert start(key).view()["phase"] == "play"
    assert start("last").view()["remaining"] == ["collect"]


def test_nimbus_each_step_accepts_exactly_the_moves_that_do_its_task():
    # Any pyramid taken from the pile.
    assert passing("nimbus", STEPS["setup"]) == set(start("setup").legal_moves())

    # Standing up: a flat pyramid set upright, whichever.
    game = start("stand-up")
    flat = {cell for cell, square in game.view()["squares"].items() if square["orient"] != "u"}
    stands = {cell + "=u" for cell in flat}
    assert stands <= set(game.legal_moves()) and "d5=u" in stands
    assert passing("nimbus", STEPS["stand-up"]) == stands

    # Turning: a flat pyramid set to another direction (not upright).
    game = start("turn")
    turns = {m for m in game.legal_moves() if "=" in m and orient_of(game, m)[0] != "u" and orient_of(game, m)[1] != "u"}
    assert "b3=n" in turns and "b3=u" not in turns
    assert passing("nimbus", STEPS["turn"]) == turns

    # Moving: a pyramid changes square (the heights of the stacks change, none leaves the board).
    game = start("move")
    heights = lambda squares: {c: len(s["stack"]) for c, s in squares.items()}  # noqa: E731
    before = heights(game.view()["squares"])
    moved = set()
    for m in game.legal_moves():
        after = heights(replayed("nimbus", STEPS["move"], m).view()["squares"])
        if after != before and sum(after.values()) == sum(before.values()):
            moved.add(m)
    assert {"e4-f4", "d4-c5"} <= moved
    assert passing("nimbus", STEPS["move"]) == moved

    # Collecting: the collects that gain the most pips, from the collections after each.
    game = start("collect")
    gained = {m: replayed("nimbus", STEPS["collect"], m).view()["pips"][1] - game.view()["pips"][1]
              for m in game.legal_moves() if ":" in m}
    best = max(gained.values())
    assert best == 9
    assert passing("nimbus", STEPS["collect"]) == {m for m, p in gained.items() if p == best} == {"3:b2-f6", "3:f6-b2"}

    # The last pyramid: the collects after which the round is over, won by player 1 who took the last.
    game = start("last")
    assert game.to_move == 0 and len(game.view()["squares"]) == 3
    ending = {m for m in game.legal_moves() if replayed("nimbus", STEPS["last"], m).rounds}
    for m in ending:
        assert replayed("nimbus", STEPS["last"], m).rounds[0]["winners"] == [0]
    assert passing("nimbus", STEPS["last"]) == ending == {"u:c4-g4", "u:g4-c4"}

    # Each step but the first refuses some legal move.
    for key in list(STEPS)[1:]:
        assert passing("nimbus", STEPS[key]) < set(start(key).legal_moves()), key
