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


def test_the_course_is_the_five_ideas_in_order():
    assert list(STEPS) == ["setup", "speed", "attack", "home-row", "costs"]
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


@pytest.mark.parametrize("key", ["speed", "attack", "home-row", "costs"])
def test_each_step_after_the_first_has_a_failing_move(key):
    assert set(start(key).legal_moves()) - passing("nymbat", STEPS[key])
