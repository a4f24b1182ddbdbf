"""Nymbat's worked examples: a group's speed, an attack and its support, a
breakthrough, a retreat, a delay, a first turn for beginners, and the four-player
teams' home rows."""
from __future__ import annotations

from ..games.nymbat import DIST, INDEX
from .diagram import Diagram
from .lesson import Step, any_move, narration

COVER = "beginners-setup"  # the example that pictures the game on the home page

DIAGRAMS = [
    Diagram(
        key="group-move",
        caption=(
            "Red to move, with two groups. The left one holds a 1, so this turn each of its pieces, "
            "even the 5, may go one step at most. The right one's lowest number is 2 (ringed with the 1), "
            "so each of its pieces may go up to two steps. Red moves one group only, its pieces one after "
            "another, and the other group stays put. A low number slows its whole group, so groups of a "
            "single number waste no steps."),
        moves=("c3=5", "c4=1", "b3=3", "c7=2", "c8=4", "b7=3", "b8=5", "done", "n4=4", "n5=4", "done"),
        marks={"focus": ("c4", "c7")},
        paths=(("c3", "d3"), ("c8", "d8", "e9")),
    ),
    Diagram(
        key="removal",
        caption=(
            "Blue to move: its 6 can reach Red's 1 or Red's 2. The 1 stands alone and 6 beats 1, so "
            "taking it costs Blue nothing. The 2 is backed by the two 3s touching it and defends with "
            "2 + 3 + 3 = 8; the 6 is not greater, so it removes the 2 but is removed with it. The piece "
            "attacked always goes; what the numbers decide is whether the attacker stays."),
        moves=("c4=3", "b4=3", "c5=2", "c8=1", "done", "m6=6", "done", "pass", "m6-g8", "pass"),
        marks={"focus": ("g8",), "win": ("c8",), "lose": ("c5",), "try": ("c4", "b4")},
        paths=(("g8", "f8", "e8", "d8", "c8"), ("g8", "f7", "e6", "d5", "c5")),
    ),
    Diagram(
        key="breakthrough",
        caption=(
            "Blue to move. Red's 5 on e6 is the only link between its two 2s. Blue's 3 attacks it: 3 is "
            "not greater than 5 + 2 + 2, so both pieces fall, but the red group is cut in two, a "
            "breakthrough. Blue may then remove Red pieces touching e6 worth 3 at most: one of the 2s "
            "(ringed), not both, as together they make 4. Those removals cut nothing further. A piece "
            "that holds a group together is a weak point."),
        moves=("c4=2", "c5=5", "c6=2", "done", "m5=3", "done", "c4-e5", "c5-e6", "c6-e7",
               "m5-j6", "pass", "j6-g7", "pass"),
        marks={"focus": ("g7",), "try": ("e5", "e7")},
        paths=(("g7", "f6", "e6"),),
    ),
    Diagram(
        key="two-attacks",
        caption=(
            "Blue to move, with a group of two 3s: the rule text's own breakthrough. First the 3 from g8 "
            "takes Red's 2 on f7: 3 against 2 + 5 + 2, both pieces fall, and Red's group stays whole. Then "
            "the 3 from g7 takes the 5 on e6: 3 against 5 + 2 + 2, both fall again, but now the 2s on e5 "
            "and e7 are cut apart: a breakthrough. Blue may remove one of them (2, within its 3), not both "
            "(4). Two pieces of Blue's for three of Red's."),
        moves=("c4=2", "c5=5", "c6=2", "c7=2", "done", "m5=3", "m6=3", "done", "c4-e5", "c5-e6", "c6-e7",
               "c7-e8", "m5-j7", "m6-j8", "e8-f7", "done", "j7-g7", "j8-g8", "pass"),
        marks={"focus": ("f7", "e6"), "try": ("e5", "e7")},
        paths=(("g8", "f7"), ("g7", "f6", "e6")),
    ),
    Diagram(
        key="retreat",
        caption=(
            "Red to move. If Red steps both 3s back from row f to row e (arrows), the group's front is one "
            "row farther from Blue's home row than when the turn began: a retreat, and Red pays 1 from "
            "its reserve at once. Only a turn that takes an enemy piece escapes the charge, so falling "
            "back should be worth a point."),
        moves=("c5=3", "c6=3", "done", "n4=3", "n5=3", "done", "c5-f6", "c6-f7", "pass"),
        paths=(("f6", "e6"), ("f7", "e7")),
    ),
    Diagram(
        key="delay",
        caption=(
            "Red to move, having passed six times: six delays. If Red moves the rear 3 back a row (arrow) "
            "and stops, the front 3 (ringed) is still on row f, so the group got no closer to Blue's home "
            "row: distance counts from the front piece, so this is a delay, not a retreat. It is Red's "
            "seventh delay, and every seventh costs 1 from the reserve: marking time is not free."),
        moves=("c5=3", "b5=3", "done", "n4=3", "n5=3", "done", "c5-f6", "b5-e6") + ("pass",) * 13,
        marks={"focus": ("f6",)},
        paths=(("e6", "d5"),),
    ),
    Diagram(
        key="beginners-setup",
        caption=(
            "Blue to move, after Red's first turn spent its whole 30 on ten 3s in one block two rows deep. "
            "A first turn of the whole 30 in one block suits a beginner, for three reasons. One number wastes no steps (the block moves 3 a turn), one group "
            "can all move next turn, and two rows deep it cannot be cut by taking any single piece, so an "
            "attack on it earns no breakthrough."),
        moves=("b3=3", "b4=3", "b5=3", "b6=3", "b7=3", "c4=3", "c5=3", "c6=3", "c7=3", "c8=3"),
    ),
    Diagram(
        key="four-players",
        caption=(
            "Four players, after the first round: Red (bottom) and Gold (lower right) hold two "
            "neighbouring edges, against Blue (top) and Green (upper left). Each brought in two 5s on its "
            "own home row, the darker band. Teammates' setup areas overlap where their edges meet, and "
            "the corners a8 and o1 (ringed) are on two home rows at once. Red's penalties count toward "
            "Blue's row and Gold's toward Green's. A new round begins: Red and Gold choose which of them "
            "moves."),
        players=4,
        moves=("p0", "a4=5", "a5=5", "done", "p1", "o4=5", "o5=5", "done", "d11=5", "e12=5", "done",
               "k1=5", "l1=5", "done"),
        marks={"focus": ("a8", "o1")},
    ),
]


