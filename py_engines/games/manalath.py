"""Manalath (Dieter Stein, 2012): placement on a 61-cell hex board.

On a turn a player places a piece of either colour on an empty cell; no group
(same-coloured pieces joined by adjacency) may grow beyond 5. At the end of the
turn only the mover's colour is judged: a quint (a group of exactly 5) wins, a
quart (exactly 4) loses, and if both stand the one that came into being first
decides. A player passes only when no placement is legal, and the end of a
forced pass is judged too. Two passes in a row draw. Player 0 is White.

Notation: ``e5w`` (a white piece on e5), ``c7b``, ``pass``.

Events (see ``core.Game``): ``place`` (``colour`` white or black), ``group``
(the placement made a quart or quint: ``colour``, ``size``, ``cells``), ``pass``
and ``end`` (``reason`` quint, quart or draw; ``colour``: the mover's, judged).

The position is kept incrementally so that both the full move list and the
random playouts of the computer opponent stay fast: each colour has a bitmask
of the empty cells where it may be placed, updated around the group that grew.
"""
from __future__ import annotations

from typing import Any

from ..core import Game, IllegalMove, and_list, quote, tell
from .hexgrid import hex_grid
from ..rng import Rng

GRID = hex_grid(5)
CELLS = len(GRID)  # 61
NEIGHBOURS = GRID.neighbours
NEIGHBOUR_MASK = [sum(1 << n for n in near) for near in NEIGHBOURS]
COLOURS = "wb"  # player 0 plays White and judges white groups, player 1 Black
COLOUR_NAMES = ("White", "Black")
SUPPLY = 30
MAX_GROUP = 5
QUART, QUINT = 4, 5
PASS = "pass"

MOVE_NAMES = [[GRID.names[c] + COLOURS[k] for c in range(CELLS)] for k in (0, 1)]
PARSED = {MOVE_NAMES[k][c]: (c, k) for k in (0, 1) for c in range(CELLS)}

# Moves for each byte of a legal-cell mask, so that listing moves joins a few
# precomputed tuples instead of testing 61 bits one by one.
_CHUNKS = range(0, CELLS, 8)
_BYTE_MOVES = [
    [[tuple(MOVE_NAMES[k][base + b] for b in range(8) if byte >> b & 1 and base + b < CELLS)
      for byte in range(256)] for base in _CHUNKS]
    for k in (0, 1)
]


def _or_list(cells: list[str]) -> str:
    """``d4``, ``d4 or e5``, ``c3, d4 or e5``."""
    return cells[0] if len(cells) == 1 else ", ".join(cells[:-1]) + " or " + cells[-1]


def _pieces_words(moves: list[str]) -> str:
    """``a white piece on d4 or e5, or a black piece on c3``; past four cells of a colour, how many more."""
    parts = []
    for colour, name in zip(COLOURS, COLOUR_NAMES):
        cells = [m[:-1] for m in moves if m[-1] == colour]
        if cells:
            where = _or_list(cells) if len(cells) <= 4 else f"{', '.join(cells[:4])} or {len(cells) - 4} more cells"
            parts.append(f"a {name.lower()} piece on {where}")
    return ", or ".join(parts)


