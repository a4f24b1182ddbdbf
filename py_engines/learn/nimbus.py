"""Nimbus's worked examples: each move action, a collect by each kind of property, and
what a stack hides.

Every position is reached the same way, with two players and two sets (30 pyramids): the setup
puts the pyramids of the example where the picture wants them and the rest upright in rows 1, 8
and 7 (two or three rows, up to seven in each), and three turns clear those rows, each stepping
the row's last pyramid one square east and collecting the row's upright pyramids. Player 2 is then
to move, with both actions of the turn still to make.
"""
from __future__ import annotations

from ..core import Game
from ..games.nimbus import DIRS
from .diagram import Diagram
from .lesson import Step, any_move, best_move, first_clause, narration, played

OPTIONS = {"sets": 2}

COVER = "collect-colour"  # the example that pictures the game on the home page

DIAGRAMS = [
    Diagram(
        key="stand-up",
        caption=(
            "Player 2 to move. The medium green on d5 lies flat, pointing north-east, so it could slide to "
            "e6, f7 or g8. Standing it up (d5=u) is a move action: upright, it points nowhere and no longer "
            "slides, but it may step one square at a time. It also joins the upright pyramids on b5 and g5, "
            "so a collect of the upright ones along row 5 (u:b5-g5) then takes all three instead of two."),
        moves=(
            # the example
            "g2", "d5=ne", "y1", "b5=u", "k3", "g5=u", "b2", "c3=u", "r1", "f3=n", "y3", "e2=w",
            "b3", "h3=u", "r2", "c6=s", "k1", "g6=e",
            # the rest of the pile, upright in the rows the three turns then clear
            "r1", "a1=u", "r2", "b1=u", "r3", "c1=u", "r3", "d1=u", "y1", "e1=u", "y2", "f1=u",
            "y2", "g1=u", "y3", "a8=u", "g1", "b8=u", "g1", "c8=u", "g2", "d8=u", "g3", "e8=u",
            "g3", "f8=u", "b1", "g8=u", "b1", "a7=u", "b2", "b7=u", "b3", "c7=u", "k1", "d7=u",
            "k2", "e7=u", "k2", "f7=u", "k3", "g7=u",
            "g1-h1", "u:a1-h1", "g8-h8", "u:a8-h8", "g7-h7", "u:a7-h7",
        ),
        players=2,
        options=OPTIONS,
        marks={"focus": ("d5",), "try": ("b5", "g5")},
    ),
    Diagram(
        key="lie-down",
        caption=(
            "Player 2 to move. The large yellow on c4 stands alone, so it may be laid flat pointing any of "
            "the eight ways (c4=e, c4=n and so on); pointing east, it could then slide to d4 or e4. The stack "
            "on f4, a small blue on a large black, can never lie down: only its top may leave it, one square "
            "at a time."),
        moves=(
            # the example
            "y3", "c4=u", "k3", "f4=u", "b1", "f4=u", "g2", "a2=n", "r1", "b6=e", "k2", "d2=u",
            "y1", "e6=sw", "b2", "g2=nw", "r3", "h5=u", "g3", "d6=w",
            # the rest of the pile, upright in the rows the three turns then clear
            "r1", "a1=u", "r2", "b1=u", "r2", "c1=u", "r3", "d1=u", "y1", "e1=u", "y2", "f1=u",
            "y2", "g1=u", "y3", "a8=u", "g1", "b8=u", "g1", "c8=u", "g2", "d8=u", "g3", "e8=u",
            "b1", "f8=u", "b2", "g8=u", "b3", "a7=u", "b3", "b7=u", "k1", "c7=u", "k1", "d7=u",
            "k2", "e7=u", "k3", "f7=u",
            "g1-h1", "u:a1-h1", "g8-h8", "u:a8-h8", "f7-g7", "u:a7-g7",
        ),
        players=2,
        options=OPTIONS,
        marks={"focus": ("c4",), "lose": ("f4",)},
    ),
    Diagram(
        key="turn",
        caption=(
            "Player 2 to move. The medium red on b3 points east, so it can only slide to c3 or d3: the black "
            "on e3 stops it. Turning it to point another way (b3=n, b3=nw and so on) is a move action of its "
            "own; turning it to east, where it already points, is not. Pointing north, it would match the "
            "small yellow on g3, and a collect of what points north along row 3 (n:b3-g3) would take both."),
        moves=(
            # the example
            "r2", "b3=e", "k3", "e3=u", "y1", "g3=n", "b3", "c5=u", "g1", "d6=se", "r1", "f5=u",
            "y2", "a5=s", "k2", "h6=w", "b1", "d2=ne",
            # the rest of the pile, upright in the rows the three turns then clear
            "r1", "a1=u", "r2", "b1=u", "r3", "c1=u", "r3", "d1=u", "y1", "e1=u", "y2", "f1=u",
            "y3", "g1=u", "y3", "a8=u", "g1", "b8=u", "g2", "c8=u", "g2", "d8=u", "g3", "e8=u",
            "g3", "f8=u", "b1", "g8=u", "b2", "a7=u", "b2", "b7=u", "b3", "c7=u", "k1", "d7=u",
            "k1", "e7=u", "k2", "f7=u", "k3", "g7=u",
            "g1-h1", "u:a1-h1", "g8-h8", "u:a8-h8", "g7-h7", "u:a7-h7",
        ),
        players=2,
        options=OPTIONS,
        marks={"focus": ("b3",), "try": ("g3",)},
    ),
    Diagram(
        key="slide",
        caption=(
            "Player 2 to move. The large black on a2 lies flat, pointing north-east. It may slide that way "
            "over empty squares as far as it likes, to b3, c4 or d5, and it still points north-east where it "
            "stops. The green on e6 ends the way: a flat pyramid cannot jump over another or land on it, nor "
            "move anywhere but where it points."),
        moves=(
            # the example
            "k3", "a2=ne", "g2", "e6=u", "y1", "c2=u", "r2", "b5=s", "b1", "f4=w", "r3", "h2=u",
            "y2", "g5=nw", "g1", "d3=e", "b3", "a6=u",
            # the rest of the pile, upright in the rows the three turns then clear
            "r1", "a1=u", "r1", "b1=u", "r2", "c1=u", "r3", "d1=u", "y1", "e1=u", "y2", "f1=u",
            "y3", "g1=u", "y3", "a8=u", "g1", "b8=u", "g2", "c8=u", "g3", "d8=u", "g3", "e8=u",
            "b1", "f8=u", "b2", "g8=u", "b2", "a7=u", "b3", "b7=u", "k1", "c7=u", "k1", "d7=u",
            "k2", "e7=u", "k2", "f7=u", "k3", "g7=u",
            "g1-h1", "u:a1-h1", "g8-h8", "u:a8-h8", "g7-h7", "u:a7-h7",
        ),
        players=2,
        options=OPTIONS,
        marks={"focus": ("a2",), "try": ("b3", "c4", "d5"), "lose": ("e6",)},
        paths=(("a2", "b3", "c4", "d5"),),
    ),
    Diagram(
        key="step",
        caption=(
            "Player 2 to move. The small yellow on top of the stack on d4 may step one square in any of the "
            "eight directions: onto an empty square, or onto the upright blue on c5, where it becomes the top "
            "of a new stack. It cannot step onto e4, where a red lies flat, nor two squares at once. Once it "
            "has stepped off, the large green under it is alone on d4, and counts again."),
        moves=(
            # the example
            "g3", "d4=u", "y1", "d4=u", "b2", "c5=u", "r3", "e4=e", "k1", "a2=n", "y2", "g3=u",
            "r1", "b2=ne", "k2", "f6=s", "g1", "h4=u", "b3", "a6=w",
            # the rest of the pile, upright in the rows the three turns then clear
            "r1", "a1=u", "r2", "b1=u", "r2", "c1=u", "r3", "d1=u", "y1", "e1=u", "y2", "f1=u",
            "y3", "g1=u", "y3", "a8=u", "g1", "b8=u", "g2", "c8=u", "g2", "d8=u", "g3", "e8=u",
            "b1", "f8=u", "b1", "g8=u", "b2", "a7=u", "b3", "b7=u", "k1", "c7=u", "k2", "d7=u",
            "k3", "e7=u", "k3", "f7=u",
            "g1-h1", "u:a1-h1", "g8-h8", "u:a8-h8", "f7-g7", "u:a7-g7",
        ),
        players=2,
        options=OPTIONS,
        marks={"focus": ("d4",), "try": ("c5",), "lose": ("e4",)},
        paths=(("d4", "c5"),),
    ),
    Diagram(
        key="collect-colour",
        caption=(
            "Player 2 to move. Collecting by colour: red along row 4 (r:b4-g4, written with the outermost "
            "two) takes the red pyramids on b4, d4 and g4, whatever their size and however they lie, 6 pips "
            "in all. The yellow on e4, between them, stays on the board, and so does the red on d6, which is "
            "on another line."),
        moves=(
            # the example
            "r1", "b4=u", "r3", "d4=w", "r2", "g4=u", "y2", "e4=u", "r2", "d6=n", "b3", "a2=u",
            "k1", "c2=ne", "g2", "f2=u", "k3", "h6=u", "g1", "b6=e",
            # the rest of the pile, upright in the rows the three turns then clear
            "r1", "a1=u", "r3", "b1=u", "y1", "c1=u", "y1", "d1=u", "y2", "e1=u", "y3", "f1=u",
            "y3", "g1=u", "g1", "a8=u", "g2", "b8=u", "g3", "c8=u", "g3", "d8=u", "b1", "e8=u",
            "b1", "f8=u", "b2", "g8=u", "b2", "a7=u", "b3", "b7=u", "k1", "c7=u", "k2", "d7=u",
            "k2", "e7=u", "k3", "f7=u",
            "g1-h1", "u:a1-h1", "g8-h8", "u:a8-h8", "f7-g7", "u:a7-g7",
        ),
        players=2,
        options=OPTIONS,
        marks={"try": ("b4", "d4", "g4")},
    ),
    Diagram(
        key="collect-size",
        caption=(
            "Player 2 to move. Collecting by size: the large pyramids along the diagonal from b2 to f6 "
            "(3:b2-f6) go together, a black, a green and a yellow, upright or flat, 9 pips in all. The small "
            "blue on c3 and the medium red on e5 stay, and so does the large red on f2, which is not on that "
            "diagonal."),
        moves=(
            # the example
            "k3", "b2=u", "b1", "c3=u", "g3", "d4=n", "r2", "e5=ne", "y3", "f6=u", "r3", "f2=w",
            "y1", "a4=e", "b2", "h3=u", "k2", "c6=s", "g1", "g4=nw",
            # the rest of the pile, upright in the rows the three turns then clear
            "r1", "a1=u", "r1", "b1=u", "r2", "c1=u", "r3", "d1=u", "y1", "e1=u", "y2", "f1=u",
            "y2", "g1=u", "y3", "a8=u", "g1", "b8=u", "g2", "c8=u", "g2", "d8=u", "g3", "e8=u",
            "b1", "f8=u", "b2", "g8=u", "b3", "a7=u", "b3", "b7=u", "k1", "c7=u", "k1", "d7=u",
            "k2", "e7=u", "k3", "f7=u",
            "g1-h1", "u:a1-h1", "g8-h8", "u:a8-h8", "f7-g7", "u:a7-g7",
        ),
        players=2,
        options=OPTIONS,
        marks={"try": ("b2", "d4", "f6")},
    ),
    Diagram(
        key="collect-orientation",
        caption=(
            "Player 2 to move. Collecting by orientation: what points north along column e (n:e2-e5) goes "
            "together, a red, a blue and a black, 5 pips in all. The upright yellow on e3 stays, and so do "
            "the green on e6, which points north-east, and the yellow on c4, which points north but on "
            "another line. Upright is an orientation too: u collects the upright pyramids of a line."),
        moves=(
            # the example
            "r2", "e2=n", "y3", "e3=u", "b1", "e4=n", "k2", "e5=n", "g3", "e6=ne", "y1", "c4=n",
            "k3", "a3=u", "b2", "g2=e", "r3", "b6=u", "g2", "h5=u",
            # the rest of the pile, upright in the rows the three turns then clear
            "r1", "a1=u", "r1", "b1=u", "r2", "c1=u", "r3", "d1=u", "y1", "e1=u", "y2", "f1=u",
            "y2", "g1=u", "y3", "a8=u", "g1", "b8=u", "g1", "c8=u", "g2", "d8=u", "g3", "e8=u",
            "b1", "f8=u", "b2", "g8=u", "b3", "a7=u", "b3", "b7=u", "k1", "c7=u", "k1", "d7=u",
            "k2", "e7=u", "k3", "f7=u",
            "g1-h1", "u:a1-h1", "g8-h8", "u:a8-h8", "f7-g7", "u:a7-g7",
        ),
        players=2,
        options=OPTIONS,
        marks={"try": ("e2", "e4", "e5")},
    ),
    Diagram(
        key="hidden",
        caption=(
            "Player 2 to move. Only the top of a stack counts. On b3 stands a tree, a small red on a medium "
            "yellow on a large black; on e3 a nest, a large black over a medium blue over a small green. "
            "Collecting the small pyramids of row 3 (1:b3-g3) takes the red on the tree and the blue on g3, "
            "not the green at the bottom of the nest. The yellow then tops the tree; the green shows only "
            "once the two above it have gone."),
        moves=(
            # the example
            "k3", "b3=u", "y2", "b3=u", "r1", "b3=u", "g1", "e3=u", "b2", "e3=u", "k3", "e3=u",
            "b1", "g3=u", "r2", "d3=u", "y3", "a5=e", "g2", "c5=u", "r3", "f5=s", "k1", "h6=n",
            # the rest of the pile, upright in the rows the three turns then clear
            "r1", "a1=u", "r2", "b1=u", "r3", "c1=u", "y1", "d1=u", "y1", "e1=u", "y2", "f1=u",
            "y3", "a8=u", "g1", "b8=u", "g2", "c8=u", "g3", "d8=u", "g3", "e8=u", "b1", "f8=u",
            "b2", "a7=u", "b3", "b7=u", "b3", "c7=u", "k1", "d7=u", "k2", "e7=u", "k2", "f7=u",
            "f1-g1", "u:a1-g1", "f8-g8", "u:a8-g8", "f7-g7", "u:a7-g7",
        ),
        players=2,
        options=OPTIONS,
        marks={"try": ("b3", "g3"), "focus": ("e3",)},
    ),
]


