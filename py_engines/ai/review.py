"""Reviewing a game: each player's winning chances after every move, and the moves that lost them.

A review looks at the game's positions one at a time (a *point*: the position
after the first ``ply`` moves) with the computer's own search
(``search.py``) at a small budget of its own (``REVIEW``, below the hard
level's). For each point it gives:

* **chances**: each player's chance of winning, 0..1. The search's playouts end
  in a reward vector (each winner ``1/len(winners)``, a draw ``1/players`` each,
  an unfinished playout the policy's estimate); a player's chance is the mean
  of their rewards over all the search's playouts (the root's average, as the
  search's own statistics count it). Not the mean through the best move alone:
  at a review's budget that is the best of many noisy means, so it flatters the
  player to move (in Manalath, at 300 playouts, the mover's chance fell by 0.35
  on average from one point to the next; by the root's average, by 0.004).
  With teams (Nymbat with four players) a reward is shared by the two winners,
  so a player's chance is their reward times the size of their team: teammates
  have equal chances, and the two teams' add up to 1.
* **best**: the move the search would play, and ``best_value``, the search's
  value for it (``analyse``'s ``value``, in chances): the mover's mean reward
  through it, higher than the point's chance, for the reason above.
* **played**: the move the game went on with; ``played_value``, the mover's
  chance at the next point; **drop**: the mover's chance here less
  ``played_value``; **mark**: ``inaccuracy``, ``mistake`` or ``blunder`` when the
  drop reaches ``THRESHOLDS``, for a move other than the search's best (a mark
  comes with a better move to show).
* **proven**: where the outcome is proved rather than estimated (two players, the
  game ending within a few plies whatever is played: ``proof.solve``, every move
  and answer tried), the point's chances are that outcome (1 a win, 1/2 a draw,
  0 a loss) and ``proven`` is true. A move between two proven points is judged by
  the proofs alone (a finished game's point is proven too: its result): one
  that lets a proven win or draw go (to a proven draw or loss) is a blunder,
  whatever the estimates said, and its better move one that keeps the outcome;
  one that keeps it (or where every move loses) has no mark. One that keeps a proven win
  or draw is labelled: ``label`` ``best`` (nothing does better), or ``only`` where every
  other move is proved to give the outcome away (``proof.only_keeper``); elsewhere no label.
  Each game's ``PROOF`` (ai/<game>.py) says how far to look: Manalath and Nymbat
  two plies, Ambush two, and to the game's end over its last four turns.

Points the search does not choose a move at are still given chances, from
playouts through what happens there: a chance point (dice, deals: the
outcomes drawn as the search draws them), a single legal move, a move the
game's policy settles alone (such as an immediate win). They have no mark
unless the policy settled a move among several and another was played. A
finished game's point is its result. Nimbus's setup and the middle of its
rounds (more than ``ENDGAME`` pyramids) are played by rules of thumb, not
searched: there the chances are the policy's estimate from the players'
totals, with no best move and no mark.

The same position, seed and budget always give the same answer (the search is
seeded by the seed and the number of moves played), in CPython and in Pyodide.
"""
from __future__ import annotations

import json
from typing import Any

from .. import new_game
from ..games import game_modules
from ..core import CHANCE, Game
from .nimbus import ENDGAME, pyramids
from .policy import rewards
from .proof import only_keeper, solve
from .search import Node, Search, policy_for

# The review's search, per game: each game's REVIEW (ai/<game>.py), hard's knowledge with a
# budget small enough that a whole typical game is reviewed within 10 s of CPython
# (bench/review.py measures it), and a safety cap so that one point never holds the worker long.
REVIEW: dict[str, dict[str, Any]] = {name: module.REVIEW for name, module in game_modules("py_engines.ai").items()
                                     if hasattr(module, "REVIEW")}

# How far each game's review tries to prove the outcome (proof.solve's settings): a game's
# PROOF, a function of the position (ai/<game>.py), or two plies within 5,000 positions. The
# seconds are a safety cap only (a proof cut short by time would differ from machine to
# machine): the budget of positions bounds the work.
PROOF: dict[str, Any] = {name: module.PROOF for name, module in game_modules("py_engines.ai").items()
                         if hasattr(module, "PROOF")}
DEFAULT_PROOF = {"max_plies": 2, "budget": 5_000, "seconds": 3.0}

# A move's mark by the winning chance it gives away (the mover's chance before it less after), largest first.
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 0.35), ("mistake", 0.25), ("inaccuracy", 0.15))


