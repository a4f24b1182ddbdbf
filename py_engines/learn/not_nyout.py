"""Not Nyout's worked examples: where a summoned horse enters, the short way through the
centre, the extra step past an enemy, and the dice of a fight; and its lesson."""
from __future__ import annotations

from .diagram import Diagram
from fractions import Fraction

from ..games.not_nyout import fight_odds, odds_words
from .lesson import Step, any_move, best_move, narration, played

COVER = "fight-dice"  # the example that pictures the game on the home page

DIAGRAMS = [
    Diagram(
        key="summoning-squares",
        caption=(
            "Red to move with a 3 and a 2. Red's home is S, so a horse summoned from the stable "
            "enters as many stations counterclockwise from S as the die shows: S1 to S4 (dashed). "
            "With the 3 it lands on Red's own horse on S3, and Red may join it or keep them apart; "
            "with the 2 it lands on Blue's horse on S2 and fights it at once. Red may summon only "
            "once a turn, so the other die has to move a horse."),
        moves=("d3", "d7", "r4", "+4", "r4", "+4", "r1", "N4>W/1", "r4", "S4>E3/4", "r4", "W>s2/4",
               "r3", "+3", "r4", "s2>S2/4", "r3-2"),
        marks={"try": ("S1", "S2", "S3", "S4")},
    ),
    Diagram(
        key="through-the-centre",
        caption=(
            "Red to move with a 4 and a 3. The group on S starts its move on a cardinal, so it may "
            "take the cross: with the 4 it goes in through C and on to n2, or turns to e2 or w2, "
            "but never back to s2 (or it stays on the ring, to S4). Then the 3 takes it out through "
            "N, where it turns counterclockwise, to N1: seven steps for a trip of eleven round the "
            "ring. The horse on S4 passes E with either die but cannot turn in there."),
        moves=("d7", "d3", "r4", "+4", "r1", "+1", "r1", "S4>E/1", "r1", "N1>N2/1", "r3", "E>C/3",
               "r1", "N2>N3/1", "r3", "C>S/3", "r1", "N3>N4/1", "r4", "+4", "r1", "N4>W/1", "r4-3"),
        marks={"focus": ("S",), "try": ("N1",)},
        paths=(("S", "s1", "s2", "C", "n2", "n1", "N", "N1"),),
    ),
    Diagram(
        key="passing-an-enemy",
        caption=(
            "Red to roll. Blue's horse on S3 stands in the way of Red's horse on S1. Stepping onto "
            "Blue's station costs one step as usual, but stepping off it costs one more. So a 1 "
            "takes Red to S2, a 2 or a 3 both stop on S3 and fight Blue, and only a 4 gets past, "
            "to S4: three stations away, but four steps with Blue in between."),
        moves=("d3", "d7", "r4", "+4", "r4", "+4", "r4", "N4>W3/4", "r4", "S4>E3/4", "r4", "W3>S2/4",
               "r1", "+1", "r1", "S2>S3/1"),
        marks={"focus": ("S1",), "try": ("S2", "S3", "S4")},
        paths=(("S1", "S2", "S3", "S4"),),
    ),
    Diagram(
        key="three-from-s",
        caption=(
            "Red to move with two 3s. From S a 3 ends on S3 round the ring, or on C through the cross "
            "(s1, s2, C), and nowhere else: not back out to s1 after going in, and never clockwise to W2. "
            "Within a move a group never turns back (the next die may take it either way along an arm), and on "
            "the ring it always goes counterclockwise. The horse on S4 did "
            "not start on a cardinal, so its 3 passes E on the ring, to E2."),
        moves=("d7", "d3", "r4", "+4", "r1", "+1", "r1", "S4>E/1", "r1", "N1>N2/1", "r3", "E>C/3", "r1",
               "N2>N3/1", "r3", "C>S/3", "r1", "N3>N4/1", "r4", "+4", "r1", "N4>W/1", "r3-3"),
        marks={"focus": ("S",), "try": ("S3", "C")},
    ),
    Diagram(
        key="fight-dice",
        caption=(
            "Blue to move with a 3: its pair on s2 can go out through S to Red's group of three on "
            "S1 and fight it, one round at a time. Each side rolls the die of its group's size: a "
            "d4 for one horse, d6 for two, d8 for three, d10 for four. Blue, the attacker, would "
            "roll the d6 and add 2; Red the d8. A tie goes to the defender: 4+2 against 6 costs "
            "Blue a horse, and Blue's last horse fights on with a d4. Rounds go on until one of the "
            "groups is gone."),
        moves=("d7", "d3", "r1", "+1", "r1", "+1", "r1", "+1&", "r1", "+1&", "r1", "+1&", "r4",
               "N1>W/4", "r3", "+3", "r4", "W>s2/4", "r1-1", "S3>S4/1", "S4>E/1", "r3"),
        marks={"focus": ("s2", "S1")},
        paths=(("s2", "s1", "S", "S1"),),
    ),
    Diagram(
        key="five-rounds",
        caption=(
            "Red to move with a 2. Each side has one horse left, and Red took the last horse to fall. If five "
            "full rounds (ten turns) pass from then without a fight, the game ends and Red, the last to take a "
            "horse, wins: nine turns are left, this one included. Blue's horse on S1 reaches S2, S3, S4 or E with a "
            "1 to 4 and cannot enter the cross, so Red stays safe on s2, n2 or w2, but not on E."),
        moves=("d7", "d3", "r2", "+2", "r2", "+2", "r1", "S2>S3/1", "r3", "+3", "r4", "S3>E2/4", "r4-1",
               "N2>N3/1&", "N3>W2/4", "r4", "E2>N1/4", "r1", "+1", "f3-4", "r3", "+3", "r4-3", "W2>S/3", "S>S3/4",
               "f5-2", "r1", "+1", "r4-4", "N1>W/4", "W>e2/4", "r2", "S1>S3/2", "f1-5", "r2-2", "e2>n2/2", "+2",
               "r3", "+3", "f1-2", "f4-2", "r3-1", "N2>N3/1", "N3>W1/3", "r2", "S3>E/2", "r2-1", "W1>W2/1",
               "n2>e2/2", "r3", "E>e2/3", "f3-4", "r4", "W2>S1/4", "r2"),
        marks={"focus": ("e2", "S1"), "try": ("S2", "S3", "S4", "E")},
    ),
]


