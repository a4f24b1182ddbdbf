"""Not Nyout: the rule text's examples and each ruling, as scenarios."""
import math

import pytest

import py_engines
from py_engines import CHANCE, IllegalMove
from py_engines.games.not_nyout import INDEX, NAMES, NotNyout, format_move, parse_move


def game_after(*moves: str, players: int = 2, seed: int = 0) -> NotNyout:
    g = py_engines.new_game("not_nyout", players, seed)
    for move in moves:
        g.play(move)
    return g


def position(groups: dict[str, list[tuple[int, int]]], rolls=(3,), current=0, players=2,
             stable=None, homes=None, summoned=False) -> NotNyout:
    """A position in the middle of ``current``'s turn, built directly (it has no replayable record).

    ``groups`` maps a station to its groups (owner, size); the stables default to the
    horses not on the board.
    """
    g = py_engines.new_game("not_nyout", players)
    g.ranks = [[p] for p in range(players)]
    g.rolling_off = False
    g.order = list(range(players))
    g.current = current
    g.rolls = list(rolls)
    g.summoned = summoned
    if homes is not None:
        g.home = [None if h is None else INDEX[h] for h in homes]
    g.at = [()] * len(NAMES)
    on_board = [0] * players
    for station, gs in groups.items():
        g.at[INDEX[station]] = tuple(sorted(gs, key=lambda x: -x[1]))
        for p, k in gs:
            on_board[p] += k
    g.stable = list(stable) if stable is not None else [4 - b for b in on_board]
    g.horses = [g.stable[p] + on_board[p] for p in range(players)]
    return g


def ends(g: NotNyout, station: str, roll: int) -> set[str]:
    return {NAMES[s] for s in g._reach(INDEX[station], roll, g.current)}


def moves_from(g: NotNyout, station: str) -> list[str]:
    return [m for m in g.legal_moves() if m.split(">")[0].lstrip("1234") == station and ">" in m]


# -- the track ----------------------------------------------------------------------

def test_the_track_has_29_named_stations():
    assert len(NAMES) == 29
    assert NAMES[:6] == ["S", "S1", "S2", "S3", "S4", "E"]
    assert NAMES[10] == "N" and NAMES[15] == "W" and NAMES[19] == "W4"
    assert set(NAMES[20:]) == {"s1", "s2", "e1", "e2", "n1", "n2", "w1", "w2", "C"}


def test_layout_puts_the_ring_around_the_cross_with_neighbours_about_one_apart():
    layout = NotNyout.layout()
    at = {c["name"]: (c["x"], c["y"]) for c in layout["cells"]}
    assert layout["shape"] == "circle" and len(at) == 29
    assert at["S"][1] < at["C"][1] < at["N"][1] and at["W"][0] < at["C"][0] < at["E"][0]
    assert at["S1"][0] > 0  # counterclockwise from the bottom goes right
    for a, b in layout["lines"]:
        assert 0.95 <= math.dist(at[a], at[b]) <= 1.1, (a, b)
    assert len(layout["lines"]) == 20 + 12


@pytest.mark.parametrize("start, roll, expected", [
    ("S", 3, {"S3", "C"}),               # the rulings' example: never s1
    ("S", 1, {"S1", "s1"}),
    ("S", 4, {"S4", "e2", "n2", "w2"}),  # through C: straight on or to a side arm, never back
    ("W4", 2, {"S1"}),                   # passing a cardinal: no turn inward
    ("S4", 3, {"E2"}),
    ("s1", 1, {"s2", "S"}),              # an arm station: toward C or toward the ring
    ("s2", 2, {"e2", "n2", "w2", "S"}),
    ("s2", 3, {"e1", "n1", "w1", "S1"}),  # back on the ring it turns counterclockwise
    ("C", 3, {"S", "E", "N", "W"}),
    ("C", 4, {"S1", "E1", "N1", "W1"}),
    ("n1", 2, {"C", "N1"}),
])
def test_movement_follows_the_track(start, roll, expected):
    g = position({start: [(0, 1)]})
    assert ends(g, start, roll) == expected


