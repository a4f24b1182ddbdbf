"""Ambush's worked examples (py_engines/learn/ambush.py): each position shows what its words say."""
from __future__ import annotations

import py_engines
from py_engines.learn.ambush import DIAGRAMS
from test_learn import after, position

RED, BLACK = 0, 1


def board(game) -> dict[str, tuple[int, str, int]]:
    """Each occupied cell: its owner, its stack bottom to top, its strength."""
    cells = game.view()["cells"]
    return {cell: (info["player"], info["stack"], info["strength"]) for cell, info in cells.items()}


def before_last(key: str):
    """The diagram's position one move earlier."""
    diagram = next(d for d in DIAGRAMS if d.key == key)
    game = py_engines.new_game("ambush", 2)
    for move in diagram.moves[:-1]:
        game.play(move)
    return game


def taken(game, move: str) -> dict[str, str]:
    """What ``move`` captures: the cell of each pyramid taken, and its size."""
    return {e["cell"]: e["size"] for e in after(game, move).events if e["type"] == "capture"}


def test_ambush_strength_is_the_pips_that_show():
    game = position("ambush", "strength")
    view = game.view()["cells"]
    assert board(game) == {
        "b2": (RED, "sm", 2), "b5": (BLACK, "ms", 3),      # medium on small / small on medium
        "c2": (RED, "lms", 6), "c5": (BLACK, "sml", 3),    # small on medium on large / large on top
        "d2": (RED, "sms", 3), "d5": (BLACK, "mss", 4),    # small, medium, small / two smalls on a medium
    }
    # What is hidden (drawn faint): a pyramid under a larger one, anywhere above it.
    assert view["b2"]["visible"] == [False, True]
    assert view["c5"]["visible"] == [False, False, True]
    assert view["d2"]["visible"] == [False, True, True]
    for cell in ("b5", "c2", "d5"):
        assert all(view[cell]["visible"])
    # Each column holds the same pyramids in two orders.
    for column in "bcd":
        assert sorted(view[column + "2"]["stack"]) == sorted(view[column + "5"]["stack"])
    assert game.scores == [0.0, 0.0]


def test_ambush_a_tie_captures_nothing():
    game = position("ambush", "sandwich-tie")
    assert game.to_move == BLACK and game.view()["blocked"] is None
    assert board(game) == {"b1": (BLACK, "m", 2), "b2": (RED, "l", 3)}
    assert set(game.view()["players"][BLACK]["tops"]) == {"s", "m", "l"}
    for move in ("b3m", "b3l"):
        assert taken(game, move) == {"b2": "l"}
        assert after(game, move).scores == [0.0, 3.0]
    assert taken(game, "b3s") == {}        # 2 + 1 = 3 against 3: a tie
    assert "b2" in after(game, "b3s").view()["cells"]


def test_ambush_both_ends_count():
    game = position("ambush", "two-ends")
    assert game.to_move == RED
    assert board(game) == {"a1": (RED, "m", 2), "c1": (RED, "s", 1), "b2": (BLACK, "l", 3)}
    assert set(game.view()["players"][RED]["tops"]) == {"s", "m", "l"}
    # Across from the medium: a medium or a large.
    assert taken(game, "c3m") == taken(game, "c3l") == {"b2": "l"}
    # Across from the small: only a large.
    assert taken(game, "a3l") == {"b2": "l"}
    assert taken(game, "a3m") == {}
    # A small, from neither cell.
    assert taken(game, "c3s") == taken(game, "a3s") == {}


def test_ambush_one_pyramid_closes_two_sandwiches():
    game = position("ambush", "two-at-once")
    assert game.to_move == RED
    assert board(game) == {"a1": (RED, "l", 3), "a2": (BLACK, "m", 2), "b3": (BLACK, "s", 1),
                           "c3": (RED, "m", 2)}
    assert set(game.view()["players"][RED]["tops"]) == {"s", "m", "l"}
    for move in ("a3s", "a3m", "a3l"):
        assert taken(game, move) == {"a2": "m", "b3": "s"}, move
        played = after(game, move)
        assert played.scores == [3.0, 0.0]
        assert set(board(played)) == {"a1", "a3", "c3"}


def test_ambush_a_stack_caught_from_two_cells():
    game = position("ambush", "two-cells")
    assert game.to_move == BLACK
    assert board(game) == {"b1": (BLACK, "m", 2), "b2": (RED, "l", 3), "c2": (BLACK, "s", 1)}
    assert set(game.view()["players"][BLACK]["tops"]) == {"s", "m", "l"}
    assert taken(game, "b3m") == taken(game, "b3l") == {"b2": "l"}
    assert taken(game, "b3s") == {}
    assert taken(game, "a2l") == {"b2": "l"}
    assert taken(game, "a2m") == taken(game, "a2s") == {}


