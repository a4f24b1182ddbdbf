"""Nothing on the page moves the board (issue 27): a message floats over it, a word on a new game and the
note about an earlier position shown go under it, a hint or a log entry keeps
it in view, and a phone held sideways keeps whose turn it is (and the dice) in
sight; no control overflows at any of the screens players use."""
from __future__ import annotations

import pytest

import py_engines
from conftest import game_query, open_game, tap_move, wait_ready
from py_engines.playout import random_game
from test_browser_log import before_player_1s_turn, link

pytestmark = pytest.mark.browser

GAMES = ["manalath", "ambush", "nymbat", "not_nyout", "nimbus"]
SCREENS = [(360, 740), (740, 360), (800, 600), (1280, 800)]


def board_y(page) -> float:
    return page.evaluate("() => document.querySelector('svg.board').getBoundingClientRect().top")


def test_a_message_and_the_earlier_position_note_leave_the_board_where_it_is(phone, server):
    phone.goto(server.url + "#/manalath")
    wait_ready(phone)
    game = py_engines.new_game("manalath")
    tap_move(phone, game, "e5w")
    tap_move(phone, game, "d5b")
    y = board_y(phone)
    # A message: a bad record imported.
    phone.tap("#import")
    phone.fill("dialog textarea", "this is not a game")
    phone.tap("dialog button.primary")
    phone.wait_for_selector("#message:not([hidden]), dialog [role=alert]:not([hidden]), dialog .error:not(:empty)")
    phone.keyboard.press("Escape")
    phone.evaluate("() => window.scrollTo(0, 0)")
    # A note: going back one move shows the earlier position (said under the board).
    phone.tap("#undo")
    phone.wait_for_function("document.querySelector('#position-note').textContent.includes('Showing')")
    assert board_y(phone) == y
    # A word on the new game, under the board in the page's flow: the board stays, and the
    # word covers none of the buttons below it.
    phone.tap("#redo")
    phone.tap("#new-game")
    phone.tap("dialog button.primary")
    phone.wait_for_selector("#notice:not([hidden])")
    assert "New game started" in phone.inner_text("#notice")
    assert phone.is_hidden("#message")
    assert board_y(phone) == y
    notice = phone.locator("#notice").bounding_box()
    for button in phone.locator("#choices button:visible, .controls button:visible").all():
        box = button.bounding_box()
        if button.evaluate("(b) => !b.closest('#notice')"):
            assert box["y"] >= notice["y"] + notice["height"] or box["y"] + box["height"] <= notice["y"], box
    phone.tap("#notice .notice-close")
    phone.wait_for_selector("#notice", state="hidden")


def test_a_hint_and_a_log_entry_keep_the_board_in_view_on_a_phone(phone, server):
    moves, seed = before_player_1s_turn("manalath")
    phone.goto(server.url + link("manalath", moves, seed))
    wait_ready(phone)
    in_view = ("() => { const b = document.querySelector('svg.board').getBoundingClientRect();"
               " return b.top >= -1 && b.bottom <= innerHeight + 1; }")
    # Scrolled down to the buttons, Hint: the hint is drawn on the board, so the board comes into view.
    phone.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    assert not phone.evaluate(in_view) and phone.locator("#hint-button").is_visible()
    phone.tap("#hint-button")
    phone.wait_for_function("document.querySelector('#hint').textContent.startsWith('Hint')")
    phone.wait_for_function(in_view)
    # Down in the game log, an earlier turn: the board shows it, in view.
    phone.locator("#moves .turn-text").nth(2).scroll_into_view_if_needed()
    assert not phone.evaluate(in_view)
    phone.locator("#moves .turn-text").nth(2).tap()
    phone.wait_for_function("document.querySelector('#position-note').textContent.includes('Showing')")
    phone.wait_for_function(in_view)


def test_a_choice_whose_next_step_is_a_cell_brings_the_board_into_view(phone, server):
    """Ambush: scrolled down to the Turn buttons, Turn: the coaster's middle is tapped next, so the
    board comes into view (a newcomer had to scroll back up to find it)."""
    phone.goto(server.url + "#/ambush?moves=a1s.f6s")
    wait_ready(phone)
    in_view = ("() => { const b = document.querySelector('svg.board').getBoundingClientRect();"
               " return b.top >= -1 && b.bottom <= innerHeight + 1; }")
    phone.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    turn = phone.locator('#choices [data-choice="cw"]')
    assert not phone.evaluate(in_view) and turn.is_visible()
    turn.tap()
    phone.locator('#choices [data-choice="s"]').tap()   # pay a small (a medium is in hand too)
    phone.wait_for_function("document.querySelector('#hint').textContent.includes('middle')")
    phone.wait_for_function(in_view)


