"""The review of a whole game (issue 32): its time, and the time to its first point.

For each game and player count, this plays a few seeded games between two (or
more) computer players, medium by default (``--level``; dice rolled from the game's own seed), then
reviews each game as the page does: one bridge ``review`` request per ply, in
order, from ply 0 to the record's end. It prints the medians over the games of
the plies, the time of the whole review (the sum of the requests), the time of
the first request (the graph's first point), the longest request, the CPU time
of the whole review (CPython; hardly changed by other work on a shared
machine) and the marks given. With ``--page`` the same requests are timed in
the page's engine worker too (Pyodide; the site must be built: build.py build).

    python3 bench/review.py [--games manalath,ambush] [--players 2,3] [--runs 3] [--seed 1] [--level hard] [--page]

Goal: a typical game's whole graph within 10 s, its first point within 1 s.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import py_engines  # noqa: E402
from py_engines import bridge  # noqa: E402
from py_engines.ai import choose_move  # noqa: E402
from py_engines.ai.review import REVIEW  # noqa: E402
from py_engines.core import CHANCE  # noqa: E402

# Nimbus is reviewed with 2, 3 and 6 players unless told otherwise (each count's games are long).
DEFAULT_COUNTS = {"nimbus": [2, 3, 6]}


def typical_game(name: str, players: int, seed: int, level: str = "medium") -> dict:
    """The record of a seeded game between ``players`` computer players of ``level``."""
    game = py_engines.new_game(name, players, seed)
    while not game.is_over:
        if game.to_move == CHANCE:
            game.roll()
        else:
            game.play(choose_move(game, level, seed))
    return json.loads(game.to_json())


def review_requests(record: dict, ask) -> dict:
    """Review every ply of ``record`` in order through ``ask(request) -> (answer, seconds)``."""
    times, marks, capped, answers = [], Counter(), 0, []
    cpu = time.process_time()
    for ply in range(len(record["moves"]) + 1):
        answer, seconds = ask({"op": "review", "record": record, "ply": ply, "seed": 0})
        if not answer["ok"]:
            raise SystemExit(f"review failed at ply {ply}: {answer}")
        times.append(seconds)
        marks[answer["result"]["mark"]] += 1
        capped += answer["result"]["capped"]
        answers.append(answer["result"])
    return {"plies": len(record["moves"]), "whole": sum(times), "first": times[0], "longest": max(times),
            "cpu": time.process_time() - cpu, "marks": marks, "capped": capped, "answers": answers}


def agreement(cpython: list[dict], page: list[dict]) -> str:
    """How many of the page's answers are CPython's to the last digit, over the plies where no search
    was capped (neither the ply's point nor the next, which judges the move played)."""
    pairs = []
    for ours, theirs in zip(cpython, page):
        capped = [a["capped"] or b["capped"] for a, b in zip(ours["answers"], theirs["answers"])] + [False]
        pairs += [(a, b) for k, (a, b) in enumerate(zip(ours["answers"], theirs["answers"]))
                  if not capped[k] and not capped[k + 1]]
    return f"; the same answer as CPython at {sum(a == b for a, b in pairs)} of {len(pairs)} uncapped plies"


def cpython_ask(request: dict) -> tuple[dict, float]:
    started = time.perf_counter()
    answer = json.loads(bridge.handle(json.dumps(request)))
    return answer, time.perf_counter() - started


def table(name: str, players: int, runs: list[dict], where: str) -> str:
    def median(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    marks = sum((r["marks"] for r in runs), Counter())
    said = ", ".join(f"{marks[m]} {m}" for m in ("inaccuracy", "mistake", "blunder"))
    cpu = f"{median('cpu'):>7.2f}" if where == "CPython" else f"{'':>7}"
    return (f"  {name:<10}{players:>3}  {where:<8}{len(runs):>5}{median('plies'):>7g}{median('whole'):>8.2f}"
            f"{max(r['whole'] for r in runs):>7.2f}{median('first'):>8.2f}{max(r['longest'] for r in runs):>9.2f}"
            f"{cpu}  {said}" + (f"; {sum(r['capped'] for r in runs)} capped" if any(r["capped"] for r in runs) else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", help="comma-separated games (default: every game)")
    parser.add_argument("--players", help="comma-separated player counts (default: every count the game offers;"
                                          " Nimbus 2, 3 and 6)")
    parser.add_argument("--runs", type=int, default=3, help="games per game and player count")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--level", default="medium", help="the level of the players who make the games")
    parser.add_argument("--page", action="store_true", help="also time the requests in the page's worker")
    args = parser.parse_args()
    games = args.games.split(",") if args.games else list(py_engines.GAMES)
    cases = []
    for name in games:
        offered = py_engines.GAMES[name]["players"]
        counts = [int(n) for n in args.players.split(",")] if args.players else DEFAULT_COUNTS.get(name, offered)
        cases += [(name, n) for n in counts if n in offered]

    records = {}
    for name, players in cases:
        records[name, players] = [typical_game(name, players, args.seed + i, args.level) for i in range(args.runs)]
        print(f"  {name} {players}: {args.runs} games between {args.level} players made", file=sys.stderr)

    results = {case: [review_requests(r, cpython_ask) for r in records[case]] for case in cases}
    page_results = {}
    if args.page:
        page_results = page_reviews(records)

    print(f"\nReview of a whole game (games between {args.level} players, seeds {args.seed}.."
          f"{args.seed + args.runs - 1}; one review request per ply, in order; seconds, medians over the games)")
    print(f"  {'game':<10}{'pl':>3}  {'where':<8}{'games':>5}{'plies':>7}{'whole':>8}{'max':>7}{'first':>8}"
          f"{'longest':>9}{'cpu':>7}  marks (all games)")
    for name, players in cases:
        print(table(name, players, results[name, players], "CPython"))
        if (name, players) in page_results:
            print(table(name, players, page_results[name, players], "page")
                  + agreement(results[name, players], page_results[name, players]))
    budgets = ", ".join(f"{name} {settings['iterations']}" for name, settings in REVIEW.items())
    print(f"  (goal: whole within 10 s, first within 1 s; review playouts per point: {budgets}; "
          "first: the first request, which searches the first two points)")
    return 0


def page_reviews(records: dict) -> dict:
    """The same review requests in the page's engine worker (Pyodide)."""
    from playwright.sync_api import sync_playwright

    from tools import suite
    from server import ARGS, BenchHandler, engine_page, serve
    httpd, base = serve(BenchHandler)
    results = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(args=ARGS, executable_path=next(
                (c for c in suite.SYSTEM_CHROMIUMS if Path(c).is_file()), None))
            context, page = engine_page(browser, base)
            page.evaluate("""() => { window.timedAsk = async (request) => {
                const started = performance.now();
                const answer = await ask(request);
                return {answer, seconds: (performance.now() - started) / 1000};
            }; }""")
            page.evaluate("() => ask({op: 'games'})")  # the worker's boot is not the review's time

            def ask(request):
                got = page.evaluate("(r) => timedAsk(r)", request)
                return got["answer"], got["seconds"]

            for case, games in records.items():
                results[case] = [review_requests(r, ask) for r in games]
            context.close()
            browser.close()
    finally:
        httpd.shutdown()
    return results


if __name__ == "__main__":
    sys.exit(main())
