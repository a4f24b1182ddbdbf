"""Nymbat's coach (issue 29): enemy pieces on the home row of the player to move (or of the
teammate) where its owner has none (``home``), the player's own pieces on an enemy's home
row where the enemy has none (``reach``), and the moves that end the turn with a retreat or
a seventh delay that costs something (``retreat``, ``delay``). Each is checked against an
independent reading over positions of seeded random games, two and four players, and in
words on hand-made positions and the rules' own examples."""
from __future__ import annotations

import statistics
import time

import pytest

import py_engines
from py_engines.games.nymbat import DIST, HOME, INDEX
from py_engines.rng import Rng

from test_learn import position as diagram
from test_nymbat import position

NAMES = {2: ["Red", "Blue"], 4: ["Red", "Blue", "Gold", "Green"]}


def forward(game, moves: list[str], rng: Rng) -> str:
    """A piece move, or a piece brought in, that ends nearest the mover's target row (ties at
    random), or any move."""
    target = DIST[game.edge[game.opponent(game.turn)]]
    steps = [m for m in moves if "-" in m] or [m for m in moves if "=" in m]
    if not steps:
        return moves[rng.below(len(moves))]
    best = min(target[INDEX[m.split("-")[-1].split("=")[0]]] for m in steps)
    steps = [m for m in steps if target[INDEX[m.split("-")[-1].split("=")[0]]] == best]
    return steps[rng.below(len(steps))]


def after(game, move: str):
    game = game.clone()
    game.play(move)
    return game


def positions(players: int, count: int, seed: int):
    """Every position of seeded games, and the position after each move onto an enemy's home
    row, ``count`` in all. Each move at random, or (three times in four) one that heads for the
    target row, so that pieces reach home rows as well as wander back and forth."""
    rng = Rng(seed)
    found = 0
    game_seed = 100 * seed
    while True:
        game = py_engines.new_game("nymbat", players, game_seed)
        game_seed += 1
        while not game.is_over:
            moves = game.legal_moves()
            # Besides the position, those after each move onto an enemy's home row, where the turn
            # may go on or have passed to the enemy.
            rows = {c for q in range(players) if game.side[q] != game.side[game.turn] for c in HOME[game.edge[q]]}
            for child in [game] + [after(game, m) for m in moves if "-" in m and INDEX[m.split("-")[1]] in rows]:
                if child.is_over:
                    continue
                yield child
                found += 1
                if found == count:
                    return
            game.play(forward(game, moves, rng) if rng.below(4) else moves[rng.below(len(moves))])


def home_rows_scanned(game) -> tuple[dict[int, set[str]], dict[int, set[str]]]:
    """From the view alone: for each player of the mover's side (still in) with no piece on
    their home row, the enemy pieces standing there; for each enemy (still in) with no piece on
    their home row, the mover's pieces standing there."""
    view = game.view()
    p, n = game.to_move, game.players
    team = next((t for t in view["teams"] if p in t), None) if view["teams"] else [p]
    owner = {cell: piece[0] for cell, piece in view["cells"].items()}
    threats, chances = {}, {}
    for q in range(n):
        if view["eliminated"][q]:
            continue
        row = view["home"][str(q)]
        if any(owner.get(c) == q for c in row):
            continue
        if q in team:
            enemies = {c for c in row if c in owner and owner[c] not in team}
            if enemies:
                threats[q] = enemies
        else:
            mine = {c for c in row if owner.get(c) == p}
            if mine:
                chances[q] = mine
    return threats, chances


