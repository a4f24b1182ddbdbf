// What the game page says and allows, decided from the store's state (`page`) and
// the game's page module (`ui`): the status and hint lines, which buttons work,
// whose turn it is and who plays it, what the coach says and marks, the choices
// offered. Pure: game-view.js only draws what this returns, and node --test checks it
// (tests/page/game-page.test.mjs) on positions the engine wrote.
import { seatNamesOf } from "../games/index.js";
import { CHANCE, showsGame } from "../state/store.js";
import { awayLine, endedStatus, linkPanel, playsHere } from "./link-game.js";
import { coachOn, computerToMove, seatsOf } from "./seats.js";

/** The line under the board while the page shows a picture (modes/picture.js). */
export function pictureHint(selected) {
  return selected.length
    ? `Tapped: ${selected.join(", ")}. The game engine is starting: the move goes on once it is ready.`
    : "The game engine is starting: the board can be played in a moment. Taps made now are kept.";
}

/**
 * The game page as it must be drawn: {usable, status, ...}. When `usable` is false
 * (the engine not up, another game's position) only the tools' states and the status
 * are given. `drawn`: whether the view has the board of the game's layout in place;
 * `now`: the time, for the words of a game by links.
 */
export function gamePage(page, ui, { drawn = true, now = Date.now() } = {}) {
  const s = page.session;
  const state = page.position; // the engine's state of the position shown
  const { input, thinking, hint } = page;
  const picture = page.mode === "picture";
  const usable = showsGame(page) && drawn && page.engine !== "failed";
  const busy = page.busy > 0 || picture || !usable;
  const closed = picture || !usable;
  const tools = {
    undo: busy || !s || s.cursor === 0,
    redo: busy || !s || s.cursor === s.record.moves.length,
    // New game and the dialogs do not wait for an engine request to end: a tap while the page
    // rolls dice by itself (Not Nyout's roll-off) is taken, never lost; what they change waits its turn.
    newGame: closed,
    dialogs: closed,
  };
  if (!usable) {
    return { usable, tools, status: page.engine === "failed" ? "The game engine is not available." : "Loading…" };
  }

  const seatNames = seatNamesOf(ui, state);
  const seats = seatsOf(s, state.players);
  const computerTurn = computerToMove(page);
  // A game by links at a chance point: the dice come from the devices' shares (by-links/replay.js), never from a tap.
  const sharedDice = Boolean(s.link) && state.to_move === CHANCE && !state.is_over;
  // By links, a position this device does not play (another device's seat, an older position, a game
  // it can no longer play): no live cells, no choices, no hints; the line says who plays it.
  const away = !state.is_over && !playsHere(s, state);
  const next = input.next();
  const selected = input.selected();
  const status = endedStatus(s, seatNames) || ui.status(state); // by links, a game ended on this device says so
  const total = s.record.moves.length;
  const note = s.cursor < total
    ? `Showing the position after move ${s.cursor} of ${total}.${s.link ? "" : " A move played here replaces the later ones."}`
    : "";

  const keepable = ui.keepable?.(state); // what a bring-in under way may keep for its next cells
  const kept = keptChoice(page, ui);
  const chosen = input.prefix.filter((step) => "choice" in step).map((step) => step.choice); // choices made so far
  let line = ui.hint(state, next, selected, kept, chosen);
  if (computerTurn?.chance && !thinking) {
    line = s.cursor < total ? "The dice are to be rolled: go to the last move to roll them." : "Rolling the dice…";
  } else if (computerTurn && !thinking) {
    line = s.cursor < total
      ? `${seatNames[computerTurn.player]} is played by the computer: go to the last move to let it play, or choose Human.`
      : outLine(ui, state, seats, seatNames) || `${seatNames[computerTurn.player]} is played by the computer.`;
  } else if (away) line = awayLine(s, state, seatNames, next);
  else if (hint?.pending) line = "Looking for a good move…";
  else if (hint?.move) line = hint.review ? hint.text : `Hint: ${hint.text || hint.move} ${line}`;
  if (picture) line = pictureHint(selected);
  else if (page.mode === "lesson" && page.lesson?.outcome) line = ""; // the lesson's panel says what happened
  else if (page.mode === "puzzle" && page.puzzle?.outcome) line = ""; // and the puzzle's
  else if (page.mode === "puzzle" && !page.puzzle?.list?.length) line = ""; // nothing due: an empty board, nothing to play
  else if (page.refusal && !computerTurn) line = `${page.refusal} ${line}`;

  const coachChosen = coachOn(page);
  // Where the coach speaks it answers (controllers/coach.js asks on every such position): never
  // on a position this device does not play (by links), where it would say "looking…" for ever.
  const coaching = coachChosen && !computerTurn && !picture && !state.is_over && !away;
  // Shown where it speaks, and wherever a person plays the computer (to switch it off or on again).
  const againstComputer = seats.some((seat) => seat !== "human");
  return {
    usable,
    tools,
    seatNames,
    seats,
    seatsHidden: Boolean(s.link), // a game by links: every seat is a person, each on their own device
    seatsLocked: picture,
    linkPanel: s.link ? linkPanel(s, state, seatNames, now) : null,
    computerTurn,
    hintDisabled: busy || state.is_over || Boolean(computerTurn) || Boolean(hint?.pending) || away,
    boardDisabled: page.busy > 0 || picture || Boolean(computerTurn) || sharedDice,
    live: away ? new Set() : next.cells,
    selected,
    status,
    over: state.is_over,
    note,
    // The word on the game just started: until a move each has been played since (then the game speaks for itself).
    notice: page.notice && s.cursor >= page.notice.ply && s.cursor - page.notice.ply < 2 && !state.is_over ? page.notice.text : "",
    line,
    coach: {
      hidden: state.is_over || picture || Boolean(computerTurn) || !(coachChosen || againstComputer),
      on: coachChosen,
      text: coaching ? (page.coaching ? coachWords(unrepeated(page), state, seatNames) : "Coach: looking…") : "",
    },
    choices: computerTurn || sharedDice || away ? [] : ui.orderChoices ? ui.orderChoices(next.choices, state) : next.choices,
    // While a bring-in goes on, a button keeps its number for the next cells (one tap each), or lets it go.
    keep: computerTurn || away || input.active || page.mode !== "play" || !keepable ? null
      : kept ? { token: null, text: "Choose each number again" } : { token: keepable, text: `More ${keepable}s, one tap each` },
    // A whole series of moves in one tap where the game offers one (Nymbat's setup for beginners), in play only.
    series: computerTurn || away || input.active || page.mode !== "play" || !ui.series ? null : ui.series(state),
    cancel: input.active,
  };
}

