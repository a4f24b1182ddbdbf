"""How long the hint's proof of a win by force takes (py_engines/ai/proof.py, the
bridge's `prove`), in this Python: positions of seeded random games, midway and
near their ends (where wins by force are), each proved once at the default
budget. Prints, per game, the median and the longest time and how many
positions had a win proved.

    python3 bench/proof.py [--games N]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import py_engines  # noqa: E402
from py_engines.ai.proof import forced_win  # noqa: E402
from py_engines.playout import random_game  # noqa: E402


def positions(name: str, games: int):
    for seed in range(games):
        game = random_game(name, seed, 2)
        record = json.loads(game.to_json())
        end = len(game.history)
        for cut in (end // 2, end - 3, end - 2, end - 1):
            yield py_engines.load(json.dumps({**record, "moves": game.history[:max(cut, 0)]}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=12, help="seeded random games per game (4 positions each)")
    args = parser.parse_args()
    print(f"{'game':10} {'positions':>9} {'median s':>9} {'max s':>7} {'proved':>7}")
    for name in ("manalath", "ambush", "nymbat", "not_nyout", "nimbus"):
        times, proved = [], 0
        for game in positions(name, args.games):
            started = time.perf_counter()
            proved += forced_win(game) is not None
            times.append(time.perf_counter() - started)
        print(f"{name:10} {len(times):9} {statistics.median(times):9.4f} {max(times):7.3f} {proved:7}")


if __name__ == "__main__":
    main()
