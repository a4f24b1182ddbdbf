"""Hexagonal boards with horizontal rows, named as Manalath and Nymbat name them.

A board with ``side`` cells per side has ``2*side - 1`` rows, ``a`` at the
bottom. Row lengths grow by one up to the middle row and shrink after it. Cells
are numbered from the left of their row from 1 (``a1``, ``e9``). A cell touches
its left and right neighbours and the two cells it sits between in each
adjacent row.
"""
from __future__ import annotations

import math
import string
from functools import cache


class HexGrid:
    def __init__(self, side: int) -> None:
        self.side = side
        rows = 2 * side - 1
        self.row_lengths = [side + min(r, rows - 1 - r) for r in range(rows)]
        self.coords: list[tuple[int, int]] = []  # (row, position in row from 0)
        for r, length in enumerate(self.row_lengths):
            self.coords.extend((r, i) for i in range(length))
        self.names = [f"{string.ascii_lowercase[r]}{i + 1}" for r, i in self.coords]
        self.index = {name: k for k, name in enumerate(self.names)}
        at = {rc: k for k, rc in enumerate(self.coords)}
        self.neighbours: list[tuple[int, ...]] = []
        for r, i in self.coords:
            near = [(r, i - 1), (r, i + 1)]
            for dr in (-1, 1):
                other = r + dr
                if 0 <= other < rows:
                    # The adjacent row is longer: the cell sits between i and i+1 there;
                    # shorter: between i-1 and i.
                    shift = 0 if self.row_lengths[other] > self.row_lengths[r] else -1
                    near += [(other, i + shift), (other, i + shift + 1)]
            self.neighbours.append(tuple(sorted(at[rc] for rc in near if rc in at)))

    def __len__(self) -> int:
        return len(self.names)

    def centre(self, cell: int) -> tuple[float, float]:
        """Drawing position of a cell: unit distance between neighbours, y up, origin at the middle."""
        r, i = self.coords[cell]
        x = i - (self.row_lengths[r] - 1) / 2
        y = (r - (self.side - 1)) * math.sqrt(3) / 2
        return (x, y)

    def distances_from(self, cells: list[int]) -> list[int]:
        """Fewest steps from any of ``cells`` to every cell (breadth-first)."""
        dist = [-1] * len(self)
        frontier = list(cells)
        for c in frontier:
            dist[c] = 0
        while frontier:
            nxt = []
            for c in frontier:
                for n in self.neighbours[c]:
                    if dist[n] < 0:
                        dist[n] = dist[c] + 1
                        nxt.append(n)
            frontier = nxt
        return dist

    def row_cells(self, row: int) -> list[int]:
        return [k for k, (r, _) in enumerate(self.coords) if r == row]


@cache
def hex_grid(side: int) -> HexGrid:
    return HexGrid(side)
