"""Properties over many seeded random games (Manalath), checked against an
independent flood-fill reading of the board."""
import json

import pytest

import py_engines
from py_engines import IllegalMove
from py_engines.games.hexgrid import hex_grid
from py_engines.playout import random_game
from py_engines.rng import Rng

GRID = hex_grid(5)
EVERY_MOVE = [name + colour for name in GRID.names for colour in "wb"] + ["pass"]
GAMES = 200


def groups_of(cells: dict[str, str], colour: str) -> list[set[str]]:
    """Groups of one colour found by flood fill, knowing nothing of the engine's bookkeeping."""
    left = {c for c, k in cells.items() if k == colour}
    found = []
    while left:
        stack = [left.pop()]
        group = set(stack)
        while stack:
            cell = stack.pop()
            for n in GRID.neighbours[GRID.index[cell]]:
                name = GRID.names[n]
                if name in left:
                    left.remove(name)
                    group.add(name)
                    stack.append(name)
        found.append(group)
    return found


def expected_legal(game) -> set[str]:
    view = game.view()
    cells, supply = view["cells"], view["supply"]
    legal = set()
    for colour in "wb":
        if not supply[colour]:
            continue
        for name in GRID.names:
            if name in cells:
                continue
            trial = dict(cells, **{name: colour})
            size = next(len(g) for g in groups_of(trial, colour) if name in g)
            if size <= 5:
                legal.add(name + colour)
    return legal or {"pass"}


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_properties(seed):
    rng = Rng(seed)
    game = py_engines.new_game("manalath", seed=seed)
    steps = 0
    while not game.is_over:
        listed = game.legal_moves()
        assert len(listed) == len(set(listed))
        assert set(listed) == expected_legal(game)
        for move in listed:  # every listed move is accepted
            game.clone().play(move)
        before = game.to_json()
        for move in EVERY_MOVE:  # every other is refused and changes nothing
            if move not in listed:
                with pytest.raises(IllegalMove):
                    game.play(move)
        assert game.to_json() == before
        assert py_engines.load(before).to_json() == before
        game.play(listed[rng.below(len(listed))])
        steps += 1
        assert steps <= 122, "a game must end"
    text = game.to_json()
    assert py_engines.load(text).to_json() == text
    assert game.legal_moves() == [] and game.to_move is None
    check_result_agrees_with_board(game)


def check_result_agrees_with_board(game):
    view = game.view()
    last_mover = (len(game.history) - 1) % 2
    colour = "wb"[last_mover]
    sizes = {len(g) for g in groups_of(view["cells"], colour)}
    if view["result"] == "quint":
        assert game.winners == [last_mover] and 5 in sizes
    elif view["result"] == "quart":
        assert game.winners == [1 - last_mover] and 4 in sizes
    else:
        assert view["result"] == "draw" and game.winners == [] and game.history[-2:] == ["pass", "pass"]
    # Every group stays within five.
    for c in "wb":
        assert all(len(g) <= 5 for g in groups_of(view["cells"], c))


@pytest.mark.parametrize("seed", range(0, 400, 7))
def test_fast_playout_path_plays_legal_games(seed):
    """The playout path's games replay move by move through the checked path."""
    game = random_game("manalath", seed, fast=True)
    replay = py_engines.load(game.to_json())
    assert replay.winners == game.winners and replay.view() == game.view()


def test_random_games_are_reproducible_from_their_seed():
    a = random_game("manalath", 12345)
    b = random_game("manalath", 12345)
    assert a.history == b.history
    assert json.loads(a.to_json())["seed"] == 12345


def test_clone_is_independent():
    game = random_game("manalath", 3)
    g = py_engines.new_game("manalath")
    for move in game.history[:6]:
        g.play(move)
    copy = g.clone()
    copy.play(copy.legal_moves()[0])
    assert len(g.history) == 6 and len(copy.history) == 7
    assert g.legal_moves() == py_engines.load(g.to_json()).legal_moves()
