"""Nimbus: every rule and ruling as a scenario, on hand-built positions and whole rounds."""
import json

import pytest

import py_engines
from py_engines import CHANCE, IllegalMove
from py_engines.games.nimbus import INDEX, KINDS, LINES, NAMES, Nimbus
from py_engines.playout import random_game
from py_engines.rng import Rng


def position(squares: dict, players: int = 2, turn: int = 0, **options) -> Nimbus:
    """A game in play on a hand-built board.

    ``squares`` maps a square to a flat pyramid (``"r3=ne"``), a lone upright one
    (``"r3=u"``) or a stack of upright ones, bottom to top (``["b1", "r3"]``).
    """
    g = py_engines.new_game("nimbus", players, **options)
    g.pile = [0] * len(KINDS)
    g.left = 0
    g.setup = False
    g.turn = turn
    for name, what in squares.items():
        s = INDEX[name]
        if isinstance(what, list):
            g.stacks[s] = [KINDS.index(k) for k in what]
            g.dirs[s] = -1
        else:
            kind, orient = what.split("=")
            g.stacks[s] = [KINDS.index(kind)]
            g.dirs[s] = -1 if orient == "u" else ("n", "ne", "e", "se", "s", "sw", "w", "nw").index(orient)
    g.on_board = sum(len(stack) for stack in g.stacks)
    return g


def random_square(rng: Rng) -> tuple[str, str | list[str]]:
    """A random square and what ``position`` puts on it: one in four a stack of two."""
    name = "abcdefgh"[rng.below(8)] + str(1 + rng.below(8))
    kind = "rygbk"[rng.below(5)] + "123"[rng.below(3)]
    if rng.below(4) == 0:
        return name, [kind, "rygbk"[rng.below(5)] + "123"[rng.below(3)]]
    return name, kind + "=" + ["u", "n", "ne", "e", "se", "s", "sw", "w", "nw"][rng.below(9)]


def contents(g: Nimbus) -> dict:
    return {name: (sq["orient"], sq["stack"]) for name, sq in g.view()["squares"].items()}


def refused(g: Nimbus, move: str, reason: str) -> None:
    before = (g.to_json(), contents(g), g.to_move, g.view())
    with pytest.raises(IllegalMove, match=reason) as info:
        g.play(move)
    assert repr(move) in str(info.value)
    assert (g.to_json(), contents(g), g.to_move, g.view()) == before


def collects(g: Nimbus) -> list[str]:
    return [m for m in g.legal_moves() if ":" in m]


def actions(g: Nimbus) -> list[str]:
    return [m for m in g.legal_moves() if ":" not in m]


# -- the board ----------------------------------------------------------------

def test_board_is_8x8_from_a1_bottom_left():
    layout = Nimbus.layout()
    assert layout["shape"] == "square" and len(layout["cells"]) == 64
    cell = {c["name"]: (c["x"], c["y"]) for c in layout["cells"]}
    assert cell["a1"] == (-3.5, -3.5) and cell["h8"] == (3.5, 3.5)
    assert cell["b1"][0] - cell["a1"][0] == 1 and cell["a2"][1] - cell["a1"][1] == 1  # neighbours 1 apart, y up


def test_lines_are_rows_columns_and_every_diagonal():
    assert len(LINES) == 8 + 8 + 13 + 13
    named = {tuple(NAMES[s] for s in line) for line in LINES}
    assert ("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1") in named
    assert ("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8") in named
    assert all(len(line) >= 2 for line in LINES)  # the corners' one-square diagonals are not lines
    assert ("h1",) not in named and ("a8",) not in named and ("g1", "h2") in named
    assert ("c1", "b2", "a3") in named


# -- setup ------------------------------------------------------------------------

