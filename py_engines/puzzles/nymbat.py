"""Nymbat puzzles: a home row defended, or reached, in one turn, with its only first move.

Two players. A turn may be several moves (a bring-in of several pieces, a group's
pieces one by one, breakthrough removals, a penalty piece). Every way to play the
turn on from a move is tried, each position of the turn looked at once, until the
turn is over; a goal holds or not when it ends:

* **defend**: an enemy piece stands on your home row, where you have none: the
  enemy wins when its turn starts unless, when yours ends, it is gone or a piece of
  yours stands on the row. The goal: the game is not lost when the turn ends.
* **reach**: no enemy stands on your row, and none of yours on the enemy's. The
  goal: when the turn ends a piece of yours stands on the enemy's home row, where
  it has none (you win when your next turn starts, unless the enemy puts a piece on
  that row or removes yours first), or the game is won as the turn ends. When the
  only answer wins by emptying the board (both reserves spent), the puzzle is of
  its own kind, **empty**, and says so: its task never asks for a row no move reaches.

The answer is the only first move after which some way through the turn meets the
goal; after every other first move no way does. A search that would look at more
than ``BUDGET`` positions of the turn gives up: the position is then no puzzle, so
the proof, run again, is bounded.
"""
from __future__ import annotations

from typing import Any

from ..core import Game
from ..games.nymbat import DIST, EDGES, HOME, INDEX, NAMES
from . import after, grade, position, puzzle, same

BUDGET = 3_000
"""The most positions of one turn the search looks at for one puzzle."""

SELF_PLAY = {"players": 2, "budgets": (10, 40)}
"""How tools/make_puzzles.py plays the games it looks for puzzles in: the players (a count, or
counts taken in turn by seed), each seat's search budgets (picked by the game's seed), the
options; ``pool``: puzzles found per puzzle kept (the kept spread over the grades),
``per_game``: the most taken from one game."""


class OutOfBudget(Exception):
    pass


def _key(g: Game) -> tuple:
    return (tuple(g.owner), tuple(g.num), g.phase, frozenset(g.left), frozenset(g.moved), g.placed, g.breach,
            tuple(g.reserve), g.kind, g.took, g.owed, g.speed, tuple(g.delays))


def row_of(g: Game, player: int) -> tuple[int, ...]:
    return HOME[EDGES[g.players][player]]


def invaded(g: Game, player: int) -> list[int]:
    """Enemy pieces on the player's home row, where the player has none (empty if it has one)."""
    row = row_of(g, player)
    if any(g.owner[c] == player for c in row):
        return []
    return sorted(c for c in row if g.owner[c] >= 0 and g.owner[c] != player)


class Turn:
    """Whether the rest of a turn can meet a goal, by trying every way through it."""

    def __init__(self, mover: int, goal: str) -> None:
        self.mover, self.goal = mover, goal
        self.known: dict[tuple, bool] = {}
        self.looked = 0

    def met(self, g: Game) -> bool:
        """The turn is over: whether the goal holds."""
        lost = g.is_over and self.mover not in g.winners
        if self.goal == "defend" or lost:
            return not lost
        return bool(invaded(g, 1 - self.mover)) or (g.is_over and self.mover in g.winners)

    def can(self, g: Game) -> bool:
        """Whether some way through the rest of the turn meets the goal."""
        if g.is_over or g.turn != self.mover:  # the turn is over
            return self.met(g)
        if self.goal == "defend" and g.phase == "bring":
            # A bring-in removes nothing: it defends only by a piece on the home row, now or next.
            row = row_of(g, self.mover)
            return any(g.owner[c] == self.mover for c in row) or any(
                m.split("=")[0] in {NAMES[c] for c in row} for m in g.legal_moves() if "=" in m)
        key = _key(g)
        if key in self.known:
            return self.known[key]
        self.looked += 1
        if self.looked > BUDGET:
            raise OutOfBudget
        moves = g.legal_moves()
        # Ending moves first: a turn that can end well now is found at once.
        moves.sort(key=lambda m: m not in ("done", "stop", "pass"))
        answer = any(self.can(after(g, m)) for m in moves)
        self.known[key] = answer
        return answer

    def hopeless(self, g: Game, move: str) -> bool:
        """A first move that cannot lead to the goal, seen without a search: a bring-in when the
        goal is the enemy's row (far beyond the setup area), a pass, or a move of a group none of
        whose pieces is within its speed (and one step of a breakthrough) of the row that matters."""
        if move == "pass":
            return self.goal == "reach"
        if "=" in move:
            return self.goal == "reach"
        if "-" not in move:
            return False
        start = INDEX[move.split("-")[0]]
        group = g.group_of(start)
        speed = min(g.num[c] for c in group)
        towards = DIST[EDGES[g.players][1 - self.mover if self.goal == "reach" else self.mover]]
        return min(towards[c] for c in group) > speed + 1  # + 1: a breakthrough removes next to the attack

    def after_move(self, g: Game, move: str) -> bool:
        """Whether the first move can lead, through the rest of the turn, to the goal."""
        if self.hopeless(g, move):
            return False
        then = after(g, move)
        if then.is_over or then.turn != self.mover:
            return self.met(then)
        return self.can(then)


