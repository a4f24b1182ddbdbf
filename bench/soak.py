#!/usr/bin/env python3
"""The long run: many seeded random games of every game and player count, each
checked against the engine contract, with counts printed at the end.

    python3 bench/soak.py                      10,000 games of every game and player count
    python3 bench/soak.py --games 500 --game nimbus --players 10 --first-seed 20000

Every game starts from its seed (game i of a case uses seed FIRST + i); a game
with options draws them from the seed too, among the combinations the rules
allow. Moves are uniformly random legal moves, played with full checks, and at
each step the contract is checked: a game not over has a player to move and
legal moves, listed once each and in the same order twice; a roll plays a
listed outcome. Every CHECK_EVERY plies, malformed spellings of a legal move
(with a space, a line break, in capitals, with another script's digits) are
refused with IllegalMove and leave the game unchanged. At the end the game is
over, its winners are players, and its record replays to the same record. The
same seeds give the same games on every machine, so a failure names its seed.

Exit status 1 if any check failed. The whole run takes hours on one core; it may
be run in slices of seeds (--game, --players, --first-seed, --games), each
appending its counts to a file with --json, and --add-up FILE prints the totals
(the figures in docs/decisions.md were made so).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import py_engines  # noqa: E402
from py_engines import CHANCE, IllegalMove  # noqa: E402
from py_engines.rng import Rng  # noqa: E402

CHECK_EVERY = 10
MAX_PLIES = 50_000  # a game still running here is reported as unfinished
ODD_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


class Failure(Exception):
    pass


def check(condition: bool, message: str) -> None:
    if not condition:
        raise Failure(message)


def draw_options(name: str, players: int, rng: Rng) -> dict:
    """Options drawn from their choices; a combination the rules refuse is drawn again."""
    specs = py_engines.GAMES[name]["options"]
    while True:
        options = {key: spec["choices"][rng.below(len(spec["choices"]))] for key, spec in specs.items()}
        try:
            py_engines.new_game(name, players, 0, **options)
            return options
        except ValueError:
            continue


def misspellings(move: str) -> list[str]:
    return [move + " ", " " + move, move + "\n", move.upper(), move.translate(ODD_DIGITS), move + move[-1:]]


def check_refusals(game) -> None:
    legal = set(game.legal_moves())
    before = game.to_json()
    tried = []
    for move in list(legal)[:3]:
        for bad in misspellings(move):
            if bad in legal:
                continue
            try:
                game.play(bad)
            except IllegalMove:
                tried.append(bad)
            else:
                raise Failure(f"{bad!r} was accepted (the legal spelling is {move!r})")
    # One comparison for the lot: a record is long, and serialising it after each refusal was most of the run.
    check(game.to_json() == before, f"refusing one of {tried!r} changed the game")


def play_one(name: str, players: int, seed: int) -> dict:
    """One checked random game; its length, winners and whether it finished."""
    rng = Rng(seed)
    options = draw_options(name, players, rng)
    game = py_engines.new_game(name, players, seed, **options)
    ply = 0
    while not game.is_over:
        check(ply < MAX_PLIES, f"unfinished after {MAX_PLIES} plies")
        check(game.to_move is not None, "no player to move in a game that is not over")
        moves = game.legal_moves()
        check(bool(moves), "no legal move in a game that is not over")
        check(len(moves) == len(set(moves)), "a move is listed twice")
        if ply % CHECK_EVERY == 0:
            check(moves == game.legal_moves(), "the listing is not deterministic")
            check_refusals(game)
        if game.to_move == CHANCE:
            game.roll()
            check(game.history[-1] in moves, f"roll() played {game.history[-1]!r}, which was not listed")
        else:
            move = moves[rng.below(len(moves))]
            game.play(move)
            check(game.history[-1] == move, f"{move!r} was recorded as {game.history[-1]!r}")
        ply += 1
    check(game.to_move is None and game.legal_moves() == [], "a finished game still has moves")
    check(all(0 <= w < players for w in game.winners), f"winners {game.winners} are not players")
    check(len(game.scores) == players, "not one score per player")
    json.dumps(game.view())
    text = game.to_json()
    again = py_engines.load(text)
    check(again.to_json() == text and again.winners == game.winners, "the record does not replay to itself")
    return {"plies": ply, "winners": game.winners}


def run_case(name: str, players: int, games: int, first: int) -> dict:
    start = time.perf_counter()
    counts = {"game": name, "players": players, "first_seed": first, "games": 0, "plies": 0, "longest": 0,
              "draws": 0, "wins": [0] * players, "failures": []}
    for seed in range(first, first + games):
        try:
            result = play_one(name, players, seed)
        except Exception as exc:  # noqa: BLE001  (every failure is counted and named by its seed)
            counts["failures"].append({"seed": seed, "error": f"{type(exc).__name__}: {exc}"[:300]})
            continue
        counts["games"] += 1
        counts["plies"] += result["plies"]
        counts["longest"] = max(counts["longest"], result["plies"])
        if result["winners"]:
            for w in result["winners"]:
                counts["wins"][w] += 1
        else:
            counts["draws"] += 1
    counts["seconds"] = time.perf_counter() - start
    return counts


HEADER = (f"{'game':<10} {'players':>7} {'seeds':>13} {'checked':>8} {'failed':>6} {'plies':>11} "
          f"{'longest':>7} {'draws':>6}  wins by seat  seconds")


def row(counts: dict, seeds: str) -> str:
    return (f"{counts['game']:<10} {counts['players']:>7} {seeds:>13} {counts['games']:>8} "
            f"{len(counts['failures']):>6} {counts['plies']:>11,} {counts['longest']:>7} {counts['draws']:>6}  "
            f"{'/'.join(map(str, counts['wins']))}  {counts['seconds']:.0f}")


def add_up(path: Path) -> int:
    """Print the totals per game and player count of the slices written with --json."""
    totals: dict[tuple[str, int], dict] = {}
    seeds: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for line in path.read_text().splitlines():
        part = json.loads(line)
        key = (part["game"], part["players"])
        first = part["first_seed"]
        seeds.setdefault(key, []).append((first, first + part["games"] + len(part["failures"])))
        if key not in totals:
            totals[key] = {**part, "wins": list(part["wins"]), "failures": list(part["failures"])}
            continue
        total = totals[key]
        for field in ("games", "plies", "draws", "seconds"):
            total[field] += part[field]
        total["longest"] = max(total["longest"], part["longest"])
        total["wins"] = [a + b for a, b in zip(total["wins"], part["wins"])]
        total["failures"] += part["failures"]
    print(HEADER)
    for key, total in totals.items():
        spans = sorted(seeds[key])
        covered = all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
        print(row(total, f"{spans[0][0]}-{spans[-1][1] - 1}" if covered else "(gaps)"))
        for failure in total["failures"][:5]:
            print(f"    seed {failure['seed']}: {failure['error']}")
    all_games = sum(t["games"] for t in totals.values())
    all_plies = sum(t["plies"] for t in totals.values())
    failures = sum(len(t["failures"]) for t in totals.values())
    print(f"total: {all_games:,} games checked, {all_plies:,} plies, {failures} failed, "
          f"{sum(t['seconds'] for t in totals.values()) / 3600:.1f} hours")
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="games per game and player count")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--game", help="one game only")
    parser.add_argument("--players", type=int, help="one player count only")
    parser.add_argument("--json", type=Path, help="append each case's counts to this file (one JSON line each)")
    parser.add_argument("--add-up", type=Path, metavar="FILE",
                        help="print the totals of the slices in FILE (from --json)")
    args = parser.parse_args()
    if args.add_up:
        return add_up(args.add_up)
    cases = [(name, n) for name, info in py_engines.GAMES.items() for n in info["players"]
             if (args.game in (None, name)) and (args.players in (None, n))]
    if not cases:
        parser.error("no such game and player count")
    print(HEADER, flush=True)
    failed = 0
    for name, players in cases:
        counts = run_case(name, players, args.games, args.first_seed)
        failed += len(counts["failures"])
        print(row(counts, f"{args.first_seed}-{args.first_seed + args.games - 1}"), flush=True)
        for failure in counts["failures"][:5]:
            print(f"    seed {failure['seed']}: {failure['error']}", flush=True)
        if args.json:
            with open(args.json, "a") as f:
                f.write(json.dumps(counts) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
