"""Nimbus (Erik Oosterwal, 2011): move a pyramid, then collect a line of them.

A round has two phases. In the setup the players, in turn, take a pyramid of
their choice from the pile and put it on the 8x8 board: flat on an empty square,
pointing one of eight directions, or upright on an empty square or on top of an
upright stack. Once the pile is empty, play begins. A turn is one move action
and one collect, in either order:

* move actions: stand a flat pyramid upright; lay a lone upright pyramid flat;
  turn a flat pyramid to another direction; slide a flat pyramid forward over
  empty squares; step the top of an upright stack to a neighbouring square that
  is empty or holds an upright stack;
* collect: choose a line (row, column or diagonal) and a colour, a size or an
  orientation; take every top pyramid on the line that has it (at least one).

The round ends the moment the board is empty. Who wins it depends on the
``round_end`` option (the player who took the last pyramid, by default); a round
winner adds the pips of what they collected in that round to their total. The
game ends when a total passes the target, or after a number of rounds. The first
player moves one seat each round. Ties: most rounds won, then most pyramids
collected in the last round, then a shared win.

Notation (squares ``a1``..``h8``, ``a1`` bottom left, row 8 toward north):

* ``r3``      setup: take a pyramid from the pile (colour ``r y g b k`` for red,
              yellow, green, blue, black; size ``1 2 3`` pips);
* ``d4=ne``   setup: put the pyramid taken on d4 flat pointing north-east;
  ``d4=u``    ... or upright. In play the same text sets the pyramid on d4 to
              that orientation: stand it up, lay it flat, or turn it;
* ``d4-d7``   in play: slide the flat pyramid on d4 to d7, or step the top of
              the upright stack on d4 to a neighbouring square;
* ``r:b4-g4`` collect every red top pyramid on the line through b4 and g4; b4
              and g4 are the outermost reds on that line (either may come first);
* ``2:d4``    collect only the top pyramid on d4, by its size 2: allowed when
              some line through d4 holds no other top pyramid of size 2.

Collect properties: colours ``r y g b k``, sizes ``1 2 3``, orientations ``u``
(upright) and ``n ne e se s sw w nw``.

With the random setup option each round begins at a chance point
(``to_move == CHANCE``): ``roll()`` draws one of ``DEALS`` numbered setups,
``deal0`` .. ``deal999``, from the game's seeded generator. A deal's number alone
fixes where every pyramid goes (see ``Nimbus._deal``), so the record replays.

Events (see ``core.Game``; a pyramid is its kind, ``r3``): ``take`` (a pyramid
from the pile: ``kind``), ``place`` (``kind``, ``orient``, ``on_stack``),
``deal`` (``number``, ``round``), ``orient`` (``cell``, ``kind``, ``before`` and
``after``: ``u`` or a direction), ``move`` (``kind``, ``flat``: a slide rather
than a step, ``onto``: the stack it lands on), ``collect`` (``property``,
``ends``: the line's outermost squares, ``taken``: each ``cell``, ``kind`` and ``orient``,
``pips``), ``round`` (the board is empty: ``round``, ``taker``, ``winners``,
``points``, ``rule``) and ``end`` (``winners``, ``totals``).
"""
from __future__ import annotations

import re
from typing import Any

from ..core import CHANCE, Game, IllegalMove, and_list, plural, quote, tell
from ..rng import Rng, chance_rng

FILES = "abcdefgh"
SIZE = 8
SQUARES = SIZE * SIZE
NAMES = [FILES[i % SIZE] + str(i // SIZE + 1) for i in range(SQUARES)]  # a1 b1 .. h1 a2 .. h8
INDEX = {name: i for i, name in enumerate(NAMES)}

DIRS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
DELTAS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))  # (file, row)
UPRIGHT = "u"
ORIENTS = (UPRIGHT,) + DIRS  # a pyramid's orientation: 0 upright, 1 + d for flat pointing DIRS[d]

COLOURS = "rygbk"
COLOUR_NAMES = ("red", "yellow", "green", "blue", "black")
KINDS = [c + str(s) for c in COLOURS for s in (1, 2, 3)]  # kind k: colour k // 3, size k % 3 + 1
KIND_INDEX = {name: k for k, name in enumerate(KINDS)}
PIPS = [k % 3 + 1 for k in range(len(KINDS))]

# Collect properties: 0-4 colours, 5-7 sizes, 8-16 orientations (8 upright, 9 + d flat pointing d).
PROPS = tuple(COLOURS) + ("1", "2", "3") + ORIENTS
PROP_INDEX = {p: i for i, p in enumerate(PROPS)}


def _ray(square: int, d: int) -> tuple[int, ...]:
    """The squares from ``square`` (excluded) to the board's edge in direction ``d``."""
    f, r = square % SIZE, square // SIZE
    df, dr = DELTAS[d]
    out = []
    f, r = f + df, r + dr
    while 0 <= f < SIZE and 0 <= r < SIZE:
        out.append(r * SIZE + f)
        f, r = f + df, r + dr
    return tuple(out)


RAYS = [[_ray(s, d) for d in range(8)] for s in range(SQUARES)]
NEIGHBOURS = [tuple(ray[0] for ray in RAYS[s] if ray) for s in range(SQUARES)]


def _lines() -> list[tuple[int, ...]]:
    """Every row, column and diagonal of two or more squares, each from one end to the other.

    The four one-square diagonals in the corners are not lines.
    """
    lines = []
    for s in range(SQUARES):
        for d in (2, 0, 1, 7):  # east along rows, north up columns, north-east and north-west diagonals
            back = RAYS[s][(d + 4) % 8]
            if not back and RAYS[s][d]:  # s is the first square of a line of two or more
                lines.append((s,) + RAYS[s][d])
    return lines


LINES = _lines()  # 8 rows, 8 columns, 13 + 13 diagonals
LINES_THROUGH = [tuple(i for i, line in enumerate(LINES) if s in line) for s in range(SQUARES)]
LINE_OF = {(a, b): i for i, line in enumerate(LINES) for a in line for b in line if a != b}

