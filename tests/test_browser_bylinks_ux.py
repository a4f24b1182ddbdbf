"""A game by links as its players met it (issue 31, the players' reports): Share sends
the game's own link, a link sent is shown as sent, the panel's words (an invitation, the
game or your move), another seat's choices are never drawn live here, resigning and
ending a game nobody answers, and a device whose key for the game is damaged. One save
per device is checked by the whole games of test_browser_bylinks.py."""
from __future__ import annotations

import pytest

from conftest import axe_violations, enter_move, wait_ready
from test_browser_bylinks import device_maker, game_of, moves_shown

pytestmark = pytest.mark.browser

NAMES = ["Red", "Blue", "Green"]  # Not Nyout's seats
LAST_SHARE = "The last player to give a dice share sees the roll first."
DAMAGED = "This device's key for this game is damaged: you can watch the game but no longer play its seats here."


@pytest.fixture
def phones(request, warm_contexts, server):
    for make in device_maker(request, warm_contexts, server):
        yield lambda count: make(count, still=True)


def panel(device) -> str:
    return device.page.inner_text("#link-panel")


def status(device) -> str:
    return device.page.inner_text("#link-status")


def label(device) -> str:
    """The Send button's words, and whether it is the primary one."""
    button = device.page.locator("#send-move")
    return button.inner_text(), "primary" in (button.get_attribute("class") or "")


def dialog(device, how: str | None = None, opener: str = "#send-move") -> tuple[str, str]:
    """Open the Send dialog (by the Send button, or Share), and send the link `how` (a
    button of the dialog: copy, QR code, file) if given: (the dialog's words, the link)."""
    device.page.locator(f"{opener}:enabled").tap()
    device.page.wait_for_selector("#send-dialog")
    text = device.page.inner_text("#send-dialog")
    link = device.page.locator("#send-link").input_value()
    if how:
        device.page.tap(how)
    device.page.tap("#send-close")
    return text, link


def test_invitations_sent_links_and_another_seat_s_choice(phones):
    red, blue, green = phones(3)
    devices = [red, blue, green]
    red.start("not_nyout", 3, {0})
    # The roll-off waits for Blue's share, and nobody plays Blue yet: the link is an invitation.
    assert label(red) == ("Invite Blue: send this link", True)
    assert "nobody plays Blue yet" in status(red) and LAST_SHARE in panel(red)
    # Share (⤴) opens the same Send dialog, with the game's own link: never a plain copy of the game.
    words, invitation = dialog(red, "#send-copy", opener="#share")
    assert red.page.locator("#share-dialog").count() == 0
    assert words.startswith("Invite Blue") and "joins the game as Blue" in words
    _, params = game_of(invitation)
    assert "f" in params and params["to"] == "1"
    # Sent: the page says so, until the game changes.
    assert "Invitation sent to Blue at" in status(red) and label(red) == ("Send again", False)

    # Pass the game on by its links, each device playing the first legal move of its own seat.
    link, joined, checked = invitation, {0}, False
    for _ in range(40):
        holder = devices[int(game_of(link)[1]["to"])]
        holder.open(link)
        joined.add(devices.index(holder))
        words = label(holder)[0]
        text, link = dialog(holder)
        game, params = game_of(link)
        moved = False
        while game.to_move == devices.index(holder):
            if not checked and len(joined) > 1:
                check_own_choice(devices, holder, game, link, joined)
                checked = True
            enter_move(holder.page, game, sorted(game.legal_moves())[0])
            holder.settle()
            moved = True
            words, primary = label(holder)
            text, link = dialog(holder)
            game, params = game_of(link)
            assert primary, words
        seat = int(params["to"])
        if seat not in joined:  # a first link to a seat nobody plays yet is an invitation, wherever it is offered
            assert words == f"Invite {NAMES[seat]}: send this link" and f"joins the game as {NAMES[seat]}" in text
        elif moved:
            assert words == f"Send your move to {NAMES[seat]}"
        else:  # only a share of the dice, or a die completed: no move of this device's
            assert words == f"Send the game to {NAMES[seat]}"
            assert (LAST_SHARE in panel(holder)) == (game.to_move == -1), "the dice's words where the dice wait"
        if checked and joined == {0, 1, 2}:
            break
    else:
        raise AssertionError(f"the game did not go round the three devices ({joined}, checked: {checked})")


