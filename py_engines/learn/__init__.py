"""What the page teaches with: the worked examples of each game's rules and each
game's lesson, as positions written in the game's notation (a new game and its
moves), which the engine replays and the tests check against their words.

Each game's examples are a module of this package with ``DIAGRAMS``, a list of
:class:`Diagram`. The build computes each position with the engine and writes
it beside the board's layout (``boards/<game>.json``, ``diagrams``), so that
the rules page draws them with the game's own board, before the engine is up
and offline.
"""
from __future__ import annotations

from . import ambush, manalath, nimbus, not_nyout, nymbat
from .diagram import Diagram
from .lesson import Step

__all__ = ["COVERS", "DIAGRAMS", "LESSONS", "Diagram", "Step"]


DIAGRAMS: dict[str, list[Diagram]] = {
    "manalath": manalath.DIAGRAMS,
    "ambush": ambush.DIAGRAMS,
    "nymbat": nymbat.DIAGRAMS,
    "not_nyout": not_nyout.DIAGRAMS,
    "nimbus": nimbus.DIAGRAMS,
}

# The example that pictures each game on the home page: a position in play, typical of the game.
COVERS: dict[str, str] = {
    "manalath": "quart-first",
    "ambush": "two-at-once",
    "nymbat": "beginners-setup",
    "not_nyout": "fight-dice",
    "nimbus": "collect-colour",
}

# Each game's short course, first move to first game (the page then offers a game against the computer).
LESSONS: dict[str, list[Step]] = {
    name: module.LESSON
    for name, module in (("manalath", manalath), ("ambush", ambush), ("nymbat", nymbat),
                         ("not_nyout", not_nyout), ("nimbus", nimbus))
    if module.LESSON
}
