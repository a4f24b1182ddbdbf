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
  think   record, level?, seed?, spent? -> the computer's move at a level (easy, medium, hard,
                                   expert); ``spent``: seconds its turn has thought already
  search_start  record, level?, seed?, spent? -> a search for that move, to run in slices: its number
  search_step   search, seconds?      -> run it for a slice of time; how far it has got
  search_stop   search                -> its move (as think answers), now or once done
  explain record, move          -> what ``move`` would do here: its events and the words for them
  refusal record, steps         -> why the rules refuse the last of ``steps`` (taps and choices) here
  coach   record                -> what the rules will do next, where certain: moves that win, lose, hand over a win
  prove   record                -> a move that wins by force, proved by trying every answer within a few
                                   plies ({"move", "plies"}), or {"move": null}: nothing proved
  lesson  game                  -> the game's lesson: each step's task, hint, chapter, position
  lesson_try game, step, move   -> whether ``move`` does that step's task, what it did, and why
  random_game  game, seed?, players?, fast? -> the record of a game of seeded random moves
  measure game, seconds?, fast? -> random games and moves per second in this Python
                                   (at most MEASURE_SECONDS seconds)
  review  record, ply?, seed?   -> the review of one ply (ai/review.py): each player's winning chances
                                   at the position after the first ``ply`` moves (the record's end by
                                   default), the search's best move there, the move played and the
                                   chance it gave away, and its mark (inaccuracy, mistake, blunder)
                                   or, where proved, its label (best, only)
  fair_party  seats, secret     -> {"party"}: the party a device with this secret adds on joining,
                                   holding ``seats``: its head (hash chain) and key (signatures), fair.py
  fair_check  record, fair, known? -> {"pending"}: every move checked against its seat's signature and
                                   every chance outcome against the parties' shares; what the record
                                   waits for at its end; ``known``: the fair data this device saved,
                                   which ``fair`` must extend
  fair_step   record, fair, party, secret -> {"record", "fair", "pending"}: as ``party``, show its
                                   shares where the game waits for them, play the outcomes they
                                   complete, and sign the game as it then is
  pack    record                -> {"packed": the record's moves packed for a short link (links.py)}
  unpack  game, players?, seed?, options?, packed -> {"record": the record of the packed moves};
                                   a damaged text is a bad_request ("the link's moves are damaged (...)")

Field types: ``game``, ``move`` and ``level`` text; ``players`` a whole number
or null; ``seed`` a whole number from 0 to 2**53 - 1; ``ply`` a whole number or
null; ``options`` an object or null; ``record`` a record, as text or as an
object; ``fast`` true or false; ``seconds`` a number; ``fair`` and ``known`` fair data
(fair.py), as an object or as JSON text (as an object it nests deeper than a request may:
send it as text); ``secret`` 22 characters of base64url; ``party`` a party's number;
``seats`` a list of seat numbers in order.

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
from .ai import LEVELS, Search, analyse
from . import fair
from .ai.proof import forced_win
from .ai.review import review_ply, rounded
from .links import DamagedLink, pack, unpack
from .playout import measure, random_game

MAX_REQUEST_CHARS = MAX_RECORD_CHARS + 10_000
"""A request holds at most one record and a few short fields."""
REQUEST_DEPTH = RECORD_DEPTH + 1
"""A request nests one deeper than a record: the record may be a field of it."""
SLICE_SECONDS = 10.0
"""The longest slice of a search: while it runs, the engine answers nothing else."""
MEASURE_SECONDS = 5.0
"""The longest ``measure``: while it runs, the engine answers nothing else."""
MAX_SPENT_SECONDS = 86_400.0
"""The most a turn may have thought already (``spent``): a day; the page sends at most an hour."""
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
        "turn": game.turns,          # turns completed: the moves of one turn share it
        "is_over": game.is_over,
        "winners": game.winners,
        "scores": game.scores,
        "history": game.history,
        # every way of entering every legal move (most moves have one)
        "legal": [{"move": m, "steps": steps} for m in legal for steps in game.move_entries(m)],
        "view": game.view(),
    }