/**
 * The choice kept for the next cells, while it still applies (`ui.keepable` says what
 * may be kept at this position: Nymbat's last number while a bring-in goes on), in play only.
 */
export function keptChoice(page, ui) {
  const position = page.position;
  if (!page.kept || page.mode !== "play" || !position || !ui?.keepable) return null;
  return ui.keepable(position) ? page.kept : null;
}

/** The coach's notes, those to be said once a game in their short words (`again`) where said at an earlier move. */
export function unrepeated(page) {
  const heard = page.coachHeard?.id === page.session?.id ? page.coachHeard.at : {};
  return page.coaching.map((note) => (note.once && note.text in heard && heard[note.text] < page.session.cursor
    ? { ...note, text: note.again } : note));
}

/** A move as the coach names it: its notation, a pass said as one (a newcomer read "loses at once: pass" as a command). */
const inWords = (move) => (move === "pass" ? "a pass" : move);

/** What the coach says, in words (the notes' own words where the game gives them). */
export function coachWords(notes, state, seatNames) {
  if (!notes) return "";
  const list = (moves) => (moves.length > 4 ? `${moves.slice(0, 4).join(", ")} and ${moves.length - 4} more` : moves.join(", "));
  const who = seatNames[state.to_move] || "The player to move";
  const lines = notes.map((note) => {
    if (note.kind === "lose" && note.moves.length === state.legal.length) return "Every move loses here: the game cannot be saved.";
    if (note.kind === "win" && note.moves.length === state.legal.length) return `Every move wins here: whatever ${who} plays, the game is won.`;
    if (note.kind === "lose" && note.moves.length >= 5 && state.legal.length - note.moves.length <= 3) {
      // Nearly every move loses: the few that do not are what the player needs (issue 39).
      const losing = new Set(note.moves);
      const safe = state.legal.map(({ move }) => move).filter((move) => !losing.has(move));
      return `Only ${safe.join(", ")} ${safe.length === 1 ? "does" : "do"} not lose at once: every other move loses.`;
    }
    if (note.text) return note.text;
    if (note.kind === "win") return `${who} can win now: ${list(note.moves)}.`;
    if (note.kind === "lose" && note.moves.length === 1 && note.moves[0] === "pass") return "Passing loses at once.";
    if (note.kind === "lose") {
      return `${note.moves.length === 1 ? "This move loses" : "These moves lose"} at once: ${list(note.moves.map(inWords))}.`;
    }
    return "";
  }).filter(Boolean);
  return lines.length ? lines.join(" ") : "Nothing is decided by the next move.";
}

