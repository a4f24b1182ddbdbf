"""Manalath knowledge for the search (``py_engines.ai``): tactics that pay.

Everything turns on two bitmasks per colour, kept up to date as a playout goes:

* ``W[k]``: empty cells where a piece of colour ``k`` makes a quint (5),
* ``Q[k]``: empty cells where it makes a quart (4).

For the mover ``p`` (colour ``p``) against ``o``, that gives:

* a **win**: a ``p`` piece on ``W[p]`` (a quint, or a quart the opponent made, grown);
* a **kill**: an ``o`` piece on ``Q[o]`` making an opponent quart that can't be
  grown into a quint (every empty cell next to it touches another ``o`` group,
  or no ``o`` pieces are left): the opponent ends the next turn with it and loses;
* **blunders**: a ``p`` piece on ``Q[p]`` (own quart: lose now), an ``o`` piece on
  ``W[o]`` (their quint) or on ``Q[o]`` without a kill (they grow it and win), an
  ``o`` piece that opens a new ``W[o]`` cell for them;
* a **threat** to answer: ``W[o]`` not empty means they win next turn unless a
  ``p`` piece (or an ``o`` piece that makes the cell overfull) takes it away.

The playout policy takes a win, then a kill, then blocks a threat, else plays a
random move that is no blunder. The tree searches only non-blunders; the root
checks each move exactly (it plays it, then looks for the opponent's immediate
wins and kills) and takes a win at once.

The expert (setting ``forks``) reads one turn further. Its root also drops a move
after which the opponent has a **fork**: a move that leaves threats no single
answer takes away (``_forced_win``, ``_lost``); and a move that completes the
opponent's quint. Its tree offers every answer to a threat, an opponent's piece
next to a group that touches the threatened cell included (``_answers``), where
the other levels offer only pieces on or next to the cell, so that it no longer
takes a threat for a win the opponent can in fact answer.
"""
from __future__ import annotations

from ..core import Game
from ..games.manalath import CELLS, MOVE_NAMES, NEIGHBOUR_MASK, NEIGHBOURS, PARSED, PASS, Manalath
from ..rng import Rng
from .policy import Policy

ALL = (1 << CELLS) - 1
# Cells within two steps of each cell (itself excluded).
NEAR2 = []
for _c in range(CELLS):
    _m = NEIGHBOUR_MASK[_c]
    for _n in NEIGHBOURS[_c]:
        _m |= NEIGHBOUR_MASK[_n]
    NEAR2.append(_m & ~(1 << _c))


def merged_size(g: Manalath, cell: int, k: int) -> int:
    """The size of the group a ``k`` piece on ``cell`` would make."""
    board, group = g.board, g.group
    size = 1
    a = b = c = None
    for n in NEIGHBOURS[cell]:
        if board[n] == k:
            gr = group[n]
            if gr is a or gr is b or gr is c:
                continue
            size += len(gr)
            if a is None:
                a = gr
            elif b is None:
                b = gr
            else:
                c = gr
    return size


def masks(g: Manalath) -> tuple[list[int], list[int], list[int]]:
    """``W``, ``Q`` (see the module's text) and the pieces ``C`` of both colours, from scratch."""
    W = [0, 0]
    Q = [0, 0]
    C = colour_masks(g)
    for k in (0, 1):
        cand = _neighbours_of(C[k]) & g.placeable[k]
        w = q = 0
        while cand:
            low = cand & -cand
            cand ^= low
            s = merged_size(g, low.bit_length() - 1, k)
            if s == 5:
                w |= low
            elif s == 4:
                q |= low
        W[k] = w
        Q[k] = q
    return W, Q, C


def update(g: Manalath, W: list[int], Q: list[int], C: list[int], cell: int, k: int) -> None:
    """Bring ``W``, ``Q`` and ``C`` up to date after a ``k`` piece went on ``cell``."""
    bit = 1 << cell
    C[k] |= bit
    keep = ~bit
    W[0] &= keep
    W[1] &= keep
    Q[0] &= keep
    Q[1] &= keep
    members = g.group[cell]
    placeable = g.placeable[k]
    if len(members) < 5:
        around = 0
        for m in members:
            around |= NEIGHBOUR_MASK[m]
        around &= placeable
        w, q = W[k], Q[k]
        while around:
            low = around & -around
            around ^= low
            s = merged_size(g, low.bit_length() - 1, k)
            if s == 5:
                w |= low
                q &= ~low
            elif s == 4:
                q |= low
                w &= ~low
            else:
                w &= ~low
                q &= ~low
        W[k], Q[k] = w, q
    W[k] &= placeable
    Q[k] &= placeable


