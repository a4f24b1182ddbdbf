"""Not Nyout's refusals in its own words: every tap the rules refuse says why, in one
sentence from the engine (NotNyout.refusal and attempted_moves), and the reasons of
IllegalMove are plain words."""
from __future__ import annotations

import pytest

import py_engines
from py_engines import CHANCE, IllegalMove
from py_engines.games.not_nyout import NAMES
from py_engines.rng import Rng

from test_not_nyout import position

RED, BLUE = 0, 1
GENERIC = ("No move here starts or goes on with", "That choice is not part of any move here now.")


def live(entries: list[list[dict]], prefix: list[dict]) -> set[str]:
    """The cells that continue a move after ``prefix`` (the page marks them live)."""
    n = len(prefix)
    return {e[n]["cell"] for e in entries if len(e) > n and e[:n] == prefix and "cell" in e[n]}


def refused_taps(game):
    """Every tap on a cell the page refuses and asks the engine about, after each prefix of a
    legal move (as site/model/move-input.js and site/modes/play.js do): a cell that continues nothing,
    but not the cell just tapped (tapped again, the move is let go), nor, while no choice is
    made, a cell that starts a move of its own (the page begins again there)."""
    entries = [game.move_steps(move) for move in game.legal_moves()]
    prefixes = []
    for steps in entries:
        for n in range(len(steps)):
            if steps[:n] not in prefixes:
                prefixes.append(steps[:n])
    starts = live(entries, [])
    for prefix in prefixes or [[]]:
        here = live(entries, prefix)
        for cell in NAMES:
            if cell in here or prefix and prefix[-1].get("cell") == cell:
                continue
            if prefix and not any("choice" in step for step in prefix) and cell in starts:
                continue
            yield prefix + [{"cell": cell}]


def one_sentence(text: str) -> bool:
    """A capital first (or a station's name: s1), one full stop at the end, no engine prefix."""
    first = text.split(" ")[0]
    return ((text[:1].isupper() or first in NAMES) and text.endswith(".") and ". " not in text
            and "illegal move" not in text)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_refused_tap_says_why(players):
    """Over positions of seeded random games (chance points too, where the page rolls and a
    tap waits), every refused tap gets its own reason, never the general sentence."""
    rng = Rng(players)
    asked = 0
    kinds = set()
    for seed in range(8):
        game = py_engines.new_game("not_nyout", players, 50 + seed)
        while not game.is_over:
            if game.to_move == CHANCE:
                text = game.refusal([{"cell": NAMES[rng.below(len(NAMES))]}])
                assert one_sentence(text) and "rolled first" in text, text
                game.roll()
                continue
            for steps in refused_taps(game):
                text = game.refusal(steps)
                asked += 1
                assert one_sentence(text) and not text.startswith(GENERIC), (game.to_json(), steps, text)
                assert "[" not in text and "None" not in text, text
                kinds.add(text.split(" ")[0] if text.startswith(("A ", "Your", "The")) else "station")
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
    assert asked > 20_000 and {"A", "Your", "station"} <= kinds


def test_illegal_moves_are_refused_in_plain_words():
    """A move written in the notation but not legal says why without lists or brackets."""
    rng = Rng(9)
    said = set()
    for players in (2, 4):
        game = py_engines.new_game("not_nyout", players, 7)
        while not game.is_over and len(game.history) < 200:
            if game.to_move == CHANCE:
                game.roll()
                continue
            legal = set(game.legal_moves())
            for _ in range(6):
                src, dst = NAMES[rng.below(len(NAMES))], NAMES[rng.below(len(NAMES))]
                roll = rng.below(4) + 1
                for move in (f"{src}>{dst}/{roll}", f"+{roll}&", f"{src}=1+1", "home=N", "slot2"):
                    if move in legal or src == dst:
                        continue
                    with pytest.raises(IllegalMove) as refused:
                        game.clone().play(move)
                    reason = str(refused.value).split("': ", 1)[1]
                    assert not any(c in reason for c in "[]{}") and "None" not in reason, reason
                    said.add(reason.split(" ")[0])
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
    assert {"a", "there", "only"} <= said


def three_players_choosing_homes():
    """Three players; Red took E as home and has a horse on S3; Blue rolled a 3 and picks a home."""
    game = py_engines.new_game("not_nyout", 3, 0)
    game.rolling_off, game.ranks, game.slots, game.order = False, [[0], [1], [2]], [0, 1, 2], [0, 1, 2]
    game.home = [5, None, None]
    game.at[NAMES.index("S3")] = ((RED, 1),)
    game.stable = [3, 4, 4]
    game.current, game.rolls = BLUE, [3]
    return game


