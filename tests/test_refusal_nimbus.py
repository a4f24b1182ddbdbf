"""Nimbus's refusals in its own words (issue 29): every tap the page refuses says, in
one sentence from the engine, the rule that refuses it (Nimbus.attempted_moves and
Nimbus.refusal; the generic part is tests/test_refusal.py).

What the page sends: a square that starts no move (alone), a square after a square
that continues nothing and starts nothing (both), a square after a way chosen first
in the setup (both). Each gets a rule of its own, never the generic fallback. The
fallback is left to what the page never sends, where nothing could be meant: a
collect chosen after a square it does not take, three steps or more."""
from __future__ import annotations

import re

import pytest

import py_engines
from py_engines import CHANCE
from py_engines.games.nimbus import INDEX, KINDS, NAMES
from py_engines.rng import Rng

from test_nimbus import position

GENERIC = ("No move here starts", "That choice is not part")

# Players and options of the seeded random games walked through, each for its first
# PLIES moves (a placed setup of two sets is 60 moves; the rest is play, round ends included).
GAMES = [(2, {"sets": 2, "goal": "rounds3"}), (3, {"random_setup": True, "goal": "rounds3"}),
         (5, {"sets": 2, "goal": "rounds3"}), (10, {"goal": "rounds1"})]
PLIES = 400


def entries_of(game) -> list[list[dict[str, str]]]:
    return [steps for move in game.legal_moves() for steps in game.move_entries(move)]


def says_a_rule(text: str) -> bool:
    """One sentence of plain words: no engine prefix, no move notation, not the fallback."""
    return (text.endswith(".") and ". " not in text
            and "illegal move" not in text and "'" not in text and not text.startswith(GENERIC))


def refused_taps(game, rng: Rng):
    """What the page sends to ``refusal`` here: every square that starts no move; for each
    square that starts a move, a few squares that neither go on with it nor start one (the
    page drops the square tapped first, and asks why); for each way chosen first (the
    setup), a few squares it cannot go on."""
    entries = entries_of(game)
    firsts = {tuple(sorted(steps[0].items())) for steps in entries}
    live = {dict(step)["cell"] for step in firsts if dict(step).get("cell")}
    dead = [name for name in NAMES if name not in live]
    for name in dead:
        yield [{"cell": name}]
    for first in sorted(firsts):
        first = dict(first)
        goes_on = {steps[1].get("cell") for steps in entries if steps[0] == first and len(steps) > 1}
        if not goes_on:
            continue  # a whole move
        others = [name for name in dead if name not in goes_on and name != first.get("cell")]
        for _ in range(min(3, len(others))):
            yield [first, {"cell": others[rng.below(len(others))]}]


def rule_of(text: str) -> str:
    """The rule a sentence names, squares and numbers left out (to count which were seen)."""
    return re.sub(r"\b[a-h][1-8]\b|\d+", "#", text.split(":")[0] if text.startswith("Round") else text)


@pytest.mark.slow
def test_every_tap_the_page_refuses_names_its_rule():
    seen: dict[str, int] = {}
    asked = 0
    for players, options in GAMES:
        rng = Rng(players)
        game = py_engines.new_game("nimbus", players, players, **options)
        while not game.is_over and len(game.history) < PLIES:
            for steps in refused_taps(game, rng):
                text = game.refusal(steps)
                asked += 1
                assert says_a_rule(text), (game.to_json(), steps, text)
                seen[rule_of(text)] = seen.get(rule_of(text), 0) + 1
            if game.to_move == CHANCE:
                game.roll()
            else:
                game.play(game.random_move(rng))
    assert asked > 20_000
    rules = "\n".join(seen)
    for words in ("In the setup, first take a pyramid", "holds a flat pyramid, and nothing goes on",
                  "dropped on the board at random", "Round # is over", "there is no pyramid there to move",
                  "there is no pyramid there to collect", "slides only the way it points",
                  "slides only over empty squares", "moves one square only",
                  "this turn has done so already: now collect"):
        assert words in rules, words


def play_round_to_its_end(players: int = 2):
    """A round whose last pyramid is collected: round 2's setup is next."""
    game = position({"d4": "r1=u"}, players=players)
    game.play("d4-d5")
    game.play("r:d5")
    assert game.view()["phase"] == "setup" and game.view()["round"] == 2
    return game


def last_open_square():
    """A setup with five sets: h8 is the only square left that can take a pyramid, three are in
    the pile and a red large one is taken."""
    game = py_engines.new_game("nimbus", 2, sets=5)
    for s in range(63):
        game.stacks[s], game.dirs[s] = [s % 15], 1
    game.on_board, game.left, game.pile = 63, 3, [0] * 14 + [3]
    game.held = KINDS.index("r3")
    return game


def setup_after(*moves: str, **options):
    game = py_engines.new_game("nimbus", 2, **options)
    for move in moves:
        game.play(move)
    return game


# Flat pyramids all round c3 (and the board's edge), so that its stack cannot move.
HEMMED = {"c3": ["y1", "y2"], "b2": "k1=n", "b3": "k1=n", "b4": "k1=n", "c2": "k1=e", "c4": "k1=e",
          "d2": "k2=e", "d3": "k2=e", "d4": "k2=e", "h8": "g3=s"}


def hemmed_after_collect():
    game = position(HEMMED)
    game.play("g:h8")
    return game


def moved_once():
    game = position({"d4": "r1=u", "e5": "b2=u", "f6": "g3=u"}, players=3)
    game.play("d4-d3")
    return game


def collected_once():
    game = position({"d4": "r1=u", "e5": "b2=u", "f6": "g3=u"}, players=3)
    game.play("g:f6")
    return game