def test_setup_takes_then_places_and_players_alternate():
    g = py_engines.new_game("nimbus", 3)
    view = g.view()
    assert view["phase"] == "setup" and view["left"] == 45 and view["pile"]["r1"] == 3
    assert g.to_move == 0 and g.legal_moves() == KINDS
    g.play("k3")
    assert g.to_move == 0 and g.view()["held"] == "k3" and g.view()["pile"]["k3"] == 2
    placements = g.legal_moves()
    assert len(placements) == 64 * 9 and "d4=u" in placements and "d4=nw" in placements
    g.play("d4=ne")
    assert g.to_move == 1 and contents(g) == {"d4": ("ne", ["k3"])}
    g.play("r1")
    assert "d4=u" not in g.legal_moves() and not any(m.startswith("d4") for m in g.legal_moves())
    refused(g, "d4=u", "holds a flat pyramid")
    g.play("e5=u")
    g.play("y2")
    assert [m for m in g.legal_moves() if m.startswith("e5")] == ["e5=u"]  # only upright on a stack
    refused(g, "e5=n", "only go upright")
    g.play("e5=u")
    assert contents(g)["e5"] == ("u", ["r1", "y2"]) and g.to_move == 0


def test_setup_refuses_an_empty_kind_and_out_of_order_moves():
    g = py_engines.new_game("nimbus", 2, sets=2)
    refused(g, "d4=u", "first take a pyramid")
    for _ in range(2):
        g.play("r1")
        g.play("a1=u")
    refused(g, "r1", "no red small pyramid is left")
    g.play("r2")
    refused(g, "r3", "put the red medium pyramid taken")


@pytest.mark.parametrize("sets, players", [(2, 4), (3, 2), (3, 7), (6, 4)])
def test_sets_option_sizes_the_pile_and_play_starts_after_the_last_placement(sets, players):
    g = py_engines.new_game("nimbus", players, sets=sets)
    assert g.view()["left"] == 15 * sets
    for i in range(15 * sets):
        assert g.to_move == i % players and g.view()["phase"] == "setup"
        g.play(next(k for k in KINDS if g.view()["pile"][k]))
        g.play(NAMES[i % 64] + "=u")
    # The player after the one who placed the last pyramid makes the first turn of play.
    last_placer = (15 * sets - 1) % players
    assert g.view()["phase"] == "play" and g.to_move == (last_placer + 1) % players
    assert g.view()["remaining"] == ["move", "collect"]
    assert sum(len(sq["stack"]) for sq in g.view()["squares"].values()) == 15 * sets


def test_play_starts_after_the_last_placer_in_every_round():
    # Round 2 of a two-player game: player 1 sets up first, places the 45th pyramid, so player 0 starts.
    g = position({"d4": "r3=u"}, goal="rounds3")
    g.play("r:d4")
    assert g.view()["round"] == 2 and g.to_move == 1
    for i in range(45):
        g.play(next(k for k in KINDS if g.view()["pile"][k]))
        g.play(NAMES[i] + "=u")
    assert g.view()["phase"] == "play" and g.to_move == 0


@pytest.mark.parametrize("sets", [5, 6])
def test_the_setup_never_closes_the_last_open_square_while_the_pile_holds_more(sets):
    g = py_engines.new_game("nimbus", 2, sets=sets)
    for i in range(63):  # 63 flat pyramids: one open square is left
        g.play(next(k for k in KINDS if g.view()["pile"][k]))
        g.play(NAMES[i] + "=n")
    g.play(next(k for k in KINDS if g.view()["pile"][k]))
    assert g.legal_moves() == ["h8=u"]
    refused(g, "h8=ne", "h8 is the last square that can take a pyramid")
    g.play("h8=u")
    while g.view()["phase"] == "setup":  # the rest goes on the stack on h8
        assert g.legal_moves()
        g.play(next(k for k in KINDS if g.view()["pile"][k]))
        assert g.legal_moves() == ["h8=u"]
        g.play("h8=u")
    assert len(g.view()["squares"]["h8"]["stack"]) == 15 * sets - 63


@pytest.mark.parametrize("sets", [5, 6])
def test_random_deals_with_many_sets_always_finish(sets):
    for seed in range(30):
        g = py_engines.new_game("nimbus", 2, seed, sets=sets, random_setup=True)
        g.roll()
        view = g.view()
        assert view["phase"] == "play" and g.legal_moves()
        assert sum(len(sq["stack"]) for sq in view["squares"].values()) == 15 * sets


# -- move actions -------------------------------------------------------------------

