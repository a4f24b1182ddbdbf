"""The hint's reason (Game.reason, said after the hinted move): what the move stops or
threatens, in Manalath (quints) and Ambush (pips), checked against brute force written
here with the public moves alone: every answer played on a copy, its outcome read off."""
from __future__ import annotations

import re

import pytest

from conftest import random_positions
from py_engines.rng import Rng

CELLS = r"([a-i]\d(?:(?:, | or )[a-i]\d)*)"  # "b4", "b4, e8 or f8"
MANALATH_STOPS = re.compile(rf"stops (White|Black)'s quint on {CELLS}(?: \(\1 can still make one on {CELLS}\))?")
MANALATH_THREAT = re.compile(rf"threatens a (white|black) quint on {CELLS} next turn")


def cells_of(words: str | None) -> set[str]:
    return set(re.split(r", | or ", words)) if words else set()


def as_if_to_move(game, player: int):
    """The same board with ``player`` to move (Ambush: no coaster closed)."""
    copy = game.clone()
    copy.turn = player
    if hasattr(copy, "blocked"):
        copy.blocked = None
    return copy


def manalath_wins(game, player: int) -> set[str]:
    """The cells where ``player``, to move on this board, wins at once (any piece there)."""
    game = as_if_to_move(game, player)
    cells = set()
    for move in game.legal_moves():
        after = game.clone()
        after.play(move)
        if after.is_over and after.winners == [player]:
            cells.add(move[:-1])
    return cells


@pytest.mark.slow
def test_manalath_s_reason_names_exactly_the_quints_stopped_and_threatened():
    rng = Rng(4)
    said = {"stops": 0, "still": 0, "threat": 0}
    for game in random_positions("manalath", 2, 240, rng_seed=4, first_game_seed=50):
        if len(game.history) < 14:   # quints are threatened from the middle game on
            continue
        me, other = game.turn, 1 - game.turn
        moves = game.legal_moves()
        for move in [moves[rng.below(len(moves))] for _ in range(2)]:
            reason = game.reason(move)
            after = game.clone()
            after.play(move)
            if move == "pass" or after.is_over:
                assert reason is None
                continue
            stopped = manalath_wins(game, other) - manalath_wins(after, other)
            left = manalath_wins(after, other) if stopped else set()
            threats = manalath_wins(after, me) - manalath_wins(game, me)
            assert (reason is None) == (not stopped and not threats), (game.to_json(), move, reason)
            found = MANALATH_STOPS.search(reason or "")
            assert cells_of(found and found[2]) == stopped, (game.to_json(), move, reason)
            assert cells_of(found and found[3]) == left, (game.to_json(), move, reason)
            found = MANALATH_THREAT.search(reason or "")
            assert cells_of(found and found[2]) == threats, (game.to_json(), move, reason)
            said["stops"] += bool(stopped)
            said["still"] += bool(left)
            said["threat"] += bool(threats)
    assert min(said.values()) >= 5, said


def ambush_endings(game, move: str) -> list:
    """Each way ``move`` may end (each order of captures, where its mover then chooses one):
    (the position after, the pips the mover captured, the pips the other captured)."""
    mover = game.turn
    after = game.clone()
    after.play(move)
    events = list(after.events)
    if not after.is_over and after.turn == mover and after.pending is not None:
        ends = []
        for choice in after.legal_moves():
            end = after.clone()
            end.play(choice)
            ends.append((end, events + end.events))
    else:
        ends = [(after, events)]
    return [(end, sum(e["pips"] for e in evs if e["type"] == "capture" and e["player"] == mover),
             sum(e["pips"] for e in evs if e["type"] == "capture" and e["player"] != mover)) for end, evs in ends]


def ambush_best_capture(game, player: int) -> int:
    """The most pips ``player``, to move on this board, captures with one move."""
    return max((won for move in game.legal_moves() for _, won, _ in ambush_endings(game, move)), default=0)


AMBUSH_KEEPS = re.compile(r"keeps (Red|Black) from capturing (\d+) pips? next turn \((?:(\d+) pips? at most|nothing) then\)")
AMBUSH_THREAT = re.compile(r"threatens to capture (\d+) pips? on (Red|Black)'s next turn")


