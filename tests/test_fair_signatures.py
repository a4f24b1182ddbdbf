"""A game by links that nobody can forge (py_engines/fair.py, signing.py): each seat's moves
signed by its own device, and dice that take a share of every player whose fate they decide.

Games are played part-way by simulated devices (tests/test_fair.py's play_by_links), each
signing the game before it passes it on. Then one device, the forger, makes a link of its
own from what it holds: it may change anything and sign as itself, but it has no other
device's secret. Every such link must be refused, either by the engine's check of the
link alone (``fair.check``) or against the fair data the receiving device saved
(``fair.extends``, which the page runs with every link: by-links/game.js)."""
from __future__ import annotations

import json
import random

import pytest

import py_engines
from py_engines import BadRecord, fair
from py_engines.core import CHANCE
from py_engines.fair import FairError
from test_fair import Device, _movers, copy, new_secret, play_by_links

# Every game and player count (Nimbus: its least, one more, and its most).
SETUPS = [
    ("manalath", 2, {}), ("ambush", 2, {}), ("nymbat", 2, {}), ("nymbat", 4, {}),
    ("not_nyout", 2, {}), ("not_nyout", 3, {}), ("not_nyout", 4, {}),
    ("nimbus", 2, {"random_setup": True}), ("nimbus", 3, {}), ("nimbus", 10, {"random_setup": True}),
]
PLIES = 24


def passed_on(name: str, players: int, options: dict) -> tuple[list, list[Device]]:
    """A game played part-way, one device a seat: every (record, fair data) passed on."""
    trail: list = []
    rng_seed = players * 11 + len(name)
    _, _, devices = play_by_links(name, players, [[seat] for seat in range(players)], rng_seed, trail=trail,
                                  plies=PLIES, **options)
    return trail, devices


def refused_link(record: dict, data: dict, known: dict | None = None) -> str:
    """The words that refuse a link: the engine's check of it, then against what the receiver saved."""
    with pytest.raises((FairError, BadRecord)) as caught:
        fair.check(record, data)
        if known is not None:
            fair.extends(known, data)
    return str(caught.value)


def signed_by(device: Device, record: dict, data: dict) -> tuple[dict, dict]:
    """The forger signs the link as itself (its own party), as its page would before sending."""
    answer = fair.step(record, data, device.party, device.secret)
    return answer["record"], answer["fair"]


def holder(data: dict, seat: int) -> int:
    return next(number for number, party in enumerate(data["parties"]) if seat in party["seats"])


def forging_points(trail: list, devices: list[Device]) -> list[tuple[dict, dict, Device, int]]:
    """Points where a device passes the game on and a move of another seat came before:
    (record, fair data, the forger, the ply of the last move of another seat)."""
    points = []
    for record, data in trail:
        movers = _movers(record)
        for device in devices:
            if device.party is None or device.party >= len(data["parties"]):
                continue
            others = [i for i, seat in enumerate(movers) if seat != CHANCE and seat not in device.seats]
            if others and data["parties"][device.party]["sig"] is not None:
                points.append((record, data, device, others[-1]))
    return points


@pytest.fixture(scope="module", params=SETUPS, ids=lambda s: f"{s[0]}-{s[1]}")
def played(request):
    name, players, options = request.param
    trail, devices = passed_on(name, players, options)
    return trail, devices


@pytest.mark.slow
def test_a_move_added_for_another_seat_is_refused(played):
    """The issue's m=4 to m=5: a move for the seat to move, added by a device that does not hold it."""
    trail, devices = played
    tried = 0
    for record, data in trail:
        game = py_engines.load(json.dumps(record))
        if game.is_over or game.to_move == CHANCE:
            continue
        for forger in devices:
            if forger.party is None or forger.party >= len(data["parties"]) or game.to_move in forger.seats:
                continue
            added = {**record, "moves": record["moves"] + [game.legal_moves()[0]]}
            message = refused_link(*signed_by_or_raw(forger, added, data))
            assert "the link was changed" in message, message
            tried += 1
    assert tried >= 3


def signed_by_or_raw(forger: Device, record: dict, data: dict) -> tuple[dict, dict]:
    """The forger's link: signed as itself where its page would sign it, else as it was (a
    forger who cannot sign the change sends it unsigned: it must still be refused)."""
    try:
        return signed_by(forger, record, data)
    except (FairError, BadRecord):
        return record, data


