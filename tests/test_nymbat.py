"""Nymbat: the rule text's examples and each ruling, as scenarios.

Most positions are set up directly on the board (``position``) so that a rule
can be shown in a move or two; the property tests play whole games.
"""
import json

import pytest

import py_engines
from py_engines import IllegalMove
from py_engines.games.nymbat import CELLS, DIST, HOME, INDEX, NAMES, SETUP, Nymbat



def attack_of(g) -> dict:
    """The attack of the last move, from its events."""
    return next(e for e in g.events if e["type"] == "attack")

def position(pieces, turn=0, players=2, reserves=None, started=True, delays=None):
    """A game with ``pieces`` ({cell: (player, number)}) on the board, ``turn`` to start a turn."""
    g = py_engines.new_game("nymbat", players)
    for name, (p, k) in pieces.items():
        g.owner[INDEX[name]] = p
        g.num[INDEX[name]] = k
    g.started = [started] * players
    if reserves is not None:
        g.reserve = list(reserves)
    if delays is not None:
        g.delays = list(delays)
    g.turn = turn
    g.phase = "start"
    if players == 4:  # the turn is its team's first of the round
        g.slot = g.side[turn]
        g.picked = [None, None]
        g.picked[g.side[turn]] = turn
    return g


def pieces_of(g):
    return {NAMES[c]: (g.owner[c], g.num[c]) for c in range(CELLS) if g.owner[c] >= 0}


def play_all(g, *moves):
    for move in moves:
        g.play(move)
    return g


# -- the board -----------------------------------------------------------------

def test_board_has_169_cells_in_rows_a_to_o():
    g = py_engines.new_game("nymbat")
    cells = [c["name"] for c in Nymbat.layout()["cells"]]
    assert len(cells) == CELLS == 169
    assert cells[:8] == [f"a{i}" for i in range(1, 9)] and "h15" in cells and cells[-1] == "o8"
    assert g.view()["home"] == {"0": [f"a{i}" for i in range(1, 9)], "1": [f"o{i}" for i in range(1, 9)]}


def test_setup_areas_are_three_rows_of_27_cells():
    g = py_engines.new_game("nymbat")
    setup = g.view()["setup"]
    assert len(setup["0"]) == len(setup["1"]) == 27
    assert {c[0] for c in setup["0"]} == set("abc") and {c[0] for c in setup["1"]} == set("mno")


def test_layout_is_a_hex_board_with_player_0_at_the_bottom():
    layout = Nymbat.layout()
    at = {c["name"]: (c["x"], c["y"]) for c in layout["cells"]}
    assert layout["shape"] == "hex"
    assert at["a1"][1] < at["h1"][1] < at["o1"][1]
    assert abs((at["a2"][0] - at["a1"][0]) - 1) < 1e-3


# -- the first turn and bringing in ----------------------------------------------

def test_the_first_turn_must_bring_in_at_most_30():
    g = py_engines.new_game("nymbat")
    moves = g.legal_moves()
    assert len(moves) == 27 * 6 and "pass" not in moves and all("=" in m for m in moves)
    with pytest.raises(IllegalMove, match="first turn must bring in"):
        g.play("pass")
    with pytest.raises(IllegalMove, match="setup area"):
        g.play("d1=3")
    play_all(g, "a1=6", "a2=6", "a3=6", "a4=6")
    assert g.view()["allowance"] == 6 and g.to_move == 0
    g.play("a5=6")  # 30 brought in: nothing more may come, so the turn ends by itself
    assert g.to_move == 1 and g.reserve == [30, 60]


def test_a_bring_in_ends_with_done_and_never_exceeds_the_allowance():
    g = play_all(py_engines.new_game("nymbat"), "b1=5", "b2=5", "b3=5", "b4=5", "b5=5", "b6=3")
    assert g.view()["allowance"] == 2
    assert "c1=2" in g.legal_moves() and "c1=3" not in g.legal_moves()
    before = g.to_json()
    with pytest.raises(IllegalMove, match="only 2 more"):
        g.play("c1=3")
    with pytest.raises(IllegalMove, match="occupied"):
        g.play("b1=1")
    assert g.to_json() == before
    g.play("done")
    assert g.to_move == 1 and g.reserve == [32, 60] and g.view()["first_turn"] == [False, True]


