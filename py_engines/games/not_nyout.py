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
import re
from fractions import Fraction
from functools import lru_cache
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


# -- a fight's odds -------------------------------------------------------------------
def round_odds(a: int, d: int) -> Fraction:
    """The chance that an attacking group of ``a`` horses wins one round against a group of
    ``d``: its die plus two beats the defender's die (a tie goes to the defender)."""
    a_die, d_die = DIE_FOR_SIZE[a], DIE_FOR_SIZE[d]
    wins = sum(1 for x in range(1, a_die + 1) for y in range(1, d_die + 1) if x + 2 > y)
    return Fraction(wins, a_die * d_die)


@lru_cache(maxsize=None)
def fight_odds(a: int, defenders: tuple[int, ...]) -> Fraction:
    """The exact chance that an attacking group of ``a`` horses takes a station held by
    groups of these sizes, each fought until it is gone, in this order (the engine's: the
    station's groups, largest first). Each round takes a horse from one side, and the die
    of each side goes by the horses it has left then."""
    if not defenders:
        return Fraction(1)
    if not a:
        return Fraction(0)
    d, rest = defenders[0], defenders[1:]
    p = round_odds(a, d)
    return p * fight_odds(a, (d - 1, *rest) if d > 1 else rest) + (1 - p) * fight_odds(a - 1, defenders)


def odds_words(p: Fraction) -> str:
    """``13 times in 16 (81%)``; ``about 64 times in 100`` when the fraction is not a small one."""
    percent = math.floor(100 * p + Fraction(1, 2))
    if p.denominator <= 100:
        return f"{p.numerator} time{'s' if p.numerator != 1 else ''} in {p.denominator} ({percent}%)"
    if percent > 99:
        return "more than 99 times in 100"
    if percent < 1:
        return "less than once in 100"
    if percent == 1:
        return "about once in 100"
    return f"about {percent} times in 100"


def holds_words(p: Fraction, exact: bool) -> str:
    """``odds_words``; where the chance is only a lower bound (the attack searched not to its end),
    ``at least 17 times in 100``, rounded down (never ``at least about``: a newcomer could not read it)."""
    if exact:
        return odds_words(p)
    if p.denominator <= 100:
        return f"at least {odds_words(p)}"
    percent = math.floor(100 * p)
    return "at least once in 100" if percent == 1 else f"at least {percent} times in 100" if percent else odds_words(p)


class _OutOfBudget(Exception):
    """A search for the largest attacker that ran past its budget of turn states."""


COLOUR_NAMES = ("Red", "Blue", "Green", "White")
_ORDINALS = ("first", "second", "third", "fourth")


def _group_words(size: int, article: str) -> str:
    """``its horse``, ``a pair``, ``its group of 3``; with no article, ``horse``, ``pair``."""
    noun = {1: "horse", 2: "pair"}.get(size, f"group of {size}")
    return f"{article} {noun}".strip()


_COUNTS = ("", "", "two", "three", "four")


def _groups_words(sizes: list[int]) -> str:
    """The groups on a station, largest first: ``pair``, ``pair and horse``, ``two horses``."""
    parts = []
    for size in sorted(set(sizes), reverse=True):
        n = sizes.count(size)
        noun = _group_words(size, "")
        plural = noun.replace("group", "groups") if size > 2 else noun + "s"   # groups of 3; horses, pairs
        parts.append(noun if n == 1 else f"{_COUNTS[n]} {plural}")
    return and_list(parts)


