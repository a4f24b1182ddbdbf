"""The computer opponent for Not Nyout: legal, reproducible, and it knows a good fight."""
import pytest

import py_engines
from py_engines import CHANCE
from py_engines.ai import LEVELS, analyse, choose_move, policy_for
from py_engines.ai.not_nyout import (NotNyoutPolicy, WEIGHTS, WIN, attack_chances, expected_losses, features,
                                     fitted_score, win_chance)
from py_engines.playout import random_game
from py_engines.rng import Rng

from test_not_nyout import position

TINY = {"iterations": 30, "max_seconds": 5.0}


def test_the_policy_is_found_by_name():
    assert isinstance(policy_for(py_engines.new_game("not_nyout")), NotNyoutPolicy)


def test_fight_odds_follow_the_dice():
    # One horse against one: the attacker wins the round unless d4 + 2 <= d4: 13 of 16.
    assert win_chance(1, 1) == pytest.approx(13 / 16)
    assert WIN[4][1] > WIN[1][1] > WIN[1][4]
    assert all(0 < WIN[a][d] < 1 for a in range(1, 5) for d in range(1, 5))
    lost_a, lost_d = expected_losses(1, 1)
    assert lost_a == pytest.approx(3 / 16) and lost_d == pytest.approx(13 / 16)


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 4), (4, 5)])
def test_it_answers_every_position_of_a_game_with_a_legal_move(players, seed):
    game = py_engines.new_game("not_nyout", players, seed)
    rng = Rng(seed)
    decisions = 0
    while not game.is_over and decisions < 60:
        if game.to_move == CHANCE:
            game.roll()
            continue
        before = game.to_json()
        move = choose_move(game, TINY, seed=decisions)
        assert move in game.legal_moves() and game.to_json() == before
        decisions += 1
        moves = game.legal_moves()
        game.play(move if decisions % 2 else moves[rng.below(len(moves))])


def mid_game():
    """A two-player position 25 moves into a random game, with a choice to make, just after a roll
    (the first move of a turn, which searches the level's whole budget)."""
    whole = random_game("not_nyout", 9, 2)
    g = py_engines.new_game("not_nyout", 2, 9)
    for move in whole.history[:25]:
        g.play(move)
    while g.to_move == CHANCE or len(g.legal_moves()) < 2 or not g.history[-1].startswith("r"):
        g.play(g.legal_moves()[0])
    return g


def test_easy_and_medium_have_their_own_small_budgets_and_hard_the_shared_one():
    # Medium at the shared 400 playouts played as well as hard (docs/not_nyout.md).
    g = mid_game()
    assert analyse(g, "easy", seed=1)["iterations"] == 6 < LEVELS["easy"]["iterations"]
    assert analyse(g, "medium", seed=1)["iterations"] == 40 < LEVELS["medium"]["iterations"]
    assert analyse(g, "hard", seed=1, max_seconds=600)["iterations"] == LEVELS["hard"]["iterations"]
    assert analyse(g, {"iterations": 25, "max_seconds": 30}, seed=1)["iterations"] == 25
    assert analyse(py_engines.new_game("manalath"), "easy", seed=1)["iterations"] == LEVELS["easy"]["iterations"]


def test_a_turns_later_moves_search_a_quarter_of_the_budget():
    # A player waits for the whole turn: after the first die is spent, the next ones search less.
    whole = random_game("not_nyout", 3, 2)
    g = py_engines.new_game("not_nyout", 2, 3)
    for move in whole.history:
        if g.to_move == g.current and g.rolls and len(g.rolls) >= 2 and g.history[-1].startswith("r"):
            break
        g.play(move)
    assert len(g.rolls) >= 2
    first = analyse(g, "hard", seed=1, max_seconds=600)  # no safety cap on a busy machine
    assert first["budget"] == first["iterations"] == LEVELS["hard"]["iterations"]
    g.play(first["move"])
    while g.to_move == CHANCE:  # a fight
        g.roll()
    assert g.to_move == g.current and g.rolls
    later = analyse(g, "hard", seed=1, max_seconds=600)
    assert later["budget"] == LEVELS["hard"]["iterations"] // 4 and later["iterations"] in (0, later["budget"])


def test_it_is_deterministic_for_a_seed():
    g = mid_game()
    a = analyse(g, {"iterations": 120, "max_seconds": 600}, seed=4)
    b = analyse(g, {"iterations": 120, "max_seconds": 600}, seed=4)
    assert a["move"] == b["move"] and a["moves"] == b["moves"] and not a["capped"]


def test_it_finishes_off_the_last_enemy_horse():
    # Red's pair can land on blue's last horse (S2) with the 2; summoning a single horse
    # there attacks with worse odds. (Of 40 seeds, easy finds the pair in 14, medium in 31, hard in all.)
    g = position({"S": [(0, 2)], "S2": [(1, 1)]}, rolls=(2,), stable=(2, 0), homes=("S", "N"))
    assert all(choose_move(g, "hard", seed=seed, max_seconds=600) == "S>S2/2" for seed in range(3))


