// The computer's turns and hints: when a computer seat is to move, ask the
// engine for its move and play it; at a chance point, roll the dice after a
// short pause; the Hint button asks the engine which move it would play.
// While the computer thinks, the indicator shows how far its search has got,
// and "Move now" has it play the best move it has found so far.
import { app, engine } from "./app-state.js";
import { plainMessage } from "./engine.js";
import { play, roll } from "./moves.js";
import { computerToMove, seatsOf } from "./session.js";
import { showMessage } from "./ui.js";
import { renderGame } from "./view.js";

const COMPUTER_PAUSE_MS = 300; // between two computer moves, so that people can follow
const ROLL_PAUSE_MS = 450;     // before the dice are rolled, so that the roll is seen as a move of its own

/**
 * How long the computer's turn has thought so far. A turn may be several moves
 * (Nymbat's pieces, Not Nyout's dice, Nimbus's two actions); each search is told
 * the turn's thinking so far, so that the engine holds the whole turn to its
 * level's cap (py_engines.ai LEVELS, turn_seconds). The clock runs on while
 * the record only grows within one turn; taking a move back starts it again.
 */
function turnClock(session, turn, cursor) {
  const clock = app.turnClock;
  if (clock && clock.session === session && clock.turn === turn && cursor > clock.cursor) {
    clock.cursor = cursor;
    return clock;
  }
  app.turnClock = { session, turn, cursor, spent: 0 };
  return app.turnClock;
}

/** Forget any computer move or hint being worked out: its answer will be dropped. */
export function cancelThinking() {
  app.thinkToken++;
  app.thinking?.stop?.(); // the worker ends the search at once rather than run it out
  app.thinking = null;
  app.hint = null;
}

/** "Move now": the computer plays the best move it has found so far. */
export function moveNow() {
  const thinking = app.thinking;
  if (!thinking?.stop || thinking.stopping) return;
  thinking.stopping = true;
  thinking.stop();
  showProgress();
}

/** Bring the thinking indicator's progress bar and Move now button up to date. */
function showProgress() {
  const thinking = app.thinking;
  const els = app.view?.els;
  if (!thinking || thinking.dice || !els?.thinking) return;
  const bar = els.thinking.querySelector(".thinking-progress");
  // The share of the search done, its root work included; a new search starts from an empty bar.
  if (bar) bar.value = Math.min(1, thinking.progress);
  const button = els.thinking.querySelector("#move-now");
  if (button) button.disabled = Boolean(thinking.stopping);
}

/** After any change of position or seats: let a computer seat move if it is its turn. */
export function scheduleComputer() {
  cancelThinking();
  const view = app.view;
  const s = app.session;
  const turn = computerToMove();
  if (view?.kind !== "game" || !view.board || s?.game !== view.entry.name || engine.failed) return;
  if (!turn || s.cursor !== s.record.moves.length) return;
  const token = app.thinkToken;
  if (turn.chance) {
    app.thinking = { dice: true };
    setTimeout(() => {
      if (token !== app.thinkToken || app.session !== s) return;
      app.thinking = null;
      roll();
    }, ROLL_PAUSE_MS);
    queueMicrotask(renderGame);
    return;
  }
  const thinking = { player: turn.player, level: turn.level, progress: 0, stop: null, stopping: false };
  app.thinking = thinking;
  const seats = seatsOf(s, app.state.players);
  const pause = seats.includes("human") ? 0 : COMPUTER_PAUSE_MS;
  const record = { ...s.record, moves: s.record.moves.slice(0, s.cursor) };
  const clock = turnClock(s, app.state.turn, record.moves.length);
  setTimeout(async () => {
    if (token !== app.thinkToken) return;
    let answer = null;
    const started = performance.now();
    try {
      const asked = { record, level: turn.level, seed: record.seed || 0, spent: clock.spent };
      document.body.dataset.turnSpent = clock.spent.toFixed(3); // for tests: what this search was told
      const search = engine.think(asked, (iterations, budget, progress) => {
        if (token !== app.thinkToken) return;
        thinking.progress = progress;
        showProgress();
      });
      thinking.stop = search.stop;
      showProgress();
      answer = await search.answer;
      clock.spent += (performance.now() - started) / 1000;
    } catch (error) {
      if (token !== app.thinkToken) return;
      app.thinking = null;
      showMessage(`The computer could not choose a move: ${plainMessage(error.message)}`);
      renderGame();
      return;
    }
    if (token !== app.thinkToken || app.session !== s || s.cursor !== record.moves.length) return;
    app.thinking = null;
    // For tests and the curious: how much of its budget the last computer move searched.
    document.body.dataset.thought = `${answer.move} ${answer.iterations}/${answer.budget}${answer.stopped ? " stopped" : ""}`;
    await play(answer.move);
  }, pause);
  queueMicrotask(() => {
    renderGame();
    showProgress();
  });
}

/** Ask the engine (at its best level) which move it would play for the side to move. */
export async function showHint() {
  const s = app.session;
  const state = app.state;
  if (!s || !state || state.is_over || app.thinking || app.busy || app.hint?.pending) return;
  const token = app.thinkToken;
  const cursor = s.cursor;
  const record = { ...s.record, moves: s.record.moves.slice(0, cursor) };
  app.hint = { pending: true };
  renderGame();
  let answer;
  try {
    answer = await engine.call("think", { record, level: "hard", seed: record.seed || 0 });
  } catch (error) {
    if (token !== app.thinkToken) return;
    app.hint = null;
    showMessage(`No hint could be found: ${plainMessage(error.message)}`);
    renderGame();
    return;
  }
  if (token !== app.thinkToken || app.session !== s || s.cursor !== cursor) return;
  // What the move would do, to draw on the board and say in words.
  let told = null;
  try {
    told = await engine.call("explain", { record, move: answer.move });
  } catch {
    told = null; // the notation alone, then
  }
  if (token !== app.thinkToken || app.session !== s || s.cursor !== cursor) return;
  const legal = app.state.legal.find((m) => m.move === answer.move);
  const cells = legal ? legal.steps.filter((st) => "cell" in st).map((st) => st.cell) : [];
  app.hint = { move: answer.move, cells, events: told?.events || null, text: told ? `${told.text.replace(/\.$/, "")} (${answer.move}).` : null };
  renderGame();
}
