"""The one module the page calls: JSON text in, JSON text out.

A request is an object with an ``op``; the answer is ``{"ok": true, "result": ...}``
or ``{"ok": false, "error": {"code": ..., "message": ...}}``. The page keeps the
game record; every call rebuilds the position from it, so no Python object ever
has to outlive a call.

Ops and their fields (``?`` optional; anything else in a request is refused):
  games                         -> {"games": GAMES}
  layout  game                  -> the board's cells and their drawing positions
  new     game, players?, seed?, options? -> a state
  state   record, ply?          -> the state after the first ``ply`` moves (all by default)
  play    record, move          -> the state after ``move``
  roll    record                -> the state after the dice at a chance point, drawn from
                                   the game's own seeded generator
  think   record, level?, seed? -> the computer's move at a level (easy, medium, hard)
  random_game  game, seed?, players?, fast? -> the record of a game of seeded random moves
  measure game, seconds?, fast? -> random games and moves per second in this Python
                                   (at most MEASURE_SECONDS seconds)

Field types: ``game``, ``move`` and ``level`` text; ``players`` a whole number
or null; ``seed`` a whole number from 0 to 2**53 - 1; ``ply`` a whole number or
null; ``options`` an object or null; ``record`` a record, as text or as an
object; ``fast`` true or false; ``seconds`` a number.

Error codes: ``bad_request`` (the request is not of this shape: the message names
the field), ``bad_record``, ``illegal_move``, and ``internal``, which only a bug
gives. The request is checked for size and nesting before it is parsed, and any
input a message quotes is cut to about 80 characters.
"""
from __future__ import annotations

import json
import math
from typing import Any, Callable

from . import GAMES, BadRecord, IllegalMove, load, start_game
from .core import (CHANCE, MAX_MOVE_CHARS, MAX_RECORD_CHARS, MAX_SEED, RECORD_DEPTH, Game, is_integer, json_depth,
                   parse_json, quote)
from .ai import LEVELS, analyse
from .playout import measure, random_game

MAX_REQUEST_CHARS = MAX_RECORD_CHARS + 10_000
"""A request holds at most one record and a few short fields."""
REQUEST_DEPTH = RECORD_DEPTH + 1
"""A request nests one deeper than a record: the record may be a field of it."""
MEASURE_SECONDS = 5.0
"""The longest ``measure``: while it runs, the engine answers nothing else."""
SAFE_DEPTH = 100
"""Nesting that Python's JSON parser handles safely, in Pyodide too: only to name a culprit."""
MAX_MESSAGE_CHARS = 500
"""A last guard on an error message's length (the page shows it in one line)."""


class BadRequest(ValueError):
    code = "bad_request"


def handle(text: str) -> str:
    """Answer one request; never raises."""
    try:
        try:
            request = parse_json(text, "the request", MAX_REQUEST_CHARS, REQUEST_DEPTH)
        except ValueError as exc:
            raise BadRequest(f"{exc}{_culprit(text)}") from None
        op, fields = _check_request(request)
        answer = {"ok": True, "result": op(fields)}
    except (IllegalMove, BadRecord, BadRequest) as exc:
        answer = _error(exc.code, str(exc))
    except ValueError as exc:  # a bad game name, player count, option or seed
        answer = _error("bad_request", str(exc))
    except Exception as exc:  # a bug: say so rather than leave the page waiting
        answer = _error("internal", f"{type(exc).__name__}: {exc}")
    return json.dumps(answer, separators=(",", ":"))


def _culprit(text: Any) -> str:
    """For a request refused as too long or too deep: the field that made it so,
    when it can be found safely (the text not far too long, not too deep to parse)."""
    if not isinstance(text, str) or len(text) > 20 * MAX_REQUEST_CHARS or json_depth(text) > SAFE_DEPTH:
        return ""
    try:
        request = json.loads(text)
    except ValueError:
        return ""
    if not isinstance(request, dict) or not request:
        return ""
    texts = {key: json.dumps(value) for key, value in request.items()}
    too_deep = [key for key, value in texts.items() if json_depth(value) >= REQUEST_DEPTH]
    key = too_deep[0] if too_deep else max(texts, key=lambda k: len(texts[k]))
    return f" (in the field {quote(key)})"


