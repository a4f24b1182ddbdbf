"""Not Nyout's lesson (py_engines/learn/not_nyout.py): each step's position is what its
words say, and its check accepts exactly the moves that do its task, found here another
way (by replaying each legal move and reading the position it leaves)."""
from __future__ import annotations

from fractions import Fraction

import pytest

import py_engines
from py_engines.games.not_nyout import ARM_NAMES, fight_odds
from py_engines.learn import LESSONS
from test_lesson import passing, replayed

RED, BLUE = 0, 1
STEPS = {step.key: step for step in LESSONS["not_nyout"]}


def start(key: str):
    return py_engines.load(STEPS[key].record("not_nyout"))


def stations(game, owner: int) -> dict[str, list[int]]:
    """Where ``owner``'s groups stand: station -> their sizes."""
    return {name: [g["size"] for g in groups if g["owner"] == owner]
            for name, groups in game.view()["stations"].items() if groups[0]["owner"] == owner}


def fights_started(key: str) -> dict:
    """Each move of the step that starts a fight -> its odds, from the groups on the station it attacks."""
    odds = {}
    for move in start(key).legal_moves():
        played = replayed("not_nyout", STEPS[key], move)
        combat = played.view()["combat"]
        if combat:
            defenders = tuple(g["size"] for g in played.view()["stations"][combat["station"]])
            odds[move] = fight_odds(combat["attacker"]["size"], defenders)
    return odds


def test_the_course_in_order_from_the_goal_to_the_end():
    assert list(STEPS) == ["summon", "move", "attack", "challenge-behind", "short-way", "pass-enemy", "challenge-track",
                           "join", "split",
                           "fight", "challenge-fight", "slot", "home", "challenge-enemy", "last-horse", "out-of-reach",
                           "challenge-last"]
    assert [(s.key, s.chapter) for s in LESSONS["not_nyout"] if s.chapter] == [
        ("summon", "The goal"), ("short-way", "The track"), ("join", "Groups"), ("slot", "Three or four players"),
        ("last-horse", "The end")]
    phases = {"slot": "slots", "home": "home"}
    for key in STEPS:
        game = start(key)
        assert game.to_move == RED and game.view()["phase"] == phases.get(key, "move"), key


def test_summon_the_first_horse():
    game = start("summon")
    assert game.view()["rolls"] == [3] and game.view()["stations"] == {}
    # The first move of the game: the one die can only summon, onto S3; every move does the task.
    assert passing("not_nyout", STEPS["summon"]) == set(game.legal_moves()) == {"+3"}
    assert stations(replayed("not_nyout", STEPS["summon"], "+3"), RED) == {"S3": [1]}


def test_move_a_horse_by_its_die():
    game = start("move")
    assert stations(game, RED) == {"S3": [1]} and game.view()["rolls"] == [2]
    # The moves after which the horse on S3 has left it (a summon leaves it there).
    moved = {m for m in game.legal_moves() if "S3" not in stations(replayed("not_nyout", STEPS["move"], m), RED)}
    assert passing("not_nyout", STEPS["move"]) == moved == {"S3>E/2"}
    assert "+2" in set(game.legal_moves()) - moved


def test_the_short_way_through_the_centre():
    game = start("short-way")
    assert stations(game, RED) == {"E": [1]} and game.view()["rolls"] == [4]
    # Four steps from E that end on the cross beyond C: n2, w2, s2 (e2 is only two steps in).
    inward = {m for m in game.legal_moves()
              if set(stations(replayed("not_nyout", STEPS["short-way"], m), RED)) & (set(ARM_NAMES) - {"e1", "e2"})}
    assert passing("not_nyout", STEPS["short-way"]) == inward == {"E>n2/4", "E>w2/4", "E>s2/4"}
    assert {"E>E4/4", "+4"} <= set(game.legal_moves()) - inward


def test_join_two_horses_into_a_pair():
    game = start("join")
    assert stations(game, RED) == {"S2": [1], "S4": [1]} and game.view()["rolls"] == [2, 1]
    # The moves after which Red has a group of two or more.
    pair = {m for m in game.legal_moves()
            if any(size >= 2 for sizes in stations(replayed("not_nyout", STEPS["join"], m), RED).values()
                   for size in sizes)}
    assert passing("not_nyout", STEPS["join"]) == pair == {"S2>S4/2&", "+2&"}
    # Landing on S4 without joining leaves two groups there: not a pair.
    assert stations(replayed("not_nyout", STEPS["join"], "S2>S4/2"), RED)["S4"] == [1, 1]


