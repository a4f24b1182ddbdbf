"""The positions the page-logic tests (tests/page/, `node --test`) are fed, as the
engine writes them: for each game and player count, a new game, a game under way,
a chance point where the game has one, and a finished game, each the bridge's
`state` answer; each game's board layout; and the build's catalog (build-info.js) the page modules import.

    python3 -m tools.page_fixtures          write tests/page/fixtures/
    python3 -m tools.page_fixtures --check  fail if they differ from what the engine writes now

tests/test_page_fixtures.py runs the check, so the fixtures can never go stale."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import py_engines
from py_engines import CHANCE
from py_engines.rng import Rng

from tools.boards import ask, games

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "page" / "fixtures"
# Each game's tables: its default count and, where the rules allow more, a larger one.
TABLES = {"manalath": [2], "ambush": [2], "nymbat": [2, 4], "not_nyout": [2, 4], "nimbus": [2, 3]}
UNDER_WAY = 12  # moves into a game, chosen at random from a fixed seed


def positions(name: str, players: int) -> dict[str, Any]:
    """{label: record} for one table: the records the bridge answers for."""
    rng = Rng(players * 1000 + len(name))
    game = py_engines.new_game(name, players, seed=7)
    found = {"start": game.to_json()}
    chance = None
    while not game.is_over:
        if game.to_move == CHANCE and chance is None and len(game.history) > 0:
            chance = game.to_json()
        if len(game.history) == UNDER_WAY:
            found["under_way"] = game.to_json()
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    if chance is not None:
        found["chance"] = chance
    found["over"] = game.to_json()
    return found


def write_all() -> dict[str, str]:
    """{file name: text} of every fixture."""
    catalog = games()
    states: dict[str, dict[str, Any]] = {}
    for name, tables in TABLES.items():
        for players in tables:
            for label, record in positions(name, players).items():
                states[f"{name}/{players}/{label}"] = ask({"op": "state", "record": record})
    info = {"build": "page-tests", "games": catalog}
    layouts = {name: ask({"op": "layout", "game": name}) for name in TABLES}
    return {
        "layouts.json": json.dumps(layouts, separators=(",", ":"), sort_keys=True) + "\n",
        "build-info.js": "// Written by tools/page_fixtures.py: the catalog, as build.py writes it into build-info.js.\n"
                         f"export const BUILD = {json.dumps(info, indent=1)};\n",
        "positions.json": json.dumps(states, separators=(",", ":"), sort_keys=True) + "\n",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only compare with the files written")
    args = parser.parse_args()
    files = write_all()
    if args.check:
        stale = [name for name, text in files.items()
                 if not (FOLDER / name).is_file() or (FOLDER / name).read_text() != text]
        if stale:
            print(f"stale page fixtures: {', '.join(stale)}; write them with `python3 -m tools.page_fixtures`")
            return 1
        return 0
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (FOLDER / name).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