# The game's short course. Its steps start from the examples above (the same positions,
# player 2 to move), all but the first and the last.
_EXAMPLE = {d.key: d.moves for d in DIAGRAMS}


def _events(after: Game, kind: str) -> list[dict]:
    return [e for e in after.events if e["type"] == kind]


def _what_changed(after: Game) -> str:
    """What a move that missed did instead, in a few words from its events."""
    for e in _events(after, "orient"):
        if e["after"] == "u":
            return f"That stood the pyramid on {e['cell']} upright, on its square."
        if e["before"] == "u":
            return f"That laid the pyramid on {e['cell']} flat, on its square."
        return f"That turned the pyramid on {e['cell']} to point another way, still flat, on its square."
    for e in _events(after, "move"):
        return f"That took the pyramid on {e['from']} to {e['to']}, another square, lying as it lay."
    if _events(after, "collect"):
        return "That collected, and moved no pyramid."
    return "That changed no pyramid on the board."


def _stand_up_why(start: Game, move: str, after: Game) -> str:
    return f"{_what_changed(after)} Standing up leaves a flat pyramid on its square, upright."


def _turn_why(start: Game, move: str, after: Game) -> str:
    return f"{_what_changed(after)} A turn leaves a flat pyramid on its square, flat, pointing another way."


