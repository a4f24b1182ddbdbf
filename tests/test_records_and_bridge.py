"""Game records, the registry and the JSON bridge the page calls."""
import json

import pytest

import py_engines
from py_engines import BadRecord, bridge


def call(**request):
    return json.loads(bridge.handle(json.dumps(request)))


def test_registry_lists_all_five_games():
    assert set(py_engines.GAMES) == {"manalath", "ambush", "nymbat", "not_nyout", "nimbus"}
    assert py_engines.GAMES["manalath"]["built"] and py_engines.GAMES["manalath"]["players"] == [2]
    assert py_engines.CHANCE not in (None, 0, 1)


def test_new_game_checks_its_arguments():
    with pytest.raises(ValueError, match="not a game"):
        py_engines.new_game("chess")
    with pytest.raises(ValueError, match="players"):
        py_engines.new_game("manalath", players=3)
    with pytest.raises(ValueError, match="option"):
        py_engines.new_game("manalath", colour="red")
    with pytest.raises(ValueError, match="seed"):
        py_engines.new_game("manalath", seed=-1)


@pytest.mark.parametrize("text, reason", [
    ("", "not JSON"),
    ("{", "not JSON"),
    ("[]", "JSON object"),
    ('{"format": 2, "game": "manalath", "moves": []}', "format"),
    ('{"format": 1, "game": "manalath", "players": 2, "moves": "e5w"}', "moves"),
    ('{"format": 1, "game": "chess", "players": 2, "moves": []}', "not a game"),
    ('{"format": 1, "game": "manalath", "players": 5, "moves": []}', "players"),
    ('{"format": 1, "game": "manalath", "players": 2, "moves": ["e5w", "e5b"]}', "move 2"),
    ('{"format": 1, "game": "manalath", "players": 2, "moves": ["q1w"]}', "move 1"),
    ('{"format": 1, "game": "manalath", "players": 2, "options": [], "moves": []}', "options"),
])
def test_bad_records_are_refused_with_a_reason(text, reason):
    with pytest.raises(BadRecord, match=reason):
        py_engines.load(text)


def test_bridge_new_play_and_state():
    state = call(op="new", game="manalath")["result"]
    assert state["to_move"] == 0 and len(state["legal"]) == 122
    assert {"move": "e5w", "steps": [{"cell": "e5"}, {"choice": "w"}]} in state["legal"]
    state = call(op="play", record=state["record"], move="e5w")["result"]
    assert state["history"] == ["e5w"] and state["view"]["last"] == "e5"
    state = call(op="play", record=json.dumps(state["record"]), move="d4b")["result"]
    earlier = call(op="state", record=state["record"], ply=1)["result"]
    assert earlier["history"] == ["e5w"] and earlier["to_move"] == 1


@pytest.mark.parametrize("request_text, code", [
    ("not json", "bad_request"),
    ('{"op": "fly"}', "bad_request"),
    ('{"op": "new", "game": "chess"}', "bad_request"),
    ('{"op": "play", "record": {"format": 1, "game": "manalath", "players": 2, "moves": []}, "move": "e5"}',
     "illegal_move"),
    ('{"op": "state", "record": "{\\"format\\": 1}"}', "bad_record"),
    ('{"op": "state", "record": {"format": 1, "game": "manalath", "players": 2, "moves": []}, "ply": 3}',
     "bad_request"),
])
def test_bridge_errors_come_back_as_a_code_and_a_message(request_text, code):
    answer = json.loads(bridge.handle(request_text))
    assert answer["ok"] is False and answer["error"]["code"] == code and answer["error"]["message"]


def test_bridge_layout_gives_every_cell_a_position():
    layout = call(op="layout", game="manalath")["result"]
    assert len(layout["cells"]) == 61 and layout["cells"][0] == {"name": "a1", "x": -2.0, "y": -3.4641}


def test_bridge_random_game_replays():
    result = call(op="random_game", game="manalath", seed=7)["result"]
    assert py_engines.load(json.dumps(result["record"])).winners == result["winners"]


def test_bridge_think_answers_a_legal_move_and_is_reproducible():
    record = {"format": 1, "game": "manalath", "players": 2, "seed": 0, "options": {}, "moves": ["e5w", "d4b"]}
    first = call(op="think", record=record, level="easy", seed=3)["result"]
    again = call(op="think", record=record, level="easy", seed=3)["result"]
    assert first["move"] == again["move"]
    assert first["move"] in py_engines.load(json.dumps(record)).legal_moves()


@pytest.mark.parametrize("extra, code", [({"level": "genius"}, "bad_request"), ({"seed": -2}, "bad_request")])
def test_bridge_think_refuses_bad_arguments(extra, code):
    record = {"format": 1, "game": "manalath", "players": 2, "moves": []}
    assert call(op="think", record=record, **extra)["error"]["code"] == code


def test_states_say_who_made_each_move_and_roll_is_refused_without_dice():
    record = json.loads(py_engines.new_game("manalath").to_json())
    record["moves"] = ["e5w", "d4b", "f6w"]
    answer = call(op="state", record=record)
    assert answer["ok"] and answer["result"]["movers"] == [0, 1, 0]
    assert call(op="state", record=record, ply=1)["result"]["movers"] == [0]
    assert call(op="play", record=record, move="a1b")["result"]["movers"] == [0, 1, 0, 1]
    refused = call(op="roll", record=record)
    assert not refused["ok"] and refused["error"]["code"] == "illegal_move"
