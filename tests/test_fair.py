"""Fair chance between devices by commit and reveal (py_engines/fair.py, the bridge's fair_* ops).

Whole games are played by simulated devices that pass only the record and the fair
data between them, each keeping its own secret and signing the game before it passes
it on; every chance outcome is then checked here against the rules of docs (the
parties of each chance point, the chain, the hash), written again in this file from
the spec so that the engine is not checked by itself. Signatures and forged links:
tests/test_fair_signatures.py.
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import re

import pytest

import py_engines
from py_engines import BadRecord, bridge, fair
from py_engines.core import CHANCE
from py_engines.fair import FairError
from py_engines.rng import Rng


def new_secret(rng: random.Random) -> str:
    return fair.encode(rng.getrandbits(128).to_bytes(16, "big"))


def spec_chain(secret: str) -> list[str]:
    """The chain from the spec: element L is the secret, element j - 1 is SHA-256(element j) cut to 16 bytes."""
    value = fair.decode(secret, "secret")
    elements = [value]
    for _ in range(fair.CHAIN_LENGTH):
        value = hashlib.sha256(value).digest()[:16]
        elements.append(value)
    return [fair.encode(v) for v in reversed(elements)]


class Device:
    """One device of a game by links: its seats, its own secret, its party once joined."""

    def __init__(self, seats: list[int], rng: random.Random) -> None:
        self.seats = seats
        self.secret = new_secret(rng)
        self.party: int | None = None

    def join(self, data: dict) -> None:
        self.party = len(data["parties"])
        data["parties"].append(fair.new_party(self.seats, self.secret))

    def step(self, record: dict, data: dict) -> dict:
        """Show this device's shares where the game waits for them, play what they complete, sign."""
        return fair.step(record, data, self.party, self.secret)


def play_by_links(name: str, players: int, seatings: list[list[int]], seed: int, passes: list | None = None,
                  trail: list | None = None, around: bool = False, plies: int | None = None, **options) -> tuple:
    """A whole game played by devices passing (record, fair data): random moves, every
    chance outcome given by the parties' shares, each device signing before it passes the
    game on. Returns the record, the fair data, the devices; ``passes``, if given, gets the
    seats of the devices the game went to, one a link; ``trail`` each (record, fair data) a
    device passed on; ``plies``: stop once the game has that many moves. The dice go to a device they wait for drawn at random, or with
    ``around`` to the first round the table from the device that has the game, as the page
    sends them (by-links/game.js, addressee)."""
    rng = random.Random(seed)
    devices = [Device(seats, rng) for seats in seatings]
    game = py_engines.new_game(name, players, seed, **options)
    record = json.loads(game.to_json())
    data = {"id": new_secret(rng), "parties": []}
    devices[0].join(data)
    holder = {seat: device for device in devices for seat in device.seats}
    moves_rng = Rng(seed)
    rolls = 0
    at = devices[0]  # the device that holds the game now

    def go_to(device: Device) -> None:
        nonlocal at
        if device is not at and passes is not None:
            passes.append(device.seats[0])
        at = device

    while not game.is_over and (plies is None or len(game.history) < plies):
        if game.to_move == CHANCE:
            pending = fair.check(record, data)
            assert pending is not None and pending["chance"] == rolls
            waiting = pending["waiting"] or pending["parties"]
            member = rng.choice(waiting)
            if around:  # a seat to join first (no share is shown before), then the nearest round the table
                seat_of = lambda m: m["seat"] if isinstance(m, dict) else data["parties"][m]["seats"][0]  # noqa: E731
                member = min(waiting, key=lambda m: (not isinstance(m, dict), (seat_of(m) - at.seats[0]) % players))
            device = holder[member["seat"]] if isinstance(member, dict) else next(d for d in devices if d.party == member)
            go_to(device)
            if isinstance(member, dict):  # that seat's device opens its first link
                device.join(data)
                continue
            answer = device.step(record, data)
            record, data = answer["record"], answer["fair"]
            if trail is not None:
                trail.append((record, data))
            if len(record["moves"]) > len(game.history):
                game = py_engines.load(json.dumps(record))
                rolls = sum(1 for by in _movers(record) if by == CHANCE)
            continue
        device = holder[game.to_move]
        go_to(device)
        if device.party is None:
            device.join(data)
        game.play(game.random_move(moves_rng))
        record = json.loads(game.to_json())
        # the mover signs, and shows its share for a roll the game has reached, before it sends the game on
        answer = device.step(record, data)
        assert answer["record"] == record or game.to_move == CHANCE
        record, data = answer["record"], answer["fair"]
        if trail is not None:
            trail.append((record, data))
        if len(record["moves"]) > len(game.history):  # a roll this device's share completed (a fight it is in)
            game = py_engines.load(json.dumps(record))
            rolls = sum(1 for by in _movers(record) if by == CHANCE)
    assert fair.check(record, data) is None or plies is not None
    return record, data, devices


