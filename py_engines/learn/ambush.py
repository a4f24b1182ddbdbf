"""Ambush's worked examples (what a stack's strength is, and what a sandwich captures) and its lesson."""
from __future__ import annotations

from .diagram import Diagram
from .lesson import Step, best_move, narrated, narration, told, wins_at_once

# Most examples stand on coaster 1 (a1-c3), where the rule text's A-C and 1-3 are the board's own
# cells. Pyramids that only open trees are spent on turns of empty coasters, which leave the board
# as it was; each position ends with a placement, so no coaster is closed to the player to move.
COVER = "two-at-once"  # the example that pictures the game on the home page

DIAGRAMS = [
    Diagram(
        key="strength",
        caption=(
            "Each badge is a stack's strength: the pips that show. A pyramid is hidden, and drawn "
            "faint, when a larger one sits anywhere above it. Each column holds the same pyramids in "
            "two orders, Red's below and Black's above. On b, a medium on a small is 2 (the small is "
            "hidden), a small on a medium 3. On c, a small on a medium on a large shows all six pips, "
            "while a large on top hides the other two: 3. On d, small, medium, small from the bottom "
            "is 3 (the lowest small is hidden), and two smalls on a medium show all four pips. "
            "Sandwiches compare strengths, so the order of a stack matters as much as its pyramids."),
        moves=("b2s", "c5s", "d2s", "b5m", "b2m", "b5s", "d2m", "d5m",
               "c2l", "d5s", "d2s", "d5s", "c2m", "c5m", "c2s", "c5l"),
    ),
    Diagram(
        key="sandwich-tie",
        caption=(
            "Black to move. Red's large on b2 (strength 3) stands between Black's medium on b1 and the "
            "empty b3. A black medium or large on b3 closes the sandwich with ends of 4 or 5 against "
            "3: the large is captured and Black scores its 3 pips. A small there makes 2 + 1 = 3, a "
            "tie, and a tie captures nothing."),
        moves=("4cw-s", "3cw-s", "4cw-m", "3cw-s", "4cw-s", "b1m", "b2l"),
        marks={"focus": ("b2",), "try": ("b3",)},
    ),
    Diagram(
        key="two-ends",
        caption=(
            "Red to move. Black's large on b2 (3) lies on a diagonal from Red's medium on a1 (a1, b2, c3) "
            "and on another from Red's small on c1 (c1, b2, a3). On c3, across from the medium, a red medium or large makes 4 or 5 and "
            "captures it; on a3, across from the small, only a large is enough (1 + 3 = 4). A small "
            "captures from neither cell. What counts is the sum of both ends, so look at what stands "
            "at the far end of the line."),
        moves=("c1s", "3cw-s", "4cw-s", "3cw-m", "a1m", "b2l"),
        marks={"focus": ("b2",), "try": ("c3", "a3")},
    ),
    Diagram(
        key="two-at-once",
        caption=(
            "Red to move. A red pyramid on a3 closes two sandwiches at once: up column a, Black's "
            "medium on a2 lies between it and Red's large on a1; along row 3, Black's small on b3 lies "
            "between it and Red's medium on c3. Even a small on a3 wins both (1 + 3 against 2, and "
            "1 + 2 against 1), so any pyramid there takes both black pyramids, 3 pips, in one turn."),
        moves=("4cw-s", "3cw-s", "4cw-m", "a2m", "a1l", "3cw-s", "2cw-s", "3cw-s", "2cw-s", "3cw-s",
               "c3m", "b3s"),
        marks={"focus": ("a2", "b3"), "try": ("a3",)},
    ),
    Diagram(
        key="two-cells",
        caption=(
            "Black to move. Red's large on b2 (3) can be caught from two cells. Up column b, a black "
            "medium or large on b3 joins Black's medium on b1: 4 or 5 against 3 (a small ties). Along "
            "row 2, beside Black's small on c2, only a large on a2 is enough (1 + 3 = 4); a medium "
            "there ties, 3 against 3. Either way Black takes the large and its 3 pips."),
        moves=("4cw-s", "3cw-s", "4cw-m", "b1m", "4cw-s", "c2s", "b2l"),
        marks={"focus": ("b2",), "try": ("b3", "a2")},
    ),
    Diagram(
        key="top-only",
        caption=(
            "Black to move. Red's stack on a2 is a small on a medium, strength 3, between Black's "
            "medium on a1 and the empty a3. A small on a3 ties (2 + 1 = 3) and takes nothing. A medium "
            "or large wins, but a capture takes only the top pyramid: Black gets the small, and Red's "
            "medium stays on a2, now strength 2 between stronger ends. A placement takes it only on a1 or "
            "a3, since a placement captures only with the stack just played on as an end; a coaster's "
            "turn that leaves it sandwiched takes it too."),
        moves=("4cw-s", "3cw-s", "a2m", "a1m", "4cw-s", "3cw-s", "a2s"),
        marks={"focus": ("a2",), "try": ("a3",)},
    ),
    Diagram(
        key="safe-between",
        caption=(
            "Red to move, after Black put a small on b1, between Red's medium on a1 and small on c1. "
            "The ends make 3 against 1, yet the small stays: a placement captures only for the player "
            "who places, and only with the stack just played on as an end (after a coaster's turn, every "
            "sandwich on that coaster captures, of either colour). A black medium would have been just as "
            "safe there. But if Red now adds any pyramid to a1 or c1, the sandwich closes on Red's "
            "turn and the black small is captured."),
        moves=("c1s", "3cw-s", "4cw-s", "3cw-s", "a1m", "b1s"),
        marks={"focus": ("b1",), "try": ("a1", "c1")},
    ),
    Diagram(
        key="turn-capture",
        caption=(
            "Black to move. Turning coaster 4 (top right) a quarter counterclockwise, paying a small, "
            "carries Black's medium from e6 to d5. Row 5 then reads black small, red medium, black "
            "medium: 1 + 2 against 2, and Red's medium on c5 is captured, 2 pips for Black. After a "
            "turn, every sandwich with a cell on the turned coaster captures, even one like this with "
            "only an end on it. The small paid leaves the game and scores for nobody."),
        moves=("2cw-s", "b5s", "2cw-s", "e6m", "c5m"),
        marks={"focus": ("c5",)},
        paths=(("e6", "d5"),),
    ),
    Diagram(
        key="capture-order",
        caption=(
            "Red has just turned coaster 4, and the turn closed sandwiches of both colours. Red's takes "
            "Black's small on e4, between Red's large on e3 and small on e5 (4 against 1). Black's take "
            "Red's large on e3, between Black's large on e2 and small on e4 (4 against 3), and Red's small "
            "on e5, on the diagonal between Black's medium on d6 and small on f4 (3 against 1). Whoever "
            "turned chooses whose captures come first; the other colour's are looked for again after them. "
            "Red's first: the small on e4 goes, and with it an end of Black's sandwich on e3, so Black "
            "takes only the small on e5: 1 pip each. Black's first: Red loses 4 pips, and its own "
            "sandwich has lost both ends."),
        moves=("e5s", "1ccw-s", "d6s", "c2s", "e5m", "c2m", "f5m", "d5s", "2half-s", "f1l", "b1l", "f4m", "e3l",
               "d4s", "f3s", "f6m", "1cw-m", "a6s", "f4l", "c1m", "c2m", "e2l", "3cw-s", "1ccw-m", "4ccw-m"),
        marks={"focus": ("e4",), "try": ("e3", "e5")},
    ),
]


