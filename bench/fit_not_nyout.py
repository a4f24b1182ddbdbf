"""Fit the Not Nyout expert's position score (``py_engines/ai/not_nyout.py``) to who won.

Plays two-player games between medium-level computer players (game i: seed
1000 + i, its dice drawn from ``Rng(77 + i)``), keeps every position in which a
player is about to roll for a turn, with the game's winner, and fits a logistic
model of "the player about to roll wins" on ``py_engines.ai.not_nyout.features`` by
Newton's method with a little ridge (pure Python, no libraries). Four fifths of
the games fit the weights and the last fifth tells how well they predict, beside
the squared-horses shares that hard and the levels below score positions with;
then all the games fit the weights printed for ``WEIGHTS``.

    python3 bench/fit_not_nyout.py [--games 3000] [--first 0]

3,000 games take about ten minutes of one core.
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import py_engines  # noqa: E402
from py_engines.ai import analyse, chance_move  # noqa: E402
from py_engines.ai.not_nyout import features  # noqa: E402
from py_engines.core import CHANCE  # noqa: E402
from py_engines.rng import Rng  # noqa: E402

RIDGE = 1e-3


def positions(first: int, games: int) -> list[list[tuple[list[float], float, float]]]:
    """Per game: (features, 1.0 if the player about to roll won else 0.0, their squared-horses share)."""
    out = []
    for i in range(first, first + games):
        g = py_engines.new_game("not_nyout", 2, 1000 + i)
        rng = Rng(77 + i)
        seen = []
        while not g.is_over:
            if g.to_move == CHANCE:
                if g.order and g.rolls is None and not g.combat:
                    me, other = g.current, 1 - g.current
                    share = g.horses[me] ** 2 / (g.horses[me] ** 2 + g.horses[other] ** 2)
                    seen.append((me, features(g, me), share))
                g.play_unchecked(chance_move(g, rng))
            else:
                g.play_unchecked(analyse(g, "medium", seed=i * 7 + len(g.history))["move"])
        winner = g.winners[0]
        out.append([(x, 1.0 if me == winner else 0.0, share) for me, x, share in seen])
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a`` x = ``b`` by Gaussian elimination with partial pivoting (``a`` is small and symmetric)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def chance(w: list[float], x: list[float]) -> float:
    z = sum(a * b for a, b in zip(w, x))
    return 1.0 / (1.0 + math.exp(-z)) if z > -40 else 0.0


def fit(rows: list[tuple[list[float], float]], steps: int = 12) -> list[float]:
    """Logistic regression by Newton's method, with ``RIDGE`` on every weight."""
    n = len(rows[0][0])
    w = [0.0] * n
    for _ in range(steps):
        grad = [RIDGE * wi for wi in w]
        hess = [[RIDGE if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in rows:
            p = chance(w, x)
            q = p * (1.0 - p)
            nz = [(i, xi) for i, xi in enumerate(x) if xi]
            for i, xi in nz:
                grad[i] += (p - y) * xi
                row = hess[i]
                for j, xj in nz:
                    row[j] += q * xi * xj
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def log_loss(pairs: list[tuple[float, float]]) -> float:
    total = 0.0
    for p, y in pairs:
        p = min(max(p, 1e-6), 1 - 1e-6)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(pairs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--first", type=int, default=0)
    args = ap.parse_args()
    games = positions(args.first, args.games)
    cut = len(games) * 4 // 5
    train = [(x, y) for game in games[:cut] for x, y, _ in game]
    test = [(x, y, s) for game in games[cut:] for x, y, s in game]
    w = fit(train)
    fitted = [(chance(w, x), y) for x, y, _ in test]
    squared = [(s, y) for _, y, s in test]
    print(f"{sum(map(len, games))} positions from {len(games)} games (held out: the last {len(games) - cut} games)")
    for name, pairs in (("fitted score", fitted), ("squared-horses shares", squared)):
        right = sum((p > 0.5) == (y > 0.5) for p, y in pairs) / len(pairs)
        print(f"  {name:<22} held-out log loss {log_loss(pairs):.4f}, winner told right {right:.1%}")
    w = fit([(x, y) for game in games for x, y, _ in game])
    print("WEIGHTS = [" + ", ".join(f"{v:.3f}" for v in w) + "]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
