"""A win by force, proved rather than estimated: the hint says "it wins by force"
only where this search has tried every answer.

From the position, a move *wins by force within n plies* if after it the game is
won by the mover (alone, or with their team), or the mover's next move can be
chosen to win within the plies left whatever every other player answers. The
search tries the mover's moves (an "or") and every answer of everybody else (an
"and"; a teammate counts as an opponent here, which only makes the claim safer),
deepening one of the mover's moves at a time. Where the dice or a deal decide
next, nothing is proved: the answer is no claim. A budget of positions and one
of time bound the work; a search that runs out of either claims nothing.

``solve`` proves more of a two-player game, for the review (review.py): the
outcome itself (a win, a draw or a loss for the player to move) where the game
ends within a few plies whatever is played, by bounds on it proved the same way.

>>> import py_engines
>>> g = py_engines.load('{"game":"manalath","moves":["a1w","a2b"]}')
>>> forced_win(g, max_plies=1) is None   # no quint can be made yet
True
"""
from __future__ import annotations

import time
from typing import Any

from ..core import CHANCE, Game


class _OutOfBudget(Exception):
    pass


class _Prover:
    def __init__(self, mover: int, budget: int, seconds: float) -> None:
        self.mover = mover
        self.left = budget
        self.deadline = time.perf_counter() + seconds

    def after(self, game: Game, move: str) -> Game:
        self.left -= 1
        if self.left < 0 or (self.left % 64 == 0 and time.perf_counter() > self.deadline):
            raise _OutOfBudget
        copy = game.clone()
        copy.play(move)
        return copy

    def won(self, game: Game) -> bool:
        """The game is over and the mover is among its winners, but not everybody is."""
        return game.is_over and self.mover in game.winners and len(game.winners) < game.players

    def wins(self, game: Game, plies: int) -> bool:
        """Whether the mover surely wins from here within ``plies`` more plies."""
        if game.is_over:
            return self.won(game)
        if plies <= 0 or game.to_move == CHANCE:
            return False
        moves = game.legal_moves()
        if game.to_move == self.mover:
            return any(self.wins(self.after(game, move), plies - 1) for move in moves)
        return all(self.wins(self.after(game, move), plies - 1) for move in moves)


def forced_win(game: Game, max_plies: int = 3, budget: int = 5_000, seconds: float = 0.5) -> dict[str, Any] | None:
    """A move that wins by force for the player to move, with proof, or None:
    ``{"move", "plies"}``, the fewest plies (the move itself included) within
    which the win comes, whatever the others play. Tries 1, 2, 3... plies up to
    ``max_plies``, within ``budget`` positions and ``seconds`` in all."""
    mover = game.to_move
    if game.is_over or mover is None or mover == CHANCE:
        return None
    prover = _Prover(mover, budget, seconds)
    try:
        for plies in range(1, max_plies + 1):
            for move in game.legal_moves():
                if prover.wins(prover.after(game, move), plies - 1):
                    return {"move": move, "plies": plies}
    except _OutOfBudget:
        return None
    return None