def _moves_a_group(start, move, after):
    """A group on the board moves (a summon does not count)."""
    return any(e["type"] == "move" and e["player"] == start.to_move for e in after.events)


def _through_the_centre(start, move, after):
    """A group moves through the centre C."""
    return any(e["type"] == "move" and "C" in e["path"] for e in after.events)


def _joins(start, move, after):
    """Two of one's own groups become one."""
    return any(e["type"] == "join" and e["player"] == start.to_move for e in after.events)


def _splits(start, move, after):
    return any(e["type"] == "split" for e in after.events)


def _what_moved(start, after) -> str:
    """What a move that missed did instead, in a few words from its events: a summon, a split,
    or a group's move (where it went, and by which way), or a fight begun."""
    me = start.to_move
    for e in after.events:
        if e["type"] == "summon":
            return f"That summoned a new horse onto {e['to']}: no horse on the board moved."
        if e["type"] == "split":
            return f"That split your group on {e['station']}, and nothing else moved."
    moved = [e for e in after.events if e["type"] == "move" and e["player"] == me]
    if not moved:
        return "That moved none of your horses."
    e = moved[-1]
    way = "through the centre C" if "C" in e["path"] else "round the ring" if all(
        p[0].isupper() for p in e["path"]) else "along the cross"
    return f"That took your {_group(e['size'])} from {e['from']} to {e['to']}, {way}."


def _move_why(start, move, after):
    return f"{_what_moved(start, after)} The task is the horse already on S3, moved on."


def _centre_why(start, move, after):
    said = _what_moved(start, after)
    if "round the ring" in said:
        said += " A horse that starts its move on a cardinal may turn into the cross instead, toward C."
    return said