PLACE_NAMES = [[NAMES[s] + "=" + o for o in ORIENTS] for s in range(SQUARES)]
STEP_NAMES = [[NAMES[a] + "-" + NAMES[b] for b in range(SQUARES)] for a in range(SQUARES)]

ROUND_ENDS = {
    "last": "the player who takes the last pyramid wins the round",
    "misere": "the next player, who cannot take one, wins the round",
    "two_winners": "both of them win the round",
    "loser_last": "the player who takes the last pyramid loses; everyone else scores",
    "loser_next": "the next player loses; everyone else scores",
    "two_losers": "both of them lose; everyone else scores",
}
LARGE_GROUP = {"two_winners", "loser_last", "loser_next", "two_losers"}  # variants for 4 or more players
GOALS = ("over25", "over50", "over60", "over100", "rounds1", "rounds3", "rounds5", "rounds10")

DEALS = 1000
DEAL_NAMES = [f"deal{n}" for n in range(DEALS)]
DEAL_INDEX = {name: n for n, name in enumerate(DEAL_NAMES)}

_COLLECT = re.compile(r"([a-z0-9]+):([a-h][1-8])(?:-([a-h][1-8]))?")
_STEP = re.compile(r"([a-h][1-8])-([a-h][1-8])")
_ORIENT = re.compile(r"([a-h][1-8])=([a-z]+)")

# A random deal drops each pyramid on a square drawn evenly from those that can
# take it: on an upright stack it goes on top; on an empty square it stands upright
# half of the time and lies flat, pointing any of the eight ways, otherwise.
WEIGHT_UPRIGHT_EMPTY = 8
WEIGHT_FLAT = 1
WEIGHT_ON_STACK = 16


def pips(kinds: list[int]) -> int:
    return sum(PIPS[k] for k in kinds)


