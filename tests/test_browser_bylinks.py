"""A game by links (issue 31): browser contexts, each a device of its own with its
own storage, play whole games by passing the links the page makes, as friends far
apart would. Each device plays only its own seats; a link updates the same saved
game; old, changed and foreign links change nothing."""
from __future__ import annotations

import json
import random
from urllib.parse import parse_qs, urlsplit

import pytest

import py_engines
from py_engines import bridge
from conftest import PHONE, Console, context_name, enter_move, visit_and_keep, wait_ready

pytestmark = pytest.mark.browser


def call(op: str, **fields):
    answer = json.loads(bridge.handle(json.dumps({"op": op, **fields})))
    assert answer["ok"], answer
    return answer["result"]


def option_value(text: str):
    """An option as a link writes it (site/model/share-links.js): true, false, a whole number, or text."""
    if text in ("true", "false"):
        return text == "true"
    return int(text) if text.lstrip("-").isdigit() else text


def game_of(link: str):
    """The game a link holds, replayed by the engine here: (game, params)."""
    fragment = urlsplit(link).fragment
    name, _, query = fragment.partition("?")
    params = {key: values[0] for key, values in parse_qs(query, keep_blank_values=True).items()}
    options = {key: option_value(value) for key, value in params.items() if key not in ("m", "seed", "players", "f", "to")}
    record = call("unpack", game=name.strip("/"), players=int(params["players"]) if "players" in params else None,
                  seed=int(params.get("seed", 0)), options=options, packed=params["m"])["record"]
    return py_engines.load(json.dumps(record)), params


# Every message a page shows, kept in the page (a note fades after a few seconds).
KEEP_MESSAGES = """
addEventListener('DOMContentLoaded', () => {
  window.__said = [];
  const box = document.getElementById('message');
  new MutationObserver(() => { if (!box.hidden) window.__said.push(box.innerText); })
    .observe(box, {subtree: true, childList: true, characterData: true, attributes: true});
});
// Every click the page received, by its target's id: whether a tap of the test's reached the page.
window.__clicked = [];
addEventListener('click', (event) => window.__clicked.push(event.target.closest?.('[id]')?.id || ''), true);
"""


SETTLED = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(
  () => done(document.body.dataset.busy === '0'))))"""


def device_options(still: bool) -> dict:
    """A phone; `still`: its player asked for less motion, so a link's moves show at once (the long games)."""
    return {**PHONE, "reduced_motion": "reduce"} if still else PHONE


