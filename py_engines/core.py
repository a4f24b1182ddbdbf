"""The shared core: errors, the game protocol and the record format.

Every game is a subclass of :class:`Game`. A game's record (``to_json``) is its
header (name, players, seed, options) plus every move played, chance outcomes
included, so loading a record is replaying it: a record that does not replay is
refused with :class:`BadRecord`.
"""
from __future__ import annotations

import itertools
import json
import re
from typing import Any, ClassVar

CHANCE = -1
"""``to_move`` at a chance point: the next move is an outcome of the dice."""

RECORD_FORMAT = 1
RECORD_FIELDS = ("format", "game", "players", "seed", "options", "moves")
"""The fields of a record; ``players``, ``seed`` and ``options`` may be left out (defaults)."""

# Bounds on input, checked before it is parsed or played (see docs/decisions.md, "Hardening").
# The page (site/model/records.js, site/worker.js) checks the same numbers.
MAX_RECORD_CHARS = 1_000_000
"""The longest record text: about 140,000 moves, some twenty times the longest game seen."""
MAX_MOVE_CHARS = 32
"""The longest move text of any game is 9 characters (Not Nyout's ``2S3>E2/4&``)."""
RECORD_DEPTH = 2
"""A record nests two deep: the record object, then its ``options`` object and ``moves`` list."""
MAX_SEED = 2**53 - 1
"""The largest seed: the page keeps a record as a JavaScript object, whose numbers hold
integers exactly only up to here, so a larger seed would not survive being saved."""
QUOTE_CHARS = 80


class IllegalMove(ValueError):
    """A move that is malformed or not legal in the current position."""

    code = "illegal_move"


class BadRecord(ValueError):
    """A game record that is malformed or does not replay."""

    code = "bad_record"


