"""Ambush (Jason Spears and Erik Oosterwal, 2008): stack, turn, sandwich, capture.

Two players, Red (player 0, moves first) and Black, each with fifteen pyramids
in five trees (large at the bottom, medium, small on top). The board is four
3x3 coasters laid 2x2: a 6x6 grid, columns ``a``-``f``, rows ``1``-``6`` from
Red's side; coaster 1 is ``a1``-``c3``, 2 ``d1``-``f3``, 3 ``a4``-``c6``,
4 ``d4``-``f6``.

A turn uses the top pyramid of one of the mover's trees, in one of two ways:

* **place** it on an empty cell or on a stack of the mover's colour;
* **turn** a coaster (90 degrees clockwise, 180, or 90 counterclockwise),
  paying with the pyramid, which leaves the game. The coaster turned on the
  turn just before may not be turned.

A pyramid in a stack is visible unless a strictly larger one lies somewhere
above it; a stack's strength is the sum of its visible pips (S 1, M 2, L 3).
A sandwich is a run of one colour's stacks along a row, column or diagonal,
with a stack of the other colour at each end; it captures when the two ends
together are stronger than the run. A capture takes the top pyramid of each
flanked stack, and the capturing player keeps its pips.

* After a placement, only the placer's sandwiches that have the stack just
  played on as an end are resolved (a piece placed between enemies is safe).
* After a turn of a coaster, every capturing sandwich touching that coaster is
  resolved, of either colour, in two steps: first one colour's, then the other
  colour's sandwiches touching the coaster, found again on the board as it then
  stands (whether or not that colour could capture before). If both colours
  would capture and the order changes the outcome, the turning player chooses
  which goes first (a second move of the same turn: ``mine`` or ``theirs``).
* One colour's sandwiches resolve together; a stack flanked by several of them
  loses only its top pyramid. There are no chain reactions.

The game ends when both players have used all fifteen pyramids (30 turns);
the larger total of captured pips wins, equal totals draw.

Notation (all lower case):

* a placement is the cell then the size: ``c4m`` puts a medium on c4;
* a turn is the coaster's number, the direction (``cw``, ``ccw`` or ``half``)
  and, after a dash, the size paid: ``2cw-s`` turns coaster 2 clockwise paying
  a small, ``3half-l`` turns coaster 3 half way round paying a large;
* the order of captures, when the turning player must choose it: ``mine``
  (the turning player's captures first) or ``theirs``.

Events (see ``core.Game``): ``place`` (``size`` s, m or l; ``on_stack``: onto an
own stack), ``capture`` (one per pyramid taken: ``size``, ``pips``), ``rotate``
(``coaster``, ``direction``, ``paid``: the size spent, ``moves``: each stack's
``[from, to]``), ``choice`` (both colours would capture and the order matters:
the turning player chooses next), ``order`` (``first``: the colour whose
captures went first) and ``end`` (``scores``).
"""
from __future__ import annotations

from typing import Any

from ..core import Game, IllegalMove, and_list, plural, quote, tell
from ..rng import Rng

