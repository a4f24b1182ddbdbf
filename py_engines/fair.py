"""A game by links with no server: each seat's moves signed by its own device, and dice
fair to everyone they concern, by commit and reveal.

A game played by links between devices has no one to trust, neither with its moves nor
with its dice. Each device (a *party*, holding one or more seats) keeps one secret, never
sent, and publishes two things drawn from it when it joins: a *key* (the public key of an
Ed25519 signing key drawn from the secret: signing.py) and a *head* (the end of a hash
chain from the secret, which fixes every share of the dice the party will ever give).

Signatures. A party signs the game as it is whenever it passes it on: the game's id,
name, players, seed and options, the parties it knows (seats, head and key of each) and
every move so far. A link carries each party's latest signature with how many moves
(``plies``) and parties (``known``) it covers. Every move of a seat must lie within the
moves its party's signature covers, and every signature must check: so a link that adds,
changes, reorders or removes a move of a seat whose device did not sign it, or that
changes the game's id, players or options, is refused. (The device that receives a link
also checks that the link carries on its own game: fair's ``extends`` and by-links/game.js.)

The chain. ``element(secret, CHAIN_LENGTH)`` is the secret itself and each element before
it is the hash of the next: ``element(j - 1) = H(element(j))``, H being SHA-256 cut to 16
bytes. Element 0 is the head. The party's n-th share is element n (n = 1, 2, ...); a link
carries only the latest element shown (``shown``) and its index (``count``), since every
earlier one follows by hashing and the last step of hashing must give the head.

The fair data, which travels with the record in every link::

    {"id": "<22 chars>",                 the game's own random id
     "parties": [{"seats": [0], "head": "<22>", "key": "<43>",
                  "shown": "<22>" or null, "count": 0,
                  "sig": "<86>" or null, "plies": 0, "known": 0}, ...]}

Party 0 is the device that created the game; a seat in no party has not joined.

Which parties give a chance outcome (``parties_of``): one share of each party holding a
seat whose fate the outcome decides, as the game says (``Game.chance_seats``): in Not
Nyout a fight's attacker and defender, a roll-off's every player in it, a turn's dice the
player whose turn it is; in Nimbus a deal, every player. If those are all one device's,
the other devices fill in, so that no device rolls alone: first the party of the last
move's seat, then the seats round the table from it. A seat not yet joined counts as a
party of its own, which must join before anyone shows a share for that outcome. Seats out
of the game (Not Nyout's players with no horse left) are passed over. Each party uses its
shares in order: its n-th chance outcome uses element n.

The draw: SHA-256 of (a label, the game's id, k, the shares in party order) seeds a
generator (``py_engines.rng.Rng``) and the game's own ``roll`` draws the outcome with it,
so the odds are the game's (Not Nyout's sorted dice are not equally likely). Nobody can
foresee a roll without every share of it, so no coalition that leaves out a party whose
fate it decides can; nobody can choose one, since every share was fixed by a head published
before any was shown. The party that shows the last share sees the roll first; all it can
do with that is stop playing, which the others can end as abandoned (by-links/game.js).

A party shows its share for a chance outcome once the record has reached it and every
party of it has joined; the last share completes the roll, and the party that shows it
plays the outcome into the record (``step``).
"""
from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import json
import re
from typing import Any

from . import load, signing, start_game
from .signing import encode
from .core import CHANCE, Game, and_list, is_integer, parse_json, quote
from .games import CLASSES
from .rng import Rng

