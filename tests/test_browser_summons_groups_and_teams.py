"""What a new player met in Not Nyout and Nymbat (issue 27), on a phone: a summon that names
its station, a Join / Stay apart question asked beside the horse at its arriving station,
player cards that say what they count, the teams before a four-player game starts, and
paths that leave the arriving pieces' numbers readable."""
from __future__ import annotations

from urllib.parse import quote

import pytest

import py_engines
from conftest import game_query, open_game, PHONE, status, tap_move, wait_ready
from py_engines import CHANCE
from py_engines.playout import random_game

pytestmark = pytest.mark.browser

# Seed 1, two players: Blue to move with a 2 and a 1, its group of 2 on N3 and a horse on W
# (N3 to W with the 2 lands on it: join or stay apart); a summon enters on N1 or N2.
BLUE_TWO_DICE = ["d2", "d10", "r2", "+2", "r1", "+1", "r3", "+3", "r3", "S1>S4/3", "r3-3", "+3&",
                 "N2>W/3", "r4", "S4>E3/4", "r2-1"]


def open_not_nyout(page, base: str, moves: list[str], seed: int, players: int = 2):
    """The game at ``moves`` on the page, and the same game in the engine."""
    open_game(page, base, "not_nyout", game_query(moves, seed=seed, **({"players": players} if players != 2 else {})))
    # The record's moves are in (and maybe the dice the page rolls next).
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length >= {len(moves)}")
    game = py_engines.new_game("not_nyout", players, seed)
    for move in moves:
        game.play(move)
    return game


def follow_dice(page, game) -> None:
    """Let the page roll at the game's chance points; the engine's copy rolls the same."""
    while game.to_move == CHANCE:
        game.roll()
        page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {len(game.history)}")


def hint(page) -> str:
    return page.inner_text("#hint")


# -- Not Nyout: a summon says where it goes -------------------------------------------------

def test_a_summon_with_one_station_names_it_and_goes_there_at_once(phone, server):
    page = phone
    game = open_not_nyout(page, server.url, ["d7", "d3"], 5)   # Red wins the roll-off
    follow_dice(page, game)
    roll = game.rolls[0]
    button = page.locator('[data-choice="stable"]')
    assert button.inner_text().startswith(f"Summon to S{roll}")
    assert f"Summon a horse from the stable onto S{roll}" in hint(page)
    count = page.locator("#moves [data-ply]").count()
    button.tap()
    # No tap on the station: the horse is on it.
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length >= {count + 1}")
    assert "red horse" in page.get_attribute(f'[data-cell="S{roll}"]', "aria-label")


def test_a_summon_with_two_stations_asks_for_one_of_them_by_name(phone, server):
    page = phone
    open_not_nyout(page, server.url, BLUE_TWO_DICE, 1)
    assert status(page) == "Blue to move: dice 2, 1 left"
    button = page.locator('[data-choice="stable"]')
    assert button.inner_text().startswith("Summon") and "to" not in button.inner_text()
    button.tap()
    assert hint(page) == "Tap where the horse comes in: N2 with the 2 or N1 with the 1."
    live = set(page.eval_on_selector_all("[data-cell][data-live]", "els => els.map(e => e.dataset.cell)"))
    assert live == {"N1", "N2"}


# -- Not Nyout: Join or Stay apart, asked beside the horse where it lands -------------------

# Seed 1, four players: Red to move with 3, 3 and 1; its horse on W3 reaches its horse on W4 with the 1.
FOUR_JOIN = ["d2", "d10", "d8", "d7", "slot3", "slot1", "slot4", "r3", "home=S", "r3", "home=W", "r3", "home=E",
             "r4", "home=N", "r1", "S3>S4/1", "r4", "+4", "r3", "E3>N1/3", "r1", "N4>W/1", "r4", "+4", "r4-3", "+4",
             "W4>S2/3", "r1", "+1", "r2", "+2", "r4-4", "+4&", "S4>E2/4", "r3-3-1"]

SIDEWAYS = {**PHONE, "viewport": {"width": 740, "height": 360}}


@pytest.fixture(params=["upright", "sideways"])
def held(request, returning, server):
    """A fresh page on a phone held upright (360x740) or sideways (740x360), failing on console errors."""
    return returning(PHONE if request.param == "upright" else SIDEWAYS)


def in_view(page, selector: str) -> bool:
    """Whether the element is wholly on screen, the page not scrolled (nor a scrolling column)."""
    return page.eval_on_selector(selector, """(el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
    }""")


def deco(page, cell: str) -> list[dict]:
    """The horses drawn on a station: each circle's classes and the number on it."""
    return page.eval_on_selector(f'[data-deco="{cell}"]', """(g) => [...g.querySelectorAll('circle.nn-horse')]
      .map((c) => ({cls: c.getAttribute('class'), size: c.nextElementSibling?.textContent}))""")


