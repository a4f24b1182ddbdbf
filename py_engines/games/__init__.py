"""Every game of the product: the one registry, in menu order.

Each game's class states its name, title, player counts and options once; the
registry lists the classes, each with the line the home page shows under its
title. ``py_engines.GAMES`` and the page's catalog (``build.py`` writes it into
``build-info.js``) are both read from here.

The other layers find a game's part by its name: ``ai/<game>.py`` (its
policy), ``learn/<game>.py`` (its examples, cover and lesson) and
``puzzles/<game>.py`` (its finder and prover), each read by ``game_modules``.
So a game is its own files and one line of ``REGISTRY``.
"""
from __future__ import annotations

import importlib
from types import ModuleType
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
    (NotNyout, "Horses fight with dice for the stations: the last player with horses wins."),
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


def game_modules(package: str) -> dict[str, ModuleType]:
    """Each game's module in ``package`` (a layer, e.g. ``py_engines.learn``): the one named
    after the game, by game name, in menu order; a game without one there is left out."""
    found = {}
    for cls, _ in REGISTRY:
        name = f"{package}.{cls.name}"
        try:
            found[cls.name] = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:  # the module is there but imports something missing: say so
                raise
    return found
