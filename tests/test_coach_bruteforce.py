"""The coach checked by brute force (issue 29): over a few thousand positions of seeded
random games of every game, each `win` and `lose` note names exactly the moves after
which the game is over, won or lost by the mover (their side), and Manalath's `gift`
note exactly the moves that hand the other player a win they cannot escape. Nimbus's
last pyramid, taken when it ends the game, is such a win or loss.

The brute force is its own path to the answer: the position is rebuilt beside the
game the coach is asked about, with every move checked (`play`) where the other took
the playouts' path (`play_unchecked`); each legal move is tried on a copy of that twin,
and the end of the game is read from the `end` event it leaves (checked against
`is_over` and `winners`). A gift is found from the rule text: after the move the game
goes on, and every reply of the other player ends it, with the other player the winner.
Coach notes of other kinds (Ambush's threats and captures, and what a game adds later)
are not checked here."""
from __future__ import annotations

import pytest

import py_engines
from py_engines import CHANCE
from py_engines.rng import Rng

from test_nimbus import position

# (game, players, options, positions, one position in EVERY kept besides the last TAIL of each game)
CASES = [
    ("manalath", 2, {}, 1000, 1),
    ("ambush", 2, {}, 500, 2),
    ("nimbus", 2, {"random_setup": True, "sets": 2, "goal": "rounds1"}, 600, 1),
    ("nimbus", 3, {"sets": 2, "goal": "rounds1", "round_end": "misere"}, 500, 2),
    ("nimbus", 5, {"random_setup": True, "sets": 2, "goal": "rounds1", "round_end": "two_losers"}, 400, 1),
    ("nymbat", 2, {}, 800, 12),
    ("nymbat", 4, {}, 800, 12),
    ("not_nyout", 2, {}, 2500, 6),
    ("not_nyout", 3, {}, 1500, 6),
    ("not_nyout", 4, {}, 2500, 6),
]
TAIL = 12


def positions(name: str, players: int, options: dict, count: int, every: int, seed: int = 1):
    """``count`` positions (a player to move) of seeded random games, as pairs: the game, reached
    by the playouts' path, and its twin, every move of it checked. Of each game the last TAIL
    positions are kept (where games end), and one in ``every`` of the others."""
    rng = Rng(seed)
    found = 0
    game_seed = seed * 10_000
    while found < count:
        whole = py_engines.new_game(name, players, game_seed, **options)
        while not whole.is_over:
            if whole.to_move == CHANCE:
                whole.roll()
            else:
                whole.play_unchecked(whole.random_move(rng))
        moves = whole.history
        game = py_engines.new_game(name, players, game_seed, **options)
        twin = py_engines.new_game(name, players, game_seed, **options)
        game_seed += 1
        for ply, move in enumerate(moves):
            if found < count and game.to_move != CHANCE and (ply >= len(moves) - TAIL or rng.below(every) == 0):
                found += 1
                yield game, twin
            game.play_unchecked(move)
            twin.play(move)


def ends(game, move: str) -> tuple[bool, list[int]]:
    """Whether the game is over after ``move`` (tried on a copy), and its winners: from the
    ``end`` event the move leaves, checked against the game's own account."""
    after = game.clone()
    after.play(move)
    end = [e for e in after.events if e["type"] == "end"]
    assert bool(end) == after.is_over, (game.to_json(), move)
    winners = sorted(end[-1]["winners"]) if end else []
    assert winners == sorted(after.winners), (game.to_json(), move)
    return bool(end), winners


def notes_of(game) -> dict[str, list[str]]:
    """The moves of the coach's notes of the kinds checked here (``win``, ``lose``, ``gift``), by
    kind; asking the coach changes nothing."""
    before = (game.to_json(), game.view(), game.to_move)
    notes = game.coach()
    assert (game.to_json(), game.view(), game.to_move) == before
    legal = set(game.legal_moves())
    found: dict[str, list[str]] = {}
    for note in notes:
        assert isinstance(note.get("text", ""), str)
        if note["kind"] in ("win", "lose", "gift"):
            assert note["kind"] not in found and note["moves"], notes  # one note of a kind, never empty
            assert len(set(note["moves"])) == len(note["moves"]) and set(note["moves"]) <= legal, note
            found[note["kind"]] = note["moves"]
    return found


