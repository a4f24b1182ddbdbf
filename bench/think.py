"""The computer's think time per turn, in CPython and in the page (Pyodide, the worker).

A player waits for the computer's whole turn, not for one move: Nymbat's several
piece moves, Not Nyout's dice and moves (fights included), Nimbus's move action
and collect. For each game, this plays the computer's turn from a few turn starts
(taken from seeded games between greedy players, so the positions are ones a game
reaches) move by move, as the page does: each move searched in slices in the
worker (what the page runs, progress messages and all), then played with the
bridge's ``play`` op; dice inside the turn rolled with the ``roll`` op. A turn's
time is the sum of those calls, measured in the page; the page's own pauses
(before each roll, so that the dice are seen; between two computer moves when no
person plays) are not in it and are reported apart. The same turns are played in
CPython through the bridge. Used by ``bench/run.py``; also runnable alone:

    python3 bench/think.py [--games nymbat,not_nyout] [--levels hard,expert] [--turns 6] [--players 3]

``--players`` plays tables of that many players (the games that offer the
count; two by default). ``--round-ends`` takes Nimbus's turns only where a
round is near its end (at most ``py_engines.ai.nimbus.ENDGAME`` pyramids on the board,
or as many as it is given: ``--round-ends 8``), where the levels search and the
longest turns are.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import py_engines  # noqa: E402
from py_engines import bridge  # noqa: E402
from py_engines.ai.nimbus import ENDGAME  # noqa: E402
from py_engines.core import CHANCE  # noqa: E402
from py_engines.rng import Rng  # noqa: E402
from greedy import greedy_move  # noqa: E402
from server import ARGS, FloorHandler, engine_page, serve  # noqa: E402

ROLL_PAUSE = 0.45      # site/controllers/computer.js: ROLL_PAUSE_MS, before each roll the page makes
# The worker's think messages, answered with the bridge's answer and the time it took in the page.
THINK_PROBE_JS = """() => {
  window.thinkInWorker = (request) => new Promise((resolve) => {
    const id = Math.random();
    const started = performance.now();
    const listen = (e) => {
      if (e.data.id !== id || e.data.type !== "response") return;
      engine.removeEventListener("message", listen);
      resolve({answer: JSON.parse(e.data.response), seconds: (performance.now() - started) / 1000});
    };
    engine.addEventListener("message", listen);
    engine.postMessage({type: "think", id, request: JSON.stringify(request)});
  });
  window.timedAsk = async (request) => {
    const started = performance.now();
    const answer = await ask(request);
    return {answer, seconds: (performance.now() - started) / 1000};
  };
}"""


def turn_starts(name: str, count: int, players: int = 2, round_ends: int | bool = False) -> list[dict]:
    """Records of ``count`` positions where a player's turn begins with a decision, spread
    over seeded games between ``players`` greedy players (every player's turns alike;
    in Nimbus, turns of play rather than the setup's placements, and with ``round_ends``
    only those near a round's end: at most ``round_ends`` pyramids on the board, or
    ``ENDGAME`` if it is True)."""
    most = ENDGAME if round_ends is True else round_ends
    found: list[dict] = []
    seed = 0
    while len(found) < count and seed < 50:
        game = py_engines.new_game(name, players, seed)
        rng = Rng(seed)
        starts = []
        last_turn = None
        while not game.is_over and len(game.history) < 600:
            if game.to_move != CHANCE and game.turns != last_turn:
                last_turn = game.turns
                if not getattr(game, "setup", False) and (not round_ends or game.on_board <= most):
                    starts.append(json.loads(game.to_json()))
            game.play(greedy_move(game, rng))
        step = max(1, len(starts) // 4)
        found += starts[step // 2::step][:4]
        seed += 1
    return found[:count]


def play_turn(record: dict, level: str, think, ask) -> dict:
    """Play the computer's turn from ``record``: ``think(request)`` and ``ask(request)`` each
    answer (bridge answer, seconds). Returns the turn's seconds, moves and rolls."""
    game = py_engines.load(json.dumps(record))
    turn = game.turns
    seconds = thought_for = 0.0   # thought_for: the turn's thinking so far, told to each search as the page does
    moves = rolls = searched = playouts = 0
    while not game.is_over and game.turns == turn:
        current = json.loads(game.to_json())
        if game.to_move == CHANCE:
            answer, spent = ask({"op": "roll", "record": current})
            rolls += 1
        else:
            thought, spent = think({"record": current, "level": level, "seed": record.get("seed") or 0,
                                    "spent": thought_for})
            thought_for += spent
            if not thought["ok"]:
                raise SystemExit(f"think failed: {thought}")
            seconds += spent
            searched += thought["result"]["iterations"] > 0
            playouts += thought["result"]["iterations"]
            answer, spent = ask({"op": "play", "record": current, "move": thought["result"]["move"]})
            moves += 1
        if not answer["ok"]:
            raise SystemExit(f"{answer}")
        seconds += spent
        game = py_engines.load(json.dumps(answer["result"]["record"]))
    return {"seconds": seconds, "moves": moves, "rolls": rolls, "searched": searched, "playouts": playouts}