def chosen_slots():
    game = py_engines.new_game("not_nyout", 3, 0)
    for move in ("d9", "d5", "d2"):
        game.play(move)
    return game


def cells(*names: str) -> list[dict]:
    return [{"choice": n[1:]} if n.startswith("!") else {"cell": n} for n in names]


CASES = [
    # The rule text's example of passing an enemy: a 3 from S1 stops on Blue's horse on S3.
    (lambda: position({"S1": [(RED, 1)], "S3": [(BLUE, 1)]}, rolls=(3,), homes=("S", "N"), stable=(3, 4)),
     cells("S1", "S4"),
     "Your horse on S1 cannot reach S4: a 3 ends on S3 to fight Blue's horse there, "
     "since passing an enemy takes an extra step."),
    # Past an enemy, a 4 falls one short.
    (lambda: position({"S": [(RED, 2)], "S1": [(BLUE, 1)]}, rolls=(4,), homes=("S", "N"), stable=(2, 3)),
     cells("S", "S4"),
     "Your pair on S cannot reach S4: a 4 ends on S3, e2, n2 or w2, "
     "since passing Blue's horse on S1 takes an extra step."),
    # From a cardinal, one way stops on an enemy, the other goes on round the ring.
    (lambda: position({"S": [(RED, 1)], "s2": [(BLUE, 1)]}, rolls=(3,), homes=("S", "N"), stable=(3, 3)),
     cells("S", "C"),
     "Your horse on S cannot reach C: a 3 ends on S3 or s2, stopping on s2 to fight Blue's horse, "
     "since passing an enemy takes an extra step."),
    # The enemy aimed at lies on the way: the die goes past it (a newcomer expected a 3 to fight on W).
    (lambda: position({"N4": [(RED, 2)], "W": [(BLUE, 1)]}, rolls=(3,), homes=("S", "N"), stable=(2, 3)),
     cells("N4", "W"),
     "Your pair on N4 cannot reach W: a 3 ends on W1, going past Blue's horse on W: a die fights an enemy "
     "only when it ends exactly there (a 1 would), and passing one takes an extra step."),
    # Each die left, where it ends.
    (lambda: position({"S3": [(RED, 1)]}, rolls=(4, 2), homes=("S", "N"), stable=(3, 4)),
     cells("S3", "S1"),
     "Your horse on S3 cannot reach S1: a 4 ends on E2; a 2 ends on E."),
    # A station tapped first: a move starts at a group.
    (lambda: position({"S3": [(RED, 1)]}, rolls=(4, 2), homes=("S", "N"), stable=(0, 4)),
     cells("E"),
     "E is empty: a move starts at one of your groups, so tap your horse on S3 first to go there."),
    (lambda: position({"S1": [(RED, 1)], "S3": [(BLUE, 2)]}, rolls=(2,), homes=("S", "N"), stable=(0, 2)),
     cells("S3"),
     "S3 holds Blue's pair: a move starts at one of your groups, so tap your horse on S1 first to fight there."),
    (lambda: position({"S1": [(RED, 1)], "N2": [(BLUE, 1), (BLUE, 1)]}, rolls=(4, 2), homes=("S", "N"), stable=(0, 2)),
     cells("N2"),
     "N2 holds Blue's two horses, and none of your groups can reach it with the dice left (4 and 2)."),
    (lambda: position({"N": [(RED, 1)]}, rolls=(2,), homes=("S", "N"), stable=(3, 4)),
     cells("S2"),
     "S2 is empty: a horse from your stable comes in there with the 2, so summon it."),
    (lambda: position({"N": [(BLUE, 1)]}, rolls=(2,), homes=("S", "N"), stable=(4, 3)),
     cells("E3"),
     "E3 is empty, and you have no horse on the board: a horse from your stable comes in on S2 with the 2."),
    # Summon, then a station no die left brings a horse to.
    (lambda: position({"N": [(RED, 1)]}, rolls=(3, 2), homes=("S", "N"), stable=(3, 4)),
     cells("!stable", "S1"),
     "A horse from the stable comes in the die's number of stations counterclockwise from your home S: "
     "on S3 with the 3 or S2 with the 2."),
    # A question left (join or stay apart), and another station tapped.
    (lambda: position({"S2": [(RED, 1)], "S3": [(RED, 1)]}, rolls=(3, 2), homes=("S", "N"), stable=(2, 4)),
     cells("!stable", "S3", "S2"),
     "Your horse from the stable is coming in on S3: say first whether it joins your horse there, "
     "or cancel to bring it in on S2 instead."),
    (lambda: position({"S3": [(RED, 2), (RED, 1)], "E": [(RED, 1)]}, rolls=(3, 2, 1), homes=("S", "N"), stable=(0, 4)),
     cells("S3", "!g2", "E", "E1"),
     "Your pair on S3 is going to E: say first whether it joins your horse there, or cancel to send it to E1 instead."),
    (lambda: position({"S3": [(RED, 2), (RED, 1)]}, rolls=(2, 1), homes=("S", "N"), stable=(1, 4)),
     cells("S3", "!g2", "S3"),
     "Your pair on S3 is already chosen: tap where it goes, or cancel to let it go."),
    # Choosing a home, three players.
    (three_players_choosing_homes, cells("S3"),
     "S3 is not a cardinal: your home must be a free cardinal (S, N or W), and your first horse comes in from there."),
    (three_players_choosing_homes, cells("E"), "E is taken, as Red's home: pick a free cardinal (S, N or W)."),
    # Before the homes: the turn slots.
    (chosen_slots, cells("S"), "The players are choosing their turn slots: no horse is on the board yet."),
    # A chance point: the page rolls; a tap meanwhile is told so.
    (lambda: py_engines.new_game("not_nyout", 2, 5), cells("S"), "The roll-off dice must be rolled first."),
    # Choices the page does not offer there, asked all the same.
    (lambda: position({"S3": [(RED, 1)]}, rolls=(2,), homes=("S", "N"), stable=(3, 4), summoned=True),
     cells("!stable"), "Only one horse may be summoned per turn."),
    (lambda: position({"S3": [(RED, 1)]}, rolls=(2,), homes=("S", "N"), stable=(0, 4)),
     cells("!stable"), "Your stable is empty: every horse you have left is on the board."),
]


