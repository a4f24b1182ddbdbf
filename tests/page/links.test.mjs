// Share links and a game by links' fair data (site/model/share-links.js): written and read back, and
// every damaged link refused with words.
import assert from "node:assert/strict";
import { test } from "node:test";

import { catalogEntry } from "../../site/games/index.js";
import { fairText, parseFair, parseShare, readHash, shareHash } from "../../site/model/share-links.js";
import { positions } from "./fixtures.mjs";

const read = (hash) => {
  const { name, params } = readHash(hash);
  return parseShare(name, params);
};

test("a share link of every position the engine writes reads back as the same game and ply", () => {
  for (const [label, state] of positions()) {
    const record = state.record;
    const info = catalogEntry(record.game);
    for (const cursor of [record.moves.length, Math.floor(record.moves.length / 2)]) {
      const hash = shareHash(record, cursor, info);
      const { record: back, at } = read(hash);
      assert.deepEqual(back.moves, record.moves, label);
      assert.equal(back.seed, record.seed, label);
      assert.equal(back.players ?? info.players[0], record.players, label);
      for (const [name, value] of Object.entries(record.options)) {
        assert.equal(back.options[name] ?? info.options[name].default, value, `${label}: option ${name}`);
      }
      assert.equal(at, cursor === record.moves.length ? null : cursor, label);
    }
  }
});

test("a link writes only what differs from a new game's defaults", () => {
  const record = { format: 1, game: "manalath", players: 2, seed: 0, options: {}, moves: ["e5w", "c7b", "pass"] };
  assert.equal(shareHash(record, 3, catalogEntry("manalath")), "#/manalath?moves=e5w.c7b.pass");
  assert.equal(shareHash(record, 1, catalogEntry("manalath")), "#/manalath?moves=e5w.c7b.pass&at=1");
  assert.equal(shareHash({ ...record, seed: 9 }, 3, null, "AbC"), "#/manalath?m=AbC&seed=9");
});

test("a link read from a pasted address or a bare hash", () => {
  assert.deepEqual(readHash("https://example.org/x/#/nimbus?moves=a"), { name: "nimbus", params: new URLSearchParams("moves=a"), hasQuery: true });
  assert.equal(readHash("#/ambush").hasQuery, false);
  assert.equal(readHash("/not_nyout/").name, "not_nyout");
});

const refused = [
  ["#/manalath?seed=1", "the link has no moves= part"],
  ["#/manalath?moves=e5w&moves=c7b", "the link names “moves” twice"],
  ["#/manalath?moves=e5w&m=AA", "the link has its moves twice (moves= and m=)"],
  ["#/manalath?moves=e5w..c7b", "move 2 of the link is empty"],
  ["#/manalath?moves=e5w&seed=-3", "seed must be a whole number, not “-3”"],
  ["#/manalath?moves=e5w&seed=01", "seed must be a whole number, not “01”"],
  ["#/manalath?moves=e5w&players=two", "players must be a whole number, not “two”"],
  ["#/manalath?moves=e5w&Bad-Name=1", "the link's part “Bad-Name” is not an option"],
  ["#/manalath?moves=e5w&at=5", "at=5 is past the end of the game (1 moves)"],
  ["#/manalath?m=ab%20c", "the link's moves are damaged (m= holds characters a link of this site never has)"],
  [`#/manalath?moves=${"x".repeat(40)}`, "its move 1 is not a move text of at most 32 characters"],
];

test("each damaged share link is refused with its reason", () => {
  for (const [hash, why] of refused) assert.throws(() => read(hash), { message: why }, hash);
});

const key = (c) => c.repeat(22);
const party = (seats, c, extra = {}) => ({ seats, head: key(c), key: c.repeat(43), shown: null, count: 0, sig: null, plies: 0, known: 0, ...extra });

test("a game by links' fair data is written and read back the same", () => {
  const fair = { id: key("i"), parties: [party([0], "a"), party([1, 2], "b", { shown: key("s"), count: 3, sig: "g".repeat(86), plies: 12, known: 2 })] };
  const text = fairText(fair);
  assert.equal(text.split("~").length, 3);
  assert.deepEqual(parseFair(text, 3), fair);
});

test("damaged fair data is refused, each kind with its words", () => {
  const good = fairText({ id: key("i"), parties: [party([0], "a"), party([1], "b")] });
  const [id, first] = good.split("~");
  const damaged = [
    [`short~${first}`, "its game's name (f=) is damaged"],
    [id, "its list of players' devices (f=) is damaged"],
    [`${id}~0.${key("a")}.-.0`, "it was made by an older version of this site, before each device signed its moves: start a new game by links"],
    [`${id}~${first.replace(/\.0\.-\./, ".2.-.")}`, "its device 1 (f=) is damaged"],
    [`${id}~${first}~${first}`, "its device 2 (f=) holds a seat it cannot"],
    [`${id}~${first.replace(/^0/, "5")}`, "its device 1 (f=) holds a seat it cannot"],
  ];
  for (const [text, why] of damaged) assert.throws(() => parseFair(text, 3), { message: why }, text);
  assert.throws(() => parseFair(good, 1), { message: "its list of players' devices (f=) is damaged" });
});
