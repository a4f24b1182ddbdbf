"""The games of the engine's registry in menu order (name, title, tagline, player
counts, option specs, lessons, puzzles), and each game's board layout, the position
of a new game with the default players and options, and the rules page's worked
examples, as the bridge gives them: what the page draws before the engine is up.

Run by build.py as `python -m tools.boards` in the project folder (a process of its
own, so the engine is imported from the sources as they are now); prints JSON."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from py_engines import bridge
from py_engines.games import catalog
from py_engines.learn import COVERS, DIAGRAMS, LESSONS

SITE = Path(__file__).resolve().parent.parent / "site"


def ask(request: dict[str, Any]) -> Any:
    answer = json.loads(bridge.handle(json.dumps(request)))
    if not answer["ok"]:
        raise SystemExit(f"{request}: {answer['error']['message']}")
    return answer["result"]


def puzzle_ids(name: str) -> list[str]:
    """The ids of the puzzles the home page offers: site/puzzles/<game>.json, shipped as it is
    (tools/make_puzzles.py writes it)."""
    try:
        with open(SITE / "puzzles" / f"{name}.json", encoding="utf-8") as file:
            return [puzzle["id"] for puzzle in json.load(file)["puzzles"]]
    except FileNotFoundError:
        return []


def games() -> list[dict[str, Any]]:
    """build-info.js's `games`: the catalog, with each game's lesson (its steps' keys), cover and
    puzzles (their ids): the home page counts only the progress kept under those names."""
    listed = []
    for game in catalog():
        keys, ids = [step.key for step in LESSONS.get(game["name"], [])], puzzle_ids(game["name"])
        listed.append({**game, "lesson": bool(keys), "lessonSteps": len(keys), "lessonKeys": keys,
                       "cover": COVERS.get(game["name"]), "puzzles": len(ids), "puzzleIds": ids})
    return listed


def board(name: str) -> dict[str, Any]:
    """boards/<game>.json: the layout, a new game's position (its moves come from the
    engine itself, once it runs) and the worked examples, each with its words and marks."""
    start = ask({"op": "new", "game": name})
    del start["legal"]
    diagrams = []
    for d in DIAGRAMS.get(name, []):
        shown = ask({"op": "state", "record": d.record(name)})
        del shown["legal"], shown["log"]
        diagrams.append({"key": d.key, "caption": d.caption, "marks": d.marks, "paths": d.paths, "state": shown})
    return {"layout": ask({"op": "layout", "game": name}), "start": start, "diagrams": diagrams}


def main() -> None:
    listed = games()
    print(json.dumps({"games": listed, "boards": {game["name"]: board(game["name"]) for game in listed}},
                     separators=(",", ":")))


if __name__ == "__main__":
    main()
