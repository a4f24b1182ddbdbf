"""How long a hint takes in CPython, as the page asks for it (site/controllers/computer.js):
the search at the hint's level (medium), the coach's notes, the proof of a win by force and
the words of the move (explain), through the bridge, one after the other as the page's one
worker answers them; the hard level's search again where the hint would call its move the
least bad. Positions are taken from seeded random games (a few turns in), every game and
player count; each figure is the median and the worst over them, beside the same hint asked
at the hard level (what the hint used until 2026-11-28, seventh session) in the same run.

    python3 bench/hint.py [--positions 6] [--games manalath,ambush]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import py_engines  # noqa: E402
from py_engines import CHANCE, CLASSES, GAMES, bridge  # noqa: E402
from py_engines.rng import Rng  # noqa: E402

PRICE_PAID = ("gift", "costly", "round-gift")  # as game-page.js's needsHardLevel


def ask(op: str, **fields) -> dict:
    answer = json.loads(bridge.handle(json.dumps({"op": op, **fields})))
    if not answer["ok"]:
        raise RuntimeError(f"{op}: {answer}")
    return answer["result"]


def positions(name: str, players: int, count: int) -> list[str]:
    """Records of positions where a player is to choose, a few to thirty turns into seeded games."""
    rng, records, seed = Rng(7), [], 0
    while len(records) < count:
        game = py_engines.new_game(name, players, seed)
        seed += 1
        for _ in range(4 + rng.below(27)):
            if game.is_over:
                break
            if game.to_move == CHANCE:
                game.roll()
            else:
                moves = game.legal_moves()
                game.play(moves[rng.below(len(moves))])
        while game.to_move == CHANCE and not game.is_over:
            game.roll()
        if not game.is_over:
            records.append(game.to_json())
    return records


def hint_seconds(record: str, level: str) -> float:
    """The whole hint for the position, timed as the page waits for it."""
    record = json.loads(record)
    start = time.perf_counter()
    answer = ask("think", record=record, level=level, seed=record.get("seed", 0))
    notes = ask("coach", record=record)["notes"]
    ask("prove", record=record)
    if level != "hard" and any(n["kind"] in PRICE_PAID and answer["move"] in n["moves"] for n in notes):
        answer = ask("think", record=record, level="hard", seed=record.get("seed", 0))
    ask("explain", record=record, move=answer["move"])
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print(f"Hint time in CPython, {args.positions} positions per table (median / worst seconds)")
    print(f"{'game':10} {'players':>7} {'medium':>15} {'hard (before)':>15}")
    for name in args.games.split(","):
        counts = CLASSES[name].player_counts
        for players in sorted({counts[0], counts[-1]}):  # the fewest and the most
            records = positions(name, players, args.positions)
            medium = [hint_seconds(r, "medium") for r in records]
            hard = [hint_seconds(r, "hard") for r in records]
            print(f"{name:10} {players:>7} {statistics.median(medium):>7.2f} / {max(medium):5.2f} "
                  f"{statistics.median(hard):>7.2f} / {max(hard):5.2f}")


if __name__ == "__main__":
    main()
