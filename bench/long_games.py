#!/usr/bin/env python3
"""Long games in the page (issue 41): the time from a tap to what it shows, near a game's
start and after thousands of moves.

For each case (Nimbus with ten players and a target of 100 points, which random play
stretches over thousands of moves; Nymbat with four players), a game is played at random
in CPython to each length, kept in a fresh browser's storage as its game in progress, and
opened (Chromium, this machine; the site as built). Then, ``--runs`` times each:

* **select**: a tap on a cell that starts a move (no engine request), until the page has
  drawn the next frame;
* **move**: the steps of a whole move (a legal move of the position, as the engine lists
  them), from the last step's tap until the log shows the move; then Undo.

Medians are printed per length with their ratio to the shortest length's, measured in the
same run. With ``--slow 4`` the page's main thread is slowed four times (Chromium's CPU
throttling), a phone's stand-in.

    python3 bench/long_games.py [--plies 66,2000,5000] [--runs 5] [--slow 1,4] [--cases nimbus,nymbat] [--site DIR]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import py_engines  # noqa: E402
from py_engines.rng import Rng  # noqa: E402
from tools import server as tools_server, suite  # noqa: E402

CASES = {"nimbus": ("nimbus", 10, {"goal": "over100"}), "nymbat": ("nymbat", 4, {})}

# In the page: the time from a click on `selector` until the next frame is drawn after it.
SELECT = """async (selector) => {
  const node = document.querySelector(selector);
  const start = performance.now();
  node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return (performance.now() - start) / 1000;
}"""

# In the page: the time from a click on `selector` until the log shows move `ply` as played
# (after an Undo the log keeps the move undone, marked as to come, until another replaces it).
MOVE = """async ([selector, ply]) => {
  const node = document.querySelector(selector);
  const start = performance.now();
  node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const shown = () => { const chip = document.querySelector(`#moves [data-ply="${ply}"]`); return chip && !chip.classList.contains('future'); };
  while (!shown()) {
    await new Promise((done) => requestAnimationFrame(done));
  }
  return (performance.now() - start) / 1000;
}"""


def long_game(name: str, players: int, options: dict, plies: int, seed: int = 7):
    """A game of `name` played at random to `plies` moves (or its end, one short of it)."""
    game = py_engines.new_game(name, players, seed, **options)
    rng = Rng(seed)
    while len(game.history) < plies and not game.is_over:
        moves = game.legal_moves()
        after = game.clone()
        move = moves[rng.below(len(moves))]
        after.play(move)
        if after.is_over:  # kept going: a game over takes no move
            others = [m for m in moves if m != move]
            if not others:
                break
            move = others[rng.below(len(others))]
            after = game.clone()
            after.play(move)
            if after.is_over:
                break
        game.play(move)
    # Stop where a person is to move with a move of two steps or more that starts with a cell
    # (a tap that selects, then the one that plays; no dice to roll first).
    while game.to_move == py_engines.CHANCE or not any(two_steps(game, m) for m in game.legal_moves()):
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    return game


def two_steps(game, move: str) -> bool:
    steps = game.move_steps(move)
    return len(steps) >= 2 and "cell" in steps[0]


def save_script(game) -> str:
    """The page's storage holding `game` as the game in progress, every seat a person."""
    record = json.loads(game.to_json())
    now = int(time.time() * 1000)
    save = {"id": "bench", "game": game.name, "record": record, "cursor": len(record["moves"]), "updated": now,
            "title": "bench", "seats": ["human"] * game.players}
    return (f"localStorage.setItem('boardgames.save.bench', {json.dumps(json.dumps(save))});"
            f"localStorage.setItem('boardgames.current.{game.name}', '\"bench\"');"
            "localStorage.setItem('boardgames.opponent', 'human');")


def measure(browser, base: str, game, runs: int, slow: float) -> dict[str, list[float]]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(base)
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    page.evaluate(save_script(game))
    page.goto(base + f"#/{game.name}")
    page.wait_for_selector(f'body[data-ready][data-page="{game.name}"]', timeout=120_000)
    page.wait_for_function("() => document.querySelectorAll('#moves [data-ply]').length > 0", timeout=120_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slow})
    move = next(m for m in game.legal_moves() if two_steps(game, m))
    steps = game.move_steps(move)
    selectors = [f'[data-cell="{s["cell"]}"]' if "cell" in s else f'[data-choice="{s["choice"]}"]' for s in steps]
    times: dict[str, list[float]] = {"select": [], "move": []}
    count = len(game.history)
    for _ in range(runs):
        page.wait_for_selector("body[data-busy='0']")
        times["select"].append(page.evaluate(SELECT, selectors[0]))
        for selector in selectors[1:-1]:
            page.wait_for_selector(selector)
            page.evaluate(SELECT, selector)
        page.wait_for_selector(selectors[-1])
        times["move"].append(page.evaluate(MOVE, [selectors[-1], count + 1]))
        page.wait_for_selector("body[data-busy='0']")
        page.click("#undo")
        page.wait_for_selector(f'#moves [data-ply="{count + 1}"].future')
    context.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plies", default="66,2000,5000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--slow", default="1,4")
    parser.add_argument("--cases", default="nimbus,nymbat")
    parser.add_argument("--site", default=str(ROOT / "dist" / "site"), help="the built site to measure")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    site = Path(args.site)
    httpd = tools_server.make_server(site, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    chromium = next(p for p in suite.SYSTEM_CHROMIUMS if Path(p).is_file())
    lengths = [int(n) for n in args.plies.split(",")]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        for case in args.cases.split(","):
            name, players, options = CASES[case]
            games = [long_game(name, players, options, n) for n in lengths]
            for slow in (float(s) for s in args.slow.split(",")):
                first = None
                for game in games:
                    found = measure(browser, base, game, args.runs, slow)
                    medians = {k: statistics.median(v) for k, v in found.items()}
                    first = first or medians
                    print(f"{case} ({players} players), {len(game.history):5d} plies, main thread slowed {slow:g}x: "
                          + ", ".join(f"{k} median {1000 * v:6.1f} ms ({v / first[k]:.2f}x)" for k, v in medians.items()),
                          flush=True)
        browser.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