/**
 * What is certain about a hinted move, said after it: it wins at once, or by force
 * (`proof`, the engine's prove: a search that tried every answer), or every move
 * loses (at once, or by handing the other side a win); or the move itself hands the
 * other side a win, the least bad the computer found. Else why, where the coach or the
 * engine (`reason`, the bridge's `explain`: what the move stops or threatens) can say it.
 */
export function hintCertainty(notes, state, move, proof, reason = null) {
  const moves = (kind) => new Set(notes.find((note) => note.kind === kind)?.moves || []);
  const [wins, loses, gifts] = [moves("win"), moves("lose"), moves("gift")];
  if (wins.has(move)) return " It wins at once.";
  if (proof?.move === move) {
    const others = state.players > 2 ? "the others play" : "the other side answers";
    return ` It wins by force: whatever ${others}, the game is won within ${proof.plies} moves, this one included.`;
  }
  if (loses.size === state.legal.length) return " Every move loses here: the game cannot be saved.";
  if (state.legal.every(({ move: m }) => loses.has(m) || gifts.has(m))) {
    return " Every move loses here: each one loses at once or hands the other side a win.";
  }
  if (gifts.has(move)) return " It hands the other side a win, but the computer finds every other move worse.";
  return hintReason(notes, move) || (reason ? ` ${reason}` : "");
}

/** The reasons the engine gave for a turn's parts (`explain`'s `reason`), each said once, in turn: null for none. */
export function turnReason(reasons) {
  return reasons.filter((reason, i) => reason && reasons.indexOf(reason) === i).join(" ") || null;
}

/**
 * Why a move the review marked went wrong, from the coach's notes on the position before it
 * (certain: each note is computed or proved, controllers/coach.js): it lost at once, handed
 * the other side a win, opened a capture, walked into a fight or within reach, gave the round
 * away, cost a penalty. "" where no note names the move (the review's chances say the rest).
 */
export function mistakeReason(notes, move) {
  const about = (kind) => notes.find((note) => note.kind === kind && note.moves?.includes(move));
  if (about("lose")) return "It lost at once.";
  if (about("gift")) return "It handed the other side a win.";
  const costly = about("costly") || about("exposing");
  if (costly?.pips?.[move]) return `It let the other side capture ${costly.pips[move]} ${costly.pips[move] === 1 ? "pip" : "pips"} next turn.`;
  if (costly?.text) return costly.text.replace(/^Careful: /, "").replace(/^./, (c) => c.toUpperCase());
  if (about("round-gift")) return "It let the next player take every pyramid left, and the round.";
  const fight = about("fight");
  if (fight?.odds) return `It started a fight it wins ${Math.round((100 * fight.odds[0]) / fight.odds[1])}% of the time.`;
  const exposes = about("exposes");
  if (exposes) return `It left its group where another player could attack it next turn (holding ${holdsWords(exposes.holds)}).`;
  if (about("entry")) return "It ended where a horse summoned next turn could attack it.";
  if (about("retreat")) return "It was a retreat, and paid for it.";
  if (about("delay")) return "It was a seventh delay, and paid for it.";
  return "";
}

/**
 * A marked move between two proven points of a review (the engine tried every move and answer:
 * ai/review.py), in words: what `name` had before it and after it (1 a win, 1/2 a draw, 0 a loss). "" otherwise.
 */
export function provenWords(name, before, after) {
  const outcome = (value) => (value === 1 ? "a won game" : value === 0 ? "a lost one" : "a draw");
  if (before == null || after == null || !(after < before)) return "";
  return `${name} had ${outcome(before)}, certain whatever the other played, and after it ${outcome(after)}` +
    " (proved by trying every move and answer).";
}

/** The level whose search finds the hint's move: medium's, within a second on this machine (bench/hint.py). */
export const HINT_LEVEL = "medium";

/** Notes that make the hint say a move hands something over, "but the computer finds every other move worse". */
const PRICE_PAID = ["gift", "costly", "round-gift"];

/**
 * Whether the hint's `move` needs the hard level's search before it is said: where the hint
 * would call it the least bad (a note says it hands something over), a claim of "best" never
 * weaker than the hard level's.
 */
export function needsHardLevel(notes, move) {
  return notes.some((note) => PRICE_PAID.includes(note.kind) && note.moves?.includes(move));
}

/**
 * Why, from the coach's notes about the hinted move, where one names it: the fight it starts
 * and its odds (Not Nyout), the round it takes (Nimbus), or the price the computer still
 * judges worth paying (a bigger capture opened, a round handed over).
 */