def _error(code: str, message: str) -> dict[str, Any]:
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[:MAX_MESSAGE_CHARS] + "…"
    return {"ok": False, "error": {"code": code, "message": message}}


def state(game: Game, movers: list[int]) -> dict[str, Any]:
    """Everything the page needs to draw a position and take the next move.

    ``movers`` says who made each move of the record (CHANCE for dice).
    """
    legal = game.legal_moves()
    return {
        "record": json.loads(game.to_json()),
        "movers": movers,
        "players": game.players,
        "to_move": game.to_move,
        "is_over": game.is_over,
        "winners": game.winners,
        "scores": game.scores,
        "history": game.history,
        "legal": [{"move": m, "steps": game.move_steps(m)} for m in legal],
        "view": game.view(),
    }


# -- the shape of requests ---------------------------------------------------------

def _text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise BadRequest(f"'{name}' must be text, not {quote(value)}")
    return value


def _move(name: str, value: Any) -> str:
    _text(name, value)
    if len(value) > MAX_MOVE_CHARS:
        raise BadRequest(f"'{name}' is {len(value):,} characters long; a move is at most {MAX_MOVE_CHARS}")
    return value


def _whole_or_null(name: str, value: Any) -> int | None:
    if value is not None and not is_integer(value):
        raise BadRequest(f"'{name}' must be a whole number or null, not {quote(value)}")
    return value


def _seed(name: str, value: Any) -> int:
    if not is_integer(value) or not 0 <= value <= MAX_SEED:
        raise BadRequest(f"'{name}' must be a whole number from 0 to {MAX_SEED}, not {quote(value)}")
    return value


def _object_or_null(name: str, value: Any) -> dict[str, Any]:
    if value is not None and not isinstance(value, dict):
        raise BadRequest(f"'{name}' must be an object, not {quote(value)}")
    return value or {}


