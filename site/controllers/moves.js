// Changes of the position on screen, each one an engine request: a move, a
// roll of the dice, undo and redo, going to a move in the list, a new game, a
// seat handed to a person or the computer. Every new position goes through
// adopt(), which puts it in the store and saves it; the computer (computer.js)
// and the views follow the store from there.
import { engine } from "../engine/boot.js";
import { makeByLinks } from "../by-links/game.js";
import { plainMessage } from "../engine/client.js";
import { keptChoice } from "../model/game-page.js";
import { SEAT_LEVELS, mixedSeats, opponentSeats, seatsOf } from "../model/seats.js";
import { freshSession, persist } from "./current-game.js";
import { writeOpponent } from "../state/local-storage.js";
import * as actions from "../state/actions.js";
import { CHANCE, store } from "../state/store.js";
import { showMessage } from "../views/dom.js";

/**
 * Make a session the one on screen, with the state at its cursor; save it
 * unless it was only read back (so opening the page never writes storage).
 */
export function adopt(session, state, save = true) {
  actions.positionShown(session, state);
  if (save) persist(session, state);
}

/**
 * Run one change of position with the input locked: `work` asks the engine and
 * adopts what it answers; errors become a message. The lock is lifted only once
 * the new position is in the store, so nothing acts on the old one meanwhile.
 */
async function locked(work) {
  try {
    return await actions.withInputLocked(work);
  } catch (error) {
    showMessage(plainMessage(error.message));
    return null;
  }
}

/** The session's record as far as the position shown (a move played there drops the later ones). */
const recordToCursor = (s) => ({ ...s.record, moves: s.record.moves.slice(0, s.cursor) });

/** Play a move at the position on screen (any later moves are dropped). */
export async function play(move) {
  const s = store.state.session;
  const done = await locked(async () => {
    const state = await engine.call("play", { record: recordToCursor(s), move });
    advance(s, state);
    return true;
  });
  if (!done) actions.inputCancelled();
  return Boolean(done);
}

/** Play `moves` one after another at the position on screen (a game's series: Nymbat's setup for beginners). */
export async function playSeries(moves) {
  const id = store.state.session?.id;
  for (const move of moves) {
    if (store.state.session?.id !== id || !(await play(move))) return; // another game on screen, or a move failed
  }
}

/**
 * One tap or choice (`step`) toward a move at the position on screen: `whole(move)`
 * once the move is whole; a step the rules refuse is explained under the board
 * (the engine says why), in a game, a lesson or a puzzle alike. What the input made of it.
 */
export function takeStep(step, whole) {
  const { position, input, session } = store.state;
  const before = input.prefix;
  // A cell that stands for another here (Ambush: any cell of a coaster for its middle, once a turn is picked).
  const standIn = "cell" in step ? store.state.page.entry?.ui?.cellFor?.(step.cell, position, input.next(), before) : null;
  if (standIn) step = { cell: standIn };
  const result = input.step(step);
  actions.inputEntered(result.input);
  const letGo = "cell" in step && before[before.length - 1]?.cell === step.cell; // tapped again on purpose
  if (result.move) whole(result.move);
  else if (!result.changed && !letGo) {
    // A first tap the game reads as a choice's (Not Nyout's S3 tapped for "Summon to S3"): that
    // choice, then the cell if the choice asks for one; any other refused step gets the rules' reason.
    const token = "cell" in step && !before.length
      ? store.state.page.entry?.ui?.choiceForCell?.(step.cell, position, input.next().choices) : null;
    if (!token) {
      explainRefusal(session, position, [...before, step]);
      return result;
    }
    const chosen = takeStep({ choice: token }, whole);
    return chosen.changed && !chosen.move && store.state.input.next().cells.has(step.cell) ? takeStep(step, whole) : chosen;
  } else if (result.changed && "cell" in step) {
    // A choice kept for the next cells (Nymbat's number, bringing in) is taken at once where it fits.
    const kept = keptChoice(store.state, store.state.page.entry?.ui);
    if (kept && result.input.next().choices.includes(kept)) return takeStep({ choice: kept }, whole);
  }
  return result;
}

/** Ask the engine why the rules refuse `steps` here, and say it under the board. */
async function explainRefusal(session, position, steps) {
  let answer;
  try {
    answer = await engine.call("refusal", { record: recordToCursor(session), steps });
  } catch {
    return; // no reason to give: the tap is simply not taken
  }
  if (store.state.position === position) actions.refused(answer.text);
}