def find(game: Game) -> dict[str, Any] | None:
    """The puzzle of this position, or None: exactly one first move can meet the turn's goal."""
    if game.is_over or game.players != 2 or game.phase != "start" or not game.started[game.turn]:
        return None
    mover = game.to_move
    if invaded(game, mover):
        goal = "defend"
    elif not invaded(game, 1 - mover):
        goal = "reach"
    else:
        return None
    turn = Turn(mover, goal)
    moves = game.legal_moves()
    good = []
    try:
        for move in moves:
            if turn.after_move(game, move):
                good.append(move)
                if len(good) > 1:
                    return None
    except OutOfBudget:
        return None
    if len(good) != 1:
        return None
    answer = good[0]
    line, accept = _line(game, answer, turn)
    return _make(game, goal, answer, line, accept, moves, turn.looked)


def _line(game: Game, answer: str, turn: Turn) -> tuple[list[str], list[list[str]]]:
    """A way through the turn from the answer that meets the goal, with every move as good at each step."""
    line, accept = [answer], [[answer]]
    now = after(game, answer)
    while not now.is_over and now.turn == turn.mover:
        good = [m for m in now.legal_moves() if turn.after_move(now, m)]
        good.sort(key=lambda m: m not in ("done", "stop", "pass"))  # the shortest way first
        line.append(good[0])
        accept.append(good)
        now = after(now, good[0])
    return line, accept


def _pieces(g: Game, cells: list[int]) -> str:
    names = g.seat_names(2)
    parts = [f"{names[g.owner[c]]}'s {g.num[c]} on {NAMES[c]}" for c in cells]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _make(game: Game, goal: str, answer: str, line: list[str], accept: list[list[str]], moves: list[str],
          looked: int) -> dict[str, Any]:
    mover = game.to_move
    names = game.seat_names(2)
    name, other = names[mover], names[1 - mover]
    steps = " then ".join(line)
    if goal == "defend":
        task = f"{name} to play: save the game this turn; {_pieces(game, invaded(game, mover))} stands on your home row."
        why = f"{steps}: {other} no longer stands alone on your home row when the turn ends."
        otherwise = f"After that, every way to end the turn leaves {other} on your home row: {other} wins."
    else:
        end = after(game, *line)
        reached = invaded(end, 1 - mover)
        if reached:
            task = f"{name} to play: reach {other}'s home row this turn, where {other} has no piece."
            why = f"{steps}: then {_pieces(end, reached)} stands on {other}'s home row, where {other} has none."
            otherwise = f"After that, no way to end the turn leaves a piece of yours on {other}'s home row."
        else:  # no move reaches the row: the one answer wins by emptying the board
            goal = "empty"
            task = f"{name} to play: win this turn. Neither side has a reserve left."
            why = (f"{steps}: the board is empty and both reserves are spent, so {name}, who moved last, "
                   "wins.")
            otherwise = "After that, a piece is left on the board when the turn ends, and the game goes on."
    wrong: dict[str, str] = {}
    for move in moves:
        if move == answer:
            continue
        then = after(game, move)
        if goal == "defend" and then.is_over:
            wrong[move] = f"{move} ends the turn with {other} still on your home row: {other} wins."
        elif goal == "empty" and then.turn != mover and not then.is_over:
            wrong[move] = f"{move} ends the turn with pieces still on the board: the game goes on."
        elif goal == "reach" and then.turn != mover and not then.is_over and "-" in move:
            row = row_of(then, 1 - mover)
            if any(then.owner[c] == mover for c in row):
                wrong[move] = f"{move} reaches {other}'s home row, but a piece of {other}'s still stands on it."
            else:
                wrong[move] = f"{move} ends the turn short of {other}'s home row."
    if goal == "reach":  # the closest misses are the tempting ones
        towards = DIST[EDGES[game.players][1 - mover]]
        wrong = dict(sorted(wrong.items(), key=lambda kv: (towards[INDEX[kv[0].split("-")[1]]], kv[0])))
    wrong = dict(list(wrong.items())[:6])
    hard = 1 + (len(line) > 1) + (len(line) > 3) + (len(moves) >= 150) + (len(wrong) >= 3)
    return puzzle(game, kind=goal, task=task, answer=answer, line=line, accept=accept, why=why,
                  wrong=wrong, otherwise=otherwise, grade=grade(hard),
                  measures={"moves": len(line), "choices": len(moves), "looked": looked})


def prove(shipped: dict[str, Any]) -> list[str]:
    return same(shipped, find(position(shipped)))
