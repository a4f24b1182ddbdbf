// The review of a game (issue 32): each player's winning chances after every
// move, from the engine's search (the bridge's review op: one position at a
// time, in the worker, so a tap meanwhile waits for one position at most), the
// moves that gave chances away marked, and for each the better move, drawn on
// the board and said in words. A review belongs to a game's moves: it is kept
// beside the saved game (local-storage.js) and set aside when the moves change.
import { engine } from "../engine/boot.js";
import { plainMessage } from "../engine/client.js";
import { seatNamesOf } from "../games/index.js";
import { fingerprint } from "../model/fingerprint.js";
import { mistakeReason, provenWords } from "../model/game-page.js";
import { goTo } from "./moves.js";
import { keepReviewed } from "./mistakes.js";
import { readReview, writeReview } from "../state/local-storage.js";
import * as actions from "../state/actions.js";
import { store } from "../state/store.js";
import { showMessage } from "../views/dom.js";

/** A short fingerprint of a game (FNV-1a of its setup and moves): a kept review is of these moves. */
export function movesKey(record) {
  const text = JSON.stringify([record.game, record.players, record.seed, record.options, record.moves]);
  return `${record.moves.length}-${fingerprint(text)}`;
}

/** What a review keeps of a point: the mover, the chances, the better move, the mark or label, the drop, and whether the chances are proved. */
function compact(point) {
  return { player: point.player, chances: point.chances, best: point.best, bestText: point.best_text,
    mark: point.mark, label: point.label ?? null, drop: point.drop, proven: point.proven === true };
}

const MARKS = new Set(["inaccuracy", "mistake", "blunder"]);

/** Whether a kept review reads right for a game of `players` players and `plies` moves. */
function readable(review, key, players, plies) {
  return review && review.key === key && Array.isArray(review.points) && review.points.length <= plies + 1 &&
    review.points.every((p) => p && Array.isArray(p.chances) && p.chances.length === players &&
      p.chances.every((c) => Number.isFinite(c) && c >= 0 && c <= 1) &&
      (p.mark === null || (MARKS.has(p.mark) && typeof p.best === "string" && typeof p.bestText === "string")));
}

let running = null; // the review under way: stopped when this changes

/** Review the game on screen, from where its kept review stopped (the Review button). */
export async function startReview() {
  const s = store.state.session;
  if (!s || !s.record.moves.length || store.state.mode !== "play") return;
  const key = movesKey(s.record);
  const kept = store.state.review?.key === key ? store.state.review : null;
  const review = { key, total: s.record.moves.length + 1, points: kept?.points || [], running: true };
  const token = {};
  running = token;
  actions.reviewChanged(review);
  const record = s.record;
  for (let ply = review.points.length; ply < review.total; ply++) {
    let point;
    try {
      point = await engine.call("review", { record, ply, seed: record.seed || 0 });
    } catch (error) {
      if (running !== token) return;
      running = null;
      actions.reviewChanged({ ...store.state.review, running: false });
      showMessage(`The review stopped: ${plainMessage(error.message)}`);
      return;
    }
    if (running !== token) return;
    const now = store.state.review;
    const next = { ...now, points: [...now.points, compact(point)], running: ply + 1 < review.total };
    actions.reviewChanged(next);
    if (s.id && (!next.running || ply % 8 === 0)) writeReview(s.id, { key, points: next.points });
    if (!next.running) keepReviewed(s, next.points); // the player's mistakes, to try again (Your mistakes)
    await new Promise((resolve) => setTimeout(resolve, 0)); // a tap's request goes before the next position
  }
  if (running === token) running = null;
}

/**
 * Show move `ply` (counted from 1) as the review judged it: the position
 * before it, with the better move drawn on the board and said in words.
 */
export async function showReviewed(ply) {
  const review = store.state.review;
  const point = review?.points[ply - 1];
  if (!point?.mark) return;
  const after = review.points[ply];
  await goTo(ply - 1);
  const { session: s, position: state, page } = store.state;
  if (!s || s.cursor !== ply - 1 || store.state.review !== review) return;
  const record = { ...s.record, moves: s.record.moves.slice(0, ply - 1) };
  let told = null;
  let notes = [];
  try {
    // The better move in words, and why the move played went wrong where the coach can say it (certain).
    [told, notes] = await Promise.all([engine.call("explain", { record, move: point.best }),
      engine.call("coach", { record }).then((answer) => answer.notes || [], () => [])]);
  } catch {
    told = null; // the words the review gave, then
  }
  if (store.state.position !== state) return;
  const name = seatNamesOf(page.entry.ui, state)[point.player];
  const percent = (chance) => `${Math.round(chance * 100)}%`;
  // Proved on both sides (or into the game's end): the outcomes, not the chances, say it.
  const proved = point.proven && after?.proven ? provenWords(name, point.chances[point.player], after.chances[point.player]) : "";
  const fell = proved ? ` ${proved}` : after ? ` ${name}'s chances of winning went from ${percent(point.chances[point.player])} to ` +
    `${percent(after.chances[point.player])}.` : "";
  const legal = state.legal.find((m) => m.move === point.best);
  const cells = legal ? legal.steps.filter((step) => "cell" in step).map((step) => step.cell) : [];
  const better = (told?.text || point.bestText).replace(/\.$/, "");
  const why = mistakeReason(notes, s.record.moves[ply - 1]);
  actions.hintShown({ move: point.best, cells, events: told?.events || null, review: true,
    text: `Move ${ply}, ${s.record.moves[ply - 1]}, was ${point.mark === "inaccuracy" ? "an" : "a"} ${point.mark}.` +
      `${why ? ` ${why}` : ""}${fell} Better: ${better} (${point.best}).` });
}

// A review follows its game: another game, or other moves, set it aside (the kept
// review of a saved game comes back with it). The store's watcher (app.js registers it).
export function followGame(state, patch) {
  if (!("session" in patch)) return;
  const s = state.session;
  const key = s && state.mode === "play" ? movesKey(s.record) : null;
  if (state.review?.key === key && key) return;
  running = null;
  const kept = key && s.id ? readReview(s.id) : null;
  const review = readable(kept, key, s?.record.players, s?.record.moves.length)
    ? { key, total: s.record.moves.length + 1, points: kept.points, running: false } : null;
  if (review || state.review) actions.reviewChanged(review);
}
