// Where a course opens again (site/model/course.js): progress resumes where it was left.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chapterOf, resumeAt } from "../../site/model/course.js";

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