CHAIN_LENGTH = 10_000
"""Shares in a party's chain: far more than any game uses (a long game of Not Nyout takes
a few hundred chance outcomes between all its players)."""
VALUE_BYTES = 16
VALUE_CHARS = 22
"""A value of a chain, an id or a secret: 16 bytes, 22 characters of base64url."""
LABEL = b"Little Board Games: fair chance, version 2\x00"
"""Put before what is hashed for a roll, so that these hashes serve nothing else."""
SIGN_LABEL = b"Little Board Games: a game by links, signed, version 2\x00"
"""Put before what a party signs, so that its signatures serve nothing else."""
MAX_PARTIES = max(max(cls.player_counts) for cls in CLASSES.values())
FAIR_FIELDS = ("id", "parties")
PARTY_FIELDS = ("seats", "head", "key", "shown", "count", "sig", "plies", "known")
MAX_FAIR_CHARS = 200 + MAX_PARTIES * 300
"""The longest fair data as text: each party about 250 characters."""
FAIR_DEPTH = 4
"""The fair data nests four deep: itself, its parties, a party, its seats."""
MAX_PLIES = 100_000
"""More moves than any record holds (core's record limits): a signature's ``plies`` is below it."""
CHANCE_WORDS = {"not_nyout": ("dice", "are", "need"), "nimbus": ("deal", "is", "needs")}
"""What a chance outcome is called in each game's messages, and its verbs."""

_BASE64URL = re.compile(r"[A-Za-z0-9_-]{22}")


class FairError(ValueError):
    """Fair data that is malformed, or that does not agree with the record: the message says
    what, in words a player can read."""

    code = "bad_request"


# -- values and chains ---------------------------------------------------------------

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


@functools.lru_cache(maxsize=16)
def chain(secret: str) -> tuple[bytes, ...]:
    """Every element of the chain of ``secret``, from the head (0) to the secret itself
    (kept for the last few secrets: a device steps through its games with the same one)."""
    value = decode(secret, "the secret")
    elements = [value]
    for _ in range(CHAIN_LENGTH):
        value = hash_value(value)
        elements.append(value)
    elements.reverse()
    return tuple(elements)


def head(secret: str) -> str:
    """The head of the chain of ``secret``: what a party publishes on joining."""
    value = decode(secret, "the secret")
    for _ in range(CHAIN_LENGTH):
        value = hash_value(value)
    return encode(value)


def public_key(secret: str) -> str:
    """The public key of the signing key drawn from ``secret``: what a party publishes on joining."""
    return signing.public_key(decode(secret, "the secret"))


def new_party(seats: list[int], secret: str) -> dict[str, Any]:
    """The party a device with ``secret`` adds to the fair data when it joins, holding ``seats``."""
    return {"seats": list(seats), "head": head(secret), "key": public_key(secret), "shown": None, "count": 0,
            "sig": None, "plies": 0, "known": 0}


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

def roll_rng(game_id: str, k: int, shares: list[str]) -> Rng:
    """The generator of chance point ``k``: every share is needed, and each changes it."""
    digest = hashlib.sha256(LABEL + decode(game_id, "the game's id") + k.to_bytes(4, "big")
                            + b"".join(decode(share, "a share") for share in shares)).digest()
    return Rng(int.from_bytes(digest[:8], "big"))


def draw(game: Game, game_id: str, k: int, shares: list[str]) -> str:
    """The outcome the game's own roll draws, with its odds, at its chance point ``k``
    from these shares, in party order (the game is not changed)."""
    return game.clone().roll(roll_rng(game_id, k, shares))


# -- what a party signs ---------------------------------------------------------------

def signed_text(game: Game, game_id: str, parties: list[dict[str, Any]], moves: list[str]) -> bytes:
    """What a party signs (its SHA-256): the game (id, name, players, seed, options), the
    parties it covers (seats, head and key of each) and the moves it covers."""
    what = [game_id, game.name, game.players, game.seed, game.options,
            [[party["seats"], party["head"], party["key"]] for party in parties], moves]
    return SIGN_LABEL + json.dumps(what, sort_keys=True, separators=(",", ":")).encode()


# -- the shape of fair data -------------------------------------------------------------

def _whole(value: Any, low: int, high: int) -> bool:
    return is_integer(value) and low <= value <= high


