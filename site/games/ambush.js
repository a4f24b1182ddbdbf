// Ambush: what the page shows of the game, and nothing the engine decides.
// The board is the generic square board with the four coasters as regions. Each
// stack is drawn from the side as a tower of pyramids in its owner's colour (a
// pyramid hidden under a larger one is drawn faint), with its strength in a
// badge. The middle cell of each coaster, which is tapped to turn it, shows a
// turning arrow while a turn is being entered (ambush.css; at other times it is
// an ordinary cell, where a tap places).

const SEATS = ["Red", "Black"];
const SWATCHES = ["amb0", "amb1"];
const SIZE_NAMES = { s: "small", m: "medium", l: "large" };
const PIPS = { s: 1, m: 2, l: 3 };
const TURNS = { cw: "clockwise", half: "half way round", ccw: "counterclockwise" };
const CENTRES = { b2: 1, e2: 2, b5: 3, e5: 4 };
const TURN_GLYPHS = { cw: "↻", half: "180°", ccw: "↺" }; // on the turn buttons and, once one is picked, the middles
const WIDTH = { s: 0.4, m: 0.54, l: 0.68 };
const HEIGHT = { s: 0.34, m: 0.46, l: 0.58 };
const TURNS_IN_ALL = 30;

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * A tower of pyramids (sizes bottom to top, "lms"), standing on y = bottom and
 * at most `room` high, centred on x = cx; `shown` says which are visible.
 */
function tower(sizes, shown, player, cx, bottom, room) {
  const n = sizes.length;
  const top = HEIGHT[sizes[n - 1]];
  let base = bottom;
  let out = "";
  for (let i = 0; i < n; i++) {
    const s = sizes[i];
    const w = WIDTH[s] / 2;
    const h = HEIGHT[s];
    const hidden = shown && !shown[i] ? " amb-hid" : "";
    out += `<polygon class="amb-pyr amb-p${player}${hidden}" points="${(cx - w).toFixed(3)},${base.toFixed(3)} `
      + `${(cx + w).toFixed(3)},${base.toFixed(3)} ${cx.toFixed(3)},${(base - h).toFixed(3)}"/>`;
    if (i < n - 1) base -= Math.min(0.55 * h, (room - top) / (n - 1));
  }
  return out;
}

function stackSvg(info) {
  const p = info.player;
  return tower(info.stack, info.visible, p, -0.06, 0.43, 0.8)
    + `<circle class="amb-badge amb-b${p}" cx="0.29" cy="-0.29" r="0.17"/>`
    + `<text class="amb-strength amb-t${p}" x="0.29" y="-0.29">${info.strength}</text>`;
}

/** A small inline picture of towers side by side (trees, or single captured or spent pyramids). */
function pictureSvg(towers, player, label) {
  const width = towers.length * 0.74;
  const body = towers.map((sizes, i) => tower(sizes, null, player, 0.37 + i * 0.74, 0.97, 0.94)).join("");
  return `<svg class="amb-picture" viewBox="0 0 ${width.toFixed(2)} 1" style="width:${(width * 1.3).toFixed(2)}em" `
    + `role="img" aria-label="${label}">${body}</svg>`;
}

function stackWords(info) {
  const names = [...info.stack].map((s) => SIZE_NAMES[s]);
  const what = names.length === 1 ? `a ${names[0]} pyramid` : `${names.join(", ")} (bottom to top)`;
  return `${SEATS[info.player].toLowerCase()} ${what}, strength ${info.strength}`;
}