def costs_found(game) -> dict[str, set[str]]:
    """Every legal move played on a copy (checked play, not the coach's way): those after which
    the mover's reserve fell without a piece brought in, or a piece is owed, by kind: a delay
    when the mover's count of delays grew (then always to a multiple of seven), else a retreat."""
    p = game.to_move
    found: dict[str, set[str]] = {}
    for move in game.legal_moves():
        after = game.clone()
        after.play(move)
        if after.out[p]:  # eliminated at once (four players): the reserve says nothing; the events do
            charged = any(e["type"] == "penalty" and e["player"] == p for e in after.events)
        else:
            placed = int(move.split("=")[1]) if "=" in move else 0
            charged = after.reserve[p] < game.reserve[p] - placed or (after.phase == "penalty" and after.turn == p)
        if charged:
            delayed = after.delays[p] > game.delays[p]
            if delayed:
                assert after.delays[p] % 7 == 0, (game.to_json(), move)
            found.setdefault("delay" if delayed else "retreat", set()).add(move)
    return found


def check(players: int, count: int, seed: int) -> dict[str, int]:
    fired = {"home": 0, "reach": 0, "retreat": 0, "delay": 0, "positions": 0}
    for game in positions(players, count, seed):
        notes = game.coach()
        by_kind: dict[str, list[dict]] = {}
        for note in notes:
            by_kind.setdefault(note["kind"], []).append(note)
        fired["positions"] += 1
        if game.phase == "pick":  # the team's pick moves nothing: nothing of the board is said
            assert set(by_kind) <= {"win", "lose"}, game.to_json()
            continue
        threats, chances = home_rows_scanned(game)
        said = {frozenset(note["cells"]) for note in by_kind.get("home", [])}
        assert said == {frozenset(cells) for cells in threats.values()}, game.to_json()
        if players == 2 and threats:
            chances = {}  # the other side's win comes first: the player's own is not said
        said = {frozenset(note["cells"]) for note in by_kind.get("reach", [])}
        assert said == {frozenset(cells) for cells in chances.values()}, game.to_json()
        costs = costs_found(game) if game.phase in ("start", "move") else {}
        for kind in ("retreat", "delay"):
            notes_of = by_kind.get(kind, [])
            assert len(notes_of) <= 1
            assert set(notes_of[0]["moves"] if notes_of else []) == costs.get(kind, set()), (game.to_json(), kind)
            if notes_of:
                text = notes_of[0]["text"]
                assert text.endswith(".") and ("reserve" in text) and len(text) < 400, text
        for kind in fired:
            fired[kind] += bool(by_kind.get(kind))
    return fired


@pytest.mark.slow
def test_the_coach_speaks_exactly_where_an_independent_reading_says_two_players():
    fired = check(2, 1500, seed=1)
    assert fired["home"] > 50 and fired["reach"] > 5 and fired["retreat"] > 100 and fired["delay"] > 10, fired


@pytest.mark.slow
def test_the_coach_speaks_exactly_where_an_independent_reading_says_four_players():
    fired = check(4, 2000, seed=2)
    assert fired["home"] > 20 and fired["reach"] > 3 and fired["retreat"] > 50 and fired["delay"] > 5, fired


def kinds(game) -> dict[str, dict]:
    return {note["kind"]: note for note in game.coach()}


def test_an_enemy_on_your_home_row_is_said_and_ringed():
    game = position({"a5": (1, 3), "c4": (0, 2), "m4": (1, 3)})
    note = kinds(game)["home"]
    assert note["cells"] == ["a5"] and note["moves"] == []
    assert note["text"] == ("Blue's 3 on a5 stands on your home row: Blue wins when its "
                            "next turn starts, unless by then it is removed or a piece of yours stands on that row.")
    # Every move that ends Red's turn loses at once (the generic note); a piece brought in on
    # the home row saves it, and the note is gone once one of Red's stands there.
    assert "pass" in kinds(game)["lose"]["moves"] and "a1=1" not in kinds(game)["lose"]["moves"]
    game.play("a1=1")
    assert "home" not in kinds(game)
    # Two pieces, one sentence.
    game = position({"a5": (1, 3), "a6": (1, 2), "c4": (0, 2), "m4": (1, 3)})
    assert kinds(game)["home"]["text"].startswith(
        "Blue's 3 on a5 and 2 on a6 stand on your home row: Blue wins when its next turn "
        "starts, unless by then they are removed")