# -- what happened, turn by turn ----------------------------------------------------

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
    return [{"first": first, "last": last, "player": _owner(moves), "text": _told(cls, players, first, moves)}
            for first, last, moves in _turns(trace)]


def _told(cls: type[Game], players: int, first: int, moves: list[dict[str, Any]]) -> str:
    """A turn in words, kept on its last move's trace entry: a replay kept by ``load`` hands the
    same entries to the next request, whose log then narrates only the turns that changed (a
    game of thousands of moves narrated every turn at every tap)."""
    kept = moves[-1].get("told")
    if kept is None or kept[0] != first:
        kept = moves[-1]["told"] = (first, cls.narrate([e for m in moves for e in m["events"]], players))
    return kept[1]


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


def _is_number(value: Any) -> bool:
    """A finite int or float (not a bool)."""
    return (is_integer(value) or isinstance(value, float)) and math.isfinite(value)


def _seconds(name: str, value: Any) -> float:
    if _is_number(value) and 0 < value <= MEASURE_SECONDS:
        return float(value)
    raise BadRequest(f"'{name}' must be a number of seconds above 0 and at most {MEASURE_SECONDS:g}, "
                     f"not {quote(value)}")


def _spent(name: str, value: Any) -> float:
    if _is_number(value) and 0 <= value <= MAX_SPENT_SECONDS:
        return float(value)
    raise BadRequest(f"'{name}' must be a number of seconds from 0 to {MAX_SPENT_SECONDS:,.0f}, not {quote(value)}")


def _whole(name: str, value: Any) -> int:
    if not is_integer(value):
        raise BadRequest(f"'{name}' must be a whole number, not {quote(value)}")
    return value


def _slice(name: str, value: Any) -> float:
    if _is_number(value) and 0 <= value <= SLICE_SECONDS:
        return float(value)
    raise BadRequest(f"'{name}' must be a number of seconds from 0 to {SLICE_SECONDS:g}, not {quote(value)}")


MAX_STEPS = 16  # a move is entered in a few taps and choices


