"""The coach says what the rules will do next, only where it is certain
(Game.coach, the bridge's `coach` op): checked against brute force over random
positions of every game."""
from __future__ import annotations

import json

import pytest

import py_engines
from py_engines import CHANCE, bridge
from py_engines.rng import Rng

from test_learn import position

PLAYER_COUNTS = [(name, n) for name, info in py_engines.GAMES.items() for n in info["players"][:2]]


def replayed(game, move: str):
    """The game after ``move``, rebuilt from its record (not from a copy: another path)."""
    record = json.loads(game.to_json())
    record["moves"].append(move)
    return py_engines.load(json.dumps(record))


def random_positions(name: str, players: int, count: int, seed: int = 0):
    rng = Rng(seed)
    found = 0
    game_seed = 0
    while found < count:
        game = py_engines.new_game(name, players, game_seed)
        game_seed += 1
        while not game.is_over and found < count:
            if game.to_move == CHANCE:
                game.roll()
                continue
            if rng.below(3) == 0:
                found += 1
                yield game
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])


@pytest.mark.slow
@pytest.mark.parametrize("name, players", PLAYER_COUNTS)
def test_the_coach_names_exactly_the_moves_that_win_or_lose_at_once(name, players):
    for game in random_positions(name, players, 40):
        notes = {note["kind"]: set(note["moves"]) for note in game.coach()}
        mover = game.to_move
        for move in game.legal_moves():
            after = replayed(game, move)
            wins = after.is_over and mover in after.winners
            loses = after.is_over and bool(after.winners) and mover not in after.winners
            assert (move in notes.get("win", set())) == wins, (game.to_json(), move)
            assert (move in notes.get("lose", set())) == loses, (game.to_json(), move)


def test_manalath_the_coach_marks_the_cells_black_must_leave_alone():
    game = position("manalath", "cells-to-avoid")
    notes = {note["kind"]: note for note in game.coach()}
    assert notes["gift"]["moves"] == ["c7w", "d7w", "e7w"]
    assert notes["gift"]["text"] == ("A white piece on c7, d7 or e7 would give White a quint: "
                                     "White would win when its turn ends.")
    assert "d7b" in notes["lose"]["moves"]
    everything = position("manalath", "quart-first")
    assert {note["kind"] for note in everything.coach()} == {"lose"}
    assert set(everything.coach()[0]["moves"]) == set(everything.legal_moves())  # every move loses


@pytest.mark.slow
def test_manalath_a_gift_is_a_win_the_other_cannot_refuse():
    """A move is called a gift exactly when, after it, every reply of the other player wins for them
    (brute force over the replies; a position where the other already has a quart is left out:
    the coach then says nothing of gifts, since that quart would decide first)."""
    checked = 0
    rng = Rng(3)
    for game in random_positions("manalath", 2, 150, seed=1):
        other = 1 - game.to_move
        if game.quarts[other]:
            continue
        gifts = next((set(n["moves"]) for n in game.coach() if n["kind"] == "gift"), set())
        theirs = [m for m in game.legal_moves() if m.endswith("wb"[other])]
        for move in sorted(gifts) + [theirs[rng.below(len(theirs))] for _ in range(3) if theirs]:
            after = game.clone()
            after.play(move)
            if after.is_over:
                assert move not in gifts
                continue
            replies = [after.clone() for _ in after.legal_moves()]
            for reply, answer in zip(replies, after.legal_moves()):
                reply.play(answer)
            every_reply_wins = all(reply.is_over and reply.winners == [other] for reply in replies)
            assert (move in gifts) == every_reply_wins, (game.to_json(), move)
            checked += 1
    assert checked > 100


def test_the_bridge_answers_the_coach():
    game = position("manalath", "cells-to-avoid")
    answer = json.loads(bridge.handle(json.dumps({"op": "coach", "record": game.to_json()})))
    assert answer["ok"] and [n["kind"] for n in answer["result"]["notes"]] == ["lose", "gift"]