def _movers(record: dict) -> list[int]:
    movers: list[int] = []
    py_engines.load(json.dumps(record), movers)
    return movers


def spec_seats(game) -> list[int]:
    """The seats whose fate a chance outcome decides, from the rules of docs/decisions.md."""
    if game.name == "nimbus":
        return list(range(game.players))  # a deal: every player
    if game.rolling_off:
        return next(r for r in game.ranks if len(r) > 1)  # a roll-off's die: every player still tied in it
    if game.combat:  # a fight: the attacker and the defender
        return [game.combat[1]] + [owner for owner, _ in game.at[game.combat[0]]]
    return [game.current]  # a turn's dice: the player whose turn it is


def spec_rolls(record: dict, data: dict, devices: list[Device]) -> int:
    """Check every chance outcome of a finished game from the spec, with the devices' secrets:
    its parties, their shares in order, the hash and the game's own draw."""
    trace: list[dict] = []
    py_engines.load(json.dumps(record), trace=trace)
    party_of = {seat: number for number, party in enumerate(data["parties"]) for seat in party["seats"]}
    chains = {device.party: spec_chain(device.secret) for device in devices}
    used = [0] * len(data["parties"])
    game = py_engines.new_game(record["game"], record["players"], record["seed"], **record["options"])
    players = record["players"]
    last_seat = None
    k = outs = 0
    for move, step in zip(record["moves"], trace):
        if step["by"] != CHANCE:
            last_seat = step["by"]
            game.play(move)
            continue
        out = game.view().get("out") or [False] * players  # seats out of the game are passed over
        givers = {party_of[seat] for seat in spec_seats(game) if not out[seat]}
        # fewer than two devices: the last move's seat, then the seats round the table from it, fill in
        start = data["parties"][0]["seats"][0] if last_seat is None else last_seat
        around = [(start + i) % players for i in range(players)]
        for seat in [t for t in around if not out[t]] + around[1:]:
            if len(givers) >= 2:
                break
            givers.add(party_of[seat])
        outs += sum(out)
        shares = b""
        for party in sorted(givers):
            used[party] += 1
            shares += fair.decode(chains[party][used[party]], "a share")
        seed_bytes = hashlib.sha256(fair.LABEL + fair.decode(data["id"], "id") + k.to_bytes(4, "big") + shares)
        drawn = game.roll(Rng(int.from_bytes(seed_bytes.digest()[:8], "big")))
        assert drawn == move, f"chance point {k}: {move} in the record, {drawn} from the shares"
        k += 1
    for number, party in enumerate(data["parties"]):
        assert party["count"] == used[number]  # every share shown was used, none is missing
        assert party["head"] == chains[number][0]
        assert party["shown"] == (chains[number][used[number]] if used[number] else None)
    return k, outs


GAMES = [
    ("not_nyout", 2, [[0], [1]], {}),
    ("not_nyout", 3, [[0], [1], [2]], {}),
    ("not_nyout", 4, [[0], [1], [2], [3]], {}),
    ("not_nyout", 3, [[0, 2], [1]], {}),           # one device holds two seats
    ("not_nyout", 4, [[1], [0, 3], [2]], {}),      # the creator does not hold seat 0
    ("nimbus", 2, [[0], [1]], {"random_setup": True, "goal": "rounds3"}),
    ("nimbus", 3, [[0], [1], [2]], {"random_setup": True, "goal": "rounds3"}),
    ("nimbus", 5, [[0, 4], [1], [2, 3]], {"random_setup": True, "goal": "rounds3"}),
]


