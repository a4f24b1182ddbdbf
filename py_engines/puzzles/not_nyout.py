"""Not Nyout puzzles: the use of the dice that wins a fight with the highest chance.

Two, three or four players. The dice of the turn are rolled. Every way to use
them is tried, move by move (a split, a move, a summon, each die once), up to
the first fight it starts: that fight's chance of taking the station is exact,
from the dice rule (``fight_odds``: the attacker's die plus two against the
defender's, a tie to the defender, each side's die by the horses it has left). A
way that starts no fight before the dice run out scores nothing. The answer is
the one first move from which the best chance can be had; every other first move
leaves a smaller one.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import Game
from ..games.not_nyout import COLOUR_NAMES, NAMES, _group_words, _groups_words, fight_odds, odds_words
from . import after, grade, position, puzzle, same

NOTHING = Fraction(0)

SELF_PLAY = {"players": (2, 2, 3, 4), "budgets": (10, 40), "pool": 3}
"""How tools/make_puzzles.py plays the games it looks for puzzles in: the players (a count, or
counts taken in turn by seed), each seat's search budgets (picked by the game's seed), the
options; ``pool``: puzzles found per puzzle kept (the kept spread over the grades),
``per_game``: the most taken from one game."""


def _key(game: Game) -> tuple:
    return (tuple(game.at), tuple(game.rolls or ()), game.summoned, tuple(game.stable), game.current)


def fight_started(game: Game) -> tuple[Fraction, str] | None:
    """After a move: the chance of winning the fight it started and that fight in words, or None."""
    if not game.combat:
        return None
    station, attacker, size, _ = game.combat
    sizes = tuple(k for _, k in game.at[station])
    owner = game.at[station][0][0]
    after_words = ", one after the other" if len(sizes) > 1 else ""
    words = (f"your {_group_words(size, '')} against {COLOUR_NAMES[owner]}'s {_groups_words(list(sizes))} "
             f"on {NAMES[station]}{after_words}")
    return fight_odds(size, sizes), words


class Chances:
    """The best chance of winning the turn's first fight, from each position of the turn."""

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.known: dict[tuple, Fraction] = {}

    def of_move(self, game: Game, move: str) -> Fraction:
        then = after(game, move)
        fight = fight_started(then)
        if fight is not None:
            return fight[0]
        if then.is_over or then.to_move != self.mover or then.current != self.mover:
            return NOTHING  # the turn is over with no fight
        return self.best(then)

    def best(self, game: Game) -> Fraction:
        key = _key(game)
        if key not in self.known:
            self.known[key] = max((self.of_move(game, m) for m in game.legal_moves()), default=NOTHING)
        return self.known[key]


def eligible(game: Game) -> bool:
    return (not game.is_over and bool(game.order) and game.rolls is not None
            and game.to_move == game.current and not game.combat)


def find(game: Game) -> dict[str, Any] | None:
    """The puzzle of this position, or None: one first move gives the best chance of a fight won."""
    if not eligible(game):
        return None
    mover = game.to_move
    chances = Chances(mover)
    values = {move: chances.of_move(game, move) for move in game.legal_moves()}
    ranked = sorted(values, key=lambda m: -values[m])
    top = values[ranked[0]]
    if top == NOTHING or len(ranked) < 2 or values[ranked[1]] >= top:
        return None
    fighting = [m for m in ranked if values[m] > NOTHING]
    if len(fighting) < 2:
        return None  # one fight to be had, and no choice between fights: no puzzle
    answer = ranked[0]
    line, accept, words = _line(game, answer, chances, top)
    second = values[ranked[1]]
    best = odds_words(top)
    wrong = {}
    for move in fighting[1:7]:  # the most tempting: the next best chances
        fight = fight_started(after(game, move))
        odds = odds_words(values[move])
        wrong[move] = (f"{move} starts a fight, {fight[1]}: you win it {odds}; the best use of the dice wins {best}."
                       if fight else f"After {move} the best fight left is won {odds}; the best use of the dice "
                                     f"wins {best}.")
    name = COLOUR_NAMES[mover]
    dice = "-".join(map(str, game.rolls))
    steps = len(line)
    why = (f"{' then '.join(line)}: {words}, won {best}; no other use of the dice does as well.")
    hard = 1 + (steps > 1) + (len(fighting) >= 4) + (top - second < Fraction(1, 10)) + (len(game.rolls) >= 3)
    return puzzle(game, kind="best-fight", task=f"{name} to play with {dice}: start the fight you are likeliest to win.",
                  answer=answer, line=line, accept=accept, why=why, wrong=wrong,
                  otherwise=f"That gives a smaller chance of a fight won, or none; the best use of the dice wins one {best}.",
                  grade=grade(hard),
                  measures={"odds": [top.numerator, top.denominator],
                            "next_best": [second.numerator, second.denominator],
                            "fights": len(fighting), "moves": steps, "dice": len(game.rolls)})


def _line(game: Game, answer: str, chances: Chances, top: Fraction) -> tuple[list[str], list[list[str]], str]:
    """The moves from the answer to the fight, each with every move as good there, and the fight in words."""
    line, accept = [answer], [[answer]]
    now = after(game, answer)
    while fight_started(now) is None:
        good = [m for m in now.legal_moves() if chances.of_move(now, m) == top]
        line.append(good[0])
        accept.append(good)
        now = after(now, good[0])
    return line, accept, fight_started(now)[1]


def prove(shipped: dict[str, Any]) -> list[str]:
    return same(shipped, find(position(shipped)))