def _events(after, kind):
    return [e for e in after.events if e["type"] == kind]


def _toward(start, cell):
    """How many steps ``cell`` is from the home row that the player to move heads for."""
    return DIST[start.edge[start.opponent(start.to_move)]][INDEX[cell]]


def _own_home_row(start):
    """The cells of the home row of the player to move."""
    return start.view()["home"][str(start.to_move)]


def _what_moved(start, after) -> str:
    """What a move that missed did, in a few words from its events."""
    me = start.to_move
    said = "That moved none of your pieces."
    for e in after.events:
        if e["type"] == "place":
            said = f"That brought in a {e['number']} on {e['cell']}: no piece on the board moved."
        elif e["type"] == "move" and e["player"] == me:
            said = f"That took your {e['number']} from {e['from']} to {e['to']}."
        elif e["type"] == "pass":
            said = "That passed."
        elif e["type"] == "attack" and e["player"] == me:
            fell = "" if e["survived"] else (f" Your {e['number']} fell too: it must beat {e['defence']}, the "
                                             "defender's number and its pieces next to it.")
            said += f" It attacked Blue's {e['defender_number']} on {e['cell']}.{fell}"
        elif e["type"] == "penalty" and e["player"] == me:
            said += f" It cost 1 from your reserve ({'a move back' if e['kind'] == 'retreat' else 'a delay'})."
    return said


def _home_row_why(start, move, after):
    return f"{_what_moved(start, after)} The task is your 6 on Blue's home row, the top edge."


def _speed_why(start, move, after):
    return f"{_what_moved(start, after)} Your 5 may go further toward Blue's side this turn."


def _costs_why(start, move, after):
    said = _what_moved(start, after)
    return said if "cost 1" in said else f"{said} The task is your 3 moved, without paying."


def _attack_why(start, move, after):
    said = _what_moved(start, after)
    return said if "attacked" in said else f"{said} It attacked no Blue piece."


def _reach_why(start, move, after):
    return f"{_what_moved(start, after)} None of your pieces stands on Blue's home row, the top edge."


