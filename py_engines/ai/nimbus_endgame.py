"""Exact play of a Nimbus round's last pyramids between two players.

With two players exactly one of them scores a round: with the option ``last``
the player who takes the last pyramid, with ``misere`` the other one. Who that
is depends only on the board, not on what either player has collected, so the
end of a round is a game won or lost, and a small enough board can be solved:
``RoundSolver.wins`` answers whether the player to move at a turn's start can
make sure of scoring the round, whatever the other does.

A board here is a tuple of ``(square, kinds, direction)``, one entry per
occupied square in square order: ``kinds`` bottom to top, ``direction`` the top
pyramid's (-1 upright; only a lone pyramid lies flat). Boards are made by the
rules of ``py_engines/games/nimbus.py`` (the tests compare every turn's outcomes with
the engine's), written again here on these small tuples because the engine's
move texts and copies cost ten times as much.
"""
from __future__ import annotations

from ..games.nimbus import LINE_OF, LINES, LINES_THROUGH, NEIGHBOURS, RAYS

Board = tuple[tuple[int, tuple[int, ...], int], ...]
LINE_SETS = [frozenset(line) for line in LINES]


class OutOfBudget(Exception):
    """The solver looked at more boards than it was allowed."""


def board_of(g) -> Board:
    """The board of a Nimbus game, in this module's form."""
    return tuple((s, tuple(stack), g.dirs[s]) for s, stack in enumerate(g.stacks) if stack)


def pyramids(board: Board) -> int:
    return sum(len(kinds) for _, kinds, _ in board)


def _order(board: Board) -> tuple:
    return (pyramids(board), board)


