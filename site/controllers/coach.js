// The coach: before a person moves, it says and marks what the rules will do
// next, only where the engine knows it for certain (Game.coach: the moves that
// win or lose at once, a move that hands the other side a win). It follows the
// store, as the computer does: on each new position where a person is to move,
// it asks the engine, and puts the notes in the store for the view to draw.
// On by default when a person plays the computer; the player can switch it on
// or off (kept in this browser).
import { engine } from "../engine/boot.js";
import { playsHere } from "../model/link-game.js";
import { readCoach, writeCoach } from "../state/local-storage.js";
import { coachOn, computerToMove } from "../model/seats.js";
import * as actions from "../state/actions.js";
import { showsGame, store } from "../state/store.js";

/** The Coach button: switch it off if it speaks here, on if not (kept in this browser). */
export function toggleCoach() {
  const on = !coachOn(store.state);
  writeCoach(on);
  actions.coachChosen(on);
}

let asked = null; // the position the notes were asked for

function follow(state) {
  const { session: s, position } = state;
  // Any position shown where a person is to move, an earlier one too (after Undo, or stepping
  // back through the log): a move played there replaces the later ones, and the page says
  // "Coach: looking…" wherever the coach is on, so it must answer there.
  const wanted = showsGame(state) && state.mode === "play" && !state.busy && state.engine === "ready" &&
    !position.is_over && !computerToMove(state) && coachOn(state) &&
    playsHere(s, position); // by links, only for this device's own moves
  if (!wanted) {
    asked = null;
    if (state.coaching) actions.coachNoted(null);
    return;
  }
  if (asked === position) return;
  asked = position;
  if (state.coaching) actions.coachNoted(null);
  const record = { ...s.record, moves: s.record.moves.slice(0, s.cursor) };
  engine.call("coach", { record }).then((answer) => {
    if (store.state.position === position && asked === position) actions.coachNoted(answer.notes);
  }).catch(() => {}); // a coach that cannot answer says nothing
}

/** The store's watcher (app.js registers it): the coach looks at each new position. */
export function followPositions(state, patch) {
  if ("coaching" in patch && Object.keys(patch).length === 1) return;
  follow(state);
}

/** The player's choice for the coach, as this browser kept it (read once, at the start). */
export const readCoachChoice = () => actions.coachChosen(readCoach());
