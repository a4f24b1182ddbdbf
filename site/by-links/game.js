// A game by links: people far apart play one game, each on their own device,
// by sending each other links, with no server. Each device is a "party" of the
// game that plays its own seats. A link carries the whole game (its moves packed
// by the engine, m=), the fair data (f=: each party's key and its latest
// signature of the game, its commitment to its dice and the last share of them it
// showed; py_engines/fair.py) and the seat it is sent to (to=). A device signs
// the game each time it sends it, so the engine refuses a link with a move that
// its seat's device did not sign.
//
// - Starting (the new-game dialog): this device is party 0, with the seats it keeps.
// - Opening a link of a game this device has not seen: it joins, as the seat the
//   link was sent to; a seat another device plays already is only watched.
// - Opening a link of a game this device has: it updates the same saved game if
//   it carries it further (the new moves are shown one by one: by-links/replay.js), and
//   is refused otherwise: "already seen" for an older or the same link, and a
//   link whose moves or players differ from this device's game changes nothing.
// - Dice: by-links/replay.js asks the engine to show this device's share and play what
//   the shares give (fair_step); a share still missing is asked for by sending
//   the link to the device that holds it.
import { engine } from "../engine/boot.js";
import { catalogEntry, seatNamesOf } from "../games/index.js";
import { fairText, parseFair, shareHash } from "../model/share-links.js";
import { keepSession, linkRecord, newSession, persist } from "../controllers/current-game.js";
import * as saves from "../state/local-storage.js";
import { store } from "../state/store.js";
import { addressee, freeSeat, mySeats, progress, unsigned } from "../model/link-game.js";

/** 16 random bytes in base64url (22 characters): a game's id, or a device's secret. */
export function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The session `s` noting that the link of `sent` (the session as it was when the link was made) was sent now. */
export function markSent(s, sent, at = Date.now()) {
  return { ...s, link: { ...s.link, sent: { ...progress(sent.record, sent.link.fair), at } } };
}

/** The session `s` ended on this device: "resigned" (its seats resign) or "abandoned" (nobody answers). */
export function endGame(s, kind, at = Date.now()) {
  const ended = kind === "resigned" ? { kind, seat: mySeats(s)[0], at } : { kind, at };
  return { ...s, link: { ...s.link, ended } };
}

/** A party for this device: its secret (kept here only), its key and its commitment to its shares (fair_party). */
async function newParty(seats) {
  const secret = randomKey();
  const { party } = await engine.call("fair_party", { seats, secret });
  return { secret, party };
}

function titled(entry) {
  const when = new Date().toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return `${entry.title} by links, ${when}`;
}

/** Make a fresh session a game by links in which this device plays the seats `mine`. */
export async function makeByLinks(session, entry, mine) {
  const { secret, party } = await newParty([...mine].sort((a, b) => a - b));
  const id = randomKey();
  const fair = { id, parties: [party] };
  const { pending } = await engine.call("fair_check", { record: session.record, fair: JSON.stringify(fair) });
  return { ...session, title: titled(entry), chosen: true, link: { id, party: 0, secret, fair, pending } };
}

/**
 * The hash of the link that sends the game as it is now: to the seat that must
 * act next, or else (this device's turn) to a seat still free, so that a link
 * sent before a first move invites a friend to it.
 */
export async function sendHash(s, position) {
  s = await signed(s, position);
  const { packed } = await engine.call("pack", { record: s.record });
  const to = addressee(s, position) ?? freeSeat(s, position.players);
  return `${shareHash(s.record, s.record.moves.length, catalogEntry(s.game), packed)}&f=${fairText(s.link.fair)}` +
    (to === null ? "" : `&to=${to}`);
}

/**
 * The session with the game signed by this device as it is now (its moves
 * since it last sent), made the current one and saved: the engine's fair_step,
 * which also shows a share the dice wait for from this device.
 */
async function signed(s, position) {
  if (!Number.isInteger(s.link.party) || unsigned(s.link) || s.link.damaged) return s;
  const answer = await engine.call("fair_step",
    { record: s.record, fair: JSON.stringify(s.link.fair), party: s.link.party, secret: s.link.secret });
  if (answer.record.moves.length !== s.record.moves.length) throw new Error("the dice are being rolled: send it in a moment");
  const next = { ...s, link: { ...s.link, fair: answer.fair, pending: answer.pending } };
  if (store.state.session?.id === s.id) keepSession(next);
  else persist(next, position);
  return next;
}

const samePrefix = (a, b) => a.every((move, i) => move === b[i]);
const sameList = (a, b) => a.length === b.length && samePrefix(a, b);

/** Whether a saved game of this device has a device of `fair` under another id: a link altered to pass for a new game. */
function copiedGame(fair) {
  const keys = new Set(fair.parties.map((party) => party.key));
  return saves.listSaves().some((item) => item.ok && item.save.link &&
    item.save.link.fair.parties.some((party) => keys.has(party.key)));
}

/** The saved game by links of id `id`, if this device has it. */
function savedGame(id) {
  const found = saves.listSaves().find((item) => item.ok && item.save.link?.id === id);
  return found ? found.save : null;
}

