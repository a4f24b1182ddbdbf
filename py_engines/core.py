"""The shared core: errors, the game protocol and the record format.

Every game is a subclass of :class:`Game`. A game's record (``to_json``) is its
header (name, players, seed, options) plus every move played, chance outcomes
included, so loading a record is replaying it: a record that does not replay is
refused with :class:`BadRecord`.
"""
from __future__ import annotations

import json
from typing import Any, ClassVar

CHANCE = -1
"""``to_move`` at a chance point: the next move is an outcome of the dice."""

RECORD_FORMAT = 1


class IllegalMove(ValueError):
    """A move that is malformed or not legal in the current position."""

    code = "illegal_move"


class BadRecord(ValueError):
    """A game record that is malformed or does not replay."""

    code = "bad_record"


class Game:
    """The protocol every game honours (see ARCHITECTURE.md).

    Subclasses set ``name``, ``title``, ``player_counts`` and ``option_specs``
    and implement the rules; the record format and replay live here.

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

    def roll(self) -> str:
        """Draw a chance outcome from the game's generator and play it."""
        raise IllegalMove(f"roll: not a chance point in {self.name}")

    def random_move(self, rng) -> str:
        """A uniformly random legal move; games override this with a faster way."""
        moves = self.legal_moves()
        return moves[rng.below(len(moves))]

    def play_unchecked(self, move: str) -> None:
        """Play a move known to be legal; games may skip their checks here."""
        self.play(move)

    def move_steps(self, move: str) -> list[dict[str, str]]:
        """How a move is entered on the page: the cells to tap, then the choices."""
        raise NotImplementedError

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


def check_options(cls: type[Game], players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Validate ``players`` and ``options`` against the game's declared ones; fill defaults."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in cls.player_counts:
        counts = ", ".join(map(str, cls.player_counts))
        raise ValueError(f"{cls.name}: players must be one of {counts}, not {players!r}")
    result = {}
    for key, value in options.items():
        if key not in cls.option_specs:
            raise ValueError(f"{cls.name}: unknown option {key!r}")
    for key, spec in cls.option_specs.items():
        value = options.get(key, spec["default"])
        if "choices" in spec and value not in spec["choices"]:
            raise ValueError(f"{cls.name}: option {key} must be one of {spec['choices']}, not {value!r}")
        result[key] = value
    return result
