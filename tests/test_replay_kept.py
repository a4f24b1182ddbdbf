"""load keeps its last replays (issue 41: a game of thousands of moves was replayed from the first
move at every request): a record that goes on from a kept one replays only its new moves, and
every answer is the one a replay from the first move gives."""
from __future__ import annotations

import json

import pytest

import py_engines
from py_engines import BadRecord, bridge
from py_engines.playout import random_game


def fresh(request: dict) -> str:
    py_engines._replayed.clear()
    return bridge.handle(json.dumps(request))


@pytest.mark.parametrize("name,players", [("nimbus", 3), ("nymbat", 4), ("not_nyout", 2), ("ambush", 2), ("manalath", 2)])
def test_answers_with_kept_replays_are_those_of_a_replay_from_the_start(name, players):
    record = json.loads(random_game(name, 5, players, fast=True).to_json())
    moves = record["moves"]
    py_engines._replayed.clear()
    # The page's way through a game: each move played on the last record, with looks back (undo) between.
    for n in list(range(0, len(moves), max(1, len(moves) // 25))) + [len(moves) // 2, 3, len(moves) - 1]:
        text = json.dumps({**record, "moves": moves[:n]})
        for request in ({"op": "play", "record": text, "move": moves[n]}, {"op": "state", "record": text},
                        {"op": "coach", "record": text}):
            kept = bridge.handle(json.dumps(request))
            assert kept == fresh(request), (name, n, request["op"])
            bridge.handle(json.dumps({"op": "state", "record": json.dumps({**record, "moves": moves[:n + 1]})}))


def test_a_kept_replay_is_never_changed_by_what_is_done_with_a_game_it_gave():
    record = json.loads(random_game("manalath", 2, 2, fast=True).to_json())
    text = json.dumps({**record, "moves": record["moves"][:10]})
    game = py_engines.load(text)
    game.play(game.legal_moves()[0])  # played on by a caller
    again = py_engines.load(text)
    assert again.history == record["moves"][:10]


def test_a_record_that_goes_on_wrongly_is_refused_and_leaves_the_kept_replay_whole():
    record = json.loads(random_game("manalath", 3, 2, fast=True).to_json())
    good = json.dumps({**record, "moves": record["moves"][:8]})
    py_engines.load(good)
    with pytest.raises(BadRecord, match="move 9 does not replay"):
        py_engines.load(json.dumps({**record, "moves": record["moves"][:8] + [record["moves"][7]]}))  # its cell taken
    assert py_engines.load(good).history == record["moves"][:8]
    # Another game's setup (another seed) never starts from this one's replay.
    other = json.dumps({**record, "seed": record["seed"] + 1, "moves": record["moves"][:8]})
    assert py_engines.load(other).seed == record["seed"] + 1
