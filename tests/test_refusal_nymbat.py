"""Nymbat's refusals in its own words (issue 29): every tap or choice the rules forbid gets
one sentence from the engine saying why (``Nymbat.attempted_moves``, its ``refusal`` and the
IllegalMove reasons of ``_check``), checked over positions of seeded random games, two and
four players, and on a table of hand-picked cases with their exact sentences."""
from __future__ import annotations

import pytest

import py_engines

from conftest import random_positions
from py_engines.rng import Rng
from test_learn import position as diagram
from test_nymbat import position

GENERIC = ("No move here starts or goes on with", "That choice is not part of any move here now")
CELLS = [cell["name"] for cell in py_engines.CLASSES["nymbat"].layout()["cells"]]
CHOICES = ["1", "2", "3", "4", "5", "6", "done", "pass", "stop", "p0", "p1", "p2", "p3"]


def positions(players: int, count: int, seed: int):
    """Every position of seeded random games until the game is over, ``count`` of them."""
    return random_positions("nymbat", players, count, rng_seed=seed, first_game_seed=100 * seed)


def said(game, steps) -> str:
    text = game.refusal(steps)
    assert not text.startswith(GENERIC), (game.to_json(), steps, text)
    assert text.endswith(".") and ". " not in text.rstrip(".") and len(text) < 200, (steps, text)
    assert text[0].isupper() or text[0] in "abcdefghijklmno", text
    return text


@pytest.mark.slow
@pytest.mark.parametrize("players, count, seed", [(2, 500, 1), (4, 300, 2)])
def test_every_refused_tap_and_choice_says_why(players, count, seed):
    """Every cell that starts no move says why; so does, after a piece or a free cell tapped,
    every cell that neither goes on with it nor starts a move of its own (the page begins
    again there), and every choice (a key) that does neither; and every choice that is no
    move here. Nothing is left to the generic words."""
    rng = Rng(seed)
    asked = 0
    for game in positions(players, count, seed):
        entries = [game.move_steps(move) for move in game.legal_moves()]
        starts = {steps[0].get("cell") for steps in entries}
        for cell in CELLS:
            if cell not in starts:
                said(game, [{"cell": cell}])
                asked += 1
        begun = sorted(c for c in starts if c and any(len(s) > 1 and s[0] == {"cell": c} for s in entries))
        if begun:
            first = begun[rng.below(len(begun))]
            goes_on = {s[1].get("cell") for s in entries if len(s) > 1 and s[0] == {"cell": first}}
            for cell in CELLS:
                if cell != first and cell not in goes_on and cell not in starts:
                    said(game, [{"cell": first}, {"cell": cell}])
                    asked += 1
            chosen = {s[1].get("choice") for s in entries if len(s) > 1 and s[0] == {"cell": first}}
            for choice in CHOICES:
                if choice not in chosen and not any(s == [{"choice": choice}] for s in entries):
                    said(game, [{"cell": first}, {"choice": choice}])
                    asked += 1
        offered = {steps[0].get("choice") for steps in entries}
        for choice in CHOICES:
            if choice not in offered:
                said(game, [{"choice": choice}])
                asked += 1
    assert asked > 50_000