def _props(kinds: tuple[int, ...], d: int) -> tuple[int, int, int]:
    """The top's properties: its colour, its size and its orientation, as distinct numbers."""
    k = kinds[-1]
    return (k // 3, 5 + k % 3, 9 + d)


def move_actions(board: Board) -> list[Board]:
    """The boards after each move action (turn, stand up, lie down, slide, step)."""
    cells = {s: (kinds, d) for s, kinds, d in board}
    return [after for s, kinds, d in board for after in _actions_of(board, cells, s, kinds, d)]


def _actions_of(board: Board, cells: dict, s: int, kinds: tuple[int, ...], d: int) -> list[Board]:
    """The boards after each move action of the top pyramid on ``s``."""
    rest = [e for e in board if e[0] != s]
    out = []
    if d >= 0:  # flat: stand up or turn where it lies, or slide the way it points
        for o in range(-1, 8):
            if o != d:
                out.append(_sorted(rest + [(s, kinds, o)]))
        for t in RAYS[s][d]:
            if t in cells:
                break
            out.append(_sorted(rest + [(t, kinds, d)]))
        return out
    if len(kinds) == 1:  # a lone upright pyramid may lie down
        for o in range(8):
            out.append(_sorted(rest + [(s, kinds, o)]))
    below = [(s, kinds[:-1], -1)] if len(kinds) > 1 else []
    for t in NEIGHBOURS[s]:  # the top steps onto an empty square or an upright stack
        there = cells.get(t)
        if there is None:
            out.append(_sorted(rest + below + [(t, kinds[-1:], -1)]))
        elif there[1] < 0:
            others = [e for e in rest if e[0] != t]
            out.append(_sorted(others + below + [(t, there[0] + kinds[-1:], -1)]))
    return out


def collects(board: Board) -> list[Board]:
    """The boards after each collect, one per set of pyramids taken (the empty board included)."""
    props = {s: _props(kinds, d) for s, kinds, d in board}
    seen: set[tuple[int, ...]] = set()
    for line in {i for s in props for i in LINES_THROUGH[s]}:
        groups: dict[int, list[int]] = {}
        for s in LINES[line]:
            if s in props:
                for p in props[s]:
                    groups.setdefault(p, []).append(s)
        seen.update(tuple(squares) for squares in groups.values())
    out = []
    for taken in seen:
        after = []
        for s, kinds, d in board:
            if s not in taken:
                after.append((s, kinds, d))
            elif len(kinds) > 1:
                after.append((s, kinds[:-1], -1))  # the pyramid below shows, upright
        out.append(tuple(after))
    return out


def _sorted(entries: list) -> Board:
    entries.sort()
    return tuple(entries)


def turn_results(board: Board, moved: bool = False, collected: bool = False) -> tuple[set[Board], bool]:
    """The distinct boards a turn can leave (what is left of it, if ``moved`` or ``collected``)
    that are not empty, and whether some way through the turn empties the board."""
    out: set[Board] = set()
    ends = False
    if not collected:
        firsts = [board] if moved else [board] + move_actions(board)
        for i, first in enumerate(firsts):
            for after in collects(first):
                if not after:
                    ends = True
                elif i or moved:  # a move action then the collect
                    out.add(after)
                else:  # the collect first, then a move action
                    out.update(move_actions(after))
    else:
        out.update(move_actions(board))
    return out, ends


def empties(board: Board) -> bool:
    """Whether one collect takes every pyramid on the board."""
    if any(len(kinds) > 1 for _, kinds, _ in board):
        return False
    if len(board) < 2:
        return bool(board)
    line = LINE_SETS[LINE_OF[board[0][0], board[1][0]]] if (board[0][0], board[1][0]) in LINE_OF else None
    if line is None or any(s not in line for s, _, _ in board[2:]):
        return False
    first = _props(board[0][1], board[0][2])
    for i in range(3):
        if all(_props(kinds, d)[i] == first[i] for _, kinds, d in board):
            return True
    return False


def can_empty(board: Board) -> bool:
    """Whether the player to move can empty the board this turn (a collect, or a move action then a collect).

    After a move action of the pyramid on x, the others must already be lone tops on one
    line sharing a property, and x must land on that line with a property they share.
    """
    if pyramids(board) > 8:
        return False
    if empties(board):
        return True
    tall = [e for e in board if len(e[1]) > 1]
    if tall:  # only a stack of two, its top moved off, can leave nothing hidden
        if len(tall) > 1 or len(tall[0][1]) > 2:
            return False
        x, kinds, d = tall[0]
        cells = {s: (kinds, d) for s, kinds, d in board}
        return any(empties(after) for after in _actions_of(board, cells, x, kinds, d))
    for x, kinds, d in board:
        others = [e for e in board if e[0] != x]
        line = None
        if len(others) > 1:
            pair = (others[0][0], others[1][0])
            if pair not in LINE_OF:
                continue
            line = LINE_SETS[LINE_OF[pair]]
            if any(e[0] not in line for e in others[2:]):
                continue
        shared = set.intersection(*(set(_props(k, o)) for _, k, o in others))
        if shared and any(_fits(t, o, kinds, others, line, shared) for t, o in _landings(board, x, d)):
            return True
    return False


def _landings(board: Board, x: int, d: int) -> list[tuple[int, int]]:
    """Where the lone pyramid on ``x`` (direction ``d``) can be after a move action, and how it
    lies: (square, direction); a step onto another pyramid is left out (it hides one)."""
    if d >= 0:
        out = [(x, o) for o in range(-1, 8) if o != d]
        occupied = {e[0] for e in board}
        for t in RAYS[x][d]:
            if t in occupied:
                break
            out.append((t, d))
        return out
    occupied = {e[0] for e in board}
    return [(x, o) for o in range(8)] + [(t, -1) for t in NEIGHBOURS[x] if t not in occupied]


def _fits(t: int, o: int, kinds: tuple[int, ...], others: list, line, shared: set[int]) -> bool:
    """Whether a pyramid of ``kinds`` on ``t`` lying ``o`` makes one collect with ``others``."""
    if line is None:
        if others and (t, others[0][0]) not in LINE_OF:
            return False
    elif t not in line:
        return False
    return not shared.isdisjoint(_props(kinds, o))


def canonical(board: Board) -> tuple:
    """The board with colours and sizes renamed in order of appearance: who wins does not
    depend on which colour or size is which, only on which pyramids share one."""
    colours: dict[int, int] = {}
    sizes: dict[int, int] = {}
    out = []
    for s, kinds, d in board:
        named = []
        for k in kinds:
            c = colours.setdefault(k // 3, len(colours))
            z = sizes.setdefault(k % 3, len(sizes))
            named.append(c * 3 + z)
        out.append((s, tuple(named), d))
    return tuple(out)


class RoundSolver:
    """Whether a player is sure to score the round, by looking at every way it can go.

    ``last_wins``: the player who empties the board scores (the option ``last``), else the
    other does (``misere``). A question (``ask_board`` or ``ask_turn``) is answered by
    ``work``, in as many calls as the caller likes: the search keeps its own stack, so that
    a page can look at the board between slices; the answer does not depend on where the
    slices end. Boards already solved are remembered, so one solver may answer many
    questions about the same round. ``looked`` counts the boards a turn led to.
    """

    def __init__(self, last_wins: bool = True) -> None:
        self.last_wins = last_wins
        self.looked = 0
        self.known: dict[tuple, bool] = {}
        self._stack: list[list] = []   # open positions: [key or None, the boards their turn may leave, next]
        self.answer: bool | None = None

    def ask_board(self, board: Board) -> None:
        """Ask whether the player to move, at the start of a turn on ``board``, is sure to score."""
        self._stack = []
        key = canonical(board)
        self.answer = self.known.get(key)
        if self.answer is None:
            self.answer = self._open(key, *turn_results(board))

    def ask_turn(self, results: set[Board], ends: bool) -> None:
        """Ask whether a player is sure to score when their turn may leave any of ``results``
        (boards not empty) or, if ``ends``, empty the board (``turn_results``)."""
        self._stack = []
        self.answer = self._open(None, results, ends)

    def _open(self, key, results: set[Board], ends: bool) -> bool | None:
        """Start on a position (its turn's outcomes given); its answer if known at once."""
        self.looked += len(results)
        if self.last_wins:
            if ends:
                return self._close(key, True)
            results = [r for r in results if not can_empty(r)]  # the other empties these at once
        # The fewest pyramids first; boards compared whole, not left in a set's order, which
        # differs where hashes do (Pyodide's are 32 bits): the same search on every machine.
        self._stack.append([key, sorted(results, key=_order), 0])
        return None

    def _close(self, key, won: bool) -> bool:
        if key is not None:
            self.known[key] = won
        return won

    def work(self, boards: int) -> bool | None:
        """Search on until the question is answered (return the answer) or about ``boards``
        more boards are looked at (return None)."""
        if self.answer is not None:
            return self.answer
        stack, known = self._stack, self.known
        stop = self.looked + boards
        handed = None  # the answer of a position just closed, for the one below it
        while True:
            top = stack[-1]
            key, results, i = top
            won = None
            if handed is not None:
                if not handed:
                    won = True  # this turn can leave the other a board they lose on
                handed = None
            if won is None and i == len(results):
                won = False  # every board this turn can leave wins for the other
            if won is not None:
                stack.pop()
                self._close(key, won)
                if not stack:
                    self.answer = won
                    return won
                handed = won
                continue
            if self.looked >= stop:
                return None
            top[2] = i + 1
            board = results[i]  # never one the other can empty at once (``_open`` set those aside)
            child = canonical(board)
            handed = known.get(child)
            if handed is None:
                handed = self._open(child, *turn_results(board))

    def wins(self, board: Board, budget: int = 10**9) -> bool:
        """``ask_board`` and ``work`` to the end; OutOfBudget past ``budget`` boards."""
        self.ask_board(board)
        answer = self.work(budget)
        if answer is None:
            raise OutOfBudget
        return answer