/** Roll the dice at the chance point on screen (the engine draws them from the game's seed). */
export function roll() {
  const s = store.state.session;
  return locked(async () => {
    const state = await engine.call("roll", { record: recordToCursor(s) });
    if (store.state.session?.id === s.id) advance(s, state);
  });
}

/**
 * The game went one move further: it ends there now (later moves are dropped). The move is shown
 * moving; a choice kept for the next cells stays while the same bring-in goes on.
 */
function advance(s, state) {
  const kept = store.state.kept;
  adopt({ ...s, record: state.record, cursor: state.record.moves.length }, state);
  if (kept && keptChoice({ ...store.state, kept }, store.state.page.entry?.ui)) actions.choiceKept(kept);
  if (state.last_move) actions.moveShown(state.last_move.events, state);
}

export function goTo(ply) {
  const { session: s, busy } = store.state;
  if (!s || busy || ply < 0 || ply > s.record.moves.length || ply === s.cursor) return null;
  return locked(async () => {
    const state = await engine.call("state", { record: s.record, ply });
    if (store.state.session?.id === s.id) adopt({ ...s, cursor: ply }, state);
  });
}

/**
 * One ply back or forward, passing over positions where dice are to be rolled
 * (they would roll again at once); against the computer, on to the nearest
 * position where a person is to move (a move and the computer's reply go together).
 */
function step(direction) {
  const { session: s, busy } = store.state;
  if (!s || busy) return null;
  const total = s.record.moves.length;
  let ply = s.cursor + direction;
  if (ply < 0 || ply > total) return null;
  const seats = seatsOf(s);
  const mixed = mixedSeats(seats);
  const passOver = (state) => !state.is_over && (state.to_move === CHANCE || (mixed && seats[state.to_move] !== "human"));
  return locked(async () => {
    let state = await engine.call("state", { record: s.record, ply });
    while (passOver(state) && ply + direction >= 0 && ply + direction <= total) {
      ply += direction;
      state = await engine.call("state", { record: s.record, ply });
    }
    if (store.state.session?.id === s.id) adopt({ ...s, cursor: ply }, state);
  });
}

export const undo = () => step(-1);
export const redo = () => step(1);

// -- a new game and the seats -------------------------------------------------------

/** A seat is now played by a person ("human") or the computer at a level. */
export function changeSeat(player, value) {
  const { session: s, position } = store.state;
  if (!s) return;
  const seats = seatsOf(s);
  seats[player] = SEAT_LEVELS.includes(value) ? value : "human";
  const session = { ...s, seats };
  // A computer chosen in a seat's menu answers the question of how to play, for good.
  if (store.state.opponent === null && SEAT_LEVELS.includes(value)) choose(value);
  actions.sessionChanged(session);
  persist(session, position);
}

function choose(opponent) {
  writeOpponent(opponent);
  actions.opponentChosen(opponent);
}

/**
 * The answer to "how do you want to play?" (asked before the first move of a
 * first game): "human" (pass and play) or a computer level, which then plays
 * every seat but the first. Kept for the games started from now on.
 */
export function chooseHowToPlay(opponent) {
  const { session: s, position } = store.state;
  if (!s) return;
  choose(opponent);
  const seats = opponentSeats(opponent, position.players) || seatsOf(s).map(() => "human");
  const session = { ...s, seats };
  actions.sessionChanged(session);
  persist(session, position);
}

/**
 * Another tab saved the game on screen (`save`, read from its storage event):
 * follow it, unless a move is being entered or the engine is busy here (then
 * the next save of this tab keeps both: current-game.js, persist).
 */
export async function follow(save) {
  const { session: s, busy, input } = store.state;
  if (!s || busy || input.active) return;
  await locked(async () => {
    const state = await engine.call("state", { record: save.record, ply: save.cursor });
    if (store.state.session?.id !== s.id) return;
    adopt(save, state, false);
    showMessage("This game was played on in another tab: it is shown here as it is there.", { error: false });
  });
}

/** Replace the game on screen by a fresh one; `note` says what became of the old one. */
export async function startFresh(note, setup = null) {
  const entry = store.state.page.entry;
  const done = await locked(async () => {
    const fresh = await freshSession(entry, setup);
    // A game by links: this device holds the seats chosen as its own; the others join by link (by-links/game.js).
    const session = setup?.byLinks ? await makeByLinks(fresh.session, entry, setup.mine) : fresh.session;
    adopt(session, fresh.state);
    return true;
  });
  if (done && note) actions.noticeShown(note); // under the board, in the page's flow: it covers nothing
}
