"""Not Nyout knowledge for the search (``py_engines.ai``): fights are worth taking.

The arriving group adds two to its die and so wins most fights: one horse
attacking one horse takes it 13 times in 16. ``WIN[a][d]`` is the
chance that an attacking group of ``a`` horses wipes out a defending group of
``d``, worked out once from the dice.

* Playouts are short: they play on to the end of the next full round of turns
  (every player still in moves once more), then the position is scored. A
  playout takes a fight whose odds are good, avoids one whose odds are poor, and
  otherwise moves at random; dice are thrown straight from the search's
  generator without listing every outcome.
* A position is scored by the horses each player has left, squared (a
  bigger army also fights in bigger groups), shared out so the scores sum to 1;
  a fight still going on counts at its expected result.
* The expert scores a two-player position differently: by the chance that the
  player about to roll wins, from a logistic model fitted to who won 3,000
  games between medium players (``bench/fit_not_nyout.py``): the horses each
  side has, what each side's next roll threatens (for each number a die may
  show, the best fight it would start, weighted by the chance that the
  player's dice show it) and the horses left in each stable. The squared
  horses do not see that the player about to roll may strike first; at equal
  budgets the fitted score wins about 58-60% against them (docs/not_nyout.md).
  The expert's playouts end where its own turn ends, the other player about
  to roll: the position the fitted score judges best.
* Easy searches 6 playouts and medium 40, not the shared 100 and 400: the dice
  decide so much here that the search stops gaining at about 50-100 playouts
  (medium at 400 played as well as hard), so the levels sit where playouts
  still pay, each beating the one below in about two games of three
  (docs/not_nyout.md).
"""
from __future__ import annotations

import math
from functools import lru_cache

from ..core import CHANCE, Game
from ..games.not_nyout import DIE_FOR_SIZE, HORSES
from ..rng import Rng
from .policy import Policy, logistic, rewards, shares

GOOD_ODDS = 0.6    # a playout takes a fight at least this likely to be won
POOR_ODDS = 0.35   # and avoids one less likely than this when it can


def _round(a: int, d: int) -> float:
    """The chance that an attacking group of ``a`` wins one round against a group of ``d``."""
    da, dd = DIE_FOR_SIZE[a], DIE_FOR_SIZE[d]
    wins = sum(1 for x in range(1, da + 1) for y in range(1, dd + 1) if x + 2 > y)
    return wins / (da * dd)


@lru_cache(maxsize=None)
def win_chance(a: int, d: int) -> float:
    """The chance that an attacking group of ``a`` horses wipes out a defending group of ``d``."""
    if d == 0:
        return 1.0
    if a == 0:
        return 0.0
    p = _round(a, d)
    return p * win_chance(a, d - 1) + (1 - p) * win_chance(a - 1, d)


@lru_cache(maxsize=None)
def expected_losses(a: int, d: int) -> tuple[float, float]:
    """The horses the attacker and the defender expect to lose in a fight to the end."""
    if a == 0 or d == 0:
        return (0.0, 0.0)
    p = _round(a, d)
    la, ld = expected_losses(a, d - 1)
    ma, md = expected_losses(a - 1, d)
    return (p * la + (1 - p) * (ma + 1), p * (ld + 1) + (1 - p) * md)


WIN = [[win_chance(a, d) for d in range(HORSES + 1)] for a in range(HORSES + 1)]