def test_a_flat_pyramid_stands_up_turns_or_slides_forward_over_empty_squares():
    g = position({"d4": "r3=n", "d7": "b1=u", "a1": "g1=u"})
    mine = sorted(m for m in actions(g) if m.startswith("d4"))
    assert mine == sorted(["d4=u", "d4=ne", "d4=e", "d4=se", "d4=s", "d4=sw", "d4=w", "d4=nw", "d4-d5", "d4-d6"])
    refused(g, "d4=n", "already pointing n")
    refused(g, "d4-d7", "d7 is in the way")
    refused(g, "d4-d8", "d7 is in the way")
    refused(g, "d4-d3", "slides only the way it points, and the one on d4 points north")
    refused(g, "d4-e5", "slides only the way it points")
    g.play("d4-d6")
    assert contents(g)["d6"] == ("n", ["r3"]) and "d4" not in contents(g)  # still flat, still pointing n
    assert g.view()["last"] == ["d4", "d6"] and g.view()["remaining"] == ["collect"] and g.to_move == 0


def test_setting_upright_forgets_the_direction():
    g = position({"d4": "r3=n", "a1": "g1=u", "h1": "k1=n"})
    g.play("d4=u")
    assert contents(g)["d4"] == ("u", ["r3"])
    g.play("u:a1-d4")  # every upright top on that diagonal: a1 and d4
    assert g.to_move == 1 and contents(g) == {"h1": ("n", ["k1"])}
    g = position({"d4": "r3=u", "h1": "k1=n"})
    g.play("d4=e")  # a lone upright pyramid lies down, pointing anywhere
    assert contents(g)["d4"] == ("e", ["r3"])


def test_a_lone_upright_pyramid_lies_down_or_steps_onto_empty_or_upright_squares():
    g = position({"d4": "r3=u", "d5": "b1=n", "e5": "g1=u", "c3": ["y1", "y2"]})
    mine = sorted(m for m in actions(g) if m.startswith("d4"))
    steps = sorted(f"d4-{t}" for t in ("c4", "c5", "e5", "e4", "e3", "d3", "c3"))  # not d5: flat
    assert mine == sorted(steps + [f"d4={d}" for d in ("n", "ne", "e", "se", "s", "sw", "w", "nw")])
    refused(g, "d4-d5", "d5 holds a flat pyramid")
    refused(g, "d4-d6", "one square only")
    refused(g, "d4=u", "already upright")
    g.play("d4-c3")
    assert contents(g)["c3"] == ("u", ["y1", "y2", "r3"]) and "d4" not in contents(g)


def test_only_a_stacks_top_moves_and_a_stack_cannot_lie_down():
    g = position({"c3": ["y1", "y2"], "h8": "k1=s"})
    mine = sorted(m for m in actions(g) if m.startswith("c3"))
    assert all("-" in m for m in mine) and len(mine) == 8
    refused(g, "c3=n", "only a lone upright pyramid")
    g.play("c3-d4")
    assert contents(g)["c3"] == ("u", ["y1"]) and contents(g)["d4"] == ("u", ["y2"])


def test_a_move_action_on_an_empty_square_is_refused():
    g = position({"c3": "y1=u"})
    refused(g, "d4=u", "d4 is empty")
    refused(g, "d4-d5", "d4 is empty")


# -- collecting -------------------------------------------------------------------------

def test_collect_takes_every_top_on_the_line_with_the_property_and_no_hidden_one():
    g = position({"b4": "r1=u", "d4": ["r3", "b2"], "e4": "r2=s", "g4": ["b1", "r3"], "b6": "r1=u"})
    g.play("b4-c5")  # move first: c5 is off row 4
    g.play("r:e4-g4")
    # e4 and g4 are the reds on row 4 (d4's red lies under a blue); both taken, nothing else
    assert g.view()["collections"][0] == ["r2", "r3"]
    assert contents(g) == {"c5": ("u", ["r1"]), "d4": ("u", ["r3", "b2"]), "g4": ("u", ["b1"]),
                           "b6": ("u", ["r1"])}
    assert sorted(g.view()["last"]) == ["e4", "g4"] and g.to_move == 1


def test_collect_by_size_and_by_orientation():
    g = position({"a1": "r2=u", "c3": "b2=ne", "f6": "g2=u", "h8": "k3=u", "a8": "y1=s"})
    g.play("2:a1-f6")
    assert sorted(g.view()["last"]) == ["a1", "c3", "f6"]
    assert contents(g) == {"h8": ("u", ["k3"]), "a8": ("s", ["y1"])}
    g.play("a8=u")
    g.play("h8-h7")
    g.play("u:h7")
    assert contents(g) == {"a8": ("u", ["y1"])}