def _placement(start, move, after):
    return any(e["type"] == "place" for e in after.events)


_SIZE_WORDS = {"s": "small", "m": "medium", "l": "large"}


def _what_it_did(start, after) -> str:
    """What a move that missed did, in a few words from its events: where it placed, or which
    coaster it turned, and the pyramids its side captured."""
    me = start.to_move
    said = "That did nothing on the board."
    for e in after.events:
        if e["type"] == "place":
            where = "onto the stack on" if e["on_stack"] else "on the empty cell"
            said = f"That placed a {_SIZE_WORDS[e['size']]} {where} {e['cell']}"
        elif e["type"] == "rotate":
            said = f"That turned coaster {e['coaster']}"
    taken = [e["cell"] for e in after.events if e["type"] == "capture" and e["player"] == me]
    if not taken:
        return said + ", capturing nothing." if not said.endswith(".") else said
    cells = " and ".join(taken)
    return said + f", capturing {len(taken)} pyramid{'s' if len(taken) > 1 else ''}: on {cells}."


def _stack_why(start, move, after):
    return f"{_what_it_did(start, after)} The task is your own stack on c3, one pyramid higher."


def _two_why(start, move, after):
    turned = any(e["type"] == "rotate" for e in after.events)
    return f"{_what_it_did(start, after)} " + ("The task is a placement." if turned else
                                                "The task is two Black pyramids taken by one placement.")


