"""The one module the page calls: JSON text in, JSON text out.

A request is an object with an ``op``; the answer is ``{"ok": true, "result": ...}``
or ``{"ok": false, "error": {"code": ..., "message": ...}}``. The page keeps the
game record; every call rebuilds the position from it, so no Python object ever
has to outlive a call, with one exception: a search run in slices
(``search_start`` .. ``search_stop``) lives from its start to its stop, so that
the worker can report its progress and the player can tell it to move now
(docs/ai.md, "Thinking in the page").

Ops:
  games                         -> {"games": GAMES}
  layout  game                  -> the board's cells and their drawing positions
  new     game, players, seed, options -> a state
  state   record, ply?          -> the state after the first ``ply`` moves (all by default)
  play    record, move          -> the state after ``move``
  roll    record                -> the state after the dice at a chance point, drawn from
                                   the game's own seeded generator
  think   record, level?, seed? -> the computer's move at a level (easy, medium, hard, expert)
  search_start record, level?, seed? -> a search of the same move, to run in slices:
                                   {search, iterations, budget, done}
  search_step  search, seconds? -> {search, iterations, budget, done} after about ``seconds`` more
  search_stop  search           -> the move found so far, as ``think`` answers, and ``stopped``
                                   (true when the budget was not spent); the search is forgotten
  explain record, move          -> what ``move`` would do here: its events and the words for them
  random_game  game, seed, fast? -> the record of a game of seeded random moves
  measure game, seconds, fast?  -> random games and moves per second in this Python
"""
from __future__ import annotations

import json
from typing import Any

from . import GAMES, BadRecord, IllegalMove, load, new_game
from .core import CHANCE, Game
from .ai import LEVELS, Search, analyse
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


