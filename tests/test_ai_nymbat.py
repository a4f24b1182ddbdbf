"""The computer opponent in Nymbat: legal, reproducible, and sensible in plain positions."""
import pytest

import py_engines
from py_engines.ai import LEVELS, analyse, choose_move, policy_for
from py_engines.ai.nymbat import NymbatPolicy
from py_engines.games.nymbat import INDEX
from py_engines.playout import random_game
from py_engines.rng import Rng

TINY = {"iterations": 30, "max_seconds": 5.0}


def position(pieces, turn=0, reserves=(10, 10)):
    g = py_engines.new_game("nymbat")
    for name, (p, k) in pieces.items():
        g.owner[INDEX[name]] = p
        g.num[INDEX[name]] = k
    g.started = [True, True]
    g.reserve = list(reserves)
    g.turn = turn
    return g


def play_turn(g, level="medium", seed=0):
    """Let the computer play the rest of the current turn."""
    mover = g.to_move
    while not g.is_over and g.to_move == mover:
        g.play(choose_move(g, level, seed=seed))


def test_the_policy_is_found_by_name():
    assert isinstance(policy_for(py_engines.new_game("nymbat")), NymbatPolicy)


def test_every_candidate_is_legal_along_random_games():
    policy = NymbatPolicy()
    for players, seed in ((2, 1), (4, 2)):
        whole = random_game("nymbat", seed, players)
        g = py_engines.new_game("nymbat", players, seed)
        for move in whole.history:
            legal = set(g.legal_moves())
            candidates = policy.candidates(g)
            assert candidates and set(candidates) <= legal
            reward = policy.evaluate(g)
            assert abs(sum(reward) - 1) < 1e-9 and all(0 <= r <= 1 for r in reward)
            g.play(move)


@pytest.mark.slow
def test_a_move_for_every_position_of_a_game_and_only_legal_ones():
    for players, seed in ((2, 3), (4, 4)):
        whole = random_game("nymbat", seed, players)
        g = py_engines.new_game("nymbat", players, seed)
        for ply, move in enumerate(whole.history):
            if ply % 3 == 0:
                before = g.to_json()
                chosen = choose_move(g, TINY, seed=ply)
                assert chosen in g.legal_moves() and g.to_json() == before
            g.play(move)


def test_the_search_is_deterministic_for_a_seed():
    g = position({"f5": (0, 6), "f6": (0, 6), "j7": (1, 3), "j8": (1, 2), "m3": (1, 4)})
    first = analyse(g, "easy", seed=7, max_seconds=600)  # no safety cap on a busy machine
    again = analyse(g, "easy", seed=7, max_seconds=600)
    assert first["move"] == again["move"] and first["moves"] == again["moves"]


def test_walks_onto_the_undefended_home_row():
    g = position({"n4": (0, 6), "c2": (1, 6)}, reserves=(0, 0))
    play_turn(g, "medium", seed=1)
    assert any(g.owner[INDEX[f"o{i}"]] == 0 for i in range(1, 9))
    g.play("pass")
    assert g.is_over and g.winners == [0]


def test_answers_an_intruder_on_its_home_row():
    # Player 1's 2 stands on row a, where player 0 has nothing: player 0 must answer at once.
    g = position({"a4": (1, 2), "h8": (0, 3), "m5": (1, 6)}, reserves=(5, 5))
    play_turn(g, "medium", seed=2)
    assert not g.is_over
    g.play("pass")
    assert not g.is_over, "the intruder was left to win"


def test_takes_a_free_piece():
    # A lone enemy 5 beside a 6 and nothing else in reach: taking it gains 5 safely.
    g = position({"h8": (0, 6), "h9": (1, 5), "o5": (1, 2)}, reserves=(5, 5))
    assert choose_move(g, "medium", seed=3) == "h8-h9"


def test_candidates_prune_but_keep_attacks():
    g = position({"h8": (0, 6), "h9": (1, 1), "m5": (1, 2)})
    moves = NymbatPolicy().candidates(g)
    assert "h8-h9" in moves and "pass" in moves
    assert len([m for m in moves if m.startswith("h8-")]) <= 3 + 2  # three steps forward, two attacks
    # 6s anywhere in the setup area; 1s only on the home row, as an enemy (h9) is near it.
    assert {m[-1] for m in moves if "=" in m} == {"1", "6"}
    assert all(m[0] == "a" for m in moves if m.endswith("=1"))


def test_four_players_reward_is_shared_by_teams():
    g = py_engines.new_game("nymbat", 4)
    rng = Rng(5)
    for _ in range(40):
        moves = g.legal_moves()
        g.play(moves[rng.below(len(moves))])
    reward = NymbatPolicy().evaluate(g)
    assert abs(reward[0] - reward[2]) < 1e-12 and abs(reward[1] - reward[3]) < 1e-12


def test_a_turns_later_moves_search_a_tenth_of_the_budget():
    # A group of three on its way: the first piece's move searches the whole budget, the next a tenth.
    g = position({"e4": (0, 3), "e5": (0, 3), "f5": (0, 3), "k8": (1, 2)})
    first = analyse(g, "hard", seed=1)
    assert first["budget"] == 1500
    g.play(next(m for m in g.legal_moves() if m.startswith("e4-")))
    assert g.phase == "move" and g.to_move == 0
    later = analyse(g, "hard", seed=1)
    assert later["budget"] == 150 and analyse(g, "expert", seed=1)["budget"] == 300
    # Four players: the team's pick starts the turn, the picked player's first move does not.
    four = py_engines.new_game("nymbat", 4)
    assert analyse(four, "medium", seed=1)["budget"] == 200
    four.play("p0")
    assert analyse(four, "medium", seed=1)["budget"] == 20


def test_easy_and_medium_have_their_own_small_budgets():
    # At the shared 400 playouts medium was nearly hard (docs/nymbat.md).
    g = py_engines.new_game("nymbat")
    assert analyse(g, "easy", seed=1)["budget"] == 30
    assert analyse(g, "medium", seed=1)["budget"] == 200
    assert analyse(g, "hard", seed=1)["budget"] == LEVELS["hard"]["iterations"]


def test_with_turn_end_a_leaf_is_scored_where_a_turn_starts():
    # The setting ``turn_end`` (see NymbatPolicy.playout) plays a leaf's turn to its end, the
    # plainest way, before the position is scored; without it the leaf is scored as it stands.
    policy = NymbatPolicy()
    checked = 0
    for seed in range(4):
        whole = random_game("nymbat", seed)
        g = py_engines.new_game("nymbat", whole.players, whole.seed)
        for move in whole.history[:80]:
            g.play(move)
            if g.is_over or g.phase == "start":
                continue
            mover = g.to_move
            policy.settings = {}
            assert policy.playout(g.clone(), Rng(1), 400) == []
            policy.settings = {"turn_end": True}
            after = g.clone()
            played = policy.playout(after, Rng(1), 400)
            assert played and after.phase in ("start", "over")
            assert {p for p, _ in played} <= {mover} or g.phase == "pick"
            checked += 1
    assert NymbatPolicy.levels["expert"]["turn_end"] and "turn_end" not in NymbatPolicy.levels["hard"]
    assert checked > 20
