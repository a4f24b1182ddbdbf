"""Not Nyout: the Korean race game Nyout turned into a fight to the last horse.

Two to four players each have four horses. They summon them from the stable onto
a 29-station track (a counterclockwise ring of 20 and a cross of 9), move them
with four-sided dice, stack them into groups, and fight for the stations: the
arriving group attacks with its die plus two, a tie goes to the defender, and
the loser of each round loses a horse. A player whose four horses are all gone
is out; the last player left wins.

The track. The ring runs counterclockwise S, S1..S4, E, E1..E4, N, N1..N4, W,
W1..W4 and back to S. The cross joins the four cardinals through the centre C:
each arm has a station x1 next to its cardinal and x2 next to C (s1, s2, e1, e2,
n1, n2, w1, w2). A group moves exactly its roll; it turns onto an arm only when
it starts the move on a cardinal, never reverses, may turn at C to any other
arm, and goes counterclockwise when it comes back out onto the ring. Stepping
onto an enemy station costs 1 as usual and stepping off it 1 extra: a group whose
roll runs out there, or leaves too little to step off, stops and fights.

A turn: roll one d4 per group on the board (one if none); split groups if you
like (the number of dice stays); then spend every die, one at a time, moving a
group or (once per turn) summoning a horse to the station the die's number of
steps counterclockwise from your home cardinal.

Notation (``k`` a group's size, ``r`` a die):
  ``S>C/3``      move the group on S to C with the 3
  ``2S3>E2/4``   the group of 2 on S3 (the size is written only when that
                 station holds own groups of different sizes)
  ``W4>S1/2&``   landing on an own group and joining it (without ``&`` they stay apart)
  ``+3``, ``+3&``  summon with the 3 (and join the own group there)
  ``S3=2+1``     split the group of 3 on S3 into 2 and 1
  ``home=E``     first turn with three or four players: take E as home and summon with the roll
  ``slot2``      three or four players: take the second turn slot
Chance outcomes: ``d7`` a d10 of the roll-off (for the player whose roll it is),
``r4-3-1`` a turn's roll (the dice sorted high to low), ``f5-3`` a combat round
(the attacker's die, then the defender's; the +2 is the rules' to add).

Decisions where the rules are silent (see docs/not_nyout.md): an enemy group
arriving on a station with two of a player's groups fights them one at a time,
largest first; joining joins every own group on the station; the five rounds
are ten turns counted from the end of the turn in which the last horse was taken.
Every die can be used: a player never holds more dice than groups to move (a
move that loses or joins a group spends the die that made it), and with no
group on the board the one die summons.
"""
from __future__ import annotations

import math
from typing import Any

from ..core import CHANCE, Game, IllegalMove, and_list, copy_json, quote, tell
from ..rng import chance_rng

# -- the track ----------------------------------------------------------------
RING = 20
CARDINALS = "SENW"                   # counterclockwise from the bottom
RING_NAMES = [c + (str(i) if i else "") for c in CARDINALS for i in range(5)]
ARM_NAMES = [c.lower() + str(i) for c in CARDINALS for i in (1, 2)]
CENTRE = 28
NAMES = RING_NAMES + ARM_NAMES + ["C"]
INDEX = {name: i for i, name in enumerate(NAMES)}
STATIONS = len(NAMES)                # 29


def _arm(k: int) -> tuple[int, int, int]:
    """Cardinal k's station on the ring, its arm's outer station and inner station."""
    return 5 * k, RING + 2 * k, RING + 2 * k + 1


