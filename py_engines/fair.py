"""Fair chance between devices with no server: dice and deals by commit and reveal.

A game played by links between devices has no one to trust with its dice. Each
device (a *party*, holding one or more seats) keeps a secret and commits to a
chain of values drawn from it before any of them is used; every chance outcome
is then drawn from one value of each of two parties. No party can foresee a roll
(it needs the other's next value, which only hashing backwards would give) nor
choose one (every value is fixed by the commitment made on joining).

The chain. ``element(secret, CHAIN_LENGTH)`` is the secret itself and each
element before it is the hash of the next: ``element(j - 1) = H(element(j))``,
H being SHA-256 cut to 16 bytes. Element 0, the *head*, is published when the
party joins. The party's n-th share is element n (n = 1, 2, ...); a link carries
only the latest element shown (``shown``) and its index (``count``), since every
earlier one follows by hashing and the last step of hashing must give the head.
Every value is written in base64url without padding: 22 characters.

The fair data, which travels with the record in every link::

    {"id": "<22 chars>",                 the game's own random id
     "parties": [{"seats": [0], "head": "<22>", "shown": "<22>" or null, "count": 0}, ...]}

Party 0 is the device that created the game; a seat in no party has not joined.

Which parties give a chance outcome. Chance point ``k`` (counted from 0: the
number of chance outcomes before it in the record) takes one share from each of
two parties, decided by the record and the seats alone (``pair``): ``a`` holds
the seat of the last move before it that was not a chance outcome (party 0's
first seat if there is none); ``b`` holds the seat whose turn it is, if another
party than ``a`` holds it, and otherwise the first seat after a's seat, in seat
order and round the table, that another party holds. A seat not yet joined
counts as a party of its own, which must join before the roll. A seat out of the
game (Not Nyout's player with no horse left) is passed over: ``a``'s seat moves on
to the next seat still in play, and ``b`` is sought among seats still in play, so
that no one waits for a player who is out. Each party uses its shares in order:
its n-th chance point uses element n.

The draw: SHA-256 of (a label, the game's id, k, a's share, b's share) seeds a
generator (``py_engines.rng.Rng``), and the game's own ``roll`` draws the outcome
with it, so the odds are the game's (Not Nyout's sorted dice are not equally likely).

A party shows its share for a chance point once the record has reached it and
both parties of the pair have joined; the second share completes the roll, and
the party that completes it plays the outcome into the record (``step``).
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from typing import Any

from . import load, start_game
from .core import CHANCE, Game, and_list, is_integer, parse_json, quote
from .games import CLASSES
from .rng import Rng

CHAIN_LENGTH = 10_000
"""Shares in a party's chain: far more than any game uses (a long game of Not Nyout takes
a few hundred chance outcomes between all its players)."""
VALUE_BYTES = 16
VALUE_CHARS = 22
"""A value of a chain, an id or a secret: 16 bytes, 22 characters of base64url."""
LABEL = b"Little Board Games: fair chance, version 1\x00"
"""Put before what is hashed for a roll, so that these hashes serve nothing else."""
MAX_PARTIES = max(max(cls.player_counts) for cls in CLASSES.values())
FAIR_FIELDS = ("id", "parties")
PARTY_FIELDS = ("seats", "head", "shown", "count")
MAX_FAIR_CHARS = 200 + MAX_PARTIES * 150
"""The longest fair data as text: each party about 100 characters."""
FAIR_DEPTH = 4
"""The fair data nests four deep: itself, its parties, a party, its seats."""
CHANCE_WORDS = {"not_nyout": ("dice", "are", "need"), "nimbus": ("deal", "is", "needs")}
"""What a chance outcome is called in each game's messages, and its verbs."""

_BASE64URL = re.compile(r"[A-Za-z0-9_-]{22}")


class FairError(ValueError):
    """Fair data that is malformed, or that does not agree with the record: the message says
    what, in words a player can read."""

    code = "bad_request"


# -- values and chains ---------------------------------------------------------------