def test_a_named_line_must_run_between_the_outermost_matching_tops():
    g = position({"a4": "r1=u", "c4": "r2=u", "h4": "r3=u"})
    assert "r:a4-h4" in collects(g) and "r:h4-a4" in collects(g)  # either end first
    refused(g, "r:a4-c4", "not the outermost")
    refused(g, "r:c4-h4", "not the outermost")
    refused(g, "r:a4-c5", "not on one row, column or diagonal")
    refused(g, "b:a4-h4", "is not blue")
    refused(g, "r:a4-d4", "d4 is empty")


def test_a_single_top_is_taken_alone_only_by_a_line_with_no_other_match():
    g = position({"a4": "r1=u", "c4": "r2=u", "c6": "r3=u", "e2": "r1=u", "c1": "b1=u"})
    # c4: row 4 has a4 red, column c has c6 red, a2-g8... diagonal a2-f7 and e2-a6 have no other red.
    assert "r:c4" in collects(g)
    g2 = position({"a4": "r1=u", "c4": "r2=u", "c6": "r3=u", "e6": "r1=u", "a2": "r1=u", "e2": "r1=u"})
    assert "r:c4" not in collects(g2)  # every line through c4 holds another red top
    refused(g2, "r:c4", "every line through c4 holds another")


def test_a_corner_square_is_no_line_of_its_own():
    # h1's lines are row 1, column h and the diagonal h1-a8; its one-square diagonal is not a line.
    g = position({"h1": "r1=u", "a1": "r2=u", "h8": "r3=u", "a8": "r3=u"})
    assert "r:h1" not in collects(g)
    refused(g, "r:h1", "every line through h1 holds another")
    assert "r:h1-a8" in collects(g) and "1:h1" in collects(g)
    g2 = position({"h1": "r1=u", "a1": "r2=u", "h8": "r3=u"})
    assert "r:h1" in collects(g2)  # the long diagonal h1-a8 holds no other red
    g2.play("r:h1")
    assert "h1" not in contents(g2) and g2.view()["remaining"] == ["move"]


def test_collects_that_take_nothing_are_not_moves():
    g = position({"d4": "r1=u"})
    assert sorted(collects(g)) == ["1:d4", "r:d4", "u:d4"]
    refused(g, "b:d4", "is not blue")
    refused(g, "k:a1-h1", "a1 is empty")


def test_a_turn_is_one_move_action_and_one_collect_in_either_order():
    g = position({"d4": "r1=u", "e5": "b2=u", "f6": "g3=u"}, players=3)
    assert g.view()["remaining"] == ["move", "collect"]
    g.play("g:f6")
    assert g.to_move == 0 and g.view()["remaining"] == ["move"] and not collects(g)
    refused(g, "r:d4", "this turn has collected already")
    g.play("d4-d3")
    assert g.to_move == 1 and g.view()["remaining"] == ["move", "collect"]
    g.play("e5-e4")
    assert not [m for m in g.legal_moves() if ":" not in m]
    refused(g, "d3-d2", "this turn has done so already: now collect")
    g.play("b:e4")
    assert g.to_move == 2


# -- rounds ---------------------------------------------------------------------------------

def test_taking_the_last_pyramid_wins_the_round_and_scores_its_own_collection():
    g = position({"d4": "r3=u", "e5": "b2=u"}, goal="rounds3")
    g.collections[1] = [KINDS.index("k3")]  # what player 1 took earlier in the round
    g.play("d4-d5")
    g.play("u:d5-e5")  # takes both: the board is empty, the round is over at once
    assert g.view()["rounds"][0]["winners"] == [0] and g.totals == [5, 0]
    assert g.view()["round"] == 2 and g.view()["phase"] == "setup"
    assert g.to_move == 1  # the first player moves one seat
    assert g.view()["collections"] == [[], []] and g.view()["left"] == 45
    assert sorted(g.view()["last"]) == ["d5", "e5"]


def test_collecting_the_last_pyramid_first_ends_the_turn_without_a_move_action():
    g = position({"d4": "r3=u"}, goal="rounds3")
    g.play("r:d4")
    assert g.view()["round"] == 2 and g.totals == [3, 0]