def test_join_or_stay_apart_shows_the_group_where_it_lands_and_asks_in_view(held, server):
    page = held
    game = open_not_nyout(page, server.url, BLUE_TWO_DICE, 1)
    assert game.view()["stations"]["N3"] == [{"owner": 1, "size": 2}]
    assert game.view()["stations"]["W"] == [{"owner": 1, "size": 1}]
    page.tap('[data-cell="N3"]')
    page.tap('[data-cell="W"][data-live]')
    # The pair has left N3 and stands on W beside the horse there, drawn as arriving.
    assert deco(page, "N3") == []
    on_w = deco(page, "W")
    assert [h["size"] for h in on_w] == ["1", "2"]
    assert "nn-arriving" in on_w[1]["cls"] and "nn-p1" in on_w[1]["cls"] and "nn-arriving" not in on_w[0]["cls"]
    assert page.inner_text("#hint") == "Join your horse on W, or stay apart?"
    # The question and its buttons are on screen with the board, nothing scrolled.
    assert page.evaluate("() => scrollY") == 0
    for selector in ("#hint", '[data-choice="join"]', '[data-choice="apart"]', '[data-cell="W"]'):
        assert in_view(page, selector), selector
    # Cancel puts the pair back; Join makes one group of 3.
    page.tap("#cancel-move")
    assert [h["size"] for h in deco(page, "N3")] == ["2"]
    tap_move(page, game, "N3>W/2&")
    assert [h["size"] for h in deco(page, "W")] == ["3"]
    # Four players' cards take more room: the question is still in view.
    game = open_not_nyout(page, server.url, FOUR_JOIN, 1, 4)
    assert "W3>W4/1&" in game.legal_moves()
    page.tap('[data-cell="W3"]')
    page.tap('[data-cell="W4"][data-live]')
    assert page.inner_text("#hint") == "Join your horse on W4, or stay apart?"
    for selector in ("#hint", '[data-choice="join"]', '[data-choice="apart"]'):
        assert in_view(page, selector), selector


def test_a_summon_onto_an_own_horse_shows_it_arriving_there(phone, server):
    page = phone
    # Red to move with one die, 2; its horse on S2: Summon to S2 asks at once whether to join.
    game = open_not_nyout(page, server.url, ["d7", "d3", "r2", "+2", "r1", "+1", "r2"], 5)
    assert game.view()["summons"] == {"2": "S2"} and game.view()["stations"]["S2"] == [{"owner": 0, "size": 1}]
    page.tap('[data-choice="stable"]')
    assert page.inner_text("#hint") == "Join your horse on S2, or stay apart?"
    on_s2 = deco(page, "S2")
    assert [h["size"] for h in on_s2] == ["1", "1"] and "nn-arriving" in on_s2[1]["cls"]
    assert in_view(page, '[data-choice="join"]')


# -- Not Nyout: the players' cards in words -------------------------------------------------

# Seed 1, four players: every home picked, some horses in the stables.
FOUR_HOMES = ["d2", "d10", "d8", "d7", "slot3", "slot1", "slot4", "r3", "home=S", "r3", "home=W", "r3", "home=E",
              "r4", "home=N", "r1", "S3>S4/1", "r4", "+4", "r3", "E3>N1/3"]


def cards(page, players: int) -> list[tuple[str, str, int]]:
    """Each player's card: its name, its detail and how many lines the detail takes (once the
    game's ``players`` cards are drawn, the previous game's gone, and every one laid out: a card
    drawn but not yet laid out has no lines)."""
    # Measured in the same frame as the wait: a redraw between the two once gave cards of no lines.
    return page.wait_for_function("""(players) => {
      const cards = [...document.querySelectorAll('.players .player')].map((el) => {
        const detail = el.querySelector('.player-detail');
        const range = document.createRange();
        range.selectNodeContents(detail);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        return [el.querySelector('.player-name').textContent, detail.textContent, lines];
      });
      return cards.length === players && cards.every(([, , lines]) => lines > 0) && cards;
    }""", arg=players).json_value()


def test_the_players_cards_say_what_they_count(held, server):
    page = held
    for players, moves in ((4, FOUR_HOMES), (2, BLUE_TWO_DICE)):
        game = open_not_nyout(page, server.url, moves, 1, players)
        view = game.view()
        expected = []
        for p, colour in enumerate(["Red", "Blue", "Green", "White"][:players]):
            detail = f"{view['horses'][p]} horses" + (f", {view['stable'][p]} in stable" if view["stable"][p] else "")
            expected.append((f"{colour} · home {view['home'][p]}", detail, 1))  # each detail on one line
        shown = [tuple(c) for c in cards(page, players)]
        assert shown == expected, shown


# -- Nymbat: the teams, before a four-player game starts and during it ----------------------

