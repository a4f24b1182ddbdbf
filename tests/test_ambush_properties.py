"""Ambush: properties over seeded random games, each move checked against an
independent reading of the rules that works from the view alone."""
import json

import pytest

import py_engines
from py_engines import IllegalMove
from py_engines.games.ambush import format_move, parse_move
from py_engines.playout import random_game
from py_engines.rng import Rng

COLS = "abcdef"
PIPS = {"s": 1, "m": 2, "l": 3}
CENTRES = {1: "b2", 2: "e2", 3: "b5", 4: "e5"}
ORIGINS = {1: (0, 0), 2: (3, 0), 3: (0, 3), 4: (3, 3)}  # column and row of each coaster's corner
EVERY_MOVE = ([f"{c}{r}{s}" for r in range(1, 7) for c in COLS for s in "sml"]
              + [f"{k}{d}-{s}" for k in range(1, 5) for d in ("cw", "half", "ccw") for s in "sml"]
              + ["mine", "theirs"])
MALFORMED = ["", "a0s", "g1s", "a1", "a1x", "A1S", "0cw-s", "5cw-s", "1cw", "1cw-", "1cws", "1180-s",
             "pass", " a1s", "a1s ", "mine!"]


def name(x: int, y: int) -> str:
    return f"{COLS[x]}{y + 1}"


def lines():
    """Every row, column and diagonal as a list of cells, long enough for a sandwich."""
    found = [(0, y, 1, 0) for y in range(6)] + [(x, 0, 0, 1) for x in range(6)]
    found += [(x, y, 1, 1) for x, y in [(x, 0) for x in range(6)] + [(0, y) for y in range(1, 6)]]
    found += [(x, y, 1, -1) for x, y in [(x, 5) for x in range(6)] + [(0, y) for y in range(5)]]
    out = []
    for x, y, dx, dy in found:
        cells = []
        while 0 <= x < 6 and 0 <= y < 6:
            cells.append(name(x, y))
            x, y = x + dx, y + dy
        if len(cells) >= 3:
            out.append(cells)
    return out


LINES = lines()


def power(stack: list[int]) -> int:
    """Visible pips: a pyramid shows unless a strictly larger one is anywhere above it."""
    return sum(p for i, p in enumerate(stack) if all(q <= p for q in stack[i + 1:]))


def sandwiches(board: dict, colour: int) -> list[tuple[str, list[str], str]]:
    """Every capturing sandwich of ``colour``: (end, run, end)."""
    found = []
    for line in LINES:
        for i, a in enumerate(line):
            if board.get(a, (None,))[0] != colour:
                continue
            j = i + 1
            while j < len(line) and board.get(line[j], (None,))[0] == 1 - colour:
                j += 1
            if j > i + 1 and j < len(line) and board.get(line[j], (None,))[0] == colour:
                run = line[i + 1:j]
                b = line[j]
                if power(board[a][1]) + power(board[b][1]) > sum(power(board[c][1]) for c in run):
                    found.append((a, run, b))
    return found


def capture(board: dict, scores: list[int], colour: int, cells: set) -> None:
    for c in cells:
        owner, stack = board[c]
        scores[colour] += stack[-1]
        if len(stack) == 1:
            del board[c]
        else:
            board[c] = (owner, stack[:-1])


def coaster_cells(k: int) -> set:
    x0, y0 = ORIGINS[k]
    return {name(x0 + i, y0 + j) for i in range(3) for j in range(3)}


def caught(board: dict, colour: int, k: int) -> set:
    cells = coaster_cells(k)
    return {c for a, run, b in sandwiches(board, colour) if cells & {a, b, *run} for c in run}


def turned(board: dict, k: int, direction: str) -> dict:
    """The board with coaster ``k`` turned, by rotating its 3x3 grid as a matrix (top row first)."""
    x0, y0 = ORIGINS[k]
    grid = [[board.get(name(x0 + i, y0 + 2 - r)) for i in range(3)] for r in range(3)]
    if direction == "cw":
        new = [[grid[2 - j][i] for j in range(3)] for i in range(3)]
    elif direction == "ccw":
        new = [[grid[j][2 - i] for j in range(3)] for i in range(3)]
    else:
        new = [[grid[2 - i][2 - j] for j in range(3)] for i in range(3)]
    out = {c: v for c, v in board.items() if c not in coaster_cells(k)}
    for r in range(3):
        for i in range(3):
            if new[r][i] is not None:
                out[name(x0 + i, y0 + 2 - r)] = new[r][i]
    return out


def read(game):
    view = game.view()
    board = {c: (info["player"], [PIPS[x] for x in info["stack"]]) for c, info in view["cells"].items()}
    return board, [int(s) for s in game.scores], view


def tree_tops(history: list[str], player: int) -> list[str]:
    """The sizes on top of a player's trees, from the sizes they used (their turns alternate)."""
    sizes = [m[-1] for m in history if m not in ("mine", "theirs")][player::2]
    taken = {s: sizes.count(s) for s in "sml"}
    # Taking a medium needs a tree whose small is gone, a large one whose medium is gone.
    return [s for s, n in zip("sml", (5 - taken["s"], taken["s"] - taken["m"], taken["m"] - taken["l"])) if n]


def expected_legal(game, blocked) -> set:
    board, _, view = read(game)
    if game.is_over:
        return set()
    if view["pending"]:
        return {"mine", "theirs"}
    p = game.to_move
    tops = tree_tops(game.history, p)
    assert tops == view["players"][p]["tops"]
    moves = {c + s for c in (name(x, y) for x in range(6) for y in range(6))
             if board.get(c, (p,))[0] == p for s in tops}
    moves |= {f"{k}{d}-{s}" for k in range(1, 5) if k != blocked for d in ("cw", "half", "ccw")
              for s in tops}
    return moves