def parse(fair: Any) -> dict[str, Any]:
    """Fair data given as an object or as JSON text, checked for shape: FairError if not of it.

    Shape only: the seats are checked against the game's players, and the signatures and
    shares against the record, by ``check``."""
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
                or not all(_whole(s, 0, MAX_PARTIES - 1) for s in seats)):
            raise FairError(f"{what}'s seats must be a list of seat numbers from 0 to {MAX_PARTIES - 1}, "
                            f"not {quote(seats)}")
        if seats != sorted(set(seats)):
            raise FairError(f"{what}'s seats must be listed once each, in order, not {seats}")
        if seen & set(seats):
            raise FairError(f"seat {min(seen & set(seats))} is held by two parties")
        seen |= set(seats)
        decode(party["head"], f"{what}'s head")
        if not isinstance(party["key"], str) or signing.decode(party["key"], signing.KEY_BYTES) is None:
            raise FairError(f"{what}'s key must be {signing.KEY_CHARS} characters of base64url, "
                            f"not {quote(party['key'], 50)}")
        count = party["count"]
        if not _whole(count, 0, CHAIN_LENGTH):
            raise FairError(f"{what}'s count must be a whole number from 0 to {CHAIN_LENGTH:,}, not {quote(count)}")
        if count == 0:
            if party["shown"] is not None:
                raise FairError(f"{what} has shown no share (count 0): its shown value must be null")
        else:
            decode(party["shown"], f"{what}'s shown share")
        if not _whole(party["plies"], 0, MAX_PLIES) or not _whole(party["known"], 0, MAX_PARTIES):
            raise FairError(f"{what}'s signature must cover a whole number of moves and of parties, "
                            f"not {quote(party['plies'])} and {quote(party['known'])}")
        if party["sig"] is None:
            if party["plies"] or party["known"]:
                raise FairError(f"{what} has not signed: it covers no moves and no parties")
        elif not isinstance(party["sig"], str) or signing.decode(party["sig"], signing.SIGNATURE_BYTES) is None:
            raise FairError(f"{what}'s signature must be {signing.SIGNATURE_CHARS} characters of base64url, "
                            f"not {quote(party['sig'], 90)}")
    return fair


def _record_text(record: Any) -> str:
    return record if isinstance(record, str) else json.dumps(record)


# -- replaying a record with its fair data -------------------------------------------------

