"""Nimbus puzzles: a round's end solved exactly, one way through the turn that wins it.

Two players, the option ``last`` (the player who takes the last pyramid scores the
round): the end of a round is a game won or lost, which ``RoundSolver`` decides by
looking at every way it can go. A turn (a move action and a collect, in either
order) is tried every way the engine allows; the board each way leaves is given to
the solver with the other player to move. The puzzle's answer is the one board
the turn can leave (the empty board, when the turn takes the last pyramid) from
which the other player cannot make sure of the round: every way to it is right.
"""
from __future__ import annotations

from typing import Any

from ..ai.nimbus_endgame import OutOfBudget, RoundSolver, board_of, pyramids
from ..core import Game, plural
from . import after, grade, position, puzzle, same

MAX_PYRAMIDS = 6
"""The most pyramids on the board at a puzzle's start (the solver's work grows fast with them)."""
BUDGET = 30_000
"""The most boards the solver looks at for one puzzle; past it the position is no puzzle, so a
proof, run again, always ends."""
EMPTY = "empty"

SELF_PLAY = {"players": 2, "budgets": (10, 40), "per_game": 10,
             "options": {"sets": 2, "random_setup": True, "round_end": "last", "goal": "rounds5"}}
"""How tools/make_puzzles.py plays the games it looks for puzzles in: the players (a count, or
counts taken in turn by seed), each seat's search budgets (picked by the game's seed), the
options; ``pool``: puzzles found per puzzle kept (the kept spread over the grades),
``per_game``: the most taken from one game."""


def _ended(events: list[dict[str, Any]]) -> bool:
    return any(e["type"] in ("round", "end") for e in events)


def turns(game: Game) -> dict[tuple[str, ...], Any]:
    """Every way through the turn (one move, or two), each with the board it leaves
    (``EMPTY`` when it takes the last pyramid)."""
    out: dict[tuple[str, ...], Any] = {}
    for first in game.legal_moves():
        one = after(game, first)
        if _ended(one.events):
            out[(first,)] = EMPTY
            continue
        if one.to_move != game.to_move:  # the turn ended with its first move (nothing else was possible)
            out[(first,)] = board_of(one)
            continue
        for second in one.legal_moves():
            two = after(one, second)
            out[(first, second)] = EMPTY if _ended(two.events) else board_of(two)
    return out


def eligible(game: Game) -> bool:
    return (not game.is_over and game.players == 2 and game.options["round_end"] in ("last", "misere")
            and not game.setup and not game.moved and not game.collected
            and pyramids(board_of(game)) <= MAX_PYRAMIDS)


def variations(game: Game, most: int = 12) -> list[Game]:
    """Positions one turn on from a position of a game, to look for puzzles in too: a game
    passes through few ends of rounds, and each turn from one leads to another. The turns
    leaving the fewest pyramids are skipped (too easy), then every few of the rest taken,
    the same ones on every run."""
    if not eligible(game):
        return []
    ways = [w for w, board in sorted(turns(game).items()) if board != EMPTY and pyramids(board) >= 3]
    step = max(1, len(ways) // most)
    return [after(game, *w) for w in ways[::step][:most]]


def find(game: Game) -> dict[str, Any] | None:
    """The puzzle of this position, or None: exactly one board the turn can leave wins the round."""
    if not eligible(game):
        return None
    ways = turns(game)
    last_wins = game.options["round_end"] == "last"
    solver = RoundSolver(last_wins)
    winning: set[Any] = set()
    won: dict[Any, bool] = {}
    try:
        for board in sorted(set(ways.values()), key=lambda b: (b != EMPTY, str(b))):
            if board == EMPTY:  # the mover took the last pyramid
                won[board] = last_wins
            else:
                left = BUDGET - solver.looked
                if left <= 0:
                    return None
                won[board] = not solver.wins(board, left)
            if won[board]:
                winning.add(board)
                if len(winning) > 1:
                    return None
    except OutOfBudget:
        return None
    if len(winning) != 1:
        return None
    target = winning.pop()
    right = sorted(w for w, board in ways.items() if board == target)
    line = list(right[0])
    firsts = sorted({w[0] for w in right}, key=lambda m: (m != line[0], m))
    if len(firsts) > 2 or (len(firsts) == 2 and (firsts[1], line[0]) not in ways):
        return None  # other turns than the two orders of one: the answer is not one turn to find
    then = {w[0]: list(w[1:]) for w in right if w[0] != line[0]}
    accept: list[Any] = [firsts]
    if len(line) > 1:
        accept.append(sorted({w[1] for w in right if w[0] == line[0]}, key=lambda m: (m != line[1], m)))
    return _make(game, line, accept, then, ways, target, won, solver.looked)


def _make(game: Game, line: list[str], accept: list[Any], then: dict[str, list[str]], ways: dict,
          target: Any, won: dict, looked: int) -> dict[str, Any]:
    names = game.seat_names(2)
    name, other = names[game.to_move], names[1 - game.to_move]
    count = pyramids(board_of(game))
    turn = " then ".join(line)
    if target == EMPTY:
        why = f"{turn} takes the last pyramids: {name} scores the round."
    else:
        left = sum(len(kinds) for _, kinds, _ in target)
        why = (f"{turn} leaves {plural(left, 'pyramid')} that {other} cannot win from, "
               f"whatever {other} does.")
    right_firsts = set(accept[0])
    wrong: dict[str, str] = {}
    for first in sorted({w[0] for w in ways}):
        if first in right_firsts:
            continue
        own = [board for w, board in ways.items() if w[0] == first]
        if ":" in first and len(own) and all(b != EMPTY for b in own):
            taken = count - pyramids(board_of(after(game, first)))
            if taken >= 2:  # a big collect: tempting, but it leaves a won round to the other
                wrong[first] = (f"{first} takes {taken} pyramids, but then every way to end the turn leaves "
                                f"{other} a board to win the round from.")
    rule = "the last taker scores" if game.options["round_end"] == "last" else "misère: the last taker does not score"
    task = f"{name} to play ({rule}): make sure of the round, with the one turn that does."
    hard = 1 + (count >= 5) + (count >= 7) + (len(set(ways.values())) >= 150) + (target != EMPTY)
    return puzzle(game, kind="round-end" if target != EMPTY else "last-pyramids", task=task,
                  answer=line[0], line=line, accept=accept, then=then, why=why, wrong=wrong,
                  otherwise=f"After that, whatever ends the turn, {other} can make sure of the round.",
                  grade=grade(hard),
                  measures={"pyramids": count, "turns": len(ways), "boards": len(set(ways.values())),
                            "looked": looked})


def prove(shipped: dict[str, Any]) -> list[str]:
    return same(shipped, find(position(shipped)))