@pytest.mark.parametrize("rule, players, scorers", [
    ("last", 2, [0]),
    ("misere", 2, [1]),
    ("misere", 3, [1]),
    ("two_winners", 4, [0, 1]),
    ("loser_last", 4, [1, 2, 3]),
    ("loser_next", 4, [0, 2, 3]),
    ("two_losers", 5, [2, 3, 4]),
])
def test_round_winner_options(rule, players, scorers):
    g = position({"d4": "r3=u"}, players=players, round_end=rule, goal="rounds3")
    for p in range(players):
        g.collections[p] = [KINDS.index("y1")] * (p + 1)  # player p holds p + 1 pips
    g.play("r:d4")  # player 0 takes the last pyramid (3 pips)
    points = [(p + 1 + (3 if p == 0 else 0)) if p in scorers else 0 for p in range(players)]
    assert g.view()["rounds"][0]["winners"] == scorers
    assert g.totals == points and g.view()["rounds_won"] == [int(p in scorers) for p in range(players)]


@pytest.mark.parametrize("rule", ["two_winners", "loser_last", "loser_next", "two_losers"])
def test_large_group_variants_need_four_players(rule):
    with pytest.raises(ValueError, match="4 or more players"):
        py_engines.new_game("nimbus", 3, round_end=rule)
    py_engines.new_game("nimbus", 4, round_end=rule)


def test_misere_with_the_last_taker_last_in_the_order_wraps_to_player_zero():
    g = position({"d4": "r3=u"}, players=3, turn=2, round_end="misere", goal="rounds3")
    g.collections[0] = [KINDS.index("k2")]
    g.play("r:d4")
    assert g.totals == [2, 0, 0]


# -- the game's end -----------------------------------------------------------------------------

def test_the_default_game_is_five_rounds_whatever_the_number_of_players():
    assert py_engines.new_game("nimbus", 2).options["goal"] == "rounds5"
    for players in (2, 10):
        g = random_game("nimbus", players, players, fast=True)
        assert len(g.rounds) == 5 and g.is_over


def test_the_game_ends_when_a_total_passes_the_target_not_when_it_reaches_it():
    g = position({"d4": "r3=u"}, goal="over50")
    g.totals = [47, 10]
    g.play("r:d4")
    assert not g.is_over and g.totals == [50, 10]  # 50 does not pass 50
    g = position({"d4": "r3=u"}, goal="over50")
    g.totals = [48, 10]
    g.play("r:d4")
    assert g.is_over and g.winners == [0] and g.to_move is None and g.legal_moves() == []
    assert g.view()["phase"] == "over" and g.scores == [51.0, 10.0]
    refused(g, "r1", "game is over")


def test_other_targets():
    g = position({"d4": "r3=u"}, goal="over25")
    g.totals = [23, 10]
    g.play("r:d4")
    assert g.is_over and g.winners == [0]


def test_highest_total_after_the_rounds_wins():
    g = position({"d4": "r3=u"}, goal="rounds1", players=3, turn=1)
    g.totals = [0, 0, 90]  # even so far beyond any target, only the rounds count
    g.play("r:d4")
    assert g.is_over and g.winners == [2]


def test_ties_go_to_most_rounds_won_then_most_pyramids_this_round_then_a_shared_win():
    g = position({"d4": "r3=u"}, goal="rounds1")
    g.totals = [0, 3]
    g.rounds_won = [0, 2]
    g.play("r:d4")  # 3 each: player 1 has won more rounds
    assert g.winners == [1]

    g = position({"d4": "r3=u"}, goal="rounds1", players=4, round_end="loser_next")
    g.totals = [0, 0, 4, 0]
    g.collections[0] = [KINDS.index("y1")]  # 1 + 3 pips, 2 pyramids
    g.collections[2] = [KINDS.index("y3"), KINDS.index("y3"), KINDS.index("y1")]  # 7 pips, 3 pyramids
    g.collections[3] = [KINDS.index("y2"), KINDS.index("y2"), KINDS.index("y3")]  # 7 pips, 3 pyramids
    g.play("r:d4")
    assert g.totals == [4, 0, 11, 7]
    assert g.winners == [2]

    g = position({"d4": "r3=u"}, goal="rounds1", players=4, round_end="loser_next")
    g.collections[2] = [KINDS.index("y3"), KINDS.index("y1")]  # 4 pips, 2 pyramids, like player 0
    g.play("r:d4")
    assert g.totals == [3, 0, 4, 0] and g.winners == [2]
    g = position({"d4": "r3=u"}, goal="rounds1", players=4, round_end="loser_next")
    g.collections[2] = [KINDS.index("y3")]  # 3 pips, 1 pyramid, like player 0
    g.play("r:d4")
    assert g.totals == [3, 0, 3, 0] and g.winners == [0, 2]  # a shared win


