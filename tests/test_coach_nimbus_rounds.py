"""Nimbus's coach at every round's end (issue 39): the moves that take every pyramid left this
turn, and those that let the next player take every pyramid left on theirs whatever the rest of
this turn. This turn is tried through the engine itself, every way through it; the next player's
turn by listing every board it can leave (nimbus_endgame.turn_results, which its own tests hold
to the engine), not by the coach's shortcut (can_empty)."""
from __future__ import annotations

import json

import pytest

import py_engines
from py_engines import CHANCE
from py_engines.ai.nimbus_endgame import board_of, turn_results
from py_engines.rng import Rng


def _after(game, move):
    after = game.clone()
    after.play(move)
    return after


def _ends_round(game) -> bool:
    return any(e["type"] == "round" for e in game.events)


def turn_can_empty(game) -> bool:
    """Whether the player to move can take every pyramid left within this turn: every action tried."""
    me = game.turn
    for move in game.legal_moves():
        after = _after(game, move)
        if _ends_round(after) or (after.turn == me and not after.setup and turn_can_empty(after)):
            return True
    return False


def takes(game, move) -> bool:
    after = _after(game, move)
    return _ends_round(after) or (after.turn == game.turn and turn_can_empty(after))


def next_turn_can_empty(game) -> bool:
    """Whether the player to move, at the start of a turn, can take every pyramid left in it."""
    return turn_results(board_of(game))[1]


def gifts(game, move) -> bool:
    after = _after(game, move)
    if _ends_round(after):
        return False
    if after.turn != game.turn:
        return next_turn_can_empty(after)
    ends = [_after(after, rest) for rest in after.legal_moves()]
    return bool(ends) and all(not _ends_round(end) and next_turn_can_empty(end) for end in ends)


def small_boards(players: int, options: dict, count: int, seed: int):
    """Positions in play with at most 8 pyramids on the board, from random games."""
    rng, found, game_seed = Rng(seed), 0, 0
    while found < count:
        game = py_engines.load(json.dumps({"format": 1, "game": "nimbus", "players": players, "seed": game_seed,
                                           "options": options, "moves": []}))
        game_seed += 1
        while not game.is_over and found < count:
            if game.to_move == CHANCE:
                game.roll()
                continue
            if not game.setup and game.on_board <= 8 and rng.below(2) == 0:
                found += 1
                yield game
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])


@pytest.mark.slow
@pytest.mark.parametrize("players, options", [
    (2, {"sets": 2, "random_setup": True}),
    (3, {"sets": 2, "random_setup": True, "round_end": "misere"}),
    (4, {"sets": 2, "random_setup": True, "round_end": "two_losers"}),
], ids=["two", "three-misere", "four-two-losers"])
def test_the_coach_names_exactly_the_moves_that_take_the_round_or_hand_it_over(players, options):
    seen = {"round": 0, "round-gift": 0}
    for game in small_boards(players, options, 40, seed=players):
        said = game.coach()
        notes = {note["kind"]: set(note["moves"]) for note in said}
        if "win" in notes or "lose" in notes:
            continue  # the game's own end outranks the round's (its notes are checked in test_coach.py)
        # The count says what it counts: the turn's collects once its move is made, else its moves.
        counted = "collects" if game.moved and not game.collected else "moves"
        for note in said:
            if note["kind"] == "round-gift" and " of the " in note["text"]:
                assert f"of the {len(game.legal_moves())} {counted} here" in note["text"], (game.to_json(), note)
        for move in game.legal_moves():
            assert (move in notes.get("round", set())) == takes(game, move), (game.to_json(), move)
            assert (move in notes.get("round-gift", set())) == gifts(game, move), (game.to_json(), move)
        for kind in seen:
            seen[kind] += kind in notes
    assert seen["round"] >= 3 and seen["round-gift"] >= 3, seen  # both kinds were met, not only their absence


def test_the_coach_says_who_takes_the_round_and_what_the_rule_then_does():
    # Two pyramids left, both small and upright on row 1: one collect takes them both.
    for rule, outcome in (("last", "Player 1 wins the round"), ("misere", "then Player 2 wins the round")):
        game = py_engines.load(json.dumps({"format": 1, "game": "nimbus", "players": 2, "seed": 0,
                                           "options": {"sets": 2, "round_end": rule}, "moves": []}))
        game.stacks = [[] for _ in game.stacks]
        game.dirs = [-1] * len(game.dirs)
        game.stacks[0], game.stacks[1] = [1], [4]  # a blue small and a green small, a1 and b1, upright
        game.on_board, game.setup, game.turn = 2, False, 0
        [note] = [note for note in game.coach() if note["kind"] == "round"]
        assert note["ring"] == "win" and outcome in note["text"], note


@pytest.mark.slow
def test_a_hint_says_a_move_keeps_the_round_from_the_next_player_exactly_where_it_does():
    """The hint's reason (Game.reason) where some moves hand the next player every pyramid left:
    said of a move exactly when, tried through the engine, it ends the turn on a board the next
    player cannot empty, or starts a turn after which no way through it leaves such a board."""
    said = 0
    for players, options in ((2, {"sets": 2, "random_setup": True}), (3, {"sets": 2, "round_end": "misere"})):
        for game in small_boards(players, options, 8, seed=10 + players):
            if any(note["kind"] in ("win", "lose") for note in game.coach()):
                continue
            legal = game.legal_moves()
            handed = [move for move in legal if gifts(game, move)]
            for move in legal:
                reason = game.reason(move)
                after = _after(game, move)
                if not handed or move in handed or takes(game, move):
                    expected = False
                elif after.turn != game.turn:
                    expected = not next_turn_can_empty(after)
                else:
                    ends = [_after(after, rest) for rest in after.legal_moves()]
                    expected = bool(ends) and not any(_ends_round(end) or next_turn_can_empty(end) for end in ends)
                assert (reason is not None) == expected, (game.to_json(), move, reason)
                said += expected
    assert said >= 4, said