def _turn_why(start, move, after):
    placed = any(e["type"] == "place" for e in after.events)
    return f"{_what_it_did(start, after)} " + ("The task is a turn of a coaster, not a placement." if placed else
                                                "Red's medium on c5 stays: no sandwich closed round it.")


def _closed_why(start, move, after):
    placed = any(e["type"] == "place" for e in after.events)
    return f"{_what_it_did(start, after)} " + ("The task is a turn of a coaster, not a placement." if placed else
                                                "No sandwich of yours closed on a Black pyramid.")


def _pips_taken(start, move, after) -> float:
    return after.scores[start.to_move] - start.scores[start.to_move]


def _captures_most(start, move, after):
    """A move that captures as many pips as any move here, and some."""
    best = best_move(start, _pips_taken)[0]
    return best > 0 and _pips_taken(start, move, after) == best


def _most_missed(start, move, after):
    best = best_move(start, _pips_taken)[0]
    taken = _pips_taken(start, move, after)
    said = f"{taken:g} pip{'' if taken == 1 else 's'}" if taken else "nothing"
    return f"That captures {said}; one move here captures {best:g}."


def _onto_own_stack(start, move, after):
    return any(e["type"] == "place" and e["on_stack"] for e in after.events)


def _stack_on_c3_of_3(start, move, after):
    cell = after.view()["cells"].get("c3")
    return move[:2] == "c3" and _onto_own_stack(start, move, after) and cell["strength"] == 3


def _captures(kind, cell=None):
    """A goal: a move of ``kind`` (``place`` or ``rotate``) after which the mover has
    captured (the pyramid on ``cell``, if named)."""
    def goal(start, move, after):
        return any(e["type"] == kind for e in after.events) and any(
            e["type"] == "capture" and e["player"] == start.to_move and cell in (None, e["cell"])
            for e in after.events)
    return goal


def _strength(after, cell):
    stack = after.view()["cells"].get(cell)
    return stack["strength"] if stack else 0


def _own_stack_strength(start, move, after):
    """For a placement on one of the mover's stacks: the strength that stack shows after it (else None)."""
    cell = move[:2]
    before, now = start.view()["cells"].get(cell), after.view()["cells"].get(cell)
    if move[2:] not in ("s", "m", "l") or not before or before["player"] != start.to_move:
        return None
    return now["strength"] if now and now["player"] == start.to_move else None


def _strongest_stack(start, move, after):
    shown = _own_stack_strength(start, move, after)
    return shown is not None and shown == best_move(start, _own_stack_strength)[0]


def _strongest_why(start, move, after):
    best = best_move(start, _own_stack_strength)[0]
    shown = _own_stack_strength(start, move, after)
    if shown is None:
        return f"{_what_it_did(start, after)} The task is a pyramid on one of your own stacks."
    return f"{_what_it_did(start, after)} That stack shows {shown}; one of yours can be made to show {best}."


def _strength_missed(start, move, after):
    if move[:2] != "c3":
        return "The task is the stack on c3, where your small stands: put one pyramid on it."
    shown = _strength(after, "c3")
    return (f"The stack on c3 shows {shown} now: the pyramid on top counts, and the small under it shows only "
            "if nothing larger lies above it, so a large on it hides it and shows 3.")


def _sandwich_done(start, move, after):
    end = _strength(after, "b3")
    return (f"Your two ends make 2 + {end} = {2 + end} against the large's 3: it is captured, and its 3 pips are "
            "yours. A small on b3 would make 2 + 1 = 3, a tie, and a tie captures nothing. It works against you "
            "too: a stack of yours with an enemy stack on one side and an empty cell on the other, in a line, can "
            "be caught by the next placement on that cell.")


def _sandwich_missed(start, move, after):
    if move[:2] != "b3":
        return ("Only a pyramid on b3 puts the large on b2 between two of yours in a line: your medium on b1 is "
                "the other end.")
    end = _strength(after, "b3")
    return (f"Your two ends make 2 + {end} = {2 + end} against the large's 3: a tie, and a tie captures nothing. "
            "The ends must make more than the pyramid between them.")


