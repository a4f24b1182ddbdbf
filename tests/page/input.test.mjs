// The move input (site/model/move-input.js) on the moves the engine lists, in every game.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MoveInput } from "../../site/model/move-input.js";
import { positions } from "./fixtures.mjs";

const live = positions().filter(([, state]) => state.legal.length > 0);

/** Take `steps` one by one from `input`: the input after them and what the last did (without the input). */
function enter(input, ...steps) {
  let outcome = { input };
  for (const step of steps) outcome = outcome.input.step(step);
  const { input: after, ...did } = outcome;
  return [after, did];
}

test("every way the engine lists of entering every legal move is taken, step by step, and gives that move", () => {
  for (const [label, state] of live) {
    for (const { move, steps } of state.legal) {
      let input = new MoveInput(state.legal);
      let outcome = {};
      steps.forEach((step, i) => {
        const { cells, choices } = input.next();
        assert.ok("cell" in step ? cells.has(step.cell) : choices.includes(step.choice), `${label} ${move}: step ${i} offered`);
        [input, outcome] = enter(input, step);
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
    const [after, did] = enter(input, { cell: "nowhere" });
    assert.deepEqual(did, {}, label);
    assert.equal(after, input);
    assert.equal(after.active, false);
  }
});

test("tapping the cell just tapped lets go of the move; Cancel drops it", () => {
  for (const [label, state] of live) {
    const long = state.legal.find((m) => m.steps.length > 1 && "cell" in m.steps[0]);
    if (!long) continue;
    let [input, did] = enter(new MoveInput(state.legal), long.steps[0]);
    assert.deepEqual(did, { changed: true }, label);
    assert.deepEqual(input.selected(), [long.steps[0].cell]);
    [input, did] = enter(input, long.steps[0]);
    assert.deepEqual(did, { cancelled: true }, label);
    assert.equal(input.active, false);
    [input] = enter(input, long.steps[0]);
    assert.equal(input.active, true);
    const cancelled = input.cancel();
    assert.equal(cancelled.active, false);
    assert.equal(input.active, true, "cancel gives a new input and leaves this one as it was");
    assert.equal(cancelled.cancel(), cancelled);
  }
});

test("an input never changes: each step gives a new one", () => {
  const [label, state] = live[0];
  const input = new MoveInput(state.legal);
  const [after] = enter(input, state.legal[0].steps[0]);
  assert.notEqual(after, input, label);
  assert.equal(input.prefix.length, 0);
  assert.ok(Object.isFrozen(input) && Object.isFrozen(input.prefix));
  assert.throws(() => input.prefix.push({ cell: "a1" }));
  assert.deepEqual(input.withTap("a1").prefix, [{ cell: "a1" }]);
  assert.equal(input.prefix.length, 0);
});

test("a step that fits nothing after a choice is refused and the move under way kept", () => {
  const legal = [
    { move: "a", steps: [{ cell: "c1" }, { choice: "x" }, { cell: "c2" }] },
    { move: "b", steps: [{ cell: "c3" }] },
  ];
  const [input] = enter(new MoveInput(legal), { cell: "c1" }, { choice: "x" });
  const [kept, did] = enter(input, { cell: "c3" });
  assert.deepEqual(did, { refused: true });
  assert.equal(kept.prefix.length, 2);
  assert.deepEqual(enter(kept, { cell: "c2" })[1], { move: "a" });
});

test("another move's first cell, tapped with a move under way, begins that move there", () => {
  const legal = [
    { move: "a", steps: [{ cell: "c1" }, { cell: "c2" }] },
    { move: "b", steps: [{ cell: "c3" }, { cell: "c4" }] },
    { move: "c", steps: [{ cell: "c5" }] },
  ];
  const [started] = enter(new MoveInput(legal), { cell: "c1" });
  const [moved, did] = enter(started, { cell: "c3" });
  assert.deepEqual(did, { changed: true });
  assert.deepEqual(moved.selected(), ["c3"]);
  assert.deepEqual(enter(moved, { cell: "c5" })[1], { move: "c" });
  // A tap that starts nothing is refused, and the move under way kept.
  const [kept, refused] = enter(started, { cell: "c9" });
  assert.deepEqual(refused, { refused: true });
  assert.deepEqual(kept.selected(), ["c1"]);
});
