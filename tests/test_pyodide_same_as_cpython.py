"""The engine in Pyodide answers as in CPython: the built site's own runtime and wheels, run
by Node's Pyodide (tools/engine-node.mjs), no browser. Pyodide is the same WebAssembly in Node
as in the page's worker (its Python 3.13, its C library, so its floats); how the page's worker
hands a request to the bridge is the browser tests' (test_browser_ai.py's expert, whose every
move is compared with CPython's search)."""
from __future__ import annotations

import json

import pytest

import py_engines
from py_engines import bridge
from py_engines.ai import Search, analyse
from py_engines.playout import random_game
from tools.suite import NodeEngine


@pytest.fixture(scope="module")
def pyodide(site_dir):
    with NodeEngine(site_dir) as engine:
        yield engine


def test_the_engine_in_node_is_the_site_s_pyodide(pyodide):
    """What the comparisons below rest on: the Python answering is the build's Pyodide
    (3.13 in WebAssembly, as tools/engine_wheel.py compiles the engine for), with the
    engine's games as CPython's bridge lists them."""
    assert pyodide.python == ["emscripten", "cpython-313"], pyodide.python
    assert pyodide.ask({"op": "games"}) == json.loads(bridge.handle(json.dumps({"op": "games"})))


def test_the_same_seeded_random_game_in_pyodide_and_cpython(pyodide):
    for seed, fast in [(0, False), (1, True), (2024, False), (99991, True)]:
        answer = pyodide.ask({"op": "random_game", "game": "manalath", "seed": seed, "fast": fast})
        assert answer["ok"], answer
        assert answer["result"]["record"] == json.loads(random_game("manalath", seed, fast=fast).to_json())


def positions_to_think_about(name: str, count: int) -> list:
    """Positions where the search runs, spread along seeded random games of ``name``: from
    each of a few points along a game, the first position where the search itself runs."""
    found = []
    seed = 0
    while len(found) < count:
        whole = random_game(name, seed, {"nimbus": 3, "not_nyout": 3}.get(name))
        replay = py_engines.new_game(name, whole.players, whole.seed, **whole.options)
        points = [len(whole.history) * k // 6 for k in (1, 2, 3, 4, 5)]
        for ply, move in enumerate(whole.history):
            if points and ply >= points[0] and Search(replay, "easy").root is not None:
                found.append(replay.clone())
                points = [p for p in points if p > ply]
            replay.play(move)
        seed += 1
    return found[:count]


def nimbus_round_ends(count: int) -> list:
    """Two-player Nimbus positions at a turn's start with five pyramids or fewer, where the
    expert's exact search of the round's end runs (quick enough to end within its cap)."""
    found = []
    seed = 0
    while len(found) < count:
        whole = random_game("nimbus", seed, 2)
        replay = py_engines.new_game("nimbus", 2, whole.seed, **whole.options)
        for move in whole.history:
            if (replay.to_move == 0 and not replay.setup and replay.on_board <= 5 and not replay.moved
                    and Search(replay, "expert").work is not None):
                found.append(replay.clone())
                break
            replay.play(move)
        seed += 1
    return found


def test_the_computer_chooses_the_same_move_in_pyodide_as_in_cpython(pyodide):
    """Over all five games, at several levels: same position, level and seed, same move (and
    the same value and playouts). Pyodide is another Python (3.14) on another C library, whose
    exp, log and pow differ from CPython's here in the last bits; a search that used them, or
    summed floats with sum(), chose other moves (Nimbus, for one)."""
    cases = []
    for name in py_engines.GAMES:
        # Nimbus the most: its search scores rounds by the totals, through exp and a sum.
        positions = positions_to_think_about(name, 6 if name == "nimbus" else 3)
        cases += [(game, "hard" if i == 0 else "medium" if i == 1 or name == "nimbus" else "easy", i)
                  for i, game in enumerate(positions)]
    # Positions where Pyodide chose another move than CPython before the search had its own
    # exp and a float sum of fixed rounding (random 3-player Nimbus games, seeds 0-2, medium, seed 0).
    for seed, ply in ((0, 147), (1, 144), (2, 129)):
        record = json.loads(random_game("nimbus", seed, 3).to_json())
        record["moves"] = record["moves"][:ply]
        cases.append((py_engines.load(json.dumps(record)), "medium", 0))
    # The expert's exact search of a round's end runs before its playouts, in slices.
    cases += [(game, "expert", 0) for game in nimbus_round_ends(2)]
    compared = 0
    for game, level, seed in cases:
        name = game.name
        record = json.loads(game.to_json())
        answer = pyodide.ask({"op": "think", "record": record, "level": level, "seed": seed})
        assert answer["ok"], answer
        found = answer["result"]
        if found["capped"] and found["iterations"] <= 1:
            # A busy machine made the engine's safety cap cut the search short before its
            # playouts (the expert's exact search of a round's end): where it was cut
            # cannot be replayed here.
            continue
        # A search the cap cut in its playouts: its first iterations are still the same
        # as CPython's, so compare after as many.
        expected = analyse(game, level, seed, iterations=found["iterations"] or 1, turn_share=1.0, max_seconds=None)
        assert (found["move"], found["value"]) == (expected["move"], expected["value"]), \
            (name, level, found["iterations"], game.history)
        compared += 1
    assert len(cases) == 4 * 3 + 6 + 3 + 2 and compared >= len(cases) - 2, f"{compared} of {len(cases)} compared"
