"""Not Nyout's worked examples: where a summoned horse enters, the short way through the
centre, the extra step past an enemy, and the dice of a fight; and its lesson."""
from __future__ import annotations

from .diagram import Diagram
from .lesson import Step, any_move

COVER = "fight-dice"  # the example that pictures the game on the home page

DIAGRAMS = [
    Diagram(
        key="summoning-squares",
        caption=(
            "Red to move with a 3 and a 2. Red's home is S, so a horse summoned from the stable "
            "enters as many stations counterclockwise from S as the die shows: S1 to S4 (dashed). "
            "With the 3 it lands on Red's own horse on S3, and Red may join it or keep them apart; "
            "with the 2 it lands on Blue's horse on S2 and fights it at once. Red may summon only "
            "once a turn, so the other die has to move a horse."),
        moves=("d3", "d7", "r4", "+4", "r4", "+4", "r1", "N4>W/1", "r4", "S4>E3/4", "r4", "W>s2/4",
               "r3", "+3", "r4", "s2>S2/4", "r3-2"),
        marks={"try": ("S1", "S2", "S3", "S4")},
    ),
    Diagram(
        key="through-the-centre",
        caption=(
            "Red to move with a 4 and a 3. The group on S starts its move on a cardinal, so it may "
            "take the cross: with the 4 it goes in through C and on to n2, or turns to e2 or w2, "
            "but never back to s2 (or it stays on the ring, to S4). Then the 3 takes it out through "
            "N, where it turns counterclockwise, to N1: seven steps for a trip of eleven round the "
            "ring. The horse on S4 passes E with either die but cannot turn in there."),
        moves=("d7", "d3", "r4", "+4", "r1", "+1", "r1", "S4>E/1", "r1", "N1>N2/1", "r3", "E>C/3",
               "r1", "N2>N3/1", "r3", "C>S/3", "r1", "N3>N4/1", "r4", "+4", "r1", "N4>W/1", "r4-3"),
        marks={"focus": ("S",), "try": ("N1",)},
        paths=(("S", "s1", "s2", "C", "n2", "n1", "N", "N1"),),
    ),
    Diagram(
        key="passing-an-enemy",
        caption=(
            "Red to roll. Blue's horse on S3 stands in the way of Red's horse on S1. Stepping onto "
            "Blue's station costs one step as usual, but stepping off it costs one more. So a 1 "
            "takes Red to S2, a 2 or a 3 both stop on S3 and fight Blue, and only a 4 gets past, "
            "to S4: three stations away, but four steps with Blue in between."),
        moves=("d3", "d7", "r4", "+4", "r4", "+4", "r4", "N4>W3/4", "r4", "S4>E3/4", "r4", "W3>S2/4",
               "r1", "+1", "r1", "S2>S3/1"),
        marks={"focus": ("S1",), "try": ("S2", "S3", "S4")},
        paths=(("S1", "S2", "S3", "S4"),),
    ),
    Diagram(
        key="fight-dice",
        caption=(
            "Blue to move with a 3: its pair on s2 can go out through S to Red's group of three on "
            "S1 and fight it, one round at a time. Each side rolls the die of its group's size: a "
            "d4 for one horse, d6 for two, d8 for three, d10 for four. Blue, the attacker, would "
            "roll the d6 and add 2; Red the d8. A tie goes to the defender: 4+2 against 6 costs "
            "Blue a horse, and Blue's last horse fights on with a d4. Rounds go on until one of the "
            "groups is gone."),
        moves=("d7", "d3", "r1", "+1", "r1", "+1", "r1", "+1&", "r1", "+1&", "r1", "+1&", "r4",
               "N1>W/4", "r3", "+3", "r4", "W>s2/4", "r1-1", "S3>S4/1", "S4>E/1", "r3"),
        marks={"focus": ("s2", "S1")},
        paths=(("s2", "s1", "S", "S1"),),
    ),
]


