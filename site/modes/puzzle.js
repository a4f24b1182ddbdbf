// The puzzle mode (#/<game>?puzzle, or ?puzzle=<id>): positions from real games
// with one answer, proved by trying every move when the puzzles were made
// (bench/make_puzzles.py writes site/puzzles/<game>.json; docs/puzzles.md).
// The player's first move is judged against the proved answer; a wrong one is
// shown on the board, with the other side's refuting answer where there is one,
// and said why it fails, and may be tried again; a right one goes on along the
// solution's line (the other side's replies played by the page) to its end, and
// says why it works. Solved puzzles are kept in this browser; nothing of a
// puzzle is saved as a game. A puzzle answered wrong is kept to try again (Your mistakes).
//
// The same mode plays "Your mistakes" (#/<game>?mistakes, controllers/mistakes.js): the
// positions where the player went wrong, due now (model/mistakes.js schedules them). A move
// there is judged by the engine, not against one stored answer: the review's judgement of
// it (review.py), right when the review would not mark it a mistake or a blunder (it gives
// away less than 0.25 of the mover's chance); a puzzle's, right when the puzzle's proof
// accepts it. Each answer moves the item on its schedule.
import { engine } from "../engine/boot.js";
import { takeStep } from "../controllers/moves.js";
import { plainMessage } from "../engine/client.js";
import { GAMES } from "../games/index.js";
import { PROGRESS_NOT_KEPT, readPuzzles, writePuzzles } from "../state/local-storage.js";
import * as actions from "../state/actions.js";
import { store } from "../state/store.js";
import { showMessage } from "../views/dom.js";
import { showExercise } from "./lesson.js";
import { keepAnswered, keepMistakes, storedMistakes } from "../controllers/mistakes.js";
import { answered, countsByGame, dueNow, fromPuzzle, whenWords } from "../model/mistakes.js";

const files = new Map(); // game -> its puzzles, fetched once

/** A game's puzzles, easiest first, from the file the build ships. */
async function puzzlesOf(game) {
  if (!files.has(game)) {
    files.set(game, fetch(new URL(`../puzzles/${game}.json`, import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(`its puzzles did not arrive (${response.status})`);
      return response.json();
    }).then((data) => {
      if (data.game !== game || !Array.isArray(data.puzzles)) throw new Error("its puzzle file is not one of this game");
      return [...data.puzzles].sort((a, b) => a.grade - b.grade);
    }).catch((error) => {
      files.delete(game);
      throw error;
    }));
  }
  return files.get(game);
}

/** Open `entry`'s puzzles at the one of id `id` (the first not solved when null or unknown). */
export async function enter(entry, id) {
  const list = await puzzlesOf(entry.name);
  const solved = readPuzzles(entry.name);
  let index = list.findIndex((p) => p.id === id);
  if (index < 0) index = Math.max(0, list.findIndex((p) => !solved.includes(p.id)));
  actions.puzzleChanged({ game: entry.name, list, solved, index: 0, step: 0, outcome: null });
  await show(index);
}

/** Open `entry`'s mistakes due now (Your mistakes): each a puzzle whose move the engine judges. */
export async function enterMistakes(entry) {
  const now = Date.now();
  const all = storedMistakes();
  const kept = all.filter((item) => item.game === entry.name);
  const list = dueNow(kept, now, entry.name).map((item) => ({ id: item.id, record: item.record, solver: item.player,
    task: mistakeTask(item), mistake: item }));
  const next = kept.length ? Math.min(...kept.map((item) => item.due)) : null;
  // The other games with mistakes due now: once this game's are done, the panel goes on to the next of them.
  const others = GAMES.filter((game) => game.name !== entry.name);
  const counts = countsByGame(all, now, others.map((game) => game.name));
  const elsewhere = others.filter((game) => counts[game.name].due)
    .map((game) => ({ game: game.name, title: game.title, due: counts[game.name].due }));
  actions.puzzleChanged({ game: entry.name, list, solved: [], index: 0, step: 0, outcome: null, practice: true,
    kept: kept.length, next: next === null ? null : whenWords(next, now), elsewhere });
  if (list.length) {
    await show(0);
    return;
  }
  // Nothing due: the panel says what is kept and when it comes back, over the game's empty board
  // (the page shows a board only with a position: without one it stayed on "Loading…").
  const state = await engine.call("new", { game: entry.name, players: null, seed: 0, options: {} });
  if (store.state.puzzle?.game !== entry.name) return; // left meanwhile
  showExercise("puzzle", "Your mistakes", state, { puzzle: store.state.puzzle });
  actions.inputClosed();
}