def _move_why(start: Game, move: str, after: Game) -> str:
    return f"{_what_changed(after)} A move takes a pyramid to another square."


def _last_why(start: Game, move: str, after: Game) -> str:
    left = sum(len(stack) for stack in after.view()["squares"].values() for stack in [stack["stack"]])
    taken = sum(len(e["taken"]) for e in _events(after, "collect"))
    return (f"That collected {taken} of the pyramids and left {left} on the board: the round goes on, and "
            "whoever takes the last pyramid wins it.")


def _stands_up(start: Game, move: str, after: Game) -> bool:
    return any(e["before"] != "u" and e["after"] == "u" for e in _events(after, "orient"))


def _turns(start: Game, move: str, after: Game) -> bool:
    return any(e["before"] != "u" and e["after"] != "u" for e in _events(after, "orient"))


def _changes_square(start: Game, move: str, after: Game) -> bool:
    return bool(_events(after, "move"))


def _collect_score(start: Game, move: str, after: Game) -> int | None:
    """The pips a collect takes (other moves: None)."""
    return sum(e["pips"] for e in _events(after, "collect")) if ":" in move else None


def _most_pips(start: Game, move: str, after: Game) -> bool:
    """A collect worth as many pips as the best collect there is."""
    collected = _events(after, "collect")
    if not collected:
        return False
    best = best_move(start, _collect_score)[0]
    return collected[0]["pips"] == best


