"""Arena: seeded games between computer levels, with win rates and think times.

    python3 bench/arena.py [--game manalath] [--games N] [--pairs hard:random,hard:easy]
                           [--seed S] [--first K] [--jobs J] [--json FILE] [--options k=v,...]
                           [--level NAME=ITERATIONS[/setting=value...]]...

Each table (``A:B`` for two players, ``A:B:C...`` for more) plays N games;
the seats turn one place per game, so A sits in seat i mod n in game i (in a
two-player game, colours alternate). A's win is a game A wins alone or with
teammates only (a game that lists ``teams``); a win shared with an opponent, or
no winner, is a draw. Game i of a table uses game seed S+i and search
seeds derived from it, so every run with the same arguments plays the same
games (as long as no search hits its safety time cap); the generator mixes
every seed (``py_engines.rng``), so games with neighbouring seeds draw
unrelated dice, random moves and searches. Two players search nothing:
``random`` picks a uniformly random legal move, ``greedy`` the move whose
immediate result scores best by a simple score per game
(``bench/greedy.py``), the yardstick. Reported per table: A's wins, draws
and losses, A's score (a draw counts half) with a 95% Wilson interval, and the
fair share (1 / number of sides) to compare it with; per
level: think time per move (median, 90th percentile, max) and playouts per
second, all measured in this Python: wall time with time.perf_counter, and the
process's CPU time (time.process_time), which a busy shared machine disturbs
less; ``capped`` counts the moves whose search the safety time cap cut short.

``--first K`` starts at game K, so a long run can be split into commands that
each finish in a few minutes; ``--jobs J`` plays games in J processes (faster,
but the think times then share the machine's cores). ``--level`` adds a level
for this run, e.g. ``--level x3000=3000`` (hard's settings with 3,000 playouts) or
``--level c15=1500/exploration=0.15/rave=0`` (search settings from
``py_engines.ai.SEARCH_DEFAULTS``), to measure a budget or a setting against the
levels the game ships with.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import py_engines  # noqa: E402
from py_engines.ai import LEVELS, SEARCH_DEFAULTS, analyse, chance_move  # noqa: E402
from py_engines.core import CHANCE  # noqa: E402
from greedy import greedy_move  # noqa: E402  (bench/greedy.py)
from py_engines.rng import Rng  # noqa: E402


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion (draws may count half)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(game_name: str, players: list[str], seed: int, options: dict | None = None,
              uncapped: bool = False) -> dict:
    """One game; ``players[i]`` is the level (or ``random``, ``greedy``) in seat i.

    ``uncapped``: every search spends its whole budget, whatever the wall clock says.
    """
    game = py_engines.new_game(game_name, len(players), seed, **(options or {}))
    rng = Rng(seed * 7919 + 17)  # the dice, random and greedy players: mixed, so unrelated from game to game
    times: dict[str, list[float]] = {}
    cpu_times: dict[str, list[float]] = {}
    capped: dict[str, int] = {}
    iterations: dict[str, int] = {}
    while not game.is_over:
        seat = game.to_move
        if seat == CHANCE:
            game.play(chance_move(game, rng))
            continue
        level = players[seat]
        if level == "random":
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
            continue
        if level == "greedy":
            game.play(greedy_move(game, rng))
            continue
        cpu = time.process_time()
        answer = analyse(game, level, seed=seed * 10 + seat, **({"max_seconds": None} if uncapped else {}))
        cpu_times.setdefault(level, []).append(time.process_time() - cpu)
        capped[level] = capped.get(level, 0) + answer["capped"]
        times.setdefault(level, []).append(answer["seconds"])
        iterations[level] = iterations.get(level, 0) + answer["iterations"]
        game.play(answer["move"])
    return {"winners": game.winners, "teams": getattr(game, "teams", None),
            "moves": len(game.history), "times": times, "cpu": cpu_times,
            "capped": capped, "iterations": iterations,
            "record": game.to_json()}


def seats_for(table: list[str], i: int) -> list[str]:
    """Game i's seating: the table turned by i seats, so the measured player (table[0]) sits in seat i mod n."""
    n = len(table)
    return [table[(seat - i) % n] for seat in range(n)]