# -- enemy stations --------------------------------------------------------------------

def test_the_rule_texts_example_passing_an_enemy_costs_one_more():
    # Red on S, blue two stations on: 1 reaches S1, 2 and 3 end on blue, 4 reaches S3.
    g = position({"S": [(0, 1)], "S2": [(1, 1)]}, rolls=(1, 2, 3, 4))
    assert ends(g, "S", 1) == {"S1", "s1"}
    assert "S2" in ends(g, "S", 2) and "S2" in ends(g, "S", 3)
    assert "S3" in ends(g, "S", 4) and "S4" not in ends(g, "S", 4)
    # Both ways onto blue are listed; a die choice tells them apart on the page.
    assert {"S>S2/2", "S>S2/3", "S>S3/4"} <= set(g.legal_moves())
    assert g.move_steps("S>S2/3") == [{"cell": "S"}, {"cell": "S2"}, {"choice": "r3"}]
    assert g.move_steps("S>S3/4") == [{"cell": "S"}, {"cell": "S3"}]


def test_two_enemy_stations_in_a_row_each_cost_one_more():
    g = position({"S": [(0, 1)], "S1": [(1, 1)], "S2": [(1, 1)]}, rolls=(4,))
    # S1 (1), off it (2) onto S2 (3), 1 left: too little to step off S2.
    assert "S2" in ends(g, "S", 4)


def test_own_groups_cost_nothing_and_landing_on_one_may_join():
    g = position({"S": [(0, 1)], "S1": [(0, 1)], "S3": [(0, 2)]}, rolls=(3,))
    assert ends(g, "S", 3) == {"S3", "C"}
    assert "S>S3/3" in g.legal_moves() and "S>S3/3&" in g.legal_moves()
    assert g.move_steps("S>S3/3&") == [{"cell": "S"}, {"cell": "S3"}, {"choice": "join"}]
    assert g.move_steps("S>S3/3") == [{"cell": "S"}, {"cell": "S3"}, {"choice": "apart"}]
    joined = g.clone()
    joined.play("S>S3/3&")
    assert joined.view()["stations"]["S3"] == [{"owner": 0, "size": 3}]
    g.play("S>S3/3")
    assert g.view()["stations"]["S3"] == [{"owner": 0, "size": 2}, {"owner": 0, "size": 1}]


def test_a_roll_that_ends_on_an_enemy_starts_a_fight():
    g = position({"S": [(0, 2)], "S3": [(1, 3)]}, rolls=(3, 1))
    g.play("S>S3/3")
    assert g.to_move == CHANCE
    combat = g.view()["combat"]
    assert combat["attacker"] == {"owner": 0, "size": 2} and combat["defender"] == {"owner": 1, "size": 3}
    # Two horses roll a d6, three a d8.
    assert len(g.legal_moves()) == 6 * 8 and "f6-8" in g.legal_moves() and "f7-1" not in g.legal_moves()


# -- combat ------------------------------------------------------------------------------

def fight(g, *rounds):
    for r in rounds:
        g.play(r)


def test_combat_rounds_the_attacker_adds_two_and_a_tie_goes_to_the_defender():
    # The rule text's example: blue (2 horses) attacks red (3 horses).
    g = position({"S": [(1, 2)], "S3": [(0, 3)]}, rolls=(3, 1), current=1)
    g.play("S>S3/3")
    g.play("f4-6")                     # 4 + 2 = 6 against 6: a tie, red wins the round
    combat = g.view()["combat"]
    assert combat["attacker"]["size"] == 1 and combat["defender"]["size"] == 3
    assert g.horses == [4, 3] and g.view()["last_kill"] == 0
    assert len(g.legal_moves()) == 4 * 8  # one horse left: a d4
    g.play("f4-5")                     # 6 against 5: blue wins the round
    assert g.view()["combat"]["defender"]["size"] == 2 and g.horses == [3, 3]
    g.play("f1-4")                     # 3 against 4: the last attacker falls
    assert g.view()["combat"] is None
    assert g.view()["stations"]["S3"] == [{"owner": 0, "size": 2}]
    assert g.horses == [3, 2] and g.to_move == 1 and g.rolls == [1]  # blue still has the 1


