"""Rules engines for five abstract board games, in pure Python.

>>> import py_engines
>>> g = py_engines.new_game("manalath")
>>> len(g.legal_moves())
122
>>> g.play("e5w"); g.to_move
1
>>> py_engines.load(g.to_json()).history
['e5w']
"""
from __future__ import annotations

import json
from typing import Any

from .core import (CHANCE, MAX_RECORD_CHARS, MAX_SEED, RECORD_DEPTH, RECORD_FIELDS, RECORD_FORMAT,
                   BadRecord, Game, IllegalMove, check_move_text, check_options, is_integer, parse_json, quote,
                   same_value)
from .games import CLASSES, GAMES

__all__ = ["CHANCE", "GAMES", "BadRecord", "Game", "IllegalMove", "load", "new_game", "start_game"]


def new_game(name: str, players: int | None = None, seed: int = 0, **options: Any) -> Game:
    """Start a game; ``players`` defaults to the game's smallest count."""
    return start_game(name, players, seed, options)


def start_game(name: str, players: int | None = None, seed: int = 0, options: dict[str, Any] | None = None) -> Game:
    """:func:`new_game` with the options as one object (so an option named ``players``
    or ``seed`` is an unknown option, not a clash of arguments). ValueError if any is bad."""
    if not isinstance(name, str) or name not in CLASSES:
        raise ValueError(f"{quote(name)} is not a game (games: {', '.join(CLASSES)})")
    cls = CLASSES[name]
    if players is None:
        players = cls.player_counts[0]
    if not is_integer(seed) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, not {quote(seed)}")
    return cls(players, seed, check_options(cls, players, {} if options is None else options))


def load(text: str, movers: list[int] | None = None, trace: list[dict[str, Any]] | None = None) -> Game:
    """Rebuild a game from ``to_json`` text by replaying its moves.

    The record is checked before it is replayed: at most ``MAX_RECORD_CHARS``
    characters, nested no deeper than a record is, the fields of ``RECORD_FIELDS``
    and no others, each of its type (``format`` the integer 1, ``moves`` a list
    of texts), each move at most ``MAX_MOVE_CHARS`` characters. Then every move
    must replay, written exactly as the game writes it.

    If ``movers`` is a list, the player who made each move (``CHANCE`` for a
    chance outcome) is appended to it. If ``trace`` is a list, one dict per move
    is appended to it: ``by`` (who made it, as in ``movers``), ``player`` (whose
    turn it was), ``turn`` (how many turns were complete before it) and
    ``events`` (what it did).
    """
    try:
        record = parse_json(text, "the record", MAX_RECORD_CHARS, RECORD_DEPTH)
    except ValueError as exc:
        raise BadRecord(f"bad record: {exc}") from None
    if not isinstance(record, dict):
        raise BadRecord("bad record: expected a JSON object")
    unknown = [key for key in record if key not in RECORD_FIELDS]
    if unknown:
        raise BadRecord(f"bad record: unknown field {quote(unknown[0])} (a record has {', '.join(RECORD_FIELDS)})")
    form = record.get("format")
    if not same_value(form, RECORD_FORMAT):
        raise BadRecord(f"bad record: unknown format {quote(form)} (expected {RECORD_FORMAT})")
    moves = record.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise BadRecord("bad record: 'moves' must be a list of move texts")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise BadRecord("bad record: 'options' must be an object")
    players = record.get("players")
    if players is not None and not is_integer(players):
        raise BadRecord(f"bad record: 'players' must be a whole number, not {quote(players)}")
    setup = (record.get("game"), players, record.get("seed", 0), json.dumps(options, sort_keys=True, default=str))
    kept = _replayed_before(setup, moves)
    if kept is None:
        try:
            game = start_game(record.get("game"), players, record.get("seed", 0), options)
        except ValueError as exc:
            raise BadRecord(f"bad record: {exc}") from None
        done, who, what = 0, [], []
    else:
        done, game, who, what = len(kept["moves"]), kept["game"].clone(), list(kept["movers"]), list(kept["trace"])
    for number, move in enumerate(moves[done:], done + 1):
        who.append(game.to_move)
        before = {"by": game.to_move, "player": game.turn_player, "turn": game.turns}
        try:
            check_move_text(move)
            game.play(move)
        except IllegalMove as exc:
            raise BadRecord(f"bad record: move {number} does not replay: {exc}") from None
        if game.history[-1] != move:  # a game that took another spelling of a move
            raise BadRecord(f"bad record: move {number} is written {game.history[-1]!r} in {game.title}, "
                            f"not {quote(move)}")
        what.append({**before, "events": game.events})
    if len(moves) > done:
        _keep_replayed(setup, moves, game, who, what)
    if movers is not None:
        movers.extend(who)
    if trace is not None:
        trace.extend(what)
    return game


# The last records replayed (a few, the longest kept), so that a record that goes on from one of
# them (the page's next move, the coach's look at the same position, a review's next point)
# replays only its new moves: in a game of thousands of moves every request replayed it from
# the first (issue 41). Each is a copy; load hands out a clone of it.
REPLAYED_KEPT = 4
_replayed: list[dict[str, Any]] = []


def _replayed_before(setup: tuple, moves: list[str]) -> dict[str, Any] | None:
    """The longest kept replay of this setup whose moves begin ``moves`` (None: none does)."""
    best = None
    for kept in _replayed:
        n = len(kept["moves"])
        if kept["setup"] == setup and n <= len(moves) and (best is None or n > len(best["moves"])) \
                and kept["moves"] == tuple(moves[:n]):
            best = kept
    return best


def _keep_replayed(setup: tuple, moves: list[str], game: Game, movers: list[int], trace: list[dict[str, Any]]) -> None:
    _replayed.insert(0, {"setup": setup, "moves": tuple(moves), "game": game.clone(), "movers": list(movers),
                         "trace": list(trace)})
    del _replayed[REPLAYED_KEPT:]
