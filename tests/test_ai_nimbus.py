"""The computer opponent in Nimbus: legal, reproducible, sound at a round's end, and its levels differ in every phase."""
import pytest

import py_engines
from py_engines import CHANCE
from py_engines.ai import analyse, choose_move
from py_engines.ai.nimbus import (ROUND, NimbusPolicy, best_collect, collect_pips, finishing_turn, grabbing_moves,
                                  richest_turn, scorers, unique_collects)
from py_engines.playout import random_game
from py_engines.rng import Rng
from test_nimbus import position, random_square

TINY = {"iterations": 12, "max_seconds": 1.0}


def positions_along(players: int, seed: int, every: int, **options):
    """Positions (not over) from a seeded random game, one every ``every`` plies."""
    game = py_engines.new_game("nimbus", players, seed, goal="rounds1", **options)
    rng = Rng(seed)
    found = []
    while not game.is_over:
        if len(game.history) % every == 0:
            found.append(game.clone())
        moves = game.legal_moves()
        if game.to_move == CHANCE:
            game.roll()
        else:
            game.play(moves[rng.below(len(moves))])
    return found


@pytest.mark.parametrize("players, seed, options", [
    (2, 1, {}), (3, 2, {"random_setup": True}), (4, 3, {"round_end": "loser_next"}), (2, 4, {"round_end": "misere"}),
])
def test_the_computer_plays_a_legal_move_in_every_position(players, seed, options):
    for g in positions_along(players, seed, 9, **options):
        before = g.to_json()
        move = choose_move(g, TINY, seed=seed)
        assert move in g.legal_moves()
        assert g.to_json() == before


def test_a_level_is_reproducible_for_a_seed():
    g = position({"a1": "r1=u", "c3": "b2=n", "f2": ["y1", "g3"], "h5": "k2=w", "d7": "r3=se"}, goal="rounds3")
    first = analyse(g, "easy", seed=4, max_seconds=600)  # no safety cap on a busy machine
    again = analyse(g, "easy", seed=4, max_seconds=600)
    assert not first["capped"] and first["iterations"] == 60  # easy's own budget in Nimbus
    assert first["move"] == again["move"] and first["moves"] == again["moves"]


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_takes_the_last_pyramids_with_a_collect(level):
    g = position({"a4": "r1=u", "d4": "r2=n", "h4": "r3=u"}, goal="rounds3")
    g.play(choose_move(g, level, seed=1))
    assert g.view()["round"] == 2 and g.totals == [6, 0]


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_moves_a_pyramid_into_line_and_then_takes_them_all(level):
    # b1 is off the a1-h8 diagonal; b1-b2 puts it on, then all three (upright) go together.
    g = position({"a1": "r3=u", "b1": "y3=u", "h8": "k1=u"}, goal="rounds3")
    assert finishing_turn(g) is not None
    g.play(choose_move(g, level, seed=2))
    g.play(choose_move(g, level, seed=2))
    assert g.view()["round"] == 2 and g.totals[0] == 7


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_does_not_leave_a_board_the_opponent_empties(level):
    # Of some 290 turns here, all but six let the opponent take the last pyramids next turn.
    g = position({"d5": "r2=nw", "c6": ["b3", "b2"]}, goal="rounds3")
    for _ in range(2):
        g.play(choose_move(g, level, seed=3))
    assert g.to_move == 1 and g.view()["round"] == 1
    assert finishing_turn(g) is None


def test_in_misere_play_it_does_not_take_the_last_pyramid_when_it_need_not():
    # r:a4-h4 would empty the board and hand the round to the opponent; taking one
    # red leaves the opponent to take the last one, and player 0 wins the round.
    g = position({"a4": "r1=u", "h4": "r3=u"}, round_end="misere", goal="rounds3")
    assert "r:a4-h4" in g.legal_moves()
    for seed in range(2):
        trial = g.clone()
        trial.play(choose_move(trial, "easy", seed=seed))
        trial.play(choose_move(trial, "easy", seed=seed))
        assert trial.view()["round"] == 1 and trial.to_move == 1
        while trial.view()["round"] == 1:
            trial.play(trial.legal_moves()[0])
        assert trial.view()["rounds"][0]["winners"] == [0]


def test_in_the_middle_of_a_round_it_collects_the_richest_line():
    g = position({"a1": "k3=u", "b2": "k3=n", "c3": "r3=u", "h8": "y1=u", "a8": "g1=s", "e2": "b1=w",
                  "f3": "b1=u", "g4": "y2=n", "c5": "g2=u", "d6": "r1=e", "e7": "k1=u", "h1": "y1=u",
                  "a5": "b2=u"})
    g.play("a8-a7")  # the move action is done
    value, move = best_collect(g)
    assert value == 9  # a1, b2, c3 and ... the diagonal's three size-3 pyramids
    assert choose_move(g, "hard", seed=0) == move


def brute_force_finish(g) -> bool:
    for first in g.legal_moves():
        after = g.clone()
        after.play(first)
        if after.round != g.round:
            return True
        if after.turn == g.turn:
            for second in after.legal_moves():
                if ":" in second:
                    done = after.clone()
                    done.play(second)
                    if done.round != g.round:
                        return True
    return False


def test_the_finishing_turn_finder_agrees_with_trying_every_turn():
    rng = Rng(11)
    agreed = finishing = 0
    for _ in range(60):
        squares = {}
        for _ in range(1 + rng.below(4)):
            name, what = random_square(rng)
            squares[name] = what
        g = position(squares, goal="rounds3")
        found = finishing_turn(g)
        assert (found is not None) == brute_force_finish(g), squares
        if found:
            finishing += 1
            for move in found:
                g.play(move)
            assert g.view()["round"] == 2
        agreed += 1
    assert finishing >= 10 and agreed == 60