def test_a_changed_move_of_another_seat_is_refused(played):
    trail, devices = played
    tried = 0
    for record, data, forger, ply in forging_points(trail, devices)[-6:]:
        before = py_engines.load(json.dumps({**record, "moves": record["moves"][:ply]}))
        others = [m for m in before.legal_moves() if m != record["moves"][ply]]
        if not others:
            continue
        changed = {**record, "moves": record["moves"][:ply] + [others[0]] + record["moves"][ply + 1:]}
        message = refused_link(*signed_by_or_raw(forger, changed, data), known=data)
        assert "the link was changed" in message or "does not replay" in message, message
        tried += 1
    assert tried


def test_a_removed_or_reordered_move_of_another_seat_is_refused(played):
    trail, devices = played
    for record, data, forger, ply in forging_points(trail, devices)[-4:]:
        moves = record["moves"]
        removed = {**record, "moves": moves[:ply] + moves[ply + 1:]}
        reordered = {**record, "moves": moves[:ply - 1] + [moves[ply], moves[ply - 1]] + moves[ply + 1:]} if ply else removed
        for forged in (removed, reordered):
            message = refused_link(*signed_by_or_raw(forger, forged, data), known=data)
            assert "the link was changed" in message or "does not replay" in message or "it is older" in message, message


def test_a_forger_cannot_take_back_or_change_its_own_move_once_seen(played):
    """A device's own move, once another device has seen it and signed after it, is bound by
    that device's signature too; taken back, the receiver's saved data says the link is older."""
    trail, devices = played
    points = []
    for record, data in trail:
        movers = _movers(record)
        for forger in devices:
            own = [i for i, seat in enumerate(movers) if seat in forger.seats]
            later = [holder(data, seat) for seat in movers[own[-1] + 1:] if seat != CHANCE] if own else []
            if own and any(party != forger.party for party in later):
                points.append((record, data, forger, own[-1]))
    assert points
    for record, data, forger, ply in points[-4:]:
        before = py_engines.load(json.dumps({**record, "moves": record["moves"][:ply]}))
        for other in [m for m in before.legal_moves() if m != record["moves"][ply]][:1]:
            changed = {**record, "moves": record["moves"][:ply] + [other] + record["moves"][ply + 1:]}
            message = refused_link(*signed_by_or_raw(forger, changed, data), known=data)
            assert "the link was changed" in message or "does not replay" in message, message
        # taken back: the moves after it dropped too, the others' signatures stripped to pass the check
        cut = {**record, "moves": record["moves"][:ply]}
        stripped = copy(data)
        for number, party in enumerate(stripped["parties"]):
            if number != forger.party and party["plies"] > ply:
                party.update(sig=None, plies=0, known=0)
        message = refused_link(*signed_by_or_raw(forger, cut, stripped), known=data)
        assert "the link was changed" in message or "it is older" in message or "not signed" in message, message


@pytest.mark.parametrize("change", ["id", "players", "options", "seed"])
def test_a_changed_id_players_options_or_seed_is_refused(played, change):
    trail, devices = played
    record, data = trail[-1]
    forger = next(d for d in devices if d.party is not None and d.party < len(data["parties"]))
    forged_record, forged_data = copy(record), copy(data)
    if change == "id":
        forged_data["id"] = new_secret(random.Random(5))
    elif change == "players":
        forged_record["players"] = record["players"] + 1 if record["game"] in ("nimbus", "not_nyout") and \
            record["players"] < 4 else record["players"]
        if forged_record["players"] == record["players"]:
            pytest.skip("this game has one player count here")
    elif change == "options":
        game_class = type(py_engines.load(json.dumps(record)))
        name, spec = next(iter(game_class.option_specs.items()), (None, None))
        if name is None:
            pytest.skip("this game has no options")
        values = spec["choices"]
        other = next((v for v in values if v != record["options"].get(name, spec.get("default"))), None)
        if other is None:
            pytest.skip("no other value")
        forged_record["options"] = {**record["options"], name: other}
    else:
        forged_record["seed"] = record["seed"] + 1
    message = refused_link(*signed_by_or_raw(forger, forged_record, forged_data), known=data)
    assert "the link was changed" in message or "does not replay" in message or "another game" in message \
        or "players" in message, message


