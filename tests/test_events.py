"""What each move reports it did (``events``), checked against the positions before and after.

Along seeded random games of every game and player count: every event is plain
JSON data of a known type; a placement lands where it says; a move's path runs
from its start to its end over neighbouring cells and only where the rules let
it; captured pips are the change of score; a fight round's dice decide its loser
by the rules; a coaster turn moves each stack as the turn maps it; the game
ends exactly when an ``end`` event says so; every turn can be told in words.
"""
from __future__ import annotations

import json
import math
from itertools import groupby

import pytest

import py_engines
from py_engines import CHANCE
from py_engines.rng import Rng

CASES = [(name, players) for name, info in py_engines.GAMES.items() for players in info["players"]]
COMMON = {"place", "move", "capture", "remove", "dice", "pass", "out", "end"}
OWN = {
    "manalath": {"group"},
    "ambush": {"rotate", "choice", "order"},
    "nymbat": {"pick", "attack", "delay", "penalty", "home"},
    "not_nyout": {"rolloff", "tie", "ranking", "slot", "home", "summon", "join", "split", "attack", "fight",
                  "fight_end", "quiet"},
    "nimbus": {"take", "deal", "orient", "collect", "round"},
}
EXPECTED = {"manalath": {"place", "end"}, "ambush": {"place", "capture", "rotate", "end"},
            "nymbat": {"place", "move", "attack", "remove"}, "not_nyout": {"dice", "move", "fight", "fight_end"},
            "nimbus": {"place", "collect", "move", "orient", "round", "end"}}
PLIES = {"manalath": 200, "ambush": 80, "nymbat": 400, "not_nyout": 400, "nimbus": 700}


def neighbours(name: str) -> dict[str, set[str]]:
    """Cells one step apart on the drawn board (tracks for Not Nyout, one unit elsewhere)."""
    layout = type(py_engines.new_game(name)).layout()
    near: dict[str, set[str]] = {c["name"]: set() for c in layout["cells"]}
    if layout.get("lines"):
        for a, b in layout["lines"]:
            near[a].add(b)
            near[b].add(a)
        return near
    at = {c["name"]: (c["x"], c["y"]) for c in layout["cells"]}
    for a, (x, y) in at.items():
        for b, (u, v) in at.items():
            if a != b and math.hypot(x - u, y - v) < 1.5 and (layout["shape"] == "square" or math.hypot(x - u, y - v) < 1.01):
                near[a].add(b)
    return near


def random_moves(name: str, players: int, seed: int):
    """Yield (game before, move, game after) along a seeded random game."""
    game = py_engines.new_game(name, players, seed, **({"goal": "rounds1"} if name == "nimbus" else {}))
    rng = Rng(seed)
    for _ in range(PLIES[name]):
        if game.is_over:
            return
        before = game.clone()
        if game.to_move == CHANCE:
            move = game.roll()
        else:
            moves = game.legal_moves()
            move = moves[rng.below(len(moves))]
            game.play(move)
        yield before, move, game


def check_path(name: str, before, e: dict, near: dict[str, set[str]]) -> None:
    path = e["path"]
    assert path[0] == e["from"] and path[-1] == e["to"] and len(path) >= 2
    for a, b in zip(path, path[1:]):
        assert b in near[a], f"{a} and {b} are not neighbours"
    view = before.view()
    if name == "nymbat":
        cells = view["cells"]
        me = cells[e["from"]][0]
        mine = {q for q in range(before.players) if before.side[q] == before.side[me]}
        assert len(path) - 1 <= before.speed if before.phase == "move" else True
        assert all(c not in cells or cells[c][0] in mine for c in path[1:-1]), "passed through an enemy"
        assert e["to"] not in cells or cells[e["to"]][0] not in mine
        assert cells[e["from"]][1] == e["number"]
    elif name == "nimbus":
        squares = view["squares"]
        assert all(c not in squares for c in path[1:]) or not e["flat"] and e["to"] in squares
        if not e["flat"]:
            assert len(path) == 2
    elif name == "not_nyout":
        assert len(path) - 1 <= e["roll"]
        assert e["roll"] in view["rolls"]


@pytest.mark.parametrize("name, players", CASES)
def test_events_agree_with_the_positions(name, players):
    near = neighbours(name)
    kinds = COMMON | OWN[name]
    seen: set[str] = set()
    for seed in (10 * players + 1, 10 * players + 2, 10 * players + 3):
        turns_before = 0
        for before, move, after in random_moves(name, players, seed):
            events = after.events
            json.dumps(events)
            assert isinstance(events, list)
            assert after.turns in (turns_before, turns_before + 1), "a move ends at most one turn"
            turns_before = after.turns
            for e in events:
                assert e["type"] in kinds, e
                seen.add(e["type"])
                if "path" in e:
                    check_path(name, before, e, near)
            ends = [e for e in events if e["type"] == "end"]
            assert bool(ends) == after.is_over
            if ends:
                assert ends[0]["winners"] == after.winners
            check_game(name, before, after, events)
    assert EXPECTED[name] <= seen, f"random games never showed {EXPECTED[name] - seen}"


