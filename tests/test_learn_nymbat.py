"""Nymbat's worked examples (py_engines/learn/nymbat.py): each position shows
what its caption says, checked with the engine."""
from __future__ import annotations

import pytest

import py_engines
from py_engines.games.nymbat import DIST, HOME, INDEX, NAMES, NEIGHBOURS, SETUP
from test_learn import after, position


def pieces(game, player):
    return {NAMES[c]: game.num[c] for c in range(len(NAMES)) if game.owner[c] == player}


def ends_from(game, cell):
    """Where the piece on ``cell`` may go this turn (the legal moves starting there)."""
    return {m.split("-")[1] for m in game.legal_moves() if m.startswith(cell + "-")}


def steps(a, b):
    """Fewest steps between two cells on the empty board."""
    frontier, seen, n = {INDEX[a]}, {INDEX[a]}, 0
    while INDEX[b] not in frontier:
        frontier = {x for c in frontier for x in NEIGHBOURS[c] if x not in seen}
        seen |= frontier
        n += 1
    return n


def replay(game, *moves):
    copy = game.clone()
    for move in moves:
        copy.play(move)
    return copy


def test_nymbat_a_group_moves_at_its_lowest_number():
    game = position("nymbat", "group-move")
    assert game.to_move == 0 and game.phase == "start" and game.started[0]
    left, right = {"c3", "c4", "b3"}, {"c7", "c8", "b7", "b8"}
    assert {NAMES[c] for c in game.group_of(INDEX["c4"])} == left
    assert {NAMES[c] for c in game.group_of(INDEX["c7"])} == right
    assert pieces(game, 0) == {"c3": 5, "c4": 1, "b3": 3, "c7": 2, "c8": 4, "b7": 3, "b8": 5}
    # The left group holds a 1: every piece, the 5 too, goes one step at most.
    for cell in left:
        reach = ends_from(game, cell)
        assert reach and all(steps(cell, end) == 1 for end in reach), cell
    assert "d3" in ends_from(game, "c3")
    # The right group's lowest is 2: each piece up to two steps, some exactly two.
    for cell in right:
        reach = ends_from(game, cell)
        assert max(steps(cell, end) for end in reach) == 2, cell
    assert "e9" in ends_from(game, "c8")
    # One group only: once the 4 has moved, the left group may not, and the right keeps its speed 2.
    moved = after(game, "c8-e9")
    assert moved.phase == "move" and moved.to_move == 0
    with pytest.raises(py_engines.IllegalMove, match="not in the moving group"):
        moved.clone().play("c3-d3")
    assert max(steps("b8", end) for end in ends_from(moved, "b8")) == 2
    assert {m.split("-")[0] for m in moved.legal_moves() if "-" in m} == {"c7", "b7", "b8"}


def test_nymbat_an_attack_against_a_lone_piece_and_a_supported_one():
    game = position("nymbat", "removal")
    assert game.to_move == 1 and game.phase == "start"
    assert pieces(game, 1) == {"g8": 6}
    assert pieces(game, 0) == {"c4": 3, "b4": 3, "c5": 2, "c8": 1}
    assert {"c8", "c5"} <= ends_from(game, "g8")
    # The lone 1: 6 against 1, the 6 survives on c8.
    took = after(game, "g8-c8")
    attack = next(e for e in took.events if e["type"] == "attack")
    assert attack["defence"] == 1 and attack["survived"] and not attack["breakthrough"]
    assert pieces(took, 1) == {"c8": 6} and "c8" not in pieces(took, 0)
    # The 2 with its two 3s: 6 against 2 + 3 + 3 = 8, both pieces go.
    traded = after(game, "g8-c5")
    attack = next(e for e in traded.events if e["type"] == "attack")
    assert attack["defender_number"] == 2 and attack["defence"] == 8
    assert not attack["survived"] and not attack["breakthrough"]
    assert pieces(traded, 1) == {} and pieces(traded, 0) == {"c4": 3, "b4": 3, "c8": 1}


def test_nymbat_a_breakthrough_takes_one_more_piece_up_to_the_attackers_number():
    game = position("nymbat", "breakthrough")
    assert game.to_move == 1 and game.phase == "start"
    assert pieces(game, 0) == {"e5": 2, "e6": 5, "e7": 2}
    assert pieces(game, 1) == {"g7": 3}
    # The 5 is the only link: the 2s do not touch each other.
    assert INDEX["e7"] not in NEIGHBOURS[INDEX["e5"]]
    broke = after(game, "g7-e6")
    attack = next(e for e in broke.events if e["type"] == "attack")
    assert attack["defence"] == 5 + 2 + 2 and not attack["survived"] and attack["breakthrough"]
    assert pieces(broke, 1) == {}
    assert broke.phase == "break" and broke.to_move == 1
    assert broke.view()["breakthrough"] == {"cell": "e6", "defender": 0, "allowance": 3, "targets": ["e5", "e7"]}
    # One of the 2s, not both: after one, 1 is left of the 3, and the breakthrough ends.
    for first, other in (("xe5", "e7"), ("xe7", "e5")):
        done = after(broke, first)
        assert pieces(done, 0) == {other: 2}
        assert done.to_move == 0 and done.phase == "start"
        assert not any(e["type"] == "attack" for e in done.events)   # no chain reaction


def test_nymbat_stepping_the_group_back_is_a_retreat_and_costs_one():
    game = position("nymbat", "retreat")
    assert game.to_move == 0 and pieces(game, 0) == {"f6": 3, "f7": 3}
    reserve = game.reserve[0]
    back = replay(game, "f6-e6", "f7-e7")
    assert back.to_move == 1 and pieces(back, 0) == {"e6": 3, "e7": 3}
    assert {"type": "penalty", "player": 0, "kind": "retreat", "paid": "reserve"} in back.events
    assert back.reserve[0] == reserve - 1
    # Blue's home row is one step farther from the group's front than before.
    target = DIST[3]
    assert min(target[INDEX[c]] for c in ("e6", "e7")) == min(target[INDEX[c]] for c in ("f6", "f7")) + 1


