"""Nimbus's worked examples (py_engines/learn/nimbus.py): each position shows what its words say."""
from __future__ import annotations

import pytest

import py_engines
from py_engines.learn import DIAGRAMS
from test_learn import after, position

DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


def nimbus(key: str):
    return position("nimbus", key)


def square(game, cell: str):
    """What ``cell`` holds: (its top's orientation, the stack bottom to top), or None."""
    sq = game.view()["squares"].get(cell)
    return (sq["orient"], sq["stack"]) if sq else None


def goes_from(game, cell: str) -> set[str]:
    """Where the top pyramid on ``cell`` may slide or step: the squares of the legal moves from it."""
    return {m.split("-")[1] for m in game.legal_moves() if ":" not in m and m.startswith(cell + "-")}


def taken(game, collect: str) -> list[tuple[str, str, str]]:
    """What ``collect`` takes: each pyramid's square, kind and orientation."""
    played = after(game, collect)
    (event,) = [e for e in played.events if e["type"] == "collect"]
    return [(t["cell"], t["kind"], t["orient"]) for t in event["taken"]]


def pips(game, collect: str) -> int:
    """The pips ``collect`` takes."""
    (event,) = [e for e in after(game, collect).events if e["type"] == "collect"]
    return event["pips"]


def refused(game, move: str, reason: str) -> None:
    with pytest.raises(py_engines.IllegalMove, match=reason):
        game.clone().play(move)


@pytest.mark.parametrize("diagram", DIAGRAMS["nimbus"], ids=lambda d: d.key)
def test_nimbus_each_example_is_player_2_to_move_with_the_whole_turn_to_play(diagram):
    game = nimbus(diagram.key)
    assert diagram.caption.startswith("Player 2 to move.")
    assert game.to_move == 1 and game.view()["phase"] == "play"
    assert game.view()["remaining"] == ["move", "collect"]


def test_nimbus_standing_a_flat_pyramid_up():
    game = nimbus("stand-up")
    assert square(game, "d5") == ("ne", ["g2"])
    assert goes_from(game, "d5") == {"e6", "f7", "g8"}
    # Before: the upright pyramids of row 5 are b5 and g5 only.
    assert [cell for cell, _, _ in taken(game, "u:b5-g5")] == ["b5", "g5"]
    up = after(game, "d5=u")
    assert square(up, "d5") == ("u", ["g2"])
    # Upright it no longer slides: on a later move action (here Player 1's) it steps to a
    # neighbour, any but c6, where a pyramid lies flat.
    later = after(up, "r:f3")
    assert later.to_move == 0
    assert goes_from(later, "d5") == {"c4", "d4", "e4", "c5", "e5", "d6", "e6"}
    assert [cell for cell, _, _ in taken(up, "u:b5-g5")] == ["b5", "d5", "g5"]


def test_nimbus_laying_a_lone_upright_pyramid_flat_but_never_a_stack():
    game = nimbus("lie-down")
    assert square(game, "c4") == ("u", ["y3"])
    assert square(game, "f4") == ("u", ["k3", "b1"])
    legal = set(game.legal_moves())
    assert {f"c4={d}" for d in DIRECTIONS} <= legal
    refused(game, "f4=n", "only a lone upright pyramid may be laid flat")
    assert not any(m.startswith("f4=") for m in legal)
    assert "f4-f3" in legal and square(after(game, "f4-f3"), "f4") == ("u", ["k3"])
    # Laid pointing east, it can slide to d4 or e4 on a later move action (here Player 1's).
    east = after(after(game, "c4=e"), "k:d2")
    assert east.to_move == 0 and square(east, "c4") == ("e", ["y3"])
    assert goes_from(east, "c4") == {"d4", "e4"}


def test_nimbus_turning_a_flat_pyramid():
    game = nimbus("turn")
    assert square(game, "b3") == ("e", ["r2"]) and square(game, "e3") == ("u", ["k3"])
    assert goes_from(game, "b3") == {"c3", "d3"}
    legal = set(game.legal_moves())
    assert {f"b3={d}" for d in DIRECTIONS if d != "e"} <= legal
    refused(game, "b3=e", "already pointing e")
    # Pointing north, it matches the yellow on g3 in a collect along row 3.
    assert square(game, "g3") == ("n", ["y1"])
    refused(game, "n:b3-g3", "b3 is not pointing n")
    north = after(game, "b3=n")
    assert square(north, "b3") == ("n", ["r2"])
    assert taken(north, "n:b3-g3") == [("b3", "r2", "n"), ("g3", "y1", "n")]