def test_your_piece_on_the_enemy_row_is_said_while_the_turn_goes_on():
    game = position({"n4": (0, 4), "n5": (0, 4), "c4": (0, 2), "m7": (1, 3)})
    assert "reach" not in kinds(game)
    game.play("n4-o3")  # the group's other 4 may still move: the turn goes on
    note = kinds(game)["reach"]
    assert note["cells"] == ["o3"]
    assert note["text"] == ("Your 4 on o3 stands on Blue's home row: if it stays, you win "
                            "when your next turn starts, unless Blue puts a piece on that row first.")
    # Ended, it is Blue's to answer: Blue is told.
    game.play("done")
    assert kinds(game)["home"]["text"].startswith("Red's 4 on o3 stands on your home row: Red wins")
    # With Blue on Red's row as well, Blue's win would come first: only that is said.
    game = position({"n4": (0, 4), "n5": (0, 4), "a3": (1, 2), "m7": (1, 3)})
    game.play("n4-o3")
    assert set(kinds(game)) >= {"home"} and "reach" not in kinds(game)


def test_four_players_the_teammate_and_both_enemies():
    game = position({"a5": (1, 3), "a8": (3, 2), "c4": (0, 2), "m4": (1, 3), "h14": (2, 1)}, players=4)
    notes = [n for n in game.coach() if n["kind"] == "home"]
    assert [n["cells"] for n in notes] == [["a5", "a8"], ["a8"]]  # a8 is on Red's row and on Gold's
    assert notes[0]["text"] == (
        "Blue's 3 on a5 and Green's 2 on a8 stand on your home row: you are out when the "
        "next turn of Blue or Green starts, unless by then they are removed or a piece of yours stands on that row.")
    assert notes[1]["text"] == (
        "Green's 2 on a8 stands on Gold's home row: Gold is out when Green's next turn "
        "starts, unless by then it is removed or a piece of Gold's stands on that row.")
    # With Gold out, Red's elimination is the team's defeat; Red's piece on Blue's row with
    # Green out would be the team's win.
    game.out[2] = True
    game.owner[INDEX["h14"]] = -1
    assert kinds(game)["home"]["text"].split(": ")[1].startswith(
        "your team loses when the next turn of Blue or Green starts")
    game = position({"n4": (0, 4), "n5": (0, 4), "c4": (0, 2), "m7": (1, 3)}, players=4)
    game.out[3] = True
    game.play("n4-o3")
    assert kinds(game)["reach"]["text"] == (
        "Your 4 on o3 stands on Blue's home row: if it stays, your team wins when your "
        "next turn starts, unless Blue puts a piece on that row first.")


def test_the_seventh_delay_in_the_rules_example():
    # The rule's delay example: Red has passed six times.
    game = diagram("nymbat", "delay")
    assert kinds(game)["delay"] == {"kind": "delay", "moves": ["pass"], "once": True, "text": (
        "Passing would be your 7th delay: every seventh costs 1 from your reserve."),
        "again": "As said before, a seventh delay this turn would cost you."}
    # The rear 3 moved back: now ending the turn, or a sideways move of the front 3, is the
    # seventh delay; the front 3 stepping back makes the group a retreat.
    game.play("e6-d5")
    notes = kinds(game)
    assert notes["delay"]["moves"] == ["f6-f3", "f6-f4", "f6-f5", "f6-f7", "f6-f8", "f6-f9", "done"]
    assert notes["delay"]["text"] == (
        "Ending the turn now, or moving the 3 on f6 so that its group ends as far from Blue's home row as it "
        "began, would be your 7th delay: every seventh costs 1 from your reserve.")
    assert notes["retreat"]["text"] == (
        "Moving the 3 on f6 so that its group ends farther from Blue's home row than it began would be a "
        "retreat: it costs 1 from your reserve.")
    # With the reserve spent, the seventh delay costs a piece.
    game = diagram("nymbat", "delay")
    game.reserve[0] = 0
    assert kinds(game)["delay"]["text"] == ("Passing would be your 7th delay: every seventh costs 1 from the "
                                            "reserve, and with yours spent, one of your pieces.")


