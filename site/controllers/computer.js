// The computer's turns and hints. It follows the store: whenever the position,
// the seats or the page change, whatever it was working out is forgotten, and
// if a computer seat is to move at the last position, with nothing else going
// on, it asks the engine for its move and plays it (moves.js); at a chance
// point it rolls the dice after a short pause. The Hint button asks the engine
// which move it would play. While the computer thinks, the store's `thinking`
// says how far its search has got, and "Move now" has it play the best move it
// has found so far.
import { engine } from "../engine/boot.js";
import { plainMessage } from "../engine/client.js";
import * as hooks from "../views/hooks.js";
import { play, roll } from "./moves.js";
import { HINT_LEVEL, hintCertainty, needsHardLevel, turnReason } from "../model/game-page.js";
import { computerToMove, seatsOf } from "../model/seats.js";
import * as actions from "../state/actions.js";
import { showsGame, store } from "../state/store.js";
import { showMessage } from "../views/dom.js";

const COMPUTER_PAUSE_MS = 300; // between two computer moves, so that people can follow
const ROLL_PAUSE_MS = 450;     // before the dice are rolled, so that the roll is seen as a move of its own
const HINT_PARTS = 4;          // a turn's parts a hint says at most (Nymbat's first turn has thirty)

let thinkToken = 0;     // bumped whenever a pending computer move or hint must be forgotten
let stopSearch = null;  // ends the search under way at once (the worker plays its best so far)
let goOn = null;        // starts the computer's turn held by a pause (a round's end), when the player says so
let turnClock = null;   // {session, turn, cursor, spent}: how long the computer's turn has thought

/**
 * How long the computer's turn has thought so far. A turn may be several moves
 * (Nymbat's pieces, Not Nyout's dice, Nimbus's two actions); each search is told
 * the turn's thinking so far, so that the engine holds the whole turn to its
 * level's cap (py_engines.ai LEVELS, turn_seconds). The clock runs on while
 * the record only grows within one turn; taking a move back starts it again.
 */
function clockFor(sessionId, turn, cursor) {
  const clock = turnClock;
  if (clock && clock.session === sessionId && clock.turn === turn && cursor > clock.cursor) {
    clock.cursor = cursor;
    return clock;
  }
  turnClock = { session: sessionId, turn, cursor, spent: 0 };
  return turnClock;
}

/** Forget any computer move or hint being worked out: its answer will be dropped. */
function cancelThinking() {
  thinkToken++;
  stopSearch?.(); // the worker ends the search at once rather than run it out
  stopSearch = null;
  goOn = null;
  if (store.state.thinking || store.state.hint) actions.computerForgotten();
}

/** "Move now": the computer plays the best move it has found so far (or, held by a pause, goes on). */
export function moveNow() {
  const thinking = store.state.thinking;
  if (thinking?.paused && goOn) {
    const go = goOn;
    goOn = null;
    actions.thinkingShown(null);
    go();
    return;
  }
  if (!stopSearch || !thinking || thinking.stopping) return;
  stopSearch();
  actions.thinkingShown({ ...thinking, stopping: true });
}

// What the computer's work depends on: when any of it changes, the work is dropped.
const WATCHED = ["page", "mode", "session", "position", "busy", "engine"];
let watchedValues = [];

/** The store's watcher (app.js registers it): the computer's turn starts, or its work is dropped. */
export function followTurns(state) {
  const values = WATCHED.map((key) => state[key]);
  if (values.every((value, i) => value === watchedValues[i])) return;
  watchedValues = values;
  cancelThinking();
  if (state.busy || state.mode !== "play" || state.engine !== "ready" || state.page.loading || !showsGame(state)) return;
  const s = state.session;
  const turn = computerToMove(state);
  if (!turn || s.cursor !== s.record.moves.length) return;
  // Where the game asks for a pause (a Nimbus round's end) and a person plays, the computer
  // waits for them to go on: {paused: words, button} in the thinking line, Move now goes on.
  const pause = seatsOf(s, state.position.players).includes("human") && state.page.entry.ui.pause?.(state.position);
  if (!pause) {
    startTurn(turn, s, state.position);
    return;
  }
  goOn = () => startTurn(turn, s, state.position);
  actions.thinkingShown({ paused: pause.text, button: pause.button });
}

