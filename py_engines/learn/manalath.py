"""Manalath's worked examples: how the end of a turn is judged."""
from __future__ import annotations

from .diagram import Diagram

DIAGRAMS = [
    Diagram(
        key="quart-first",
        caption=(
            "White to move. Black has just placed a white piece on i1, giving White a quart in the "
            "corner that can never grow: i3 and h3 are taken, and a white piece on g1, g2 or g3 would "
            "join it to the white trio below, a group of more than five. White can complete a quint "
            "with e2, d2 or d3, but the quart came first and is still there when White's turn ends: "
            "White loses whatever it plays."),
        moves=("h1w", "f3w", "d1w", "i2w", "a5b", "f2w", "d4w", "h2w", "i3b", "h3b", "e3w", "i1w"),
        marks={"lose": ("i1", "i2", "h1", "h2"), "try": ("e2", "d2", "d3")},
    ),
    Diagram(
        key="cells-to-avoid",
        caption=(
            "Black to move, after White's e8. A white piece on c7, d7 or e7 makes a white quint, which "
            "wins for White at the end of its next turn, so Black must not put white there. Black "
            "pieces do not help either: c7 blocks only one of the three, d7 makes a black quart "
            "(Black loses at once) and e7 would make a black group of six, which is not allowed."),
        moves=("c6w", "d8w", "e6b", "g7b", "a1b", "d5b", "e9w", "f6w", "d6b", "f7b", "e8w"),
        marks={"try": ("c7", "d7", "e7")},
    ),
]