class Nimbus(Game):
    name = "nimbus"
    title = "Nimbus"
    player_counts = tuple(range(2, 11))
    # Each option's choices with their labels (the words the new-game dialog shows) and, for
    # the variants of four or more players, the fewest players they need (check_options refuses
    # fewer).
    option_specs = {
        "sets": {"default": 3, "choices": [2, 3, 4, 5, 6], "label": "Pyramid sets",
                 "labels": [f"{n} sets ({n * 15} pyramids)" for n in (2, 3, 4, 5, 6)],
                 "help": "Each set holds one small, medium and large pyramid of each of five colours."},
        "random_setup": {"default": False, "choices": [False, True], "label": "Setup",
                         "labels": ["Placed by the players", "Dropped at random"],
                         "help": "How the pyramids reach the board: placed by the players in turn, or at random."},
        "round_end": {"default": "last", "choices": list(ROUND_ENDS), "label": "Round winner",
                      "labels": ["The last taker wins", "The next player wins (misère)",
                                 "Both the last taker and the next win", "All score but the last taker",
                                 "All score but the next player", "All score but those two"],
                      "min_players": {name: 4 for name in ROUND_ENDS if name in LARGE_GROUP},
                      "help": "Who scores when the last pyramid leaves the board: the last taker took it, "
                              "the next player is the one after them."},
        # Five rounds by default, whatever the number of players: a round's winner scores about
        # half the 90 pips between two players, so a target of 50 often ended the game after
        # one round, and between ten a target took dozens of rounds (docs/nimbus.md).
        "goal": {"default": "rounds5", "choices": list(GOALS), "label": "Game end",
                 "labels": ["When a score passes 25", "When a score passes 50", "When a score passes 60",
                            "When a score passes 100", "After 1 round", "After 3 rounds", "After 5 rounds",
                            "After 10 rounds"],
                 "help": "The game ends when a player's total passes the target, or after that many rounds."},
    }

    def __init__(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        options = options or {"sets": 3, "random_setup": False, "round_end": "last", "goal": "rounds5"}
        super().__init__(players, seed, options)
        goal = options["goal"]
        self.target = int(goal[4:]) if goal.startswith("over") else None
        self.max_rounds = int(goal[6:]) if goal.startswith("rounds") else None
        self.sets = options["sets"]
        self.random_setup = options["random_setup"]
        self.totals = [0] * players
        self.rounds_won = [0] * players
        self.usual = [0] * players  # the way each player last laid a pyramid on an empty square in the setup
        # Each finished round, never changed once written (so clones share it): its number, who
        # took the last pyramid, who scored, and each player's points, pyramids and pips.
        self.round_results: tuple[tuple[Any, ...], ...] = ()
        self.round = 0
        self.final: list[int] | None = None     # the winners, once the game is over
        self.last: list[int] = []               # squares the last move touched
        self._start_round()

    # -- the position ---------------------------------------------------------
    def _start_round(self) -> None:
        self.stacks: list[list[int]] = [[] for _ in range(SQUARES)]  # kinds, bottom to top
        self.dirs = [-1] * SQUARES        # a flat pyramid's direction, -1 upright or empty
        self.pile = [self.sets] * len(KINDS)
        self.left = self.sets * len(KINDS)  # pyramids in the pile
        self.held = -1                    # the kind taken from the pile and not yet placed
        self.on_board = 0                 # pyramids on the board, hidden ones included
        self.first = self.round % self.players
        self.turn = self.first
        self.setup = True
        self.moved = False                # the turn's move action is done
        self.collected = False            # the turn's collect is done
        self.collections: list[list[int]] = [[] for _ in range(self.players)]

    # -- the protocol -----------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.final is not None:
            return None
        if self.setup and self.random_setup:
            return CHANCE
        return self.turn

    def chance_seats(self) -> list[int]:
        """A round's deal sets up the board every player plays on."""
        return list(range(self.players))

    @property
    def is_over(self) -> bool:
        return self.final is not None

    @property
    def winners(self) -> list[int]:
        return list(self.final or [])

    @property
    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def legal_moves(self) -> list[str]:
        if self.final is not None:
            return []
        if self.setup:
            if self.random_setup:
                return DEAL_NAMES[:]
            if self.held < 0:
                return [KINDS[k] for k in range(len(KINDS)) if self.pile[k]]
            return [move for move, _ in self._placements()]
        moves = [] if self.moved else self._move_actions()
        if not self.collected:
            moves += self._collects()
        return moves

    def play(self, move: str) -> None:
        if not isinstance(move, str):
            raise IllegalMove(f"illegal move {quote(move)}: a move is text such as 'r3', 'd4=ne', 'd4-d7' or 'r:b4-g4'")
        if self.final is not None:
            raise IllegalMove(f"illegal move {move!r}: the game is over")
        if self.setup:
            self._check_setup(move)
        elif ":" in move:
            if self.collected:
                raise IllegalMove(f"illegal move {move!r}: a turn collects once, and this turn has collected "
                                  "already: now move or turn a pyramid")
            self._check_collect(move)
        else:
            if self.moved:
                raise IllegalMove(f"illegal move {move!r}: a turn moves or turns one pyramid, once, and this "
                                  "turn has done so already: now collect")
            self._check_action(move)
        self.play_unchecked(move)

    def roll(self, rng: Any = None) -> str:
        """At a random setup's chance point: draw the round's deal, from ``rng`` if given,
        else from the game's generator."""
        if self.to_move != CHANCE:
            raise IllegalMove("roll: not a chance point (only a random setup has them in nimbus)")
        if rng is None:
            # One deal a round: the round's number counts the chance outcomes before this one.
            rng = chance_rng(self.seed, self.round)
        move = DEAL_NAMES[rng.below(DEALS)]
        self.play_unchecked(move)
        return move

    def move_steps(self, move: str) -> list[dict[str, str]]:
        if ":" in move:  # a pyramid it takes, then the collect itself (its notation is the choice)
            _, a, _ = self._parse_collect(move)
            return [{"cell": NAMES[a]}, {"choice": move}]
        if "=" in move:
            square, orient = self._parse_orient(move)
            if self.setup and self.held >= 0:
                return self._placement_entries(square, orient)[0]
            return [{"cell": NAMES[square]}, {"choice": ORIENTS[orient]}]
        if "-" in move:
            a, b = self._parse_step(move)
            return [{"cell": NAMES[a]}, {"cell": NAMES[b]}]
        if move in KIND_INDEX or move in DEAL_INDEX:
            return [{"choice": move}]
        raise IllegalMove(f"illegal move {quote(move)}: not Nimbus notation")

    def move_entries(self, move: str) -> list[list[dict[str, str]]]:
        """A collect may be entered from any pyramid it takes: tap it, then choose the collect.
        A setup placement the usual way is a tap on its square, or else its way then the square."""
        if "=" in move and self.setup and self.held >= 0:
            return self._placement_entries(*self._parse_orient(move))
        if ":" not in move:
            return [self.move_steps(move)]
        prop, a, b = self._parse_collect(move)
        taken = [a] if b < 0 else [s for s in LINES[LINE_OF[a, b]] if self._has(s, prop)]
        return [self.move_steps(move)] + [[{"cell": NAMES[s]}, {"choice": move}] for s in taken if s != a]

    def _placement_entries(self, square: int, orient: int) -> list[list[dict[str, str]]]:
        """How the pyramid taken is put down on the page: a tap on a square puts it there the
        usual way (``_usual_at``); any way, the usual one too, is chosen first, then the square.
        Setting up by hand, most pyramids then take two taps, the pile and the square."""
        ways = [[{"choice": ORIENTS[orient]}, {"cell": NAMES[square]}]]
        if orient == self._usual_at(square):
            ways.insert(0, [{"cell": NAMES[square]}])
        return ways

    def _usual_at(self, square: int) -> int:
        """The way a tap puts the pyramid taken on ``square``: as the player to move last laid one
        on an empty square (upright at first), or upright where only that is allowed."""
        usual = self.usual[self.turn]
        return 0 if usual and (self.stacks[square] or self._flat_closes_board()) else usual

    # -- the coach ----------------------------------------------------------------------
    def coach(self) -> list[dict[str, Any]]:
        """The generic notes (found by trying every move), in words: only a collect that takes
        the last pyramids on the board in the game's last round ends the game at once, won or
        lost by the taker as the round's rule and the totals decide. Then the round's end, in
        every round (``_round_notes``)."""
        notes = super().coach()
        who = self.seat_names(self.players)[self.turn] if notes else ""
        last = "the last pyramid" if self.on_board == 1 else f"the last {self.on_board} pyramids"
        for note in notes:
            if note["kind"] in ("win", "lose") and all(":" in move for move in note["moves"]):
                outcome = "wins" if note["kind"] == "win" else "loses"
                note["text"] = f"Collecting {last} on the board ends the game now: {who} {outcome} it."
        if notes or self.setup or self.final is not None:  # the game's end outranks the round's
            return notes
        return self._round_notes()

    # A turn takes at most one collect, of at most a line of 8, and the next player can empty only
    # a board of 8 or fewer (nimbus_endgame.can_empty): above 16 on the board nothing is certain yet.
    ROUND_COACH_LIMIT = 16

    def _round_notes(self) -> list[dict[str, Any]]:
        """The round's end, computed exactly (py_engines/ai/nimbus_endgame.py's rules on small
        boards): ``round``, the moves with which the player to move takes every pyramid left
        this turn (or starts a turn that does); ``round-gift``, the moves after which, whatever
        the rest of this turn, the next player can take every pyramid left on theirs. Each said
        with what the round's rule then does, and ``ring``: how the page rings its moves' cells
        (as a win, or as a gift)."""
        from ..ai.nimbus_endgame import board_of, can_empty, pyramids, turn_results
        if pyramids(board_of(self)) > self.ROUND_COACH_LIMIT:
            return []
        takes, gifts = [], []
        legal = self.legal_moves()
        for move in legal:
            after = self.clone()
            after.play_unchecked(move)
            if any(e["type"] == "round" for e in after.events):
                takes.append(move)
            elif after.turn == self.turn:  # half of the turn is still to come
                results, ends = turn_results(board_of(after), after.moved, after.collected)
                if ends:
                    takes.append(move)
                elif results and all(can_empty(board) for board in results):
                    gifts.append(move)
            elif can_empty(board_of(after)):
                gifts.append(move)
        names = self.seat_names(self.players)
        me, nxt = self.turn, (self.turn + 1) % self.players
        notes = []
        if takes:
            how = "whatever the move" if len(takes) == len(legal) else "ringed in green"
            notes.append({"kind": "round", "moves": takes, "ring": "win", "text": (
                f"{names[me]} can take every pyramid left this turn ({how}): {self._round_outcome(me)}.")})
        if gifts:
            lead = ("Every move here lets" if len(gifts) == len(legal) else
                    f"{len(gifts)} of the {len(legal)} {self._choices_word()} here (ringed in dots, with a \"!\") let")
            notes.append({"kind": "round-gift", "moves": gifts, "ring": "gift", "text": (
                f"{lead} {names[nxt]} take every pyramid left next turn, whatever the rest of this turn: "
                f"{self._round_outcome(nxt)}.")})
        return notes

    def reason(self, move: str) -> str | None:
        """Where some moves here let the next player take every pyramid left (the ``round-gift``
        note) and this one does not, for certain (computed exactly, as that note is): a move
        that ends the turn leaves them no such collect; one that starts it leaves none whatever
        the rest of the turn. (A move that takes the round is the ``round`` note's.)"""
        from ..ai.nimbus_endgame import board_of, can_empty, pyramids, turn_results
        if self.setup or self.final is not None or pyramids(board_of(self)) > self.ROUND_COACH_LIMIT:
            return None
        after = self.clone()
        after.play_unchecked(move)
        if any(e["type"] == "round" for e in after.events):
            return None
        ends_turn = after.turn != self.turn
        if ends_turn:
            if can_empty(board_of(after)):
                return None
        else:
            results, ends = turn_results(board_of(after), after.moved, after.collected)
            if ends or not results or any(can_empty(board) for board in results):
                return None
        gifts = next((note["moves"] for note in self._round_notes() if note["kind"] == "round-gift"), [])
        if not gifts:
            return None
        nxt = self.seat_names(self.players)[(self.turn + 1) % self.players]
        legal = len(self.legal_moves())
        others = (f"every other {self._choices_word()[:-1]} here" if len(gifts) == legal - 1 else
                  f"{len(gifts)} of the {legal} {self._choices_word()} here")
        if ends_turn:
            return f"It leaves {nxt} no collect that takes every pyramid left next turn ({others} would)."
        return f"Whatever the rest of this turn, {nxt} cannot take every pyramid left next turn ({others} would let them)."

    def _choices_word(self) -> str:
        """What the player to move chooses among now, in words: "collects" once the turn's move is
        made (a hint for the rest of a turn and the coach at its start then count other things)."""
        return "collects" if self.moved and not self.collected else "moves"

    def _round_outcome(self, taker: int) -> str:
        """What the round's rule does when ``taker`` takes the last pyramid, in words."""
        names = self.seat_names(self.players)
        nxt = names[(taker + 1) % self.players]
        return {
            "last": f"{names[taker]} wins the round",
            "misere": f"then {nxt} wins the round",
            "two_winners": f"{names[taker]} and {nxt} both win the round",
            "loser_last": f"{names[taker]} loses the round",
            "loser_next": f"then {nxt} loses the round",
            "two_losers": f"{names[taker]} and {nxt} both lose the round",
        }[self.options["round_end"]]

    # -- why a tap is refused ---------------------------------------------------------
    def attempted_moves(self, steps: list[dict[str, str]]) -> list[str]:
        """What taps the page refuses may have meant (``refusal`` gives the rule refusing each).
        In the setup: a square, the pyramid taken put there (the way chosen first, else the
        usual way); a pyramid of the pile, taking it. In play: a square alone, a move action
        there (or, once the move action is done, a collect there); two squares, a slide or a
        step from the first to the second; a square and a way, setting the pyramid there that
        way; a square and a collect, that collect."""
        cells = [INDEX.get(step.get("cell", "")) for step in steps if "cell" in step]
        choices = [step["choice"] for step in steps if "choice" in step]
        if None in cells or len(cells) > 2 or len(choices) > 1:
            return []
        if self.setup or self.final is not None:
            if choices and choices[0] in KIND_INDEX and not cells:
                return choices
            if len(cells) != 1:
                return []
            s = cells[0]
            orient = choices[0] if choices else ORIENTS[self._usual_at(s) if self.held >= 0 else 0]
            return [f"{NAMES[s]}={orient}"] if orient in ORIENTS else []
        if not cells or steps[0] != {"cell": NAMES[cells[0]]}:
            return []
        a = cells[0]
        if len(cells) == 2:
            return [STEP_NAMES[a][cells[1]]] if cells[1] != a and not choices else []
        if choices:
            choice = choices[0]
            return [f"{NAMES[a]}={choice}"] if choice in ORIENTS else [choice] if ":" in choice else []
        return [f"{UPRIGHT}:{NAMES[a]}"] if self.moved else [PLACE_NAMES[a][0]]

    def refusal(self, steps: list[dict[str, str]]) -> str:
        """Besides the rule refusing what the taps meant (``attempted_moves``): a stack whose top
        has nowhere to step once the collect is made, which no single rule refuses. Tapped after
        another square, it was meant for itself (the page starts a move there when it can)."""
        cells = [INDEX.get(step.get("cell", "")) for step in steps]
        s = cells[-1] if 0 < len(steps) <= 2 and None not in cells else None
        if (s is not None and not self.setup and self.final is None and self.collected and not self.moved
                and len(self.stacks[s]) > 1 and not self._actions_at(s)):
            return (f"The stack on {NAMES[s]} cannot move: its top steps only onto a square next to it that is "
                    f"empty or holds an upright pyramid, every square next to {NAMES[s]} holds a flat pyramid, "
                    "and a stack is never laid flat.")
        return super().refusal(steps)

    def view(self) -> dict[str, Any]:
        squares = {}
        for s in range(SQUARES):
            if self.stacks[s]:
                squares[NAMES[s]] = {"orient": ORIENTS[self.dirs[s] + 1], "stack": [KINDS[k] for k in self.stacks[s]]}
        if self.final is not None:
            phase = "over"
        else:
            phase = "setup" if self.setup else "play"
        if self.setup:
            remaining = ["place"] if self.held >= 0 else ["take"]
        else:
            remaining = [a for a, done in (("move", self.moved), ("collect", self.collected)) if not done]
        return {
            "phase": phase,
            "round": self.round + 1,
            "first": self.first,
            "turn": None if self.final is not None else self.turn,
            "remaining": [] if self.final is not None else remaining,
            "squares": squares,
            "pile": {KINDS[k]: n for k, n in enumerate(self.pile)},
            "left": self.left,
            "held": KINDS[self.held] if self.held >= 0 else None,
            "collections": [[KINDS[k] for k in c] for c in self.collections],
            "pips": [pips(c) for c in self.collections],
            "totals": list(self.totals),
            "rounds_won": list(self.rounds_won),
            "rounds": self.rounds,
            "goal": self.options["goal"],
            "round_end": self.options["round_end"],
            "last": [NAMES[s] for s in self.last],
            # the way a tap on an empty square puts the pyramid taken in the setup (see _usual_at)
            "usual": None if self.final is not None else ORIENTS[self.usual[self.turn]],
        }

    @staticmethod
    def layout() -> dict[str, Any]:
        """The board for drawing: a square per cell, a1 bottom left, with file and row labels."""
        cells = [{"name": NAMES[s], "x": float(s % SIZE) - 3.5, "y": float(s // SIZE) - 3.5} for s in range(SQUARES)]
        labels = [{"text": FILES[f], "x": f - 3.5, "y": -4.5} for f in range(SIZE)]
        labels += [{"text": str(r + 1), "x": -4.5, "y": r - 3.5} for r in range(SIZE)]
        return {"shape": "square", "cells": cells, "labels": labels}

    @property
    def rounds(self) -> list[dict[str, Any]]:
        """One entry per finished round: ``round``, ``taker`` (who took the last pyramid),
        ``winners`` (who scored), and each player's ``points``, ``pyramids`` and ``pips``."""
        return [{"round": number, "taker": taker, "winners": list(winners), "points": list(points),
                 "pyramids": list(pyramids), "pips": list(pip_counts)}
                for number, taker, winners, points, pyramids, pip_counts in self.round_results]

    def clone(self) -> "Nimbus":
        other = self._copy()
        other.stacks = [s[:] for s in self.stacks]
        other.dirs = self.dirs[:]
        other.pile = self.pile[:]
        other.collections = [c[:] for c in self.collections]
        other.totals = self.totals[:]
        other.rounds_won = self.rounds_won[:]
        other.usual = self.usual[:]
        other.last = self.last[:]
        return other

    # -- the fast path for playouts ----------------------------------------------
    def random_move(self, rng: Rng) -> str:
        """A uniformly random legal move (chance points included)."""
        if self.to_move == CHANCE:
            return DEAL_NAMES[rng.below(DEALS)]
        moves = self.legal_moves()
        return moves[rng.below(len(moves))]

    def play_unchecked(self, move: str) -> None:
        """Play a move known to be legal (from ``legal_moves``, ``random_move`` or a chance outcome)."""
        self.history.append(move)
        p = self.turn
        if self.setup:
            if self.random_setup:
                number = DEAL_INDEX[move]
                self.events = [{"type": "deal", "number": number, "round": self.round + 1}]
                self._deal(number)
                self._begin_play()
                self.turns += 1
                return
            if self.held < 0:  # a pyramid taken from the pile
                k = KIND_INDEX[move]
                self.events = [{"type": "take", "player": p, "kind": KINDS[k]}]
                self.pile[k] -= 1
                self.left -= 1
                self.held = k
                self.last = []
                return
            square, orient = self._parse_orient(move)
            self.events = [{"type": "place", "player": p, "cell": NAMES[square], "kind": KINDS[self.held],
                            "orient": ORIENTS[orient], "on_stack": bool(self.stacks[square])}]
            if not self.stacks[square]:
                self.usual[p] = orient
            self.stacks[square].append(self.held)
            self.dirs[square] = orient - 1
            self.on_board += 1
            self.held = -1
            self.last = [square]
            self.turn = (self.turn + 1) % self.players
            self.turns += 1
            if not self.left:
                self._begin_play()
            return
        if ":" in move:
            prop, a, b = self._parse_collect(move)
            taken = [a] if b < 0 else [s for s in LINES[LINE_OF[a, b]] if self._has(s, prop)]
            mine = self.collections[self.turn]
            orients = [ORIENTS[self.dirs[s] + 1] for s in taken]
            kinds = []
            for s in taken:
                kinds.append(self.stacks[s].pop())
                self.dirs[s] = -1
            mine += kinds
            self.events = [{"type": "collect", "player": p, "property": PROPS[prop],
                            "ends": [NAMES[a], NAMES[a if b < 0 else b]],
                            "taken": [{"cell": NAMES[s], "kind": KINDS[k], "orient": o}
                                      for s, k, o in zip(taken, kinds, orients)],
                            "pips": pips(kinds)}]
            self.last = taken
            self.collected = True
            self.on_board -= len(taken)
            if not self.on_board:
                self.turns += 1
                self._end_round()
                return
        elif "=" in move:
            square, orient = self._parse_orient(move)
            self.events = [{"type": "orient", "player": p, "cell": NAMES[square],
                            "kind": KINDS[self.stacks[square][-1]],
                            "before": ORIENTS[self.dirs[square] + 1], "after": ORIENTS[orient]}]
            self.dirs[square] = orient - 1
            self.last = [square]
            self.moved = True
        else:
            a, b = self._parse_step(move)
            flat = self.dirs[a] >= 0
            path = [a] + (list(RAYS[a][self.dirs[a]][:RAYS[a][self.dirs[a]].index(b) + 1]) if flat else [b])
            self.events = [{"type": "move", "player": p, "from": NAMES[a], "to": NAMES[b],
                            "path": [NAMES[c] for c in path], "kind": KINDS[self.stacks[a][-1]],
                            "flat": flat, "onto": len(self.stacks[b])}]
            self.stacks[b].append(self.stacks[a].pop())
            self.dirs[b] = self.dirs[a]
            if not self.stacks[a]:
                self.dirs[a] = -1
            self.last = [a, b]
            self.moved = True
        if self.moved and self.collected:
            self.turn = (self.turn + 1) % self.players
            self.moved = self.collected = False
            self.turns += 1

    # -- what happened, in words ----------------------------------------------------
    @classmethod
    def narrate(cls, events: list[dict[str, Any]], players: int) -> str:
        names = cls.seat_names(players)
        clauses: list[tuple[str | None, str]] = []
        held = None  # a pyramid taken from the pile, said with its placement
        for e in events:
            kind = e["type"]
            who = names[e["player"]] if "player" in e else None
            if kind == "take":
                held = e
            elif kind == "place":
                where = f"on the stack on {e['cell']}" if e["on_stack"] else f"on {e['cell']}"
                clauses.append((who, f"puts a {_kind_text(e['kind'])} {where}, {_orient_text(e['orient'])}"))
                held = None
            elif kind == "deal":
                clauses.append((None, f"round {e['round']} is set up at random (deal {e['number']})"))
            elif kind == "orient":
                what = f"the {_kind_text(e['kind'])} on {e['cell']}"
                if e["after"] == UPRIGHT:
                    clauses.append((who, f"stands {what} upright"))
                elif e["before"] == UPRIGHT:
                    clauses.append((who, f"lays {what} flat, pointing {_DIR_WORDS[e['after']]}"))
                else:
                    clauses.append((who, f"turns {what} to point {_DIR_WORDS[e['after']]}"))
            elif kind == "move":
                what = f"the {_kind_text(e['kind'])}"
                if e["flat"]:
                    clauses.append((who, f"slides {what} from {e['from']} to {e['to']}"))
                else:
                    onto = f"onto the stack on {e['to']}" if e["onto"] else f"to {e['to']}"
                    clauses.append((who, f"moves {what} from {e['from']} {onto}"))
            elif kind == "collect":
                a, b = e["ends"]
                if len(e["taken"]) == 1:
                    what = f"the {_kind_text(e['taken'][0]['kind'])} on {a}"
                else:
                    what = f"the {len(e['taken'])} {_prop_plural(e['property'])} on the line {a}–{b}"
                clauses.append((who, f"collects {what} ({plural(e['pips'], 'pip')})"))
            elif kind == "round":
                taker = names[e["taker"]]
                winners = [names[w] for w in e["winners"]]
                points = and_list([str(e["points"][w]) for w in e["winners"]])
                verb = "wins" if len(winners) == 1 else "win"
                scoring = f"scoring {points}" if len(winners) == 1 else f"scoring {points} in that order"
                clauses.append((None, f"the board is empty: {taker} took the last pyramid, and "
                                      f"{and_list(winners)} {verb} round {e['round']} ({_RULE_WORDS[e['rule']]}), "
                                      f"{scoring}"))
            elif kind == "end":
                winners = [names[w] for w in e["winners"]]
                verb = "wins" if len(winners) == 1 else "share the win"
                clauses.append((None, f"game over: {and_list(winners)} {verb} with "
                                      f"{plural(max(e['totals']), 'point')}"))
        if held:
            clauses.append((names[held["player"]], f"takes a {_kind_text(held['kind'])} from the pile"))
        return tell(clauses)

    # -- turns and rounds ---------------------------------------------------------
    def _begin_play(self) -> None:
        """The setup is over. After a placed setup the player after the one who placed
        the last pyramid starts (``turn`` has moved on already); after a random deal
        the round's first player does."""
        self.setup = False

    def _end_round(self) -> None:
        """The board is empty: score the round, then end the game or set up the next round."""
        n = self.players
        taker = self.turn
        nxt = (taker + 1) % n
        rule = self.options["round_end"]
        if rule == "last":
            scorers = [taker]
        elif rule == "misere":
            scorers = [nxt]
        elif rule == "two_winners":
            scorers = sorted({taker, nxt})
        else:
            losers = {"loser_last": {taker}, "loser_next": {nxt}, "two_losers": {taker, nxt}}[rule]
            scorers = [p for p in range(n) if p not in losers]
        points = [0] * n
        for p in scorers:
            points[p] = pips(self.collections[p])
            self.totals[p] += points[p]
            self.rounds_won[p] += 1
        self.round_results += ((self.round + 1, taker, tuple(scorers), tuple(points),
                                tuple(len(c) for c in self.collections), tuple(pips(c) for c in self.collections)),)
        self.events.append({"type": "round", "round": self.round + 1, "taker": taker, "winners": scorers,
                            "points": points, "rule": rule})
        finished = len(self.round_results)
        if self.target is not None and max(self.totals) > self.target or finished == self.max_rounds:
            self.final = self._decide()
            self.events.append({"type": "end", "winners": list(self.final), "totals": list(self.totals),
                                "reason": "target" if self.target is not None and max(self.totals) > self.target
                                else "rounds"})
            return
        self.round += 1
        self._start_round()  # self.last still shows what the final collect took

    def _decide(self) -> list[int]:
        """The game's winners: the highest total, then most rounds won, then most pyramids this round."""
        def rank(p: int) -> tuple[int, int, int]:
            return (self.totals[p], self.rounds_won[p], len(self.collections[p]))
        best = max(rank(p) for p in range(self.players))
        return [p for p in range(self.players) if rank(p) == best]

    # -- setup ------------------------------------------------------------------------
    def _open_squares(self) -> int:
        """Squares that can take a pyramid: empty ones and upright stacks."""
        return sum(1 for d in self.dirs if d < 0)

    def _flat_closes_board(self) -> bool:
        """Whether laying the pyramid taken flat on an empty square would leave no square
        able to take one while the pile still holds some (such a placement is refused)."""
        return self.left > 0 and self._open_squares() == 1

    def _placements(self) -> list[tuple[str, int]]:
        """Where the pyramid taken may go, with the weights a random deal draws them by."""
        out = []
        flat_allowed = not self._flat_closes_board()
        for s in range(SQUARES):
            if not self.stacks[s]:
                out.append((PLACE_NAMES[s][0], WEIGHT_UPRIGHT_EMPTY))
                if flat_allowed:
                    out += [(PLACE_NAMES[s][o], WEIGHT_FLAT) for o in range(1, 9)]
            elif self.dirs[s] < 0:
                out.append((PLACE_NAMES[s][0], WEIGHT_ON_STACK))
        return out

    def _deal(self, number: int) -> None:
        """Random setup number ``number``: the pile shuffled, then each pyramid dropped at random."""
        rng = Rng.from_state(number * 0x9E3779B97F4A7C15 + 0x4E494D42)  # as first published: deals keep their boards
        order = [k for k in range(len(KINDS)) for _ in range(self.pile[k])]
        for i in range(len(order) - 1, 0, -1):
            j = rng.below(i + 1)
            order[i], order[j] = order[j], order[i]
        for i, k in enumerate(order):
            self.left = len(order) - i - 1  # what the pile holds once this pyramid is out
            places = self._placements()
            x = rng.below(sum(w for _, w in places))
            for move, weight in places:
                x -= weight
                if x < 0:
                    break
            square, orient = self._parse_orient(move)
            self.stacks[square].append(k)
            self.dirs[square] = orient - 1
        self.pile = [0] * len(KINDS)
        self.left = 0
        self.on_board = len(order)
        self.last = []

    def _check_setup(self, move: str) -> None:
        if self.random_setup:
            if move not in DEAL_INDEX:
                raise IllegalMove(f"illegal move {quote(move)}: in this game the pyramids are dropped on the board "
                                  f"at random, not placed by the players (a random setup is a deal, deal0 to "
                                  f"deal{DEALS - 1})")
            return
        if self.held < 0:
            k = KIND_INDEX.get(move)
            if k is None:
                begins = (f"round {self.round} is over, and round {self.round + 1} begins with its setup: "
                          if self.round and not self.on_board else "in the setup, ")
                raise IllegalMove(f"illegal move {quote(move)}: {begins}first take a pyramid from the pile, "
                                  "then put it on the board")
            if not self.pile[k]:
                raise IllegalMove(f"illegal move {move!r}: no {_kind_words(k)} is left in the pile")
            return
        if "=" not in move:
            raise IllegalMove(f"illegal move {quote(move)}: put the {_kind_words(self.held)} taken on the board "
                              "before taking another")
        square, orient = self._parse_orient(move)
        if self.dirs[square] >= 0:
            raise IllegalMove(f"illegal move {move!r}: {NAMES[square]} holds a flat pyramid, and nothing goes "
                              "on a flat pyramid")
        if self.stacks[square] and orient:
            raise IllegalMove(f"illegal move {move!r}: {NAMES[square]} holds an upright pyramid, and a pyramid "
                              "put on another can only go upright")
        if orient and self._flat_closes_board():
            raise IllegalMove(f"illegal move {move!r}: {NAMES[square]} is the last square that can take a "
                              f"pyramid, and {plural(self.left, 'more is', 'more are')} in the pile: "
                              "put this one upright")

    # -- move actions ---------------------------------------------------------------------
    def _move_actions(self) -> list[str]:
        moves: list[str] = []
        for s in range(SQUARES):
            if self.stacks[s]:
                moves += self._actions_at(s)
        return moves

    def _actions_at(self, s: int) -> list[str]:
        """The move actions of the pyramid on top at square ``s``."""
        stacks, dirs = self.stacks, self.dirs
        d = dirs[s]
        if d >= 0:  # flat: stand up, turn, slide
            moves = [PLACE_NAMES[s][o] for o in range(9) if o != d + 1]
            for t in RAYS[s][d]:
                if stacks[t]:
                    break
                moves.append(STEP_NAMES[s][t])
            return moves
        moves = PLACE_NAMES[s][1:] if len(stacks[s]) == 1 else []  # a lone upright pyramid may lie down
        return moves + [STEP_NAMES[s][t] for t in NEIGHBOURS[s] if dirs[t] < 0]

    def _check_action(self, move: str) -> None:
        if "=" in move:
            square, orient = self._parse_orient(move)
            stack, d = self.stacks[square], self.dirs[square]
            where = NAMES[square]
            if not stack:
                raise IllegalMove(f"illegal move {move!r}: {where} is empty: there is no pyramid there to move")
            if d < 0 and len(stack) > 1:
                raise IllegalMove(f"illegal move {move!r}: only a lone upright pyramid may be laid flat, "
                                  f"and {where} holds a stack of {len(stack)} pyramids")
            if orient == d + 1:
                raise IllegalMove(f"illegal move {move!r}: the pyramid on {where} is already "
                                  f"{'upright' if d < 0 else 'pointing ' + _DIR_WORDS[DIRS[d]]}, and a move "
                                  "must change something")
            return
        if "-" not in move:
            raise IllegalMove(f"illegal move {quote(move)}: not a move action ('d4=ne', 'd4-d7') "
                              "nor a collect ('r:b4-g4')")
        a, b = self._parse_step(move)
        if not self.stacks[a]:
            raise IllegalMove(f"illegal move {move!r}: {NAMES[a]} is empty: there is no pyramid there to move")
        d = self.dirs[a]
        if d >= 0:
            ray = RAYS[a][d]
            if b not in ray:
                raise IllegalMove(f"illegal move {move!r}: a flat pyramid slides only the way it points, and "
                                  f"the one on {NAMES[a]} points {_DIR_WORDS[DIRS[d]]}")
            for t in ray[:ray.index(b) + 1]:
                if self.stacks[t]:
                    raise IllegalMove(f"illegal move {move!r}: a flat pyramid slides only over empty squares, "
                                      f"and {NAMES[t]} is in the way")
            return
        if b not in NEIGHBOURS[a]:
            raise IllegalMove(f"illegal move {move!r}: an upright pyramid moves one square only, to a square "
                              f"next to it, and {NAMES[b]} is not next to {NAMES[a]}")
        if self.dirs[b] >= 0:
            raise IllegalMove(f"illegal move {move!r}: {NAMES[b]} holds a flat pyramid, and an upright pyramid "
                              "may not step onto a flat one")

    # -- collecting ---------------------------------------------------------------------------
    def _has(self, s: int, prop: int) -> bool:
        """Whether the top pyramid on square ``s`` (if any) has the property."""
        stack = self.stacks[s]
        if not stack:
            return False
        k = stack[-1]
        if prop < 5:
            return k // 3 == prop
        if prop < 8:
            return k % 3 == prop - 5
        return self.dirs[s] + 9 == prop

    def _collects(self) -> list[str]:
        """Collects line by line; a top that is alone in its property on some line is also taken alone."""
        stacks, dirs = self.stacks, self.dirs
        props: list[tuple[int, int, int] | None] = [None] * SQUARES
        for s in range(SQUARES):
            if stacks[s]:
                k = stacks[s][-1]
                props[s] = (k // 3, 5 + k % 3, 9 + dirs[s])
        singles: set[tuple[int, int]] = set()
        lines: list[str] = []
        for line in LINES:
            found: dict[int, list[int]] = {}
            for s in line:
                if props[s]:
                    for p in props[s]:
                        if p in found:
                            found[p][1] = s
                        else:
                            found[p] = [s, s]
            for p, (a, b) in found.items():
                if a == b:
                    singles.add((a, p))
                else:
                    lines.append(f"{PROPS[p]}:{NAMES[a]}-{NAMES[b]}")
                    lines.append(f"{PROPS[p]}:{NAMES[b]}-{NAMES[a]}")
        return [f"{PROPS[p]}:{NAMES[s]}" for s, p in sorted(singles)] + lines

    def _check_collect(self, move: str) -> None:
        prop, a, b = self._parse_collect(move)
        if not self._has(a, prop):
            raise IllegalMove(f"illegal move {move!r}: {self._lacks(a, prop)}")
        if b < 0:
            for i in LINES_THROUGH[a]:
                if not any(self._has(s, prop) for s in LINES[i] if s != a):
                    return
            raise IllegalMove(f"illegal move {move!r}: every line through {NAMES[a]} holds another top pyramid "
                              f"that is {_prop_words(prop)}, so it is not collected alone; name the line by "
                              "its outermost two")
        if not self._has(b, prop):
            raise IllegalMove(f"illegal move {move!r}: {self._lacks(b, prop)}")
        tops = [s for s in LINES[LINE_OF[a, b]] if self._has(s, prop)]
        if {tops[0], tops[-1]} != {a, b}:
            raise IllegalMove(f"illegal move {move!r}: {NAMES[a]} and {NAMES[b]} are not the outermost top "
                              f"pyramids that are {_prop_words(prop)} on their line")

    def _lacks(self, s: int, prop: int) -> str:
        """Why the top on square ``s`` is not collected by ``prop``."""
        if not self.stacks[s]:
            return f"{NAMES[s]} is empty: there is no pyramid there to collect"
        return f"the top pyramid on {NAMES[s]} is not {_prop_words(prop)}"

    # -- notation ---------------------------------------------------------------------------------
    def _parse_orient(self, move: str) -> tuple[int, int]:
        m = _ORIENT.fullmatch(move)
        if not m or m.group(2) not in ORIENTS:
            raise IllegalMove(f"illegal move {quote(move)}: expected a square and an orientation, "
                              "e.g. 'd4=u' or 'd4=ne'")
        return INDEX[m.group(1)], ORIENTS.index(m.group(2))

    def _parse_step(self, move: str) -> tuple[int, int]:
        m = _STEP.fullmatch(move)
        if not m or m.group(1) == m.group(2):
            raise IllegalMove(f"illegal move {quote(move)}: expected two different squares, e.g. 'd4-d7'")
        return INDEX[m.group(1)], INDEX[m.group(2)]

    def _parse_collect(self, move: str) -> tuple[int, int, int]:
        m = _COLLECT.fullmatch(move)
        if not m or m.group(1) not in PROP_INDEX:
            raise IllegalMove(f"illegal move {quote(move)}: a collect is a property and a line, "
                              "e.g. 'r:b4-g4' or '2:d4'")
        a = INDEX[m.group(2)]
        b = INDEX[m.group(3)] if m.group(3) else -1
        if b >= 0 and (a, b) not in LINE_OF:
            raise IllegalMove(f"illegal move {move!r}: {m.group(2)} and {m.group(3)} are not on one row, "
                              f"column or diagonal")
        return PROP_INDEX[m.group(1)], a, b


_DIR_WORDS = {"n": "north", "ne": "north-east", "e": "east", "se": "south-east", "s": "south",
              "sw": "south-west", "w": "west", "nw": "north-west"}


_RULE_WORDS = {"last": "the last taker wins", "misere": "the next player wins",
               "two_winners": "the last taker and the next player win",
               "loser_last": "all but the last taker win", "loser_next": "all but the next player win",
               "two_losers": "all but the last taker and the next player win"}


def _kind_text(kind: str) -> str:
    """``r3`` as ``red large pyramid``."""
    return f"{COLOUR_NAMES[COLOURS.index(kind[0])]} {('small', 'medium', 'large')[int(kind[1]) - 1]} pyramid"


def _orient_text(orient: str) -> str:
    return "upright" if orient == UPRIGHT else f"flat, pointing {_DIR_WORDS[orient]}"


def _prop_plural(prop: str) -> str:
    """What a collect takes, by its property: ``red pyramids``, ``large pyramids``, ``upright pyramids``."""
    if prop in COLOURS:
        return f"{COLOUR_NAMES[COLOURS.index(prop)]} pyramids"
    if prop in "123":
        return f"{('small', 'medium', 'large')[int(prop) - 1]} pyramids"
    if prop == UPRIGHT:
        return "upright pyramids"
    return f"pyramids pointing {_DIR_WORDS[prop]}"


def _kind_words(k: int) -> str:
    return f"{COLOUR_NAMES[k // 3]} {('small', 'medium', 'large')[k % 3]} pyramid"


def _prop_words(prop: int) -> str:
    if prop < 5:
        return COLOUR_NAMES[prop]
    if prop < 8:
        return f"of size {prop - 4}"
    return "upright" if prop == 8 else f"pointing {_DIR_WORDS[DIRS[prop - 9]]}"