def test_later_bring_ins_are_limited_by_the_reserve_only():
    g = position({"c4": (0, 3)}, reserves=[8, 60])
    assert g.view()["allowance"] == 8
    play_all(g, "a1=6")
    assert "a2=2" in g.legal_moves() and "a2=3" not in g.legal_moves()
    g.play("a2=2")  # the reserve is spent: the turn ends
    assert g.reserve[0] == 0 and g.to_move == 1


def test_a_bring_in_is_not_a_delay():
    g = position({"c4": (0, 3), "m4": (1, 3)}, delays=[6, 0])
    play_all(g, "a1=1", "done")
    assert g.delays == [6, 0] and g.reserve[0] == 59


# -- moving a group --------------------------------------------------------------

def test_two_groups_two_speeds():
    # Like the rule text's picture: group A (a 1 with a 4) moves 1, group B (two 2s) moves 2.
    g = position({"e4": (0, 1), "e5": (0, 4), "e9": (0, 2), "e10": (0, 2)})
    moves = g.legal_moves()
    assert "e4-f4" in moves and "e4-g4" not in moves and "e5-f6" in moves and "e5-g6" not in moves
    assert "e9-g9" in moves and "e9-h9" not in moves
    g.play("e9-g9")
    assert g.view()["group"] == {"speed": 2, "left": ["e10"], "moved": ["g9"]}
    moves = g.legal_moves()
    assert moves[-1] == "done" and all(m.startswith("e10-") for m in moves[:-1])
    with pytest.raises(IllegalMove, match="not in the moving group"):
        g.play("e4-f4")
    with pytest.raises(IllegalMove, match="already moved"):
        g.play("g9-h9")


def test_the_group_and_its_speed_are_fixed_at_the_start_of_the_turn():
    # e5 (a 1) leaves the group of 3s; the 3s still move only 1, and the lone 6 nearby
    # does not join the group though the moved piece now touches it.
    g = position({"e5": (0, 1), "e6": (0, 3), "e7": (0, 3), "f3": (0, 6)})
    g.play("e5-e4")  # now next to ... nothing of the group, but f3 is near
    assert g.view()["group"]["speed"] == 1
    assert not any(m.startswith("f3-") for m in g.legal_moves())
    assert "e6-f7" in g.legal_moves() and "e6-g7" not in g.legal_moves()


def test_own_pieces_are_passed_through_but_not_ended_on():
    g = position({"a1": (0, 2), "b1": (0, 1), "b2": (0, 5), "a2": (0, 3)})
    # a1's group: a1 a2 b1 b2, speed 1: a1 is boxed in by its own pieces.
    assert not any(m.startswith("a1-") for m in g.legal_moves())
    g = position({"a1": (0, 2), "b1": (0, 6), "b2": (0, 6), "a2": (0, 6)})
    dests = {m.split("-")[1] for m in g.legal_moves() if m.startswith("a1-")}
    assert dests == {"a3", "c1", "c2", "c3", "b3"}  # two steps, through the 6s


def test_enemy_pieces_block_and_must_be_attacked_to_be_entered():
    g = position({"a1": (0, 2), "a2": (1, 1), "b1": (1, 1), "b2": (1, 1)})
    assert [m for m in g.legal_moves() if m.startswith("a1-")] == ["a1-a2", "a1-b1", "a1-b2"]
    with pytest.raises(IllegalMove, match="not within 2 steps"):
        g.play("a1-c2")


def test_at_least_one_piece_moves_and_a_piece_moves_at_most_once():
    g = position({"e5": (0, 2), "e6": (0, 2)})
    assert "done" not in g.legal_moves()
    with pytest.raises(IllegalMove, match="a turn starts with"):
        g.play("done")
    with pytest.raises(IllegalMove, match="not within"):
        g.play("e5-e5")
    play_all(g, "e5-f5", "e6-f7")  # both moved: the turn ends by itself
    assert g.to_move == 1


# -- removal and breakthrough ---------------------------------------------------------

def removal_example():
    # The rule text's removal picture: a blue 4 can reach a lone red 1 and a red 2
    # flanked by two red 3s (2 + 3 + 3 = 8). Blue is player 1 here.
    return position({"f6": (1, 4), "e4": (0, 1), "e7": (0, 3), "e8": (0, 2), "e9": (0, 3)}, turn=1)


