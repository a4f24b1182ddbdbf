"""The positions the page-logic tests (tests/page/, node --test) are fed are what the
engine writes now: a change to the engine that changes them fails here, saying how to
write them again."""
from __future__ import annotations

from tools import page_fixtures


def test_the_page_tests_positions_are_the_engines_own():
    written = page_fixtures.write_all()
    for name, text in written.items():
        on_disk = (page_fixtures.FOLDER / name).read_text()
        assert on_disk == text, f"tests/page/fixtures/{name} is stale: write it with `python3 -m tools.page_fixtures`"