def test_the_winning_attacker_holds_the_station():
    g = position({"S": [(0, 1)], "S2": [(1, 1)]}, rolls=(2,))
    g.play("S>S2/2")
    g.play("f1-3")  # 3 against 3: a tie
    assert g.view()["combat"] is None  # the attacker had one horse
    g = position({"S": [(0, 1)], "S2": [(1, 1)]}, rolls=(2, 1))
    g.play("S>S2/2")
    g.play("f2-3")  # 4 against 3
    assert g.view()["stations"]["S2"] == [{"owner": 0, "size": 1}] and g.horses == [4, 3]
    assert g.to_move == 0 and g.rolls == [1]


def test_two_defending_groups_on_a_station_fight_one_after_another_largest_first():
    g = position({"S": [(0, 3)], "S2": [(1, 2), (1, 1)]}, rolls=(2,))
    g.play("S>S2/2")
    assert g.view()["combat"]["defender"] == {"owner": 1, "size": 2}
    g.play("f8-1")
    assert g.view()["combat"]["defender"] == {"owner": 1, "size": 1}  # the pair keeps fighting
    assert g.view()["stations"]["S2"][0] == {"owner": 1, "size": 1}
    g.play("f8-1")
    assert g.view()["combat"]["defender"] == {"owner": 1, "size": 1}  # now the single
    assert len(g.view()["stations"]["S2"]) == 1
    g.play("f8-1")
    assert g.view()["stations"]["S2"] == [{"owner": 0, "size": 3}] and g.view()["combat"] is None


# -- summoning ------------------------------------------------------------------------------

def test_summon_lands_the_roll_counterclockwise_from_home_once_per_turn():
    g = position({}, rolls=(3, 2), homes=("S", "N"), stable=(4, 4))
    assert g.legal_moves() == ["+2", "+3"]
    assert g.move_steps("+3") == [{"choice": "stable"}, {"cell": "S3"}]
    g.play("+3")
    assert g.view()["stations"]["S3"] == [{"owner": 0, "size": 1}] and g.stable[0] == 3
    # The new horse may use the other die at once; a second summon is not allowed.
    assert g.legal_moves() == ["S3>E/2"]
    with pytest.raises(IllegalMove, match="one horse may be summoned per turn"):
        g.play("+2")
    g.play("S3>E/2")
    assert g.to_move == CHANCE and g.current == 1


def test_player_ones_home_is_n():
    g = position({}, rolls=(1,), current=1, homes=("S", "N"), stable=(4, 4))
    g.play("+1")
    assert g.view()["stations"] == {"N1": [{"owner": 1, "size": 1}]}


def test_summoning_onto_an_own_group_may_join_and_onto_an_enemy_fights():
    g = position({"S2": [(0, 1)]}, rolls=(2,), homes=("S", "N"))
    assert "+2&" in g.legal_moves() and "+2" in g.legal_moves()
    g.play("+2&")
    assert g.view()["stations"]["S2"] == [{"owner": 0, "size": 2}]
    g = position({"S2": [(1, 2)]}, rolls=(2,), homes=("S", "N"))
    assert "+2&" not in g.legal_moves()
    g.play("+2")
    assert g.view()["combat"] == {"station": "S2", "attacker": {"owner": 0, "size": 1},
                                  "defender": {"owner": 1, "size": 2}, "dice": None}


def test_an_empty_stable_summons_nothing():
    g = position({"S": [(0, 4)]}, rolls=(2,), homes=("S", "N"))
    assert not any(m.startswith("+") for m in g.legal_moves())


# -- the turn -------------------------------------------------------------------------------