@pytest.mark.slow
@pytest.mark.parametrize("name, players, seatings, options", GAMES)
def test_whole_games_by_links_roll_fairly(name, players, seatings, options):
    record, data, devices = play_by_links(name, players, seatings, seed=players * 7 + len(seatings), **options)
    game = py_engines.load(json.dumps(record))
    assert game.is_over
    assert sorted(s for party in data["parties"] for s in party["seats"]) == list(range(players))
    rolls, outs = spec_rolls(record, data, devices)
    assert rolls >= (3 if name == "nimbus" else 20)
    if name == "not_nyout" and players > 2:
        assert outs  # some rolls came after a player was out, who gave no share to them
    # the record's seed plays no part in the rolls, only the shares do (whoever holds a record knows
    # its seed), but it is part of what every device signed: another seed is another game
    refused({**record, "seed": record["seed"] + 1}, data, "signature does not match this game")


# -- the odds -------------------------------------------------------------------------

def chi_square_limit(df: int) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson and Hilferty's approximation)."""
    z = 3.09
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def chance_position(name: str, players: int, want, seed: int = 1, **options):
    """The first chance point of a seeded random game that ``want`` accepts."""
    game = py_engines.new_game(name, players, seed, **options)
    rng = Rng(seed)
    while not game.is_over:
        if game.to_move == CHANCE:
            if want(game):
                return game
            game.roll()
        else:
            game.play(game.random_move(rng))
    raise AssertionError("no such chance point")


