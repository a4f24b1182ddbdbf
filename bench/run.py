"""Benchmarks: page boot against a bare Pyodide floor, random games per second
and the computer's think time (per move, and per turn: bench/think.py), for
every game, in CPython and in Pyodide.

Run through `python3 build.py bench` (it builds the site and finds Chromium).
Every figure is a median over several runs; ratios compare figures measured in
the same run, because the machines here are shared and noisy.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from py_engines.ai import LEVELS, analyse  # noqa: E402
from py_engines.playout import measure  # noqa: E402
import think as turn_bench  # noqa: E402  (bench/think.py: the computer's whole turn, timed)
from server import ARGS, BenchHandler, FloorHandler, engine_page, serve  # noqa: E402

TURN_LEVELS = ["hard", "expert"]
PHONE = {"viewport": {"width": 360, "height": 740}}
# Records, against the navigation's start, when a board first shows a position
# (body[data-shown], or body[data-ready] on a page that sets only that), when the
# page becomes playable (body[data-ready]), and what cell e5 said when it was shown.
READY_PROBE = """
new MutationObserver((_, observer) => {
  const body = document.body;
  if (!body) return;
  if (window.__shownAt === undefined && (body.dataset.shown || body.dataset.ready)) {
    window.__shownAt = performance.now();
    const cell = document.querySelector('[data-cell="e5"]');
    window.__shownE5 = cell ? cell.getAttribute('aria-label') : null;
  }
  if (body.dataset.ready) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, childList: true});
"""


def cpu_seconds(profile: Path) -> float:
    """CPU time used so far by the browser processes of ``profile`` (Linux's /proc;
    0 elsewhere): unlike the time on the clock, hardly changed by other work on the machine."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if str(profile).encode() not in (entry / "cmdline").read_bytes():
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
        except (OSError, IndexError, ValueError):
            pass
    return total


def visit(context, url: str) -> dict:
    """Open ``url`` in a new page of ``context``: seconds from navigation to a
    position on screen and to a playable page, the browser's CPU seconds meanwhile,
    and cell e5's name when shown."""
    page = context.new_page()
    before = cpu_seconds(context.profile)
    page.goto(url)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=120_000)
    found = page.evaluate("({shown: window.__shownAt / 1000, ready: window.__readyAt / 1000, e5: window.__shownE5,"
                          " engine: document.body.dataset.engine})")
    found["cpu"] = cpu_seconds(context.profile) - before
    page.close()
    return found


VISITS = ("cold", "second", "third", "offline")


def fresh_profile(chromium, folder: Path):
    """A browser with a fresh profile of its own on disk. (A new context of a running
    browser keeps its HTTP cache in memory, too small for the 9.6 MB runtime, and
    no compiled code: every visit there downloads and compiles it again.)"""
    context = chromium.launch_persistent_context(str(folder), executable_path=os.environ.get("CHROMIUM_PATH"),
                                                 args=ARGS, **PHONE)
    context.add_init_script(READY_PROBE)
    context.profile = folder
    return context


def floor_visits(chromium, base: str) -> dict[str, dict]:
    """The bare floor page in a fresh profile: a first visit, two return visits
    from the HTTP cache, and one more with the network off."""
    scratch = tempfile.TemporaryDirectory()
    context = fresh_profile(chromium, Path(scratch.name))
    url = base + "bench/floor.html"
    found = {kind: visit(context, url) for kind in VISITS[:3]}
    context.set_offline(True)
    found["offline"] = visit(context, url)
    context.close()
    scratch.cleanup()
    return found


