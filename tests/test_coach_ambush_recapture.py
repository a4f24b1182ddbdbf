"""Ambush's coach warns of a capture that opens a bigger one for the other side on its next
turn (issue 39: the coach advised a capture on c2 that won 1 pip and let Black take 3 at
once). Checked here another way: every capture move played through the rules (``play``, not
the coach's unchecked copies), then every reply of the other side, each side choosing the
order of captures that suits it."""
from __future__ import annotations

import pytest

import py_engines
from py_engines.games.ambush import MINE, THEIRS
from py_engines.rng import Rng


def pips(events, q):
    return sum(e["pips"] for e in events if e["type"] == "capture" and e["player"] == q)


def outcomes(game, move, q):
    """(pips q captured, the position after) for each way the move may end (q's order choices)."""
    after = game.clone()
    after.play(move)
    if after.pending is None:
        return [(pips(after.events, q), after)]
    ends = []
    for choice in (MINE, THEIRS):
        end = after.clone()
        end.play(choice)
        ends.append((pips(after.events, q) + pips(end.events, q), end))
    return ends


def best_capture(game, q):
    return max((won for move in game.legal_moves() for won, _ in outcomes(game, move, q)), default=0)


def capture_as_the_board_stands(game, q):
    """The most pips q could capture were it q's turn now, no coaster closed."""
    board = game.clone()
    board.turn, board.blocked = q, None
    return best_capture(board, q)


@pytest.mark.slow
def test_the_coach_warns_exactly_of_the_captures_that_open_a_bigger_one():
    rng, checked, warned = Rng(7), 0, 0
    for seed in range(6):
        game = py_engines.new_game("ambush", 2, seed)
        while not game.is_over:
            me = game.to_move
            notes = {note["kind"]: note for note in game.coach()}
            if me is not None and game.pending is None and "capture" in notes:
                threat = capture_as_the_board_stands(game, 1 - me)
                expected = {}
                for move in notes["capture"]["moves"]:
                    won, lost = max(((won, 0 if end.is_over else best_capture(end, 1 - me))
                                     for won, end in outcomes(game, move, me)), key=lambda wl: wl[0] - wl[1])
                    if lost > max(won, threat):
                        expected[move] = [won, lost]
                assert notes.get("costly", {}).get("pips", {}) == expected, game.to_json()
                checked += 1
                warned += bool(expected)
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
    assert checked >= 40 and warned >= 5, (checked, warned)


@pytest.mark.slow
def test_the_coach_names_exactly_the_other_moves_that_let_the_other_side_capture_more():
    """``exposing``: every move that captures nothing after which the other side can capture
    more next turn than it can as the board stands, with what it can then capture."""
    rng, checked, warned = Rng(9), 0, 0
    for seed in range(20, 22):
        game = py_engines.new_game("ambush", 2, seed)
        while not game.is_over:
            me = game.to_move
            if me is not None and game.pending is None and rng.below(2) == 0:
                notes = {note["kind"]: note for note in game.coach()}
                threat = capture_as_the_board_stands(game, 1 - me)
                expected = {}
                for move in game.legal_moves():
                    ends = outcomes(game, move, me)
                    if any(won for won, _ in ends):
                        continue   # a capture: the costly note's
                    lost = min(0 if end.is_over else best_capture(end, 1 - me) for _, end in ends)
                    if lost > threat:
                        expected[move] = lost
                assert notes.get("exposing", {}).get("pips", {}) == expected, game.to_json()
                checked += 1
                warned += bool(expected)
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
    assert checked >= 20 and warned >= 10, (checked, warned)
