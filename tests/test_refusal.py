"""Every refusal explained: a tap or a choice the rules forbid gets one sentence
from the engine saying why (Game.refusal, the bridge's `refusal` op)."""
from __future__ import annotations

import json

import pytest

import py_engines
from py_engines import CHANCE, bridge
from py_engines.rng import Rng

from test_learn import position

PLAYER_COUNTS = [(name, n) for name, info in py_engines.GAMES.items() for n in info["players"][:2]]


def refused_steps(game, rng: Rng, tries: int = 6):
    """Steps the page would refuse here: a legal move's first steps, then a cell or a
    choice that continues no legal move."""
    entries = [steps for move in game.legal_moves() for steps in game.move_entries(move)]
    cells = [cell["name"] for cell in type(game).layout()["cells"]]
    tokens = sorted({step["choice"] for steps in entries for step in steps if "choice" in step}) or ["x"]
    for _ in range(tries):
        prefix = entries[rng.below(len(entries))][:rng.below(3)] if entries else []
        step = {"cell": cells[rng.below(len(cells))]} if rng.below(3) else {"choice": tokens[rng.below(len(tokens))]}
        wanted = prefix + [step]
        if not any(steps[:len(wanted)] == wanted for steps in entries):
            yield wanted


@pytest.mark.parametrize("name, players", PLAYER_COUNTS)
def test_every_refusal_has_a_reason(name, players):
    rng = Rng(7)
    asked = 0
    for seed in range(4):
        game = py_engines.new_game(name, players, seed)
        while not game.is_over and len(game.history) < 60:
            if game.to_move == CHANCE:
                game.roll()
                continue
            for steps in refused_steps(game, rng):
                text = game.refusal(steps)
                asked += 1
                assert isinstance(text, str) and 8 < len(text) < 300 and text.endswith("."), (steps, text)
                assert "illegal move" not in text, text  # the rule, not the engine's prefix
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
    assert asked > 50


def merged_size(game, cell: str, colour: str) -> int:
    """The group a piece of ``colour`` on ``cell`` would make, counted from the view alone."""
    grid = {c["name"]: (c["x"], c["y"]) for c in type(game).layout()["cells"]}
    near = {a: [b for b in grid if 0.5 < ((grid[a][0] - grid[b][0]) ** 2 + (grid[a][1] - grid[b][1]) ** 2) ** 0.5 < 1.5]
            for a in grid}
    pieces = {c for c, k in game.view()["cells"].items() if k == colour}
    seen, todo = {cell}, [cell]
    while todo:
        for other in near[todo.pop()]:
            if other in pieces and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen)


def test_manalath_says_why_a_cell_takes_no_piece():
    game = position("manalath", "quart-first")
    assert game.refusal([{"cell": "i3"}]) == "i3 is occupied."
    # e5 touches a white trio and pair, and a black trio and pair: neither colour may go there.
    game = py_engines.load(json.dumps({"format": 1, "game": "manalath", "moves": [
        "c3w", "e6w", "c4w", "d4w", "e3b", "e4b", "g4b", "g5b", "f5b", "e7w"]}))
    assert not any(move.startswith("e5") for move in game.legal_moves())
    white, black = merged_size(game, "e5", "w"), merged_size(game, "e5", "b")
    assert (white, black) == (6, 6)
    assert game.refusal([{"cell": "e5"}]) == (
        "Nothing can go on e5: a white piece there would make a white group of 6, "
        "and a black piece there would make a black group of 6; no group may be larger than five.")


def test_ambush_names_the_coaster_that_may_not_turn():
    game = py_engines.new_game("ambush")
    game.play("4cw-s")
    assert game.refusal([{"choice": "cw"}, {"choice": "s"}, {"cell": "e5"}]) == \
        "Coaster 4 was turned on the turn just before."


def test_the_bridge_answers_a_refusal_and_refuses_bad_steps():
    record = py_engines.new_game("ambush")
    record.play("4cw-s")
    answer = json.loads(bridge.handle(json.dumps({"op": "refusal", "record": record.to_json(),
                                                  "steps": [{"choice": "half"}, {"choice": "s"}, {"cell": "e5"}]})))
    assert answer == {"ok": True, "result": {"text": "Coaster 4 was turned on the turn just before."}}
    for steps in ([], [{"cell": "a1", "choice": "s"}], [{"where": "a1"}], [{"cell": 3}], "a1", [{"cell": "a1"}] * 17):
        answer = json.loads(bridge.handle(json.dumps({"op": "refusal", "record": record.to_json(), "steps": steps})))
        assert answer["ok"] is False and answer["error"]["code"] == "bad_request", steps