def _or_list(words: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _sentence(text: str) -> str:
    """A reason as a sentence: a capital first, a full stop last."""
    return text[:1].upper() + text[1:] + "."


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

    def roll(self, rng: Any = None) -> str:
        if self.to_move != CHANCE:
            raise IllegalMove(f"roll: not a chance point in {self.name}")
        if rng is None:
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

    def chance_seats(self) -> list[int]:
        """A roll-off's die: every player still tied in it; a fight's dice: the attacker and
        the defender; a turn's dice: the player whose turn it is."""
        if self.rolling_off:
            return list(next(r for r in self.ranks if len(r) > 1))
        if self.combat:
            station, attacker = self.combat[0], self.combat[1]
            return sorted({attacker, *(owner for owner, _ in self.at[station])})
        return super().chance_seats()

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

    # -- the coach and refusals ----------------------------------------------------------
    def coach(self) -> list[dict[str, Any]]:
        """Besides the moves that win or lose at once (only by ending a turn that ends the five
        rounds): a fight's odds before it is fought. One ``fight`` note per fight the player
        can start now (an own group, or a horse summoned, onto a station held by an enemy),
        with its ``moves`` (every die that does it), its ``cells`` (the enemy's station) and
        ``odds``, the exact chance of taking the station, as [numerator, denominator]. Words
        for each of one or two fights; for more, for the best and the worst (or, when they are
        all alike, once for all)."""
        notes = super().coach()
        for note in notes:
            words = self._rounds_words(note["kind"], note["moves"])
            if words:
                note["text"] = words
        # The dangers to the player's own groups come before the fights it can start: on a phone only
        # the first two lines show until tapped, and a newcomer missed the danger under the odds.
        dangers = self._dangers()
        fights = sorted(self._fights(), key=lambda f: -f["odds"])  # stable: ties keep the listing's order
        sides = {fight.pop("sides") for fight in fights}
        for i, fight in enumerate(fights):
            lead, odds = fight.pop("lead"), odds_words(fight["odds"])
            if len(fights) <= 2:
                fight["text"] = f"{lead[:1].upper()}{lead[1:]}: you win that fight {odds}."
            elif len(sides) == 1:   # every fight alike: said once
                if i == 0:
                    mine, theirs = next(iter(sides))
                    where = and_list(list(dict.fromkeys(f["cells"][0] for f in fights)))
                    fight["text"] = (f"You can start {len(fights)} fights, each {mine} of yours against {theirs} "
                                     f"(on {where}): you win each {odds}.")
            elif i == 0:
                fight["text"] = f"Of the {len(fights)} fights you can start, the best: {lead}, and you win it {odds}."
            elif i == len(fights) - 1:
                fight["text"] = f"The worst: {lead}, and you win it {odds}."
            fight["odds"] = [fight["odds"].numerator, fight["odds"].denominator]
        entries = self._entries()
        said = {move for note in entries for move in note["moves"]}
        return notes + dangers + fights + self._exposures(said) + entries

    def reason(self, move: str) -> str | None:
        """Where the move takes a group out of danger (certain, computed as the ``danger`` and
        ``exposes`` notes are): the group it moves, with no fight, stands where another player
        can attack it next turn, and after the move stands where none can, or where it holds
        better if attacked. (A fight's odds are the coach's ``fight`` note, which the page says.)"""
        me = self.to_move
        if me is None or me == CHANCE or not self.order or self.rolls is None or self.home[me] is None:
            return None
        action = next((a for a in self._actions() if a[0] == "move" and format_move(a) == move), None)
        if action is None:
            return None
        _, k, src, dst, _, _ = action
        if self._owner(dst) not in (None, me):
            return None
        danger = self._worst_attacks(me, only=src).get(src)
        if danger is None:
            return None
        size, enemy, exact = danger
        was = self._survives(src, size)
        after = self.clone()
        after.play(move)
        if after.result is not None:
            return None
        group = _group_words(k or self._sizes_at(src, me)[0], "")
        held = f"{COLOUR_NAMES[enemy]} can attack it next turn and it would hold {'at least ' if not exact else ''}{odds_words(was)}"
        attack = after._worst_attacks(me, self.EXPOSURE_BUDGET, only=dst).get(dst)
        if attack is None:
            return f"It takes your {group} from {NAMES[src]}, where {held}, to {NAMES[dst]}, out of every player's reach."
        holds = after._survives(dst, attack[0])
        if holds > was and exact:
            return (f"It takes your {group} from {NAMES[src]}, where {held}, to {NAMES[dst]}, where it holds "
                    f"{'at least ' if not attack[2] else ''}{odds_words(holds)} if attacked.")
        return None

    def _worst_attacks(self, me: int, budget: int = 0, only: int | None = None) -> dict[int, tuple[int, int, bool]]:
        """Station of ``me`` -> (the largest group another player can attack it with next turn, as
        the board stands, that player, whether the size is exact): ``_attack_sizes`` per player,
        within ``budget`` turn states each (the default: DANGER_BUDGET). With ``only``, a station:
        the players who cannot reach it at all (``_in_reach``, far cheaper) are not searched."""
        worst: dict[int, tuple[int, int, bool]] = {}
        for enemy in range(self.players):
            if enemy != me and self.horses[enemy]:
                if only is not None and only not in self._in_reach(enemy):
                    continue
                sizes, exact = self._attack_sizes(enemy, budget or self.DANGER_BUDGET)
                for station, size in sizes.items():
                    if self.at[station] and self.at[station][0][0] == me and size > worst.get(station, (0,))[0]:
                        worst[station] = (size, enemy, exact)
        return worst

    def _survives(self, station: int, size: int) -> Fraction:
        """The exact chance that the groups on ``station`` survive an attack by a group of ``size``."""
        return 1 - fight_odds(size, tuple(k for _, k in self.at[station]))

    def _dangers(self) -> list[dict[str, Any]]:
        """``danger`` notes: each station of the player to move that another player can attack
        next turn, as the board stands, with ``cells`` (the station), the largest group that can
        attack it and ``holds``, the exact chance that the station's groups survive that attack,
        as [numerator, denominator]. The other player rolls a die per group (one with none) and
        may spend several on one group, summon once, and join groups on the way
        (``_attack_sizes``); whether they attack is theirs to choose, so it is said as a reach."""
        me = self.to_move
        if me is None or me == CHANCE or not self.order or self.rolls is None or self.home[me] is None:
            return []
        worst = self._worst_attacks(me)   # station -> (the largest attacker, its player, exact)
        notes = []
        for station, (size, enemy, exact) in sorted(worst.items()):
            defenders = [k for _, k in self.at[station]]
            holds = self._survives(station, size)
            verb = "hold" if len(defenders) > 1 else "holds"
            notes.append({"kind": "danger", "moves": [], "cells": [NAMES[station]],
                          "holds": [holds.numerator, holds.denominator], "exact": exact,
                          "text": f"{COLOUR_NAMES[enemy]} can attack your {_groups_words(defenders)} on "
                                  f"{NAMES[station]} next turn, with {self._attacker_words(size, enemy)}: "
                                  f"attacked, yours {verb} {holds_words(holds, exact)}."})
        if len(notes) > 2:   # in one sentence: the stations, and the one that holds worst
            worst_note = min(notes, key=lambda n: Fraction(*n["holds"]))
            for note in notes:
                note.pop("text")
            who = "The others" if len({enemy for _, enemy, _ in worst.values()}) > 1 else COLOUR_NAMES[enemy]
            notes[0]["text"] = (f"{who} can attack {len(notes)} of your stations next turn "
                                f"({and_list([n['cells'][0] for n in notes])}, ringed): the most exposed, "
                                f"{worst_note['cells'][0]}, holds "
                                f"{holds_words(Fraction(*worst_note['holds']), worst_note['exact'])} if attacked.")
        return notes

    def _attacker_words(self, size: int, enemy: int) -> str:
        """``a lone horse``, ``up to 3 horses in one group``; a group larger than any ``enemy`` has on the
        board said as joined on the way (a newcomer saw only lone horses and read of a group of 4)."""
        if size == 1:
            return "a lone horse"
        largest = max((k for groups in self.at for owner, k in groups if owner == enemy), default=0)
        return f"up to {size} horses in one group" + (", joined on the way" if size > largest else "")

    def _exposures(self, said: set[str]) -> list[dict[str, Any]]:
        """``exposes``: the moves (a group moved or a horse summoned, ending without a fight) after
        which the group moved stands where another player can attack it next turn, as the board
        would then stand, and holds worse there than where it was (a horse summoned: than in the
        stable, where nothing attacks it): one note per station, with ``moves``, ``cells``,
        ``holds`` (the exact chance its groups there survive the largest attack, as [numerator,
        denominator]) and ``exact`` (as for ``danger``). Moves the ``entry`` note names (``said``:
        a horse summoned from a stable comes in there) are left to it."""
        me = self.to_move
        if me is None or me == CHANCE or not self.order or self.rolls is None or self.home[me] is None:
            return []
        now = {station: self._survives(station, size) for station, (size, _, _) in self._worst_attacks(me).items()}
        found: dict[int, dict[str, Any]] = {}
        for action in self._actions():
            if action[0] == "move":
                _, k, src, dst, _, _ = action
                size, was = k or self._sizes_at(src, me)[0], now.get(src, Fraction(1))
                doing = f"moving your {_group_words(size, '')} to {NAMES[dst]}"
            elif action[0] == "summon":
                size, dst, was = 1, self._summon_target(me, action[1]), Fraction(1)
                doing = f"summoning a horse to {NAMES[dst]}"
            else:
                continue
            move = format_move(action)
            if move in said or self._owner(dst) not in (None, me):   # a fight's odds are said by ``fight``
                continue
            after = self.clone()
            after.play(move)
            if after.result is not None:
                continue
            attack = after._worst_attacks(me, self.EXPOSURE_BUDGET, only=dst).get(dst)
            if attack is None or after._survives(dst, attack[0]) >= was:
                continue
            attacker, enemy, exact = attack
            holds = after._survives(dst, attacker)
            note = found.setdefault(dst, {"kind": "exposes", "moves": [], "cells": [NAMES[dst]], "holds": holds,
                                          "exact": exact, "enemy": enemy, "attacker": attacker, "doing": doing})
            note["moves"].append(move)
            if holds < note["holds"]:
                note.update(holds=holds, exact=exact, enemy=enemy, attacker=attacker, doing=doing)
        notes = sorted(found.values(), key=lambda n: n["holds"])
        for note in notes:
            enemy, attacker, holds = note.pop("enemy"), note.pop("attacker"), note["holds"]
            note["text"] = (f"Careful: {note.pop('doing')} leaves it where {COLOUR_NAMES[enemy]} can attack it next turn, "
                            f"with {self._attacker_words(attacker, enemy)}: attacked, yours there holds "
                            f"{holds_words(holds, note['exact'])}.")
            note["holds"] = [holds.numerator, holds.denominator]
        if len(notes) > 2:   # in one sentence: the stations, and the worst
            for note in notes[1:]:
                note.pop("text")
            worst = notes[0]
            notes[0]["text"] = (f"Careful: {len(notes)} of your moves leave a group where another player can attack it "
                                f"next turn ({and_list([n['cells'][0] for n in notes])}, ringed): the worst, to "
                                f"{worst['cells'][0]}, holds {holds_words(Fraction(*worst['holds']), worst['exact'])} "
                                f"if attacked.")
        return notes

    def _entries(self) -> list[dict[str, Any]]:
        """``entry``: the moves (a group moved, a horse summoned) that end without a fight on a
        station where another player's horse, summoned from their stable next turn, comes in
        (their home and 1 to 4) and so attacks whatever stands there: with ``moves`` and
        ``cells`` (those stations), said in one sentence, whose horses and with which die."""
        me = self.to_move
        if me is None or me == CHANCE or not self.order or self.rolls is None:
            return []
        comers: dict[int, list[tuple[int, int]]] = {}   # station -> (enemy, the die that brings them in)
        for enemy in range(self.players):
            if enemy != me and self.stable[enemy] and self.home[enemy] is not None:
                for roll in range(1, 5):
                    comers.setdefault(self._summon_target(enemy, roll), []).append((enemy, roll))
        moves: dict[int, list[str]] = {}
        for action in self._actions():
            if action[0] == "move":
                dst = action[3]
            elif action[0] == "summon":
                dst = self._summon_target(me, action[1])
            else:
                continue
            if dst in comers and self._owner(dst) in (None, me):
                moves.setdefault(dst, []).append(format_move(action))
        if not moves:
            return []
        stations = sorted(moves)
        if len(stations) == 1 and len(comers[stations[0]]) == 1:
            [(enemy, roll)] = comers[stations[0]]
            text = (f"Careful: a horse from {COLOUR_NAMES[enemy]}'s stable comes in on {NAMES[stations[0]]} with a "
                    f"{roll}: a group you leave there can be attacked by it next turn.")
        else:
            where = and_list([f"{NAMES[st]} ({' or '.join(f'{COLOUR_NAMES[e]}, with a {r}' for e, r in comers[st])})"
                              for st in stations])
            text = (f"Careful: horses from the stable come in on {where}: a group you leave there can be "
                    "attacked next turn.")
        return [{"kind": "entry", "moves": [m for st in stations for m in moves[st]],
                 "cells": [NAMES[st] for st in stations], "text": text}]

    # Turn states searched for the largest attacker (0.1 s of CPython at most). Beyond (one warning in
    # about 90 over random games, with three or four groups) the stations in reach are found group by
    # group (joining adds no reach), each said against the largest group the player could make: a
    # bound rather than the exact size.
    DANGER_BUDGET = 1500
    # The same search after each move the player can make (``exposes``): a smaller budget each, so
    # that the coach answers within about 0.25 s of CPython (the 99th percentile of random games);
    # beyond it, the bound as above.
    EXPOSURE_BUDGET = 500

    def _attack_sizes(self, enemy: int, budget: int = DANGER_BUDGET) -> tuple[dict[int, int], bool]:
        """Station -> the largest group of ``enemy`` that can end a move there on a station held by
        another player, in a turn of theirs taken on the board as it stands: every value of each
        of their dice (one per group, one with none), a group moving on several, a horse
        summoned once, and groups joined where one lands on another. Splits make no group
        larger and are left out; a move that starts a fight elsewhere ends the search there.
        With it, whether the sizes are exact (False: the search ran out of its budget and each
        is the most the player's horses could make)."""
        groups = tuple(sorted((s, k) for s, gs in enumerate(self.at) for owner, k in gs if owner == enemy))
        can_summon = bool(self.stable[enemy]) and self.home[enemy] is not None
        found: dict[int, int] = {}
        seen: set = set()
        ends: dict[int, tuple[list[int], list[int]]] = {}

        def ends_from(src: int) -> tuple[list[int], list[int]]:
            """Where a group on ``src`` ends with a die of any value: the stations it fights on,
            and those it lands on (once each, in the order of the dice)."""
            if src not in ends:
                fights: dict[int, None] = {}
                lands: dict[int, None] = {}
                for roll in range(1, 5):
                    for dst, fight in self._reach(src, roll, enemy).items():
                        (fights if fight else lands)[dst] = None
                ends[src] = (list(fights), list(lands))
            return ends[src]

        def land(rest: tuple, dst: int, size: int, dice: int, summoned: bool) -> None:
            search((tuple(sorted(rest + ((dst, size),))), dice, summoned))
            here = sum(k for s, k in rest if s == dst)
            if here:   # joining every group of theirs there
                others = tuple(g for g in rest if g[0] != dst)
                search((tuple(sorted(others + ((dst, size + here),))), dice, summoned))

        def search(key: tuple) -> None:
            if key in seen:
                return
            if len(seen) == budget:   # one state more than the budget: stop the whole search
                raise _OutOfBudget
            seen.add(key)
            state, dice, summoned = key
            for i, (src, size) in enumerate(state):
                fights, lands = ends_from(src)
                for dst in fights:
                    found[dst] = max(found.get(dst, 0), size)
                if dice > 1:   # after the turn's last die nothing moves
                    rest = state[:i] + state[i + 1:]
                    for dst in lands:
                        land(rest, dst, size, dice - 1, summoned)
            if can_summon and not summoned:
                for roll in range(1, 5):
                    dst = self._summon_target(enemy, roll)
                    if self.at[dst] and self.at[dst][0][0] != enemy:
                        found[dst] = max(found.get(dst, 0), 1)
                    elif dice > 1:
                        land(state, dst, 1, dice - 1, True)

        try:
            search((groups, max(1, len(groups)), False))
        except _OutOfBudget:  # the sizes are not all known: each the most it could be
            most = min(4, sum(k for _, k in groups) + can_summon)
            return {station: most for station in self._in_reach(enemy)}, False
        return found, True

    def _in_reach(self, enemy: int) -> set[int]:
        """The stations held by others where a group of ``enemy`` (or a horse they summon) can
        end a move next turn, each group on its own with every die of the turn (joining groups
        makes one larger, never reaches further)."""
        groups = [s for s, gs in enumerate(self.at) for owner, _ in gs if owner == enemy]
        dice = max(1, len(groups))
        starts = [(src, dice) for src in groups]
        if self.stable[enemy] and self.home[enemy] is not None:
            for roll in range(1, 5):
                starts.append((self._summon_target(enemy, roll), dice - 1))
        found: set[int] = set()
        seen: set[tuple[int, int]] = set()
        while starts:
            src, left = starts.pop()
            held = self.at[src] and self.at[src][0][0] != enemy
            if held:
                found.add(src)  # a summon onto another player's station fights there
            if held or not left or (src, left) in seen:
                continue
            seen.add((src, left))
            for roll in range(1, 5):
                for dst, fights in self._reach(src, roll, enemy).items():
                    if fights:
                        found.add(dst)
                    else:
                        starts.append((dst, left - 1))
        return found

    def _fights(self) -> list[dict[str, Any]]:
        """The fights the player to move can start with one move, one per attacking group and
        station, in the listing's order: ``kind`` "fight", ``moves``, ``cells``, ``odds`` (a
        Fraction), ``lead``, what the move does in words, and ``sides``, the two sides in words
        (``horse``, ``a pair and a horse``)."""
        me = self.to_move
        if me is None or me == CHANCE or not self.order or self.rolls is None:
            return []
        fights: dict[tuple, dict[str, Any]] = {}
        for action in self._actions():
            kind = action[0]
            if kind == "move":
                _, k, src, dst, _, _ = action
                size = k or self._sizes_at(src, me)[0]
                key: tuple = (src, size, dst)
                doing = f"moving your {_group_words(size, '')} from {NAMES[src]} to {NAMES[dst]}"
            elif kind == "summon":
                size, dst = 1, self._summon_target(me, action[1])
                key, doing = ("summon", dst), f"summoning a horse to {NAMES[dst]}"
            elif kind == "home":
                size, dst = 1, (5 * action[1] + self.rolls[0]) % RING
                key = ("home", dst)
                doing = f"taking {CARDINALS[action[1]]} as home, your horse comes in on {NAMES[dst]} and"
            else:
                continue
            owner = self._owner(dst)
            if owner is None or owner == me:
                continue
            if key not in fights:
                sizes = [k for _, k in self.at[dst]]   # fought in this order
                held = f"{COLOUR_NAMES[owner]}'s {_groups_words(sizes)}"
                after = ", one after the other" if len(sizes) > 1 else ""
                theirs = and_list([_group_words(k, "a") for k in sizes])
                fights[key] = {"kind": "fight", "moves": [], "cells": [NAMES[dst]],
                               "odds": fight_odds(size, tuple(sizes)), "lead": f"{doing} fights {held} there{after}",
                               "sides": (_group_words(size, "a"), theirs + after)}
            fights[key]["moves"].append(format_move(action))
        return list(fights.values())

    def _rounds_words(self, kind: str, moves: list[str]) -> str | None:
        """Words for moves that win or lose at once: here only by using the last die without a
        fight when that ends the five rounds (None if any of them ends the game otherwise)."""
        for move in moves:
            after = self.clone()
            after.play(move)
            if after.result != "rounds":
                return None
        if kind == "win":
            return "Using your last die without a fight ends the five rounds: you win, having taken the last horse."
        return (f"Using your last die without a fight ends the five rounds: {COLOUR_NAMES[self.last_kill]} "
                "wins, having taken the last horse.")

    def attempted_moves(self, steps: list[dict[str, str]]) -> list[str]:
        """The moves the steps may have meant, for ``refusal``: a home tapped; a summon
        (Summon, then its station, or Join / Stay apart); from a tapped group of one's own, a
        move to the station tapped last with each die left, or the split, die or join
        chosen; a tap on another station alone, a move there from each group of one's own."""
        me = self.to_move
        if not steps or me is None or me == CHANCE or self.result:
            return []
        last = steps[-1]
        if not self.order:
            action = parse_move(last.get("choice", ""))
            return [last["choice"]] if action and action[0] == "slot" else []
        if self.home[me] is None:
            return [f"home={last['cell']}"] if last.get("cell") in tuple(CARDINALS) else []
        dice = sorted(set(self.rolls), reverse=True)
        choice = last.get("choice", "")
        cells = [step["cell"] for step in steps if step.get("cell") in INDEX]
        if steps[0].get("choice") == "stable":
            if cells:    # those dice that bring a horse in on the station tapped
                dice = [r for r in dice if NAMES[self._summon_target(me, r)] == cells[-1]]
                if "cell" in last:
                    return [f"+{r}" for r in dice]
            return [f"+{r}{'&' if choice == 'join' else ''}" for r in dice]
        if not cells or "cell" not in steps[0]:
            return []
        src = cells[0]
        sizes = sorted(set(self._sizes_at(INDEX[src], me)), reverse=True)
        if not sizes:   # not a group of one's own: a move there from each of them
            if len(steps) > 1:
                return []
            return [f"{k if len(set(self._sizes_at(s, me))) > 1 else ''}{NAMES[s]}>{src}/{r}"
                    for s, k in self._groups_of(me) for r in dice]
        picked = [int(step["choice"][1]) for step in steps if re.fullmatch(r"g[1-4]", step.get("choice", ""))]
        heads = [f"{k if len(sizes) > 1 else ''}{src}" for k in (picked[-1:] or sizes)]
        if "cell" in last:
            if len(cells) < 2 or last["cell"] == src:
                return []
            return [f"{head}>{last['cell']}/{r}" for head in heads for r in dice]
        if re.fullmatch(r"[1-3]\+[1-3]", choice):
            return [f"{src}={choice}"]
        if len(cells) < 2:
            return []
        if re.fullmatch(r"r[1-4]", choice):
            return [f"{head}>{cells[-1]}/{choice[1]}" for head in heads]
        if choice in ("join", "apart"):
            return [f"{head}>{cells[-1]}/{r}{'&' if choice == 'join' else ''}" for head in heads for r in dice]
        return []

    def refusal(self, steps: list[dict[str, str]]) -> str:
        """Why a tap or a choice is refused, in one sentence: the rule refusing the moves it
        may have meant (``attempted_moves``), or, where no one move says it, the words below."""
        words = self._refusal_words(steps)
        return words if words else super().refusal(steps)

    def _refusal_words(self, steps: list[dict[str, str]]) -> str | None:
        """The refusals no single move says: a tap while dice are rolled; a tap while turn slots
        are chosen; a home that is not a cardinal; a summon's station that no die left brings
        a horse to; a station with none of one's groups tapped first. None for the others."""
        me = self.to_move
        if not steps or self.result:
            return None
        if me == CHANCE:
            return _sentence(self._rolling_words())
        cell = steps[-1].get("cell")
        if cell not in INDEX:
            return None
        if not self.order:
            return "The players are choosing their turn slots: no horse is on the board yet."
        if self.home[me] is None:
            if cell in tuple(CARDINALS):
                return None
            return (f"{cell} is not a cardinal: your home must be {self._free_words()}, "
                    "and your first horse comes in from there.")
        dice = sorted(set(self.rolls), reverse=True)
        cells = [step["cell"] for step in steps if step.get("cell") in INDEX]
        if steps[0].get("choice") == "stable":
            if self.summoned or not self.stable[me]:
                return _sentence(self._why_not(("summon", dice[0], False)))
            targets = {NAMES[self._summon_target(me, r)] for r in dice}
            # Join or stay apart is asked: the station is chosen (or the only one).
            coming = cells[-2] if len(cells) > 1 else next(iter(targets)) if len(targets) == 1 else None
            if coming in targets and cell in targets:
                there = _groups_words(self._sizes_at(INDEX[coming], me))
                instead = f", or cancel to bring it in on {cell} instead" if cell != coming else ""
                return (f"Your horse from the stable is coming in on {coming}: "
                        f"say first whether it joins your {there} there{instead}.")
            where = _or_list([f"{NAMES[self._summon_target(me, r)]} with the {r}" for r in dice])
            return (f"A horse from the stable comes in the die's number of stations counterclockwise "
                    f"from your home {RING_NAMES[self.home[me]]}: on {where}.")
        src = INDEX.get(steps[0].get("cell"))
        if len(cells) > 1:
            if src is None or not self._sizes_at(src, me):
                return None
            if cell == cells[0]:   # the group tapped again once a choice is made
                if len(cells) > 2:
                    return self._question_words(steps, src, INDEX[cells[-2]], None)
                group = self._picked_words(steps, src)
                return f"Your {group} on {cell} is already chosen: tap where it goes, or cancel to let it go."
            if not any(INDEX[cell] in self._reach(src, r, me) for r in dice):
                return self._unreached_words(steps, src, INDEX[cell], dice)
            if any("choice" in step for step in steps[:-1]) and len(cells) > 2:
                return self._question_words(steps, src, INDEX[cells[-2]], cell)
            # Otherwise the move under way was let go (the page begins again with the tap): the tap alone.
        if self._sizes_at(INDEX[cell], me):
            return None
        # A station without a group of one's own, tapped first: a move starts at a group.
        station = INDEX[cell]
        owner = self._owner(station)
        what = f"{cell} is empty" if owner is None else \
            f"{cell} holds {COLOUR_NAMES[owner]}'s {_groups_words([k for _, k in self.at[station]])}"
        reachers = sorted({s for s, _ in self._groups_of(me) if any(station in self._reach(s, r, me) for r in dice)})
        if reachers:
            mine = [f"{self._picked_words([], s)} on {NAMES[s]}" for s in reachers]
            goal = "go there" if owner is None else "fight there"
            return f"{what}: a move starts at one of your groups, so tap your {_or_list(mine)} first to {goal}."
        summons = [r for r in dice if self._summon_target(me, r) == station]
        if summons and not self.summoned and self.stable[me]:
            return f"{what}: a horse from your stable comes in there with the {summons[0]}, so summon it."
        if not self._groups_of(me):
            where = _or_list([f"{NAMES[self._summon_target(me, r)]} with the {r}" for r in dice])
            return f"{what}, and you have no horse on the board: a horse from your stable comes in on {where}."
        left = and_list([str(r) for r in self.rolls])
        return f"{what}, and none of your groups can reach it with the dice left ({left})."

    def _unreached_words(self, steps: list[dict[str, str]], src: int, dst: int, dice: list[int]) -> str:
        """A group tapped, then a station no die left takes it to: where each die ends."""
        me = self.current
        group = self._picked_words(steps, src)
        reasons = [self._short_words(src, dst, r, self._reach(src, r, me), whence=False) for r in dice]
        return f"Your {group} on {NAMES[src]} cannot reach {NAMES[dst]}: {'; '.join(reasons)}."

    def _question_words(self, steps: list[dict[str, str]], src: int, dst: int, cell: str | None) -> str:
        """A move's group and station chosen, a question left (join or stay apart, or which
        die), and another station tapped (``cell``; None: the group's own again)."""
        me = self.current
        if self._owner(dst) == me:
            question = f"whether it joins your {_groups_words(self._sizes_at(dst, me))} there"
        else:
            question = "which die takes it there"
        other = f"cancel to send it to {cell} instead" if cell else "cancel to let it go"
        group = self._picked_words(steps, src)
        return f"Your {group} on {NAMES[src]} is going to {NAMES[dst]}: say first {question}, or {other}."

    def _picked_words(self, steps: list[dict[str, str]], src: int) -> str:
        """The group of one's own on ``src`` that the steps chose: ``pair``; ``groups`` when not told."""
        sizes = self._sizes_at(src, self.current)
        picked = [int(step["choice"][1]) for step in steps if re.fullmatch(r"g[1-4]", step.get("choice", ""))]
        return _group_words(picked[-1] if picked else sizes[0], "") if picked or len(set(sizes)) == 1 else "groups"

    def _free_words(self) -> str:
        """The cardinals free to take as home: ``a free cardinal (S, N or W)``, ``the free cardinal, N``."""
        taken = {h for h in self.home if h is not None}
        free = [CARDINALS[k] for k in range(4) if 5 * k not in taken]
        return f"the free cardinal, {free[0]}" if len(free) == 1 else f"a free cardinal ({_or_list(free)})"

    def _rolling_words(self) -> str:
        """What is being rolled at a chance point (no one chooses anything until it is)."""
        if self.rolling_off:
            return "the roll-off dice must be rolled first"
        if self.combat:
            return f"the fight on {NAMES[self.combat[0]]} goes on: its dice must be rolled first"
        return f"the dice must be rolled first: {COLOUR_NAMES[self.current]}'s turn starts with the roll"

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

    def reach(self, station: str, player: int) -> dict[str, list[int]]:
        """Where a group of ``player`` standing on ``station`` could end a move on the board as
        it is: station -> the dice (1-4) that take it there (a fight where an enemy stands)."""
        ends: dict[str, list[int]] = {}
        for roll in range(1, 5):
            for dst in self._reach(INDEX[station], roll, player):
                ends.setdefault(NAMES[dst], []).append(roll)
        return ends

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
                return f"that is not a possible throw here: {self._throw_words()}"
            return self._rolling_words()
        if kind in ("d10", "fight", "roll"):
            return "no dice are being rolled now"
        if not self.order:
            if kind != "slot":
                return "the players are choosing their turn slots first"
            taker = self.slots[action[1] - 1] if action[1] <= self.players else None
            if taker is None:
                return f"there are only {self.players} turn slots"
            return f"the {_ORDINALS[action[1] - 1]} turn slot is taken, by {COLOUR_NAMES[taker]}"
        me = self.current
        if self.home[me] is None:
            free = self._free_words()
            if kind != "home":
                return f"pick your home first: {free}, where your first horse comes in"
            owner = self.home.index(5 * action[1])
            return f"{CARDINALS[action[1]]} is taken, as {COLOUR_NAMES[owner]}'s home: pick {free}"
        if kind in ("home", "slot"):
            return "that choice was made at the start of the game"
        dice = and_list([str(r) for r in self.rolls])
        if kind == "summon":
            if self.summoned:
                return "only one horse may be summoned per turn"
            if not self.stable[me]:
                return "your stable is empty: every horse you have left is on the board"
            if action[1] not in self.rolls:
                return f"there is no {action[1]} among the dice left ({dice})"
            target = self._summon_target(me, action[1])
            return f"there is no own group on {NAMES[target]} to join: {self._holds(target)}"
        src = action[1]
        if kind == "split":
            return f"there is no own group of {action[2] + action[3]} on {NAMES[src]}: {self._holds(src)}"
        _, k, src, dst, roll, join = action
        sizes = self._sizes_at(src, me)
        if not sizes:
            return f"there is no own group on {NAMES[src]}: {self._holds(src)}"
        kinds = and_list([str(n) for n in sorted(set(sizes), reverse=True)])
        if len(set(sizes)) > 1 and not k:
            return f"{NAMES[src]} holds your groups of {kinds}: write the size first, as in {sizes[0]}{NAMES[src]}"
        if k and len(set(sizes)) == 1:
            return f"your groups on {NAMES[src]} are all of {sizes[0]}: leave the size out"
        if k and k not in sizes:
            return f"there is no own group of {k} on {NAMES[src]}: {self._holds(src)}"
        if roll not in self.rolls:
            return f"there is no {roll} among the dice left ({dice})"
        reach = self._reach(src, roll, me)
        if dst not in reach:
            return self._short_words(src, dst, roll, reach)
        return f"joining needs an own group on {NAMES[dst]}: {self._holds(dst)}"

    def _holds(self, station: int) -> str:
        """``S3 is empty``, ``S3 holds your pair``, ``S3 holds Blue's pair and horse``."""
        groups = self.at[station]
        if not groups:
            return f"{NAMES[station]} is empty"
        owner = "your" if groups[0][0] == self.to_move else f"{COLOUR_NAMES[groups[0][0]]}'s"
        return f"{NAMES[station]} holds {owner} {_groups_words([k for _, k in groups])}"

    def _short_words(self, src: int, dst: int, roll: int, reach: dict[int, bool], whence: bool = True) -> str:
        """Why a ``roll`` from ``src`` does not end on ``dst``: where it ends, and, when an enemy
        on the way is what keeps it from ``dst``, that enemy (passing one takes an extra step).
        ``whence``: say where it starts (``a 3 from S ends on ...``)."""
        ends = _or_list([NAMES[s] for s in reach])
        said = f"a {roll} from {NAMES[src]} ends on {ends}" if whence else f"a {roll} ends on {ends}"
        way = next((path for path in PATHS[src][roll] if path[-1] == dst), None)
        me = self.current
        enemy = next((s for s in (way or ())[:-1] if self._owner(s) not in (None, me)), None)
        target = self._owner(dst)
        if way is None and target not in (None, me) and any(dst in path[:-1] for path in PATHS[src][roll]):
            # The enemy aimed at lies on the way: the die carries the group past it (a newcomer's surprise).
            held = f"{COLOUR_NAMES[target]}'s {_groups_words([k for _, k in self.at[dst]])}"
            lands = [r for r in range(1, 5) if self._reach(src, r, me).get(dst)]
            exactly = f" (a {lands[0]} would)" if lands else ""
            return (f"{said}, going past {held} on {NAMES[dst]}: a die fights an enemy only when it ends "
                    f"exactly there{exactly}, and passing one takes an extra step")
        if enemy is None:
            return said
        held = f"{COLOUR_NAMES[self._owner(enemy)]}'s {_groups_words([k for _, k in self.at[enemy]])}"
        if reach.get(enemy):   # it stops on the enemy and fights
            if len(reach) == 1:
                return f"{said} to fight {held} there, since passing an enemy takes an extra step"
            return f"{said}, stopping on {NAMES[enemy]} to fight {held}, since passing an enemy takes an extra step"
        short = f", short of {NAMES[dst]}" if whence else ""   # else the sentence has said it
        return f"{said}{short}, since passing {held} on {NAMES[enemy]} takes an extra step"

    def _throw_words(self) -> str:
        """The dice thrown at this chance point."""
        if self.rolling_off:
            return "a roll-off die shows 1 to 10"
        if self.combat:
            a_die, d_die = self._combat_dice()
            return f"this round the attacker throws a d{a_die} and the defender a d{d_die}"
        n = max(1, len(self._groups_of(self.current)))
        return f"{COLOUR_NAMES[self.current]} throws {_COUNTS[n] or 'one'} d4{'s' if n > 1 else ''}, high to low"

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
