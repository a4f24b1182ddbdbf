// The play mode: a game played on this device, by people and the computer.
// A move is entered step by step (taps on cells, then choices, input.js) and
// played once whole (moves.js); the computer plays its seats (computer.js).
//
// A mode of the game page says what a tap on a cell, a choice and Escape do:
// `tap(cell)`, `choose(token)`, `cancel()`. app.js hands them the player's
// input according to `store.state.mode`; another mode (a lesson, a review, a
// game by links) is one more module like this one.
import { play } from "../moves.js";
import { computerToMove } from "../session.js";
import { store } from "../store.js";

/** One tap or choice toward a move; the move is played once it is whole. What the input made of it. */
export function enterStep(step) {
  const { position, busy, input } = store.state;
  if (!position || busy || computerToMove()) return {};
  const result = input.step(step);
  store.update({ input, preview: null });
  if (result.move) play(result.move);
  return result;
}

export const tap = (cell) => enterStep({ cell });
export const choose = (token) => enterStep({ choice: token });

/** Let go of the move being entered. */
export function cancel() {
  const { input } = store.state;
  if (input.cancel()) store.update({ input });
}