def test_a_replayed_or_foreign_share_is_refused(played):
    trail, devices = played
    with_shares = [(r, d) for r, d in trail if any(p["count"] >= 2 for p in d["parties"])]
    if not with_shares:
        pytest.skip("no dice in this game")
    record, data = with_shares[-1]
    number = next(i for i, p in enumerate(data["parties"]) if p["count"] >= 2)
    device = next(d for d in devices if d.party == number)
    replayed = copy(data)  # an earlier share shown again in the place of the latest
    replayed["parties"][number]["shown"] = fair.element(device.secret, data["parties"][number]["count"] - 1)
    assert "do not follow from the head" in refused_link(record, replayed)
    foreign = copy(data)  # a share of another device's chain
    other = next(d for d in devices if d.party is not None and d.party != number)
    foreign["parties"][number]["shown"] = fair.element(other.secret, data["parties"][number]["count"])
    assert "do not follow from the head" in refused_link(record, foreign)


def test_an_honest_link_passes(played):
    """Every link passed on in these games checks, and carries on from the one before."""
    trail, _ = played
    for (record, data), (before, known) in zip(trail[1:], trail):
        fair.check(record, data)
        if len(known["parties"]) <= len(data["parties"]):
            fair.extends(known, data)


# -- the dice take a share of every player whose fate they decide ----------------------------

def chance_points(name: str, players: int, want, seed: int, **options):
    """(record, fair data) at chance points of a game by links that ``want(game)`` accepts."""
    trail: list = []
    play_by_links(name, players, [[seat] for seat in range(players)], seed, trail=trail, **options)
    points = []
    for record, data in trail:
        game = py_engines.load(json.dumps(record))
        if game.to_move == CHANCE and want(game):
            points.append((game, record, data))
    return points


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_a_fight_takes_the_attacker_s_and_the_defender_s_shares_only(players):
    points = chance_points("not_nyout", players, lambda g: bool(g.combat), seed=players)
    assert points
    for game, record, data in points:
        attacker, defenders = game.combat[1], {owner for owner, _ in game.at[game.combat[0]]}
        pending = fair.check(record, data)
        assert sorted(pending["parties"]) == sorted({holder(data, s) for s in {attacker, *defenders}})


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_every_roll_off_die_takes_every_tied_player_s_share(players):
    """Before anyone has joined, the first roll-off die waits for every player's device."""
    rng = random.Random(players)
    record = json.loads(py_engines.new_game("not_nyout", players).to_json())
    creator = Device([0], rng)
    data = {"id": new_secret(rng), "parties": []}
    creator.join(data)
    pending = fair.check(record, data)
    assert pending["parties"] == [0] + [{"seat": s} for s in range(1, players)]
    # nobody shows a share before every player in it has joined: Red's step shows none
    assert fair.step(record, data, 0, creator.secret)["fair"]["parties"][0]["count"] == 0
    points = chance_points("not_nyout", players, lambda g: g.rolling_off, seed=players + 10)
    for game, record, data in points:
        tied = next(r for r in game.ranks if len(r) > 1)
        held = {seat for party in data["parties"] for seat in party["seats"]}
        want = sorted(holder(data, s) for s in tied if s in held) + [{"seat": s} for s in sorted(tied) if s not in held]
        assert fair.check(record, data)["parties"] == want


@pytest.mark.slow
def test_a_nimbus_deal_takes_every_player_s_share():
    points = chance_points("nimbus", 4, lambda g: True, seed=2, random_setup=True, goal="rounds3")
    assert points
    for _, record, data in points:
        assert fair.check(record, data)["parties"] == [0, 1, 2, 3]


@pytest.mark.slow
def test_no_coalition_without_the_defender_can_foresee_a_fight():
    """With the attacker's and a third player's secrets pooled, a fight's dice still turn on
    the defender's share, which only the defender's device can show."""
    points = chance_points("not_nyout", 3, lambda g: bool(g.combat), seed=3)
    game, record, data = points[0]
    pending = fair.check(record, data)
    defender = holder(data, game.at[game.combat[0]][0][0])
    assert defender in pending["parties"] and len(pending["parties"]) == 2
    rng = random.Random(4)
    shares = {p: new_secret(rng) for p in pending["parties"]}
    outcomes = {fair.draw(game, data["id"], pending["chance"],
                          [new_secret(rng) if p == defender else shares[p] for p in pending["parties"]])
                for _ in range(60)}
    assert len(outcomes) > 1
