"""Seeded, bounded fuzzing of what reads outside input: the bridge and records.

Each test draws its input from a fixed seed, so a failure names an input that
can be replayed; each runs for a few seconds. The page's side (links, saved
games, the worker) is fuzzed in test_browser_bad_input.py.
"""
from __future__ import annotations

import json
import random
import time

import pytest

import py_engines
from py_engines import BadRecord, bridge
from py_engines.core import MAX_MOVE_CHARS, MAX_RECORD_CHARS, json_depth
from py_engines.playout import random_game

CODES = {"bad_request", "bad_record", "illegal_move"}
DEEP = "@@deep@@"      # replaced by a 3,000-deep list in the request text
HUGE = "@@huge@@"      # replaced by a string longer than any request may be
BIG = "@@big@@"        # replaced by a number of a hundred digits
OVERFLOW = "@@inf@@"   # replaced by 1e999, which Python's JSON reader takes as infinity
LONG = "z" * 5_000     # text far longer than a message may quote
ESCAPES = '"' + '\\"' * 20_000  # an unfinished string of escaped quotes: slow for a careless scanner
CASES = [(name, n) for name, info in py_engines.GAMES.items() for n in info["players"]]


def sample_records() -> list[dict]:
    """Short records of every game and player count: a random game cut after 40 plies."""
    records = []
    for name, players in CASES:
        record = json.loads(random_game(name, 7, players, fast=True).to_json())
        record["moves"] = record["moves"][:40]
        records.append(record)
    return records


RECORDS = sample_records()

JUNK = [None, True, False, 0, 1, 2, 3, -1, 3.0, 1.5, 2**53, 2**64, -(2**70), 1e308, "", "x", "e5w", "pass",
        "manalath", "nimbus", "chess", "hard", "genius", "state", "\u00e9", "\u0663", "\uff13", "<img src=x>",
        LONG, [], [1], ["e5w"], {}, {"a": 1}, {"players": 3}, {"sets": 3.0}, {"random_setup": 1}, [[[[1]]]],
        DEEP, HUGE, BIG, BIG, OVERFLOW, -(10**100), 10**100 + 0.5]
FIELDS = ["op", "game", "players", "seed", "options", "record", "ply", "move", "level", "fast", "seconds", "name",
          "search", "spent", "steps", "step", "packed"]


def junk(rng: random.Random):
    value = rng.choice(JUNK)
    if rng.random() < 0.3:
        value = rng.choice(RECORDS)
        if rng.random() < 0.5:
            value = json.dumps(value)
    return value


def valid_request(rng: random.Random) -> dict:
    """A request of the right shape, of every op (cheap levels and short searches, to stay within seconds)."""
    record = rng.choice(RECORDS)
    game = record["game"]
    op = rng.choice(["games", "layout", "new", "state", "play", "roll", "think", "random_game", "measure",
                     "search_start", "search_step", "search_stop", "explain", "refusal", "coach", "lesson",
                     "lesson_try", "prove", "review", "pack", "unpack"])
    if op == "prove" and rng.random() < 0.8:  # a proof may take half a second: fewer of them
        op = "coach"
    if op == "review" and rng.random() < 0.8:  # a review of a ply searches two positions: fewer of them
        op = "state"
    if op in ("games",):
        return {"op": op}
    if op in ("layout", "new", "lesson"):
        return {"op": op, "game": game}
    if op == "unpack":  # a short link's moves, whole or with one character changed
        packed = json.loads(bridge.handle(json.dumps({"op": "pack", "record": record})))["result"]["packed"]
        if rng.random() < 0.5:
            where = rng.randrange(len(packed))
            packed = packed[:where] + rng.choice("AZaz09-_.%") + packed[where + 1:]
        return {"op": op, "game": game, "players": record["players"], "seed": record["seed"],
                "options": record["options"], "packed": packed}
    if op in ("roll", "coach", "prove", "pack"):
        return {"op": op, "record": record}
    if op in ("state", "review"):
        request = {"op": op, "record": record, "ply": rng.randrange(len(record["moves"]) + 1)}
        return {**request, "seed": rng.randrange(5)} if op == "review" else request
    if op in ("play", "explain", "refusal"):
        game_now = py_engines.load(json.dumps(record))
        move = rng.choice(game_now.legal_moves() or ["pass"])
        if op == "refusal":
            return {"op": op, "record": record, "steps": [move]}
        return {"op": op, "record": record, "move": move}
    if op in ("think", "search_start"):
        return {"op": op, "record": record, "level": "easy", "seed": rng.randrange(5), "spent": 0.0}
    if op == "search_step":
        return {"op": op, "search": rng.randrange(3), "seconds": 0.01}
    if op == "search_stop":
        return {"op": op, "search": rng.randrange(3)}
    if op == "lesson_try":
        return {"op": op, "game": game, "step": rng.randrange(3), "move": "e5w"}
    if op == "random_game":
        return {"op": op, "game": "manalath", "seed": rng.randrange(100)}
    return {"op": op, "game": "manalath", "seconds": 0.001}