def fair_counts(game, draws: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    game_id = new_secret(rng)
    for k in range(draws):
        outcome = fair.draw(game, game_id, k, [new_secret(rng), new_secret(rng)])
        counts[outcome] = counts.get(outcome, 0) + 1
    return counts


def chi_square(counts: dict[str, int], weights: list[tuple[str, float]]) -> float:
    total = sum(counts.values())
    whole = sum(w for _, w in weights)
    assert set(counts) <= {m for m, _ in weights}
    return sum((counts.get(m, 0) - total * w / whole) ** 2 / (total * w / whole) for m, w in weights)


@pytest.mark.parametrize("what, want", [
    ("three dice of a turn, sorted", lambda g: not g.rolling_off and not g.combat and len(g.chance_outcomes()) == 20),
    ("two dice of a turn, sorted", lambda g: not g.rolling_off and not g.combat and len(g.chance_outcomes()) == 10),
    ("a roll-off's d10", lambda g: g.rolling_off),
    ("a fight's dice", lambda g: bool(g.combat)),
])
def test_fair_draws_keep_not_nyouts_odds(what, want):
    game = chance_position("not_nyout", 3, want)
    weights = game.chance_outcomes()
    counts = fair_counts(game, 3000, seed=5)
    assert chi_square(counts, weights) < chi_square_limit(len(weights) - 1), (what, counts)
    if len({w for _, w in weights}) > 1:  # the sorted dice: drawn evenly, they would fail
        even = [(m, 1.0) for m, _ in weights]
        assert chi_square(counts, even) > chi_square_limit(len(weights) - 1)


@pytest.mark.slow
def test_fair_deals_of_nimbus_are_even():
    """The deals by hundreds (deal0 .. deal99, ...): dealing is slow, so few draws, in ten bins."""
    game = chance_position("nimbus", 2, lambda g: True, random_setup=True)
    assert game.legal_moves() == [f"deal{n}" for n in range(1000)]
    counts: dict[str, int] = {}
    for deal, times in fair_counts(game, 500, seed=6).items():
        counts[deal[4:-2] or "0"] = counts.get(deal[4:-2] or "0", 0) + times
    assert chi_square(counts, [(str(n), 1.0) for n in range(10)]) < chi_square_limit(9), counts


def test_roll_without_a_generator_is_unchanged():
    """The game's own seeded roll still draws as before: the same outcomes as chance_rng gives."""
    from py_engines.rng import chance_rng
    game = py_engines.new_game("not_nyout", 2, 11)
    assert game.clone().roll() == game.clone().roll(chance_rng(11, 0))
    deal = py_engines.new_game("nimbus", 2, 11, random_setup=True)
    assert deal.clone().roll() == deal.clone().roll(chance_rng(11, 0))


# -- tampering -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def trail():
    """Every (record, fair data) passed on in the game of ``finished``."""
    steps: list = []
    play_by_links("not_nyout", 2, [[0], [1]], seed=3, trail=steps)
    return steps


@pytest.fixture(scope="module")
def finished(trail):
    record, data = trail[-1]
    rng = random.Random(3)  # the devices of that game, again
    devices = [Device([0], rng), Device([1], rng)]
    for number, device in enumerate(devices):
        device.party = number
    return record, data, devices


def as_passed(trail, plies: int) -> tuple[dict, dict]:
    """The game as it was last passed on with ``plies`` moves."""
    return next((r, d) for r, d in reversed(trail) if len(r["moves"]) == plies)


def refused(record, data, *words):
    with pytest.raises((FairError, BadRecord)) as caught:
        fair.check(record, data)
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return message


def copy(value):
    return json.loads(json.dumps(value))


def test_a_changed_chance_outcome_is_refused(finished):
    record, data, _ = finished
    movers = _movers(record)
    i = [n for n, by in enumerate(movers) if by == CHANCE][10]
    before = py_engines.load(json.dumps({**record, "moves": record["moves"][:i]}))
    other = next(m for m in before.legal_moves() if m != record["moves"][i])
    changed = {**record, "moves": record["moves"][:i] + [other]}
    refused(changed, data, f"the dice of move {i + 1} are not what the players' shares give: the link was changed")


def test_a_changed_shown_value_or_head_is_refused(finished):
    record, data, _ = finished
    for field in ("shown", "head"):
        changed = copy(data)
        changed["parties"][1][field] = new_secret(random.Random(field))
        refused(record, changed, "Blue's shares do not follow from the head Blue gave on joining")


def test_a_changed_id_is_refused(finished):
    record, data, _ = finished
    refused(record, {**copy(data), "id": new_secret(random.Random(1))},
            "the dice of move 1 are not what the players' shares give")
    # in a game with no dice, the signatures refuse it (tests/test_fair_signatures.py)


def test_a_removed_move_is_refused(finished):
    record, data, _ = finished
    movers = _movers(record)
    for i in (0, 5, 40, [n for n, by in enumerate(movers) if by != CHANCE][12]):
        moves = record["moves"][:i] + record["moves"][i + 1:]
        message = refused({**record, "moves": moves}, data)
        assert re.search(r"move \d+ does not replay|the dice of move \d+ are not what|signature covers moves", message), \
            message


def test_a_share_shown_before_its_roll_is_refused(finished, trail):
    record, data, devices = finished
    movers = _movers(record)
    i = [n for n, by in enumerate(movers) if by != CHANCE][20]  # before a move: no roll pending
    early, early_data = as_passed(trail, i)
    for number, device in enumerate(devices):
        ahead = copy(early_data)
        count = ahead["parties"][number]["count"] + 1
        ahead["parties"][number].update(shown=fair.element(device.secret, count), count=count)
        refused(early, ahead, "has shown a share for a roll the game has not reached")
    # at the very start: Red shows its first share before Blue has joined
    start = {**record, "moves": []}
    red = devices[0]
    alone = {"id": data["id"], "parties": [{**fair.new_party([0], red.secret), "shown": fair.element(red.secret, 1),
                                            "count": 1}]}
    refused(start, alone, "Red has shown a share for the dice of move 1 before Blue joined")


def test_removing_the_last_roll_cannot_change_it(finished, trail):
    """Holding back a link, or replaying it: the roll both shares gave is the only one."""
    record, data, devices = finished
    movers = _movers(record)
    i = [n for n, by in enumerate(movers) if by == CHANCE][-1]
    cut, signed = as_passed(trail, i)
    # every share shown in the end, with the signatures as they were before the last roll
    data = {**data, "parties": [{**p, **{k: q[k] for k in ("sig", "plies", "known")}}
                                for p, q in zip(data["parties"], signed["parties"])]}
    pending = fair.check(cut, data)
    assert pending is not None and pending["waiting"] == []
    shares = [(p["shown"], p["count"]) for p in data["parties"]]
    for device in devices:
        before = copy(data)
        answer = fair.step(cut, data, device.party, device.secret)
        assert data == before  # the data given is not changed
        assert answer["record"]["moves"] == record["moves"][:i + 1]
        assert [(p["shown"], p["count"]) for p in answer["fair"]["parties"]] == shares


# -- no party can foresee a roll, nor choose one -------------------------------------------

def test_no_party_can_foresee_a_roll():
    """After Red shows its share, the roll still depends on Blue's unshown one: Red cannot compute it."""
    rng = random.Random(8)
    red, blue = Device([0], rng), Device([1], rng)
    record = json.loads(py_engines.new_game("not_nyout", 2).to_json())
    data = {"id": new_secret(rng), "parties": []}
    red.join(data)
    blue.join(data)
    answer = fair.step(record, data, 0, red.secret)
    assert data["parties"][0]["count"] == 0  # the data given is not changed: the answer is new data
    assert answer["record"] == record and answer["pending"] == {"chance": 0, "parties": [0, 1], "waiting": [1]}
    shown = answer["fair"]
    red_share = shown["parties"][0]["shown"]
    blue_share = fair.element(blue.secret, 1)
    assert blue_share not in json.dumps(shown)  # nothing Red holds carries Blue's next element
    game = py_engines.load(json.dumps(record))
    # Blue's share decides: other values in its place give other outcomes (the d10 of a roll-off)
    outcomes = {fair.draw(game, data["id"], 0, [red_share, new_secret(rng)]) for _ in range(100)}
    assert len(outcomes) == 10
    # and so does Red's, for Blue, who shows second
    outcomes = {fair.draw(game, data["id"], 0, [new_secret(rng), blue_share]) for _ in range(100)}
    assert len(outcomes) == 10
    # once Blue shows its share, the roll is played, and it is the one both give
    done = fair.step(record, shown, 1, blue.secret)
    assert done["record"]["moves"] == [fair.draw(game, data["id"], 0, [red_share, blue_share])]


def test_no_party_can_choose_a_roll(finished):
    """A party's share for every roll is fixed by the head it gave on joining: no other value passes."""
    record, data, devices = finished
    rng = random.Random(9)
    for number in (0, 1):
        count = data["parties"][number]["count"]
        for shown in [new_secret(rng) for _ in range(20)] + [fair.element(new_secret(rng), count)]:
            changed = copy(data)
            changed["parties"][number]["shown"] = shown
            refused(record, changed, "do not follow from the head")
        # a share from further along the party's own chain is no other choice either
        changed = copy(data)
        changed["parties"][number].update(shown=fair.element(devices[number].secret, count + 1), count=count + 1)
        refused(record, changed, "has shown a share for a roll the game has not reached")


def test_a_secret_must_give_the_partys_head(finished):
    record, data, devices = finished
    with pytest.raises(FairError, match="does not give the head and key of Blue"):
        fair.step(record, data, 1, devices[0].secret)


def test_the_chain():
    secret = new_secret(random.Random(10))
    elements = spec_chain(secret)
    assert fair.head(secret) == elements[0] == fair.element(secret, 0)
    assert fair.element(secret, fair.CHAIN_LENGTH) == secret
    for n in (1, 2, 500, fair.CHAIN_LENGTH - 1):
        assert fair.element(secret, n) == elements[n]
        assert fair.follows(elements[n], n, elements[0])
        assert not fair.follows(elements[n], n + 1, elements[0])
    assert [fair.encode(v) for v in fair.chain(secret)] == elements


# -- fair data and the bridge ---------------------------------------------------------

def call(op, **fields):
    return json.loads(bridge.handle(json.dumps({"op": op, **fields})))


def test_the_bridge_ops_play_a_roll(finished):
    record, data, devices = finished
    secret = devices[0].secret
    party = call("fair_party", seats=[0], secret=secret)["result"]["party"]
    assert (party["head"], party["key"]) == (data["parties"][0]["head"], data["parties"][0]["key"])
    assert (party["shown"], party["count"], party["sig"], party["plies"], party["known"]) == (None, 0, None, 0, 0)
    assert call("fair_check", record=record, fair=json.dumps(data)) == {"ok": True, "result": {"pending": None}}
    assert call("fair_check", record=record, fair=json.dumps(data), known=json.dumps(data))["ok"]
    start = json.loads(py_engines.new_game("not_nyout", 2).to_json())
    fresh = {"id": data["id"], "parties": [fair.new_party([0], devices[0].secret)]}
    assert call("fair_check", record=start, fair=json.dumps(fresh))["result"]["pending"] == \
        {"chance": 0, "parties": [0, {"seat": 1}], "waiting": [0, {"seat": 1}]}
    fresh["parties"].append(fair.new_party([1], devices[1].secret))
    red = call("fair_step", record=start, fair=json.dumps(fresh), party=0, secret=devices[0].secret)["result"]
    assert red["pending"] == {"chance": 0, "parties": [0, 1], "waiting": [1]} and red["record"]["moves"] == []
    blue = call("fair_step", record=red["record"], fair=json.dumps(red["fair"]), party=1,
                secret=devices[1].secret)["result"]
    assert blue["record"]["moves"] == record["moves"][:1]  # the same roll as in the game played before
    # a link that goes back on what this device saw
    answer = call("fair_check", record=start, fair=json.dumps(fresh), known=json.dumps(blue["fair"]))
    assert answer["error"] == {"code": "bad_request",
                               "message": "party 0 of this link has taken back a share or a move: it is older"}
    other = {**fresh, "id": new_secret(random.Random(2))}
    answer = call("fair_check", record=start, fair=json.dumps(other), known=json.dumps(fresh))
    assert answer["error"]["message"] == "this link is of another game (its id differs)"
    answer = call("fair_check", record=record, fair=json.dumps(data) , known=json.dumps(
        {**data, "parties": [data["parties"][0], {**data["parties"][1], "head": new_secret(random.Random(3))}]}))
    assert answer["error"]["message"] == "party 1 of this link is not the one this device knows: the link was changed"


GOOD = {"id": "A" * 22, "parties": [{"seats": [0], "head": "B" * 21 + "A", "key": "C" * 42 + "A", "shown": None,
                                      "count": 0, "sig": None, "plies": 0, "known": 0}]}
BAD_FAIR = [
    (None, "must be an object"),
    ([], "must be an object"),
    ("{", "not JSON"),
    ("x" * 100_000, "too long"),
    ("[" * 50 + "]" * 50, "nests"),
    ({**GOOD, "extra": 1}, "the fields id, parties and no others"),
    ({**GOOD, "id": "A" * 21}, "the game's id must be 22 characters of base64url"),
    ({**GOOD, "id": "A" * 21 + "B"}, "not written as base64url writes 16 bytes"),
    ({**GOOD, "id": "A" * 21 + "="}, "22 characters of base64url"),
    ({**GOOD, "parties": []}, "a list of 1 to 10"),
    ({**GOOD, "parties": GOOD["parties"] * 11}, "a list of 1 to 10"),
    ({**GOOD, "parties": [{"seats": [0]}]}, "must be an object with the fields"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "seats": []}]}, "seat numbers"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "seats": [1, 0]}]}, "once each, in order"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "seats": [0.0]}]}, "seat numbers"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "seats": list(range(10**5))}]}, "the fair data is too long"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "seats": list(range(11))}]}, "seat numbers from 0 to 9"),
    ({**GOOD, "parties": GOOD["parties"] * 2}, "seat 0 is held by two parties"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "count": 10**100}]}, "count must be a whole number"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "count": True}]}, "count must be a whole number"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "count": 1}]}, "shown share must be 22 characters"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "shown": "C" * 21 + "g"}]}, "count 0"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "head": "h" * 5_000}]}, "the fair data is too long"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "head": "h" * 23}]}, "party 0's head must be 22 characters"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "key": "C" * 43}]}, "party 0's key must be 43 characters"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "key": None}]}, "party 0's key must be 43 characters"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "sig": "S" * 85}]}, "party 0's signature must be 86 characters"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "plies": 3}]}, "party 0 has not signed"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "known": -1}]}, "a whole number of moves and of parties"),
    ({**GOOD, "parties": [{**GOOD["parties"][0], "plies": 10**6}]}, "a whole number of moves and of parties"),
]