def gives_a_certain_win(game, move: str, other: int) -> bool:
    """After ``move`` the game goes on, and whatever the other player answers, the game is
    over with the other player its winner."""
    after = game.clone()
    after.play(move)
    if after.is_over or after.to_move != other:
        return False
    for reply in after.legal_moves():
        over, winners = ends(after, reply)
        if not (over and winners == [other]):
            return False
    return True


@pytest.mark.parametrize("name, players, options, count, every", CASES,
                         ids=[f"{c[0]}-{c[1]}-{c[2].get('round_end', '')}" for c in CASES])
@pytest.mark.slow
def test_win_and_lose_notes_name_exactly_the_moves_that_end_the_game(name, players, options, count, every):
    seen = {"win": 0, "lose": 0}
    for game, twin in positions(name, players, options, count, every):
        notes = notes_of(game)
        mover = twin.to_move
        assert mover == game.to_move and twin.to_json() == game.to_json()
        wins, losses = [], []
        for move in twin.legal_moves():
            over, winners = ends(twin, move)
            if over and winners:
                (wins if mover in winners else losses).append(move)
        assert sorted(notes.get("win", [])) == sorted(wins), (game.to_json(), "win")
        assert sorted(notes.get("lose", [])) == sorted(losses), (game.to_json(), "lose")
        seen["win"] += bool(wins)
        seen["lose"] += bool(losses)
    assert seen["win"] + seen["lose"] >= 10, seen  # the games' ends were among the positions


@pytest.mark.slow
def test_manalath_a_gift_is_exactly_a_move_after_which_every_reply_wins_for_the_other():
    gifts_seen = checked = 0
    for game, twin in positions("manalath", 2, {}, 1000, 1, seed=2):
        other = 1 - twin.to_move
        gifts = notes_of(game).get("gift", [])
        found = [move for move in twin.legal_moves() if gives_a_certain_win(twin, move, other)]
        assert sorted(gifts) == sorted(found), game.to_json()
        gifts_seen += bool(found)
        checked += 1
    assert checked == 1000 and gifts_seen >= 50


@pytest.mark.slow
def test_nimbus_taking_the_last_pyramid_when_it_ends_the_game_is_a_win_or_a_loss():
    """Where a collect empties the board in the game's last round, the coach names it as a
    win or a loss for the taker, as the round's rule and the totals decide."""
    fired = {"win": 0, "lose": 0}
    for players, round_end in ((2, "last"), (2, "misere"), (4, "loser_last"), (4, "two_winners")):
        options = {"random_setup": True, "sets": 2, "goal": "rounds1", "round_end": round_end}
        for game, twin in positions("nimbus", players, options, 400, 4, seed=3):
            clears = []
            for move in twin.legal_moves():
                if ":" in move:
                    after = twin.clone()
                    after.play(move)
                    if any(e["type"] == "round" for e in after.events):
                        clears.append((move, after))
            notes = notes_of(game)
            for move, after in clears:
                assert after.is_over  # one round: the round's end is the game's
                kind = "win" if game.to_move in after.winners else "lose"
                assert move in notes.get(kind, []), (game.to_json(), move, kind)
                fired[kind] += 1
    assert fired["win"] >= 20 and fired["lose"] >= 20, fired


def test_nimbus_says_the_last_pyramid_in_words():
    game = position({"d4": "r1=u", "e4": "r2=u"}, goal="rounds1")
    assert game.coach() == [{"kind": "win", "moves": ["r:d4-e4", "r:e4-d4", "u:d4-e4", "u:e4-d4"],
                             "text": "Collecting the last 2 pyramids on the board ends the game now: "
                                     "Player 1 wins it."}]
    game = position({"d4": "r1=u"}, goal="rounds1", round_end="misere")  # the next player wins the round
    assert game.coach() == [{"kind": "lose", "moves": ["r:d4", "1:d4", "u:d4"],
                             "text": "Collecting the last pyramid on the board ends the game now: Player 1 loses it."}]
    game = position({"d4": "r1=u"}, goal="rounds3")  # the round's end is not the game's: said as the round's
    [note] = game.coach()
    assert note["kind"] == "round" and note["moves"] == game.legal_moves()
    assert note["text"] == "Player 1 can take every pyramid left this turn (whatever the move): Player 1 wins the round."
