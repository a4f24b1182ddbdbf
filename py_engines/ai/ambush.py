"""Ambush knowledge for the search (``py_engines.ai``): captures and exposure.

Ambush always ends after 30 turns and is won on captured pips, so what counts
is material: the pips a move takes now and the pips it leaves the opponent to
take next turn.

* :func:`gain` counts, without playing it, the pips a placement captures (it
  walks the eight rays from the cell, as the engine does).
* :func:`threat` is the opponent's best placement capture in a position: the
  pips a move leaves hanging.
* **Root**: every legal move is played on a copy and rated by its own captures
  (turns included, so a turn that hands the opponent a capture counts against
  itself) minus the opponent's best reply capture. Only the best-rated moves
  are searched (all of them within a margin of the best, at least a handful,
  preferring among equals the moves that threaten a capture next turn).
* **Playouts** are short and greedy: the mover usually looks at a few cells next
  to enemy stacks and captures with the best of them, else plays a random move.
  After a fixed number of turns the position is scored by :meth:`evaluate`:
  the captured-pip difference plus what the mover to play could take at once,
  squashed into a win estimate.
"""
from __future__ import annotations

from ..core import Game
from ..games.ambush import CELLS, MINE, PLACEMENT_NAMES, RAYS, TREES, Ambush, strength
from ..rng import Rng
from .policy import Policy, logistic, rewards

NEIGHBOURS = [[ray[0] for ray in rays if ray] for rays in RAYS]
PLAYOUT_TURNS = 10     # moves a playout makes before the position is scored
GREEDY = 3             # in 4 playout moves, the mover looks for a capture first
SAMPLES = 4            # cells a playout move looks at for a capture
SCALE = 2.5            # pips of advantage that make a win about 73% likely
ROOT_KEEP = 10         # moves the root searches at least (if there are so many)
ROOT_MARGIN = 0        # ... and every move rated within this many pips of the best


def gain(g: Ambush, p: int, cell: int, pips: int) -> int:
    """The pips ``p`` captures by placing a pyramid of ``pips`` on ``cell`` (empty or ``p``'s)."""
    owner, power, stacks = g.owner, g.power, g.stacks
    q = 1 - p
    mine = strength(stacks[cell] + (pips,)) if owner[cell] == p else pips
    total = 0
    for ray in RAYS[cell]:
        if not ray or owner[ray[0]] != q:
            continue
        run = got = 0
        for c in ray:
            o = owner[c]
            if o == q:
                run += power[c]
                got += stacks[c][-1]
            else:
                if o == p and mine + power[c] > run:
                    total += got
                break
    return total


def targets(g: Ambush, p: int) -> list[int]:
    """Cells where ``p`` may place next to an enemy stack: the only places a capture can start."""
    owner = g.owner
    q = 1 - p
    seen = 0
    out = []
    for c in range(CELLS):
        if owner[c] == q:
            for n in NEIGHBOURS[c]:
                if owner[n] != q and not seen >> n & 1:
                    seen |= 1 << n
                    out.append(n)
    return out


def threat(g: Ambush, p: int, quick: bool = False) -> int:
    """The most pips ``p`` could capture with one placement now (0 if ``p`` has nothing left).

    ``quick`` tries only the largest size at hand (nearly always the strongest end)."""
    tops = g.tops(p)
    if not tops:
        return 0
    if quick:
        tops = tops[-1:]
    best = 0
    for cell in targets(g, p):
        for s in tops:
            best = max(best, gain(g, p, cell, s + 1))
    return best


def rate(g: Ambush, move: str) -> float:
    """Pips ``move`` wins for the mover, less the opponent's best capture after it.

    While the order of captures is open the same player moves again, so the
    opponent's reply is looked at only once the turn is over.
    """
    return rate_and_reach(g, move)[0]


def rate_and_reach(g: Ambush, move: str) -> tuple[float, int]:
    """:func:`rate`, and the mover's own best capture after the move (what it threatens next)."""
    me = g.turn
    after = g.clone()
    after.play_unchecked(move)
    got = (sum(after.captured[me]) - sum(g.captured[me])) - (sum(after.captured[1 - me]) - sum(g.captured[1 - me]))
    if after.over or after.pending is not None:
        return got, 0
    return got - threat(after, 1 - me), threat(after, me)


class AmbushPolicy(Policy):
    def root_moves(self, game: Game, moves: list[str], rng: Rng) -> list[str]:
        # Best rating first; among equals, the move that threatens most, then a random one.
        rated = sorted(((*rate_and_reach(game, m), rng.random(), i) for i, m in enumerate(moves)), reverse=True)
        best = rated[0][0]
        keep = [r[-1] for r in rated if r[0] >= best - ROOT_MARGIN]
        if len(keep) < ROOT_KEEP:
            keep = [r[-1] for r in rated[:ROOT_KEEP]]
        return [moves[i] for i in sorted(keep)]

    def first_of_turn(self, game: Game) -> bool:
        return game.pending is None  # else: the order of a turn's captures, the turn's second move

    def playout(self, game: Game, rng: Rng, limit: int) -> list[tuple[int, str]]:
        g = game
        played: list[tuple[int, str]] = []
        for _ in range(min(limit, PLAYOUT_TURNS)):
            if g.over:
                break
            p = g.turn
            if g.pending is not None:
                move = MINE
            else:
                move = None
                if rng.below(4) < GREEDY:
                    move = self._capture(g, p, rng)
                if move is None:
                    move = g.random_move(rng)
            g.play_unchecked(move)
            played.append((p, move))
        return played

    @staticmethod
    def _capture(g: Ambush, p: int, rng: Rng) -> str | None:
        """The best capture among a few placements next to enemy stacks, if any captures."""
        cells = targets(g, p)
        if not cells:
            return None
        tops = g.tops(p)
        s = tops[-1]  # the largest pyramid at hand makes the strongest end
        best, move = 0, None
        for _ in range(min(SAMPLES, len(cells))):
            cell = cells[rng.below(len(cells))]
            got = gain(g, p, cell, s + 1)
            if got > best:
                best, move = got, PLACEMENT_NAMES[cell][s]
        return move

    def evaluate(self, game: Game) -> list[float]:
        g = game
        if g.over:
            return rewards(g)
        lead = sum(g.captured[0]) - sum(g.captured[1])
        # The player to move can take what hangs now; count half of it.
        if g.pending is None:
            hanging = threat(g, g.turn, quick=True) / 2
            lead += hanging if g.turn == 0 else -hanging
        x = logistic(lead / SCALE)
        return [x, 1.0 - x]


POLICY = AmbushPolicy
"""The search's knowledge of this game (ai/search.py reads it by the game's name)."""

REVIEW = {"base": "hard", "iterations": 600, "max_seconds": 1.0}
"""The review's search of this game (ai/review.py): hard's knowledge at a budget that reviews a whole
typical game within 10 s of CPython (bench/review.py measures it), each point capped in seconds."""

LAST_TURNS_PROVED = 4


def PROOF(game: Ambush) -> dict:
    """How far the review tries to prove the outcome (ai/review.py): over the game's last four
    turns, to its end (each turn a ply, and a ply more where the order of captures is chosen),
    within 40,000 positions (about 0.6 s of CPython where four turns are left, much less after);
    elsewhere two plies."""
    left = 2 * 3 * TREES - game.turns_played
    if left <= LAST_TURNS_PROVED:
        return {"max_plies": 2 * left, "budget": 40_000, "seconds": 5.0}
    return {"max_plies": 2, "budget": 5_000, "seconds": 3.0}