def encode(value: bytes) -> str:
    return base64.urlsafe_b64encode(value).rstrip(b"=").decode("ascii")


def decode(text: Any, what: str) -> bytes:
    """The 16 bytes a value's 22 characters write; FairError if they write none, or not
    in the one way base64url writes them."""
    if not isinstance(text, str) or not _BASE64URL.fullmatch(text):
        raise FairError(f"{what} must be 22 characters of base64url, not {quote(text, 30)}")
    try:
        value = base64.urlsafe_b64decode(text + "==")
    except (binascii.Error, ValueError):  # not reached for 22 such characters; kept as a guard
        raise FairError(f"{what} is not base64url: {quote(text, 30)}") from None
    if encode(value) != text:
        raise FairError(f"{what} is not written as base64url writes 16 bytes: {quote(text, 30)}")
    return value


def hash_value(value: bytes) -> bytes:
    """H: one step back along a chain."""
    return hashlib.sha256(value).digest()[:VALUE_BYTES]


def chain(secret: str) -> list[bytes]:
    """Every element of the chain of ``secret``, from the head (0) to the secret itself."""
    value = decode(secret, "the secret")
    elements = [value]
    for _ in range(CHAIN_LENGTH):
        value = hash_value(value)
        elements.append(value)
    elements.reverse()
    return elements


def head(secret: str) -> str:
    """The head of the chain of ``secret``: what a party publishes on joining."""
    value = decode(secret, "the secret")
    for _ in range(CHAIN_LENGTH):
        value = hash_value(value)
    return encode(value)


def element(secret: str, n: int) -> str:
    """Element ``n`` of the chain of ``secret``: the party's n-th share (0 is the head)."""
    if not is_integer(n) or not 0 <= n <= CHAIN_LENGTH:
        raise FairError(f"a share's number must be from 0 to {CHAIN_LENGTH:,}, not {quote(n)}")
    value = decode(secret, "the secret")
    for _ in range(CHAIN_LENGTH - n):
        value = hash_value(value)
    return encode(value)


def shown_elements(shown: bytes, count: int) -> list[bytes]:
    """Elements 0 .. ``count`` of a chain, from its element ``count``, by hashing back."""
    elements = [shown]
    for _ in range(count):
        elements.append(hash_value(elements[-1]))
    elements.reverse()
    return elements


def follows(shown: str, count: int, head_text: str) -> bool:
    """Whether ``shown`` is element ``count`` of the chain whose head is ``head_text``."""
    return encode(shown_elements(decode(shown, "a share"), count)[0]) == head_text


# -- the draw ------------------------------------------------------------------------

def roll_rng(game_id: str, k: int, share_a: str, share_b: str) -> Rng:
    """The generator of chance point ``k``: both shares are needed, and each changes it."""
    digest = hashlib.sha256(LABEL + decode(game_id, "the game's id") + k.to_bytes(4, "big")
                            + decode(share_a, "a share") + decode(share_b, "a share")).digest()
    return Rng(int.from_bytes(digest[:8], "big"))


def draw(game: Game, game_id: str, k: int, share_a: str, share_b: str) -> str:
    """The outcome the game's own roll draws, with its odds, at its chance point ``k``
    from these two shares (the game is not changed)."""
    return game.clone().roll(roll_rng(game_id, k, share_a, share_b))


# -- the shape of fair data -------------------------------------------------------------

