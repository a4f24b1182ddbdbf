// Manalath: everything about the game that the page shows, and nothing the
// engine decides. The board is the generic hex board; pieces are CSS classes.

const COLOURS = { w: "White", b: "Black" };
const SEATS = ["w", "b"]; // player 0 plays White, player 1 Black

function groups(view, board, colour) {
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
      for (const n of board.adjacent(here)) {
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

export default {
  name: "manalath",
  title: "Manalath",
  seats: SEATS.map((c) => COLOURS[c]),
  seatSwatches: SEATS,
  randomSeed: false,

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
    if (state.is_over) return "The game is over. Undo to look back, or start a new game.";
    if (selected.length) {
      const names = next.choices.map((c) => COLOURS[c]);
      return names.length > 1 ? `Place which colour on ${selected[0]}?` : `Only ${names[0]} fits on ${selected[0]}.`;
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

  /** The groups that decided the game, to highlight. */
  marked(state, board) {
    const result = state.view.result;
    if (result !== "quint" && result !== "quart") return new Set();
    const seat = result === "quint" ? state.winners[0] : 1 - state.winners[0];
    const size = result === "quint" ? 5 : 4;
    return new Set(groups(state.view, board, SEATS[seat]).filter((g) => g.length === size).flat());
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