def _steps(name: str, value: Any) -> list[dict[str, str]]:
    """Steps as the page enters a move: each {"cell": name} or {"choice": token}."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_STEPS:
        raise BadRequest(f"'{name}' must be a list of 1 to {MAX_STEPS} steps, not {quote(value)}")
    for step in value:
        if not (isinstance(step, dict) and len(step) == 1 and next(iter(step)) in ("cell", "choice")):
            raise BadRequest(f"each of '{name}' must be {{\"cell\": ...}} or {{\"choice\": ...}}, not {quote(step)}")
        _move(name, next(iter(step.values())))
    return value


def _fair(name: str, value: Any) -> dict[str, Any] | None:
    """Fair data (fair.py), as an object or as JSON text, checked for shape (``known`` may be null)."""
    if value is None and name == "known":
        return None
    try:
        return fair.parse(value)
    except fair.FairError as exc:
        raise BadRequest(f"'{name}': {exc}") from None


def _secret(name: str, value: Any) -> str:
    try:
        fair.decode(value, f"'{name}'")
    except fair.FairError as exc:
        raise BadRequest(str(exc)) from None
    return value


def _party(name: str, value: Any) -> int:
    if not is_integer(value) or not 0 <= value < fair.MAX_PARTIES:
        raise BadRequest(f"'{name}' must be a party's number, from 0 to {fair.MAX_PARTIES - 1}, not {quote(value)}")
    return value


def _seats(name: str, value: Any) -> list[int]:
    if (not isinstance(value, list) or not 1 <= len(value) <= fair.MAX_PARTIES or value != sorted(set(value))
            or not all(is_integer(s) and 0 <= s < fair.MAX_PARTIES for s in value)):
        raise BadRequest(f"'{name}' must be a list of seat numbers in order, each once, not {quote(value)}")
    return value


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
    trace: list[dict[str, Any]] = []
    game = load(fields["record"], movers, trace)
    ply = fields["ply"]
    if ply is not None and ply != len(game.history):
        if not 0 <= ply <= len(game.history):
            raise BadRequest(f"'ply' must be between 0 and {len(game.history)}, not {ply}")
        record = json.loads(game.to_json())
        record["moves"] = record["moves"][:ply]
        movers = []
        game = load(json.dumps(record), movers)
    return state(game, movers, trace)


def _play(fields: dict[str, Any]) -> dict[str, Any]:
    movers: list[int] = []
    trace: list[dict[str, Any]] = []
    game = load(fields["record"], movers, trace)
    mover, player, turn = game.to_move, game.turn_player, game.turns
    game.play(fields["move"])
    trace.append({"by": mover, "player": player, "turn": turn, "events": game.events})
    return state(game, movers + [mover], trace)


def _roll(fields: dict[str, Any]) -> dict[str, Any]:
    movers: list[int] = []
    trace: list[dict[str, Any]] = []
    game = load(fields["record"], movers, trace)
    player, turn = game.turn_player, game.turns
    game.roll()  # IllegalMove anywhere but at a chance point
    trace.append({"by": CHANCE, "player": player, "turn": turn, "events": game.events})
    return state(game, movers + [CHANCE], trace)


def _explain(fields: dict[str, Any]) -> dict[str, Any]:
    game = load(fields["record"])
    why = game.reason(fields["move"]) if game.to_move not in (None, CHANCE) else None
    game.play(fields["move"])
    return {"events": game.events, "text": type(game).narrate(game.events, game.players), "reason": why,
            "to_move": game.to_move}


def _coach(fields: dict[str, Any]) -> dict[str, Any]:
    """What the rules will do next, where certain, for the player to move (Game.coach)."""
    return {"notes": load(fields["record"]).coach()}


def _prove(fields: dict[str, Any]) -> dict[str, Any]:
    """A win by force for the player to move, where a bounded search proves one (ai/proof.py)."""
    return forced_win(load(fields["record"])) or {"move": None}


def _lesson_steps(game: str) -> list:
    from .learn import LESSONS  # imported when a lesson is first asked for: the engine's boot needs none
    if game not in LESSONS:
        raise BadRequest(f"there is no lesson for {quote(game)} (lessons: {', '.join(LESSONS)})")
    return LESSONS[game]


def _lesson(fields: dict[str, Any]) -> dict[str, Any]:
    """A game's lesson: each step's words and position (a record)."""
    game = fields["game"]
    return {"steps": [{"key": st.key, "title": st.title, "task": st.task, "hint": st.hint, "chapter": st.chapter,
                       "record": json.loads(st.record(game))} for st in _lesson_steps(game)]}


def _lesson_try(fields: dict[str, Any]) -> dict[str, Any]:
    """A move tried at a lesson's step: whether it does the task, what it did in the engine's
    words (``text``), and what the lesson says of it (``said``: what it did for the task, or
    why it misses it)."""
    game, index = fields["game"], fields["step"]
    steps = _lesson_steps(game)
    if not 0 <= index < len(steps):
        raise BadRequest(f"'step' must be from 0 to {len(steps) - 1}, not {index}")
    step = steps[index]
    start = load(step.record(game))
    ok, after, refused = step.attempt(start, fields["move"])
    if after is None:
        raise IllegalMove(refused)
    return {"ok": ok, "events": after.events, "text": type(after).narrate(after.events, after.players),
            "said": step.said(start, fields["move"], after, ok)}


def _refusal(fields: dict[str, Any]) -> dict[str, Any]:
    """Why a tap or choice the rules forbid is refused, in one sentence (Game.refusal)."""
    return {"text": load(fields["record"]).refusal(fields["steps"])}


def _position(fields: dict[str, Any]) -> Game:
    """The position of a ``think`` or ``search_start`` request, which must not be over."""
    game = load(fields["record"])
    if game.is_over:
        raise IllegalMove("the game is over: there is no move to choose")
    return game


THOUGHT = ("move", "value", "iterations", "budget", "seconds", "capped")


def _think(fields: dict[str, Any]) -> dict[str, Any]:
    found = analyse(_position(fields), fields["level"], fields["seed"], spent=fields["spent"])
    return {key: found[key] for key in THOUGHT}


# Searches run in slices, by number, until stopped. A page runs one at a time; the few
# kept beside it are searches whose stop never came (a page closed mid-thought).
SEARCHES: dict[int, Search] = {}
KEEP_SEARCHES = 4
_next_search = [1]


def _search_start(fields: dict[str, Any]) -> dict[str, Any]:
    search = Search(_position(fields), fields["level"], fields["seed"], spent=fields["spent"])
    number = _next_search[0]
    _next_search[0] += 1
    SEARCHES[number] = search
    for old in list(SEARCHES)[:-KEEP_SEARCHES]:
        del SEARCHES[old]
    return _progress(number, search)


def _search_of(fields: dict[str, Any]) -> tuple[int, Search]:
    number = fields["search"]
    if number not in SEARCHES:
        raise BadRequest(f"no search {number} is running (start one with search_start)")
    return number, SEARCHES[number]


def _search_step(fields: dict[str, Any]) -> dict[str, Any]:
    number, search = _search_of(fields)
    search.run(fields["seconds"])
    return _progress(number, search)


def _search_stop(fields: dict[str, Any]) -> dict[str, Any]:
    number, search = _search_of(fields)
    del SEARCHES[number]
    found = search.answer()
    return {**{key: found[key] for key in THOUGHT}, "stopped": not search.done}


def _progress(number: int, search: Search) -> dict[str, Any]:
    return {"search": number, "iterations": search.iterations, "budget": search.budget,
            "progress": round(search.progress, 4), "done": search.done}


def _random_game(fields: dict[str, Any]) -> dict[str, Any]:
    start_game(fields["game"], fields["players"], fields["seed"])  # a clear error for a bad game or count
    game = random_game(fields["game"], fields["seed"], fields["players"], fields["fast"])
    return {"record": json.loads(game.to_json()), "winners": game.winners}


def _measure(fields: dict[str, Any]) -> dict[str, Any]:
    start_game(fields["game"])  # a clear error for an unknown game
    return measure(fields["game"], fields["seconds"], fields["fast"])


REVIEWED = ("player", "chances", "how", "best", "best_value", "best_text", "played", "played_value", "drop",
            "mark", "label", "proven", "iterations", "budget", "capped")


# The record under review and the last position reviewed: the page asks for the plies in
# order, so a request plays on from the last position rather than replaying the record.
_reviewing: dict[str, Any] = {"record": None}


def _review_position(text: str, ply: int | None) -> tuple[Game, list[str], int]:
    """The position after ``ply`` moves of the record ``text`` (its end if None), the record's moves and ``ply``."""
    if _reviewing["record"] != text:
        game = load(text)
        start = start_game(game.name, game.players, game.seed, game.options)
        _reviewing.update(record=None, moves=game.history, start=start, ply=0, position=start)
        _reviewing["record"] = text  # set last: a failed load leaves no record cached
    moves = _reviewing["moves"]
    ply = len(moves) if ply is None else ply
    if not 0 <= ply <= len(moves):
        raise BadRequest(f"'ply' must be between 0 and {len(moves)}, not {ply}")
    if ply < _reviewing["ply"]:
        _reviewing.update(ply=0, position=_reviewing["start"])
    position = _reviewing["position"].clone()
    for move in moves[_reviewing["ply"]:ply]:
        position.play_unchecked(move)  # the record replayed already
    _reviewing.update(ply=ply, position=position.clone())
    return position, moves, ply