export default {
  name: "ambush",
  title: "Ambush",
  seats: SEATS,
  seatSwatches: SWATCHES,
  randomSeed: false,
  css: true,

  /** Keyboard shortcuts for choices: key -> choice token. */
  keys: { s: "s", m: "m", l: "l", c: "cw", h: "half", a: "ccw", 1: "mine", 2: "theirs" },

  choice(token, state) {
    const p = state.to_move ?? 0;
    if (token in SIZE_NAMES) {
      const name = SIZE_NAMES[token];
      return { text: `${name[0].toUpperCase()}${name.slice(1)} (${PIPS[token]})`, swatch: SWATCHES[p], key: token.toUpperCase() };
    }
    if (token === "cw") return { text: `Turn ${TURN_GLYPHS.cw}`, swatch: "", key: "C" };
    if (token === "ccw") return { text: `Turn ${TURN_GLYPHS.ccw}`, swatch: "", key: "A" };
    if (token === "half") return { text: "Turn 180°", swatch: "", key: "H" };
    if (token === "mine") return { text: `${SEATS[p]} first`, swatch: SWATCHES[p], key: "1" };
    return { text: `${SEATS[1 - p]} first`, swatch: SWATCHES[1 - p], key: "2" };
  },

  contents(view) {
    const out = {};
    for (const [cell, info] of Object.entries(view.cells)) out[cell] = `amb-stack amb-s${info.player}`;
    return out;
  },

  decorate(view, state, steps = []) {
    const out = {};
    // The turn picked, shown on each middle that may take it (↻ until one is picked).
    const turn = steps.find((s) => s.choice in TURN_GLYPHS)?.choice ?? "cw";
    for (const [cell, k] of Object.entries(CENTRES)) {
      if (view.cells[cell]) continue;
      const blocked = view.blocked === k ? " amb-blocked" : "";
      const half = !blocked && turn === "half" ? " amb-half" : "";
      out[cell] = `<text class="amb-turn${blocked}${half}" y="-0.06">${blocked ? "⊘" : TURN_GLYPHS[turn]}</text>`
        + `<text class="amb-coord">${cell}</text>`;
    }
    for (const [cell, info] of Object.entries(view.cells)) out[cell] = stackSvg(info);
    return out;
  },

  /** Whether a cell holds something now (what was taken there is then drawn beside it). */
  holds(view, cell) {
    return Boolean(view.cells[cell]);
  },

  cellLabel(name, view) {
    const info = view.cells[name];
    let text = `${name}, ${info ? stackWords(info) : "empty"}`;
    if (name in CENTRES) {
      const k = CENTRES[name];
      text += `, middle of coaster ${k}${view.blocked === k ? " (it may not turn now)" : ""}`;
    }
    if ((view.last || []).includes(name)) text += ", last move";
    if ((view.captures || []).includes(name)) text += ", just captured";
    return text;
  },

  status(state) {
    const view = state.view;
    const [a, b] = view.players.map((p) => p.score);
    if (state.is_over) {
      if (!state.winners.length) return `Draw: ${plural(a, "pip")} captured each`;
      const w = state.winners[0];
      return `${SEATS[w]} wins, ${plural(Math.max(a, b), "pip")} to ${Math.min(a, b)}`;
    }
    const me = SEATS[state.to_move];
    if (view.pending) return `${me}: both sides can capture. Whose captures come first?`;
    return `${me} to move (turn ${view.turn} of ${TURNS_IN_ALL})`;
  },

  hint(state, next, selected) {
    if (state.is_over) return "The game is over. Undo to look back, or start a new game.";
    const view = state.view;
    if (view.pending) {
      const [red, black] = view.pending.captures;
      return `Red would take ${red.join(", ")}; Black would take ${black.join(", ")}. `
        + "The side that goes first may spoil the other's capture.";
    }
    // With one size at hand the size is no step of a move (the engine leaves it out): a tap
    // places it, a turn pays it. The line says which it is, beforehand.
    const tops = view.players[state.to_move].tops;
    const only = tops.length === 1 ? SIZE_NAMES[tops[0]] : null;
    const sizes = next.choices.filter((c) => c in SIZE_NAMES);
    if (selected.length === 1 && sizes.length) return `Place which pyramid on ${selected[0]}?`;
    if (!selected.length && sizes.length && !next.cells.size) return "Pay which pyramid for the turn? It leaves the game.";
    if (!next.choices.length && next.cells.size && [...next.cells].every((c) => c in CENTRES)) {
      const paying = only ? `, paying a ${only} (the only size at hand)` : "";
      return `Tap the middle cell (dashed) of the coaster to turn${paying}.`;
    }
    const blocked = view.blocked ? ` (not coaster ${view.blocked}: it was just turned)` : "";
    const what = only ? `a ${only} (the only size at hand)` : "a pyramid";
    // The dashed boxes are the player's own stacks: say what a tap on one does.
    const stacks = Object.values(view.cells).some((info) => info.player === state.to_move);
    const where = stacks ? `an empty cell or one of your stacks (dashed) to place ${what} there` : `a cell to place ${what}`;
    return `Tap ${where}, or pick a turn to turn a coaster${blocked}.`;
  },

  players(state) {
    return state.view.players.map((p, seat) => ({
      name: SEATS[seat],
      swatch: SWATCHES[seat],
      detail: `${plural(p.score, "pip")} · ${p.left} left`,
      active: state.to_move === seat,
      winner: state.winners.includes(seat),
    }));
  },

  panel(state) {
    const view = state.view;
    const rows = view.players.map((p, seat) => {
      const standing = p.trees.filter((t) => t);
      const trees = standing.length
        ? pictureSvg(standing, seat, `trees: ${standing.join(", ")} (bottom to top)`) : "<span>all used</span>";
      const took = p.captured
        ? `<span>took</span>${pictureSvg([...p.captured], 1 - seat, `captured: ${p.captured}`)}` : "";
      const spent = p.spent ? `<span>spent</span>${pictureSvg([...p.spent], seat, `spent: ${p.spent}`)}` : "";
      return `<p class="amb-row"><span class="swatch ${SWATCHES[seat]}" aria-hidden="true"></span>`
        + `<span class="amb-name">${SEATS[seat]}</span>${trees}${took}${spent}</p>`;
    });
    return rows.join("");
  },

  /** While the order of captures is open: the stacks either side would capture. */
  marked(state) {
    const view = state.view;
    return new Set(view.pending ? view.pending.captures.flat() : []);
  },

  /**
   * A turn picked (and paid): a tap anywhere on a coaster picks it, as its middle cell would
   * (a newcomer tapped the cell a turn would carry a stack from, and was refused).
   */
  cellFor(cell, state, next, prefix) {
    if (!Object.hasOwn(TURN_GLYPHS, prefix[0]?.choice) || next.cells.has(cell)) return null;
    const k = [1, 2, 3, 4].find((n) => this.coasterCells(n).includes(cell));
    const middle = k ? this.coasterCells(k)[4] : null;
    return middle && next.cells.has(middle) ? middle : null;
  },

  /** The cells of coaster k (1-4), for its turn's mark and motion. */
  coasterCells(k) {
    const [c0, r0] = { 1: [0, 0], 2: [3, 0], 3: [0, 3], 4: [3, 3] }[k];
    const cells = [];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) cells.push(`${"abcdef"[c0 + c]}${r0 + r + 1}`);
    return cells;
  },

  /** A turned coaster: an arrow round it the way it turned. */
  marks(e) {
    if (e.type !== "rotate") return null;
    return [{ kind: "turn", cells: this.coasterCells(e.coaster), direction: e.direction }];
  },

  /** A captured pyramid, faded where it stood. */
  ghost(e) {
    return tower([e.size], null, e.owner, 0, 0.3, 0.6);
  },

  rules: `
    <p>Two players, <b>Red</b> (moves first) and <b>Black</b>, each have fifteen pyramids: five
    small (1 pip), five medium (2) and five large (3), set up as five <b>trees</b>, each a large
    with a medium on it and a small on top. The board is four 3×3 <b>coasters</b> laid out as a
    6×6 square, numbered 1 to 4 in the round badges at the board's corners.</p>
    <h3>A turn</h3>
    <p>Every turn uses one pyramid, and it must be the top of one of your trees: smalls while
    any tree is whole, a medium once a tree shows one, and so on. Then either:</p>
    <ul>
      <li><b>Place</b> it on an empty cell or on top of one of your own stacks; or</li>
      <li><b>Turn a coaster</b> a quarter clockwise, a half, or a quarter counterclockwise,
      with everything on it. The pyramid pays for the turn and leaves the game. You may not turn
      the coaster your opponent turned on the turn just before.</li>
    </ul>
    <h3>Strength</h3>
    <p>A pyramid in a stack counts only if no bigger pyramid sits anywhere above it. A stack's
    <b>strength</b> is the pips that count, shown in its badge. A small on a medium is 3, a
    medium on a small only 2; small on medium on large is 6, large on medium on small just 3.</p>
    <figure class="diagram-figure" data-diagram="strength"></figure>
    <h3>Capturing</h3>
    <p>Along a row, a column or a diagonal, one or more enemy stacks in an unbroken line with one
    of your stacks at each end form a <b>sandwich</b>. It captures if your two end stacks together
    are stronger than the stacks between them together; a tie captures nothing.</p>
    <figure class="diagram-figure" data-diagram="sandwich-tie"></figure>
    <p>Both ends count, so the cell to play on depends on what stands at the other end.</p>
    <figure class="diagram-figure" data-diagram="two-ends"></figure>
    <figure class="diagram-figure" data-diagram="two-cells"></figure>
    <p>One pyramid can close several sandwiches at once, and each of them captures.</p>
    <figure class="diagram-figure" data-diagram="two-at-once"></figure>
    <p>Each captured stack loses its top pyramid, which you keep, and its pips are your score.</p>
    <figure class="diagram-figure" data-diagram="top-only"></figure>
    <p><b>After a placement</b>, only sandwiches with the stack you just played on as an end
    capture. A pyramid placed between two enemy stacks is safe on that turn.</p>
    <figure class="diagram-figure" data-diagram="safe-between"></figure>
    <p><b>After a turn</b>, every sandwich touching the turned coaster captures, yours and your
    opponent's. If both sides would capture, the turning player chooses whose captures come
    first; the other side's are then looked at again on the changed board.</p>
    <figure class="diagram-figure" data-diagram="turn-capture"></figure>
    <figure class="diagram-figure" data-diagram="capture-order"></figure>
    <p>All of one side's captures happen at once; a stack caught twice still loses just one
    pyramid. There are no chain reactions.</p>
    <h3>The end</h3>
    <p>After 30 turns every pyramid has been played or spent. The player who captured more pips
    wins; equal totals are a draw. Spent pyramids score for nobody.</p>
    <h3>Notation</h3>
    <p>Columns are <b>a</b>–<b>f</b> from the left and rows <b>1</b>–<b>6</b> from Red's side.
    Coasters are numbered 1 (a1–c3), 2 (d1–f3), 3 (a4–c6) and 4 (d4–f6). A placement is the cell
    and the size: <b>c4m</b> puts a medium on c4. A turn is the coaster, <b>cw</b>, <b>half</b> or
    <b>ccw</b>, a dash and the size paid: <b>2cw-s</b> turns coaster 2 clockwise for a small. When
    both sides could capture, the turning player's choice is written <b>mine</b> or <b>theirs</b>.</p>
    <h3>Playing here</h3>
    <p>To place, tap a cell, then the size. To turn a coaster, pick Turn ↻, Turn 180° or Turn ↺,
    then the pyramid to pay, then tap the middle cell of the coaster: once a turn is picked, the
    middles show it (↻, 180° or ↺) in a dashed box. When your trees all show the same size there is nothing to
    choose: a tap on a cell places it, and a turn pays with it (the line under the board says
    which size it is). At other times a dashed box marks one of your own stacks, where a tap
    puts a pyramid on top. Each stack's badge gives its strength; faint pyramids are hidden
    under bigger ones. Keys:
    arrows and Enter on the board, S, M, L for sizes, C, H, A for the turns, 1 and 2 for the order
    of captures; U and R (or Ctrl+Z and Ctrl+Y) undo and redo, Escape cancels.</p>`,
};
