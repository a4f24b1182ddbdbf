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
