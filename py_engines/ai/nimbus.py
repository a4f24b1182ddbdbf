"""Nimbus knowledge for the search (``py_engines.ai``).

A round is won or lost at its very end, by who takes the last pyramid; until
then what counts is what each player has collected, since a round's winners
score their own collections. So the computer plays in two modes:

* **Setup and the middle of a round** (more than ``ENDGAME`` pyramids on the
  board, hidden ones included): no search, but rules of thumb that differ by
  level (``NimbusPolicy.levels``; docs/nimbus.md has the table). The setup is
  random (easy) or shapes the board for whoever makes the first turn of play:
  the richest collect as rich as can be if that is this player, as poor as can
  be if not (medium chooses where, hard also which pyramid). In the middle of a
  round easy takes the richest collect and any move action; medium plans its
  whole turn for the most pips (the collect, with or without a move action
  first, moving the pyramid that makes the richer line) and otherwise leaves the
  least for the next player; hard weighs each turn by its pips less the richest
  collect it leaves the next player, and the expert by its pips less the
  richest turn (a move action, then a collect) it leaves them.
* **The end of a round**: the Monte Carlo search, over whole rounds. Collects
  that take the same pyramids count once. At the root it takes a turn that
  ends the round in its favour, and drops moves after which the next player can
  end the round at once to its cost. Playouts are random, but a player who can
  empty the board with one collect, and gains by it, does so; hard's and the
  expert's playouts are careful: a player also makes the move action that lets
  a collect empty the board, and draws a turn's last action again (up to
  ``CAREFUL_TRIES`` times) rather than hand the next player a board to empty.
  With three players or more, hard expects the others to *grab* (``others:
  grab``): to take their richest turn, ending the round when that pays, without
  looking at what it leaves the player after them (``grabbing_moves``). In the
  search tree their turns are those moves only, and in playouts they are not
  careful. Expecting them to see ahead as it does, hard misjudged who would be
  handed the round's end and won no more than its share against such players.
  The expert still expects the others to see ahead, as strong players do.
  Between two players, with ``solve`` pyramids or fewer on the board (the expert:
  8), an exact search (``nimbus_endgame``, run in slices as ``ExactRoot``) first
  judges the root's moves: when some make sure of the round, only those are
  searched; moves it shows to lose it are dropped. The playouts alone judged such
  boards badly: a round's last turns are a race that one wrong move loses.

A board can be emptied in one turn only when it holds at most eight pyramids
(one line), none hidden under another after the move action, all on one line
and sharing a colour, a size or an orientation.

Positions are scored when a round ends: the finished game exactly, else a
softmax of the players' totals (a lead of ``TEMPERATURE`` points is worth about
e:1 odds).
"""
from __future__ import annotations

import time
from itertools import compress

from ..core import Game
from ..games.nimbus import (KIND_INDEX, KINDS, LINE_OF, LINES, LINES_THROUGH, NAMES, PLACE_NAMES, PROPS, STEP_NAMES,
                             Nimbus, pips)
from ..rng import Rng
from .nimbus_endgame import RoundSolver, board_of, turn_results
from .policy import Policy, RootWork, exp, rewards, shares

ENDGAME = 12
CAREFUL_TRIES = 3   # careful playouts: draws of a turn's last action before taking what comes
REPLY_KEEP = 8      # hard's turn plans: the move actions and the collects looked at further
# Move action texts, parsed once: "d4=ne" -> ("=", d4, orientation), "d4-d7" -> ("-", d4, d7).
ACTIONS = {text: ("=", s, o) for s, row in enumerate(PLACE_NAMES) for o, text in enumerate(row)}
ACTIONS.update({text: ("-", a, b) for a, row in enumerate(STEP_NAMES) for b, text in enumerate(row)})
TEMPERATURE = 12.0
ROUND = 10_000      # grabbing_moves: ending the round outweighs any collect
SQUARES = range(64)
SOLVE_BUDGET = 100_000  # the exact search's most boards at one root (about 1.5 s of CPython)


def occupied(g: Nimbus) -> list[int]:
    """The squares that hold a pyramid, in order."""
    return list(compress(SQUARES, g.stacks))


def pyramids(g: Nimbus) -> int:
    return g.on_board


