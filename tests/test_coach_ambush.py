"""Ambush's coach (issue 29): the stacks of the player to move that the other player could
capture on their next turn, as the board stands (``threat``), and the captures the player
can make now (``capture``), checked against brute force over positions of seeded random
games, and in words on the rules' own examples."""
from __future__ import annotations

import json
import statistics
import time

import pytest

import py_engines
from py_engines import bridge
from py_engines.games.ambush import MINE, THEIRS

from conftest import random_positions
from test_learn import position


def positions(count: int, seed: int = 0):
    """Every position of seeded random games (the order of captures too), ``count`` of them."""
    return random_positions("ambush", 2, count, rng_seed=seed, first_game_seed=0)


CHOSEN = {"orders": 0}  # how often the brute force met a move after which q chooses the order


def captures_by_brute_force(game, q: int) -> dict[str, set[str]]:
    """The other colour's stacks ``q`` could capture with one move, by the cell each stands on
    now: the moves that capture it. Every move of ``q`` is played (checked) on a copy, each
    order of captures when ``q`` would choose it, and the capture events read; a stack a
    coaster's turn carried elsewhere is traced back by the turn's own event."""
    if q == game.to_move:
        start = game
    else:  # the position as it stands with q to move: the player to move passes
        start = py_engines.load(game.to_json())
        start.turn, start.blocked = q, None
    found: dict[str, set[str]] = {}
    for move in start.legal_moves():
        after = start.clone()
        after.play(move)
        came_from = {to: frm for e in after.events if e["type"] == "rotate" for frm, to in e["moves"]}
        ends = [after]
        if after.legal_moves() == [MINE, THEIRS] and after.to_move == q:
            ends = []
            CHOSEN["orders"] += 1
            for order in (MINE, THEIRS):
                end = after.clone()
                end.play(order)
                ends.append(end)
        for end in ends:
            for e in end.events:
                if e["type"] == "capture" and e["player"] == q:
                    assert e["owner"] != q
                    found.setdefault(came_from.get(e["cell"], e["cell"]), set()).add(move)
    return found


def or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def ways_said(moves: set[str]) -> str:
    """How the coach says the moves that capture a stack: the cells placed on, the coasters turned."""
    cells = sorted({m[:2] for m in moves if not m[0].isdigit()})
    coasters = sorted({m[0] for m in moves if m[0].isdigit()})
    said = (["by placing on " + or_list(cells)] if cells else []) + (
        ["by turning coaster " + or_list(coasters)] if coasters else [])
    return ", or ".join(said)


def plural_pips(game, cell: str) -> str:
    """The pips of the pyramid a capture takes from ``cell``: its top."""
    pips = " sml".index(game.view()["cells"][cell]["stack"][-1])
    return f"{pips} pip" + ("s" if pips > 1 else "")


@pytest.mark.slow
def test_the_coach_warns_of_exactly_the_stacks_the_other_can_capture_next_turn():
    seen = dict.fromkeys(("threat", "capture", "quiet", "threat by a turn", "three or more", "an order chosen"), 0)
    for game in positions(700):
        notes = {note["kind"]: note for note in game.coach()}
        if game.pending is not None:  # the order of captures is the move: nothing more said
            assert not {"threat", "capture"} & set(notes), game.to_json()
            continue
        p = game.to_move
        threats = captures_by_brute_force(game, 1 - p)
        chances = captures_by_brute_force(game, p)
        assert sorted(threats) == (notes["threat"]["cells"] if "threat" in notes else []), game.to_json()
        cells = game.view()["cells"]
        assert all(cells[c]["player"] == p for c in threats) and all(cells[c]["player"] != p for c in chances)
        capturing = sorted(set().union(*chances.values())) if chances else []
        assert capturing == (notes["capture"]["moves"] if "capture" in notes else []), game.to_json()
        for kind, stacks in (("threat", threats), ("capture", chances)):
            if not stacks:
                continue
            seen[kind] += 1
            seen["three or more"] += len(stacks) > 2
            seen["threat by a turn"] += kind == "threat" and any(m[0].isdigit() for m in set().union(*stacks.values()))
            text = notes[kind]["text"]
            if len(stacks) > 2:  # the stacks only, by their cells
                assert text.endswith(f" stacks on {or_list(sorted(stacks))}."), text
            elif len(stacks) == 2:  # each stack with its ways: each cell to place on, each coaster to turn
                for cell, moves in stacks.items():
                    assert f"on {cell} ({ways_said(moves)})" in text, (text, cell)
            else:  # the stack, the pips at stake, the ways
                [(cell, moves)] = stacks.items()
                assert text.endswith(f"on {cell} ({plural_pips(game, cell)}) {ways_said(moves)}."), text
        if not threats and not chances:
            seen["quiet"] += 1
    seen["an order chosen"] = CHOSEN["orders"]
    # The positions hold each case many times over.
    assert min(seen.values()) >= 15, seen


