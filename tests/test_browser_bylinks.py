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
from conftest import PHONE, Console, open_context, tap_choice, wait_ready

pytestmark = pytest.mark.browser


def call(op: str, **fields):
    answer = json.loads(bridge.handle(json.dumps({"op": op, **fields})))
    assert answer["ok"], answer
    return answer["result"]


def game_of(link: str):
    """The game a link holds, replayed by the engine here: (game, params)."""
    fragment = urlsplit(link).fragment
    name, _, query = fragment.partition("?")
    params = {key: values[0] for key, values in parse_qs(query, keep_blank_values=True).items()}
    record = call("unpack", game=name.strip("/"), players=int(params["players"]) if "players" in params else None,
                  seed=int(params.get("seed", 0)), options=None, packed=params["m"])["record"]
    return py_engines.load(json.dumps(record)), params


class Device:
    """One player's phone: a browser context of its own (its own storage)."""

    def __init__(self, browser, server, still: bool = False):
        self.server = server
        # `still`: a player who asked for less motion sees a link's moves at once (the long games' tests).
        self.context = open_context(browser, {**PHONE, "reduced_motion": "reduce"} if still else PHONE)
        self.page = self.context.new_page()
        self.console = Console(self.page)
        self.opened = False

    def start(self, game: str, players: int, mine: set[int]) -> None:
        """Open the game's page and start a new game by links, holding the seats `mine`."""
        page = self.page
        page.goto(self.server.url + f"#/{game}")
        wait_ready(page)
        self.opened = True
        page.locator("#new-game:enabled").tap()
        page.wait_for_selector("#setup-dialog")
        page.select_option("#setup-how", "links")
        if page.locator("#setup-players").count():
            page.select_option("#setup-players", str(players))
        for seat in range(players):
            page.select_option(f"#setup-seat-{seat}", "mine" if seat in mine else "friend")
        page.tap("#setup-start")
        page.wait_for_selector("#link-panel:not([hidden])")
        self.settle()

    def settle(self) -> None:
        """Wait until the page has shown every move and rolled what it can."""
        self.page.wait_for_selector("body[data-busy='0'] #link-panel:not([hidden])")
        self.page.wait_for_timeout(100)
        self.page.wait_for_selector("body[data-busy='0']")

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
        self.page.locator("#send-move:enabled").tap()
        link = self.page.locator("#send-link").input_value()
        self.page.tap("#send-close")
        return link

    def close(self) -> None:
        self.context.close()
        assert self.console.problems == [], self.console.problems


def tap_move(page, game, move: str) -> None:
    """Enter a move by its taps and choices (whoever's device it is, the page decides)."""
    for step in game.move_steps(move):
        if "cell" in step:
            page.tap(f'[data-cell="{step["cell"]}"][data-live]')
        else:
            tap_choice(page, step["choice"])


def play_by_links(devices, seats_of, game_name: str, players: int, rng: random.Random, limit: int = 400):
    """Play a whole game between `devices` (device i holds the seats seats_of[i]), each
    move chosen at random among the legal ones, every move and roll passed by link."""
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
            tap_move(devices[holder].page, game, rng.choice(sorted(game.legal_moves())))
            devices[holder].settle()
        if game.is_over:
            return game, link
        assert "to" in params, f"a link of a game in play names the seat it goes to: {link}"
        assert owner[int(params["to"])] != holder, f"a link is sent to another device: {link}"
        holder = owner[int(params["to"])]
        devices[holder].open(link)
    raise AssertionError("the game did not end")


@pytest.fixture
def devices(browser, server):
    made = []

    def make(count: int, still: bool = False):
        made.extend(Device(browser, server, still) for _ in range(count))
        return made

    yield make
    for device in made:
        device.close()


def moves_shown(page) -> int:
    return page.locator("#moves [data-ply]").count()


def test_a_whole_manalath_game_by_links_between_two_phones(devices):
    red, blue = devices(2)
    game, last = play_by_links([red, blue], [{0}, {1}], "manalath", 2, random.Random(31))
    assert game.is_over
    total = len(game.history)
    # Both devices end with the whole game, each in one saved game.
    for device in (red, blue):
        device.open(last) if moves_shown(device.page) < total else None
        assert moves_shown(device.page) == total
        saved = device.page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boardgames.save.')).length")
        assert saved == 1, "every link of the game updated the same saved game"


@pytest.mark.parametrize("players", [2, 3])
def test_a_whole_not_nyout_game_by_links_every_roll_from_two_devices_shares(devices, players):
    phones = devices(players, still=True)
    game, last = play_by_links(phones, [{seat} for seat in range(players)], "not_nyout", players, random.Random(players))
    assert game.is_over
    _, params = game_of(last)
    fair = call("fair_check", record=json.loads(game.to_json()), fair=fair_data(params["f"]))
    assert fair["pending"] is None
    # Every roll of the game came from the shares: each device showed some.
    assert all(int(party.split(".")[3]) > 0 for party in params["f"].split("~")[1:])


def fair_data(text: str) -> str:
    """A link's f= text as the engine's fair data (JSON)."""
    game_id, *parties = text.split("~")
    rows = []
    for party in parties:
        seats, head, shown, count = party.split(".")
        rows.append({"seats": [int(c) for c in seats], "head": head, "shown": None if shown == "-" else shown,
                     "count": int(count)})
    return json.dumps({"id": game_id, "parties": rows})