def test_attack_with_the_pair():
    game = start("fight")
    assert stations(game, RED) == {"E": [2, 1]} and stations(game, BLUE) == {"e2": [1]}
    assert game.view()["rolls"] == [2]
    # The moves that start a fight in which Red's attacker is the pair.
    by_pair = set()
    for m in game.legal_moves():
        combat = replayed("not_nyout", STEPS["fight"], m).view()["combat"]
        if combat and combat["attacker"] == {"owner": RED, "size": 2}:
            by_pair.add(m)
    assert passing("not_nyout", STEPS["fight"]) == by_pair == {"2E>e2/2"}
    # The lone horse's attack is a fight too, but not the task.
    assert replayed("not_nyout", STEPS["fight"], "1E>e2/2").view()["combat"]["attacker"]["size"] == 1
    assert "1E>e2/2" not in passing("not_nyout", STEPS["fight"])


def fight_of(game, move):
    combat = replayed("not_nyout", game, move).view()["combat"]
    return combat and (combat["attacker"]["size"], combat["station"])


def test_attack_the_horse_ahead():
    game = start("attack")
    assert stations(game, RED) == {"E4": [1]} and stations(game, BLUE) == {"N1": [1], "W1": [1]}
    assert game.view()["rolls"] == [2]
    attacks = {m for m in game.legal_moves() if fight_of(STEPS["attack"], m)}
    assert passing("not_nyout", STEPS["attack"]) == attacks == {"E4>N1/2"}
    assert "13 times in 16" in said_of("attack", "E4>N1/2")


def said_of(key, move):
    game = start(key)
    ok, after, _ = STEPS[key].attempt(game, move)
    return STEPS[key].said(game, move, after, ok)


def test_get_past_an_enemy_with_the_extra_step():
    game = start("pass-enemy")
    assert stations(game, RED) == {"S1": [1], "E3": [1]} and stations(game, BLUE) == {"S3": [1]}
    assert game.view()["rolls"] == [4, 2]
    # The moves after which S1 is empty, Red stands beyond S3 and no fight is on.
    past = {m for m in game.legal_moves() if not fight_of(STEPS["pass-enemy"], m)
            and {"S4"} <= set(stations(replayed("not_nyout", STEPS["pass-enemy"], m), RED)) - {"S1"}
            and "S1" not in stations(replayed("not_nyout", STEPS["pass-enemy"], m), RED)}
    assert passing("not_nyout", STEPS["pass-enemy"]) == past == {"S1>S4/4"}
    assert fight_of(STEPS["pass-enemy"], "S1>S3/2") == (1, "S3")
    assert "one more" in said_of("pass-enemy", "S1>S3/2")


def test_split_a_pair_gives_no_extra_die():
    game = start("split")
    assert stations(game, RED) == {"S4": [2]} and game.view()["rolls"] == [1]
    split = replayed("not_nyout", STEPS["split"], "S4=1+1")
    assert stations(split, RED) == {"S4": [1, 1]} and split.view()["rolls"] == [1]
    assert passing("not_nyout", STEPS["split"]) == {"S4=1+1"}


def test_three_players_choose_slots_then_homes():
    game = start("slot")
    assert game.players == 3 and game.view()["rolloff"]
    assert passing("not_nyout", STEPS["slot"]) == set(game.legal_moves()) == {"slot1", "slot2", "slot3"}
    game = start("home")
    assert game.view()["home"] == [None, None, "E"] and stations(game, 2) == {"E3": [1]}
    assert game.view()["rolls"] == [2]
    # Green's horse on E3 reaches N2 with a 4: the home N puts Red's first horse there.
    entered = {m: stations(replayed("not_nyout", STEPS["home"], m), RED) for m in game.legal_moves()}
    assert entered == {"home=S": {"S2": [1]}, "home=N": {"N2": [1]}, "home=W": {"W2": [1]}}
    assert passing("not_nyout", STEPS["home"]) == {"home=S", "home=W"}
    assert "reaches it with a 4" in said_of("home", "home=N")


