// Manalath: everything about the game that the page shows, and nothing the
// engine decides. The board is the generic hex board; pieces are CSS classes.
// The group that decided a game is shown by its meaning: a winning quint in
// the green of the board's marked cells, a losing quart ringed in red dashes
// (manalath.css), told apart by colour, by shape and in words.

const COLOURS = { w: "White", b: "Black" };
const SEATS = ["w", "b"]; // player 0 plays White, player 1 Black
const ROWS = "abcdefghi";
const SIDE = 5;

const rowLength = (r) => SIDE + Math.min(r, 2 * SIDE - 2 - r);

/**
 * The cells touching a cell, from its name (as py_engines/games/hexgrid.py has
 * them): its left and right neighbours, and the two cells it sits between in
 * each row above and below.
 */
function neighbours(name) {
  const r = ROWS.indexOf(name[0]);
  const i = Number(name.slice(1)) - 1;
  const near = [[r, i - 1], [r, i + 1]];
  for (const other of [r - 1, r + 1]) {
    if (other < 0 || other >= ROWS.length) continue;
    const shift = rowLength(other) > rowLength(r) ? 0 : -1;
    near.push([other, i + shift], [other, i + shift + 1]);
  }
  return near.filter(([rr, ii]) => ii >= 0 && ii < rowLength(rr)).map(([rr, ii]) => `${ROWS[rr]}${ii + 1}`);
}

function groups(view, colour) {
  const seen = new Set();
  const found = [];
  for (const [cell, c] of Object.entries(view.cells)) {
    if (c !== colour || seen.has(cell)) continue;
    const group = [];
    const stack = [cell];
    seen.add(cell);
    while (stack.length) {
      const here = stack.pop();
      group.push(here);
      for (const n of neighbours(here)) {
        if (view.cells[n] === colour && !seen.has(n)) {
          seen.add(n);
          stack.push(n);
        }
      }
    }
    found.push(group);
  }
  return found;
}

/**
 * Why a piece of `colour` cannot go on `cell`: none is left, or it would join
 * the groups of that colour it touches into more than five.
 */
function whyNot(view, cell, colour) {
  const name = COLOURS[colour].toLowerCase();
  if (view.supply[colour] === 0) return `all 30 ${name} pieces are on the board`;
  const touching = new Set(neighbours(cell));
  const size = 1 + groups(view, colour).filter((g) => g.some((c) => touching.has(c))).reduce((n, g) => n + g.length, 0);
  return `a ${name} piece there would make a ${name} group of ${size}, and no group may grow beyond five`;
}

/** The group(s) that decided the game: {result, colour, cells}, or null. */
function decider(state) {
  const result = state.view.result;
  if (result !== "quint" && result !== "quart") return null;
  const seat = result === "quint" ? state.winners[0] : 1 - state.winners[0];
  const size = result === "quint" ? 5 : 4;
  const colour = SEATS[seat];
  return { result, colour, cells: groups(state.view, colour).filter((g) => g.length === size).flat() };
}

