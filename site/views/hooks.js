// What the tests (and the curious) can read of the page, as attributes of
// <body>; the only module that writes them.
//   data-ready    the page can be played: the engine is up and the page shows what it opened
//   data-shown    a position (or the home page) is on screen, perhaps a picture drawn before the engine
//   data-page     what is shown: "home" or the game's name (a route just changed may still show the last one)
//   data-busy     "1" while an engine request locks the input, else "0"
//   data-engine   "booted", or "restored" from a memory snapshot (snapshot.js)
//   data-failed   "1" once the engine could not start
//   data-thought  the computer's last move: "<move> <iterations>/<budget>[ stopped]"
//   data-computer-turn  "1" while the game on screen waits for the computer (or the page's dice)
//   data-picture  "shown" or "none": whether the kept picture of the game was drawn before the engine
//   data-turn-spent  the seconds of thinking the computer's last search was told its turn had had
import { computerToMove } from "../model/seats.js";
import { showsGame } from "../state/store.js";

const body = document.body.dataset;

/** Set (or with null, remove) one attribute. */
export function note(name, value) {
  if (value === null || value === undefined) delete body[name];
  else body[name] = String(value);
}

/** After each frame the views drew: what is on screen now (`drawn`: the view drew it without error). */
export function reflect(state, drawn) {
  const page = state.page;
  const picture = state.mode === "picture";
  const shown = drawn && (page.kind === "home" || showsGame(state)) && (!page.loading || picture);
  note("shown", shown ? "1" : null);
  note("page", shown ? (page.kind === "home" ? "home" : page.entry.name) : null);
  note("ready", shown && !page.loading && state.engine === "ready" && !picture ? "1" : null);
  note("busy", state.busy > 0 ? "1" : "0");
  note("failed", state.engine === "failed" ? "1" : null);
  note("computerTurn", shown && computerToMove(state) ? "1" : null);
}