def check_own_choice(devices, holder, game, link, joined):
    """The holder's own decision is drawn live on the holder's device only; sent, the game is shown as sent until it moves."""
    seat = devices.index(holder)
    assert holder.page.locator("[data-choice], [data-live]").count() > 0
    for other in sorted(joined - {seat}):
        page = devices[other].page
        devices[other].open(link)
        assert f"{NAMES[seat]} " in page.inner_text("#hint") and "on their own device" in page.inner_text("#hint")
        assert page.locator("[data-choice]").count() == 0 and page.locator("[data-live]").count() == 0
        page.keyboard.press("1")  # a choice's key is refused too
        assert moves_shown(page) == len(game.history)
    assert status(holder).startswith("Your turn")
    dialog(holder, "#send-file")  # the game sent as it is, before moving
    assert label(holder) == ("Send again", False)


def stored(device, change: str) -> None:
    """Change the device's one saved game in storage (`change` is JS on `save`), as if edited by hand."""
    device.page.evaluate("""(change) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('boardgames.save.'));
      const save = JSON.parse(localStorage.getItem(key));
      new Function('save', change)(save);
      localStorage.setItem(key, JSON.stringify(save));
    }""", change)


def reload(device) -> None:
    device.page.reload()
    wait_ready(device.page)
    device.settle()


def saved_badges(device) -> list[str]:
    device.page.locator("#saved-games:enabled").tap()
    badges = device.page.locator("#saved-list .saved-item .badge").all_inner_texts()
    device.page.tap("#saved-close")
    return badges


def test_a_damaged_key_resigning_and_abandoning_a_game_nobody_answers(phones):
    red, blue = phones(2)
    red.start("not_nyout", 2, {0})
    _, invitation = dialog(red, "#send-copy")
    blue.open(invitation)
    assert label(blue) == ("Send the game to Red", True), "Blue's device has only a share to send"
    _, reply = dialog(blue, "#send-copy")
    assert status(blue).startswith("Sent to Red at ") and "waiting for their share of the dice" in status(blue)
    assert LAST_SHARE in panel(blue)
    assert axe_violations(blue.page) == [], "the panel, its words and its buttons, for everyone"

    # Red's key for the game was damaged in storage: Red's device cannot give its share of the roll.
    stored(red, "save.link.secret = 'x';")
    red.open(reply)
    assert status(red) == DAMAGED and any(DAMAGED in text for text in red.said())
    assert "Rolling" not in panel(red) and moves_shown(red.page) == 0, "the page stopped trying to roll"
    assert red.page.locator("#send-move").is_hidden() and red.page.locator("[data-live]").count() == 0
    # Resigning is asked first; the game is then over on this device, kept among the saved games.
    red.page.tap("#link-resign")
    red.page.tap("#confirm-cancel")
    assert status(red) == DAMAGED
    red.page.tap("#link-resign")
    assert "Blue wins" in red.page.inner_text("#confirm-dialog")
    red.page.tap("#confirm-ok")
    assert red.page.inner_text("#status") == "Red resigned: Blue wins"
    assert status(red).startswith("You resigned at ") and red.page.locator("#link-resign").is_hidden()
    assert saved_badges(red) == ["current", "resigned"]
    reload(red)
    assert red.page.inner_text("#status") == "Red resigned: Blue wins" and status(red).startswith("You resigned at ")

    # Blue's device waits for Red's share: two days later, it says since when, and Blue may end the game.
    stored(blue, "save.link.sent.at = Date.now() - 2 * 86400e3 - 60e3;")
    reload(blue)
    assert status(blue).startswith("Sent to Red at ") and ", 2 days ago: waiting for their share of the dice" in status(blue)
    blue.page.tap("#link-abandon")
    blue.page.tap("#confirm-ok")
    assert blue.page.inner_text("#status") == "Ended as abandoned"
    assert "ended this game as abandoned" in status(blue) and blue.page.locator("#link-abandon").is_hidden()
    assert saved_badges(blue) == ["current", "abandoned"]
    # A link of it still opens it, as it is: abandoned, kept, not played on.
    blue.open(invitation)
    assert blue.page.inner_text("#status") == "Ended as abandoned" and saved_badges(blue) == ["current", "abandoned"]
    assert blue.page.locator("#send-move").is_hidden()
    # Over on this device: the home page no longer lists it among the games in progress.
    blue.page.evaluate("() => { location.hash = '#/'; }")
    wait_ready(blue.page, "home")
    assert blue.page.locator("[data-resume]").count() == 0