def _job(args: tuple) -> tuple[int, dict]:
    game_name, table, i, seed, options, uncapped = args
    return i, play_game(game_name, seats_for(table, i), seed + i, options, uncapped)


def run_pair(game_name: str, table: list[str], games: int, seed: int, first: int, jobs: int,
             times: dict, iterations: dict, options: dict | None = None, uncapped: bool = False) -> dict:
    """Play ``games`` games at a table (two or more players); report table[0]'s results."""
    tasks = [(game_name, table, i, seed, options, uncapped) for i in range(first, first + games)]
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_job, tasks)
    else:
        results = [_job(t) for t in tasks]
    wins = draws = losses = 0
    lengths = []
    outcomes = []  # per game: its index, the measured player's seat, the winners
    for i, result in results:
        a_seat = i % len(table)
        winners = result["winners"]
        teams = result["teams"] or [[w] for w in winners]
        if a_seat in winners and any(set(winners) <= set(team) for team in teams):
            wins += 1  # alone, or with teammates only
        elif not winners or a_seat in winners:
            draws += 1  # nobody won, or a win shared with opponents
        else:
            losses += 1
        lengths.append(result["moves"])
        outcomes.append([i, a_seat, result["winners"]])
        for level, ts in result["times"].items():
            times.setdefault(level, []).extend(ts)
            times.setdefault(level + " cpu", []).extend(result["cpu"][level])
            iterations[level + " capped"] = iterations.get(level + " capped", 0) + result["capped"][level]
            iterations[level] = iterations.get(level, 0) + result["iterations"].get(level, 0)
    n = wins + draws + losses
    score = wins + 0.5 * draws
    low, high = wilson(score, n)
    teams = results[0][1]["teams"] if results else None
    return {"pair": ":".join(table), "fair": 1 / len(teams or table), "games": n, "wins": wins, "draws": draws, "losses": losses,
            "score": score / n if n else 0.0, "low": low, "high": high,
            "median_length": statistics.median(lengths) if lengths else 0, "games_played": outcomes}


