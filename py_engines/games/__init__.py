"""Every game of the product: the one registry, in menu order.

Each game's class states its name, title, player counts and options once; the
registry lists the classes, each with the line the home page shows under its
title. ``py_engines.GAMES`` and the page's catalog (``build.py`` writes it into
``build-info.js``) are both read from here.
"""
from __future__ import annotations

from typing import Any

from ..core import Game
from .ambush import Ambush
from .manalath import Manalath
from .nimbus import Nimbus
from .not_nyout import NotNyout
from .nymbat import Nymbat

REGISTRY: tuple[tuple[type[Game], str], ...] = (
    (Manalath, "Place either colour; a group of five wins, a group of four loses."),
    (Ambush, "Stack pyramids, turn the coasters, sandwich and capture."),
    (Nymbat, "Numbered armies march across a great hexagon."),
    (NotNyout, "Race horses around the ring and fight for the stations."),
    (Nimbus, "Move one pyramid, then collect a line of them."),
)
"""(class, tagline) for every game, in menu order."""

CLASSES: dict[str, type[Game]] = {cls.name: cls for cls, _ in REGISTRY}

GAMES: dict[str, dict[str, Any]] = {
    cls.name: {"title": cls.title, "players": list(cls.player_counts), "options": cls.option_specs}
    for cls, _ in REGISTRY
}
"""Each game's title, player counts and option specs, by name (the bridge's ``games`` answer)."""


def catalog() -> list[dict[str, Any]]:
    """The page's list of games, in menu order: each game's ``name``, ``title``,
    ``tagline``, ``players`` and ``options`` (as in ``GAMES``)."""
    return [{"name": cls.name, "title": cls.title, "tagline": tagline, "players": GAMES[cls.name]["players"],
             "options": GAMES[cls.name]["options"]}
            for cls, tagline in REGISTRY]
