"""The engine contract, checked the same way for every game.

Each game has its own scenario tests; this file checks what the page and the
record format rely on, for every registered game and player count, along a few
seeded random games: moves are listed, unique and enterable by taps (no move's
steps a prefix of another's, every tapped cell on the board), a record replays,
bad input is refused and changes nothing, and everything the page reads is JSON;
and what the search relies on: a clone shares nothing mutable with its original.
"""
from __future__ import annotations

import json

import pytest

import py_engines
from py_engines import CHANCE, BadRecord, IllegalMove
from py_engines.rng import Rng

NAMES = list(py_engines.GAMES)
CASES = [(name, players) for name in NAMES for players in py_engines.GAMES[name]["players"]]
MAX_PLIES = 400      # a random game that runs longer is checked up to here
CHECK_EVERY = 7      # plies between the (slower) replay and refusal checks


def step_key(steps: list[dict]) -> tuple:
    return tuple(("cell", s["cell"]) if "cell" in s else ("choice", s["choice"]) for s in steps)


def check_steps(game, cells: set[str]) -> None:
    """Every legal move can be entered by taps, and no two are confused on the way."""
    keys = {}
    for move in game.legal_moves():
        entries = game.move_entries(move)
        assert entries[0] == game.move_steps(move), f"{move}: move_steps is not its first entry"
        for steps in entries:
            assert steps, f"{move}: no steps"
            for s in steps:
                assert set(s) in ({"cell"}, {"choice"}), f"{move}: bad step {s}"
                if "cell" in s:
                    assert s["cell"] in cells, f"{move}: {s['cell']} is not a cell of the board"
                else:
                    assert isinstance(s["choice"], str) and s["choice"], f"{move}: bad choice {s}"
            key = step_key(steps)
            assert key not in keys, f"{move} and {keys[key]} are entered the same way"
            keys[key] = move
    for key, move in keys.items():
        for n in range(1, len(key)):
            assert key[:n] not in keys, f"{keys[key[:n]]}'s steps begin {move}'s"


def check_refusals(game) -> None:
    """Malformed moves are refused with IllegalMove, and the game is unchanged."""
    before = game.to_json()
    legal = set(game.legal_moves())
    for bad in ["", "zz9", "pass pass", "\u00e9", legal and (min(legal) + "x")]:
        if not bad or bad in legal:
            continue
        with pytest.raises(IllegalMove):
            game.play(bad)
        assert game.to_json() == before


