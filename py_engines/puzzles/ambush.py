"""Ambush puzzles: the capture no other move equals.

Every legal move is played (a coaster's turn with both orders of captures, where
the turning player chooses): a move's worth is the pips it captures less the
pips it lets the other colour capture in the same turn (a turned coaster can
make both colours capture). The answer is worth strictly more than every other
move, and more than nothing.
"""
from __future__ import annotations

from typing import Any

from ..core import Game, plural
from ..games.ambush import COLOUR_NAMES, MINE, THEIRS
from . import after, grade, position, puzzle, same

SIZE_WORDS = {"s": "small", "m": "medium", "l": "large"}

SELF_PLAY = {"players": 2, "budgets": (10, 40, 150), "pool": 3}
"""How tools/make_puzzles.py plays the games it looks for puzzles in: the players (a count, or
counts taken in turn by seed), each seat's search budgets (picked by the game's seed), the
options; ``pool``: puzzles found per puzzle kept (the kept spread over the grades),
``per_game``: the most taken from one game."""


def outcome(game: Game, moves: tuple[str, ...]) -> tuple[int, int]:
    """The pips the mover takes and loses when the moves are played."""
    mover = game.to_move
    end = after(game, *moves)
    gained = end.scores[mover] - game.scores[mover]
    lost = end.scores[1 - mover] - game.scores[1 - mover]
    return int(gained), int(lost)


def turns(game: Game) -> dict[str, list[tuple[tuple[str, ...], tuple[int, int]]]]:
    """Each first move with the ways to finish the turn and their outcomes (gained, lost)."""
    out = {}
    for move in game.legal_moves():
        then = after(game, move)
        if not then.is_over and then.to_move == game.to_move and set(then.legal_moves()) == {MINE, THEIRS}:
            out[move] = [((move, order), outcome(game, (move, order))) for order in (MINE, THEIRS)]
        else:
            out[move] = [((move,), outcome(game, (move,)))]
    return out


def _worth(result: tuple[int, int]) -> int:
    return result[0] - result[1]


def _best(ways: list[tuple[tuple[str, ...], tuple[int, int]]]) -> tuple[tuple[str, ...], tuple[int, int]]:
    return max(ways, key=lambda way: _worth(way[1]))


def _pips(n: int) -> str:
    return plural(n, "pip")


def _taken_words(game: Game, moves: tuple[str, ...]) -> str:
    """What the mover's captures take, in words: "Black's large on d5 and medium on e4"."""
    mover = game.to_move
    taken = [e for e in _events(game, moves) if e["type"] == "capture" and e["player"] == mover]
    parts = [f"{SIZE_WORDS[e['size']]} on {e['cell']}" for e in taken]
    return f"{COLOUR_NAMES[1 - mover]}'s " + (parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1])


def _events(game: Game, moves: tuple[str, ...]) -> list[dict[str, Any]]:
    copy = game.clone()
    events = []
    for move in moves:
        copy.play(move)
        events += copy.events
    return events


def _result_words(result: tuple[int, int]) -> str:
    gained, lost = result
    if gained and lost:
        return f"captures {_pips(gained)} but loses {_pips(lost)}"
    if lost:
        return f"captures nothing and loses {_pips(lost)}"
    return f"captures {_pips(gained)}" if gained else "captures nothing"


def find(game: Game) -> dict[str, Any] | None:
    """The puzzle of this position, or None: one move is worth strictly more than any other."""
    if game.is_over or set(game.legal_moves()) == {MINE, THEIRS}:
        return None
    mover = game.to_move
    ways = turns(game)
    best = {move: _best(w) for move, w in ways.items()}
    ranked = sorted(best, key=lambda m: -_worth(best[m][1]))
    top = _worth(best[ranked[0]][1])
    if top <= 0 or len(ranked) < 2 or _worth(best[ranked[1]][1]) >= top:
        return None
    answer = ranked[0]
    line_moves, result = best[answer]
    second = _worth(best[ranked[1]][1])
    name = COLOUR_NAMES[mover]
    wrong = {}
    for move in ranked[1:]:
        moves, res = best[move]
        if res == (0, 0):
            continue
        order = f" (with the order {moves[1]})" if len(moves) > 1 else ""
        wrong[move] = f"{move}{order} {_result_words(res)}; the best move {_result_words(result)}."
    line = list(line_moves)
    accept: list[Any] = [[answer]]
    if len(line) > 1:  # the order of captures, the turning player's choice: every order as good
        accept.append([moves[1] for moves, res in ways[answer] if _worth(res) == top])
    why = f"{answer} {_result_words(result)} ({_taken_words(game, line_moves)}); no other move takes as much."
    if line_moves[-1] in (MINE, THEIRS):
        why = why[:-1] + f", with {line_moves[-1]!r} first."
    capturing = len(wrong)
    hard = 1 + min(2, capturing // 3) + (1 if answer[0].isdigit() else 0) + (1 if top - second == 1 else 0)
    return puzzle(game, kind="turn-capture" if answer[0].isdigit() else "capture",
                  task=f"{name} to play: capture the most pips, more than any other move.",
                  answer=answer, line=line, accept=accept, why=why, wrong=wrong,
                  otherwise=f"That captures nothing; the best move {_result_words(result)}.",
                  grade=grade(hard),
                  measures={"pips": top, "next_best": second, "capturing_moves": capturing,
                            "choices": len(ways)})


def prove(shipped: dict[str, Any]) -> list[str]:
    return same(shipped, find(position(shipped)))