def test_removal_example_the_lone_1_falls_and_the_attacker_stays():
    g = removal_example()
    g.play("f6-e4")
    assert pieces_of(g)["e4"] == (1, 4) and attack_of(g)["defence"] == 1
    assert g.to_move == 0  # its only piece moved: the turn ended


def test_removal_example_the_supported_2_falls_and_takes_the_attacker_with_it():
    g = removal_example()
    g.play("f6-e8")
    assert "e8" not in pieces_of(g) and "f6" not in pieces_of(g)
    attack = attack_of(g)
    assert (attack["cell"], attack["number"], attack["defence"]) == ("e8", 4, 8)
    assert not attack["survived"] and attack["breakthrough"]


def breakthrough_example():
    # The rule text's breakthrough picture: blue's two 3s (player 1) attack a red 2
    # and then the red 5 that joins two red 2s.
    return position({"j8": (1, 3), "j9": (1, 3),
                     "i8": (0, 2), "h8": (0, 5), "h7": (0, 2), "h9": (0, 2)}, turn=1)


def test_breakthrough_example():
    g = breakthrough_example()
    g.play("j8-i8")  # 3 against 2 + 5 + 2: both go, and the red group is not split
    assert g.phase == "move" and "j8" not in pieces_of(g) and "i8" not in pieces_of(g)
    g.play("j9-h8")  # 3 against 5 + 2 + 2: both go, and h7 and h9 are cut apart
    assert g.phase == "break"
    assert g.view()["breakthrough"] == {"cell": "h8", "defender": 0, "allowance": 3, "targets": ["h7", "h9"]}
    assert g.legal_moves() == ["xh7", "xh9", "stop"]
    g.play("xh9")  # one red 2, not both (2 + 2 > 3)
    assert pieces_of(g) == {"h7": (0, 2)}  # blue lost both pieces
    assert g.to_move == 0


def test_breakthrough_may_be_declined():
    g = play_all(breakthrough_example(), "j8-i8", "j9-h8", "stop")
    assert pieces_of(g) == {"h7": (0, 2), "h9": (0, 2)} and g.to_move == 0


def test_breakthrough_removals_do_not_chain_and_pieces_beyond_the_allowance_stay():
    # A blue 6 takes a red 1 that joins three arms; arms of 4, 1, 1 next to it.
    g = position({"g8": (1, 6), "h8": (0, 1), "h7": (0, 4), "h9": (0, 1), "i8": (0, 1), "i9": (0, 1),
                  "h6": (0, 1), "h5": (0, 1)}, turn=1)
    g.play("g8-h8")  # 6 against 1 + 4 + 1 + 1: the attacker falls, but its 6 still counts
    assert "h8" not in pieces_of(g)
    # i8 and h9 are joined (and i9 joins them): two arms around h8, h7-h6-h5 and h9-i8-i9.
    assert g.view()["breakthrough"]["targets"] == ["h7", "h9", "i8"]
    play_all(g, "xh7", "xi8")  # 4 + 1 = 5, one left: h9 could still go
    assert g.legal_moves() == ["xh9", "stop"]
    g.play("xh9")  # 6 in all: over
    assert g.to_move == 0
    # h7's removal split h6-h5 from the rest, but no further breakthrough follows.
    assert pieces_of(g) == {"h6": (0, 1), "h5": (0, 1), "i9": (0, 1)}


def test_no_breakthrough_without_a_split():
    # The shield: three pieces touching each other cannot be split.
    g = position({"g8": (1, 6), "h8": (0, 1), "h9": (0, 1), "i8": (0, 1)}, turn=1)
    g.play("g8-h8")
    assert attack_of(g)["breakthrough"] is False and g.to_move == 0


def test_breakthrough_allowance_is_the_attackers_number_even_when_it_dies():
    g = position({"g8": (1, 2), "h8": (0, 1), "h7": (0, 1), "h9": (0, 2)}, turn=1)
    g.play("g8-h8")  # 2 against 1 + 1 + 2: the attacker falls, h7 and h9 are split
    assert "h8" not in pieces_of(g)
    assert g.legal_moves() == ["xh7", "xh9", "stop"]


# -- retreat and delay ----------------------------------------------------------------