export default {
  name: "manalath",
  title: "Manalath",
  seats: SEATS.map((c) => COLOURS[c]),
  seatSwatches: SEATS,
  randomSeed: false,
  css: true,

  /** Keyboard shortcuts for choices: key -> choice token. */
  keys: { w: "w", b: "b", p: "pass" },

  choice(token) {
    if (token === "pass") return { text: "Pass", swatch: "", key: "P" };
    return { text: COLOURS[token], swatch: token, key: token.toUpperCase() };
  },

  contents(view) {
    const out = {};
    for (const [cell, colour] of Object.entries(view.cells)) out[cell] = `piece-${colour}`;
    return out;
  },

  /** A losing quart: a dashed red ring round each of its pieces. */
  decorate(view, state) {
    const decided = decider(state);
    if (decided?.result !== "quart") return {};
    return Object.fromEntries(decided.cells.map((cell) => [cell, '<circle class="mana-quart" r="0.44"/>']));
  },

  cellLabel(name, view) {
    const colour = view.cells[name];
    const what = colour ? `${COLOURS[colour].toLowerCase()} piece` : "empty";
    return `${name}, ${what}${view.last === name ? ", last move" : ""}`;
  },

  status(state) {
    const result = state.view.result;
    if (!state.is_over) return `${COLOURS[SEATS[state.to_move]]} to move`;
    if (result === "draw") return "Draw: both players had to pass";
    const winner = COLOURS[SEATS[state.winners[0]]];
    if (result === "quint") return `${winner} wins: a ${winner.toLowerCase()} quint`;
    const loser = COLOURS[SEATS[1 - state.winners[0]]];
    return `${winner} wins: ${loser} ended the turn with a ${loser.toLowerCase()} quart`;
  },

  hint(state, next, selected) {
    if (state.is_over) {
      const decided = decider(state);
      const name = decided && COLOURS[decided.colour];
      const why = !decided ? "" : decided.result === "quint"
        ? `${name}'s quint, outlined in green, won the game. `
        : `${name}'s quart, ringed in red dashes, lost the game. `;
      return `${why}The game is over. Undo to look back, or start a new game.`;
    }
    if (selected.length) {
      const names = next.choices.map((c) => COLOURS[c]);
      if (!names.length) return `Placing on ${selected[0]}…`; // the move is whole: being played or judged
      if (names.length > 1) return `Place which colour on ${selected[0]}?`;
      const barred = SEATS.find((colour) => !next.choices.includes(colour));
      return `Only ${names[0]} fits on ${selected[0]}: ${whyNot(state.view, selected[0], barred)}.`;
    }
    if (next.cells.size === 0) return "No placement is possible: pass.";
    return "Tap an empty cell, then choose a colour.";
  },

  players(state) {
    return SEATS.map((colour, seat) => ({
      name: COLOURS[colour],
      swatch: colour,
      detail: `${state.view.supply[colour]} left`,
      active: state.to_move === seat,
      winner: state.winners.includes(seat),
    }));
  },

  /** A winning quint, to fill green (a losing quart is ringed instead: decorate). */
  marked(state) {
    const decided = decider(state);
    return new Set(decided?.result === "quint" ? decided.cells : []);
  },

  rules: `
    <p>Two players, <b>White</b> and <b>Black</b>, share one pool of 30 white and 30 black
    pieces. White moves first. Each player is judged only by groups of their own colour.</p>
    <h3>A turn</h3>
    <p>Put one piece of <em>either</em> colour on any empty cell. Pieces of one colour that
    touch form a <b>group</b>. No group may ever grow beyond five pieces, counting groups that
    your piece joins together. A colour whose 30 pieces are all on the board can no longer be placed.</p>
    <h3>Winning and losing</h3>
    <p>When your turn ends, look at your own colour only:</p>
    <ul>
      <li>a group of exactly five (a <b>quint</b>) wins the game for you;</li>
      <li>a group of exactly four (a <b>quart</b>) loses it.</li>
    </ul>
    <p>Your opponent's groups do not count on your turn, even if you just made one for them.
    They are judged at the end of your opponent's turn, so a quart you leave in their colour
    is a trap they must survive.</p>
    <p>If you have both a quint and a quart of your colour, the one that appeared on the board
    first decides: a quart already waiting for you still loses, even if you complete a quint
    elsewhere, and a quint your opponent built for you earlier still wins.</p>
    <figure class="diagram-figure" data-diagram="quart-first"></figure>
    <p>So a player must watch the cells where a piece of <em>either</em> colour would hand the
    opponent a win.</p>
    <figure class="diagram-figure" data-diagram="cells-to-avoid"></figure>
    <h3>Passing and draws</h3>
    <p>You pass only when no placement is legal at all; the end of a forced pass is judged like
    any other turn. If both players pass in a row, the game is a draw.</p>
    <h3>Notation</h3>
    <p>The nine rows are lettered <b>a</b> (bottom) to <b>i</b> (top), and the cells in each row
    are numbered from the left, so the centre is <b>e5</b> and the corners are a1, a5, e1, e9, i1
    and i5. A move is the cell and a colour letter: <b>e5w</b> puts a white piece on e5,
    <b>c7b</b> a black one on c7. A pass is written <b>pass</b>.</p>
    <h3>Playing here</h3>
    <p>Tap an empty cell, then White or Black. On a keyboard, move between cells with the arrow
    keys, press Enter to pick a cell, then W or B; P passes, U and R (or Ctrl+Z and Ctrl+Y)
    undo and redo, Escape cancels.</p>`,
};