def _next(prev: int, cur: int) -> list[int]:
    """Where a group on ``cur`` may step next; ``prev`` is where it came from (-1: it starts here)."""
    if cur < RING:
        ahead = [(cur + 1) % RING]
        if prev < 0 and cur % 5 == 0:
            ahead.append(_arm(cur // 5)[1])       # only a group starting on a cardinal turns inward
        return ahead
    if cur == CENTRE:
        return [_arm(k)[2] for k in range(4) if _arm(k)[2] != prev]
    cardinal, outer, inner = _arm((cur - RING) // 2)
    inward, outward = (inner, cardinal) if cur == outer else (CENTRE, outer)
    if prev < 0:
        return [inward, outward]
    return [outward] if prev == inward else [inward]


NEXT = {(prev, cur): _next(prev, cur) for cur in range(STATIONS) for prev in [-1, *range(STATIONS)]}


def _paths(src: int, roll: int) -> list[tuple[int, ...]]:
    """Every way a group on ``src`` can go ``roll`` steps on an empty track (``src`` left out)."""
    found = []

    def walk(prev: int, cur: int, path: tuple[int, ...]) -> None:
        if len(path) == roll:
            found.append(path)
            return
        for nxt in NEXT[prev, cur]:
            walk(cur, nxt, path + (nxt,))

    walk(-1, src, ())
    return found


# Enemy stations only make a way shorter, so every real move follows the start of one of these.
PATHS = [[None] + [_paths(src, roll) for roll in range(1, 5)] for src in range(STATIONS)]
HORSES = 4
DIE_FOR_SIZE = {1: 4, 2: 6, 3: 8, 4: 10}
QUIET_TURNS = 10                     # five full rounds of two players


def _sorted_rolls(k: int) -> list[tuple[int, ...]]:
    """Every outcome of k d4, as dice sorted high to low, in a fixed order."""
    if k == 0:
        return [()]
    return [(d, *rest) for d in range(4, 0, -1) for rest in _sorted_rolls(k - 1) if not rest or rest[0] <= d]


ROLLS = {k: _sorted_rolls(k) for k in range(1, HORSES + 1)}


def _ways(dice: tuple[int, ...]) -> int:
    """How many ordered throws give these sorted dice."""
    ways = math.factorial(len(dice))
    for d in set(dice):
        ways //= math.factorial(dice.count(d))
    return ways


ROLL_WEIGHTS = {k: [("r" + "-".join(map(str, dice)), float(_ways(dice))) for dice in ROLLS[k]] for k in ROLLS}


COLOUR_NAMES = ("Red", "Blue", "Green", "White")
_ORDINALS = ("first", "second", "third", "fourth")


def _group_words(size: int, article: str) -> str:
    """``its horse``, ``a pair``, ``its group of 3``; with no article, ``horse``, ``pair``."""
    noun = {1: "horse", 2: "pair"}.get(size, f"group of {size}")
    return f"{article} {noun}".strip()


# -- notation -------------------------------------------------------------------
# Parsed moves are tuples: ("move", k, src, dst, roll, join) with k = 0 when the
# size is not written, ("summon", roll, join), ("split", src, a, b), ("home", k),
# ("slot", n), ("roll", dice), ("fight", a, d), ("d10", v).

def format_move(action: tuple) -> str:
    kind = action[0]
    if kind == "move":
        _, k, src, dst, roll, join = action
        return f"{k or ''}{NAMES[src]}>{NAMES[dst]}/{roll}{'&' if join else ''}"
    if kind == "summon":
        return f"+{action[1]}{'&' if action[2] else ''}"
    if kind == "split":
        return f"{NAMES[action[1]]}={action[2]}+{action[3]}"
    if kind == "home":
        return f"home={CARDINALS[action[1]]}"
    if kind == "slot":
        return f"slot{action[1]}"
    if kind == "roll":
        return "r" + "-".join(map(str, action[1]))
    if kind == "fight":
        return f"f{action[1]}-{action[2]}"
    return f"d{action[1]}"


def _number(text: str, low: int, high: int) -> int | None:
    if text.isdigit() and text == str(int(text)) and low <= int(text) <= high:
        return int(text)
    return None


def parse_move(text: str) -> tuple | None:
    """The move a text names, or None if it is not a move of this notation."""
    if not isinstance(text, str) or not text.isascii():
        return None
    if ">" in text and "/" in text:
        head, _, rest = text.partition(">")
        dst, _, roll = rest.partition("/")
        join = roll.endswith("&")
        roll = _number(roll[:-1] if join else roll, 1, 4)
        k = 0
        if head[:1].isdigit() and head[1:2].isalpha():
            k = _number(head[0], 1, HORSES)
            head = head[1:]
        if head in INDEX and dst in INDEX and roll and k is not None and head != dst:
            return ("move", k, INDEX[head], INDEX[dst], roll, join)
        return None
    if text.startswith("+"):
        join = text.endswith("&")
        roll = _number(text[1:-1] if join else text[1:], 1, 4)
        return ("summon", roll, join) if roll else None
    if "=" in text and "+" in text and not text.startswith("home"):
        src, _, parts = text.partition("=")
        a, _, b = parts.partition("+")
        a, b = _number(a, 1, 3), _number(b, 1, 3)
        if src in INDEX and a and b and a >= b and a + b <= HORSES:
            return ("split", INDEX[src], a, b)
        return None
    if text.startswith("home="):
        side = text[5:]
        return ("home", CARDINALS.index(side)) if len(side) == 1 and side in CARDINALS else None
    if text.startswith("slot"):
        n = _number(text[4:], 1, 4)
        return ("slot", n) if n else None
    if text.startswith("r"):
        dice = [_number(d, 1, 4) for d in text[1:].split("-")]
        if 1 <= len(dice) <= HORSES and all(dice) and dice == sorted(dice, reverse=True):
            return ("roll", tuple(dice))
        return None
    if text.startswith("f"):
        a, _, d = text[1:].partition("-")
        a, d = _number(a, 1, 10), _number(d, 1, 10)
        return ("fight", a, d) if a and d else None
    if text.startswith("d"):
        v = _number(text[1:], 1, 10)
        return ("d10", v) if v else None
    return None


class NotNyout(Game):
    name = "not_nyout"
    title = "Not Nyout"
    player_counts = (2, 3, 4)
    option_specs: dict[str, dict[str, Any]] = {}

    def __init__(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, seed, options or {})
        n = players
        # Each station holds a tuple of groups (owner, size), largest first; one owner per
        # station except while a fight is on (the attacker is then held in ``combat``).
        self.at: list[tuple[tuple[int, int], ...]] = [()] * STATIONS
        self.stable = [HORSES] * n
        self.horses = [HORSES] * n           # stable plus board; 0 means out
        self.home: list[int | None] = [0, 10] if n == 2 else [None] * n
        # Roll-off: groups of players still tied, best first, and the dice of the group rolling now.
        self.ranks: list[list[int]] = [list(range(n))]
        self.rolloff: dict[int, int] = {}
        self.rolling_off = True
        self.slots: list[int | None] = [None] * n   # three or four players: who takes each turn slot
        self.order: list[int] = []           # seats in turn order, fixed once the roll-off is done
        self.current: int | None = None      # whose turn it is
        self.rolls: list[int] | None = None  # dice left this turn; None until rolled
        self.summoned = False
        self.combat: list | None = None      # [station, attacker, attacker's size, last dice]
        self.last_kill: int | None = None
        self.quiet: int | None = None        # turns since the last horse fell, once one horse each
        self.winner: int | None = None
        self.result: str | None = None       # "last" or "rounds" once over
        self.chances = 0                     # chance outcomes so far: the roll() generator's position
        self.last: list[str] = []

    # -- the protocol -----------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.result:
            return None
        if self.rolling_off or self.combat:
            return CHANCE
        if not self.order:
            return self._chooser()
        return CHANCE if self.rolls is None else self.current

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    @property
    def scores(self) -> list[float]:
        return [float(h) for h in self.horses]

    def legal_moves(self) -> list[str]:
        return [format_move(a) for a in self._actions()]

    def play(self, move: str) -> None:
        action = parse_move(move)
        if action is None:
            raise IllegalMove(f"illegal move {quote(move)}: not a move (moves look like S>C/3, 2S3>E2/4&, "
                              "+3, S3=2+1, home=E, slot2, r4-1, f5-3, d7)")
        if self.result:
            raise IllegalMove(f"illegal move {move!r}: the game is over")
        if action not in self._actions():
            raise IllegalMove(f"illegal move {move!r}: {self._why_not(action)}")
        self._apply(action)

    def play_unchecked(self, move: str) -> None:
        self._apply(parse_move(move))

    def roll(self) -> str:
        if self.to_move != CHANCE:
            raise IllegalMove(f"roll: not a chance point in {self.name}")
        rng = chance_rng(self.seed, self.chances)
        if self.rolling_off:
            action = ("d10", rng.below(10) + 1)
        elif self.combat:
            a_die, d_die = self._combat_dice()
            action = ("fight", rng.below(a_die) + 1, rng.below(d_die) + 1)
        else:
            k = max(1, len(self._groups_of(self.current)))
            action = ("roll", tuple(sorted((rng.below(4) + 1 for _ in range(k)), reverse=True)))
        move = format_move(action)
        self._apply(action)
        return move

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """The outcomes of the chance point with their weights (a turn's sorted dice are not equally likely)."""
        if self.to_move != CHANCE:
            return []
        if not self.rolling_off and not self.combat:
            return ROLL_WEIGHTS[max(1, len(self._groups_of(self.current)))]
        return [(m, 1.0) for m in self.legal_moves()]

    def clone(self) -> "NotNyout":
        other = self._copy()
        other.at = self.at[:]
        other.stable = self.stable[:]
        other.horses = self.horses[:]
        other.home = self.home[:]
        other.ranks = [r[:] for r in self.ranks]
        other.rolloff = dict(self.rolloff)
        other.slots = self.slots[:]
        other.order = self.order[:]
        other.rolls = None if self.rolls is None else self.rolls[:]
        other.combat = copy_json(self.combat)  # its last dice a list of their own
        other.last = self.last[:]
        return other

    @property
    def turn_player(self) -> int | None:
        """The player whose turn it is, at the dice of a turn and its fights too (none in a roll-off)."""
        if self.result or self.rolling_off:
            return None
        return self.current if self.order else self._chooser()

    # -- what happened, in words ------------------------------------------------------
    @classmethod
    def seat_names(cls, players: int) -> list[str]:
        return list(COLOUR_NAMES[:players])

    @classmethod
    def narrate(cls, events: list[dict[str, Any]], players: int) -> str:
        names = cls.seat_names(players)
        clauses: list[tuple[str | None, str]] = []
        i = 0
        while i < len(events):
            e = events[i]
            kind = e["type"]
            who = names[e["player"]] if e.get("player") is not None else None
            if kind == "rolloff":
                clauses.append((who, f"rolls {e['value']} in the roll-off"))
            elif kind == "tie":
                clauses.append((None, f"{and_list([names[p] for p in e['players']])} tie and roll again"))
            elif kind == "ranking":
                order = [names[p] for p in e["ranking"]]
                if e.get("order"):
                    clauses.append((None, f"the turn order is {', '.join(order)}"))
                elif players == 2:
                    clauses.append((None, f"{order[0]} starts"))
                else:
                    clauses.append((None, f"{', '.join(order)} choose their turn slots in that order"))
            elif kind == "slot":
                clauses.append((who, f"takes the {_ORDINALS[e['slot'] - 1]} turn"))
            elif kind == "dice":
                clauses.append((who, f"rolls {and_list([str(d) for d in e['dice']])}"))
            elif kind == "home":
                clauses.append((who, f"takes {e['cardinal']} as home"))
            elif kind == "summon":
                clauses.append((who, f"summons a horse to {e['to']} with the {e['roll']}"))
            elif kind == "move":
                clauses.append((who, f"moves {_group_words(e['size'], 'its')} from {e['from']} to {e['to']} "
                                     f"with the {e['roll']}"))
            elif kind == "join":
                clauses.append((who, f"joins its group there, making {_group_words(e['size'], 'a')}"))
            elif kind == "split":
                a, b = e["sizes"]
                clauses.append((who, f"splits its group of {a + b} on {e['station']} into {a} and {b}"))
            elif kind == "attack":
                defender = e["defender"]
                clauses.append((who, f"attacks {names[defender['owner']]}'s "
                                     f"{_group_words(defender['size'], '')} on {e['station']}"))
            elif kind == "fight":
                rounds = []
                while i < len(events) and events[i]["type"] == "fight":
                    f = events[i]
                    rounds.append(f"{f['attack_die']}+2 against {f['defence_die']}, "
                                  f"{names[f['loser']]} loses a horse")
                    i += 1
                clauses.append((None, "; ".join(rounds)))
                continue
            elif kind == "fight_end":
                verb = "takes" if e["attacker_won"] else "holds"
                clauses.append((None, f"{names[e['winner']]} {verb} {e['station']}"))
            elif kind == "out":
                clauses.append((None, f"{names[e['player']]} has no horses left and is out"))
            elif kind == "quiet":
                clauses.append((None, f"one horse each: unless a horse falls in the next ten turns, "
                                      f"{names[e['player']]} wins"))
            elif kind == "end":
                winner = names[e["winners"][0]]
                if e["reason"] == "last":
                    clauses.append((None, f"{winner} wins, the last player with horses"))
                else:
                    clauses.append((None, f"five full rounds without a horse taken: {winner}, who took the last "
                                          "one, wins"))
            i += 1
        return tell(clauses)

    # -- drawing and input ----------------------------------------------------------
    def move_steps(self, move: str) -> list[dict[str, str]]:
        action = parse_move(move)
        if action is None:
            raise IllegalMove(f"illegal move {quote(move)}: not a move")
        kind = action[0]
        if kind == "move":
            _, k, src, dst, roll, join = action
            steps = [{"cell": NAMES[src]}]
            if k:
                steps.append({"choice": f"g{k}"})
            steps.append({"cell": NAMES[dst]})
            me = self.current
            if sum(dst in self._reach(src, r, me) for r in set(self.rolls or ())) > 1:
                steps.append({"choice": f"r{roll}"})  # an enemy station that several dice reach
            if self._owner(dst) == me:
                steps.append({"choice": "join" if join else "apart"})
            return steps
        if kind == "summon":
            steps = [{"choice": "stable"}]
            if len(set(self.rolls or ())) > 1:  # one die value left: one station, so no tap on it
                steps.append({"cell": NAMES[self._summon_target(self.current, action[1])]})
            if self._owner(self._summon_target(self.current, action[1])) == self.current:
                steps.append({"choice": "join" if action[2] else "apart"})
            return steps
        if kind == "split":
            _, src, a, b = action
            steps = [{"cell": NAMES[src]}]
            if len(set(self._sizes_at(src, self.current))) > 1:
                steps.append({"choice": f"g{a + b}"})
            return steps + [{"choice": f"{a}+{b}"}]
        if kind == "home":
            return [{"cell": CARDINALS[action[1]]}]
        return [{"choice": move}]

    def view(self) -> dict[str, Any]:
        stations = {NAMES[s]: [{"owner": p, "size": k} for p, k in groups]
                    for s, groups in enumerate(self.at) if groups}
        combat = None
        if self.combat:
            station, attacker, size, dice = self.combat
            owner, dsize = self.at[station][0]
            combat = {"station": NAMES[station], "attacker": {"owner": attacker, "size": size},
                      "defender": {"owner": owner, "size": dsize}, "dice": dice}
        if self.result:
            phase = "over"
        elif self.rolling_off:
            phase = "rolloff"
        elif not self.order:
            phase = "slots"
        elif self.combat:
            phase = "combat"
        elif self.rolls is None:
            phase = "roll"
        elif self.home[self.current] is None:
            phase = "home"
        else:
            phase = "move"
        return {
            "phase": phase,
            "stations": stations,
            "stable": self.stable[:],
            "horses": self.horses[:],
            "out": [h == 0 for h in self.horses],
            "home": [None if h is None else RING_NAMES[h] for h in self.home],
            "order": self.order[:],
            "slots": self.slots[:],
            "current": self.current,
            "rolls": None if self.rolls is None else self.rolls[:],
            "summoned": self.summoned,
            "summons": self._summons(),
            "rolloff": {"tied": [r for r in self.ranks if len(r) > 1][:1],
                        "rolls": {str(p): v for p, v in self.rolloff.items()},
                        "ranking": [r[0] for r in self.ranks if len(r) == 1]},
            "combat": combat,
            "quiet_turns_left": None if self.quiet is None else QUIET_TURNS - max(0, self.quiet),
            "last_kill": self.last_kill,
            "result": self.result,
            "last": self.last[:],
        }

    @staticmethod
    def layout() -> dict[str, Any]:
        """The ring on a circle (neighbours 1 apart), the cross inside it, S at the bottom."""
        radius = RING / (2 * math.pi)
        cells = []
        for i, name in enumerate(RING_NAMES):
            angle = -math.pi / 2 + 2 * math.pi * i / RING
            cells.append({"name": name, "x": round(radius * math.cos(angle), 4),
                          "y": round(radius * math.sin(angle), 4)})
        for k in range(4):
            angle = -math.pi / 2 + k * math.pi / 2
            for step, name in ((2, ARM_NAMES[2 * k]), (1, ARM_NAMES[2 * k + 1])):
                r = radius * step / 3
                cells.append({"name": name, "x": round(r * math.cos(angle), 4) + 0.0,
                              "y": round(r * math.sin(angle), 4) + 0.0})
        cells.append({"name": "C", "x": 0.0, "y": 0.0})
        lines = [[RING_NAMES[i], RING_NAMES[(i + 1) % RING]] for i in range(RING)]
        for k in range(4):
            cardinal, outer, inner = _arm(k)
            lines += [[NAMES[cardinal], NAMES[outer]], [NAMES[outer], NAMES[inner]], [NAMES[inner], "C"]]
        labels = []
        for k, side in enumerate(CARDINALS):
            angle = -math.pi / 2 + k * math.pi / 2
            labels.append({"text": side, "x": round((radius + 0.95) * math.cos(angle), 4) + 0.0,
                           "y": round((radius + 0.95) * math.sin(angle), 4) + 0.0})
        return {"shape": "circle", "cells": cells, "lines": lines, "labels": labels}

    # -- reading the position -------------------------------------------------------
    def _chooser(self) -> int:
        """With three or four players, the one choosing a turn slot now."""
        return self.ranks[sum(s is not None for s in self.slots)][0]

    def _owner(self, station: int) -> int | None:
        groups = self.at[station]
        return groups[0][0] if groups else None

    def _sizes_at(self, station: int, player: int) -> list[int]:
        return [k for p, k in self.at[station] if p == player]

    def _groups_of(self, player: int) -> list[tuple[int, int]]:
        """(station, size) of each of the player's groups on the board."""
        return [(s, k) for s, groups in enumerate(self.at) for p, k in groups if p == player]

    def _summon_target(self, player: int, roll: int) -> int:
        return (self.home[player] + roll) % RING

    def _summons(self) -> dict[str, str]:
        """Where a summon may go now: die -> station (nothing when no summon is legal)."""
        me = self.current
        if (self.result or self.rolling_off or self.combat or not self.order or not self.rolls
                or self.home[me] is None or self.summoned or not self.stable[me]):
            return {}
        return {str(roll): NAMES[self._summon_target(me, roll)] for roll in sorted(set(self.rolls))}

    def _reach(self, src: int, roll: int, me: int) -> dict[int, bool]:
        """Where a group of ``me`` on ``src`` ends with ``roll``: station -> whether it fights there."""
        found: dict[int, bool] = {}
        at = self.at
        for path in PATHS[src][roll]:
            left = roll
            enemy = False
            for station in path:
                left -= 2 if enemy else 1   # stepping off an enemy station costs one extra
                groups = at[station]
                enemy = bool(groups) and groups[0][0] != me
                if left == 0 or enemy and left < 2:
                    found[station] = enemy
                    break
        return found

    def _way(self, src: int, dst: int, roll: int, me: int) -> list[int]:
        """The stations a group of ``me`` passes going from ``src`` to ``dst`` with ``roll``
        (as ``_reach`` finds them), ``src`` and ``dst`` included."""
        at = self.at
        for path in PATHS[src][roll]:
            left = roll
            enemy = False
            for i, station in enumerate(path):
                left -= 2 if enemy else 1
                groups = at[station]
                enemy = bool(groups) and groups[0][0] != me
                if left == 0 or enemy and left < 2:
                    if station == dst:
                        return [src, *path[:i + 1]]
                    break
        raise ValueError(f"no way from {NAMES[src]} to {NAMES[dst]} with {roll}")

    def _combat_dice(self) -> tuple[int, int]:
        station, _, size, _ = self.combat
        return DIE_FOR_SIZE[size], DIE_FOR_SIZE[self.at[station][0][1]]

    def _actions(self) -> list[tuple]:
        """Every legal move, parsed, in the listing's order."""
        if self.result:
            return []
        if self.rolling_off:
            return [("d10", v) for v in range(1, 11)]
        if self.combat:
            a_die, d_die = self._combat_dice()
            return [("fight", a, d) for a in range(1, a_die + 1) for d in range(1, d_die + 1)]
        if not self.order:
            return [("slot", i + 1) for i, s in enumerate(self.slots) if s is None]
        me = self.current
        if self.rolls is None:
            return [("roll", dice) for dice in ROLLS[max(1, len(self._groups_of(me)))]]
        if self.home[me] is None:
            taken = {h for h in self.home if h is not None}
            return [("home", k) for k in range(4) if 5 * k not in taken]
        rolls = sorted(set(self.rolls))
        actions: list[tuple] = []
        splits: list[tuple] = []
        at = self.at
        for src, groups in enumerate(at):
            if not groups or groups[0][0] != me:   # one owner per station
                continue
            sizes = sorted({k for _, k in groups}, reverse=True)
            written = len(sizes) > 1
            for size in sizes:
                k = size if written else 0
                for roll in rolls:
                    for dst, fight in self._reach(src, roll, me).items():
                        actions.append(("move", k, src, dst, roll, False))
                        if at[dst] and not fight:   # an own group there: joining is optional
                            actions.append(("move", k, src, dst, roll, True))
                for b in range(1, size // 2 + 1):
                    splits.append(("split", src, size - b, b))
        actions += splits
        if not self.summoned and self.stable[me]:
            for roll in rolls:
                actions.append(("summon", roll, False))
                if self._owner(self._summon_target(me, roll)) == me:
                    actions.append(("summon", roll, True))
        return actions

    def _why_not(self, action: tuple) -> str:
        """Why a well-formed move is not legal here, in a player's words."""
        kind = action[0]
        to_move = self.to_move
        if to_move == CHANCE:
            if kind in ("d10", "fight", "roll"):
                return "that outcome is not possible at this roll"
            return "the dice must be rolled first"
        if kind in ("d10", "fight", "roll"):
            return "no dice are being rolled now"
        if not self.order:
            return "the players are choosing turn slots" if kind != "slot" else "that slot is taken"
        me = self.current
        if self.home[me] is None:
            return "pick a home cardinal first (home=S, home=E, ...)" if kind != "home" else "that home is taken"
        if kind in ("home", "slot"):
            return "that choice was made at the start of the game"
        if kind == "summon":
            if self.summoned:
                return "only one horse may be summoned per turn"
            if not self.stable[me]:
                return "the stable is empty"
            if action[1] not in self.rolls:
                return f"there is no {action[1]} among the dice left {self.rolls}"
            return "there is no own group there to join"
        src = action[1]
        if kind == "split":
            return f"there is no own group of {action[2] + action[3]} on {NAMES[src]}"
        _, k, src, dst, roll, join = action
        sizes = self._sizes_at(src, me)
        if not sizes:
            return f"there is no own group on {NAMES[src]}"
        if len(set(sizes)) > 1 and not k:
            return f"{NAMES[src]} holds groups of {sorted(set(sizes), reverse=True)}: write the size first"
        if k and len(set(sizes)) == 1:
            return f"{NAMES[src]} holds one kind of group: leave the size out"
        if k and k not in sizes:
            return f"there is no own group of {k} on {NAMES[src]}"
        if roll not in self.rolls:
            return f"there is no {roll} among the dice left {self.rolls}"
        reach = self._reach(src, roll, me)
        if dst not in reach:
            ends = ", ".join(NAMES[d] for d in reach)
            return f"a {roll} from {NAMES[src]} ends on {ends}"
        return "joining needs an own group on the station landed on"

    # -- changing the position --------------------------------------------------------
    def _apply(self, action: tuple) -> None:
        kind = action[0]
        self.history.append(format_move(action))
        self.events = []
        if kind in ("d10", "fight", "roll"):
            self.chances += 1
        getattr(self, "_do_" + kind)(*action[1:])
        if not self.combat and not self.result and self.order and self.rolls is not None:
            self._continue_turn()

    def _do_d10(self, value: int) -> None:
        group = next(r for r in self.ranks if len(r) > 1)
        roller = next(p for p in group if p not in self.rolloff)
        self.rolloff[roller] = value
        self.events.append({"type": "rolloff", "player": roller, "value": value})
        self.last = []
        if len(self.rolloff) < len(group):
            return
        # Everyone in the tie has rolled: split it by the dice, highest first.
        at = self.ranks.index(group)
        split = [[p for p in group if self.rolloff[p] == v] for v in sorted(set(self.rolloff.values()), reverse=True)]
        self.ranks[at:at + 1] = split
        self.rolloff = {}
        self.rolling_off = any(len(r) > 1 for r in self.ranks)
        for tie in split:
            if len(tie) > 1:
                self.events.append({"type": "tie", "players": tie})
        if self.rolling_off:
            return
        ranking = [r[0] for r in self.ranks]
        self.events.append({"type": "ranking", "ranking": ranking})
        self.turns += 1
        if self.players == 2:
            self._begin(ranking)
        # With three or four players the slots are chosen next, in ranking order.
        self.ranks = [[p] for p in ranking]

    def _do_slot(self, n: int) -> None:
        chooser = self._chooser()
        self.slots[n - 1] = chooser
        self.events.append({"type": "slot", "player": chooser, "slot": n})
        self.last = []
        free = [i for i, s in enumerate(self.slots) if s is None]
        if len(free) == 1:  # the last chooser has no choice
            self.slots[free[0]] = last = self._chooser()
            self.events.append({"type": "slot", "player": last, "slot": free[0] + 1})
            self._begin(self.slots)
            self.events.append({"type": "ranking", "ranking": list(self.order), "order": True})
        self.turns += 1

    def _begin(self, order: list[int]) -> None:
        self.order = list(order)
        self.current = self.order[0]
        self.rolls = None

    def _do_roll(self, dice: tuple[int, ...]) -> None:
        self.events.append({"type": "dice", "player": self.current, "dice": list(dice)})
        self.rolls = list(dice)
        self.summoned = False
        self.last = []

    def _do_home(self, k: int) -> None:
        me = self.current
        self.home[me] = 5 * k
        self.events.append({"type": "home", "player": me, "cardinal": CARDINALS[k]})
        self._do_summon(self.rolls[0], False)

    def _do_summon(self, roll: int, join: bool) -> None:
        me = self.current
        self.rolls.remove(roll)
        self.summoned = True
        self.stable[me] -= 1
        target = self._summon_target(me, roll)
        self.last = [NAMES[target]]
        self.events.append({"type": "summon", "player": me, "roll": roll, "to": NAMES[target],
                            "home": RING_NAMES[self.home[me]]})
        self._arrive(target, me, 1, join)

    def _do_move(self, k: int, src: int, dst: int, roll: int, join: bool) -> None:
        me = self.current
        self.rolls.remove(roll)
        size = k or self._sizes_at(src, me)[0]
        way = self._way(src, dst, roll, me)
        self._take(src, me, size)
        self.last = [NAMES[src], NAMES[dst]]
        self.events.append({"type": "move", "player": me, "from": NAMES[src], "to": NAMES[dst],
                            "path": [NAMES[s] for s in way], "size": size, "roll": roll})
        self._arrive(dst, me, size, join)

    def _do_split(self, src: int, a: int, b: int) -> None:
        me = self.current
        self._take(src, me, a + b)
        self._put(src, (me, a))
        self._put(src, (me, b))
        self.events.append({"type": "split", "player": me, "station": NAMES[src], "sizes": [a, b]})
        self.last = [NAMES[src]]

    def _do_fight(self, a: int, d: int) -> None:
        station, attacker, size, _ = self.combat
        defender, dsize = self.at[station][0]
        self.combat[3] = [a, d]
        self.last = [NAMES[station]]
        attacker_wins = a + 2 > d   # a tie goes to the defender
        self.events.append({"type": "fight", "player": attacker, "station": NAMES[station],
                            "attacker": {"owner": attacker, "size": size},
                            "defender": {"owner": defender, "size": dsize},
                            "attack_die": a, "attack_total": a + 2, "defence_die": d,
                            "loser": defender if attacker_wins else attacker})
        if attacker_wins:
            # The defending group fights on until it is gone; then the next one there, if any.
            rest = self.at[station][1:]
            self.at[station] = ((defender, dsize - 1),) + rest if dsize > 1 else rest
            if not self.at[station]:
                self.at[station] = ((attacker, size),)
                self.combat = None
                self.events.append({"type": "fight_end", "station": NAMES[station], "winner": attacker,
                                    "size": size, "attacker_won": True})
            self._kill(defender, attacker)
        else:
            self.combat[2] = size - 1
            if size == 1:
                self.at[station] = tuple(sorted(self.at[station], key=lambda g: -g[1]))
                self.combat = None
                self.events.append({"type": "fight_end", "station": NAMES[station], "winner": defender,
                                    "size": sum(k for _, k in self.at[station]), "attacker_won": False})
            self._kill(attacker, defender)

    def _take(self, station: int, player: int, size: int) -> None:
        groups = list(self.at[station])
        groups.remove((player, size))
        self.at[station] = tuple(groups)

    def _put(self, station: int, group: tuple[int, int]) -> None:
        self.at[station] = tuple(sorted(self.at[station] + (group,), key=lambda g: -g[1]))

    def _arrive(self, station: int, me: int, size: int, join: bool) -> None:
        owner = self._owner(station)
        if owner is None:
            self._put(station, (me, size))
        elif owner == me:
            if join:
                size += sum(k for _, k in self.at[station])
                self.at[station] = ()
                self.events.append({"type": "join", "player": me, "station": NAMES[station], "size": size})
            self._put(station, (me, size))
        else:
            self.combat = [station, me, size, None]
            self.events.append({"type": "attack", "player": me, "station": NAMES[station], "size": size,
                                "defender": {"owner": owner, "size": self.at[station][0][1]}})

    def _kill(self, loser: int, winner: int) -> None:
        self.horses[loser] -= 1
        self.last_kill = winner
        if not self.horses[loser]:
            self.events.append({"type": "out", "player": loser})
        alive = [p for p in range(self.players) if self.horses[p]]
        if len(alive) == 1:
            self.winner, self.result = alive[0], "last"
            self.events.append({"type": "end", "winners": [alive[0]], "reason": "last"})
        elif len(alive) == 2 and all(self.horses[p] == 1 for p in alive):
            self.quiet = -1  # counting starts when this turn ends
            self.events.append({"type": "quiet", "player": winner, "turns": QUIET_TURNS})

    def _continue_turn(self) -> None:
        """End the turn once no die is left, or none can be used."""
        me = self.current
        usable = self.rolls and self.horses[me] and (
            self.home[me] is None or any(p == me for groups in self.at for p, _ in groups)
            or not self.summoned and self.stable[me])
        if usable:
            return
        self.turns += 1
        if self.quiet is not None:
            self.quiet += 1
            if self.quiet >= QUIET_TURNS:
                self.winner, self.result = self.last_kill, "rounds"
                self.events.append({"type": "end", "winners": [self.winner], "reason": "rounds"})
                return
        at = self.order.index(me)
        for step in range(1, self.players + 1):
            nxt = self.order[(at + step) % self.players]
            if self.horses[nxt]:
                break
        self.current = nxt
        self.rolls = None
        self.summoned = False
