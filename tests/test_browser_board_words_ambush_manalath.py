"""What a new player met in Ambush and Manalath (issue 27), checked on a phone:
what the dashed boxes on Ambush's board mean, the coasters in the dark, the mark
of a coaster's turn clear of every stack, a size or a payment taken without a
question when it is the only one, and Manalath's losing quart told apart from a
winning quint."""
from __future__ import annotations

import pytest

from conftest import open_game, PHONE, wait_ready

pytestmark = pytest.mark.browser

MIDDLES = ("b2", "e2", "b5", "e5")
# A game of ten turns: Red has stacks on c1, f4, f5 and f6, Black turned coaster 2 last.
TEN_TURNS = "f5s.d3s.2half-m.3cw-m.f4s.f1s.f6s.a1m.c1m.2half-s"

AMBUSH_LIVE = '[data-cell="c3"][data-live]'  # the board drawn and playable


@pytest.fixture(params=["light", "dark"])
def phone_in(request, returning, server):
    """A phone in the light or the dark colour scheme, failing the test on console errors."""
    return returning({**PHONE, "color_scheme": request.param})


def luminance(css: str) -> float:
    """The relative luminance (WCAG) of a computed colour, rgb(r, g, b)."""
    channels = [int(v) / 255 for v in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted([luminance(a), luminance(b)], reverse=True)
    return (la + 0.05) / (lb + 0.05)


def dashed(page, cell: str) -> bool:
    """Whether the cell shows the dashed box of a cell to tap."""
    return page.eval_on_selector(f'[data-cell="{cell}"] .ring', "r => getComputedStyle(r).stroke !== 'none'")


def turn_sign_shown(page, cell: str) -> bool:
    return page.eval_on_selector(f'[data-deco="{cell}"] .amb-turn', "t => getComputedStyle(t).display !== 'none'")


def test_dashed_boxes_are_said_and_a_middle_is_a_cell_until_a_turn_is_picked(phone, server):
    page = phone
    open_game(page, server.url, "ambush", f"?moves={TEN_TURNS}", AMBUSH_LIVE)
    # Placing: the dashed boxes are Red's own stacks, and the line under the board says what they do.
    assert [c for c in ("c1", "f4", "f5", "f6") if dashed(page, c)] == ["c1", "f4", "f5", "f6"]
    assert "one of your stacks (dashed) to place a pyramid there" in page.inner_text("#hint")
    # An empty middle is a cell like any other: no dashed box, no turning sign, its name shown.
    for cell in MIDDLES:
        assert not dashed(page, cell) and not turn_sign_shown(page, cell), cell
    assert page.is_visible('[data-deco="b2"] .amb-coord')
    # Turning: the middles that may turn are the dashed boxes, with ↻; coaster 2's shows ⊘, no box.
    page.tap('[data-choice="cw"]')
    page.tap('[data-choice="m"]')
    assert "middle cell (dashed) of the coaster" in page.inner_text("#hint")
    assert [c for c in MIDDLES if dashed(page, c)] == ["b2", "b5", "e5"]
    assert all(turn_sign_shown(page, c) for c in MIDDLES)
    assert page.text_content('[data-deco="e2"] .amb-turn') == "⊘"
    assert page.text_content('[data-deco="b2"] .amb-turn') == "↻"
    # The middles show the turn picked: counterclockwise, after Cancel and a new pick.
    page.tap("#cancel-move")
    page.tap('[data-choice="ccw"]')
    page.tap('[data-choice="m"]')
    page.wait_for_function("() => document.querySelector('[data-deco=\"b2\"] .amb-turn')?.textContent === '↺'")
    assert not dashed(page, "f4")  # a stack is no cell to tap now
    # A tap anywhere on a coaster picks it, as its middle would: a6 turns coaster 3 (middle b5).
    played = page.locator("#moves [data-ply]").count()
    page.tap('[data-cell="a6"]')
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length > {played}")
    assert "3ccw-m" in page.inner_text("#moves")


def test_the_four_coasters_are_framed_in_light_and_dark(phone_in, server):
    page = phone_in
    open_game(page, server.url, "ambush", drawn=AMBUSH_LIVE)
    frames = page.eval_on_selector_all(".region-frame.amb-coaster", """fs => fs.map((f) => {
      const style = getComputedStyle(f);
      const box = f.getBBox();
      return {stroke: style.stroke, width: parseFloat(style.strokeWidth), box: {width: box.width, height: box.height}};
    })""")
    assert len(frames) == 4
    cell = page.eval_on_selector('[data-cell="a1"] .tile', "t => getComputedStyle(t).fill")
    for frame in frames:
        # A line as wide as two gaps between cells, which stands out against the cells (WCAG's 3:1
        # for parts of a picture that carry meaning).
        assert frame["width"] >= 0.08
        assert contrast(frame["stroke"], cell) >= 3, (frame["stroke"], cell)
        assert (round(frame["box"]["width"], 3), round(frame["box"]["height"], 3)) == (3, 3)
    # Over the cells, under the stacks: a frame never hides a pyramid or a badge.
    order = page.evaluate("""() => [...document.querySelector('.board').children].map((g) => g.getAttribute('class'))""")
    assert order.index("cells") < order.index("region-frames") < order.index("decos")


def plies(page) -> int:
    return page.locator("#moves [data-ply]").count()


def test_the_only_size_or_payment_is_taken_without_a_question_and_said(phone, server):
    page = phone
    open_game(page, server.url, "ambush", drawn=AMBUSH_LIVE)
    # Every tree shows a small: the line says so, and a tap on a cell places it at once.
    assert "a small (the only size at hand)" in page.inner_text("#hint")
    page.tap('[data-cell="a1"]')
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 1")
    assert "red a small pyramid" in page.get_attribute('[data-cell="a1"]', "aria-label")
    assert "Red places a small on a1" in page.inner_text("#recent")
    # Black pays for a turn with the only size at hand: no question either, and the line says which.
    page.tap('[data-choice="cw"]')
    assert page.locator('[data-choice="s"]').count() == 0
    assert "paying a small (the only size at hand)" in page.inner_text("#hint")
    page.tap('[data-cell="b2"][data-live]')
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 2")
    assert page.inner_text('#moves [data-ply="2"]') == "1cw-s"
    assert "Black turns coaster 1 clockwise, paying a small" in page.inner_text("#recent")
    # Red has a small and a medium now: both are asked, for a placement and for a turn.
    page.tap('[data-cell="c3"]')
    assert page.locator("[data-choice]").evaluate_all("bs => bs.map(b => b.dataset.choice)")[:2] == ["s", "m"]
    page.tap('[data-cell="c3"]')  # let go
    page.tap('[data-choice="half"]')
    page.tap('[data-choice="m"]')
    # The coaster Black just turned is still refused, with the reason, and the turn stays under way.
    page.tap('[data-cell="b2"]')
    page.wait_for_function("document.querySelector('#hint').textContent.includes('Coaster 1 was turned on the turn just before')")
    assert plies(page) == 2
    page.tap('[data-cell="e5"][data-live]')
    page.wait_for_function("document.querySelectorAll('#moves [data-ply]').length === 3")
    assert page.inner_text('#moves [data-ply="3"]') == "4half-m"

# Stacks beside every side of every coaster (26 placements, Red to move with mediums at hand).
CROWDED = ("c2s.d2s.c3m.d3m.e3l.b3l.a1s.f1s.f2m.e4m.d4l.d5l.e6s.c4s.c5m.b4m.b6l.f4l.f5s.f6s.d6m.e1m."
           "c1l.a3l.a6s.c6s")

# The parts of the turn's mark (its line, as wide as drawn, and its head) that lie on a pyramid or a
# strength badge: points a fiftieth of a cell apart, each tried against every pyramid and badge.
COVERED = """() => {
  const svg = document.querySelector('.board');
  const screen = svg.getScreenCTM();
  const things = [...document.querySelectorAll('.decos .amb-pyr, .decos .amb-badge')];
  const onSomething = (x, y) => things.some((t) => {
    const local = new DOMPoint(x, y).matrixTransform(screen).matrixTransform(t.getScreenCTM().inverse());
    return t.isPointInFill(local);
  });
  const hits = [];
  for (const mark of document.querySelectorAll('.marks .mark-turn')) {
    const line = mark.querySelector('path');
    const half = parseFloat(getComputedStyle(line).strokeWidth) / 2;
    const length = line.getTotalLength();
    for (let d = 0; d <= length; d += 0.02) {
      const p = line.getPointAtLength(d);
      const q = line.getPointAtLength(Math.min(length, d + 0.01));
      const r = line.getPointAtLength(Math.max(0, d - 0.01));
      const n = Math.hypot(q.x - r.x, q.y - r.y) || 1;
      const [nx, ny] = [-(q.y - r.y) / n, (q.x - r.x) / n];
      for (const k of [-1, 0, 1]) if (onSomething(p.x + k * half * nx, p.y + k * half * ny)) hits.push(['line', p.x, p.y]);
    }
    const head = mark.querySelector('polygon');
    const toBoard = svg.getScreenCTM().inverse().multiply(head.getScreenCTM());
    for (let x = -0.3; x <= 0; x += 0.02) for (let y = -0.14; y <= 0.14; y += 0.02) {
      if (!head.isPointInFill(new DOMPoint(x, y))) continue;
      const p = new DOMPoint(x, y).matrixTransform(toBoard);
      if (onSomething(p.x, p.y)) hits.push(['head', p.x, p.y]);
    }
  }
  return hits;
}"""


def test_a_turns_mark_covers_no_pyramid_and_no_badge(phone, server):
    page = phone
    # Each way round, the coasters on the left and on the right (the head on the side towards the
    # middle), at the bottom and at the top of the board.
    for turn in ("1cw", "2ccw", "4half", "3half", "3ccw", "4cw"):
        open_game(page, server.url, "ambush", f"?moves={CROWDED}.{turn}-m", ".marks .mark-turn")
        assert page.locator(".decos .amb-badge").count() >= 18
        assert page.evaluate(COVERED) == [], turn


# Two games of Manalath: Black's last piece makes a black quart, and a white quint.
QUART_GAME = "e5b.a1b.c5b.i4w.c4w.a4b.c7w.b6w.f3b.e8b.e3b.f1w.d4w.d5w.d7b.h4w.g2b.a5b.i2w.h1b"
QUINT_GAME = "e1w.i5b.c3w.g3w.c5w.c6w.f4b.h1b.d5w.f7w.a5b.c2b.b2b.d2w.b3w.f2b.f1w.b1w.a1w.h5w.e4w.a2w.h6b"


def rgb(css: str) -> tuple[int, ...]:
    return tuple(int(v) for v in css[css.index("(") + 1:css.index(")")].split(",")[:3])


def test_manalaths_losing_quart_is_told_apart_from_a_winning_quint(phone_in, server):
    page = phone_in
    page.goto(server.url + "#/manalath?moves=" + QUART_GAME)
    wait_ready(page)
    page.wait_for_selector("#status.over")
    # The quart: ringed in red dashes, in no green, and said to have lost.
    rings = page.eval_on_selector_all(".decos .mana-quart", """rs => rs.map((r) => {
      const style = getComputedStyle(r);
      return {cell: r.parentNode.dataset.deco, stroke: style.stroke, dashes: style.strokeDasharray};
    })""")
    assert sorted(r["cell"] for r in rings) == ["e3", "f3", "g2", "h1"]
    for ring in rings:
        red, green, _ = rgb(ring["stroke"])
        assert red > green + 60 and ring["dashes"] != "none", ring
    assert page.locator(".cell.marked").count() == 0
    assert "Black's quart, ringed in red dashes, lost the game." in page.inner_text("#hint")
    # The quint: the board's green, no red ring, and said to have won.
    page.goto(server.url + "#/manalath?moves=" + QUINT_GAME)
    # The status of the last game is over too: wait for this one's own words.
    page.wait_for_function("document.querySelector('#hint').textContent.includes(\"White's quint\")")
    assert page.locator(".decos .mana-quart").count() == 0
    assert page.locator(".cell.marked .tile").count() == 5
    # (A tile's fill eases in over 0.12 s: wait for the colour it settles on.)
    page.wait_for_function("""() => [...document.querySelectorAll('.cell.marked .tile')].every((t) => {
      const [r, g] = getComputedStyle(t).fill.match(/\\d+/g).map(Number);
      return g > r + 60;
    })""", timeout=5_000)
    assert "White's quint, outlined in green, won the game." in page.inner_text("#hint")
