"""The computer opponent's search: one Monte Carlo tree search for every game.

The search is UCT with RAVE (all-moves-as-first statistics) over a tree whose
nodes belong to a player or to chance:

* Rewards are vectors, one entry per player: each winner gets ``1/len(winners)``,
  a draw gives every player ``1/players``. A node's statistics are kept for the
  player who moves there, so two to ten players, teams (several winners) and
  turns made of several moves (``to_move`` unchanged) need nothing special.
* At a chance point (``to_move == CHANCE``) the outcomes listed by
  ``legal_moves()`` are sampled uniformly with the search's own generator (a
  game may weight them with ``chance_outcomes() -> [(move, weight), ...]``); the
  game's own dice are never peeked at.
* Budgets are counted in iterations (playouts), so a level plays the same move
  for the same position and seed on every machine; a wall-clock cap exists only
  as a safety limit, and the result is deterministic whenever it is not hit.
  Same machine or not: CPython and Pyodide (another Python version, another C
  library) must agree to the last bit, so the search never calls the C
  library's ``exp``, ``log`` or ``pow``, nor ``sum`` over floats (its rounding
  changed in Python 3.12): it uses ``exp`` and ``log`` of ``policy.py`` and ``math.fsum``.
* A :class:`Search` can run in slices (``run(seconds=...)``) and tell its best
  move so far at any time: the page's worker uses this to show progress and to
  let a player say "move now". Slicing does not change the result.

Game knowledge plugs in through a *policy* (``ai/policy.py``): which moves to
search at the root and at a node, how to play a playout, and how to score a
position a playout leaves unfinished; a policy may also judge the root's moves
by longer work of its own (such as Nimbus's exact search of a round's end),
done in slices before the first playout. ``POLICIES`` below holds each game's
(``POLICY`` of ``ai/<game>.py``); a game without one gets the generic policy.
"""
from __future__ import annotations

import math
import time
from typing import Any

from ..core import CHANCE, Game
from ..rng import Rng
from ..games import game_modules
from .policy import Policy, RootWork, chance_move, log

# Budgets in iterations; ``max_seconds`` (a move) and ``turn_seconds`` (a whole turn,
# when the caller says how long the turn has thought already) are safety caps only
# (see docs/ai.md).
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 100, "max_seconds": 1.0, "turn_seconds": 2.0},
    "medium": {"iterations": 400, "max_seconds": 1.5, "turn_seconds": 3.0},
    "hard": {"iterations": 1500, "max_seconds": 1.9, "turn_seconds": 3.5},
    "expert": {"iterations": 6000, "max_seconds": 5.0, "turn_seconds": 5.0},
}
SEARCH_DEFAULTS: dict[str, Any] = {
    "exploration": 0.4,     # UCT constant (rewards lie in [0, 1])
    "rave": 300.0,          # RAVE equivalence: 0 turns RAVE off
    "playout_limit": 400,   # moves a playout may make before the position is scored
    "turn_share": 0.25,     # the budget's share for a move after the first of its turn (Policy.first_of_turn)
}

# Each game's knowledge, by the game's name: its module's POLICY (ai/<game>.py; a game
# without one gets the generic Policy).
POLICIES: dict[str, type[Policy]] = {name: module.POLICY for name, module in game_modules(__package__).items()}


def policy_for(game: Game) -> Policy:
    """A fresh policy for ``game``: its game's own, or the generic one."""
    return POLICIES.get(game.name, Policy)()


# ---------------------------------------------------------------------------
# The tree

class Node:
    """A position in the tree: statistics per candidate move, for the player to move."""

    __slots__ = ("player", "moves", "index", "children", "n", "w", "an", "aw", "visits")

    def __init__(self, player: int, moves: list[str]) -> None:
        self.player = player
        self.moves = moves
        self.index = {m: i for i, m in enumerate(moves)}
        k = len(moves)
        self.children: list[Node | None] = [None] * k
        self.n = [0] * k          # visits through each move
        self.w = [0.0] * k        # the mover's reward summed over them
        self.an = [0] * k         # RAVE: playouts in which the mover played the move later
        self.aw = [0.0] * k
        self.visits = 0


def _seed_for(game: Game, seed: int) -> int:
    # Mix the seed with the position's length so successive moves draw different numbers.
    return (seed * 0x9E3779B97F4A7C15 + len(getattr(game, "history", ())) * 0xD1B54A32D192ED03 + 1) & ((1 << 64) - 1)