def _join_why(start, move, after):
    me = start.to_move
    moved = [e for e in after.events if e["type"] == "move" and e["player"] == me]
    if moved:
        to = moved[-1]["to"]
        mine = [g for g in after.view()["stations"].get(to, []) if g["owner"] == me]
        if len(mine) > 1:
            return (f"Your horse reached {to}, where another of yours stands, but stayed apart: a pair forms "
                    "only when you choose Join there.")
        return f"{_what_moved(start, after)} None of your horses stands on {to}: a pair forms where one lands on another."
    return _what_moved(start, after)


def _split_why(start, move, after):
    said = _what_moved(start, after)
    return said + (" A split leaves the pair as two groups; here it moved whole." if "your pair" in said else "")


def _track_why(start, move, after):
    return f"{_what_moved(start, after)} Only a move that lands on n2, where Blue's horse stands, attacks it."


def _last_horse_why(start, move, after):
    return f"{_what_moved(start, after)} Only a move that lands on W, where Blue's horse stands, attacks it."


def _fight_odds(start, move, after) -> Fraction | None:
    """The odds of the fight a move starts, or None."""
    attack = _attack(after)
    return None if attack is None else _odds(attack)


def _best_fight(start) -> Fraction | None:
    """The best odds of any fight a move here starts, or None."""
    best = best_move(start, _fight_odds)
    return best and best[0]


def _likeliest_fight(start, move, after):
    attack = _attack(after)
    return attack is not None and _odds(attack) == _best_fight(start)


def _likeliest_missed(start, move, after):
    attack = _attack(after)
    best = odds_words(_best_fight(start))
    if attack is None:
        return f"That starts no fight; the best one here is won {best}."
    return f"That fight is won {odds_words(_odds(attack))}; the best one here is won {best}."


def _challenge_fight_done(start, move, after):
    attack = _attack(after)
    return (f"Your {_group(attack['size'])} against Blue's {_group(sum(attack['defenders']))} on {attack['station']}, "
            f"won {odds_words(_odds(attack))}: the likeliest fight here. A bigger group rolls a bigger die and has "
            "horses to lose; in a game, weigh each fight's odds before you start it (the coach says them).")


def _attack(after) -> dict | None:
    """The fight a move started: the attacker's size, the station and the defenders' sizes."""
    combat = after.view()["combat"]
    if not combat:
        return None
    defenders = [g["size"] for g in after.view()["stations"][combat["station"]]]
    return {"size": combat["attacker"]["size"], "station": combat["station"], "defenders": defenders}


def _odds(attack: dict) -> Fraction:
    return fight_odds(attack["size"], tuple(attack["defenders"]))


def _attacks(start, move, after):
    return _attack(after) is not None


def _attacks_with_the_largest_group(start, move, after):
    """An attack made by the largest of one's groups on the board."""
    me = start.to_move
    largest = max(g["size"] for groups in start.view()["stations"].values() for g in groups if g["owner"] == me)
    attack = _attack(after)
    return attack is not None and attack["size"] == largest


def _group(size: int) -> str:
    return {1: "lone horse", 2: "pair"}.get(size, f"group of {size}")


def _die(size: int) -> str:
    return f"d{2 * size + 2}"


def _attack_done(start, move, after):
    attack = _attack(after)
    return (f"A fight: your horse rolls a d4 and adds 2, the attacker's bonus; Blue's horse rolls a d4, and a tie "
            f"goes to the defender. The loser of a round loses a horse, so this one round decides: you win it "
            f"{odds_words(_odds(attack))}. Had you waited, Blue could attack you with the same bonus. A group that "
            f"wins may go on with another die and attack again; a horse summoned onto an enemy attacks it too.")


def _attack_missed(start, move, after):
    return ("That leaves Blue's horse on N1 in peace, and it can attack yours next turn with the attacker's +2. "
            "Move your horse on E4 two steps, onto N1: ending a move on an enemy's station starts a fight.")


def _horse_from(start, after, station: str) -> str | None:
    """Where the group that stood on ``station`` went, by the move's events (None if it stayed)."""
    for e in after.events:
        if e["type"] == "move" and e["path"] and e["path"][0] == station:
            return e["path"][-1]
    return None


def _passes_blue(start, move, after):
    return _horse_from(start, after, "S1") == "S4" and not after.view()["combat"]