class _Solver:
    """Proofs of bounds on a two-player game's outcome for ``me``: ``at_least(game, t, plies)``,
    whatever the other plays, the game ends within ``plies`` plies with me getting at least
    ``t`` (1 a win, 0.5 a draw, 0 a loss); ``at_most`` the same from above. An "or" over my
    moves and an "and" over theirs (or the other way round), each stopping at its first
    answer; the last few moves that settled a node at the same depth are tried first at the
    next (they often settle it too: the same quint, the same capture). Raises _OutOfBudget
    past the budget."""

    KILLERS = 6

    def __init__(self, me: int, budget: int, seconds: float) -> None:
        self.me = me
        self.prover = _Prover(me, budget, seconds)
        self.killers: dict[tuple[int, bool], list[str]] = {}

    def value(self, game: Game) -> float:
        """My share of a finished game: 1 a win, 0 a loss, 1/2 a draw (or a shared win)."""
        winners = game.winners
        return 0.5 if not winners else (1.0 / len(winners) if self.me in winners else 0.0)

    def ordered(self, game: Game, plies: int, upward: bool) -> list[str]:
        moves = game.legal_moves()
        killers = self.killers.get((plies, upward))
        if not killers:
            return moves
        legal = set(moves)
        first = [m for m in killers if m in legal]
        if not first:
            return moves
        chosen = set(first)
        return first + [m for m in moves if m not in chosen]

    def settled_by(self, move: str, plies: int, upward: bool) -> None:
        killers = self.killers.setdefault((plies, upward), [])
        if move in killers:
            killers.remove(move)
        killers.insert(0, move)
        del killers[self.KILLERS:]

    def bound(self, game: Game, t: float, plies: int, upward: bool) -> bool:
        """Whether my outcome is surely >= t (``upward``) or <= t within ``plies`` plies."""
        if game.is_over:
            v = self.value(game)
            return v >= t if upward else v <= t
        if plies <= 0 or game.to_move == CHANCE:
            return False
        # "Or" where the player to move wants this bound (me for >=, the other for <=).
        wants = (game.to_move == self.me) == upward
        for move in self.ordered(game, plies, upward):
            holds = self.bound(self.prover.after(game, move), t, plies - 1, upward)
            if holds == wants:   # the move that settles it: tried early at its siblings' turn
                self.settled_by(move, plies, upward)
                return wants
        return not wants



def solve(game: Game, max_plies: int = 2, budget: int = 2_000, seconds: float = 0.25) -> dict[str, Any] | None:
    """The exact outcome of a two-player game for the player to move, where it is proven that
    the game ends within ``max_plies`` plies (the mover's moves and the other's answers, every
    one tried), or None. Answer: ``value`` (1 a win, 0.5 a draw, 0 a loss), ``plies`` (the
    fewest that prove it) and ``move`` (one that keeps it; None where every move loses).
    Tries 1, 2... plies within ``budget`` positions and ``seconds`` in all."""
    me = game.to_move
    if game.is_over or me is None or me == CHANCE or game.players != 2:
        return None
    solver = _Solver(me, budget, seconds)
    try:
        for plies in range(1, max_plies + 1):
            if solver.bound(game, 1.0, plies, True):
                return {"value": 1.0, "plies": plies, "move": _keeping(solver, game, 1.0, plies)}
            if solver.bound(game, 0.0, plies, False):
                return {"value": 0.0, "plies": plies, "move": None}
            if solver.bound(game, 0.5, plies, True) and solver.bound(game, 0.5, plies, False):
                return {"value": 0.5, "plies": plies, "move": _keeping(solver, game, 0.5, plies)}
    except _OutOfBudget:
        return None
    return None


def _keeping(solver: _Solver, game: Game, t: float, plies: int) -> str:
    """A move of the player to move after which the outcome is still at least ``t`` within
    ``plies - 1`` plies (one exists: ``solver`` proved it)."""
    for move in game.legal_moves():
        if solver.bound(solver.prover.after(game, move), t, plies - 1, True):
            return move
    raise AssertionError("no move keeps a proven bound")


def only_keeper(game: Game, move: str, value: float, plies: int, budget: int = 20_000,
                seconds: float = 2.0) -> bool:
    """Whether ``move`` is the only move that keeps ``value`` (1 a win, 0.5 a draw), the outcome
    ``solve`` proved for the player to move: every other move proved to give less (a win let go
    to a draw or a loss, a draw to a loss) within ``plies`` plies, itself included. False where
    any is not proved so within ``budget`` positions: the review claims only what is proved."""
    me = game.to_move
    if value <= 0 or game.players != 2 or me is None or me == CHANCE:
        return False
    solver = _Solver(me, budget, seconds)
    below = 0.5 if value == 1.0 else 0.0   # what every other move must be proved to give at most
    try:
        for other in game.legal_moves():
            if other != move and not solver.bound(solver.prover.after(game, other), below, plies - 1, False):
                return False
    except _OutOfBudget:
        return False
    return True
