// "Your mistakes": the player's own errors, kept to be tried again until they stick
// (issue 40). Pure: the items, where they come from, and when each comes back.
//
// An item is a position and what went wrong there:
//   {id, game, record (the game up to the position: format, game, players, seed, options, moves),
//    player (the seat to move), played (the move that went wrong), from ("review" or "puzzle"),
//    mark ("mistake" or "blunder": the review's; "puzzle": a puzzle answered wrong),
//    better (a move that does better, the review's or the puzzle's answer), puzzle (its id),
//    added, due (ms since 1970), step (how many times in a row it was right; 0: new or missed)}
// Kept in this browser's storage (state/local-storage.js, `boardgames.mistakes`) and in a backup.
//
// Spaced repetition: an item is due at once when it is added; each right answer moves it
// to the next interval, a wrong one starts it over (due again after the first).
import { fingerprint } from "./fingerprint.js";

/** Hours until an item comes back after 1, 2, 3... right answers in a row: 4 hours, 1 day,
 * 3 days, 1 week, 2 weeks, 1 month, 3 months, 6 months, then every 6 months. */
export const INTERVAL_HOURS = [4, 24, 72, 168, 336, 720, 2160, 4320];
const HOUR = 3600e3;
export const MAX_MISTAKES = 500; // the oldest learned ones go first beyond this

/** The id of the position where `played` went wrong: its game, setup and moves, and the move. */
export function mistakeId(record, played) {
  const text = JSON.stringify([record.game, record.players, record.seed, record.options, record.moves, played]);
  return `${record.game}-${record.moves.length}-${fingerprint(text)}`;
}

const upTo = (record, ply) => ({ format: 1, game: record.game, players: record.players, seed: record.seed,
  options: record.options || {}, moves: record.moves.slice(0, ply) });

/**
 * The mistakes and blunders a review found in the moves of `seats` (the seats a person played on
 * this device): one item per marked move, each the position before it.
 */
export function fromReview(record, points, seats, now) {
  const items = [];
  points.forEach((point, ply) => {
    if (!point || !["mistake", "blunder"].includes(point.mark) || ply >= record.moves.length) return;
    if (!seats.includes(point.player)) return;
    const before = upTo(record, ply);
    const played = record.moves[ply];
    items.push({ id: mistakeId(before, played), game: record.game, record: before, player: point.player, played,
      from: "review", mark: point.mark, better: point.best, added: now, due: now, step: 0 });
  });
  return items;
}

/** A puzzle answered wrong (`item`: the puzzle as the build wrote it), as an item to try again. */
export function fromPuzzle(puzzle, played, now) {
  return { id: mistakeId(puzzle.record, played), game: puzzle.record.game, record: puzzle.record,
    player: puzzle.solver, played, from: "puzzle", mark: "puzzle", better: puzzle.answer, puzzle: puzzle.id,
    added: now, due: now, step: 0 };
}

/** `items` added to `list`, each once (one met again is due again, from the start). */
export function added(list, items) {
  const out = [...list];
  for (const item of items) {
    const at = out.findIndex((old) => old.id === item.id);
    if (at < 0) out.push(item);
    else out[at] = { ...out[at], due: Math.min(out[at].due, item.due), step: 0 };
  }
  return out.length > MAX_MISTAKES ? trimmed(out) : out;
}

/** The list cut to MAX_MISTAKES: the items learned best (the most right answers), oldest first, go. */
function trimmed(list) {
  const keep = [...list].sort((a, b) => a.step - b.step || b.added - a.added).slice(0, MAX_MISTAKES);
  const ids = new Set(keep.map((item) => item.id));
  return list.filter((item) => ids.has(item.id));
}

/** The item answered: right, it comes back after the next interval; wrong, it starts over. */
export function answered(item, right, now) {
  const step = right ? item.step + 1 : 0;
  const hours = right ? INTERVAL_HOURS[Math.min(step, INTERVAL_HOURS.length) - 1] : INTERVAL_HOURS[0];
  return { ...item, step, due: now + hours * HOUR };
}

/** The items of `game` (every game if null) due at `now`, the longest overdue first. */
export function dueNow(list, now, game = null) {
  return list.filter((item) => (game === null || item.game === game) && item.due <= now).sort((a, b) => a.due - b.due);
}

/** How many items each of the games `names` keeps, and how many are due at `now`: {name: {kept, due}}. */
export function countsByGame(list, now, names) {
  return Object.fromEntries(names.map((name) => [name, {
    kept: list.filter((item) => item.game === name).length, due: dueNow(list, now, name).length }]));
}

/** When `item` comes back, in words from `now`: "in 4 hours", "in 3 days", "in 2 months". */
export function whenWords(due, now) {
  const hours = Math.max(0, Math.round((due - now) / HOUR));
  if (hours < 1) return "now";
  if (hours < 24) return `in ${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.round(hours / 24);
  if (days < 28) return `in ${days} day${days === 1 ? "" : "s"}`;
  const months = Math.round(days / 30);
  return `in ${months} month${months === 1 ? "" : "s"}`;
}

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** Whether a stored item has the shape this page uses (anything else is left out, never used). */
export function mistakeShape(item, games) {
  const record = item?.record;
  return isObject(item) && typeof item.id === "string" && item.id.length <= 80 && games.includes(item.game) &&
    isObject(record) && record.game === item.game && Array.isArray(record.moves) &&
    record.moves.every((move) => typeof move === "string" && move.length <= 32) &&
    Number.isInteger(item.player) && typeof item.played === "string" && item.played.length <= 32 &&
    ["review", "puzzle"].includes(item.from) && typeof item.better === "string" &&
    Number.isFinite(item.due) && Number.isFinite(item.added) && Number.isInteger(item.step) && item.step >= 0;
}