def colour_masks(g: Manalath) -> list[int]:
    """The cells holding each colour, as two bitmasks."""
    C = [0, 0]
    for cell, k in enumerate(g.board):
        if k >= 0:
            C[k] |= 1 << cell
    return C


def _group_mask(g: Manalath, cell: int, k: int, Ck: int) -> tuple[int, int]:
    """(cells, size) of the group a ``k`` piece on ``cell`` would make (``Ck``: the ``k`` pieces)."""
    near = NEIGHBOUR_MASK[cell] & Ck
    members = 1 << cell
    size = 1
    group = g.group
    while near:
        low = near & -near
        near ^= low
        gr = group[low.bit_length() - 1]
        for m in gr:
            members |= 1 << m
        near &= ~members
        size += len(gr)
    return members, size


def _neighbours_of(mask: int) -> int:
    """The cells next to any cell of ``mask``."""
    around = 0
    while mask:
        low = mask & -mask
        mask ^= low
        around |= NEIGHBOUR_MASK[low.bit_length() - 1]
    return around


def is_kill(g: Manalath, cell: int, o: int, Co: int) -> bool:
    """Whether an ``o`` piece on ``cell`` (making an ``o`` quart) leaves a quart that can't grow.

    ``Co`` holds the ``o`` pieces. The quart can grow at an empty cell next to it
    that touches no other ``o`` group (there the new group is exactly 5).
    """
    if g.supply[o] <= 1:
        return True
    members, _ = _group_mask(g, cell, o, Co)
    around = _neighbours_of(members) & g.empty & ~members
    other = Co & ~members
    while around:
        low = around & -around
        around ^= low
        if not NEIGHBOUR_MASK[low.bit_length() - 1] & other:
            return False  # a cell that grows the quart into a quint
    return True


def opens_threat(g: Manalath, cell: int, k: int, Ck: int) -> bool:
    """Whether a ``k`` piece on ``cell`` (making a group under 4) opens a ``W[k]`` cell."""
    if not NEAR2[cell] & Ck:
        return False  # a lone piece with no other within two steps opens nothing
    members, size = _group_mask(g, cell, k, Ck)
    need = 4 - size  # other groups a neighbouring cell must bring to make exactly 5
    if need <= 0:
        return False
    around = _neighbours_of(members) & g.empty & ~members
    other = Ck & ~members
    group = g.group
    while around:
        low = around & -around
        around ^= low
        near = NEIGHBOUR_MASK[low.bit_length() - 1] & other
        if not near:
            continue
        total = 0
        while near:
            b = near & -near
            near ^= b
            gr = group[b.bit_length() - 1]
            total += len(gr)
            for x in gr:
                near &= ~(1 << x)
        if total == need:
            return True
    return False


def after_move(g: Manalath, W: list[int], Q: list[int], C: list[int], move: str):
    """(position, W, Q, C) after ``move``; ``g`` and its masks are left as they were."""
    a = g.clone()
    a.play_unchecked(move)
    W, Q, C = W[:], Q[:], C[:]
    if move != PASS:
        cell, k = PARSED[move]
        update(a, W, Q, C, cell, k)
    return a, W, Q, C


def stands_quint(g: Manalath) -> bool:
    """Whether a quint of the mover's colour stands (the opponent made it) and no quart: the
    mover wins at the end of their turn whatever they do."""
    return bool(g.quints[g.turn]) and not g.quarts[g.turn]


def can_win(g: Manalath, W: list[int], Q: list[int], C: list[int]) -> bool:
    """Whether the player to move has a winning move: a quint of theirs, or a kill."""
    p = g.turn
    o = 1 - p
    if W[p] & (g.placeable[p] if g.supply[p] else 0):
        return True
    kill_cells = Q[o] & (g.placeable[o] if g.supply[o] else 0)
    return any(is_kill(g, c, o, C[o]) for c in _bits(kill_cells))


def wins_next(g: Manalath, W: list[int], Q: list[int], C: list[int]) -> bool:
    """Whether the player to move wins this turn: a quint of theirs already stands, or they make one."""
    return stands_quint(g) or can_win(g, W, Q, C)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


def _pick(mask: int, rng: Rng) -> int:
    cells = _bits(mask)
    return cells[rng.below(len(cells))]


