// Nimbus: what the page shows of the game, and nothing the engine decides.
// The board is the generic 8x8 square board. Each square shows its top pyramid
// seen from above: upright, a square with its four edges meeting at the apex;
// flat, a long notched arrowhead pointing its way. Size shows as the drawing's
// size and as 1-3 pip dots; a stack's height is in a badge. The pile, the players'
// collections and the rounds so far are in the panel under the board.

const COLOURS = { r: "Red", y: "Yellow", g: "Green", b: "Blue", k: "Black" };
const SIZES = { 1: "small", 2: "medium", 3: "large" };
const DIRS = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
const ARROWS = { n: "↑", ne: "↗", e: "→", se: "↘", s: "↓", sw: "↙", w: "←", nw: "↖" };
const DIR_WORDS = { n: "north", ne: "north-east", e: "east", se: "south-east", s: "south", sw: "south-west", w: "west", nw: "north-west" };
// Drawing size of a pyramid by pips: a small one still plain on a 360 px phone, a large flat
// one's tip (1.3 half-sizes from the middle) inside its square.
const SPAN = { 1: 0.5, 2: 0.58, 3: 0.66 };
const GOALS = {
  over25: "first past 25", over50: "first past 50", over60: "first past 60", over100: "first past 100",
  rounds1: "one round", rounds3: "3 rounds", rounds5: "5 rounds", rounds10: "10 rounds",
};

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const seatName = (p) => `Player ${p + 1}`;
const kindWords = (kind) => `${COLOURS[kind[0]].toLowerCase()} ${SIZES[kind[1]]}`;
const orientWords = (o) => (o === "u" ? "upright" : `flat pointing ${DIR_WORDS[o]}`);
const list = (names) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/**
 * A flat pyramid's outline pointing north (y down), `h` its half-size: a long, narrow
 * arrowhead with a notch in its base, so that its tip is plain whichever of the eight
 * ways it points (a near-equilateral triangle turned by 45 degrees could point several):
 * the tip reaches about a third further from the middle than the base's corners.
 */
const flatPoints = (h) => [[0, -1.3], [0.68, 0.72], [0, 0.4], [-0.68, 0.72]]
  .map(([x, y]) => `${(x * h).toFixed(3)},${(y * h).toFixed(3)}`).join(" ");

/** One pyramid's shape from above, centred on 0,0 (y down), with `cls` on the shape. */
function shapeSvg(orient, h, cls) {
  if (orient === "u") return `<rect class="${cls}" x="${-h}" y="${-h}" width="${2 * h}" height="${2 * h}" rx="0.03"/>`;
  return `<polygon class="${cls}" transform="rotate(${DIRS.indexOf(orient) * 45})" points="${flatPoints(h)}"/>`;
}

/** One pyramid seen from above, centred on 0,0 (y down), in the colour's classes; its pips as dots. */
function pyramidSvg(kind, orient, scale = 1) {
  const colour = kind[0];
  const pips = Number(kind[1]);
  const h = (SPAN[pips] * scale) / 2;
  const gap = 0.13 * scale;
  const r = (0.055 * scale).toFixed(3); // pips a phone can count: 2 px across were not
  const at = (i, from = 0) => (from + (i - (pips - 1) / 2) * gap).toFixed(3);
  const dots = Array.from({ length: pips }, (_, i) => (orient === "u"
    ? `<circle class="nim-dot nim-d${colour}" cx="${at(i)}" cy="0" r="${r}"/>`
    : `<circle class="nim-dot nim-d${colour}" cx="0" cy="${at(i, -0.1 * h)}" r="${r}"/>`)).join("");
  if (orient === "u") {
    return shapeSvg(orient, h, `nim-pyr nim-${colour}`)
      + `<path class="nim-edge nim-e${colour}" d="M${-h},${-h}L${h},${h}M${h},${-h}L${-h},${h}"/>${dots}`;
  }
  // Flat: the dots run along the arrowhead, turned with it.
  return `<g transform="rotate(${DIRS.indexOf(orient) * 45})"><polygon class="nim-pyr nim-${colour}" `
    + `points="${flatPoints(h)}"/>${dots}</g>`;
}

