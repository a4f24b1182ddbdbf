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
DIGITS = ("1", "2", "3", "4", "5", "6")  # a piece's numbers, as choices

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

    # -- the coach and refusals ------------------------------------------------------
    def coach(self) -> list[dict[str, Any]]:
        """Besides the moves that win or lose at once (``Game.coach``), for the player to move:

        * ``home``: enemy pieces on the home row of the player (or, with four players, of the
          teammate) where its owner has none, so that the enemy wins (eliminates them) when
          its next turn starts unless that changes; the ``cells`` are those pieces.
        * ``reach``: the player's pieces on an enemy's home row where the enemy has none; the
          ``cells`` are those pieces. With two players not said while ``home`` is, as the
          other side's win would come first.
        * ``retreat`` and ``delay``: the moves that end the turn with a retreat or a seventh
          delay that costs something (a reserve point, or a piece with the reserve spent),
          found by playing every move on a copy and reading its ``penalty`` event. Marked
          ``once``: the page says the same words once a game, then ``again``, a short
          reminder, as a newcomer was told of one retreat three turns running.

        * ``threat``: enemy pieces that can step onto the empty home row of the player (or of
          the teammate) in the enemy's next turn, the board as it stands (their group's speed,
          around pieces as a move goes), where that row holds none of its owner's pieces and
          none stands there yet; the ``cells`` are those pieces. Once one is there, the row's
          owner has one turn to put a piece on the row or take it (``home``).

        Said as the board stands; nothing in the pick of a four-player team (it moves nothing)."""
        notes = super().coach()
        if self.phase in ("over", "pick"):
            return notes
        return self._home_notes() + self._threat_notes() + notes + self._cost_notes()

    def reason(self, move: str) -> str | None:
        """What a move does to the home rows, read off the board after it (certain): it stops
        an enemy's win by a home row (the enemy's piece there taken, or a piece of the row's
        side set on it), or it reaches an enemy's home row where that enemy has no piece."""
        if self.phase in ("over", "pick"):
            return None
        p = self.turn
        after = self.clone()
        after.play(move)
        if after.phase == "over":
            return None
        after.turn = p   # the home rows read from the mover's side, whoever moves next
        names = SEAT_NAMES[self.players]
        before, now = self._home_notes(), after._home_notes()
        still = {cell for n in now if n["kind"] == "home" for cell in n["cells"]}
        for note in (n for n in before if n["kind"] == "home"):
            cells = [INDEX[c] for c in note["cells"]]
            if any(NAMES[c] in still for c in cells):
                continue
            enemies = and_list(sorted({names[self.owner[c]] for c in cells}))
            if all(after.owner[c] == self.owner[c] for c in cells):  # still there: the row's side stands on it
                return f"It stops {enemies}'s win: a piece of your side now stands on that home row."
            return f"It stops {enemies}'s win: the piece on your side's home row is taken."
        reached = [n for n in now if n["kind"] == "reach"]
        if reached and not any(n["kind"] == "reach" for n in before):
            return reached[0]["text"]
        return None

    def _home_notes(self) -> list[dict[str, Any]]:
        p, owner, side = self.turn, self.owner, self.side
        notes = []
        # Enemies on the row of the player or of the teammate, who has none there.
        for q in [p] + [q for q in range(self.players) if q != p and side[q] == side[p] and not self.out[q]]:
            row = HOME[self.edge[q]]
            if any(owner[c] == q for c in row):
                continue
            cells = sorted((c for c in row if owner[c] >= 0 and side[owner[c]] != side[q]), key=lambda c: (owner[c], c))
            if cells:
                notes.append({"kind": "home", "moves": [], "cells": [NAMES[c] for c in cells],
                              "text": self._home_words(q, cells)})
        if self.players == 2 and notes:
            return notes
        # The player's own pieces on an enemy's row, where that enemy has none.
        for e in range(self.players):
            if side[e] == side[p] or self.out[e]:
                continue
            row = HOME[self.edge[e]]
            if any(owner[c] == e for c in row):
                continue
            cells = sorted(c for c in row if owner[c] == p)
            if cells:
                notes.append({"kind": "reach", "moves": [], "cells": [NAMES[c] for c in cells],
                              "text": self._reach_words(e, cells)})
        return notes

    def _threat_notes(self) -> list[dict[str, Any]]:
        p, owner, side = self.turn, self.owner, self.side
        notes = []
        for q in [p] + [q for q in range(self.players) if q != p and side[q] == side[p] and not self.out[q]]:
            row = set(HOME[self.edge[q]])
            if any(owner[c] >= 0 and (owner[c] == q or side[owner[c]] != side[q]) for c in row):
                continue   # its owner stands there (no win yet), or an enemy does (``home`` says it)
            comers: dict[int, set[int]] = {}   # enemy piece -> the row's cells it can reach
            for e in range(self.players):
                if side[e] == side[q] or self.out[e] or not self.started[e]:
                    continue
                for cells, speed in self._groups(e):
                    for c in cells:
                        ends = row.intersection(self.reach(c, speed))
                        if ends:
                            comers[c] = ends
            if comers:
                pieces = sorted(comers, key=lambda c: (owner[c], c))
                notes.append({"kind": "threat", "moves": [], "cells": [NAMES[c] for c in pieces],
                              "text": self._threat_words(q, pieces, sorted(set().union(*comers.values())))})
        return notes

    def _threat_words(self, q: int, pieces: list[int], ends: list[int]) -> str:
        """Enemy ``pieces`` that can reach cells ``ends`` of ``q``'s empty home row next turn."""
        names = SEAT_NAMES[self.players]
        enemies = sorted({self.owner[c] for c in pieces})
        who = and_list([names[e] for e in enemies])
        pieces_words = self._pieces_words(pieces)
        where = "your home row" if q == self.turn else f"{names[q]}'s home row"
        on = or_list([NAMES[c] for c in ends]) if len(ends) <= 3 else f"{len(ends)} of its cells"
        one = len(pieces) == 1
        you = q == self.turn
        fate = f"{who} wins" if self.players == 2 else f"{who} puts {'you' if you else names[q]} out"
        return (f"{pieces_words[:1].upper() + pieces_words[1:]} can reach {where} next turn ({on}), where "
                f"{'you have' if you else names[q] + ' has'} no piece. If {'it gets' if one else 'one gets'} there, "
                f"{'you have' if you else names[q] + ' has'} one turn to put a piece on that row or take it; "
                f"otherwise {fate}.")

    def _pieces_words(self, cells: list[int], mine: bool = False) -> str:
        """``Blue's 3 on a5 and 2 on a6 and Green's 4 on a8``; ``your 4 on o3``."""
        names = SEAT_NAMES[self.players]
        by_owner: dict[int, list[int]] = {}
        for c in cells:
            by_owner.setdefault(self.owner[c], []).append(c)
        said = [("your " if mine else f"{names[q]}'s ") + and_list([f"{self.num[c]} on {NAMES[c]}" for c in cs])
                for q, cs in by_owner.items()]
        return and_list(said)

    def _home_words(self, q: int, cells: list[int]) -> str:
        """Enemy pieces on ``cells`` of ``q``'s home row, where ``q`` has none."""
        names = SEAT_NAMES[self.players]
        p = self.turn
        enemies = sorted({self.owner[c] for c in cells})
        one = len(cells) == 1
        where = "your home row" if q == p else f"{names[q]}'s home row"
        pieces = self._pieces_words(cells)
        pieces = pieces[:1].upper() + pieces[1:]
        gone = "it is removed" if one else "they are removed"
        ours = "a piece of yours" if q == p else f"a piece of {names[q]}'s"
        if self.players == 2:
            return (f"{pieces} {'stands' if one else 'stand'} on {where}: {names[enemies[0]]} wins when its next "
                    f"turn starts, unless by then {gone} or {ours} stands on that row.")
        mate_out = any(self.out[m] for m in range(4) if m != q and self.side[m] == self.side[q])
        fate = ("your team loses" if mate_out else ("you are out" if q == p else f"{names[q]} is out"))
        turn = (f"{names[enemies[0]]}'s next turn" if len(enemies) == 1
                else f"the next turn of {' or '.join(names[e] for e in enemies)}")
        return (f"{pieces} {'stands' if one else 'stand'} on {where}: {fate} when {turn} starts, "
                f"unless by then {gone} or {ours} stands on that row.")

    def _reach_words(self, e: int, cells: list[int]) -> str:
        """The player's pieces on ``cells`` of ``e``'s home row, where ``e`` has none."""
        names = SEAT_NAMES[self.players]
        one = len(cells) == 1
        pieces = self._pieces_words(cells, mine=True)
        if self.players == 2:
            fate = "you win"
        else:
            others = [q for q in range(4) if self.side[q] == self.side[e] and q != e]
            fate = "your team wins" if all(self.out[q] for q in others) else f"{names[e]} is out"
        return (f"{pieces[:1].upper() + pieces[1:]} {'stands' if one else 'stand'} on {names[e]}'s home row: "
                f"if {'it stays' if one else 'one of them stays'}, {fate} when your "
                f"next turn starts, unless {names[e]} puts a piece on that row first.")

    def _cost_notes(self) -> list[dict[str, Any]]:
        """The moves that end the turn with a retreat or delay that costs something: each is
        played on a copy, and the penalty is read from its events as the engine charges it."""
        if self.phase not in ("start", "move"):
            return []
        p = self.turn
        costly: dict[str, list[str]] = {}
        paid: dict[str, str] = {}
        count = 0
        for move in self.legal_moves():
            after = self.clone()
            after.play_unchecked(move)
            for e in after.events:
                if e["type"] == "penalty" and e["player"] == p and e["paid"] != "piece":
                    costly.setdefault(e["kind"], []).append(move)
                    paid[e["kind"]] = e["paid"]
                elif e["type"] == "delay" and e["player"] == p:
                    count = e["count"]
        notes = []
        for kind in ("retreat", "delay"):
            if kind in costly:
                again = "a retreat" if kind == "retreat" else "a seventh delay"
                notes.append({"kind": kind, "moves": costly[kind], "once": True,   # the page says it once a game
                              "text": self._cost_words(kind, costly[kind], paid[kind], count),
                              "again": f"As said before, {again} this turn would cost you."})
        return notes

    def _cost_words(self, kind: str, moves: list[str], paid: str, count: int) -> str:
        """``Passing, or moving the 3 on f6 to e6 or e7, would be your 7th delay: every seventh
        costs 1 from your reserve.``"""
        subjects: list[tuple[str, int]] = []  # what is said, and how many moves it stands for
        if DONE in moves:
            subjects.append(("ending the turn now", 1))
        if PASS in moves:
            subjects.append(("passing", 1))
        by_piece: dict[int, list[int]] = {}
        for move in moves:
            if move not in (DONE, PASS):
                _, a, b = self._parse(move)
                by_piece.setdefault(a, []).append(b)
        target = DIST[self.edge[self.opponent(self.turn)]]
        row = f"{SEAT_NAMES[self.players][self.opponent(self.turn)]}'s home row"
        lone = []  # pieces alone in their group, every move of which to a free cell farther (as far) costs
        for a, ends in by_piece.items():
            ends.sort()
            # The rule's words stand for the moves only where they name exactly the moves found.
            if self.phase == "move":
                others, start = (self.left | self.moved) - {a}, self.start_dist
            else:
                group = self.group_of(a)
                others, start = set(group) - {a}, min(target[c] for c in group)
            rest = min((target[c] for c in others), default=CELLS)
            free = [b for b in self.reach(a, self._speed_of(a)) if self.owner[b] < 0]
            alike = [b for b in free if (min(target[b], rest) > start if kind == "retreat"
                                         else min(target[b], rest) == start)]
            piece = f"the {self.num[a]} on {NAMES[a]}"
            if len(ends) <= 3:
                subjects.append((f"moving {piece} to " + or_list([NAMES[b] for b in ends]), len(ends)))
            elif ends != alike:
                subjects.append((f"moving {piece} to any of {len(ends)} cells", len(ends)))
            elif not others:
                lone.append(a)
            elif kind == "retreat":
                subjects.append((f"moving {piece} so that its group ends farther from {row} than it began", len(ends)))
            else:
                subjects.append((f"moving {piece} so that its group ends as far from {row} as it began", len(ends)))
        if lone:
            alone = [c for c in range(CELLS) if self.owner[c] == self.turn and len(self.group_of(c)) == 1]
            if len(lone) > 2 and lone == alone:
                pieces = "any of your pieces that stand alone"
            elif len(lone) > 4:
                pieces = "your " + ", ".join(f"{self.num[a]} on {NAMES[a]}" for a in lone[:3]) + \
                    f" or any of {len(lone) - 3} other pieces that stand alone"
            else:
                pieces = "your " + or_list([f"{self.num[a]} on {NAMES[a]}" for a in lone])
            way = "farther from" if kind == "retreat" else "sideways, no nearer to"
            subjects.append((f"moving {pieces} {way} {row}", sum(len(by_piece[a]) for a in lone)))
        if len(subjects) > 4:  # the first three, and how many moves besides
            subjects = subjects[:3] + [(f"any of {sum(n for _, n in subjects[3:])} other moves", 0)]
        subjects = [text for text, _ in subjects]
        said = subjects[0] if len(subjects) == 1 else ", ".join(subjects[:-1]) + ", or " + subjects[-1] + ","
        said = said[:1].upper() + said[1:]
        if kind == "retreat":
            cost = ("it costs 1 from your reserve" if paid == "reserve"
                    else "with your reserve spent, it costs one of your pieces")
            return f"{said} would be a retreat: {cost}."
        cost = ("every seventh costs 1 from your reserve" if paid == "reserve"
                else "every seventh costs 1 from the reserve, and with yours spent, one of your pieces")
        return f"{said} would be your {_ordinal(count)} delay: {cost}."

    def _speed_of(self, cell: int) -> int:
        """How far the piece on ``cell`` may go now: its group's speed (the moving group's, under way)."""
        return self.speed if self.phase == "move" else min(self.num[c] for c in self.group_of(cell))

    def attempted_moves(self, steps: list[dict[str, str]]) -> list[str]:
        """The move the taps may have meant, so that the rule refusing it is said (``refusal``):

        * a piece of the player's, then a cell not of the player's: that piece's move there;
        * a free cell, then a number: that piece brought in;
        * any other pair: its last step alone, as the start of a new move (the page lets go
          of a move that its next tap does not continue, and begins again there);
        * one cell: what a tap there starts in this part of the turn: a piece brought in
          (a free cell, or another's piece while bringing in), a move of the piece (one of
          one's own, or another's at the start of a turn or during a group move), or a
          removal (a breakthrough, a penalty); the move's own cell stands for its end where
          the check refuses it before looking there;
        * a choice: that move (a number alone is ``refusal``'s own case)."""
        if not steps or self.phase == "over":
            return []
        last = steps[-1]
        if len(steps) >= 2:
            first = INDEX.get(steps[-2].get("cell", ""))
            if first is not None and "cell" in last and last["cell"] in INDEX:
                b = INDEX[last["cell"]]
                if self.owner[first] == self.turn and self.owner[b] != self.turn:
                    return [f"{NAMES[first]}-{NAMES[b]}"]
            if first is not None and self.owner[first] < 0 and last.get("choice", "") in DIGITS:
                return [f"{NAMES[first]}={last['choice']}"]
            return self.attempted_moves([last])
        if "choice" in last:
            choice = last["choice"]
            return [choice] if choice in (PASS, DONE, STOP) or _PICK.fullmatch(choice) else []
        cell = INDEX.get(last.get("cell", ""))
        if cell is None:
            return []
        name = NAMES[cell]
        if self.phase in ("break", "penalty"):
            return ["x" + name]
        if self.owner[cell] < 0 or (self.phase == "bring" and self.owner[cell] != self.turn):
            return [f"{name}=1"]
        return [f"{name}-{name}"]

    def refusal(self, steps: list[dict[str, str]]) -> str:
        """Two cases of the player's own besides the moves tried (``Game.refusal``): a piece of
        the player's that has nowhere to go, and a number chosen before its cell."""
        last = steps[-1] if steps else {}
        cell = INDEX.get(last.get("cell", ""))
        if len(steps) >= 2 and cell is not None and self.owner[cell] != self.turn:
            cell = None  # a move's end: the move is tried
        if cell is not None and self.owner[cell] == self.turn and self.phase in ("start", "move") \
                and self.started[self.turn] and (self.phase == "start" or cell in self.left):
            speed = self._speed_of(cell)
            if not self.reach(cell, speed):
                steps_word = "1 step" if speed == 1 else f"{speed} steps"
                return (f"The {self.num[cell]} on {NAMES[cell]} has nowhere to go: every cell it could reach "
                        f"in {steps_word} holds a piece of your side.")
        before = INDEX.get(steps[-2].get("cell", "")) if len(steps) >= 2 else None
        if last.get("choice", "") in DIGITS and (before is None or self.owner[before] >= 0):  # no free cell before
            if self.phase in ("start", "bring") and self.started[self.turn] and self._allowance() < 1:
                return "Your reserve is spent: no piece can be brought in."
            if self.phase in ("start", "bring") and self._can_place():
                return "A number goes with a piece brought in: choose its free cell of your setup area first."
            return self._what_now()[:1].upper() + self._what_now()[1:] + "."
        return super().refusal(steps)

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
        """Parse ``move`` and make sure it is legal here; the reason in the error if not, in
        plain words (the page says it when a tap is refused: ``refusal``)."""
        action = self._parse(move)
        kind, a, b = action
        phase, p = self.phase, self.turn
        names = SEAT_NAMES[self.players]

        def no(reason: str) -> IllegalMove:
            return IllegalMove(f"illegal move {move!r}: {reason}")

        if phase == "over":
            raise no("the game is over")
        allowed = {"pick": {"pick"}, "start": {"place", "move", PASS}, "bring": {"place", DONE},
                   "move": {"move", DONE}, "break": {"remove", STOP}, "penalty": {"remove"}}[phase]
        if kind not in allowed:
            raise no(self._what_now())
        if kind == "pick":
            if a >= self.players or self.side[a] != self.side[p]:
                raise no(f"{names[a] if a < self.players else f'player {a}'} is not on your team")
            if self.out[a]:
                raise no(f"{names[a]} is out of the game")
        elif kind == "place":
            if self.owner[a] >= 0:
                raise no(f"{NAMES[a]} is occupied: a piece comes in on a free cell")
            if a not in SETUP[self.edge[p]]:
                raise no(f"{NAMES[a]} is not in your setup area (your home row and the two rows beside it)")
            allowance = self._allowance()
            if b > allowance:
                if not self.started[p]:
                    raise no(f"only {allowance} more may be brought in this turn: a first turn brings in "
                             f"{FIRST_LIMIT[self.players]} at most")
                if allowance:
                    raise no(f"only {allowance} more may be brought in: that is all your reserve holds")
                raise no("your reserve is spent: no piece can be brought in")
        elif kind == "move":
            if phase == "start" and not self.started[p]:
                raise no("your first turn must bring in pieces; groups move from the next turn on")
            if self.owner[a] != p:
                raise no(self._not_yours(a))
            if phase == "start":
                group = self.group_of(a)
                speed = min(self.num[c] for c in group)
            else:
                if a not in self.left:
                    if a in self.moved:
                        raise no(f"the {self.num[a]} on {NAMES[a]} has already moved: each piece moves once a turn")
                    raise no(f"the {self.num[a]} on {NAMES[a]} is not in the moving group: a turn moves "
                             "one group, the one whose piece moved first")
                group, speed = None, self.speed
            if b not in self.reach(a, speed):
                raise no(self._out_of_reach(a, b, speed, group))
        elif kind == "remove":
            if phase == "break":
                if a not in self._breach_targets():
                    raise no(self._not_breach(a))
            elif self.owner[a] != p:
                raise no(f"{NAMES[a]} holds no piece of yours: the {self.owed} costs one of your own pieces")
        elif kind == PASS and not self.started[p] and self._can_place():
            raise no("your first turn must bring in pieces; you may pass from the next turn on")
        return action

    def _what_now(self) -> str:
        """What the turn, as it stands, is waiting for (a move of another kind is refused with it)."""
        names = SEAT_NAMES[self.players]
        p = self.turn
        if self.phase == "pick":
            choices = " or ".join(names[q] for q in self._team_active(self.side[p]))
            return f"first your team chooses who takes this turn: {choices}"
        if self.phase == "bring":
            return "this turn is a bring-in: bring in another piece, or end the turn with Done"
        if self.phase == "move":
            return "this turn moves a group: move another of its pieces, or end the turn with Done"
        if self.phase == "break":
            cell, defender, allowance = self.breach
            return (f"a breakthrough at {NAMES[cell]}: remove {names[defender]}'s pieces next to it, "
                    f"{allowance} in all at most, or make no more removals")
        if self.phase == "penalty":
            return f"the {self.owed} costs one of your pieces: give one up"
        if not self.started[p]:
            return "a turn starts with a bring-in, and your first turn must bring in pieces"
        return "a turn starts with a bring-in, a group move or a pass"

    def _not_yours(self, cell: int) -> str:
        """Why the piece (or the empty cell) ``cell`` is not one of the player's to move."""
        names = SEAT_NAMES[self.players]
        owner = self.owner[cell]
        if owner < 0:
            return f"{NAMES[cell]} holds no piece of yours"
        if self.side[owner] == self.side[self.turn]:
            return (f"the {self.num[cell]} on {NAMES[cell]} is {names[owner]}'s, your teammate's: "
                    "each moves their own pieces")
        return (f"the {self.num[cell]} on {NAMES[cell]} is {names[owner]}'s, not yours: a piece of yours "
                "attacks it by moving onto it")

    def _out_of_reach(self, a: int, b: int, speed: int, group: list[int] | None) -> str:
        """Why the piece on ``a`` cannot end on ``b`` with ``speed`` steps (``group``: its group at the
        start of a turn, for the words; None when the moving group is under way)."""
        names = SEAT_NAMES[self.players]
        steps = f"{speed} step{'s' * (speed > 1)}"
        if a == b:
            return f"{NAMES[b]} is not within the piece's reach: a move ends on another cell than where it began"
        owner = self.owner[b]
        if owner >= 0 and self.side[owner] == self.side[self.turn]:
            whose = "your own" if owner == self.turn else f"{names[owner]}'s"
            return (f"{NAMES[b]} holds {whose} {self.num[b]}: a piece may pass over its side's pieces "
                    "but not stop on them")
        if GRID.distances_from([a])[b] <= speed:
            return (f"{NAMES[b]} is not within {steps} of {NAMES[a]} without crossing an enemy piece "
                    "(a piece stops on the first one it steps onto)")
        if group is not None and len(group) == 1:
            why = f"a piece alone moves up to its own number of steps, {speed}"
        elif speed == 1:
            why = "your group holds a 1, so its pieces move one step this turn"
        else:
            why = f"your group's lowest number is {speed}, so its pieces move at most {speed} steps this turn"
        return f"{NAMES[b]} is not within {steps} of {NAMES[a]}: {why}"

    def _not_breach(self, cell: int) -> str:
        """Why a breakthrough may not remove the piece on ``cell``."""
        names = SEAT_NAMES[self.players]
        at, defender, allowance = self.breach
        if cell == at:
            return (f"{NAMES[cell]} is where the attack was: a breakthrough removes {names[defender]}'s pieces "
                    "touching it")
        if cell not in NEIGHBOURS[at]:
            return (f"{NAMES[cell]} is not next to {NAMES[at]}: a breakthrough removes only "
                    f"{names[defender]}'s pieces touching the cell attacked")
        if self.owner[cell] != defender:
            return f"{NAMES[cell]} holds no piece of {names[defender]}'s: a breakthrough removes only those"
        return (f"{names[defender]}'s {self.num[cell]} on {NAMES[cell]} is more than the {allowance} "
                "this breakthrough may still remove")

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



def or_list(words: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