@pytest.mark.parametrize("value, words", BAD_FAIR)
def test_bad_fair_data_is_a_bad_request_a_player_can_read(value, words):
    record = json.loads(py_engines.new_game("not_nyout", 2).to_json())
    for op, extra in (("fair_check", {}), ("fair_step", {"party": 0, "secret": "S" * 21 + "Q"})):
        as_text = value if isinstance(value, str) or value is None else json.dumps(value)
        answer = call(op, record=record, fair=as_text, **extra)
        assert answer["error"]["code"] == "bad_request", answer
        assert words in answer["error"]["message"] and "'fair'" in answer["error"]["message"], answer
        assert len(answer["error"]["message"]) < 250


def test_fair_data_that_does_not_fit_the_game_is_refused():
    record = json.loads(py_engines.new_game("not_nyout", 2).to_json())
    for seats, message in [
        ([0, 2], "party 0 holds seat 2, but the game has 2 players"),
        ([0, 1], "one device holds every seat: a fair roll needs two devices"),
    ]:
        parties = [{**GOOD["parties"][0], "seats": seats}]
        answer = call("fair_check", record=record, fair=json.dumps({"id": "A" * 22, "parties": parties}))
        assert answer["error"] == {"code": "bad_request", "message": message}


@pytest.mark.parametrize("fields, words", [
    ({"secret": "x"}, "'secret' must be 22 characters of base64url"),
    ({"secret": ["S" * 21 + "Q"]}, "'secret' must be 22 characters of base64url"),
    ({"secret": "S" * 10**6}, "'secret' must be 22 characters"),
    ({}, "needs the field 'secret'"),
])
def test_bad_secrets_are_bad_requests(fields, words):
    answer = call("fair_party", seats=[0], **fields)
    assert answer["error"]["code"] == "bad_request" and words in answer["error"]["message"], answer
    assert len(answer["error"]["message"]) < 250