CASES = [
    # (how the position is made, steps, the sentence)
    ("new", [{"cell": "e6"}], "e6 is not in your setup area (your home row and the two rows beside it)."),
    ("new", [{"choice": "pass"}], "Your first turn must bring in pieces; you may pass from the next turn on."),
    ("new", [{"choice": "done"}], "A turn starts with a bring-in, and your first turn must bring in pieces."),
    ("new", [{"choice": "3"}], "A number goes with a piece brought in: choose its free cell of your setup area first."),
    ("bring 24", [{"cell": "a5"}, {"choice": "6"}], None),  # legal: 6 are left
    ("bring 26", [{"cell": "a5"}, {"choice": "6"}],
     "Only 4 more may be brought in this turn: a first turn brings in 30 at most."),
    ("bring 26", [{"cell": "a1"}], "This turn is a bring-in: bring in another piece, or end the turn with Done."),
    ("bring 26", [{"choice": "pass"}], "This turn is a bring-in: bring in another piece, or end the turn with Done."),
    ("groups", [{"cell": "a1"}],
     "The 2 on a1 has nowhere to go: every cell it could reach in 1 step holds a piece of your side."),
    ("groups", [{"cell": "f6"}],
     "The 3 on f6 is Blue's, not yours: a piece of yours attacks it by moving onto it."),
    ("groups", [{"cell": "e5"}, {"cell": "g5"}],
     "g5 is not within 1 step of e5: your group holds a 1, so its pieces move one step this turn."),
    ("groups", [{"cell": "e9"}, {"cell": "h9"}],
     "h9 is not within 2 steps of e9: your group's lowest number is 2, so its pieces move at most 2 steps "
     "this turn."),
    ("groups", [{"cell": "g12"}, {"cell": "k12"}],
     "k12 is not within 3 steps of g12: a piece alone moves up to its own number of steps, 3."),
    ("groups", [{"cell": "e9"}, {"cell": "a1"}],  # another piece of one's own: the page begins again there
     "The 2 on a1 has nowhere to go: every cell it could reach in 1 step holds a piece of your side."),
    ("groups", [{"cell": "m5"}], "m5 is not in your setup area (your home row and the two rows beside it)."),
    ("groups", [{"choice": "done"}], "A turn starts with a bring-in, a group move or a pass."),
    ("groups", [{"choice": "stop"}], "A turn starts with a bring-in, a group move or a pass."),
    ("moving", [{"cell": "e4"}],
     "The 1 on e4 is not in the moving group: a turn moves one group, the one whose piece moved first."),
    ("moving", [{"cell": "g9"}], "The 2 on g9 has already moved: each piece moves once a turn."),
    ("moving", [{"cell": "m5"}], "This turn moves a group: move another of its pieces, or end the turn with Done."),
    ("moving", [{"choice": "4"}], "This turn moves a group: move another of its pieces, or end the turn with Done."),
    ("moving", [{"cell": "e10"}, {"cell": "h10"}],
     "h10 is not within 2 steps of e10: your group's lowest number is 2, so its pieces move at most 2 steps "
     "this turn."),
    ("moving", [{"cell": "e10"}, {"cell": "g9"}], "The 2 on g9 has already moved: each piece moves once a turn."),
    ("blocked", [{"cell": "a1"}, {"cell": "c2"}],
     "c2 is not within 2 steps of a1 without crossing an enemy piece (a piece stops on the first one it "
     "steps onto)."),
    ("owed", [{"cell": "m5"}], "m5 holds no piece of yours: the retreat costs one of your own pieces."),
    ("owed", [{"choice": "pass"}], "The retreat costs one of your pieces: give one up."),
    ("spent", [{"cell": "b3"}], "Your reserve is spent: no piece can be brought in."),
    ("spent", [{"choice": "2"}], "Your reserve is spent: no piece can be brought in."),
    ("groups", [{"cell": "e9"}, {"choice": "3"}],
     "A number goes with a piece brought in: choose its free cell of your setup area first."),
    ("breakthrough", [{"cell": "e4"}],
     "e4 is not next to e6: a breakthrough removes only Red's pieces touching the cell attacked."),
    ("breakthrough", [{"cell": "e6"}],
     "e6 is where the attack was: a breakthrough removes Red's pieces touching it."),
    ("breakthrough", [{"cell": "f6"}], "f6 holds no piece of Red's: a breakthrough removes only those."),
    ("breakthrough", [{"choice": "done"}],
     "A breakthrough at e6: remove Red's pieces next to it, 3 in all at most, or make no more removals."),
    ("breakthrough 2", [{"cell": "e7"}],
     "Red's 2 on e7 is more than the 1 this breakthrough may still remove."),
    ("pick", [{"cell": "a4"}], "First your team chooses who takes this turn: Red or Gold."),
    ("pick", [{"choice": "p1"}], "Blue is not on your team."),
    ("gold", [{"cell": "a4"}], "The 5 on a4 is Red's, your teammate's: each moves their own pieces."),
    ("gold", [{"cell": "a1"}], "a1 is not in your setup area (your home row and the two rows beside it)."),
    ("teammate", [{"cell": "b4"}, {"cell": "b5"}],
     "b5 holds Gold's 3: a piece may pass over its side's pieces but not stop on them."),
]


def made(how: str):
    if how == "new":
        return py_engines.new_game("nymbat")
    if how.startswith("bring"):
        game = py_engines.new_game("nymbat")
        for cell in ("a1", "a2", "a3", "a4"):
            game.play(f"{cell}=6")
        if how == "bring 26":
            game.play("b1=2")
        return game
    groups = {"e4": (0, 1), "e5": (0, 4), "e9": (0, 2), "e10": (0, 2), "f6": (1, 3), "g12": (0, 3),
              "a1": (0, 2), "b1": (0, 1), "b2": (0, 5), "a2": (0, 3), "m4": (1, 3)}
    if how == "groups":
        return position(groups)
    if how == "moving":
        game = position(groups)
        game.play("e9-g9")
        return game
    if how == "blocked":
        return position({"a1": (0, 2), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1)})
    if how == "owed":
        game = position({"f5": (0, 2), "c3": (0, 1), "m5": (1, 2)}, reserves=[0, 10])
        game.play("f5-e5")
        return game
    if how == "spent":
        return position({"a5": (1, 3), "c4": (0, 2), "m4": (1, 3)}, reserves=[0, 10])
    if how == "breakthrough":
        game = diagram("nymbat", "breakthrough")
        game.play("g7-e6")
        return game
    if how == "breakthrough 2":
        # Blue's 1 splits Red's line at e6 and falls; it may remove a 1 beside, not a 2.
        game = position({"e5": (0, 1), "e6": (0, 1), "e7": (0, 2), "f6": (1, 1), "m4": (1, 3)}, turn=1)
        game.play("f6-e6")
        return game
    if how in ("pick", "gold"):
        game = diagram("nymbat", "four-players")
        if how == "gold":
            game.play("p2")
        return game
    if how == "teammate":
        return position({"b4": (0, 3), "b5": (2, 3), "m4": (1, 3), "k1": (3, 3)}, players=4)
    raise ValueError(how)


@pytest.mark.parametrize("how, steps, sentence", CASES)
def test_the_sentence_of_each_case(how, steps, sentence):
    game = made(how)
    if sentence is None:  # the steps make a legal move: nothing to refuse
        assert game.attempted_moves(steps) and game.attempted_moves(steps)[0] in game.legal_moves()
        return
    assert game.refusal(steps) == sentence