def offers(name: str, players: int) -> bool:
    return players in py_engines.GAMES[name]["players"]


def turn_starts_of(games: list[str], count: int, players: int = 2, round_ends: int | bool = False) -> dict:
    """``turn_starts`` per game, found once for both the page's and CPython's timings."""
    return {name: turn_starts(name, count, players, round_ends) for name in games}


def cpython_turns(starts: dict[str, list[dict]], levels: list[str]) -> dict:
    def timed(request):
        started = time.perf_counter()
        answer = json.loads(bridge.handle(json.dumps(request)))
        return answer, time.perf_counter() - started

    results: dict = {}
    for name, records in starts.items():
        for record in records:
            for level in levels:
                results.setdefault(name, {}).setdefault(level, []).append(
                    play_turn(record, level, lambda r: timed({"op": "think", **r}), timed))
    return results


def pyodide_turns(page, starts: dict[str, list[dict]], levels: list[str]) -> dict:
    """``page``: a page with an engine worker (suite.ENGINE_PROBE_JS)."""
    page.evaluate(THINK_PROBE_JS)
    page.evaluate("() => ask({op: 'games'})")  # the worker's boot is not a turn's time

    def think(request):
        got = page.evaluate("(r) => thinkInWorker(r)", request)
        return got["answer"], got["seconds"]

    def ask(request):
        got = page.evaluate("(r) => timedAsk(r)", request)
        return got["answer"], got["seconds"]

    results: dict = {}
    for name, records in starts.items():
        for record in records:
            for level in levels:
                results.setdefault(name, {}).setdefault(level, []).append(play_turn(record, level, think, ask))
    return results


def report(cpython: dict, pyodide: dict, levels: list[str]) -> None:
    print("\nComputer opponent: think time per turn (the whole turn: every move, dice within it; seconds)")
    print(f"  {'game':<11}{'level':<8}{'turns':>6}{'moves/turn':>12}{'playouts/turn':>16}{'CPython median / max':>22}"
          f"{'Pyodide median / max':>22}{'page pauses':>13}")
    for name in pyodide:
        for level in levels:
            cp = [t["seconds"] for t in cpython[name][level]]
            py = [t["seconds"] for t in pyodide[name][level]]
            moves = [t["moves"] for t in pyodide[name][level]]
            pauses = [t["rolls"] * ROLL_PAUSE for t in pyodide[name][level]]
            playouts = [t["playouts"] for t in pyodide[name][level]]
            print(f"  {name:<11}{level:<8}{len(py):>6}{statistics.median(moves):>7g} / {max(moves):<3}"
                  f"{statistics.median(playouts):>9,.0f} / {max(playouts):<6,}"
                  f"{statistics.median(cp):>13.2f} / {max(cp):5.2f}{statistics.median(py):>14.2f} / {max(py):5.2f}"
                  f"{max(pauses):>10.2f} s")
    print("  (target: hard's whole turn within 2.5 s median and 4 s at most in the page; expert about 5 s;"
          " page pauses: the most any turn adds before its dice; playouts per turn are the same on any"
          " machine unless a search's safety cap cut it short)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", help="comma-separated games (default: every game)")
    parser.add_argument("--levels", default="hard,expert")
    parser.add_argument("--turns", type=int, default=8, help="turn starts per game")
    parser.add_argument("--players", type=int, default=2, help="players at the table (games that offer the count)")
    parser.add_argument("--round-ends", nargs="?", type=int, const=ENDGAME, default=0, metavar="PYRAMIDS",
                        help=f"Nimbus: only turns near a round's end (at most PYRAMIDS on the board, {ENDGAME} if not given)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    import os

    from playwright.sync_api import sync_playwright
    games = [name for name in (args.games.split(",") if args.games else py_engines.GAMES) if offers(name, args.players)]
    if args.round_ends:
        games = [name for name in games if name == "nimbus"]
    if not games:
        raise SystemExit(f"nothing to time: none of the games asked for offers {args.players} players"
                         + (" and turns near a round's end (Nimbus only)" if args.round_ends else ""))
    levels = args.levels.split(",")
    starts = turn_starts_of(games, args.turns, args.players, args.round_ends)
    httpd, base = serve(FloorHandler)  # as bench/run.py serves its engine figures
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH"), args=ARGS)
        context, page = engine_page(browser, base)
        pyodide = pyodide_turns(page, starts, levels)
        context.close()
        browser.close()
    httpd.shutdown()
    cpython = cpython_turns(starts, levels)
    report(cpython, pyodide, levels)
    if args.json:
        args.json.write_text(json.dumps({"cpython": cpython, "pyodide": pyodide}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
