// Changes of the position on screen, each one an engine request: a move
// entered by taps and choices, a roll of the dice, undo and redo, going to a
// move in the list, a new game, a seat handed to a person or the computer.
// Every new position goes through adopt(), which saves it and lets the
// computer move if it is its turn (computer.js and this module call each other:
// a move can hand the turn to the computer, whose move is played here).
import { app, engine, catalog, CHANCE } from "./app-state.js";
import { plainMessage } from "./engine.js";
import { scheduleComputer, cancelThinking } from "./computer.js";
import { motionFor } from "./marks.js";
import * as menus from "./menus.js";
import { keepPicture, keepTap } from "./picture.js";
import { SEAT_LEVELS, computerToMove, freshSession, mixedSeats, persist, seatsOf } from "./session.js";
import { showMessage } from "./ui.js";
import { renderGame } from "./view.js";

/**
 * Make a session the one on screen, with the state at its cursor; save it
 * unless it was only read back (so opening the page never writes storage).
 */
export function adopt(session, state, save = true) {
  app.session = session;
  app.state = state;
  app.input.reset(state.legal);
  if (save && persist()) keepPicture(session, state); // the picture of a save, only once there is one
  scheduleComputer();
}

// -- moves --------------------------------------------------------------------------

/** Run one engine request with the input locked; errors become a message. */
async function request(work) {
  app.busy++;
  renderGame();
  try {
    return await work();
  } catch (error) {
    showMessage(plainMessage(error.message));
    return null;
  } finally {
    app.busy--;
    renderGame();
  }
}

/** Play a move at the position on screen (any later moves are dropped). */
export async function play(move) {
  const s = app.session;
  const record = { ...s.record, moves: s.record.moves.slice(0, s.cursor) };
  const state = await request(() => engine.call("play", { record, move }));
  if (!state) {
    app.input.cancel();
    renderGame();
    return;
  }
  advance(s, state);
}

/** Roll the dice at the chance point on screen (the engine draws them from the game's seed). */
export async function roll() {
  const s = app.session;
  const record = { ...s.record, moves: s.record.moves.slice(0, s.cursor) };
  const state = await request(() => engine.call("roll", { record }));
  if (state && app.session === s) advance(s, state);
}

/** The game went one move further: it ends there now (later moves are dropped). The move is shown moving. */
function advance(s, state) {
  s.record = state.record;
  s.cursor = state.record.moves.length;
  adopt(s, state);
  renderGame();
  const view = app.view;
  if (view?.board && state.last_move) view.board.animate(motionFor(state.last_move.events, view.entry.ui, state.view));
}

export async function goTo(ply) {
  const s = app.session;
  if (!s || app.busy || ply < 0 || ply > s.record.moves.length || ply === s.cursor) return;
  cancelThinking();
  const state = await request(() => engine.call("state", { record: s.record, ply }));
  if (!state) return;
  s.cursor = ply;
  adopt(s, state);
  renderGame();
}

/**
 * One ply back or forward, passing over positions where dice are to be rolled
 * (they would roll again at once); against the computer, on to the nearest
 * position where a person is to move (a move and the computer's reply go together).
 */
async function step(direction) {
  const s = app.session;
  if (!s || app.busy) return;
  const total = s.record.moves.length;
  let ply = s.cursor + direction;
  if (ply < 0 || ply > total) return;
  const seats = seatsOf(s);
  const mixed = mixedSeats(seats);
  const passOver = (state) => !state.is_over && (state.to_move === CHANCE || (mixed && seats[state.to_move] !== "human"));
  cancelThinking();
  const found = await request(async () => {
    let state = await engine.call("state", { record: s.record, ply });
    while (passOver(state) && ply + direction >= 0 && ply + direction <= total) {
      ply += direction;
      state = await engine.call("state", { record: s.record, ply });
    }
    return state;
  });
  if (!found || app.session !== s) return;
  s.cursor = ply;
  adopt(s, found);
  renderGame();
}

export const undo = () => step(-1);
export const redo = () => step(1);

// -- a new game and the seats -------------------------------------------------------

/** A seat is now played by a person ("human") or the computer at a level. */
export function changeSeat(player, value) {
  const s = app.session;
  if (!s) return;
  const seats = seatsOf(s);
  seats[player] = SEAT_LEVELS.includes(value) ? value : "human";
  s.seats = seats;
  persist();
  scheduleComputer();
  renderGame();
}

/** Replace the game on screen by a fresh one; `note` says what became of the old one. */
export async function startFresh(note, setup = null) {
  const fresh = await request(() => freshSession(app.view.entry, setup));
  if (!fresh) return;
  adopt(fresh.session, fresh.state);
  renderGame();
  if (note) showMessage(note, { error: false });
}

/** The New game button: ask for players, options and who plays each seat, then start. */
export async function newGame() {
  const entry = app.view?.entry;
  const info = (await catalog)?.[entry.name];
  const current = app.session ? { record: app.session.record, seats: seatsOf(app.session) } : null;
  const setup = info ? await menus.newGameSetup(entry, info, current) : null;
  if (info && !setup) return; // cancelled
  if (app.view?.entry !== entry) return;
  cancelThinking();
  const hadMoves = app.session?.record.moves.length > 0;
  return startFresh(hadMoves ? "New game started. The previous one is under Saved games." : "", setup);
}

// -- the player's input ------------------------------------------------------------

/** One tap or choice toward a move; the move is played once it is whole. */
function takeStep(step) {
  if (app.picture) return keepTap(step); // the engine is starting: entered once it is ready
  if (!app.state || app.busy || computerToMove()) return;
  const result = app.input.step(step);
  if (result.move) play(result.move);
  renderGame();
}

export function tapCell(name) {
  takeStep({ cell: name });
}

export function choose(token) {
  const hadFocus = app.view.els.choices.contains(document.activeElement);
  const selected = app.input.selected();
  takeStep({ choice: token });
  if (hadFocus && selected.length) app.view.board.focus(selected[selected.length - 1]);
}

export function cancelInput() {
  if (app.input.cancel()) renderGame();
}
