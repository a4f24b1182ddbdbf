"""Not Nyout's coach warns of a station of one's own that another player can attack next turn
(issue 39: a newcomer's pair, one step ahead of a lone Blue horse, was told "Nothing is
decided" and lost both horses). Checked against the engine: the other player is given every
roll of their next turn's dice on the board as it stands, and every way through that turn is
played until a fight starts."""
from __future__ import annotations

from fractions import Fraction
from itertools import islice, product

import pytest

import py_engines
from py_engines.games.not_nyout import INDEX, fight_odds
from test_coach_not_nyout import decision_positions


def attacks(game, enemy: int) -> dict[int, int]:
    """Station -> the largest group of ``enemy`` that can start a fight there in a turn of theirs
    taken now (every roll of their dice, every way through the turn)."""
    groups = sum(1 for gs in game.at for owner, _ in gs if owner == enemy)
    found: dict[int, int] = {}

    def walk(position, depth):
        for move in position.legal_moves():
            after = position.clone()
            after.play(move)
            if after.combat:
                station, size = after.combat[0], after.combat[2]
                found[station] = max(found.get(station, 0), size)
            elif after.current == enemy and after.rolls and depth < 4:
                walk(after, depth + 1)

    for dice in product(range(1, 5), repeat=max(1, groups)):
        turn = game.clone()
        turn.current, turn.rolls, turn.summoned = enemy, list(dice), False
        walk(turn, 1)
    return found


def positions(players: int, count: int, seed: int):
    """Positions where a person would be coached (dice rolled, a home), the others with at most
    two groups each (their dice: at most 16 rolls to try; three groups, 64 rolls, were checked too, in 150 s)."""
    def wanted(game) -> bool:
        me = game.to_move
        few = all(sum(1 for gs in game.at for o, _ in gs if o == e) <= 2 for e in range(players) if e != me)
        return bool(game.order and game.rolls) and game.home[me] is not None and few

    return islice((game for game in decision_positions(players, 10**9, seed) if wanted(game)), count)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_coach_names_exactly_the_stations_the_others_can_attack_and_how_well_they_hold(players):
    warned = 0
    for game in positions(players, 200, seed=players):
        me = game.to_move
        dangers = {INDEX[n["cells"][0]]: Fraction(*n["holds"]) for n in game.coach() if n["kind"] == "danger"}
        expected: dict[int, int] = {}
        for enemy in range(players):
            if enemy != me and game.horses[enemy]:
                for station, size in attacks(game, enemy).items():
                    if game.at[station] and game.at[station][0][0] == me:
                        expected[station] = max(expected.get(station, 0), size)
        assert set(dangers) == set(expected), game.to_json()
        for station, size in expected.items():
            defenders = tuple(k for _, k in game.at[station])
            assert dangers[station] == 1 - fight_odds(size, defenders), (game.to_json(), station)
        warned += bool(dangers)
    assert warned >= 5, warned


@pytest.mark.slow
def test_past_its_budget_the_coach_still_finds_every_station_in_reach():
    """The search for the largest attacker has a budget; beyond it the stations in reach come
    from each group alone (joining adds no reach): the same stations as the whole search."""
    checked = 0
    for players in (2, 3, 4):
        for game in positions(players, 60, seed=10 + players):
            me = game.to_move
            for enemy in range(players):
                if enemy == me or not game.horses[enemy]:
                    continue
                sizes, exact = game._attack_sizes(enemy, budget=10**9)
                assert exact
                assert game._in_reach(enemy) == set(sizes), game.to_json()
                checked += 1
    assert checked >= 150


def summoned_onto(game, enemy: int) -> set[str]:
    """The stations where ``enemy``'s horse, summoned next turn with any die, starts a fight."""
    stations = set()
    for roll in range(1, 5):
        turn = game.clone()
        turn.current, turn.rolls, turn.summoned = enemy, [roll], False
        if f"+{roll}" in turn.legal_moves():
            turn.play(f"+{roll}")
            if turn.combat:
                stations.add(turn.events[0]["to"])
    return stations


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_the_coach_names_exactly_the_moves_that_stop_where_a_summoned_horse_attacks(players):
    """``entry``: each move (a group moved, a horse summoned) that ends, without a fight, on a
    station where another player's horse summoned next turn would attack it (tried: every
    move, then every enemy's summon with every die, through the rules)."""
    warned = checked = 0
    for game in islice((g for g in decision_positions(players, 10**9, seed=7 + players) if g.order and g.rolls), 150):
        me = game.to_move
        expected, cells = [], set()
        for move in game.legal_moves():
            after = game.clone()
            after.play(move)
            ended = next((e for e in after.events if e["type"] in ("move", "summon")), None)
            if ended is None or after.combat or any(e["type"] == "attack" for e in after.events):
                continue
            if any(ended["to"] in summoned_onto(after, enemy) for enemy in range(players) if enemy != me):
                expected.append(move)
                cells.add(ended["to"])
        notes = [note for note in game.coach() if note["kind"] == "entry"]
        assert sorted(notes[0]["moves"] if notes else []) == sorted(expected), game.to_json()
        assert set(notes[0]["cells"] if notes else []) == cells
        checked += 1
        warned += bool(expected)
    assert checked == 150 and warned >= 8, warned


