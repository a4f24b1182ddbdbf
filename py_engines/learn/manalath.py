"""Manalath's worked examples (how the end of a turn is judged) and its lesson."""
from __future__ import annotations

from .diagram import Diagram
from ..games.manalath import GRID
from .lesson import (Step, any_move, does_not_lose_at_once, leaves_no_win_in_one, narration,
                     played, told, wins_at_once, wins_in_one)

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


TOUCHING_E5 = ("d4", "d5", "e4", "e6", "f4", "f5")


def _white_beside_e5(start, move, after):
    return move.endswith("w") and move[:-1] in TOUCHING_E5


def _white_and_safe(start, move, after):
    return move.endswith("w") and does_not_lose_at_once(start, move, after)


def _groups(after, size):
    """The groups of ``size`` the move made: [(colour, cells)]."""
    return [(e["colour"], e["cells"]) for e in after.events if e["type"] == "group" and e["size"] == size]


def _wins_with_a_white_quart(start, move, after):
    return wins_at_once(start, move, after) and any(colour == "white" for colour, _ in _groups(after, 4))


def _every_reply_loses(start, move, after):
    """The other side is left no reply that saves it: every one ends the game in the mover's favour."""
    if after.is_over:
        return False
    for reply in after.legal_moves():
        then = after.clone()
        then.play(reply)
        if not (then.is_over and start.to_move in then.winners):
            return False
    return True


def _fives(game, colour: str = "w") -> list[str]:
    """The empty cells where a piece of ``colour`` would make a group of exactly five: the threats."""
    cells = game.view()["cells"]
    names = GRID.names

    def size_with(cell: str) -> int:
        seen, todo = {cell}, [cell]
        while todo:
            for n in GRID.neighbours[names.index(todo.pop())]:
                other = names[n]
                if cells.get(other) == colour and other not in seen:
                    seen.add(other)
                    todo.append(other)
        return len(seen)
    return [name for name in names if name not in cells and size_with(name) == 5]


def _saving_reply(after) -> str | None:
    """A reply of the side to move at ``after`` that leaves the other side no win in one, if any."""
    for reply in after.legal_moves():
        then = after.clone()
        then.play(reply)
        if not then.is_over and not wins_in_one(then):
            return reply
    return None


def _wins_next_turn_whatever(start, move, after):
    """The other side cannot stop the mover's win: every reply loses at once or leaves a win in one."""
    if after.is_over:
        return False
    for reply in after.legal_moves():   # one pass: each reply loses at once or leaves a win in one
        then = played(after, reply)
        if (start.to_move not in then.winners) if then.is_over else not wins_in_one(then):
            return False
    return True


def _two_threats_done(start, move, after):
    threats = _fives(after)
    cells = ", ".join(threats[:-1]) + " or " + threats[-1]
    return (f"Now a white piece on {cells} makes a quint. Black can fill only one of them on its turn, and you "
            "complete another: one threat is easily blocked, two at once win.")


def _two_threats_missed(start, move, after):
    if not does_not_lose_at_once(start, move, after):
        return "Your turn ended with a white quart: you lose at once."
    threats = _fives(after)
    reply = _saving_reply(after)
    if not threats:
        return ("That makes no threat: no white piece could make a quint next turn. Make the pair e4-e5 a trio "
                "without touching e2 or e7.")
    if reply is None:
        return "That leaves Black a way out: look for a white piece that makes two quints possible at once."
    made = f"one threat ({threats[0]})" if len(threats) == 1 else f"threats on {' and '.join(threats)}"
    why = (" (a white piece on a threat would now join more than five, which is refused)"
           if reply.endswith("w") else "")
    return f"That makes {made}, but Black stops {'it' if len(threats) == 1 else 'both'}: {told(after, reply)[:-1]}{why}. Then no white piece makes a quint."


def _not_white(start, move, after):
    return "That is a black piece; the task asks for a white one. Either colour is yours to place."


def _either_colour_missed(start, move, after):
    if move.endswith("b"):
        return _not_white(start, move, after)
    return f"{move[:-1]} does not touch e5: the cells touching it are d4, d5, e4, e6, f4 and f5."


def _either_colour_done(start, move, after):
    return (f"The white pieces on e5 and {move[:-1]} touch: a group of two. Either player may grow either "
            "colour's groups; each player is judged only by their own colour.")


def _quint_missed(start, move, after):
    if move.endswith("b"):
        return "A black piece joins no white group. " + missed_by_d6
    return f"{move[:-1]} joins neither white pair into five. " + missed_by_d6


missed_by_d6 = "A white piece on d6 touches d5 and d7: it joins the pairs d4-d5 and d7-d8 into a quint."


def _quart_missed(start, move, after):
    if move.endswith("b"):
        return _not_white(start, move, after)
    [(_, cells)] = _groups(after, 4)
    return (f"{move[:-1]} joins a white trio: the quart {', '.join(cells)}, and White's turn ends with it. "
            "A cell touching none of the three trios is safe.")


def _grow_done(start, move, after):
    return (f"{move[:-1]} makes the quart a quint: White wins. Your turn ended with no quart, so Black's gift "
            "never counted: the rules look at your colour only when your own turn ends.")