def settings_for(name: str, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The review's search settings for game ``name``, with ``overrides`` (e.g. a test's budget)."""
    return {**REVIEW.get(name, {"base": "hard", "iterations": 300, "max_seconds": 1.0}), **(overrides or {})}


def mark_for(drop: float | None) -> str | None:
    """The mark a drop of winning chance earns: the heaviest whose threshold it reaches."""
    if drop is None:
        return None
    for mark, threshold in THRESHOLDS:
        if drop >= threshold:
            return mark
    return None


def _team_sizes(game: Game) -> list[int]:
    """How many players share each player's win (1 each, unless the game has teams)."""
    sizes = [1] * game.players
    for team in getattr(game, "teams", None) or []:
        for p in team:
            sizes[p] = len(team)
    return sizes


def _chances(game: Game, rewards: list[float]) -> list[float]:
    """Rewards (a win shared among the winners) as each player's chance of being among the winners."""
    return [min(1.0, r * k) for r, k in zip(rewards, _team_sizes(game))]


def _rules_of_thumb(game: Game) -> bool:
    """Whether the computer plays this position by rules of thumb, with no search to review it by:
    Nimbus's setup and the middle of its rounds (more than ENDGAME pyramids)."""
    return game.name == "nimbus" and (game.setup or pyramids(game) > ENDGAME)


class _Recorder:
    """Wraps a policy's ``evaluate`` to add up the reward vectors of the search's playouts."""

    def __init__(self, evaluate, players: int) -> None:
        self.evaluate = evaluate
        self.sums = [0.0] * players
        self.count = 0

    def __call__(self, game: Game) -> list[float]:
        result = self.evaluate(game)
        for p, reward in enumerate(result):
            self.sums[p] += reward
        self.count += 1
        return result

    def mean(self) -> list[float] | None:
        """The mean reward vector of the playouts so far (None before the first)."""
        return [total / self.count for total in self.sums] if self.count else None


def assess(game: Game, seed: int = 0, **overrides: Any) -> dict[str, Any]:
    """The chances at one position and the search's best move there.

    Answer: ``player`` (to move: CHANCE at a chance point, None once over),
    ``chances`` (one per player), ``how`` (``search``: the search chose a move
    among several; ``settled``: a single move, or one the policy settles,
    played out; ``chance``: dice or a deal, played out over the outcomes;
    ``rules``: a position played by rules of thumb, the policy's estimate;
    ``proof``: the outcome proved (``prove``: no search then, the chances are
    the outcome and ``best`` a move that keeps it, None where every move loses);
    ``result``: the game is over), ``best`` and ``best_value`` (the search's
    value for it, in chances; None where no move is chosen), ``iterations``,
    ``budget``, ``capped``, ``proof`` (``prove``'s answer). ``game`` is not changed.
    """
    if game.is_over:
        return _point(game, None, _chances(game, rewards(game)), "result")
    if _rules_of_thumb(game):
        policy = policy_for(game)
        policy.settings = settings_for(game.name, overrides)
        return _point(game, game.to_move, _chances(game, policy.evaluate(game)), "rules")
    proof = prove(game)
    if proof is not None:   # the outcome proved: no estimate needed
        player = game.to_move
        value = proof["value"]
        point = _point(game, player, [value, 1.0 - value] if player == 0 else [1.0 - value, value], "proof")
        point.update(best=proof["move"], best_value=value if proof["move"] else None, proof=proof)
        return point
    search = Search(game, settings_for(game.name, overrides), seed)
    recorder = _Recorder(search.policy.evaluate, game.players)
    search.policy.evaluate = recorder
    player = game.to_move
    if search.root is None and search.work is None:
        # Decided at once (dice, a single move, a move the policy settles): the review plays out
        # through it all the same, from a root it plants with that move (or with the outcomes).
        how = "chance" if player == CHANCE else "settled"
        search.root = Node(player, game.legal_moves() if player == CHANCE else [search.decided])
    else:
        how = "search"
    search.run()
    answer = search.answer() if how != "chance" else None
    mean = recorder.mean()
    if mean is None:  # no playout at all (a safety cap at once): the policy's estimate
        mean = recorder.evaluate(game)
    point = _point(game, player, _chances(game, mean), how, search)
    if answer is not None:
        point["best"] = answer["move"]
        value = answer["value"] if answer["value"] is not None else mean[player]
        point["best_value"] = min(1.0, value * _team_sizes(game)[player])
    return point


def prove(game: Game) -> dict[str, Any] | None:
    """``proof.solve``'s answer at ``game`` with the game's PROOF settings (None: nothing proved,
    or a game of more than two players, of dice, of teams)."""
    if game.players != 2 or game.is_over or game.to_move == CHANCE:
        return None
    settings = _proof_settings(game)
    return solve(game, **settings) if settings else None


