"""A lesson's step: a position, a task in one sentence, and the test a move must
pass, checked by the engine, so that any move that does the task passes."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from ..core import CHANCE, Game, IllegalMove

# A goal: (the position, the move, the position after it) -> whether the move does the task.
Goal = Callable[[Game, str, Game], bool]
# Words about a move tried: (the position, the move, the position after it) -> a sentence or two.
Words = Callable[[Game, str, Game], str]


@dataclass(frozen=True)
class Step:
    key: str
    title: str                     # a few words, for the list of steps
    task: str                      # what to do, in one sentence
    hint: str                      # said when asked
    done: str | Words              # said once a move does the task: what it did, exactly, and why it matters
    goal: Goal
    moves: tuple[str, ...] = ()    # the position: from a new game, these moves
    players: int | None = None
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    missed: Words | None = None    # why a move misses the task (without it: a move that does the task)
    why: Words | None = None       # without `missed`: what the move did against the task, said before a move that does it
    chapter: str = ""              # the chapter the step opens, if it opens one

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

    def said(self, start: Game, move: str, after: Game, ok: bool) -> str:
        """What the lesson says of a legal move tried: what it did for the task, exactly, or why
        it misses the task, from the position."""
        if ok:
            return self.done(start, move, after) if callable(self.done) else self.done
        if self.missed:
            return self.missed(start, move, after)
        return missed_by(self, start, self.why(start, move, after) if self.why else "")

    def doing(self, start: Game) -> list[str]:
        """The moves that do the task at ``start``."""
        return [m for m in start.legal_moves() if self.attempt(start, m)[0]]


def narration(after: Game) -> str:
    """The engine's words for what the last move did: ``after``'s events."""
    return type(after).narrate(after.events, after.players)


def narrated(start: Game, move: str, after: Game) -> str:
    """:func:`narration` as a step's words (``done``, ``why``): what the move tried did."""
    return narration(after)


def told(game: Game, move: str) -> str:
    """The engine's words for ``move`` at ``game`` (played on a copy)."""
    return narration(played(game, move))


def first_clause(game: Game, move: str) -> str:
    """The engine's words for ``move`` at ``game``, its first sentence only (the move itself)."""
    return told(game, move).split(". ")[0].rstrip(".") + "."


def missed_by(step: Step, start: Game, reason: str = "") -> str:
    """The plain answer to a miss: why it misses (``reason``, from the position, where the
    step knows it), then a move that does the task, in the engine's words."""
    lead = reason or "That does not do the task."
    doing = step.doing(start)
    if not doing:
        return lead
    return f"{lead} One move that does the task: {first_clause(start, doing[0])}"


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


def wins_in_one(game: Game) -> list[str]:
    """The moves of the player to move at ``game`` that win at once."""
    if game.is_over or game.to_move in (None, CHANCE):
        return []
    return [m for m in game.legal_moves() if wins_at_once(game, m, played(game, m))]


def played(game: Game, move: str) -> Game:
    """The game after ``move``, on a copy."""
    after = game.clone()
    after.play(move)
    return after


# (the score, the position) -> the best move there and its score: a step's goal and its words each
# ask it, for every move a player (or a test) tries at the step's position.
_BEST: dict[tuple, tuple[Any, str] | None] = {}


def best_move(start: Game, score: Words) -> tuple[Any, str] | None:
    """The highest ``score(start, move, after)`` over the legal moves at ``start`` (a ``None`` score
    leaves the move out) and the first move with it, or ``None``: worked out once a position."""
    key = (score, type(start), start.players, start.seed, json.dumps(start.options, sort_keys=True), tuple(start.history))
    if key not in _BEST:
        scored = [(value, m) for m in start.legal_moves() if (value := score(start, m, played(start, m))) is not None]
        _BEST[key] = max(scored, key=lambda pair: pair[0]) if scored else None
    return _BEST[key]


def leaves_no_win_in_one(start: Game, move: str, after: Game) -> bool:
    """Neither loses at once nor leaves the other side a move that wins at once (computed: every
    reply tried)."""
    return does_not_lose_at_once(start, move, after) and not wins_in_one(after)