# -- The levels differ in every phase ----------------------------------------------------

@pytest.mark.slow
def test_the_levels_set_up_differently_and_hard_shapes_the_board_on_purpose():
    from py_engines.ai.nimbus import starter
    g = py_engines.new_game("nimbus", 2, 5, goal="rounds1")
    rng = Rng(5)
    differ = {"hard-easy": 0, "medium-easy": 0}
    checked = 0
    while g.setup:
        moves = {level: analyse(g, level, seed=1)["move"] for level in ("easy", "medium", "hard")}
        differ["hard-easy"] += moves["hard"] != moves["easy"]
        differ["medium-easy"] += moves["medium"] != moves["easy"]
        if g.held >= 0 and len(g.history) % 11 == 1:
            # Where hard puts its pyramid: the richest collect then on the board is the most any
            # placement leaves if hard makes the first turn of play, the least if not.
            richest = {}
            for move in g.legal_moves():
                after = g.clone()
                after.play(move)
                richest[move] = max(best_collect(after)[0], 0)
            aim = max if starter(g) == g.turn else min
            assert richest[moves["hard"]] == aim(richest.values()), (g.history, moves["hard"])
            checked += 1
        moves = g.legal_moves()
        g.play(moves[rng.below(len(moves))])
    assert checked >= 3
    assert differ["hard-easy"] >= 30 and differ["medium-easy"] >= 15  # of 90 setup moves


@pytest.mark.slow
def test_the_levels_play_the_middle_of_a_round_differently():
    whole = random_game("nimbus", 1, 2)
    g = py_engines.new_game("nimbus", 2, 1)
    firsts = differ_medium = differ_hard = differ_expert = 0
    for move in whole.history:
        if firsts == 24:
            break
        if not g.setup and g.on_board > 12 and not (g.moved or g.collected):
            chosen = {level: analyse(g, level, seed=1)["move"] for level in ("easy", "medium", "hard", "expert")}
            assert ":" in chosen["easy"]  # easy: the richest collect first, always
            assert chosen["easy"] == best_collect(g)[1]
            firsts += 1
            differ_medium += chosen["medium"] != chosen["easy"]
            differ_hard += chosen["hard"] != chosen["medium"]
            differ_expert += chosen["expert"] != chosen["hard"]
        g.play(move)
    assert firsts == 24
    assert differ_medium >= firsts // 2 and differ_hard >= firsts // 5 and differ_expert >= firsts // 8, \
        (differ_medium, differ_hard, differ_expert)


def test_the_richest_turn_is_the_best_of_a_collect_alone_and_every_move_action_then_a_collect():
    seen = 0
    for g in positions_along(2, 5, 5):
        if g.setup or g.moved or g.collected or g.to_move == CHANCE:
            continue
        alone = best_collect(g)[0]
        after_each = []
        for action in g._move_actions():
            after = g.clone()
            after.play(action)
            after_each.append(best_collect(after)[0])
        assert richest_turn(g) == max([alone] + after_each)
        seen += 1
    assert seen >= 5


@pytest.mark.slow
def test_a_grabbing_player_takes_the_richest_turn_and_ends_the_round_when_it_pays():
    """grabbing_moves against trying every move: a collect is worth its pips, a move action the
    richest collect it leaves, the last pyramids a round won (or lost, under misere play)."""
    seen = {"start": 0, "moved": 0, "collected": 0, "last": 0}
    for options in ({}, {"round_end": "misere"}):
        for seed in range(6, 14):
            for g in positions_along(3, seed, 3, **options):
                if g.setup or g.to_move == CHANCE:
                    continue
                moves = unique_collects(g, g.legal_moves())
                chosen = grabbing_moves(g, moves)
                if g.collected:
                    assert chosen == moves
                    seen["collected"] += 1
                    continue
                values = {}
                for move in moves:
                    after = g.clone()
                    after.play(move)
                    if after.round != g.round or after.is_over:
                        values[move] = ROUND if g.turn in scorers(g, g.turn) else -ROUND
                        seen["last"] += 1
                    elif ":" in move:
                        values[move] = collect_pips(g, move)
                    else:
                        values[move] = best_collect(after)[0]
                top = max(values.values())
                assert chosen == [m for m in moves if values[m] == top]
                seen["moved" if g.moved else "start"] += 1
    assert min(seen.values()) >= 3, seen


def test_with_three_players_hard_expects_the_others_to_grab_and_with_two_to_look_ahead():
    def policy(me: int, **settings) -> NimbusPolicy:
        made = NimbusPolicy()
        made.settings = {**NimbusPolicy.levels["hard"], **settings}
        made.me = me
        return made

    checked = {2: 0, 3: 0}
    differs = 0  # positions where grabbing and looking ahead expand other moves
    for players in (2, 3):
        for g in positions_along(players, 9, 4):
            if g.setup or g.to_move == CHANCE or g.on_board > 12:
                continue
            other = (g.turn + 1) % players  # another player searches
            looks_ahead = policy(other, others="none").node_moves(g)
            if players == 3:
                grabbing = grabbing_moves(g, unique_collects(g, g.legal_moves()))
                assert policy(other).node_moves(g) == grabbing
                differs += grabbing != looks_ahead
            else:
                assert policy(other).node_moves(g) == looks_ahead
            # The searcher's own turns are searched as before.
            assert policy(g.turn).node_moves(g) == policy(g.turn, others="none").node_moves(g)
            checked[players] += 1
    assert min(checked.values()) >= 3 and differs >= 2, (checked, differs)