def _pointing_line(game: Game) -> tuple[int, str] | None:
    """The richest line of three or more flat tops pointing one way that a collect at ``game`` could
    take: (its pips, that collect), or None."""
    best = None
    for collect in game.legal_moves():
        if collect.split(":")[0] in DIRS:  # a collect of what points one way
            taken = _events(played(game, collect), "collect")[0]
            if len(taken["taken"]) >= 3 and (best is None or taken["pips"] > best[0]):
                best = (taken["pips"], collect)
    return best


def _line_up_score(start: Game, move: str, after: Game) -> int | None:
    """For a move action: the pips of the line of three pointing one way it leaves to collect (0: none)."""
    if ":" in move or after.to_move != start.to_move:
        return None
    line = _pointing_line(after)
    return line[0] if line else 0


def _lines_up_the_most(start: Game, move: str, after: Game) -> bool:
    score = _line_up_score(start, move, after)
    return bool(score) and score == best_move(start, _line_up_score)[0]


def _line_up_done(start: Game, move: str, after: Game) -> str:
    pips, collect = _pointing_line(after)
    line = first_clause(after, collect).split(" collects ", 1)[1].rstrip(".")
    return (f"{narration(after)} Now {line} wait for this turn's collect: the next chapter "
            "takes such lines. A move is worth most when it readies your collect.")


def _line_up_why(start: Game, move: str, after: Game) -> str:
    if ":" in move:
        return "That is a collect; the task is a move: turn, slide or step one pyramid."
    score = _line_up_score(start, move, after)
    best = best_move(start, _line_up_score)[0]
    if not score:
        return f"{first_clause(start, move)} No line of three tops pointing one way comes of it."
    return f"{first_clause(start, move)} That lines up {score} pips pointing one way; a line of {best} can be made."


def _collect_missed(start: Game, move: str, after: Game) -> str:
    """What the collect tried took, against the best line's pips, and the best line."""
    collected = _events(after, "collect")
    if not collected:
        return "That moves or turns a pyramid; the task is a collect: tap a pyramid, then what to collect with it."
    best_pips, best = best_move(start, _collect_score)
    pips = collected[0]["pips"]
    return (f"That collects {pips} pip{'s' if pips != 1 else ''}; the best line is worth "
            f"{best_pips}: {first_clause(start, best)}")


def _wins_the_round(start: Game, move: str, after: Game) -> bool:
    return any(start.to_move in e["winners"] for e in _events(after, "round"))


# The last step: three pyramids left on row 4 (a large red, a small red, a medium blue), the
# other 27 upright in rows 1, 8, 7 and 2, which four turns clear; player 1 has then stood the red
# on c4 upright and is left with the turn's collect.
_LAST = (
    "r3", "c4=n", "r1", "e4=u", "b2", "g4=u",
    "r1", "a1=u", "r2", "b1=u", "r2", "c1=u", "r3", "d1=u", "y1", "e1=u", "y1", "f1=u", "y2", "g1=u",
    "y2", "a8=u", "y3", "b8=u", "y3", "c8=u", "g1", "d8=u", "g1", "e8=u", "g2", "f8=u", "g2", "g8=u",
    "g3", "a7=u", "g3", "b7=u", "b1", "c7=u", "b1", "d7=u", "b2", "e7=u", "b3", "f7=u", "b3", "g7=u",
    "k1", "a2=u", "k1", "b2=u", "k2", "c2=u", "k2", "d2=u", "k3", "e2=u", "k3", "f2=u",
    "g1-h1", "u:a1-h1", "g8-h8", "u:a8-h8", "g7-h7", "u:a7-h7", "f2-g2", "u:a2-g2",
    "c4=u",
)