def play_two_moves(context, url: str) -> None:
    """Play e5 white and d4 black on the app's Manalath page, so that a return visit has a game to show."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    if page.locator("#how-to").is_visible():   # a first game asks how to play: two people on this device
        page.click('#how-to [data-opponent="human"]')
    for cell, colour, count in (("e5", "w", 1), ("d4", "b", 2)):
        page.click(f'[data-cell="{cell}"]')
        page.click(f'[data-choice="{colour}"]')
        page.wait_for_function(f"() => document.querySelectorAll('#moves [data-ply]').length === {count}")
    page.close()


def app_visits(chromium, httpd, base: str) -> dict[str, dict]:
    """The app in a fresh profile: a first visit (and the bytes it downloads,
    the service worker's precache included), two moves, two return visits and
    one with the network off."""
    scratch = tempfile.TemporaryDirectory()
    context = fresh_profile(chromium, Path(scratch.name))
    url = base + "#/manalath"
    with httpd.lock:
        httpd.sent = 0
    page = context.new_page()
    before = cpu_seconds(context.profile)
    page.goto(url)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=120_000)
    found = {"cold": page.evaluate("({shown: window.__shownAt / 1000, ready: window.__readyAt / 1000})")}
    found["cold"]["cpu"] = cpu_seconds(context.profile) - before
    with httpd.lock:
        found["bytes page"] = httpd.sent
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    with httpd.lock:
        found["bytes total"] = httpd.sent
    # The player stays a moment: long enough for the engine to keep its snapshot (snapshot.js).
    found["snapshot kept"] = page.evaluate(SNAPSHOT_KEPT_JS)
    page.close()
    play_two_moves(context, url)
    for kind in ("second", "third"):
        found[kind] = visit(context, url)
    context.set_offline(True)
    found["offline"] = visit(context, url)
    context.set_offline(False)
    found["switch"] = switch_times(context, url)
    context.close()
    scratch.cleanup()
    return found


# Seconds until the engine's snapshot is in a cache (null if not within a minute).
SNAPSHOT_KEPT_JS = """async () => {
  const start = performance.now();
  while (performance.now() - start < 60000) {
    for (const name of await caches.keys()) {
      if (await (await caches.open(name)).match('./engine.snapshot')) return (performance.now() - start) / 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}"""
# In a running page: seconds from a change to the moment ``done()`` holds, checked at every change of the page.
UNTIL_JS = """([action, done]) => new Promise((resolve) => {
  const check = new Function('return (' + done + ')');
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (check()) { observer.disconnect(); resolve((performance.now() - start) / 1000); }
  });
  observer.observe(document, {attributes: true, subtree: true, childList: true, characterData: true});
  new Function(action)();
})"""
OTHERS = ("ambush", "nymbat", "not_nyout", "nimbus")


def games_in_progress() -> dict[str, str]:
    """localStorage entries for a game in progress of each other game: a seeded random
    game stopped halfway, saved as the page saves one (site/controllers/current-game.js)."""
    from py_engines.playout import random_game
    entries = {}
    for number, name in enumerate(OTHERS):
        record = json.loads(random_game(name, seed=number + 1).to_json())
        record["moves"] = record["moves"][:len(record["moves"]) // 2]
        save = {"id": f"bench{number}", "game": name, "record": record, "cursor": len(record["moves"]),
                "updated": 0, "title": f"{name}, halfway"}
        entries[f"boardgames.save.{save['id']}"] = json.dumps(save)
        entries[f"boardgames.current.{name}"] = json.dumps(save["id"])
    return entries


def switch_times(context, url: str) -> dict[str, list[float]]:
    """In a page already running Manalath, with a game halfway through in progress
    for each other game: open each other game by its link, then back, and start a
    new Manalath game; seconds until each is playable."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    page.evaluate("(entries) => { for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value); }",
                  games_in_progress())
    page.wait_for_timeout(2000)  # a player has been on the page a moment
    times: dict[str, list[float]] = {"open a game (first time)": [], "open a game (again)": [], "new game": []}
    for kind in ("open a game (first time)", "open a game (again)"):
        for name in OTHERS + ("manalath",):
            ready = f"document.body.dataset.ready && document.querySelector('.game[data-game={name}] [data-cell]')"
            times[kind].append(page.evaluate(UNTIL_JS, [f"location.hash = '#/{name}'", ready]))
    fresh = ("document.body.dataset.busy === '0' && document.body.dataset.ready"
             " && !document.querySelector('#moves [data-ply]')")
    for cell in ("c3", "e5", "g7"):  # the saved game has e5 and d4 taken: each new game starts after one move
        page.click(f'[data-cell="{cell}"]')
        page.click('[data-choice="w"]')
        page.wait_for_function("() => document.querySelectorAll('#moves [data-ply]').length % 2 === 1")
        page.click("#new-game")  # the new-game dialog: timed from its Start button
        page.wait_for_selector("#setup-dialog[open]")
        times["new game"].append(page.evaluate(UNTIL_JS, ["document.querySelector('#setup-start').click()", fresh]))
    page.close()
    return times


