"""The review of a game (py_engines/ai/review.py) and its bridge op: the chances agree with the
search for the same seed, a planted blunder is flagged, a good move is not, a finished game's
chances are its result, and the op answers small JSON and refuses malformed requests."""
from __future__ import annotations

import json
import math

import pytest

import py_engines
from py_engines import bridge
from py_engines.ai import Search, analyse
from py_engines.ai import review as review_module
from py_engines.ai.review import THRESHOLDS, assess, mark_for, review_game, review_ply, settings_for
from py_engines.core import CHANCE
from py_engines.playout import random_game

CASES = [(name, n) for name, info in py_engines.GAMES.items() for n in info["players"]]
# A small budget keeps the tests fast (the review's own is in REVIEW), and no time cap cuts a
# search short on a busy machine, so that the same seed gives the same numbers.
SMALL = {"iterations": 40, "max_seconds": 60}


@pytest.fixture
def small_reviews(monkeypatch):
    """The bridge's reviews at SMALL budgets (the op takes no settings)."""
    for name in review_module.REVIEW:
        monkeypatch.setitem(review_module.REVIEW, name, {**review_module.REVIEW[name], **SMALL})
    review_module._ASSESSED.clear()
    yield
    review_module._ASSESSED.clear()


def positions(name: str, players: int, wanted: int = 3) -> list[py_engines.Game]:
    """Positions of a seeded random game where the review's search chooses among several moves."""
    game = random_game(name, 11, players, fast=True)
    position = py_engines.new_game(name, players, 11)
    found = []
    for move in game.history:
        if len(found) < wanted and position.to_move != CHANCE and len(position.legal_moves()) > 1:
            if assess(position, 5, **SMALL)["how"] == "search":
                found.append(position.clone())
        position.play(move)
    return found


@pytest.mark.parametrize("name, players", CASES)
def test_the_reviews_values_agree_with_the_search_for_the_same_seed(name, players):
    chosen = positions(name, players)
    assert chosen, f"no searched position in {name} with {players} players"
    for game in chosen:
        point = assess(game, 5, **SMALL)
        settings = settings_for(name, SMALL)
        found = analyse(game, settings, 5)
        team = 2 if name == "nymbat" and players == 4 else 1
        assert point["best"] == found["move"]
        assert point["best_value"] == pytest.approx(found["value"] * team, abs=1e-12)
        assert point["iterations"] == found["iterations"] == found["budget"]
        # The mover's chance is the mean of their rewards over every playout of the same search.
        search = Search(game, settings, 5)
        search.run()
        mover = game.to_move
        assert point["chances"][mover] == pytest.approx(team * math.fsum(search.root.w) / search.root.visits,
                                                        abs=1e-9)
        # One winner: the chances add up to 1; two teams of two: to 2, teammates equal.
        assert all(0.0 <= c <= 1.0 for c in point["chances"])
        assert math.fsum(point["chances"]) == pytest.approx(team, abs=1e-9)
        if team == 2:
            assert point["chances"][0] == point["chances"][2] and point["chances"][1] == point["chances"][3]


def test_the_same_position_and_seed_give_the_same_review_and_another_seed_another_search():
    game = positions("ambush", 2, 1)[0]
    first = assess(game, 3, **SMALL)
    assert assess(game, 3, **SMALL) == first
    assert assess(game, 4, **SMALL)["chances"] != first["chances"]


def manalath(moves: list[str]) -> py_engines.Game:
    game = py_engines.new_game("manalath")
    for move in moves:
        game.play(move)
    return game


# White (to move) has a group of three on e5, e6, e4; Black's pieces are apart.
THREE_WHITE = ["e5w", "a1b", "e6w", "i5b", "e4w", "a5b"]


def test_a_planted_blunder_is_flagged():
    game = manalath(THREE_WHITE)
    own_quart = "f5w"            # touches e5 and e6: a white quart, and White loses at once
    after = game.clone()
    after.play(own_quart)
    assert after.is_over and after.winners == [1]
    point = review_ply(game, own_quart, 1, max_seconds=60)
    assert point["best"] != own_quart
    assert point["played_value"] == 0.0
    assert point["drop"] >= THRESHOLDS[0][1]
    assert point["mark"] == "blunder"
    # The page is told the better move in words.
    assert point["best_text"].startswith("White places")


def test_a_missed_win_is_flagged_and_another_winning_move_is_not():
    # Black made White's group a quart (e3, e4, e5, e6): White wins with a fifth piece.
    game = manalath(["e5w", "a1b", "e6w", "i5b", "e4w", "e3w"])
    wins = []
    for move in game.legal_moves():
        after = game.clone()
        after.play(move)
        if after.is_over and after.winners == [0]:
            wins.append(move)
    assert len(wins) >= 2
    point = review_ply(game, wins[0], 1, **SMALL)
    assert point["chances"] == [1.0, 0.0] and point["best"] in wins and point["best_value"] == 1.0
    for move in wins:               # any winning move, the search's or another
        assert review_ply(game, move, 1, **SMALL)["mark"] is None
    other = next(m for m in game.legal_moves() if m not in wins)
    elsewhere = review_ply(game, other, 1, **SMALL)  # the win let go: White's quart stands, and White loses
    assert elsewhere["played_value"] == 0.0 and elsewhere["mark"] == "blunder"


def test_the_searchs_own_move_is_never_marked():
    game = manalath(THREE_WHITE)
    point = review_ply(game, assess(game, 1, **SMALL)["best"], 1, **SMALL)
    assert point["mark"] is None and point["drop"] is not None