def predict(game, move):
    """(board, scores, pending) after ``move``, computed from the view alone."""
    board, scores, view = read(game)
    p = game.to_move
    kind = parse_move(move)
    if kind[0] == "place":
        _, cell, size = kind
        owner, stack = board.get(cell, (p, []))
        board[cell] = (p, stack + [PIPS[size]])
        taken = {c for a, run, b in sandwiches(board, p) if cell in (a, b) for c in run}
        capture(board, scores, p, taken)
        return board, scores, False
    if kind[0] == "turn":
        _, k, direction, _ = kind
        board = turned(board, k, direction)
        mine, theirs = caught(board, p, k), caught(board, 1 - p, k)
        if mine and theirs and two_steps(board, scores, p, k) != two_steps(board, scores, 1 - p, k):
            return board, scores, True  # the order changes the outcome: the turning player chooses
        return (*two_steps(board, scores, p if mine or not theirs else 1 - p, k), False)
    k = view["pending"]["coaster"]
    return (*two_steps(board, scores, p if move == "mine" else 1 - p, k), False)


def two_steps(board: dict, scores: list[int], first: int, k: int) -> tuple[dict, list[int]]:
    """The captures after coaster ``k`` turned: ``first``'s, then the other colour's found again."""
    board, scores = dict(board), list(scores)
    capture(board, scores, first, caught(board, first, k))
    capture(board, scores, 1 - first, caught(board, 1 - first, k))
    return board, scores


def check_steps(game, listed):
    steps = {m: tuple((k, v) for s in game.move_steps(m) for k, v in s.items()) for m in listed}
    assert len(set(steps.values())) == len(listed), "two moves are entered the same way"
    for a in steps.values():
        for b in steps.values():
            assert not (len(a) < len(b) and b[:len(a)] == a), f"{a} is a prefix of {b}"


def pick(game, listed, rng):
    """A random move; half the time one that captures (or opens a choice) if a sample holds one,
    so that captures, which uniform play makes rarely, are checked often."""
    if rng.below(2):
        for _ in range(20):
            move = listed[rng.below(len(listed))]
            board, scores, pending = predict(game, move)
            if pending or scores != [int(s) for s in game.scores]:
                return move
    return listed[rng.below(len(listed))]


@pytest.mark.parametrize("seed", range(12))
def test_random_game_properties(seed):
    rng = Rng(seed)
    game = py_engines.new_game("ambush", seed=seed)
    used = [0, 0]
    blocked = None  # the coaster turned on the turn just before, tracked here independently
    while not game.is_over:
        listed = game.legal_moves()
        assert len(listed) == len(set(listed)) and set(listed) == expected_legal(game, blocked)
        assert len(listed) <= 200
        check_steps(game, listed)
        for move in listed:
            assert format_move(parse_move(move)) == move
            game.clone().play(move)
        before = game.to_json()
        for move in EVERY_MOVE + MALFORMED:
            if move not in listed:
                with pytest.raises(IllegalMove):
                    game.play(move)
        assert game.to_json() == before
        assert py_engines.load(before).view() == game.view()
        move = pick(game, listed, rng)
        mover = game.to_move
        board, scores, pending = predict(game, move)
        if move not in ("mine", "theirs"):
            used[mover] += 1
        game.play(move)
        after, got, view = read(game)
        assert after == board and got == scores, move
        assert (view["pending"] is not None) == pending
        assert all(info["strength"] == power(after[c][1]) for c, info in view["cells"].items())
        if not pending:
            blocked = parse_move(game.history[-2])[1] if move in ("mine", "theirs") else (
                parse_move(move)[1] if parse_move(move)[0] == "turn" else None)
        assert game.to_move == (mover if pending else None if sum(used) == 30 else 1 - mover)
        for p in (0, 1):
            assert view["players"][p]["left"] == 15 - used[p]
            pieces = (sum(len(s) for o, s in after.values() if o == p) + len(view["players"][p]["spent"])
                      + len(view["players"][1 - p]["captured"]))
            assert pieces == used[p], "every used pyramid is on the board, spent or captured"
    assert len(game.history) <= 60 and sum(used) == 30
    assert game.legal_moves() == [] and game.to_move is None
    a, b = game.scores
    assert game.winners == ([0] if a > b else [1] if b > a else [])
    assert py_engines.load(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("seed", range(0, 300, 7))
def test_fast_playout_path_plays_legal_games(seed):
    game = random_game("ambush", seed, fast=True)
    replay = py_engines.load(game.to_json())
    assert replay.view() == game.view() and replay.winners == game.winners
    assert len([m for m in game.history if m not in ("mine", "theirs")]) == 30


def test_random_move_is_uniform_over_the_legal_moves():
    game = py_engines.new_game("ambush")
    game.play("c3s")
    game.play("1cw-s")  # coaster 1 is now closed to Red; Red holds s and m tops
    listed = game.legal_moves()
    rng = Rng(7)
    counts = dict.fromkeys(listed, 0)
    draws = 60 * len(listed)
    for _ in range(draws):
        counts[game.random_move(rng)] += 1
    assert all(30 <= n <= 95 for n in counts.values()), counts


def test_a_pending_choice_survives_a_record():
    # Find a random game that reaches a pending choice and reload it there.
    for seed in range(400):
        game = random_game("ambush", seed)
        if "mine" in game.history or "theirs" in game.history:
            break
    else:
        pytest.fail("no random game reached a choice of order")
    ply = next(i for i, m in enumerate(game.history) if m in ("mine", "theirs"))
    record = json.loads(game.to_json())
    record["moves"] = record["moves"][:ply]
    again = py_engines.load(json.dumps(record))
    assert again.legal_moves() == ["mine", "theirs"] and again.view()["pending"] is not None