def test_one_die_per_group_on_the_board_one_if_none():
    g = position({"S": [(0, 2)], "E": [(0, 1)], "N": [(1, 1)]}, rolls=())
    g.rolls = None
    assert g.to_move == CHANCE
    outcomes = g.legal_moves()
    assert len(outcomes) == 10 and outcomes[0] == "r4-4" and outcomes[-1] == "r1-1"
    weights = dict(g.chance_outcomes())
    assert weights["r4-3"] == 2 and weights["r4-4"] == 1 and sum(weights.values()) == 16
    g.play("r4-3")
    assert g.rolls == [4, 3] and g.to_move == 0
    # Two unjoined groups on one station are two groups: two dice.
    g = position({"S": [(0, 1), (0, 1)]}, rolls=())
    g.rolls = None
    assert g.legal_moves()[0] == "r4-4"
    g = position({}, rolls=(), stable=(4, 4))
    g.rolls = None
    assert g.legal_moves() == ["r4", "r3", "r2", "r1"]


def test_splitting_after_the_roll_gives_no_extra_die():
    g = position({"S3": [(0, 4)]}, rolls=(2,), homes=("S", "N"), stable=(0, 4))
    assert {"S3=3+1", "S3=2+2"} <= set(g.legal_moves())
    assert g.move_steps("S3=3+1") == [{"cell": "S3"}, {"choice": "3+1"}]
    g.play("S3=3+1")
    assert g.rolls == [2]
    assert g.view()["stations"]["S3"] == [{"owner": 0, "size": 3}, {"owner": 0, "size": 1}]
    # Groups of different sizes on one station: the size is written, and chosen on the page.
    assert "3S3>E/2" in g.legal_moves() and "1S3>E/2" in g.legal_moves()
    assert g.move_steps("3S3>E/2") == [{"cell": "S3"}, {"choice": "g3"}, {"cell": "E"}]
    with pytest.raises(IllegalMove, match="write the size"):
        g.play("S3>E/2")
    g.play("S3=2+1")  # split further: a group of 4 may become 2 + 1 + 1
    assert sorted(k for _, k in g.at[INDEX["S3"]]) == [1, 1, 2]
    g.play("1S3>E/2")
    assert g.to_move == CHANCE  # the one die is spent
    assert [k for _, k in g.at[INDEX["S3"]]] == [2, 1] and g.view()["stations"]["E"][0]["size"] == 1


def test_groups_of_one_size_on_a_station_need_no_size():
    g = position({"S3": [(0, 1), (0, 1)]}, rolls=(1,))
    assert "S3>S4/1" in g.legal_moves() and "1S3>S4/1" not in g.legal_moves()
    with pytest.raises(IllegalMove, match="leave the size out"):
        g.play("1S3>S4/1")


def test_every_die_must_be_used_one_at_a_time_in_any_order():
    g = position({"S": [(0, 1)]}, rolls=(4, 1), homes=("S", "N"), stable=(0, 4))
    assert set(g.legal_moves()) == {"S>S1/1", "S>s1/1", "S>S4/4", "S>e2/4", "S>n2/4", "S>w2/4"}
    g.play("S>S1/1")
    assert g.to_move == 0 and g.rolls == [4]
    g.play("S1>E/4")
    assert g.to_move == CHANCE and g.current == 1


def test_a_die_that_cannot_be_used_is_lost():
    # Blue's only horse attacks and dies; it has summoned already: the 2 is lost.
    g = position({"S": [(1, 1)], "S1": [(0, 1)]}, rolls=(1, 2), current=1, summoned=True,
                 stable=(3, 1), homes=("S", "N"))
    g.play("S>S1/1")
    g.play("f1-4")
    assert g.to_move == CHANCE and g.current == 0 and g.view()["rolls"] is None


# -- out and the end --------------------------------------------------------------------------

