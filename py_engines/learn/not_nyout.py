"""Not Nyout's worked examples: where a summoned horse enters, the short way through the
centre, the extra step past an enemy, and the dice of a fight."""
from __future__ import annotations

from .diagram import Diagram
from .lesson import Step

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


# The game's short course (being written): see py_engines/learn/manalath.py.
LESSON: list[Step] = []