def parse(fair: Any) -> dict[str, Any]:
    """Fair data given as an object or as JSON text, checked for shape: FairError if not of it.

    Shape only: the seats are checked against the game's players by ``check``."""
    if isinstance(fair, str):
        try:
            fair = parse_json(fair, "the fair data", MAX_FAIR_CHARS, FAIR_DEPTH)
        except ValueError as exc:
            raise FairError(str(exc)) from None
    if not isinstance(fair, dict):
        raise FairError(f"the fair data must be an object, not {quote(fair)}")
    if sorted(fair) != sorted(FAIR_FIELDS):
        raise FairError(f"the fair data must have the fields {', '.join(FAIR_FIELDS)} and no others, "
                        f"not {quote(', '.join(map(str, fair)), 60)}")
    decode(fair["id"], "the game's id")
    parties = fair["parties"]
    if not isinstance(parties, list) or not 1 <= len(parties) <= MAX_PARTIES:
        raise FairError(f"the fair data's parties must be a list of 1 to {MAX_PARTIES}, not {quote(parties)}")
    seen: set[int] = set()
    for number, party in enumerate(parties):
        what = f"party {number}"
        if not isinstance(party, dict) or sorted(party) != sorted(PARTY_FIELDS):
            raise FairError(f"{what} must be an object with the fields {', '.join(PARTY_FIELDS)}, "
                            f"not {quote(party)}")
        seats = party["seats"]
        if (not isinstance(seats, list) or not 1 <= len(seats) <= MAX_PARTIES
                or not all(is_integer(s) and 0 <= s < MAX_PARTIES for s in seats)):
            raise FairError(f"{what}'s seats must be a list of seat numbers from 0 to {MAX_PARTIES - 1}, "
                            f"not {quote(seats)}")
        if seats != sorted(set(seats)):
            raise FairError(f"{what}'s seats must be listed once each, in order, not {seats}")
        if seen & set(seats):
            raise FairError(f"seat {min(seen & set(seats))} is held by two parties")
        seen |= set(seats)
        decode(party["head"], f"{what}'s head")
        count = party["count"]
        if not is_integer(count) or not 0 <= count <= CHAIN_LENGTH:
            raise FairError(f"{what}'s count must be a whole number from 0 to {CHAIN_LENGTH:,}, not {quote(count)}")
        if count == 0:
            if party["shown"] is not None:
                raise FairError(f"{what} has shown no share (count 0): its shown value must be null")
        else:
            decode(party["shown"], f"{what}'s shown share")
    return fair


def _record_text(record: Any) -> str:
    return record if isinstance(record, str) else json.dumps(record)


# -- replaying a record with its fair data -------------------------------------------------

