"""Every turn told and shown: after the computer's turn its moves are marked on the board
and the log's newest entry says in words what it did; a log entry shows its position when
tapped; Not Nyout's fights show their dice. On a phone, in every game."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest

import py_engines
from conftest import label, shot, status, wait_ready
from py_engines.playout import random_game
from py_engines.rng import Rng

pytestmark = pytest.mark.browser

OPTIONS = {"nimbus": {"goal": "rounds1"}}
SEAT_1 = {"manalath": "Black", "ambush": "Black", "nymbat": "Blue", "not_nyout": "Blue", "nimbus": "Player 2"}
SEAT_0 = {"manalath": "White", "ambush": "Red", "nymbat": "Red", "not_nyout": "Red", "nimbus": "Player 1"}


def link(name: str, moves: list[str], seed: int) -> str:
    options = "".join(f"&{k}={v}" for k, v in OPTIONS.get(name, {}).items())
    return f"#/{name}?moves={'.'.join(quote(m, safe='') for m in moves)}&seed={seed}{options}"


def before_player_1s_turn(name: str) -> tuple[list[str], int]:
    """The moves of a seeded random game up to the start of one of player 1's turns,
    some way into the game (so that player 0 has a turn of its own behind it)."""
    for seed in range(1, 30):
        game = random_game(name, seed, 2, **OPTIONS.get(name, {}))
        trace: list[dict] = []
        py_engines.load(game.to_json(), trace=trace)
        for i in range(12, len(trace)):
            if trace[i]["player"] == 1 and trace[i]["turn"] != trace[i - 1]["turn"] and trace[i - 1]["player"] == 0:
                return game.history[:i], seed
    raise AssertionError("no such position")


@pytest.mark.parametrize("name", ["manalath", "ambush", "nymbat", "not_nyout", "nimbus"])
def test_the_computers_turn_is_marked_and_told(phone, server, name):
    page = phone
    moves, seed = before_player_1s_turn(name)
    page.goto(server.url + link(name, moves, seed))
    wait_ready(page)
    page.wait_for_selector("[data-cell]")
    # Player 0's turn is marked for player 1 to see, and told in words.
    assert page.locator(".marks .mark").count() > 0
    assert page.inner_text("#recent").startswith(SEAT_0[name])
    entries = page.locator("#moves .turn-text")
    before = entries.count()
    if before and entries.nth(before - 1).inner_text().startswith(SEAT_1[name]):
        before -= 1  # Not Nyout's page has already rolled player 1's dice: that entry is the turn's own
    page.select_option("#seat-1", "easy")
    # The computer plays its whole turn; then it is player 0's to play (or the game is over).
    seat_1 = json.dumps(SEAT_1[name])
    page.wait_for_function(f"""() => {{
        const texts = [...document.querySelectorAll('#moves .turn-text')].slice({before}).map((e) => e.textContent);
        const status = document.querySelector('#status').textContent;
        return texts.some((t) => t.startsWith({seat_1})) && document.querySelector('#thinking').hidden
          && document.body.dataset.busy === '0' && !status.startsWith({seat_1} + ' to');
    }}""", timeout=60_000)
    told = [t for t in entries.all_inner_texts()[before:] if t.startswith(SEAT_1[name])]
    assert len(told) == 1  # the computer's whole turn is one entry
    recent = page.locator("#recent li").all_inner_texts()
    assert told[0] in recent
    # Its moves are on the board: rings, paths, faded pictures or a coaster's turn.
    assert page.locator(".marks .mark").count() > 0
    if name in ("nymbat", "not_nyout"):
        assert page.locator(".marks .mark-p1").count() > 0  # in Blue's colour
    # The screen reader heard it in the same words, after the move and before the status (at a
    # game's end the move's words say who won, and the status is not said again).
    announced = page.inner_text("#announce")
    if page.locator("#status.over").count():
        assert announced.count(status(page).split(":")[0]) == 1, announced
    else:
        assert announced.endswith(status(page))
    shot(page, "computer-turn")


@pytest.mark.parametrize("name", ["ambush", "nymbat"])
def test_tapping_a_log_entry_shows_that_position(phone, server, name):
    page = phone
    moves, seed = before_player_1s_turn(name)
    page.goto(server.url + link(name, moves, seed))
    wait_ready(page)
    page.wait_for_selector("[data-cell]")
    entries = page.locator("#moves .turn-text")
    first = entries.first
    end = int(first.get_attribute("data-turn-end"))
    first.tap()
    page.wait_for_function(f"document.querySelector('#moves [aria-current=\"step\"]')?.dataset.ply === '{end}'")
    assert f"after move {end} of {len(moves)}" in page.inner_text("#position-note")
    assert page.locator("#moves .turn.current").count() == 1
    # The board shows that position: what the first turn placed is there, nothing later.
    game = py_engines.new_game(name, 2, seed)
    for move in moves[:end]:
        game.play(move)
    placed = [e["cell"] for e in game.events if e["type"] == "place"]
    assert placed and all("empty" not in label(page, c) for c in placed)
    assert page.inner_text("#status") != ""


def after_a_fight() -> tuple[list[str], int, dict]:
    """A fight's last round in a seeded random game, after which the attacker still has a
    die to play (so the page waits there rather than rolling on): moves, seed, the round."""
    for seed in range(1, 40):
        game = random_game("not_nyout", seed, 2)
        trace: list[dict] = []
        py_engines.load(game.to_json(), trace=trace)
        for i, m in enumerate(trace[:-1]):
            if any(e["type"] == "fight_end" for e in m["events"]) and trace[i + 1]["by"] not in (None, -1) \
                    and trace[i + 1]["turn"] == m["turn"]:
                return game.history[:i + 1], seed, next(e for e in m["events"] if e["type"] == "fight")
    raise AssertionError("no such fight")


def test_a_fight_shows_its_dice(phone, server):
    page = phone
    moves, seed, fight = after_a_fight()
    page.goto(server.url + link("not_nyout", moves, seed))
    wait_ready(page)
    page.wait_for_selector("#banner .nn-die")
    banner = page.inner_text("#banner")
    assert f"Fight on {fight['station']}" in banner
    assert page.locator(f'#banner [aria-label$="rolled {fight["attack_die"]}"]').count() >= 1
    assert page.locator(f'#banner [aria-label$="rolled {fight["defence_die"]}"]').count() >= 1
    loser = ("Red", "Blue")[fight["loser"]]
    assert f"{loser} loses a horse" in banner
    assert f"{fight['attack_die']}+2 against {fight['defence_die']}" in page.inner_text("#recent")
    shot(page, "fight")


def after_a_take_with_a_piece_left() -> tuple[str, list[str], int, str]:
    """A Nymbat attack the attacker survived, or an Ambush capture that left a stack:
    (game, moves, seed, the cell) for the first found in seeded random games."""
    for name in ("nymbat", "ambush"):
        for seed in range(1, 60):
            game = random_game(name, seed, 2)
            trace: list[dict] = []
            py_engines.load(game.to_json(), trace=trace)
            replay = py_engines.new_game(name, 2, seed)
            for ply, move in enumerate(game.history, 1):
                replay.play(move)
                taken = [e["cell"] for e in trace[ply - 1]["events"] if e["type"] in ("capture", "remove")]
                held = [c for c in taken if c in replay.view()["cells"]]
                if held and replay.to_move is not None:
                    return name, game.history[:ply], seed, held[0]
    raise AssertionError("no such position")


def test_no_mark_hides_what_stands_on_a_cell(phone, server):
    page = phone
    name, moves, seed, cell = after_a_take_with_a_piece_left()
    page.goto(server.url + link(name, moves, seed))
    wait_ready(page)
    page.wait_for_selector(f'.marks [data-mark="{cell}"]')
    centre = page.evaluate("""(cell) => {
        const r = document.querySelector(`[data-cell="${cell}"]`).getBoundingClientRect();
        return {x: r.left + r.width / 2, y: r.top + r.height / 2};
    }""", cell)
    covering = page.evaluate("""([cell, c]) => [...document.querySelectorAll(`.marks [data-mark="${cell}"]`)]
        .filter((m) => !m.classList.contains('mark-ring') && !m.classList.contains('mark-from'))
        .filter((m) => { const r = m.getBoundingClientRect();
                         return r.left < c.x && c.x < r.right && r.top < c.y && c.y < r.bottom; })
        .map((m) => m.getAttribute('class'))""", [cell, centre])
    assert covering == [], f"{name}: marks over the middle of {cell}: {covering}"
    assert page.locator(f'.marks .mark-ghost.beside[data-mark="{cell}"]').count() >= 1


def test_a_long_games_log_draws_its_last_turns_and_the_rest_when_asked(phone, server):
    """Nimbus with ten players, 1,200 moves: the log draws its last 400 turns or a few more (from a
    hundredth turn: laying out and painting thousands of entries at each move cost most of a move's
    time), and a button above them the rest."""
    game = py_engines.new_game("nimbus", 10, 7, goal="over100")
    rng = Rng(7)
    while len(game.history) < 1200 and not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    record = json.loads(game.to_json())
    save = {"id": "long", "game": "nimbus", "record": record, "cursor": len(record["moves"]), "updated": 1,
            "title": "long", "seats": ["human"] * 10}
    phone.goto(server.url)
    wait_ready(phone)
    phone.evaluate("(save) => { localStorage.setItem('boardgames.save.long', JSON.stringify(save));"
                   " localStorage.setItem('boardgames.current.nimbus', '\"long\"'); }", save)
    phone.goto(server.url + "#/nimbus")
    wait_ready(phone)
    phone.wait_for_selector(f'#moves [data-ply="{len(record["moves"])}"]')
    drawn = phone.locator("#moves .turn").count()
    assert 400 <= drawn < 500
    assert phone.locator('#moves [data-ply="1"]').count() == 0
    earlier = phone.locator("#moves .log-earlier button")
    assert earlier.inner_text().startswith("Show the ") and earlier.inner_text().endswith(" earlier turns")
    earlier.tap()
    phone.wait_for_selector('#moves [data-ply="1"]')
    assert phone.locator("#moves .turn").count() > drawn and phone.locator("#moves .log-earlier").count() == 0
    assert phone.locator("#moves [data-ply]").count() == len(record["moves"])
