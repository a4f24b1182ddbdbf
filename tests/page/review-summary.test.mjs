// A finished review's words of each player (site/model/review-summary.js): the accuracy
// formula on fixed drops, the phases as thirds of the game, the marks and only moves counted.
import assert from "node:assert/strict";
import { test } from "node:test";

import { accuracies, moveAccuracy, phaseOf, summaryLines } from "../../site/model/review-summary.js";

const near = (actual, expected, label) => assert.ok(Math.abs(actual - expected) < 0.05, `${label}: ${actual} != ${expected}`);

test("a move's accuracy: lichess's formula on the chance given away, within 0..100", () => {
  near(moveAccuracy(0), 100, "nothing given away");
  near(moveAccuracy(-0.2), 100, "a move that raised the chances");
  near(moveAccuracy(0.1), 103.1668 * Math.exp(-0.4354) - 3.1669, "10%");
  near(moveAccuracy(0.1), 63.58, "10%, as the page says");
  near(moveAccuracy(0.25), 31.57, "25%");
  assert.equal(moveAccuracy(1), 0);
});

test("the phases are the game's thirds by move number", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((ply) => phaseOf(ply, 9)), [0, 0, 0, 1, 1, 1, 2, 2, 2]);
  assert.deepEqual([1, 3, 5, 7].map((ply) => phaseOf(ply, 7)), [0, 0, 1, 2]);
  assert.equal(phaseOf(1, 1), 0);
});

// Six moves and the end: White (0) moves 1, 3, 5; Black (1) 2, 4, 6. Move 2 is a die roll's (no drop).
const POINTS = [
  { player: 0, drop: 0, mark: null, label: null },
  { player: 1, drop: null, mark: null, label: null },
  { player: 0, drop: 0.4, mark: "blunder", label: null },
  { player: 1, drop: 0.1, mark: null, label: null },
  { player: 0, drop: 0, mark: null, label: "only" },
  { player: 1, drop: 0.25, mark: "mistake", label: null },
  { player: 1, drop: null, mark: null, label: null }, // the end: no move judged
];

test("each player's accuracy: the mean over their judged moves, and per phase", () => {
  const [white, black] = accuracies(POINTS, 2);
  near(white.all, (100 + moveAccuracy(0.4) + 100) / 3, "White");
  assert.equal(white.moves, 3);
  near(white.phases[0], 100, "White's opening (move 1)");
  near(white.phases[1], moveAccuracy(0.4), "White's middle (move 3)");
  near(white.phases[2], 100, "White's end (move 5)");
  assert.equal(black.moves, 2);
  assert.equal(black.phases[0], null); // move 2 was a roll's: nothing judged in Black's opening
  near(black.all, (moveAccuracy(0.1) + moveAccuracy(0.25)) / 2, "Black");
});

test("the summary's lines name the accuracy, the phases, the marks and the only moves", () => {
  const [white, black] = summaryLines(POINTS, ["White", "Black"]);
  assert.equal(white, `White: accuracy ${Math.round((200 + moveAccuracy(0.4)) / 3)}% (opening 100%, middle ${Math.round(moveAccuracy(0.4))}%, end 100%); 1 blunder; 1 only move found.`);
  assert.equal(black, `Black: accuracy ${Math.round((moveAccuracy(0.1) + moveAccuracy(0.25)) / 2)}% (middle 64%, end 32%); 1 mistake.`);
  // A player with no judged move (all dice or forced): no accuracy, only the marks.
  assert.deepEqual(summaryLines([{ player: 0, drop: null, mark: null }, { player: 1, drop: null, mark: null }], ["Red", "Blue"]),
    ["Red: no move marked.", "Blue: no move marked."]);
});