class _Audit:
    """A record replayed with its fair data, every chance outcome checked against its shares.

    ``game`` is the position at the end; ``used[p]`` the shares party ``p`` gave to the
    chance outcomes of the record; ``elements[p]`` the elements of its chain shown so far;
    ``last_seat`` the seat of the last move that was not a chance outcome."""

    def __init__(self, record: Any, fair: Any) -> None:
        self.fair = parse(fair)
        text = _record_text(record)
        game = load(text)  # the record checked and replayed: BadRecord if it does not
        self.moves = game.history
        self.game = start_game(game.name, game.players, game.seed, game.options)
        self.names = type(game).seat_names(game.players)
        self.word, self.is_, self.needs = CHANCE_WORDS.get(game.name, ("chance outcome", "is", "needs"))
        self.id = self.fair["id"]
        self.parties = [dict(party, seats=list(party["seats"])) for party in self.fair["parties"]]  # a copy
        self.holder: dict[int, int] = {}  # seat -> party
        for number, party in enumerate(self.parties):
            for seat in party["seats"]:
                if seat >= game.players:
                    raise FairError(f"party {number} holds seat {seat}, but the game has "
                                    f"{game.players} players")
                self.holder[seat] = number
        if len(self.holder) == game.players and len(self.parties) == 1:
            raise FairError("one device holds every seat: a fair roll needs two devices")
        self.elements: list[list[bytes]] = []
        for number, party in enumerate(self.parties):
            if party["count"] and not follows(party["shown"], party["count"], party["head"]):
                name = self.party_name(number)
                raise FairError(f"{name}'s shares do not follow from the head {name} gave on joining: "
                                "the link was changed")
            shown = decode(party["shown"], "a share") if party["count"] else decode(party["head"], "a head")
            self.elements.append(shown_elements(shown, party["count"]))
        self.used = [0] * len(self.parties)
        self.chances = 0
        self.last_seat: int | None = None
        for number, move in enumerate(self.moves, 1):
            if self.game.to_move == CHANCE:
                self._check_chance(number, move)
            else:
                self.last_seat = self.game.to_move
                self.game.play_unchecked(move)  # load has checked it
        self.pending = self._pending()

    # Names in messages: a party by the seats it holds, a seat by the game's name for it.
    def party_name(self, party: int) -> str:
        return and_list([self.names[s] for s in self.parties[party]["seats"]])

    def member_name(self, member: int | dict[str, int]) -> str:
        return self.names[member["seat"]] if isinstance(member, dict) else self.party_name(member)

    def pair(self) -> list[int | dict[str, int]]:
        """The two parties that give the chance point the game is at: each a party's number,
        or ``{"seat": s}`` for a seat whose device has not joined yet.

        Seats out of the game (Not Nyout's players with no horse left: its view's ``out``) are
        passed over, so that a player who is out never holds up the others: ``a``'s seat moves
        on to the first seat after it still in play, and ``b`` is sought among the seats still
        in play (among all seats only if every seat still in play is a's)."""
        players = self.game.players
        out = self.game.view().get("out") or [False] * players

        def after(seat: int, keep) -> int | None:
            """The first seat after ``seat``, round the table, that ``keep`` accepts."""
            return next((s for s in ((seat + i) % players for i in range(1, players)) if keep(s)), None)

        a_seat = self.parties[0]["seats"][0] if self.last_seat is None else self.last_seat
        if out[a_seat]:
            a_seat = after(a_seat, lambda s: not out[s])
        a = self.holder.get(a_seat)
        if a is None:
            raise FairError(f"a move was made for {self.names[a_seat]}, whose device has not joined the game: "
                            "the link was changed")
        turn = self.game.turn_player
        if turn is not None and not out[turn] and self.holder.get(turn) != a:
            b_seat = turn
        else:
            b_seat = after(a_seat, lambda s: not out[s] and self.holder.get(s) != a)
            if b_seat is None:
                b_seat = after(a_seat, lambda s: self.holder.get(s) != a)
        b = self.holder.get(b_seat)
        return [a, {"seat": b_seat} if b is None else b]

    def _check_chance(self, number: int, move: str) -> None:
        """The record's chance outcome ``move`` (its move ``number``) must be the draw from its shares."""
        shares = []
        for member in self.pair():
            if isinstance(member, dict):
                raise FairError(f"the {self.word} of move {number} {self.needs} a share of {self.member_name(member)}, "
                                "whose device has not joined the game: the link was changed")
            n = self.used[member] + 1
            if n > self.parties[member]["count"]:
                raise FairError(f"the {self.word} of move {number} {self.needs} {self.party_name(member)}'s share "
                                f"number {n}, which is not shown: the link was changed")
            shares.append(encode(self.elements[member][n]))
            self.used[member] = n
        drawn = self.game.roll(roll_rng(self.id, self.chances, *shares))
        if drawn != move:
            raise FairError(f"the {self.word} of move {number} {self.is_} not what the players' shares give: "
                            "the link was changed")
        self.chances += 1

    def _pending(self) -> dict[str, Any] | None:
        """What the record waits for at its end, if a chance point: see ``check``. Shares shown
        beyond those the record used are allowed only for this chance point."""
        pair = self.pair() if self.game.to_move == CHANCE else []
        number = len(self.game.history) + 1
        for party, shown in enumerate(self.parties):
            extra = shown["count"] - self.used[party]
            if extra > (1 if party in pair else 0):
                raise FairError(f"{self.party_name(party)} has shown a share for a roll the game has not "
                                "reached: the link was changed")
            if extra and any(isinstance(member, dict) for member in pair):
                joining = next(m for m in pair if isinstance(m, dict))
                raise FairError(f"{self.party_name(party)} has shown a share for the {self.word} of move {number} "
                                f"before {self.member_name(joining)} joined: the link was changed")
        if not pair:
            return None
        waiting = [member for member in pair
                   if isinstance(member, dict) or self.parties[member]["count"] == self.used[member]]
        return {"chance": self.chances, "parties": pair, "waiting": waiting}

    def play_completed(self) -> bool:
        """Play the pending chance outcome if both its shares are shown; whether it was."""
        if self.pending is None or self.pending["waiting"]:
            return False
        a, b = self.pending["parties"]
        shares = []
        for party in (a, b):
            self.used[party] += 1
            shares.append(encode(self.elements[party][self.used[party]]))
        self.game.roll(roll_rng(self.id, self.chances, *shares))
        self.chances += 1
        self.pending = self._pending()
        return True


