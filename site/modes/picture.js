// The picture mode: the board at once. Until the engine is ready, a game's
// page shows the game as it was left (or, with no game in progress, a new
// game) from what needs no engine: the position kept the last time that game
// was saved (local-storage.js, keepPicture) and the board layouts and new-game
// positions the build wrote (board-data.js). It reads as a picture: the board is
// dimmed, nothing is live, the buttons wait and the line under the board says
// the engine is starting. Cells tapped meanwhile are kept (shown as selected)
// and entered once the engine is ready, exactly as if tapped then; one that is
// not a move there gets a message.
//
// The kept position is a picture of a save and nothing more: it is shown only
// when it matches the saved game in progress exactly (id, position, players,
// seed, options and moves), and the saves themselves are never touched here.
import { computerToMove, opponentSeats } from "../model/seats.js";
import { keptGame } from "../controllers/current-game.js";
import * as actions from "../state/actions.js";
import * as hooks from "../views/hooks.js";
import { store } from "../state/store.js";
import { showMessage } from "../views/dom.js";
import * as playMode from "./play.js";

/**
 * Draw `entry`'s game as a picture while the engine starts (`start` is the new
 * game's state from boardData). Returns whether there is something to draw.
 */
export function enter(entry, start) {
  const found = keptGame(entry.name);
  hooks.note("picture", found === false ? "none" : "shown");
  if (found === false) return false;
  // A new game is drawn played the way the player chose (the new game that replaces it keeps its seats).
  const seats = opponentSeats(store.state.opponent, start.players);
  const fresh = { game: entry.name, record: start.record, cursor: 0, ...(seats ? { seats } : {}) };
  const { session, state } = found || { session: fresh, state: start };
  actions.pictureShown(session, { ...state, legal: [] });
  return true;
}

/** A tap on the picture: kept, to be entered once the engine is ready. */
export function tap(cell) {
  const input = store.state.input;
  if (input.prefix.length >= 8) return;
  actions.pictureTapped(input.withTap(cell));
}

/** Choices wait for the engine; Escape lets go of the cells tapped. */
export const choose = () => {};
export const cancel = playMode.cancel;

/**
 * The engine is ready (or the page moves on): stop showing the picture. Returns
 * {session, taps}: the session drawn and the cells tapped on it. `discard`
 * also forgets the pictured game (the page shows another, or none).
 */
export function leave({ discard = false } = {}) {
  const { picture, input } = store.state;
  if (!picture) return { session: null, taps: [] };
  const left = { session: picture.session, taps: [...input.prefix] };
  actions.pictureLeft(discard);
  return left;
}

/**
 * Enter the cells tapped on the picture into the game now on screen, as if
 * tapped now; say so if one is not a move here, or if the game on screen is
 * not the one that was drawn.
 */
export function replayTaps({ session, taps }) {
  if (!taps.length) return;
  const shown = store.state.session;
  const same = shown && (session.id ? shown.id === session.id : !shown.record.moves.length && shown.cursor === 0);
  if (!same) {
    showMessage("The game changed while the engine was starting, so the cells tapped meanwhile were not played.");
    return;
  }
  for (const [index, step] of taps.entries()) {
    const result = store.state.busy || computerToMove(store.state) ? {} : playMode.enterStep(step);
    if (result.move) {
      if (index < taps.length - 1) showMessage("Only the first move tapped while the engine was starting was played.");
      return;
    }
    if (!result.changed) {
      playMode.cancel();
      showMessage(`The tap on ${step.cell}, made while the engine was starting, is not a move here: nothing was played.`);
      return;
    }
  }
}