/** What a mistake asks: the move that went wrong, and to find a better one. */
function mistakeTask(item) {
  const move = item.record.moves.length + 1;
  if (item.from === "puzzle") return `A puzzle you answered ${item.played}: find its answer.`;
  return `Move ${move} of a game of yours: ${item.played} here was a ${item.mark}. Find a move that keeps your chances.`;
}

/** Put puzzle `index`'s position on the board, its task above it. */
async function show(index) {
  const puzzle = store.state.puzzle;
  const item = puzzle.list[index];
  if (!item) return;
  const state = await engine.call("state", { record: item.record });
  if (store.state.puzzle?.game !== puzzle.game) return; // left meanwhile
  showExercise("puzzle", item.task, state, { puzzle: { ...store.state.puzzle, index, step: 0, line: item.line, outcome: null } });
}

/** A tap or a choice toward the move; once whole, it is judged. */
function enterStep(step) {
  const { busy, puzzle, position } = store.state;
  if (busy || !puzzle || puzzle.outcome || position.to_move !== puzzle.list[puzzle.index].solver) return;
  takeStep(step, attempt); // a tap the rules refuse gets their reason, as in a game
}

export const tap = (cell) => enterStep({ cell });
export const choose = (token) => enterStep({ choice: token });

export { cancel } from "./lesson.js"; // Escape lets go of the cells tapped, as in a lesson

/** Play `moves` on the board one after the other, each shown moving; the last position is returned. */
async function playOut(moves, puzzle) {
  let { session, position } = store.state;
  for (const move of moves) {
    position = await engine.call("play", { record: session.record, move });
    if (store.state.puzzle?.index !== puzzle.index || store.state.puzzle.game !== puzzle.game) return null;
    session = { ...session, record: position.record, cursor: position.record.moves.length };
    actions.positionShown(session, position);
    actions.moveShown(position.last_move?.events, position);
  }
  return position;
}

/** The solver's move: right (on along the line), or wrong (shown, refuted, said). */
async function attempt(move) {
  const puzzle = store.state.puzzle;
  if (puzzle.practice) return judgeMistake(move, puzzle);
  const item = puzzle.list[puzzle.index];
  // Right: a move the proof accepts here (along another order of a turn, that order's own move).
  const accepted = puzzle.line === item.line ? item.accept[puzzle.step] || [] : [puzzle.line[puzzle.step]];
  await actions.withInputLocked(async () => {
    if (!accepted.includes(move)) {
      // Shown on the board, with the answer that refutes it where the puzzle has one.
      const refuted = puzzle.step === 0 && item.replies[move] ? [move, item.replies[move]] : [move];
      await playOut(refuted, puzzle);
      const why = puzzle.step === 0 ? item.wrong[move] || item.otherwise
        : "That lets the other side off: the win needs another move here.";
      finish(puzzle, { ok: false, text: why });
      if (puzzle.step === 0) keepMistakes([fromPuzzle(item, move, Date.now())]); // it comes back (Your mistakes)
      return;
    }
    // A right first move other than the answer (a turn played in another order) goes on with its own moves.
    const line = puzzle.step === 0 && move !== item.answer && item.then[move] ? [move, ...item.then[move]] : puzzle.line;
    let step = puzzle.step + 1;
    let position = await playOut([move], puzzle);
    // The other side's replies (and any dice), played by the page, until the solver is to move again.
    while (position && step < line.length && !position.is_over && position.to_move !== item.solver) {
      await new Promise((resolve) => setTimeout(resolve, 350)); // the move seen, then the answer
      position = await playOut([line[step]], puzzle);
      step++;
    }
    if (!position) return; // left meanwhile
    if (step >= line.length || position.is_over) finish(puzzle, { ok: true, text: item.why });
    else actions.puzzleChanged({ ...store.state.puzzle, step, line });
  }).catch((error) => {
    showMessage(plainMessage(error.message));
    actions.inputCancelled();
  });
}