def test_the_new_game_dialog_shows_the_teams_of_four_before_start(phone, server):
    page = phone
    page.goto(server.url + "#/nymbat")
    wait_ready(page)
    page.tap("#new-game")
    page.wait_for_selector("#setup-dialog[open]")
    note = page.locator("#setup-seats-note")
    assert page.input_value("#setup-players") == "2" and note.is_hidden()
    page.select_option("#setup-players", "4")
    assert note.is_visible() and note.inner_text() == (
        "Two teams: Red and Gold (bottom and lower right edges) play together against Blue and Green "
        "(top and upper left).")
    assert page.get_attribute("#setup-dialog fieldset.setup-who", "aria-describedby") == "setup-seats-note"
    page.tap("#setup-start")
    page.wait_for_function("document.querySelectorAll('.players .player').length === 4")
    details = page.eval_on_selector_all(".players .player-detail", "els => els.map((e) => e.textContent)")
    assert details == ["reserve 40, with Gold", "reserve 40, with Green", "reserve 40, with Red", "reserve 40, with Blue"]


# -- Paths of moves leave the pieces' numbers readable --------------------------------------

PATHS_UNDER_PIECES = """() => {
  // Each path of a move: in the layer under what the cells hold, its line ending short of the
  // last cell's piece (at the arrowhead's base), the arrowhead's tip at that piece's rim.
  const decos = document.querySelector('.board .decos');
  return [...document.querySelectorAll('.board .mark-path')].map((g) => {
    const points = g.querySelector('polyline').getAttribute('points').trim().split(/\\s+/)
      .map((p) => p.split(',').map(Number));
    const [cx, cy] = g.querySelector('polygon').getAttribute('transform')
      .match(/^translate\\(([-\\d.]+) ([-\\d.]+)\\)/).slice(1).map(Number);
    const [x, y] = points[points.length - 1];
    return {
      under: Boolean(decos.compareDocumentPosition(g) & Node.DOCUMENT_POSITION_PRECEDING),
      lineEndsAt: Math.hypot(x - cx, y - cy),
    };
  });
}"""


def test_paths_lie_under_the_pieces_and_stop_short_of_the_one_arriving(phone, server):
    page = phone
    # Nymbat, seed 3: a late position where Red's 3 has just moved from j13 to g12, and Blue's
    # group moves of the turn before are still marked (passing over and onto its own pieces).
    whole = random_game("nymbat", 3)
    moves = whole.history[:whole.history.index("j13-g12") + 1]
    page.goto(server.url + "#/nymbat?moves=" + ".".join(quote(m, safe="") for m in moves))
    wait_ready(page)
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {len(moves)}")
    paths = page.evaluate(PATHS_UNDER_PIECES)
    assert len(paths) >= 2
    assert all(p["under"] for p in paths), paths
    assert all(p["lineEndsAt"] >= 0.5 for p in paths), paths
    # Every piece is drawn, number and disc, over the paths.
    game = py_engines.new_game("nymbat")
    for move in moves:
        game.play(move)
    pieces = game.view()["cells"]
    assert page.locator(".decos .ny-disc").count() == len(pieces)
    assert page.text_content('[data-deco="g12"] .ny-num') == str(pieces["g12"][1])
    # Not Nyout draws its horses over the paths too: Red's horse has just come to E3.
    open_not_nyout(page, server.url, BLUE_TWO_DICE, 1)
    paths = page.evaluate(PATHS_UNDER_PIECES)
    assert len(paths) == 1 and paths[0]["under"] and paths[0]["lineEndsAt"] >= 0.5, paths


def test_a_bring_ins_six_numbers_are_in_view_on_a_phone(held, server):
    page = held
    page.goto(server.url + "#/nymbat")
    wait_ready(page)
    page.wait_for_selector('[data-cell="c4"][data-live]')
    page.tap('[data-cell="c4"][data-live]')
    assert page.inner_text("#hint") == "Which number for the piece on c4? (1 to 6)"
    for n in range(1, 7):
        assert in_view(page, f'[data-choice="{n}"]'), n
    tops = {page.eval_on_selector(f'[data-choice="{n}"]', "(el) => Math.round(el.getBoundingClientRect().top)")
            for n in range(1, 7)}
    assert len(tops) == 1  # one row
    page.tap('[data-choice="3"]')
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 1")
    assert "Red 3" in page.get_attribute('[data-cell="c4"]', "aria-label")


def test_done_is_in_view_while_a_group_moves_in_a_four_player_game(held, server):
    page = held
    # Seed 3, four players: the first group move under way after the opening turns.
    whole = random_game("nymbat", 3, 4)
    game = py_engines.new_game("nymbat", 4)
    for i, move in enumerate(whole.history):
        game.play(move)
        if i > 40 and game.view()["phase"] == "move":
            break
    moves = whole.history[:i + 1]
    page.goto(server.url + "#/nymbat?players=4&moves=" + ".".join(quote(m, safe="") for m in moves))
    wait_ready(page)
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length === {len(moves)}")
    assert "is moving a group" in status(page)
    assert page.inner_text("#hint").endswith("or Done.")
    assert in_view(page, "#hint") and in_view(page, '[data-choice="done"]')
