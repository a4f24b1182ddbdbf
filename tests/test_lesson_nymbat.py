"""Nymbat's lesson (py_engines/learn/nymbat.py): each step accepts exactly the
moves that do its task, worked out here another way, from the replayed
position's pieces, reserves and rows (row o is Blue's home row, and a row's
letter says how far it is from it)."""
from __future__ import annotations

import pytest

import py_engines
from py_engines.learn import LESSONS

from test_lesson import passing, replayed

STEPS = {step.key: step for step in LESSONS["nymbat"]}


def start(key):
    return py_engines.load(STEPS[key].record("nymbat"))


def after(key, move):
    return replayed("nymbat", STEPS[key], move)


def pieces(game, player):
    return {cell: number for cell, (owner, number) in game.view()["cells"].items() if owner == player}


def rows_up(a: str, b: str) -> int:
    """How many rows nearer the top edge (Blue's home row) ``b`` is than ``a``."""
    return ord(b[0]) - ord(a[0])


def piece_moves(game):
    return [m for m in game.legal_moves() if "-" in m]


def test_the_course_in_three_chapters_goal_first():
    assert list(STEPS) == ["setup", "first-turn", "home-row", "speed", "group", "costs", "challenge-reach", "attack",
                           "breakthrough", "break-take", "challenge-attack", "defend", "challenge-defend"]
    assert [(s.key, s.chapter) for s in STEPS.values() if s.chapter] == [
        ("setup", "The goal and moving"), ("attack", "Attacks"), ("defend", "Defending")]
    for step in STEPS.values():
        assert start(step.key).to_move == 0  # the player is Red in every step


def test_setup_any_first_placement_passes():
    first = start("setup")
    assert passing("nymbat", STEPS["setup"]) == set(first.legal_moves())
    assert all("=" in m for m in first.legal_moves())


def test_speed_the_five_goes_two_rows_up_its_group_held_by_the_two():
    here = start("speed")
    assert pieces(here, 0) == {"c4": 2, "c5": 5}
    right = {m for m in piece_moves(here) if m.startswith("c5-") and rows_up("c5", m[3:]) == 2}
    assert right == {"c5-e5", "c5-e6", "c5-e7"}
    assert passing("nymbat", STEPS["speed"]) == right
    assert not any(m.startswith("c5-") and rows_up("c5", m[3:]) > 2 for m in here.legal_moves())


def test_attack_only_an_attacker_that_survives_passes():
    here = start("attack")
    red, blue = pieces(here, 0), pieces(here, 1)
    right = set()
    for move in piece_moves(here):
        target = move.split("-")[1]
        if target not in blue:
            continue
        later = after("attack", move)
        # Blue lost the piece and Red kept all of its own.
        if len(pieces(later, 1)) == len(blue) - 1 and len(pieces(later, 0)) == len(red):
            right.add(move)
    assert right == {"i7-m4", "i7-m5"}
    assert passing("nymbat", STEPS["attack"]) == right
    assert {"k7-m4", "k7-m5"} <= set(here.legal_moves())  # the 4 may attack, and falls


def test_home_row_moves_that_end_on_row_o_pass():
    here = start("home-row")
    right = {m for m in piece_moves(here) if m.split("-")[1].startswith("o")}
    assert right and passing("nymbat", STEPS["home-row"]) == right
    assert not any(cell.startswith("o") for cell in pieces(here, 1))  # Blue's home row is empty


def test_costs_only_a_forward_move_is_free():
    here = start("costs")
    assert here.view()["delays"][0] == 6
    reserve = here.view()["reserves"][0]
    right = {m for m in piece_moves(here) if rows_up("f7", m.split("-")[1]) > 0}
    assert passing("nymbat", STEPS["costs"]) == right
    for move in here.legal_moves():
        paid = after("costs", move).view()["reserves"][0] < reserve
        assert paid == (move not in right) or "=" in move, move  # bring-ins cost their number, and are no move


def neighbours_in(game, cell, cells):
    """Which of ``cells`` touch ``cell`` (the engine's own adjacency, read through a group)."""
    from py_engines.games.nymbat import INDEX, NAMES
    return {NAMES[c] for c in game.group_of(INDEX[cell])} & set(cells)


def test_first_turn_a_tenth_three_touching_the_block_makes_thirty():
    here = start("first-turn")
    block = pieces(here, 0)
    assert set(block.values()) == {3} and len(block) == 9 and here.view()["allowance"] == 3
    joined = set()
    for move in here.legal_moves():
        if move.endswith("=3"):
            then = after("first-turn", move)
            if len(pieces(then, 0)) == 10 and neighbours_in(then, move[:-2], block):
                assert then.to_move == 1  # 30 spent: the first turn is over
                joined.add(move)
    assert passing("nymbat", STEPS["first-turn"]) == joined and len(joined) == 10