@pytest.mark.parametrize("make, steps, sentence", CASES)
def test_hand_picked_refusals(make, steps, sentence):
    game = make()
    assert game.refusal(steps) == sentence


def test_a_fight_under_way_is_rolled_first():
    game = position({"S1": [(RED, 1)], "S3": [(BLUE, 1)]}, rolls=(2,), homes=("S", "N"), stable=(3, 3))
    game.play("S1>S3/2")
    assert game.refusal(cells("S4")) == "The fight on S3 goes on: its dice must be rolled first."
    after = position({"S1": [(RED, 1)]}, rolls=(1,), homes=("S", "N"), stable=(3, 4))
    after.play("S1>S2/1")
    assert after.refusal(cells("S2")) == "The dice must be rolled first: Blue's turn starts with the roll."


@pytest.mark.parametrize("move, reason", [
    ("S1>S4/3", "a 3 from S1 ends on S3 to fight Blue's horse there, since passing an enemy takes an extra step"),
    ("S1>S2/4", "there is no 4 among the dice left (3 and 2)"),
    ("E>E2/2", "there is no own group on E: E is empty"),
    ("S3>S4/2", "there is no own group on S3: S3 holds Blue's horse"),
    ("S1>S3/2&", "joining needs an own group on S3: S3 holds Blue's horse"),
    ("S1=1+1", "there is no own group of 2 on S1: S1 holds your horse"),
    ("+2&", "there is no own group on S2 to join: S2 is empty"),
    ("home=E", "that choice was made at the start of the game"),
    ("r3", "no dice are being rolled now"),
])
def test_illegal_moves_say_why_in_plain_words(move, reason):
    game = position({"S1": [(RED, 1)], "S3": [(BLUE, 1)]}, rolls=(3, 2), homes=("S", "N"), stable=(3, 3))
    with pytest.raises(IllegalMove) as refused:
        game.play(move)
    assert str(refused.value) == f"illegal move {move!r}: {reason}"


def test_sizes_on_one_station_in_words():
    game = position({"S3": [(RED, 2), (RED, 1)]}, rolls=(2,), homes=("S", "N"), stable=(1, 4))
    with pytest.raises(IllegalMove, match="S3 holds your groups of 2 and 1: write the size first, as in 2S3$"):
        game.play("S3>E/2")
    alike = position({"S3": [(RED, 1), (RED, 1)]}, rolls=(2,), homes=("S", "N"), stable=(2, 4))
    with pytest.raises(IllegalMove, match="your groups on S3 are all of 1: leave the size out$"):
        alike.play("1S3>E/2")
