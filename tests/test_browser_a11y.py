"""Accessibility: axe-core finds no serious or critical violation on any screen of any
game (the home page, each game part-way through and with a move begun, each dialog), in
light and dark, on a phone; the keyboard reaches every cell of a hex board by its
touching neighbours, the board is one Tab stop, and every dialog scrolls from the keyboard."""
from __future__ import annotations

import pytest

from conftest import AXE_COLOUR_RULES, PHONE, axe_violations, open_game, wait_ready
from test_browser_log import before_player_1s_turn, link

pytestmark = pytest.mark.browser

GAMES = ["manalath", "ambush", "nymbat", "not_nyout", "nimbus"]


def show(page, hash_: str, game: str) -> None:
    """Open a page of the site by its hash, in the page already loaded (no new boot)."""
    page.evaluate("(h) => { location.hash = h; }", hash_)
    page.wait_for_function(f"""() => document.body.dataset.ready &&
        (document.querySelector('.game')?.dataset.game ?? 'home') === '{game}'""")
    if game != "home":
        page.wait_for_function("document.body.dataset.busy === '0'")


def open_dialog(page, button: str, dialog: str) -> None:
    page.click(button)
    page.wait_for_selector(f"{dialog}[open]")


def close_dialogs(page) -> None:
    while (count := page.locator("dialog[open]").count()):
        page.keyboard.press("Escape")
        page.wait_for_function("(count) => document.querySelectorAll('dialog[open]').length < count", arg=count)


# What each game's page shows part-way through, which the check must see: the choices
# and lines whose names axe-core once found not to match their visible labels.
SHOWN = {"ambush": '[data-choice="cw"]', "nymbat": '[data-choice="pass"]',
         "not_nyout": '#banner:not([hidden]) >> nth=0', "nimbus": "#choices [data-choice]", "manalath": ".marks .mark"}


def test_no_serious_axe_violation_on_any_screen(returning, server):
    """Every screen in light and in dark (the same page, its colour scheme switched: in
    dark only the rules about colours, the rest being the same in both)."""
    page = returning(PHONE)
    found: dict[str, list[str]] = {}

    def check(where: str) -> None:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for v in axe_violations(page, rules=None if scheme == "light" else AXE_COLOUR_RULES):
                found.setdefault(f"{v['id']} ({v['impact']}): {v['help']}", []).extend(
                    f"{where}, {scheme}: {n['target']} {n['html']}" for n in v["nodes"][:4])

    page.goto(server.url)
    wait_ready(page)
    check("home")
    for name in GAMES:
        moves, seed = before_player_1s_turn(name)
        show(page, link(name, moves, seed), name)
        assert page.locator(SHOWN[name]).count(), f"{name}: {SHOWN[name]} is not on the page"
        check(name)
        live = page.locator("[data-cell][data-live]")
        if live.count():  # a move begun: a cell selected, its choices offered
            live.first.click()
            page.wait_for_function("document.body.dataset.busy === '0'")
            check(f"{name}, a move begun")
        open_dialog(page, "#rules", "#rules-dialog")
        check(f"{name}, rules")
        close_dialogs(page)
        open_dialog(page, "#new-game", "#setup-dialog")
        check(f"{name}, new game")
        close_dialogs(page)
    # The dialogs every game shares, once (on the last game's page).
    open_dialog(page, "#saved-games", "#saved-dialog")
    page.wait_for_function("!document.querySelector('#saved-list')?.textContent.includes('checking')")
    check("saved games")
    page.click("#saved-list [data-action=delete]")
    page.wait_for_selector("#confirm-dialog[open]")
    check("delete a saved game?")
    close_dialogs(page)
    open_dialog(page, "#import", "#import-dialog")
    page.fill("#import-text", "{x")
    page.click("#import-submit")
    page.wait_for_selector("#import-error:not([hidden])")
    check("import, refused")
    close_dialogs(page)
    open_dialog(page, "#export", "#export-dialog")
    check("export")
    close_dialogs(page)
    open_dialog(page, "#share", "#share-dialog")
    check("share")
    close_dialogs(page)
    assert not found, "axe-core violations:\n" + "\n".join(
        f"{rule}\n  " + "\n  ".join(where[:8]) for rule, where in found.items())


# -- the keyboard ---------------------------------------------------------------------

def focused_cell(page) -> str | None:
    return page.evaluate("document.activeElement?.dataset?.cell ?? null")


def cell_places(page) -> dict[str, tuple[float, float]]:
    """Each cell's place in the board's layout (one unit between touching cells, y up)."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-cell]')].map((c) => {
        const m = c.transform.baseVal.consolidate().matrix;
        return [c.dataset.cell, [m.e, m.f]];
    }))""")


