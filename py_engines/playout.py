"""Random games: the property tests, the benchmarks and the computer opponent's playouts."""
from __future__ import annotations

import time
from typing import Any

from . import new_game
from .core import CHANCE, Game
from .rng import Rng


def random_game(name: str, seed: int = 0, players: int | None = None, fast: bool = False,
                **options: Any) -> Game:
    """Play a whole game of uniformly random moves drawn from ``seed``.

    ``fast`` takes the playout path (``random_move`` and ``play_unchecked``);
    otherwise every step lists all legal moves and plays one with full checks.
    """
    game = new_game(name, players, seed, **options)
    rng = Rng(seed)
    while not game.is_over:
        if game.to_move == CHANCE:
            game.roll()
        elif fast:
            game.play_unchecked(game.random_move(rng))
        else:
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
    return game


def measure(name: str, seconds: float = 1.0, fast: bool = False, first_seed: int = 0) -> dict[str, Any]:
    """Play random games for about ``seconds``; report games and moves per second."""
    games = moves = 0
    seed = first_seed
    start = time.perf_counter()
    while True:
        moves += len(random_game(name, seed, fast=fast).history)
        games += 1
        seed += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return {"game": name, "fast": fast, "games": games, "moves": moves, "seconds": elapsed,
            "games_per_second": games / elapsed, "moves_per_second": moves / elapsed}