def test_nimbus_sliding_a_flat_pyramid_until_something_is_in_the_way():
    game = nimbus("slide")
    assert square(game, "a2") == ("ne", ["k3"]) and square(game, "e6") == ("u", ["g2"])
    assert goes_from(game, "a2") == {"b3", "c4", "d5"}
    refused(game, "a2-e6", "e6 is in the way")
    refused(game, "a2-f7", "e6 is in the way")
    refused(game, "a2-a3", "slides only the way it points, and the one on a2 points north-east")
    slid = after(game, "a2-d5")
    assert square(slid, "a2") is None and square(slid, "d5") == ("ne", ["k3"])


def test_nimbus_stepping_the_top_of_a_stack():
    game = nimbus("step")
    assert square(game, "d4") == ("u", ["g3", "y1"])
    assert square(game, "c5") == ("u", ["b2"]) and square(game, "e4") == ("e", ["r3"])
    assert goes_from(game, "d4") == {"c3", "d3", "e3", "c4", "c5", "d5", "e5"}
    refused(game, "d4-e4", "e4 holds a flat pyramid")
    refused(game, "d4-d6", "one square only")
    refused(game, "d4=n", "only a lone upright pyramid")
    onto = after(game, "d4-c5")
    assert square(onto, "c5") == ("u", ["b2", "y1"])
    # The green below is alone now, and counts: it may be collected as a green.
    assert square(onto, "d4") == ("u", ["g3"])
    refused(game, "g:d4", "not green")
    assert taken(onto, "g:d4") == [("d4", "g3", "u")]


def test_nimbus_collecting_by_colour():
    game = nimbus("collect-colour")
    assert taken(game, "r:b4-g4") == [("b4", "r1", "u"), ("d4", "r3", "w"), ("g4", "r2", "u")]
    assert pips(game, "r:b4-g4") == 6
    done = after(game, "r:b4-g4")
    assert square(done, "e4") == ("u", ["y2"]) and square(done, "d6") == ("n", ["r2"])
    refused(game, "r:b4-d4", "not the outermost")


def test_nimbus_collecting_by_size():
    game = nimbus("collect-size")
    assert taken(game, "3:b2-f6") == [("b2", "k3", "u"), ("d4", "g3", "n"), ("f6", "y3", "u")]
    assert pips(game, "3:b2-f6") == 9
    done = after(game, "3:b2-f6")
    assert square(done, "c3") == ("u", ["b1"]) and square(done, "e5") == ("ne", ["r2"])
    assert square(done, "f2") == ("w", ["r3"])


def test_nimbus_collecting_by_orientation():
    game = nimbus("collect-orientation")
    assert taken(game, "n:e2-e5") == [("e2", "r2", "n"), ("e4", "b1", "n"), ("e5", "k2", "n")]
    assert pips(game, "n:e2-e5") == 5
    done = after(game, "n:e2-e5")
    assert square(done, "e3") == ("u", ["y3"]) and square(done, "e6") == ("ne", ["g3"])
    assert square(done, "c4") == ("n", ["y1"])
    # Upright is an orientation: the upright yellow is the only upright one on column e.
    assert taken(game, "u:e3") == [("e3", "y3", "u")]


def test_nimbus_a_stack_hides_what_is_under_its_top():
    game = nimbus("hidden")
    tree, nest = square(game, "b3"), square(game, "e3")
    assert tree == ("u", ["k3", "y2", "r1"])  # a tree: large, medium, small on top
    assert nest == ("u", ["g1", "b2", "k3"])  # a nest: small at the bottom, large on top
    assert taken(game, "1:b3-g3") == [("b3", "r1", "u"), ("g3", "b1", "u")]
    done = after(game, "1:b3-g3")
    assert square(done, "b3") == ("u", ["k3", "y2"]) and square(done, "e3") == nest
    refused(game, "1:e3", "not of size 1")
    refused(game, "g:e3", "not green")
