"""Puzzles: positions from real games with one answer, proved by trying every move.

Each game's module (``manalath.py``, ``ambush.py``, ``nymbat.py``, ``not_nyout.py``,
``nimbus.py``) has a finder, ``find(game, seed)``, that looks at a position and
returns a puzzle (a dict, below) or None, a prover, ``prove(puzzle)``, that
works the puzzle out again from its position alone and returns the problems it
finds (an empty list: the answer is right and the only one), and ``SELF_PLAY``, how
the games that puzzles are looked for in are played. The command
``python3 -m tools.make_puzzles`` plays those games, asks the finder at every
position, and writes ``site/puzzles/<game>.json`` (``tools/puzzle_files.py``),
which the build ships as it is: the page plays a puzzle with the ops it already
has (``state``, ``play``).

A puzzle (all texts in the game's own notation and words; docs/puzzles.md):

``id``        stable: the game and a digest of the position and the answer
``record``    the position, a game record (``py_engines.load`` replays it)
``solver``    the seat to move, who solves the puzzle
``kind``      what sort of puzzle it is (the game's own names, e.g. ``quint-in-2``)
``task``      the task in one sentence ("White to play: ...")
``answer``    the one right first move
``line``      the solution, moves in play order from the position: the solver's moves
              and, between them, the other side's fixed replies (the longest defence)
``accept``    parallel to ``line``: at each solver move, every move that is right there
              (the line's own first); ``null`` at the other side's replies, which the
              page plays whatever the solver played before
``then``      a right move that is not the line's, mapped to the moves that follow it
              instead of the line's (only where a turn can be played in another order)
``why``       why the answer works
``wrong``     tempting wrong first moves, each with why it fails
``replies``   where a wrong first move is refuted by an answer of the other side, that
              answer, for every wrong first move (the page may play it to show why)
``otherwise`` why any other first move (not in ``wrong``) fails
``grade``     difficulty, 1 (easiest) to 5; ``measures`` holds what it was computed from
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
from typing import Any

import py_engines
from py_engines.core import CHANCE, Game
from py_engines.games import CLASSES

GAMES = tuple(name for name in CLASSES if importlib.util.find_spec(f"{__name__}.{name}"))
"""The games with puzzles: those with a module here named after them."""
FIELDS = ("id", "record", "solver", "kind", "task", "answer", "line", "accept", "then", "why", "wrong",
          "replies", "otherwise", "grade", "measures")
GRADES = range(1, 6)
MAX_WORDS = 200
"""The longest sentence of a puzzle's words, in characters: short enough to read at a glance."""


def module(game: str):
    """The puzzle module of a game (its finder and prover)."""
    if game not in GAMES:
        raise ValueError(f"no puzzles for {game!r}")
    return importlib.import_module(f"{__name__}.{game}")


def position(puzzle: dict[str, Any]) -> Game:
    """The puzzle's position, replayed from its record."""
    return py_engines.load(json.dumps(puzzle["record"]))


def record_of(game: Game) -> dict[str, Any]:
    return json.loads(game.to_json())


def after(game: Game, *moves: str) -> Game:
    """A copy of the position with the moves played."""
    copy = game.clone()
    for move in moves:
        copy.play(move)
    return copy


def make_id(game: Game, answer: str) -> str:
    """A stable id: the same position and answer give the same id on every run."""
    text = json.dumps({"record": record_of(game), "answer": answer}, sort_keys=True)
    return f"{game.name}-{hashlib.sha256(text.encode()).hexdigest()[:10]}"


def puzzle(game: Game, **fields: Any) -> dict[str, Any]:
    """A puzzle of the position, its fields in the order of ``FIELDS``."""
    data = {"id": make_id(game, fields["answer"]), "record": record_of(game), "solver": game.to_move,
            "then": {}, "wrong": {}, "replies": {}, **fields}
    return {key: data[key] for key in FIELDS}


def grade(hard: float) -> int:
    """A difficulty score (each game sums its measures) clamped to 1..5."""
    return max(1, min(5, int(hard)))


def check(puzzle: dict[str, Any]) -> list[str]:
    """Re-prove a puzzle: the problems found (none: its answer is right and unique, its
    line plays, and its words and grade are those the prover finds now)."""
    problems = shape_problems(puzzle)
    if problems:
        return problems
    return module(puzzle["record"]["game"]).prove(puzzle)


def shape_problems(puzzle: dict[str, Any]) -> list[str]:
    """What is missing or malformed in a puzzle, before any proof."""
    problems = [f"missing field {key}" for key in FIELDS if key not in puzzle]
    if problems:
        return problems
    game = position(puzzle)
    if game.is_over or game.to_move in (None, CHANCE) or game.to_move != puzzle["solver"]:
        problems.append("the position is not the solver's move")
    firsts = puzzle["accept"][0] if puzzle["accept"] else []
    if puzzle["line"][:1] != [puzzle["answer"]] or firsts[:1] != [puzzle["answer"]] or \
            any(move not in puzzle["then"] for move in firsts[1:]):
        problems.append("the line does not start with the answer, the only first move (but for orders of one turn)")
    if len(puzzle["accept"]) != len(puzzle["line"]):
        problems.append("accept is not parallel to the line")
    texts = [puzzle["task"], puzzle["why"], puzzle["otherwise"], *puzzle["wrong"].values()]
    for text in texts:
        if not isinstance(text, str) or not text or len(text) > MAX_WORDS:
            problems.append(f"words missing or too long: {text!r}")
    if puzzle["grade"] not in GRADES:
        problems.append(f"grade {puzzle['grade']} out of 1..5")
    if puzzle["answer"] in puzzle["wrong"] or puzzle["answer"] in puzzle["replies"]:
        problems.append("the answer is listed as wrong")
    return problems


def same(puzzle: dict[str, Any], made: dict[str, Any] | None) -> list[str]:
    """Compare a shipped puzzle with the one the finder makes again of its position."""
    if made is None:
        return ["the position no longer makes a puzzle: its answer is not proved unique"]
    return [f"{key} differs: shipped {puzzle[key]!r}, proved {made[key]!r}"
            for key in FIELDS if puzzle[key] != made[key]]


def seat_name(game: Game, seat: int) -> str:
    return game.seat_names(game.players)[seat]