class ManalathPolicy(Policy):
    # The expert reads forks: its root looks two turns ahead, and its tree offers every
    # answer to a threat (docs/ai.md, "Manalath").
    levels = {"expert": {"forks": True}}

    def __init__(self) -> None:
        self._cache: tuple | None = None  # (game, ply, W, Q) from the last node made

    # -- helpers ----------------------------------------------------------
    def _masks(self, g: Manalath) -> tuple[list[int], list[int], list[int]]:
        cache = self._cache
        if cache is not None and cache[0] is g and cache[1] == len(g.history):
            return cache[2][:], cache[3][:], cache[4][:]
        return masks(g)

    def _classify(self, g: Manalath, W: list[int], Q: list[int], C: list[int]):
        """(wins, kills, candidate moves) for the player to move, as move texts."""
        p = g.turn
        o = 1 - p
        Pp = g.placeable[p] if g.supply[p] else 0
        Po = g.placeable[o] if g.supply[o] else 0
        wins = W[p] & Pp
        if wins:
            return [MOVE_NAMES[p][c] for c in _bits(wins)], [], []
        kills = [c for c in _bits(Q[o] & Po) if is_kill(g, c, o, C[o])]
        if kills:
            return [], [MOVE_NAMES[o][c] for c in kills], []
        threat = W[o] & Po
        safe_p = Pp & ~Q[p]
        if threat:
            if self.settings.get("forks"):
                return [], [], self._answers(g, W, Q, C, threat)
            # Take the threatened cells, or overfill them with an o piece next to them.
            near = 0
            for c in _bits(threat):
                near |= NEIGHBOUR_MASK[c]
            moves = [MOVE_NAMES[p][c] for c in _bits(threat & safe_p)]
            moves += [MOVE_NAMES[o][c] for c in _bits(near & Po & ~W[o] & ~Q[o])]
            return [], [], moves
        safe_o = Po & ~W[o] & ~Q[o]
        moves = [MOVE_NAMES[p][c] for c in _bits(safe_p)]
        moves += [MOVE_NAMES[o][c] for c in _bits(safe_o) if not opens_threat(g, c, o, C[o])]
        return [], [], moves

    # -- the policy -------------------------------------------------------
    def root_moves(self, game: Game, moves: list[str], rng: Rng) -> list[str]:
        g = game
        me = g.turn
        if moves == [PASS]:
            return moves
        W0, Q0, C0 = masks(g)
        forks = self.settings.get("forks")  # the expert looks two turns ahead (see _forced_win)
        good: list[str] = []
        forked: list[str] = []  # the opponent has a fork to answer them with (looked for by the expert only)
        risky: list[str] = []
        for move in moves:
            after, W, Q, C = after_move(g, W0, Q0, C0, move)
            if after.is_over:
                if after.winners == [me]:
                    return [move]
                continue  # loses at once (or draws)
            # The opponent's immediate wins: their quint, or a quart of mine that can't grow.
            if can_win(after, W, Q, C):
                risky.append(move)
            elif forks and stands_quint(after):
                risky.append(move)  # a quint of theirs I made: it wins at the end of their turn
            elif forks and self._forced_win(after, W, Q, C):
                forked.append(move)
            else:
                good.append(move)
        return good or forked or risky or moves

    # -- two turns ahead (the expert's root) --------------------------------
    def _threat_moves(self, g: Manalath, W: list[int], Q: list[int], C: list[int]) -> list[str]:
        """The mover's moves that may leave the opponent a threat to answer: a piece of the
        mover's colour that opens a quint cell, or one of the opponent's colour near their
        pieces (it may make a quart of theirs that a kill would close). Blunders left out."""
        p = g.turn
        o = 1 - p
        out: list[str] = []
        if g.supply[p]:
            for c in _bits(g.placeable[p] & ~W[p] & ~Q[p]):
                if opens_threat(g, c, p, C[p]):
                    out.append(MOVE_NAMES[p][c])
        if g.supply[o]:
            out += [MOVE_NAMES[o][c] for c in _bits(g.placeable[o] & ~W[o] & ~Q[o] & _neighbours_of(C[o]))]
        return out

    def _answers(self, g: Manalath, W: list[int], Q: list[int], C: list[int], threatened: int) -> list[str]:
        """The mover's moves that may take away the opponent's quint cells ``threatened``: a piece
        of the mover's colour on one, or one of the opponent's that makes one overfull (next to
        it or to a group of theirs that touches it)."""
        p = g.turn
        o = 1 - p
        moves = [MOVE_NAMES[p][c] for c in _bits(threatened & g.placeable[p] & ~Q[p])] if g.supply[p] else []
        if g.supply[o]:
            touching = 0
            for c in _bits(threatened):
                for n in _bits(NEIGHBOUR_MASK[c] & C[o]):
                    for m in g.group[n]:
                        touching |= 1 << m
            near = _neighbours_of(threatened | touching) & g.placeable[o] & ~W[o] & ~Q[o]
            moves += [MOVE_NAMES[o][c] for c in _bits(near)]
        return moves

    def _lost(self, g: Manalath, W: list[int], Q: list[int], C: list[int]) -> bool:
        """Whether the player to move has no win and every answer leaves the opponent one."""
        p = g.turn
        o = 1 - p
        wins, kills, moves = self._classify(g, W, Q, C)
        if wins or kills:
            return False
        threatened = W[o] & (g.placeable[o] if g.supply[o] else 0)
        if not threatened:
            kill_cells = Q[p] & (g.placeable[p] if g.supply[p] else 0)
            if not any(is_kill(g, c, p, C[p]) for c in _bits(kill_cells)):
                return False  # nothing to answer
        for move in moves:  # every answer (the expert's _classify lists them all)
            a, Wa, Qa, Ca = after_move(g, W, Q, C, move)
            if a.is_over:
                if a.winners == [p]:
                    return False
                continue
            if not wins_next(a, Wa, Qa, Ca):
                return False
        return True

    def _forced_win(self, g: Manalath, W: list[int], Q: list[int], C: list[int]) -> bool:
        """Whether the player to move (with no immediate win) can leave the opponent lost:
        a fork, two threats that no one move answers."""
        for move in self._threat_moves(g, W, Q, C):
            a, Wa, Qa, Ca = after_move(g, W, Q, C, move)
            if not a.is_over and self._lost(a, Wa, Qa, Ca):
                return True
        return False

    def node_moves(self, game: Game) -> list[str]:
        g = game
        W, Q, C = masks(g)
        self._cache = (g, len(g.history), W, Q, C)
        wins, kills, moves = self._classify(g, W, Q, C)
        return wins[:1] or kills[:1] or moves or g.legal_moves()

    def playout(self, game: Game, rng: Rng, limit: int) -> list[tuple[int, str]]:
        g = game
        W, Q, C = self._masks(g)
        played: list[tuple[int, str]] = []
        for _ in range(limit):
            if g.result:
                break
            p = g.turn
            o = 1 - p
            Pp = g.placeable[p] if g.supply[p] else 0
            Po = g.placeable[o] if g.supply[o] else 0
            move_cell = -1
            colour = p
            wins = W[p] & Pp
            if wins:
                move_cell = _pick(wins, rng)
            else:
                qo = Q[o] & Po
                if qo:
                    kills = [c for c in _bits(qo) if is_kill(g, c, o, C[o])]
                    if kills:
                        move_cell = kills[rng.below(len(kills))]
                        colour = o
                if move_cell < 0:
                    safe_p = Pp & ~Q[p]
                    threat = W[o] & Po
                    block = threat & safe_p
                    if block:
                        move_cell = _pick(block, rng)
                    else:
                        safe_o = Po & ~W[o] & ~Q[o]
                        count = safe_p.bit_count() + safe_o.bit_count()
                        if count:
                            tries = 0
                            while True:
                                r = rng.below(2 * CELLS)
                                k, c = divmod(r, CELLS)
                                if k == 0:
                                    if safe_p >> c & 1:
                                        move_cell = c
                                        break
                                elif safe_o >> c & 1:
                                    tries += 1
                                    if tries > 4 or not opens_threat(g, c, o, C[o]):
                                        move_cell = c
                                        colour = o
                                        break
            if move_cell < 0:
                move = g.random_move(rng)
                g.play_unchecked(move)
                played.append((p, move))
                if move != PASS:
                    cell, k = PARSED[move]
                    update(g, W, Q, C, cell, k)
                continue
            move = MOVE_NAMES[colour][move_cell]
            g._place(move_cell, colour)
            played.append((p, move))
            update(g, W, Q, C, move_cell, colour)
        return played


POLICY = ManalathPolicy
"""The search's knowledge of this game (ai/search.py reads it by the game's name)."""

REVIEW = {"base": "hard", "iterations": 450, "max_seconds": 1.0}
"""The review's search of this game (ai/review.py): hard's knowledge at a budget that reviews a whole
typical game within 10 s of CPython (bench/review.py measures it), each point capped in seconds."""
