"""Fit the Nymbat expert's two-player position score (``py_engines/ai_nymbat.py``) to who won.

Plays two-player games between medium-level computer players (game i: seed
1000 + i), keeps every position where a player is to move, with the game's
winner, and fits a logistic model of "the player to move wins" on
``ai_nymbat.features`` (``bench/fit_not_nyout.py``'s Newton's method with a
little ridge). Four fifths of the games fit the weights and the last fifth
tells how well they predict, beside the hand-set score that hard and the levels
below use; then all the games fit the weights printed for ``WEIGHTS``.

    python3 bench/fit_nymbat.py [--games 2000] [--first 0] [--jobs 2]

A game takes about 0.75 s of one core.
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import py_engines  # noqa: E402
from fit_not_nyout import chance, fit, log_loss  # noqa: E402
from py_engines.ai import analyse  # noqa: E402
from py_engines.ai_nymbat import NymbatPolicy, features  # noqa: E402

LIMIT = 600  # moves; a game between medium players that runs longer is left out


def game_positions(i: int) -> list[tuple[list[float], float, float]]:
    """Game i's positions: (features, 1.0 if the player to move won else 0.0, hand-set score's estimate)."""
    g = py_engines.new_game("nymbat", 2, 1000 + i)
    hand = NymbatPolicy()
    seen = []
    while not g.is_over and len(g.history) < LIMIT:
        me = g.turn
        seen.append((me, features(g, me), hand.evaluate(g)[me]))
        g.play_unchecked(analyse(g, "medium", seed=i * 7 + len(g.history))["move"])
    if not g.is_over:
        return []
    winner = g.winners[0]
    return [(x, 1.0 if me == winner else 0.0, h) for me, x, h in seen]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    indices = range(args.first, args.first + args.games)
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            games = pool.map(game_positions, indices, chunksize=10)
    else:
        games = [game_positions(i) for i in indices]
    games = [game for game in games if game]
    cut = len(games) * 4 // 5
    train = [(x, y) for game in games[:cut] for x, y, _ in game]
    test = [(x, y, h) for game in games[cut:] for x, y, h in game]
    w = fit(train)
    fitted = [(chance(w, x), y) for x, y, _ in test]
    hand = [(h, y) for _, y, h in test]
    print(f"{sum(map(len, games))} positions from {len(games)} games (held out: the last {len(games) - cut} games)")
    for name, pairs in (("fitted score", fitted), ("hand-set score", hand)):
        right = sum((p > 0.5) == (y > 0.5) for p, y in pairs) / len(pairs)
        print(f"  {name:<16} held-out log loss {log_loss(pairs):.4f}, winner told right {right:.1%}")
    w = fit([(x, y) for game in games for x, y, _ in game])
    print("WEIGHTS = [" + ", ".join(f"{v:.3f}" for v in w) + "]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