def test_the_coach_says_nothing_more_while_the_order_of_captures_is_chosen():
    """The choice of order is the move: the captures it makes are the ones the page shows for each
    order; no threat or capture is said then (the win or loss at the last turn still is)."""
    chosen = 0
    for game in positions(40_000, seed=1):
        if game.pending is None:
            continue
        assert {note["kind"] for note in game.coach()} <= {"win", "lose"}, game.to_json()
        chosen += 1
        if chosen == 30:
            break
    assert chosen == 30


def test_the_coach_in_words_on_the_rules_examples():
    # Black to move after Red's b2l: Red threatens Black's small on c2 from d2, Black can take the large.
    game = position("ambush", "two-cells")
    notes = {note["kind"]: note for note in game.coach()}
    assert set(notes) == {"threat", "capture", "exposing"}
    assert notes["threat"]["cells"] == ["c2"]
    assert notes["threat"]["text"] == ("Unless your move prevents it, next turn Red can capture your small on "
                                       "c2 (1 pip) by placing on d2.")
    assert notes["capture"]["moves"] == ["a2l", "b3l", "b3m"]
    assert notes["capture"]["text"] == "Now you can capture Red's large on b2 (3 pips) by placing on a2 or b3."
    # A large on d2 beside the small on c2: a red large on e2 would sandwich both with b2's, 4 pips.
    assert notes["exposing"]["text"] == ("Careful: 13 of your moves would let Red capture more next turn than the 1 pip "
                                         "it can now; the worst, placing a large on d2, lets Red take 4 pips.")
    # Red to move: the black small between Red's a1 and c1 is Red's for a pyramid on either end or a
    # turn of coaster 1; Black threatens the red small on c1 from d1.
    game = position("ambush", "safe-between")
    notes = {note["kind"]: note for note in game.coach()}
    assert notes["threat"]["cells"] == ["c1"]
    assert notes["threat"]["text"] == ("Unless your move prevents it, next turn Black can capture your small on "
                                       "c1 (1 pip) by placing on d1.")
    assert notes["capture"]["text"] == ("Now you can capture Black's small on b1 (1 pip) by placing on a1 or c1, "
                                        "or by turning coaster 1.")


def test_the_bridge_answers_ambush_s_coach():
    game = position("ambush", "two-cells")
    answer = json.loads(bridge.handle(json.dumps({"op": "coach", "record": game.to_json()})))
    assert answer["ok"]
    assert [n["kind"] for n in answer["result"]["notes"]] == ["threat", "capture", "exposing"]
    assert answer["result"]["notes"][0]["cells"] == ["c2"]


@pytest.mark.slow
def test_the_coach_is_quick():
    """Well under half a second of CPython a position (it runs in Pyodide on every position a
    person is to move at; the moves that let the other capture more, every answer to every
    move, are most of it); CPU time, as the machine may be busy."""
    times = []
    for game in positions(120, seed=5):
        start = time.process_time()
        game.coach()
        times.append(time.process_time() - start)
    assert statistics.median(times) < 0.1 and max(times) < 0.5, (statistics.median(times), max(times))
