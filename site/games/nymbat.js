// Nymbat: what the page shows of the game, and nothing the engine decides.
// The board is the generic hex board; a piece is the board's piece circle in its
// owner's colour (a content class), drawn again with its number on top (a decoration);
// setup areas and home rows are tinted by decoration too, since they depend on
// the number of players.

const NAMES = { 2: ["Red", "Blue"], 4: ["Red", "Blue", "Gold", "Green"] };
const SWATCHES = ["ny0", "ny1", "ny2", "ny3"];
const HEX = (() => {
  const r = 1 / Math.sqrt(3);
  const points = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 6 + (k * Math.PI) / 3;
    points.push(`${(r * Math.cos(a)).toFixed(3)},${(r * Math.sin(a)).toFixed(3)}`);
  }
  return points.join(" ");
})();

const names = (view) => NAMES[view.reserves.length];
const teamOf = (view, player) => (view.teams ? view.teams.find((t) => t.includes(player)) : [player]);
const sideName = (view, player) => teamOf(view, player).map((p) => names(view)[p]).join(" and ");
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** For each cell, the player whose setup area (and whether home row) it is; the first listed wins overlaps.
 * Worked out once a position: each of the 169 cells' labels asks (10 ms a move, issue 41). */
const zonesOf = new WeakMap();
function zones(view) {
  let out = zonesOf.get(view);
  if (out) return out;
  out = {};
  zonesOf.set(view, out);
  for (const [player, cells] of Object.entries(view.home)) {
    for (const c of cells) out[c] ??= { player: Number(player), home: true };
  }
  for (const [player, cells] of Object.entries(view.setup)) {
    for (const c of cells) out[c] ??= { player: Number(player), home: false };
  }
  return out;
}

/** A piece drawn on its own (not as a cell's content): a disc in the player's colour and its number. */
function pieceSvg(player, number) {
  return `<circle class="ny-disc ny-d${player}" r="0.37"/><text class="ny-num ny-n${player}">${number}</text>`;
}

