"""The yardstick: a plain greedy player for every game (the arena's and the benchmarks',
not the page's, so it lives here and not in the engine's wheel).

It plays the legal move whose immediate result scores best for the player who
moves, by one simple score per game, and breaks ties with the generator it is
given. It searches nothing and never looks at the opponents' replies; the arena
measures the computer's levels against it. A move that ends the game scores
``WIN`` (the mover wins, alone or with teammates), ``-WIN`` (the mover loses) or
0 (a draw, or a win shared with an opponent); any other move scores by its
game's function below, always from the mover's side (each is explained in the
game's ``docs/<game>.md``, "The greedy player"):

* Manalath: 0. Only the end of the game counts: take a quint, never make a
  quart of one's own, otherwise any move.
* Ambush: the pips the mover has captured less the opponent's.
* Nymbat: material (reserve plus the numbers on the board) less the opponents',
  a twentieth of a point per step each own piece has come toward the opponent's
  home row, and 10 points for a piece on that row where the opponent has none.
* Not Nyout: the mover's horses less the average of the opponents' (a fight
  just begun counts at the horses each side expects to lose in it).
* Nimbus: the pips the mover has collected this round, plus, while the turn's
  collect is still to come, the richest collect on the board; a move that ends
  the round scores ``WIN`` if the mover scores the round, ``-WIN`` if not.

>>> import py_engines
>>> from py_engines.rng import Rng
>>> g = py_engines.new_game("ambush")
>>> greedy_move(g, Rng(1)) in g.legal_moves()
True
"""
from __future__ import annotations

from collections.abc import Callable

from py_engines.ai import chance_move
from py_engines.ai.nimbus import best_collect, scorers
from py_engines.ai.not_nyout import expected_losses
from py_engines.core import CHANCE, Game
from py_engines.games.nymbat import DIST, HOME
from py_engines.rng import Rng

WIN = 1_000_000.0


def greedy_move(game: Game, rng: Rng) -> str:
    """The move whose immediate result scores best for the mover (ties: drawn with ``rng``)."""
    if game.to_move == CHANCE:
        return chance_move(game, rng)
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    me = game.to_move
    score = SCORES[game.name]
    best: list[str] = []
    top = -float("inf")
    for move in moves:
        after = game.clone()
        after.play_unchecked(move)
        value = outcome(after, me) if after.is_over else score(game, after, me)
        if value > top:
            top, best = value, [move]
        elif value == top:
            best.append(move)
    return best[rng.below(len(best))]


def outcome(game: Game, me: int) -> float:
    """``WIN`` if ``me`` won (alone or with teammates only), ``-WIN`` if ``me`` lost, else 0."""
    winners = game.winners
    if not winners:
        return 0.0
    if me not in winners:
        return -WIN
    teams = getattr(game, "teams", None) or [[me]]
    mine = next((team for team in teams if me in team), [me])
    return WIN if set(winners) <= set(mine) else 0.0


# ---------------------------------------------------------------------------
# One score per game: (position before the move, position after it, mover) -> number

def manalath(before: Game, after: Game, me: int) -> float:
    return 0.0


def ambush(before: Game, after: Game, me: int) -> float:
    return float(sum(after.captured[me]) - sum(after.captured[1 - me]))


def nymbat(before: Game, after: Game, me: int) -> float:
    side = after.side[me]
    material = 0.0
    for p in range(after.players):
        own = after.reserve[p] + sum(after.num[c] for c in range(len(after.owner)) if after.owner[c] == p)
        material += own if after.side[p] == side else -own
    foe = after.opponent(me)
    target = DIST[after.edge[foe]]
    mine = [c for c, o in enumerate(after.owner) if o == me]
    advance = sum(14 - target[c] for c in mine) / 20
    home = HOME[after.edge[foe]]
    holds_row = any(target[c] == 0 for c in mine) and not any(after.owner[c] == foe for c in home)
    return material + advance + (10.0 if holds_row else 0.0)


def not_nyout(before: Game, after: Game, me: int) -> float:
    horses = [float(h) for h in after.horses]
    if after.combat:
        station, attacker, size, _ = after.combat
        defender, dsize = after.at[station][0]
        lost_a, lost_d = expected_losses(size, dsize)
        horses[attacker] -= lost_a
        horses[defender] -= lost_d
    others = [horses[p] for p in range(after.players) if p != me]
    return horses[me] - sum(others) / len(others)


def nimbus(before: Game, after: Game, me: int) -> float:
    if after.round != before.round:  # the move took the last pyramid
        return WIN if me in scorers(before, me) else -WIN
    gained = sum(k % 3 + 1 for k in after.collections[me])
    if not after.setup and not after.collected and after.turn == me:
        gained += best_collect(after)[0]
    return float(gained)


SCORES: dict[str, Callable[[Game, Game, int], float]] = {
    "manalath": manalath, "ambush": ambush, "nymbat": nymbat, "not_nyout": not_nyout, "nimbus": nimbus,
}