SIZE = 6
CELLS = SIZE * SIZE
COLUMNS = "abcdef"
NAMES = [COLUMNS[i % SIZE] + str(i // SIZE + 1) for i in range(CELLS)]
INDEX = {name: i for i, name in enumerate(NAMES)}
COLOUR_NAMES = ("Red", "Black")

SIZES = "sml"                      # small, medium, large; a pyramid's pips are its index + 1
SIZE_NAMES = ("small", "medium", "large")
TREES = 5

# The coasters, numbered 1-4: origin column and row of each.
COASTERS = {1: (0, 0), 2: (3, 0), 3: (0, 3), 4: (3, 3)}
COASTER_CELLS = {k: tuple((r0 + r) * SIZE + c0 + c for r in range(3) for c in range(3))
                 for k, (c0, r0) in COASTERS.items()}
CENTRES = {k: (r0 + 1) * SIZE + c0 + 1 for k, (c0, r0) in COASTERS.items()}
COASTER_OF = [(i % SIZE) // 3 + 2 * ((i // SIZE) // 3) + 1 for i in range(CELLS)]

# A turn maps the offset (dx, dy) from the coaster's centre to a new offset (y grows up).
TURNS = {
    "cw": lambda dx, dy: (dy, -dx),
    "half": lambda dx, dy: (-dx, -dy),
    "ccw": lambda dx, dy: (-dy, dx),
}
DIRECTIONS = ("cw", "half", "ccw")
DIRECTION_NAMES = {"cw": "clockwise", "half": "half way round", "ccw": "counterclockwise"}
UNDO = {"cw": "ccw", "half": "half", "ccw": "cw"}  # the turn that puts a coaster back


def _turn_map(k: int, direction: str) -> tuple[int, ...]:
    """``dest[i]``: where the stack on cell ``i`` of coaster ``k`` goes (``i`` for other cells)."""
    c0, r0 = COASTERS[k]
    dest = list(range(CELLS))
    for cell in COASTER_CELLS[k]:
        dx, dy = cell % SIZE - c0 - 1, cell // SIZE - r0 - 1
        nx, ny = TURNS[direction](dx, dy)
        dest[cell] = (r0 + 1 + ny) * SIZE + c0 + 1 + nx
    return tuple(dest)


TURN_MAPS = {(k, d): _turn_map(k, d) for k in COASTERS for d in DIRECTIONS}

# The eight directions along rows, columns and diagonals, and from each cell the
# ray of cells in each (nearest first). FORWARD holds one of each opposite pair.
STEPS = ((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1))
FORWARD = STEPS[:4]


def _ray(cell: int, dx: int, dy: int) -> tuple[int, ...]:
    x, y = cell % SIZE + dx, cell // SIZE + dy
    out = []
    while 0 <= x < SIZE and 0 <= y < SIZE:
        out.append(y * SIZE + x)
        x, y = x + dx, y + dy
    return tuple(out)


RAYS = [tuple(_ray(c, dx, dy) for dx, dy in STEPS) for c in range(CELLS)]
FORWARD_RAYS = [rays[:4] for rays in RAYS]
# For a coaster, each cell's forward rays that a sandwich touching the coaster may lie on, each
# with the first index along it on the coaster (-1: the cell itself is on it): a sandwich from
# the cell to ray[i] touches the coaster when i is at least that index.
RAYS_TOUCHING = {k: [[(ray, -1 if COASTER_OF[cell] == k else
                       next(i for i, x in enumerate(ray) if COASTER_OF[x] == k))
                      for ray in FORWARD_RAYS[cell] if COASTER_OF[cell] == k or k in {COASTER_OF[x] for x in ray}]
                     for cell in range(CELLS)] for k in COASTERS}

MINE, THEIRS = "mine", "theirs"

# Every move text, parsed once: a placement (cell, size), a turn (coaster, direction, size).
PLACEMENTS = {NAMES[c] + SIZES[s]: (c, s) for c in range(CELLS) for s in range(3)}
TURN_MOVES = {f"{k}{d}-{SIZES[s]}": (k, d, s) for k in COASTERS for d in DIRECTIONS for s in range(3)}
PLACEMENT_NAMES = [[NAMES[c] + SIZES[s] for s in range(3)] for c in range(CELLS)]


def or_list(words: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def parse_move(text: str) -> tuple:
    """A move text as a tuple: ``("place", cell, size)``, ``("turn", coaster, direction, size)``
    or ``("order", "mine" | "theirs")``; cells and sizes by name. ValueError if it is no move.

    >>> parse_move("c4m"), parse_move("2cw-s"), parse_move("theirs")
    (('place', 'c4', 'm'), ('turn', 2, 'cw', 's'), ('order', 'theirs'))
    """
    if text in PLACEMENTS:
        return ("place", text[:-1], text[-1])
    if text in TURN_MOVES:
        k, d, s = TURN_MOVES[text]
        return ("turn", k, d, SIZES[s])
    if text in (MINE, THEIRS):
        return ("order", text)
    raise ValueError(f"not an Ambush move: {quote(text)}")


def format_move(move: tuple) -> str:
    """The inverse of :func:`parse_move`.

    >>> format_move(("turn", 3, "half", "l"))
    '3half-l'
    """
    kind = move[0]
    text = (move[1] + move[2] if kind == "place" else f"{move[1]}{move[2]}-{move[3]}" if kind == "turn"
            else move[1])
    parse_move(text)  # refuse a tuple that names no move
    return text


def strength(stack: tuple[int, ...]) -> int:
    """Visible pips of a stack (sizes 1-3, bottom to top).

    A pyramid is hidden when a strictly larger one lies anywhere above it.

    >>> strength((2, 1)), strength((1, 2, 3)), strength((3, 2, 1))
    (3, 3, 6)
    >>> strength((1, 2, 1)), strength((2, 1, 1))
    (3, 4)
    """
    total = 0
    above = 0  # the largest pyramid seen so far, reading from the top down
    for pips in reversed(stack):
        if pips >= above:
            total += pips
            above = pips
    return total


def visible(stack: tuple[int, ...]) -> list[bool]:
    """For each pyramid of a stack (bottom to top), whether it shows: no larger one above it."""
    shown = []
    above = 0
    for pips in reversed(stack):
        shown.append(pips >= above)
        above = max(above, pips)
    return shown[::-1]


class Ambush(Game):
    name = "ambush"
    title = "Ambush"
    player_counts = (2,)
    option_specs: dict[str, dict[str, Any]] = {}

    def __init__(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, seed, options or {})
        self.owner = [-1] * CELLS                    # -1 empty, else the player whose stack it is
        self.stacks: list[tuple[int, ...]] = [()] * CELLS  # pips bottom to top
        self.power = [0] * CELLS                     # each stack's strength
        # Trees by how many pyramids they still hold: tree[p][h] trees of height h (0-3).
        # A tree of height 3 shows a small, 2 a medium, 1 a large.
        self.trees = [[0, 0, 0, TREES], [0, 0, 0, TREES]]
        self.captured: list[list[int]] = [[], []]    # pips each player took from the other
        self.spent: list[list[int]] = [[], []]       # pips each player paid to turn coasters
        self.turn = 0
        self.turns_played = 0
        self.blocked: int | None = None              # the coaster turned on the turn just before
        self.pending: int | None = None              # coaster just turned, while the order of captures is open
        self.last: tuple[int, ...] = ()              # cells the last move touched
        self.last_captures: tuple[int, ...] = ()     # cells that lost a pyramid in the last move
        self.over = False

    # -- the protocol -------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.over else self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[float]:
        return [float(sum(self.captured[0])), float(sum(self.captured[1]))]

    @property
    def winners(self) -> list[int]:
        if not self.over:
            return []
        a, b = sum(self.captured[0]), sum(self.captured[1])
        return [0] if a > b else [1] if b > a else []

    def tops(self, player: int) -> list[int]:
        """The sizes (0 small, 1 medium, 2 large) on top of the player's trees."""
        tree = self.trees[player]
        return [s for s in range(3) if tree[3 - s]]

    def legal_moves(self) -> list[str]:
        if self.over:
            return []
        if self.pending is not None:
            return [MINE, THEIRS]
        p = self.turn
        tops = self.tops(p)
        owner = self.owner
        moves = [PLACEMENT_NAMES[c][s] for c in range(CELLS) if owner[c] < 0 or owner[c] == p for s in tops]
        for k in COASTERS:
            if k != self.blocked:
                moves += [f"{k}{d}-{SIZES[s]}" for d in DIRECTIONS for s in tops]
        return moves

    def play(self, move: str) -> None:
        if not isinstance(move, str):
            raise IllegalMove(f"illegal move {quote(move)}: a move is text such as 'c4m', '2cw-s' or 'mine'")
        if self.over:
            raise IllegalMove(f"illegal move {quote(move)}: the game is over")
        if self.pending is not None:
            if move not in (MINE, THEIRS):
                raise IllegalMove(f"illegal move {move!r}: both colours would capture after the turn of "
                                  f"coaster {self.pending}; choose whose captures come first, 'mine' or 'theirs'")
            self._order(move)
            return
        if move in (MINE, THEIRS):
            raise IllegalMove(f"illegal move {move!r}: there is no order of captures to choose")
        p = self.turn
        if move in PLACEMENTS:
            cell, s = PLACEMENTS[move]
            self._check_size(move, s)
            if self.owner[cell] == 1 - p:
                raise IllegalMove(f"illegal move {move!r}: {NAMES[cell]} holds a "
                                  f"{COLOUR_NAMES[1 - p].lower()} stack, and a pyramid goes only on "
                                  "an empty cell or a stack of its own colour")
            self._place(cell, s)
        elif move in TURN_MOVES:
            k, d, s = TURN_MOVES[move]
            self._check_size(move, s)
            if k == self.blocked:
                raise IllegalMove(f"illegal move {move!r}: coaster {k} was turned on the turn just before")
            self._turn(k, d, s)
        else:
            raise IllegalMove(f"illegal move {quote(move)}: {self._malformed(move)}")

    def play_unchecked(self, move: str) -> None:
        """Play a move known to be legal (from ``legal_moves`` or ``random_move``)."""
        placement = PLACEMENTS.get(move)
        if placement is not None:
            self._place(*placement)
        elif move in TURN_MOVES:
            self._turn(*TURN_MOVES[move])
        else:
            self._order(move)

    def random_move(self, rng: Rng) -> str:
        """A uniformly random legal move, found without listing them all."""
        if self.pending is not None:
            return (MINE, THEIRS)[rng.below(2)]
        p = self.turn
        tops = self.tops(p)
        owner = self.owner
        cells = [c for c in range(CELLS) if owner[c] < 0 or owner[c] == p]
        coasters = [k for k in COASTERS if k != self.blocked]
        n = len(tops)
        r = rng.below((len(cells) + 3 * len(coasters)) * n)
        r, s = divmod(r, n)
        if r < len(cells):
            return PLACEMENT_NAMES[cells[r]][tops[s]]
        k, d = divmod(r - len(cells), 3)
        return f"{coasters[k]}{DIRECTIONS[d]}-{SIZES[tops[s]]}"

    def coach(self) -> list[dict[str, Any]]:
        """Besides the moves that win or lose at once (the last turn): ``threat``, the stacks
        of the player to move that the other player could capture on their next turn, as
        the board stands (the other to move now, as if this player passed: every coaster
        open to them), with those ``cells`` and ``moves`` empty (the moves that would capture
        are the other's); and ``capture``, the moves that capture now. Both found by playing
        each move on a copy (each order of captures, when the mover would choose it). Then
        ``costly`` and ``exposing`` (``_costs``): the moves after which the other can capture
        more on their next turn. Nothing is added while the order of captures is being
        chosen: that choice is the move."""
        notes = super().coach()
        if self.over or self.pending is not None:
            return notes
        p = self.turn
        other = COLOUR_NAMES[1 - p]
        threatened = self._capturable(1 - p)
        if threatened:
            lead = f"Unless your move prevents it, next turn {other} can capture"
            notes.append({"kind": "threat", "moves": [], "cells": sorted(NAMES[c] for c in threatened),
                          "text": self._coach_words(lead, "your", threatened)})
        chances = self._capturable(p)
        if chances:
            moves = sorted({m for ways in chances.values() for m in ways["moves"]})
            notes.append({"kind": "capture", "moves": moves,
                          "text": self._coach_words("Now you can capture", f"{other}'s", chances)})
        return notes + self._costs(sorted({m for ways in chances.values() for m in ways["moves"]}))

    def reason(self, move: str) -> str | None:
        """What a move stops or threatens, in pips, found by playing every answer on copies (the
        order of captures, where it is asked, the mover's best): the other's best capture next
        turn, against their best as the board stands (were it their turn now), and the mover's
        best capture on the turn after, were it played on the board the move leaves."""
        if self.over or self.pending is not None:
            return None
        p, other = self.turn, COLOUR_NAMES[1 - self.turn]
        now = self._as_if_to_move(1 - p)._best_capture(1 - p)
        best = None
        for end, events in self._endings(move):
            if end.over:
                return None   # the game's end says it
            lost = end._best_capture(1 - p)
            if best is None or self._taken(events, p) - lost > best[0]:
                best = (self._taken(events, p) - lost, lost, end)
        _, lost, end = best
        threat = end._as_if_to_move(p)._best_capture(p)
        clauses = []
        if lost < now:
            then = f"{plural(lost, 'pip')} at most" if lost else "nothing"
            clauses.append(f"it keeps {other} from capturing {plural(now, 'pip')} next turn ({then} then)")
        if threat:
            clauses.append(f"it threatens to capture {plural(threat, 'pip')} on {COLOUR_NAMES[p]}'s next turn")
        return (clauses[0][0].upper() + clauses[0][1:] + (", and " + clauses[1] if len(clauses) > 1 else "") + ".") \
            if clauses else None

    def _as_if_to_move(self, q: int) -> "Ambush":
        """This board with ``q`` to move and no coaster closed (this game itself when it is so)."""
        if self.turn == q and self.blocked is None:
            return self
        game = self.clone()
        game.turn, game.blocked = q, None
        return game

    @staticmethod
    def _taken(events: list[dict[str, Any]], q: int) -> int:
        """The pips ``q`` captured in ``events``."""
        return sum(e["pips"] for e in events if e["type"] == "capture" and e["player"] == q)

    def _endings(self, move: str) -> list[tuple["Ambush", list[dict[str, Any]]]]:
        """Each way ``move`` may end, played on a copy: (the position, the events of the whole
        move); two where the mover then chooses the order of captures, one otherwise."""
        after = self.clone()
        after.play_unchecked(move)
        if after.pending is None:
            return [(after, after.events)]
        ends = []
        for choice in (MINE, THEIRS):
            end = after.clone()
            end.play_unchecked(choice)
            ends.append((end, after.events + end.events))
        return ends

    def _best_capture(self, q: int) -> int:
        """The most pips ``q`` (to move) can capture with one move, the order of captures chosen
        as q likes. Of the placements on a cell only the one that makes the stack strongest is
        tried (a stronger end closes every sandwich a weaker one does); of the turns, each
        coaster and direction once (what a turn captures does not depend on the pyramid paid)."""
        best, turned = 0, set()
        strongest: dict[int, tuple[int, int]] = {}   # cell -> (its stack's strength, the size that makes it)
        for move in self.legal_moves():
            if move in PLACEMENTS:
                cell, s = PLACEMENTS[move]
                power = strength(self.stacks[cell] + (s + 1,))
                if power > strongest.get(cell, (0, 0))[0]:
                    strongest[cell] = (power, s)
                continue
            k, d, _ = TURN_MOVES[move]
            if (k, d) not in turned:
                turned.add((k, d))
                best = max(best, self._turn_pips(k, d, q))
        for cell, (_, s) in strongest.items():
            best = max(best, self._placement_pips(cell, s))
        return best

    def _turn_pips(self, k: int, d: str, q: int) -> int:
        """The most pips ``q`` (to move) captures by turning coaster ``k`` ``d``, the order of
        captures chosen as q likes: the turn and its captures as ``_turn`` and ``_resolve`` make
        them, tried on the board itself and put back."""
        board = self.owner[:], self.stacks[:], self.power[:]
        self._rotate(k, d)
        mine, theirs = self._captures(q, k), self._captures(1 - q, k)
        # q's captures first (where q captures, or nobody does): taken on the board as turned.
        best = sum(self.stacks[c][-1] for c in mine)
        if theirs:   # the other's first (q chooses where both capture), then q's on the board as it then stands
            for c in theirs:
                self._set(c, self.owner[c], self.stacks[c][:-1])
            best = max(best, sum(self.stacks[c][-1] for c in self._captures(q, k)))
        self.owner[:], self.stacks[:], self.power[:] = board
        return best

    def _placement_exposure(self, cell: int, s: int) -> int:
        """The most pips the other player can capture on their next turn after the player to
        move places a pyramid of size index ``s`` on ``cell``, a placement that captures nothing
        and does not end the game: tried on the board itself and put back."""
        owner, stack, power = self.owner[cell], self.stacks[cell], self.power[cell]
        turn, blocked = self.turn, self.blocked
        self._set(cell, turn, stack + (s + 1,))
        self.turn, self.blocked = 1 - turn, None
        try:
            return self._best_capture(1 - turn)
        finally:
            self.turn, self.blocked = turn, blocked
            self.owner[cell], self.stacks[cell], self.power[cell] = owner, stack, power

    def _placement_pips(self, cell: int, s: int) -> int:
        """The pips the player to move captures by placing a pyramid of size index ``s`` on
        ``cell``: tried on the board itself and put back (as ``_place`` would, without a copy)."""
        owner, stack, power = self.owner[cell], self.stacks[cell], self.power[cell]
        self._set(cell, self.turn, stack + (s + 1,))
        pips = sum(self.stacks[c][-1] for c in self._placement_captures(cell))
        self.owner[cell], self.stacks[cell], self.power[cell] = owner, stack, power
        return pips

    @staticmethod
    def _move_words(move: str) -> str:
        """``placing a medium on c2``, ``turning coaster 2 clockwise``."""
        if move in PLACEMENTS:
            cell, size = PLACEMENTS[move]
            return f"placing a {SIZE_NAMES[size]} on {NAMES[cell]}"
        k, d, _ = TURN_MOVES[move]
        return f"turning coaster {k} {DIRECTION_NAMES[d]}"

    def _costs(self, captures: list[str]) -> list[dict[str, Any]]:
        """``costly``: of the ``captures`` (moves that capture now), those after which the other
        player can capture more pips on their next turn than the move captured and than they
        can as the board stands (a capture that opens a bigger recapture), with ``pips`` per
        move: [won, then lost]; and ``exposing``: the other moves (placements, turns that
        capture nothing) after which the other can capture more than they can as the board
        stands, with ``pips`` per move: what the other can then capture. Found by playing each
        and every answer on copies; the order of captures, where it is asked, chosen by each
        side for itself."""
        p = self.turn
        threat = self._as_if_to_move(1 - p)._best_capture(1 - p)
        costly: dict[str, list[int]] = {}
        exposing: dict[str, int] = {}
        capturing = set(captures)
        last_turn = self.turns_played + 1 == 2 * 3 * TREES
        turned: dict[tuple[int, str], list[int]] = {}   # a turn's outcome does not depend on the pyramid paid
        for move in self.legal_moves():
            if move in PLACEMENTS and move not in capturing:
                best = [0, 0 if last_turn else self._placement_exposure(*PLACEMENTS[move])]
            elif move in TURN_MOVES and TURN_MOVES[move][:2] in turned:
                best = turned[TURN_MOVES[move][:2]]
            else:
                best = None
                for end, events in self._endings(move):
                    won = self._taken(events, p)
                    lost = 0 if end.over else end._best_capture(1 - p)
                    if best is None or won - lost > best[0] - best[1]:
                        best = [won, lost]
                if move in TURN_MOVES:
                    turned[TURN_MOVES[move][:2]] = best
            if move in capturing and best[1] > max(best[0], threat):
                costly[move] = best
            elif move not in capturing and best[1] > threat:
                exposing[move] = best[1]
        other = COLOUR_NAMES[1 - p]
        notes = []
        if costly:
            moves = sorted(costly)
            if len(moves) > 1:
                won, lost = max(costly.values(), key=lambda wl: wl[1] - wl[0])
                text = (f"Careful: {len(moves)} of your captures open a bigger one for {other}: the worst wins "
                        f"{plural(won, 'pip')} and then loses {plural(lost, 'pip')} to {other}'s reply.")
            else:
                won, lost = costly[moves[0]]
                text = (f"Careful: {self._move_words(moves[0])} captures {plural(won, 'pip')}, but then {other} can "
                        f"capture {plural(lost, 'pip')} on its next turn.")
            notes.append({"kind": "costly", "moves": moves, "ring": "gift", "pips": costly, "text": text})
        if exposing:
            moves = sorted(exposing)
            worst = max(moves, key=lambda m: exposing[m])   # the first in order among the worst
            # What the other can capture now, as the board stands (a newcomer misread "(nothing as the board stands)").
            can_now = f"the {plural(threat, 'pip')} it can now"
            nothing_now = "where now it can capture nothing"
            if len(moves) == 1:
                text = (f"Careful: {self._move_words(worst)} lets {other} capture {plural(exposing[worst], 'pip')} "
                        f"next turn, {f'more than {can_now}' if threat else nothing_now}.")
            else:
                then = f"more next turn than {can_now}" if threat else f"next turn, {nothing_now}"
                text = (f"Careful: {len(moves)} of your moves would let {other} capture {then}; "
                        f"the worst, {self._move_words(worst)}, lets {other} take {plural(exposing[worst], 'pip')}.")
            notes.append({"kind": "exposing", "moves": moves, "pips": exposing, "text": text})
        return notes

    def _capturable(self, q: int) -> dict[int, dict[str, Any]]:
        """The stacks of the other colour that ``q`` could capture with one move: by the cell
        each stands on now, the ``cells`` where a placement would capture it, the ``coasters``
        whose turn would, and those ``moves``. For the player to move, from this position; for
        the other, as if the player to move passed (``q`` to move, no coaster closed)."""
        start = self
        if q != self.turn:
            start = self.clone()
            start.turn, start.blocked = q, None
        found: dict[int, dict[str, Any]] = {}
        for move in start.legal_moves():
            placement = PLACEMENTS.get(move)
            back = None if placement else TURN_MAPS[TURN_MOVES[move][0], UNDO[TURN_MOVES[move][1]]]
            for end, _ in start._endings(move):   # q would choose the order: either may be chosen
                for e in end.events:
                    if e["type"] != "capture" or e["player"] != q:
                        continue
                    cell = INDEX[e["cell"]] if placement else back[INDEX[e["cell"]]]
                    ways = found.setdefault(cell, {"cells": set(), "coasters": set(), "moves": set()})
                    if placement:
                        ways["cells"].add(placement[0])
                    else:
                        ways["coasters"].add(TURN_MOVES[move][0])
                    ways["moves"].add(move)
        return found

    def _stack_words(self, cell: int, whose: str) -> str:
        """``your large on b2``; a stack of several pyramids, the one that would be taken:
        ``the small on top of your stack on b2``."""
        stack = self.stacks[cell]
        size = SIZE_NAMES[stack[-1] - 1]
        if len(stack) == 1:
            return f"{whose} {size} on {NAMES[cell]}"
        return f"the {size} on top of {whose} stack on {NAMES[cell]}"

    @staticmethod
    def _ways_words(ways: dict[str, Any]) -> str:
        """``by placing on a2 or b3, or by turning coaster 1``."""
        said = []
        if ways["cells"]:
            said.append("by placing on " + or_list(sorted(NAMES[c] for c in ways["cells"])))
        if ways["coasters"]:
            said.append("by turning coaster " + or_list([str(k) for k in sorted(ways["coasters"])]))
        return ", or ".join(said)

    def _coach_words(self, lead: str, whose: str, stacks: dict[int, dict[str, Any]]) -> str:
        """``lead`` ("Now you can capture") and what: one stack with its pips and the ways,
        two with the ways of each, more by their cells only (the rings show them; the ways of
        each would make a sentence too long to read under the board)."""
        cells = sorted(stacks, key=NAMES.__getitem__)
        if len(cells) == 1:
            cell = cells[0]
            pips = plural(self.stacks[cell][-1], "pip")
            return f"{lead} {self._stack_words(cell, whose)} ({pips}) {self._ways_words(stacks[cell])}."
        if len(cells) > 2:
            return f"{lead} from {whose} stacks on {or_list([NAMES[c] for c in cells])}."
        said = [f"{self._stack_words(c, whose)} ({self._ways_words(stacks[c])})" for c in cells]
        return f"{lead} {or_list(said)}."

    def refusal(self, steps: list[dict[str, str]]) -> str:
        """The rules' reason; for a first tap on a cell no pyramid may go on, also how a coaster
        is turned (a player who means to turn one often taps it first)."""
        reason = super().refusal(steps)
        if len(steps) == 1 and "cell" in steps[0] and self.to_move in (0, 1) and self.pending is None:
            reason += " To turn its coaster instead, choose a turn first, then the pyramid to pay, then the coaster."
        return reason

    def attempted_moves(self, steps: list[dict[str, str]]) -> list[str]:
        """A cell tapped first: a placement there of each size on top of a tree; a cell and a
        size, that placement; a direction, a size and a coaster's centre, that turn (without
        the size, a turn paid with each size at hand)."""
        kinds = ["cell" if "cell" in step else "choice" for step in steps]
        values = [next(iter(step.values())) for step in steps]
        if kinds == ["cell"]:
            sizes = [SIZES[s] for s in self.tops(self.turn)] or list(SIZES)
            return [values[0] + size for size in sizes]
        if kinds == ["cell", "choice"]:
            return [values[0] + values[1]]
        if kinds in (["choice", "cell"], ["choice", "choice", "cell"]):
            coaster = next((k for k, centre in CENTRES.items() if NAMES[centre] == values[-1]), None)
            sizes = [values[1]] if len(values) == 3 else [SIZES[s] for s in self.tops(self.turn)]
            return [f"{coaster}{values[0]}-{size}" for size in sizes] if coaster else []
        return []

    def move_steps(self, move: str) -> list[dict[str, str]]:
        """A placement: the cell, then the size. A turn: the direction, the size paid,
        then the coaster's centre cell. The size is no step when it is the only one at
        hand (every tree shows the same top): there is nothing to choose, so a tap on a
        cell places at once. The order of captures: one choice."""
        if move in PLACEMENTS:
            cell, s = PLACEMENTS[move]
            return [{"cell": NAMES[cell]}, *self._size_step(s)]
        if move in TURN_MOVES:
            k, d, s = TURN_MOVES[move]
            return [{"choice": d}, *self._size_step(s), {"cell": NAMES[CENTRES[k]]}]
        if move in (MINE, THEIRS):
            return [{"choice": move}]
        raise IllegalMove(f"illegal move {quote(move)}: {self._malformed(move)}")

    def _size_step(self, s: int) -> list[dict[str, str]]:
        """The choice of size ``s`` as a step of a move, or none when it is the only size at hand."""
        return [] if self.tops(self.turn) == [s] else [{"choice": SIZES[s]}]

    def view(self) -> dict[str, Any]:
        cells = {}
        for c in range(CELLS):
            stack = self.stacks[c]
            if stack:
                cells[NAMES[c]] = {"player": self.owner[c], "stack": "".join(SIZES[x - 1] for x in stack),
                                   "visible": visible(stack), "strength": self.power[c]}
        players = []
        for p in (0, 1):
            tree = self.trees[p]
            players.append({
                # each tree bottom to top: "lms", "lm", "l" or "" (used up), the tallest first
                "trees": ["lms"[:h] for h in (3, 2, 1, 0) for _ in range(tree[h])],
                "tops": [SIZES[s] for s in self.tops(p)],
                "left": sum(h * n for h, n in enumerate(tree)),
                "captured": "".join(SIZES[x - 1] for x in self.captured[p]),
                "spent": "".join(SIZES[x - 1] for x in self.spent[p]),
                "score": sum(self.captured[p]),
            })
        pending = None
        if self.pending is not None:
            pending = {"coaster": self.pending,
                       "captures": [[NAMES[c] for c in sorted(self._captures(q, self.pending))] for q in (0, 1)]}
        return {
            "cells": cells,
            "players": players,
            "turn": self.turns_played + (0 if self.over else 1),
            "blocked": self.blocked,
            "pending": pending,
            "last": [NAMES[c] for c in self.last],
            "captures": [NAMES[c] for c in self.last_captures],
            "result": None if not self.over else ("win" if self.winners else "draw"),
        }

    @staticmethod
    def layout() -> dict[str, Any]:
        """A 6x6 square board, row 1 at the bottom, with the four coasters as regions."""
        cells = [{"name": NAMES[c], "x": float(c % SIZE), "y": float(c // SIZE)} for c in range(CELLS)]
        regions = [{"name": f"Coaster {k}", "cells": [NAMES[c] for c in COASTER_CELLS[k]],
                    "class": f"amb-coaster amb-coaster-{k}"} for k in COASTERS]
        labels = ([{"text": COLUMNS[x], "x": float(x), "y": -0.8} for x in range(SIZE)]
                  + [{"text": str(y + 1), "x": -0.8, "y": float(y)} for y in range(SIZE)])
        # Each coaster's number in a round badge at its outer corner, outside the cells, where
        # nothing on the board can cover it (turns are written with it: 4cw-s).
        # (Left and below, in the rows of the edge labels; right and above, as close as they fit.)
        far = SIZE - 0.35
        corner = {1: (-0.8, -0.8), 2: (far, -0.8), 3: (-0.8, far), 4: (far, far)}
        labels += [{"text": str(k), "x": corner[k][0], "y": corner[k][1], "class": "amb-coaster-badge", "badge": True}
                   for k in COASTERS]
        return {"shape": "square", "cells": cells, "regions": regions, "labels": labels}

    def clone(self) -> "Ambush":
        other = self._copy()
        other.owner = self.owner[:]
        other.stacks = self.stacks[:]
        other.power = self.power[:]
        other.trees = [self.trees[0][:], self.trees[1][:]]
        other.captured = [self.captured[0][:], self.captured[1][:]]
        other.spent = [self.spent[0][:], self.spent[1][:]]
        return other

    # -- the rules ------------------------------------------------------------
    def _malformed(self, move: str) -> str:
        """Why a text that is no move at all was refused."""
        if move[:1].isdigit():
            return ("a turn is the coaster (1-4), cw, half or ccw, a dash and the size paid, "
                    "such as '2cw-s'")
        if move in INDEX:
            return f"a placement names a size after the cell, such as '{move}s'"
        if move[:-1] not in INDEX:
            return f"{quote(move[:-1]) if move[:-1] else 'nothing'} is not a cell (columns a-f, rows 1-6, e.g. c4)"
        return f"the size must be s, m or l, not {move[-1:]!r}"

    def _check_size(self, move: str, s: int) -> None:
        if s not in self.tops(self.turn):
            raise IllegalMove(f"illegal move {move!r}: no tree of {COLOUR_NAMES[self.turn]} has a "
                              f"{SIZE_NAMES[s]} pyramid on top")

    def _take(self, s: int) -> int:
        """Take a pyramid of size index ``s`` off a tree of the mover; return its pips."""
        tree = self.trees[self.turn]
        tree[3 - s] -= 1
        tree[2 - s] += 1
        return s + 1

    def _set(self, cell: int, owner: int, stack: tuple[int, ...]) -> None:
        self.owner[cell] = owner if stack else -1
        self.stacks[cell] = stack
        self.power[cell] = strength(stack)

    def _place(self, cell: int, s: int) -> None:
        p = self.turn
        self.events = [{"type": "place", "player": p, "cell": NAMES[cell], "size": SIZES[s],
                        "on_stack": bool(self.stacks[cell])}]
        self._set(cell, p, self.stacks[cell] + (self._take(s),))
        self.history.append(PLACEMENT_NAMES[cell][s])
        self.last = (cell,)
        taken = self._placement_captures(cell)
        self.last_captures = tuple(sorted(taken)) if taken else ()
        self._capture(p, taken)
        self._end_turn(None)

    def _placement_captures(self, cell: int) -> set[int]:
        """Cells flanked in the mover's capturing sandwiches that have ``cell`` as an end."""
        owner, power = self.owner, self.power
        p = owner[cell]
        taken: set[int] = set()
        for ray in RAYS[cell]:
            run = 0
            for i, c in enumerate(ray):
                if owner[c] == p and i:
                    if power[cell] + power[c] > run:
                        taken.update(ray[:i])
                    break
                if owner[c] != 1 - p:
                    break
                run += power[c]
        return taken

    def _captures(self, p: int, coaster: int) -> set[int]:
        """Cells flanked in ``p``'s capturing sandwiches with a cell on ``coaster``.

        The scan along a ray is the one in ``_placement_captures``, written out in
        both: as a shared function it made random games 15% slower.
        """
        owner, power, rays = self.owner, self.power, RAYS_TOUCHING[coaster]
        taken: set[int] = set()
        for cell in range(CELLS):
            if owner[cell] != p:
                continue
            for ray, first in rays[cell]:
                run = 0
                for i, c in enumerate(ray):
                    if owner[c] == p and i:
                        if power[cell] + power[c] > run and i >= first:
                            taken.update(ray[:i])
                        break
                    if owner[c] != 1 - p:
                        break
                    run += power[c]
        return taken

    def _capture(self, p: int, cells: set[int]) -> None:
        """``p`` takes the top pyramid of each of ``cells``."""
        for c in sorted(cells):
            stack = self.stacks[c]
            self.captured[p].append(stack[-1])
            self.events.append({"type": "capture", "player": p, "owner": 1 - p, "cell": NAMES[c],
                                "size": SIZES[stack[-1] - 1], "pips": stack[-1]})
            self._set(c, self.owner[c], stack[:-1])

    def _turn(self, k: int, d: str, s: int) -> None:
        p = self.turn
        self.spent[p].append(self._take(s))
        dest = TURN_MAPS[k, d]
        stacks = self._rotate(k, d)
        self.history.append(f"{k}{d}-{SIZES[s]}")
        self.events = [{"type": "rotate", "player": p, "coaster": k, "direction": d, "paid": SIZES[s],
                        "moves": [[NAMES[c], NAMES[dest[c]]] for c in COASTER_CELLS[k] if stacks[c]]}]
        self.last = COASTER_CELLS[k]
        mine, theirs = self._captures(p, k), self._captures(1 - p, k)
        if mine and theirs and self._order_matters(k):
            self.pending = k   # the turning player chooses the order next
            self.last_captures = ()
            self.events.append({"type": "choice", "player": p, "coaster": k})
            return
        self._resolve(k, p if mine or not theirs else 1 - p)
        self._end_turn(k)

    def _rotate(self, k: int, d: str) -> list[tuple[int, ...]]:
        """Turn coaster ``k`` ``d``, what stands on it going with it; the stacks as they stood before."""
        dest = TURN_MAPS[k, d]
        owner, stacks = self.owner[:], self.stacks[:]
        for c in COASTER_CELLS[k]:
            self._set(dest[c], owner[c], stacks[c])
        return stacks

    def _resolve(self, k: int, first: int) -> None:
        """The captures after coaster ``k`` turned, in two steps: ``first``'s sandwiches
        touching it, then the other colour's, found again on the board as it then stands."""
        taken = self._captures(first, k)
        self._capture(first, taken)
        again = self._captures(1 - first, k)
        self._capture(1 - first, again)
        self.last_captures = tuple(sorted(taken | again))

    def _order_matters(self, k: int) -> bool:
        """Whether the two orders of captures after coaster ``k`` turned leave different boards
        (the same board means the same pyramids taken, each by the other colour)."""
        ends = []
        for first in (0, 1):
            trial = self.clone()
            trial._resolve(k, first)
            ends.append(trial.stacks)
        return ends[0] != ends[1]

    def _order(self, move: str) -> None:
        k = self.pending
        first = self.turn if move == MINE else 1 - self.turn
        self.events = [{"type": "order", "player": self.turn, "first": first}]
        self._resolve(k, first)
        self.pending = None
        self.history.append(move)
        self._end_turn(k)

    def _end_turn(self, turned: int | None) -> None:
        self.blocked = turned
        self.turns_played += 1
        self.turns += 1
        if self.turns_played == 2 * 3 * TREES:
            self.over = True
            self.events.append({"type": "end", "winners": self.winners, "reason": "used up",
                                "scores": [sum(self.captured[0]), sum(self.captured[1])]})
        else:
            self.turn = 1 - self.turn

    @classmethod
    def seat_names(cls, players: int) -> list[str]:
        return list(COLOUR_NAMES)

    @classmethod
    def narrate(cls, events: list[dict[str, Any]], players: int = 2) -> str:
        clauses: list[tuple[str | None, str]] = []
        size = lambda letter: SIZE_NAMES[SIZES.index(letter)]  # noqa: E731
        i = 0
        while i < len(events):
            e = events[i]
            kind = e["type"]
            who = COLOUR_NAMES[e["player"]] if "player" in e else None
            if kind == "capture":
                # One colour's captures together: "captures a small on b3 and a medium on c3 (3 pips)".
                run = [e]
                while i + 1 < len(events) and events[i + 1]["type"] == "capture" \
                        and events[i + 1]["player"] == e["player"]:
                    i += 1
                    run.append(events[i])
                taken = and_list([f"a {size(c['size'])} on {c['cell']}" for c in run])
                clauses.append((who, f"captures {taken} ({plural(sum(c['pips'] for c in run), 'pip')})"))
            elif kind == "place":
                where = f"on its stack on {e['cell']}" if e["on_stack"] else f"on {e['cell']}"
                clauses.append((who, f"places a {size(e['size'])} {where}"))
            elif kind == "rotate":
                clauses.append((who, f"turns coaster {e['coaster']} {DIRECTION_NAMES[e['direction']]}, "
                                     f"paying a {size(e['paid'])}"))
            elif kind == "choice":
                clauses.append((None, f"both colours can capture and the order matters: {who} chooses "
                                      "whose captures go first"))
            elif kind == "order":
                whose = "its own" if e["first"] == e["player"] else f"{COLOUR_NAMES[e['first']]}'s"
                clauses.append((who, f"lets {whose} captures go first"))
            elif kind == "end":
                a, b = e["scores"]
                if e["winners"]:
                    winner = COLOUR_NAMES[e["winners"][0]]
                    clauses.append((None, f"all pyramids are used: {winner} wins, {max(a, b)} pips to {min(a, b)}"))
                else:
                    clauses.append((None, f"all pyramids are used: a draw, {plural(a, 'pip')} each"))
            i += 1
        return tell(clauses)
