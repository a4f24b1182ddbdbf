"""Not Nyout's coach: a fight's odds before it is fought, from the dice rule.

The odds are checked three ways: against fractions worked by hand from the rule text,
against fights played out many times with the engine's own dice, and, over positions of
seeded random games, the notes against brute force (every legal move played on a copy:
a fight begins exactly where the coach says one does)."""
from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

import py_engines
from py_engines import CHANCE, bridge
from py_engines.games.not_nyout import INDEX, fight_odds, odds_words, round_odds
from py_engines.rng import Rng

from test_not_nyout import position

RED, BLUE, GREEN = 0, 1, 2


def fight_notes(game) -> list[dict]:
    return [note for note in game.coach() if note["kind"] == "fight"]


# -- the odds, by hand -----------------------------------------------------------------

def test_one_round_by_hand():
    # One horse attacks one: d4 + 2 against d4. The attacker loses only when the defender
    # rolls at least the attacker's die plus two: (1, 3), (1, 4), (2, 4): 3 throws of 16.
    assert round_odds(1, 1) == Fraction(13, 16)
    # A pair attacks a horse: d6 + 2 against d4, lost on the same 3 throws, of 24.
    assert round_odds(2, 1) == Fraction(21, 24)
    # A horse attacks a pair: d4 + 2 against d6. For an attacker's 1, 2, 3, 4 the defender's
    # d6 must show at most 2, 3, 4, 5: 14 throws of 24.
    assert round_odds(1, 2) == Fraction(14, 24)
    # The rule text's example, a pair attacking a group of three: d6 + 2 against d8. For an
    # attacker's 1 to 6 the defender must show at most 2 to 7: 2 + 3 + 4 + 5 + 6 + 7 = 27 of 48.
    assert round_odds(2, 3) == Fraction(27, 48)


def test_whole_fights_by_hand():
    # One against one: a single round decides.
    assert fight_odds(1, (1,)) == Fraction(13, 16)
    # A pair against a horse: win the first round (7/8), or lose it and fight on as one
    # horse against one (1/8 x 13/16).
    assert fight_odds(2, (1,)) == Fraction(7, 8) + Fraction(1, 8) * Fraction(13, 16) == Fraction(125, 128)
    # A horse against a pair: it must win two rounds running, against the pair, then the horse left.
    assert fight_odds(1, (2,)) == Fraction(7, 12) * Fraction(13, 16) == Fraction(91, 192)
    # A horse against two horses on one station, one after the other: two one-against-one rounds.
    assert fight_odds(1, (1, 1)) == Fraction(13, 16) ** 2
    # Nobody there: the station is taken; no horse left to attack with: it is lost.
    assert fight_odds(3, ()) == 1 and fight_odds(0, (2,)) == 0


def test_the_odds_in_words():
    assert odds_words(Fraction(13, 16)) == "13 times in 16 (81%)"
    assert odds_words(Fraction(1, 2)) == "1 time in 2 (50%)"
    assert odds_words(Fraction(1, 8)) == "1 time in 8 (13%)"  # halves round up
    assert odds_words(Fraction(91, 192)) == "about 47 times in 100"
    assert odds_words(fight_odds(4, (1,))) == "more than 99 times in 100"
    assert odds_words(Fraction(1, 1000)) == "less than once in 100"


# -- the odds, against the engine's dice ----------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("attacker, defenders", [(1, [1]), (2, [3]), (3, [2, 1]), (1, [4]), (4, [4])])
def test_the_odds_match_fights_played_with_the_engines_dice(attacker, defenders):
    """The fight is started by a move and played out with ``roll()`` (the engine's dice), each
    time from another seed; the share won lies within four standard errors of the odds."""
    game = position({"S1": [(RED, attacker)], "S3": [(BLUE, k) for k in defenders]}, rolls=(2,), homes=("S", "N"))
    game.play("S1>S3/2")
    assert game.combat
    odds = fight_odds(attacker, tuple(sorted(defenders, reverse=True)))
    trials = 30_000
    won = 0
    for seed in range(trials):
        fight = game.clone()
        fight.seed = seed
        while fight.combat:
            fight.roll()
        won += fight.at[INDEX["S3"]][0][0] == RED
    assert abs(won / trials - float(odds)) < 4 * math.sqrt(float(odds * (1 - odds)) / trials), (won, odds)


