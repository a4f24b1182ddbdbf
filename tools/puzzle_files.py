"""The puzzle files the site ships, ``site/puzzles/<game>.json``: read and written
here, beside the build, never by the engine (which finds and proves puzzles:
``py_engines/puzzles/``). ``python3 -m tools.make_puzzles`` writes them."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FORMAT = 1
DATA = Path(__file__).resolve().parents[1] / "site" / "puzzles"
MADE_BY = "tools/make_puzzles.py"


def data_path(game: str) -> Path:
    return DATA / f"{game}.json"


def load_puzzles(game: str, path: Path | None = None) -> list[dict[str, Any]]:
    """The shipped puzzles of a game."""
    data = json.loads((path or data_path(game)).read_text(encoding="utf-8"))
    if data.get("format") != FORMAT or data.get("game") != game:
        raise ValueError(f"{path or data_path(game)}: not a puzzle file of {game} (format {FORMAT})")
    return data["puzzles"]


def dump(game: str, puzzles: list[dict[str, Any]]) -> str:
    """The text of a puzzle file: one puzzle a line, so that a change reads in a diff."""
    lines = [json.dumps(p, separators=(",", ":"), ensure_ascii=False) for p in puzzles]
    return (f'{{"format":{FORMAT},"game":"{game}","made_by":"{MADE_BY}","puzzles":[\n'
            + ",\n".join(lines) + "\n]}\n")