class _Audit:
    """A record replayed with its fair data: every move checked against its seat's signature,
    every chance outcome against its shares.

    ``game`` is the position at the end; ``used[p]`` the shares party ``p`` gave to the
    chance outcomes of the record; ``elements[p]`` the elements of its chain shown so far;
    ``last_seat`` the seat of the last move that was not a chance outcome. ``signer``, if
    given, is the party about to sign (``step``): its moves need not be signed yet."""

    def __init__(self, record: Any, fair: Any, signer: int | None = None) -> None:
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
                self._check_signed(number, signer)
                self.last_seat = self.game.to_move
                self.game.play_unchecked(move)  # load has checked it
        self._check_signatures(signer)
        self.pending = self._pending()

    # Names in messages: a party by the seats it holds, a seat by the game's name for it.
    def party_name(self, party: int) -> str:
        return and_list([self.names[s] for s in self.parties[party]["seats"]])

    def member_name(self, member: int | dict[str, int]) -> str:
        return self.names[member["seat"]] if isinstance(member, dict) else self.party_name(member)

    # -- signatures ----------------------------------------------------------------------
    def _check_signatures(self, signer: int | None) -> None:
        """Every signature must be its party's, over the game, the parties and the moves it covers."""
        for number, party in enumerate(self.parties):
            if party["sig"] is None or number == signer:
                continue
            name = self.party_name(number)
            if party["plies"] > len(self.moves) or not number < party["known"] <= len(self.parties):
                raise FairError(f"{name}'s signature covers moves or devices this link does not have: "
                                "the link was changed")
            text = signed_text(self.game, self.id, self.parties[:party["known"]], self.moves[:party["plies"]])
            if not signing.verify(party["key"], hashlib.sha256(text).digest(), party["sig"]):
                raise FairError(f"{name}'s signature does not match this game: the link was changed")

    def _check_signed(self, number: int, signer: int | None) -> None:
        """Move ``number`` (a seat's, not a chance outcome) must be signed by its seat's device."""
        seat = self.game.to_move
        party = self.holder.get(seat)
        if party is None:
            raise FairError(f"move {number} was made for {self.names[seat]}, whose device has not joined the game: "
                            "the link was changed")
        if party != signer and number > self.parties[party]["plies"]:
            raise FairError(f"move {number} was made for {self.names[seat]}, but {self.party_name(party)}'s "
                            "device has not signed it: the link was changed")

    # -- chance ----------------------------------------------------------------------------
    def parties_of(self) -> list[int | dict[str, int]]:
        """The parties that give the chance outcome the game is at, in party order (seats not
        joined last): each a party's number, or ``{"seat": s}`` for a seat whose device has not
        joined yet. See the module's docstring."""
        players = self.game.players
        out = self.game.view().get("out") or [False] * players

        def after(seat: int, keep) -> list[int]:
            """The seats after ``seat``, round the table, that ``keep`` accepts."""
            return [s for s in ((seat + i) % players for i in range(1, players)) if keep(s)]

        members: list[int | dict[str, int]] = []

        def add(seat: int) -> None:
            member = self.holder.get(seat, {"seat": seat})
            if member not in members:
                members.append(member)

        for seat in self.game.chance_seats():
            if not out[seat]:
                add(seat)
        # No device rolls alone: the last move's seat, then the seats round the table from it, fill in.
        last = self.parties[0]["seats"][0] if self.last_seat is None else self.last_seat
        for seat in [last, *after(last, lambda s: True)]:
            if len(members) >= 2:
                break
            if not out[seat]:
                add(seat)
        for seat in after(last, lambda s: True):  # every other seat is out: one of them stands in
            if len(members) >= 2:
                break
            add(seat)
        return sorted(members, key=lambda m: (isinstance(m, dict), m["seat"] if isinstance(m, dict) else m))

    def _check_chance(self, number: int, move: str) -> None:
        """The record's chance outcome ``move`` (its move ``number``) must be the draw from its shares."""
        shares = []
        for member in self.parties_of():
            if isinstance(member, dict):
                raise FairError(f"the {self.word} of move {number} {self.needs} a share of {self.member_name(member)}, "
                                "whose device has not joined the game: the link was changed")
            n = self.used[member] + 1
            if n > self.parties[member]["count"]:
                raise FairError(f"the {self.word} of move {number} {self.needs} {self.party_name(member)}'s share "
                                f"number {n}, which is not shown: the link was changed")
            shares.append(encode(self.elements[member][n]))
            self.used[member] = n
        drawn = self.game.roll(roll_rng(self.id, self.chances, shares))
        if drawn != move:
            raise FairError(f"the {self.word} of move {number} {self.is_} not what the players' shares give: "
                            "the link was changed")
        self.chances += 1

    def _pending(self) -> dict[str, Any] | None:
        """What the record waits for at its end, if a chance point: see ``check``. Shares shown
        beyond those the record used are allowed only for this chance point."""
        members = self.parties_of() if self.game.to_move == CHANCE else []
        number = len(self.game.history) + 1
        joining = next((m for m in members if isinstance(m, dict)), None)
        for party, shown in enumerate(self.parties):
            extra = shown["count"] - self.used[party]
            if extra > (1 if party in members else 0):
                raise FairError(f"{self.party_name(party)} has shown a share for a roll the game has not "
                                "reached: the link was changed")
            if extra and joining is not None:
                raise FairError(f"{self.party_name(party)} has shown a share for the {self.word} of move {number} "
                                f"before {self.member_name(joining)} joined: the link was changed")
        if not members:
            return None
        waiting = [member for member in members
                   if isinstance(member, dict) or self.parties[member]["count"] == self.used[member]]
        return {"chance": self.chances, "parties": members, "waiting": waiting}

    def play_completed(self) -> bool:
        """Play the pending chance outcome if all its shares are shown; whether it was."""
        if self.pending is None or self.pending["waiting"]:
            return False
        shares = []
        for party in self.pending["parties"]:
            self.used[party] += 1
            shares.append(encode(self.elements[party][self.used[party]]))
        self.game.roll(roll_rng(self.id, self.chances, shares))
        self.chances += 1
        self.pending = self._pending()
        return True


