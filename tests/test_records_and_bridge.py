"""Game records, the registry and the JSON bridge the page calls."""
import json

import pytest

import py_engines
from py_engines import BadRecord, bridge
from py_engines.bridge import handle
from py_engines.playout import random_game


def call(**request):
    return json.loads(bridge.handle(json.dumps(request)))


def test_registry_lists_all_five_games():
    assert list(py_engines.GAMES) == ["manalath", "ambush", "nymbat", "not_nyout", "nimbus"]  # menu order
    assert py_engines.GAMES["manalath"] == {"title": "Manalath", "players": [2], "options": {}}
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
    with pytest.raises(BadRecord, match=reason) as refused:
        py_engines.load(text)
    assert "Expecting" not in str(refused.value) and "char " not in str(refused.value)  # not the parser's words


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


def bridge_state(record: dict, ply: int | None = None) -> dict:
    request = {"op": "state", "record": record} if ply is None else {"op": "state", "record": record, "ply": ply}
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"], answer
    return answer["result"]


def test_the_log_tells_the_whole_record_turn_by_turn():
    game = py_engines.new_game("ambush")
    for move in ["c3s", "d4s", "2cw-s"]:
        game.play(move)
    record = json.loads(game.to_json())
    for ply in (None, 1):  # the log is the whole record's, wherever the position shown is
        log = bridge_state(record, ply)["log"]
        assert [(e["first"], e["last"], e["player"]) for e in log] == [(1, 1, 0), (2, 2, 1), (3, 3, 0)]
        assert log[0]["text"] == "Red places a small on c3."
        assert log[2]["text"] == "Red turns coaster 2 clockwise, paying a small."


def test_a_turn_of_several_moves_is_one_entry_with_its_dice_and_fights():
    game = random_game("not_nyout", 5, 2)
    log = bridge_state(json.loads(game.to_json()))["log"]
    assert log[0]["player"] is None and "roll-off" in log[0]["text"]  # the roll-off belongs to no one's turn
    plies = [ply for entry in log for ply in range(entry["first"], entry["last"] + 1)]
    assert plies == list(range(1, len(game.history) + 1))
    fights = [e for e in log if "loses a horse" in e["text"]]
    assert fights and all(e["text"].count(" rolls ") == 1 for e in log[1:])  # one roll per turn


def test_marks_are_the_other_players_last_turns_and_the_turn_so_far():
    game = py_engines.new_game("nymbat")
    for move in ["a1=3", "done", "o1=2", "done"]:
        game.play(move)
    record = json.loads(game.to_json())
    marks = bridge_state(record)["marks"]
    assert [(m["player"], m["first"], m["last"]) for m in marks] == [(1, 3, 4)]  # Blue's turn, for Red to see
    assert marks[0]["events"][0] == {"type": "place", "player": 1, "cell": "o1", "number": 2}
    game.play("a2=1")  # Red's own turn so far joins them
    marks = bridge_state(json.loads(game.to_json()))["marks"]
    assert [(m["player"], m["first"], m["last"]) for m in marks] == [(1, 3, 4), (0, 5, 5)]
    marks = bridge_state(record, 2)["marks"]  # an earlier position: Blue to move, Red's first turn marked
    assert [(m["player"], m["first"], m["last"]) for m in marks] == [(0, 1, 2)]


def test_explain_says_what_a_move_would_do_and_changes_nothing():
    game = py_engines.new_game("manalath")
    record = json.loads(game.to_json())
    answer = json.loads(handle(json.dumps({"op": "explain", "record": record, "move": "e5b"})))
    assert answer["ok"]
    assert answer["result"]["events"] == [{"type": "place", "player": 0, "cell": "e5", "colour": "black"}]
    assert answer["result"]["text"] == "White places a black piece on e5."
    bad = json.loads(handle(json.dumps({"op": "explain", "record": record, "move": "z9w"})))
    assert bad["error"]["code"] == "illegal_move"


def test_in_the_team_game_each_turn_belongs_to_the_player_picked():
    game = random_game("nymbat", 2, 4)
    record = json.loads(game.to_json())
    state = bridge_state(record, 60)
    marks = state["marks"]
    assert len({m["player"] for m in marks}) == len(marks) == 4  # the three others' last turns and the turn so far
    assert marks[-1]["player"] == state["to_move"]
    names = ["Red", "Blue", "Gold", "Green"]
    picks = [e for e in state["log"] if " lets " in e["text"]]
    assert picks
    for entry in picks:  # "Red lets Gold take the team's turn": the turn is Gold's
        picked = entry["text"].split(" lets ")[1].split(" ")[0]
        assert entry["player"] == names.index(picked)
