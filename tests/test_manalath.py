"""Manalath: the rule text's examples and each ruling, as scenarios."""
import json

import pytest

import py_engines
from py_engines import IllegalMove
from py_engines.games.hexgrid import hex_grid


def game_after(*moves: str):
    g = py_engines.new_game("manalath")
    for move in moves:
        g.play(move)
    return g


def test_board_has_61_cells_in_rows_a_to_i():
    grid = hex_grid(5)
    assert len(grid) == 61
    assert grid.row_lengths == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert grid.names[:5] == ["a1", "a2", "a3", "a4", "a5"]
    assert grid.names[-1] == "i5"


@pytest.mark.parametrize("cell, touching", [
    ("a1", {"a2", "b1", "b2"}),
    ("e1", {"e2", "d1", "f1"}),
    ("e5", {"e4", "e6", "d4", "d5", "f4", "f5"}),
    ("i5", {"i4", "h5", "h6"}),
])
def test_adjacency_matches_the_rulings(cell, touching):
    grid = hex_grid(5)
    assert {grid.names[n] for n in grid.neighbours[grid.index[cell]]} == touching


def test_white_starts_and_either_colour_goes_on_any_empty_cell():
    g = py_engines.new_game("manalath")
    assert g.to_move == 0
    moves = g.legal_moves()
    assert len(moves) == 122 and "e5w" in moves and "e5b" in moves and "pass" not in moves
    g.play("e5b")  # White may place a black piece
    assert g.to_move == 1 and g.view()["cells"] == {"e5": "b"}


def test_notation_round_trips_through_move_steps():
    g = py_engines.new_game("manalath")
    assert g.move_steps("c7b") == [{"cell": "c7"}, {"choice": "b"}]
    for move in g.legal_moves():
        steps = g.move_steps(move)
        assert steps[0]["cell"] + steps[1]["choice"] == move


def test_a_placement_may_not_make_a_group_over_five_counting_merges():
    # White a1 a2 and a4 a5 (two pairs) and b3: a3w would join 2+2+1+1 = 6.
    g = game_after("a1w", "a2w", "a4w", "a5w", "b3w")
    assert "a3w" not in g.legal_moves()
    assert "a3b" in g.legal_moves()
    with pytest.raises(IllegalMove, match="group of 6"):
        g.play("a3w")


def test_a_quint_wins_for_the_mover():
    g = game_after("a1w", "i1b", "a2w", "i3b", "a4w", "i5b", "a5w", "g1b")
    assert not g.is_over
    g.play("a3w")  # joins a1 a2 and a4 a5
    assert g.is_over and g.winners == [0] and g.view()["result"] == "quint"
    assert g.to_move is None and g.legal_moves() == []


def test_a_quart_loses_for_the_mover():
    g = game_after("a1w", "i1b", "a2w", "i3b", "a3w", "i5b")
    g.play("a4w")
    assert g.is_over and g.winners == [1] and g.view()["result"] == "quart"


def test_only_the_movers_colour_is_judged():
    # Black makes a white quart: Black's turn ends with no black group, so play goes on.
    g = game_after("a1w", "a2w", "a3w")
    g.play("a4w")
    assert not g.is_over and g.to_move == 0
    # Black makes a black quart on White's turn: White's colour only is judged.
    g = game_after("i1b", "i2b", "a1w", "i3b")
    g.play("i4b")
    assert not g.is_over and g.to_move == 1


def _example_two():
    """The rule text's second example, up to White's e8w.

    White: c6, f6 single; d8 e9 e8 a trio. Black: d4 d5 d6 a trio, f7 g7 a pair,
    a1 far away. c7w, d7w and e7w each make a white quint; d7b a black quart;
    e7b a black group of 6.
    """
    return game_after("c6w", "d4b", "f6w", "d5b", "d8w", "d6b", "e9w", "f7b", "a1b", "g7b", "e8w")


def test_example_two_e7b_is_illegal():
    g = _example_two()
    assert g.to_move == 1
    assert "e7b" not in g.legal_moves()
    before = g.to_json()
    with pytest.raises(IllegalMove):
        g.play("e7b")
    assert g.to_json() == before


def test_example_two_d7b_loses_at_once_to_a_black_quart():
    g = _example_two()
    g.play("d7b")
    assert g.is_over and g.winners == [0] and g.view()["result"] == "quart"


@pytest.mark.parametrize("gift", ["c7w", "d7w", "e7w"])
def test_example_two_a_white_quint_made_by_black_wins_for_white_even_if_white_plays_elsewhere(gift):
    g = _example_two()
    g.play(gift)
    assert not g.is_over  # Black's turn: only black is judged
    g.play("i5b")
    assert g.is_over and g.winners == [0] and g.view()["result"] == "quint"


def test_example_two_c7b_does_not_stop_whites_quint():
    g = _example_two()
    g.play("c7b")
    assert not g.is_over
    g.play("d7w")
    assert g.winners == [0] and g.view()["result"] == "quint"


def _white_quart_made_by_black():
    """The rule text's first example in spirit: Black's i1w gives White a quart
    (h1 h2 i2 i1), while White could still make a quint on a4 (a1 a2 a3 + a5)."""
    g = game_after("a1w", "a2w", "a3w", "a5w", "h1w", "h2w", "i2w", "i1w")
    assert not g.is_over and g.to_move == 0
    return g