def test_a_player_whose_four_horses_are_gone_is_out_and_the_last_one_left_wins():
    g = position({"S": [(0, 1)], "S1": [(1, 1)]}, rolls=(1,), stable=(0, 0))
    g.play("S>S1/1")
    g.play("f3-1")
    assert g.is_over and g.winners == [0] and g.to_move is None and g.legal_moves() == []
    assert g.view()["out"] == [False, True] and g.view()["result"] == "last"
    with pytest.raises(IllegalMove, match="over"):
        g.play("S1>S2/1")


def test_horses_in_the_stable_keep_a_player_in():
    g = position({"S": [(0, 1)], "S1": [(1, 1)]}, rolls=(1,), stable=(0, 1))
    g.play("S>S1/1")
    g.play("f3-1")
    assert not g.is_over and g.to_move == CHANCE and g.current == 1
    g.play("r2")
    assert g.legal_moves() == ["+2"]


def test_an_out_player_is_skipped():
    g = position({"S": [(0, 1)], "S1": [(1, 1)], "N": [(2, 2)]}, rolls=(1,), players=3,
                 stable=(0, 0, 0), homes=("S", "E", "N"))
    g.play("S>S1/1")
    g.play("f3-1")
    assert not g.is_over and g.current == 2 and g.view()["out"] == [False, True, False]


def test_once_both_have_one_horse_the_next_fight_ends_the_game():
    # Red (its last horse) takes one of blue's two; the fight goes on, one horse each.
    g = position({"S": [(0, 1)], "S1": [(1, 2)]}, rolls=(1,), stable=(0, 0), homes=("S", "N"))
    g.play("S>S1/1")
    g.play("f3-1")
    assert g.horses == [1, 1] and not g.is_over
    g.play("f1-4")  # red's horse falls: red is out, blue wins
    assert g.is_over and g.winners == [1] and g.view()["result"] == "last"


def _quiet_game():
    """Red kills blue's second-last horse; both are left with one horse, far apart."""
    g = position({"S": [(0, 1)], "S1": [(1, 1)], "N": [(1, 1)]}, rolls=(1,), stable=(0, 0),
                 homes=("S", "N"))
    g.play("S>S1/1")
    g.play("f3-1")
    assert g.horses == [1, 1] and g.view()["quiet_turns_left"] == 10
    return g


def test_five_full_rounds_are_ten_turns_after_the_killing_turn():
    g = _quiet_game()
    # Keep the two horses apart: red on the ring from S1, blue from N; both move 1 a turn.
    turns = 0
    while not g.is_over:
        assert g.to_move == CHANCE
        g.play("r1")
        me = g.current
        station = next(NAMES[s] for s, gs in enumerate(g.at) if gs and gs[0][0] == me)
        moves = [m for m in g.legal_moves() if m.startswith(station + ">") and ">" in m]
        ring = [m for m in moves if m.split(">")[1].split("/")[0][0].isupper()]
        g.play(ring[0])
        turns += 1
    assert turns == 10 and g.winners == [0] and g.view()["result"] == "rounds"


# -- setup ------------------------------------------------------------------------------------

def test_two_players_roll_off_with_a_d10_and_ties_reroll():
    g = py_engines.new_game("not_nyout", 2)
    assert g.to_move == CHANCE and g.legal_moves() == [f"d{v}" for v in range(1, 11)]
    g.play("d7")
    g.play("d7")  # a tie: both roll again
    assert g.to_move == CHANCE and g.view()["phase"] == "rolloff"
    g.play("d2")
    g.play("d9")
    assert g.order == [1, 0] and g.home == [0, 10]  # blue starts; homes stay S and N
    assert g.to_move == CHANCE and g.current == 1
    g.play("r3")
    assert g.legal_moves() == ["+3"]
    g.play("+3")
    assert g.view()["stations"] == {"N3": [{"owner": 1, "size": 1}]} and g.current == 0