class Device:
    """One player's phone, with storage of its own: a warm context of the test process's
    (`warm`: (WarmContexts, the context's name): a returning visitor's boot, which kept the
    site for offline visits; storage emptied between tests)."""

    def __init__(self, server, still: bool = False, *, warm: tuple):
        self.server = server
        self.warm = warm
        self.still = still
        self.new_tab(first=True)

    def start(self, game: str, players: int, mine: set[int]) -> None:
        """Open the game's page and start a new game by links, holding the seats `mine`."""
        page = self.page
        page.goto(self.server.url + f"#/{game}")
        wait_ready(page)
        self.opened = True
        self.press("#new-game", "#setup-dialog")
        page.select_option("#setup-how", "links")
        if page.locator("#setup-players").count():
            page.select_option("#setup-players", str(players))
        for seat in range(players):
            page.select_option(f"#setup-seat-{seat}", "mine" if seat in mine else "friend")
        page.tap("#setup-start")
        page.wait_for_selector("#link-panel:not([hidden])")
        self.settle()

    def press(self, button: str, shows: str) -> None:
        """Tap `button` and wait until the page shows `shows`. A tap the browser never turned into
        a click (seen once in a whole run under load: the page got no click at all) is tapped
        again; a click the page got and did nothing with fails the test."""
        page = self.page
        page.locator(f"{button}:enabled").tap()
        try:
            page.wait_for_selector(shows, timeout=10_000)
            return
        except Exception:
            clicked = page.evaluate("window.__clicked")
            if button.lstrip("#") in clicked:
                raise AssertionError(f"{button} was clicked and the page never showed {shows}")
        page.locator(f"{button}:enabled").tap()
        page.wait_for_selector(shows)

    def settle(self) -> None:
        """Wait until the page has shown every move and rolled what it can."""
        self.page.wait_for_selector("body[data-busy='0'] #link-panel:not([hidden])")
        # Still free two frames on: the work a move sets off (a roll) takes the input before a frame is drawn.
        self.page.wait_for_function(SETTLED)

    def new_tab(self, first: bool = False) -> None:
        """Close the device's page (unless `first`) and open another, as a link from a message
        opens in a new tab."""
        if not first:
            self.page.close()
        contexts, name = self.warm
        self.page = contexts.page(name, device_options(self.still))
        self.page.add_init_script(KEEP_MESSAGES)
        self.console = Console(self.page)
        self.opened = False

    def open(self, link: str) -> None:
        """Open a link sent to this device, as tapping it in a message would, and wait for its moves."""
        fragment = "#" + urlsplit(link).fragment
        if self.opened:
            self.page.evaluate("(hash) => { location.hash = hash; }", fragment)
        else:
            self.page.goto(self.server.url + fragment)
            self.opened = True
        wait_ready(self.page, urlsplit(link).fragment.split("?")[0].strip("/"))
        self.page.wait_for_function("!location.hash.includes('?')")
        self.settle()

    def send(self) -> str:
        """The link of "Send your move", as the dialog shows it."""
        self.press("#send-move", "#send-link")
        link = self.page.locator("#send-link").input_value()
        self.page.tap("#send-close")
        return link

    def said(self) -> list[str]:
        """Every message the page has shown since it was loaded."""
        return self.page.evaluate("window.__said || []")

    def one_saved_game(self) -> None:
        """The device's Saved games list holds this game once, and no page said it was changed in another tab."""
        assert not any("another tab" in text for text in self.said()), self.said()
        self.page.locator("#saved-games:enabled").tap()
        titles = self.page.locator("#saved-list .saved-item .saved-title").all_inner_texts()
        self.page.tap("#saved-close")
        assert len(titles) == 1 and "another tab" not in titles[0], titles

    def close(self, passed: bool = True) -> None:
        """Done with the device: its warm context is emptied for the next test (dropped after a
        failure or a console error)."""
        problems = self.console.problems
        contexts, name = self.warm
        contexts.reset(name, keep=passed and not problems)
        assert problems == [], problems


def device_maker(request, warm_contexts, server):
    """`make(count, still=False)`: that many more phones, each in a warm context of its own
    (the first in the phone's, which the `phone` fixture's pages use: a priming fewer); they
    are closed after the test (and their contexts dropped if it failed)."""
    made = []

    def make(count: int, still: bool = False):
        for _ in range(count):
            # Its motion is the page's own (WarmContexts.page).
            name = context_name(PHONE) if not made else f"device-{len(made)}"
            made.append(Device(server, still, warm=(warm_contexts, name)))
        return made

    yield make
    passed = getattr(request.node, "passed_call", False)
    for device in made:
        device.close(passed)


def move_and_send(device, move: str) -> str:
    """Play `move` on the device (its own seat's turn) and return the link it sends then."""
    game, _ = game_of(device.send())
    enter_move(device.page, game, move)
    device.settle()
    return device.send()


def play_by_links(devices, seats_of, game_name: str, players: int, rng: random.Random, limit: int = 400,
                  handovers: int | None = None):
    """Play a whole game between `devices` (device i holds the seats seats_of[i]), each
    move chosen at random among the legal ones, every move and roll passed by link; or
    only until the game has gone from one device to another `handovers` times."""
    owner = {seat: i for i, seats in enumerate(seats_of) for seat in seats}
    devices[0].start(game_name, players, seats_of[0])
    holder = 0
    for _ in range(limit):
        # The device holding the game plays its seats' moves while it is their turn
        # (the dice it can roll, it rolls by itself), then sends the game on.
        while True:
            link = devices[holder].send()
            game, params = game_of(link)
            mover = game.to_move
            if game.is_over or mover is None or mover < 0 or owner[mover] != holder:
                break
            enter_move(devices[holder].page, game, rng.choice(sorted(game.legal_moves())))
            devices[holder].settle()
        if game.is_over or handovers == 0:
            return game, link
        handovers = None if handovers is None else handovers - 1
        assert "to" in params, f"a link of a game in play names the seat it goes to: {link}"
        assert owner[int(params["to"])] != holder, f"a link is sent to another device: {link}"
        holder = owner[int(params["to"])]
        devices[holder].open(link)
    raise AssertionError("the game did not end")


@pytest.fixture
def devices(request, warm_contexts, server):
    yield from device_maker(request, warm_contexts, server)


def moves_shown(page) -> int:
    return page.locator("#moves [data-ply]").count()


