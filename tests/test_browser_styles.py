"""A game's styles apply to its own page only: Nymbat and Not Nyout both colour a
third player's marks, and each page keeps its own colours, whatever was opened before."""
from __future__ import annotations

import pytest

from conftest import wait_ready

pytestmark = pytest.mark.browser

MARK_COLOUR = """(variable) => {
  const board = document.querySelector('svg.board');
  const probe = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  probe.setAttribute('class', 'mark mark-p2');
  board.appendChild(probe);
  const mark = getComputedStyle(probe).getPropertyValue('--mark').trim();
  const own = getComputedStyle(probe).getPropertyValue(variable).trim();
  probe.remove();
  return [mark, own];
}"""


def test_each_game_keeps_its_own_colours_for_the_third_player(phone, server):
    for game in ("nymbat", "not_nyout", "nymbat"):
        phone.goto(server.url + f"#/{game}")
        wait_ready(phone)
        phone.wait_for_selector("svg.board")
    mark, own = phone.evaluate(MARK_COLOUR, "--ny2")
    assert own and mark == own  # Nymbat's third colour, not Not Nyout's green
    phone.goto(server.url + "#/not_nyout")
    wait_ready(phone)
    phone.wait_for_selector("svg.board")
    mark, own = phone.evaluate(MARK_COLOUR, "--nn-green")
    assert own and mark == own
    applied = phone.evaluate("[...document.querySelectorAll('link[data-game-css]')]"
                             ".filter((l) => l.media !== 'not all').map((l) => l.dataset.gameCss)")
    assert applied == ["not_nyout"]
