"""The computer opponent for Ambush: legal, reproducible, and it knows captures."""
import pytest

import py_engines
from py_engines.ai import analyse, choose_move, policy_for
from py_engines.ai.ambush import AmbushPolicy, gain, rate, threat
from py_engines.games.ambush import INDEX, PLACEMENTS
from py_engines.playout import random_game
from py_engines.rng import Rng

PIPS = {"s": 1, "m": 2, "l": 3}
RED, BLACK = 0, 1
TINY = {"iterations": 25, "max_seconds": 5.0}


def position(to_move, stacks):
    g = py_engines.new_game("ambush")
    for cell, text in stacks.items():
        g._set(INDEX[cell], int(text[0]), tuple(PIPS[x] for x in text[1:]))
    g.trees = [[0, 1, 1, 3], [0, 1, 1, 3]]
    g.turn = to_move
    return g


def test_the_policy_is_found_by_name():
    assert isinstance(policy_for(py_engines.new_game("ambush")), AmbushPolicy)


@pytest.mark.parametrize("seed", [3, 8])
def test_answers_every_position_of_a_game_with_a_legal_move(seed):
    moves = random_game("ambush", seed).history
    g = py_engines.new_game("ambush")
    for i, move in enumerate(moves):
        if i % 2 == 0:  # every other position, to keep the test quick
            before = g.to_json()
            answer = choose_move(g, TINY, seed=i)
            assert answer in g.legal_moves() and g.to_json() == before
        g.play(move)
    assert g.is_over


def test_a_seed_gives_the_same_search():
    g = random_game("ambush", 5)
    h = py_engines.new_game("ambush")
    for move in g.history[:12]:
        h.play(move)
    first = analyse(h, "easy", seed=4, max_seconds=600)  # no safety cap on a busy machine
    again = analyse(h, "easy", seed=4, max_seconds=600)
    assert not first["capped"] and first["move"] == again["move"] and first["moves"] == again["moves"]


def best_reply(g, p):
    """The most pips ``p`` captures with one placement, by playing every placement out."""
    best = 0
    for text in g.legal_moves():
        if text in PLACEMENTS:
            after = g.clone()
            after.play(text)
            best = max(best, after.scores[p] - g.scores[p])
    return best


def test_gain_threat_and_rate_agree_with_playing_the_moves():
    checked = 0
    for seed in (1, 2, 3):
        game = random_game("ambush", seed)
        g = py_engines.new_game("ambush")
        for ply, move in enumerate(game.history[:40]):
            g.play(move)
            if g.is_over or g.pending is not None or ply % 4:
                continue
            p = g.turn
            assert threat(g, p) == best_reply(g, p)
            for text in g.legal_moves()[::5]:
                after = g.clone()
                after.play(text)
                if text in PLACEMENTS:
                    cell, s = PLACEMENTS[text]
                    assert gain(g, p, cell, s + 1) == after.scores[p] - g.scores[p], text
                if after.pending is None and not after.is_over:
                    swing = (after.scores[p] - g.scores[p]) - (after.scores[1 - p] - g.scores[1 - p])
                    assert rate(g, text) == swing - best_reply(after, 1 - p), text
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_takes_a_big_capture(level):
    # Two black mediums on b4 and c4 next to Red's large on a4: a large or a
    # medium on d4 takes both (3 + 3 or 3 + 2 against 4).
    g = position(RED, {"a4": "0l", "b4": "1m", "c4": "1m"})
    assert rate(g, "d4l") == 4
    assert choose_move(g, level, seed=2) in {"d4l", "d4m"}


def test_does_not_put_a_pyramid_where_it_is_taken_next_turn():
    # A red pyramid on b1, between Black's larges on a1 and c1, is safe this turn,
    # but Black adds to a1 next turn and takes it: the search avoids b1.
    g = position(RED, {"a1": "1l", "c1": "1l", "f6": "0s"})
    assert rate(g, "b1l") == -3 and rate(g, "b1s") == -1
    assert rate(g, "e5s") == 0
    roots = AmbushPolicy().root_moves(g, g.legal_moves(), Rng(1))
    assert not any(m.startswith("b1") for m in roots)
    assert not choose_move(g, "medium", seed=5).startswith("b1")


def test_a_turn_that_hands_over_a_capture_is_rated_down():
    # Turning coaster 1 clockwise brings Black's small from c3 to c1, and two red
    # smalls to c2 and c3, between it and Black's medium on c4: Black takes both.
    g = position(RED, {"c3": "1s", "c2": "0s", "b3": "0s", "a3": "0s", "c4": "1m"})
    assert rate(g, "1cw-s") <= -2
    assert choose_move(g, "easy", seed=1) != "1cw-s"


def test_playouts_stop_and_evaluate_to_a_win_estimate():
    policy = AmbushPolicy()
    g = py_engines.new_game("ambush")
    played = policy.playout(g, Rng(3), 400)
    assert 0 < len(played) <= 12
    value = policy.evaluate(g)
    assert len(value) == 2 and abs(sum(value) - 1) < 1e-9 and all(0 <= v <= 1 for v in value)
    done = random_game("ambush", 2)
    assert policy.evaluate(done) in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])
