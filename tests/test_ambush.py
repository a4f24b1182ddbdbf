"""Ambush: the rule text's examples and each ruling, as scenarios.

Positions are set up by writing stacks straight onto the board (``put``); the
moves under test are then played through ``play`` like any other. Red is
player 0 and Black player 1.
"""
import json

import pytest

import py_engines
from py_engines import IllegalMove
from py_engines.games.ambush import COASTER_CELLS, NAMES, TURN_MAPS, strength, visible

RED, BLACK = 0, 1
PIPS = {"s": 1, "m": 2, "l": 3}


def game_after(*moves: str):
    g = py_engines.new_game("ambush")
    for move in moves:
        g.play(move)
    return g


def put(g, cell: str, player: int, stack: str) -> None:
    """Set a stack (sizes bottom to top) on a cell, outside the rules."""
    g._set(NAMES.index(cell), player, tuple(PIPS[x] for x in stack))


def position(to_move: int, stacks: dict[str, str], all_sizes: bool = True):
    """A game with ``stacks`` (cell -> player digit then sizes, e.g. "1lm") and
    ``to_move`` to play; with ``all_sizes`` both players hold trees of every top."""
    g = py_engines.new_game("ambush")
    for cell, text in stacks.items():
        put(g, cell, int(text[0]), text[1:])
    if all_sizes:
        g.trees = [[0, 1, 1, 3], [0, 1, 1, 3]]
    g.turn = to_move
    return g


def stacks(g) -> dict[str, str]:
    return {cell: str(info["player"]) + info["stack"] for cell, info in g.view()["cells"].items()}


# -- the board -----------------------------------------------------------------

