"""What the search knows of a game: the generic :class:`Policy` every game's policy refines.

A policy says which moves to search at the root and at a node, how to play a
playout, and how to score a position a playout leaves unfinished; it may also
judge the root's moves by longer work of its own (:class:`RootWork`, such as
Nimbus's exact search of a round's end), done in slices before the first
playout. Each game's policy is in its own module here (``ai/manalath.py``, ...);
``ai/search.py`` lists them. The generic policy plays uniformly random playouts
with the game's fast path (``random_move`` and ``play_unchecked``) and, at the
root, takes an immediate win and avoids an immediate loss.

Also here: the arithmetic that gives the same bits in CPython and in Pyodide
(the search and the policies use it, never the C library's ``exp``, ``log`` or
``pow``, nor ``sum`` over floats), and helpers every policy may use.
"""
from __future__ import annotations

import math
from typing import Any

from ..core import CHANCE, Game
from ..rng import Rng


# ---------------------------------------------------------------------------
# Arithmetic that gives the same bits in CPython and in Pyodide

LN2 = 0.6931471805599453
_SQRT_HALF = 0.7071067811865476
_LOG_TERMS = tuple(1.0 / k for k in range(25, 0, -2))                 # 1/25, 1/23, ..., 1
_EXP_TERMS = tuple(1.0 / math.factorial(k) for k in range(17, -1, -1))  # 1/17!, ..., 1/0!


def log(x: float) -> float:
    """The natural logarithm, from + - * / alone (the C library's differs between builds)."""
    if not x > 0.0:
        raise ValueError(f"log of {x!r}")
    m, e = math.frexp(x)          # x = m * 2**e exactly, 0.5 <= m < 1
    if m < _SQRT_HALF:
        m *= 2.0
        e -= 1
    s = (m - 1.0) / (m + 1.0)     # log(m) = 2 atanh(s), |s| < 0.172
    s2 = s * s
    p = 0.0
    for t in _LOG_TERMS:
        p = p * s2 + t
    return e * LN2 + 2.0 * s * p


def exp(x: float) -> float:
    """e to the ``x``, from + - * / alone (see :func:`log`); 0.0 far below zero."""
    if x < -745.0:
        return 0.0
    if x > 709.0:
        raise OverflowError(f"exp of {x!r}")
    k = round(x / LN2)
    r = x - k * LN2               # |r| <= 0.35: the series below is exact to the last bit or so
    p = 0.0
    for t in _EXP_TERMS:
        p = p * r + t
    return math.ldexp(p, k)


def logistic(x: float) -> float:
    """1 / (1 + e**-x), a win estimate from a score difference."""
    if x < -40.0:
        return 0.0
    if x > 40.0:
        return 1.0
    return 1.0 / (1.0 + exp(-x))


def shares(weights: list[float]) -> list[float]:
    """The weights scaled to sum to 1 (equal shares if they are all 0)."""
    total = math.fsum(weights)
    if total <= 0.0:
        return [1.0 / len(weights)] * len(weights)
    return [w / total for w in weights]


# ---------------------------------------------------------------------------
# Helpers every policy may use

def rewards(game: Game) -> list[float]:
    """The reward vector of a finished game: winners share 1, a draw gives each 1/players."""
    n = game.players
    winners = game.winners
    if not winners:
        return [1.0 / n] * n
    share = 1.0 / len(winners)
    vector = [0.0] * n
    for w in winners:
        vector[w] = share
    return vector


def chance_move(game: Game, rng: Rng) -> str:
    """An outcome at a chance point, drawn with ``rng`` (weighted if the game says how)."""
    weighted = getattr(game, "chance_outcomes", None)
    if weighted is not None:
        outcomes = weighted()
        total = math.fsum(w for _, w in outcomes)
        x = rng.random() * total
        for move, w in outcomes:
            x -= w
            if x < 0:
                return move
        return outcomes[-1][0]
    moves = game.legal_moves()
    return moves[rng.below(len(moves))]


class Policy:
    """Game knowledge for the search. This generic one knows only the rules.

    Subclasses override any of these; every method must leave the search's
    determinism intact (use only ``rng`` for randomness).
    """

    # A game's own settings for some levels, over the shared ``LEVELS`` (search.py; e.g. a
    # smaller budget for easy where the shared one plays as well as hard, or a
    # setting of the game's own that its methods read from ``self.settings``).
    levels: dict[str, dict[str, Any]] = {}
    # The search's settings (its level's), set before the search asks anything.
    settings: dict[str, Any] = {}

    def root_moves(self, game: Game, moves: list[str], rng: Rng) -> list[str]:
        """The moves worth searching at the root; a single move is played at once.

        Generic: take a move that wins at once (alone), drop moves that lose at
        once when something else is left.
        """
        me = game.to_move
        if len(moves) > 400:
            return moves
        keep: list[str] = []
        for move in moves:
            after = game.clone()
            after.play_unchecked(move)
            if after.is_over:
                winners = after.winners
                if winners == [me]:
                    return [move]
                if me not in winners and winners:
                    continue
            keep.append(move)
        return keep or moves

    def root_work(self, game: Game, moves: list[str]) -> RootWork | None:
        """Work on the root's ``moves`` too long to finish before the search's first slice
        (an exact search of an endgame, say), or None (the generic policy has none)."""
        return None

    def node_moves(self, game: Game) -> list[str]:
        """The moves a tree node considers (the legal ones by default)."""
        return game.legal_moves()

    def first_of_turn(self, game: Game) -> bool:
        """Whether the move to choose is the first of its player's turn.

        A player waits for the computer's whole turn, so a game whose turns are
        several moves says which come later: they search ``turn_share`` of the
        budget (the first move's search has looked at the turn's later moves too).
        Generic: every move is a turn of its own.
        """
        return True

    def playout(self, game: Game, rng: Rng, limit: int) -> list[tuple[int, str]]:
        """Play on to the end (at most ``limit`` moves); return (player, move) pairs played."""
        played: list[tuple[int, str]] = []
        for _ in range(limit):
            if game.is_over:
                break
            mover = game.to_move
            if mover == CHANCE:
                move = chance_move(game, rng)
            else:
                move = game.random_move(rng)
            game.play_unchecked(move)
            played.append((mover, move))
        return played

    def evaluate(self, game: Game) -> list[float]:
        """Rewards for a position: exact when over, a draw-like guess otherwise."""
        if game.is_over:
            return rewards(game)
        return [1.0 / game.players] * game.players


class RootWork:
    """What a policy works out about the root's moves in slices before the search plays any
    playout (``Policy.root_work``): the page shows its progress and may stop it like the
    search's. Its result must not depend on where the slices end."""

    def step(self, until: float) -> bool:
        """Work until ``time.perf_counter()`` passes ``until`` or the work is done; return whether it is."""
        raise NotImplementedError

    def moves(self) -> list[str]:
        """The moves to search, from what the work has found so far (the first is the one to
        play if told to move before the search begins)."""
        raise NotImplementedError

    def progress(self) -> float:
        """How much of the work is done, 0 to 1 (for the page's progress bar)."""
        return 0.0