def test_group_the_second_piece_moves_nearer_the_top():
    here = start("group")
    assert pieces(here, 0) == {"c4": 3, "f6": 3} and here.view()["group"]["left"] == ["c4"]
    forward = {m for m in piece_moves(here) if m.startswith("c4-") and rows_up("c4", m.split("-")[1]) > 0}
    assert passing("nymbat", STEPS["group"]) == forward and "done" in here.legal_moves()


def test_breakthrough_only_the_middle_piece_splits_the_line():
    here = start("breakthrough")
    assert pieces(here, 1) == {"m4": 2, "m5": 1, "m6": 2}
    split = {m for m in piece_moves(here) if after("breakthrough", m).view().get("breakthrough")}
    assert passing("nymbat", STEPS["breakthrough"]) == split == {"h8-m5"}
    assert not after("breakthrough", "h8-m4").view().get("breakthrough")
    here = start("breakthrough")
    for move in split | {"h8-m4", "h8-m6", "pass"}:
        ok, then, _ = STEPS["breakthrough"].attempt(here, move)
        assert STEPS["breakthrough"].said(here, move, then, ok).endswith(".")
    ok, then, _ = STEPS["breakthrough"].attempt(here, "h8-m4")
    assert "on m4 leaves the rest" in STEPS["breakthrough"].said(here, "h8-m4", then, ok)
    here = start("break-take")
    assert here.view()["breakthrough"]["allowance"] == 5
    assert passing("nymbat", STEPS["break-take"]) == {"xm4", "xm6"} and "stop" in here.legal_moves()
    both = after("break-take", "xm4")
    both.play("xm6")
    assert pieces(both, 1) == {}


def test_defend_a_piece_on_the_own_home_row_stops_blue_winning():
    here = start("defend")
    assert pieces(here, 1) == {"a4": 6}
    home = {f"a{i}" for i in range(1, 9)}
    defending = {m for m in here.legal_moves() if set(pieces(after("defend", m), 0)) & home}
    assert passing("nymbat", STEPS["defend"]) == defending
    # Without one, Blue wins at the start of its turn.
    lost = after("defend", "pass")
    assert lost.is_over and lost.winners == [1]


@pytest.mark.parametrize("key", ["first-turn", "home-row", "speed", "group", "costs", "attack", "breakthrough",
                                 "break-take", "defend"])
def test_each_step_after_the_first_has_a_failing_move(key):
    assert set(start(key).legal_moves()) - passing("nymbat", STEPS[key])


def test_the_moving_chapter_s_challenge_is_the_one_way_through_of_a_real_game():
    assert passing("nymbat", STEPS["challenge-reach"]) == {"i1-o1"}


def test_the_attacks_chapter_s_challenge_is_the_one_attack_of_eighteen_that_keeps_its_attacker():
    assert passing("nymbat", STEPS["challenge-attack"]) == {"i8-m10"}
    game = start("challenge-attack")
    attacks = {}
    for move in game.legal_moves():
        played = replayed("nymbat", STEPS["challenge-attack"], move)
        attacks.update({move: e["survived"] for e in played.events if e["type"] == "attack"})
    assert len(attacks) == 18 and [m for m, kept in attacks.items() if kept] == ["i8-m10"]


def test_the_defending_chapter_s_challenge_blocks_a_real_game_s_6_with_no_reserve_left():
    """Blue's 6 on a6, Red's home row, both reserves spent: the moves that stop Blue's win are exactly the
    moves that end on the bottom row (a6 itself taken by attack, 6 against 6)."""
    game = start("challenge-defend")
    view = game.view()
    assert view["reserves"] == [0, 0] and view["cells"]["a6"] == [1, 6]
    assert not [c for c in view["home"]["0"] if view["cells"].get(c, [None])[0] == 0]
    home = set(view["home"]["0"])
    onto_home_row = {m for m in game.legal_moves() if "-" in m and m.split("-")[1] in home}
    assert passing("nymbat", STEPS["challenge-defend"]) == onto_home_row == {
        "g2-a1", "g2-a2", "g10-a4", "g10-a5", "g10-a6", "g10-a7", "g10-a8"}
    for move in set(game.legal_moves()) - onto_home_row:
        assert replayed("nymbat", STEPS["challenge-defend"], move).view()["cells"].get("a6") == [1, 6]
