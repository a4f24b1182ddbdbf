// Who plays each seat (site/model/seats.js): the computer's turn, the coach, whether the
// page asks how to play, from the store's state.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MoveInput } from "../../site/model/move-input.js";
import { askHowToPlay, coachOn, computerToMove, mixedSeats, opponentSeats, playerMoved, seatsOf, setupSeats } from "../../site/model/seats.js";
import { initialState } from "../../site/state/store.js";
import { POSITIONS } from "./fixtures.mjs";

const start = POSITIONS["manalath/2/start"];
const state = (session = {}, extra = {}) => ({
  ...initialState(),
  engine: "ready",
  page: { kind: "game", entry: { name: "manalath" } },
  layout: { name: "manalath" },
  session: { id: "g", game: "manalath", record: start.record, cursor: 0, ...session },
  position: start,
  input: new MoveInput(start.legal),
  ...extra,
});

test("seats: a person unless a computer level is saved; old saves are all people", () => {
  assert.deepEqual(seatsOf({ record: { players: 3 } }), ["human", "human", "human"]);
  assert.deepEqual(seatsOf({ seats: ["hard", "nobody"] }, 2), ["hard", "human"]);
  assert.deepEqual(seatsOf(null), ["human", "human"]);
  assert.deepEqual(opponentSeats("easy", 3), ["human", "easy", "easy"]);
  assert.equal(opponentSeats("human", 2), null);
  assert.equal(mixedSeats(["human", "hard"]), true);
  assert.equal(mixedSeats(["human", "human"]), false);
  assert.equal(mixedSeats(["hard", "hard"]), false);
});

test("the coach is on against the computer unless the player chose otherwise", () => {
  assert.equal(coachOn(state({ seats: ["human", "hard"] })), true);
  assert.equal(coachOn(state()), false);
  assert.equal(coachOn(state({}, { coachChoice: true })), true);
  assert.equal(coachOn(state({ seats: ["human", "hard"] }, { coachChoice: false })), false);
});

test("the computer's turn: a computer seat to move at the position shown; dice always; never by links", () => {
  assert.deepEqual(computerToMove(state({ seats: ["easy", "human"] })), { player: 0, level: "easy" });
  assert.equal(computerToMove(state({ seats: ["human", "easy"] })), null);
  const chance = POSITIONS["not_nyout/2/chance"];
  assert.deepEqual(computerToMove({ session: { record: chance.record }, position: chance }), { chance: true });
  assert.equal(computerToMove({ session: { record: chance.record, link: {} }, position: chance }), null);
  const over = POSITIONS["manalath/2/over"];
  assert.equal(computerToMove({ session: { seats: ["easy", "easy"] }, position: over }), null);
});

test("the page asks how to play only before anyone moved in a new game nobody set up", () => {
  assert.equal(askHowToPlay(state()), true);
  assert.equal(askHowToPlay(state({}, { opponent: "human" })), false);
  assert.equal(askHowToPlay(state({ chosen: true })), false);
  assert.equal(askHowToPlay(state({ seats: ["human", "hard"] })), false);
  assert.equal(askHowToPlay(state({}, { mode: "lesson" })), false);
  assert.equal(askHowToPlay(state({}, { engine: "starting" })), false);
  const moved = POSITIONS["manalath/2/under_way"];
  assert.equal(askHowToPlay(state({ record: moved.record, cursor: 12 }, { position: moved })), false);
});

test("a player moved: a move of a person's, or the move list used; the page's own dice do not count", () => {
  const chance = POSITIONS["not_nyout/2/chance"]; // the roll-off's first die, rolled by the page
  assert.equal(playerMoved({ record: chance.record, cursor: chance.record.moves.length }, chance), false);
  const under = POSITIONS["manalath/2/under_way"];
  assert.equal(playerMoved({ record: under.record, cursor: 12 }, under), true);
  assert.equal(playerMoved({ record: under.record, cursor: 3 }, under), true);
});

test("a new game's setup: more players beside the computer are computers too, beside people are people", () => {
  assert.deepEqual(setupSeats(["human", "easy"], 4), ["human", "easy", "easy", "easy"]);
  assert.deepEqual(setupSeats(["human", "easy", "hard"], 4), ["human", "easy", "hard", "hard"]);
  assert.deepEqual(setupSeats(["human", "human"], 4), ["human", "human", "human", "human"]);
  assert.deepEqual(setupSeats([], 3), ["human", "human", "human"]);
  assert.deepEqual(setupSeats(["human", "medium", "bogus"], 3), ["human", "medium", "medium"]);
});