def test_example_one_a_quart_made_first_loses_even_if_the_mover_makes_a_quint():
    g = _white_quart_made_by_black()
    g.play("a4w")
    assert g.is_over and g.winners == [1] and g.view()["result"] == "quart"


def test_a_quart_grown_into_a_quint_is_no_longer_a_quart():
    g = _white_quart_made_by_black()
    g.play("h3w")  # h1 h2 i2 i1 + h3: a quint, and the quart is gone
    assert g.winners == [0] and g.view()["result"] == "quint"


def test_a_quint_made_first_wins_even_if_the_mover_then_makes_a_quart():
    # Black completes a white quint (a1-a5) on its turn; White then makes a white
    # quart (h1 h2 i2 i1) elsewhere: the quint came first, so White wins.
    g = game_after("a1w", "a2w", "h1w", "a4w", "h2w", "a5w", "i2w", "a3w")
    assert not g.is_over and g.to_move == 0
    g.play("i1w")
    assert g.is_over and g.winners == [0] and g.view()["result"] == "quint"


def test_supply_of_thirty_per_colour_is_counted():
    g = game_after("a1w", "a2b", "a3w")
    assert g.view()["supply"] == {"w": 28, "b": 29}


def test_pass_is_refused_while_a_placement_is_legal():
    g = py_engines.new_game("manalath")
    with pytest.raises(IllegalMove, match="pass"):
        g.play("pass")
    assert g.history == []


@pytest.mark.parametrize("move, reason", [
    ("z9w", "not a cell"),
    ("e10w", "not a cell"),
    ("e5x", "colour must be w or b"),
    ("e5", "not a cell"),
    ("", "not a cell"),
    ("E5W", "not a cell"),
])
def test_malformed_moves_are_refused_and_change_nothing(move, reason):
    g = game_after("e5w")
    before = g.to_json()
    with pytest.raises(IllegalMove, match=reason):
        g.play(move)
    assert g.to_json() == before


def test_an_occupied_cell_is_refused():
    g = game_after("e5w")
    with pytest.raises(IllegalMove, match="occupied"):
        g.play("e5b")
    assert g.history == ["e5w"]


def test_nothing_is_accepted_after_the_end():
    g = game_after("a1w", "i1b", "a2w", "i3b", "a3w", "i5b", "a4w")
    assert g.is_over
    before = g.to_json()
    for move in ("e5w", "pass", "a5w"):
        with pytest.raises(IllegalMove, match="over"):
            g.play(move)
    assert g.to_json() == before


def test_a_move_that_is_not_text_is_refused():
    g = py_engines.new_game("manalath")
    with pytest.raises(IllegalMove):
        g.play(None)  # type: ignore[arg-type]
    assert g.history == []


def test_record_names_the_game_and_lists_the_moves():
    g = game_after("e5w", "c7b")
    record = json.loads(g.to_json())
    assert record["game"] == "manalath" and record["moves"] == ["e5w", "c7b"] and record["players"] == 2


# Forced passes. A real game almost never reaches one: by the Hex theorem a
# nearly full board has a long one-coloured chain, so groups of at most 5
# cannot fill it, and the supplies of 30 are rarely exhausted. These tests
# therefore empty the supplies by hand, the one way a position with no legal
# placement can be set up in a few moves.

def exhaust_supplies(g):
    g.supply = [0, 0]


def test_a_player_with_no_legal_placement_must_pass_and_two_passes_draw():
    g = game_after("e5w", "d4b")
    exhaust_supplies(g)
    assert g.legal_moves() == ["pass"]
    with pytest.raises(IllegalMove, match="no white pieces"):
        g.play("a1w")
    g.play("pass")
    assert not g.is_over and g.to_move == 1 and g.legal_moves() == ["pass"]
    g.play("pass")
    assert g.is_over and g.winners == [] and g.view()["result"] == "draw"


def test_a_forced_pass_is_still_judged():
    g = _white_quart_made_by_black()
    exhaust_supplies(g)
    g.play("pass")
    assert g.is_over and g.winners == [1] and g.view()["result"] == "quart"


def test_a_placement_between_passes_breaks_the_run():
    g = game_after("e5w")
    g.supply = [0, 30]  # White has none left; Black may still place black pieces
    assert all(m.endswith("b") for m in g.legal_moves())
    g.play("a1b")
    g.supply = [0, 0]
    g.play("pass")
    assert not g.is_over
    g.supply = [0, 1]
    g.play("i5b")
    assert g.passes == 0 and not g.is_over


@pytest.mark.slow
def test_the_coach_names_pieces_and_cells_in_words_never_in_notation():
    """Every note of the coach that names moves says them as a player reads the board ("a white
    piece on d4"), never as notation ("d4w"), also where the moves are of both colours."""
    import random
    import re
    notation = re.compile(r"\b[a-i][1-9][wb]\b")
    mixed = 0
    for seed in range(12):
        rng = random.Random(seed)
        g = py_engines.new_game("manalath")
        while not g.is_over:
            legal = g.legal_moves()
            for note in g.coach():
                if note["kind"] in ("win", "lose", "gift") and len(note["moves"]) < len(legal) and "pass" not in note["moves"]:
                    assert "text" in note and not notation.search(note["text"]), note
                    mixed += {m[-1] for m in note["moves"]} == {"w", "b"}
            g.play(rng.choice(legal))
    assert mixed, "no note of moves of both colours was met"