def check_game(name: str, before, after, events: list[dict]) -> None:
    """What each game's own events say, against its positions."""
    if name == "manalath":
        for e in events:
            if e["type"] == "place":
                assert after.view()["cells"][e["cell"]] == e["colour"][0]
                assert e["cell"] not in before.view()["cells"]
    elif name == "ambush":
        gained = [after.scores[p] - before.scores[p] for p in (0, 1)]
        taken = [sum(e["pips"] for e in events if e["type"] == "capture" and e["player"] == p) for p in (0, 1)]
        assert gained == taken, "the captured pips are the change of score"
        for e in events:
            if e["type"] == "capture":
                assert before.view()["cells"].get(e["cell"]) or any(
                    e["cell"] == to for r in events if r["type"] == "rotate" for _, to in r["moves"])
            if e["type"] == "rotate":
                from py_engines.games.ambush import INDEX, NAMES, TURN_MAPS
                dest = TURN_MAPS[e["coaster"], e["direction"]]
                assert all(NAMES[dest[INDEX[a]]] == b for a, b in e["moves"])
                assert sorted(a for a, _ in e["moves"]) == sorted(
                    c for c in before.view()["cells"] if INDEX[c] in __import__("py_engines.games.ambush").games.ambush.COASTER_CELLS[e["coaster"]])
    elif name == "nimbus":
        b, a = before.view(), after.view()
        for e in events:
            if e["type"] == "collect":
                p = e["player"]
                got = a["pips"][p] - b["pips"][p] if a["round"] == b["round"] else None
                assert got in (None, e["pips"]), "the collected pips are the change of the collection"
                assert sum(int(t["kind"][1]) for t in e["taken"]) == e["pips"]
                for t in e["taken"]:
                    assert b["squares"][t["cell"]]["stack"][-1] == t["kind"]
    elif name == "not_nyout":
        for e in events:
            if e["type"] == "fight":
                attacker_wins = e["attack_die"] + 2 > e["defence_die"]
                assert e["attack_total"] == e["attack_die"] + 2
                loser = e["defender"]["owner"] if attacker_wins else e["attacker"]["owner"]
                assert e["loser"] == loser, "the dice decide the loser: a tie goes to the defender"
                assert after.view()["horses"][loser] == before.view()["horses"][loser] - 1
                from py_engines.games.not_nyout import DIE_FOR_SIZE
                assert 1 <= e["attack_die"] <= DIE_FOR_SIZE[e["attacker"]["size"]]
                assert 1 <= e["defence_die"] <= DIE_FOR_SIZE[e["defender"]["size"]]
            if e["type"] == "dice":
                assert after.view()["rolls"] == e["dice"]
    elif name == "nymbat":
        for e in events:
            if e["type"] == "attack":
                assert e["survived"] == (e["number"] > e["defence"])
                assert (after.view()["cells"].get(e["cell"]) == [e["player"], e["number"]]) == e["survived"]
            if e["type"] == "remove" and e["reason"] in ("breakthrough", "penalty"):
                assert before.view()["cells"][e["cell"]] == [e["owner"], e["number"]]
                assert e["cell"] not in after.view()["cells"]
            if e["type"] == "place":
                assert after.view()["cells"][e["cell"]] == [e["player"], e["number"]]


@pytest.mark.parametrize("name, players", CASES)
def test_every_turn_of_a_record_is_told_in_words(name, players):
    game = py_engines.new_game(name, players, 4, **({"goal": "rounds1"} if name == "nimbus" else {}))
    rng = Rng(4)
    while not game.is_over and len(game.history) < PLIES[name]:
        if game.to_move == CHANCE:
            game.roll()
        else:
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
    trace: list[dict] = []
    py_engines.load(game.to_json(), trace=trace)
    assert len(trace) == len(game.history)
    names = type(game).seat_names(players)
    for _, moves in groupby(trace, key=lambda m: m["turn"]):
        moves = list(moves)
        text = type(game).narrate([e for m in moves for e in m["events"]], players)
        assert text and text[0].isupper() and text.endswith("."), text
        owner = moves[0]["player"]
        if owner is not None and moves[0]["by"] != CHANCE:
            assert names[owner] in text or "team" in text