def test_a_retreat_costs_one_reserve_at_once():
    g = position({"f5": (0, 2), "m5": (1, 2)}, reserves=[10, 10])
    g.play("f5-e5")  # one row back, away from row o
    assert g.reserve == [9, 10]
    assert [e for e in g.events if e["type"] == "penalty"] == [
        {"type": "penalty", "player": 0, "kind": "retreat", "paid": "reserve"}]


def test_the_delay_example_a_piece_back_but_the_front_holds():
    g = position({"f5": (0, 2), "f6": (0, 2), "m5": (1, 2)}, reserves=[10, 10])
    play_all(g, "f5-e5", "done")
    assert g.reserve == [10, 10] and g.delays == [1, 0]


def test_moving_closer_is_neither():
    g = position({"f5": (0, 2), "m5": (1, 2)}, reserves=[10, 10])
    g.play("f5-g5")
    assert g.reserve == [10, 10] and g.delays == [0, 0]


def test_sideways_is_a_delay_and_every_seventh_delay_costs_one():
    g = position({"f5": (0, 2), "m5": (1, 2)}, reserves=[10, 10], delays=[5, 0])
    g.play("f5-f6")
    assert g.delays == [6, 0] and g.reserve == [10, 10]
    g.play("pass")  # a pass is a delay too
    assert g.delays == [6, 1]
    g.play("f6-f5")
    assert g.delays == [7, 1] and g.reserve == [9, 10]


def test_removing_an_enemy_piece_is_never_a_retreat_or_delay():
    g = position({"f5": (0, 6), "e4": (1, 1), "m5": (1, 2)}, reserves=[10, 10], delays=[6, 0])
    g.play("f5-e4")  # backwards, but it removes an enemy piece
    assert g.reserve == [10, 10] and g.delays == [6, 0]


def test_with_no_reserve_a_penalty_takes_a_piece_of_the_players_choice():
    g = position({"f5": (0, 2), "c3": (0, 1), "m5": (1, 2)}, reserves=[0, 10])
    g.play("f5-e5")
    assert g.phase == "penalty" and g.to_move == 0 and g.view()["penalty"] == "retreat"
    assert g.legal_moves() == ["xc3", "xe5"]
    with pytest.raises(IllegalMove, match="no piece of yours"):
        g.play("xm5")
    g.play("xc3")
    assert pieces_of(g) == {"e5": (0, 2), "m5": (1, 2)} and g.to_move == 1


# -- passing and winning ------------------------------------------------------------

def test_a_player_with_no_pieces_and_no_reserve_must_pass():
    g = position({"m5": (1, 2)}, reserves=[0, 10])
    assert g.legal_moves() == ["pass"]


def test_a_piece_on_the_opponents_empty_home_row_wins_at_the_start_of_the_next_turn():
    g = position({"n4": (0, 2), "m8": (1, 2)}, reserves=[10, 10])
    g.play("n4-o4")
    assert not g.is_over and g.to_move == 1  # the opponent gets a turn to answer
    g.play("pass")
    assert g.is_over and g.winners == [0] and g.view()["result"] == "home" and g.legal_moves() == []


def test_an_answer_on_the_home_row_stops_the_win():
    # The rule text's tip: bring pieces in on your own home row.
    g = position({"n4": (0, 2), "m8": (1, 2)}, reserves=[10, 10])
    play_all(g, "n4-o4", "o6=1", "done")
    assert not g.is_over and g.to_move == 0


def test_the_win_is_judged_for_the_player_starting_a_turn_only():
    # Player 1 stands on row a, empty of player 0's pieces; player 0's turn starts: no win for anyone.
    g = position({"e5": (0, 2), "b5": (1, 2)}, turn=1, reserves=[10, 10])
    play_all(g, "b5-a5")
    assert not g.is_over and g.to_move == 0
    g.play("pass")
    assert g.winners == [1]


def test_an_emptied_board_with_no_reserves_is_won_by_the_last_mover():
    g = position({"h8": (0, 6), "h9": (1, 6)}, reserves=[0, 0])
    g.play("h8-h9")  # 6 against 6: both go
    assert g.is_over and g.winners == [0] and g.view()["result"] == "empty"


