"""Nymbat knowledge for the search (``py_engines.ai``).

Random play never ends on its own in reasonable time and teaches little, so the
search scores positions instead of playing them out: a leaf is judged at once by
``evaluate`` (the playout plays no move). The score, for each side, counts

* material: the reserve plus the numbers on the board (a 6 is worth 6);
* advance: each piece's number weighted by how far it has come toward the
  opponent's home row, and the front piece's distance from that row;
* standing on the opponent's home row where they have no piece (the win that
  comes at the start of the next turn unless they answer);
* the best favourable attack each side has (an enemy piece in reach whose
  number is below the attacker's, support included), worth more to the side
  that moves next.

The difference goes through a logistic curve to a win estimate in [0, 1]; with
four players each team's estimate is shared by its two members.

A leaf inside a turn (pieces still to bring in or to move, a breakthrough's
removals, a penalty) is scored as it stands by easy, medium and hard, as if the
mover were to move again; the expert (setting ``turn_end``) first ends the turn
the plainest way (``done``, the largest piece a breakthrough offers, the
smallest own piece for a penalty), so that every leaf it scores has the
opponent to move, and their attacks count as the next player's.

Moves are pruned before the search sees them: bring-ins are 6s (or the largest
number the allowance permits) on the free setup cells, plus 1s on the home row
when enemies come near; a piece keeps every attack and its three destinations
closest to the opponent's home row; ``done``, ``stop`` and ``pass`` stay.
"""
from __future__ import annotations

import re

from ..core import Game
from ..games.nymbat import CELLS, DIST, DONE, HOME, INDEX, NAMES, NEIGHBOURS, SETUP, STOP, Nymbat
from ..rng import Rng
from .policy import Policy, logistic

# Steps between any two cells of the empty board.
from ..games.hexgrid import hex_grid

_GRID = hex_grid(8)
STEPS = [_GRID.distances_from([c]) for c in range(CELLS)]

_PICKED = re.compile(r"p\d$")  # a team's pick, the first move of a four-player turn
FORWARD_KEEP = 3        # empty destinations kept per piece, nearest the target row first
HOME_ALERT = 8          # an enemy this close to our home row: offer 1s on it
SCALE = 9.0             # score points per unit of the logistic curve
W_ADVANCE = 0.4
W_FRONT = 0.5
W_HOME = 12.0
W_THREAT_MOVER = 0.8
W_THREAT_WAITER = 0.25
W_OUT = 15.0


