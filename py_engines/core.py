"""The shared core: errors, the game protocol and the record format.

Every game is a subclass of :class:`Game`. A game's record (``to_json``) is its
header (name, players, seed, options) plus every move played, chance outcomes
included, so loading a record is replaying it: a record that does not replay is
refused with :class:`BadRecord`.
"""
from __future__ import annotations

import json
from typing import Any, ClassVar

CHANCE = -1
"""``to_move`` at a chance point: the next move is an outcome of the dice."""

RECORD_FORMAT = 1


class IllegalMove(ValueError):
    """A move that is malformed or not legal in the current position."""

    code = "illegal_move"


class BadRecord(ValueError):
    """A game record that is malformed or does not replay."""

    code = "bad_record"


class Game:
    """The protocol every game honours (see ARCHITECTURE.md).

    Subclasses set ``name``, ``title``, ``player_counts`` and ``option_specs``
    and implement the rules; the record format and replay live here.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    option_specs: ClassVar[dict[str, dict[str, Any]]] = {}

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.history: list[str] = []

    # The rules: every game provides these.
    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    def legal_moves(self) -> list[str]:
        raise NotImplementedError

    def play(self, move: str) -> None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def winners(self) -> list[int]:
        raise NotImplementedError

    @property
    def scores(self) -> list[float]:
        return [0.0] * self.players

    def roll(self) -> str:
        """Draw a chance outcome from the game's generator and play it."""
        raise IllegalMove(f"roll: not a chance point in {self.name}")

    def random_move(self, rng) -> str:
        """A uniformly random legal move; games override this with a faster way."""
        moves = self.legal_moves()
        return moves[rng.below(len(moves))]

    def play_unchecked(self, move: str) -> None:
        """Play a move known to be legal; games may skip their checks here."""
        self.play(move)

    def move_steps(self, move: str) -> list[dict[str, str]]:
        """How a move is entered on the page: the cells to tap, then the choices."""
        raise NotImplementedError

    def view(self) -> dict[str, Any]:
        """What the page draws: plain JSON-ready data about the position."""
        raise NotImplementedError

    @staticmethod
    def layout() -> dict[str, Any]:
        """The board for drawing: its cells (names, positions) and anything else static."""
        raise NotImplementedError

    # The record.
    def header(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.name,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
        }

    def to_json(self) -> str:
        return json.dumps({**self.header(), "moves": self.history}, separators=(",", ":"))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} players={self.players} moves={len(self.history)}>"


def check_options(cls: type[Game], players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Validate ``players`` and ``options`` against the game's declared ones; fill defaults."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in cls.player_counts:
        counts = ", ".join(map(str, cls.player_counts))
        raise ValueError(f"{cls.name}: players must be one of {counts}, not {players!r}")
    result = {}
    for key, value in options.items():
        if key not in cls.option_specs:
            raise ValueError(f"{cls.name}: unknown option {key!r}")
    for key, spec in cls.option_specs.items():
        value = options.get(key, spec["default"])
        if "choices" in spec and value not in spec["choices"]:
            raise ValueError(f"{cls.name}: option {key} must be one of {spec['choices']}, not {value!r}")
        result[key] = value
    return result