def test_an_emptied_board_with_a_reserve_left_plays_on():
    g = position({"h8": (0, 6), "h9": (1, 6)}, reserves=[0, 1])
    g.play("h8-h9")
    assert not g.is_over and g.legal_moves() == ["m1=1", *[f"{c}=1" for c in
                                                         [NAMES[x] for x in SETUP[3]][1:]], "pass"]


# -- notation and refusals -----------------------------------------------------------

def test_move_steps_cells_first_then_choices():
    g = py_engines.new_game("nymbat")
    assert g.move_steps("c4=3") == [{"cell": "c4"}, {"choice": "3"}]
    assert g.move_steps("e5-g6") == [{"cell": "e5"}, {"cell": "g6"}]
    assert g.move_steps("xf6") == [{"cell": "f6"}]
    assert g.move_steps("done") == [{"choice": "done"}]
    assert g.move_steps("p2") == [{"choice": "p2"}]


@pytest.mark.parametrize("move, reason", [
    ("z9=1", "not a move"),
    ("a9=1", "not a cell"),
    ("a1=7", "1 to 6"),
    ("a1=0", "1 to 6"),
    ("e5-q1", "not a move"),
    ("e5-e20", "not a cell"),
    ("x", "not a move"),
    ("", "not a move"),
    ("A1=3", "not a move"),
    ("p7", "not a move"),
    ("a1 = 3", "not a move"),
    ("e5-g6", "first turn"),
    ("done", "a turn starts"),
    ("xa1", "a turn starts"),
    ("p0", "a turn starts"),
])
def test_malformed_and_misplaced_moves_are_refused_and_change_nothing(move, reason):
    g = py_engines.new_game("nymbat")
    before = g.to_json()
    with pytest.raises(IllegalMove, match=reason):
        g.play(move)
    assert g.to_json() == before and g.history == []


def test_a_move_that_is_not_text_is_refused():
    g = py_engines.new_game("nymbat")
    with pytest.raises(IllegalMove):
        g.play(None)  # type: ignore[arg-type]
    assert g.history == []


def test_nothing_is_accepted_after_the_end():
    g = position({"h8": (0, 6), "h9": (1, 6)}, reserves=[0, 0])
    g.play("h8-h9")
    for move in ("pass", "a1=1", "done"):
        with pytest.raises(IllegalMove, match="over"):
            g.play(move)


def test_record_round_trips():
    g = play_all(py_engines.new_game("nymbat"), "c4=3", "a1=6", "done", "m4=2", "done", "c4-d5")
    record = json.loads(g.to_json())
    assert record["game"] == "nymbat" and record["moves"][-1] == "c4-d5"
    again = py_engines.load(g.to_json())
    assert again.view() == g.view() and again.legal_moves() == g.legal_moves()


# -- four players --------------------------------------------------------------------

def test_four_player_edges_home_rows_and_overlapping_setup_areas():
    g = py_engines.new_game("nymbat", 4)
    view = g.view()
    assert view["teams"] == [[0, 2], [1, 3]] and view["reserves"] == [40] * 4
    assert view["home"]["2"] == sorted(["a8", "b9", "c10", "d11", "e12", "f13", "g14", "h15"])
    assert view["home"]["3"] == sorted(["h1", "i1", "j1", "k1", "l1", "m1", "n1", "o1"])
    assert set(view["setup"]["0"]) & set(view["setup"]["2"])  # teammates' areas overlap
    assert not set(view["setup"]["0"]) & set(view["setup"]["1"])


def test_four_player_round_the_rule_texts_example():
    # A & B (players 0 and 2) against C & D (1 and 3): A & B pick B, C & D pick C, then A, then D.
    g = py_engines.new_game("nymbat", 4)
    assert g.to_move == 0 and g.legal_moves() == ["p0", "p2"] and g.view()["phase"] == "pick"
    g.play("p2")
    assert g.to_move == 2 and all(m.split("=")[0] in {NAMES[c] for c in SETUP[1]} for m in g.legal_moves())
    play_all(g, "a8=6", "b9=6", "c10=6")
    assert g.view()["allowance"] == 2  # a first turn brings in at most 20
    g.play("done")
    assert g.to_move == 1 and g.legal_moves() == ["p1", "p3"]
    play_all(g, "p1", "o1=1", "done")
    assert g.to_move == 0 and g.view()["phase"] == "start"  # A: no pick left to make
    play_all(g, "a1=1", "done")
    assert g.to_move == 3
    play_all(g, "h1=1", "done")
    assert g.to_move == 0 and g.legal_moves() == ["p0", "p2"]  # a new round


