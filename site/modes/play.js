// The play mode: a game played on this device, by people and the computer.
// A move is entered step by step (taps on cells, then choices, move-input.js) and
// played once whole (moves.js); the computer plays its seats (computer.js).
//
// A mode of the game page says what a tap on a cell, a choice and Escape do:
// `tap(cell)`, `choose(token)`, `cancel()`. app.js hands them the player's
// input according to `store.state.mode`; another mode (a lesson, a review, a
// game by links) is one more module like this one.
import { play, takeStep } from "../controllers/moves.js";
import { DAMAGED_KEY, mySeats } from "../model/link-game.js";
import { seatNamesOf } from "../games/index.js";
import { computerToMove } from "../model/seats.js";
import * as actions from "../state/actions.js";
import { CHANCE, store } from "../state/store.js";

/**
 * One tap or choice toward a move; the move is played once it is whole. A step
 * the rules refuse is explained (the engine says why, `refusal`). What the input
 * made of it.
 */
export function enterStep(step) {
  const { position, busy, session } = store.state;
  if (!position || busy || computerToMove(store.state) || position.is_over) return {};
  if (session.link) {
    // A game by links: this device plays its own seats, at the game's last position.
    const why = notHere(session, position);
    if (why) {
      actions.refused(why);
      return {};
    }
  }
  return takeStep(step, play);
}

/** Why this device may not move here in a game by links, or "" if it may. */
function notHere(session, position) {
  const mine = mySeats(session);
  if (session.link.ended) return "This game was ended on this device: it can no longer be played here.";
  if (!mine.length) return "You are watching this game: its seats are played on other devices.";
  if (session.link.damaged) return DAMAGED_KEY;
  if (session.cursor !== session.record.moves.length) return "Go to the last move to play: moves sent by link cannot be taken back.";
  if (position.to_move === CHANCE) return "The dice are rolled from the players' devices' shares, never by hand.";
  if (mine.includes(position.to_move)) return "";
  const name = seatNamesOf(store.state.page.entry.ui, position)[position.to_move];
  return `It is ${name}'s turn, played on their own device: their move comes to you as a link.`;
}

export const tap = (cell) => enterStep({ cell });
export const choose = (token) => enterStep({ choice: token });

/** Let go of the move being entered. */
export function cancel() {
  if (store.state.input.active) actions.inputEntered(store.state.input.cancel());
}
