"""Benchmarks: page boot against a bare Pyodide floor, random games per second
and the computer's think time (per move, and per turn: bench/think.py), for
every built game, in CPython and in Pyodide.

Run through `python3 build.py bench` (it builds the site and finds Chromium).
Every figure is a median over several runs; ratios compare figures measured in
the same run, because the machines here are shared and noisy.
"""
from __future__ import annotations

import argparse
import http.server
import json
import os
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from py_engines.ai import LEVELS, analyse  # noqa: E402
from py_engines.playout import measure  # noqa: E402
import think as turn_bench  # noqa: E402  (bench/think.py: the computer's whole turn, timed)

TURN_LEVELS = ["hard", "expert"]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run", "--disable-sync", "--disable-quic"]
# Records the moment body[data-ready] appears, against the navigation's start.
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, childList: true});
"""


class BenchHandler(build.SiteHandler):
    """The built site, plus the floor page from bench/ at /bench/."""

    def translate_path(self, path: str) -> str:
        if path.startswith("/bench/"):
            return str(ROOT / "bench" / path[len("/bench/"):].split("?")[0])
        return super().translate_path(path)


def serve() -> tuple[http.server.ThreadingHTTPServer, str]:
    import functools
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            functools.partial(BenchHandler, directory=str(build.SITE_OUT)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def time_to_ready(context, url: str) -> float:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    seconds = page.evaluate("window.__readyAt") / 1000
    page.close()
    return seconds


def boot_times(browser, base: str, runs: int) -> dict[str, list[float]]:
    """Cold: a fresh profile, nothing cached. Warm: the same profile again, served by the service worker."""
    times: dict[str, list[float]] = {k: [] for k in ("app cold", "floor cold", "app warm", "floor warm")}
    for _ in range(runs):
        for name, url in (("app", base + "#/manalath"), ("floor", base + "bench/floor.html")):
            context = browser.new_context(viewport={"width": 360, "height": 740})
            context.add_init_script(READY_PROBE)
            times[f"{name} cold"].append(time_to_ready(context, url))
            # Install the service worker (the app registers it) and wait until it controls.
            page = context.new_page()
            page.goto(base + "#/manalath")
            page.wait_for_selector("body[data-ready]", timeout=120_000)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
            page.close()
            times[f"{name} warm"].append(time_to_ready(context, url))
            context.close()
    return times


WORKER_BOOT = """(install) => new Promise((resolve, reject) => {
  const url = '../worker.js' + (install ? '?install=' + install : '');
  const worker = new Worker(url, {type: 'module'});
  worker.onmessage = (e) => {
    if (e.data.type === 'ready') { worker.terminate(); resolve(e.data.seconds); }
    if (e.data.type === 'failed') { worker.terminate(); reject(new Error(e.data.message)); }
  };
})"""


def install_times(browser, base: str, runs: int) -> dict[str, list[float]]:
    """The worker's own boot time with the engine wheel unpacked directly or installed by micropip."""
    times: dict[str, list[float]] = {"unpack": [], "micropip": []}
    for _ in range(runs):
        for install in times:
            context = browser.new_context()
            page = context.new_page()
            page.goto(base + "bench/floor.html")
            page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)  # runtime files now in the HTTP cache
            times[install].append(page.evaluate(WORKER_BOOT, install))
            context.close()
    return times