def tap(*steps: str) -> list[dict[str, str]]:
    """``d4`` a square, ``=ne`` a way or a choice."""
    return [{"choice": s[1:]} if s.startswith("=") else {"cell": s} for s in steps]


CASES = [
    # The setup: take, then put down.
    (lambda: py_engines.new_game("nimbus", 2), tap("d4"),
     "In the setup, first take a pyramid from the pile, then put it on the board."),
    (lambda: setup_after("r1", "d4=ne", "r2"), tap("d4"),
     "d4 holds a flat pyramid, and nothing goes on a flat pyramid."),
    (lambda: setup_after("r1", "e4=u", "r2"), tap("=ne", "e4"),
     "e4 holds an upright pyramid, and a pyramid put on another can only go upright."),
    (last_open_square, tap("=ne", "h8"),
     "h8 is the last square that can take a pyramid, and 3 more are in the pile: put this one upright."),
    (lambda: setup_after("r1", "a1=u", "r1", "a2=u", "r1", "a3=u"), tap("=r1"),
     "No red small pyramid is left in the pile."),
    (lambda: setup_after("r3"), tap("=k1"), "Put the red large pyramid taken on the board before taking another."),
    (lambda: py_engines.new_game("nimbus", 2, random_setup=True), tap("d4"),
     "In this game the pyramids are dropped on the board at random, not placed by the players "
     "(a random setup is a deal, deal0 to deal999)."),
    # The round's end: the next round is set up first.
    (play_round_to_its_end, tap("e5"),
     "Round 1 is over, and round 2 begins with its setup: first take a pyramid from the pile, "
     "then put it on the board."),
    # Play: a tap on an empty square.
    (lambda: position({"c3": "y1=u"}), tap("d4"), "d4 is empty: there is no pyramid there to move."),
    (lambda: position({"c3": "y1=u", "h1": "k1=n"}), tap("h1", "f1"),  # h1 cannot slide west: it points north
     "A flat pyramid slides only the way it points, and the one on h1 points north."),
    # Slide, step, stand up, lie down, turn.
    (lambda: position({"d4": "r3=n", "d7": "b1=u"}), tap("d4", "d8"),
     "A flat pyramid slides only over empty squares, and d7 is in the way."),
    (lambda: position({"d4": "r3=n", "d7": "b1=u"}), tap("d4", "e5"),
     "A flat pyramid slides only the way it points, and the one on d4 points north."),
    (lambda: position({"d4": "r3=u", "d5": "b1=n"}), tap("d4", "d6"),
     "An upright pyramid moves one square only, to a square next to it, and d6 is not next to d4."),
    (lambda: position({"d4": "r3=u", "d5": "b1=n"}), tap("d4", "d5"),
     "d5 holds a flat pyramid, and an upright pyramid may not step onto a flat one."),
    (lambda: position({"c3": ["y1", "y2"]}), tap("c3", "=n"),
     "Only a lone upright pyramid may be laid flat, and c3 holds a stack of 2 pyramids."),
    (lambda: position({"d4": "r3=n"}), tap("d4", "=n"),
     "The pyramid on d4 is already pointing north, and a move must change something."),
    (lambda: position({"d4": "r3=u"}), tap("d4", "=u"),
     "The pyramid on d4 is already upright, and a move must change something."),
    # One move action and one collect a turn.
    (moved_once, tap("e5", "h2"), "A turn moves or turns one pyramid, once, and this turn has done so already: "
                                   "now collect."),
    (moved_once, tap("a1"), "a1 is empty: there is no pyramid there to collect."),
    (collected_once, tap("e5", "=r:e5"), "A turn collects once, and this turn has collected already: "
                                          "now move or turn a pyramid."),
    # A stack hemmed in by flat pyramids, once the collect is made.
    (hemmed_after_collect, tap("c3"),
     "The stack on c3 cannot move: its top steps only onto a square next to it that is empty or holds an "
     "upright pyramid, every square next to c3 holds a flat pyramid, and a stack is never laid flat."),
    (hemmed_after_collect, tap("b2", "c3"),
     "The stack on c3 cannot move: its top steps only onto a square next to it that is empty or holds an "
     "upright pyramid, every square next to c3 holds a flat pyramid, and a stack is never laid flat."),
    # Collects (chosen after the square; the page offers only legal ones).
    (lambda: position({"d4": "r1=u"}), tap("d4", "=b:d4"), "The top pyramid on d4 is not blue."),
    (lambda: position({"d4": "r1=n", "h8": "k1=u"}), tap("d4", "=ne:d4"), "The top pyramid on d4 is not "
                                                                           "pointing north-east."),
    (lambda: position({"a4": "r1=u", "b4": "r2=u", "c4": "r3=u"}), tap("a4", "=r:a4-b4"),
     "a4 and b4 are not the outermost top pyramids that are red on their line."),
]


@pytest.mark.parametrize("make, steps, sentence", CASES, ids=[c[2][:40] for c in CASES])
def test_each_refusal_in_its_exact_words(make, steps, sentence):
    game = make()
    before = game.to_json()
    assert not any(entry[:len(steps)] == steps for entry in entries_of(game))  # refused indeed
    assert game.refusal(steps) == sentence
    assert game.to_json() == before


def test_the_hemmed_stack_is_the_only_square_with_a_pyramid_that_starts_no_move():
    game = hemmed_after_collect()
    live = {steps[0]["cell"] for steps in entries_of(game)}
    assert {name for name in NAMES if game.stacks[INDEX[name]]} - live == {"c3"}