def test_marks_follow_the_thresholds():
    assert [mark_for(d) for d in (None, -0.2, 0.0, 0.149, 0.15, 0.249, 0.25, 0.349, 0.35, 1.0)] == [
        None, None, None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


@pytest.mark.parametrize("name, players", [("manalath", 2), ("nymbat", 4), ("not_nyout", 3), ("nimbus", 3)])
def test_the_chances_of_a_finished_game_are_its_result(name, players):
    game = random_game(name, 4, players, fast=True)
    point = review_ply(game, None, 0, **SMALL)
    assert point["how"] == "result" and point["best"] is None and point["mark"] is None
    winners = game.winners
    expected = [1.0 if p in winners else 0.0 for p in range(players)] if winners else [1 / players] * players
    assert point["chances"] == expected
    assert review_game(game, 0, iterations=1)[-1]["chances"] == expected


def test_dice_are_given_chances_and_no_mark():
    game = py_engines.new_game("not_nyout", 2, 3)
    assert game.to_move == CHANCE
    rolled = game.clone()
    outcome = rolled.roll()
    point = review_ply(game, outcome, 0, **SMALL)
    assert point["how"] == "chance" and point["best"] is None and point["mark"] is None
    assert math.fsum(point["chances"]) == pytest.approx(1.0)


def test_nimbus_in_the_middle_of_a_round_is_given_the_policys_estimate_and_no_mark():
    game = py_engines.new_game("nimbus", 2, 3)
    point = review_ply(game, game.legal_moves()[0], 0, **SMALL)
    assert point["how"] == "rules" and point["best"] is None and point["mark"] is None
    assert point["chances"] == [0.5, 0.5]  # no points yet: even


def test_a_whole_game_is_one_point_per_position_each_judging_the_move_played():
    game = random_game("ambush", 2, 2, fast=True)
    points = review_game(game, 0, **SMALL)
    assert len(points) == len(game.history) + 1
    assert [p["played"] for p in points] == game.history + [None]
    for point, after in zip(points, points[1:]):
        if point["best"] is not None:  # the played move is judged by the next point's chances
            assert point["played_value"] == after["chances"][point["player"]]
            assert point["drop"] == pytest.approx(point["chances"][point["player"]] - point["played_value"])


# -- the bridge op -----------------------------------------------------------------

def ask(request: dict) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def test_the_bridge_reviews_one_ply(small_reviews):
    record = json.loads(manalath(THREE_WHITE + ["f5w"]).to_json())
    answer = ask({"op": "review", "record": record, "ply": 6, "seed": 1})
    assert answer["ok"], answer
    result = answer["result"]
    assert set(result) == {"ply", *bridge.REVIEWED}
    assert result["ply"] == 6 and result["player"] == 0 and result["played"] == "f5w"
    assert result["mark"] == "blunder" and result["best"] != "f5w" and result["how"] == "search"
    assert len(json.dumps(result)) < 600
    review_module._ASSESSED.clear()  # asked afresh: the same answer
    assert ask({"op": "review", "record": record, "ply": 6, "seed": 1}) == answer
    end = ask({"op": "review", "record": record})["result"]  # the record's end by default
    assert end["ply"] == 7 and end["how"] == "result" and end["chances"] == [0.0, 1.0]
    first = ask({"op": "review", "record": json.dumps(record), "ply": 0})["result"]
    assert first["played"] == "e5w" and first["player"] == 0 and first["budget"] == SMALL["iterations"]


@pytest.mark.parametrize("request_fields, code, words", [
    ({"ply": 8}, "bad_request", "'ply' must be between 0 and 7"),
    ({"ply": -1}, "bad_request", "'ply'"),
    ({"ply": 1.5}, "bad_request", "'ply'"),
    ({"ply": "2"}, "bad_request", "'ply'"),
    ({"seed": -1}, "bad_request", "'seed'"),
    ({"seed": 2**60}, "bad_request", "'seed'"),
    ({"level": "hard"}, "bad_request", "unknown field"),
    ({"record": [1]}, "bad_request", "'record'"),
    ({"record": {"format": 1, "game": "manalath", "moves": ["e5w", "e5b"]}}, "bad_record", "move 2"),
    ({"record": {"format": 1, "game": "chess", "moves": []}}, "bad_record", "chess"),
    ({"record": None}, "bad_request", "'record'"),
])
def test_the_bridge_refuses_malformed_review_requests(request_fields, code, words, small_reviews):
    request = {"op": "review", "record": json.loads(manalath(THREE_WHITE + ["f5w"]).to_json()), **request_fields}
    answer = ask(request)
    assert not answer["ok"] and answer["error"]["code"] == code, answer
    assert words in answer["error"]["message"]


def test_the_bridge_needs_a_record():
    answer = ask({"op": "review", "ply": 0})
    assert answer["error"]["code"] == "bad_request" and "record" in answer["error"]["message"]


def test_the_bridge_answers_the_same_whatever_the_order_of_the_plies(small_reviews):
    """The op plays on from the last position it reviewed: going back, or to another record, starts afresh."""
    record = json.loads(random_game("nymbat", 3, 2, fast=True).to_json())
    record["moves"] = record["moves"][:12]
    plies = [0, 5, 6, 12, 2, 6]
    in_order = {}
    for ply in sorted(set(plies)):
        in_order[ply] = ask({"op": "review", "record": record, "ply": ply})
    other = json.loads(manalath(THREE_WHITE).to_json())
    for ply in plies:
        review_module._ASSESSED.clear()
        assert ask({"op": "review", "record": record, "ply": ply}) == in_order[ply]
        assert ask({"op": "review", "record": other, "ply": 1})["result"]["played"] == "a1b"