/** Where a pyramid was taken from an emptied square: its outline, dashed, in its colour (not one to take). */
function goneSvg(kind, orient) {
  return shapeSvg(orient, SPAN[kind[1]] / 2, `nim-gone nim-o${kind[0]}`);
}

function squareSvg(sq) {
  const top = sq.stack.at(-1);
  let out = pyramidSvg(top, sq.orient);
  if (sq.stack.length > 1) {
    out += `<circle class="nim-badge" cx="0.31" cy="-0.31" r="0.15"/>`
      + `<text class="nim-height" x="0.31" y="-0.31">${sq.stack.length}</text>`;
  }
  return out;
}

/** Pyramids (a pile or a collection) as chips: one small picture per kind, with its count. */
function chipsHtml(kinds, label) {
  if (!kinds.length) return `<span class="nim-none">none</span>`;
  const counts = new Map();
  for (const k of kinds) counts.set(k, (counts.get(k) || 0) + 1);
  const chips = [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => `<span class="nim-chip">`
    + `<svg class="nim-picture" viewBox="-0.5 -0.5 1 1" aria-hidden="true">${pyramidSvg(k, "u", 1.35)}</svg>`
    + `${n > 1 ? `×${n}` : ""}</span>`).join("");
  return `<span class="nim-chips" role="img" aria-label="${label}">${chips}</span>`;
}

const PROPERTY_ORDER = ["r", "y", "g", "b", "k", "1", "2", "3", "u", ...DIRS];
const LINE_ORDER = ["row", "column", "diagonal"];

/** The kind of line through two squares: a row, a column or a diagonal. */
function lineKind(a, b) {
  if (a[1] === b[1]) return "row";
  if (a[0] === b[0]) return "column";
  return "diagonal";
}

/** Where a choice button goes: orientations first (a move action), then collects by property, then line. */
function choiceRank(token) {
  if (!token.includes(":")) return ["u", ...DIRS].indexOf(token);
  const [prop, line] = token.split(":");
  const [a, b] = line.split("-");
  return 100 + 10 * PROPERTY_ORDER.indexOf(prop) + (b ? LINE_ORDER.indexOf(lineKind(a, b)) : 3);
}

/** What a collect takes: the squares from which it may be entered (the engine lists one way per pyramid). */
function collectTaken(token, state) {
  return (state?.legal || []).filter((m) => m.move === token).map((m) => m.steps[0].cell).sort();
}

/** A collect's button: the property, how many it takes and along which line; what it takes previewed. */
function collectChoice(token, state) {
  const [prop, line] = token.split(":");
  const [a, b] = line.split("-");
  const taken = collectTaken(token, state);
  const what = prop in COLOURS ? COLOURS[prop] : prop in SIZES ? SIZES[prop][0].toUpperCase() + SIZES[prop].slice(1)
    : prop === "u" ? "Upright" : `Pointing ${ARROWS[prop]}`;
  const where = b ? `${lineKind(a, b)} ${a}–${b}` : "alone";
  const ringed = `${taken.length === 1 ? "the ringed pyramid" : `the ${taken.length} ringed pyramids`} (${list(taken)})`;
  // What it scores: the pips of the top pyramids it takes (a size's pips, 1 to 3, each).
  const pips = plural(taken.reduce((sum, cell) => sum + Number(state.view.squares[cell]?.stack.at(-1)[1] || 0), 0), "pip");
  return { text: b ? `${what} ×${taken.length} · ${pips} · ${where}` : `${what} alone · ${pips}`,
    swatch: prop in COLOURS ? `nim-sw-${prop}` : "", key: "",
    label: `Collect ${what.toLowerCase()}${b ? `, ${taken.length} on the ${where}: ${taken.join(", ")}` : `, ${a} alone`}, ${pips}`,
    preview: taken,
    // On a touch screen a first tap shows what it takes; the second takes it (game-view.js).
    confirm: `Tap the button again to collect ${ringed}, or another collect to see what it takes.` };
}