def _record(name: str, value: Any) -> str:
    """A record as text for ``load`` (which checks it): given as text or as an object."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return json.dumps(value)  # nested no deeper than the request allows: safe to write out
    raise BadRequest(f"'{name}' must be a game record (text or object), not {quote(value)}")


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise BadRequest(f"'{name}' must be true or false, not {quote(value)}")
    return value


def _level(name: str, value: Any) -> str:
    if not isinstance(value, str) or value not in LEVELS:
        raise BadRequest(f"'{name}' must be one of {', '.join(LEVELS)}, not {quote(value)}")
    return value


def _seconds(name: str, value: Any) -> float:
    if is_integer(value) or isinstance(value, float):
        if math.isfinite(value) and 0 < value <= MEASURE_SECONDS:
            return float(value)
    raise BadRequest(f"'{name}' must be a number of seconds above 0 and at most {MEASURE_SECONDS:g}, "
                     f"not {quote(value)}")


REQUIRED = object()
"""In a field table: the field has no default."""


def _check_request(request: Any) -> tuple[Callable[[dict[str, Any]], Any], dict[str, Any]]:
    """The op to run and its checked fields (defaults filled in); BadRequest naming what is wrong."""
    if not isinstance(request, dict):
        raise BadRequest(f"a request must be a JSON object, not {quote(request)}")
    if "op" not in request:
        raise BadRequest(f"a request needs an 'op' (ops: {', '.join(OPS)})")
    name = request["op"]
    if not isinstance(name, str) or name not in OPS:
        raise BadRequest(f"unknown op {quote(name)} (ops: {', '.join(OPS)})")
    op, table = OPS[name]
    for key in request:
        if key != "op" and key not in table:
            raise BadRequest(f"unknown field {quote(key)} for op {name} "
                             f"(fields: {', '.join(table) or 'none'})")
    fields = {}
    for key, (check, default) in table.items():
        if key in request:
            fields[key] = check(key, request[key])
        elif default is REQUIRED:
            raise BadRequest(f"op {name} needs the field '{key}'")
        else:
            fields[key] = default
    return op, fields


# -- the ops ------------------------------------------------------------------------

def _games(fields: dict[str, Any]) -> dict[str, Any]:
    return {"games": GAMES}


def _layout(fields: dict[str, Any]) -> dict[str, Any]:
    return type(start_game(fields["game"])).layout()


def _new(fields: dict[str, Any]) -> dict[str, Any]:
    return state(start_game(fields["game"], fields["players"], fields["seed"], fields["options"]), [])


def _state(fields: dict[str, Any]) -> dict[str, Any]:
    movers: list[int] = []
    game = load(fields["record"], movers)
    ply = fields["ply"]
    if ply is not None and ply != len(game.history):
        if not 0 <= ply <= len(game.history):
            raise BadRequest(f"'ply' must be between 0 and {len(game.history)}, not {ply}")
        record = json.loads(game.to_json())
        record["moves"] = record["moves"][:ply]
        movers = []
        game = load(json.dumps(record), movers)
    return state(game, movers)


def _play(fields: dict[str, Any]) -> dict[str, Any]:
    movers: list[int] = []
    game = load(fields["record"], movers)
    mover = game.to_move
    game.play(fields["move"])
    return state(game, movers + [mover])


def _roll(fields: dict[str, Any]) -> dict[str, Any]:
    movers: list[int] = []
    game = load(fields["record"], movers)
    game.roll()  # IllegalMove anywhere but at a chance point
    return state(game, movers + [CHANCE])


def _think(fields: dict[str, Any]) -> dict[str, Any]:
    game = load(fields["record"])
    if game.is_over:
        raise IllegalMove("the game is over: there is no move to choose")
    found = analyse(game, fields["level"], fields["seed"])
    return {key: found[key] for key in ("move", "value", "iterations", "seconds", "capped")}


def _random_game(fields: dict[str, Any]) -> dict[str, Any]:
    start_game(fields["game"], fields["players"], fields["seed"])  # a clear error for a bad game or count
    game = random_game(fields["game"], fields["seed"], fields["players"], fields["fast"])
    return {"record": json.loads(game.to_json()), "winners": game.winners}


def _measure(fields: dict[str, Any]) -> dict[str, Any]:
    start_game(fields["game"])  # a clear error for an unknown game
    return measure(fields["game"], fields["seconds"], fields["fast"])


# Each op: its function and its fields, each with its check and its default (or REQUIRED).
OPS: dict[str, tuple[Callable[[dict[str, Any]], Any], dict[str, tuple[Callable[[str, Any], Any], Any]]]] = {
    "games": (_games, {}),
    "layout": (_layout, {"game": (_text, REQUIRED)}),
    "new": (_new, {"game": (_text, REQUIRED), "players": (_whole_or_null, None), "seed": (_seed, 0),
                   "options": (_object_or_null, None)}),
    "state": (_state, {"record": (_record, REQUIRED), "ply": (_whole_or_null, None)}),
    "play": (_play, {"record": (_record, REQUIRED), "move": (_move, REQUIRED)}),
    "roll": (_roll, {"record": (_record, REQUIRED)}),
    "think": (_think, {"record": (_record, REQUIRED), "level": (_level, "hard"), "seed": (_seed, 0)}),
    "random_game": (_random_game, {"game": (_text, REQUIRED), "seed": (_seed, 0),
                                   "players": (_whole_or_null, None), "fast": (_flag, False)}),
    "measure": (_measure, {"game": (_text, REQUIRED), "seconds": (_seconds, 1.0), "fast": (_flag, False)}),
}
