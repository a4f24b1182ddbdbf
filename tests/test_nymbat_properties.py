"""Nymbat: properties over seeded random games, two and four players.

The start-of-turn move list is checked against an independent reading of the
position (flood-filled groups, and destinations found by walking every path of
up to ``speed`` steps). Random games end on their own (the penalties drain the
reserves, then the pieces); ``MAX_PLIES`` only guards the test.
"""
import json

import pytest

import py_engines
from py_engines import IllegalMove
from py_engines.games.nymbat import CELLS, INDEX, NAMES, NEIGHBOURS, SETUP, Nymbat
from py_engines.playout import random_game
from py_engines.rng import Rng

MAX_PLIES = 3000
SEEDS = {2: range(6), 4: range(3)}


def flood_groups(cells, player):
    left = {c for c, (p, _) in cells.items() if p == player}
    groups = []
    while left:
        todo = [left.pop()]
        group = set(todo)
        while todo:
            c = todo.pop()
            for n in NEIGHBOURS[INDEX[c]]:
                if NAMES[n] in left:
                    left.remove(NAMES[n])
                    group.add(NAMES[n])
                    todo.append(NAMES[n])
        groups.append(group)
    return groups


def walk_ends(cells, start, speed, friendly):
    """Every cell a piece can end on, by trying all walks of up to ``speed`` steps."""
    ends = set()

    def walk(cell, steps, seen):
        if steps == 0:
            return
        for n in NEIGHBOURS[INDEX[cell]]:
            name = NAMES[n]
            if (name, steps) in seen:
                continue
            seen.add((name, steps))
            if name not in cells:
                ends.add(name)
                walk(name, steps - 1, seen)
            elif friendly(cells[name][0]):
                walk(name, steps - 1, seen)
            else:
                ends.add(name)
    walk(start, speed, set())
    ends.discard(start)
    return ends


def expected_start_moves(g):
    view = g.view()
    p, cells = view["turn"], view["cells"]
    moves = set()
    allowance = min(view["allowance"], 6)
    for c in view["setup"][str(p)]:
        if c not in cells:
            moves |= {f"{c}={k}" for k in range(1, allowance + 1)}
    if not view["first_turn"][p]:
        team = next((t for t in view["teams"] or [] if p in t), [p])
        for group in flood_groups(cells, p):
            speed = min(cells[c][1] for c in group)
            for c in group:
                moves |= {f"{c}-{d}" for d in walk_ends(cells, c, speed, lambda q: q in team)}
        moves.add("pass")
    return moves or {"pass"}


def wrong_moves(g, listed, rng, count=25):
    """A sample of move texts that are not listed: near misses of every kind."""
    pool = ["pass", "done", "stop", "p0", "p1", "p2", "p3", "x", "a1=7", "e5-", "h8-h8"]
    for _ in range(count):
        a, b = NAMES[rng.below(CELLS)], NAMES[rng.below(CELLS)]
        pool += [f"{a}={1 + rng.below(6)}", f"{a}-{b}", f"x{a}"]
    for move in listed[:5]:
        if "-" in move:
            pool.append(move.split("-")[0] + "-" + NAMES[rng.below(CELLS)])
    listed_set = set(listed)
    return [m for m in pool if m not in listed_set]


def material(g):
    return [g.reserve[q] + sum(g.num[c] for c in range(CELLS) if g.owner[c] == q) for q in range(g.players)]


def check_steps_prefix_free(g, listed):
    steps = [tuple(json.dumps(s, sort_keys=True) for s in g.move_steps(m)) for m in listed]
    assert len(set(steps)) == len(steps)
    whole = set(steps)
    for s in steps:
        for k in range(1, len(s)):
            assert s[:k] not in whole, f"{s[:k]} is a prefix of another move's steps"


@pytest.mark.parametrize("players, seed", [(n, s) for n, seeds in SEEDS.items() for s in seeds])
def test_random_game_properties(players, seed):
    rng = Rng(seed)
    g = py_engines.new_game("nymbat", players, seed)
    worth = material(g)
    plies = 0
    while not g.is_over:
        listed = g.legal_moves()
        assert listed and len(listed) == len(set(listed)) and len(listed) < 3000
        if g.phase == "start":
            assert set(listed) == expected_start_moves(g)
        for move in listed:
            assert Nymbat.move_text(Nymbat.parse_move(move)) == move
        if plies % 4 == 0:
            check_steps_prefix_free(g, listed)
            for move in listed[:: max(1, len(listed) // 40)]:
                g.clone().play(move)
            before = g.to_json()
            view = json.dumps(g.view())
            for move in wrong_moves(g, listed, rng):
                with pytest.raises(IllegalMove):
                    g.play(move)
            assert g.to_json() == before and json.dumps(g.view()) == view
        if plies % 25 == 0:
            text = g.to_json()
            again = py_engines.load(text)
            assert again.to_json() == text and again.view() == g.view()
        mover = g.to_move
        g.play(listed[rng.below(len(listed))])
        now = material(g)
        assert all(a <= b for a, b in zip(now, worth)), "no one gains material"
        worth = now
        assert all(1 <= g.num[c] <= 6 for c in range(CELLS) if g.owner[c] >= 0)
        assert g.is_over or g.to_move == mover or g.phase in ("pick", "start")
        plies += 1
        assert plies < MAX_PLIES, "a random game should end"
    text = g.to_json()
    assert py_engines.load(text).to_json() == text
    assert g.legal_moves() == [] and g.to_move is None and g.winners
    check_result(g)


def check_result(g):
    view = g.view()
    if view["result"] == "home":
        w = g.winners[0]
        row = set(view["home"][str(1 - w)])
        on_row = {view["cells"][c][0] for c in row if c in view["cells"]}
        assert on_row == {w}
    elif view["result"] == "empty":
        assert not view["cells"] and not any(view["reserves"])
    else:
        assert g.players == 4 and len(g.winners) == 2
        losers = [q for q in range(4) if q not in g.winners]
        assert all(view["eliminated"][q] for q in losers)
        assert not any(p in losers for p, _ in view["cells"].values())


@pytest.mark.parametrize("players, seed", [(2, 11), (2, 12), (4, 13)])
def test_fast_path_games_replay_through_the_checked_path(players, seed):
    g = random_game("nymbat", seed, players, fast=True)
    replay = py_engines.load(g.to_json())
    assert replay.winners == g.winners and replay.view() == g.view()


def test_random_games_are_reproducible_and_clones_independent():
    a = random_game("nymbat", 5)
    b = random_game("nymbat", 5)
    assert a.history == b.history
    g = py_engines.load(json.dumps({**json.loads(a.to_json()), "moves": a.history[:20]}))
    copy = g.clone()
    copy.play(copy.legal_moves()[0])
    assert len(g.history) == 20 and g.legal_moves() == py_engines.load(g.to_json()).legal_moves()


def test_setup_area_cells_are_distinct_per_two_player_side():
    assert not set(SETUP[0]) & set(SETUP[3])