def test_attack_the_last_horse():
    game = start("last-horse")
    assert game.view()["horses"][BLUE] == 1 and game.view()["stable"][BLUE] == 0
    assert stations(game, BLUE) == {"W": [1]} and stations(game, RED) == {"S3": [1], "N3": [2]}
    assert passing("not_nyout", STEPS["last-horse"]) == {"N3>W/2"}
    # Blue's horse losing the fight's one round ends the game: Blue is out.
    won = replayed("not_nyout", STEPS["last-horse"], "N3>W/2")
    won.play("f6-1")
    assert won.is_over and won.winners == [RED] and won.view()["out"][BLUE]


def test_keep_out_of_reach_in_the_five_rounds():
    game = start("out-of-reach")
    assert game.view()["horses"] == [1, 1] and game.view()["last_kill"] == RED
    blue_reaches = set(game.reach("S1", BLUE))
    safe = {m for m in game.legal_moves()
            if not (set(stations(replayed("not_nyout", STEPS["out-of-reach"], m), RED)) & blue_reaches)}
    assert passing("not_nyout", STEPS["out-of-reach"]) == safe == {"e2>s2/2", "e2>n2/2", "e2>w2/2"}


@pytest.mark.parametrize("key", list(STEPS))
def test_each_step_has_a_passing_move_and_all_but_the_first_a_failing_one(key):
    game = start(key)
    ok = passing("not_nyout", STEPS[key])
    assert ok
    if key not in ("summon", "slot"):
        assert set(game.legal_moves()) - ok


def test_the_groups_challenge_is_the_likeliest_fight_of_a_real_game():
    assert passing("not_nyout", STEPS["challenge-fight"]) == {"e2>E1/4"}
    odds = fights_started("challenge-fight")
    assert max(odds, key=odds.get) == "e2>E1/4" and len(odds) == 2  # the lone horse on n2 against N2: less likely won


def test_the_track_chapter_s_challenge_reaches_blue_only_through_the_centre():
    assert passing("not_nyout", STEPS["challenge-track"]) == {"w2>n2/2"}
    played = replayed("not_nyout", STEPS["challenge-track"], "w2>n2/2")
    assert [e["path"] for e in played.events if e["type"] == "move"] == [["w2", "C", "n2"]]


def test_the_end_chapter_s_challenge_is_a_real_game_s_last_horse_reached_across_the_centre():
    """Blue's last horse on E, none in its stable; Red's 4 takes its group of three from w2 through C and
    E's arm onto E: the only attack of nine moves, and the game's end if it is won."""
    game = start("challenge-last")
    assert game.view()["horses"][BLUE] == 1 and game.view()["stable"][BLUE] == 0
    assert stations(game, BLUE) == {"E": [1]} and stations(game, RED)["w2"] == [3]
    assert passing("not_nyout", STEPS["challenge-last"]) == {"w2>E/4"}
    played = replayed("not_nyout", STEPS["challenge-last"], "w2>E/4")
    assert [e["path"] for e in played.events if e["type"] == "move"] == [["w2", "C", "e2", "e1", "E"]]


def test_the_goal_chapter_s_challenge_reaches_a_horse_behind_from_the_stable():
    """Blue's horse on S1, behind Red's two on S3 and one on E2; Red's dice 4, 2 and 1: of the ten moves
    only the summon with the 1 (home S, one station on) lands on it."""
    game = start("challenge-behind")
    assert game.view()["rolls"] == [4, 2, 1] and stations(game, BLUE) == {"S1": [1]}
    assert len(game.legal_moves()) == 10
    assert passing("not_nyout", STEPS["challenge-behind"]) == {"+1"}
    assert replayed("not_nyout", STEPS["challenge-behind"], "+1").view()["combat"]["station"] == "S1"


def test_the_three_players_chapter_s_challenge_picks_the_likelier_of_two_enemies():
    """A real game of three, Red to move with a 4: its lone horse on S4 reaches Blue's group of three on E3,
    the one on n2 Green's lone horse on S through C: the lone defender is much the likelier win."""
    game = start("challenge-enemy")
    assert game.players == 3 and game.view()["rolls"] == [4]
    odds = fights_started("challenge-enemy")
    assert odds == {"S4>E3/4": fight_odds(1, (3,)), "n2>S/4": fight_odds(1, (1,))}
    assert fight_odds(1, (3,)) < Fraction(1, 4) < Fraction(3, 4) < fight_odds(1, (1,))
    assert passing("not_nyout", STEPS["challenge-enemy"]) == {"n2>S/4"}