class Manalath(Game):
    name = "manalath"
    title = "Manalath"
    player_counts = (2,)

    def __init__(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, seed, options or {})
        self.board = [-1] * CELLS            # -1 empty, else colour 0 (white) or 1 (black)
        self.group: list[list[int] | None] = [None] * CELLS  # a piece's group, shared by its members
        self.empty = (1 << CELLS) - 1
        self.placeable = [self.empty, self.empty]  # per colour: empty cells that keep groups <= 5
        self.supply = [SUPPLY, SUPPLY]
        # Per colour, the quarts and quints on the board: smallest cell of the group -> ply it formed.
        self.quarts: list[dict[int, int]] = [{}, {}]
        self.quints: list[dict[int, int]] = [{}, {}]
        self.turn = 0
        self.passes = 0                      # passes in a row
        self.result: str | None = None       # "quint", "quart" or "draw" once over
        self.winner: int | None = None

    # -- the protocol -------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.result else self.turn

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def legal_moves(self) -> list[str]:
        if self.result:
            return []
        moves: list[str] = []
        for colour in (0, 1):
            if self.supply[colour]:
                mask = self.placeable[colour]
                table = _BYTE_MOVES[colour]
                for chunk in range(8):
                    byte = mask >> (chunk * 8) & 255
                    if byte:
                        moves += table[chunk][byte]
        return moves or [PASS]

    def play(self, move: str) -> None:
        if self.result:
            raise IllegalMove(f"illegal move {move!r}: the game is over")
        if move == PASS:
            if self._can_place():
                raise IllegalMove("illegal move 'pass': a placement is possible, and a player passes only when none is")
            self._pass()
            return
        cell, colour = self._parse(move)
        if not self.empty >> cell & 1:
            raise IllegalMove(f"illegal move {move!r}: {GRID.names[cell]} is occupied")
        if not self.supply[colour]:
            raise IllegalMove(f"illegal move {move!r}: no {COLOUR_NAMES[colour].lower()} pieces are left")
        if not self.placeable[colour] >> cell & 1:
            size = 1 + sum(len(g) for g in self._groups_around(cell, colour))
            raise IllegalMove(f"illegal move {move!r}: it would make a {COLOUR_NAMES[colour].lower()} "
                              f"group of {size}, and no group may exceed {MAX_GROUP}")
        self._place(cell, colour)

    def coach(self) -> list[dict[str, Any]]:
        """Besides the moves that win or lose at once: those that give the other player a
        quint of their colour, which wins for them when their turn ends, whatever they
        play (a quart of theirs made earlier would decide first: then it is not said)."""
        notes = super().coach()
        if self.result:
            return notes
        for note in notes:
            note["text"] = self._coach_words(note["kind"], note["moves"])
            if note["text"] is None:
                del note["text"]
        other = 1 - self.turn
        if self.quarts[other]:
            return notes
        gifts = []
        for move in self.legal_moves():
            if move == PASS or move[-1] != COLOURS[other]:
                continue
            after = self.clone()
            after.play(move)
            if not after.is_over and after.quints[other]:
                gifts.append(move)
        if gifts:
            name = COLOUR_NAMES[other]
            where = _or_list([m[:-1] for m in gifts])
            notes.append({"kind": "gift", "moves": gifts,
                          "text": f"A {name.lower()} piece on {where} would give {name} a quint: "
                                  f"{name} would win when its turn ends."})
        return notes

    def reason(self, move: str) -> str | None:
        """What a placement that does not end the game stops or threatens: the quints of the
        other's colour it leaves them no longer able to make on their turn (that turn played
        now, as the board stands), and the cells where the mover could make a quint next turn
        that they could not before (their turn after the other's, were it played on this board)."""
        if self.result or move == PASS:
            return None
        me, other = self.turn, 1 - self.turn
        after = self.clone()
        after.play(move)
        if after.is_over:
            return None
        stopped = sorted(self._quint_cells(other) - after._quint_cells(other))
        left = after._quint_cells(other)
        threats = sorted(after._quint_cells(me) - self._quint_cells(me))
        clauses = []
        if stopped:
            them = COLOUR_NAMES[other]
            clauses.append(f"it stops {them}'s quint on {_or_list(stopped)}" +
                           ("" if not left else f" ({them} can still make one on {_or_list(sorted(left))})"))
        if threats:
            mine = COLOUR_NAMES[me].lower()
            clauses.append(f"it threatens a {mine} quint on {_or_list(threats)} next turn")
        return (clauses[0][0].upper() + clauses[0][1:] + (", and " + clauses[1] if len(clauses) > 1 else "") + ".") \
            if clauses else None

    def _quint_cells(self, colour: int) -> set[str]:
        """The cells where ``colour``'s player, were it their turn on this board, would make a
        quint of their colour and win at once."""
        game = self
        if self.turn != colour:
            game = self.clone()
            game.turn = colour
        return {move[:-1] for note in Game.coach(game) if note["kind"] == "win" for move in note["moves"]}

    def _coach_words(self, kind: str, moves: list[str]) -> str | None:
        """The coach's words for moves that win or lose at once: the group of the mover's colour
        each makes (a quint, a quart) where each does so, else the pieces and cells in words (the
        board marks them: no notation). None for every move, or a pass (the page's words)."""
        mover = self.turn
        size = QUINT if kind == "win" else QUART
        if len(moves) == len(self.legal_moves()) or PASS in moves:
            return None
        name = COLOUR_NAMES[mover]
        group, outcome = ("quint", "wins") if kind == "win" else ("quart", "loses")
        if all(m[-1] == COLOURS[mover] and self._makes_group(m, size) for m in moves):
            return f"A {name.lower()} piece on {_or_list([m[:-1] for m in moves])} makes a {name.lower()} {group}: " \
                   f"{name} {outcome} at once."
        pieces = _pieces_words(moves)
        return f"{name} can win now with {pieces}." if kind == "win" else f"{pieces[0].upper()}{pieces[1:]} loses at once."

    def _makes_group(self, move: str, size: int) -> bool:
        after = self.clone()
        after.play(move)
        return any(e["type"] == "group" and e["size"] == size for e in after.events)

    def attempted_moves(self, steps: list[dict[str, str]]) -> list[str]:
        """A cell tapped may have meant either colour there; a cell and a colour, that piece."""
        if len(steps) == 1 and "cell" in steps[0]:
            return [steps[0]["cell"] + colour for colour in COLOURS]
        if len(steps) == 2 and "cell" in steps[0] and "choice" in steps[1]:
            return [steps[0]["cell"] + steps[1]["choice"]]
        return []

    def refusal(self, steps: list[dict[str, str]]) -> str:
        """An empty cell where neither colour may go: both reasons in one sentence."""
        cell = GRID.index.get(steps[0].get("cell", "")) if len(steps) == 1 else None
        if cell is None or self.result or not self.empty >> cell & 1:
            return super().refusal(steps)
        reasons = []
        for colour, word in enumerate(("white", "black")):
            if not self.supply[colour]:
                reasons.append(f"no {word} pieces are left")
            elif not self.placeable[colour] >> cell & 1:
                size = 1 + sum(len(g) for g in self._groups_around(cell, colour))
                reasons.append(f"a {word} piece there would make a {word} group of {size}")
        if len(reasons) < 2:
            return super().refusal(steps)
        return f"Nothing can go on {GRID.names[cell]}: {reasons[0]}, and {reasons[1]}; no group may be larger than five."

    def move_steps(self, move: str) -> list[dict[str, str]]:
        if move == PASS:
            return [{"choice": PASS}]
        cell, colour = self._parse(move)
        return [{"cell": GRID.names[cell]}, {"choice": COLOURS[colour]}]

    def view(self) -> dict[str, Any]:
        last = self.history[-1][:-1] if self.history and self.history[-1] != PASS else None
        return {
            "cells": {GRID.names[c]: COLOURS[k] for c, k in enumerate(self.board) if k >= 0},
            "supply": {"w": self.supply[0], "b": self.supply[1]},
            "last": last,
            "result": self.result,
        }

    @staticmethod
    def layout() -> dict[str, Any]:
        """The board for drawing: each cell's name and centre (neighbours 1 apart, y up)."""
        cells = []
        for c, name in enumerate(GRID.names):
            x, y = GRID.centre(c)
            cells.append({"name": name, "x": round(x, 4), "y": round(y, 4)})
        return {"shape": "hex", "cells": cells}

    def clone(self) -> "Manalath":
        other = self._copy()
        other.board = self.board[:]
        other.placeable = self.placeable[:]
        other.supply = self.supply[:]
        other.quarts = [dict(d) for d in self.quarts]
        other.quints = [dict(d) for d in self.quints]
        copies: dict[int, list[int]] = {}  # the cells of a group share its list; so do the copies
        other.group = [None if g is None else copies.setdefault(id(g), g[:]) for g in self.group]
        return other

    # -- the fast path used by random playouts --------------------------------
    def random_move(self, rng: Rng) -> str:
        """A uniformly random legal move, found without listing them all."""
        white = self.placeable[0] if self.supply[0] else 0
        black = self.placeable[1] if self.supply[1] else 0
        count = white.bit_count() + black.bit_count()
        if not count:
            return PASS
        if count > 24:
            # Guess a (cell, colour) pair until one is placeable; cheap while many are.
            while True:
                r = rng.below(2 * CELLS)
                colour, cell = divmod(r, CELLS)
                if (black if colour else white) >> cell & 1:
                    return MOVE_NAMES[colour][cell]
        return self.legal_moves()[rng.below(count)]

    def play_unchecked(self, move: str) -> None:
        """Play a move known to be legal (from ``legal_moves`` or ``random_move``)."""
        if move == PASS:
            self._pass()
        else:
            cell, colour = PARSED[move]
            self._place(cell, colour)

    # -- the rules ------------------------------------------------------------
    def _parse(self, move: str) -> tuple[int, int]:
        """(cell, colour) of a placement written exactly as ``MOVE_NAMES`` writes it."""
        if not isinstance(move, str):
            raise IllegalMove(f"illegal move {quote(move)}: a move is text such as 'e5w' or 'pass'")
        parsed = PARSED.get(move)
        if parsed is None:
            cell, colour = move[:-1], move[-1:]
            if cell not in GRID.index:
                raise IllegalMove(f"illegal move {quote(move)}: {quote(cell) if cell else 'nothing'} is not a cell "
                                  "(rows a-i, e.g. e5)")
            raise IllegalMove(f"illegal move {quote(move)}: the colour must be w or b, not {colour!r}")
        return parsed

    def _can_place(self) -> bool:
        return bool((self.placeable[0] if self.supply[0] else 0) | (self.placeable[1] if self.supply[1] else 0))

    def _groups_around(self, cell: int, colour: int) -> list[list[int]]:
        """The distinct groups of ``colour`` touching ``cell``."""
        found: list[list[int]] = []
        board, group = self.board, self.group
        for n in NEIGHBOURS[cell]:
            if board[n] == colour:
                g = group[n]
                if not any(g is f for f in found):
                    found.append(g)
        return found

    def _place(self, cell: int, colour: int) -> None:
        bit = 1 << cell
        merged = self._groups_around(cell, colour)
        quarts = self.quarts[colour]
        members = [cell]
        for g in merged:
            if len(g) == QUART:
                del quarts[min(g)]
            members += g
        board, group = self.board, self.group
        board[cell] = colour
        for c in members:
            group[c] = members
        self.empty &= ~bit
        self.placeable[0] &= ~bit
        self.placeable[1] &= ~bit
        self.supply[colour] -= 1
        size = len(members)
        ply = len(self.history)
        if size == QUART:
            quarts[min(members)] = ply
        elif size == QUINT:
            self.quints[colour][min(members)] = ply
        # Only the empty cells next to the grown group can have become unplaceable for its colour.
        around = 0
        for c in members:
            around |= NEIGHBOUR_MASK[c]
        around &= self.empty & self.placeable[colour]
        if around:
            if size == MAX_GROUP:
                self.placeable[colour] &= ~around
            else:
                while around:
                    low = around & -around
                    around ^= low
                    n = low.bit_length() - 1
                    if 1 + sum(len(g) for g in self._groups_around(n, colour)) > MAX_GROUP:
                        self.placeable[colour] &= ~low
        self.passes = 0
        self.history.append(MOVE_NAMES[colour][cell])
        self.events = [{"type": "place", "player": self.turn, "cell": GRID.names[cell], "colour": COLOUR_NAMES[colour].lower()}]
        if size in (QUART, QUINT):
            self.events.append({"type": "group", "colour": COLOUR_NAMES[colour].lower(), "size": size,
                                "cells": sorted(GRID.names[c] for c in members)})
        self._end_turn()

    def _pass(self) -> None:
        self.passes += 1
        self.history.append(PASS)
        self.events = [{"type": "pass", "player": self.turn}]
        self._end_turn()

    def _end_turn(self) -> None:
        """Judge the mover's colour; then the game ends or the turn passes."""
        mover = self.turn
        quart = min(self.quarts[mover].values(), default=None)
        quint = min(self.quints[mover].values(), default=None)
        if quint is not None and (quart is None or quint < quart):
            self.result, self.winner = "quint", mover
        elif quart is not None:
            self.result, self.winner = "quart", 1 - mover
        elif self.passes >= 2:
            self.result = "draw"
        else:
            self.turn = 1 - mover
        self.turns += 1
        if self.result:
            self.events.append({"type": "end", "winners": self.winners, "reason": self.result,
                                "player": mover, "colour": COLOUR_NAMES[mover].lower()})

    @classmethod
    def seat_names(cls, players: int) -> list[str]:
        return list(COLOUR_NAMES)

    @classmethod
    def narrate(cls, events: list[dict[str, Any]], players: int = 2) -> str:
        clauses: list[tuple[str | None, str]] = []
        for e in events:
            kind = e["type"]
            if kind == "place":
                clauses.append((COLOUR_NAMES[e["player"]], f"places a {e['colour']} piece on {e['cell']}"))
            elif kind == "group":
                name = "quart (a group of four)" if e["size"] == QUART else "quint (a group of five)"
                clauses.append((None, f"that makes a {e['colour']} {name}: {and_list(e['cells'])}"))
            elif kind == "pass":
                clauses.append((COLOUR_NAMES[e["player"]], "cannot place a piece and passes"))
            elif kind == "end":
                mover = COLOUR_NAMES[e["player"]]
                if e["reason"] == "quint":
                    clauses.append((None, f"{mover} ends the turn with a {e['colour']} quint: {mover} wins"))
                elif e["reason"] == "quart":
                    other = COLOUR_NAMES[1 - e["player"]]
                    clauses.append((None, f"{mover} ends the turn with a {e['colour']} quart: {other} wins"))
                else:
                    clauses.append((None, "two passes in a row: the game is a draw"))
        return tell(clauses)