def test_whole_game_from_the_start_replays_from_its_record():
    from py_engines.playout import random_game
    g = random_game("nimbus", 5, 3)
    assert g.is_over and max(g.totals) > 50
    assert len(g.rounds) >= 2
    assert [r["round"] for r in g.rounds] == list(range(1, len(g.rounds) + 1))
    # each round's first player moved one seat: the first setup move of round r is by player r % 3
    again = py_engines.load(g.to_json())
    assert again.view() == g.view() and again.winners == g.winners


# -- random setup ------------------------------------------------------------------------------

def test_random_setup_is_one_deal_drawn_by_roll_and_replays():
    g = py_engines.new_game("nimbus", 3, seed=7, random_setup=True, goal="rounds3")
    assert g.to_move == CHANCE and g.view()["phase"] == "setup"
    deals = g.legal_moves()
    assert len(deals) == 1000 and deals[0] == "deal0" and deals[-1] == "deal999"
    refused(g, "r3", "a random setup is a deal")
    refused(g, "deal1000", "a random setup is a deal")
    move = g.roll()
    assert g.history == [move] and move in deals
    view = g.view()
    assert view["phase"] == "play" and g.to_move == 0 and view["left"] == 0
    assert sum(len(sq["stack"]) for sq in view["squares"].values()) == 45
    orients = [sq["orient"] for sq in view["squares"].values()]
    assert "u" in orients and len(set(orients)) > 4  # upright and flat pyramids, pointing many ways
    assert any(len(sq["stack"]) > 1 for sq in view["squares"].values())
    assert all(len(sq["stack"]) == 1 for sq in view["squares"].values() if sq["orient"] != "u")
    twin = py_engines.new_game("nimbus", 3, seed=7, random_setup=True, goal="rounds3")
    assert twin.roll() == move and twin.view() == view
    assert py_engines.load(g.to_json()).view() == view
    other = py_engines.new_game("nimbus", 3, seed=8, random_setup=True, goal="rounds3")
    assert other.roll() != move


def test_a_deal_may_be_played_by_hand_and_fixes_the_board():
    a = py_engines.new_game("nimbus", 2, seed=1, random_setup=True)
    b = py_engines.new_game("nimbus", 4, seed=2, random_setup=True)
    a.play("deal42")
    b.play("deal42")
    assert a.view()["squares"] == b.view()["squares"]
    c = py_engines.new_game("nimbus", 2, random_setup=True)
    c.play("deal43")
    assert c.view()["squares"] != a.view()["squares"]
    with pytest.raises(IllegalMove, match="not a chance point"):
        py_engines.new_game("nimbus").roll()


def test_each_round_of_a_random_setup_game_starts_with_a_deal():
    g = position({"d4": "r3=u"}, goal="rounds3", random_setup=True)
    g.play("r:d4")
    assert g.view()["round"] == 2 and g.to_move == CHANCE
    g.roll()
    assert g.view()["phase"] == "play" and g.to_move == 1  # after a deal the round's first player starts


def test_a_reloaded_random_setup_game_deals_what_the_original_deals():
    g = py_engines.new_game("nimbus", 2, seed=5, random_setup=True, goal="rounds3")
    first = g.roll()
    copy = py_engines.load(g.to_json())
    # Empty the board by hand in both: the second round's deal must match, and differ from the first.
    while g.view()["round"] == 1:
        move = g.legal_moves()[0]
        g.play(move)
        copy.play(move)
    assert g.to_move == CHANCE and copy.to_move == CHANCE
    again = py_engines.load(g.to_json())
    second = g.roll()
    assert copy.roll() == second and again.roll() == second
    assert second != first


# -- notation and input ---------------------------------------------------------------------------

