"""The cost of a game by links (py_engines/fair.py): `fair_party` (a device's hash
chain and signing key) and `fair_check` / `fair_step` (every signature checked, the
game signed) of the longest of a dozen games played by links between simulated
devices, as medians over nine runs, beside the `state` of the same record; and the
links a whole game takes: the passes from device to device, against the passes its
moves alone would take (the dice's extra passes), medians over a dozen games.

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
from py_engines.games.not_nyout import NotNyout  # noqa: E402
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

    def join() -> None:  # a device's first join: nothing kept from before
        fair.chain.cache_clear()
        fair.signing._signing_key.cache_clear()
        ask({"op": "fair_party", "seats": [0], "secret": secret})

    print(f"fair_party: {median_ms(join):.1f} ms")
    for name, players, seatings, options in GAMES:
        record, data, devices = max((play_by_links(name, players, seatings, seed, **options) for seed in range(12)),
                                    key=lambda played: len(played[0]["moves"]))
        # A step at the game's end: every signature checked and the game signed, as before each link sent.
        check = {"op": "fair_check", "record": record, "fair": json.dumps(data)}
        step = {"op": "fair_step", "record": record, "fair": json.dumps(data), "party": 0, "secret": devices[0].secret}
        state = {"op": "state", "record": record}
        print(f"{name} ({players} players), {len(record['moves'])} moves, shares {[p['count'] for p in data['parties']]}: "
              f"fair_check {median_ms(lambda: ask(check)):.1f} ms, fair_step {median_ms(lambda: ask(step)):.1f} ms, "
              f"state {median_ms(lambda: ask(state)):.1f} ms")
    print("links a whole game takes (medians of a dozen games; the dice go round the table, as the page sends them):")
    for name, players, seatings, options in PASSES:
        print(f"  {name} ({players} players): {links_taken(name, players, seatings, options)}")
    # Beside it, in the same run: the rule before issue 36 (two devices a roll: the turn's player and the
    # last mover), and the road not taken (every roll, a turn's dice too, from every player's share).
    own_rule = NotNyout.chance_seats
    rules = [("two devices a roll, as before", lambda game: [] if game.turn_player is None else [game.turn_player]),
             ("every player's share for every roll", lambda game: [p for p in range(game.players) if game.horses[p]])]
    try:
        for words, rule in rules:
            NotNyout.chance_seats = rule
            for name, players, seatings, options in PASSES[:3]:
                print(f"  {name} ({players} players), {words}: {links_taken(name, players, seatings, options)}")
    finally:
        NotNyout.chance_seats = own_rule


def links_taken(name: str, players: int, seatings: list[list[int]], options: dict) -> str:
    rows = []
    for seed in range(12):
        passes: list[int] = []
        record, _, _ = play_by_links(name, players, seatings, seed, passes=passes, around=True, **options)
        rows.append((len(passes), moves_only_passes(record, seatings), len(record["moves"])))
    total, alone, plies = (statistics.median(row[i] for row in rows) for i in range(3))
    return (f"{total:g} links, {alone:g} for its moves alone, {total - alone:g} more for the dice "
            f"({(total - alone) / alone:.0%}); {plies:g} plies")


def moves_only_passes(record: dict, seatings: list[list[int]]) -> int:
    """The links a game's moves alone take: each time the seat to move is another device's."""
    movers: list[int] = []
    load(json.dumps(record), movers)
    device = {seat: number for number, seats in enumerate(seatings) for seat in seats}
    owners = [device[mover] for mover in movers if mover != CHANCE]
    return sum(1 for a, b in zip([0] + owners, owners) if a != b)


PASSES = [("not_nyout", 2, [[0], [1]], {}), ("not_nyout", 3, [[0], [1], [2]], {}),
          ("not_nyout", 4, [[0], [1], [2], [3]], {}),
          ("nimbus", 3, [[0], [1], [2]], {"random_setup": True, "goal": "rounds3"})]


if __name__ == "__main__":
    main()