def _lies_flat(start: Game, move: str, after: Game) -> bool:
    return any(e["type"] == "place" and e["orient"] != "u" for e in after.events)


def _place_done(start: Game, move: str, after: Game) -> str:
    return (f"{narration(after)} Flat, it may later slide the way it points; upright, step one "
            "square. The setup goes on, one each in turn, until the pile is empty (uprights may stack; nothing goes "
            "on a flat one); the player after the last to place starts play. Lines of one colour, size or way of "
            "pointing are collects for whoever plays first.")


def _sweep(game: Game) -> list[str]:
    """A whole turn (its actions, in order) with which the player to move takes every pyramid left,
    if there is one: tried exhaustively, every move action with every collect, in either order."""
    me = game.to_move
    for first in game.legal_moves():
        after = game.clone()
        after.play(first)
        if _events(after, "round"):
            return [first] if me in _events(after, "round")[0]["winners"] else []
        if after.to_move != me:
            continue
        for second in after.legal_moves():
            then = after.clone()
            then.play(second)
            if any(me in e["winners"] for e in _events(then, "round")):
                return [first, second]
    return []


def _leaves_no_sweep(start: Game, move: str, after: Game) -> bool:
    return bool(_events(after, "collect")) and not _events(after, "round") and not _sweep(after)


def _sweep_words(after: Game) -> str:
    said, game = [], after.clone()
    for action in _sweep(after):
        said.append(first_clause(game, action))
        game.play(action)
    return " ".join(said)


def _pyramids_left(game: Game) -> int:
    return sum(len(square["stack"]) for square in game.view()["squares"].values())


def _no_sweep_done(start: Game, move: str, after: Game) -> str:
    return (f"{narration(after)} Every turn Player 2 could make was tried: none of them takes all "
            f"{_pyramids_left(after)} pyramids left, so the round goes on. That is the heart of Nimbus: never leave the next player "
            "the whole board in one turn. A turn's move is a must unless its collect empties the board: near the "
            "end, make it on a pyramid you are about to collect.")


def _no_sweep_missed(start: Game, move: str, after: Game) -> str:
    return f"Then Player 2 takes every pyramid left, and the round: {_sweep_words(after)}"


# The heart of the game: four upright pyramids left (a medium yellow on a6, a large black stepped from b5
# to c4, a small yellow on c5, a medium blue on c3), the other 26 upright in rows 1, 8, 7 and 2, which four
# turns clear; player 1 has made the turn's move and is left with its collect.
_NO_SWEEP = (
    "y2", "a6=u", "k3", "b5=u", "y1", "c5=u", "b2", "c3=u",
    "r1", "a1=u", "r1", "b1=u", "r2", "c1=u", "r2", "d1=u", "r3", "e1=u", "r3", "f1=u", "y1", "g1=u",
    "y2", "a8=u", "y3", "b8=u", "y3", "c8=u", "g1", "d8=u", "g1", "e8=u", "g2", "f8=u", "g2", "g8=u",
    "g3", "a7=u", "g3", "b7=u", "b1", "c7=u", "b1", "d7=u", "b2", "e7=u", "b3", "f7=u", "b3", "g7=u",
    "k1", "a2=u", "k1", "b2=u", "k2", "c2=u", "k2", "d2=u", "k3", "e2=u",
    "g1-h1", "u:a1-h1", "g8-h8", "u:a8-h8", "g7-h7", "u:a7-h7", "e2-f2", "u:a2-f2",
    "b5-c4",
)

# Three pyramids left: a medium blue on a3, a small red stepped from c3 to d3 (in line with a3
# along row 3 and with g6 along the diagonal), a large red on g6, too far from a3 for one step to
# line the two up; player 1 has made the turn's move and is left with its collect.
_TWO_APART = ("r1", "c3=u", "b2", "a3=u", "r3", "g6=u") + _LAST[6:-1] + ("c3-d3",)


def _two_apart_done(start: Game, move: str, after: Game) -> str:
    return (f"{narration(after)} Player 2 must take one of the two left (every turn collects "
            "at least one) and no move of theirs lines them up first, so the last pyramid, and the round, are yours. Near a "
            "round's end, what wins is how many you leave, and where, not how many you take.")


def _two_apart_missed(start: Game, move: str, after: Game) -> str:
    if _pyramids_left(after) == 1:
        return ("That leaves one pyramid: Player 2 collects it and wins the round. Taking more is not always "
                "better.")
    return _no_sweep_missed(start, move, after)