def engine_page(browser, base: str):
    """A page with an engine worker of its own and ``ask(request)`` to call its bridge."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "bench/floor.html")
    page.evaluate(build.ENGINE_PROBE_JS, "../worker.js")
    return context, page


def ask(page, request: dict) -> dict:
    answer = page.evaluate("(r) => ask(r)", request)
    if not answer["ok"]:
        raise SystemExit(f"pyodide {request['op']} failed: {answer}")
    return answer["result"]


def think_positions(game: str) -> list[dict]:
    """Records of three positions of ``game`` to think about: the opening, and
    a third and two thirds of the way through seeded random games, each moved
    on along its game to the first position where the search itself runs (not
    the dice, a forced move, or a move the game's policy picks without searching)."""
    import py_engines
    from py_engines.playout import random_game
    records = []
    for seed, fraction in ((0, 0.0), (1, 1 / 3), (2, 2 / 3)):
        whole = random_game(game, seed)
        replay = py_engines.new_game(game, whole.players, whole.seed, **whole.options)
        for ply, move in enumerate(whole.history):
            if ply >= len(whole.history) * fraction and analyse(replay, {"iterations": 1})["iterations"]:
                break
            replay.play(move)
        records.append(json.loads(replay.to_json()))
    return records


def pyodide_think(browser, base: str, games: list[str]) -> dict[str, dict[str, list[dict]]]:
    context, page = engine_page(browser, base)
    results = {}
    for game in games:
        results[game] = {level: [] for level in LEVELS}
        for record in think_positions(game):
            for level in LEVELS:
                results[game][level].append(ask(page, {"op": "think", "record": record, "level": level, "seed": 1}))
    context.close()
    return results


def cpython_think(games: list[str]) -> dict[str, dict[str, list[dict]]]:
    import py_engines
    results = {}
    for name in games:
        results[name] = {level: [] for level in LEVELS}
        for record in think_positions(name):
            game = py_engines.load(json.dumps(record))
            for level in LEVELS:
                results[name][level].append(analyse(game, level, 1))
    return results


def pyodide_speed(browser, base: str, games: list[str], seconds: float, runs: int) -> dict[str, dict[str, list[dict]]]:
    """Random games per second inside Pyodide, through the page's own worker and bridge."""
    context, page = engine_page(browser, base)
    results = {}
    for game in games:
        results[game] = {"fast": [], "full": []}
        for _ in range(runs):
            for fast in (True, False):
                result = ask(page, {"op": "measure", "game": game, "seconds": seconds, "fast": fast})
                results[game]["fast" if fast else "full"].append(result)
    context.close()
    return results


def cpython_speed(games: list[str], seconds: float, runs: int) -> dict[str, dict[str, list[dict]]]:
    results = {}
    for game in games:
        results[game] = {"fast": [], "full": []}
        for _ in range(runs):
            for fast in (True, False):
                results[game]["fast" if fast else "full"].append(measure(game, seconds, fast))
    return results


def median(values) -> float:
    return statistics.median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median reported)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per speed run")
    parser.add_argument("--quick", action="store_true", help="3 runs of 1 second: a smoke run")
    parser.add_argument("--json", type=Path, help="also write the raw figures to this file")
    parser.add_argument("--games", help="comma-separated games to measure (default: every built game)")
    parser.add_argument("--no-boot", action="store_true", help="skip the page boot figures")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.seconds = 3, 1.0
    import py_engines
    built = [name for name, info in py_engines.GAMES.items() if info["built"]]
    games = args.games.split(",") if args.games else built
    unknown = [g for g in games if g not in built]
    if unknown:
        parser.error(f"not built: {', '.join(unknown)} (built: {', '.join(built)})")

    from playwright.sync_api import sync_playwright
    httpd, base = serve()
    report: dict = {"runs": args.runs, "machine": f"{os.cpu_count()} cores"}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH"), args=ARGS)
        if not args.no_boot:
            print(f"Boot: navigation to a playable board, median of {args.runs} (seconds)")
            boots = boot_times(browser, base, args.runs)
            report["boot"] = boots
            for kind in ("cold", "warm"):
                app, floor = median(boots[f"app {kind}"]), median(boots[f"floor {kind}"])
                target = 1.25 if kind == "cold" else 1.15
                print(f"  {kind:5} app {app:6.2f}   bare Pyodide {floor:6.2f}   ratio {app / floor:5.2f} "
                      f"(target <= {target})")
            installs = install_times(browser, base, args.runs)
            report["install"] = installs
            unpack, micropip = median(installs["unpack"]), median(installs["micropip"])
            print(f"  worker boot, engine wheel unpacked {unpack:.2f}, installed by micropip {micropip:.2f} "
                  f"(+{micropip - unpack:.2f})")
        py = pyodide_speed(browser, base, games, args.seconds, args.runs)
        py_think = pyodide_think(browser, base, games)
        context, page = engine_page(browser, base)
        py_turns = turn_bench.pyodide_turns(page, games, TURN_LEVELS, 3 if args.quick else 8)
        context.close()
        browser.close()
    httpd.shutdown()
    cp = cpython_speed(games, args.seconds, args.runs)
    report["speed"] = {"cpython": cp, "pyodide": py}
    print(f"\nRandom games (seeded, uniformly random moves), median of {args.runs} runs of {args.seconds:g} s; "
          f"CPython {sys.version.split()[0]}")
    print(f"  {'game':<11}{'path':<14}{'CPython games/s':>16}{'moves/s':>10}{'Pyodide games/s':>17}{'moves/s':>10}"
          f"{'slowdown':>10}")
    for game in games:
        for path, label in (("fast", "playout"), ("full", "full listing")):
            cg = median(r["games_per_second"] for r in cp[game][path])
            cm = median(r["moves_per_second"] for r in cp[game][path])
            pg = median(r["games_per_second"] for r in py[game][path])
            pm = median(r["moves_per_second"] for r in py[game][path])
            print(f"  {game:<11}{label:<14}{cg:16,.1f}{cm:10,.0f}{pg:17,.1f}{pm:10,.0f}{cg / pg:9.2f}x")
    cp_think = cpython_think(games)
    report["think"] = {"cpython": cp_think, "pyodide": py_think}
    print("\nComputer opponent: think time per move over 3 positions per game (median / max seconds)")
    print(f"  {'game':<11}{'level':<8}{'iterations':>11}{'CPython':>16}{'Pyodide':>16}"
          f"{'playouts/s CPython':>20}{'Pyodide':>9}")
    rate = lambda rs: sum(r["iterations"] for r in rs) / max(sum(r["seconds"] for r in rs), 1e-9)
    for game in games:
        for level in LEVELS:
            cs = [r["seconds"] for r in cp_think[game][level]]
            ps = [r["seconds"] for r in py_think[game][level]]
            print(f"  {game:<11}{level:<8}{LEVELS[level]['iterations']:>11}{median(cs):8.2f} /{max(cs):5.2f}"
                  f"{median(ps):10.2f} /{max(ps):5.2f}{rate(cp_think[game][level]):20,.0f}"
                  f"{rate(py_think[game][level]):9,.0f}")
    print("  (per move; a player waits for the whole turn, below)")
    cp_turns = turn_bench.cpython_turns(games, TURN_LEVELS, 3 if args.quick else 8)
    report["turns"] = {"cpython": cp_turns, "pyodide": py_turns}
    turn_bench.report(cp_turns, py_turns, TURN_LEVELS)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
