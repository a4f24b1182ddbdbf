"""Nimbus over seeded random games, checked against a plain reading of the view.

The expected moves are worked out here from ``view()`` alone (squares, their
stacks and orientations), knowing nothing of the engine's bookkeeping.
"""
import json

import pytest

import py_engines
from py_engines import CHANCE, IllegalMove
from py_engines.games.nimbus import LINE_OF, NAMES
from py_engines.playout import random_game
from py_engines.rng import Rng

FILES = "abcdefgh"
DIRS = {"n": (0, 1), "ne": (1, 1), "e": (1, 0), "se": (1, -1), "s": (0, -1), "sw": (-1, -1), "w": (-1, 0),
        "nw": (-1, 1)}
COLOURS = "rygbk"


def square(f: int, r: int) -> str | None:
    return f"{FILES[f]}{r + 1}" if 0 <= f < 8 and 0 <= r < 8 else None


def coords(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1]) - 1


def expected_actions(squares: dict) -> set[str]:
    moves = set()
    for name, sq in squares.items():
        f, r = coords(name)
        orient = sq["orient"]
        if orient != "u":
            moves |= {f"{name}={o}" for o in ["u", *DIRS] if o != orient}
            df, dr = DIRS[orient]
            step = 1
            while (t := square(f + df * step, r + dr * step)) and t not in squares:
                moves.add(f"{name}-{t}")
                step += 1
        else:
            if len(sq["stack"]) == 1:
                moves |= {f"{name}={o}" for o in DIRS}
            for df, dr in DIRS.values():
                t = square(f + df, r + dr)
                if t and (t not in squares or squares[t]["orient"] == "u"):
                    moves.add(f"{name}-{t}")
    return moves


def props(sq: dict) -> set[str]:
    top = sq["stack"][-1]
    return {top[0], top[1], sq["orient"]}


def all_lines() -> list[list[str]]:
    lines = []
    for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for f in range(8):
            for r in range(8):
                if square(f - df, r - dr):
                    continue  # not the first square of its line
                line, k = [], 0
                while t := square(f + df * k, r + dr * k):
                    line.append(t)
                    k += 1
                if len(line) >= 2:  # a corner's one-square diagonal is no line
                    lines.append(line)
    return lines


LINES = all_lines()


def expected_collects(squares: dict) -> set[str]:
    """Every (line, property) that takes at least one pyramid, written as the engine should."""
    moves = set()
    for line in LINES:
        for p in [*COLOURS, "1", "2", "3", "u", *DIRS]:
            tops = [s for s in line if s in squares and p in props(squares[s])]
            if len(tops) == 1:
                moves.add(f"{p}:{tops[0]}")
            elif tops:
                moves |= {f"{p}:{tops[0]}-{tops[-1]}", f"{p}:{tops[-1]}-{tops[0]}"}
    return moves


def expected_moves(game) -> set[str]:
    view = game.view()
    squares = view["squares"]
    if view["phase"] == "setup":
        if game.options["random_setup"]:
            return {f"deal{n}" for n in range(1000)}
        if view["held"] is None:
            return {k for k, n in view["pile"].items() if n}
        open_squares = [s for s in NAMES if s not in squares or squares[s]["orient"] == "u"]
        # Laying it flat on the last open square is refused while the pile holds more.
        flat = [] if view["left"] and len(open_squares) == 1 else DIRS
        return {f"{s}={o}" for s in NAMES if s not in squares for o in ["u", *flat]} | {
            f"{s}=u" for s, sq in squares.items() if sq["orient"] == "u"}
    moves = set()
    if "move" in view["remaining"]:
        moves |= expected_actions(squares)
        assert moves, "a move action is possible whenever a pyramid is on the board"
    if "collect" in view["remaining"]:
        moves |= expected_collects(squares)
    return moves


def explain(game, move: str) -> list[dict]:
    """What a collect takes, from its events on a copy of the game."""
    copy = game.clone()
    copy.play(move)
    return next(e for e in copy.events if e["type"] == "collect")["taken"]


def text_from_steps(steps: list[dict], view: dict) -> str:
    """The notation rebuilt from the taps alone (and, for a setup tap on a square, the usual way)."""
    if len(steps) == 1 and "cell" in steps[0]:  # the pyramid taken, put down the usual way
        cell = steps[0]["cell"]
        open_squares = [s for s in NAMES if s not in view["squares"] or view["squares"][s]["orient"] == "u"]
        flat_refused = cell in view["squares"] or (view["left"] and len(open_squares) == 1)
        return f"{cell}={'u' if flat_refused else view['usual']}"
    if len(steps) == 1:
        return steps[0]["choice"]
    if "choice" in steps[0] and "cell" in steps[1]:  # in the setup: the way, then the square
        return f"{steps[1]['cell']}={steps[0]['choice']}"
    if ":" in steps[1].get("choice", ""):  # a collect is chosen by its notation, after a pyramid it takes
        return steps[1]["choice"]
    if "choice" in steps[1]:
        return f"{steps[0]['cell']}={steps[1]['choice']}"
    return f"{steps[0]['cell']}-{steps[1]['cell']}"