def _proof_settings(game: Game) -> dict[str, Any] | None:
    """How far the review looks for a proof at ``game`` (its game's PROOF, or DEFAULT_PROOF)."""
    settings = PROOF.get(game.name, DEFAULT_PROOF)
    return settings(game) if callable(settings) else settings


def _proven_for(point: dict[str, Any], game: Game, player: int) -> float | None:
    """The proven outcome at ``point`` (the position ``game``) for ``player``: 1, 1/2 or 0; None
    where nothing is proved."""
    if game.is_over:
        return point["chances"][player]
    proof = point.get("proof")
    if proof is None:
        return None
    return proof["value"] if game.to_move == player else 1.0 - proof["value"]


def _point(game: Game, player: int | None, chances: list[float], how: str,
           search: Search | None = None) -> dict[str, Any]:
    return {"player": player, "chances": chances, "how": how, "best": None, "best_value": None,
            "iterations": search.iterations if search else 0, "budget": search.budget if search else 0,
            "capped": search.capped if search else False, "proof": None}


# The last points assessed, by position and settings: the page asks for the plies in order,
# and a ply's played move is judged by the next point, which the next request asks for again.
_ASSESSED: dict[tuple, dict[str, Any]] = {}
KEEP_ASSESSED = 8


def _assessed(game: Game, seed: int, overrides: dict[str, Any]) -> dict[str, Any]:
    key = (game.name, game.players, game.seed, json.dumps(game.options, sort_keys=True), tuple(game.history),
           seed, json.dumps(overrides, sort_keys=True))
    point = _ASSESSED.get(key)
    if point is None:
        point = _ASSESSED[key] = assess(game, seed, **overrides)
        while len(_ASSESSED) > KEEP_ASSESSED:
            del _ASSESSED[next(iter(_ASSESSED))]
    return point


def review_ply(game: Game, move: str | None, seed: int = 0, **overrides: Any) -> dict[str, Any]:
    """The review of one ply: the position ``game`` (not changed) and ``move``, the move played
    there (None at the record's end). Answer: :func:`assess`'s, plus ``played``,
    ``played_value`` (the mover's chance after it: the next point's), ``drop`` (the mover's
    chance here less after), ``mark`` (only for a move other than the search's best) and
    ``best_text`` (the best move in words)."""
    point = dict(_assessed(game, seed, overrides))
    proof = point.pop("proof")
    point.update(played=move, played_value=None, drop=None, mark=None, label=None, best_text=None, proven=game.is_over)
    player = point["player"]
    proven = proof["value"] if proof is not None else None
    if proven is not None:
        point["proven"] = True
    best = point["best"]
    if best is None:  # dice, a deal, a position played by rules of thumb, the end
        return point
    after = game.clone()
    after.play(best)
    point["best_text"] = type(game).narrate(after.events, game.players)
    if move is None:
        return point
    after = game.clone()
    after.play(move)
    next_point = _assessed(after, seed, overrides)
    then = _proven_for(next_point, after, player)
    played_value = next_point["chances"][player] if then is None else then
    drop = point["chances"][player] - played_value
    label = None
    if proven is not None and (then is not None or proven == 0.0):
        # Proved on both sides (or lost whatever is played): a proven outcome let go is a blunder, none other is marked.
        mark = "blunder" if then is not None and then < proven else None
        if then is not None and then == proven > 0:   # a proven win or draw kept: the best there is, perhaps the only move
            label = "only" if only_keeper(game, move, proven, _proof_settings(game)["max_plies"]) else "best"
    else:
        mark = None if move == best else mark_for(drop)
    point.update(played_value=played_value, drop=drop, mark=mark, label=label)
    return point


def review_game(game: Game, seed: int = 0, **overrides: Any) -> list[dict[str, Any]]:
    """The review of every point of ``game``'s record, from the start to its last position."""
    position = new_game(game.name, game.players, game.seed, **game.options)
    points = []
    for move in game.history:
        points.append(review_ply(position, move, seed, **overrides))
        position.play(move)
    points.append(review_ply(position, None, seed, **overrides))
    return points


def rounded(point: dict[str, Any], digits: int = 4) -> dict[str, Any]:
    """A point with its numbers rounded (the bridge's answer)."""
    out = dict(point)
    out["chances"] = [round(c, digits) for c in point["chances"]]
    for key in ("best_value", "played_value", "drop"):
        if out[key] is not None:
            out[key] = round(out[key], digits)
    return out