class NymbatPolicy(Policy):
    # A turn may move a dozen pieces or more, one move each: the later ones search a tenth
    # of the budget (they choose among a few destinations of one piece, or stop); the
    # expert's a twentieth, so that its longest turns stay within a few seconds.
    # The expert scores a leaf only where a turn starts (``turn_end``, see ``playout``).
    # Easy and medium search 30 and 200, not the shared 100 and 400: at 400 medium was
    # nearly hard (hard won 58.5% of 200 games), at 200 hard wins 67.5% (docs/nymbat.md).
    levels = {
        "easy": {"iterations": 30, "turn_share": 0.1},
        "medium": {"iterations": 200, "turn_share": 0.1},
        "hard": {"turn_share": 0.1},
        "expert": {"turn_share": 0.05, "turn_end": True},
    }

    # -- candidate moves ------------------------------------------------------
    def candidates(self, g: Nymbat) -> list[str]:
        phase = g.phase
        if phase in ("pick", "break", "penalty"):
            return g.legal_moves()
        moves: list[str] = []
        p = g.turn
        if phase in ("start", "bring"):
            moves += self._placements(g, p)
        if phase == "start" and g.started[p]:
            for cells, speed in g._groups(p):
                for c in cells:
                    moves += self._piece_moves(g, p, c, speed)
            moves.append("pass")
        elif phase == "move":
            for c in sorted(g.left):
                moves += self._piece_moves(g, p, c, g.speed)
        if phase in ("bring", "move"):
            moves.append("done")
        return moves or g.legal_moves()

    def _placements(self, g: Nymbat, p: int) -> list[str]:
        allowance = min(g._allowance(), 6)
        if allowance < 1:
            return []
        owner = g.owner
        edge = g.edge[p]
        moves = [f"{NAMES[c]}={allowance}" for c in SETUP[edge] if owner[c] < 0]
        if allowance > 1:
            # Enemies near our home row: single 1s there keep the row held cheaply.
            near = min((DIST[edge][c] for c in range(CELLS)
                        if owner[c] >= 0 and g.side[owner[c]] != g.side[p]), default=99)
            if near <= HOME_ALERT:
                moves += [f"{NAMES[c]}=1" for c in sorted(HOME[edge]) if owner[c] < 0]
        return moves

    def _piece_moves(self, g: Nymbat, p: int, cell: int, speed: int) -> list[str]:
        target = DIST[g.edge[g.opponent(p)]]
        owner = g.owner
        ends = g.reach(cell, speed)
        attacks = [d for d in ends if owner[d] >= 0]
        empty = sorted((d for d in ends if owner[d] < 0), key=lambda d: (target[d], d))[:FORWARD_KEEP]
        a = NAMES[cell] + "-"
        return [a + NAMES[d] for d in sorted(attacks + empty)]

    def root_moves(self, game: Game, moves: list[str], rng: Rng) -> list[str]:
        return self.candidates(game)

    def first_of_turn(self, game: Game) -> bool:
        # Later moves: more pieces brought in, the group's next piece, a breakthrough's removals;
        # with four players, the turn of the player the team has just picked (``p2``).
        if game.phase == "pick":
            return True
        return game.phase == "start" and not (game.history and _PICKED.match(game.history[-1]))

    def node_moves(self, game: Game) -> list[str]:
        return self.candidates(game)

    # -- scoring ----------------------------------------------------------------
    def playout(self, game: Game, rng: Rng, limit: int) -> list[tuple[int, str]]:
        if not self.settings.get("turn_end"):
            return []  # the leaf is scored as it stands
        # Finish the turn the plainest way, so that every leaf is scored where a turn starts:
        # stop bringing in or moving, take the largest piece a breakthrough offers, pay a
        # penalty with the smallest own piece, a team picks its first player.
        g: Nymbat = game
        played: list[tuple[int, str]] = []
        number = lambda move: g.num[INDEX[move[1:]]]  # noqa: E731 (the piece a removal "xf6" takes)
        while g.phase not in ("start", "over") and len(played) < limit:
            p = g.turn
            if g.phase in ("bring", "move"):
                move = DONE
            elif g.phase == "break":
                removals = [m for m in g.legal_moves() if m != STOP]
                move = max(removals, key=lambda m: (number(m), m)) if removals else STOP
            elif g.phase == "penalty":
                move = max(g.legal_moves(), key=lambda m: (-number(m), m))
            else:  # a team picks its player
                move = g.legal_moves()[0]
            g.play_unchecked(move)
            played.append((p, move))
        return played

    def evaluate(self, game: Game) -> list[float]:
        g: Nymbat = game
        if g.is_over:
            return super().evaluate(g)
        n = g.players
        points = [self._points(g, p) for p in range(n)]
        mover = g.turn
        threats = self._threats(g)
        weight = [W_THREAT_MOVER if g.side[p] == g.side[mover] else W_THREAT_WAITER for p in range(n)]
        if n == 2:
            diff = points[0] - points[1] + threats[0] * weight[0] - threats[1] * weight[1]
            r = logistic(diff / SCALE)
            return [r, 1.0 - r]
        team = [0.0, 0.0]
        for p in range(n):
            team[g.side[p]] += points[p] - (W_OUT if g.out[p] else 0.0)
            team[g.side[p]] += threats[p] * weight[p]
        r = logistic((team[0] - team[1]) / SCALE)
        return [r / 2 if g.side[p] == 0 else (1.0 - r) / 2 for p in range(n)]

    def _points(self, g: Nymbat, p: int) -> float:
        if g.out[p]:
            return 0.0
        foe = g.opponent(p)
        target = DIST[g.edge[foe]]
        owner, num = g.owner, g.num
        material = float(g.reserve[p])
        advance = 0.0
        front = 15
        on_row = False
        for c in range(CELLS):
            if owner[c] == p:
                k = num[c]
                d = target[c]
                material += k
                advance += k * (14 - d) / 14.0
                if d < front:
                    front = d
                    if d == 0:
                        on_row = True
        score = material + W_ADVANCE * advance - W_FRONT * front
        if on_row and not any(owner[c] == foe for c in HOME[g.edge[foe]]):
            score += W_HOME
        return score

    def _threats(self, g: Nymbat) -> list[float]:
        """Per player, the largest number among enemy pieces it could take and survive next turn
        (reach judged by plain distance, ignoring blockers)."""
        owner, num, side = g.owner, g.num, g.side
        n = g.players
        pieces = [c for c in range(CELLS) if owner[c] >= 0]
        speed = [0] * CELLS
        support = [0] * CELLS
        for c in pieces:
            o = owner[c]
            support[c] += num[c]
            for x in NEIGHBOURS[c]:
                if owner[x] == o:
                    support[x] += num[c]
            if not speed[c]:
                group = g.group_of(c)
                s = min(num[x] for x in group)
                for x in group:
                    speed[x] = s
        best = [0] * n
        sides = [[c for c in pieces if side[owner[c]] == k] for k in (0, 1)]
        for k in (0, 1):
            attackers, targets = sides[k], sides[1 - k]
            for e in attackers:
                q, ne, reach = owner[e], num[e], speed[e]
                row = STEPS[e]
                for m in targets:
                    if ne > support[m] and row[m] <= reach and num[m] > best[q]:
                        best[q] = num[m]
        return best


POLICY = NymbatPolicy
"""The search's knowledge of this game (ai/search.py reads it by the game's name)."""

REVIEW = {"base": "hard", "iterations": 600, "max_seconds": 1.0}
"""The review's search of this game (ai/review.py): hard's knowledge at a budget that reviews a whole
typical game within 10 s of CPython (bench/review.py measures it), each point capped in seconds."""

PROOF = {"max_plies": 2, "budget": 600, "seconds": 3.0}
"""How far the review tries to prove the outcome (ai/review.py): two plies within 600 positions (a
turn's moves are several plies of one player, each with dozens of moves, and a home row is seldom
decided within two: a larger budget cost a typical game's review seconds for one more point proved)."""
