"""Short links: a game's moves packed as one mixed-radix number (py_engines/links.py) and the
bridge's pack and unpack ops."""
from __future__ import annotations

import base64
import json
import random
from urllib.parse import quote as url_quote

import pytest

import py_engines
from py_engines import IllegalMove, bridge, links, new_game
from py_engines.core import CHANCE
from py_engines.games import CLASSES
from py_engines.links import MAX_PLIES, DamagedLink, choices, pack, unpack
from py_engines.playout import random_game

CASES = [(name, n) for name, info in py_engines.GAMES.items() for n in info["players"]]
OPTION_CASES = [(name, key, value, max(CLASSES[name].player_counts[0], spec.get("min_players", {}).get(value, 0)))
                for name, info in py_engines.GAMES.items() for key, spec in info["options"].items()
                for value in spec["choices"]]
PACKED = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_."


def call(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def old_moves_param(moves: list[str]) -> str:
    """The moves as the page's old links write them (moves=, each move as encodeURIComponent writes it)."""
    return ".".join(url_quote(move, safe="-_.!~*'()") for move in moves)


def round_trip(game) -> str:
    """Pack a game's moves, unpack them again and check the game comes back exactly."""
    packed = pack(game.name, game.players, game.seed, game.options, game.history)
    assert set(packed) <= set(PACKED), packed
    again = unpack(game.name, game.players, game.seed, game.options, packed)
    assert again.to_json() == game.to_json()
    return packed


@pytest.mark.parametrize("name, players", CASES)
def test_whole_random_games_and_their_beginnings_come_back_exactly(name, players):
    for seed in (1, 2):
        game = random_game(name, seed, players)
        assert game.is_over
        round_trip(game)
        for cut in random.Random(seed).sample(range(len(game.history)), 3):
            start = py_engines.load(json.dumps({**json.loads(game.to_json()), "moves": game.history[:cut]}))
            round_trip(start)


@pytest.mark.parametrize("name, key, value, players", OPTION_CASES)
def test_every_option_of_every_game_comes_back_exactly(name, key, value, players):
    game = random_game(name, 3, players, fast=True, **{key: value})
    assert game.options[key] == value and game.is_over
    round_trip(game)


@pytest.mark.parametrize("name, players, options", [("not_nyout", 2, {}), ("not_nyout", 4, {}),
                                                    ("nimbus", 3, {"random_setup": True})])
def test_chance_outcomes_are_packed_like_moves(name, players, options):
    game = random_game(name, 4, players, **options)
    replay = new_game(name, players, 4, **options)
    chances = 0
    for move in game.history:
        chances += replay.to_move == CHANCE
        replay.play(move)
    assert chances >= 1
    round_trip(game)
    # Another chance outcome at the first chance point gives another packed text.
    replay, moves = new_game(name, players, 4, **options), []
    while replay.to_move != CHANCE:
        moves.append(game.history[len(moves)])
        replay.play(moves[-1])
    others = [m for m in choices(replay) if m != game.history[len(moves)]]
    assert pack(name, players, 4, options, moves + [others[0]]) != pack(name, players, 4, options,
                                                                        game.history[:len(moves) + 1])


def test_the_format_is_each_plys_place_among_its_sorted_choices_as_one_number():
    """Manalath's first two plies, worked out by hand: the place of each move among the sorted
    legal moves, the first ply the lowest digit, the number's bytes in base64url unpadded."""
    game = new_game("manalath")
    first = sorted(game.legal_moves())
    game.play("e5w")
    second = sorted(game.legal_moves())
    number = first.index("e5w") + len(first) * second.index("c7b")
    data = number.to_bytes((number.bit_length() + 7) // 8, "big")
    expected = "2." + base64.urlsafe_b64encode(data).decode().rstrip("=")
    assert pack("manalath", 2, 0, {}, ["e5w", "c7b"]) == expected
    assert pack("manalath", 2, 0, {}, []) == "0."
    assert unpack("manalath", None, 0, None, "0.").history == []
    # The first move in sorted order, twice, is the number 0: no letters at all.
    game = new_game("manalath")
    a = choices(game)[0]
    game.play(a)
    assert pack("manalath", 2, 0, {}, [a, choices(game)[0]]) == "2."


def test_a_ply_with_one_choice_costs_nothing():
    """Plies with a lone legal move add no digit: appending one leaves the number as it was."""
    for seed in range(40):
        game = random_game("not_nyout", seed, 2)
        replay = new_game("not_nyout", 2, seed)
        for ply, move in enumerate(game.history):
            if len(choices(replay)) == 1:
                before = pack("not_nyout", 2, seed, {}, game.history[:ply])
                after = pack("not_nyout", 2, seed, {}, game.history[:ply + 1])
                assert after.split(".")[1] == before.split(".")[1]
                assert after.split(".")[0] == str(ply + 1)
                return
            replay.play(move)
    pytest.fail("no ply with a single legal move found in 40 games of Not Nyout")


def test_the_engines_own_order_of_legal_moves_does_not_matter(monkeypatch):
    """Packing sorts the legal moves, so an engine listing them in another order packs the same."""
    game = random_game("nymbat", 5, 2)
    packed = pack("nymbat", 2, 5, {}, game.history)
    cls = CLASSES["nymbat"]
    listed = cls.legal_moves
    monkeypatch.setattr(cls, "legal_moves", lambda self: list(reversed(listed(self))))
    assert pack("nymbat", 2, 5, {}, game.history) == packed
    assert unpack("nymbat", 2, 5, {}, packed).history == game.history


@pytest.mark.parametrize("name, players", [("nymbat", 2), ("nymbat", 4), ("not_nyout", 2), ("not_nyout", 3),
                                           ("nimbus", 2), ("nimbus", 5), ("ambush", 2)])
def test_packed_moves_are_far_shorter_than_the_old_links_moves(name, players):
    for seed in range(3):
        game = random_game(name, seed, players, fast=True)
        packed = pack(name, players, seed, game.options, game.history)
        old = old_moves_param(game.history)
        assert len(packed) < 0.8 * len(old), (len(packed), len(old))


def test_an_illegal_move_cannot_be_packed():
    with pytest.raises(IllegalMove, match="move 2"):
        pack("manalath", 2, 0, {}, ["e5w", "e5b"])
    with pytest.raises(ValueError, match="not a game"):
        pack("chess", 2, 0, {}, [])


def test_a_game_too_long_for_a_link_is_neither_packed_nor_unpacked(monkeypatch):
    game = random_game("nymbat", 3, 2)
    packed = pack("nymbat", 2, 3, {}, game.history)
    monkeypatch.setattr(links, "MAX_PACKED_CHARS", len(packed) - 1)
    with pytest.raises(ValueError, match="too long for a link"):
        pack("nymbat", 2, 3, {}, game.history)
    with pytest.raises(DamagedLink, match="characters long"):
        unpack("nymbat", 2, 3, {}, packed)
    assert call(op="pack", record=json.loads(game.to_json()))["error"]["code"] == "bad_request"
    monkeypatch.setattr(links, "MAX_PACKED_CHARS", len(packed))
    assert unpack("nymbat", 2, 3, {}, packed).history == game.history


def whole_manalath_game() -> tuple[list[str], str]:
    game = random_game("manalath", 11, 2)
    return game.history, pack("manalath", 2, 11, {}, game.history)


@pytest.mark.parametrize("make_text, words", [
    (lambda moves, packed: "", "empty"),
    (lambda moves, packed: packed.replace(".", ""), "no '.'"),
    (lambda moves, packed: "x" + packed, "must start with the number of moves"),
    (lambda moves, packed: "-" + packed, "must start with the number of moves"),
    (lambda moves, packed: "\u0663." + packed.split(".")[1], "must start with the number of moves"),
    (lambda moves, packed: "0" + packed, "starts with a zero"),
    (lambda moves, packed: f"{MAX_PLIES + 1}.", "more moves than any game"),
    (lambda moves, packed: "9" * 5000 + ".", "more moves than any game"),
    (lambda moves, packed: packed[:-1] + "%", "the character '%'"),
    (lambda moves, packed: packed + "=", "the character '='"),
    (lambda moves, packed: packed + " ", "the character ' '"),
    (lambda moves, packed: packed + ".A", "the character '.'"),
    (lambda moves, packed: packed[:3] + "\u00e9" + packed[4:], "the character"),
    (lambda moves, packed: packed + "AAAA"[: (1 - len(packed.split(".")[1])) % 4 or 4], "left over"),
    (lambda moves, packed: packed.split(".")[0] + ".AA" + packed.split(".")[1], "not written as a packed game"),
    (lambda moves, packed: "2.EHF", "not written as a packed game"),   # "2.EHE" with a stray bit
    (lambda moves, packed: packed + "_" * 8, "too large"),
    (lambda moves, packed: f"{len(moves) + 1}.{packed.split('.')[1]}", "the game is over after"),
    (lambda moves, packed: f"{len(moves) - 1}.{packed.split('.')[1]}", "too large"),
    (lambda moves, packed: "x" * 100_001, "characters long"),
])
def test_every_kind_of_damage_is_refused_with_words_and_the_bridge_answers_bad_request(make_text, words):
    moves, packed = whole_manalath_game()
    text = make_text(moves, packed)
    with pytest.raises(DamagedLink, match=words):
        unpack("manalath", 2, 11, {}, text)
    answer = call(op="unpack", game="manalath", seed=11, packed=text)
    assert not answer["ok"] and answer["error"]["code"] == "bad_request", answer
    message = answer["error"]["message"]
    assert message.startswith("the link's moves are damaged (") and words in message
    assert len(message) < 200


def test_the_bridge_packs_a_record_and_unpacks_it_to_the_same_record():
    game = random_game("nimbus", 6, 3, fast=True, sets=2, goal="rounds1")
    record = json.loads(game.to_json())
    packed = call(op="pack", record=record)["result"]["packed"]
    assert packed == pack("nimbus", 3, 6, game.options, game.history)
    answer = call(op="unpack", game="nimbus", players=3, seed=6, options={"sets": 2, "goal": "rounds1"},
                  packed=packed)
    assert answer["result"]["record"] == record
    state = call(op="state", record=answer["result"]["record"])["result"]
    assert state["is_over"] and state["history"] == game.history
    # The defaults: players null, seed 0, options null.
    first = choices(new_game("ambush"))[0]
    packed = call(op="pack", record={"format": 1, "game": "ambush", "moves": [first]})["result"]["packed"]
    record = call(op="unpack", game="ambush", packed=packed)["result"]["record"]
    assert record["moves"] == [first] and record["players"] == 2 and record["seed"] == 0 and record["options"] == {}


@pytest.mark.parametrize("request_fields, code, words", [
    ({"op": "pack", "record": {"format": 1, "game": "manalath", "moves": ["e5w", "e5b"]}}, "bad_record", "move 2"),
    ({"op": "pack"}, "bad_request", "record"),
    ({"op": "unpack", "game": "manalath"}, "bad_request", "packed"),
    ({"op": "unpack", "game": "manalath", "packed": 3}, "bad_request", "'packed' must be text"),
    ({"op": "unpack", "game": "chess", "packed": "0."}, "bad_request", "not a game"),
    ({"op": "unpack", "game": "manalath", "players": 3, "packed": "0."}, "bad_request", "players"),
    ({"op": "unpack", "game": "nimbus", "options": {"sets": 9}, "packed": "0."}, "bad_request", "sets"),
    ({"op": "unpack", "game": "manalath", "seed": -1, "packed": "0."}, "bad_request", "seed"),
])
def test_the_bridge_refuses_a_bad_pack_or_unpack_request(request_fields, code, words):
    answer = call(**request_fields)
    assert not answer["ok"] and answer["error"]["code"] == code and words in answer["error"]["message"], answer


@pytest.mark.slow
def test_one_changed_character_is_refused_or_gives_another_game():
    """Each packed text belongs to exactly one game: any one character changed, dropped or
    added is refused, or it unpacks to a different game; never an error of another kind."""
    rng = random.Random(31)
    refused = other = 0
    for name, players in [("manalath", 2), ("ambush", 2), ("not_nyout", 2), ("not_nyout", 3), ("nymbat", 2)]:
        game = random_game(name, 8, players)
        packed = pack(name, players, 8, {}, game.history)
        for _ in range(40):
            where = rng.randrange(len(packed))
            kind = rng.random()
            if kind < 0.7:
                changed = packed[:where] + rng.choice(PACKED.replace(packed[where], "") + "%= é") + packed[where + 1:]
            elif kind < 0.85:
                changed = packed[:where] + packed[where + 1:]
            else:
                changed = packed[:where] + rng.choice(PACKED) + packed[where:]
            if changed == packed:
                continue
            try:
                again = unpack(name, players, 8, {}, changed)
            except DamagedLink:
                refused += 1
                continue
            other += 1
            assert again.history != game.history, (name, packed, changed)
    assert refused > 20 and other > 20, (refused, other)


def test_random_text_is_only_ever_refused_as_a_bad_request():
    rng = random.Random(2031)
    alphabet = PACKED + "%=+/ \n\u00e9\u0663\x00"
    ok = 0
    for _ in range(600):
        name, players = rng.choice(CASES)
        length = rng.choice([0, 1, 2, 3, 5, 8, 20, 60])
        text = "".join(rng.choice(alphabet) for _ in range(length))
        if rng.random() < 0.6:
            text = f"{rng.randrange(0, 40)}.{text}"
        answer = call(op="unpack", game=name, players=players, packed=text)
        if answer["ok"]:
            ok += 1
            record = answer["result"]["record"]
            again = call(op="pack", record=record)["result"]["packed"]
            assert again == text  # only the one text of that game unpacks to it
        else:
            assert answer["error"]["code"] == "bad_request", answer
            assert answer["error"]["message"].startswith("the link's moves are damaged ("), answer
    assert ok > 10
