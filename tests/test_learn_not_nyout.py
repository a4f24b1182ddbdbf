"""Not Nyout's worked examples (py_engines/learn/not_nyout.py): each position shows what its
caption says, checked with the engine."""
from __future__ import annotations

import json

import pytest

import py_engines
from py_engines.games.not_nyout import INDEX
from py_engines.learn import DIAGRAMS
from test_learn import after, position

RED, BLUE = 0, 1


def ends(game, src: str, die: int) -> set[str]:
    """Where the group on ``src`` can end with ``die`` (among the legal moves)."""
    return {m.split(">")[1].split("/")[0] for m in game.legal_moves()
            if m.startswith(src + ">") and m.split("/")[1].rstrip("&") == str(die)}


def test_summoning_squares_count_counterclockwise_from_home():
    game = position("not_nyout", "summoning-squares")
    view = game.view()
    assert game.to_move == RED and view["home"][RED] == "S" and view["rolls"] == [3, 2]
    assert view["stations"]["S3"] == [{"owner": RED, "size": 1}]
    assert view["stations"]["S2"] == [{"owner": BLUE, "size": 1}]
    # The dice left summon onto S3 and S2.
    for die in (3, 2):
        assert [e["to"] for e in after(game, f"+{die}").events if e["type"] == "summon"] == [f"S{die}"]
    assert {m for m in game.legal_moves() if m.startswith("+")} == {"+3", "+3&", "+2"}
    # The 3 lands on Red's own horse: join it (a pair) or stay apart (two groups).
    assert after(game, "+3&").view()["stations"]["S3"] == [{"owner": RED, "size": 2}]
    assert after(game, "+3").view()["stations"]["S3"] == [{"owner": RED, "size": 1}] * 2
    # The 2 lands on Blue's horse: a fight at once.
    fight = after(game, "+2")
    assert fight.to_move == py_engines.CHANCE and fight.view()["phase"] == "combat"
    assert fight.view()["combat"]["station"] == "S2"
    assert fight.view()["combat"]["attacker"] == {"owner": RED, "size": 1}
    # Once a turn: after one summon the other die can only move a horse.
    for first in ("+3", "+3&"):
        rest = after(game, first)
        assert rest.to_move == RED and rest.view()["rolls"] == [2]
        assert rest.legal_moves() and not any(m.startswith("+") for m in rest.legal_moves())
        with pytest.raises(py_engines.IllegalMove, match="only one horse may be summoned"):
            rest.clone().play("+2")


def test_summons_with_each_die_enter_s1_to_s4():
    # The dashed S1 to S4: with home S, a summon with d enters on S<d>, whatever Red had rolled.
    diagram = next(d for d in DIAGRAMS["not_nyout"] if d.key == "summoning-squares")
    assert diagram.moves[-1] == "r3-2"
    for die in (1, 2, 3, 4):
        game = py_engines.load(json.dumps({**json.loads(diagram.record("not_nyout")),
                                           "moves": [*diagram.moves[:-1], f"r{die}-{die}"]}))
        assert [e["to"] for e in after(game, f"+{die}").events if e["type"] == "summon"] == [f"S{die}"]


def test_through_the_centre_the_short_way():
    game = position("not_nyout", "through-the-centre")
    view = game.view()
    assert game.to_move == RED and view["rolls"] == [4, 3]
    assert view["stations"]["S"] == [{"owner": RED, "size": 1}]
    assert view["stations"]["S4"] == [{"owner": RED, "size": 1}]
    # From the cardinal S: the 4 goes in through C and on to any arm but its own, or round to S4.
    assert ends(game, "S", 4) == {"n2", "e2", "w2", "S4"}
    with pytest.raises(py_engines.IllegalMove, match="a 4 from S ends on"):
        game.clone().play("S>s2/4")
    # Then the 3 from n2 comes out through N and turns counterclockwise to N1 (not E4).
    on_n2 = after(game, "S>n2/4")
    assert ends(on_n2, "n2", 3) == {"N1", "e1", "s1", "w1"}
    played = after(on_n2, "n2>N1/3")
    path = [e for e in played.events if e["type"] == "move"][0]["path"]
    assert path == ["n2", "n1", "N", "N1"]
    assert played.view()["stations"]["N1"] == [{"owner": RED, "size": 1}]
    # Seven steps through the cross; round the ring S to N1 is eleven.
    assert INDEX["N1"] - INDEX["S"] == 11
    # The horse on S4 passes E but did not start there: it stays on the ring.
    assert ends(game, "S4", 4) == {"E3"} and ends(game, "S4", 3) == {"E2"}


def test_passing_an_enemy_costs_an_extra_step():
    game = position("not_nyout", "passing-an-enemy")
    view = game.view()
    assert game.to_move == py_engines.CHANCE and view["phase"] == "roll" and view["current"] == RED
    assert view["stations"]["S1"] == [{"owner": RED, "size": 1}]
    assert view["stations"]["S3"] == [{"owner": BLUE, "size": 1}]
    assert "S2" not in view["stations"] and "S4" not in view["stations"]
    # Red has two groups on the board, so two dice; try each die.
    expected = {1: {"S2"}, 2: {"S3"}, 3: {"S3"}, 4: {"S4"}}
    for die, where in expected.items():
        rolled = after(game, f"r{die}-{die}")
        assert ends(rolled, "S1", die) == where, die
    # A 2 or a 3 stops on Blue and fights it.
    for die in (2, 3):
        fight = after(after(game, f"r{die}-{die}"), f"S1>S3/{die}")
        assert fight.view()["phase"] == "combat" and fight.view()["combat"]["station"] == "S3"
        assert fight.view()["combat"]["defender"] == {"owner": BLUE, "size": 1}
    # Without Blue in the way a 3 would reach S4: the extra step is Blue's.
    rolled = after(game, "r3-3")
    assert "S4" not in ends(rolled, "S1", 3)
    with pytest.raises(py_engines.IllegalMove, match="a 3 from S1 ends on S3"):
        rolled.clone().play("S1>S4/3")
    past = after(after(game, "r4-4"), "S1>S4/4")
    assert past.view()["stations"]["S4"] == [{"owner": RED, "size": 1}]
    assert past.view()["stations"]["S3"] == [{"owner": BLUE, "size": 1}]