def _review(fields: dict[str, Any]) -> dict[str, Any]:
    """One point of a game's review: the position after ``ply`` moves, judged by the search."""
    position, moves, ply = _review_position(fields["record"], fields["ply"])
    point = rounded(review_ply(position, moves[ply] if ply < len(moves) else None, fields["seed"]))
    return {"ply": ply, **{key: point[key] for key in REVIEWED}}


def _pack(fields: dict[str, Any]) -> dict[str, Any]:
    """A record's moves packed for a short link (links.py); the record is checked by replaying it."""
    game = load(fields["record"])
    return {"packed": pack(game.name, game.players, game.seed, game.options, game.history)}


def _unpack(fields: dict[str, Any]) -> dict[str, Any]:
    """The record of a short link's packed moves, from the game's start the link names."""
    try:
        game = unpack(fields["game"], fields["players"], fields["seed"], fields["options"], fields["packed"])
    except DamagedLink as exc:
        raise BadRequest(f"the link's moves are damaged ({exc})") from None
    return {"record": json.loads(game.to_json())}


def _fair_party(fields: dict[str, Any]) -> dict[str, Any]:
    return {"party": fair.new_party(fields["seats"], fields["secret"])}


def _fair_check(fields: dict[str, Any]) -> dict[str, Any]:
    if fields["known"] is not None:
        fair.extends(fields["known"], fields["fair"])
    return {"pending": fair.check(fields["record"], fields["fair"])}


