"""The cost of fair dice in a game by links (py_engines/fair.py): `fair_head` (a
device's hash chain) and `fair_check` / `fair_step` of the longest of a dozen
games played by links between simulated devices, as medians over nine runs,
beside the `state` of the same record.

    .venv/bin/python bench/fair.py
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from py_engines import CHANCE, bridge, fair, load  # noqa: E402
from test_fair import play_by_links  # noqa: E402  (simulated devices passing the data)

GAMES = [("not_nyout", 2, [[0], [1]], {}), ("not_nyout", 4, [[0], [1], [2], [3]], {}),
         ("nimbus", 2, [[0], [1]], {"random_setup": True})]


def median_ms(action, runs: int = 9) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def ask(request: dict) -> None:
    answer = json.loads(bridge.handle(json.dumps(request)))
    assert answer["ok"], answer


def main() -> None:
    print(f"chain length {fair.CHAIN_LENGTH:,}")
    secret = "S" * 21 + "Q"
    print(f"fair_head: {median_ms(lambda: ask({'op': 'fair_head', 'secret': secret})):.1f} ms")
    for name, players, seatings, options in GAMES:
        record, data, devices = max((play_by_links(name, players, seatings, seed, **options) for seed in range(12)),
                                    key=lambda played: len(played[0]["moves"]))
        movers: list[int] = []
        load(json.dumps(record), movers)
        last_roll = max(i for i, mover in enumerate(movers) if mover == CHANCE)
        # The last roll taken back, so that a step has one to play.
        before = {**record, "moves": record["moves"][:last_roll]}
        check = {"op": "fair_check", "record": record, "fair": json.dumps(data)}
        step = {"op": "fair_step", "record": before, "fair": json.dumps(data), "party": 0, "secret": devices[0].secret}
        state = {"op": "state", "record": record}
        print(f"{name} ({players} players), {len(record['moves'])} moves, shares {[p['count'] for p in data['parties']]}: "
              f"fair_check {median_ms(lambda: ask(check)):.1f} ms, fair_step {median_ms(lambda: ask(step)):.1f} ms, "
              f"state {median_ms(lambda: ask(state)):.1f} ms")


if __name__ == "__main__":
    main()
