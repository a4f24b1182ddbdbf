// "Your mistakes" (site/model/mistakes.js): which errors are kept, and when each comes back.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  INTERVAL_HOURS, MAX_MISTAKES, added, answered, countsByGame, dueNow, fromPuzzle, fromReview, mistakeShape, whenWords,
} from "../../site/model/mistakes.js";

const HOUR = 3600e3;
const now = Date.parse("2026-11-29T10:00:00Z");
const record = { format: 1, game: "manalath", players: 2, seed: 0, options: {}, moves: ["e5w", "d4b", "c3w", "f6b"] };
const point = (player, mark = null, best = null) => ({ player, chances: [0.5, 0.5], mark, best });
const GAMES = ["manalath", "ambush"];

test("a review's mistakes and blunders of the player's own seats are kept, each the position before it", () => {
  const points = [point(0), point(1, "blunder", "a1w"), point(0, "mistake", "b2b"), point(1, "inaccuracy", "c3c"), point(0)];
  const items = fromReview(record, points, [1], now);
  assert.equal(items.length, 1); // seat 0's mistake is the computer's; an inaccuracy is not kept
  const [item] = items;
  assert.deepEqual(item.record.moves, ["e5w"]);
  assert.equal(item.played, "d4b");
  assert.equal(item.better, "a1w");
  assert.equal(item.mark, "blunder");
  assert.equal(item.due, now);
  assert.ok(mistakeShape(item, GAMES));
  assert.equal(fromReview(record, points, [0, 1], now).length, 2);
});

test("each right answer moves an item to the next interval; a wrong one starts it over", () => {
  let item = fromReview(record, [point(0, "blunder", "a1w")], [0], now)[0];
  const seen = [];
  let at = now;
  for (let i = 0; i < INTERVAL_HOURS.length + 1; i++) {
    item = answered(item, true, at);
    seen.push((item.due - at) / HOUR);
    at = item.due;
  }
  assert.deepEqual(seen, [...INTERVAL_HOURS, INTERVAL_HOURS.at(-1)]); // 4 h, 1 d, 3 d ... 6 months, then every 6 months
  const missed = answered(item, false, at);
  assert.equal(missed.step, 0);
  assert.equal(missed.due - at, 4 * HOUR);
  assert.equal(answered(missed, true, at).due - at, 4 * HOUR);
});

test("what is due, longest overdue first, and when the rest come back", () => {
  const [a, b] = fromReview(record, [point(0, "blunder", "x"), point(1), point(0, "mistake", "y")], [0], now);
  const later = answered(a, true, now);
  const list = added([], [later, { ...b, due: now - HOUR }]);
  assert.deepEqual(dueNow(list, now).map((item) => item.id), [b.id]);
  assert.deepEqual(dueNow(list, now, "ambush"), []);
  assert.deepEqual(countsByGame(list, now, [record.game, "ambush"]),
    { [record.game]: { kept: 2, due: 1 }, ambush: { kept: 0, due: 0 } });
  assert.equal(whenWords(later.due, now), "in 4 hours");
  assert.equal(whenWords(now + 3 * 24 * HOUR, now), "in 3 days");
  assert.equal(whenWords(now + 90 * 24 * HOUR, now), "in 3 months");
});

test("an error met again is kept once, due again from the start", () => {
  const [item] = fromReview(record, [point(0, "blunder", "a1w")], [0], now);
  const learned = answered(answered(item, true, now), true, now);
  const list = added([learned], [{ ...item, due: now + 5 }]);
  assert.equal(list.length, 1);
  assert.equal(list[0].step, 0);
  assert.equal(list[0].due, learned.due > now + 5 ? now + 5 : learned.due);
});

test("a puzzle answered wrong comes back as the puzzle's position", () => {
  const puzzle = { id: "manalath-0abc", record, solver: 0, answer: "a1w" };
  const item = fromPuzzle(puzzle, "b2w", now);
  assert.equal(item.from, "puzzle");
  assert.equal(item.puzzle, "manalath-0abc");
  assert.ok(mistakeShape(item, GAMES));
  assert.ok(!mistakeShape({ ...item, game: "chess" }, GAMES));
  assert.ok(!mistakeShape({ ...item, step: -1 }, GAMES));
});

test("the list is capped: the items learned best go first", () => {
  const many = Array.from({ length: MAX_MISTAKES + 3 }, (_, i) => ({ id: `m${i}`, game: "manalath", record, player: 0,
    played: "x", from: "review", mark: "mistake", better: "y", added: now + i, due: now, step: i < 3 ? 5 : 0 }));
  const list = added([], many);
  assert.equal(list.length, MAX_MISTAKES);
  assert.ok(!list.some((item) => item.step === 5));
});