def _pass_missed(start, move, after):
    if move.startswith("S1>S3"):
        return ("A 2 from S1 ends on S3, on Blue's horse: a fight. Stepping onto an enemy's station costs one "
                "step and stepping off it one more, so only your 4 gets past, to S4.")
    return ("Your horse on S1 has not got past Blue's horse on S3. Stepping off an enemy's station costs one step "
            "more: S2, S3, then two steps to S4, so it takes your 4.")


def _split_done(start, move, after):
    return ("Two horses now, but still the dice you rolled at the start of the turn: a split gives no extra die "
            "this turn. Next turn you roll one die for each group: more moves, but each horse fights with a d4 "
            "alone.")


def _fight_done(start, move, after):
    attack = _attack(after)
    lone = fight_odds(1, tuple(attack["defenders"]))
    return (f"Your pair rolls a d6 + 2 against Blue's d4 and needs to win one round; losing one costs only one of "
            f"its two horses. It takes e2 {odds_words(_odds(attack))}; your lone horse would have won "
            f"{odds_words(lone)}. Bigger groups roll bigger dice: d4, d6, d8, d10. So a lone horse is easy prey: "
            f"keep yours out of reach of the others' groups, or together.")


def _fight_missed(start, move, after):
    attack = _attack(after)
    pair = fight_odds(2, (1,))
    if attack:
        return (f"That attack is made by your lone horse, with a d4 + 2: it wins {odds_words(_odds(attack))}. "
                f"Your pair rolls a d6 + 2 and has a horse to spare: it wins {odds_words(pair)}.")
    return f"That starts no fight. Your pair on E reaches e2 with the 2 and wins there {odds_words(pair)}."


_GREEN = 2
_GREENS_HORSE = "E3"


def _own_station(after, player: int) -> str:
    return next(name for name, groups in after.view()["stations"].items() if groups[0]["owner"] == player)


def _reached_with(after, player: int, enemy_station: str, enemy: int) -> list[int]:
    """The dice with which the enemy's group on ``enemy_station`` reaches ``player``'s horse (none: safe)."""
    return after.reach(enemy_station, enemy).get(_own_station(after, player), [])


def _out_of_greens_reach(start, move, after):
    return not _reached_with(after, start.to_move, _GREENS_HORSE, _GREEN)


def _home_done(start, move, after):
    station = _own_station(after, start.to_move)
    return (f"Your home is {move[5:]}: your first horse came in two stations on, on {station}, and every horse you "
            f"summon enters near it. Green's horse on E3 reaches only E4, N, N1 or N2 next turn, so {station} is "
            "safe. No two players share a home.")


def _home_missed(start, move, after):
    station = _own_station(after, start.to_move)
    dice = _reached_with(after, start.to_move, _GREENS_HORSE, _GREEN)
    return (f"Your horse came in on {station}, and Green's horse on E3 reaches it with a {dice[0]} and would "
            "attack with the +2. Pick a home whose second station Green cannot reach.")


def _last_horse_done(start, move, after):
    return (f"Your pair attacks Blue's last horse and wins {odds_words(_odds(_attack(after)))}. If it does, Blue "
            "has no horse left, on the track or in the stable: Blue is out, and you, the last player with "
            "horses, win, at once, whatever dice are left. With three or four players, the game goes on until "
            "one is left.")


def _last_fight_done(start, move, after):
    return (f"Your group of three attacks Blue's last horse on E, across the centre, and wins "
            f"{odds_words(_odds(_attack(after)))}: then Blue has no horse, on the track or in the stable, and Red "
            "wins at once. Late in a game, look for the short way to the other's last horses: through the cross.")


def _last_fight_why(start, move, after):
    return "That starts no fight, and Blue's last horse stays on the board."


def _summon_attack_done(start, move, after):
    return (f"{narration(after)} It wins {odds_words(_odds(_attack(after)))}: a lone attacker "
            "adds 2 to its roll. Horses only go forward, so what stands behind yours is reached from the stable.")


def _summon_attack_why(start, move, after):
    return f"{narration(after)} Blue's horse on S1 stays there, behind yours."


def _pick_enemy_done(start, move, after):
    on_e3 = _attack(played(start, "S4>E3/4"))
    return (f"{narration(after)} Won {odds_words(_odds(_attack(after)))}; against Blue's group of "
            f"three on E3, a bigger die and three horses to beat, your lone horse would win "
            f"{odds_words(_odds(on_e3))}. With three or four players, choose whom to fight: the likeliest win, "
            "while the others may weaken each other.")