def _settings(level: str | dict[str, Any], overrides: dict[str, Any], own: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The search settings for a level name or a settings dict; ``own``: the game's own settings by level name.

    A settings dict may name a ``base`` level whose settings (the game's own
    included) it changes, e.g. ``{"base": "hard", "iterations": 3000}``.
    """
    if isinstance(level, dict):
        base = level
    else:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
        base = {**LEVELS[level], **own.get(level, {})}
    name = base.get("base")
    if name in LEVELS:
        base = {**LEVELS[name], **own.get(name, {}), **base}
    return {**SEARCH_DEFAULTS, **base, **overrides}


class Search:
    """One search of a position: run it whole, or in slices, and ask for its best move at any time.

    ``game`` is not changed (each iteration plays on a copy). A position that
    needs no search (one legal move, a move the policy settles alone, a chance
    point) is decided at once: ``done`` is true and ``iterations`` stays 0.
    """

    def __init__(self, game: Game, level: str | dict[str, Any] = "hard", seed: int = 0, *, spent: float = 0.0,
                 **overrides: Any) -> None:
        """``spent``: the seconds this turn has thought already (its earlier moves), so that
        the whole turn keeps within the level's ``turn_seconds``; a move always keeps a
        tenth of its own cap."""
        self.started = time.perf_counter()
        policy = policy_for(game)
        settings = _settings(level, overrides, policy.levels)
        policy.settings = settings
        if game.is_over:
            raise ValueError("the game is over: there is no move to choose")
        self.game = game
        self.policy = policy
        self.player = game.to_move
        self.rng = rng = Rng(_seed_for(game, seed))
        self.budget = int(settings["iterations"])
        if not policy.first_of_turn(game):
            self.budget = max(1, round(self.budget * float(settings["turn_share"])))
        cap = float(settings.get("max_seconds") or math.inf)
        if spent and settings.get("turn_seconds"):
            cap = min(cap, max(float(settings["turn_seconds"]) - spent, cap / 10))
        self.deadline = self.started + cap
        self.c = float(settings["exploration"])
        self.rave = float(settings["rave"])
        self.limit = int(settings["playout_limit"])
        self.iterations = 0
        self.capped = False
        self.root: Node | None = None
        self.decided: str | None = None
        self.work: RootWork | None = None
        self.worked = False  # whether the policy had root work
        if self.player == CHANCE:
            self.decided = chance_move(game, rng)
            return
        legal = game.legal_moves()
        if len(legal) == 1:
            self.decided = legal[0]
            return
        candidates = policy.root_moves(game, legal, rng)
        if len(candidates) == 1:
            self.decided = candidates[0]
            return
        self.work = policy.root_work(game, candidates)
        self.worked = self.work is not None
        self._plant(candidates)

    def _plant(self, candidates: list[str]) -> None:
        k = self.rng.below(len(candidates))  # ties among unvisited moves break at random
        self.root = Node(self.player, candidates[k:] + candidates[:k])

    def _work(self, until: float) -> bool:
        """Do the policy's root work until ``until``; once it is done (or the safety cap is
        reached), search the moves it leaves. Return whether the search may go on."""
        finished = self.work.step(min(until, self.deadline))
        if not finished and time.perf_counter() < self.deadline:
            return False
        self.capped = self.capped or not finished  # the safety cap cut the root work short
        moves = self.work.moves()
        self.work = None
        if len(moves) == 1:
            self.decided, self.root = moves[0], None
            return False
        self._plant(moves)
        return True

    @property
    def done(self) -> bool:
        """Whether the search has spent its budget (or was cut short by its safety cap)."""
        return self.root is None or self.capped or self.iterations >= self.budget

    @property
    def progress(self) -> float:
        """How far the search has gone, 0 to 1 (the page's progress bar): the share of the
        budget played out, after the policy's root work (if any), which fills the first half."""
        played = 1.0 if self.done else self.iterations / self.budget
        if not self.worked:
            return played
        if self.work is not None:
            return 0.5 * min(1.0, self.work.progress())
        return 0.5 + 0.5 * played

    def run(self, seconds: float | None = None) -> bool:
        """Search on: to the end of the budget, or for about ``seconds`` (at least one
        iteration); return ``done``. Where the slices end does not change the result."""
        if self.root is None:
            return True
        now = time.perf_counter()
        stop = now + seconds if seconds is not None else math.inf
        if self.work is not None:
            if not self._work(stop):
                return self.done
            now = time.perf_counter()
        game, root, policy, rng = self.game, self.root, self.policy, self.rng
        c, rave, limit = self.c, self.rave, self.limit
        ran = 0
        while self.iterations < self.budget:
            if ran:
                now = time.perf_counter()
                if now > stop:
                    break
            if self.iterations and now > self.deadline:
                self.capped = True
                break
            _iterate(root, game.clone(), policy, rng, c, rave, limit)
            self.iterations += 1
            ran += 1
        return self.done

    def answer(self) -> dict[str, Any]:
        """The best move so far and what the search saw (see :func:`analyse`)."""
        root = self.root
        if root is None:
            return self._answer(self.decided, None, [])
        if self.work is not None:  # told to move before the search began
            return self._answer(self.work.moves()[0], None, [])
        order = sorted(range(len(root.moves)),
                       key=lambda i: (-root.n[i], -(root.w[i] / root.n[i] if root.n[i] else 0.0), i))
        best = order[0]
        table = [{"move": root.moves[i], "visits": root.n[i],
                  "value": round(root.w[i] / root.n[i], 4) if root.n[i] else None} for i in order]
        value = root.w[best] / root.n[best] if root.n[best] else None
        return self._answer(root.moves[best], value, table)

    def _answer(self, move: str, value: float | None, table: list[dict[str, Any]]) -> dict[str, Any]:
        return {"move": move, "player": self.player, "iterations": self.iterations, "budget": self.budget,
                "seconds": time.perf_counter() - self.started, "capped": self.capped,
                "value": None if value is None else round(value, 4), "moves": table}


def analyse(game: Game, level: str | dict[str, Any] = "hard", seed: int = 0, **overrides: Any) -> dict[str, Any]:
    """Search the position; return the chosen move and what the search saw.

    The answer: ``move``, ``player``, ``iterations`` (playouts run), ``budget``
    (the level's), ``seconds``, ``capped`` (the safety time cap cut the search
    short), ``value`` (the mover's estimated reward for the move, 0..1, a win
    estimate in two-player games) and ``moves`` (the searched moves, most
    visited first, each with ``visits`` and ``value``). ``game`` is not changed.
    """
    search = Search(game, level, seed, **overrides)
    search.run()
    return search.answer()


def choose_move(game: Game, level: str | dict[str, Any] = "hard", seed: int = 0, **overrides: Any) -> str:
    """The move the computer plays at ``level`` (``easy``, ``medium``, ``hard``, ``expert``) for ``seed``."""
    return analyse(game, level, seed, **overrides)["move"]


def _select(node: Node, c: float, rave: float) -> int:
    """The move to follow from a decision node: UCT, blended with RAVE while visits are few."""
    log_n = log(node.visits + 1.0)
    best = -1.0
    choice = 0
    n, w, an, aw = node.n, node.w, node.an, node.aw
    for i in range(len(n)):
        ni = n[i]
        if ni:
            q = w[i] / ni
            if rave and an[i]:
                beta = math.sqrt(rave / (3 * ni + rave))
                q = (1 - beta) * q + beta * aw[i] / an[i]
            score = q + c * math.sqrt(log_n / ni)
        elif rave and an[i]:
            score = aw[i] / an[i] + c  # first play urgency from the RAVE estimate
        else:
            score = 1.0 + c
        if score > best:
            best = score
            choice = i
    return choice


def _iterate(root: Node, game: Game, policy: Policy, rng: Rng, c: float, rave: float, limit: int) -> None:
    path: list[tuple[Node, int]] = []
    played: list[tuple[int, str]] = []
    node = root
    # Selection and expansion.
    while True:
        if node.player == CHANCE:
            move = chance_move(game, rng)
            i = node.index.get(move)
            if i is None:  # an outcome not listed when the node was made: add it
                i = len(node.moves)
                node.moves.append(move)
                node.index[move] = i
                node.children.append(None)
                node.n.append(0); node.w.append(0.0); node.an.append(0); node.aw.append(0.0)
        else:
            i = _select(node, c, rave)
            move = node.moves[i]
        path.append((node, i))
        mover = node.player
        game.play_unchecked(move)
        played.append((mover, move))
        child = node.children[i]
        if child is None:
            if not game.is_over:
                player = game.to_move
                moves = game.legal_moves() if player == CHANCE else policy.node_moves(game)
                if len(moves) > 1:  # rotate by a random amount: ties among unvisited moves break at random
                    k = rng.below(len(moves))
                    moves = moves[k:] + moves[:k]
                node.children[i] = Node(player, moves)
            break
        node = child
        if game.is_over:
            break
    # Simulation.
    if not game.is_over:
        played += policy.playout(game, rng, limit)
    result = policy.evaluate(game)
    # Back-propagation, with all-moves-as-first updates for RAVE.
    depth = len(path)
    for d in range(depth - 1, -1, -1):
        node, i = path[d]
        node.visits += 1
        node.n[i] += 1
        player = node.player
        if player == CHANCE:
            continue
        reward = result[player]
        node.w[i] += reward
        if rave:
            seen = set()
            index, an, aw = node.index, node.an, node.aw
            for p, m in played[d:]:
                if p == player and m not in seen:
                    seen.add(m)
                    j = index.get(m)
                    if j is not None:
                        an[j] += 1
                        aw[j] += reward
