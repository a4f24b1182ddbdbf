"""What the page teaches with: the worked examples of each game's rules and each
game's lesson, as positions written in the game's notation (a new game and its
moves), which the engine replays and the tests check against their words.

Each game's examples are a module of this package named after the game, with
``DIAGRAMS``, a list of :class:`Diagram`, ``COVER``, the example that pictures
the game on the home page, and ``LESSON``, its short course. The build computes each position with the engine and writes
it beside the board's layout (``boards/<game>.json``, ``diagrams``), so that
the rules page draws them with the game's own board, before the engine is up
and offline.
"""
from __future__ import annotations

from ..games import game_modules
from .diagram import Diagram
from .lesson import Step

__all__ = ["COVERS", "DIAGRAMS", "LESSONS", "Diagram", "Step"]


_MODULES = game_modules(__package__)

DIAGRAMS: dict[str, list[Diagram]] = {name: module.DIAGRAMS for name, module in _MODULES.items()}

# The example that pictures each game on the home page: a position in play, typical of the game.
COVERS: dict[str, str] = {name: module.COVER for name, module in _MODULES.items()}

# Each game's short course, first move to first game (the page then offers a game against the computer).
LESSONS: dict[str, list[Step]] = {name: module.LESSON for name, module in _MODULES.items() if module.LESSON}
