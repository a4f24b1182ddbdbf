"""A lesson's step: a position, a task in one sentence, and the test a move must
pass, checked by the engine, so that any move that does the task passes."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from ..core import Game, IllegalMove

# A goal: (the position, the move, the position after it) -> whether the move does the task.
Goal = Callable[[Game, str, Game], bool]


@dataclass(frozen=True)
class Step:
    key: str
    title: str                     # a few words, for the list of steps
    task: str                      # what to do, in one sentence
    hint: str                      # said when asked
    done: str                      # said once a move does the task: what happened and why it matters
    goal: Goal
    moves: tuple[str, ...] = ()    # the position: from a new game, these moves
    players: int | None = None
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def record(self, game: str) -> str:
        return json.dumps({"format": 1, "game": game, "players": self.players, "seed": self.seed,
                           "options": self.options, "moves": list(self.moves)})

    def attempt(self, start: Game, move: str) -> tuple[bool, Game | None, str]:
        """Try ``move`` at the step's position ``start``: (whether it does the task, the
        position after it or None if illegal, what to say: the rule refusing it, or nothing)."""
        after = start.clone()
        try:
            after.play(move)
        except IllegalMove as exc:
            return False, None, str(exc)
        return self.goal(start, move, after), after, ""


# Goals that lessons share.
def any_move(start: Game, move: str, after: Game) -> bool:
    return True


def wins_at_once(start: Game, move: str, after: Game) -> bool:
    return after.is_over and start.to_move in after.winners


def does_not_lose_at_once(start: Game, move: str, after: Game) -> bool:
    return not (after.is_over and after.winners and start.to_move not in after.winners)


def safe(start: Game, move: str, after: Game) -> bool:
    """Neither loses at once nor hands the other side a win the coach can see (Game.coach)."""
    doomed = {m for note in start.coach() if note["kind"] in ("lose", "gift") for m in note["moves"]}
    return move not in doomed