_BLUES_HORSE = "S1"


def _out_of_reach(start, move, after):
    if after.view()["combat"] or after.is_over:
        return False
    return not _reached_with(after, start.to_move, _BLUES_HORSE, 1)


def _out_of_reach_done(start, move, after):
    left = after.view()["quiet_turns_left"]
    return (f"Blue's horse cannot reach yours with any die. You took the last horse to fall, and each of you has "
            f"one left: if five full rounds (ten turns) pass without a fight, you win. {left} more turns after this "
            "one; keep out of reach. Had Blue taken it, you would be the one who must start a fight in time.")


def _out_of_reach_missed(start, move, after):
    if after.view()["combat"]:
        return "That starts a fight, which Blue's horse can win: you need only keep away."
    station = _own_station(after, start.to_move)
    dice = _reached_with(after, start.to_move, _BLUES_HORSE, 1)
    return (f"Blue's horse on S1 reaches {station} with a {dice[0]} and would attack with the +2. It cannot turn "
            "into the cross (it does not stand on a cardinal): the arms are out of its reach.")


_FIRST_ROLL = ("d7", "d3", "r3")                          # Red wins the roll-off and rolls a 3
_ON_S3 = _FIRST_ROLL + ("+3", "r2", "+2", "r2")           # Red's horse on S3, Blue's on N2; Red rolls a 2
_ON_E = _ON_S3 + ("S3>E/2",)                              # Red's horse on E, Blue's on N2
_PAIR_ON_S4 = ("d7", "d3", "r2", "+2", "r1", "+1", "r4", "+4", "r1", "N1>N2/1", "r2-1")
_THREE_PLAYERS = ("d7", "d3", "d5")                       # the roll-off: Red 7, Green 5, Blue 3