def boot_figures(chromium, runs: int, against: Path | None = None) -> dict:
    """Each run: the floor's visits, then the app's, in fresh profiles, from two servers
    of the same files (and those of another build of the app, ``against``, if given)."""
    servers = {"floor": serve(FloorHandler), "app": serve(BenchHandler)}
    if against:
        servers["against"] = serve(BenchHandler, against)
    found: dict = {name: [] for name in servers}
    try:
        for _ in range(runs):
            for name, (httpd, base) in servers.items():
                visits = floor_visits(chromium, base) if name == "floor" else app_visits(chromium, httpd, base)
                found[name].append(visits)
    finally:
        for httpd, _ in servers.values():
            httpd.shutdown()
            httpd.server_close()
    return found


def print_boot(found: dict, runs: int, against: Path | None = None) -> None:
    med = lambda who, kind, what: median(run[kind][what] for run in found[who])  # noqa: E731
    # Each run's app against the floor measured minutes apart in the same run, then the median.
    ratio = lambda who, kind, what: median(a[kind][what] / max(f[kind][what], 1e-9)  # noqa: E731
                                           for a, f in zip(found[who], found["floor"]))
    apps = ["app"] + (["against"] if "against" in found else [])
    print(f"Boot, Manalath on a phone-sized page: seconds from navigation, median of {runs} fresh profiles")
    if against:
        print(f"  (\"other\": the build in {against}, measured in the same runs)")
    head = "".join(f"{f'{who} shown':>12}{f'{who} ready':>12}{'/ floor':>8}" for who in ("app", "other")[:len(apps)])
    print(f"  {'visit':<9}{'floor ready':>12}{head}   target")
    for kind in VISITS:
        row = "".join(f"{med(who, kind, 'shown'):12.2f}{med(who, kind, 'ready'):12.2f}{ratio(who, kind, 'ready'):8.2f}"
                      for who in apps)
        target = "ready <= 1.15 x floor" if kind == "cold" else "shown <= 0.5, ready <= 1.10 x floor"
        print(f"  {kind:<9}{med('floor', kind, 'ready'):12.2f}{row}   {target}")
    print("  (floor: bench/floor.html boots Pyodide alone, no service worker, from the HTTP cache on return visits;"
          " shown: the board with the game on screen; ready: playable; / floor: the median of each run's ratio)")
    print("  the browser's CPU seconds per visit (median; little changed by other work on the machine):")
    for kind in VISITS:
        cells = "".join(f"   {('app', 'other')[i]} {med(who, kind, 'cpu'):5.2f} ({ratio(who, kind, 'cpu'):.2f} x floor)"
                        for i, who in enumerate(apps))
        print(f"    {kind:<9} floor {med('floor', kind, 'cpu'):5.2f}{cells}")
    for who in apps:
        label = "app" if who == "app" else "other"
        e5 = {run[kind]["e5"] for run in found[who] for kind in ("second", "third", "offline")}
        page_bytes = median(run["bytes page"] for run in found[who])
        total = median(run["bytes total"] for run in found[who])
        engines = [run[kind].get("engine") for run in found[who] for kind in ("second", "third", "offline")]
        kept = [run.get("snapshot kept") for run in found[who]]
        if any(engines):
            print(f"  {label}: return visits restored from the engine's snapshot: {engines.count('restored')} of"
                  f" {len(engines)}; the first visit kept it {median([k for k in kept if k is not None] or [0]):.1f} s"
                  f" after it was playable ({kept.count(None)} never)")
        print(f"  {label}: on return visits e5 said \"{' / '.join(sorted(map(str, e5)))}\" when first shown"
              f" (White played there); the first visit downloads {page_bytes / 1e6:.2f} MB until playable,"
              f" {total / 1e6:.2f} MB with the offline copy")
        print(f"  {label}, in a running page (seconds over every run: median, max; target <= 0.10):")
        for kind in found[who][0]["switch"]:
            values = [v for run in found[who] for v in run["switch"][kind]]
            print(f"    {kind:<26} {median(values):.3f}  {max(values):.3f}")


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
    parser.add_argument("--games", help="comma-separated games to measure (default: every game)")
    parser.add_argument("--no-boot", action="store_true", help="skip the page boot figures")
    parser.add_argument("--boot-only", action="store_true", help="only the page boot figures (not the worker's)")
    parser.add_argument("--link", action="store_true",
                        help="the boot figures through a phone's link: 10 Mbit/s, 40 ms a request, gzip (bench/server.py)")
    parser.add_argument("--against", type=Path, help="another built site (e.g. main's dist/site) to boot in the same runs")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.seconds = 3, 1.0
    import py_engines
    games = args.games.split(",") if args.games else list(py_engines.GAMES)
    unknown = [g for g in games if g not in py_engines.GAMES]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)} (games: {', '.join(py_engines.GAMES)})")
    turn_starts = turn_bench.turn_starts_of(games, 3 if args.quick else 8)  # the computer turns timed, page and CPython

    from playwright.sync_api import sync_playwright
    if args.link:
        BenchHandler.link = (10e6, 0.040)   # the floor's and the app's servers alike (FloorHandler is one)
    httpd, base = serve(FloorHandler)
    report: dict = {"runs": args.runs, "machine": f"{os.cpu_count()} cores"}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH"), args=ARGS)
        if not args.no_boot:
            boots = boot_figures(p.chromium, args.runs, args.against)
            report["boot"] = boots
            print_boot(boots, args.runs, args.against)
            if args.boot_only:
                browser.close()
                httpd.shutdown()
                if args.json:
                    args.json.write_text(json.dumps(report, indent=1))
                return 0
            installs = install_times(browser, base, args.runs)
            report["install"] = installs
            unpack, micropip = median(installs["unpack"]), median(installs["micropip"])
            print(f"  worker boot, engine wheel unpacked {unpack:.2f}, installed by micropip {micropip:.2f} "
                  f"(+{micropip - unpack:.2f})")
        py = pyodide_speed(browser, base, games, args.seconds, args.runs)
        py_think = pyodide_think(browser, base, games)
        context, page = engine_page(browser, base)
        py_turns = turn_bench.pyodide_turns(page, turn_starts, TURN_LEVELS)
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
            budget = max(r["budget"] for r in cp_think[game][level])  # the game's own, e.g. Not Nyout's easy
            print(f"  {game:<11}{level:<8}{budget:>11}{median(cs):8.2f} /{max(cs):5.2f}"
                  f"{median(ps):10.2f} /{max(ps):5.2f}{rate(cp_think[game][level]):20,.0f}"
                  f"{rate(py_think[game][level]):9,.0f}")
    print("  (per move; a player waits for the whole turn, below)")
    cp_turns = turn_bench.cpython_turns(turn_starts, TURN_LEVELS)
    report["turns"] = {"cpython": cp_turns, "pyodide": py_turns}
    turn_bench.report(cp_turns, py_turns, TURN_LEVELS)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