# -- the notes, against brute force ------------------------------------------------------------

def decision_positions(players: int, count: int, seed: int):
    """Positions of seeded random games where a player is to choose (every such position, in turn)."""
    rng = Rng(seed)
    found = 0
    game_seed = 1000 * seed
    while found < count:
        game = py_engines.new_game("not_nyout", players, game_seed)
        game_seed += 1
        while not game.is_over and found < count:
            if game.to_move == CHANCE:
                game.roll()
                continue
            found += 1
            yield game
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_coach_gives_the_odds_of_exactly_the_moves_that_start_a_fight(players):
    fights_seen = summons_seen = 0
    for game in decision_positions(players, 2000, seed=players):
        notes = fight_notes(game)
        noted = {move: note for note in notes for move in note["moves"]}
        assert len(noted) == sum(len(note["moves"]) for note in notes)   # a move in one note only
        for move in game.legal_moves():
            after = game.clone()
            after.play(move)
            attack = next((e for e in after.events if e["type"] == "attack"), None)
            assert (move in noted) == (attack is not None), (game.to_json(), move)
            if attack is None:
                continue
            fights_seen += 1
            summons_seen += move.startswith("+")
            note = noted[move]
            station = INDEX[attack["station"]]
            defenders = tuple(k for _, k in after.at[station])
            assert note["cells"] == [attack["station"]]
            assert Fraction(*note["odds"]) == fight_odds(attack["size"], defenders)
        # Words: for each of one or two fights; for more, for the best and the worst, or once if all alike.
        said = [note for note in notes if "text" in note]
        if len(notes) <= 2:
            assert said == notes
        else:
            assert said and said[0] is notes[0] and len(said) <= 2
        for note in said:
            assert note["text"].endswith(".") and " in " in note["text"]
            assert note["cells"][0] in note["text"]
    assert fights_seen > 500 and summons_seen > 10


def test_a_move_onto_an_enemy_the_task_example():
    # Blue's pair on s2 goes to Red's group of 3 on S1 with a 3 (s2, s1, S, S1).
    game = position({"s2": [(BLUE, 2)], "S1": [(RED, 3)]}, rolls=(3,), current=BLUE, homes=("S", "N"), stable=(1, 2))
    notes = fight_notes(game)
    assert notes == [{"kind": "fight", "moves": ["s2>S1/3"], "cells": ["S1"], "odds": [27599, 49152],
                      "text": "Moving your pair from s2 to S1 fights Red's group of 3 there: "
                              "you win that fight about 56 times in 100."}]


def test_every_die_that_starts_one_fight_is_one_note():
    # Red's horse on S1, Blue's horse on S3: a 2 and a 3 both stop on S3 and fight there.
    game = position({"S1": [(RED, 1)], "S3": [(BLUE, 1)]}, rolls=(3, 2), homes=("S", "N"), stable=(0, 3))
    notes = fight_notes(game)
    assert [(n["moves"], n["cells"], n["odds"]) for n in notes] == [(["S1>S3/2", "S1>S3/3"], ["S3"], [13, 16])]
    assert notes[0]["text"] == ("Moving your horse from S1 to S3 fights Blue's horse there: "
                                "you win that fight 13 times in 16 (81%).")


def test_a_summon_onto_an_enemy_and_two_groups_there():
    # Blue has a pair and a horse apart on S2: Red's summon with the 2 fights them one after the other.
    game = position({"S2": [(BLUE, 2), (BLUE, 1)], "N": [(RED, 1)]}, rolls=(2, 1), homes=("S", "N"))
    notes = fight_notes(game)
    assert [n["moves"] for n in notes] == [["+2"]]
    assert notes[0]["odds"] == [91 * 13, 192 * 16]
    assert notes[0]["text"] == ("Summoning a horse to S2 fights Blue's pair and horse there, one after the other: "
                                "you win that fight about 39 times in 100.")