@pytest.mark.slow
@pytest.mark.parametrize("name, players", CASES)
def test_random_games_honour_the_contract(name, players):
    layout = type(py_engines.new_game(name, players)).layout()
    json.dumps(layout)
    cells = {c["name"] for c in layout["cells"]}
    assert len(cells) == len(layout["cells"]), "cell names must be unique"
    for seed in (1, 2):
        game = py_engines.new_game(name, players, seed)
        rng = Rng(seed)
        for ply in range(MAX_PLIES):
            if game.is_over:
                break
            assert game.to_move is not None
            moves = game.legal_moves()
            assert moves, "no legal move in a game that is not over"
            assert len(moves) == len(set(moves)), "a move is listed twice"
            assert moves == game.legal_moves(), "the listing is not deterministic"
            json.dumps(game.view())
            if ply % CHECK_EVERY == 0:
                if game.to_move != CHANCE:
                    check_steps(game, cells)
                check_refusals(game)
                again = py_engines.load(game.to_json())
                assert again.history == game.history and again.legal_moves() == moves
                assert again.view() == game.view()
            if game.to_move == CHANCE:
                game.roll()
                assert game.history[-1] in moves, "roll() played an outcome that was not listed"
            else:
                game.play(moves[rng.below(len(moves))])
        if game.is_over:
            assert game.to_move is None and game.legal_moves() == []
            assert all(0 <= w < players for w in game.winners)
            with pytest.raises(IllegalMove):
                game.play(moves[0])
        assert len(game.history) > 1 and len(game.scores) == players
        assert py_engines.load(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("name", NAMES)
def test_a_record_that_does_not_replay_is_refused(name):
    game = py_engines.new_game(name)
    record = json.loads(game.to_json())
    record["moves"] = ["no-such-move"]
    with pytest.raises(BadRecord, match="move 1"):
        py_engines.load(json.dumps(record))
    with pytest.raises(BadRecord):
        py_engines.load(json.dumps({**record, "players": 99, "moves": []}))


IMMUTABLE = (type(None), bool, int, float, complex, str, bytes, range)


def mutable_objects(root, path: str, found: dict[int, str]) -> dict[int, str]:
    """Every mutable object reachable from ``root`` (lists, dicts, sets, bytearrays, objects
    with attributes), by ``id``, with a path that reaches it. Tuples and frozensets are
    walked but not counted: they cannot change, so sharing them is harmless."""
    stack = [(root, path)]
    walked: set[int] = set()
    while stack:
        obj, where = stack.pop()
        if isinstance(obj, IMMUTABLE) or id(obj) in walked:
            continue
        walked.add(id(obj))
        if isinstance(obj, (tuple, frozenset)):
            stack += [(item, f"{where}[{i}]") for i, item in enumerate(obj)]
            continue
        found.setdefault(id(obj), where)
        if isinstance(obj, dict):
            stack += [(key, f"{where} key {key!r}") for key in obj]
            stack += [(value, f"{where}[{key!r}]") for key, value in obj.items()]
        elif isinstance(obj, (list, set)):
            stack += [(item, f"{where}[{i}]") for i, item in enumerate(obj)]
        elif isinstance(obj, bytearray):
            pass
        else:
            fields = dict(vars(obj)) if hasattr(obj, "__dict__") else {}
            for name in getattr(type(obj), "__slots__", ()):
                if hasattr(obj, name):
                    fields[name] = getattr(obj, name)
            assert fields or not hasattr(obj, "__dict__"), f"{where}: {type(obj).__name__} has no fields to walk"
            stack += [(value, f"{where}.{name}") for name, value in fields.items()]
    return found


def shared_state(game, other) -> list[str]:
    """Where ``game`` and ``other`` reach the same mutable object (the paths in ``game``)."""
    mine = mutable_objects(game, "game", {})
    theirs = mutable_objects(other, "clone", {})
    return sorted(mine[key] for key in mine.keys() & theirs.keys())


def snapshot(game) -> tuple:
    return game.to_json(), game.legal_moves(), game.to_move, json.dumps(game.view())


@pytest.mark.slow
@pytest.mark.parametrize("name, players", CASES)
def test_a_clone_shares_nothing_with_its_original(name, players):
    """At every position of two seeded random games (chance points and the middle of turns
    included), a clone shares no mutable object with its original, and playing a few moves
    on the clone (the search's fast path) leaves the original as it was, and the other way round.
    One game at each larger player count: the state is the same, only its lists are longer."""
    for seed in (3, 4) if players == min(py_engines.GAMES[name]["players"]) else (3,):
        game = py_engines.new_game(name, players, seed)
        rng = Rng(seed)
        for ply in range(MAX_PLIES):
            if game.is_over:
                break
            copy = game.clone()
            assert type(copy) is type(game)
            shared = shared_state(game, copy)
            assert not shared, f"ply {ply}: the clone shares {', '.join(shared[:5])}"
            kept, before = game.clone(), snapshot(game)
            assert snapshot(kept) == before and copy.events == []
            for _ in range(6):
                if copy.is_over:
                    break
                if copy.to_move == CHANCE:
                    copy.roll()
                else:
                    copy.play_unchecked(copy.random_move(rng))
            assert snapshot(game) == before, f"ply {ply}: playing on a clone changed the original"
            if game.to_move == CHANCE:
                game.roll()
            else:
                moves = game.legal_moves()
                game.play(moves[rng.below(len(moves))])
            assert snapshot(kept) == before, f"ply {ply}: playing on the original changed a clone"
