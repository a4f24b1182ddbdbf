// The move input (site/input.js) on the moves the engine lists, in every game.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MoveInput } from "../../site/input.js";
import { positions } from "./fixtures.mjs";

const live = positions().filter(([, state]) => state.legal.length > 0);

test("every way the engine lists of entering every legal move is taken, step by step, and gives that move", () => {
  for (const [label, state] of live) {
    for (const { move, steps } of state.legal) {
      const input = new MoveInput(state.legal);
      let outcome = {};
      steps.forEach((step, i) => {
        const { cells, choices } = input.next();
        assert.ok("cell" in step ? cells.has(step.cell) : choices.includes(step.choice), `${label} ${move}: step ${i} offered`);
        outcome = input.step(step);
        if (i < steps.length - 1) assert.deepEqual(outcome, { changed: true }, `${label} ${move}: step ${i}`);
      });
      const same = state.legal.filter((m) => JSON.stringify(m.steps) === JSON.stringify(steps)).map((m) => m.move);
      assert.ok(same.includes(outcome.move), `${label}: ${JSON.stringify(steps)} gives ${outcome.move}`);
    }
  }
});

test("a first tap on a cell no move starts on means nothing and changes nothing", () => {
  for (const [label, state] of live) {
    const input = new MoveInput(state.legal);
    assert.deepEqual(input.step({ cell: "nowhere" }), {}, label);
    assert.equal(input.active, false);
  }
});

test("tapping the cell just tapped lets go of the move; Cancel drops it", () => {
  for (const [label, state] of live) {
    const long = state.legal.find((m) => m.steps.length > 1 && "cell" in m.steps[0]);
    if (!long) continue;
    const input = new MoveInput(state.legal);
    assert.deepEqual(input.step(long.steps[0]), { changed: true }, label);
    assert.deepEqual(input.selected(), [long.steps[0].cell]);
    assert.deepEqual(input.step(long.steps[0]), { cancelled: true }, label);
    assert.equal(input.active, false);
    input.step(long.steps[0]);
    assert.equal(input.cancel(), true);
    assert.equal(input.cancel(), false);
  }
});

test("a step that fits nothing after a choice is refused and the move under way kept", () => {
  const legal = [
    { move: "a", steps: [{ cell: "c1" }, { choice: "x" }, { cell: "c2" }] },
    { move: "b", steps: [{ cell: "c3" }] },
  ];
  const input = new MoveInput(legal);
  input.step({ cell: "c1" });
  input.step({ choice: "x" });
  assert.deepEqual(input.step({ cell: "c3" }), { refused: true });
  assert.equal(input.prefix.length, 2);
  assert.deepEqual(input.step({ cell: "c2" }), { move: "a" });
});

test("another move's first cell, tapped with a move under way, begins that move there", () => {
  const legal = [
    { move: "a", steps: [{ cell: "c1" }, { cell: "c2" }] },
    { move: "b", steps: [{ cell: "c3" }, { cell: "c4" }] },
    { move: "c", steps: [{ cell: "c5" }] },
  ];
  const input = new MoveInput(legal);
  input.step({ cell: "c1" });
  assert.deepEqual(input.step({ cell: "c3" }), { changed: true });
  assert.deepEqual(input.selected(), ["c3"]);
  assert.deepEqual(input.step({ cell: "c5" }), { move: "c" });
  input.reset();
  input.step({ cell: "c1" });
  assert.deepEqual(input.step({ cell: "c9" }), { cancelled: true });
});
