// The board at once. Until the engine is ready, a game's page shows the game
// as it was left (or, with no game in progress, a new game) from what needs no
// engine: the position the page kept the last time it drew that game, and the
// board layouts and new-game positions the build wrote (boards/<game>.json).
// It reads as a picture: the board is dimmed, nothing is live, the buttons
// wait and the line under the board says the engine is starting. Cells tapped
// meanwhile are kept (shown as selected) and entered once the engine is ready,
// exactly as if tapped then; one that is not a move there gets a message.
//
// What is kept: localStorage "boardgames.view.<game>" = {id, cursor, state},
// the engine's state for that game's session, without its list of legal
// moves, written each time the game is saved (opening a page writes nothing,
// so a save from before positions were kept has none until its next change).
// It is a picture of a save and nothing more: it is shown only when it matches
// the saved game in progress exactly (id, position, players, seed, options and
// moves), and the saves themselves are never touched here.
import { app } from "./app-state.js";
import { play } from "./moves.js";
import { computerToMove } from "./session.js";
import * as store from "./storage.js";
import { showMessage } from "./ui.js";
import { renderGame } from "./view.js";

const PICTURE = "boardgames.view.";
const boards = new Map();

/** The game's board layout and new-game position: {layout, start} (see build.py, write_boards). */
export function boardData(name) {
  if (!boards.has(name)) {
    const promise = fetch(new URL(`./boards/${name}.json`, import.meta.url))
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error())))
      .catch(() => {
        throw new Error("its board could not be loaded (offline before the page was kept for offline use?). Reload to try again");
      });
    promise.catch(() => boards.delete(name));
    boards.set(name, promise);
  }
  return boards.get(name);
}

/** Keep the position of `session`, just saved, for the next visit's picture. */
export function keepPicture(session, state) {
  if (!session?.id || !state?.record) return;
  const { legal, ...drawn } = state;
  try {
    localStorage.setItem(PICTURE + session.game, JSON.stringify({ id: session.id, cursor: session.cursor, state: drawn }));
  } catch {
    // A picture is only a head start: a browser that refuses to keep it loses nothing.
  }
}

const sameOptions = (a = {}, b = {}) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** Whether a kept picture shows `save` exactly, at its cursor. */
function shows(picture, save) {
  const state = picture?.state;
  const drawn = state?.record;
  const record = save.record;
  return Boolean(drawn) && picture.id === save.id && picture.cursor === save.cursor &&
    typeof state.view === "object" && state.view !== null && Number.isInteger(state.players) &&
    drawn.game === save.game && drawn.players === record.players && drawn.seed === record.seed &&
    sameOptions(drawn.options, record.options) && Array.isArray(drawn.moves) && Array.isArray(state.movers) &&
    drawn.moves.length === save.cursor && state.movers.length === save.cursor &&
    drawn.moves.every((move, i) => move === record.moves[i]);
}

/**
 * The game the page is about to restore, if it can be drawn without the engine:
 * {session, state} for a save with a matching picture, `null` when there is no
 * game in progress (a new one will start), `false` when it cannot be told.
 */
function pictureOf(game) {
  try {
    const pointer = store.currentId(game);
    if (!pointer) return null;
    if (!pointer.ok) return false;
    const item = store.readSave(pointer.id);
    if (!item) return null;
    if (!item.ok || item.save.game !== game) return false;
    const picture = JSON.parse(localStorage.getItem(PICTURE + game));
    return shows(picture, item.save) ? { session: item.save, state: picture.state } : false;
  } catch {
    return false;
  }
}

/**
 * Draw `entry`'s game as a picture while the engine starts (`start` is the new
 * game's state from boardData). Returns whether something was drawn.
 */
export function enterPicture(entry, start) {
  const found = pictureOf(entry.name);
  if (found === false) return false;
  const { session, state } = found || { session: { game: entry.name, record: start.record, cursor: 0 }, state: start };
  app.picture = { session };
  app.session = session;
  app.state = { ...state, legal: [] };
  app.input.reset([]);
  app.busy++;
  app.view.els.board.classList.add("picture");
  try {
    renderGame();
  } catch {
    leavePicture({ discard: true }); // a kept picture this page cannot draw: wait for the engine instead
    return false;
  }
  document.body.dataset.shown = "1";
  return true;
}

/** A tap or choice on the picture: kept, to be entered once the engine is ready. */
export function keepTap(step) {
  if (!("cell" in step) || app.input.prefix.length >= 8) return;
  app.input.prefix.push(step);
  renderGame();
}

/** The line under the board on a picture. */
export function pictureHint(selected) {
  return selected.length
    ? `Tapped: ${selected.join(", ")}. The game engine is starting: the move goes on once it is ready.`
    : "The game engine is starting: the board can be played in a moment. Taps made now are kept.";
}

/**
 * The engine is ready (or the page moves on): stop showing the picture. Returns
 * {session, taps}: the session drawn and the cells tapped on it. `discard`
 * also forgets the pictured game (the page shows another, or none).
 */
export function leavePicture({ discard = false } = {}) {
  if (!app.picture) return { session: null, taps: [] };
  const left = { session: app.picture.session, taps: app.input.prefix.slice() };
  if (discard) {
    app.session = null;
    app.state = null;
  }
  app.picture = null;
  app.busy--;
  app.input.reset(app.state?.legal || []);
  app.view?.els?.board.classList.remove("picture");
  return left;
}

/**
 * Enter the cells tapped on the picture into the game now on screen, as if
 * tapped now; say so if one is not a move here, or if the game on screen is
 * not the one that was drawn.
 */
export function replayTaps({ session, taps }) {
  if (!taps.length) return;
  const same = app.session && (session.id ? app.session.id === session.id
    : !app.session.record.moves.length && app.session.cursor === 0);
  if (!same) {
    showMessage("The game changed while the engine was starting, so the cells tapped meanwhile were not played.");
    return;
  }
  for (const [index, step] of taps.entries()) {
    const result = app.busy || computerToMove() ? {} : app.input.step(step);
    if (result.move) {
      play(result.move);
      if (index < taps.length - 1) showMessage("Only the first move tapped while the engine was starting was played.");
      return;
    }
    if (!result.changed) {
      app.input.cancel();
      showMessage(`The tap on ${step.cell}, made while the engine was starting, is not a move here: nothing was played.`);
      break;
    }
  }
  renderGame();
}