LESSON = [
    Step(
        key="summon", title="Summon a horse", chapter="The goal",
        task="Goal: be the last player with horses. You rolled a 3: summon a horse.",
        hint="Tap S3 or the Summon to S3 button: a horse enters as many stations counterclockwise from your "
             "home S as the die shows.",
        done="Your first horse is on the track; three wait in the stable. Horses are lost in fights: a player "
             "with none left, on the track or in the stable, is out, and the last player with horses wins. You "
             "start because your d10 beat Blue's in the roll-off.",
        goal=any_move, moves=_FIRST_ROLL,
    ),
    Step(
        key="move", title="Move by a die",
        task="Move your horse on S3 on by the 2 you rolled, instead of summoning another.",
        hint="Tap your horse on S3, then the station two steps on, counterclockwise: S4, then E.",
        done="A group moves exactly its die, counterclockwise round the ring. Each turn you roll one d4 per group "
             "you have on the track (one if you have none) and must spend every die, each on any group you like, "
             "even where every choice walks into danger: one group may take several dice, one move after another. A die may also summon a horse, once a "
             "turn; one that comes in on your own group may join it.",
        goal=_moves_a_group, moves=_ON_S3,
        why=_move_why,
    ),
    Step(
        key="attack", title="Attack",
        task="Blue's horse on N1 is two stations ahead of yours on E4. Attack it with your 2.",
        hint="Tap E4, then N1. A group that ends its move on an enemy's station fights it. When two of your dice "
             "take a group to the same station, buttons ask which die to use.",
        done=_attack_done, missed=_attack_missed,
        goal=_attacks, moves=_ON_E + ("r4", "N2>W1/4", "r4", "E>E4/4", "r1", "+1", "r2"),
    ),
    Step(
        key="challenge-behind", title="Challenge: behind you",
        task="Challenge, from a real game: Red rolled 4, 2 and 1, and Blue's horse has come in on S1, behind your "
             "horses. Of your ten moves, one attacks it: find it.",
        hint="Horses only go forward round the ring, so none of yours on the board can go back to S1. A horse "
             "summoned from the stable enters as many stations past your home, S, as the die it uses.",
        done=_summon_attack_done, why=_summon_attack_why, goal=_attacks, seed=8,
        moves=("d5", "d3", "r3", "+3", "r4", "+4", "r3", "+3", "r3", "N4>W2/3", "r4-3", "+3", "S3>E2/4", "r4",
               "W2>S1/4", "r4-2-1"),
    ),
    Step(
        key="short-way", title="The short way", chapter="The track",
        task="Take your horse on E into the cross with the 4 and through the centre C: it comes out on n2, w2 "
             "or s2, any of them.",
        hint="Only a group that starts its move on a cardinal (S, E, N or W, where the cross meets the ring) may "
             "turn inward: tap E, then n2, w2 or s2, four steps on through e1, e2 and C.",
        done="Through C the far side of the track is a few steps away instead of a trip round the ring. At C a "
             "group may go straight or turn onto another arm, but never back; coming out onto the ring it turns "
             "counterclockwise. Each die is a move of its own: a group that one die leaves on a cardinal may turn "
             "in with the next, and one left on an arm may go on to C or back out to the ring.",
        goal=_through_the_centre, moves=_ON_E + ("r1", "N2>N3/1", "r4"),
        why=_centre_why,
    ),
    Step(
        key="pass-enemy", title="Getting past",
        task="You rolled a 4 and a 2, one d4 for each of your two groups; either die may move either group. Get "
             "your horse on S1 past Blue's without a fight.",
        hint="Stepping off an enemy's station costs one step more: from S1, S2 and S3 cost one each, and leaving "
             "S3 for S4 costs two.",
        done="Your 4 took the horse on S1 past Blue's to S4: four steps for three stations, as the step off Blue's "
             "station costs two. A 2 or a 3 would have stopped on S3 and fought: a die that leaves too few steps "
             "to get off an enemy's station stops there, whatever its size, and one that gets past cannot stop "
             "on it. Your own horses cost nothing to pass. In a game the 2 would be yours to use next.",
        missed=_pass_missed,
        goal=_passes_blue, moves=("d3", "d7", "r4", "+4", "r4", "+4", "r4", "N4>W3/4", "r4", "S4>E3/4", "r4",
                                  "W3>S2/4", "r1", "+1", "r1", "S2>S3/1", "r4-2"),
    ),
    Step(
        key="challenge-track", title="Challenge: the short way",
        task="Challenge, from a real game: Red has one die left, a 2, and Blue one horse, on n2. Attack it this "
             "turn.",
        hint="Round the ring, n2 is far from both your horses. But from w2 the cross runs through the centre C: "
             "count two steps along it.",
        done=lambda start, move, after: (f"{narration(after)} Through C, the cross's short way "
                                         "reaches in two steps what the ring never would: count it each time."),
        why=_track_why, goal=_attacks, seed=3,
        moves=("d2", "d10", "r4", "+4", "r1", "+1", "r3", "+3", "r1", "+1&", "r1-1", "+1", "N1>N2/1", "r2", "+2",
               "r3-3-2", "N2>N4/2", "+3&", "N4>W2/3", "r3-2", "S2>E/3", "E>E2/2", "r3-1-1", "W2>S/3", "N4>W/1",
               "W>w1/1", "r4-3", "E2>N1/4", "+3", "r2-1-1", "N3=1+1", "S>S1/2", "f3-1", "f4-1", "N3>N4/1", "w1>W/1",
               "r4-1", "S3>E2/4", "N1>N2/1", "r4-3-1-1", "S1>S2/1", "S2>E1/4", "N3>N4/1", "E1>E3/3", "r4-3", "N2>N4/3",
               "f2-1", "f3-3", "E2>N/4", "r4-2", "W>W4/4", "W4>S1/2", "r3-1", "N4>W/1", "W>C/3", "r3-2", "E3>N/3",
               "f1-4", "S1>S3/2", "r1-1", "C>w2/1", "w2>w1/1", "r2", "S3>E/2", "r2-1", "w1>W/1", "N>N2/2", "r2",
               "E>E2/2", "r2-1", "N2>N4/2", "W>w1/1", "r1", "E2>E3/1", "r2-2", "w1>C/2", "C>n1/2", "r2", "E3>N/2",
               "r3-2", "n1>w2/3", "w2>W/2", "r2", "N>n2/2", "r2-2", "W>w2/2"),
    ),
    Step(
        key="join", title="Make a group", chapter="Groups",
        task="Join two of your horses into a pair on one station.",
        hint="The 2 takes your horse on S2 onto your horse on S4: tap S2, then S4, then Join. A summon with the 2 "
             "onto S2 joins too.",
        done="A pair moves as one and fights with a bigger die. It is one group, so it brings one die to your "
             "roll, not two. Joining is a choice: landing on your own horse you may keep them apart, two groups on "
             "one station, each with its own die; an enemy arriving there fights them one after the other, the "
             "larger first.",
        goal=_joins, moves=_PAIR_ON_S4,
        why=_join_why,
    ),
    Step(
        key="split", title="Split a group",
        task="Split your pair on S4 into two lone horses.",
        hint="Tap S4, then the 1+1 button. A group may be split at any time in your turn while dice are left.",
        done=_split_done,
        goal=_splits, moves=_PAIR_ON_S4 + ("S2>S4/2&",),
        why=_split_why,
    ),
    Step(
        key="fight", title="Fight with dice",
        task="Attack Blue's horse on e2 with your pair, not with your lone horse.",
        hint="Tap E, then the Group of 2 button, then e2, two steps into the cross. In a fight a pair "
             "rolls a d6, a lone horse only a d4.",
        done=_fight_done, missed=_fight_missed,
        goal=_attacks_with_the_largest_group,
        moves=("d7", "d3", "r1", "+1", "r2", "+2", "r4", "+4", "r3", "N2>W/3", "r1-1", "+1&", "S4>E/1", "r4",
               "W>e2/4", "r4-2", "S1>E/4"),
    ),
    Step(
        key="challenge-fight", title="Challenge: the best fight",
        task="Challenge, from a real game: Red rolled a 4, and two fights are open. Start the one you are "
             "likeliest to win.",
        hint="Count each group's horses: the attacker's die grows with its group, and a bigger group holds "
             "longer. Of the enemies the 4 reaches, find the fight likeliest won.",
        done=_challenge_fight_done, missed=_likeliest_missed, goal=_likeliest_fight, seed=51,
        moves=("d9", "d9", "d5", "d1", "r2", "+2", "r3", "+3", "r4", "S2>E1/4", "r1", "N3>N4/1", "r3", "+3", "r2",
               "+2", "r1-1", "+1", "S3>S4/1", "r4-2", "+4&", "N4>W1/2", "r4-1-1", "+4&", "E1>E2/1", "S4=1+1",
               "S4>E/1", "r2-1", "+2", "W1=1+1", "N2>N3/1", "r3-2-2-1", "S1>S4/3&", "S4>E/1", "1E>E2/2&",
               "E>E2/2", "r4-2-1-1", "N3>W2/4", "W2>W3/1", "W3>S/2", "S>s1/1", "r3-2", "E2>N/3", "N=1+1", "N>n2/2",
               "r4-4-3-1", "s1>w2/3", "w2>S/4", "W1>S/4", "S>s1/1", "r4-4-3", "E2>N/3", "1N>w2/4", "w2>W1/4",
               "f4-3", "r4-4-2", "S>S4/4", "s1>n2/4", "f1-4", "S4>E1/2", "r4-3-1", "N>n1/1", "n1>e2/3"),
    ),
    Step(
        key="slot", title="Turn order", chapter="Three or four players",
        task="Three players: your d10 was highest in the roll-off, so you choose your turn slot first.",
        hint="Tap a slot: first, second or third; none is wrong. The others choose next, in the order of their "
             "rolls. Going first gets your horses moving sooner; going later lets you see where the others' "
             "horses enter before you pick your home.",
        done="You have your slot; Green, next highest, chooses from the others, and Blue takes the last. Moving "
             "later lets you see the others' horses before yours enter.",
        goal=any_move, players=3, moves=_THREE_PLAYERS,
    ),
    Step(
        key="home", title="Choose a home",
        task="Another game of three, a turn on: here you took the second slot and Green the first, and Green's "
             "first horse came in on E3. Your first turn: you rolled a 2. Choose a home whose horse enters out of "
             "reach of Green's horse.",
        hint="Tap a free cardinal: S, N or W. Your horse enters two stations counterclockwise from it. Green's "
             "horse on E3 reaches E4, N, N1 or N2 with a 1 to 4.",
        done=_home_done, missed=_home_missed,
        goal=_out_of_greens_reach, players=3, moves=_THREE_PLAYERS + ("slot2", "slot1", "r3", "home=E", "r2"),
    ),
    Step(
        key="challenge-enemy", title="Challenge: pick your fight",
        task="Challenge, from a real game of three: you are Red, with a 4. Your horse on S4 can attack Blue's group "
             "of three on E3; the one on n2 can reach Green's horse on S through the centre. Start the likelier win.",
        hint="Every horse of a defending group must be beaten, one after another, and a bigger group rolls a "
             "bigger die. A lone horse against a lone horse wins 13 times in 16.",
        done=_pick_enemy_done, missed=_likeliest_missed, goal=_likeliest_fight, players=3, seed=34,
        moves=("d4", "d8", "d7", "slot3", "slot1", "r2", "home=N", "r2", "home=S", "r3", "home=E", "r4", "+4", "r3",
               "S2>E/3", "r3", "+3&", "r3-2", "N4>W1/2", "N2>W/3", "r4", "+4", "r3", "+3&", "r4-3", "W>W3/3",
               "W1>S/4", "r4-4", "E>n2/4"),
    ),
    Step(
        key="last-horse", title="The last horse", chapter="The end",
        task="Blue has one horse left, on W, and none in the stable. Attack it.",
        hint="Your pair on N3 reaches W with the 2: N4, then W.",
        done=_last_horse_done,
        goal=_attacks, moves=("d8", "d4", "r4", "+4", "r1", "+1", "r4", "+4&", "r1", "+1&", "r4", "S4>E3/4", "r4",
                              "N1=1+1", "N1>W/4", "r4", "E3>N1/4", "f4-2", "r1", "+1", "f3-5", "r3", "+3", "r1",
                              "+1", "f2-6", "r2-2", "N1>N3/2"),
        why=_last_horse_why,
    ),
    Step(
        key="out-of-reach", title="Five quiet rounds",
        task="One horse each, and you took the last to fall. Move yours out of reach of Blue's horse on S1.",
        hint="Blue's horse on S1 moves round the ring: a 1 to 4 takes it to S2, S3, S4 or E. It cannot enter the "
             "cross, as it does not stand on a cardinal.",
        done=_out_of_reach_done, missed=_out_of_reach_missed,
        goal=_out_of_reach, moves=next(d.moves for d in DIAGRAMS if d.key == "five-rounds"),
    ),
    Step(
        key="challenge-last", title="Challenge: the last fight",
        task="Challenge, from a real game: Red rolled a 4, and Blue has one horse left, on E, with none in the "
             "stable. Start the fight that can end the game.",
        hint="Your group of three on w2 stands next to the centre. From there a 4 goes through C onto E's arm, "
             "e2 and e1, and reaches E itself.",
        done=_last_fight_done, why=_last_fight_why, goal=_likeliest_fight, seed=19,
        moves=("d8", "d9", "r2", "+2", "r2", "+2", "r3", "+3", "r4", "S2>E1/4", "r4-1", "N2>N3/1&", "N3=1+1", "+4",
               "r4", "E1>N/4", "r4-2-1", "N3>W/2", "N3>N4/1", "+4&", "r1", "+1", "r4-2", "W>n2/4", "n2>e2/2", "r4-1",
               "N>e2/4", "f3-4", "+1", "r2", "N4=2+1", "1N4>W1/2", "r3-3-1", "e2>w1/3", "w1>s2/3", "+1&", "r3-2",
               "W1>W3/2", "N4>W2/3", "r4-4", "s2>W/4", "S1>E/4", "r2-2", "W3>S/2", "S>S2/2", "r4-2", "E>w2/4",
               "w2>W/2", "r4-3", "W2>S/3", "S>n2/4", "r4-3", "3W>n2/4", "f6-3", "f3-3", "n2>e1/3", "r3", "S2>E/3",
               "r4-3", "e1>w2/3"),
    ),
]