function hintReason(notes, move) {
  const about = (kind) => notes.find((note) => note.kind === kind && note.moves?.includes(move));
  const fight = about("fight");
  if (fight?.text) return ` ${fight.text}`;
  if (about("round")) return " It takes every pyramid left this turn, or starts the turn that does.";
  if (about("costly")) return " It opens a bigger capture for the other side next turn, but the computer finds every other move worse.";
  if (about("round-gift")) return " It lets the next player take every pyramid left, but the computer finds every other move worse.";
  if (about("entry")) return " It ends where a horse summoned next turn can attack it.";
  const exposes = about("exposes"); // Not Nyout: the group it moves can be attacked where it ends
  if (exposes) return ` It leaves its group where another player can attack it next turn (it holds ${holdsWords(exposes.holds)} if attacked).`;
  const exposing = about("exposing"); // Ambush: many moves may; the search judged this one's price worth paying
  if (exposing) return ` It lets the other side capture ${exposing.pips[move]} ${exposing.pips[move] === 1 ? "pip" : "pips"} next turn.`;
  return "";
}

/** A chance as [numerator, denominator], in a percentage: "19%". */
const holdsWords = ([num, den]) => `${Math.round((100 * num) / den)}%`;

/** The first cell tapped for each move, and each cell's moves (to mark a cell only when all its moves say the same). */
function movesByCell(state) {
  const byCell = new Map();
  for (const { move, steps } of state.legal) {
    const cell = steps.find((step) => "cell" in step)?.cell;
    if (cell) byCell.set(cell, [...(byCell.get(cell) || []), move]);
  }
  return byCell;
}

/**
 * The coach's marks: a cell where a move wins, green; where every move loses, red;
 * where a move hands the other side a win, amber (when every move loses, or every
 * move wins, none of these: the words say it); and the cells a note names (its
 * `cells`), ringed as a warning.
 */
export function coachMarks(notes, state) {
  if (!notes?.length) return [];
  const kinds = new Map(notes.map((note) => [note.kind, new Set(note.moves)]));
  // A note of a game's own kind may say how its moves are ringed (Nimbus's round: as a win, or a gift).
  for (const note of notes) {
    if (note.ring && note.ring !== note.kind) kinds.set(note.ring, new Set([...(kinds.get(note.ring) || []), ...note.moves]));
  }
  const everyMoveLoses = (kinds.get("lose")?.size || 0) === state.legal.length;
  const everyMoveWins = (kinds.get("win")?.size || 0) === state.legal.length; // said in words, not on every cell
  const marks = [];
  for (const [cell, moves] of movesByCell(state)) {
    const cls = moves.some((move) => kinds.get("win")?.has(move)) ? !everyMoveWins && "coach-win"
      : !everyMoveLoses && moves.every((move) => kinds.get("lose")?.has(move)) ? "coach-lose"
        : moves.some((move) => kinds.get("gift")?.has(move)) ? "coach-gift" : null;
    if (cls) marks.push({ kind: "ring", cell, cls });
  }
  // A note about cells rather than moves (a stack in danger, a home row reached): those cells, ringed as a warning.
  const warned = new Set(); // a cell several notes name (a station in danger that a move also exposes) is ringed once
  for (const note of notes) {
    for (const cell of note.cells || []) {
      if (!warned.has(cell)) marks.push({ kind: "ring", cell, cls: "coach-warn" });
      warned.add(cell);
    }
  }
  return marks;
}

/** "Who plays: 3 people, 1 computer", for the folded seats. */
export function seatSummary(seats) {
  const people = seats.filter((seat) => seat === "human").length;
  const computers = seats.length - people;
  const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  return `Who plays: ${[people && count(people, "person", "people"), computers && count(computers, "computer", "computers")]
    .filter(Boolean).join(", ")}`;
}

/**
 * What a screen reader hears after a move: the move in the log's words, then the status;
 * at a game's end the last move already says who won ("… Red wins, the last player with
 * horses."), so the status is not said again.
 */
export function announcement(said, status, over) {
  if (!said) return status;
  return over && said.includes(status.split(/[:,]/)[0]) ? said : `${said} ${status}`;
}

/**
 * While the computer plays on after every person at the table is out of the game (Not Nyout's
 * horses all lost, Nymbat's four-player elimination): who is out, and that the game goes on.
 */
function outLine(ui, state, seats, seatNames) {
  const out = ui.outSeats ? ui.outSeats(state) : [];
  const people = seats.flatMap((seat, i) => (seat === "human" ? [i] : []));
  if (state.is_over || !people.length || !people.every((seat) => out.includes(seat))) return "";
  const names = people.map((seat) => seatNames[seat]);
  const who = names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} are`;
  return `${who} out of the game: the computer plays the others on to the end. Undo to go back, or start a new game.`;
}