def test_a_whole_manalath_game_by_links_between_two_phones(devices):
    red, blue = devices(2)
    # random.Random(11) plays a short game (7 moves: three handovers each way) to its end.
    game, last = play_by_links([red, blue], [{0}, {1}], "manalath", 2, random.Random(11))
    assert game.is_over
    total = len(game.history)
    # The device that played the last move offers the final position to the other, and says once it is sent.
    final, other = (red, blue) if moves_shown(red.page) == total else (blue, red)
    colour = "Black" if final is red else "White"
    assert final.page.inner_text("#link-status").startswith(f"The game is over: send the final position to {colour}")
    assert final.page.inner_text("#send-move") == f"Send the final position to {colour}"
    final.page.locator("#send-move:enabled").tap()
    final.page.tap("#send-copy")
    final.page.tap("#send-close")
    assert final.page.inner_text("#link-status").startswith("The game is over. You sent the final position at ")
    other.open(last)
    assert other.page.inner_text("#link-status") == "The game is over."
    # Both devices end with the whole game, each in one saved game.
    for device in (red, blue):
        device.open(last) if moves_shown(device.page) < total else None
        assert moves_shown(device.page) == total
        saved = device.page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boardgames.save.')).length")
        assert saved == 1, "every link of the game updated the same saved game"


@pytest.mark.parametrize("players", [2, 3])
def test_a_not_nyout_game_by_links_every_roll_from_the_devices_shares(devices, players):
    """Sixteen handovers of a game (the roll-off, fights, every device's turns): whole games by
    links, to their end, are played in the engine's tests (test_fair.py), where they take a
    second, not minutes; here, what the page adds: each link opened, signed, rolled and saved."""
    phones = devices(players, still=True)
    game, last = play_by_links(phones, [{seat} for seat in range(players)], "not_nyout", players,
                               random.Random(players), handovers=16)
    # The dice come from the devices' random secrets, so how many moves sixteen handovers hold varies
    # (15 once with three players): the roll-off's dice and the first turns' are always among them.
    assert len(game.history) >= 2 * players
    for phone in phones:
        phone.one_saved_game()  # each link, dice shares alone too, updated the device's one save
    _, params = game_of(last)
    # The engine takes the link's every signature and share as they are.
    call("fair_check", record=json.loads(game.to_json()), fair=fair_data(params["f"]))
    # The rolls came from the shares: each device showed some.
    assert all(int(party.split(".")[4]) > 0 for party in params["f"].split("~")[1:])


def fair_data(text: str) -> str:
    """A link's f= text as the engine's fair data (JSON)."""
    game_id, *parties = text.split("~")
    rows = []
    for party in parties:
        seats, head, key, shown, count, sig, plies, known = party.split(".")
        rows.append({"seats": [int(c) for c in seats], "head": head, "key": key, "shown": None if shown == "-" else shown,
                     "count": int(count), "sig": None if sig == "-" else sig, "plies": int(plies), "known": int(known)})
    return json.dumps({"id": game_id, "parties": rows})


def message(page) -> str:
    page.wait_for_selector("#message:not([hidden])")
    return page.inner_text("#message")


def saved_games(page) -> int:
    return page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boardgames.save.')).length")


def repacked(link: str, moves: list[str]) -> str:
    """The same link with other moves (the engine packs them as the page would)."""
    game, params = game_of(link)
    record = json.loads(game.to_json())
    packed = call("pack", record={**record, "moves": moves})["packed"]
    return link.replace(f"m={params['m']}", f"m={packed}")