def test_a_collect_tapped_once_shows_the_board_its_rings_are_on(phone, server):
    """Nimbus, a finger: scrolled down to the collect buttons, a first tap rings what the collect
    takes and says "tap again": the board comes into view, with the button still in sight (a
    newcomer read of the ringed pyramids with the board above the screen)."""
    whole = random_game("nimbus", 3, 2, random_setup=True, goal="rounds1")
    open_game(phone, server.url, "nimbus", game_query(whole.history[:1], random_setup=True, goal="rounds1"))
    game = py_engines.new_game("nimbus", 2, 0, random_setup=True, goal="rounds1")
    game.play(whole.history[0])
    collect = next(m for m in game.legal_moves() if ":" in m and len(game.move_entries(m)) >= 2)
    phone.tap(f'[data-cell="{game.move_entries(collect)[0][0]["cell"]}"][data-live]')
    in_view = ("() => { const b = document.querySelector('svg.board').getBoundingClientRect();"
               " return b.top >= -1 && b.bottom <= innerHeight + 1; }")
    phone.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    button = phone.locator(f'[data-choice="{collect}"]')
    assert not phone.evaluate(in_view) and button.is_visible()
    button.tap()
    assert button.get_attribute("aria-pressed") == "true"
    phone.wait_for_function(in_view)
    assert phone.evaluate("(b) => { const r = b.getBoundingClientRect(); return r.bottom <= innerHeight; }",
                          button.element_handle())


def test_a_phone_held_sideways_keeps_the_status_and_the_dice_in_sight(screen, server):
    page = screen(740, 360, mobile=True)
    moves, seed = before_player_1s_turn("not_nyout")
    page.goto(server.url + link("not_nyout", moves, seed))
    wait_ready(page)
    page.evaluate("() => { const side = document.querySelector('.side'); side.scrollTop = side.scrollHeight; }")
    page.wait_for_function("document.querySelector('.side').scrollTop > 0")
    for selector in ("#status", "#banner"):
        if page.locator(selector).is_hidden():
            continue
        box = page.locator(selector).bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= 360, (selector, box)
        hit = page.evaluate("(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
                            " const e = document.elementFromPoint(r.left + 4, r.top + r.height / 2);"
                            " return document.querySelector(sel).contains(e); }", selector)
        assert hit, selector


OVERFLOWS = """() => {
  const found = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) found.push('the page scrolls sideways');
  for (const el of document.querySelectorAll('.game button, .game select, .game .player, .game-panel, .side')) {
    if (!el.offsetParent) continue;
    const r = el.getBoundingClientRect();
    const name = (el.id || el.className || el.tagName) + ' ' + (el.textContent || '').trim().slice(0, 24);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto') found.push('cut: ' + name);
    if (r.right > width + 1 || r.left < -1) found.push('off screen: ' + name);
    const side = el.closest('.side');
    if (side && getComputedStyle(side).display !== 'contents' && r.right > side.getBoundingClientRect().right + 1) {
      found.push('beyond its column: ' + name);
    }
    if (el.tagName === 'SELECT') {
      const probe = document.createElement('span');
      probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:' + getComputedStyle(el).font;
      probe.textContent = el.selectedOptions[0]?.textContent || '';
      document.body.append(probe);
      if (probe.offsetWidth > el.clientWidth - 22) found.push('select cut: ' + name + ' ' + probe.textContent);
      probe.remove();
    }
  }
  return found;
}"""


@pytest.mark.parametrize("size", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_no_control_overflows_on_any_screen(screen, server, size):
    page = screen(*size)
    problems = []
    for name in GAMES:
        page.goto(server.url + f"#/{name}")
        wait_ready(page)
        # Every seat showing its longest choice (set without telling the page: nobody is to play).
        page.evaluate("() => document.querySelectorAll('.seat-select').forEach((s) => { s.value = 'expert'; })")
        problems += [f"{name}: {p}" for p in page.evaluate(OVERFLOWS)]
    assert problems == [], "\n".join(problems)