def test_three_players_choose_turn_slots_in_roll_off_order_ties_only_among_the_tied():
    g = game_after("d5", "d8", "d5", players=3)   # 1 highest; 0 and 2 tie
    assert g.view()["rolloff"]["tied"] == [[0, 2]]
    g.play("d3")
    g.play("d6")                                   # now 1, 2, 0
    assert g.to_move == 1 and g.legal_moves() == ["slot1", "slot2", "slot3"]
    assert g.move_steps("slot3") == [{"choice": "slot3"}]
    g.play("slot3")                                # the highest roller may choose to go last
    assert g.to_move == 2 and g.legal_moves() == ["slot1", "slot2"]
    g.play("slot1")                                # player 0 is left slot 2 without choosing
    assert g.order == [2, 0, 1] and g.to_move == CHANCE and g.current == 2


def test_with_four_players_each_picks_a_free_home_on_the_first_turn_then_summons():
    g = game_after("d4", "d3", "d2", "d1", "slot1", "slot2", "slot3", players=4)
    assert g.order == [0, 1, 2, 3]
    g.play("r2")
    assert g.legal_moves() == ["home=S", "home=E", "home=N", "home=W"]
    assert g.move_steps("home=E") == [{"cell": "E"}]
    g.play("home=E")
    assert g.view()["stations"] == {"E2": [{"owner": 0, "size": 1}]} and g.current == 1
    g.play("r4")
    assert "home=E" not in g.legal_moves()
    with pytest.raises(IllegalMove, match="taken"):
        g.play("home=E")
    g.play("home=S")
    g.play("r1")
    g.play("home=W")
    g.play("r3")
    assert g.legal_moves() == ["home=N"]  # the last player is left one home
    g.play("home=N")
    assert g.view()["home"] == ["E", "S", "W", "N"]
    assert g.view()["stations"]["N3"] == [{"owner": 3, "size": 1}]


# -- notation and refusals ------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["S>C/3", "2S3>E1/4", "W4>S1/2&", "+3", "+3&", "S3=2+1", "S=2+2",
                                  "home=E", "slot2", "r4-3-1", "r1", "f5-3", "f10-10", "d7", "d10"])
def test_notation_round_trips(text):
    assert format_move(parse_move(text)) == text


@pytest.mark.parametrize("text", ["", "S>C", "S>C/5", "S>C/0", "X>C/3", "5S>C/3", "0S>C/3", "S>S/1",
                                  "+5", "+", "S3=1+2", "S3=3+2", "home=X", "home=", "slot5", "slot0",
                                  "r1-2", "r5", "r", "r4-4-4-4-4", "f0-1", "f11-1", "d0", "d11",
                                  "d07", "s3>C/3", "S>C/3&&", "pass"])
def test_malformed_moves_are_refused_and_change_nothing(text):
    g = position({"S": [(0, 1)]}, rolls=(3,))
    before = (g.history[:], g.at[:], g.rolls[:])
    with pytest.raises(IllegalMove, match="illegal move"):
        g.play(text)
    assert (g.history, g.at, g.rolls) == before


@pytest.mark.parametrize("text, reason", [
    ("S>S4/4", "no 4 among the dice"),
    ("S>S2/3", "a 3 from S ends on"),
    ("E>E3/3", "no own group on E"),
    ("S>S3/3&", "joining needs an own group"),
    ("r3", "no dice are being rolled"),
    ("slot1", "made at the start"),
    ("S=1+1", "no own group of 2"),
])
def test_illegal_moves_say_why(text, reason):
    g = position({"S": [(0, 1)]}, rolls=(3,), homes=("S", "N"), stable=(0, 4))
    with pytest.raises(IllegalMove, match=reason):
        g.play(text)
    assert g.history == []


def test_a_chance_point_refuses_decisions_and_roll_draws_a_listed_outcome():
    g = py_engines.new_game("not_nyout", 2, seed=5)
    with pytest.raises(IllegalMove, match="rolled first"):
        g.play("+3")
    listed = g.legal_moves()
    assert g.roll() in listed
    # Dice follow from the seed and the record alone: a reloaded game rolls the same.
    a = py_engines.load(g.to_json())
    b = g.clone()
    assert a.roll() == b.roll()