def _grow_missed(start, move, after):
    return ("Your turn ended with the white quart still there: you lose, whoever made it. Only a white piece "
            "that grows it to exactly five removes it; a piece that would make six or more is refused.")


def _first_done(start, move, after):
    [(_, cells)] = [g for g in _groups(after, 4) if g[0] == "white"]
    return (f"Your turn ends with a white quart ({', '.join(cells)}) and a white quint: the quint came first, so "
            "White wins. Had the quart come first, it would lose, even beside a quint made later.")


def _first_missed(start, move, after):
    return ("That wins as well (the quint came first), but the task asks for a white quart: a white piece "
            "touching the trio b2, b3, b4.")


def _gift_missed(start, move, after, threat: str = ""):
    """Why a move leaves the other side a quint to make next turn (``threat``: the one the task names)."""
    mine, theirs = ("white", "black") if start.to_move == 0 else ("black", "white")
    if not does_not_lose_at_once(start, move, after):
        return f"Your own turn ended with a {mine} quart: you lose at once."
    quints = [cells for colour, cells in _groups(after, 5) if colour == theirs]
    if quints:
        return (f"That makes {theirs.title()} a quint itself ({', '.join(quints[0])}): {theirs.title()} wins when "
                "its next turn ends, whatever it plays.")
    wins = wins_in_one(after)
    win = threat if threat in wins else wins[0]  # the threat the task names, where it is still there
    return f"After that, {theirs.title()} wins with {win[:-1]}: {told(after, win)}"


def _no_gift_missed(start, move, after):
    return _gift_missed(start, move, after, "c6w")


def _no_gift_done(start, move, after):
    if move == "c6b":
        how = "A black piece on c6 fills the gap"
    else:
        how = (f"The white piece on {move[:-1]} joins c7: a white piece on c6 would now make a group of six, "
               "which the rules refuse")
    return f"{how}, so White has no quint to make next turn. Before each move, look for the other colour's fours and near-fives."


def _trap_missed(start, move, after):
    if not any(colour == "black" for colour, _ in _groups(after, 4)):
        return "That makes Black no quart, so nothing forces Black to lose: its turn can end safely."
    for reply in after.legal_moves():
        then = after.clone()
        then.play(reply)
        if not (then.is_over and start.to_move in then.winners):
            return f"Black gets out of it with {reply[:-1]}: {told(after, reply)}"
    return "That does not leave Black lost."


def _trap_done(start, move, after):
    return ("Black's quart can never grow: a5 is white, and a black piece on b1 to b5 would join c1, c3 or c5 "
            "into six or more, which is refused. Whatever Black plays, its turn ends with the quart: Black loses.")


def _no_quint_why(start, move, after):
    if after.is_over:
        return "That ends the game at once, lost for White."
    return "That joins no five white pieces: the game goes on, and Black may stop the quint."