def _captures_two(start, move, after):
    return sum(e["type"] == "capture" and e["player"] == start.to_move for e in after.events) >= 2


def _several_done(start, move, after):
    end = _strength(after, "d1")
    return (f"Your ends make 2 + {end} = {2 + end} against the two smalls' 1 + 1 = 2: both are captured, "
            "2 pips. The ends must beat the sum of the whole run between them. A placement captures only for "
            "the player who placed: a pyramid placed between two enemy stacks is safe that turn, but a pyramid "
            "the enemy then adds to either end can capture it.")


# The diagonals through b2 in the step "diagonal": the far end of each from the cell played.
_FAR_END = {"c3": "a1", "a3": "c1"}


def _diagonal_done(start, move, after):
    cell = move[:2]
    far = _FAR_END[cell]
    a, b = _strength(after, far), _strength(after, cell)
    return (f"Along the diagonal {far}, b2, {cell}, your ends make {a} + {b} = {a + b} against the large's 3: "
            "it is captured. Rows, columns and diagonals are all lines. So a stack on the board's edge can be "
            "caught only along that edge, and one in a corner not at all, until a coaster's turn carries it out.")


def _diagonal_missed(start, move, after):
    cell = move[:2]
    if cell not in _FAR_END:
        return ("That closes no line through b2: its diagonals run a1, b2, c3 and c1, b2, a3, and your "
                "pyramids stand on a1 and c1.")
    far = _FAR_END[cell]
    a, b = _strength(after, far), _strength(after, cell)
    return (f"Along the diagonal {far}, b2, {cell}, your ends make {a} + {b} = {a + b} against the large's 3: "
            f"{'a tie' if a + b == 3 else 'less'}, and that captures nothing.")


def _top_only_missed(start, move, after):
    if move[:2] != "a3":
        return "Only a3 closes a line through a2 with your medium on a1 as the other end."
    end = _strength(after, "a3")
    return (f"Your ends make 2 + {end} = {2 + end} against the stack's 3: a tie, and a tie captures nothing.")


def _order_outcomes(start) -> dict[str, tuple[float, float]]:
    """For each order of captures, the mover's pips and the other's after it."""
    me = start.to_move
    outcomes = {}
    for order in ("mine", "theirs"):
        after = start.clone()
        after.play(order)
        outcomes[order] = (after.scores[me], after.scores[1 - me])
    return outcomes


def _best_order(start, move, after):
    outcomes = _order_outcomes(start)
    lead = {order: mine - theirs for order, (mine, theirs) in outcomes.items()}
    return lead[move] == max(lead.values())


def _order_words(start, order) -> str:
    return told(start, order)


def _both_orders(start, move) -> str:
    """What the order chosen takes, then what the other would have."""
    other = "theirs" if move == "mine" else "mine"
    return f"{_order_words(start, move)} The other order: {_order_words(start, other)}"


def _order_done(start, move, after):
    return (f"{_both_orders(start, move)} Whoever turned chooses; the second colour's sandwiches are then looked "
            "for again.")


def _order_missed(start, move, after):
    return f"{_both_orders(start, move)} Your capture of e4 first breaks one of Black's sandwiches."


# The step "out of reach": the cells of coaster 4 (top right), where the task asks for a placement.
_COASTER_4 = ("d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6")


def _black_best_reply(after):
    """Black's reply that captures the most of Red's pips, as words, or None."""
    best = None
    for reply in after.legal_moves():
        for _, events in after._endings(reply):
            taken = after._taken(events, after.to_move)
            if taken and (best is None or taken > best[0]):
                best = (taken, type(after).narrate(events, 2))
    return best and best[1]


def _out_of_reach(start, move, after):
    return move[:2] in _COASTER_4 and after.view()["cells"].get(move[:2]) is not None and \
        after._best_capture(after.to_move) == 0


def _out_of_reach_missed(start, move, after):
    if move[:2] not in _COASTER_4 or after.view()["cells"].get(move[:2]) is None:
        return "The task is a placement on coaster 4, the top right one (d4 to f6)."
    reply = _black_best_reply(after)
    why = ("A coaster's turn carries what stands on it: before you place there, look where each of its turns "
           "would take your pyramid." if reply.startswith("Black turns") else
           "A black pyramid placed in line with it closed the sandwich.")
    return f"Then {reply} {why}"


