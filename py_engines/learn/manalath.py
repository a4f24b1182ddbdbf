"""Manalath's worked examples (how the end of a turn is judged) and its lesson."""
from __future__ import annotations

from .diagram import Diagram
from .lesson import Step, any_move, does_not_lose_at_once, safe, wins_at_once

COVER = "quart-first"  # the example that pictures the game on the home page

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


def _white_beside_e5(start, move, after):
    return move.endswith("w") and move[:-1] in ("d4", "d5", "e4", "e6", "f4", "f5")


def _white_and_safe(start, move, after):
    return move.endswith("w") and does_not_lose_at_once(start, move, after)


LESSON = [
    Step(
        key="place", title="A turn",
        task="Put a piece of either colour on any empty cell: tap a cell, then White or Black.",
        hint="Any empty cell will do. After the cell, choose the colour with the buttons under the board.",
        done="That is a whole turn: one piece, of either colour, on an empty cell.",
        goal=any_move,
    ),
    Step(
        key="either-colour", title="Either colour",
        task="You play Black, but any colour is yours to place: put a white piece touching the white one on e5.",
        hint="The cells touching e5 are d4, d5, e4, e6, f4 and f5. Tap one, then White.",
        done="Two white pieces that touch are a group. Either player may grow either colour's groups; "
             "each player is judged only by their own colour.",
        goal=_white_beside_e5, moves=("e5w",),
    ),
    Step(
        key="quint", title="Win with five",
        task="Make a white group of exactly five (a quint) and win.",
        hint="A piece on d6 joins the pair d4-d5 to the pair d7-d8.",
        done="A quint of your own colour when your turn ends wins the game.",
        goal=wins_at_once, moves=("d4w", "d7w", "d5w", "d8w"),
    ),
    Step(
        key="quart", title="Never four",
        task="Place a white piece that does not lose: a white group of exactly four (a quart) loses.",
        hint="A white piece touching one of the three white trios makes a quart. Choose a cell touching none of them.",
        done="A quart of your own colour when your turn ends loses the game, and no group may grow beyond five.",
        goal=_white_and_safe, moves=("b2w", "b3w", "b4w", "f2w", "f3w", "f4w", "h2w", "h3w", "h4w", "e5b"),
    ),
    Step(
        key="no-gift", title="No gifts",
        task="Play a move that does not hand White a quint.",
        hint="A white piece on c6 would join the trio c3-c5 to c7: a quint for White, who would win when its turn ends.",
        done="Watch the cells where the other colour would make five: a piece there, even one you place, wins for them.",
        goal=safe, moves=("c3w", "c4w", "c5w", "c7w", "e5b"),
    ),
]