def worst_attack(game, me: int, station: int, players: int) -> int:
    """The largest group another player can attack ``station`` with next turn (0: none can), by
    playing their turns (``attacks``)."""
    return max((attacks(game, enemy).get(station, 0) for enemy in range(players)
                if enemy != me and game.horses[enemy]), default=0)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_coach_names_exactly_the_moves_that_leave_a_group_where_it_can_be_attacked(players):
    """``exposes``: each move (a group moved, a horse summoned) that ends without a fight where
    another player can attack it next turn, and holds worse there than where it stood (a horse
    from the stable: than not at all). Tried: every move, then every enemy's every roll and every
    way through their turn, before and after it."""
    warned = 0
    for game in positions(players, 25, seed=20 + players):
        me = game.to_move
        notes = game.coach()
        entry = {move for note in notes if note["kind"] == "entry" for move in note["moves"]}
        exposes = {move: note for note in notes if note["kind"] == "exposes" for move in note["moves"]}
        expected: dict[str, tuple[str, Fraction]] = {}   # move -> (the station it ends on, how well it holds there)
        for move in game.legal_moves():
            after = game.clone()
            after.play(move)
            ended = next((e for e in after.events if e["type"] in ("move", "summon")), None)
            if (ended is None or move in entry or after.combat or after.result is not None
                    or any(e["type"] == "attack" for e in after.events)):
                continue
            dst = INDEX[ended["to"]]
            size = worst_attack(after, me, dst, players)
            if not size:
                continue
            holds = 1 - fight_odds(size, tuple(k for _, k in after.at[dst]))
            was = Fraction(1)
            if ended["type"] == "move":
                src = INDEX[ended["from"]]
                before = worst_attack(game, me, src, players)
                if before:
                    was = 1 - fight_odds(before, tuple(k for _, k in game.at[src]))
            if holds < was:
                expected[move] = (ended["to"], holds)
        assert set(exposes) == set(expected), game.to_json()
        for move, (station, _) in expected.items():
            note = exposes[move]
            assert note["exact"] and note["cells"] == [station], (game.to_json(), move)
            # The note's chance is the worst of its moves'.
            assert Fraction(*note["holds"]) == min(h for m, (st, h) in expected.items() if st == station), game.to_json()
        warned += bool(expected)
    assert warned >= 5, warned


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_a_hint_says_a_move_takes_a_group_out_of_danger_exactly_where_it_does(players):
    """The hint's reason (Game.reason): said of a move exactly when the group it moves, with no
    fight, can be attacked next turn where it stands, and after the move can be attacked by no one
    where it ends, or holds better there (every enemy's every roll and way through their turn
    played, before and after)."""
    said = 0
    for game in positions(players, 12, seed=30 + players):
        me = game.to_move
        attacked = {}   # station of mine -> the largest group another player can attack it with next turn
        for enemy in range(players):
            if enemy != me and game.horses[enemy]:
                for station, size in attacks(game, enemy).items():
                    if game.at[station] and game.at[station][0][0] == me:
                        attacked[station] = max(attacked.get(station, 0), size)
        for move in game.legal_moves():
            reason = game.reason(move)
            after = game.clone()
            after.play(move)
            ended = next((e for e in after.events if e["type"] == "move"), None)
            expected = None
            if (ended is not None and not after.combat and after.result is None
                    and not any(e["type"] == "attack" for e in after.events)):
                src, dst = INDEX[ended["from"]], INDEX[ended["to"]]
                before = attacked.get(src, 0)
                if before:
                    was = 1 - fight_odds(before, tuple(k for _, k in game.at[src]))
                    size = worst_attack(after, me, dst, players)
                    if not size:
                        expected = "out of every player's reach"
                    elif 1 - fight_odds(size, tuple(k for _, k in after.at[dst])) > was:
                        expected = "if attacked"
            if expected is None:
                assert reason is None, (game.to_json(), move, reason)
            else:
                assert reason is not None and expected in reason and ended["to"] in reason, (game.to_json(), move, reason)
                said += 1
    assert said >= 3, said