def test_move_steps_tap_a_pyramid_then_what_to_do_with_it():
    g = position({"a4": "r1=u", "d4": "b2=u", "h4": "r3=n"})
    assert g.move_steps("h4-h6") == [{"cell": "h4"}, {"cell": "h6"}]
    assert g.move_steps("a4=ne") == [{"cell": "a4"}, {"choice": "ne"}]
    # A collect: a pyramid it takes, then the collect itself, from any pyramid it takes.
    assert g.move_steps("r:h4-a4") == [{"cell": "h4"}, {"choice": "r:h4-a4"}]
    assert g.move_entries("r:h4-a4") == [[{"cell": "h4"}, {"choice": "r:h4-a4"}],
                                         [{"cell": "a4"}, {"choice": "r:h4-a4"}]]
    assert g.move_entries("u:a4-d4") == [[{"cell": "a4"}, {"choice": "u:a4-d4"}],
                                         [{"cell": "d4"}, {"choice": "u:a4-d4"}]]
    assert g.move_steps("3:h4") == [{"cell": "h4"}, {"choice": "3:h4"}]
    assert g.move_entries("h4-h6") == [g.move_steps("h4-h6")]
    assert py_engines.new_game("nimbus").move_steps("g2") == [{"choice": "g2"}]
    assert py_engines.new_game("nimbus").move_steps("deal7") == [{"choice": "deal7"}]


def test_a_setup_tap_on_a_square_puts_the_pyramid_there_the_way_its_player_last_laid_one():
    g = py_engines.new_game("nimbus", 2)
    g.play("k3")
    # Upright at first: a tap on d4; any way (upright too) is its choice, then the square.
    assert g.view()["usual"] == "u"
    assert g.move_entries("d4=u") == [[{"cell": "d4"}], [{"choice": "u"}, {"cell": "d4"}]]
    assert g.move_entries("d4=ne") == [[{"choice": "ne"}, {"cell": "d4"}]]
    g.play("d4=ne")
    g.play("r1")
    assert g.view()["usual"] == "u"  # each player has their own: Player 2 has laid none yet
    g.play("e5=u")
    g.play("y2")
    assert g.view()["usual"] == "ne"  # Player 1 laid the last one flat, pointing north-east
    assert g.move_steps("c3=ne") == [{"cell": "c3"}] and g.move_steps("c3=u") == [{"choice": "u"}, {"cell": "c3"}]
    assert g.move_steps("e5=u") == [{"cell": "e5"}]  # on a stack only upright: a tap puts it so
    g.play("e5=u")
    g.play("g1")
    g.play("c3=u")
    g.play("b2")
    assert g.view()["usual"] == "ne"  # a pyramid put on a stack did not change Player 1's way
    g.play("f6=u")  # one put upright on an empty square does
    g.play("g2")
    g.play("a8=sw")
    g.play("b3")
    assert g.view()["usual"] == "u" and g.move_steps("a1=u") == [{"cell": "a1"}]
    # In play the same texts are a pyramid, then how it lies.
    assert position({"a4": "r1=u"}).move_steps("a4=ne") == [{"cell": "a4"}, {"choice": "ne"}]


@pytest.mark.parametrize("bad", ["", "pass", "d4", "d4=", "d4=up", "d4-d4", "d4-i9", "x:d4", "r:d4-e6",
                                 "r:", "R:d4", "d4 - d5", "r3", "a1=u ", None, 42])
def test_malformed_moves_are_refused_and_change_nothing(bad):
    g = position({"d4": "r1=u", "a4": "r3=n"})
    before = g.view()
    with pytest.raises(IllegalMove):
        g.play(bad)
    assert g.view() == before and g.history == []


def test_options_are_validated():
    with pytest.raises(ValueError, match="sets"):
        py_engines.new_game("nimbus", 2, sets=7)
    with pytest.raises(ValueError, match="goal"):
        py_engines.new_game("nimbus", 2, goal="over51")
    with pytest.raises(ValueError, match="players"):
        py_engines.new_game("nimbus", 11)
    info = py_engines.GAMES["nimbus"]
    assert info["players"] == list(range(2, 11))
    for spec in info["options"].values():
        assert spec["default"] in spec["choices"] and spec["label"] and spec["help"]
    json.dumps(info)
