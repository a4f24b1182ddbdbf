"""The rules pages' worked examples (py_engines.learn): each position replays in
the engine and shows what its words say; each is drawn by its rules page."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import py_engines
from py_engines.learn import COVERS, DIAGRAMS
from py_engines.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
EVERY = [(game, d) for game, diagrams in DIAGRAMS.items() for d in diagrams]


def position(game: str, key: str):
    diagram = next(d for d in DIAGRAMS[game] if d.key == key)
    return py_engines.load(diagram.record(game))


def after(game, move: str):
    """The game after ``move``, on a copy."""
    copy = game.clone()
    copy.play(move)
    return copy


@pytest.mark.parametrize("game, diagram", EVERY, ids=[f"{g}-{d.key}" for g, d in EVERY])
def test_a_diagram_replays_and_rings_cells_of_its_board(game, diagram):
    played = py_engines.load(diagram.record(game))
    names = {cell["name"] for cell in type(played).layout()["cells"]}
    assert set(diagram.marks) <= {"win", "lose", "try", "focus"}
    for cells in [*diagram.marks.values(), *diagram.paths]:
        assert set(cells) <= names
    assert diagram.caption.endswith(".") and len(diagram.caption) < 700


@pytest.mark.parametrize("game", sorted(DIAGRAMS))
def test_each_diagram_is_drawn_by_its_rules_page_and_only_those(game):
    page = (ROOT / "site" / "games" / f"{game}.js").read_text()
    named = re.findall(r'data-diagram="([^"]+)"', page)
    assert sorted(named) == sorted(d.key for d in DIAGRAMS[game])


def test_every_game_has_a_cover_for_the_home_page_among_its_diagrams():
    assert sorted(COVERS) == sorted(GAMES)
    for game, key in COVERS.items():
        assert key in {d.key for d in DIAGRAMS[game]}, game


def test_manalath_a_quart_made_first_loses_beside_a_new_quint():
    game = position("manalath", "quart-first")
    assert game.to_move == 0 and game.history[-1] == "i1w"
    # The white quart in the corner, made by Black's last move.
    assert {"group"} <= {e["type"] for e in game.events}
    # Whatever White plays, White loses, quints included.
    for move in game.legal_moves():
        ended = after(game, move)
        assert ended.is_over and ended.winners == [1], move
    for move in ("e2w", "d2w", "d3w"):
        ended = after(game, move)
        assert any(e["type"] == "group" and e["size"] == 5 and e["colour"] == "white" for e in ended.events)
        assert ended.result == "quart"
    # The quart cannot grow: its empty neighbours refuse a white piece.
    for cell in ("g1", "g2", "g3"):
        with pytest.raises(py_engines.IllegalMove, match="group of"):
            game.clone().play(cell + "w")
    for cell in ("i3", "h3"):
        with pytest.raises(py_engines.IllegalMove, match="occupied"):
            game.clone().play(cell + "w")


def test_manalath_the_cells_black_must_leave_alone():
    game = position("manalath", "cells-to-avoid")
    assert game.to_move == 1 and game.history[-1] == "e8w"
    for cell in ("c7", "d7", "e7"):
        # A white piece there is a white quint: White wins once its next turn ends, whatever it plays.
        made = after(game, cell + "w")
        assert not made.is_over
        assert any(e["type"] == "group" and e["size"] == 5 for e in made.events)
        reply = made.legal_moves()[0]
        assert after(made, reply).winners == [0]
    # c7b is legal and harmless but leaves d7w and e7w, each a quint.
    blocked = after(game, "c7b")
    assert not blocked.is_over
    for move in ("d7w", "e7w"):
        assert any(e["type"] == "group" and e["size"] == 5 for e in after(blocked, move).events)
    # d7b makes a black quart: Black loses at once.
    lost = after(game, "d7b")
    assert lost.is_over and lost.winners == [0] and lost.result == "quart"
    # e7b would make a black group of six.
    with pytest.raises(py_engines.IllegalMove, match="black group of 6"):
        game.clone().play("e7b")