def mutated_request(rng: random.Random) -> str:
    request = valid_request(rng)
    kind = rng.random()
    if kind < 0.45:    # a field of the wrong type or value
        request[rng.choice(FIELDS)] = junk(rng)
    elif kind < 0.55:  # a field missing
        request.pop(rng.choice(list(request)), None)
    elif kind < 0.7:   # options that clash with arguments, or of the wrong type
        request = {"op": "new", "game": rng.choice(["nimbus", "manalath"]),
                   "options": rng.choice([{"players": 3}, {"seed": 1}, {"name": "x"}, {"sets": 3.0},
                                          {"random_setup": 1}, {"goal": ["over50"]}, {"sets": True}])}
    text = json.dumps(request)
    text = text.replace(json.dumps(DEEP), "[" * 3000 + "]" * 3000)
    text = text.replace(json.dumps(HUGE), json.dumps("h" * (bridge.MAX_REQUEST_CHARS + 1)))
    text = text.replace(json.dumps(BIG), "9" * 100).replace(json.dumps(OVERFLOW), "1e999")
    if kind >= 0.85:   # the text itself damaged
        cut = rng.randrange(len(text) + 1)
        damage = rng.choice(["", "{", "]", '"', "\\", "[" * 3000, ",", "NaN", "\x00", ESCAPES])
        text = text[:cut] + damage + text[cut + 1:]
    return text


@pytest.mark.slow
def test_the_bridge_never_answers_internal_to_malformed_requests():
    rng = random.Random(13)
    started = time.perf_counter()
    codes: dict[str, int] = {}
    for number in range(1500):
        text = mutated_request(rng)
        answer = json.loads(bridge.handle(text))
        if answer["ok"]:
            codes["ok"] = codes.get("ok", 0) + 1
            continue
        error = answer["error"]
        codes[error["code"]] = codes.get(error["code"], 0) + 1
        assert error["code"] in CODES, f"request {number} ({text[:300]!r}): {error}"
        message = error["message"]
        assert message and len(message) <= bridge.MAX_MESSAGE_CHARS + 1, f"request {number}: {len(message)} characters"
        assert "z" * 81 not in message and "h" * 81 not in message, f"request {number} quotes too much: {message}"
    assert set(codes) >= {"ok", "bad_request", "bad_record", "illegal_move"}, codes
    assert time.perf_counter() - started < 60


@pytest.mark.parametrize("request_text, field", [
    ('{"op": ["new"]}', "op"),
    ('{"op": {"x": 1}}', "op"),
    ('{"op": "new", "game": ["manalath"]}', "game"),
    ('{"op": "new", "game": {"a": 1}}', "game"),
    ('{"op": "new", "game": "manalath", "options": {"players": 3}}', "players"),
    ('{"op": "new", "game": "manalath", "options": {"seed": 3}}', "seed"),
    ('{"op": "new", "game": "manalath", "options": {"name": "x"}}', "name"),
    ('{"op": "new", "game": "nimbus", "options": {"sets": 3.0}}', "sets"),
    ('{"op": "new", "game": "nimbus", "players": 2.0}', "players"),
    ('{"op": "new", "game": "nimbus", "seed": true}', "seed"),
    ('{"op": "think", "record": {"format": 1, "game": "manalath", "moves": []}, "level": ["hard"]}', "level"),
    ('{"op": "think", "record": {"format": 1, "game": "manalath", "moves": []}, "level": {}}', "level"),
    ('{"op": "play", "record": {"format": 1, "game": "manalath", "moves": []}, "move": ["e5w"]}', "move"),
    ('{"op": "play", "record": {"format": 1, "game": "manalath", "moves": []}}', "move"),
    ('{"op": "state", "record": [1]}', "record"),
    ('{"op": "state"}', "record"),
    ('{"op": "state", "record": {"format": 1, "game": "manalath", "moves": []}, "ply": "1"}', "ply"),
    ('{"op": "games", "colour": "red"}', "colour"),
    ('{"op": "measure", "game": "manalath", "seconds": 60}', "seconds"),
    ('{"op": "measure", "game": "manalath", "seconds": true}', "seconds"),
    ('{"op": "random_game", "game": "manalath", "fast": 1}', "fast"),
    ("[" * 3000 + "]" * 3000, "nests"),
    ('{"op": "state", "record": {"format": 1, "game": "manalath", "moves": [[]]}}', "the field 'record'"),
    ('{"op": "new", "game": "nimbus", "options": {"sets": [[1]]}}', "the field 'options'"),
])
def test_a_malformed_request_is_a_bad_request_naming_the_field(request_text, field):
    answer = json.loads(bridge.handle(request_text))
    assert not answer["ok"] and answer["error"]["code"] == "bad_request", answer
    assert field in answer["error"]["message"]