def test_the_fights_dice_go_by_group_size():
    before = position("not_nyout", "fight-dice")
    assert before.to_move == BLUE and before.view()["rolls"] == [3]
    assert before.view()["stations"]["s2"] == [{"owner": BLUE, "size": 2}]
    assert before.view()["stations"]["S1"] == [{"owner": RED, "size": 3}]
    # The 3 takes the pair out through S to S1, where it fights.
    assert "S1" in ends(before, "s2", 3)
    game = after(before, "s2>S1/3")
    view = game.view()
    assert game.to_move == py_engines.CHANCE
    assert view["phase"] == "combat" and view["combat"]["station"] == "S1"
    assert view["combat"]["attacker"] == {"owner": BLUE, "size": 2}
    assert view["combat"]["defender"] == {"owner": RED, "size": 3}
    # Blue's pair rolls a d6, Red's three a d8: every pair of faces, and only those.
    assert set(game.legal_moves()) == {f"f{a}-{d}" for a in range(1, 7) for d in range(1, 9)}
    # The +2 is the attacker's: 4+2 against 6 is a tie, and the tie goes to Red, the defender.
    tie = after(game, "f4-6")
    fight = [e for e in tie.events if e["type"] == "fight"][0]
    assert fight["attack_total"] == 6 and fight["loser"] == BLUE
    assert tie.view()["combat"]["attacker"] == {"owner": BLUE, "size": 1}
    assert tie.horses[BLUE] == 3 and tie.horses[RED] == 4
    # Blue's last horse fights on with a d4 against the d8.
    assert set(tie.legal_moves()) == {f"f{a}-{d}" for a in range(1, 5) for d in range(1, 9)}
    # A higher total wins: 6+2 against 7 costs Red a horse, and Red's pair then rolls a d6.
    won = after(game, "f6-7")
    assert won.view()["combat"]["defender"] == {"owner": RED, "size": 2}
    assert set(won.legal_moves()) == {f"f{a}-{d}" for a in range(1, 7) for d in range(1, 7)}
    # Rounds go on until one group is gone: here Blue's two horses both fall.
    done = after(tie, "f1-8")
    assert done.view()["combat"] is None
    # Blue's turn is over (the 3 was its only die): Red rolls next.
    assert done.view()["phase"] == "roll" and done.view()["current"] == RED
    assert done.view()["stations"]["S1"] == [{"owner": RED, "size": 3}] and done.horses[BLUE] == 2
    # Four horses roll a d10.
    from py_engines.games.not_nyout import DIE_FOR_SIZE
    assert DIE_FOR_SIZE == {1: 4, 2: 6, 3: 8, 4: 10}


def test_a_three_from_s_ends_on_s3_or_c_only():
    game = position("not_nyout", "three-from-s")
    view = game.view()
    assert game.to_move == RED and view["rolls"] == [3, 3]
    assert view["stations"]["S"] == [{"owner": RED, "size": 1}]
    assert view["stations"]["S4"] == [{"owner": RED, "size": 1}]
    # In and back out to s1, or clockwise to W2: neither is a way a group may go.
    assert ends(game, "S", 3) == {"S3", "C"}
    for refused in ("S>s1/3", "S>W2/3"):
        with pytest.raises(py_engines.IllegalMove):
            game.clone().play(refused)
    # The horse on S4 did not start on a cardinal: it passes E on the ring.
    assert ends(game, "S4", 3) == {"E2"}


def test_five_quiet_rounds_after_the_last_horse_fell():
    game = position("not_nyout", "five-rounds")
    view = game.view()
    assert game.to_move == RED and view["rolls"] == [2]
    assert view["horses"] == [1, 1] and view["last_kill"] == RED and view["quiet_turns_left"] == 9
    assert view["stations"] == {"e2": [{"owner": RED, "size": 1}], "S1": [{"owner": BLUE, "size": 1}]}
    # Blue's horse reaches S2, S3, S4 and E, and no arm of the cross.
    assert game.reach("S1", BLUE) == {"S2": [1], "S3": [2], "S4": [3], "E": [4]}
    assert ends(game, "e2", 2) == {"s2", "n2", "w2", "E"}
    # Ten quiet turns end the game for the last to take a horse: here with every die a 1 and
    # both sides keeping off each other's station, the nine turns left.
    game = after(game, "e2>n2/2")
    turns = 1
    while not game.is_over:
        game = after(game, "r1")
        game = after(game, next(m for m in game.legal_moves() if not after(game, m).view()["combat"]))
        turns += 1
    assert turns == 9 and game.winners == [RED] and game.view()["result"] == "rounds"