def _last_turn_missed(start, move, after):
    return (f"{narration(after)} A large that closes a sandwich with stacks of yours stronger "
            "together than what they hold between them would have won.")


LESSON = [
    Step(
        key="place", title="A turn", chapter="The goal",
        task="Goal: capture more pips (1 to 3 a pyramid) than Black in 30 turns. Tap an empty cell.",
        hint="Any cell will do. Your pyramids stand in five trees, each a large under a medium under a "
             "small; a turn takes the top of one, so a small is what you have now, and a tap places it.",
        done="That is a turn: the top pyramid of one of your five trees (pictured beside the board; on a "
             "phone, below it), placed on the board. A medium comes to hand once a tree's small is taken, a "
             "large once its medium is. Fifteen turns each, thirty in all, then the pips captured decide: a "
             "small is worth 1 pip, a medium 2, a large 3.",
        goal=_placement,
    ),
    Step(
        key="stack", title="Stacking",
        task="Put a pyramid on top of your own stack on c3.",
        hint="Tap c3, where your small stands, then a size. Black's d4 is closed to you.",
        done="A pyramid goes on an empty cell or on a stack of your own colour, never on the other colour's.",
        goal=_onto_own_stack, moves=("c3s", "d4s"),
        why=_stack_why,
    ),
    Step(
        key="strength", title="Strength",
        task="A stack's strength is the pips that show on it. Put one pyramid on your small on c3 so that "
             "the stack's strength is 3.",
        hint="Strength is the pips that show, and a pyramid is hidden under a larger one: "
             "a medium on the small makes 2, not 3.",
        done="The large hides the small, so the stack shows 3 pips. A smaller or equal pyramid on top adds "
             "its pips (a large on a large shows 6); a larger one hides what is under it. Strength decides "
             "captures, in the next steps: a stack too weak to capture now may capture once its owner stacks on it.",
        missed=_strength_missed,
        goal=_stack_on_c3_of_3, moves=("c3s", "d5s", "f1s", "a6s", "e1m", "f6s"),
    ),
    Step(
        key="challenge-strength", title="Challenge: the strongest stack",
        task="Challenge, from a real game, 6 turns in (Black has just captured your small on b6; the next "
             "chapter shows how): put a pyramid on one of your stacks, e6 or f1, to make the strongest you can.",
        hint="A larger pyramid hides what is under it, so a large shows 3 on any stack. A pyramid no larger than "
             "the top adds its pips to what shows.",
        done=lambda start, move, after: (f"{_what_it_did(start, after)} It shows 4: a medium on a medium adds its 2 "
                                         "pips. A large would show only 3, on any stack: bigger is not always "
                                         "stronger."),
        why=_strongest_why, goal=_strongest_stack, moves=("b6s", "f3s", "e6m", "a6m", "f1s", "c6l"),
    ),
    Step(
        key="sandwich", title="A sandwich", chapter="Capturing",
        task="Capture Red's large on b2 with one placement.",
        hint="Look at b3, across b2 from your medium on b1. The two ends must make more than "
             "the large's 3 pips.",
        done=_sandwich_done, missed=_sandwich_missed,
        goal=_captures("place", "b2"), moves=("4cw-s", "3cw-s", "4cw-m", "3cw-s", "4cw-s", "b1m", "b2l"),
    ),
    Step(
        key="several", title="A row of stacks",
        task="Capture both Black smalls, on b1 and c1, with one placement.",
        hint="A sandwich may hold several stacks in a row: your medium on a1 is one end, and d1, after c1, "
             "the other. The ends must beat the whole run.",
        done=_several_done,
        missed=lambda start, move, after: ("Only d1 closes row 1 around b1 and c1, with your medium on a1 as "
                                           "the other end."),
        goal=_captures_two, moves=("4cw-s", "b1s", "a1m", "c1s"),
    ),
    Step(
        key="diagonal", title="Diagonals",
        task="Capture Black's large on b2 along a diagonal: lines run corner to corner too.",
        hint="b2 lies on the diagonal a1, b2, c3 (your medium on a1) and on c1, b2, a3 (your small on c1). "
             "The two ends must make more than 3.",
        done=_diagonal_done, missed=_diagonal_missed,
        goal=_captures("place", "b2"), moves=("c1s", "3cw-s", "4cw-s", "3cw-m", "a1m", "b2l"),
    ),
    Step(
        key="two-at-once", title="Two at once",
        task="Capture two Black pyramids with one placement.",
        hint="A pyramid on a3 closes column a (your large on a1, Black's medium on a2) and row 3 (your medium "
             "on c3, Black's small on b3).",
        done="Your pyramid on a3 is an end of two sandwiches at once: 3 + yours against the medium on a2, "
             "and 2 + yours against the small on b3. Both are captured: 3 pips in one turn.",
        goal=_captures_two, moves=("4cw-s", "3cw-s", "4cw-m", "a2m", "a1l", "3cw-s", "2cw-s", "3cw-s", "2cw-s",
                                   "3cw-s", "c3m", "b3s"),
        why=_two_why,
    ),
    Step(
        key="top-only", title="Only the top",
        task="Capture from Red's stack on a2, a small on a medium (strength 3).",
        hint="Your medium on a1 is one end; the other is a3. The ends must make more than 3.",
        done="A capture takes only the top pyramid: the small is yours (1 pip), and Red's medium stays on "
             "a2, strength 2 now. A stack caught in several sandwiches at once still loses only its top.",
        missed=_top_only_missed,
        goal=_captures("place", "a2"), moves=("4cw-s", "3cw-s", "a2m", "a1m", "4cw-s", "3cw-s", "a2s"),
    ),
    Step(
        key="challenge-capture", title="Challenge: the best capture",
        task="Challenge, from a real game, 14 turns in: Red to play. Capture the most pips you can with one move.",
        hint="Look along every line through each empty cell, diagonals too, for a black stack between your "
             "stacks or where one pyramid of yours closes the sandwich.",
        done=lambda start, move, after: (f"{narration(after)} No other move here takes as much. "
                                         "In a game, look over every black stack next to an empty cell before you place."),
        missed=_most_missed, goal=_captures_most, seed=10,
        moves=("f5s", "a3s", "e4s", "f1m", "2half-s", "c2l", "1half-s", "4half-s", "a6s", "c1m", "a5m", "d4l", "a1l",
               "c1s"),
    ),
    Step(
        key="turn", title="Turning", chapter="Turning",
        task="Capture Red's medium on c5 by turning a coaster (a 3×3 quarter, numbered in its corner badge). "
             "Tap a Turn button, then the pyramid to pay (it leaves the game, one of your 15), then the coaster.",
        hint="Coaster 4 is the top right one (each coaster's number is in the round badge at its "
             "corner of the board). Turned counterclockwise, it carries your medium "
             "from e6 to d5, next to c5.",
        done="Row 5 now reads black small, red medium, black medium: 1 + 2 against 2, and the medium "
             "is yours. After a turn, every sandwich touching the coaster captures, Red's as well as yours, "
             "whoever turned; the pyramid paid leaves the game. Red's turns can carry your stacks between two "
             "of Red's just so: before you place by a coaster, look at what each of its turns would do.",
        goal=_captures("rotate", "c5"), moves=("2cw-s", "b5s", "2cw-s", "e6m", "c5m"),
        why=_turn_why,
    ),
    Step(
        key="closed", title="A closed coaster",
        task="Capture a Black pyramid by turning a coaster: coaster 1, just turned by Black, may not turn now.",
        hint="Coaster 2 is the bottom right one. Turned clockwise, it carries Black's small from "
             "e1 to d2, between your medium on c2 and your small on e2.",
        done="The coaster turned on the turn just before is closed for one turn, so a turn cannot "
             "simply be undone.",
        goal=_captures("rotate"), moves=("e2s", "e1s", "a2m", "a3m", "d3s", "1half-s"),
        why=_closed_why,
    ),
    Step(
        key="out-of-reach", title="Out of a turn's reach",
        task="Place a pyramid on coaster 4 (d4 to f6) that Black cannot capture next turn, neither by placing "
             "nor by turning a coaster.",
        hint="On d4, d5, d6 or e4 a black placement closes a sandwich. e6 and f5 look safe, but turning "
             "coaster 4 carries them to e4, between Black's e5 and e3. Two cells are out of reach.",
        done="No placement and no turn of Black's captures it. Before each placement, look at the cells in line "
             "with it and at where each turn of its coaster would carry it.",
        missed=_out_of_reach_missed,
        goal=_out_of_reach, moves=("e1s", "a1s", "a6s", "c6m", "c2s", "e5l", "c2m", "e3s"),
    ),
    Step(
        key="order", title="Whose captures first",
        task="Your turn of coaster 4 closed sandwiches of both colours. Choose whose captures go first.",
        hint="Yours first: your sandwich takes Black's small on e4. Black's first: they take your large on e3 "
             "and small on e5. Choose the order that leaves Black less to take.",
        done=_order_done, missed=_order_missed,
        goal=_best_order,
        moves=("e5s", "1ccw-s", "d6s", "c2s", "e5m", "c2m", "f5m", "d5s", "2half-s", "f1l", "b1l", "f4m", "e3l",
               "d4s", "f3s", "f6m", "1cw-m", "a6s", "f4l", "c1m", "c2m", "e2l", "3cw-s", "1ccw-m", "4ccw-m"),
    ),
    Step(
        key="challenge-turn", title="Challenge: turn or place?",
        task="Challenge, from a real game, 24 turns in: Red to play. Capture the most pips you can with one move, "
             "a placement or a turn.",
        hint="Try each coaster's turns in your mind: where does each black stack go, and what stands beside it then? Coaster 2 is the bottom right one.",
        done=lambda start, move, after: (f"{narration(after)} No placement here takes as much: "
                                         "in a game, look at the turns as well."),
        missed=_most_missed, goal=_captures_most, seed=1,
        moves=("a4s", "d4s", "b1s", "e1m", "b3m", "f5l", "c5m", "b6s", "e3s", "d4m", "c5m", "f1s", "f6l", "f4l", "f6l",
               "4ccw-s", "3cw-l", "d1s", "b5s", "a2m", "4cw-m", "c4m", "f3l", "a4m"),
    ),
    Step(
        key="last-turn", title="The last turn", chapter="The end",
        task="The 30th and last turn: Black's last pyramid, a large. Red leads 2 pips to 0: win the game.",
        hint="Look for a red stack between two black ones in a line, where your large closes the sandwich: "
             "d3, a4 and c5 each do it.",
        done=lambda start, move, after: (f"{narration(after)} The game ends when both players "
                                         "have used all fifteen pyramids, placed or paid: the more pips captured, "
                                         "the winner; equal pips are a draw. Pyramids paid for turns and those "
                                         "still on the board score for nobody."),
        missed=_last_turn_missed,
        goal=wins_at_once,
        moves=("b1s", "d1s", "c1m", "d3s", "4cw-l", "a4m", "1ccw-s", "e5l", "c5s", "2cw-s", "c1m", "3cw-m", "b6l",
               "4ccw-s", "d6s", "c6s", "b6m", "d5l", "e3s", "f3m", "b5m", "4cw-l", "b4l", "a1m", "d2l", "a3l",
               "c4m", "f5m", "a5l"),
    ),
    Step(
        key="challenge-end", title="Challenge: the last pyramid",
        task="Challenge, from a real game: the 30th and last turn. Red has just captured your large on a4, and "
             "leads 12 pips to 10. Your last pyramid is a large: win the game with it.",
        hint="Capturing a large, 3 pips, makes it 13 to 12. Find a Red large between one of your stacks and an "
             "empty cell, where your large would make the two ends together stronger than 3.",
        done=lambda start, move, after: (f"{narration(after)} The four turns before were captures "
                                         "on a3 and a4 too, each taking back the one before it; the 30th turn's "
                                         "has no answer. Near the end, count whose pyramid comes last."),
        why=narrated, goal=wins_at_once, seed=23,
        moves=("d3s", "b3s", "f3s", "1ccw-s", "a6m", "b3s", "a4s", "1ccw-s", "d6s", "b2s", "2ccw-m", "f3m", "a4s",
               "b1m", "2half-l", "d4m", "a3m", "c4l", "a1m", "1half-m", "e1m", "1ccw-m", "b4l", "3cw-l", "a3l",
               "a4l", "a3l", "a4l", "a3l"),
    ),
]