def test_nymbat_a_rear_piece_stepping_back_is_the_seventh_delay_and_costs_one():
    game = position("nymbat", "delay")
    assert game.to_move == 0 and pieces(game, 0) == {"f6": 3, "e6": 3}
    assert game.delays[0] == 6 and game.history[-12::2] == ["pass"] * 6   # Red's six passes
    reserve = game.reserve[0]
    moved = replay(game, "e6-d5", "done")
    assert moved.to_move == 1 and pieces(moved, 0) == {"f6": 3, "d5": 3}
    kinds = [(e["type"], e.get("kind")) for e in moved.events]
    assert ("delay", None) in kinds and ("penalty", "retreat") not in kinds
    assert moved.delays[0] == 7
    assert {"type": "penalty", "player": 0, "kind": "delay", "paid": "reserve"} in moved.events
    assert moved.reserve[0] == reserve - 1
    # Had the front piece stepped back instead, it would be a retreat.
    fell_back = replay(game, "f6-e7", "done")
    assert {"type": "penalty", "player": 0, "kind": "retreat", "paid": "reserve"} in fell_back.events
    assert fell_back.delays[0] == 6


def test_nymbat_the_beginners_setup_is_one_block_of_3s_worth_30():
    game = position("nymbat", "beginners-setup")
    assert game.to_move == 1 and game.started[0] and not game.started[1]
    red = pieces(game, 0)
    assert len(red) == 10 and set(red.values()) == {3} and sum(red.values()) == 30
    assert game.reserve[0] == 30
    assert all(INDEX[c] in SETUP[0] for c in red)
    assert {c[0] for c in red} == {"b", "c"}   # two rows deep
    assert {NAMES[c] for c in game.group_of(INDEX["c4"])} == set(red)   # one group
    # Next turn the whole block may move, 3 steps each.
    red_turn = after(game, "n4=1")
    red_turn = after(red_turn, "done")
    assert red_turn.to_move == 0
    assert {m.split("-")[0] for m in red_turn.legal_moves() if "-" in m} == set(red)
    assert max(steps("c6", end) for end in ends_from(red_turn, "c6")) == 3
    # No single piece taken cuts it: an attack on it never earns a breakthrough.
    assert not any(game._splits(INDEX[c], 0) for c in red)


def test_nymbat_the_four_player_teams_home_rows():
    game = position("nymbat", "four-players")
    assert game.players == 4 and game.teams == [[0, 2], [1, 3]]
    view = game.view()
    home = {int(p): set(cells) for p, cells in view["home"].items()}
    assert home[0] == {f"a{i}" for i in range(1, 9)}          # Red: bottom
    assert home[1] == {f"o{i}" for i in range(1, 9)}          # Blue: top
    assert {"a8", "d11", "e12", "h15"} <= home[2]            # Gold: lower right
    assert {"h1", "k1", "l1", "o1"} <= home[3]               # Green: upper left
    # Each brought in two 5s on its own home row.
    assert pieces(game, 0) == {"a4": 5, "a5": 5} and pieces(game, 1) == {"o4": 5, "o5": 5}
    assert pieces(game, 2) == {"d11": 5, "e12": 5} and pieces(game, 3) == {"k1": 5, "l1": 5}
    assert game.reserve == [30, 30, 30, 30]
    # The corners on two home rows at once, one per team.
    assert home[0] & home[2] == {"a8"} and home[1] & home[3] == {"o1"}
    assert not home[0] & home[3] and not home[1] & home[2]
    # Teammates' setup areas overlap at their shared corner; enemies' do not.
    setup = {int(p): set(cells) for p, cells in view["setup"].items()}
    assert "a8" in setup[0] & setup[2] and "o1" in setup[1] & setup[3]
    assert not setup[0] & setup[3] and not setup[1] & setup[2]
    assert not setup[0] & setup[1] and not setup[2] & setup[3]
    # Penalties count toward the opposite edge: Red toward Blue, Gold toward Green.
    assert game.opponent(0) == 1 and game.opponent(2) == 3
    assert {NAMES[c] for c in HOME[game.edge[game.opponent(0)]]} == home[1]
    assert {NAMES[c] for c in HOME[game.edge[game.opponent(2)]]} == home[3]
    # A new round: Red and Gold choose which of them moves.
    assert game.phase == "pick" and game.to_move == 0 and sorted(game.legal_moves()) == ["p0", "p2"]


def test_nymbat_two_attacks_in_one_turn_the_second_breaks_through():
    game = position("nymbat", "two-attacks")
    assert game.to_move == 1
    assert pieces(game, 0) == {"e5": 2, "e6": 5, "e7": 2, "f7": 2} and pieces(game, 1) == {"g7": 3, "g8": 3}
    first = after(game, "g8-f7")
    # 3 against 2 + 5 + 2: both fall, and Red's three left stay one group (no breakthrough).
    assert pieces(first, 0) == {"e5": 2, "e6": 5, "e7": 2} and pieces(first, 1) == {"g7": 3}
    assert first.view().get("breakthrough") is None
    second = after(first, "g7-e6")
    assert pieces(second, 0) == {"e5": 2, "e7": 2} and pieces(second, 1) == {}
    assert second.view()["breakthrough"]["allowance"] == 3
    assert set(second.legal_moves()) == {"xe5", "xe7", "stop"}
    one = after(second, "xe5")
    assert pieces(one, 0) == {"e7": 2} and "xe7" not in one.legal_moves()  # 2 + 2 is more than 3