/**
 * A move tried on one of the player's mistakes: shown, judged by the engine (the review's search,
 * or the puzzle's proof), said, and the item moved on its schedule.
 */
async function judgeMistake(move, puzzle) {
  const { mistake } = puzzle.list[puzzle.index];
  await actions.withInputLocked(async () => {
    let right;
    let why;
    if (mistake.from === "puzzle") {
      const proved = (await puzzlesOf(puzzle.game)).find((p) => p.id === mistake.puzzle);
      right = Boolean(proved?.accept[0]?.includes(move));
      why = right ? proved.why : proved ? proved.wrong[move] || proved.otherwise : `The answer is ${mistake.better}.`;
    } else {
      const record = { ...mistake.record, moves: [...mistake.record.moves, move] };
      const point = await engine.call("review", { record, ply: mistake.record.moves.length, seed: mistake.record.seed || 0 });
      right = !["mistake", "blunder"].includes(point.mark);
      const kept = `${Math.round(100 * point.played_value)}%`;
      why = right ? `Your chances stay about where they were (${kept}).`
        : `It gives away ${Math.round(100 * point.drop)}% of your chances (a ${point.mark}). Better: ` +
          `${(point.best_text || point.best).replace(/\.$/, "")} (${point.best}).`;
    }
    if (store.state.puzzle !== puzzle) return; // left meanwhile
    await playOut([move], puzzle);
    const now = Date.now();
    const after = answered(mistake, right, now);
    keepAnswered(after);
    const back = `It comes back ${whenWords(after.due, now)}.`;
    finish(puzzle, { ok: right, text: `${why} ${back}` });
  }).catch((error) => {
    showMessage(plainMessage(error.message));
    actions.inputCancelled();
  });
}

/** The puzzle's outcome said; a solved one kept. */
function finish(puzzle, outcome) {
  if (store.state.puzzle?.index !== puzzle.index) return;
  const id = puzzle.list[puzzle.index].id;
  const solved = outcome.ok && !puzzle.solved.includes(id) ? [...puzzle.solved, id] : puzzle.solved;
  if (solved !== puzzle.solved && !puzzle.practice && !writePuzzles(puzzle.game, solved)) showMessage(PROGRESS_NOT_KEPT);
  actions.puzzleChanged({ ...store.state.puzzle, solved, outcome });
  actions.inputClosed();
}

/** The same puzzle again, from its position. */
export const retry = () => show(store.state.puzzle.index);

/** The next puzzle (the first one after this, solved or not); of the mistakes, the next due (none left: what is kept). */
export function next() {
  const { index, list, practice } = store.state.puzzle;
  if (practice && index + 1 >= list.length) return enterMistakes(store.state.page.entry);
  return show((index + 1) % list.length);
}

/** Show the answer: the line played out, the puzzle not counted as solved (a mistake: counted as missed). */
export async function reveal() {
  const puzzle = store.state.puzzle;
  const item = puzzle.list[puzzle.index];
  if (puzzle.practice) return revealMistake(puzzle, item.mistake);
  await show(puzzle.index);
  await actions.withInputLocked(async () => {
    await playOut(item.line, store.state.puzzle);
    actions.puzzleChanged({ ...store.state.puzzle, outcome: { ok: false, shown: true,
      text: item.why.startsWith(item.answer) ? item.why : `The answer: ${item.answer}. ${item.why}` } });
    actions.inputClosed();
  });
}

/** A mistake's better move shown on the board; it comes back as a miss does. */
async function revealMistake(puzzle, mistake) {
  await show(puzzle.index);
  await actions.withInputLocked(async () => {
    await playOut([mistake.better], store.state.puzzle);
    const now = Date.now();
    const after = answered(mistake, false, now);
    keepAnswered(after);
    actions.puzzleChanged({ ...store.state.puzzle, outcome: { ok: false, shown: true,
      text: `A better move: ${mistake.better}. It comes back ${whenWords(after.due, now)}.` } });
    actions.inputClosed();
  });
}

/** Leave the puzzles: back to the game in progress. */
export function leave() {
  const puzzle = store.state.puzzle;
  actions.exerciseLeft();
  history.replaceState(null, "", `#/${puzzle.game}`);
  window.dispatchEvent(new HashChangeEvent("hashchange")); // the route opens the game in progress again
}