LESSON: list[Step] = [
    Step(
        key="setup", title="Set up the board", chapter="The goal and moving",
        task="Goal: take the last pyramid of a round. First, take a pyramid from the pile.",
        hint="The buttons next to the board (under it on a phone) are the pile: each names a colour, a size in pips (1 small, 2 "
             "medium, 3 large: \"Red 3\" is a large red pyramid) and how many of it are left. Tap any of them.",
        done="Whoever takes the last pyramid off the board wins the round and scores the pips of every pyramid "
             "they collected in it; the others score nothing. A pyramid's pips (its dots) are its size: 1 small, 2 "
             "medium, 3 large. After five rounds the highest total wins. A round starts with all 45 pyramids placed "
             "in turn; from step 3 on, each step is a round under way, few pyramids left.",
        goal=any_move, players=2,
    ),
    Step(
        key="place", title="Place it",
        task="This step hands you a large red pyramid (Red 3). Put it on the board lying flat: choose a direction first (the "
             "arrow buttons under the board), then tap a square.",
        hint="A square tapped at once stands this first pyramid upright (later ones lie as your last one lay). The "
             "arrow buttons next to the board offer the eight directions a flat pyramid may point (north is up the "
             "board): one of them, then a square.",
        done=_place_done,
        missed=lambda start, move, after: ("That stands it upright: with no way chosen, a square tapped lays a "
                                           "pyramid as your last one lay, and this is your first. To lay it flat, "
                                           "choose one of the eight directions first, then the square."),
        goal=_lies_flat, moves=("r3",), players=2,
    ),
    Step(
        key="stand-up", title="Stand one up",
        task="You play Player 2 in this step and the next three. From here on the boards come from games "
             "of 30 pyramids, not 45, so that each shows one rule. Stand a flat pyramid upright.",
        hint="The green on d5 lies flat, pointing north-east: tap it, then choose upright.",
        done="Standing a pyramid up, laying a lone one flat (one alone on its square, not in a stack) or "
             "turning it is a move action. A turn is one move action and one collect (taking pyramids off the "
             "board: the next chapter), in either order; the move may be left out only when the collect empties "
             "the board.",
        goal=_stands_up, moves=_EXAMPLE["stand-up"], players=2, options=OPTIONS,
        why=_stand_up_why,
    ),
    Step(
        key="turn", title="Turn a flat one",
        task="Turn a flat pyramid to point another way, without standing it up.",
        hint="The red on b3 points east: tap it and choose north, so that it points like the yellow on g3.",
        done="A flat pyramid points where its sharp tip is (the notched end, with the dots, is its back), and "
             "stays on its square when it turns. Pyramids that point the same way along a line may then be "
             "collected together.",
        goal=_turns, moves=_EXAMPLE["turn"], players=2, options=OPTIONS,
        why=_turn_why,
    ),
    Step(
        key="move", title="Slide or step",
        task="Move a pyramid to another square: slide a flat one or step an upright one.",
        hint="The red on e4 points east and may slide that way. The small yellow on top of d4 may "
             "step one square, even onto the upright blue on c5.",
        done="A flat pyramid slides where it points, over empty squares; the top of an upright stack "
             "steps one square, onto an empty square or another upright stack.",
        goal=_changes_square, moves=_EXAMPLE["step"], players=2, options=OPTIONS,
        why=_move_why,
    ),
    Step(
        key="challenge-line-up", title="Challenge: line them up",
        task="Challenge, from a real game of 45 pyramids: you are Player 1, with your move to make. Turn, slide or "
             "step one pyramid so that three or more flat tops on one line point the same way, worth the most pips.",
        hint="Row 2 has a yellow and a black pointing south-east, on g2 and h2. Set another flat pyramid of that "
             "row the same way: the largest you can.",
        done=_line_up_done, why=_line_up_why, goal=_lines_up_the_most, seed=2, players=2,
        moves=("b3", "a6=n", "k1", "b3=e", "g3", "e8=n", "g1", "c4=n", "k2", "c6=s", "g1", "b5=n", "g1", "e3=e",
               "b3", "d5=se", "r1", "h2=ne", "y1", "a8=w", "y2", "h4=w", "y1", "f1=w", "k1", "c1=n", "g2", "b4=ne",
               "y1", "g3=w", "b3", "b6=s", "r3", "f6=u", "r1", "f7=u", "b2", "c2=se", "k3", "b7=u", "y2", "f5=e",
               "y3", "a2=u", "y2", "e6=se", "r2", "b8=n", "r1", "d6=ne", "y3", "g4=se", "y3", "a4=ne", "k2", "e1=w",
               "k1", "a5=e", "k2", "e5=s", "k3", "h6=s", "r2", "e7=s", "g2", "d4=ne", "r3", "d7=nw", "b1", "e2=e",
               "r2", "d8=ne", "r3", "a1=u", "g3", "f3=n", "g2", "h8=w", "g3", "h1=w", "k3", "f4=se", "b2", "h7=s",
               "b2", "c5=sw", "b1", "b2=w", "b1", "a3=s", "3:a1-a6", "f3=w", "3:h1-b7", "f7=s", "3:b6-h6", "b8=e",
               "2:e1-e7", "g4=s", "2:c2-h7", "b5-b7", "r:d6-d8", "h8=n", "2:b4-h4", "c1=nw", "3:f4-g4", "h8=nw",
               "g:e8-h8", "a5=u", "2:c5-c6", "e3=sw", "1:a3-g3", "b2=nw", "c4=s", "1:b2-h2", "b8=w", "1:c4-f7",
               "f1=s", "1:c1-f1", "w:a8-b8", "a5=sw", "b7=e", "k:a5", "g:b7", "r2", "h4=u", "b2", "g6=se", "g3",
               "a5=nw", "k1", "h3=ne", "r3", "b6=nw", "r2", "b7=e", "b2", "h2=e", "k2", "d3=u", "y3", "b4=w", "g3",
               "b3=w", "y2", "a6=ne", "g3", "f5=n", "y3", "e4=e", "r1", "g2=ne", "b1", "a3=ne", "g1", "c4=e", "y2",
               "f4=sw", "k1", "g3=sw", "y3", "f8=e", "b1", "g4=sw", "b3", "c5=n", "g2", "d6=ne", "k1", "c1=w", "b2",
               "b5=e", "y2", "h6=n", "k2", "a2=nw", "g1", "e8=e", "k2", "f2=se", "r3", "e2=sw", "b1", "e5=u", "r1",
               "a4=sw", "r3", "d2=w", "b3", "a1=se", "g1", "e7=se", "r2", "b1=w", "g2", "f1=u", "g2", "d5=nw", "y1",
               "e1=sw", "y1", "g5=s", "r1", "d7=s", "y1", "h1=e", "b3", "b8=sw", "k3", "a7=nw", "k3", "c8=sw", "k3",
               "g7=n", "3:b3-b8", "a4=u", "3:a1-a7", "f8=n", "2:f1-a6", "h6-h7", "r:d2-g2", "g7=e", "2:b1-h7",
               "f2-g1", "3:e4-f5", "a3=w", "3:c5-c8", "e8=ne", "k:g1-g7", "h1=n", "2:h2-d6", "h1=se", "1:e1-e8",
               "a4-b4", "2:d5-b7", "h1=w", "h1=nw", "1:c1-g5", "a3=ne", "1:a3-h3", "h1-a8", "r:b4-h4", "y:f8",
               "g4=s", "a2=s", "b:g4", "d7=sw", "r:d7", "c4=se", "k:a2", "a8=sw", "y:a8", "g:c4", "k3", "b8=e", "k2",
               "d4=w", "g1", "b1=nw", "k1", "b7=se", "k3", "h7=sw", "y1", "c1=s", "g2", "c8=s", "g2", "g7=n", "g1",
               "d1=e", "k2", "h2=s", "r3", "f6=ne", "y2", "e7=nw", "g2", "e6=sw", "y2", "a1=sw", "k1", "g5=s", "k2",
               "c3=w", "r2", "c7=n", "y1", "g1=w", "b2", "c2=s", "k1", "b6=nw", "y1", "h4=ne", "b3", "e3=sw", "r3",
               "h5=n", "r3", "g6=n", "y2", "g2=se", "g1", "d2=nw", "y3", "a2=n", "y3", "f1=u", "b2", "e4=nw", "b2",
               "d7=u", "g3", "h3=e", "b1", "h1=s", "r1", "e8=sw", "b1", "h6=sw", "r1", "g3=w", "g3", "e2=sw", "r1",
               "c5=n", "b1", "f5=u", "g3", "g8=e", "r2", "e5=u", "b3", "b3=w", "r2", "e1=w", "k3", "a5=n", "b3",
               "f7=w", "y3", "f4=w", "3:f1-f7", "a2-a3", "3:a3-h3", "c3=nw", "2:a1-g7", "g3=se", "2:e1-e7", "h2=se",
               "n:a5-h5", "g3=e", "3:g6-h7", "f5=se", "2:c2-c8", "b1=n", "3:b8-g8", "c1=se", "1:b1-h1", "g3=sw"),
    ),
    Step(
        key="collect", title="Collect a line", chapter="Collecting",
        task="A collect takes every top pyramid sharing one colour, one size or one way of standing (upright, or "
             "flat and pointing one way) along a row, column or diagonal, passing over the others. Collect the line "
             "worth the most pips.",
        hint="Look along the diagonal from b2 to f6: three large pyramids, 3 pips each. On a touch screen the "
             "first tap on a collect button rings what it takes; a second tap collects.",
        done="A collect takes every top pyramid of one colour, one size or one way of standing along a whole row, "
             "column or diagonal; pyramids on it that do not share that property stay, and the collect takes the "
             "others past them. A pyramid under a top one is hidden until the top one goes. The pips you collect "
             "are your points if you win the round.",
        missed=_collect_missed,
        goal=_most_pips, moves=_EXAMPLE["collect-size"], players=2, options=OPTIONS,
    ),
    Step(
        key="last", title="The last pyramid",
        task="You play Player 1 again. Collect every pyramid left on the board and win the round.",
        hint="You have just stood the red on c4 upright: now the three pyramids on row 4 all stand upright.",
        done="You took the last pyramid, so the round is yours and you score all the pips you collected in it; "
             "the other player's pips score nothing. A collect that empties the board ends the round at once, "
             "whether or not the turn's move was made. Then the next round is set up from the full pile, and the "
             "next player places first.",
        goal=_wins_the_round, moves=_LAST, players=2, options=OPTIONS,
        why=_last_why,
    ),
    Step(
        key="challenge-collect", title="Challenge: the biggest collect",
        task="Challenge, from a real game of 45 pyramids: you are Player 1 and have made your move. Collect the "
             "most pips you can.",
        hint="Look along each row, column and diagonal for tops that share one colour, one size or one way of "
             "standing: a large counts 3.",
        done=lambda start, move, after: (f"{narration(after)} No other collect here takes as much. "
                                         "Early in a round, take big lines; near its end, think first of the last "
                                         "pyramid."),
        missed=_collect_missed, goal=_most_pips, seed=1, players=2,
        moves=("r3", "h1=n", "y2", "g2=e", "g2", "f7=n", "g2", "f6=n", "k1", "b4=w", "r2", "e8=se", "r1", "a7=e", "g1",
               "a1=ne", "b3", "f4=e", "y2", "h6=u", "k1", "a3=u", "b1", "g1=w", "k3", "g3=nw", "r1", "c1=ne", "r1",
               "g6=w", "b1", "b1=se", "g2", "e7=w", "y2", "b5=nw", "k3", "e1=s", "b3", "e3=se", "b2", "b6=u", "b3",
               "h3=n", "g3", "a4=u", "k3", "f3=e", "b2", "h4=ne", "r2", "a6=se", "k1", "g8=u", "r3", "c3=se", "g1",
               "e2=w", "g3", "h7=u", "b1", "a8=ne", "y3", "e5=u", "g1", "b8=sw", "k2", "d8=u", "y3", "f1=nw", "y3",
               "a5=s", "k2", "c7=e", "g3", "c6=se", "r3", "d4=n", "b2", "b2=se", "y1", "b7=ne", "k2", "d2=u", "r2",
               "h5=e", "y1", "c5=n", "y1", "h8=w", "e1=w", "w:g1-g6", "h1=se"),
    ),
    Step(
        key="two-apart", title="Leave two apart", chapter="The heart of the game",
        task="Three pyramids are left and you have made your move (the small red from c3 to d3). Every turn must "
             "collect at least one pyramid, and whoever takes the last one wins the round. Collect so that "
             "Player 2 cannot take the last.",
        hint="Taking two now leaves Player 2 the last one. Leave two that no single step can bring onto one "
             "line: a3 and g6 are three rows and six columns apart.",
        done=_two_apart_done, missed=_two_apart_missed,
        goal=_leaves_no_sweep, moves=_TWO_APART, players=2, options=OPTIONS,
    ),
    Step(
        key="no-sweep", title="Leave no sweep",
        task="You stepped the black large from b5 to c4. Collect, but leave Player 2 no turn that takes all the rest.",
        hint="Player 2 will have a move and a collect. Three upright pyramids on one line, or one step from it, "
             "are a sweep: look at column c and the diagonal a6, b5, c4.",
        done=_no_sweep_done, missed=_no_sweep_missed,
        goal=_leaves_no_sweep, moves=_NO_SWEEP, players=2, options=OPTIONS,
    ),
    Step(
        key="challenge-apart", title="Challenge: the last three",
        task="Challenge, from a real game of 45 pyramids: three are left, and you (Player 1) have made your move, "
             "the small blue on e1 turned to point south. Collect so that Player 2 cannot take the last.",
        hint="Taking one leaves two, and Player 2 gets a move and then a collect. Leave the two that no single move "
             "brings onto one line sharing a colour, a size or a way of pointing.",
        done=_two_apart_done, missed=_two_apart_missed,
        goal=_leaves_no_sweep, seed=1, players=2,
        moves=("g3", "e3=se", "r2", "d8=s", "k1", "f5=n", "g2", "a7=sw", "r3", "e1=u", "k3", "h7=n", "b3", "h8=ne",
               "g3", "a5=se", "k3", "c7=nw", "b2", "b4=se", "r2", "h3=sw", "g3", "e4=se", "b3", "f2=nw", "b3",
               "g2=nw", "r3", "d4=se", "r3", "g5=u", "y1", "g6=e", "k2", "f3=nw", "b1", "d2=ne", "g2", "a4=se", "k3",
               "b3=se", "g1", "b8=nw", "r2", "h6=ne", "b1", "g7=ne", "y3", "f6=nw", "r1", "d6=n", "k1", "e8=nw",
               "y2", "c3=sw", "b1", "d1=ne", "k1", "c2=se", "b2", "b5=s", "g1", "b1=nw", "g1", "h2=se", "y2",
               "c1=se", "g2", "a3=ne", "y2", "b7=nw", "k2", "e6=s", "r1", "f7=n", "r1", "e2=s", "k2", "a8=ne", "b2",
               "c8=s", "y1", "f8=u", "y3", "b2=se", "y1", "f4=w", "y3", "c5=nw", "3:b2-h8", "f3=w", "g:a3-a7",
               "g6=nw", "3:e1-e4", "h2=sw", "y:c1-c5", "a8=w", "b:d2-g2", "f4=sw", "2:b4-b7", "g6=e", "2:h3-c8",
               "a8=nw", "k:c7-h7", "e8=ne", "r:g5-h6", "f8=w", "k:b3-f3", "g6=nw", "1:b1-g6", "f4=s", "d1=e",
               "1:d6-f8", "f4=se", "1:b8-e8", "d1-e1", "b:g7", "a8=w", "r:f7", "h2=se", "1:e2-h2", "d8-d5", "k:a8",
               "e1=s"),
    ),
]