def _fair_step(fields: dict[str, Any]) -> dict[str, Any]:
    return fair.step(fields["record"], fields["fair"], fields["party"], fields["secret"])


# Each op: its function and its fields, each with its check and its default (or REQUIRED).
OPS: dict[str, tuple[Callable[[dict[str, Any]], Any], dict[str, tuple[Callable[[str, Any], Any], Any]]]] = {
    "games": (_games, {}),
    "layout": (_layout, {"game": (_text, REQUIRED)}),
    "new": (_new, {"game": (_text, REQUIRED), "players": (_whole_or_null, None), "seed": (_seed, 0),
                   "options": (_object_or_null, None)}),
    "state": (_state, {"record": (_record, REQUIRED), "ply": (_whole_or_null, None)}),
    "play": (_play, {"record": (_record, REQUIRED), "move": (_move, REQUIRED)}),
    "roll": (_roll, {"record": (_record, REQUIRED)}),
    "think": (_think, {"record": (_record, REQUIRED), "level": (_level, "hard"), "seed": (_seed, 0),
                       "spent": (_spent, 0.0)}),
    "search_start": (_search_start, {"record": (_record, REQUIRED), "level": (_level, "hard"), "seed": (_seed, 0),
                                     "spent": (_spent, 0.0)}),
    "search_step": (_search_step, {"search": (_whole, REQUIRED), "seconds": (_slice, 0.1)}),
    "search_stop": (_search_stop, {"search": (_whole, REQUIRED)}),
    "explain": (_explain, {"record": (_record, REQUIRED), "move": (_move, REQUIRED)}),
    "refusal": (_refusal, {"record": (_record, REQUIRED), "steps": (_steps, REQUIRED)}),
    "coach": (_coach, {"record": (_record, REQUIRED)}),
    "prove": (_prove, {"record": (_record, REQUIRED)}),
    "lesson": (_lesson, {"game": (_text, REQUIRED)}),
    "lesson_try": (_lesson_try, {"game": (_text, REQUIRED), "step": (_whole, REQUIRED), "move": (_move, REQUIRED)}),
    "random_game": (_random_game, {"game": (_text, REQUIRED), "seed": (_seed, 0),
                                   "players": (_whole_or_null, None), "fast": (_flag, False)}),
    "measure": (_measure, {"game": (_text, REQUIRED), "seconds": (_seconds, 1.0), "fast": (_flag, False)}),
    "review": (_review, {"record": (_record, REQUIRED), "ply": (_whole_or_null, None), "seed": (_seed, 0)}),
    "fair_party": (_fair_party, {"seats": (_seats, REQUIRED), "secret": (_secret, REQUIRED)}),
    "fair_check": (_fair_check, {"record": (_record, REQUIRED), "fair": (_fair, REQUIRED), "known": (_fair, None)}),
    "fair_step": (_fair_step, {"record": (_record, REQUIRED), "fair": (_fair, REQUIRED), "party": (_party, REQUIRED),
                               "secret": (_secret, REQUIRED)}),
    "pack": (_pack, {"record": (_record, REQUIRED)}),
    "unpack": (_unpack, {"game": (_text, REQUIRED), "players": (_whole_or_null, None), "seed": (_seed, 0),
                         "options": (_object_or_null, None), "packed": (_text, REQUIRED)}),
}
