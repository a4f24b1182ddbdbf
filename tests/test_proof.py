"""A win by force (py_engines/ai/proof.py), as the hint claims it: every claim is
checked here by trying every answer again, independently, and a position with a
known forced win is found; where dice decide, nothing is claimed."""
from __future__ import annotations

import json

import pytest

import py_engines
from py_engines import bridge
from py_engines.ai.proof import forced_win
from py_engines.core import CHANCE
from py_engines.learn import DIAGRAMS
from py_engines.playout import random_game


def after(game, move):
    copy = game.clone()
    copy.play(move)
    return copy


def surely_won(game, mover: int, plies: int) -> bool:
    """The plain definition, written out again: the game is won by the mover (not by all),
    or within the plies left the mover has a move, and every other player every answer, that keeps it so."""
    if game.is_over:
        return mover in game.winners and len(game.winners) < game.players
    if plies == 0 or game.to_move == CHANCE:
        return False
    results = (surely_won(after(game, move), mover, plies - 1) for move in game.legal_moves())
    return any(results) if game.to_move == mover else all(results)


def positions(name: str, seeds=range(4)):
    """Positions of seeded random games near their ends (where wins by force are), and midway."""
    for seed in seeds:
        game = random_game(name, seed, 2)
        record = json.loads(game.to_json())
        for cut in (len(game.history) // 2, len(game.history) - 3, len(game.history) - 2, len(game.history) - 1):
            yield py_engines.load(json.dumps({**record, "moves": game.history[:max(cut, 0)]}))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["manalath", "ambush", "nymbat", "nimbus", "not_nyout"])
def test_every_win_claimed_by_force_is_one(name):
    claimed = 0
    for game in positions(name):
        proof = forced_win(game, max_plies=3, budget=5_000, seconds=60)
        if proof is None:
            continue
        claimed += 1
        assert proof["move"] in game.legal_moves()
        assert surely_won(after(game, proof["move"]), game.to_move, proof["plies"] - 1), (game.history, proof)
        # The fewest plies: no move wins in fewer.
        if proof["plies"] > 1:
            for move in game.legal_moves():
                assert not surely_won(after(game, move), game.to_move, proof["plies"] - 2), (game.history, move)
    if name != "not_nyout":
        assert claimed > 0


def test_manalath_the_move_that_forced_a_quart_is_found_as_a_win_in_two():
    diagram = next(d for d in DIAGRAMS["manalath"] if d.key == "quart-first")
    record = json.loads(diagram.record("manalath"))
    before = py_engines.load(json.dumps({**record, "moves": record["moves"][:-1]}))
    proof = forced_win(before)
    assert proof is not None and proof["plies"] == 2
    # After it, every move of White's loses.
    for move in after(before, proof["move"]).legal_moves():
        ended = after(after(before, proof["move"]), move)
        assert ended.is_over and ended.winners == [before.to_move]


def test_nothing_is_claimed_past_the_dice_or_beyond_the_budget():
    game = py_engines.new_game("not_nyout")
    while game.to_move == CHANCE:  # the roll-off and the first dice, each roll different from the last
        outcomes = game.legal_moves()
        game.play(outcomes[len(game.history) % len(outcomes)])
    assert forced_win(game) is None
    start = py_engines.new_game("manalath")
    assert forced_win(start, max_plies=5, budget=50) is None


def test_the_bridge_proves_or_says_nothing():
    diagram = next(d for d in DIAGRAMS["manalath"] if d.key == "quart-first")
    record = json.loads(diagram.record("manalath"))
    record["moves"] = record["moves"][:-1]
    answer = json.loads(bridge.handle(json.dumps({"op": "prove", "record": record})))
    assert answer["ok"] and answer["result"]["plies"] == 2
    fresh = json.loads(bridge.handle(json.dumps({"op": "prove", "record": {**record, "game": "ambush", "moves": []}})))
    assert fresh == {"ok": True, "result": {"move": None}}