def extra_level(spec: str) -> tuple[str, dict]:
    """``NAME=ITERATIONS[/setting=value...]`` -> (name, settings): a level's settings (hard's,
    or those of ``base=LEVEL``, the game's own included) with the budget and settings given.

    A search setting (``SEARCH_DEFAULTS``, ``max_seconds``) takes a number; any other
    setting is one a game's policy reads (e.g. Nimbus's ``plan=turn``) and takes a word.
    """
    name, _, rest = spec.partition("=")
    budget, *settings = rest.split("/")
    if not name or name in LEVELS or name in ("random", "greedy") or not budget.isdigit():
        raise ValueError(f"bad --level {spec!r}: a new name, '=', a number of playouts (e.g. x3000=3000)")
    level = {"base": "hard", "iterations": int(budget)}
    for item in settings:
        key, _, value = item.partition("=")
        if key == "base":
            if value not in LEVELS:
                raise ValueError(f"bad --level {spec!r}: base must be one of {', '.join(LEVELS)}, not {value!r}")
            level[key] = value
        elif key in SEARCH_DEFAULTS or key == "max_seconds":
            try:
                level[key] = float(value)
            except ValueError:
                raise ValueError(f"bad --level {spec!r}: {key} needs a number, not {value!r}") from None
        elif key.isidentifier() and value.isidentifier():
            level[key] = value
        elif key.isidentifier() and value.isdigit():
            level[key] = int(value)
        else:
            raise ValueError(f"bad --level {spec!r}: {item!r} is neither a search setting "
                             f"({', '.join(SEARCH_DEFAULTS)}, max_seconds) with a number nor a game's "
                             f"setting with a word or a whole number")
    return name, level


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="manalath")
    parser.add_argument("--games", type=int, default=20, help="games per pair")
    parser.add_argument("--pairs", default="hard:random,hard:easy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="index of the first game (to split a run)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--options", default="", help="game options, key=value,... (e.g. goal=rounds1)")
    parser.add_argument("--uncapped", action="store_true",
                        help="no safety time cap: every search spends its whole budget (a busy machine then "
                             "slows the run down rather than weakening the levels)")
    parser.add_argument("--level", action="append", default=[],
                        help="an extra level NAME=ITERATIONS[/setting=value...], e.g. x3000=3000")
    args = parser.parse_args(argv)
    for spec in args.level:
        try:
            LEVELS.update([extra_level(spec)])
        except ValueError as error:
            parser.error(str(error))
    known = set(LEVELS) | {"random", "greedy"}
    options = {}
    for item in filter(None, args.options.split(",")):
        key, _, text = item.partition("=")
        spec = py_engines.GAMES[args.game]["options"].get(key)
        if spec is None:
            parser.error(f"{args.game} has no option {key!r}")
        matches = [v for v in spec["choices"] if str(v).lower() == text.lower()]
        if not matches:
            parser.error(f"option {key} must be one of {spec['choices']}, not {text!r}")
        options[key] = matches[0]
    tables = []
    for text in args.pairs.split(","):
        table = text.split(":")
        if len(table) < 2 or any(name not in known for name in table):
            parser.error(f"bad table {text!r}: two or more of {', '.join(sorted(known))}, joined by ':'")
        tables.append(table)
    print(f"{args.game}{' ' + str(options) if options else ''}: {args.games} games per table from game {args.first}, seed {args.seed}, "
          f"jobs {args.jobs}{', uncapped' if args.uncapped else ''}, Python {sys.version.split()[0]}")
    times: dict[str, list[float]] = {}
    iterations: dict[str, int] = {}
    rows = []
    start = time.perf_counter()
    for table in tables:
        row = run_pair(args.game, table, args.games, args.seed, args.first, args.jobs, times, iterations, options,
                       args.uncapped)
        rows.append(row)
        print(f"  {row['pair']:<14} {row['wins']:>3}-{row['draws']}-{row['losses']:<3} (W-D-L)  "
              f"score {row['score']:.1%}  95% CI [{row['low']:.1%}, {row['high']:.1%}]  "
              f"(fair share {row['fair']:.0%})  median game {row['median_length']} moves", flush=True)
    levels = []
    for level in LEVELS:
        ts = sorted(times.get(level, []))
        if not ts:
            continue
        cpu = sorted(times.get(level + " cpu", []))
        entry = {"level": level, "moves": len(ts), "median": statistics.median(ts),
                 "p90": ts[int(0.9 * (len(ts) - 1))], "max": ts[-1],
                 "cpu_median": statistics.median(cpu), "cpu_p90": cpu[int(0.9 * (len(cpu) - 1))],
                 "cpu_max": cpu[-1], "capped": iterations.get(level + " capped", 0),
                 "playouts_per_second": iterations.get(level, 0) / sum(cpu) if sum(cpu) else 0.0}
        levels.append(entry)
        print(f"  think {level:<7} {entry['moves']:>5} moves  wall: median {entry['median']:.3f} s  "
              f"p90 {entry['p90']:.3f} s  max {entry['max']:.3f} s;  CPU: median {entry['cpu_median']:.3f} s  "
              f"p90 {entry['cpu_p90']:.3f} s  max {entry['cpu_max']:.3f} s;  "
              f"{entry['playouts_per_second']:.0f} playouts per CPU second; capped {entry['capped']}")
    print(f"  wall time {time.perf_counter() - start:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps({"args": vars(args), "pairs": rows, "levels": levels}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