function squareWords(sq) {
  const top = sq.stack.at(-1);
  if (sq.stack.length === 1) return `${kindWords(top)} pyramid, ${orientWords(sq.orient)}`;
  const below = sq.stack.slice(0, -1).map(kindWords).reverse();
  return `stack of ${sq.stack.length}: ${kindWords(top)} on top, then ${below.join(", ")}`;
}

function roundWinners(view) {
  const rule = view.round_end;
  return {
    last: "the player who takes the last pyramid wins the round",
    misere: "the player after the one who takes the last pyramid wins the round",
    two_winners: "the player who takes the last pyramid and the next player both win the round",
    loser_last: "everyone but the player who takes the last pyramid scores",
    loser_next: "everyone but the player after the one who takes the last pyramid scores",
    two_losers: "everyone but the last taker and the next player scores",
  }[rule];
}

/** The round the move that led here ended (its `round` event), if it ended one. */
const roundJustEnded = (state) => (state.last_move?.events || []).find((e) => e.type === "round") || null;

/** A round's result in words: who took the last pyramid, who wins the round and with how many points. */
function roundResult(e) {
  const who = e.winners.length === 1 ? seatName(e.winners[0]) : list(e.winners.map((p) => `${seatName(p)} (+${e.points[p]})`));
  const won = e.winners.length === 1 ? `wins the round: +${plural(e.points[e.winners[0]], "point")}` : "win the round";
  const taker = seatName(e.taker);
  return e.winners.length === 1 && e.winners[0] === e.taker ? `${taker} took the last pyramid and ${won}.`
    : `${taker} took the last pyramid; ${who} ${won}.`;
}

