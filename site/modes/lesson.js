// The lesson mode: a game's short course, step by step (#/<game>?learn, or
// ?learn=<step>). Each step is a position, a task in one sentence and a hint;
// the player's move is judged by the engine (the bridge's lesson_try: any move
// that does the task passes), and what happened is said after. Finished steps
// are kept in this browser; the last step leads to a first game against the
// computer. Nothing of a lesson is saved as a game.
import { engine } from "../boot.js";
import { plainMessage } from "../engine.js";
import { startFresh } from "../moves.js";
import { readLessons, writeLessons } from "../storage.js";
import { store } from "../store.js";
import { showMessage } from "../ui.js";

let motions = 0;

/** Open `entry`'s lesson at step `index` (the first unfinished one when null). */
export async function enter(entry, index) {
  const { steps } = await engine.call("lesson", { game: entry.name });
  const done = readLessons(entry.name);
  const first = index ?? Math.max(0, steps.findIndex((step) => !done.includes(step.key)));
  store.update({ lesson: { game: entry.name, title: entry.title, steps, done, index: 0, outcome: null, hinted: false } });
  await show(Math.min(Math.max(0, first), steps.length - 1));
}

/** Put step `index`'s position on the board, its task under it. */
async function show(index) {
  const lesson = store.state.lesson;
  const step = lesson.steps[index];
  const state = await engine.call("state", { record: step.record });
  if (store.state.lesson?.game !== lesson.game) return; // left meanwhile
  showExercise("lesson", step.title, state, { lesson: { ...store.state.lesson, index, outcome: null, hinted: false } });
}

/**
 * Put the position of a lesson's step or a puzzle (`mode`) on the board: a game
 * of its own, played by people, never saved; `patch`: the mode's own fields.
 */
export function showExercise(mode, title, state, patch) {
  store.state.input.reset(state.legal);
  const session = { id: null, game: state.record.game, title, record: state.record, cursor: state.record.moves.length,
    seats: Array(state.players).fill("human") };
  store.update({ mode, session, position: state, input: store.state.input, refusal: null, hint: null, ...patch });
}

/** A tap or a choice toward the move; once whole, the engine judges it. */
function enterStep(step) {
  const { input, busy, lesson } = store.state;
  if (busy || !lesson || lesson.outcome) return;
  const result = input.step(step);
  store.update({ input, preview: null });
  if (result.move) attempt(result.move);
}

export const tap = (cell) => enterStep({ cell });
export const choose = (token) => enterStep({ choice: token });

export function cancel() {
  const { input } = store.state;
  if (input.cancel()) store.update({ input });
}

/** The move tried: shown on the board, judged, and said. */
async function attempt(move) {
  const { lesson, session } = store.state;
  store.update({ busy: store.state.busy + 1 });
  try {
    const [tried, after] = await Promise.all([
      engine.call("lesson_try", { game: lesson.game, step: lesson.index, move }),
      engine.call("play", { record: session.record, move }),
    ]);
    if (store.state.lesson !== lesson) return;
    const step = lesson.steps[lesson.index];
    const done = tried.ok && !lesson.done.includes(step.key) ? [...lesson.done, step.key] : lesson.done;
    if (done !== lesson.done) writeLessons(lesson.game, done);
    store.state.input.reset([]);
    store.update({
      session: { ...session, record: after.record, cursor: after.record.moves.length }, position: after,
      input: store.state.input, motion: { id: ++motions, events: after.last_move?.events || [], position: after },
      lesson: { ...lesson, done, outcome: { ok: tried.ok, text: tried.ok ? `${tried.text} ${step.done}` : tried.text } },
    });
  } catch (error) {
    showMessage(plainMessage(error.message));
    store.state.input.cancel();
    store.update({ input: store.state.input });
  } finally {
    store.update({ busy: store.state.busy - 1 });
  }
}

/** The step again, from its position. */
export const retry = () => show(store.state.lesson.index);

/** The next step. */
export const next = () => show(store.state.lesson.index + 1);

/** Any step, from the list. */
export const goToStep = (index) => show(index);

/** The hint of the step shown. */
export function hint() {
  store.update({ lesson: { ...store.state.lesson, hinted: true } });
}

/** Leave the lesson: back to the game in progress (`first`: start a first game against the computer instead). */
export async function leave(first = false) {
  const lesson = store.state.lesson;
  store.update({ mode: "play", lesson: null, session: null, position: null });
  history.replaceState(null, "", `#/${lesson.game}`);
  if (first) {
    await startFresh(`Your first game of ${lesson.title}: you move first, against the computer (easy).`,
      { players: null, options: {}, seats: ["human", "easy"] });
  } else {
    window.dispatchEvent(new HashChangeEvent("hashchange")); // the route opens the game in progress again
  }
}