def clearing_collect(g: Nimbus, tops: list[int] | None = None) -> str | None:
    """A collect that empties the board, if one does: every pyramid a top, on one line, sharing a property.
    ``tops``: the occupied squares, if the caller has them already."""
    if not g.on_board or g.on_board > 8:
        return None
    stacks = g.stacks
    if tops is None:
        tops = occupied(g)
    if len(tops) < g.on_board:
        return None  # a pyramid is hidden under another
    if len(tops) == 1:
        k = stacks[tops[0]][-1]
        return f"{PROPS[k // 3]}:{NAMES[tops[0]]}"
    line = LINE_OF.get((tops[0], tops[1]))
    if line is None:
        return None
    on_line = LINES[line]
    if any(s not in on_line for s in tops):
        return None
    for prop in _props(g, tops[0]):
        if all(g._has(s, prop) for s in tops):
            ends = [s for s in on_line if s in tops]
            return f"{PROPS[prop]}:{NAMES[ends[0]]}-{NAMES[ends[-1]]}"
    return None


def _props(g: Nimbus, s: int) -> tuple[int, int, int]:
    k = g.stacks[s][-1]
    return (k // 3, 5 + k % 3, 9 + g.dirs[s])


def scorers(g: Nimbus, taker: int) -> list[int]:
    """Who scores if ``taker`` empties the board now (the round_end option)."""
    n = g.players
    nxt = (taker + 1) % n
    rule = g.options["round_end"]
    if rule == "last":
        return [taker]
    if rule == "misere":
        return [nxt]
    if rule == "two_winners":
        return sorted({taker, nxt})
    losers = {"loser_last": {taker}, "loser_next": {nxt}, "two_losers": {taker, nxt}}[rule]
    return [p for p in range(n) if p not in losers]


def finishing_turn(g: Nimbus) -> list[str] | None:
    """The moves that finish the current turn by emptying the board, if some do; ``g`` is not changed.

    After a move action on pyramid x, the other tops must already lie on one line
    with nothing under them, so only such x are tried.
    """
    if g.setup or g.collected or g.on_board > 8:
        return None
    tops = occupied(g)
    clear = clearing_collect(g, tops)
    if clear or g.moved:
        return [clear] if clear else None
    stacks, dirs = g.stacks, g.dirs
    tall = [s for s in tops if len(stacks[s]) > 1]
    if len(tall) > 1 or tall and len(stacks[tall[0]]) > 2:
        return None
    for x in tall or tops:
        others = [s for s in tops if s != x]
        if len(others) > 1:
            line = LINE_OF.get((others[0], others[1]))
            if line is None:
                continue
            on_line = LINES[line]
            if any(s not in on_line for s in others[2:]):
                continue
        rest = [(s, stacks[s][-1], dirs[s]) for s in others]
        k = stacks[x][-1]
        for action in g._actions_at(x):
            kind, a, b = ACTIONS[action]
            if kind == "=":  # the pyramid turns where it lies
                after = rest + [(x, k, b - 1)]
            elif stacks[b]:
                continue  # it lands on a stack and hides a pyramid
            elif len(stacks[x]) > 1:
                after = rest + [(x, stacks[x][0], -1), (b, k, dirs[x])]
            else:
                after = rest + [(b, k, dirs[x])]
            if _one_collect(after):
                done = g.clone()
                done.play_unchecked(action)
                return [action, clearing_collect(done)]
    return None


def _one_collect(tops: list[tuple[int, int, int]]) -> bool:
    """Whether one collect takes all these (square, kind, direction) tops, nothing hidden under them."""
    if len(tops) > 1:
        line = LINE_OF.get((tops[0][0], tops[1][0]))
        if line is None or any(s not in LINES[line] for s, _, _ in tops[2:]):
            return False
    _, k, d = tops[0]
    return (all(t[1] // 3 == k // 3 for t in tops) or all(t[1] % 3 == k % 3 for t in tops)
            or all(t[2] == d for t in tops))


def gives_away(g: Nimbus, me: int) -> bool:
    """Whether, with ``me``'s turn over, the next player can empty the board at once to ``me``'s cost."""
    other = g.turn
    if other == me or not finishing_turn(g):
        return False
    winners = scorers(g, other)
    return other in winners and me not in winners


def unique_collects(g: Nimbus, moves: list[str]) -> list[str]:
    """The moves, keeping one collect for each set of pyramids taken."""
    seen: set[tuple[int, ...]] = set()
    out = []
    for move in moves:
        if ":" in move:
            taken = taken_by(g, move)
            if taken in seen:
                continue
            seen.add(taken)
        out.append(move)
    return out


def taken_by(g: Nimbus, move: str) -> tuple[int, ...]:
    prop, a, b = g._parse_collect(move)
    if b < 0:
        return (a,)
    return tuple(s for s in LINES[LINE_OF[a, b]] if g._has(s, prop))


def collect_pips(g: Nimbus, move: str) -> int:
    return top_pips(g, taken_by(g, move))


def top_pips(g: Nimbus, squares: tuple[int, ...]) -> int:
    """The pips of the top pyramids on these squares."""
    return sum(g.stacks[s][-1] % 3 + 1 for s in squares)


def best_collect(g: Nimbus) -> tuple[int, str | None]:
    """The richest collect here, in pips (ties: the first line and property found)."""
    best, choice = -1, None
    stacks, dirs = g.stacks, g.dirs
    for line in LINES:
        found: dict[int, list[int]] = {}
        for s in line:
            stack = stacks[s]
            if stack:
                k = stack[-1]
                value = k % 3 + 1
                for p in (k // 3, 5 + k % 3, 9 + dirs[s]):
                    entry = found.get(p)
                    if entry is None:
                        found[p] = [value, s, s]
                    else:
                        entry[0] += value
                        entry[2] = s
        for p, (value, a, b) in found.items():
            if value > best:
                best = value
                choice = f"{PROPS[p]}:{NAMES[a]}" if a == b else f"{PROPS[p]}:{NAMES[a]}-{NAMES[b]}"
    return best, choice


def setup_move(g: Nimbus) -> str:
    """Some setup move, found without listing them (the search stops at a round's end)."""
    if g.held < 0:
        return next(KINDS[k] for k, n in enumerate(g.pile) if n)
    return next(f"{NAMES[s]}=u" for s in range(64) if g.dirs[s] < 0)


def quick_move(g: Nimbus, rng: Rng) -> str:
    """A random move for playouts, cheaper than listing them all (and not quite uniform).

    When both actions are open, either comes first with even odds. A collect is a
    random top, one of its three properties and one of the four lines through it;
    a move action is a random pyramid's random action.
    """
    squares = occupied(g)
    if not g.collected and (g.moved or rng.below(2)):
        s = squares[rng.below(len(squares))]
        prop = _props(g, s)[rng.below(3)]
        through = LINES_THROUGH[s]  # four lines, three in a corner
        line = LINES[through[rng.below(len(through))]]
        tops = [t for t in line if g._has(t, prop)]
        a, b = tops[0], tops[-1]
        return f"{PROPS[prop]}:{NAMES[a]}" if a == b else f"{PROPS[prop]}:{NAMES[a]}-{NAMES[b]}"
    while True:
        s = squares[rng.below(len(squares))]
        options = g._actions_at(s)
        if options:
            return options[rng.below(len(options))]


class NimbusPolicy(Policy):
    levels = {
        # Easy's end of a round searches 60 playouts, not 100: at 100 it was nearly
        # medium there (medium won 57.5% of 40 games), at 60 medium wins 83% (docs/nimbus.md).
        "easy": {"setup": "random", "plan": "collect", "iterations": 60},
        "medium": {"setup": "place", "plan": "turn"},
        "hard": {"setup": "shape", "plan": "reply", "careful": 1, "others": "grab"},
        "expert": {"setup": "shape", "plan": "reply_turn", "careful": 1, "solve": 8},
    }
    me = -1  # the player whose end of a round is searched (set by root_moves)

    def root_moves(self, game: Game, moves: list[str], rng: Rng) -> list[str]:
        g = game
        if g.setup:
            return [self._setup(g, moves, rng)]
        if pyramids(g) > self.settings.get("endgame", ENDGAME):
            plan = self.settings.get("plan", "turn")
            if plan == "collect":
                return [self._collect_first(g, moves, rng)]
            if plan == "reply":
                return [self._reply(g, moves, rng)]
            if plan == "reply_turn":
                return [self._reply_turn(g, moves, rng)]
            return [self._greedy(g, moves, rng)]
        me = self.me = g.turn
        finish = finishing_turn(g)
        if finish and me in scorers(g, me):
            return [finish[0]]
        moves = unique_collects(g, moves)
        safe = []
        for move in moves:
            after = g.clone()
            after.play_unchecked(move)
            if after.round != g.round or after.is_over:
                if me in scorers(g, me):
                    return [move]
                continue  # ends the round to my cost
            if after.turn != me:
                if gives_away(after, me):
                    continue
            elif not self._safe_follow_up(after, me):
                continue  # every way to finish the turn gives the round away
            safe.append(move)
        return safe or moves

    def first_of_turn(self, game: Game) -> bool:
        return not (game.moved or game.collected)

    def root_work(self, game: Game, moves: list[str]) -> RootWork | None:
        """Two players and few pyramids (``solve``): the exact search of the round's end (``ExactRoot``)."""
        g = game
        if g.setup or g.players != 2 or pyramids(g) > self.settings.get("solve", 0):
            return None
        return ExactRoot(g, moves, self.settings.get("solve_budget", SOLVE_BUDGET))

    def _safe_follow_up(self, g: Nimbus, me: int) -> bool:
        for move in g.legal_moves():
            after = g.clone()
            after.play_unchecked(move)
            if after.round != g.round or after.is_over:
                if me in scorers(g, me):
                    return True
            elif not gives_away(after, me):
                return True
        return False

    def node_moves(self, game: Game) -> list[str]:
        g = game
        if g.setup:  # the round is over: the search looks no further (see playout)
            return [setup_move(g)]
        moves = unique_collects(g, g.legal_moves())
        if self._grabs(g, g.turn):
            return grabbing_moves(g, moves)
        if g.moved and g.on_board <= 16 or g.collected and g.on_board <= 8:
            # The turn's last move: leave no board the next player can empty to my cost
            # (only a board of eight pyramids or fewer can be emptied in one turn).
            me = g.turn
            safe = []
            for move in moves:
                if g.moved and g.on_board - len(taken_by(g, move)) > 8:
                    safe.append(move)
                    continue
                after = g.clone()
                after.play_unchecked(move)
                if after.round != g.round or after.is_over or not gives_away(after, me):
                    safe.append(move)
            return safe or moves
        return moves

    def _grabs(self, g: Nimbus, player: int) -> bool:
        """Whether the search expects ``player`` to grab (take the richest turn, see
        ``grabbing_moves``) rather than look ahead: with ``others: grab``, every player but
        the searcher in a game of three or more."""
        return self.settings.get("others") == "grab" and g.players > 2 and self.me >= 0 and player != self.me

    def playout(self, game: Game, rng: Rng, limit: int) -> list[tuple[int, str]]:
        g = game
        careful = self.settings.get("careful", 0)
        played: list[tuple[int, str]] = []
        for _ in range(limit):
            if g.final is not None or g.setup:
                break  # a round's end is where positions are scored
            mover = g.to_move
            move = None
            if not g.collected and g.on_board <= 8:
                clear = clearing_collect(g)
                if clear and mover in scorers(g, mover):
                    move = clear
                elif careful and not g.moved and mover in scorers(g, mover):
                    finish = finishing_turn(g)  # a move action that lets a collect empty the board
                    if finish:
                        move = finish[0]
            if move is None:
                move = quick_move(g, rng)
                if careful and (g.moved or g.collected) and g.on_board <= 16 and not self._grabs(g, mover):
                    # The turn's last action: try again, a few times, not to hand the next
                    # player a board they can empty at once.
                    for _ in range(CAREFUL_TRIES):
                        after = g.clone()
                        after.play_unchecked(move)
                        if after.round != g.round or after.is_over or not gives_away(after, mover):
                            break
                        move = quick_move(g, rng)
            g.play_unchecked(move)
            played.append((mover, move))
        return played

    def evaluate(self, game: Game) -> list[float]:
        g = game
        if g.is_over:
            return rewards(g)
        top = max(g.totals)
        return shares([exp((t - top) / TEMPERATURE) for t in g.totals])

    # -- the setup ----------------------------------------------------------------
    def _setup(self, g: Nimbus, moves: list[str], rng: Rng) -> str:
        """A setup move: at random (``setup: random``), or shaping the board for whoever
        starts play: the richest collect as rich as can be if that is this player, as
        poor as can be if not (``place``: where the pyramid goes; ``shape``: which
        pyramid too)."""
        how = self.settings.get("setup", "random")
        if how == "random" or (how == "place" and g.held < 0):
            return moves[rng.below(len(moves))]
        me = g.turn
        sign = 1 if starter(g) == me else -1
        lines = Lines(g)
        if g.held >= 0:
            scored = [(sign * lines.richest_with(g, *PLACING[move], g.held), move) for move in moves]
        else:
            scored = []
            places = [PLACING[move] for move, _ in g._placements()]  # where any pyramid could go
            for move in moves:
                k = KIND_INDEX[move]
                scored.append((max(sign * lines.richest_with(g, s, d, k) for s, d in places), move))
        return _one_of(scored, max(v for v, _ in scored), rng)

    # -- the middle of a round ------------------------------------------------------
    def _collect_first(self, g: Nimbus, moves: list[str], rng: Rng) -> str:
        """Easy: the richest collect now, then any move action."""
        if g.collected:
            return moves[rng.below(len(moves))]
        return best_collect(g)[1]

    def _reply(self, g: Nimbus, moves: list[str], rng: Rng) -> str:
        """Hard: the turn worth the most pips less the richest collect it leaves the next player.

        A turn is a move action then a collect, or a collect then a move action. The
        first kind is judged for the ``REPLY_KEEP`` move actions that make the richest
        collect; the second for the ``REPLY_KEEP`` richest collects, each followed by
        every move action.
        """
        if g.collected:  # the move action is left: leave the next player the least
            return self._spoiler(g, moves, rng)
        if g.moved:  # the collect is left
            scored = [(collect_pips(g, c) - _richest_after(g, c), c) for c in unique_collects(g, moves)]
            return _one_of(scored, max(v for v, _ in scored), rng)
        lines = Lines(g)
        plans: list[tuple[int, str]] = []
        first = sorted(((lines.richest_after_action(g, a), a) for a in g._move_actions()), key=lambda x: -x[0])
        for _, action in first[:REPLY_KEEP]:
            after = g.clone()
            after.play_unchecked(action)
            value, collect = best_collect(after)
            after.play_unchecked(collect)
            plans.append((value - best_collect(after)[0], action))
        collects = sorted(((collect_pips(g, c), c) for c in unique_collects(g, g._collects())), key=lambda x: -x[0])
        for value, collect in collects[:REPLY_KEEP]:
            after = g.clone()
            after.play_unchecked(collect)
            if not after.on_board:
                continue  # a collect that empties the board is the endgame's business
            rest = Lines(after)
            worst = min(rest.richest_after_action(after, a) for a in after._move_actions())
            plans.append((value - worst, collect))
        return _one_of(plans, max(v for v, _ in plans), rng)

    def _reply_turn(self, g: Nimbus, moves: list[str], rng: Rng) -> str:
        """Expert: as ``_reply``, but what a turn leaves is the next player's richest *turn*
        (a move action may come before their collect), not only their richest collect.

        That costs a look at every move action the next player has, so it is done for
        the ``REPLY_KEEP`` candidates of each kind that hard's measure finds best (and,
        after a collect first, for the four move actions that leave the least to collect).
        """
        if g.collected:  # the move action is left: leave the next player the least
            pre = sorted(((_collect_after(g, a), a) for a in moves), key=lambda x: x[0])
            scored = [(-richest_turn(_played(g, a)), a) for _, a in pre[:REPLY_KEEP]]
            return _one_of(scored, max(v for v, _ in scored), rng)
        if g.moved:  # the collect is left
            pre = sorted(((collect_pips(g, c) - _richest_after(g, c), c) for c in unique_collects(g, moves)),
                         key=lambda x: -x[0])
            scored = [(collect_pips(g, c) - richest_turn(_played(g, c)), c) for _, c in pre[:REPLY_KEEP]]
            return _one_of(scored, max(v for v, _ in scored), rng)
        lines = Lines(g)
        plans: list[tuple[int, str]] = []
        first = sorted(((lines.richest_after_action(g, a), a) for a in g._move_actions()),
                       key=lambda x: -x[0])
        for _, action in first[:REPLY_KEEP]:
            after = _played(g, action)
            value, collect = best_collect(after)
            after.play_unchecked(collect)
            plans.append((value - richest_turn(after), action))
        collects = sorted(((collect_pips(g, c), c) for c in unique_collects(g, g._collects())), key=lambda x: -x[0])
        for value, collect in collects[:REPLY_KEEP]:
            after = _played(g, collect)
            if not after.on_board:
                continue  # a collect that empties the board is the endgame's business
            rest = Lines(after)
            spoilers = sorted((rest.richest_after_action(after, a), a) for a in after._move_actions())
            plans.append((value - min(richest_turn(_played(after, a)) for _, a in spoilers[:4]), collect))
        return _one_of(plans, max(v for v, _ in plans), rng)

    def _greedy(self, g: Nimbus, moves: list[str], rng: Rng) -> str:
        """The first move of the turn worth the most pips (ties broken by ``rng``)."""
        if g.moved:  # the collect is left
            return best_collect(g)[1]
        if g.collected:  # the move action is left: leave the next player the least
            return self._spoiler(g, moves, rng)
        value, collect_first = best_collect(g)
        plans = [(value, collect_first)] + [(_collect_after(g, a), a) for a in g._move_actions()]
        return _one_of(plans, max(v for v, _ in plans), rng)

    def _spoiler(self, g: Nimbus, moves: list[str], rng: Rng) -> str:
        scored = [(_collect_after(g, m), m) for m in moves]
        return _one_of(scored, min(v for v, _ in scored), rng)


class ExactRoot(RootWork):
    """The root's moves judged by the exact search of the round's end (``nimbus_endgame``).

    The moves after which this player is sure to score the round, if some are; else the
    moves not shown to lose it, or all of them if every one does (the other may still go
    wrong). The search looks at ``budget`` boards at most (100,000 take about 1.5 s of
    CPython); moves it has not reached stay in.
    """

    CHUNK = 500  # boards between looks at the clock

    def __init__(self, g: Nimbus, moves: list[str], budget: int) -> None:
        self.g, self.candidates, self.budget = g, moves, budget
        self.solver = RoundSolver(g.options["round_end"] == "last")
        self.next = 0        # the move being judged
        self.asking = False  # whether the solver has its question
        self.mine = False    # whether the question is about this player's chances (else the other's)
        self.won: list[str] = []
        self.lost: set[str] = set()

    def step(self, until: float) -> bool:
        g, solver = self.g, self.solver
        while self.next < len(self.candidates) and solver.looked < self.budget:
            if time.perf_counter() > until:
                return False
            move = self.candidates[self.next]
            if not self.asking:
                after = _played(g, move)
                if after.round != g.round or after.is_over:
                    self.next += 1  # the round ends now: root_moves has judged it
                    continue
                board = board_of(after)
                self.mine = after.turn == g.turn
                if self.mine:  # the turn's second action is still to come
                    solver.ask_turn(*turn_results(board, after.moved, after.collected))
                else:
                    solver.ask_board(board)
                self.asking = True
            answer = solver.work(min(self.CHUNK, self.budget - solver.looked))
            if answer is None:
                continue
            if answer == self.mine:
                self.won.append(move)
            else:
                self.lost.add(move)
            self.asking = False
            self.next += 1
        return True

    def progress(self) -> float:
        return max(self.next / len(self.candidates), self.solver.looked / self.budget)

    def moves(self) -> list[str]:
        if self.won:
            return self.won
        return [m for m in self.candidates if m not in self.lost] or self.candidates


def grabbing_moves(g: Nimbus, moves: list[str]) -> list[str]:
    """The moves a player who grabs would choose among: those that make the richest turn (a
    collect alone, or a move action and the richest collect it leaves), ending the round first
    when that scores for the player and last when it does not; all ``moves`` when only the
    move action is left, since such a player does not look at what it leaves."""
    if g.collected:
        return moves
    lines = None if g.moved else Lines(g)
    scored = []
    for move in moves:
        if ":" not in move:
            scored.append((lines.richest_after_action(g, move), move))
            continue
        taken = taken_by(g, move)
        if len(taken) == g.on_board:  # the last pyramids
            value = ROUND if g.turn in scorers(g, g.turn) else -ROUND
        else:
            value = top_pips(g, taken)
        scored.append((value, move))
    top = max(v for v, _ in scored)
    return [m for v, m in scored if v == top]


def _played(g: Nimbus, move: str) -> Nimbus:
    after = g.clone()
    after.play_unchecked(move)
    return after


def richest_turn(g: Nimbus) -> int:
    """The pips of the richest turn the player to move has: a collect alone, or a move
    action and then a collect (0 on an empty board)."""
    if not g.on_board:
        return 0
    lines = Lines(g)
    best = max(lines.best)
    for action in g._move_actions():
        best = max(best, lines.richest_after_action(g, action))
    return best


def _richest_after(g: Nimbus, move: str) -> int:
    """The richest collect left once ``move`` is played (0 on an empty board)."""
    return max(best_collect(_played(g, move))[0], 0)


def starter(g: Nimbus) -> int:
    """Who makes the first turn of play once this setup is over (the player after the last placer)."""
    placements = g.left + (1 if g.held >= 0 else 0)  # pyramids still to be placed, this player's included
    return (g.turn + placements) % g.players


# A setup placement's text -> (square, direction: -1 upright, else 0-7).
PLACING = {PLACE_NAMES[sq][o]: (sq, o - 1) for sq in range(64) for o in range(9)}


def line_best(stacks: list[list[int]], dirs: list[int], line: tuple[int, ...]) -> int:
    """The pips of the richest collect on one line."""
    found: dict[int, int] = {}
    for s in line:
        stack = stacks[s]
        if stack:
            k = stack[-1]
            v = k % 3 + 1
            for p in (k // 3, 5 + k % 3, 9 + dirs[s]):
                found[p] = found.get(p, 0) + v
    return max(found.values(), default=0)


class Lines:
    """The richest collect of every line of a position, to find the board's richest
    collect after a change to a few squares without looking at every line again."""

    def __init__(self, g: Nimbus) -> None:
        self.best = [line_best(g.stacks, g.dirs, line) for line in LINES]
        self.order = sorted(range(len(LINES)), key=lambda i: -self.best[i])

    def _untouched(self, touched: set[int]) -> int:
        for i in self.order:
            if i not in touched:
                return self.best[i]
        return 0

    def richest_after(self, after: Nimbus, changed: tuple[int, ...]) -> int:
        """The richest collect in ``after``, this position with only the ``changed`` squares' tops changed."""
        touched = {i for s in changed for i in LINES_THROUGH[s]}
        top = self._untouched(touched)
        for i in touched:
            v = line_best(after.stacks, after.dirs, LINES[i])
            if v > top:
                top = v
        return top

    def richest_after_action(self, g: Nimbus, action: str) -> int:
        """The richest collect once the move action ``action`` is played (``g`` is put back as it was)."""
        kind, a, b = ACTIONS[action]
        stacks, dirs = g.stacks, g.dirs
        changed = (a,) if kind == "=" else (a, b)
        saved = [(s, stacks[s], dirs[s]) for s in changed]
        if kind == "=":  # the pyramid turns where it lies
            dirs[a] = b - 1
        else:  # the top of a goes onto b, as it lay
            stacks[b] = stacks[b] + stacks[a][-1:]
            stacks[a] = stacks[a][:-1]
            dirs[b] = dirs[a]
            if not stacks[a]:
                dirs[a] = -1
        try:
            return self.richest_after(g, changed)
        finally:
            for s, stack, direction in saved:
                stacks[s], dirs[s] = stack, direction

    def richest_with(self, g: Nimbus, square: int, direction: int, kind: int) -> int:
        """The richest collect once a pyramid of ``kind`` goes on ``square`` (``direction`` -1: upright)."""
        stacks, dirs = g.stacks, g.dirs
        old_stack, old_dir = stacks[square], dirs[square]
        stacks[square] = old_stack + [kind]
        dirs[square] = direction
        try:
            return self.richest_after(g, (square,))
        finally:
            stacks[square], dirs[square] = old_stack, old_dir


def _collect_after(g: Nimbus, move: str) -> int:
    """What the best collect is worth once ``move`` is played."""
    after = g.clone()
    after.play_unchecked(move)
    return best_collect(after)[0]


def _one_of(scored: list[tuple[int, str]], value: int, rng: Rng) -> str:
    """One of the moves scored ``value``, drawn with ``rng``."""
    best = [m for v, m in scored if v == value]
    return best[rng.below(len(best))]


__all__ = ["NimbusPolicy", "clearing_collect", "finishing_turn", "pips", "scorers"]


POLICY = NimbusPolicy
"""The search's knowledge of this game (ai/search.py reads it by the game's name)."""

REVIEW = {"base": "hard", "iterations": 150, "max_seconds": 1.0}
"""The review's search of this game (ai/review.py): hard's knowledge at a budget that reviews a whole
typical game within 10 s of CPython (bench/review.py measures it), each point capped in seconds."""