def state(game: Game, movers: list[int], trace: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Everything the page needs to draw a position and take the next move.

    ``movers`` says who made each move of the record (CHANCE for dice); ``trace``
    (from ``load``) says what every move of the whole record did, when the
    position shown is not its end. The answer's ``log`` tells the record turn by
    turn in words; ``marks`` are the turns to mark on the board (see ``_marks``).
    """
    legal = game.legal_moves()
    if trace is None:
        trace = []
        load(game.to_json(), trace=trace)
    shown = len(game.history)
    last = trace[shown - 1]["events"] if shown else None
    return {
        "log": _log(type(game), game.players, trace),
        "marks": _marks(game, trace[:shown]),
        # what the move that led here did, in data and in words (for the motion and the announcement)
        "last_move": None if last is None else {"events": last, "text": type(game).narrate(last, game.players)},
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


def _turns(trace: list[dict[str, Any]]) -> list[tuple[int, int, list[dict[str, Any]]]]:
    """The record's turns: (first ply, last ply, the moves of the turn), plies counted from 1."""
    turns: list[tuple[int, int, list[dict[str, Any]]]] = []
    for ply, move in enumerate(trace, 1):
        if turns and trace[turns[-1][0] - 1]["turn"] == move["turn"]:
            first, _, moves = turns[-1]
            turns[-1] = (first, ply, moves + [move])
        else:
            turns.append((ply, ply, [move]))
    return turns


def _owner(moves: list[dict[str, Any]]) -> int | None:
    """Whose turn the moves were: the player of the last of them that had one (a team's pick
    is made by one player for another, whose turn it then is; dice in a roll-off are no one's)."""
    return next((m["player"] for m in reversed(moves) if m["player"] is not None), None)


def _log(cls: type[Game], players: int, trace: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The record in words, one entry per turn: its plies, whose turn it was and what happened."""
    return [{"first": first, "last": last, "player": _owner(moves),
             "text": cls.narrate([e for m in moves for e in m["events"]], players)}
            for first, last, moves in _turns(trace)]


def _marks(game: Game, trace: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The turns to mark on the board, oldest first: the moves made so far in the turn being
    played, and before them the last complete turn of each other player since the player to
    move last played. Once the game is over (or at dice of no one's turn): the last turn, and
    the other players' turns before it."""
    turns = _turns(trace)
    me = game.turn_player
    current = []
    if turns and me is not None and game.turns == trace[-1]["turn"]:
        current = [turns.pop()]  # the turn in progress
    elif me is None and turns:
        current = [turns.pop()]
        me = _owner(current[0][2])
    earlier = []
    while turns and len(earlier) < game.players - 1:
        owner = _owner(turns[-1][2])
        if owner is not None and owner == me:
            break
        earlier.append(turns.pop())
    cls = type(game)
    marks = []
    for first, last, moves in earlier[::-1] + current:
        events = [e for m in moves for e in m["events"]]
        marks.append({"first": first, "last": last, "player": _owner(moves), "events": events,
                      "text": cls.narrate(events, game.players)})
    return marks


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
    trace: list[dict[str, Any]] = []
    game = load(_record_text(request), movers, trace)
    ply = request.get("ply")
    if ply is not None and ply != len(game.history):
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(game.history):
            raise BadRequest(f"'ply' must be between 0 and {len(game.history)}, not {ply!r}")
        record = json.loads(game.to_json())
        record["moves"] = record["moves"][:ply]
        movers = []
        game = load(json.dumps(record), movers)
    return state(game, movers, trace)


def _play(request: dict[str, Any]) -> dict[str, Any]:
    movers: list[int] = []
    trace: list[dict[str, Any]] = []
    game = load(_record_text(request), movers, trace)
    move = request.get("move")
    if not isinstance(move, str):
        raise BadRequest("'move' must be text")
    mover, player, turn = game.to_move, game.turn_player, game.turns
    game.play(move)
    trace.append({"by": mover, "player": player, "turn": turn, "events": game.events})
    return state(game, movers + [mover], trace)


def _roll(request: dict[str, Any]) -> dict[str, Any]:
    movers: list[int] = []
    trace: list[dict[str, Any]] = []
    game = load(_record_text(request), movers, trace)
    player, turn = game.turn_player, game.turns
    game.roll()  # IllegalMove anywhere but at a chance point
    trace.append({"by": CHANCE, "player": player, "turn": turn, "events": game.events})
    return state(game, movers + [CHANCE], trace)


def _explain(request: dict[str, Any]) -> dict[str, Any]:
    game = load(_record_text(request))
    move = request.get("move")
    if not isinstance(move, str):
        raise BadRequest("'move' must be text")
    game.play(move)
    return {"events": game.events, "text": type(game).narrate(game.events, game.players)}


def _think_request(request: dict[str, Any]) -> tuple[Game, str, int]:
    """The position, level and seed of a ``think`` or ``search_start`` request."""
    game = load(_record_text(request))
    level = request.get("level", "hard")
    if level not in LEVELS:
        raise BadRequest(f"'level' must be one of {', '.join(LEVELS)}, not {level!r}")
    seed = request.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BadRequest(f"'seed' must be a non-negative integer, not {seed!r}")
    if game.is_over:
        raise IllegalMove("the game is over: there is no move to choose")
    return game, level, seed


THOUGHT = ("move", "value", "iterations", "budget", "seconds", "capped")


def _think(request: dict[str, Any]) -> dict[str, Any]:
    found = analyse(*_think_request(request))
    return {key: found[key] for key in THOUGHT}


# Searches run in slices, by id, until stopped. A page runs one at a time; the few
# kept beside it are searches whose stop never came (a page closed mid-thought).
SEARCHES: dict[int, Search] = {}
KEEP_SEARCHES = 4
_next_search = [1]


def _search_start(request: dict[str, Any]) -> dict[str, Any]:
    search = Search(*_think_request(request))
    number = _next_search[0]
    _next_search[0] += 1
    SEARCHES[number] = search
    for old in list(SEARCHES)[:-KEEP_SEARCHES]:
        del SEARCHES[old]
    return _progress(number, search)


def _search_of(request: dict[str, Any]) -> tuple[int, Search]:
    number = request.get("search")
    search = SEARCHES.get(number) if isinstance(number, int) and not isinstance(number, bool) else None
    if search is None:
        raise BadRequest(f"no search {number!r} is running (start one with search_start)")
    return number, search


def _search_step(request: dict[str, Any]) -> dict[str, Any]:
    number, search = _search_of(request)
    seconds = request.get("seconds", 0.1)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds <= 10:
        raise BadRequest(f"'seconds' must be a number of seconds from 0 to 10, not {seconds!r}")
    search.run(float(seconds))
    return _progress(number, search)


def _search_stop(request: dict[str, Any]) -> dict[str, Any]:
    number, search = _search_of(request)
    del SEARCHES[number]
    found = search.answer()
    return {**{key: found[key] for key in THOUGHT}, "stopped": not search.done}


def _progress(number: int, search: Search) -> dict[str, Any]:
    return {"search": number, "iterations": search.iterations, "budget": search.budget, "done": search.done}


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
       "think": _think, "search_start": _search_start, "search_step": _search_step, "search_stop": _search_stop,
       "explain": _explain,
       "random_game": _random_game, "measure": _measure}