def test_old_changed_and_foreign_links_change_nothing(devices):
    red, blue, carol = devices(3)
    red.start("manalath", 2, {0})
    first = move_and_send(red, "e5w")
    blue.open(first)
    assert "you play Black" in blue.page.inner_text("#link-status") or "Your turn" in blue.page.inner_text("#link-status")
    # Blue's device plays Blue's seat only.
    second = move_and_send(blue, "d4b")
    blue.page.tap('[data-cell="a1"]')
    assert "turn" in blue.page.inner_text("#hint") and moves_shown(blue.page) == 2
    red.open(second)
    assert moves_shown(red.page) == 2 and saved_games(red.page) == 1

    # The same link again, and an older one: seen already; nothing changes.
    for old in (second, first):
        red.open(old)
        assert "seen already" in message(red.page)
        assert moves_shown(red.page) == 2 and saved_games(red.page) == 1
        red.page.click("#message .message-close")

    # Forged links (issue 36), each refused in one sentence, changing nothing: Black's move changed;
    # a move added for Red (the move count raised by one); the game's id changed by one character;
    # a device's commitment changed.
    game, params = game_of(second)
    game_id, *parties = params["f"].split("~")
    seats, head, *rest = parties[1].split(".")
    added = next(m for m in game.legal_moves() if m.startswith("a"))
    for forged, words in [
        (repacked(second, ["e5w", "c3b"]), "Black's signature does not match this game"),
        (repacked(second, ["e5w", "d4b", added]), "move 3 was made for White, but White's device has not signed it"),
        (second.replace(f"f={game_id}", f"f={'B' if game_id[0] != 'B' else 'C'}{game_id[1:]}"), "the link was changed"),
        (second.replace(params["f"], "~".join([game_id, parties[0], ".".join([seats, "A" * 21 + "Q", *rest])])),
         "the link was changed"),
    ]:
        red.open(forged)
        text = message(red.page)
        assert words in text and text.count(". ") <= 2 and "Nothing was changed" in text, text
        red.page.click("#message .message-close")
        assert moves_shown(red.page) == 2 and saved_games(red.page) == 1

    # Someone else who opens a link of this game only watches: its seats are Red's and Blue's devices'.
    carol.open(second)
    assert "watching" in carol.page.inner_text("#link-status")
    carol.page.tap('[data-cell="a1"]')
    assert "watching" in carol.page.inner_text("#hint")
    assert moves_shown(carol.page) == 2


def test_a_changed_roll_is_refused_and_nobody_rolls_alone(devices):
    red, blue = devices(2, still=True)
    red.start("not_nyout", 2, {0})
    invitation = red.send()
    game, params = game_of(invitation)
    # The roll-off waits for Blue: Red's device alone could not roll it.
    assert params["to"] == "1" and len(game.history) == 0
    blue.open(invitation)
    reply = blue.send()
    game, params = game_of(reply)
    # Blue's share is shown, but the roll needs Red's too: still no die in the record.
    assert len(game.history) == 0 and params["to"] == "0"
    red.open(reply)
    back = red.send()
    game, _ = game_of(back)
    assert len(game.history) >= 1, "Red's device rolled with both shares"
    # Blue receives the roll; the same link with another outcome for the first die is refused as changed.
    first = game.history[0]
    other = next(m for m in sorted(py_engines.load(json.dumps({**json.loads(game.to_json()), "moves": []})).legal_moves())
                 if m != first)
    blue.open(repacked(back, [other]))
    assert "link was changed" in message(blue.page)
    assert moves_shown(blue.page) == 0


def test_a_link_opens_offline_on_a_device_that_kept_the_site(devices, server):
    """Offline, a link opens the site the service worker kept, and the game goes on by links.
    The phones are warm contexts, which kept the site when they were primed; the test's
    server stops (no network: every request refused) and serves again at its end."""
    red, blue = devices(2)
    for device in (red, blue):
        visit_and_keep(device.page, server.url + "#/manalath")
        device.opened = True
    server.stop()  # from here on, no network
    try:
        red.start("manalath", 2, {0})
        first = move_and_send(red, "e5w")
        blue.new_tab()  # the link is opened in a new tab, as from a message
        blue.open(first)
        assert moves_shown(blue.page) == 1 and "Your turn" in blue.page.inner_text("#link-status")
        red.open(move_and_send(blue, "c3b"))
        assert moves_shown(red.page) == 2 and "Your turn" in red.page.inner_text("#link-status")
    finally:
        server.start_again()


def test_a_nimbus_deal_by_links_waits_for_the_friend_s_share(devices):
    red, blue = devices(2, still=True)
    page = red.page
    page.goto(red.server.url + "#/nimbus")
    wait_ready(page)
    red.opened = True
    page.locator("#new-game:enabled").tap()
    page.select_option("#setup-how", "links")
    page.select_option("#setup-random_setup", "1")
    page.tap("#setup-start")
    red.settle()
    invitation = red.send()
    game, params = game_of(invitation)
    assert len(game.history) == 0 and params["to"] == "1", "the deal waits for Blue's device"
    blue.open(invitation)
    red.open(blue.send())
    game, _ = game_of(red.send())
    assert game.history and game.history[0].startswith("deal"), "Red's device dealt from both shares"
    blue.open(red.send())
    assert moves_shown(blue.page) == moves_shown(red.page) >= 1
    red.one_saved_game()
    blue.one_saved_game()


