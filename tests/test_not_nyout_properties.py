"""Not Nyout: properties over seeded random games of two, three and four players."""
import pytest

import py_engines
from py_engines import CHANCE, IllegalMove
from py_engines.games.not_nyout import NAMES, format_move, parse_move
from py_engines.playout import random_game
from py_engines.rng import Rng

# Well-formed moves that are seldom legal, and text that is no move at all.
PROBES = ["S>C/3", "C>S/3", "2S>C/3", "+1", "+4&", "S=1+1", "S=2+2", "home=S", "slot1", "slot4",
          "r4-4", "r1", "f1-1", "f10-10", "d10", "S>S1/1&", "W4>S1/2", "pass", "S", "+0", "r0"]


CELLS = set(NAMES)


def check_steps(game) -> None:
    """Every move is entered by its own taps, and none is the beginning of another."""
    keys = {}
    for move in game.legal_moves():
        key = tuple((k, v) for s in game.move_steps(move) for k, v in s.items())
        assert all(v in CELLS for k, v in key if k == "cell")
        assert key not in keys, (move, keys.get(key))
        keys[key] = move
    for key, move in keys.items():
        for n in range(1, len(key)):
            assert key[:n] not in keys, (move, keys[key[:n]])


def check_invariants(game) -> None:
    view = game.view()
    on_board = [0] * game.players
    for station, groups in view["stations"].items():
        assert station in NAMES and groups
        owners = {g["owner"] for g in groups}
        assert len(owners) == 1, f"{station} holds {groups}"
        for g in groups:
            assert 1 <= g["size"] <= 4
            on_board[g["owner"]] += g["size"]
    combat = view["combat"]
    if combat:
        on_board[combat["attacker"]["owner"]] += combat["attacker"]["size"]
        assert combat["attacker"]["owner"] != combat["defender"]["owner"]
    for p in range(game.players):
        assert view["horses"][p] == on_board[p] + view["stable"][p]
        assert view["out"][p] == (view["horses"][p] == 0)
    if game.is_over:
        assert sum(h > 0 for h in view["horses"]) == 1 or view["result"] == "rounds"
        assert len(game.winners) == 1 and view["horses"][game.winners[0]] > 0


@pytest.mark.parametrize("players, seed", [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_random_game_properties(players, seed):
    rng = Rng(seed)
    game = py_engines.new_game("not_nyout", players, seed)
    for ply in range(2000):
        if game.is_over:
            break
        check_invariants(game)
        listed = game.legal_moves()
        assert listed and len(listed) == len(set(listed))
        for move in listed:
            assert format_move(parse_move(move)) == move
            copy = game.clone()
            copy.play(move)  # every listed move is accepted
        before = game.to_json()
        for move in PROBES:
            if move not in listed:
                with pytest.raises(IllegalMove):
                    game.play(move)
        assert game.to_json() == before
        if ply % 5 == 0:
            again = py_engines.load(before)
            assert again.view() == game.view() and again.legal_moves() == listed
        if game.to_move == CHANCE:
            weights = dict(game.chance_outcomes())
            assert set(weights) == set(listed) and all(w > 0 for w in weights.values())
            game.roll()
        else:
            check_steps(game)
            game.play(listed[rng.below(len(listed))])
    assert game.is_over, "a random game must end"
    check_invariants(game)
    assert game.legal_moves() == [] and game.to_move is None
    text = game.to_json()
    assert py_engines.load(text).to_json() == text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fast_playout_path_plays_games_that_replay(players):
    for seed in range(5):
        game = random_game("not_nyout", seed, players, fast=True)
        replay = py_engines.load(game.to_json())
        assert replay.is_over and replay.winners == game.winners and replay.view() == game.view()


def test_random_games_are_reproducible_from_their_seed():
    assert random_game("not_nyout", 7, 3).history == random_game("not_nyout", 7, 3).history
    assert random_game("not_nyout", 7, 3).history != random_game("not_nyout", 8, 3).history


def test_clone_is_independent():
    game = random_game("not_nyout", 3, 2)
    g = py_engines.new_game("not_nyout", 2, 3)
    for move in game.history[:30]:
        g.play(move)
    copy = g.clone()
    while copy.to_json() == g.to_json() or len(copy.history) < 40:
        if copy.to_move == CHANCE:
            copy.roll()
        else:
            copy.play(copy.legal_moves()[-1])
    assert len(g.history) == 30
    assert g.view() == py_engines.load(g.to_json()).view()


def test_the_roll_order_follows_the_record_not_the_object():
    g = py_engines.new_game("not_nyout", 4, seed=11)
    rolled = [g.roll() for _ in range(4)]
    h = py_engines.new_game("not_nyout", 4, seed=11)
    for move in rolled[:2]:
        h.play(move)  # the same outcomes played by hand
    assert [h.roll() for _ in range(2)] == rolled[2:]