class NotNyoutPolicy(Policy):
    # The expert scores two-player positions by weights fitted to who won (below), where
    # its own turn ends.
    levels = {"easy": {"iterations": 6}, "medium": {"iterations": 40}, "expert": {"fitted": True}}

    def first_of_turn(self, game: Game) -> bool:
        return not game.history or game.history[-1].startswith("r")  # just after the turn's roll

    def root_moves(self, game: Game, moves: list[str], rng: Rng) -> list[str]:
        # No move ends the game by itself (a fight is dice), so there is nothing to check at once.
        return moves

    def playout(self, game: Game, rng: Rng, limit: int) -> list[tuple[int, str]]:
        played: list[tuple[int, str]] = []
        # The position is scored when a turn begins: with the fitted score, the next one
        # (the other player about to roll); else at the end of the next full round of turns.
        turns_left = 1 if self._fitted(game) else sum(1 for h in game.horses if h) + 1
        for _ in range(limit):
            if game.result:
                break
            mover = game.to_move
            if mover == CHANCE:
                if game.combat:
                    a_die, d_die = game._combat_dice()
                    action = ("fight", rng.below(a_die) + 1, rng.below(d_die) + 1)
                elif game.order and game.rolls is None:
                    turns_left -= 1
                    if turns_left <= 0:
                        break
                    k = max(1, len(game._groups_of(game.current)))
                    action = ("roll", tuple(sorted((rng.below(4) + 1 for _ in range(k)), reverse=True)))
                else:
                    action = ("d10", rng.below(10) + 1)
            else:
                action = self._choose(game, rng)
            game._apply(action)
            played.append((mover, game.history[-1]))
        return played

    def _choose(self, game, rng: Rng) -> tuple:
        """A fight with good odds if there is one, else a move that is no poor fight, at random."""
        actions = game._actions()
        if len(actions) == 1:
            return actions[0]
        me = game.current
        at = game.at
        best, best_odds = None, GOOD_ODDS
        calm = []
        for action in actions:
            kind = action[0]
            if kind == "move":
                target = at[action[3]]
                size = action[1] or next(k for p, k in at[action[2]] if p == me)
            elif kind == "summon":
                target = at[(game.home[me] + action[1]) % 20]
                size = 1
            else:
                calm.append(action)
                continue
            if target and target[0][0] != me:
                odds = WIN[size][target[0][1]]
                if odds >= best_odds:
                    best, best_odds = action, odds
                if odds >= POOR_ODDS:
                    calm.append(action)
            else:
                calm.append(action)
        if best is not None:
            return best
        pool = calm or actions
        return pool[rng.below(len(pool))]

    def _fitted(self, game: Game) -> bool:
        """Whether positions are scored by the fitted weights (the expert's, two players)."""
        return bool(self.settings.get("fitted")) and game.players == 2

    def evaluate(self, game: Game) -> list[float]:
        if game.result:
            return rewards(game)
        if self._fitted(game) and game.rolls is None and not game.combat and game.order:
            return fitted_score(game)
        horses = [float(h) for h in game.horses]
        if game.combat:
            station, attacker, size, _ = game.combat
            defender, dsize = game.at[station][0]
            lost_a, lost_d = expected_losses(size, dsize)
            horses[attacker] -= lost_a
            horses[defender] -= lost_d
        return shares([h * h if h > 0.0 else 0.0 for h in horses])


# ---------------------------------------------------------------------------
# The expert's score for two players: fitted to who won, from self-play

SHOWS = [0.0, 1 / 4, 7 / 16, 37 / 64, 175 / 256]   # the chance that one of k dice shows a given number: 1 - (3/4)**k


def attack_chances(game, player: int) -> float:
    """What ``player``'s next roll threatens: for each number a die may show, the best
    fight a group of theirs (or a summon) could start with it, in horses the enemy is
    expected to lose less those ``player`` is; each weighted by the chance that one of
    ``player``'s dice (one per group) shows that number."""
    at = game.at
    best = [0.0] * 5
    groups = 0
    for src, here in enumerate(at):
        if not here or here[0][0] != player:
            continue
        for _, size in here:
            groups += 1
            for roll in range(1, 5):
                for dst, fight in game._reach(src, roll, player).items():
                    if fight:
                        lost_a, lost_d = expected_losses(size, at[dst][0][1])
                        if lost_d - lost_a > best[roll]:
                            best[roll] = lost_d - lost_a
    if game.stable[player]:
        for roll in range(1, 5):
            target = at[game._summon_target(player, roll)]
            if target and target[0][0] != player:
                lost_a, lost_d = expected_losses(1, target[0][1])
                if lost_d - lost_a > best[roll]:
                    best[roll] = lost_d - lost_a
    return SHOWS[min(HORSES, max(1, groups))] * math.fsum(best)


def features(game, me: int) -> list[float]:
    """Two players, ``me`` about to roll: one 1 among 16 for the horses each side has
    (``me``'s count, then the other's), what ``me``'s roll threatens, what the other's
    next roll would threaten as things stand, and ``me``'s horses in the stable less the other's."""
    other = 1 - me
    cells = [0.0] * 16
    cells[4 * (game.horses[me] - 1) + game.horses[other] - 1] = 1.0
    return cells + [attack_chances(game, me), attack_chances(game, other), float(game.stable[me] - game.stable[other])]


# Fitted by bench/fit_not_nyout.py (3,000 games between medium players; docs/not_nyout.md).
WEIGHTS = [0.027, -0.883, -2.028, -3.706, 0.998, 0.050, -0.867, -1.618, 2.168, 0.961, 0.046, -0.603,
           3.769, 1.678, 0.719, 0.050, 0.725, -0.333, -0.145]


def fitted_score(game) -> list[float]:
    """The chance each of two players wins, as the fitted weights tell it, ``game.current`` about to roll."""
    me = game.current
    x = math.fsum(w * f for w, f in zip(WEIGHTS, features(game, me)))
    p = logistic(x)
    return [p, 1.0 - p] if me == 0 else [1.0 - p, p]


POLICY = NotNyoutPolicy
"""The search's knowledge of this game (ai/search.py reads it by the game's name)."""

REVIEW = {"base": "hard", "iterations": 150, "max_seconds": 1.0}
"""The review's search of this game (ai/review.py): hard's knowledge at a budget that reviews a whole
typical game within 10 s of CPython (bench/review.py measures it), each point capped in seconds."""