def test_teammates_pass_through_each_other_but_do_not_group_support_or_share():
    g = position({"f5": (0, 1), "f6": (2, 6), "m5": (1, 2), "i9": (3, 2)}, players=4)
    moves = g.legal_moves()
    assert "f5-f7" not in moves  # speed 1: the teammate's 6 lends no speed
    g = position({"f5": (0, 2), "f6": (2, 6), "m5": (1, 2), "i9": (3, 2)}, players=4)
    moves = g.legal_moves()
    assert "f5-f7" in moves and "f5-f6" not in moves and not any(m.startswith("f6-") for m in moves)
    # No support from a teammate: a 3 beats a 2 whose teammate 6 stands beside it.
    g = position({"h7": (0, 3), "h8": (1, 2), "h9": (3, 6), "m5": (2, 1)}, players=4)
    g.play("h7-h8")
    assert pieces_of(g)["h8"] == (0, 3)


def test_a_breakthrough_spares_the_defenders_teammate():
    g = position({"g8": (0, 6), "h8": (1, 1), "h7": (1, 1), "h9": (1, 1), "i8": (3, 1)}, players=4)
    g.play("g8-h8")
    assert g.legal_moves() == ["xh7", "xh9", "stop"]


def test_four_player_home_row_eliminates_the_enemy_and_the_team_wins_when_both_are_out():
    # Player 0 stands on player 1's home row (the top): at player 0's next turn player 1 is out.
    g = position({"o4": (0, 1), "m5": (1, 2), "i1": (3, 2), "c5": (2, 1)}, turn=3, players=4,
                 reserves=[5, 5, 5, 0])
    g.slot, g.picked = 3, [0, 3]  # player 3 ends the round
    play_all(g, "i1-i2", "p0")
    assert g.view()["eliminated"] == [False, True, False, False]
    assert "m5" not in pieces_of(g) and g.reserve[1] == 0 and not g.is_over
    # Player 3 is now the only enemy; with no reserve, losing the last piece puts them out.
    g = position({"i3": (0, 3), "i2": (3, 1), "c5": (2, 1)}, players=4, reserves=[5, 0, 5, 0])
    g.out[1] = True
    g.play("i3-i2")
    assert g.is_over and g.winners == [0, 2] and g.view()["result"] == "eliminated"


def test_an_eliminated_players_turns_are_skipped():
    g = position({"c5": (0, 2), "m5": (1, 2), "k1": (3, 2)}, players=4, reserves=[5, 5, 0, 5])
    g.out[2] = True
    g.play("pass")
    assert g.to_move == 1 and g.legal_moves() == ["p1", "p3"]
    play_all(g, "p1", "pass")
    assert g.to_move == 3  # team A's other player is out
    g.play("pass")
    assert g.to_move == 0 and g.view()["phase"] == "start"  # alone in its team: no pick


def test_four_player_penalties_look_at_the_opposite_home_row_then_the_other_enemy():
    # Player 2 (lower right edge) heads for player 3's edge (upper left).
    g = position({"f12": (2, 2), "m5": (1, 2), "k1": (3, 2), "c5": (0, 1)}, turn=2, players=4,
                 reserves=[5, 5, 5, 5])
    g.play("f12-f11")  # toward the upper left: closer
    assert g.reserve[2] == 5 and g.delays[2] == 0
    assert DIST[4][INDEX["f11"]] < DIST[4][INDEX["f12"]]
    g = position({"f12": (2, 2), "m5": (1, 2), "c5": (0, 1)}, turn=2, players=4, reserves=[5, 5, 5, 0])
    g.out[3] = True
    assert g.opponent(2) == 1
    g.play("f12-g12")  # toward the top: closer to player 1's row, now the one that counts
    assert g.reserve[2] == 5 and g.delays[2] == 0


def test_four_player_home_rows_are_the_edges():
    assert HOME[1] == {INDEX[c] for c in ("a8", "b9", "c10", "d11", "e12", "f13", "g14", "h15")}
