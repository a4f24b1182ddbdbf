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

import importlib
import importlib.util
import json
from typing import Any

from .core import CHANCE, RECORD_FORMAT, BadRecord, Game, IllegalMove, check_options

__all__ = ["CHANCE", "GAMES", "BadRecord", "Game", "IllegalMove", "load", "new_game"]

# Every game of the product, in menu order, with the title and player counts it
# will have. A game is built once its module ``py_engines/<name>.py`` exists; the
# module names its Game subclass ``GAME``. ``built`` in GAMES says which are.
_ALL = {
    "manalath": ("Manalath", (2,)),
    "ambush": ("Ambush", (2,)),
    "nymbat": ("Nymbat", (2, 4)),
    "not_nyout": ("Not Nyout", (2, 3, 4)),
    "nimbus": ("Nimbus", tuple(range(2, 11))),
}
_CLASSES: dict[str, type[Game]] = {
    name: importlib.import_module(f"{__name__}.{name}").GAME
    for name in _ALL
    if importlib.util.find_spec(f"{__name__}.{name}") is not None
}


def _info(cls: type[Game]) -> dict[str, Any]:
    return {"title": cls.title, "players": list(cls.player_counts), "options": cls.option_specs, "built": True}


GAMES: dict[str, dict[str, Any]] = {
    name: _info(_CLASSES[name]) if name in _CLASSES
    else {"title": title, "players": list(counts), "options": {}, "built": False}
    for name, (title, counts) in _ALL.items()
}


def new_game(name: str, players: int | None = None, seed: int = 0, **options: Any) -> Game:
    """Start a game; ``players`` defaults to the game's smallest count."""
    cls = _CLASSES.get(name)
    if cls is None:
        known = ", ".join(sorted(_CLASSES))
        reason = "is not built yet" if name in GAMES else "is not a game"
        raise ValueError(f"{name!r} {reason} (playable: {known})")
    if players is None:
        players = cls.player_counts[0]
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, not {seed!r}")
    return cls(players, seed, check_options(cls, players, options))


def load(text: str, movers: list[int] | None = None, trace: list[dict[str, Any]] | None = None) -> Game:
    """Rebuild a game from ``to_json`` text by replaying its moves.

    If ``movers`` is a list, the player who made each move (``CHANCE`` for a
    chance outcome) is appended to it. If ``trace`` is a list, one dict per move
    is appended to it: ``by`` (who made it, as in ``movers``), ``player`` (whose
    turn it was), ``turn`` (how many turns were complete before it) and
    ``events`` (what it did).
    """
    try:
        record = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise BadRecord(f"bad record: not JSON ({exc})") from None
    if not isinstance(record, dict):
        raise BadRecord("bad record: expected a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise BadRecord(f"bad record: unknown format {record.get('format')!r} (expected {RECORD_FORMAT})")
    moves = record.get("moves")
    options = record.get("options", {})
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise BadRecord("bad record: 'moves' must be a list of move texts")
    if not isinstance(options, dict):
        raise BadRecord("bad record: 'options' must be an object")
    try:
        game = new_game(record.get("game"), record.get("players"), record.get("seed", 0), **options)
    except (TypeError, ValueError) as exc:
        raise BadRecord(f"bad record: {exc}") from None
    for number, move in enumerate(moves, 1):
        if movers is not None:
            movers.append(game.to_move)
        before = {"by": game.to_move, "player": game.turn_player, "turn": game.turns}
        try:
            game.play(move)
        except IllegalMove as exc:
            raise BadRecord(f"bad record: move {number} does not replay: {exc}") from None
        if trace is not None:
            trace.append({**before, "events": game.events})
    return game
