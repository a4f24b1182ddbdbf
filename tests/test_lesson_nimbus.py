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
    assert list(STEPS) == ["setup", "place", "stand-up", "turn", "move", "challenge-line-up", "collect", "last",
                           "challenge-collect",
                           "two-apart", "no-sweep", "challenge-apart"]
    assert [(s.key, s.chapter) for s in STEPS.values() if s.chapter] == [
        ("setup", "The goal and moving"), ("collect", "Collecting"), ("two-apart", "The heart of the game")]
    assert start("setup").view()["phase"] == start("place").view()["phase"] == "setup"
    for key in list(STEPS)[2:]:
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

    # Placing: the large red taken, put anywhere lying flat (any of the eight ways), never upright.
    game = start("place")
    assert game.view()["held"] == "r3"
    flat = {m for m in game.legal_moves() if not m.endswith("=u")}
    assert passing("nimbus", STEPS["place"]) == flat and len(flat) == 8 * 64

    # Each step but the first refuses some legal move.
    for key in list(STEPS)[1:]:
        assert passing("nimbus", STEPS[key]) < set(start(key).legal_moves()), key


def whole_turns(game):
    """Every turn the player to move can make: (first action, second action or None)."""
    me = game.to_move
    for first in game.legal_moves():
        after = game.clone()
        after.play(first)
        if after.to_move != me or after.rounds:
            yield after
            continue
        for second in after.legal_moves():
            then = after.clone()
            then.play(second)
            yield then


def test_no_sweep_accepts_the_collects_after_which_player_2_cannot_take_everything():
    game = start("no-sweep")
    assert game.to_move == 0 and game.view()["remaining"] == ["collect"]
    assert {cell: sq["stack"] for cell, sq in game.view()["squares"].items()} == {
        "a6": ["y2"], "c4": ["k3"], "c5": ["y1"], "c3": ["b2"]}
    safe = set()
    for collect in game.legal_moves():
        after = replayed("nimbus", STEPS["no-sweep"], collect)
        assert not after.rounds and after.to_move == 1
        if not any(turn.rounds for turn in whole_turns(after)):
            safe.add(collect)
    # Only taking the black large on c4 (by colour, size or orientation) leaves no sweep.
    assert passing("nimbus", STEPS["no-sweep"]) == safe == {"k:c4", "3:c4", "u:c4"}


def test_two_apart_accepts_exactly_the_collects_of_the_red_on_d3_alone():
    """Three pyramids left (a3, d3, g6): taking d3 alone leaves two no move lines up; taking two hands
    over the last, and leaving d3 with either other lets Player 2 take both."""
    game = start("two-apart")
    assert sorted(game.view()["squares"][c]["stack"][0] for c in ("a3", "d3", "g6")) == ["b2", "r1", "r3"]
    assert passing("nimbus", STEPS["two-apart"]) == {"r:d3", "1:d3", "u:d3"}


def test_the_collecting_chapter_s_challenge_is_the_biggest_line_of_a_real_game_of_45():
    """A position of a real game with the game's own 45 pyramids: the five larges of row 3, 15 pips, read
    from either end, and nothing else comes near (9 at most)."""
    game = start("challenge-collect")
    assert sum(len(square["stack"]) for square in game.view()["squares"].values()) == 43  # two collected so far
    assert passing("nimbus", STEPS["challenge-collect"]) == {"3:c3-h3", "3:h3-c3"}


def test_the_heart_chapter_s_challenge_is_a_real_game_of_45_with_three_pyramids_left():
    """Player 1 has made its move; of the three left (a blue small on e1, a yellow small on f4, a red
    medium on d5) only the blue's collect leaves two that no turn of Player 2's takes both of: every
    turn of theirs tried."""
    game = start("challenge-apart")
    assert game.view()["remaining"] == ["collect"] and game.options["sets"] == 3  # the 45 pyramids
    assert {cell: sq["stack"] for cell, sq in game.view()["squares"].items() if sq["stack"]} == {
        "e1": ["b1"], "f4": ["y1"], "d5": ["r2"]}
    safe = {collect for collect in game.legal_moves()
            if not any(turn.rounds for turn in whole_turns(replayed("nimbus", STEPS["challenge-apart"], collect)))}
    assert passing("nimbus", STEPS["challenge-apart"]) == safe == {"b:e1", "1:e1", "s:e1"}


def test_the_moving_chapter_s_challenge_turns_a_large_to_line_up_seven_pips_pointing_one_way():
    """A real game of 45: three moves line up three tops pointing one way (d2 or e2 turned south-east
    beside g2 and h2, or the red on g3 slid onto e1 in column e); turning the green large on e2 makes 7
    pips, the others 5."""
    game = start("challenge-line-up")
    lined = {}
    for move in game.legal_moves():
        if ":" in move:
            continue
        after = replayed("nimbus", STEPS["challenge-line-up"], move)
        takes = []
        for collect in after.legal_moves():
            if collect.split(":")[0] in ("n", "ne", "e", "se", "s", "sw", "w", "nw"):  # by the way they point
                then = after.clone()
                then.play(collect)
                takes += [e for e in then.events if e["type"] == "collect" and len(e["taken"]) >= 3]
        if takes:
            lined[move] = max(e["pips"] for e in takes)
    assert lined == {"d2=se": 5, "e2=se": 7, "g3-e1": 5}
    assert passing("nimbus", STEPS["challenge-line-up"]) == {"e2=se"}
