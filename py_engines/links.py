"""Short links: a whole game's moves in a few characters.

At each ply the move played is one of the position's *choices*: its legal moves, each
once, sorted as text (never the engine's own order, which may depend on string
hashing). The move's place among them is a digit whose base is the number of choices
there, and the digits of all the plies make one whole number, the first ply its lowest
digit (a mixed radix)::

    number = d1 + r1 * (d2 + r2 * (d3 + ...))      dK: ply K's place, rK: its choices

A ply with one choice adds nothing. Chance outcomes are moves like the others: at a
chance point the choices are the outcomes. The packed text is the number of plies, a
dot, then the number's bytes (big-endian, no leading zero byte) in base64url without
padding::

    "12.Q3Fz_w"      twelve plies      "0."      a game with no moves

so only ``0-9 A-Z a-z - _ .`` appear and the text goes into a URL as it is. Each game
has exactly one packed text: :func:`unpack` refuses anything :func:`pack` would not
have written (another spelling of the number, a number too large for the plies'
choices, more plies than the game has...) with :class:`DamagedLink`, whose message
says what is wrong in words.
"""
from __future__ import annotations

import base64
import binascii
import re
from typing import Any

from . import start_game
from .core import MAX_RECORD_CHARS, Game, IllegalMove, quote

MAX_PACKED_CHARS = 100_000
"""The longest packed text: some ten times what the longest game seen packs into (7,000
plies, core.MAX_RECORD_CHARS; about 8,500 characters at the 1.2 characters a ply of the
densest games measured, bench/link_lengths.py). Unpacking divides the number once a
ply, so its cost grows with the number's length times the plies: the limit bounds what a
crafted text costs. The worst measured, a Not Nyout game of 178,000 plies (a record just
within MAX_RECORD_CHARS, packed in 98,558 characters), unpacks in 7.6 s in CPython (its
record loads in 0.7 s): most of it is listing the legal moves at every ply."""
MAX_PLIES = MAX_RECORD_CHARS // 4
"""The most plies a packed text may say: a record of MAX_RECORD_CHARS holds no more
(each move takes at least four characters there: quotes, a letter and a comma)."""

_DIGITS = re.compile(r"[A-Za-z0-9_-]*")
_NOT_DIGIT = re.compile(r"[^A-Za-z0-9_-]")


class DamagedLink(ValueError):
    """A packed text that is not the moves of a game: the message says why, in words."""

    code = "bad_request"


def choices(game: Game) -> list[str]:
    """The position's legal moves, each once, sorted as text: the order both ends agree on."""
    return sorted(set(game.legal_moves()))


def pack(name: str, players: int | None, seed: int, options: dict[str, Any] | None, moves: list[str]) -> str:
    """The packed text of a game's moves. ValueError for a bad game, player count, seed or
    options (as ``start_game``) or a game that packs longer than MAX_PACKED_CHARS; IllegalMove
    for a move that is not legal where it is played."""
    game = start_game(name, players, seed, options)
    number, place = 0, 1
    for ply, move in enumerate(moves, 1):
        here = choices(game)
        if len(here) > 1:
            index = _index(here, move)
            if index is None:
                raise IllegalMove(f"move {ply} {quote(move)} is not a legal move there")
            number += index * place
            place *= len(here)
        game.play(move)  # a lone choice is still checked against the move written
    packed = f"{len(moves)}.{_to_text(number)}"
    if len(packed) > MAX_PACKED_CHARS:
        raise ValueError(f"the game is too long for a link: {len(packed):,} characters packed, "
                         f"at most {MAX_PACKED_CHARS:,}")
    return packed


def unpack(name: str, players: int | None, seed: int, options: dict[str, Any] | None, packed: Any) -> Game:
    """The game whose moves ``packed`` holds, played from its start. ValueError for a bad
    game, player count, seed or options (as ``start_game``); DamagedLink for a packed text
    that is not exactly what :func:`pack` writes for a game of this start."""
    game = start_game(name, players, seed, options)
    plies, number = _read(packed)
    record_chars = len(game.to_json())
    for ply in range(1, plies + 1):
        if game.is_over:
            raise DamagedLink(f"it holds {plies:,} moves, but the game is over after {ply - 1:,}")
        here = choices(game)
        if len(here) > 1:
            number, index = divmod(number, len(here))
            move = here[index]
        else:
            move = here[0]
        record_chars += len(move) + 3  # its quotes and a comma in the record
        if record_chars > MAX_RECORD_CHARS:
            raise DamagedLink(f"its record would be longer than {MAX_RECORD_CHARS:,} characters")
        game.play(move)
    if number:
        raise DamagedLink("its number is too large for the moves it holds")
    return game


def _index(sorted_moves: list[str], move: str) -> int | None:
    """Where ``move`` is in ``sorted_moves`` (a binary search), or None."""
    low, high = 0, len(sorted_moves)
    while low < high:
        middle = (low + high) // 2
        if sorted_moves[middle] < move:
            low = middle + 1
        else:
            high = middle
    return low if low < len(sorted_moves) and sorted_moves[low] == move else None


def _to_text(number: int) -> str:
    """A whole number as base64url of its bytes, big-endian, no padding ("" for 0)."""
    data = number.to_bytes((number.bit_length() + 7) // 8, "big")
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _read(packed: Any) -> tuple[int, int]:
    """The plies and the number of a packed text, refused unless written exactly as pack writes them."""
    if not isinstance(packed, str):
        raise DamagedLink(f"a packed game is text, not {quote(packed)}")
    if not packed:
        raise DamagedLink("the text is empty")
    if len(packed) > MAX_PACKED_CHARS:
        raise DamagedLink(f"it is {len(packed):,} characters long, at most {MAX_PACKED_CHARS:,}")
    count, dot, digits = packed.partition(".")
    if not dot:
        raise DamagedLink("it has no '.' after the number of moves")
    if not (count.isascii() and count.isdigit()):
        raise DamagedLink(f"it must start with the number of moves, not {quote(count, 20)}")
    if len(count) > 1 and count[0] == "0":
        raise DamagedLink(f"its number of moves {quote(count, 20)} starts with a zero")
    if len(count) > len(str(MAX_PLIES)) or int(count) > MAX_PLIES:
        raise DamagedLink(f"it holds more moves than any game (at most {MAX_PLIES:,})")
    plies = int(count)
    if not _DIGITS.fullmatch(digits):
        bad = _NOT_DIGIT.search(digits).group()
        raise DamagedLink(f"it holds the character {quote(bad)}, which no packed game holds")
    if len(digits) % 4 == 1:
        raise DamagedLink("its last character is left over (a packed game never ends so)")
    try:
        data = base64.urlsafe_b64decode(digits + "=" * (-len(digits) % 4))
    except (binascii.Error, ValueError):  # not expected after the checks above
        raise DamagedLink("its letters are not a packed number") from None
    number = int.from_bytes(data, "big")
    if _to_text(number) != digits:  # a leading zero byte, or stray bits in the last letter
        raise DamagedLink("its number is not written as a packed game writes it")
    return plies, number