@pytest.mark.parametrize("party", [-1, 10, 10**100, 1.0, True, "0", None])
def test_bad_parties_are_bad_requests(party, finished):
    record, data, devices = finished
    answer = call("fair_step", record=record, fair=json.dumps(data), party=party, secret=devices[0].secret)
    assert answer["error"]["code"] == "bad_request" and "'party'" in answer["error"]["message"], answer
    answer = call("fair_step", record=record, fair=json.dumps(data), party=5, secret=devices[0].secret)
    assert answer["error"] == {"code": "bad_request", "message": "the party must be a number from 0 to 1, not 5"}


def test_fair_data_as_an_object_nests_deeper_than_a_request_may():
    """The page sends the fair data as JSON text (the request nests at most bridge.REQUEST_DEPTH deep)."""
    record = json.loads(py_engines.new_game("not_nyout", 2).to_json())
    answer = call("fair_check", record=record, fair=GOOD)
    assert answer["error"]["code"] == "bad_request" and "(in the field 'fair')" in answer["error"]["message"]


def test_the_fair_ops_never_answer_internal_to_junk():
    """Seeded junk in every field of the fair ops: a bad request, record or move, never a bug."""
    rng = random.Random(31)
    record = json.loads(py_engines.new_game("not_nyout", 2).to_json())
    good = {"record": record, "fair": json.dumps(GOOD), "known": json.dumps(GOOD), "party": 0, "secret": "S" * 21 + "Q",
            "seats": [0]}
    junk = [None, True, 0, -1, 1.5, 10**100, "", "x", "S" * 21 + "Q", "A" * 21 + "B", [], {}, [[[]]], "x" * 5000,
            json.dumps(GOOD), json.dumps({**GOOD, "parties": [{**GOOD["parties"][0], "count": 3}]}),
            json.dumps({**GOOD, "parties": GOOD["parties"] + [{**GOOD["parties"][0], "seats": [1]}]}),
            {"format": 1, "game": "nimbus", "moves": ["deal5"]}, json.dumps(record)]
    for _ in range(400):
        op = rng.choice(list(n for n in bridge.OPS if n.startswith("fair_")))
        fields = {key: good[key] for key in bridge.OPS[op][1] if key in good}
        for key in rng.sample(list(fields) + ["other"], k=rng.randint(1, 2)):
            fields[key] = rng.choice(junk)
        answer = call(op, **fields)
        assert answer["ok"] or answer["error"]["code"] in ("bad_request", "bad_record", "illegal_move"), answer
        if not answer["ok"]:
            assert "x" * 81 not in answer["error"]["message"]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["manalath", "ambush", "nymbat", "nimbus"])
def test_games_without_chance_never_wait_for_a_share(name):
    """Manalath, Ambush, Nymbat and Nimbus placed by hand: nothing pending, and no share may be shown."""
    rng = random.Random(12)
    game = py_engines.playout.random_game(name, 4)
    record = json.loads(game.to_json())
    devices = [Device([0, 2], rng), Device([1, 3], rng)] if name == "nymbat" and game.players == 4 else \
        [Device([0], rng), Device([1], rng)]
    data = {"id": new_secret(rng), "parties": []}
    for device in devices:
        device.join(data)
    movers = _movers(record)
    for ply in range(len(record["moves"]) + 1):
        part = {**record, "moves": record["moves"][:ply]}
        if ply:  # the mover signs its move
            data = devices[movers[ply - 1] % 2].step(part, data)["fair"]
        if ply in (0, 7, len(record["moves"])):
            assert fair.check(part, data) is None
            assert [p["count"] for p in devices[1].step(part, data)["fair"]["parties"]] == [0, 0]
    data["parties"][0].update(shown=fair.element(devices[0].secret, 1), count=1)
    refused(record, data, "has shown a share for a roll the game has not reached")