@pytest.mark.slow
def test_ambush_s_reason_gives_exactly_the_pips_it_keeps_and_threatens():
    rng = Rng(6)
    said = {"keeps": 0, "threat": 0}
    for game in random_positions("ambush", 2, 120, rng_seed=6, first_game_seed=70):
        if game.pending is not None:
            assert game.reason(game.legal_moves()[0]) is None
            continue
        me, other = game.turn, 1 - game.turn
        now = ambush_best_capture(as_if_to_move(game, other), other)
        moves = game.legal_moves()
        for move in [moves[rng.below(len(moves))] for _ in range(2)]:
            reason = game.reason(move)
            ends = ambush_endings(game, move)
            if any(end.is_over for end, _, _ in ends):
                assert reason is None
                continue
            # The mover's best ending (the order of captures theirs to choose): most won less lost.
            options = [(won - ambush_best_capture(end, other), ambush_best_capture(end, other),
                        ambush_best_capture(as_if_to_move(end, me), me)) for end, won, _ in ends]
            best = max(net for net, _, _ in options)
            possible = [(lost, threat) for net, lost, threat in options if net == best]
            keeps, threat = AMBUSH_KEEPS.search(reason or ""), AMBUSH_THREAT.search(reason or "")
            claimed_lost = None if not keeps else int(keeps[3] or 0)
            claimed_threat = 0 if not threat else int(threat[1])
            assert any((claimed_lost is None and lost >= now or claimed_lost == lost < now)
                       and claimed_threat == t for lost, t in possible), (game.to_json(), move, reason, possible, now)
            if keeps:
                assert int(keeps[2]) == now
            assert (reason is None) == (not keeps and not threat)
            said["keeps"] += bool(keeps)
            said["threat"] += bool(threat)
    assert min(said.values()) >= 5, said


def nymbat_rows(game, p: int) -> tuple[bool, bool]:
    """Read off the board (two players): whether an enemy piece stands on ``p``'s home row where
    ``p`` has none, and whether a piece of ``p``'s stands on the enemy's row where it has none."""
    view = game.view()
    owners = {cell: owner for cell, (owner, _number) in view["cells"].items()}
    mine, theirs = view["home"][str(p)], view["home"][str(1 - p)]
    held = not any(owners.get(c) == p for c in mine) and any(owners.get(c) == 1 - p for c in mine)
    reached = not any(owners.get(c) == 1 - p for c in theirs) and any(owners.get(c) == p for c in theirs)
    return held, reached


def test_nymbat_s_reason_says_exactly_the_home_rows_saved_and_reached():
    """From the course's home-row positions and random games played on from them: the reason
    says a win stopped exactly where an enemy held the mover's home row before the move and no
    longer after it, and a home row reached exactly where the mover's piece stands alone on
    the enemy's row after the move and did not before (and nothing stops first)."""
    import py_engines
    from py_engines.learn import nymbat as course
    rng = Rng(5)
    starts = [py_engines.load(step.record("nymbat")) for step in course.LESSON if step.key in ("home-row", "defend")]
    said = {"stops": 0, "reach": 0}
    for start in starts:
        for _ in range(12):
            game = start.clone()
            for _ply in range(rng.below(6)):
                if game.is_over:
                    break
                game.play(rng.choice(game.legal_moves()))
            if game.is_over or game.view()["phase"] == "pick":
                continue
            p = game.to_move
            held_before, reached_before = nymbat_rows(game, p)
            for move in game.legal_moves():
                after = game.clone()
                after.play(move)
                reason = game.reason(move)
                if after.is_over:
                    assert reason is None
                    continue
                held_after, reached_after = nymbat_rows(after, p)
                stops = held_before and not held_after
                reaches = not stops and not held_after and reached_after and not reached_before
                assert (reason or "").startswith("It stops Blue's win" if p == 0 else "It stops Red's win") == stops, \
                    (move, reason)
                assert ("stands on" in (reason or "") and "home row: if it stays" in reason) == reaches, (move, reason)
                said["stops"] += stops
                said["reach"] += reaches
    assert said["stops"] >= 5 and said["reach"] >= 5, said