def test_a_home_taken_brings_a_horse_onto_an_enemy():
    # Three players: Red took E as home and has a horse on S3; Blue rolled a 3 and picks a home:
    # S brings its horse in on S3, onto Red's; N and W on empty stations.
    game = py_engines.new_game("not_nyout", 3, 0)
    game.rolling_off = False
    game.ranks = [[0], [1], [2]]
    game.slots = [0, 1, 2]
    game.order = [0, 1, 2]
    game.home = [5, None, None]
    game.at[INDEX["S3"]] = ((RED, 1),)
    game.stable = [3, 4, 4]
    game.current, game.rolls = BLUE, [3]
    notes = fight_notes(game)
    assert [n["moves"] for n in notes] == [["home=S"]]
    assert notes[0]["text"] == ("Taking S as home, your horse comes in on S3 and fights Red's horse there: "
                                "you win that fight 13 times in 16 (81%).")


def test_many_fights_the_best_and_the_worst_or_all_alike():
    # Red's pair on S2 can fight Blue's horse on S3 (a 1) or, stopped by it, Blue's pair on S4 (a 4);
    # Red's horse on E, Blue's horse on E1 (a 1); a summon with the 4 comes in on S4.
    game = position({"S2": [(RED, 2)], "E": [(RED, 1)], "S3": [(BLUE, 1)], "S4": [(BLUE, 2)], "E1": [(BLUE, 1)]},
                    rolls=(4, 1), homes=("S", "N"))
    notes = fight_notes(game)
    assert [(n["moves"], n["odds"]) for n in notes] == [   # best first
        (["S2>S3/1"], [125, 128]), (["S2>S4/4"], [5785, 6912]), (["E>E1/1"], [13, 16]), (["+4"], [91, 192])]
    assert [n.get("text") for n in notes] == [
        "Of the 4 fights you can start, the best: moving your pair from S2 to S3 fights Blue's horse there, "
        "and you win it about 98 times in 100.",
        None, None,
        "The worst: summoning a horse to S4 fights Blue's pair there, and you win it about 47 times in 100."]
    # Three fights of one horse against one (the horse on S or a summon onto S1, the horse on E onto E1).
    alike = position({"S": [(RED, 1)], "E": [(RED, 1)], "S1": [(BLUE, 1)], "E1": [(BLUE, 1)]},
                     rolls=(4, 1), homes=("S", "N"), stable=(2, 2))
    notes = fight_notes(alike)
    assert [n["moves"] for n in notes] == [["S>S1/1"], ["E>E1/1"], ["+1"]]
    assert [n.get("text") for n in notes] == [
        "You can start 3 fights, each a horse of yours against a horse (on S1 and E1): "
        "you win each 13 times in 16 (81%).", None, None]


def test_no_fight_no_note_and_none_at_a_chance_point():
    game = position({"S": [(RED, 1)], "N": [(BLUE, 1)]}, rolls=(2,), homes=("S", "N"))
    assert fight_notes(game) == []
    game.play("S>S2/2")
    assert game.to_move == CHANCE and game.coach() == []


def test_the_five_rounds_win_and_lose_in_words():
    # One horse each, Red took the last: the count is one turn short of its end.
    game = position({"S": [(RED, 1)], "N2": [(BLUE, 1)]}, rolls=(1,), current=BLUE, homes=("S", "N"), stable=(0, 0))
    game.quiet, game.last_kill = 9, RED
    notes = {note["kind"]: note for note in game.coach()}
    assert set(notes["lose"]["moves"]) == set(game.legal_moves())
    assert notes["lose"]["text"] == ("Using your last die without a fight ends the five rounds: "
                                     "Red wins, having taken the last horse.")
    game.last_kill = BLUE
    notes = {note["kind"]: note for note in game.coach()}
    assert notes["win"]["text"] == ("Using your last die without a fight ends the five rounds: "
                                    "you win, having taken the last horse.")


def test_the_bridge_answers_the_notes_as_json():
    game = py_engines.new_game("not_nyout", 2, 3)
    rng = Rng(4)
    while True:   # the first position of a random game where a fight can be started
        if game.to_move == CHANCE:
            game.roll()
        elif fight_notes(game):
            break
        else:
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
    answer = json.loads(bridge.handle(json.dumps({"op": "coach", "record": game.to_json()})))
    assert answer["ok"] and answer["result"]["notes"] == game.coach()
