// The lesson mode: a game's short course, step by step (#/<game>?learn, or
// ?learn=<step>). Each step is a position, a task in one sentence and a hint;
// the player's move is judged by the engine (the bridge's lesson_try: any move
// that does the task passes), and what happened is said after. Finished steps
// are kept in this browser; the last step leads to a first game against the
// computer. Nothing of a lesson is saved as a game.
import { engine } from "../engine/boot.js";
import { plainMessage } from "../engine/client.js";
import { startFresh, takeStep } from "../controllers/moves.js";
import { outcomeWords, resumeAt } from "../model/course.js";
import { PROGRESS_NOT_KEPT, readLessonAt, readLessons, writeLessonAt, writeLessons } from "../state/local-storage.js";
import * as actions from "../state/actions.js";
import { CHANCE, store } from "../state/store.js";
import { showMessage } from "../views/dom.js";

/** Open `entry`'s lesson at step `index` (the first unfinished one when null). */
export async function enter(entry, index) {
  const { steps } = await engine.call("lesson", { game: entry.name });
  const done = readLessons(entry.name);
  const first = index ?? resumeAt(steps, done, readLessonAt(entry.name));
  actions.lessonChanged({ game: entry.name, title: entry.title, steps, done, index: 0, outcome: null, hinted: false });
  await show(Math.min(Math.max(0, first), steps.length - 1));
}

/** Put step `index`'s position on the board, its task under it. */
async function show(index) {
  const lesson = store.state.lesson;
  const step = lesson.steps[index];
  const state = await engine.call("state", { record: step.record });
  if (store.state.lesson?.game !== lesson.game) return; // left meanwhile
  writeLessonAt(lesson.game, step.key);
  // No marks of the turns that built the position: what a step needs of them, its words say.
  showExercise("lesson", step.title, { ...state, marks: [] },
    { lesson: { ...store.state.lesson, index, outcome: null, hinted: false } });
}

/**
 * Put the position of a lesson's step or a puzzle (`mode`) on the board: a game
 * of its own, played by people, never saved; `patch`: the mode's own fields.
 */
export function showExercise(mode, title, state, patch) {
  const session = { id: null, game: state.record.game, title, record: state.record, cursor: state.record.moves.length,
    seats: Array(state.players).fill("human") };
  actions.positionShown(session, state, { mode, ...patch });
}

/** A tap or a choice toward the move; once whole, the engine judges it. */
function enterStep(step) {
  const { busy, lesson } = store.state;
  if (busy || !lesson || lesson.outcome) return;
  takeStep(step, attempt); // a tap the rules refuse gets their reason, as in a game
}

export const tap = (cell) => enterStep({ cell });
export const choose = (token) => enterStep({ choice: token });

export function cancel() {
  if (store.state.input.active) actions.inputCancelled();
}

/** The move tried: shown on the board, judged, and said. */
async function attempt(move) {
  const { lesson, session } = store.state;
  await actions.withInputLocked(async () => {
    const [tried, played] = await Promise.all([
      engine.call("lesson_try", { game: lesson.game, step: lesson.index, move }),
      engine.call("play", { record: session.record, move }),
    ]);
    // A fight the move started (Not Nyout) is rolled to its end, so that the step shows how it
    // went, dice and all: a newcomer saw "Fight on N1" and never its outcome.
    let after = played;
    const fought = [];
    for (let round = 0; round < 40 && after.view?.combat && after.to_move === CHANCE; round++) {
      after = await engine.call("roll", { record: after.record });
      if (after.last_move?.text) fought.push(after.last_move.text);
    }
    if (store.state.lesson !== lesson) return;
    const step = lesson.steps[lesson.index];
    const done = tried.ok && !lesson.done.includes(step.key) ? [...lesson.done, step.key] : lesson.done;
    if (done !== lesson.done && !writeLessons(lesson.game, done)) showMessage(PROGRESS_NOT_KEPT);
    // Marks of the move tried, its turn's only.
    const shown = { ...after, marks: (after.marks || []).slice(-1) };
    actions.positionShown({ ...session, record: after.record, cursor: after.record.moves.length }, shown, {
      lesson: { ...lesson, done, outcome: { ok: tried.ok, text: outcomeWords(tried.text, tried.said),
        fight: fought.join(" ") || null } },
    });
    actions.inputClosed();
    actions.moveShown(after.last_move?.events, shown); // the position drawn: so the move is shown moving, and said
  }).catch((error) => {
    showMessage(plainMessage(error.message));
    actions.inputCancelled();
  });
}

/** The step again, from its position. */
export const retry = () => show(store.state.lesson.index);

/** The next step. */
export const next = () => show(store.state.lesson.index + 1);

/** Any step, from the list. */
export const goToStep = (index) => show(index);

/** The hint of the step shown. */
export function hint() {
  actions.lessonChanged({ ...store.state.lesson, hinted: true });
}

/** Leave the lesson: back to the game in progress (`first`: start a first game against the computer instead). */
export async function leave(first = false) {
  const lesson = store.state.lesson;
  actions.exerciseLeft();
  history.replaceState(null, "", `#/${lesson.game}`);
  if (first) {
    await startFresh(`Your first game of ${lesson.title}: you move first, against the computer (easy).`,
      { players: null, options: {}, seats: ["human", "easy"] });
  } else {
    window.dispatchEvent(new HashChangeEvent("hashchange")); // the route opens the game in progress again
  }
}