export default {
  name: "nymbat",
  title: "Nymbat",
  seats: (players) => NAMES[players] || NAMES[2],
  seatSwatches: SWATCHES,
  /** The new-game dialog's words on the seats: with four players, who plays with whom. */
  seatsNote: (players) => (players === 4
    ? "Two teams: Red and Gold (bottom and lower right edges) play together against Blue and Green (top and upper left)."
    : null),
  randomSeed: false,
  css: true,

  /** Keyboard shortcuts for choices: key -> choice token. */
  keys: { 1: "1", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", d: "done", p: "pass", s: "stop" },

  choice(token, state) {
    if (/^[1-6]$/.test(token)) return { text: token, swatch: "", key: token };
    if (token === "done") return { text: "Done", swatch: "", key: "D" };
    if (token === "pass") return { text: "Pass", swatch: "", key: "P" };
    if (token === "stop") return { text: "No more removals", swatch: "", key: "S" };
    const player = Number(token.slice(1));
    return { text: `${names(state.view)[player]} moves`, swatch: SWATCHES[player], key: "" };
  },

  contents(view) {
    const out = {};
    for (const [cell, [player]] of Object.entries(view.cells)) out[cell] = `ny-piece ny-p${player}`;
    return out;
  },

  decorate(view) {
    const out = {};
    const zone = zones(view);
    for (const [cell, z] of Object.entries(zone)) {
      if (view.cells[cell]) continue;
      out[cell] = `<polygon class="ny-zone ny-z${z.player}${z.home ? " ny-home" : ""}" points="${HEX}"/>` +
        `<text class="ny-coord">${cell}</text>`;
    }
    // A piece is drawn again over the cell's own disc, so that the path of a move, which lies
    // under the decorations, never crosses a piece or its number.
    for (const [cell, [player, number]] of Object.entries(view.cells)) out[cell] = pieceSvg(player, number);
    return out;
  },

  /** A piece taken off the board, faded where it stood; an attacker that fell is drawn gliding in. */
  ghost(e) {
    return pieceSvg(e.owner, e.number);
  },
  piece(e) {
    return pieceSvg(e.player, e.number);
  },

  /** Whether a cell holds something now (what was taken there is then drawn beside it). */
  holds(view, cell) {
    return Boolean(view.cells[cell]);
  },

  cellLabel(name, view) {
    const piece = view.cells[name];
    const z = zones(view)[name];
    let what = piece ? `${names(view)[piece[0]]} ${piece[1]}` : "empty";
    if (z) what += `, ${names(view)[z.player]}'s ${z.home ? "home row" : "setup area"}`;
    return `${name}, ${what}${(view.last || []).includes(name) ? ", last move" : ""}`;
  },

  /** The seats out of the game (eliminated, four players) while it goes on. */
  outSeats(state) {
    return (state.view.eliminated || []).flatMap((out, seat) => (out ? [seat] : []));
  },

  status(state) {
    const view = state.view;
    const seat = names(view);
    if (state.is_over) {
      const who = state.winners.map((p) => seat[p]).join(" and ");
      if (view.result === "home") { // two players: the other one's home row (four end by eliminations)
        const other = seat[1 - state.winners[0]];
        return `${who} wins: a ${who} piece is on ${other}'s home row and no ${other} piece is, as ${who}'s turn starts`;
      }
      if (view.result === "empty") return `${who} wins: the board is empty, the reserves spent, and ${who} moved last`;
      return `${who} win: both enemies are eliminated`;
    }
    const p = state.to_move;
    const me = seat[p];
    switch (view.phase) {
      case "pick": return `${sideName(view, p)}: who takes the team's turn?`;
      case "bring": return `${me} is bringing in pieces (${view.allowance} more allowed)`;
      case "move": return `${me} is moving a group at speed ${view.group.speed}`;
      case "break": return `${me}: breakthrough at ${view.breakthrough.cell}`;
      case "penalty": return `${me} owes a piece for a ${view.penalty}`;
      default:
        return view.first_turn[p] ? `${me}'s first turn: bring in up to ${view.allowance}` : `${me} to move`;
    }
  },

  /**
   * Two players, a first turn not begun: the rules' setup for beginners in one tap, ten 3s in one
   * block two rows deep (b3-b7 and c4-c8 for Red, the same turned half round for Blue), when its
   * cells are free (`moves` played in turn by the page; the tenth ends the turn).
   */
  series(state) {
    const view = state.view;
    const p = state.to_move;
    if (state.is_over || state.players !== 2 || view.phase !== "start" || !view.first_turn[p] || view.placed) return null;
    const ROWS = "abcdefghijklmno";
    const turned = (cell) => { // the cell across the board's centre: row o for a, and each row's cells from its other end
      const row = ROWS.indexOf(cell[0]);
      const length = 8 + Math.min(row, 14 - row);
      return `${ROWS[14 - row]}${length + 1 - Number(cell.slice(1))}`;
    };
    const block = ["b3", "b4", "b5", "b6", "b7", "c4", "c5", "c6", "c7", "c8"].map((c) => (p === 0 ? c : turned(c)));
    const free = block.every((c) => view.setup[p].includes(c) && !view.cells[c]);
    return free ? { text: "Beginners' setup: ten 3s", moves: block.map((c) => `${c}=3`) } : null;
  },

  /** While a bring-in goes on: the number of the piece just brought in, which the next cells may keep. */
  keepable(state) {
    if (state.is_over || state.view.phase !== "bring") return null;
    const placed = (state.last_move?.events || []).filter((e) => e.type === "place" && e.player === state.to_move);
    return placed.length ? String(placed[placed.length - 1].number) : null;
  },

  hint(state, next, selected, kept) {
    if (state.is_over) return "The game is over. Undo to look back, or start a new game.";
    const view = state.view;
    if (kept && !selected.length && view.phase === "bring") {
      return `Tap free cells of your setup area to bring in ${kept}s, one tap each; or Done.`;
    }
    if (selected.length === 1 && next.choices.length && /^[1-6]$/.test(next.choices[0])) {
      return `Which number for the piece on ${selected[0]}? (${next.choices.length > 1 ? `1 to ${next.choices.length}` : "1"})`;
    }
    if (selected.length === 1) return `Tap where the piece on ${selected[0]} goes (an enemy piece there is attacked).`;
    switch (view.phase) {
      case "pick": return "Choose which player of the team moves now.";
      case "bring": return "Tap another free cell of your setup area, or Done.";
      case "move": {
        const left = view.group.left.length;
        return `Tap another piece of the group (${plural(left, "piece")} not yet moved), or Done.`;
      }
      case "break": return `Tap enemy pieces next to ${view.breakthrough.cell} to remove (total up to ${view.breakthrough.allowance}), or No more removals.`;
      case "penalty": return "Tap one of your own pieces to give it up.";
      default:
        if (view.first_turn[state.to_move]) return "Tap a free cell of your setup area, then a number.";
        if (next.cells.size === 0) return "Nothing can be brought in or moved: pass.";
        return "Tap a free setup cell to bring in a piece, or one of your pieces to move its group; or pass.";
    }
  },

  players(state) {
    const view = state.view;
    // With four players each card names the teammate too.
    const mate = (seat) => (view.teams ? `, with ${names(view)[teamOf(view, seat).find((p) => p !== seat)]}` : "");
    return names(view).map((name, seat) => ({
      name,
      swatch: SWATCHES[seat],
      detail: view.eliminated[seat] ? `out${mate(seat)}` : `reserve ${view.reserves[seat]}${mate(seat)}`,
      active: state.to_move === seat,
      winner: state.winners.includes(seat),
    }));
  },

  /** The delays so far and the teams (what the last turns did is in the log, under the board). */
  panel(state) {
    const view = state.view;
    const delays = names(view).map((name, p) => `${name} ${view.delays[p]}`).join(", ");
    const teams = view.teams ? ` Teams: ${sideName(view, 0)} against ${sideName(view, 1)}.` : "";
    return `<p class="ny-note">Delays: ${delays} (every seventh costs 1).${teams}</p>`;
  },

  /** The pieces on the home row that won the game. */
  marked(state) {
    const view = state.view;
    if (view.result !== "home") return new Set();
    const winner = state.winners[0];
    return new Set(view.home[String(1 - winner)].filter((c) => view.cells[c]?.[0] === winner));
  },

  rules: `
    <p>Two players (or four, in two teams) build armies of numbered pieces and march them across a
    hexagon of 169 cells. A piece carries a number from 1 to 6, chosen when it is brought in.
    Red starts at the bottom edge and heads for the top; Blue the other way round.</p>
    <h3>Reserve and setup area</h3>
    <p>Each player starts with a <b>reserve</b> of 60 points. Bringing a piece in costs its number.
    Your <b>setup area</b> is your home row (the 8 cells along your edge) and the two rows beside it.</p>
    <h3>A turn</h3>
    <p>Your first turn must bring in pieces worth at most 30 in total. A setup for beginners:</p>
    <figure class="diagram-figure" data-diagram="beginners-setup"></figure>
    <p>After the first turn, a turn is one of:</p>
    <ul>
      <li><b>Bring in</b>: put one or more pieces on free cells of your setup area, numbers of your
      choice, paid from your reserve.</li>
      <li><b>Move a group</b>: pieces of yours that touch form a group. Choose one group as it stands
      at the start of the turn; its <b>speed</b> is its lowest number. Move its pieces one after
      another, each at most once and each up to speed steps. A piece may pass over your own pieces
      but not over an enemy's, and may not stop on your own piece. Stepping onto an enemy piece is
      an <b>attack</b> and ends that piece's move.</li>
      <li><b>Pass</b>.</li>
    </ul>
    <figure class="diagram-figure" data-diagram="group-move"></figure>
    <h3>Attacks and breakthroughs</h3>
    <p>The attacked piece is always removed. The attacker is removed too unless its number is
    <em>greater</em> than the defender's number plus the numbers of the defender's own pieces
    touching the attacked cell.</p>
    <figure class="diagram-figure" data-diagram="removal"></figure>
    <p>If taking the piece away cuts the defender's group in two or more,
    that is a <b>breakthrough</b>: you may also remove defender pieces touching the attacked cell
    whose numbers add up to no more than your attacking piece's number (even if it fell). Those
    removals never cause another breakthrough.</p>
    <figure class="diagram-figure" data-diagram="breakthrough"></figure>
    <figure class="diagram-figure" data-diagram="two-attacks"></figure>
    <h3>Retreat and delay</h3>
    <p>A turn that removed an enemy piece is never penalised. Otherwise, measuring from the group's
    piece nearest the opponent's home row: if the moved group ends farther away, that is a
    <b>retreat</b> and costs 1 from your reserve at once.</p>
    <figure class="diagram-figure" data-diagram="retreat"></figure>
    <p>A turn that brings nothing in and gets no
    closer (a pass included) is a <b>delay</b>; every seventh delay of the game costs 1. With an empty
    reserve you give up one of your pieces on the board instead, of your choice.</p>
    <figure class="diagram-figure" data-diagram="delay"></figure>
    <h3>Winning</h3>
    <p>You win if, at the start of your turn, one of your pieces stands on your opponent's home row
    and none of your opponent's own pieces stands on it. So your opponent has one turn to answer:
    bring in or move a piece of theirs onto that row, or take yours. If the board becomes empty and both reserves are spent, whoever moved last wins.</p>
    <h3>Four players</h3>
    <p>Red and Gold (bottom and lower right edges) play against Blue and Green (top and upper left).
    Reserves are 40, first turns bring in at most 20. Each round, Red and Gold choose which of them
    moves, then Blue and Green, then the other of Red and Gold, then the other of Blue and Green.
    Teammates' pieces never form groups or support each other and are not touched by each other's
    breakthroughs, but may pass over each other. <b>Either</b> enemy can knock you out: you are
    eliminated (your pieces leave the board) when any enemy starts a turn with a piece on your home
    row while you have none there, or when you have no reserve and no pieces. So both enemy home
    rows are targets, and you must guard your own against both enemies. Penalties measure from the
    home row of the enemy on the edge opposite yours (the other enemy once that one is out).
    A team wins when both enemies are out.</p>
    <figure class="diagram-figure" data-diagram="four-players"></figure>
    <h3>Notation</h3>
    <p>Rows are lettered <b>a</b> (bottom) to <b>o</b> (top); cells are numbered from the left of
    their row, so the centre is <b>h8</b>. A turn may be several moves:
    <b>c4=3</b> brings in a 3 on c4; <b>e5-g6</b> moves the piece on e5 to g6 (an attack if an enemy
    stands there); <b>xf6</b> removes the piece on f6 (in a breakthrough, or to pay a penalty);
    <b>stop</b> ends a breakthrough's removals; <b>done</b> ends a bring-in or a group move;
    <b>pass</b> passes; with four players <b>p2</b> says which player takes the team's turn.</p>
    <h3>Playing here</h3>
    <p>To bring in, tap a free cell of your setup area, then a number; repeat, then Done. To move,
    tap a piece, then where it goes; then the next piece of the same group, and Done when the group
    has moved enough. A part of the turn that can go no further ends by itself. On a keyboard, move
    between cells with the arrow keys and press Enter; 1 to 6 pick a number, D is Done, P pass,
    S ends removals, U and R undo and redo, Escape cancels.</p>`,
};