def universe_sample(rng: Rng, count: int) -> list[str]:
    """Well-formed moves of every shape, legal or not."""
    pairs = sorted(LINE_OF)
    out = []
    for _ in range(count):
        kind = rng.below(5)
        a, b = pairs[rng.below(len(pairs))]
        p = [*COLOURS, "1", "2", "3", "u", *DIRS][rng.below(17)]
        if kind == 0:
            out.append(f"{NAMES[a]}={['u', *DIRS][rng.below(9)]}")
        elif kind == 1:
            out.append(f"{NAMES[a]}-{NAMES[b]}")
        elif kind == 2:
            out.append(f"{p}:{NAMES[a]}")
        elif kind == 3:
            out.append(f"{p}:{NAMES[a]}-{NAMES[b]}")
        else:
            out.append(COLOURS[rng.below(5)] + "123"[rng.below(3)])
    return out


CASES = [(2, 1, {}), (3, 2, {"random_setup": True}), (5, 3, {"sets": 2}), (10, 4, {"round_end": "two_losers"}),
         (4, 5, {"round_end": "misere", "sets": 4}), (3, 6, {"sets": 6}), (2, 7, {"sets": 5, "random_setup": True})]


@pytest.mark.slow
@pytest.mark.parametrize("players, seed, options", CASES)
def test_random_round_properties(players, seed, options):
    rng = Rng(seed)
    game = py_engines.new_game("nimbus", players, seed, goal="rounds1", **options)
    ply = 0
    while not game.is_over:
        listed = game.legal_moves()
        assert len(listed) == len(set(listed)) and listed
        assert set(listed) == expected_moves(game)
        if game.to_move != CHANCE:
            view = game.view()
            for move in listed:
                entries = game.move_entries(move)
                assert all(text_from_steps(steps, view) == move for steps in entries)
                if ":" in move:  # from each pyramid the collect takes, and from no other square
                    taken = {t["cell"] for t in explain(game, move)}
                    assert {e[0]["cell"] for e in entries} == taken and len(entries) == len(taken)
        sample = listed if len(listed) < 40 else [listed[rng.below(len(listed))] for _ in range(20)]
        for move in sample:  # listed moves are accepted
            game.clone().play(move)
        before = game.to_json()
        view = game.view()
        for move in universe_sample(rng, 40):
            if move not in listed:
                with pytest.raises(IllegalMove):
                    game.play(move)
        assert game.to_json() == before and game.view() == view
        if ply % 10 == 0:
            again = py_engines.load(before)
            assert again.view() == view and again.legal_moves() == listed
        json.dumps(view)
        if game.to_move == CHANCE:
            game.roll()
        else:
            game.play(listed[rng.below(len(listed))])
        ply += 1
        assert ply < 1000, "a round must end"
    assert game.legal_moves() == [] and game.to_move is None
    assert len(game.rounds) == 1 and game.view()["squares"] == {}
    assert sum(game.rounds[0]["pyramids"]) == 15 * game.sets
    assert py_engines.load(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("players", [2, 4, 7])
def test_whole_games_end_and_the_fast_path_replays(players):
    for seed in range(3):
        game = random_game("nimbus", seed, players, fast=True)
        assert game.is_over and game.winners
        again = py_engines.load(game.to_json())
        assert again.view() == game.view() and again.winners == game.winners
        totals = game.totals
        best = max(totals)
        assert len(game.rounds) == 5 and all(totals[w] == best for w in game.winners)  # the default: five rounds
        # Each round's points are the pips its winners collected in it, and add up to the totals.
        assert [sum(r["points"][p] for r in game.rounds) for p in range(players)] == totals
        for r in game.rounds:
            assert all(r["points"][p] == (r["pips"][p] if p in r["winners"] else 0) for p in range(players))
            assert sum(r["pyramids"]) == 45
        # The first player moves one seat each round: round k's setup starts with player k - 1 mod n,
        # and play with the player after the one who placed the last of the 45 pyramids.
        replay = py_engines.new_game("nimbus", players, seed)
        starts, plays = {}, {}
        for move in game.history:
            view = replay.view()
            if view["phase"] == "setup":
                starts.setdefault(view["round"], replay.to_move)
            else:
                plays.setdefault(view["round"], replay.to_move)
            replay.play(move)
        rounds = range(1, len(game.rounds) + 1)
        assert starts == {k: (k - 1) % players for k in rounds}
        assert plays == {k: (k - 1 + 45) % players for k in rounds}


def test_clone_is_independent():
    game = random_game("nimbus", 3, 2, goal="rounds1")
    g = py_engines.new_game("nimbus", 2, 3, goal="rounds1")
    for move in game.history[:120]:
        g.play(move)
    copy = g.clone()
    before = g.to_json(), g.view()
    copy.play(copy.legal_moves()[-1])
    copy.play(copy.legal_moves()[0])
    assert (g.to_json(), g.view()) == before
    assert g.legal_moves() == py_engines.load(g.to_json()).legal_moves()