NUMBER_FIELDS = [(op, field) for op, (_, table) in bridge.OPS.items() for field in table
                 if field in ("players", "seed", "ply", "spent", "search", "seconds", "step")]


@pytest.mark.slow
@pytest.mark.parametrize("number", ["9" * 100, "-" + "9" * 100, "1e999", "-1e999", "1e-999", "1" + "0" * 100 + ".5"])
@pytest.mark.parametrize("op, field", NUMBER_FIELDS)
def test_a_huge_number_in_any_numeric_field_is_a_bad_request(op, field, number):
    """Every numeric field of every op, given a number no game could use, is refused as a bad request
    (1e-999 reads as 0, which some fields may take: then the answer is any answer but ``internal``)."""
    record = {"format": 1, "game": "manalath", "players": 2, "seed": 0, "options": {}, "moves": []}
    request = {"op": op, "game": "manalath", "record": record, "move": "e5w", "steps": ["e5"], "search": 1,
               "step": 0, "packed": "0."}
    request = {key: value for key, value in request.items() if key == "op" or key in bridge.OPS[op][1]}
    text = json.dumps({**request, field: "@@number@@"}).replace('"@@number@@"', number)
    answer = json.loads(bridge.handle(text))
    if number == "1e-999":
        assert answer["ok"] or answer["error"]["code"] in CODES, answer
        return
    assert not answer["ok"] and answer["error"]["code"] == "bad_request", answer
    assert field in answer["error"]["message"] or "players" in answer["error"]["message"], answer
    assert len(answer["error"]["message"]) <= bridge.MAX_MESSAGE_CHARS + 1


def test_a_huge_move_is_refused_with_a_short_message_naming_it():
    record = {"format": 1, "game": "manalath", "players": 2, "moves": []}
    answer = json.loads(bridge.handle(json.dumps({"op": "play", "record": record, "move": "e5w" * 3_000_000})))
    assert answer["error"]["code"] == "bad_request" and len(answer["error"]["message"]) < 200
    assert answer["error"]["message"].endswith("(in the field 'move')")
    answer = json.loads(bridge.handle(json.dumps({"op": "play", "record": record, "move": "e5w" * 1000})))
    assert answer["error"]["message"] == "'move' is 3,000 characters long; a move is at most 32"
    record["moves"] = ["x" * 500_000]
    answer = json.loads(bridge.handle(json.dumps({"op": "state", "record": record})))
    assert answer["error"]["code"] == "bad_record" and len(answer["error"]["message"]) < 200


def test_measuring_nesting_stays_linear_on_hostile_text():
    """Escaped quotes in an unfinished string made the first scanner quadratic
    (3.4 s for 16,000 characters); a million characters now take a fraction of a second."""
    started = time.perf_counter()
    for text in ['"' + '\\"' * 500_000, '"' + '\\' * 1_000_001, '"' * 1_000_000, "[" * 500_000 + "]" * 500_000]:
        json_depth(text)
    assert time.perf_counter() - started < 20


def test_measure_is_bounded():
    answer = json.loads(bridge.handle('{"op": "measure", "game": "manalath", "seconds": 5.5}'))
    assert answer["error"]["code"] == "bad_request"
    answer = json.loads(bridge.handle('{"op": "measure", "game": "manalath", "seconds": 0.01}'))
    assert answer["ok"] and answer["result"]["seconds"] < 1


# -- records ----------------------------------------------------------------------

