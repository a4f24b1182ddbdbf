"""The exact search of a Nimbus round's end: the same turns as the engine, and the same verdicts
as a plain search of every move by the engine's rules; the expert plays only moves it proves."""
import math

import pytest

import py_engines
from py_engines import CHANCE
from py_engines.ai import Search
from py_engines.ai.nimbus import finishing_turn
from py_engines.ai.nimbus_endgame import OutOfBudget, RoundSolver, board_of, can_empty, turn_results
from py_engines.rng import Rng
from test_nimbus import position, random_square


def engine_turn_results(g):
    """What is left of the mover's turn, by the engine: every board it can end on, and
    whether some way through it empties the board."""
    boards, ends, mover = set(), False, g.turn
    todo = [g]
    while todo:
        now = todo.pop()
        for move in now.legal_moves():
            after = now.clone()
            after.play(move)
            if after.round != g.round or after.is_over:
                ends = True
            elif after.turn == mover:
                todo.append(after)
            else:
                boards.add(board_of(after))
    return boards, ends


def engine_wins(g, last_wins: bool, known: dict) -> bool:
    """Whether the player to move scores the round, by trying every move the engine lists."""
    key = (board_of(g), g.moved, g.collected)
    if key not in known:
        mover, won = g.turn, False
        for move in g.legal_moves():
            after = g.clone()
            after.play(move)
            if after.round != g.round or after.is_over:
                won = last_wins  # the mover took the last pyramid
            elif after.turn == mover:
                won = engine_wins(after, last_wins, known)
            else:
                won = not engine_wins(after, last_wins, known)
            if won:
                break
        known[key] = won
    return known[key]


def late_positions(seed: int, most: int, **options):
    """Positions of a seeded random round with at most ``most`` pyramids on the board, turns'
    middles included."""
    g = py_engines.new_game("nimbus", 2, seed, goal="rounds1", **options)
    rng = Rng(seed)
    found = []
    while not g.is_over:
        if g.to_move == CHANCE:
            g.roll()
            continue
        if not g.setup and g.on_board <= most:
            found.append(g.clone())
        g.play_unchecked(g.random_move(rng))
    return found


def random_board(rng: Rng, count: int):
    """A hand-built board of ``count`` squares, one in four a stack of two."""
    squares = {}
    while len(squares) < count:
        name, what = random_square(rng)
        squares[name] = what
    return position(squares, goal="rounds3")


@pytest.mark.slow
@pytest.mark.parametrize("seed, options", [(1, {}), (2, {"random_setup": True}), (3, {"random_setup": True})])
def test_a_turn_leaves_the_boards_the_engine_says(seed, options):
    checked = 0
    for g in late_positions(seed, 10, **options):
        assert turn_results(board_of(g), g.moved, g.collected) == engine_turn_results(g)
        checked += 1
    assert checked >= 10


def test_can_empty_agrees_with_the_finishing_turn_finder():
    rng = Rng(5)
    emptied = 0
    for _ in range(300):
        g = random_board(rng, 1 + rng.below(5))
        found = can_empty(board_of(g))
        assert found == (finishing_turn(g) is not None)
        emptied += found
    assert emptied >= 30


@pytest.mark.slow
@pytest.mark.parametrize("last_wins", [True, False])
def test_the_solver_agrees_with_trying_every_move_by_the_rules(last_wins):
    rng = Rng(7 if last_wins else 8)
    outcomes = set()
    for _ in range(25):
        g = random_board(rng, 2 + rng.below(2))
        expected = engine_wins(g, last_wins, {})
        assert RoundSolver(last_wins).wins(board_of(g)) == expected
        outcomes.add(expected)
    assert outcomes == {True, False}


def test_two_pyramids_that_cannot_meet_lose_for_the_player_to_move():
    # No line holds a1 and c8, and no move action puts one on a line with the other:
    # the player must take one, and the other takes the last.
    g = position({"a1": "r1=u", "c8": "y2=u"})
    assert not RoundSolver().wins(board_of(g))
    assert RoundSolver(last_wins=False).wins(board_of(g))  # in misere play that is a win


def test_the_budget_stops_the_search():
    g = late_positions(1, 9)[0]
    with pytest.raises(OutOfBudget):
        RoundSolver().wins(board_of(g), budget=10)


@pytest.mark.slow
def test_the_expert_searches_only_turns_that_win_the_round_when_it_has_some():
    # Three to five pyramids that the player to move cannot take this turn, yet is sure to
    # score: every move the expert searches keeps that sure (checked by trying every move).
    looked = 0
    for g in late_positions(4, 5):
        if g.moved or g.collected or g.on_board < 3 or finishing_turn(g):
            continue
        if not RoundSolver().wins(board_of(g)):
            continue
        search = Search(g, "expert", seed=1)
        assert search.work.step(math.inf)
        moves = search.work.moves()
        for move in moves:
            after = g.clone()
            after.play(move)
            wins = engine_wins(after, True, {})
            assert wins if after.turn == g.turn else not wins, move
        assert len(moves) < len(g.legal_moves())
        looked += 1
        if looked == 2:
            break
    assert looked == 2


def seven_at_a_turns_start():
    return next(p for seed in range(1, 40) for p in late_positions(seed, 7)
                if not p.moved and not p.collected and p.on_board == 7)


@pytest.mark.slow
def test_the_expert_judges_its_moves_in_slices_and_plays_as_it_would_in_one_go():
    g = seven_at_a_turns_start()
    whole = Search(g, "expert", seed=3, max_seconds=None, iterations=300)
    whole.run()
    sliced = Search(g, "expert", seed=3, max_seconds=None, iterations=300)
    shown = [sliced.progress]
    while not sliced.run(seconds=0.002):
        shown.append(sliced.progress)
    shown.append(sliced.progress)
    assert len(shown) > 10
    assert shown == sorted(shown) and shown[0] == 0 and shown[-1] == 1  # the page's bar only fills
    assert any(0 < p < 0.5 for p in shown)  # the exact look shows its progress too
    assert sliced.answer()["moves"] == whole.answer()["moves"]
    assert sliced.answer()["move"] == whole.answer()["move"]


def test_told_to_move_before_its_exact_look_ends_the_expert_plays_a_legal_move():
    g = seven_at_a_turns_start()
    search = Search(g, "expert", seed=3)
    assert search.work is not None and search.iterations == 0
    assert search.answer()["move"] in g.legal_moves()
