// Records and saves read from text a person pasted or storage kept (site/model/records.js):
// every shape the engine would refuse is refused here first, with words.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_RECORD_CHARS, NOT_JSON, jsonDepth, quote, readRecordText, recordProblem, saveProblem } from "../../site/model/records.js";
import { positions } from "./fixtures.mjs";

test("every record the engine writes is read back whole", () => {
  for (const [label, state] of positions()) {
    const read = readRecordText(JSON.stringify(state.record));
    assert.deepEqual(read, { record: state.record }, label);
    assert.equal(recordProblem(state.record, state.record.game), "", label);
  }
});

test("quote cuts long text and names what is not text", () => {
  assert.equal(quote("e5w"), "“e5w”");
  assert.equal(quote("x".repeat(100)), `“${"x".repeat(80)}…” (100 characters)`);
  assert.equal(quote([1]), "a list");
  assert.equal(quote({}), "an object");
  assert.equal(quote(null), "null");
});

test("jsonDepth counts nesting without parsing, brackets in strings apart", () => {
  assert.equal(jsonDepth('{"a": [1, {"b": 2}]}'), 3);
  assert.equal(jsonDepth('{"a": "[[[{{{"}'), 1);
  assert.equal(jsonDepth('{"a": "\\"[["}'), 1);
  assert.equal(jsonDepth("[".repeat(100000), 2), 3);
});

const base = { format: 1, game: "manalath", players: 2, seed: 0, options: {}, moves: ["e5w"] };
const cases = [
  ["not JSON", "{moves: e5w}", NOT_JSON],
  ["too long", " ".repeat(MAX_RECORD_CHARS + 1), `it is too long (${MAX_RECORD_CHARS + 1} characters; a record has at most ${MAX_RECORD_CHARS})`],
  ["too deep", '{"moves": [[["e5w"]]]}', "it nests deeper than a game record can"],
  ["a list", "[1, 2]", "it is not a game record"],
  ["an unknown field", { ...base, extra: 1 }, "a game record has no field “extra”"],
  ["another format", { ...base, format: 2 }, "its format is 2, not 1"],
  ["no game", { ...base, game: 3 }, "it names no game"],
  ["players in words", { ...base, players: "two" }, "its number of players is not a whole number"],
  ["a negative seed", { ...base, seed: -1 }, "its seed is not a whole number from 0 to 2^53 - 1"],
  ["a seed too large", { ...base, seed: 2 ** 53 }, "its seed is not a whole number from 0 to 2^53 - 1"],
  ["options as a list", { ...base, options: [] }, "its options are not an object"],
  ["an option as an object", { ...base, options: { goal: {} } }, "it nests deeper than a game record can"],
  ["no moves", { ...base, moves: "e5w" }, "it holds no list of moves"],
  ["a move as a number", { ...base, moves: ["e5w", 7] }, "its move 2 is not a move text of at most 32 characters"],
  ["a move too long", { ...base, moves: ["x".repeat(33)] }, "its move 1 is not a move text of at most 32 characters"],
];

test("each malformed record is refused with its reason", () => {
  for (const [what, value, why] of cases) {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    assert.deepEqual(readRecordText(text), { error: why }, what);
  }
  assert.equal(recordProblem({ ...base, options: { goal: null } }), "its option “goal” is not text, a number, true or false");
  assert.equal(recordProblem(base, "ambush"), "it is a record of “manalath”, not of “ambush”");
});

test("a saved game is checked whole before the page reads it", () => {
  const entry = { id: "g1", game: "manalath", record: base, cursor: 1, title: "Manalath", updated: 1, seats: ["human", "hard"] };
  assert.equal(saveProblem(entry, "g1"), "");
  assert.equal(saveProblem(null, "g1"), "it is not a saved-game object");
  assert.equal(saveProblem(entry, "g2"), "its id does not match its key");
  assert.equal(saveProblem({ ...entry, cursor: 2 }, "g1"), "its position is out of range");
  assert.equal(saveProblem({ ...entry, record: { ...base, game: "ambush" } }, "g1"),
    "its game record is unusable: it is a record of “ambush”, not of “manalath”");
  assert.equal(saveProblem({ ...entry, title: 3 }, "g1"), "its title is not text");
  assert.equal(saveProblem({ ...entry, updated: "now" }, "g1"), "its time is not a number");
  assert.equal(saveProblem({ ...entry, seats: [1] }, "g1"), "its seats are not a list of names");
  assert.equal(saveProblem({ ...entry, chosen: "yes" }, "g1"), "its setup mark is not true or false");
  assert.equal(saveProblem({ ...entry, link: { id: "short" } }, "g1"), "its data of a game by links is damaged");
});