/**
 * Open a link of a game by links (its query has f=). Resolves what to show:
 * {session, state (at `from`), from, note}: `from` is how far this device had
 * seen the game (the moves after it are new), `note` what to say; or
 * {refused: text} when the link is one to leave aside. Throws an Error saying
 * what is damaged in a link that cannot be read.
 */
export async function openGameLink(entry, params) {
  const { record } = await linkRecord(entry.name, params);
  const whole = await engine.call("state", { record });
  const fair = parseFair(params.get("f"), whole.players);
  const to = params.has("to") ? Number(params.get("to")) : null;
  if (to !== null && !(/^[0-9]$/.test(params.get("to")) && to < whole.players)) throw new Error("the seat it is sent to (to=) is damaged");
  // The engine checks every roll against the players' shares, and every share against its commitment.
  const { pending } = await engine.call("fair_check", { record: whole.record, fair: JSON.stringify(fair) });
  const mine = savedGame(fair.id);
  if (mine) return carryOn(mine, whole, fair);
  if (copiedGame(fair)) {
    return { refused: "This link copies one of your games with its id changed: it was altered. Nothing was changed." };
  }
  return join(entry, whole, fair, to, pending);
}

/** A first link of a game: join it as the seat it was sent to, or watch it. */
async function join(entry, whole, fair, to, pending) {
  const total = whole.record.moves.length;
  const free = to !== null && !fair.parties.some((party) => party.seats.includes(to));
  let link = { id: fair.id, party: null, secret: null, fair, pending };
  if (free) {
    const { secret, party } = await newParty([to]);
    const joined = { ...fair, parties: [...fair.parties, party] };
    const check = await engine.call("fair_check", { record: whole.record, fair: JSON.stringify(joined) });
    link = { id: fair.id, party: joined.parties.length - 1, secret, fair: joined, pending: check.pending };
  }
  link.heard = { ...progress(whole.record, fair), at: Date.now() };
  const session = { ...newSession(entry, whole.record, total), title: titled(entry), chosen: true, link };
  const note = free ? `You joined this game by links: you play ${seatNamesOf(entry.ui, whole)[to]} on this device.`
    : "You are watching this game: its seats are played on other devices.";
  return { session, state: whole, from: total, note };
}

/** A link of a game this device has: taken if it carries the game further, else left aside. */
async function carryOn(save, whole, fair) {
  const ours = save.record.moves;
  const theirs = whole.record.moves;
  const header = (r) => JSON.stringify([r.game, r.players, r.seed, r.options]);
  if (header(save.record) !== header(whole.record)) {
    return { refused: "This link is of another game than yours with the same name. Nothing was changed." };
  }
  const known = save.link.fair.parties;
  const own = save.link.party;
  const heard = { ...progress(whole.record, fair), at: Date.now() }; // what the sender has
  // This device joined from a link whose sender has not heard of it yet: its own party is added back.
  if (Number.isInteger(own) && fair.parties.length === own && known.length > own) {
    fair = { ...fair, parties: [...fair.parties, known[own]] };
  }
  if (unsigned(save.link)) {
    return { refused: "Your copy of this game was started before devices signed their moves: it can no longer be played on. Nothing was changed." };
  }
  const changed = known.findIndex((p, i) => fair.parties[i] && (fair.parties[i].head !== p.head ||
    fair.parties[i].key !== p.key || !sameList(fair.parties[i].seats, p.seats)));
  if (changed >= 0) return { refused: "This link's players are not those of your game (a device's commitment to its dice differs). Nothing was changed." };
  const prefix = Math.min(ours.length, theirs.length);
  if (!samePrefix(ours.slice(0, prefix), theirs)) {
    const at = ours.findIndex((move, i) => i < prefix && move !== theirs[i]) + 1;
    return { refused: `This link does not continue your game: its move ${at} differs from yours. Nothing was changed.` };
  }
  // Shares: this device's own may be further here (shown, not sent yet); every other device's may only grow.
  const other = (p, i) => i < known.length && i !== own;
  const behind = theirs.length < ours.length || fair.parties.length < known.length ||
    fair.parties.some((p, i) => other(p, i) && p.count < known[i].count);
  const ahead = theirs.length > ours.length || fair.parties.length > known.length ||
    fair.parties.some((p, i) => other(p, i) && p.count > known[i].count);
  if (ahead && behind) {
    return { refused: "This link does not continue your game: it is behind it in places and ahead in others. Nothing was changed." };
  }
  if (!ahead) return { refused: "This link was seen already: your game is as far as it, or further. Nothing was changed.", seen: save };
  const further = (ours, theirs) => ours.count > theirs.count || ours.plies > theirs.plies;
  const merged = { ...fair, parties: fair.parties.map((p, i) => (i === own && further(known[i], p) ? known[i] : p)) };
  const { pending } = await engine.call("fair_check",
    { record: whole.record, fair: JSON.stringify(merged), known: JSON.stringify(save.link.fair) });
  const session = { ...save, record: whole.record, cursor: ours.length, link: { ...save.link, fair: merged, pending, heard } };
  const state = await engine.call("state", { record: whole.record, ply: ours.length });
  const news = theirs.length - ours.length;
  const note = (news ? `${news} new move${news === 1 ? "" : "s"} since you last saw this game.` : "The players' dice shares arrived.") +
    (save.link.ended ? " This game was ended on this device: it is shown, but can no longer be played here." : "");
  return { session, state, from: ours.length, note };
}