def _moves_a_group(start, move, after):
    """A group on the board moves (a summon does not count)."""
    return any(e["type"] == "move" and e["player"] == start.to_move for e in after.events)


def _through_the_centre(start, move, after):
    """A group moves through the centre C."""
    return any(e["type"] == "move" and "C" in e["path"] for e in after.events)


def _joins(start, move, after):
    """Two of one's own groups become one."""
    return any(e["type"] == "join" and e["player"] == start.to_move for e in after.events)


def _attacks_with_the_largest_group(start, move, after):
    """An attack made by the largest of one's groups on the board."""
    me = start.to_move
    largest = max(g["size"] for groups in start.view()["stations"].values() for g in groups if g["owner"] == me)
    return any(e["type"] == "attack" and e["player"] == me and e["size"] == largest
               for e in after.events)


_FIRST_ROLL = ("d7", "d3", "r3")                          # Red wins the roll-off and rolls a 3
_ON_S3 = _FIRST_ROLL + ("+3", "r2", "+2", "r2")           # Red's horse on S3, Blue's on N2; Red rolls a 2

LESSON = [
    Step(
        key="summon", title="Summon a horse",
        task="Goal: be the last player with horses. You rolled a 3: summon a horse.",
        hint="Tap the Summon to S3 button: a horse enters as many stations counterclockwise from your "
             "home S as the die shows.",
        done="Your first horse is on the track. Each turn you roll one die per group on the board and spend every "
             "die, moving a group or, once a turn, summoning a horse. Horses are lost in fights: a player with "
             "none left, on the track or in the stable, is out, and the last player with horses wins.",
        goal=any_move, moves=_FIRST_ROLL,
    ),
    Step(
        key="move", title="Move by a die",
        task="Move your horse on S3 on by the 2 you rolled, instead of summoning another.",
        hint="Tap your horse on S3, then the station two steps on, counterclockwise: S4, then E.",
        done="A group moves exactly its die, counterclockwise round the ring. Your horse now stands on E, a "
             "cardinal, where an arm of the cross begins.",
        goal=_moves_a_group, moves=_ON_S3,
    ),
    Step(
        key="short-way", title="The short way",
        task="Take your horse on E into the cross with the 4 and through the centre C.",
        hint="Only a group that starts its move on a cardinal may turn inward: tap E, then n2, w2 or s2, four "
             "steps on through e1, e2 and C.",
        done="Through C the far side of the track is a few steps away instead of a trip round the ring. At C a "
             "group may turn onto any other arm, but never back.",
        goal=_through_the_centre, moves=_ON_S3 + ("S3>E/2", "r1", "N2>N3/1", "r4"),
    ),
    Step(
        key="join", title="Make a group",
        task="Join two of your horses into a pair on one station.",
        hint="The 2 takes your horse on S2 onto your horse on S4: tap S2, then S4, then Join. A summon with the 2 "
             "onto S2 joins too.",
        done="A pair moves as one and fights with a bigger die. It is one group, so it rolls one die, not two.",
        goal=_joins, moves=("d7", "d3", "r2", "+2", "r1", "+1", "r4", "+4", "r1", "N1>N2/1", "r2-1"),
    ),
    Step(
        key="fight", title="Fight with dice",
        task="Attack Blue's horse on e2 with your pair, not with your lone horse.",
        hint="Tap E, then the Group of 2 button, then e2, two steps into the cross. In a fight a pair "
             "rolls a d6, a lone horse only a d4.",
        done="Each round your pair rolls a d6 and adds 2, Blue's horse a d4; a tie goes to the defender, and the "
             "loser of a round loses a horse. Bigger groups roll bigger dice: d4, d6, d8, d10.",
        goal=_attacks_with_the_largest_group,
        moves=("d7", "d3", "r1", "+1", "r2", "+2", "r4", "+4", "r3", "N2>W/3", "r1-1", "+1&", "S4>E/1", "r4",
               "W>e2/4", "r4-2", "S1>E/4"),
    ),
]
