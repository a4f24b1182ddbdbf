"""Benchmarks: page boot against a bare Pyodide floor, and random games per second.

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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from py_engines.ai import LEVELS, analyse  # noqa: E402
from py_engines.playout import measure  # noqa: E402

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


def think_positions() -> list[dict]:
    """Records of Manalath positions to think about: the opening and two middle games."""
    from py_engines.playout import random_game
    records = []
    for seed, ply in ((0, 0), (1, 8), (2, 14)):
        record = json.loads(random_game("manalath", seed).to_json())
        record["moves"] = record["moves"][:ply]
        records.append(record)
    return records


def pyodide_think(browser, base: str) -> dict[str, list[dict]]:
    context, page = engine_page(browser, base)
    results: dict[str, list[dict]] = {level: [] for level in LEVELS}
    for record in think_positions():
        for level in LEVELS:
            results[level].append(ask(page, {"op": "think", "record": record, "level": level, "seed": 1}))
    context.close()
    return results


def cpython_think() -> dict[str, list[dict]]:
    import py_engines
    results: dict[str, list[dict]] = {level: [] for level in LEVELS}
    for record in think_positions():
        game = py_engines.load(json.dumps(record))
        for level in LEVELS:
            results[level].append(analyse(game, level, 1))
    return results


def pyodide_speed(browser, base: str, seconds: float, runs: int) -> dict[str, list[dict]]:
    """Random games per second inside Pyodide, through the page's own worker and bridge."""
    context, page = engine_page(browser, base)
    results: dict[str, list[dict]] = {"fast": [], "full": []}
    for _ in range(runs):
        for fast in (True, False):
            result = ask(page, {"op": "measure", "game": "manalath", "seconds": seconds, "fast": fast})
            results["fast" if fast else "full"].append(result)
    context.close()
    return results


def cpython_speed(seconds: float, runs: int) -> dict[str, list[dict]]:
    results: dict[str, list[dict]] = {"fast": [], "full": []}
    for _ in range(runs):
        for fast in (True, False):
            results["fast" if fast else "full"].append(measure("manalath", seconds, fast))
    return results


def median(values) -> float:
    return statistics.median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median reported)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per speed run")
    parser.add_argument("--quick", action="store_true", help="3 runs of 1 second: a smoke run")
    parser.add_argument("--json", type=Path, help="also write the raw figures to this file")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.seconds = 3, 1.0

    from playwright.sync_api import sync_playwright
    httpd, base = serve()
    report: dict = {"runs": args.runs, "machine": f"{os.cpu_count()} cores"}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH"), args=ARGS)
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
        print(f"\nRandom Manalath games, median of {args.runs} runs of {args.seconds:g} s")
        py = pyodide_speed(browser, base, args.seconds, args.runs)
        py_think = pyodide_think(browser, base)
        browser.close()
    httpd.shutdown()
    cp = cpython_speed(args.seconds, args.runs)
    report["speed"] = {"cpython": cp, "pyodide": py}
    print(f"  {'path':<14}{'CPython games/s':>16}{'moves/s':>10}{'Pyodide games/s':>17}{'moves/s':>10}"
          f"{'slowdown':>10}")
    for path, label in (("fast", "playout"), ("full", "full listing")):
        cg = median(r["games_per_second"] for r in cp[path])
        cm = median(r["moves_per_second"] for r in cp[path])
        pg = median(r["games_per_second"] for r in py[path])
        pm = median(r["moves_per_second"] for r in py[path])
        print(f"  {label:<14}{cg:16,.0f}{cm:10,.0f}{pg:17,.0f}{pm:10,.0f}{cg / pg:9.2f}x")
    print(f"  (CPython {sys.version.split()[0]}; targets: playout >= 4,000 and full >= 1,000 games/s in CPython, "
          "Pyodide slowdown <= 2.5x)")
    cp_think = cpython_think()
    report["think"] = {"cpython": cp_think, "pyodide": py_think}
    print("\nComputer opponent, Manalath: think time per move over 3 positions (median and max seconds)")
    print(f"  {'level':<8}{'iterations':>11}{'CPython':>16}{'Pyodide':>16}{'playouts/s CPython':>20}{'Pyodide':>9}")
    for level in LEVELS:
        cs = [r["seconds"] for r in cp_think[level]]
        ps = [r["seconds"] for r in py_think[level]]
        rate = lambda rs: sum(r["iterations"] for r in rs) / max(sum(r["seconds"] for r in rs), 1e-9)
        print(f"  {level:<8}{LEVELS[level]['iterations']:>11}{median(cs):8.2f} /{max(cs):5.2f}"
              f"{median(ps):10.2f} /{max(ps):5.2f}{rate(cp_think[level]):20,.0f}{rate(py_think[level]):9,.0f}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