export default {
  name: "nimbus",
  title: "Nimbus",
  tagline: "Move one pyramid, then collect a line of them.",
  board: "square",
  seats: (players) => Array.from({ length: players }, (_, p) => seatName(p)),
  randomSeed: true,
  css: true,

  /** Keyboard shortcuts for choices: key -> choice token (directions on the keys around S). */
  keys: { u: "u", w: "n", e: "ne", d: "e", c: "se", x: "s", z: "sw", a: "w", q: "nw" },

  choice(token, state) {
    if (token.includes(":")) return collectChoice(token, state);
    if (token === "u") return { text: "Upright", swatch: "", key: "U" };
    if (token in ARROWS) {
      const key = Object.entries(this.keys).find(([, t]) => t === token)[0].toUpperCase();
      return { text: `${ARROWS[token]} ${token.toUpperCase()}`, swatch: "", key };
    }
    if (/^[rygbk][123]$/.test(token)) {
      const left = state?.view?.pile?.[token];
      // "Red 3 · 2 left": the colour, the size in pips (1 small to 3 large: the lessons say so; the
      // sizes' words made three lines of the pile's buttons on a phone), and how many are left.
      return { text: `${COLOURS[token[0]]} ${token[1]}${left != null ? ` · ${left} left` : ""}`, swatch: `nim-sw-${token[0]}`,
        key: "" };
    }
    return { text: token, swatch: "", key: "" };
  },

  /**
   * The buttons in a fixed order: how a pyramid lies, then the collects, grouped by what they
   * take. A collect is one button, though its line may be written from either end.
   */
  orderChoices(tokens) {
    const reversed = (t) => t.replace(/:(\w+)-(\w+)$/, ":$2-$1");
    const shown = tokens.filter((t) => !t.includes("-") || !t.includes(":") || t <= reversed(t) || !tokens.includes(reversed(t)));
    return shown.sort((a, b) => choiceRank(a) - choiceRank(b) || (a < b ? -1 : a > b ? 1 : 0));
  },

  decorate(view) {
    const out = {};
    for (const [cell, sq] of Object.entries(view.squares)) out[cell] = squareSvg(sq);
    return out;
  },

  /**
   * Only the last turn is marked: with many players the turns before it would pile up on the
   * board (they are told in words under it). A collect: the line it was taken along, and each
   * pyramid taken as a dashed outline where its square is empty now, or a dashed ring round the
   * square where a stack goes on (never a picture over a pyramid that is there).
   */
  marks(e, view, age) {
    if (age === "older") return [];
    if (e.type === "collect") {
      const taken = e.taken.map((t) => (view.squares[t.cell]
        ? { kind: "ring", cell: t.cell, cls: "nim-taken" }
        : { kind: "ghost", cell: t.cell, markup: goneSvg(t.kind, t.orient), cls: "nim-taken" }));
      return e.ends[0] === e.ends[1] ? taken : [{ kind: "line", cells: e.ends }, ...taken];
    }
    if (e.type === "orient") return [{ kind: "ring", cell: e.cell }];
    return null;
  },

  cellLabel(name, view) {
    const sq = view.squares[name];
    return `${name}, ${sq ? squareWords(sq) : "empty"}${(view.last || []).includes(name) ? ", last move" : ""}`;
  },

  status(state) {
    const view = state.view;
    if (state.is_over) {
      const w = state.winners;
      const points = view.totals[w[0]];
      if (w.length > 1) return `${list(w.map(seatName))} share the win with ${plural(points, "point")}`;
      return `${seatName(w[0])} wins with ${plural(points, "point")}`;
    }
    if (state.to_move === -1) return `Round ${view.round}: the pyramids fall at random`;
    const me = seatName(state.to_move);
    if (view.phase === "setup") {
      return view.held ? `Round ${view.round} setup: ${me} places the ${kindWords(view.held)} pyramid`
        : `Round ${view.round} setup: ${me} takes a pyramid (${view.left} left)`;
    }
    const left = view.remaining;
    const what = left.length === 2 ? "move a pyramid and collect" : left[0] === "move" ? "move a pyramid" : "collect";
    return `Round ${view.round}: ${me} to ${what}`;
  },

  hint(state, next, selected, kept, chosen = []) {
    if (state.is_over) return "The game is over. Undo to look back, or start a new game.";
    const view = state.view;
    if (view.phase === "setup") {
      if (!view.held) return "Take a pyramid from the pile.";
      const what = `the ${kindWords(view.held)} pyramid`;
      // A tap on a square puts it down the way the player last laid one (the engine's `usual`);
      // another way is chosen first.
      if (!next.choices.length) { // the way it lies is chosen: said, so the player sees the tap took
        const way = chosen.at(-1);
        if (!way) return `Now tap a square for ${what}.`;
        return `Now tap a square: ${what} ${way === "u" ? "stands there upright" : `lies there pointing ${DIR_WORDS[way]}`}`
          + " (Cancel to choose another way).";
      }
      if (view.usual === "u") {
        return `Tap a square to stand ${what} there upright, or first choose a direction to lay it flat.`;
      }
      return `Tap an empty square to lay ${what} there pointing ${DIR_WORDS[view.usual]}, as your last one `
        + "(on a stack it stands upright), or first choose another way.";
    }
    const collect = view.remaining.includes("collect");
    const move = view.remaining.includes("move");
    if (!selected.length) {
      // "dashed": the boxes drawn round the pyramids a tap may start with (a newcomer asked what they were).
      if (move && collect) return "Tap a pyramid (dashed): to move it or turn it, or to collect a line of pyramids with it.";
      return move ? "Now move a pyramid: tap one (dashed)."
        : "Now collect: tap a pyramid (dashed) to take, then choose what to collect with it.";
    }
    const parts = [];
    if (next.cells.size) parts.push(`tap where the pyramid on ${selected[0]} goes`);
    if (next.choices.some((c) => !c.includes(":"))) parts.push("choose how it lies");
    if (next.choices.some((c) => c.includes(":"))) parts.push("collect with it (each button says what it takes)");
    const said = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} or ${parts.at(-1)}` : parts[0] || "choose";
    return said[0].toUpperCase() + said.slice(1) + ".";
  },

  players(state) {
    const view = state.view;
    const crowd = state.players > 4; // small cards (nimbus.css): the pips held this round, without the word
    return view.totals.map((total, seat) => ({
      name: seatName(seat),
      swatch: "",
      detail: `${plural(total, "pt")} · ${plural(view.pips[seat], "pip")}${crowd ? "" : " held"}`,
      active: state.to_move === seat,
      winner: state.winners.includes(seat),
    }));
  },

  /** Right after a round's end, its result, always in view under the status line. */
  banner(state) {
    const e = roundJustEnded(state);
    return e ? `<p class="nim-result"><b>Round ${e.round} is over.</b> ${roundResult(e)}</p>` : null;
  },

  /**
   * The computer waits at a round's end, once the last pyramid is taken, for a person to have
   * seen the result and go on (computer.js); the round after it would otherwise be set up, and
   * its first turns played, at once.
   */
  pause(state) {
    const e = roundJustEnded(state);
    return e && !state.is_over ? { text: `Round ${e.round} is over.`, button: `Start round ${e.round + 1}` } : null;
  },

  panel(state) {
    const view = state.view;
    let html = "";
    if (view.phase === "setup" && view.left) {
      const pile = Object.entries(view.pile).flatMap(([k, n]) => Array(n).fill(k));
      html += `<p class="nim-row"><span class="nim-name">Pile</span>${chipsHtml(pile, `pile: ${plural(pile.length, "pyramid")}`)}</p>`;
    }
    view.collections.forEach((kinds, seat) => {
      if (!kinds.length) return;
      html += `<p class="nim-row"><span class="nim-name">${seatName(seat)}</span>`
        + `${chipsHtml(kinds, `${seatName(seat)} collected ${kinds.map(kindWords).join(", ")}`)}`
        + `<span>${plural(view.pips[seat], "pip")}</span></p>`;
    });
    const past = view.rounds.at(-1);
    if (past) {
      const who = list(past.winners.map(seatName));
      const points = past.winners.map((p) => past.points[p]).join(" + ");
      html += `<p class="nim-row nim-note">Round ${past.round}: ${seatName(past.taker)} took the last pyramid; `
        + `${who} scored ${points}.</p>`;
    }
    html += `<p class="nim-row nim-note">Game: ${GOALS[view.goal]}; ${roundWinners(view)}.</p>`;
    return html;
  },

  rules: `
    <p>Two to ten players share a pile of pyramids in five colours (red, yellow, green, blue,
    black) and three sizes: small (1 pip), medium (2) and large (3). Three sets are used by
    default, one of each colour and size per set, 45 pyramids in all (2 to 6 sets as an option).
    The board is a chessboard. A square holds nothing, one <b>flat</b> pyramid lying on its side
    and pointing one of eight ways, or a <b>stack</b> of one or more upright pyramids. Only the
    top of a stack counts and moves; the ones under it are hidden.</p>
    <h3>Setup</h3>
    <p>In turn, each player takes any pyramid from the pile and puts it on the board: flat on an
    empty square pointing any way, or upright on an empty square or on top of an upright stack.
    Play begins once the pile is empty. (Option: the pyramids fall at random instead.)</p>
    <h3>A turn</h3>
    <p>Do two things, in either order: one <b>move action</b> and one <b>collect</b>.</p>
    <p>There are five move actions. <b>Stand up</b> a flat pyramid: it forgets its direction.</p>
    <figure class="diagram-figure" data-diagram="stand-up"></figure>
    <p><b>Lay down</b> a lone upright pyramid, flat and pointing any way (never a stack of two or
    more).</p>
    <figure class="diagram-figure" data-diagram="lie-down"></figure>
    <p><b>Turn</b> a flat pyramid to point another way.</p>
    <figure class="diagram-figure" data-diagram="turn"></figure>
    <p><b>Slide</b> a flat pyramid forward, the way it points, over one or more empty squares.</p>
    <figure class="diagram-figure" data-diagram="slide"></figure>
    <p><b>Step</b>: move the top pyramid of an upright stack one square in any of the eight
    directions, onto an empty square or another upright stack (never onto a flat one).</p>
    <figure class="diagram-figure" data-diagram="step"></figure>
    <p><b>The collect</b>: choose a row, a column or a diagonal of any length, and one colour, one size
    or one orientation (upright, or flat pointing one given way). Take every top pyramid on
    that line that has it, at least one. Your pyramids stay in front of you until the round
    ends.</p>
    <figure class="diagram-figure" data-diagram="collect-colour"></figure>
    <figure class="diagram-figure" data-diagram="collect-size"></figure>
    <figure class="diagram-figure" data-diagram="collect-orientation"></figure>
    <p>Stacks are built and taken apart one step at a time. A stack with smaller pyramids on
    larger ones is a <b>tree</b>, one with larger pyramids over smaller ones a <b>nest</b>;
    either way only its top is seen by a collect, and what is under it waits its turn.</p>
    <figure class="diagram-figure" data-diagram="hidden"></figure>
    <h3>Rounds and scoring</h3>
    <p>A round ends the moment the last pyramid leaves the board. By default the player who took
    it wins the round; in <b>misère</b> play, the next player, the first who cannot take one,
    wins instead. The round's winner adds the pips of the pyramids they collected in that round
    to their total; nobody else scores. Options for four or more players: both of those players
    win the round; or one of them (or both) lose it and everybody else scores.</p>
    <p>Then every pyramid goes back to the pile and a new round is set up; the first player
    moves on one seat each round (round 2 starts with Player 2, and so on). By default the game lasts five rounds
    (other numbers of rounds, or a total to pass, 25 to 100 points, are options). The highest total wins; a tie
    goes to the player who won more rounds, then to the one who collected more pyramids in the
    last round; failing that, the win is shared.</p>
    <h3>Notation</h3>
    <p>Squares are <b>a1</b> (bottom left) to <b>h8</b>; north is toward row 8. Pyramids are a
    colour letter (<b>r</b> <b>y</b> <b>g</b> <b>b</b> <b>k</b>, k for black) and their pips:
    <b>k3</b> is a large black one.</p>
    <ul>
      <li>Setup: <b>k3</b> takes a large black pyramid from the pile; <b>d4=ne</b> puts it on d4,
      flat, pointing north-east; <b>d4=u</b> puts it upright.</li>
      <li>Move actions: <b>d4=u</b>, <b>d4=sw</b> set the pyramid on d4 upright or flat pointing
      south-west (standing up, lying down or turning); <b>d4-d7</b> slides a flat pyramid or
      steps an upright one.</li>
      <li>Collect: the property, a colon, then the two outermost pyramids taken on the line:
      <b>r:b4-g4</b> takes every red top on row 4 (either end may come first); <b>2:d4</b> takes
      only the medium on d4, which needs a line through d4 with no other medium top on it.
      Properties: colours, sizes <b>1</b> <b>2</b> <b>3</b>, <b>u</b> for upright and the
      directions <b>n ne e se s sw w nw</b>.</li>
      <li>Random setup: one move per round, <b>deal0</b> to <b>deal999</b>, which fixes where
      every pyramid falls.</li>
    </ul>
    <h3>Playing here</h3>
    <p>Each square shows its top pyramid from above: upright ones as a square with its edges
    meeting at the tip, flat ones as a long arrowhead whose sharp tip points its way (the notched end,
    where the dots sit, is its back). The dots are its pips, and a
    badge gives a stack's height. In the setup, take a pyramid from the pile, then tap a square:
    it goes there the way you last laid one on an empty square (upright at first); for another
    way, choose it first, then the square. In play, tap a pyramid first. To move it, tap where it goes, or a button
    for how it should lie. To collect, pick one of the collect buttons that appear: each takes
    that pyramid and says what else it takes (a colour, a size or an orientation, along a row, a
    column or a diagonal), and the pyramids it would take are ringed while a pointer or the
    keyboard rests on it; on a touch screen the first tap on it rings them, and a second takes
    them. The board marks the last turn only (the ones before are told under it): what a collect
    took is a dashed outline where its square is empty, a dashed ring where a stack goes on. When
    a round ends its result is shown under the status line, and the computer waits for
    <b>Start round 2</b> (and so on) before it plays on. Keys: arrows and Enter on the board; U for upright and Q W E A D Z X C
    for the eight directions (W is north); U and R undo and redo when no button uses them
    (Ctrl+Z and Ctrl+Y always do), Escape cancels.</p>`,
};
