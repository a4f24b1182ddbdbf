"""The shipped puzzles (site/puzzles/<game>.json): each replays, is proved again (its answer
right and the only one), and its words and grade are in shape; a wrong answer's refutation holds
when the engine plays it. The provers themselves are py_engines/puzzles/<game>.py."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tools.puzzle_files import data_path, load_puzzles
from py_engines.puzzles import (FIELDS, GAMES, MAX_WORDS, after, check, position,
                                shape_problems)
from py_engines.puzzles import ambush as ambush_puzzles
from py_engines.puzzles import manalath as manalath_puzzles
from py_engines.puzzles import not_nyout as not_nyout_puzzles
from py_engines.puzzles import nymbat as nymbat_puzzles

# A missing file is no puzzles (the count test then fails for that game).
PUZZLES = {game: load_puzzles(game) if data_path(game).exists() else [] for game in GAMES}
ALL = [p for game in GAMES for p in PUZZLES[game]]


@pytest.mark.parametrize("game", GAMES)
def test_at_least_30_puzzles_a_game_with_unique_ids_and_small_files(game):
    puzzles = PUZZLES[game]
    assert len(puzzles) >= 30
    assert len({p["id"] for p in puzzles}) == len(puzzles)
    assert all(p["id"].startswith(game + "-") for p in puzzles)
    assert data_path(game).stat().st_size < 100_000


def test_ids_unique_across_games():
    assert len({p["id"] for p in ALL}) == len(ALL)


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", ALL, ids=[p["id"] for p in ALL])
def test_every_puzzle_is_proved_again(puzzle):
    """The record replays to the solver's move, the fields and words are in shape, and the
    game's prover, working from the position alone, finds the same answer, unique, with the
    same line, words and grade."""
    assert list(puzzle) == list(FIELDS)
    assert check(puzzle) == []


@pytest.mark.parametrize("puzzle", ALL, ids=[p["id"] for p in ALL])
def test_the_line_plays_and_every_accepted_move_is_legal(puzzle):
    game = position(puzzle)
    for move, accepted in zip(puzzle["line"], puzzle["accept"]):
        if accepted is not None:
            assert move == accepted[0]
            assert set(accepted) <= set(game.legal_moves())
            assert game.to_move == puzzle["solver"]
        else:
            assert game.to_move != puzzle["solver"]
        game.play(move)
    for first, rest in puzzle["then"].items():
        assert first in puzzle["accept"][0]
        after(position(puzzle), first, *rest)


@pytest.mark.parametrize("puzzle", ALL, ids=[p["id"] for p in ALL])
def test_words_are_short_sentences_and_the_grade_in_range(puzzle):
    for text in [puzzle["task"], puzzle["why"], puzzle["otherwise"], *puzzle["wrong"].values()]:
        assert 10 <= len(text) <= MAX_WORDS and text[-1] in ".!"
    assert 1 <= puzzle["grade"] <= 5
    game = position(puzzle)
    assert set(puzzle["wrong"]) <= set(game.legal_moves()) - {puzzle["answer"]}


def test_every_grade_is_met():
    grades = {p["grade"] for p in ALL}
    assert grades == {1, 2, 3, 4, 5}


def test_a_puzzle_with_a_changed_answer_fails_the_proof():
    """The check can fail: the same position with another answer, or another line, is refused."""
    for game in [g for g in GAMES if PUZZLES[g]]:
        puzzle = PUZZLES[game][0]
        wrong_move = next(m for m in position(puzzle).legal_moves() if m != puzzle["answer"])
        changed = {**puzzle, "answer": wrong_move, "line": [wrong_move], "accept": [[wrong_move]]}
        assert check(changed), game
        assert check({**puzzle, "grade": puzzle["grade"] % 5 + 1}), game
        assert shape_problems({**puzzle, "why": "x" * (MAX_WORDS + 1)})


# -- each game's refutations, played by the engine ------------------------------------------------

@pytest.mark.slow
def test_manalath_a_wrong_first_move_is_refuted_by_its_reply():
    """After a wrong first move and the refutation the puzzle gives, no move of the solver makes
    a quint at once; after the answer, every reply leaves the solver a quint to make."""
    refuted = 0
    for puzzle in PUZZLES["manalath"]:
        game = position(puzzle)
        solver = puzzle["solver"]
        for move, reply in puzzle["replies"].items():
            then = after(game, move, reply)
            assert then.is_over or not manalath_puzzles.winning_now(then)
            refuted += 1
        if puzzle["kind"] == "quint-in-2":
            line = after(game, *puzzle["line"])
            assert line.is_over and line.winners == [solver]
    assert refuted >= 30


def test_ambush_a_wrong_move_captures_what_its_words_say():
    for puzzle in PUZZLES["ambush"]:
        game = position(puzzle)
        solver = puzzle["solver"]
        best = after(game, *puzzle["line"])
        gained = best.scores[solver] - game.scores[solver] - (best.scores[1 - solver] - game.scores[1 - solver])
        assert gained == puzzle["measures"]["pips"] > 0
        for move, words in puzzle["wrong"].items():
            ways = ambush_puzzles.turns(game)[move]
            worth = max(g - lost for _, (g, lost) in ways)
            assert worth < gained
            taken = max(ways, key=lambda w: w[1][0] - w[1][1])[1][0]
            assert f"captures {taken} pip" in words or taken == 0


def test_not_nyout_the_best_fight_odds_match_the_coach():
    """The fight at the end of the line has the odds the puzzle says, the same the coach gives
    for it when its station is attacked (the coach's note for that move)."""
    for puzzle in PUZZLES["not_nyout"]:
        game = position(puzzle)
        *before, last = puzzle["line"]
        at_fight = after(game, *before)
        note = next(n for n in at_fight.coach() if n["kind"] == "fight" and last in n["moves"])
        assert Fraction(*note["odds"]) == Fraction(*puzzle["measures"]["odds"])
        for move in puzzle["wrong"]:
            chances = not_nyout_puzzles.Chances(puzzle["solver"])
            assert chances.of_move(game, move) < Fraction(*puzzle["measures"]["odds"])


def test_nymbat_the_line_meets_the_goal_and_a_wrong_move_does_not():
    for puzzle in PUZZLES["nymbat"]:
        game = position(puzzle)
        solver = puzzle["solver"]
        end = after(game, *puzzle["line"])
        assert end.is_over is False or solver in end.winners
        if puzzle["kind"] == "defend":
            assert nymbat_puzzles.invaded(game, solver)
            assert not (end.is_over and solver not in end.winners)
        elif puzzle["kind"] == "reach":  # the task asks for the row: the line reaches it
            assert nymbat_puzzles.invaded(end, 1 - solver)
        else:  # "empty": the line wins by emptying the board, and no first move reaches the row
            assert puzzle["kind"] == "empty" and end.is_over and solver in end.winners
            assert end.view()["result"] == "empty" and "reach" not in puzzle["task"]
        for move in puzzle["wrong"]:  # each ends the turn with the goal missed
            then = after(game, move)
            assert then.to_move != solver
            if puzzle["kind"] == "defend":
                assert then.is_over and solver not in then.winners
            else:
                assert not nymbat_puzzles.invaded(then, 1 - solver) and not then.is_over


def test_nimbus_the_line_wins_the_round_by_the_solver():
    """The board the line leaves is lost for the other player to move (the exact solver), or
    empty when the last taker scores."""
    from py_engines.ai.nimbus_endgame import RoundSolver, board_of
    for puzzle in PUZZLES["nimbus"]:
        game = position(puzzle)
        end = after(game, *puzzle["line"])
        last = game.options["round_end"] == "last"
        if any(e["type"] in ("round", "end") for e in end.events):
            assert last
        else:
            assert end.to_move != puzzle["solver"]
            assert not RoundSolver(last).wins(board_of(end))


def test_load_puzzles_refuses_another_games_file(tmp_path):
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"format": 1, "game": "ambush", "puzzles": []}))
    with pytest.raises(ValueError):
        load_puzzles("manalath", path)
