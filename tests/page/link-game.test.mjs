// A game by links as the page shows it (site/model/link-game.js): whom it waits for,
// where a link goes, and the panel's words, in cases a game played in the browser
// meets only by chance.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  LAST_SHARE, UNSIGNED, addressee, awayLine, canPlay, endedStatus, freeSeat, linkPanel, mySeats, playsHere, sendWords, whenWords,
} from "../../site/model/link-game.js";

const key = (c) => c.repeat(22);
const now = Date.parse("2026-05-04T14:05:00");
const hour = 3600e3;
const names = ["Red", "Blue", "Green"];
const party = (seats, c, count) => ({ seats, head: key(c), key: c.repeat(42) + "A", shown: count ? key("s") : null, count,
  sig: null, plies: 0, known: 0 });
const game = (players, parties, moves, link = {}) => ({
  id: "x", game: "not_nyout", cursor: moves.length, record: { format: 1, game: "not_nyout", players, seed: 0, options: {}, moves },
  link: { id: key("i"), party: 0, secret: key("k"), fair: { id: key("i"), parties }, pending: null, ...link },
});
const heard = (moves, devices, shares, at) => ({ moves, devices, shares, at });
const two = () => [party([0], "a", 1), party([1], "b", 1)];

test("waiting for the other's move since a link came: the panel says since when, and offers to send again", () => {
  const s = game(2, two(), ["d7", "d3", "slot1"], { heard: heard(3, 2, 2, now - 3 * hour) });
  const position = { players: 2, to_move: 1, is_over: false, movers: [-1, -1, 0] };
  const panel = linkPanel(s, position, names, now);
  assert.match(panel.text, /^Waiting for Blue's move since .*, 3 hours ago\.$/);
  assert.deepEqual(panel.send, { label: "Send the game to Blue", primary: false });
  assert.equal(panel.end, true);
  assert.equal(addressee(s, position), 1);
  assert.equal(playsHere(s, position), false);
  assert.equal(awayLine(s, position, names, { cells: new Set(["a1"]) }), "Blue plays on their own device.");
  assert.equal(awayLine(s, position, names, { cells: new Set() }), "Blue chooses on their own device.");
});

test("a move made here since: sending it is the primary button, and the dialog names the seat", () => {
  const s = game(2, two(), ["d7", "d3", "slot1", "x"], { heard: heard(3, 2, 2, now - 3 * hour) });
  const position = { players: 2, to_move: 1, is_over: false, movers: [-1, -1, 0, 0] };
  assert.deepEqual(linkPanel(s, position, names, now).send, { label: "Send your move to Blue", primary: true });
  assert.equal(sendWords(s, position, names).title, "Send your move to Blue");
  const sent = { ...s, link: { ...s.link, sent: { moves: 4, devices: 2, shares: 2, at: now - 60e3 } } };
  const panel = linkPanel(sent, position, names, now);
  assert.match(panel.text, /^Sent to Blue at .*, 1 minute ago: waiting for their move\.$/);
  assert.deepEqual(panel.send, { label: "Send again", primary: false });
});

test("three players, the dice wait for Green, whom nobody plays yet: invite a friend", () => {
  const s = game(3, two(), ["d7"], { pending: { chance: 1, parties: [0, { seat: 2 }], waiting: [{ seat: 2 }] } });
  const position = { players: 3, to_move: -1, is_over: false, movers: [-1] };
  const panel = linkPanel(s, position, names, now);
  assert.deepEqual(panel.send, { label: "Invite Green: send this link", primary: true });
  assert.match(panel.text, /nobody plays Green yet/);
  assert.equal(panel.detail, LAST_SHARE);
  assert.deepEqual(sendWords(s, position, names),
    { title: "Invite Green", text: "A friend who opens this link on their own device joins the game as Green." });
  assert.equal(freeSeat(s, 3), 2);
  assert.equal(addressee(s, position), 2);
});

test("resigned in a game of three: nobody is named the winner, and the panel says to tell the others", () => {
  const s = game(3, [party([0], "a", 1), party([1], "b", 1), party([2], "c", 0)], ["d7"],
    { ended: { kind: "resigned", seat: 0, at: now - 60e3 } });
  const position = { players: 3, to_move: 1, is_over: false, movers: [-1] };
  assert.equal(endedStatus(s, names), "Red resigned");
  const text = linkPanel(s, position, names, now).text;
  assert.match(text, /^You resigned at /);
  assert.doesNotMatch(text, /wins/);
  assert.equal(canPlay(s), false);
  const duel = game(2, two(), ["d7"], { ended: { kind: "resigned", seat: 0, at: now } });
  assert.equal(endedStatus(duel, names.slice(0, 2)), "Red resigned: Blue wins");
  const abandoned = game(2, two(), ["d7"], { ended: { kind: "abandoned", at: now } });
  assert.equal(endedStatus(abandoned, names), "Ended as abandoned");
});

test("a game started before devices signed is kept, to be looked at only", () => {
  const old = game(2, [{ seats: [0], head: key("a"), shown: null, count: 0 }, { seats: [1], head: key("b"), shown: null, count: 0 }], ["d7"]);
  const position = { players: 2, to_move: 0, is_over: false, movers: [-1] };
  assert.deepEqual(mySeats(old), []);
  assert.equal(linkPanel(old, position, names, now).text, UNSIGNED);
  assert.equal(awayLine(old, position, names, { cells: new Set() }), UNSIGNED);
});

test("times in the panel's words: the clock, and how long ago from a minute on", () => {
  assert.doesNotMatch(whenWords(now - 10e3, now), /,/);
  assert.match(whenWords(now - 2 * 86400e3 - 60e3, now), /, 2 days ago$/);
  assert.match(whenWords(now - 5 * 60e3, now), /, 5 minutes ago$/);
});