def test_a_link_pasted_into_import_opens_as_the_link_does(devices):
    """Beyond what a message carries, the link travels as text or a file: Import opens it as the link itself."""
    red, blue = devices(2)
    red.start("ambush", 2, {1})
    invitation = red.send()
    page = blue.page
    page.goto(blue.server.url + "#/manalath")
    wait_ready(page)
    blue.opened = True
    page.locator("#import:enabled").tap()
    page.fill("#import-text", invitation)
    page.tap("#import-submit")
    wait_ready(page, "ambush")
    blue.settle()
    assert "Your turn" in page.inner_text("#link-status"), "Blue joined Red's game of Ambush as the seat it was sent to"
    assert saved_games(page) == 1


def test_a_link_sent_before_the_first_move_invites_a_friend_to_a_free_seat(devices):
    red, blue = devices(2)
    red.start("manalath", 2, {0})
    red.page.locator("#send-move:enabled").tap()
    assert "joins the game as Black" in red.page.inner_text("#send-dialog")
    invitation = red.page.locator("#send-link").input_value()
    red.page.tap("#send-close")
    assert "to=1" in invitation
    blue.open(invitation)
    assert "you play Black" in blue.page.inner_text("#link-status") or "White's turn" in blue.page.inner_text("#link-status")
    assert "watching" not in blue.page.inner_text("#link-status")
    # White moves before hearing that Black joined: Black's device takes the move all the same.
    blue.open(move_and_send(red, "e5w"))
    assert moves_shown(blue.page) == 1 and "Your turn" in blue.page.inner_text("#link-status")
    red.open(move_and_send(blue, "d4b"))
    assert moves_shown(red.page) == 2 and "Your turn" in red.page.inner_text("#link-status")


def play_turn_and_send(device) -> str:
    """Play the first legal moves of this device's turn (a Nimbus turn is two) and return the link it sends."""
    game, _ = game_of(device.send())
    mover = game.to_move
    while game.to_move == mover and not game.is_over:
        played = moves_shown(device.page)
        move = game.legal_moves()[0]
        enter_move(device.page, game, move)
        game.play(move)
        device.page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length > {played}")
    device.settle()
    return device.send()


def test_three_phones_a_forwarded_link_cannot_change_another_seat_s_moves(devices):
    """Issue 36, with a third device: Blue passes Red's game on to Green. A link in which Blue
    changed Red's move, or added a move for Green, is refused on Green's phone (which has
    never seen the game) and on Red's, and nothing is saved or changed."""
    red, blue, green = devices(3)
    red.start("nimbus", 3, {0})
    blue.open(play_turn_and_send(red))
    to_green = play_turn_and_send(blue)
    game, params = game_of(to_green)
    assert params["to"] == "2"
    record = json.loads(game.to_json())
    first = py_engines.load(json.dumps({**record, "moves": []}))
    other_take = next(m for m in first.legal_moves() if m != record["moves"][0])
    # Red's turn changed (Blue's turn replayed after it), as Blue could repack the link it got.
    replay = py_engines.load(json.dumps({**record, "moves": []}))
    replay.play(other_take)
    red_turn = [other_take, replay.legal_moves()[0]]
    replay.play(red_turn[1])
    blue_turn = []
    while replay.to_move == 1:
        blue_turn.append(replay.legal_moves()[0])
        replay.play(blue_turn[-1])
    changed_red = repacked(to_green, red_turn + blue_turn)
    added_green = repacked(to_green, record["moves"] + [game.legal_moves()[0]])
    for forged, words in [(changed_red, "Player 1's signature does not match this game"),
                          (added_green, "whose device has not joined the game")]:
        green.page.goto(green.server.url + "#" + urlsplit(forged).fragment)  # Green's first link: no game here yet
        green.opened = True
        wait_ready(green.page, "nimbus")
        text = message(green.page)
        assert words in text and "Nothing was changed" in text, text
        green.page.click("#message .message-close")
        assert saved_games(green.page) == 0
        red.open(forged)
        text = message(red.page)
        assert words in text and "Nothing was changed" in text, text
        red.page.click("#message .message-close")
        assert moves_shown(red.page) == 2 and saved_games(red.page) == 1
    # The link as Blue sent it: Green joins and plays on.
    green.open(to_green)
    assert "Your turn: you play Player 3" in green.page.inner_text("#link-status")
    assert moves_shown(green.page) == len(record["moves"])
