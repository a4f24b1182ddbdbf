"""Make the puzzles: play games between computer levels, look for puzzles in them, prove them.

    python3 -m tools.make_puzzles [--game G] [--count N] [--seed S] [--seconds T] [--dry-run]
    python3 -m tools.make_puzzles --refresh [--game G]

For each game (all five unless ``--game``), games are played from seed ``S`` on,
each move chosen by the computer's search at a small budget (the seat's budget
varies with the game's seed, so the players are of different strengths and make
the mistakes puzzles come from). At every position of the solver's move the
game's finder (``py_engines/puzzles/<game>.py``) tries every move and keeps the
position if its answer is proved right and unique. Positions already kept (the
same position reached in two games) are skipped. Games are played until ``N``
puzzles are found (for the games where puzzles are quick to find, three times
as many, from which ``N`` are picked spread over the grades), then written in
order of grade to ``site/puzzles/<game>.json``. Nimbus games (two sets dropped at
random, a third of them misère) are also looked at one turn on from each end of
a round; Not Nyout games have two, three or four players. It prints the games
played, the positions scanned, the puzzles found and kept, and the time taken.
``--refresh`` plays no games: each shipped puzzle is made again from its
position by the current finder (new words or grades). See docs/puzzles.md.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a file too

import py_engines  # noqa: E402
from py_engines.ai.search import choose_move  # noqa: E402
from py_engines.core import CHANCE  # noqa: E402
from py_engines.puzzles import GAMES, module, position  # noqa: E402
from tools.puzzle_files import data_path, dump, load_puzzles  # noqa: E402

MAX_PLIES = 400
"""A game is cut off after this many moves (puzzles come from its start as well)."""
MAX_PER_GAME = 4
"""At most this many puzzles from one game, so that the set comes from many games."""


def positions(name: str, seed: int):
    """The positions of one game between two computer players, each a copy, in order."""
    setup = module(name).SELF_PLAY
    options = dict(setup.get("options", {}))
    if name == "nimbus" and seed % 3 == 2:
        options["round_end"] = "misere"  # a third of the games: the last taker does not score
    players = setup["players"]
    if isinstance(players, tuple):  # player counts by the seed, in turn
        players = players[seed % len(players)]
    game = py_engines.start_game(name, players, seed, options)
    budgets = setup["budgets"]
    seats = [budgets[(seed + p) % len(budgets)] for p in range(game.players)]
    for _ in range(MAX_PLIES):
        if game.is_over:
            return
        mover = game.to_move
        if mover == CHANCE:
            game.roll()
            continue
        yield game.clone()
        game.play(choose_move(game, "easy", seed=seed, iterations=seats[mover], max_seconds=2.0))


def positions_and_variations(name: str, seed: int):
    """The positions of a game and, for a game whose module proposes them (Nimbus: the ends of
    rounds are few), positions one turn on from them."""
    vary = getattr(module(name), "variations", None)
    for game in positions(name, seed):
        yield game
        if vary:
            yield from vary(game)


def pick(found: list[dict], count: int) -> list[dict]:
    """``count`` of the puzzles found, spread over the grades: one of each grade in turn, in
    the order they were found."""
    by_grade = {g: [p for p in found if p["grade"] == g] for g in range(1, 6)}
    chosen: list[dict] = []
    while len(chosen) < min(count, len(found)):
        for g in range(1, 6):
            if by_grade[g] and len(chosen) < count:
                chosen.append(by_grade[g].pop(0))
    return chosen


def make(name: str, count: int, seed: int, seconds: float | None = None) -> tuple[list[dict], dict]:
    finder = module(name).find
    kept: dict[str, dict] = {}
    scanned = games = 0
    started = time.perf_counter()
    wanted = count * module(name).SELF_PLAY.get("pool", 1)
    while len(kept) < wanted and (seconds is None or time.perf_counter() - started < seconds):
        from_this_game = 0
        for game in positions_and_variations(name, seed + games):
            scanned += 1
            found = finder(game)
            if found and found["id"] not in kept:
                kept[found["id"]] = found
                from_this_game += 1
                print(f"  {name}: {len(kept)} kept ({found['kind']}, grade {found['grade']}) "
                      f"after {scanned} positions, {time.perf_counter() - started:.0f} s", flush=True)
                if from_this_game >= module(name).SELF_PLAY.get("per_game", MAX_PER_GAME) or len(kept) >= wanted:
                    break
        games += 1
    puzzles = sorted(pick(list(kept.values()), count), key=lambda p: (p["grade"], p["kind"], p["id"]))
    figures = {"games": games, "scanned": scanned, "found": len(kept), "kept": len(puzzles),
               "seconds": round(time.perf_counter() - started, 1)}
    return puzzles, figures


def refresh(name: str, dry_run: bool) -> None:
    started = time.perf_counter()
    shipped = load_puzzles(name)
    made = [module(name).find(position(p)) for p in shipped]
    puzzles = sorted((p for p in made if p), key=lambda p: (p["grade"], p["kind"], p["id"]))
    print(f"{name}: {len(shipped)} puzzles made again, {len(puzzles)} kept, "
          f"{time.perf_counter() - started:.1f} s", flush=True)
    if not dry_run:
        data_path(name).write_text(dump(name, puzzles), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, action="append", help="one game (may be repeated); all by default")
    parser.add_argument("--count", type=int, default=40, help="puzzles to keep per game (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--seconds", type=float, default=None, help="stop looking after this long per game")
    parser.add_argument("--dry-run", action="store_true", help="print the figures, write nothing")
    parser.add_argument("--refresh", action="store_true",
                        help="play no games: make each shipped puzzle again from its position (new words or "
                             "grades), dropping those that are no longer puzzles")
    args = parser.parse_args()
    for name in args.game or GAMES:
        if args.refresh:
            refresh(name, args.dry_run)
            continue
        puzzles, figures = make(name, args.count, args.seed, args.seconds)
        grades = {g: sum(p["grade"] == g for p in puzzles) for g in range(1, 6)}
        print(f"{name}: {figures['games']} games, {figures['scanned']} positions scanned, "
              f"{figures['found']} puzzles found, {figures['kept']} kept, {figures['seconds']} s; grades {grades}", flush=True)
        if not args.dry_run:
            path = data_path(name)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(dump(name, puzzles), encoding="utf-8")
            print(f"  wrote {path} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
