"""The one module the page calls: JSON text in, JSON text out.

A request is an object with an ``op``; the answer is ``{"ok": true, "result": ...}``
or ``{"ok": false, "error": {"code": ..., "message": ...}}``. The page keeps the
game record; every call rebuilds the position from it, so no Python object ever
has to outlive a call.

Ops:
  games                         -> {"games": GAMES}
  layout  game                  -> the board's cells and their drawing positions
  new     game, players, seed, options -> a state
  state   record, ply?          -> the state after the first ``ply`` moves (all by default)
  play    record, move          -> the state after ``move``
  roll    record                -> the state after the dice at a chance point, drawn from
                                   the game's own seeded generator
  think   record, level?, seed? -> the computer's move at a level (easy, medium, hard)
  random_game  game, seed, fast? -> the record of a game of seeded random moves
  measure game, seconds, fast?  -> random games and moves per second in this Python
"""
from __future__ import annotations

import json
from typing import Any

from . import GAMES, BadRecord, IllegalMove, load, new_game
from .core import CHANCE, Game
from .ai import LEVELS, analyse
from .playout import measure, random_game


class BadRequest(ValueError):
    code = "bad_request"


def handle(text: str) -> str:
    """Answer one request; never raises."""
    try:
        request = json.loads(text)
        if not isinstance(request, dict):
            raise BadRequest("a request must be a JSON object")
        op = OPS.get(request.get("op"))
        if op is None:
            raise BadRequest(f"unknown op {request.get('op')!r}")
        answer = {"ok": True, "result": op(request)}
    except (IllegalMove, BadRecord, BadRequest) as exc:
        answer = {"ok": False, "error": {"code": exc.code, "message": str(exc)}}
    except json.JSONDecodeError as exc:
        answer = {"ok": False, "error": {"code": "bad_request", "message": f"request is not JSON: {exc}"}}
    except ValueError as exc:  # bad game name, player count or option
        answer = {"ok": False, "error": {"code": "bad_request", "message": str(exc)}}
    except Exception as exc:  # a bug: say so rather than leave the page waiting
        answer = {"ok": False, "error": {"code": "internal", "message": f"{type(exc).__name__}: {exc}"}}
    return json.dumps(answer, separators=(",", ":"))


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


def _record_text(request: dict[str, Any]) -> str:
    record = request.get("record")
    if isinstance(record, str):
        return record
    if isinstance(record, dict):
        return json.dumps(record)
    raise BadRequest("'record' must be a game record (text or object)")


def _games(request: dict[str, Any]) -> dict[str, Any]:
    return {"games": GAMES}


def _layout(request: dict[str, Any]) -> dict[str, Any]:
    game = new_game(request.get("game"))
    return type(game).layout()


def _new(request: dict[str, Any]) -> dict[str, Any]:
    options = request.get("options") or {}
    if not isinstance(options, dict):
        raise BadRequest("'options' must be an object")
    return state(new_game(request.get("game"), request.get("players"), request.get("seed", 0), **options), [])


def _state(request: dict[str, Any]) -> dict[str, Any]:
    movers: list[int] = []
    game = load(_record_text(request), movers)
    ply = request.get("ply")
    if ply is not None and ply != len(game.history):
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(game.history):
            raise BadRequest(f"'ply' must be between 0 and {len(game.history)}, not {ply!r}")
        record = json.loads(game.to_json())
        record["moves"] = record["moves"][:ply]
        movers = []
        game = load(json.dumps(record), movers)
    return state(game, movers)


def _play(request: dict[str, Any]) -> dict[str, Any]:
    movers: list[int] = []
    game = load(_record_text(request), movers)
    move = request.get("move")
    if not isinstance(move, str):
        raise BadRequest("'move' must be text")
    mover = game.to_move
    game.play(move)
    return state(game, movers + [mover])


def _roll(request: dict[str, Any]) -> dict[str, Any]:
    movers: list[int] = []
    game = load(_record_text(request), movers)
    game.roll()  # IllegalMove anywhere but at a chance point
    return state(game, movers + [CHANCE])


def _think(request: dict[str, Any]) -> dict[str, Any]:
    game = load(_record_text(request))
    level = request.get("level", "hard")
    if level not in LEVELS:
        raise BadRequest(f"'level' must be one of {', '.join(LEVELS)}, not {level!r}")
    seed = request.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BadRequest(f"'seed' must be a non-negative integer, not {seed!r}")
    if game.is_over:
        raise IllegalMove("the game is over: there is no move to choose")
    found = analyse(game, level, seed)
    return {key: found[key] for key in ("move", "value", "iterations", "seconds", "capped")}


def _random_game(request: dict[str, Any]) -> dict[str, Any]:
    seed = request.get("seed", 0)
    game = random_game(request.get("game"), seed, request.get("players"), bool(request.get("fast")))
    return {"record": json.loads(game.to_json()), "winners": game.winners}


def _measure(request: dict[str, Any]) -> dict[str, Any]:
    seconds = request.get("seconds", 1.0)
    if not isinstance(seconds, (int, float)) or not 0 < seconds <= 60:
        raise BadRequest("'seconds' must be a number of seconds up to 60")
    new_game(request.get("game"))  # a clear error for an unknown game
    return measure(request.get("game"), float(seconds), bool(request.get("fast")))


OPS = {"games": _games, "layout": _layout, "new": _new, "state": _state, "play": _play, "roll": _roll,
       "think": _think,
       "random_game": _random_game, "measure": _measure}