def check(record: Any, fair: Any) -> dict[str, Any] | None:
    """Replay ``record`` (text or object) with its ``fair`` data and check every move and
    every chance outcome.

    Every move of a seat must be covered by the signature of the party holding that seat,
    and every signature must check; every chance outcome must be the draw from its parties'
    shares, all shown; every shown share must follow from its party's head; a share shown
    beyond those the record used is allowed only for the chance point the record ends at.
    Returns what is pending at the end: None (no chance point), or ``{"chance": k,
    "parties": [...], "waiting": [...]}``: chance point ``k`` (counted from 0), the parties
    that give it and those whose share is missing, each a party's number or ``{"seat": s}``
    for a seat whose device has not joined (it must join first). ``waiting`` empty: the
    shares are all shown, and ``step`` by any party plays the outcome they give.

    FairError (or BadRecord, for a record that does not replay) names the first problem."""
    return _Audit(record, fair).pending


def step(record: Any, fair: Any, party: Any, secret: str) -> dict[str, Any]:
    """As ``party`` (whose ``secret`` this is): show its shares wherever the game waits for
    them and play each outcome that the shares now give, through consecutive chance points
    while this party can; then sign the game as it is. Returns ``{"record", "fair",
    "pending"}``: the record and fair data after it (new objects), and what is pending then
    (as ``check`` says it). The party's own moves need not be signed before: this signs them."""
    fair = parse(fair)
    if not is_integer(party) or not 0 <= party < len(fair["parties"]):
        raise FairError(f"the party must be a number from 0 to {len(fair['parties']) - 1}, not {quote(party)}")
    audit = _Audit(record, fair, signer=party)
    mine = chain(secret)
    own = audit.parties[party]
    if encode(mine[0]) != own["head"] or public_key(secret) != own["key"]:
        raise FairError(f"this device's secret does not give the head and key of {audit.party_name(party)}: "
                        "it is not this device's seat")
    while audit.pending is not None:
        if not audit.play_completed():
            pending = audit.pending
            if party not in pending["waiting"] or any(isinstance(m, dict) for m in pending["parties"]):
                break  # not this party's share, or another has not joined
            n = audit.used[party] + 1
            if n > CHAIN_LENGTH:
                raise FairError(f"{audit.party_name(party)} has used all {CHAIN_LENGTH:,} of its shares")
            audit.parties[party] = {**audit.parties[party], "shown": encode(mine[n]), "count": n}
            audit.elements[party] = list(mine[:n + 1])
            audit.pending = audit._pending()
    moves = audit.game.history
    text = signed_text(audit.game, audit.id, audit.parties, moves)
    audit.parties[party] = {**audit.parties[party],
                            "sig": signing.sign(decode(secret, "the secret"), hashlib.sha256(text).digest()),
                            "plies": len(moves), "known": len(audit.parties)}
    return {"record": json.loads(audit.game.to_json()), "fair": {"id": audit.id, "parties": audit.parties},
            "pending": audit.pending}


def extends(before: Any, after: Any) -> None:
    """Whether ``after`` carries on from the fair data ``before`` (saved on this device): the
    same game's id, the same parties holding the same seats with the same heads and keys
    (new ones may join), no share taken back and every share still the one shown, no
    signature covering fewer moves. FairError if not."""
    before, after = parse(before), parse(after)
    if after["id"] != before["id"]:
        raise FairError("this link is of another game (its id differs)")
    if len(after["parties"]) < len(before["parties"]):
        raise FairError("this link has fewer devices in the game than this device knows: it is older")
    for number, (old, new) in enumerate(zip(before["parties"], after["parties"])):
        if old["seats"] != new["seats"] or old["head"] != new["head"] or old["key"] != new["key"]:
            raise FairError(f"party {number} of this link is not the one this device knows: the link was changed")
        if new["count"] < old["count"] or new["plies"] < old["plies"]:
            raise FairError(f"party {number} of this link has taken back a share or a move: it is older")
        if old["count"] and encode(shown_elements(decode(new["shown"], "a share"), new["count"] - old["count"])[0]) \
                != old["shown"]:
            raise FairError(f"party {number}'s shares in this link are not those this device has seen: "
                            "the link was changed")