@pytest.mark.parametrize("name, start", [("manalath", "e5"), ("nymbat", "h8")])
def test_arrows_go_to_the_touching_cell_on_a_hex_board(phone, server, name, start):
    page = phone
    page.goto(server.url + f"#/{name}")
    # This game's board, drawn (the keys need no engine); a page kept from the last test shows
    # the home page until the new address is drawn.
    page.wait_for_selector(f'body[data-shown][data-page="{name}"]')
    places = cell_places(page)  # drawn with y down: Up is a smaller y

    at = [start]

    def press(key: str) -> str:
        before = at[0]
        page.keyboard.press(key)
        after = at[0] = focused_cell(page)
        (x0, y0), (x1, y1) = places[before], places[after]
        assert abs(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 - 1) < 0.01, f"{key} from {before} to {after}: not touching"
        if key in ("ArrowLeft", "ArrowRight"):
            assert abs(y1 - y0) < 0.01 and (x1 - x0) * (1 if key == "ArrowRight" else -1) > 0, (key, before, after)
        else:
            assert (y1 - y0) * (-1 if key == "ArrowUp" else 1) > 0.5, (key, before, after)
        return after

    page.focus(f'[data-cell="{start}"]')
    assert focused_cell(page) == start
    right = press("ArrowRight")
    assert press("ArrowLeft") == start
    up = press("ArrowUp")
    assert up[0] != start[0] and right[0] == start[0]  # another row, the same row
    assert press("ArrowDown") == start  # Up then Down comes back
    down = press("ArrowDown")
    assert press("ArrowUp") == start
    # A run of Ups climbs one row at a time, and Downs come back the same way.
    path = [start]
    for _ in range(3):
        path.append(press("ArrowUp"))
    for cell in reversed(path[:-1]):
        assert press("ArrowDown") == cell
    assert len({right, up, down, start}) == 4


def test_the_board_is_one_tab_stop(phone, server):
    page = phone
    # Once the engine is up: the board drawn from the kept picture before it is drawn again then.
    open_game(page, server.url, "manalath")
    page.focus("#home")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "topbar-rules", "the header's rules after the back link"
    page.keyboard.press("Tab")
    first = focused_cell(page)
    assert first is not None, "Tab from the header goes to the board"
    page.keyboard.press("ArrowRight")
    moved = focused_cell(page)
    assert moved != first
    page.keyboard.press("Tab")
    assert focused_cell(page) is None, "a second Tab leaves the board"
    assert page.evaluate("!document.activeElement.closest('svg.board')")
    page.keyboard.press("Shift+Tab")
    assert focused_cell(page) == moved, "Shift+Tab comes back to the cell last focused"


def scrolls_to_the_end_by_keyboard(page, dialog: str) -> bool:
    """Whether the dialog's body scrolls; if it does, Tab reaches it and End, Home and
    the arrows scroll it (a failed assertion otherwise)."""
    body = f"{dialog} .dialog-body"
    if not page.eval_on_selector(body, "(b) => b.scrollHeight > b.clientHeight + 1"):
        return False
    on_body = f"document.activeElement === document.querySelector('{body}')"
    for _ in range(30):
        if page.evaluate(on_body):
            break
        page.keyboard.press("Tab")
    assert page.evaluate(on_body), f"Tab never reaches the scrolling body of {dialog}"
    page.keyboard.press("End")
    page.wait_for_function(f"(b => b.scrollTop + b.clientHeight >= b.scrollHeight - 2)(document.querySelector('{body}'))")
    page.keyboard.press("Home")
    page.wait_for_function(f"document.querySelector('{body}').scrollTop === 0")
    page.keyboard.press("ArrowDown")
    page.wait_for_function(f"document.querySelector('{body}').scrollTop > 0")
    return True


def test_every_dialog_scrolls_from_the_keyboard(screen, server):
    """On a phone held sideways (740x360) the dialogs are taller than the screen."""
    page = screen(740, 360)
    moves, seed = before_player_1s_turn("nimbus")
    page.goto(server.url + link("nimbus", moves, seed))
    wait_ready(page)
    page.wait_for_function("document.body.dataset.busy === '0'")
    scrolled = []
    for button, dialog in [("#rules", "#rules-dialog"), ("#new-game", "#setup-dialog"),
                           ("#saved-games", "#saved-dialog"), ("#import", "#import-dialog"),
                           ("#export", "#export-dialog"), ("#share", "#share-dialog")]:
        open_dialog(page, button, dialog)
        if dialog == "#rules-dialog":  # the rules are read: the keys scroll them at once
            assert page.evaluate("document.activeElement.matches('#rules-dialog .dialog-body')")
        if scrolls_to_the_end_by_keyboard(page, dialog):
            scrolled.append(dialog)
        else:  # all of it in view: nothing to scroll
            box = page.locator(dialog).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 360, (dialog, box)
        close_dialogs(page)
    assert "#rules-dialog" in scrolled and "#setup-dialog" in scrolled, scrolled