ODD_DIGITS = {ord(d): c for d, c in zip("0123456789", "٠١٢٣٤٥٦٧٨٩")}
WIDE_DIGITS = {ord(d): chr(0xFF10 + i) for i, d in enumerate("0123456789")}


def misspell(move: str, rng: random.Random) -> str:
    """Another spelling of a move, or another text altogether."""
    return rng.choice([
        move + "\n", move + " ", " " + move, "\t" + move, move.upper(), move.capitalize(),
        move.translate(ODD_DIGITS), move.translate(WIDE_DIGITS), move.replace("1", "01"),
        move[:-1], move + move[-1:], move + "\u200b", move.replace("-", "\u2212"), "",
    ])


def mutate_header(record: dict, rng: random.Random) -> dict:
    record = dict(record)
    field, value = rng.choice([
        ("format", True), ("format", 1.0), ("format", "1"), ("format", 2), ("format", None),
        ("players", 2.0), ("players", True), ("players", "2"), ("players", 0), ("players", 99),
        ("seed", -1), ("seed", 1.5), ("seed", True), ("seed", "3"), ("seed", 2**53), ("seed", [1]),
        ("options", []), ("options", {"x": 1}), ("options", {"players": 2}), ("options", {"sets": 3.0}),
        ("options", {"random_setup": 0}), ("options", {"goal": "over5"}), ("options", None),
        ("game", "chess"), ("game", None), ("game", ["manalath"]), ("moves", "e5w"), ("moves", [1]),
        ("moves", [["e5w"]]), ("comment", "hello"), ("moves", None),
    ])
    if value is None and rng.random() < 0.5:
        record.pop(field, None)
    else:
        record[field] = value
    return record


def test_records_load_exactly_or_are_refused():
    """A mutated record either loads and then writes back exactly as given, every
    move spelled as it was; or it is refused with BadRecord, never anything else.
    A misspelled move is never taken for the legal move it resembles."""
    rng = random.Random(2024)
    started = time.perf_counter()
    loaded = refused = 0
    for number in range(1200):
        base = rng.choice(RECORDS)
        record = dict(base)
        misspelled = None
        if rng.random() < 0.6 and record["moves"]:
            i = rng.randrange(len(record["moves"]))
            moves = list(record["moves"])
            moves[i] = misspell(moves[i], rng)
            record["moves"] = moves[: i + 1]
            misspelled = i
        else:
            record = mutate_header(record, rng)
        text = json.dumps(record, separators=(",", ":"))
        try:
            game = py_engines.load(text)
        except BadRecord as exc:
            refused += 1
            assert len(str(exc)) < 400, str(exc)
            continue
        loaded += 1
        assert game.history == record["moves"], f"record {number}: moves respelled"
        assert py_engines.load(game.to_json()).to_json() == game.to_json()
        if misspelled is not None:
            before = json.dumps({**record, "moves": record["moves"][:misspelled]})
            assert record["moves"][misspelled] in py_engines.load(before).legal_moves(), \
                f"record {number}: {record['moves'][misspelled]!r} was taken though it is no legal move"
    assert loaded > 50 and refused > 500, (loaded, refused)
    assert time.perf_counter() - started < 60


@pytest.mark.parametrize("text", [
    "[" * 3000 + "]" * 3000,
    '{"format": 1, "game": "manalath", "moves": [], "options": {"a": ' + "[" * 3000 + "]" * 3000 + "}}",
    '{"format": 1, "game": "manalath", "moves": ["' + "e" * (MAX_RECORD_CHARS + 1) + '"]}',
    '{"format": 1, "game": "manalath", "moves": ["' + "e" * (MAX_MOVE_CHARS + 1) + '"]}',
    '{"format": 1, "game": "manalath", "seed": NaN, "moves": []}',
    '{"format": 1, "game": "manalath", "moves": [], "seed": 1' + "0" * 5000 + "}",
    '{"format": 1, "game": "nymbat", "moves": ["p0\\n"]}',
])
def test_deep_huge_or_odd_records_are_refused_as_bad_records(text):
    with pytest.raises(BadRecord):
        py_engines.load(text)


@pytest.mark.parametrize("name", list(py_engines.GAMES))
@pytest.mark.parametrize("move", [None, 5, 2.5, True, ["e5w"], {"a": 1}, [[[]]], b"e5w"])
def test_a_move_that_is_not_text_is_an_illegal_move(name, move):
    game = py_engines.new_game(name)
    before = game.to_json()
    with pytest.raises(py_engines.IllegalMove):
        game.play(move)
    assert game.to_json() == before