def _break_take_why(start, move, after):
    return "That stopped the removals, taking nothing: a Blue 2 next to m5 could have gone."


def _five_at_full_speed(start, move, after):
    """The 5 moved, and got as many steps closer to the enemy's home row as its group's speed allows."""
    moved = _events(after, "move")
    if not moved or moved[0]["number"] != 5:
        return False
    speed = min(start.num[c] for c in start.group_of(INDEX[moved[0]["from"]]))
    return _toward(start, moved[0]["from"]) - _toward(start, moved[0]["to"]) == speed


def _attack_survived(start, move, after):
    return any(e["survived"] for e in _events(after, "attack"))


def _on_home_row(start, move, after):
    """A piece of the player now stands on the enemy's home row."""
    p = start.to_move
    return any(after.owner[c] == p and _toward(start, name) == 0
               for name, c in INDEX.items())


def _moved_for_free(start, move, after):
    """A piece moved, the turn ended, and no retreat or delay was charged."""
    return bool(_events(after, "move")) and after.to_move != start.to_move and not _events(after, "penalty")


def _fills_thirty(start, move, after):
    """A bring-in that spends the first turn's whole 30."""
    placed = _events(after, "place")
    return (bool(placed) and placed[0]["number"] == start.view()["allowance"]
            and len(after.group_of(INDEX[placed[0]["cell"]])) == 10)


def _first_turn_missed(start, move, after):
    if not _events(after, "place"):
        return ("That ends the first turn at 27 of its 30 points. Bring in one more 3, for ten 3s: one number, so "
                "the whole block moves 3 next turn.")
    if move.endswith("=3"):
        return (f"A 3 on {move[:-2]} stands apart from the block: two groups, and a turn moves only one. Put it "
                "next to the block.")
    return (f"That brings in a {move[-1]}: {27 + int(move[-1])} of the first turn's 30, and the block is no longer "
            "one number. A 3 makes exactly 30.")


def _moves_c4_forward(start, move, after):
    moved = _events(after, "move")
    return bool(moved) and moved[0]["from"] == "c4" and _toward(start, moved[0]["to"]) < _toward(start, "c4")


def _group_missed(start, move, after):
    if move == "done":
        return ("Done ends the turn and leaves the 3 on c4 behind. Each piece of the group may move in the same "
                "turn, one after another: move it up to three steps toward the top too.")
    return "That moves the 3 on c4 away from Blue's home row: a group that falls back pays for a retreat."


def _breaks_through(start, move, after):
    return after.view().get("breakthrough") is not None


def _breakthrough_missed(start, move, after):
    attack = _events(after, "attack")
    if not attack:
        return "That attacks nothing. Blue's 2, 1 and 2 stand in a line on m4, m5 and m6: cut the line in two."
    return (f"Taking the piece on {attack[0]['cell']} leaves the rest of Blue's line in one piece: no breakthrough. "
            "Take the 1 in the middle, on m5: the two 2s are then cut apart.")


def _removes(start, move, after):
    return bool(_events(after, "remove"))


def _break_take_done(start, move, after):
    left = after.view().get("breakthrough")
    more = (f" {left['allowance']} points of your 5 are left: in a game you could remove more next to the cell "
            "you took, up to those points, or tap No more removals." if left else "")
    return (f"{narration(after)} A breakthrough lets you remove Blue's pieces next to the "
            f"cell you took, up to your attacker's number in all, even though your 5 fell.{more}")


def _defends_home_row(start, move, after):
    me = start.to_move
    return any(after.owner[INDEX[cell]] == me for cell in _own_home_row(start))


def _defend_missed(start, move, after):
    return ("Blue's 6 stays on your home row with none of yours there: at the start of its turn, Blue wins. Bring "
            "a piece onto the bottom row: any cell of it is in your setup area.")


def _holds_home_row(start, move, after):
    """After the move, Blue cannot win as its turn starts: a piece of the mover's on its home row, or
    none of Blue's there."""
    cells = after.view()["cells"]
    owners = {cells[c][0] for c in _own_home_row(start) if c in cells}
    return start.to_move in owners or not owners


def _home_row_open_why(start, move, after):
    return f"{_what_moved(start, after)} Blue's 6 on a6 still has your home row to itself: Blue would win."