def check(record: Any, fair: Any) -> dict[str, Any] | None:
    """Replay ``record`` (text or object) with its ``fair`` data and check every chance outcome.

    Every chance outcome of the record must be the draw from its two shares, both shown;
    every shown share must follow from its party's head; a share shown beyond those the
    record used is allowed only for the chance point the record ends at. Returns what is
    pending at the end: None (no chance point), or ``{"chance": k, "parties": [a, b],
    "waiting": [...]}``: chance point ``k`` (counted from 0), the two parties that give it
    and those whose share is missing, each a party's number or ``{"seat": s}`` for a seat
    whose device has not joined (it must join first). ``waiting`` empty: the shares are
    all shown, and ``step`` by any party plays the outcome they give.

    FairError (or BadRecord, for a record that does not replay) names the first problem."""
    return _Audit(record, fair).pending


def step(record: Any, fair: Any, party: Any, secret: str) -> dict[str, Any]:
    """As ``party`` (whose ``secret`` this is), show its shares wherever the game waits for
    them and play each outcome that both shares now give, through consecutive chance points
    while this party can. Returns ``{"record", "fair", "pending"}``: the record and fair data
    after it (new objects), and what is pending then (as ``check`` says it)."""
    audit = _Audit(record, fair)
    if not is_integer(party) or not 0 <= party < len(audit.parties):
        raise FairError(f"the party must be a number from 0 to {len(audit.parties) - 1}, not {quote(party)}")
    mine = chain(secret)
    if encode(mine[0]) != audit.parties[party]["head"]:
        raise FairError(f"this device's secret does not give the head of {audit.party_name(party)}: "
                        "it is not this device's seat")
    while audit.pending is not None:
        if not audit.play_completed():
            pending = audit.pending
            if party not in pending["waiting"] or any(isinstance(m, dict) for m in pending["parties"]):
                break  # not this party's share, or the other has not joined
            n = audit.used[party] + 1
            if n > CHAIN_LENGTH:
                raise FairError(f"{audit.party_name(party)} has used all {CHAIN_LENGTH:,} of its shares")
            audit.parties[party] = {**audit.parties[party], "shown": encode(mine[n]), "count": n}
            audit.elements[party] = mine[:n + 1]
            audit.pending = audit._pending()
    return {"record": json.loads(audit.game.to_json()), "fair": {"id": audit.id, "parties": audit.parties},
            "pending": audit.pending}


def extends(before: Any, after: Any) -> None:
    """Whether ``after`` carries on from the fair data ``before`` (saved on this device): the
    same game's id, the same parties holding the same seats with the same heads (new ones
    may join), no share taken back and every share still the one shown. FairError if not."""
    before, after = parse(before), parse(after)
    if after["id"] != before["id"]:
        raise FairError("this link is of another game (its id differs)")
    if len(after["parties"]) < len(before["parties"]):
        raise FairError("this link has fewer devices in the game than this device knows: it is older")
    for number, (old, new) in enumerate(zip(before["parties"], after["parties"])):
        if old["seats"] != new["seats"] or old["head"] != new["head"]:
            raise FairError(f"party {number} of this link is not the one this device knows: the link was changed")
        if new["count"] < old["count"]:
            raise FairError(f"party {number} of this link has taken back a share: it is older")
        if old["count"] and encode(shown_elements(decode(new["shown"], "a share"), new["count"] - old["count"])[0]) \
                != old["shown"]:
            raise FairError(f"party {number}'s shares in this link are not those this device has seen: "
                            "the link was changed")