class Game:
    """The protocol every game honours (see docs/architecture.md).

    Subclasses set ``name``, ``title``, ``player_counts`` and ``option_specs``
    and implement the rules; the record format and replay live here. An option's
    spec holds its ``default`` and ``choices``, its ``label`` and ``help`` (what
    the new-game dialog says), ``labels`` (each choice in words, in the order of
    ``choices``) and optionally ``min_players`` ({choice: the fewest players it
    needs}, for variants of larger groups; ``check_options`` refuses fewer).

    What happened. Every move (``play``, ``play_unchecked``, ``roll``) leaves in
    ``events`` a list of plain dicts saying what that move did, each with a
    ``type`` and the fields of that type. The types every game uses alike:

    ``place``    ``player`` put a piece on ``cell`` (the piece in the game's own fields)
    ``move``     ``player`` moved a piece or group ``from`` one cell ``to`` another along
                 ``path`` (every cell passed, ``from`` and ``to`` included)
    ``capture``  ``player`` took ``owner``'s piece on ``cell`` (``pips``: what it scores)
    ``remove``   a piece of ``owner`` left ``cell`` without scoring (``reason`` says why)
    ``dice``     dice rolled for ``player``'s turn (``dice``)
    ``pass``     ``player`` passed
    ``out``      ``player`` is out of the game
    ``end``      the game is over: ``winners`` (empty for a draw) and ``reason``

    and game types of their own (a coaster turned, a fight round, a round's
    end, a penalty), documented in each game's module. ``turns`` counts the
    turns completed: the moves played while it holds one value make one turn
    (a turn may be several moves, dice included). ``turn_player`` is the player
    whose turn it is (also at a chance point inside a turn; ``None`` when the
    dice belong to nobody's turn, or once the game is over). ``narrate`` turns
    the events of one turn into short sentences in plain words. Because loading
    a record replays it, the events of every move of a record can be had (see
    ``py_engines.load``'s ``trace``), so any past position can be explained.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    option_specs: ClassVar[dict[str, dict[str, Any]]] = {}

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.history: list[str] = []
        self.events: list[dict[str, Any]] = []
        self.turns = 0

    @property
    def turn_player(self) -> int | None:
        """The player whose turn it is; games with chance inside a turn refine this."""
        to_move = self.to_move
        return None if to_move is None or to_move == CHANCE else to_move

    def chance_seats(self) -> list[int]:
        """At a chance point: the seats whose fate its outcome decides. In a game by links
        each of their devices gives a share of it (fair.py). By default the turn player's,
        or every seat's when no one's turn it is; games refine this."""
        turn = self.turn_player
        return list(range(self.players)) if turn is None else [turn]

    @classmethod
    def seat_names(cls, players: int) -> list[str]:
        """What the page calls each player (the names ``narrate`` uses)."""
        return [f"Player {p + 1}" for p in range(players)]

    @classmethod
    def narrate(cls, events: list[dict[str, Any]], players: int) -> str:
        """One turn's events (every move of the turn, in order) as sentences in plain words."""
        raise NotImplementedError

    # The rules: every game provides these.
    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    def legal_moves(self) -> list[str]:
        raise NotImplementedError

    def play(self, move: str) -> None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def winners(self) -> list[int]:
        raise NotImplementedError

    @property
    def scores(self) -> list[float]:
        return [0.0] * self.players

    def roll(self, rng: Any = None) -> str:
        """Draw a chance outcome and play it: from ``rng`` if given (a ``py_engines.rng.Rng``:
        fair dice between devices, py_engines/fair.py), else from the game's own seeded
        generator. Either way the draw keeps the game's odds."""
        raise IllegalMove(f"roll: not a chance point in {self.name}")

    def random_move(self, rng) -> str:
        """A uniformly random legal move; games override this with a faster way."""
        moves = self.legal_moves()
        return moves[rng.below(len(moves))]

    def play_unchecked(self, move: str) -> None:
        """Play a move known to be legal; games may skip their checks here."""
        self.play(move)

    def clone(self) -> Game:
        """The position, to play on: a copy that shares nothing mutable with this game,
        so that playing on either never changes the other (tests/test_contract.py walks
        both to check). Its ``events`` are empty until it plays: they tell what this
        game's last move did, and copying them would cost the search dearly. The search
        copies the position for every playout, so each game's ``clone`` starts from
        :meth:`_copy` and copies the mutable fields of its own by hand."""
        raise NotImplementedError

    def _copy(self) -> Any:
        """A new game of this class holding this one's fields, the fields every game has
        copied (``options``, ``history``; ``events`` empty), the game's own still shared."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)  # its values are plain JSON values
        other.history = self.history[:]
        other.events = []
        return other

    def move_steps(self, move: str) -> list[dict[str, str]]:
        """How a move is entered on the page: the cells to tap, then the choices."""
        raise NotImplementedError

    def move_entries(self, move: str) -> list[list[dict[str, str]]]:
        """Every way the page may enter a move, ``move_steps`` first (a Nimbus collect starts
        from any pyramid it takes). No two moves share a way, nor does one begin another's."""
        return [self.move_steps(move)]

    def refusal(self, steps: list[dict[str, str]]) -> str:
        """Why the move being entered cannot go on with its last step, in one sentence of
        plain words from the rules (the page says it when a tap or a choice is refused).
        ``steps`` are the steps entered so far, the refused one last, as ``move_steps``
        writes them. Each move ``attempted_moves`` says the steps may have meant is
        tried on a copy and the rule that refuses it is given; a step that means no
        move at all is said to be no move here."""
        reasons = []
        for move in self.attempted_moves(steps):
            try:
                self.clone().play(move)
            except IllegalMove as exc:
                reason = re.sub(r"^illegal move '[^']*': ", "", str(exc))
                if reason not in reasons:
                    reasons.append(reason)
        if reasons:
            text = "; ".join(reasons)
            # A sentence starts with a capital, unless with a cell's name (c3).
            return (text if re.match(r"[a-z]+[0-9]", text) else text[:1].upper() + text[1:]) + "."
        if self.is_over:
            return "The game is over."
        step = steps[-1] if steps else {}
        if "cell" in step:
            return f"No move here starts or goes on with {step['cell']} now."
        return "That choice is not part of any move here now."

    def coach(self) -> list[dict[str, Any]]:
        """What the rules will do next, said only where it is certain, for the player to
        move (the page's coach says it before they move). Each note is a dict with a
        ``kind``, the ``moves`` it is about and, where the game words it itself, a
        ``text``. Here, for every game: ``win``, the moves after which the game is over
        and won by the mover (their side), and ``lose``, those after which it is over and
        lost. Games add notes of their own (``gift``: a move that hands the other side a
        win it cannot be kept from), and a note may name ``cells`` of the board it is about
        (the page rings them as a warning): a stack the other side can capture next turn,
        a home row reached."""
        mover = self.to_move
        if mover is None or mover == CHANCE:
            return []
        wins, losses = [], []
        for move in self.legal_moves():
            after = self.clone()
            after.play(move)
            if after.is_over and after.winners:
                (wins if mover in after.winners else losses).append(move)
        return ([{"kind": "win", "moves": wins}] if wins else []) + ([{"kind": "lose", "moves": losses}] if losses else [])

    def reason(self, move: str) -> str | None:
        """Why ``move`` is worth playing, in one sentence, where the game can say it for certain
        (what it threatens or stops next turn, found by playing every answer on copies): the
        hint says it after the move. None where nothing is certain or the game says nothing."""
        return None

    def attempted_moves(self, steps: list[dict[str, str]]) -> list[str]:
        """The moves (in the game's notation, legal or not) that entered steps may have
        meant, for ``refusal``: a game that knows its notation names them, so that the
        rule refusing each can be said. None by default."""
        return []

    def view(self) -> dict[str, Any]:
        """What the page draws: plain JSON-ready data about the position."""
        raise NotImplementedError

    @staticmethod
    def layout() -> dict[str, Any]:
        """The board for drawing: its cells (names, positions) and anything else static."""
        raise NotImplementedError

    # The record.
    def header(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.name,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
        }

    def to_json(self) -> str:
        return json.dumps({**self.header(), "moves": self.history}, separators=(",", ":"))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} players={self.players} moves={len(self.history)}>"


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data: lists and dicts copied, other values (numbers, text) shared."""
    if type(value) is list:
        return [copy_json(item) for item in value]
    if type(value) is dict:
        return {key: copy_json(item) for key, item in value.items()}
    return value


def and_list(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1] if words else ""


def tell(clauses: list[tuple[str | None, str]]) -> str:
    """Sentences from clauses ``(who, what they did)``; ``who`` None for a sentence of its own.

    Consecutive clauses of one player share a sentence (three at most): ``[("Red", "rolls
    4 and 2"), ("Red", "moves S to S4")]`` reads "Red rolls 4 and 2, then moves S to S4."
    """
    sentences = []
    i = 0
    while i < len(clauses):
        who, what = clauses[i]
        if who is None:
            sentences.append(what[:1].upper() + what[1:] + ".")
            i += 1
            continue
        parts = [what]
        i += 1
        while i < len(clauses) and clauses[i][0] == who and len(parts) < 3:
            parts.append(clauses[i][1])
            i += 1
        sentences.append(f"{who} {', then '.join(parts)}.")
    return " ".join(sentences)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 pip``, ``3 pips`` (``many`` for an irregular plural)."""
    return f"{n} {word if n == 1 else many or word + 's'}"
def quote(value: Any, limit: int = QUOTE_CHARS) -> str:
    """``value`` for a message, never longer than about ``limit`` characters.

    Text is quoted as ``repr`` quotes it, cut after ``limit`` characters; other
    values are written as JSON writes them; lists and objects are only named
    (they may be huge, or nested too deep to print).
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value):,} characters)"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value):,}"
    if isinstance(value, dict):
        return f"an object of {len(value):,} fields"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return str(value) if abs(value) < 10**limit else f"a number of more than {limit} digits"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def is_integer(value: Any) -> bool:
    """A JSON integer: ``3``, not ``3.0`` or ``true``."""
    return isinstance(value, int) and not isinstance(value, bool)


def same_value(a: Any, b: Any) -> bool:
    """Equal and of the same type: ``1`` is not ``True``, ``3`` is not ``3.0``."""
    return type(a) is type(b) and a == b


def check_options(cls: type[Game], players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Validate ``players`` and ``options`` against the game's declared ones; fill defaults.

    An option's value must be one of its choices and of the same type (``3``,
    not ``3.0``; ``false``, not ``0``), so that a record states each option one way.
    """
    if not is_integer(players) or players not in cls.player_counts:
        counts = ", ".join(map(str, cls.player_counts))
        raise ValueError(f"{cls.name}: players must be one of {counts}, not {quote(players)}")
    if not isinstance(options, dict):
        raise ValueError(f"{cls.name}: options must be an object, not {quote(options)}")
    for key in options:
        if key not in cls.option_specs:
            known = ", ".join(cls.option_specs) or "none"
            raise ValueError(f"{cls.name}: unknown option {quote(key)} (options: {known})")
    result = {}
    for key, spec in cls.option_specs.items():
        value = options.get(key, spec["default"])
        if "choices" in spec and not any(same_value(value, choice) for choice in spec["choices"]):
            choices = ", ".join(json.dumps(c) for c in spec["choices"])
            raise ValueError(f"{cls.name}: option {key} must be one of {choices}, not {quote(value)}")
        need = spec.get("min_players", {}).get(value, 0) if isinstance(value, str) else 0
        if players < need:
            raise ValueError(f"{cls.name}: option {key} {quote(value)} is a variant for {need} or more players, "
                             f"not {players}")
        result[key] = value
    return result


def check_move_text(move: Any) -> None:
    """Refuse, before any game looks at it, what cannot be a move of any game:
    something other than text, or text longer than any move."""
    if not isinstance(move, str):
        raise IllegalMove(f"illegal move {quote(move)}: a move is text")
    if len(move) > MAX_MOVE_CHARS:
        raise IllegalMove(f"illegal move {quote(move, 20)}: a move is at most {MAX_MOVE_CHARS} characters")


# JSON nesting is measured without parsing (the parser itself recurses, and a deep
# enough text would exhaust the stack: in Pyodide that kills the runtime). A string
# runs to its closing quote, or to the end of an unfinished text: the pattern never
# fails once it has started, so it never backtracks, and the scan stays linear.
_JSON_STRING = re.compile(r'"(?:[^"\\]+|\\.)*(?:"|\\?\Z)', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deep the lists and objects of a JSON text nest (0 for a bare value).

    Brackets inside strings do not count. For text that is not JSON the figure
    is only an estimate; the parser refuses such text anyway.
    """
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(itertools.accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON value")


def parse_json(text: Any, what: str, max_chars: int, max_depth: int) -> Any:
    """Parse JSON text after checking its size and depth; ValueError says what is wrong."""
    if not isinstance(text, str):
        raise ValueError(f"{what} must be JSON text, not {quote(text)}")
    if len(text) > max_chars:
        raise ValueError(f"{what} is too long: {len(text):,} characters, at most {max_chars:,}")
    depth = json_depth(text)
    if depth > max_depth:
        raise ValueError(f"{what} nests {depth:,} deep, at most {max_depth}")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError:  # its words ("Expecting property name ... char 12") are for programmers
        raise ValueError(f"{what} is not JSON text") from None
    except ValueError as exc:  # our own words (_no_constant)
        raise ValueError(f"{what} is not JSON text ({exc})") from None