LESSON = [
    Step(
        key="setup", title="Bring in a piece", chapter="The goal and moving",
        task="The game's goal: your piece on Blue's home row, the top edge. Now, bring in a piece: a bottom cell, "
             "then a number.",
        hint="The darker bottom rows are your setup area. A piece's number is its cost (from your reserve of 60; "
             "the first turn may spend 30 at most), its speed (steps a turn) and its strength in an attack.",
        done="You win when your turn starts with a piece of yours on Blue's home row and none of Blue's there. "
             "Your pieces are built from your reserve: the first turn brings them in, up to 30 points. The "
             "game also ends when the board is empty and both reserves are spent: whoever moved last wins.",
        goal=any_move,
    ),
    Step(
        key="first-turn", title="The first turn",
        task="Nine 3s are in: 27 of the first turn's 30 points. Bring in a tenth 3 next to them.",
        hint="Tap an empty cell of the three bottom rows next to the block, then 3.",
        done="Ten 3s, 30 points: the first turn's limit, so the turn ends (Done ends it sooner, with fewer in). "
             "One number wastes no speed: the whole block moves 3 next turn. Later turns bring in any total up to "
             "your reserve, move one group, or pass. In a game, the button \"Beginners' setup: ten 3s\" brings "
             "in this block with one tap.",
        missed=_first_turn_missed,
        goal=_fills_thirty, moves=("b3=3", "b4=3", "b5=3", "b6=3", "c4=3", "c5=3", "c6=3", "c7=3", "c8=3"),
    ),
    Step(
        key="home-row", title="Reach the home row",
        task="Put your 6 on Blue's home row, the top edge.",
        hint="Your lone 6 on i7 may go six steps: row o, the top edge, is six rows up. "
             "Go round Blue's 3, not through it.",
        done="Blue has no piece on its home row: unless Blue takes your 6 or brings a piece there, "
             "you win at the start of your next turn. On the way, a piece may pass over your own pieces but "
             "never over Blue's: moving onto one is an attack, and the move ends there (the chapter Attacks).",
        goal=_on_home_row, moves=("c6=6", "done", "m2=3", "done", "c6-i7", "pass"),
        why=_home_row_why,
    ),
    Step(
        key="speed", title="A group's speed",
        task="Move your 5 as far toward Blue's side as it may go this turn.",
        hint="Your 5 on c5 touches the 2 on c4: one group, and a group moves at its lowest number, "
             "so two steps. Each cell touches six: two beside it in its row, two in the row above, two below. "
             "Tap a piece to see where it may go.",
        done="The 2 slowed the 5: a group's pieces each move up to its lowest number of steps, "
             "so mixing numbers wastes speed.",
        goal=_five_at_full_speed, moves=("c4=2", "c5=5", "done", "m5=3", "done"),
        why=_speed_why,
    ),
    Step(
        key="group", title="A whole group",
        task="Your 3 from c5 is on f6. Move the other 3 of its group, on c4, toward the top too.",
        hint="A turn moves one group: its pieces one after another, each up to the group's speed, 3 here. Tap c4, "
             "then a cell up to three steps nearer the top.",
        done="Both pieces moved: the group and its speed are as they stood when the turn began, and each piece "
             "may attack on its move; Done leaves the rest where they stand. Groups are found again at each "
             "turn's start: pieces taken off, yours or Blue's, may split a group or free its fast pieces (a group "
             "of 1s and 6s without its 1s runs six).",
        missed=_group_missed,
        goal=_moves_c4_forward, moves=("c4=3", "c5=3", "done", "m5=3", "done", "c5-f6"),
    ),
    Step(
        key="costs", title="Retreat and delay",
        task="You have passed six times: six delays. A seventh, or a move back, costs 1 from your reserve. "
             "Move your 3 without paying.",
        hint="A move back is a retreat (1 at once), and a move sideways no closer to the top is another delay, "
             "the seventh (every seventh costs 1). Move toward the top.",
        done="Moving forward is free; falling back costs 1 at once, and marking time costs 1 every "
             "seventh delay. A turn that takes an enemy piece costs nothing. With your reserve empty, a cost "
             "takes one of your own pieces off the board instead: you choose which.",
        goal=_moved_for_free, moves=("c6=3", "done", "m5=3", "done", "c6-f7") + ("pass",) * 13,
        why=_costs_why,
    ),
    Step(
        key="challenge-reach", title="Challenge: the way through",
        task="Challenge, from a real game: Red to play. Reach Blue's home row, the top edge, this turn, where Blue "
             "has no piece.",
        hint="Which of your pieces has the speed for the distance left, with a way free of Blue's pieces? A "
             "group moves at the speed of its slowest piece.",
        done=lambda start, move, after: (f"{narration(after)} Blue must take that piece, or "
                                         "bring in or move one of its own onto its home row, before your next turn "
                                         "starts, or lose."),
        why=_reach_why, goal=_on_home_row, seed=52,
        moves=("c9=6", "c4=6", "done", "m1=6", "n3=6", "n5=6", "n6=6", "n2=6", "c4-i3", "n3-i3", "n2-h2", "c9-i8",
               "n5-i8", "n6-h7", "c1=6", "b8=6", "b6=6", "c7=6", "c2=6", "a1=1", "a7=1", "b3=6", "b7=6", "a6=4",
               "h2-c3", "c1-c3", "c2-i1", "h7-b1", "b3-b1", "m1-g1"),
    ),
    Step(
        key="attack", title="Attack and support", chapter="Attacks",
        task="Moving onto an enemy piece attacks it: it goes, and your attacker goes too unless its number beats "
             "the defender's plus the defender's pieces next to it. Take a Blue piece and keep your attacker.",
        hint="Blue's 2 and 3 on m4 and m5 back each other: each defends with 5. "
             "Only your 6 on i7 beats that; your 4 would fall with it.",
        done="The piece attacked always goes; the attacker stays only if its number beats the defender's "
             "plus its neighbours'. So even a 1 takes a 6 by attacking it: a cheap trade, 1 point for 6.",
        goal=_attack_survived,
        moves=("c4=6", "c6=4", "done", "m4=2", "m5=3", "done", "c4-i7", "pass", "c6-g7", "pass", "g7-k7", "pass"),
        why=_attack_why,
    ),
    Step(
        key="breakthrough", title="Breakthrough",
        task="Blue's 2, 1 and 2 stand in a line. Attack with your 5 so as to cut the line in two.",
        hint="Taking an end piece leaves the rest joined. Taking the 1 on m5, in the middle, splits the two 2s.",
        done="Your 5 took the 1 and fell with it (5 against 1 + 2 + 2), but the line is cut in two. A "
             "breakthrough lets you also remove Blue's pieces next to m5, up to 5 points in all: the next step "
             "takes them. Your own lines can be cut the same way: keep your groups two rows deep.",
        missed=_breakthrough_missed,
        goal=_breaks_through, moves=("c6=5", "done", "m4=2", "m5=1", "m6=2", "done", "c6-h8", "pass"),
    ),
    Step(
        key="break-take", title="Take the pieces",
        task="Your 5 broke through on m5 and fell there with the 1. Now remove a Blue 2 next to m5: "
             "a breakthrough may take up to 5 points, your 5's number. One is this step; in a game the other "
             "2 could follow.",
        hint="Tap a Blue 2 beside m5 (m4 or m6). Both together make 4, within your 5. A breakthrough's removals "
             "end by themselves once nothing more fits, or with No more removals.",
        done=_break_take_done,
        goal=_removes, moves=("c6=5", "done", "m4=2", "m5=1", "m6=2", "done", "c6-h8", "pass", "h8-m5"),
        why=_break_take_why,
    ),
    Step(
        key="challenge-attack", title="Challenge: the attack that holds",
        task="Challenge, from a real game: Red to play. Of your many attacks, one takes a Blue piece and keeps "
             "your attacker. Find it.",
        hint="An attacker stays only if its number beats the defender's plus the defender's pieces next to it. "
             "Look for a Blue piece with few neighbours within reach of one of your big numbers.",
        done=lambda start, move, after: (f"{narration(after)} Every other attack here costs "
                                         "the attacker: count a defender's neighbours before you attack."),
        why=_attack_why, goal=_attack_survived, seed=6,
        moves=("c8=3", "a4=3", "c5=5", "b5=1", "a2=4", "a1=1", "a7=1", "c3=1", "c1=4", "b8=1", "c10=2", "c2=4",
               "n4=4", "m1=6", "n3=4", "o5=6", "m10=3", "o3=4", "m6=1", "m9=1", "o8=1", "c4=2", "done", "o5-n7",
               "a8=5", "b9=1", "b6=1", "a5=6", "b2=6", "c9=4", "b7=2", "b1=3", "n4-m3", "o3-m4", "n3-k3", "b7-a6",
               "c3-d4", "b2-c3", "a2-b2", "c5-c6", "b6-b7", "c10-d10", "c2-d3", "c4-d5", "b5-b6", "a1-a2", "c8-d8",
               "a5-b5", "c1-d2", "b8-c8", "a8-b8", "b1-c1", "a4-a5", "a7-a8", "c9-c10", "b9-c9", "n7-h11", "c6-d6",
               "b6-c6", "b5-c5", "d10-d9", "a8-b9", "c10-d10", "d8-e9", "a6-a7", "a5-b5", "b8-a8", "c9-c10",
               "b7-a6", "c8-b8", "m6-n5", "b5-b6", "a2-a3", "d3-c2", "d2-e2", "d5-e5", "d4-d5", "d6-e7", "c3-d3",
               "c5-d6", "c1-d1", "c6-d7", "b2-b3", "h11-f10", "e9-e10", "done", "k3-m5", "b6-b7", "c10-c9",
               "d9-e9", "e10-e11", "d10-d11", "a6-a5", "done", "f10-c9", "c2-a2", "d3-g5", "m1-o4", "g5-i8",
               "o5=2", "o6=6", "m2=4", "n9=1", "n7=1", "o1=1", "n3=3", "n8=5", "m6=2", "n1=1", "n4=1"),
    ),
    Step(
        key="defend", title="Defend your home row", chapter="Defending",
        task="Blue's 6 is on your home row and none of yours is. Stop Blue winning at the start of its turn.",
        hint="Blue wins if its turn starts with its piece on your home row and none of yours there. Bring in a "
             "piece on the bottom row.",
        done="A piece of yours on your home row stops Blue's win. Blue's 6 may take a lone one, so in a game "
             "bring in a second beside it: two 1s side by side hold. Bringing in blocks only while a reserve "
             "lasts. The win is checked as each turn starts: with a piece of each side on the other's home row, "
             "the one whose turn comes first wins, so block before you race.",
        missed=_defend_missed,
        goal=_defends_home_row, moves=("c10=2", "done", "m4=6", "done", "pass", "m4-g4", "pass", "g4-a4"),
    ),
    Step(
        key="challenge-defend", title="Challenge: no reserve left",
        task="Challenge, from a real game: Blue's 6 has just reached a6, on your home row, and both reserves are "
             "spent. Stop Blue winning at the start of its turn.",
        hint="With no reserve, nothing can be brought in: a piece must move onto the bottom row, or take the 6. "
             "Your 6s move up to six cells: find one that reaches the bottom row this turn.",
        done=lambda start, move, after: (f"{narration(after)} "
                                         + ("A piece of yours on your home row stops Blue's win." if
                                            _defends_home_row(start, move, after) else
                                            "Blue's 6 is gone from your home row: Blue has nothing there to win "
                                            "with.")
                                         + " Once the reserves are spent, only a piece near home can block: "
                                         "keep one within reach while you race."),
        why=_home_row_open_why, goal=_holds_home_row, seed=4,
        moves=("c3=6", "done", "m1=6", "m2=6", "m8=6", "m10=6", "o1=6", "b1=6", "b7=6", "b4=6", "a7=6", "c4=6",
               "c8=6", "c5=6", "a1=6", "a8=6", "m1-g1", "m2-g3", "b1-h2", "a1-g2", "g1-a1", "b4-a1", "c4-i5",
               "c3-i4", "c5-i8", "g3-a1", "b7-a1", "c8-i10", "a7-g8", "a8-g10", "m8-g11", "i10-o6", "g11-a5",
               "g8-a5", "o1-o6", "i8-o2", "o3=6", "m6=6", "n8=6", "o6=6", "o4=1", "n6=5", "i5-o1", "i4-n3",
               "m10-g12", "o1-o5", "o2-n1", "n3-m6", "g12-a6"),
    ),
]
