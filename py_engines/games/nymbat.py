"""Nymbat (Channing Jones, 2013): numbered pieces march on a 169-cell hex board.

Each player builds their own pieces, numbered 1 to 6, out of a reserve (60 each
with two players, 40 with four). A turn is one of three things:

* **bring in**: place one or more pieces on empty cells of your setup area (your
  home row and the two rows beside it); their numbers are paid from the
  reserve. A player's first turn must be a bring-in of at most 30 (20 with four).
* **move a group**: one of your groups (pieces joined by adjacency) as it stands
  at the start of the turn. Its speed is its lowest number. Its pieces move one
  at a time, each at most once, each up to speed steps, through your own (and a
  teammate's) pieces but not through enemies, ending on an empty cell or on an
  enemy piece: an attack. At least one piece moves.
* **pass**.

An attack removes the enemy piece. The attacker dies too unless its number
beats the defender's number plus the defender's own pieces next to the attacked
cell. If removing the defender split its group, the attacker may then remove
defender pieces next to the attacked cell, with numbers totalling at most the
attacker's (a breakthrough; no chain reactions).

At the end of a turn that removed no enemy piece: a group move that ended
farther from the opponent's home row (measured from the group's closest piece)
is a retreat and costs 1 reserve; a turn that neither brought pieces in nor got
closer is a delay (a pass is one), and every 7th delay costs 1 reserve. With an
empty reserve the player removes one of their own pieces instead.

A player wins at the start of their turn with a piece on the opponent's home
row where the opponent has none. If the board is empty and every reserve is
spent, the player who moved last wins. With four players (teams of two on
adjacent edges) a player meeting that condition eliminates the enemy, a player
with no reserve and no pieces is eliminated too, and a team wins once both
enemies are out. Each round team A picks which of its players moves, then team
B, then A's other player, then B's other.

Notation (one move each; a turn may take several):

* ``c4=3``   bring in a 3 on c4
* ``e5-g6``  move the piece on e5 to g6 (an attack when an enemy stands there)
* ``xf6``    remove the piece on f6: a breakthrough's removal, or the player's
             own piece when a penalty finds the reserve empty
* ``stop``   make no more breakthrough removals
* ``done``   end the turn's bring-in or group move
* ``pass``   pass the turn
* ``p2``     four players: the team's pick, player 2 takes the team's turn

A turn ends by itself when nothing more can be done in it (the allowance is
spent, no setup cell is free, no piece of the group can still move).

Events (see ``core.Game``): ``pick`` (four players: ``picked``, who takes the
team's turn), ``place`` (``number``), ``move`` (``number``), ``attack`` (``cell``,
``number``, ``defender``, ``defender_number``, ``defence``: the defender's number
plus its supporters', ``survived``, ``breakthrough``), ``remove`` (``owner``,
``cell``, ``number``, ``reason``: attack, attacker, breakthrough, penalty or
eliminated), ``pass``, ``delay`` (``count``: the player's delays so far),
``penalty`` (``kind`` retreat or delay, ``paid`` reserve or piece, or ``owed``:
a piece must be given up), ``out`` and ``end`` (``reason`` home, empty or eliminated).
"""
from __future__ import annotations

import math
import re
from typing import Any

from ..core import Game, IllegalMove, and_list, quote, tell
from .hexgrid import hex_grid

GRID = hex_grid(8)
CELLS = len(GRID)  # 169
NAMES = GRID.names
INDEX = GRID.index
NEIGHBOURS = GRID.neighbours


def _edge_cells(edge: int) -> tuple[int, ...]:
    """The 8 cells along edge ``edge`` (0 at the bottom, counterclockwise)."""
    angle = math.radians(270 + 60 * edge)  # the edge's outward direction
    reach = [GRID.centre(c)[0] * math.cos(angle) + GRID.centre(c)[1] * math.sin(angle) for c in range(CELLS)]
    top = max(reach)
    return tuple(c for c in range(CELLS) if reach[c] > top - 1e-6)


HOME = [frozenset(_edge_cells(e)) for e in range(6)]            # home row along each edge
DIST = [GRID.distances_from(list(HOME[e])) for e in range(6)]    # steps from each cell to that row
SETUP = [tuple(c for c in range(CELLS) if DIST[e][c] <= 2) for e in range(6)]  # 27 cells each

