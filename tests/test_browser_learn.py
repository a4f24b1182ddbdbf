"""The rules pages' worked examples, drawn by the game's own board from the
positions the build computed (py_engines.learn), on a phone."""
from __future__ import annotations

import pytest

from conftest import wait_ready
from py_engines.learn import DIAGRAMS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", sorted(game for game in DIAGRAMS if DIAGRAMS[game]))
def test_the_rules_page_draws_each_worked_example(phone, server, game):
    phone.goto(server.url + f"#/{game}")
    wait_ready(phone)
    # The "?" at the top of the page (on a phone the tools' Rules is often below the fold).
    assert phone.locator("#topbar-rules").is_visible() and phone.locator("#topbar-rules").bounding_box()["y"] < 60
    phone.tap("#topbar-rules")
    diagrams = DIAGRAMS[game]
    phone.wait_for_function(f"document.querySelectorAll('#rules-dialog figure svg.diagram').length === {len(diagrams)}")
    for diagram in diagrams:
        figure = phone.locator(f'#rules-dialog figure[data-diagram="{diagram.key}"]')
        assert figure.locator("figcaption").inner_text() == diagram.caption
        # A still picture: named by its words, no cell to tap or focus.
        svg = figure.locator("svg.diagram")
        assert svg.get_attribute("role") == "img"
        assert figure.locator("[role=button], [tabindex]").count() == 0
        for kind, cells in diagram.marks.items():
            assert figure.locator(f".mark-ring.diagram-{kind}").count() == len(cells)
    # Under every game's rules, what the board's marks mean, each drawn as the board draws it.
    legend = phone.locator("#rules-dialog .legend li")
    assert legend.count() == 6
    for cls in ("coach-win", "coach-lose", "coach-gift", "coach-warn", "preview"):
        ring = phone.locator(f"#rules-dialog .legend svg .mark-ring.{cls}")
        assert ring.evaluate("(e) => getComputedStyle(e).stroke") != "none", cls