/** A computer seat is to move (or the dice are to be rolled) at the last position of session `s`. */
function startTurn(turn, s, position) {
  const token = thinkToken;
  const current = () => token === thinkToken;
  if (turn.chance) {
    actions.thinkingShown({ dice: true });
    setTimeout(() => {
      if (!current()) return;
      actions.thinkingShown(null);
      roll();
    }, ROLL_PAUSE_MS);
    return;
  }
  actions.thinkingShown({ player: turn.player, level: turn.level, progress: 0, stopping: false });
  const pause = seatsOf(s, position.players).includes("human") ? 0 : COMPUTER_PAUSE_MS;
  const record = { ...s.record, moves: s.record.moves.slice(0, s.cursor) };
  const clock = clockFor(s.id, position.turn, record.moves.length);
  setTimeout(async () => {
    if (!current()) return;
    let answer = null;
    const started = performance.now();
    try {
      // (At most an hour: past its time a turn thinks a tenth of it, however long it has had.)
      const asked = { record, level: turn.level, seed: record.seed || 0, spent: Math.min(clock.spent, 3600) };
      hooks.note("turnSpent", clock.spent.toFixed(3)); // what this search was told
      const search = engine.think(asked, (iterations, budget, progress) => {
        // The share of the search done, its root work included; a new search starts from an empty bar.
        if (current()) actions.thinkingShown({ ...store.state.thinking, progress: Math.min(1, progress) });
      });
      stopSearch = search.stop;
      answer = await search.answer;
      clock.spent += (performance.now() - started) / 1000;
    } catch (error) {
      if (!current()) return;
      stopSearch = null;
      actions.thinkingShown(null);
      showMessage(`The computer could not choose a move: ${plainMessage(error.message)}`);
      return;
    }
    if (!current()) return;
    stopSearch = null;
    actions.thinkingShown(null);
    hooks.note("thought", `${answer.move} ${answer.iterations}/${answer.budget}${answer.stopped ? " stopped" : ""}`);
    await play(answer.move);
  }, pause);
}

/** Ask the engine (at its best level) which move it would play for the side to move. */
export async function showHint() {
  const { session: s, position: state, thinking, busy, hint } = store.state;
  if (!s || !state || state.is_over || thinking || busy || hint?.pending) return;
  const token = thinkToken;
  const current = () => token === thinkToken;
  const record = { ...s.record, moves: s.record.moves.slice(0, s.cursor) };
  actions.hintShown({ pending: true });
  let answer;
  let notes = [];
  let proof = null;
  try {
    // What is certain (every move loses, a move wins at once or by force) is said beside the move found.
    // The medium level's search (within a second): the hint is asked for mid-turn, and waited for.
    const think = (level) => engine.call("think", { record, level, seed: record.seed || 0 });
    [answer, notes, proof] = await Promise.all([
      think(HINT_LEVEL),
      engine.call("coach", { record }).then((told) => told.notes).catch(() => []),
      engine.call("prove", { record }).catch(() => null),
    ]);
    // A move the hint would call the least bad (every other move worse) is the hard level's choice.
    if (needsHardLevel(notes, answer.move)) answer = await think("hard");
    // A win proved by force is never worse than what the search estimates best.
    if (proof?.move && !notes.some((note) => note.kind === "win" && note.moves.includes(answer.move))) {
      answer = { ...answer, move: proof.move };
    }
  } catch (error) {
    if (!current()) return;
    actions.hintShown(null);
    showMessage(`No hint could be found: ${plainMessage(error.message)}`);
    return;
  }
  if (!current()) return;
  // What the move would do, to draw on the board and say in words.
  let told = null;
  try {
    told = await engine.call("explain", { record, move: answer.move });
  } catch {
    told = null; // the notation alone, then
  }
  if (!current()) return;
  // Where the turn has parts (Nimbus: a pyramid taken, then placed; Nymbat's moves; Not Nyout's
  // dice), the rest of the turn too, each part the search's at the hint's level, said in turn.
  const parts = [told ? `${told.text.replace(/\.$/, "")} (${answer.move})` : answer.move];
  let rest = { ...record, moves: [...record.moves, answer.move] };
  try {
    while (told?.to_move === state.to_move && parts.length < HINT_PARTS) {
      const next = await engine.call("think", { record: rest, level: HINT_LEVEL, seed: record.seed || 0 });
      const more = await engine.call("explain", { record: rest, move: next.move });
      if (!current()) return;
      parts.push(`${more.text.replace(/\.$/, "")} (${next.move})`);
      rest = { ...rest, moves: [...rest.moves, next.move] };
      // Each part's reason said (Nimbus's is often the turn's second half: the collect that leaves no sweep).
      told = { ...told, to_move: more.to_move, reason: turnReason([told.reason, more.reason]) };
    }
  } catch {
    // the turn's first part alone, then
  }
  if (!current()) return;
  const unfinished = told?.to_move === state.to_move ? ", and so on" : "";
  const legal = state.legal.find((m) => m.move === answer.move);
  const cells = legal ? legal.steps.filter((st) => "cell" in st).map((st) => st.cell) : [];
  const said = `${parts.join("; then ")}${unfinished}.`;
  actions.hintShown({ move: answer.move, cells, events: told?.events || null, text: `${said}${hintCertainty(notes, state, answer.move, proof, told?.reason)}` });
}