def test_board_is_six_by_six_from_four_coasters():
    layout = py_engines.new_game("ambush").layout()
    assert layout["shape"] == "square"
    names = [c["name"] for c in layout["cells"]]
    assert len(names) == 36 and names[0] == "a1" and names[-1] == "f6"
    at = {c["name"]: (c["x"], c["y"]) for c in layout["cells"]}
    assert at["a1"] == (0, 0) and at["f1"] == (5, 0) and at["a6"] == (0, 5)  # y grows up, row 1 at the bottom
    regions = {r["name"]: set(r["cells"]) for r in layout["regions"]}
    assert regions["Coaster 1"] == {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"}
    assert regions["Coaster 2"] == {"d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3"}
    assert regions["Coaster 3"] == {"a4", "b4", "c4", "a5", "b5", "c5", "a6", "b6", "c6"}
    assert regions["Coaster 4"] == {"d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"}


# -- stacks and strength (every example of the rulings) ----------------------------

@pytest.mark.parametrize("top_to_bottom, expected", [
    ("S", 1), ("MS", 2), ("LMS", 3),   # the same number of pyramids, different strengths
    ("SM", 3), ("SML", 6),
    ("SMS", 3), ("SSM", 4),             # same pips and pyramids: 3 visible against 4
])
def test_strength_counts_visible_pips(top_to_bottom, expected):
    bottom_up = tuple(PIPS[x] for x in reversed(top_to_bottom.lower()))
    assert strength(bottom_up) == expected
    assert sum(p for p, shown in zip(bottom_up, visible(bottom_up)) if shown) == expected


def test_only_a_strictly_larger_pyramid_above_hides():
    assert visible((1, 2, 1)) == [False, True, True]   # the bottom small lies under a medium
    assert visible((2, 2)) == [True, True]             # equal sizes both show
    assert visible((3, 1, 3)) == [True, False, True]   # a large hides only what is smaller
    assert strength((3, 1, 3)) == 6


def test_the_view_gives_each_stack_with_its_strength():
    g = position(RED, {"c3": "0sms", "d4": "1ml"})
    cells = g.view()["cells"]
    assert cells["c3"] == {"player": 0, "stack": "sms", "visible": [False, True, True], "strength": 3}
    assert cells["d4"] == {"player": 1, "stack": "ml", "visible": [False, True], "strength": 3}


# -- the trees -------------------------------------------------------------------

def test_trees_offer_only_their_tops():
    g = py_engines.new_game("ambush")
    assert g.to_move == RED
    assert {m[-1] for m in g.legal_moves()} == {"s"}  # only smalls on the first turn
    with pytest.raises(IllegalMove, match="no tree of Red has a medium"):
        g.play("a1m")
    g.play("a1s")
    g.play("f6s")
    assert g.view()["players"][RED]["tops"] == ["s", "m"]
    g.play("a2m")  # the medium of the tree whose small went first
    assert g.view()["players"][RED]["tops"] == ["s", "l"]
    assert g.view()["players"][RED]["trees"] == ["lms", "lms", "lms", "lms", "l"]
    assert g.view()["players"][RED]["left"] == 13


def test_a_used_up_size_is_no_longer_offered():
    g = py_engines.new_game("ambush")
    for i in range(5):  # Red places all five smalls on a1, Black its smalls on f6
        g.play("a1s")
        g.play("f6s")
    assert g.view()["players"][RED]["tops"] == ["m"]
    with pytest.raises(IllegalMove, match="no tree of Red has a small"):
        g.play("a2s")
    assert {m[-1] for m in g.legal_moves()} == {"m"}


# -- placement ---------------------------------------------------------------------

def test_a_pyramid_goes_on_an_empty_cell_or_an_own_stack():
    g = game_after("c3s", "d4s", "c3m")  # Red stacks a medium on its own small
    assert stacks(g)["c3"] == "0sm" and g.view()["cells"]["c3"]["strength"] == 2
    assert "c3s" not in g.legal_moves() and "d4s" in g.legal_moves()
    before = g.to_json()
    with pytest.raises(IllegalMove, match="c3 holds a red stack"):
        g.play("c3s")
    assert g.to_json() == before


# -- captures after a placement (the rule text's examples, on this board) ------------

@pytest.mark.parametrize("move, captured", [("b3m", True), ("b3l", True), ("b3s", False)])
def test_example_one_a_tie_does_not_capture(move, captured):
    # Black medium on b1, Red large on b2; Black plays on b3.
    g = position(BLACK, {"b1": "1m", "b2": "0l"})
    g.play(move)
    assert ("b2" not in stacks(g)) is captured
    assert g.scores == ([0.0, 3.0] if captured else [0.0, 0.0])
    assert g.view()["captures"] == (["b2"] if captured else [])


@pytest.mark.parametrize("move, captured", [
    ("c3m", True), ("c3l", True), ("c3s", False),   # with the red medium on a1 as the other end
    ("a3l", True), ("a3m", False), ("a3s", False),  # with the red small on c1
])
def test_example_two_diagonal_sandwiches(move, captured):
    g = position(RED, {"a1": "0m", "c1": "0s", "b2": "1l"})
    g.play(move)
    assert ("b2" not in stacks(g)) is captured
    assert g.scores[RED] == (3.0 if captured else 0.0)


@pytest.mark.parametrize("size", "sml")
def test_example_three_one_placement_captures_in_two_lines_at_once(size):
    # Red plays any size on a3: the column a3-a2-a1 and the diagonal a3-b2-c1 both capture.
    g = position(RED, {"a1": "0l", "a2": "1s", "b2": "1m", "c1": "0m"})
    g.play("a3" + size)
    assert "a2" not in stacks(g) and "b2" not in stacks(g)
    assert g.scores == [3.0, 0.0] and g.view()["players"][RED]["captured"] == "sm"
    assert sorted(g.view()["captures"]) == ["a2", "b2"]


@pytest.mark.parametrize("move, captured", [("b3m", True), ("b3l", True), ("b3s", False),
                                            ("a2l", True), ("a2m", False)])
def test_example_four_a_row_and_a_column(move, captured):
    g = position(BLACK, {"b1": "1m", "b2": "0l", "c2": "1s"})
    g.play(move)
    assert ("b2" not in stacks(g)) is captured


def test_example_five_a_capture_takes_only_the_top_pyramid():
    # Red's stack on a2 is a medium under a small: strength 3.
    g = position(BLACK, {"a1": "1m", "a2": "0ms"})
    tie = g.clone()
    tie.play("a3s")
    assert stacks(tie)["a2"] == "0ms" and tie.scores == [0.0, 0.0]
    g.play("a3m")
    assert stacks(g)["a2"] == "0m" and g.scores == [0.0, 1.0]  # the small is taken, the medium stays
    g.play("f6s")
    assert stacks(g)["a2"] == "0m"  # it stays until Black plays on a1 or a3 again
    g.play("a3s")
    assert "a2" not in stacks(g) and g.scores == [0.0, 3.0]


def test_example_six_a_piece_placed_between_enemies_is_safe():
    g = position(BLACK, {"a1": "0m", "c1": "0s"})
    g.play("b1m")  # outnumbered (2 + 1 > 2), but the capture must be made by the attacker
    assert stacks(g)["b1"] == "1m" and g.scores == [0.0, 0.0]
    g.play("f6s")  # Red plays elsewhere: still no capture
    assert stacks(g)["b1"] == "1m"
    g.play("e6s")
    g.play("a1s")  # Red adds to a1: that stack is now a flank of its own capture
    assert "b1" not in stacks(g) and g.scores == [2.0, 0.0]


@pytest.mark.parametrize("extra", ["c1s", "c1m"])
def test_example_six_adding_to_the_other_end_captures_too(extra):
    g = position(BLACK, {"a1": "0m", "c1": "0s"})
    g.play("b1m")
    g.play(extra)  # c1 becomes small+small (2) or medium over small (2): 2 + 2 > 2
    assert "b1" not in stacks(g)


def test_only_sandwiches_with_the_played_stack_as_an_end_are_resolved():
    # e5 sits between two red stacks that could capture it, but Red plays elsewhere.
    g = position(RED, {"d5": "0l", "e5": "1s", "f5": "0l", "a1": "0s", "b1": "1s"})
    g.play("c1m")  # captures b1 (2 + 1 > 1) but leaves e5 alone
    assert "b1" not in stacks(g) and stacks(g)["e5"] == "1s"
    assert g.scores == [1.0, 0.0]


def test_a_run_of_several_stacks_is_captured_whole():
    g = position(RED, {"a4": "0m", "b4": "1s", "c4": "1s", "d4": "1s"})
    tie = g.clone()
    tie.play("e4s")  # 2 + 1 against 3: a tie
    assert tie.scores == [0.0, 0.0]
    g.play("e4m")  # 2 + 2 against 3
    assert not {"b4", "c4", "d4"} & set(stacks(g)) and g.scores == [3.0, 0.0]


def test_a_gap_or_an_own_stack_breaks_the_run():
    g = position(RED, {"a4": "0l", "b4": "1s", "d4": "1s"})
    g.play("e4l")  # c4 is empty: no sandwich
    assert g.scores == [0.0, 0.0]
    g = position(RED, {"a4": "0l", "b4": "0s", "c4": "1s"})
    g.play("d4s")  # b4 (red) and d4 flank c4; a4 plays no part
    assert "c4" not in stacks(g) and g.scores == [1.0, 0.0]


def test_each_stack_of_a_captured_run_loses_its_top_pyramid():
    # Red plays d2: the row a2-d2 flanks b2 (medium under small) and c2 together.
    g = position(RED, {"a2": "0l", "b2": "1ms", "c2": "1s"})
    g.play("d2l")   # 3 + 3 against 3 + 1
    assert stacks(g) == {"a2": "0l", "b2": "1m", "d2": "0l"} and g.scores == [2.0, 0.0]


def test_two_sandwiches_through_one_stack_take_one_pyramid():
    # After a turn of coaster 1, b2 (black, medium under small) is flanked by
    # a1-c3 (diagonal) and a3-c1 (other diagonal), both red: it loses its small only
    # (judged one after the other, the medium left would be caught again, 6 against 2).
    g = position(RED, {"a1": "0l", "c3": "0l", "a3": "0l", "c1": "0l", "b2": "1ms"})
    g.play("1half-s")  # the half turn maps the pattern onto itself
    assert stacks(g)["b2"] == "1m" and g.scores == [1.0, 0.0]


# -- turning a coaster ---------------------------------------------------------------

def test_turns_move_stacks_with_their_coaster():
    assert NAMES[TURN_MAPS[1, "cw"][NAMES.index("a3")]] == "c3"   # top left to top right
    assert NAMES[TURN_MAPS[1, "ccw"][NAMES.index("a3")]] == "a1"
    assert NAMES[TURN_MAPS[1, "half"][NAMES.index("a3")]] == "c1"
    assert NAMES[TURN_MAPS[4, "cw"][NAMES.index("e6")]] == "f5"
    for key, dest in TURN_MAPS.items():
        assert NAMES[dest[NAMES.index("b2")]] == "b2" and sorted(dest) == list(range(36))
    g = game_after("a3s", "b3s", "1cw-s")
    assert stacks(g) == {"c3": "0s", "c2": "1s"}
    assert g.view()["players"][RED]["spent"] == "s" and g.view()["players"][RED]["left"] == 13
    assert g.view()["last"] == [NAMES[c] for c in COASTER_CELLS[1]]


def test_a_stack_keeps_its_pyramids_through_a_turn():
    g = position(RED, {"a1": "1lms", "c3": "0sm"})
    g.play("1ccw-l")
    assert stacks(g) == {"c1": "1lms", "a3": "0sm"}
    assert g.view()["players"][RED]["spent"] == "l"


def test_an_empty_coaster_may_be_turned():
    g = py_engines.new_game("ambush")
    g.play("3half-s")
    assert g.to_move == BLACK and g.view()["blocked"] == 3 and stacks(g) == {}


def test_the_coaster_turned_on_the_turn_just_before_may_not_turn():
    g = game_after("1cw-s")
    assert g.view()["blocked"] == 1
    assert not any(m.startswith("1") for m in g.legal_moves())
    assert "2cw-s" in g.legal_moves()
    before = g.to_json()
    with pytest.raises(IllegalMove, match="coaster 1 was turned on the turn just before"):
        g.play("1ccw-s")
    assert g.to_json() == before
    g.play("2cw-s")  # Black turns another: now 2 is closed and 1 open again
    assert g.view()["blocked"] == 2 and "1cw-m" in g.legal_moves()
    g.play("a1m")
    assert g.view()["blocked"] is None and "2cw-s" in g.legal_moves()


def test_the_rule_texts_turn_example():
    # Black turns the upper right coaster (4) a quarter counterclockwise: the black
    # small on d6 comes to d4, and the red medium on d3 is caught between it and d2.
    g = position(BLACK, {"d2": "1l", "d3": "0m", "d6": "1s"})
    g.play("4ccw-s")
    assert stacks(g) == {"d2": "1l", "d4": "1s"} and g.scores == [0.0, 2.0]
    assert g.view()["captures"] == ["d3"]


def test_a_turn_resolves_a_sandwich_whose_end_only_is_on_the_coaster():
    # Red turns coaster 2 half way: f3 comes to d1, flanking c1 with b1 along row 1.
    g = position(RED, {"b1": "0l", "c1": "1m", "f3": "0s"})
    g.play("2half-m")
    assert "c1" not in stacks(g) and g.scores == [2.0, 0.0]


def test_a_turn_leaves_sandwiches_off_the_coaster_alone():
    g = position(RED, {"d5": "0l", "e5": "1s", "f5": "0l", "a1": "0s"})
    g.play("1cw-s")
    assert stacks(g)["e5"] == "1s" and g.scores == [0.0, 0.0]
    g = position(RED, {"d5": "0l", "e5": "1s", "f5": "0l"})
    g.play("4ccw-s")  # e5 is the centre and stays; the sandwich touches the turned coaster
    assert "e5" not in stacks(g) and g.scores == [1.0, 0.0]


def test_a_turn_may_hand_the_opponent_a_capture():
    # After Red turns coaster 1 clockwise, only Black captures: it happens at once.
    g = position(RED, {"c3": "1s", "c2": "0s", "b3": "0s", "a3": "0s", "c4": "1m"})
    g.play("1cw-s")
    assert g.view()["pending"] is None and g.to_move == BLACK
    assert sorted(g.view()["captures"]) == ["c2", "c3"]
    assert g.scores == [0.0, 2.0] and stacks(g) == {"c1": "1s", "b1": "0s", "c4": "1m"}


def both_capture():
    """Red turns coaster 1 clockwise: c3, c2, b3, a3 come to c1, b1, c2, c3.

    Red then flanks c1 (black small) with b1 and d1; Black flanks c2-c3 (red smalls)
    with c1 and c4. Removing c1 first spoils Black's sandwich.
    """
    g = position(RED, {"c3": "1s", "c2": "0s", "b3": "0s", "a3": "0s", "d1": "0l", "c4": "1m"})
    g.play("1cw-s")
    return g


def test_when_both_colours_would_capture_the_turning_player_chooses_the_order():
    g = both_capture()
    assert g.to_move == RED and g.legal_moves() == ["mine", "theirs"]
    assert g.view()["pending"] == {"coaster": 1, "captures": [["c1"], ["c2", "c3"]]}
    assert g.scores == [0.0, 0.0] and g.view()["blocked"] is None
    with pytest.raises(IllegalMove, match="choose whose captures come first"):
        g.play("a1s")
    assert g.move_steps("mine") == [{"choice": "mine"}]


def test_resolving_mine_first_can_spoil_the_other_capture():
    g = both_capture()
    g.play("mine")
    assert g.scores == [1.0, 0.0] and "c1" not in stacks(g) and stacks(g)["c2"] == "0s"
    assert g.to_move == BLACK and g.view()["blocked"] == 1 and g.view()["pending"] is None
    assert g.history[-2:] == ["1cw-s", "mine"]


def test_resolving_theirs_first_then_checks_mine_again():
    g = both_capture()
    g.play("theirs")
    assert g.scores == [1.0, 2.0]
    assert stacks(g) == {"b1": "0s", "d1": "0l", "c4": "1m"}
    assert sorted(g.view()["captures"]) == ["c1", "c2", "c3"]


def test_after_one_colour_captures_the_other_is_checked_again_on_the_new_board():
    # Red turns coaster 1 clockwise: a3, b3, c2 come to c3, c2, b1. Only Red captures at
    # first: c3 (L) and e3 (S) flank d3, a black L over two Ms (strength 3). Taking the L
    # uncovers the Ms (strength 4), and now b1 (S) and d3 flank c2 (L under S, 4) on the
    # diagonal b1-c2-d3, which touches the coaster: 1 + 4 > 4, so Black captures too.
    g = position(RED, {"a3": "0l", "b3": "0ls", "c2": "1s", "d3": "1mml", "e3": "0s"})
    g.play("1cw-s")
    assert g.view()["pending"] is None and g.to_move == BLACK
    assert stacks(g) == {"c3": "0l", "c2": "0l", "b1": "1s", "d3": "1mm", "e3": "0s"}
    assert g.scores == [3.0, 1.0] and sorted(g.view()["captures"]) == ["c2", "d3"]


def test_both_colours_capturing_apart_resolve_without_a_question():
    # Coaster 4 half way round: row 4 becomes black-red-black and row 6 red-black-red.
    # The two captures do not touch each other, so the order cannot change the outcome.
    g = position(RED, {"d4": "0l", "e4": "1s", "f4": "0l", "d6": "1l", "e6": "0s", "f6": "1l"})
    g.play("4half-s")
    assert g.view()["pending"] is None and g.to_move == BLACK
    assert g.scores == [1.0, 1.0] and sorted(g.view()["captures"]) == ["e4", "e6"]
    assert g.history == ["4half-s"]


def test_mine_and_theirs_are_refused_without_a_pending_choice():
    g = py_engines.new_game("ambush")
    with pytest.raises(IllegalMove, match="no order of captures"):
        g.play("mine")


# -- the end ---------------------------------------------------------------------------

def test_the_game_ends_after_thirty_turns_and_equal_captures_draw():
    g = py_engines.new_game("ambush")
    for size in "sssssmmmmmllll":
        g.play("a1" + size)
        g.play("f6" + size)
    g.play("a1l")
    assert not g.is_over and g.to_move == BLACK
    g.play("3cw-l")  # Black's last pyramid, spent on a turn
    assert g.is_over and g.to_move is None and g.legal_moves() == []
    assert g.winners == [] and g.view()["result"] == "draw" and g.scores == [0.0, 0.0]
    assert g.view()["players"][BLACK]["trees"] == ["", "", "", "", ""]
    with pytest.raises(IllegalMove, match="over"):
        g.play("a1s")


def test_more_captured_pips_win_and_spent_pyramids_score_nothing():
    g = game_after("b1s", "b2s", "b3s")  # Red captures Black's small on b2 (1 + 1 > 1)
    assert g.scores == [1.0, 0.0]
    g.play("4cw-s")  # Black spends a small: nobody scores for it
    while not g.is_over:  # both play out their trees far apart, Red on a6, Black on f6
        tops = g.view()["players"][g.to_move]["tops"]
        g.play(("a6" if g.to_move == RED else "f6") + tops[0])
    assert len(g.history) == 30 and g.scores == [1.0, 0.0]
    assert g.winners == [RED] and g.view()["result"] == "win"


# -- notation and records -----------------------------------------------------------------

def test_move_steps_separate_placements_from_turns():
    g = game_after("c3s", "d4s")  # Red's trees show a small and a medium
    assert g.move_steps("c4m") == [{"cell": "c4"}, {"choice": "m"}]
    assert g.move_steps("2cw-s") == [{"choice": "cw"}, {"choice": "s"}, {"cell": "e2"}]
    assert g.move_steps("3half-l") == [{"choice": "half"}, {"choice": "l"}, {"cell": "b5"}]


def test_the_only_size_at_hand_is_no_step():
    g = py_engines.new_game("ambush")  # every tree shows a small: nothing to choose
    assert g.move_steps("c4s") == [{"cell": "c4"}]
    assert g.move_steps("2cw-s") == [{"choice": "cw"}, {"cell": "e2"}]
    assert g.attempted_moves([{"choice": "half"}, {"cell": "e5"}]) == ["4half-s"]
    g.play("4cw-s")
    assert g.refusal([{"choice": "ccw"}, {"cell": "e5"}]) == "Coaster 4 was turned on the turn just before."


@pytest.mark.parametrize("move, reason", [
    ("g1s", "not a cell"), ("a7s", "not a cell"), ("", "not a cell"), ("C4S", "not a cell"),
    ("c4", "names a size after the cell"), ("c4x", "size must be s, m or l"),
    ("5cw-s", "a turn is the coaster"), ("2cw", "a turn is the coaster"), ("2left-s", "a turn is the coaster"),
    ("2cw-x", "a turn is the coaster"), ("pass", "not a cell"),
])
def test_malformed_moves_are_refused_and_change_nothing(move, reason):
    g = game_after("c3s")
    before = g.to_json()
    with pytest.raises(IllegalMove, match=reason):
        g.play(move)
    assert g.to_json() == before


def test_a_move_that_is_not_text_is_refused():
    g = py_engines.new_game("ambush")
    with pytest.raises(IllegalMove):
        g.play(None)  # type: ignore[arg-type]
    assert g.history == []


def test_record_replays_a_pending_choice():
    g = both_capture()
    g.play("theirs")
    # A real record: replay the same moves from the start in a fresh game.
    record = json.loads(g.to_json())
    assert record["game"] == "ambush" and record["moves"] == ["1cw-s", "theirs"]
    h = game_after("a1s", "f6s", "a2s")
    assert py_engines.load(h.to_json()).to_json() == h.to_json()