def test_it_does_not_walk_into_a_lost_fight():
    # Red's single horse on S may attack blue's four on S3 with the 3, or go to C; red has
    # three more horses in the stable. Attacking a group of four alone almost always loses the horse.
    g = position({"S": [(0, 1)], "S3": [(1, 4)]}, rolls=(3,), stable=(3, 0), homes=("S", "N"), summoned=True)
    assert set(g.legal_moves()) == {"S>S3/3", "S>C/3"}
    assert choose_move(g, "hard", seed=2, max_seconds=600) == "S>C/3"


def test_it_attacks_a_lone_horse_with_a_big_group():
    g = position({"E": [(0, 3)], "E3": [(1, 1)], "N2": [(1, 1)]}, rolls=(3,), homes=("S", "N"))
    assert choose_move(g, "hard", seed=3, max_seconds=600) == "E>E3/3"


# -- the expert's fitted score ------------------------------------------------------

def about_to_roll(groups, current=0, stable=None):
    g = position(groups, current=current, stable=stable, homes=("S", "N"))
    g.rolls = None
    return g


def test_what_a_roll_threatens_comes_from_the_dice():
    # Red's lone horse on S reaches Blue's lone horse on S2 with a 2 (landing) or a 3 (it stops
    # there to fight): each number shows on red's one die a quarter of the time, and the fight
    # costs Blue 13/16 of a horse and Red 3/16.
    g = about_to_roll({"S": [(0, 1)], "S2": [(1, 1)]})
    assert attack_chances(g, 0) == pytest.approx(0.25 * 2 * (13 / 16 - 3 / 16))
    assert attack_chances(g, 1) == 0.0    # Blue moves away from Red: nothing in reach
    # Two groups roll two dice: a number shows 7 times in 16.
    g = about_to_roll({"S": [(0, 1)], "W": [(0, 1)], "S2": [(1, 1)]})
    assert attack_chances(g, 0) == pytest.approx(7 / 16 * 2 * (13 / 16 - 3 / 16))


def test_the_fitted_score_is_a_chance_that_favours_the_side_that_threatens():
    gaps = []
    for current in (0, 1):
        hunter = about_to_roll({"S": [(0, 1)], "S2": [(1, 1)]}, current=current)
        quiet = about_to_roll({"S": [(0, 1)], "E4": [(1, 1)]}, current=current)
        a, b = fitted_score(hunter), fitted_score(quiet)
        assert sum(a) == pytest.approx(1.0) and 0.0 < a[0] < 1.0
        gaps.append(a[0] - b[0])
    # Red's reach on Blue's horse helps Red most when it is Red's roll that comes next.
    assert gaps[0] > gaps[1] > 0.0
    more = about_to_roll({"S": [(0, 3)], "N": [(1, 1)]}, stable=(1, 0))    # four horses against one
    fewer = about_to_roll({"S": [(0, 1)], "N": [(1, 3)]}, stable=(0, 1))
    assert fitted_score(more)[0] > 0.5 > fitted_score(fewer)[0]
    assert len(WEIGHTS) == len(features(more, 0)) == 19


def test_only_the_expert_uses_the_fitted_score_and_only_with_two_players():
    g = about_to_roll({"S": [(0, 1)], "S2": [(1, 1)]})
    policy = NotNyoutPolicy()
    policy.settings = {**LEVELS["expert"], **NotNyoutPolicy.levels["expert"]}
    assert policy.evaluate(g) == fitted_score(g)
    policy.settings = {**LEVELS["hard"], **NotNyoutPolicy.levels.get("hard", {})}
    assert policy.evaluate(g) == pytest.approx([0.5, 0.5])   # squared horses: four each
    three = position({"S": [(0, 1)], "S2": [(1, 1)]}, players=3, homes=("S", "N", "E"))
    three.rolls = None
    policy.settings = {**LEVELS["expert"], **NotNyoutPolicy.levels["expert"]}
    assert policy.evaluate(three) == pytest.approx([1 / 3] * 3)


def expert_policy(**settings):
    policy = NotNyoutPolicy()
    policy.settings = {**LEVELS["expert"], **NotNyoutPolicy.levels["expert"], **settings}
    return policy


def test_the_experts_playouts_stop_when_the_other_player_is_about_to_roll():
    # The fitted score judges a position with a player about to roll, so the expert's
    # playouts end at the first such position: where its own turn ends.
    g = position({"S": [(0, 1)], "N2": [(1, 1)]}, rolls=(3,), homes=("S", "N"), summoned=True)
    policy = expert_policy()
    played = policy.playout(g, Rng(5), 400)
    assert g.rolls is None and g.current == 1 and not g.combat
    assert [m for _, m in played if m.startswith("r")] == []
    hard = NotNyoutPolicy()
    hard.settings = {**LEVELS["hard"]}
    g = position({"S": [(0, 1)], "N2": [(1, 1)]}, rolls=(3,), homes=("S", "N"), summoned=True)
    played = hard.playout(g, Rng(5), 400)
    assert g.result or len([m for _, m in played if m.startswith("r")]) == 2   # two more turns
    # With three players the expert scores as hard does, at the end of the next full round.
    three = position({"S": [(0, 1)], "N2": [(1, 1)], "E2": [(2, 1)]}, rolls=(3,), players=3,
                     homes=("S", "N", "E"), summoned=True)
    played = policy.playout(three, Rng(5), 400)
    assert three.result or len([m for _, m in played if m.startswith("r")]) == 3

