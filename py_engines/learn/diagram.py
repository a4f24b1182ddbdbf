"""A worked example of a rule: a position, what it shows, the cells it rings."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Diagram:
    key: str                       # its name in the rules page: <figure data-diagram="key">
    caption: str                   # what it shows, in words
    moves: tuple[str, ...]         # from a new game with these players and options
    players: int | None = None
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    # kind -> cells ringed on the board; kinds: "win" (green), "lose" (red), "try" (blue, dashed:
    # cells the words are about), "focus" (orange: the piece or stack the words are about)
    marks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    paths: tuple[tuple[str, ...], ...] = ()  # arrows through cells (a route, a group's move), first cell first

    def record(self, game: str) -> str:
        """The position as a record, for py_engines.load or the bridge."""
        return json.dumps({"format": 1, "game": game, "players": self.players, "seed": self.seed,
                           "options": self.options, "moves": list(self.moves)})