LESSON = [
    Step(
        key="place", title="A turn", chapter="The goal",
        task="Goal: end your turn with five of your colour joined; four loses. Now a turn: tap an empty cell, "
             "then White or Black.",
        hint="Any empty cell will do. After the cell, choose the colour with the buttons under the board.",
        done="That is a whole turn: one piece, of either colour, on an empty cell; White plays first. Both draw "
             "from one pool of 30 white and 30 black pieces (counted under the board); a player who cannot place "
             "passes, and two passes in a row draw the game.",
        goal=any_move,
    ),
    Step(
        key="either-colour", title="Either colour",
        task="You play Black, but any colour is yours to place: put a white piece touching the white one on e5.",
        hint="The cells touching e5 are d4, d5, e4, e6, f4 and f5. Tap one, then White.",
        done=_either_colour_done, missed=_either_colour_missed,
        goal=_white_beside_e5, moves=("e5w",),
    ),
    Step(
        key="quint", title="Win with five",
        task="Make a white group of exactly five (a quint) and win.",
        hint="A piece on d6 joins the pair d4-d5 to the pair d7-d8.",
        done="A quint of your own colour when your turn ends wins the game. No group of either colour may grow "
             "beyond five: a piece that would make six or more is refused.",
        missed=_quint_missed,
        goal=wins_at_once, moves=("d4w", "d7w", "d5w", "d8w"),
    ),
    Step(
        key="quart", title="Never four",
        task="Place a white piece that does not lose: a white group of exactly four (a quart) loses.",
        hint="A white piece touching one of the three white trios makes a quart. Choose a cell touching none of them.",
        done="A quart of your own colour when your turn ends loses the game.",
        missed=_quart_missed,
        goal=_white_and_safe, moves=("b2w", "b3w", "b4w", "f2w", "f3w", "f4w", "h2w", "h3w", "h4w", "e5b"),
    ),
    Step(
        key="challenge-quint", title="Challenge: find the quint",
        task="Challenge, from a real game, 28 pieces down: White to play. One move makes a white quint and wins. "
             "Find it.",
        hint="Look for a white group of four with an empty cell beside it that touches no other white group.",
        done="Five joined, f5, f6, g5, h5 and i4, and the game is won at once. In a game, look at your groups of "
             "four before anything else.",
        why=_no_quint_why, goal=wins_at_once, seed=5,
        moves=("e4b", "h3b", "f6w", "b5b", "h4b", "a2b", "c3w", "g1b", "h1w", "c4w", "d6b", "i1b", "d5w", "f5w",
               "b1w", "c1w", "b3b", "d3b", "g5w", "a5b", "a1b", "d8b", "c2b", "f7b", "f8w", "h2w", "i4w", "f2w"),
    ),
    Step(
        key="grow-quart", title="A quart made for you", chapter="Made for you",
        task="Black has just made you a white quart, f2 to f5: grow it into a quint before your turn ends.",
        hint="Choose a cell touching the quart and no other white piece: e4, e5, g2 and g3 would also join d4 or h2, "
             "a group of six, which the rules refuse.",
        done=_grow_done, missed=_grow_missed,
        goal=wins_at_once, moves=("f2w", "e3b", "f3w", "g4b", "d4w", "h2w", "f4w", "f5w"),
    ),
    Step(
        key="quint-first", title="The first one decides",
        task="Black has just made you a white quint on row f: now make a white quart too, and see that you still win.",
        hint="A white piece touching the trio b2, b3, b4 makes it a quart: b1, b5, a2, a3, a4, c2...",
        done=_first_done, missed=_first_missed,
        goal=_wins_with_a_white_quart, moves=("f2w", "a1b", "f3w", "b2w", "f4w", "b3w", "f6w", "b4w", "i5b", "f5w"),
    ),
    Step(
        key="challenge-made", title="Challenge: a gift to take",
        task="Challenge, from a real game: Black's last move put a white piece on c7. White to play: make a "
             "quint now.",
        hint="Black's white piece joined your pieces on c6 and d8. Find the empty cell that adds a fifth to that "
             "group and touches no other white piece.",
        done=lambda start, move, after: (f"{narration(after)} Black placed a white piece "
                                         "that helped you: after each of the other's moves, look at what it did "
                                         "for your colour too."),
        why=_no_quint_why, goal=wins_at_once, seed=8,
        moves=("e4w", "g6w", "h1w", "c6w", "d8w", "f3b", "b1w", "c1w", "d3w", "f4w", "e2b", "f1w", "c3b", "g5b",
               "a4w", "d2b", "e9b", "d6b", "d1b", "f8b", "i4b", "f7w", "e7b", "c7w"),
    ),
    Step(
        key="no-gift", title="No gifts", chapter="Dangers",
        task="White threatens a quint on c6: play so that White cannot make one on its next turn.",
        hint="A black piece on c6 fills the gap. A white piece can shut it too, if it would make a white piece on c6 "
             "join more than five.",
        done=_no_gift_done, missed=_no_gift_missed,
        goal=leaves_no_win_in_one, moves=("c3w", "c4w", "c5w", "c7w", "e5b"),
    ),
    Step(
        key="challenge-gift", title="Challenge: shut two gaps",
        task="Challenge, from a real game, 10 pieces down: White to play. Black threatens a quint in two cells. "
             "Find the one move that leaves Black no quint to make next turn.",
        hint="A black piece on e5 or on f5 would join e6 to the trio f4, g3, h2: five. A white piece fills only one "
             "gap (and on f5 it makes your own quart). Make the black piece e6 part of a pair, so that either gap "
             "would join six: a group may never grow beyond five.",
        done="The black piece on d5 joins e6: a black piece on e5 or f5 would now join six, which the rules refuse. "
             "Both gaps shut with one piece of the other's colour.",
        missed=_gift_missed, goal=leaves_no_win_in_one, seed=7,
        moves=("g5w", "b6b", "g6w", "d7b", "f6w", "g3b", "b4w", "h2b", "e6b", "f4b"),
    ),
    Step(
        key="two-threats", title="Two threats at once", chapter="Attack",
        task="Black fills one gap a turn, as you just did. Make two threats at once: two cells where a white piece "
             "would make a quint.",
        hint="The pair e4-e5 has a white piece two cells away on each side, e2 and e7. Make the pair a trio without "
             "touching either: then e3 and e6 each join a trio and a single into five.",
        done=_two_threats_done, missed=_two_threats_missed,
        goal=_wins_next_turn_whatever, moves=("e2w", "a1b", "e4w", "i3b", "e7w", "g2b", "e5w", "c6b"),
    ),
    Step(
        key="trap", title="Challenge: a quart that cannot grow",
        task="Give Black a black quart it can never grow: then Black loses whatever it plays.",
        hint="No group may grow beyond five, so a quart whose every free neighbour would join it to more black "
             "pieces can never become a quint. A black piece on a4 makes a1-a4 a quart. Check the cells around it: "
             "a5 is white, and c1, c3, c5 are black.",
        done=_trap_done, missed=_trap_missed,
        goal=_every_reply_loses, moves=("a1b", "c1b", "a2b", "c3b", "a3b", "c5b", "a5w", "i3w"),
    ),
]
