"""Link lengths: how long a link holding a whole game is, in the old format and packed.

    python3 bench/link_lengths.py [--games N] [--seconds S] [--runs R] [--only GAME[:PLAYERS],...]

For every game and player count, plays up to N whole games between the computer's
levels (each seat's level drawn from easy, medium and hard; the arena's
``play_game``, bench/arena.py), for at most S seconds of play per game and player
count (fewer games if they run out; the ``games`` column says how many). The game's
seed is drawn as the page draws it (below 2**31 for a game whose page draws its seed,
site/games/<game>.js ``randomSeed``; else 0), and its options are the defaults.

For each game, the length in characters of the hash of a link to its end, as the page
writes it (site/model/share-links.js shareHash): ``#/<game>?`` then the moves, then ``seed=`` and
``players=`` where they differ from the defaults. The old format writes the moves as
``moves=`` each move as encodeURIComponent writes it, joined by dots; the new one as
``m=`` the engine's packed text (py_engines/links.py). Printed per game and player
count: the games' plies and each format's length at the median and the 95th percentile
of the games (nearest rank), whether the packed link of the 95th percentile is within
the goal of 2,000 characters, and the median time in this Python to pack and to unpack
the median game (the median of R runs each).
"""
from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
import time
from pathlib import Path
import zlib
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import py_engines  # noqa: E402
from py_engines.links import pack, unpack  # noqa: E402
from py_engines.rng import Rng  # noqa: E402
from arena import play_game  # noqa: E402  (bench/arena.py)

GOAL_CHARS = 2_000
LEVELS = ["easy", "medium", "hard"]


def page_draws_seed(name: str) -> bool:
    """Whether the page starts this game with a random seed (site/games/<game>.js ``randomSeed: true``)."""
    source = (ROOT / "site" / "games" / f"{name}.js").read_text()
    return re.search(r"randomSeed:\s*true", source) is not None


def uri_component(text: str) -> str:
    """``text`` as JavaScript's encodeURIComponent writes it."""
    return quote(text, safe="-_.!~*'()")


def link_hash(record: dict, moves_param: str) -> str:
    """The hash of a link to the end of ``record``, as site/model/share-links.js shareHash writes it,
    with ``moves_param`` (``moves=...`` or ``m=...``) for its moves."""
    info = py_engines.GAMES[record["game"]]
    params = [moves_param]
    if record["seed"]:
        params.append(f"seed={record['seed']}")
    if record["players"] != info["players"][0]:
        params.append(f"players={record['players']}")
    for name, value in record["options"].items():
        if info["options"][name]["default"] != value:
            written = str(value).lower() if isinstance(value, bool) else str(value)
            params.append(f"{uri_component(name)}={uri_component(written)}")
    return f"#/{record['game']}?{'&'.join(params)}"


def old_hash(record: dict) -> str:
    return link_hash(record, "moves=" + ".".join(uri_component(m) for m in record["moves"]))


def new_hash(record: dict) -> str:
    packed = pack(record["game"], record["players"], record["seed"], record["options"], record["moves"])
    return link_hash(record, "m=" + packed)


def nearest_rank(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def typical_games(name: str, players: int, games: int, seconds: float) -> list[dict]:
    """Up to ``games`` whole games between levels drawn at random, within ``seconds`` of play."""
    records = []
    started = time.perf_counter()
    rng = Rng(zlib.crc32(f"{name}:{players}".encode()))  # the same games every run
    random_seed = page_draws_seed(name)
    for _ in range(games):
        if records and time.perf_counter() - started > seconds:
            break
        seed = rng.below(2**31) if random_seed else 0
        seats = [LEVELS[rng.below(len(LEVELS))] for _ in range(players)]
        game = play_game(name, seats, seed)
        records.append(json.loads(game["record"]))
    return records


def median_seconds(work, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="whole games per game and player count")
    parser.add_argument("--seconds", type=float, default=120.0, help="most seconds of play per game and count")
    parser.add_argument("--runs", type=int, default=7, help="runs of pack and unpack timed per game")
    parser.add_argument("--only", default="", help="games (and player counts) to measure: nimbus:2,manalath")
    args = parser.parse_args(argv)
    wanted = [item.split(":") for item in args.only.split(",") if item]
    cases = [(name, n) for name, info in py_engines.GAMES.items() for n in info["players"]
             if not wanted or any(w[0] == name and (len(w) == 1 or int(w[1]) == n) for w in wanted)]
    print(f"Whole games between the levels {', '.join(LEVELS)} (drawn per seat), default options; "
          f"link hash lengths in characters at the median and 95th percentile of the games; "
          f"pack and unpack of the median game, median of {args.runs} runs in this Python "
          f"({sys.implementation.name} {sys.version.split()[0]}).")
    header = (f"{'game':10} {'pl':>2} {'games':>5} {'plies 50%':>9} {'95%':>5}  {'old 50%':>7} {'95%':>6}  "
              f"{'new 50%':>7} {'95%':>5}  {'goal':>4}  {'pack ms':>7} {'unpack ms':>9}")
    print(header)
    for name, players in cases:
        records = typical_games(name, players, args.games, args.seconds)
        plies = [len(r["moves"]) for r in records]
        old = [len(old_hash(r)) for r in records]
        new = [len(new_hash(r)) for r in records]
        median_game = sorted(records, key=lambda r: len(r["moves"]))[(len(records) - 1) // 2]
        header_of = (median_game["game"], median_game["players"], median_game["seed"], median_game["options"])
        packed = pack(*header_of, median_game["moves"])
        assert unpack(*header_of, packed).history == median_game["moves"]
        pack_s = median_seconds(lambda: pack(*header_of, median_game["moves"]), args.runs)
        unpack_s = median_seconds(lambda: unpack(*header_of, packed), args.runs)
        within = "yes" if nearest_rank(new, 0.95) <= GOAL_CHARS else "NO"
        print(f"{name:10} {players:>2} {len(records):>5} {nearest_rank(plies, 0.5):>9} {nearest_rank(plies, 0.95):>5}  "
              f"{nearest_rank(old, 0.5):>7} {nearest_rank(old, 0.95):>6}  {nearest_rank(new, 0.5):>7} "
              f"{nearest_rank(new, 0.95):>5}  {within:>4}  {pack_s * 1000:>7.1f} {unpack_s * 1000:>9.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
