// Where a course opens again (site/model/course.js): progress resumes where it was left.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chapterOf, outcomeWords, resumeAt } from "../../site/model/course.js";

const steps = ["place", "colour", "quint", "quart"].map((key) => ({ key }));

test("a course never opened here opens at its first step not done", () => {
  assert.equal(resumeAt(steps, [], ""), 0);
  assert.equal(resumeAt(steps, ["place", "colour"], ""), 2);
  assert.equal(resumeAt(steps, ["place", "colour", "quint", "quart"], ""), 0);
});

test("a course left part-way opens at the step shown last, or the next once that one is done", () => {
  assert.equal(resumeAt(steps, ["place"], "quint"), 2);               // left on a step not done
  assert.equal(resumeAt(steps, ["place", "quint"], "quint"), 3);      // done, then left: the next
  assert.equal(resumeAt(steps, ["place", "colour", "quint", "quart"], "quart"), 3); // the last, done: stays
  assert.equal(resumeAt(steps, [], "no-such-step"), 0);               // a step since removed: from the start
});

test("a step belongs to the last chapter opened at or before it", () => {
  const chaptered = [{ key: "a", chapter: "The goal" }, { key: "b" }, { key: "c", chapter: "Dangers" }, { key: "d" }];
  assert.deepEqual([0, 1, 2, 3].map((i) => chapterOf(chaptered, i)), ["The goal", "The goal", "Dangers", "Dangers"]);
  assert.equal(chapterOf(steps, 2), "");
});

test("a lesson's words after a move say each sentence once", () => {
  const text = "Player 1 puts a red large pyramid on d4, flat, pointing east.";
  assert.equal(outcomeWords(text, `${text} Lying flat it points one of eight ways.`),
    "Player 1 puts a red large pyramid on d4, flat, pointing east. Lying flat it points one of eight ways.");
  assert.equal(outcomeWords("Red places a small on b1.", "That does not do the task."),
    "Red places a small on b1. That does not do the task.");
  assert.equal(outcomeWords("Player 1 collects the black large pyramid on c4 (3 pips).",
    "Player 1 collects the black large pyramid on c4 (3 pips). Player 2 then takes all."),
  "Player 1 collects the black large pyramid on c4 (3 pips). Player 2 then takes all.");
});