SEAT_NAMES = {2: ("Red", "Blue"), 4: ("Red", "Blue", "Gold", "Green")}
EDGES = {2: (0, 3), 4: (0, 3, 1, 4)}   # each player's edge: 0 bottom, 3 top, 1 lower right, 4 upper left
RESERVE = {2: 60, 4: 40}
FIRST_LIMIT = {2: 30, 4: 20}
DELAYS_PER_PENALTY = 7
PASS, DONE, STOP = "pass", "done", "stop"

# The notation, matched whole (``fullmatch``: no line break after the move) and with ASCII
# digits only (``\d`` would take any script's digits).
_MOVE = re.compile(r"([a-o][0-9]{1,2})-([a-o][0-9]{1,2})")
_PLACE = re.compile(r"([a-o][0-9]{1,2})=([0-9])")
_REMOVE = re.compile(r"x([a-o][0-9]{1,2})")
_PICK = re.compile(r"p([0-9])")
EXAMPLES = "c4=3, e5-g6, xf6, stop, done, pass or p2"


class Nymbat(Game):
    name = "nymbat"
    title = "Nymbat"
    player_counts = (2, 4)
    option_specs: dict[str, dict[str, Any]] = {}

    def __init__(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, seed, options or {})
        n = players
        self.edge = EDGES[n]
        self.side = tuple(p % 2 for p in range(n))  # team (two players: each their own side)
        self.owner = [-1] * CELLS                # -1 empty, else the player
        self.num = [0] * CELLS                   # the piece's number, 1-6
        self.reserve = [RESERVE[n]] * n
        self.started = [False] * n               # has had a first turn
        self.delays = [0] * n
        self.out = [False] * n                   # eliminated (four players)
        self.turn = 0
        self.phase = "start"  # pick, start, bring, move, break, penalty, over
        self.result: str | None = None           # home, empty, eliminated
        self.winner_list: list[int] = []
        # Four players: the round's slot (0-3) and the player each team sent first.
        self.slot = 0
        self.picked: list[int | None] = [None, None]
        self._clear_turn()
        self.last: tuple[int, ...] = ()  # cells the last move touched
        if n == 4:
            self.slot = -1
            self._next_turn()

    def _clear_turn(self) -> None:
        self.kind: str | None = None    # bring, move or pass
        self.placed = 0                 # total brought in this turn
        self.left: set[int] = set()     # the group's pieces that may still move (their cells)
        self.moved: set[int] = set()    # the group's pieces that have moved and still stand
        self.speed = 0
        self.start_dist = 0
        self.took = False               # an enemy piece was removed this turn
        self.breach: tuple[int, int, int] | None = None  # breakthrough: (cell, defender, allowance left)
        self.owed: str | None = None    # a penalty owed as a piece: retreat or delay

    # -- the protocol -------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == "over" else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def winners(self) -> list[int]:
        return list(self.winner_list)

    def legal_moves(self) -> list[str]:
        phase, p = self.phase, self.turn
        if phase == "over":
            return []
        if phase == "pick":
            return [f"p{q}" for q in self._team_active(self.side[p])]
        if phase == "start":
            moves = self._placements()
            if self.started[p]:
                moves += self._piece_moves(self._groups(p))
                moves.append(PASS)
            return moves or [PASS]
        if phase == "bring":
            return self._placements() + [DONE]
        if phase == "move":
            return self._piece_moves([(sorted(self.left), self.speed)]) + [DONE]
        if phase == "break":
            return ["x" + NAMES[c] for c in self._breach_targets()] + [STOP]
        # penalty: one own piece of the player's choice
        return ["x" + NAMES[c] for c in range(CELLS) if self.owner[c] == p]

    def play(self, move: str) -> None:
        action = self._check(move)
        self.history.append(move)
        self._apply(action)

    def play_unchecked(self, move: str) -> None:
        self.history.append(move)
        self._apply(self._parse(move))

    def move_steps(self, move: str) -> list[dict[str, str]]:
        kind, a, b = self._parse(move)
        if kind == "place":
            return [{"cell": NAMES[a]}, {"choice": str(b)}]
        if kind == "move":
            return [{"cell": NAMES[a]}, {"cell": NAMES[b]}]
        if kind == "remove":
            return [{"cell": NAMES[a]}]
        if kind == "pick":
            return [{"choice": f"p{a}"}]
        return [{"choice": kind}]

    @property
    def teams(self) -> list[list[int]] | None:
        """Four players: the two teams (player 0 and 2 against 1 and 3); two players: none."""
        return [[0, 2], [1, 3]] if self.players == 4 else None

    def view(self) -> dict[str, Any]:
        p = self.turn
        view: dict[str, Any] = {
            "cells": {NAMES[c]: [self.owner[c], self.num[c]] for c in range(CELLS) if self.owner[c] >= 0},
            "phase": self.phase,
            "turn": None if self.phase == "over" else p,
            "reserves": list(self.reserve),
            "delays": list(self.delays),
            "first_turn": [not s for s in self.started],
            "eliminated": list(self.out),
            "teams": self.teams,
            "home": {str(q): sorted(NAMES[c] for c in HOME[self.edge[q]]) for q in range(self.players)},
            "setup": {str(q): [NAMES[c] for c in SETUP[self.edge[q]]] for q in range(self.players)},
            "last": [NAMES[c] for c in self.last],
            "result": self.result,
        }
        if self.phase in ("start", "bring"):
            view["allowance"] = self._allowance()
            view["placed"] = self.placed
        if self.phase in ("move", "break"):
            view["group"] = {"speed": self.speed, "left": sorted(NAMES[c] for c in self.left),
                             "moved": sorted(NAMES[c] for c in self.moved)}
        if self.phase == "break":
            cell, defender, allowance = self.breach
            view["breakthrough"] = {"cell": NAMES[cell], "defender": defender, "allowance": allowance,
                                    "targets": [NAMES[c] for c in self._breach_targets()]}
        if self.phase == "penalty":
            view["penalty"] = self.owed
        return view

    @staticmethod
    def layout() -> dict[str, Any]:
        """The board: each cell at its centre (neighbours 1 apart, y up, row a at the bottom).
        Setup areas and home rows depend on the player count: they are in ``view()``."""
        cells = []
        for c, name in enumerate(NAMES):
            x, y = GRID.centre(c)
            cells.append({"name": name, "x": round(x, 4), "y": round(y, 4)})
        return {"shape": "hex", "cells": cells}

    def clone(self) -> "Nymbat":
        other = self._copy()
        other.owner = self.owner[:]
        other.num = self.num[:]
        other.reserve = self.reserve[:]
        other.started = self.started[:]
        other.delays = self.delays[:]
        other.out = self.out[:]
        other.picked = self.picked[:]
        other.winner_list = self.winner_list[:]
        other.left = set(self.left)
        other.moved = set(self.moved)
        return other

    # -- what happened, in words ---------------------------------------------------
    @classmethod
    def seat_names(cls, players: int) -> list[str]:
        return list(SEAT_NAMES[players])

    @classmethod
    def narrate(cls, events: list[dict[str, Any]], players: int) -> str:
        names = cls.seat_names(players)
        clauses: list[tuple[str | None, str]] = []
        i = 0
        while i < len(events):
            e = events[i]
            kind = e["type"]
            who = names[e["player"]] if e.get("player") is not None else None
            if kind in ("place", "remove") and e.get("reason", "breakthrough") == "breakthrough":
                # A run of placements (or of breakthrough removals) in one clause.
                run = [e]
                while i + 1 < len(events) and events[i + 1]["type"] == kind \
                        and events[i + 1].get("reason", "breakthrough") == "breakthrough":
                    i += 1
                    run.append(events[i])
                pieces = and_list([f"{x['number']} on {x['cell']}" for x in run])
                if kind == "place":
                    total = sum(x["number"] for x in run)
                    clauses.append((who, f"brings in {'a ' if len(run) == 1 else ''}{pieces} "
                                         f"({total} from the reserve)"))
                else:
                    clauses.append((who, f"breaks through, removing {names[e['owner']]}'s {pieces}"))
            elif kind == "pick":
                if e["picked"] == e["player"]:
                    clauses.append((who, "takes the team's turn"))
                else:
                    clauses.append((who, f"lets {names[e['picked']]} take the team's turn"))
            elif kind == "move":
                # Piece moves one after another in one clause, until an attack.
                run = [e]
                while i + 1 < len(events) and events[i + 1]["type"] == "move":
                    i += 1
                    run.append(events[i])
                steps = and_list([f"the {x['number']} from {x['from']} to {x['to']}" for x in run])
                clauses.append((who, f"moves {steps}"))
            elif kind == "attack":
                result = "and takes the cell" if e["survived"] else "and both pieces fall"
                clauses.append((who, f"attacks {names[e['defender']]}'s {e['defender_number']}: "
                                     f"{e['number']} against {e['defence']}, {result}"))
                if e["breakthrough"]:
                    clauses.append((None, f"{names[e['defender']]}'s group is split: a breakthrough"))
            elif kind == "remove":
                if e["reason"] == "penalty":
                    clauses.append((names[e["owner"]], f"gives up the {e['number']} on {e['cell']}"))
            elif kind == "pass":
                clauses.append((who, "passes"))
            elif kind == "delay":
                seventh = " (every seventh costs 1)" if e["count"] % DELAYS_PER_PENALTY == 0 else ""
                clauses.append((None, f"a delay, {who}'s {_ordinal(e['count'])}{seventh}"))
            elif kind == "penalty":
                cost = "a retreat" if e["kind"] == "retreat" else "the seventh delay"
                if e["paid"] == "reserve":
                    clauses.append((who, f"pays 1 from the reserve for {cost}"))
                elif e["paid"] == "owed":
                    clauses.append((None, f"{who} owes a piece for {cost}, the reserve being empty"))
            elif kind == "home":
                against = names[e["against"]]
                clauses.append((None, f"{who} stands on {against}'s home row and {against} has no piece there"))
            elif kind == "out":
                out = names[e["player"]]
                if e["reason"] == "home":
                    clauses.append((None, f"{out} is eliminated: {names[e['by']]} stands on {out}'s home row, "
                                          f"where {out} has no piece"))
                else:
                    clauses.append((None, f"{out} is eliminated, with no reserve and no pieces"))
            elif kind == "end":
                winners = and_list([names[w] for w in e["winners"]])
                verb = "wins" if len(e["winners"]) == 1 else "win"
                if e["reason"] == "empty":
                    clauses.append((None, f"the board is empty and every reserve spent: {winners}, who moved "
                                          f"last, {verb}"))
                else:
                    clauses.append((None, f"{winners} {verb}"))
            i += 1
        return tell(clauses)

    # -- reading the position -------------------------------------------------
    def _team_active(self, side: int) -> list[int]:
        return [q for q in range(self.players) if self.side[q] == side and not self.out[q]]

    def opponent(self, p: int) -> int:
        """Whose home row ``p`` heads for: the player opposite, or the other enemy once that one is out."""
        if self.players == 2:
            return 1 - p
        q = p ^ 1
        return q ^ 2 if self.out[q] else q

    def _allowance(self) -> int:
        """How much more the player to move may bring in this turn."""
        p = self.turn
        if self.started[p]:
            return self.reserve[p]
        return min(self.reserve[p], FIRST_LIMIT[self.players] - self.placed)

    def _placements(self) -> list[str]:
        allowance = min(self._allowance(), 6)
        if allowance < 1:
            return []
        owner = self.owner
        return [f"{NAMES[c]}={k}" for c in SETUP[self.edge[self.turn]] if owner[c] < 0
                for k in range(1, allowance + 1)]

    def _can_place(self) -> bool:
        owner = self.owner
        return self._allowance() >= 1 and any(owner[c] < 0 for c in SETUP[self.edge[self.turn]])

    def group_of(self, cell: int) -> list[int]:
        """The cells of the group (one player's pieces joined by adjacency) holding ``cell``."""
        owner = self.owner
        p = owner[cell]
        found = [cell]
        seen = {cell}
        for c in found:
            for n in NEIGHBOURS[c]:
                if owner[n] == p and n not in seen:
                    seen.add(n)
                    found.append(n)
        return found

    def _groups(self, p: int) -> list[tuple[list[int], int]]:
        """Player ``p``'s groups with their speeds."""
        seen: set[int] = set()
        groups = []
        for c in range(CELLS):
            if self.owner[c] == p and c not in seen:
                g = self.group_of(c)
                seen.update(g)
                groups.append((sorted(g), min(self.num[x] for x in g)))
        return groups

    def reach(self, cell: int, speed: int) -> list[int]:
        """Where the piece on ``cell`` may end within ``speed`` steps: empty cells, and enemy pieces to attack.

        Friendly pieces (own and teammate's) may be passed through but not ended on.
        """
        owner, side = self.owner, self.side
        mine = side[owner[cell]]
        seen = {cell}
        frontier = [cell]
        ends = []
        for _ in range(speed):
            nxt = []
            for c in frontier:
                for n in NEIGHBOURS[c]:
                    if n in seen:
                        continue
                    seen.add(n)
                    o = owner[n]
                    if o < 0:
                        ends.append(n)
                        nxt.append(n)
                    elif side[o] == mine:
                        nxt.append(n)
                    else:
                        ends.append(n)  # an attack ends the piece's move
            frontier = nxt
        ends.sort()
        return ends

    def path(self, a: int, b: int) -> list[int]:
        """A shortest way for the piece on ``a`` to ``b`` over empty and friendly cells (``a``, ``b`` included)."""
        if b in NEIGHBOURS[a]:
            return [a, b]
        owner, side = self.owner, self.side
        mine = side[owner[a]]
        came = {a: a}
        frontier = [a]
        while frontier and b not in came:
            nxt = []
            for c in frontier:
                for n in NEIGHBOURS[c]:
                    if n in came:
                        continue
                    if n == b:
                        came[n] = c
                        break
                    if owner[n] < 0 or side[owner[n]] == mine:
                        came[n] = c
                        nxt.append(n)
                if b in came:
                    break
            frontier = nxt
        way = [b]
        while way[-1] != a:
            way.append(came[way[-1]])
        return way[::-1]

    def _piece_moves(self, groups: list[tuple[list[int], int]]) -> list[str]:
        moves = []
        for cells, speed in groups:
            for c in cells:
                a = NAMES[c] + "-"
                moves += [a + NAMES[d] for d in self.reach(c, speed)]
        return moves

    def _breach_targets(self) -> list[int]:
        cell, defender, allowance = self.breach
        return [n for n in NEIGHBOURS[cell] if self.owner[n] == defender and self.num[n] <= allowance]

    def _can_move_more(self) -> bool:
        owner, side = self.owner, self.side
        mine = side[self.turn]
        for c in self.left:
            # A neighbour that is empty or an enemy settles it; else search through the friends.
            if any(owner[n] < 0 or side[owner[n]] != mine for n in NEIGHBOURS[c]) or self.reach(c, self.speed):
                return True
        return False

    # -- notation and checks ----------------------------------------------------
    @staticmethod
    def move_text(action: tuple[str, int, int]) -> str:
        """The notation of a parsed move (the inverse of ``_parse``)."""
        kind, a, b = action
        if kind == "place":
            return f"{NAMES[a]}={b}"
        if kind == "move":
            return f"{NAMES[a]}-{NAMES[b]}"
        if kind == "remove":
            return "x" + NAMES[a]
        if kind == "pick":
            return f"p{a}"
        return kind

    @staticmethod
    def _parse(move: str) -> tuple[str, int, int]:
        """(kind, a, b): place (cell, number), move (from, to), remove (cell), pick (player),
        or pass, done, stop. Raises IllegalMove for text that is no move at all."""
        if not isinstance(move, str):
            raise IllegalMove(f"illegal move {quote(move)}: a move is text such as {EXAMPLES}")
        if move in (PASS, DONE, STOP):
            return (move, -1, -1)
        m = _MOVE.fullmatch(move)
        if m:
            a, b = m.groups()
            if a in INDEX and b in INDEX:
                return ("move", INDEX[a], INDEX[b])
            bad = a if a not in INDEX else b
            raise IllegalMove(f"illegal move {move!r}: {bad} is not a cell (rows a-o)")
        m = _PLACE.fullmatch(move)
        if m:
            a, k = m.group(1), int(m.group(2))
            if a not in INDEX:
                raise IllegalMove(f"illegal move {move!r}: {a} is not a cell (rows a-o)")
            if not 1 <= k <= 6:
                raise IllegalMove(f"illegal move {move!r}: a piece's number is 1 to 6")
            return ("place", INDEX[a], k)
        m = _REMOVE.fullmatch(move)
        if m:
            if m.group(1) not in INDEX:
                raise IllegalMove(f"illegal move {move!r}: {m.group(1)} is not a cell (rows a-o)")
            return ("remove", INDEX[m.group(1)], -1)
        m = _PICK.fullmatch(move)
        if m and int(m.group(1)) < 4:
            return ("pick", int(m.group(1)), -1)
        raise IllegalMove(f"illegal move {quote(move)}: not a move (expected e.g. {EXAMPLES})")

    parse_move = _parse

    def _check(self, move: str) -> tuple[str, int, int]:
        """Parse ``move`` and make sure it is legal here; the reason in the error if not."""
        action = self._parse(move)
        kind, a, b = action
        phase, p = self.phase, self.turn

        def no(reason: str) -> IllegalMove:
            return IllegalMove(f"illegal move {move!r}: {reason}")

        if phase == "over":
            raise no("the game is over")
        expected = {
            "pick": "the team picks which player moves (e.g. p0)",
            "bring": "the turn is a bring-in: place another piece or say done",
            "move": "a group is moving: move another of its pieces or say done",
            "break": "a breakthrough: remove an adjacent enemy piece (e.g. xf6) or stop",
            "penalty": f"the {self.owed} penalty: remove one of your own pieces (e.g. xf6)",
        }
        allowed = {"pick": {"pick"}, "start": {"place", "move", PASS}, "bring": {"place", DONE},
                   "move": {"move", DONE}, "break": {"remove", STOP}, "penalty": {"remove"}}[phase]
        if kind not in allowed:
            raise no(expected.get(phase, "a turn starts with a bring-in (c4=3), a piece move (e5-g6) or pass"))
        if kind == "pick":
            if a >= self.players or self.side[a] != self.side[p] or self.out[a]:
                raise no(f"player {a} cannot take this turn (choose one of "
                         f"{', '.join(self.legal_moves())})")
        elif kind == "place":
            if self.owner[a] >= 0:
                raise no(f"{NAMES[a]} is occupied")
            if a not in SETUP[self.edge[p]]:
                raise no(f"{NAMES[a]} is not in your setup area")
            allowance = self._allowance()
            if b > allowance:
                raise no(f"only {allowance} more may be brought in this turn")
        elif kind == "move":
            if phase == "start" and not self.started[p]:
                raise no("a player's first turn must bring in pieces")
            if self.owner[a] != p:
                raise no(f"{NAMES[a]} holds no piece of yours")
            if phase == "start":
                speed = min(self.num[c] for c in self.group_of(a))
            else:
                if a not in self.left:
                    why = "has already moved" if a in self.moved else "is not in the moving group"
                    raise no(f"the piece on {NAMES[a]} {why}")
                speed = self.speed
            if b not in self.reach(a, speed):
                raise no(f"{NAMES[b]} is not within {speed} step{'s' * (speed > 1)} of {NAMES[a]} "
                         "over empty or friendly cells, or is taken by a friendly piece")
        elif kind == "remove":
            if phase == "break":
                if a not in self._breach_targets():
                    cell, defender, allowance = self.breach
                    raise no(f"a breakthrough at {NAMES[cell]} may remove only player {defender}'s pieces "
                             f"next to it, numbered at most {allowance}")
            elif self.owner[a] != p:
                raise no(f"{NAMES[a]} holds no piece of yours")
        elif kind == PASS and not self.started[p] and self._can_place():
            raise no("a player's first turn must bring in pieces")
        return action

    # -- the rules ----------------------------------------------------------------
    def _apply(self, action: tuple[str, int, int]) -> None:
        kind, a, b = action
        self.events = []
        self.last = ()
        if kind == "place":
            self._place(a, b)
        elif kind == "move":
            self._move(a, b)
        elif kind == "remove":
            self._remove(a)
        elif kind == STOP:
            self.breach = None
            self.phase = "move"
            if not self._can_move_more():
                self._finish_turn()
        elif kind == DONE:
            self._finish_turn()
        elif kind == PASS:
            self.kind = PASS
            self.events.append({"type": "pass", "player": self.turn})
            self._finish_turn()
        else:  # pick
            self.events.append({"type": "pick", "player": self.turn, "picked": a})
            self.picked[self.side[a]] = a
            self._start_turn(a)

    def _place(self, cell: int, number: int) -> None:
        p = self.turn
        self.events.append({"type": "place", "player": p, "cell": NAMES[cell], "number": number})
        self.owner[cell] = p
        self.num[cell] = number
        self.reserve[p] -= number
        self.placed += number
        self.kind = "bring"
        self.phase = "bring"
        self.last = (cell,)
        if not self._can_place():
            self._finish_turn()

    def _move(self, a: int, b: int) -> None:
        p = self.turn
        owner, num = self.owner, self.num
        if self.phase == "start":
            group = self.group_of(a)
            self.kind = "move"
            self.phase = "move"
            self.left = set(group)
            self.speed = min(num[c] for c in group)
            self.start_dist = min(DIST[self.edge[self.opponent(p)]][c] for c in group)
        self.left.discard(a)
        self.last = (a, b)
        number = num[a]
        self.events.append({"type": "move", "player": p, "from": NAMES[a], "to": NAMES[b],
                            "path": [NAMES[c] for c in self.path(a, b)], "number": number})
        owner[a], num[a] = -1, 0
        defender = owner[b]
        if defender < 0:
            owner[b], num[b] = p, number
            self.moved.add(b)
        else:
            self._attack(b, number, defender)
        if self.phase == "move" and not self._can_move_more():
            self._finish_turn()

    def _attack(self, cell: int, number: int, defender: int) -> None:
        """A piece numbered ``number`` has come onto ``defender``'s piece on ``cell``."""
        owner, num = self.owner, self.num
        p = self.turn
        support = num[cell] + sum(num[n] for n in NEIGHBOURS[cell] if owner[n] == defender)
        survives = number > support
        split = self._splits(cell, defender)
        self.events.append({"type": "attack", "player": p, "cell": NAMES[cell], "number": number,
                            "defender": defender, "defender_number": num[cell], "defence": support,
                            "survived": survives, "breakthrough": split})
        self.events.append({"type": "remove", "player": p, "owner": defender, "cell": NAMES[cell],
                            "number": num[cell], "reason": "attack"})
        if not survives:
            self.events.append({"type": "remove", "player": p, "owner": p, "cell": NAMES[cell],
                                "number": number, "reason": "attacker"})
        owner[cell], num[cell] = -1, 0
        self.took = True
        if survives:
            owner[cell], num[cell] = p, number
            self.moved.add(cell)
        if split:
            self.breach = (cell, defender, number)
            if self._breach_targets():
                self.phase = "break"
            else:
                self.breach = None

    def _splits(self, cell: int, defender: int) -> bool:
        """Whether removing the piece on ``cell`` splits its owner's group in two or more."""
        owner = self.owner
        near = [n for n in NEIGHBOURS[cell] if owner[n] == defender]
        if len(near) < 2:
            return False
        seen = {cell, near[0]}
        stack = [near[0]]
        while stack:
            c = stack.pop()
            for n in NEIGHBOURS[c]:
                if owner[n] == defender and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return any(n not in seen for n in near)

    def _remove(self, cell: int) -> None:
        self.last = (cell,)
        number = self.num[cell]
        self.events.append({"type": "remove", "player": self.turn, "owner": self.owner[cell], "cell": NAMES[cell],
                            "number": number, "reason": "breakthrough" if self.phase == "break" else "penalty"})
        self.owner[cell], self.num[cell] = -1, 0
        if self.phase == "break":
            at, defender, allowance = self.breach
            self.breach = (at, defender, allowance - number)
            if not self._breach_targets():
                self.breach = None
                self.phase = "move"
                if not self._can_move_more():
                    self._finish_turn()
        else:  # the penalty paid with a piece
            self.events.append({"type": "penalty", "player": self.turn, "kind": self.owed, "paid": "piece"})
            self._after_turn()

    def _finish_turn(self) -> None:
        """Judge retreat and delay, then hand the turn on (or wait for a penalty piece)."""
        p = self.turn
        self.started[p] = True
        penalty = None
        if not self.took:
            if self.kind == "move":
                target = DIST[self.edge[self.opponent(p)]]
                end = min((target[c] for c in self.left | self.moved), default=self.start_dist)
                if end > self.start_dist:
                    penalty = "retreat"
                elif end == self.start_dist:
                    penalty = self._delay(p)
            elif self.kind == PASS:
                penalty = self._delay(p)
        if penalty:
            if self.reserve[p] > 0:
                self.reserve[p] -= 1
                self.events.append({"type": "penalty", "player": p, "kind": penalty, "paid": "reserve"})
            elif any(o == p for o in self.owner):
                self.owed = penalty
                self.phase = "penalty"
                self.events.append({"type": "penalty", "player": p, "kind": penalty, "paid": "owed"})
                return
        self._after_turn()

    def _delay(self, p: int) -> str | None:
        self.delays[p] += 1
        self.events.append({"type": "delay", "player": p, "count": self.delays[p]})
        return "delay" if self.delays[p] % DELAYS_PER_PENALTY == 0 else None

    def _after_turn(self) -> None:
        p = self.turn
        self._clear_turn()
        self.turns += 1
        if self.players == 2:
            if not any(self.reserve) and all(o < 0 for o in self.owner):
                self._end("empty", [p])
                return
        else:
            on_board = set(self.owner)
            for q in range(4):
                if not self.out[q] and not self.reserve[q] and q not in on_board:
                    self._eliminate(q, "spent")
            if self._team_over(p):
                return
        self._next_turn()

    def _team_over(self, p: int) -> bool:
        """Four players: end the game once a team is out (the mover's side wins a tie)."""
        mine = self.side[p]
        for side in (1 - mine, mine):
            if not self._team_active(side):
                self._end("eliminated", [q for q in range(4) if self.side[q] != side])
                return True
        return False

    def _eliminate(self, q: int, reason: str, by: int | None = None) -> None:
        """``q`` is out: ``reason`` home (``by`` stands on q's empty home row) or spent (no reserve, no pieces)."""
        self.out[q] = True
        self.reserve[q] = 0
        self.events.append({"type": "out", "player": q, "reason": reason, "by": by})
        for c in range(CELLS):
            if self.owner[c] == q:
                self.events.append({"type": "remove", "owner": q, "cell": NAMES[c], "number": self.num[c],
                                    "reason": "eliminated"})
                self.owner[c], self.num[c] = -1, 0

    def _end(self, result: str, winners: list[int]) -> None:
        self.phase = "over"
        self.result = result
        self.winner_list = winners
        self.events.append({"type": "end", "winners": list(winners), "reason": result})

    def _next_turn(self) -> None:
        if self.players == 2:
            self._start_turn(1 - self.turn)
            return
        while True:
            self.slot = (self.slot + 1) % 4
            side = self.slot % 2
            active = self._team_active(side)
            if self.slot < 2:
                if len(active) == 2:
                    self.turn = active[0]
                    self.phase = "pick"
                    return
                self.picked[side] = active[0]
                self._start_turn(active[0])
                return
            other = next(q for q in range(4) if self.side[q] == side and q != self.picked[side])
            if not self.out[other]:
                self._start_turn(other)
                return

    def _start_turn(self, p: int) -> None:
        """The start of ``p``'s turn: the home-row condition is judged here."""
        self.turn = p
        self.phase = "start"
        owner = self.owner
        for e in range(self.players):
            if self.side[e] == self.side[p] or self.out[e]:
                continue
            row = HOME[self.edge[e]]
            if any(owner[c] == p for c in row) and not any(owner[c] == e for c in row):
                if self.players == 2:
                    self.events.append({"type": "home", "player": p, "against": e})
                    self._end("home", [p])
                    return
                self._eliminate(e, "home", p)
        if self.players == 4:
            self._team_over(p)



def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