def test_ambush_a_capture_takes_the_top_pyramid_only():
    game = position("ambush", "top-only")
    assert game.to_move == BLACK
    assert board(game) == {"a1": (BLACK, "m", 2), "a2": (RED, "ms", 3)}
    assert taken(game, "a3s") == {}          # 2 + 1 = 3 against 3
    for move in ("a3m", "a3l"):
        assert taken(game, move) == {"a2": "s"}
        played = after(game, move)
        assert board(played)["a2"] == (RED, "m", 2)
        assert played.scores == [0.0, 1.0]
    # The medium stays, between stronger ends, until Black plays on a1 or a3 again.
    played = after(game, "a3m")
    red = after(played, "f6s")
    assert taken(red, "f5s") == {}            # elsewhere: nothing
    assert taken(red, "a1s") == taken(red, "a3s") == {"a2": "m"}
    assert board(after(red, "a1s")).get("a2") is None


def test_ambush_a_pyramid_placed_between_enemies_is_safe_that_turn():
    game = position("ambush", "safe-between")
    assert game.to_move == RED and game.history[-1] == "b1s"
    assert board(game) == {"a1": (RED, "m", 2), "b1": (BLACK, "s", 1), "c1": (RED, "s", 1)}
    assert game.scores == [0.0, 0.0]
    # Black's turn before it: a small or a medium on b1 captures nothing and is not captured.
    before = before_last("safe-between")
    assert before.to_move == BLACK
    for move in ("b1s", "b1m"):
        played = after(before, move)
        assert "b1" in played.view()["cells"] and not [e for e in played.events if e["type"] == "capture"]
    # Red adds any pyramid to a1 or c1: the sandwich closes and the small is captured.
    assert set(game.view()["players"][RED]["tops"]) == {"s", "m", "l"}
    for cell in ("a1", "c1"):
        for size in "sml":
            assert taken(game, cell + size) == {"b1": "s"}, cell + size
    # Anywhere else, nothing.
    assert taken(game, "b2s") == taken(game, "a2m") == {}


def test_ambush_a_turn_of_a_coaster_captures():
    game = position("ambush", "turn-capture")
    assert game.to_move == BLACK and game.view()["blocked"] is None
    assert board(game) == {"b5": (BLACK, "s", 1), "c5": (RED, "m", 2), "e6": (BLACK, "m", 2)}
    turned = after(game, "4ccw-s")
    assert taken(game, "4ccw-s") == {"c5": "m"}
    assert board(turned) == {"b5": (BLACK, "s", 1), "d5": (BLACK, "m", 2)}   # e6 went to d5
    assert turned.scores == [0.0, 2.0]
    assert turned.view()["players"][BLACK]["spent"] == "s"                 # paid, scores for nobody
    # Only d5 of the sandwich b5-c5-d5 is on coaster 4: it captures all the same.
    # The other turns carry the medium elsewhere and take nothing.
    assert taken(game, "4cw-s") == taken(game, "4half-s") == {}


def test_ambush_the_turning_player_chooses_whose_captures_come_first():
    game = position("ambush", "capture-order")
    assert game.to_move == RED and game.legal_moves() == ["mine", "theirs"]
    assert game.view()["pending"] == {"coaster": 4, "captures": [["e4"], ["e3", "e5"]]}
    cells = board(game)
    assert cells["e3"] == (RED, "l", 3) and cells["e4"] == (BLACK, "s", 1) and cells["e5"] == (RED, "s", 1)
    assert cells["e2"] == (BLACK, "l", 3) and cells["d6"] == (BLACK, "m", 2) and cells["f4"] == (BLACK, "s", 1)
    # Red's first: e4 taken, which was an end of Black's sandwich on e3; the diagonal d6-e5-f4 still takes e5.
    mine = [(e["player"], e["cell"]) for e in after(game, "mine").events if e["type"] == "capture"]
    assert mine == [(RED, "e4"), (BLACK, "e5")]
    # Black's first: e3 and e5 taken, 4 pips, and Red's sandwich on e4 has no ends left.
    theirs = [(e["player"], e["cell"], e["size"]) for e in after(game, "theirs").events if e["type"] == "capture"]
    assert sorted(theirs) == [(BLACK, "e3", "l"), (BLACK, "e5", "s")]
