"""Manalath puzzles: a quint forced in one or two moves, the only first move that does it.

A quint of your colour at the end of your turn wins, a quart loses (the one made
first decides). The prover tries every move: the answer wins within the solver's
``n`` moves whatever the other player answers, no other first move does, and no
move at all wins in fewer (so ``n`` is exact). Each wrong first move is shown wrong
by an answer of the other player after which no move wins in time (``replies``).
"""
from __future__ import annotations

from typing import Any

from ..core import Game
from ..games.manalath import COLOURS, COLOUR_NAMES, PASS
from . import after, grade, puzzle, same, position

MAX_MOVES = 2
"""The longest forced win looked for, in the solver's moves (three plies)."""

SELF_PLAY = {"players": 2, "budgets": (8, 30, 100)}
"""How tools/make_puzzles.py plays the games it looks for puzzles in: the players (a count, or
counts taken in turn by seed), each seat's search budgets (picked by the game's seed), the
options; ``pool``: puzzles found per puzzle kept (the kept spread over the grades),
``per_game``: the most taken from one game."""


def _won(game: Game, mover: int) -> bool:
    return game.is_over and game.winners == [mover]


def winning_now(game: Game) -> list[str]:
    """The moves that win at once for the player to move."""
    mover = game.to_move
    return [m for m in game.legal_moves() if _won(after(game, m), mover)]


def _refutation(game: Game, mover: int) -> str | None:
    """With the other player to move: an answer after which the mover has no move that wins
    at once (None if every answer loses). Answers that win for the other side come first."""
    cells = set(threats(game, mover))
    replies = game.legal_moves()
    for reply in sorted(replies, key=lambda r: r[:-1] not in cells):
        then = after(game, reply)
        if then.is_over:
            if not _won(then, mover):
                return reply
            continue
        if not any(_won(after(then, m), mover) for m in then.legal_moves()):
            return reply
    return None


def _group_cells(game: Game, move: str) -> list[str] | None:
    """The cells of the group of the mover's colour a move makes a quart or a quint of."""
    for event in after(game, move).events:
        if event["type"] == "group":
            return event["cells"]
    return None


def find(game: Game) -> dict[str, Any] | None:
    """The puzzle of this position, or None: exactly one first move forces a quint in the
    fewest moves, one or two (``MAX_MOVES``)."""
    if game.is_over or game.to_move is None:
        return None
    mover = game.to_move
    moves = game.legal_moves()
    if len(moves) < 2 or PASS in moves:
        return None
    now = [m for m in moves if _won(after(game, m), mover)]
    if len(now) > 1:
        return None
    if len(now) == 1:
        return _make(game, mover, now[0], 1, {}, None)
    if MAX_MOVES < 2:
        return None
    winners, replies, defence = [], {}, None
    for move in moves:
        first = after(game, move)
        if first.is_over:
            continue  # not a win (those were found above): a quart of the mover's made
        reply = _refutation(first, mover)
        if reply is None:
            winners.append(move)
            if len(winners) > 1:
                return None
        else:
            replies[move] = reply
    if len(winners) != 1:
        return None
    defence = _longest_defence(after(game, winners[0]), mover)
    if defence is None:
        return None  # every answer loses at once: no line to show
    return _make(game, mover, winners[0], 2, replies, defence)


def _longest_defence(game: Game, mover: int) -> str:
    """The other player's answer that leaves the mover the fewest winning moves."""
    blocks = set(threats(game, mover))
    best, fewest = None, None
    for reply in game.legal_moves():
        then = after(game, reply)
        if then.is_over:
            continue  # an answer that loses at once is no defence
        hold = (len(winning_now(then)), reply[:-1] not in blocks)  # a block first, where as good
        if fewest is None or hold < fewest:
            best, fewest = reply, hold
    return best


def threats(game: Game, mover: int) -> list[str]:
    """The empty cells where a piece of the mover's colour would make a quint of it."""
    cells = []
    for move in game.legal_moves():
        if move != PASS and move[-1] == COLOURS[mover]:
            cell = game._parse(move)[0]
            if 1 + sum(len(g) for g in game._groups_around(cell, mover)) == 5:
                cells.append(move[:-1])
    return cells


def _make(game: Game, mover: int, answer: str, n: int, replies: dict[str, str],
          defence: str | None) -> dict[str, Any]:
    name, other = COLOUR_NAMES[mover], COLOUR_NAMES[1 - mover]
    colour = name.lower()
    wrong: dict[str, str] = {}
    for move in game.legal_moves():
        if move == answer:
            continue
        then = after(game, move)
        if then.is_over:  # the mover's own quart: lost at once
            cells = _group_cells(game, move)
            wrong[move] = (f"{move[:-1]} makes a {colour} quart ({', '.join(cells)}): {name} loses at once."
                           if cells else f"{move} ends the game, and {name} does not win it.")
        elif then.quints[1 - mover] and not then.quarts[1 - mover]:  # the other's quint, made for them
            wrong[move] = f"{move} gives {other} a quint: {other} wins when its turn ends."
        elif n == 2 and threats(then, mover):  # it threatens a quint, but one answer stops it
            reply = replies[move]
            if after(then, reply).is_over:
                wrong[move] = f"After {move}, {other} answers {reply} and wins at once."
            else:
                wrong[move] = f"After {move}, {other} answers {reply}: no {colour} quint can be made next move."
    if n == 1:
        line, accept = [answer], [[answer]]
        why = f"{answer[:-1]} makes a {colour} quint ({', '.join(_group_cells(game, answer))}): {name} wins at once."
        task = f"{name} to play: make a quint now, with the only move that does."
        otherwise = f"That makes no {colour} quint; only one move does."
        hard = 1
    else:
        second = after(game, answer, defence)
        finish = winning_now(second)
        line, accept = [answer, defence, finish[0]], [[answer], None, finish]
        why = (f"After {answer}, every answer of {other} leaves {name} a quint to make: "
               f"the longest defence, {defence}, is met by {finish[0]}.")
        task = f"{name} to play: make a quint that cannot be stopped, in two moves."
        otherwise = f"That threatens no quint {other} cannot stop: {other} answers and {name} has no quint to make."
        decoys = sum(1 for move in wrong if move in replies and wrong[move].startswith("After"))  # stopped threats
        hard = 2 + (decoys >= 4) + (decoys >= 8) + (decoys >= 12)
    return puzzle(game, kind=f"quint-in-{n}", task=task, answer=answer, line=line, accept=accept, why=why,
                  wrong=wrong, replies={m: r for m, r in replies.items() if m in wrong}, otherwise=otherwise, grade=grade(hard),
                  measures={"moves": n, "plies": 2 * n - 1, "tempting": len(wrong),
                            "choices": len(game.legal_moves())})


def prove(shipped: dict[str, Any]) -> list[str]:
    return same(shipped, find(position(shipped)))