def test_a_retreat_in_the_rules_example_and_of_a_lone_piece():
    # The rule's retreat example: the first 3 steps back, then the second would make it a retreat.
    game = diagram("nymbat", "retreat")
    assert "retreat" not in kinds(game)  # no single move ends this turn: nothing is certain yet
    game.play("f6-e6")
    note = kinds(game)["retreat"]
    assert {m.split("-")[1] for m in note["moves"]} >= {"e7", "e8", "d6"} and "done" not in note["moves"]
    # A lone piece: every move back ends the turn with a retreat.
    game = position({"f6": (0, 3), "c3": (0, 1), "m4": (1, 3)}, reserves=[5, 5])
    note = kinds(game)["retreat"]
    assert note["text"] == ("Moving the 1 on c3 to b2 or b3, or moving your 3 on f6 farther from Blue's home row, "
                            "would be a retreat: it costs 1 from your reserve.")
    assert "f6-e6" in note["moves"] and "c3-c2" not in note["moves"] and "f6-f7" not in note["moves"]
    # Taking a piece is never a retreat.
    game = position({"f6": (0, 3), "e6": (1, 1), "m4": (1, 3)}, reserves=[5, 5])
    assert "f6-e6" not in kinds(game)["retreat"]["moves"]


@pytest.mark.slow
def test_the_coach_is_cheap():
    times = []
    for players, seed in ((2, 3), (4, 4)):
        for game in positions(players, 150, seed):
            start = time.process_time()
            game.coach()
            times.append(time.process_time() - start)
    assert statistics.median(times) < 0.02 and max(times) < 0.2, (statistics.median(times), max(times))


def threats_found(game) -> dict[str, set[str]]:
    """Independently, by the rules' own listing: for each home row of the player to move (or of
    the teammate) that holds none of its owner's pieces nor an enemy's, the enemy pieces with a
    first move of their next turn (a piece of a group, as legal_moves lists them at its start)
    onto an empty cell of it."""
    p = game.turn
    found: dict[str, set[str]] = {}
    for q in range(game.players):
        if game.side[q] != game.side[p] or (q != p and game.out[q]):
            continue
        row = {c for c in HOME[game.edge[q]]}
        # The row's owner stands there (a teammate's piece guards nothing: the rules' elimination
        # asks for the owner's own), or an enemy already does (the ``home`` note).
        if any(game.owner[c] == q or (game.owner[c] >= 0 and game.side[game.owner[c]] != game.side[q]) for c in row):
            continue
        for e in range(game.players):
            if game.side[e] == game.side[p] or game.out[e]:
                continue
            turn = game.clone()
            turn.turn, turn.phase = e, "start"
            turn._clear_turn()
            for move in turn.legal_moves():
                if "-" in move and INDEX[move.split("-")[1]] in row and game.owner[INDEX[move.split("-")[1]]] < 0:
                    found.setdefault(q, set()).add(move.split("-")[0])
    return {q: cells for q, cells in found.items()}


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_an_enemy_that_can_reach_an_empty_home_row_next_turn_is_said(players):
    warned = 0
    for game in positions(players, 600, seed=31 + players):
        notes = [n for n in game.coach() if n["kind"] == "threat"]
        expected = threats_found(game) if game.phase != "pick" else {}  # a team's pick moves nothing: no note
        assert sorted(sorted(n["cells"]) for n in notes) == sorted(sorted(cells) for cells in expected.values()), game.to_json()
        warned += bool(notes)
    assert warned >= 10, warned
