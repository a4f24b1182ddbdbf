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
//   it carries it further (the new moves are shown one by one: linkplay.js), and
//   is refused otherwise: "already seen" for an older or the same link, and a
//   link whose moves or players differ from this device's game changes nothing.
// - Dice: linkplay.js asks the engine to show this device's share and play what
//   the shares give (fair_step); a share still missing is asked for by sending
//   the link to the device that holds it.
import { engine } from "./boot.js";
import { catalogEntry, seatNamesOf } from "./games/index.js";
import { fairText, parseFair, shareHash } from "./links.js";
import { keepSession, linkRecord, newSession, persist } from "./session.js";
import * as saves from "./storage.js";
import { CHANCE, store } from "./store.js";

/** 16 random bytes in base64url (22 characters): a game's id, or a device's secret. */
export function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Whether a game by links was started before devices signed their moves (its
 * parties have no key): such a game is kept and can be looked at, not played on.
 */
export const unsigned = (link) => link.fair.parties.some((party) => party.key === undefined);

/** The seats this device plays in a game by links (none when it only watches). */
export function mySeats(s) {
  const party = s?.link?.party;
  return Number.isInteger(party) && !unsigned(s.link) ? s.link.fair.parties[party].seats : [];
}

/**
 * Whether this device can still play its seats: it holds some, its key for the
 * game is whole (linkplay.js checks it) and the game was not ended here.
 */
export function canPlay(s) {
  return mySeats(s).length > 0 && !s.link.damaged && !s.link.ended;
}

/** Whether a move may be entered on this device at the position shown (any game not by links: yes). */
export function playsHere(s, position) {
  if (!s?.link) return true;
  return canPlay(s) && !position.is_over && s.cursor === s.record.moves.length && mySeats(s).includes(position.to_move);
}

/** How far a game by links has gone, as its link tells: its moves, the devices joined, the dice shares shown. */
export function progress(record, fair) {
  return { moves: record.moves.length, devices: fair.parties.length, shares: fair.parties.reduce((n, p) => n + p.count, 0) };
}

/** Whether `mark` ({moves, devices, shares, at}: what was sent or received) is the game as far as `record` and `fair`. */
function reached(mark, record, fair) {
  const now = progress(record, fair);
  return Boolean(mark) && mark.moves === now.moves && mark.devices === now.devices && mark.shares === now.shares;
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

/** The seats whose devices the dice wait for (a share not shown yet, or a seat that has not joined). */
export function waitingSeats(link) {
  const waiting = link.pending?.waiting || [];
  return waiting.map((who) => (Number.isInteger(who) ? link.fair.parties[who]?.seats[0] : who?.seat))
    .filter(Number.isInteger);
}

/**
 * The seat the game waits for now, if it is another device's: the link goes to
 * it. null when this device can go on (its turn, its share) or the game is over.
 * When the dice wait for several devices, the link goes first to a seat still
 * to join, then round the table from this device's first seat, so that it
 * visits each in turn.
 */
export function addressee(s, position) {
  if (!s?.link || position.is_over) return null;
  const mine = mySeats(s);
  if (position.to_move === CHANCE) {
    // This device's own share is shown as soon as it may be (linkplay.js): what is still missing is the others'.
    // A seat no device has joined comes first: nobody shows a share before every device of the roll joined.
    const others = waitingSeats(s.link).filter((seat) => !mine.includes(seat));
    const from = mine.length ? mine[0] : 0;
    const order = (seat) => (held(s, seat) ? position.players : 0) + (seat - from + position.players) % position.players;
    return others.length ? others.sort((a, b) => order(a) - order(b))[0] : null;
  }
  return mine.includes(position.to_move) ? null : position.to_move;
}

/** The first seat no device has joined as yet, if any. */
export function freeSeat(s, players) {
  const seat = Array.from({ length: players }, (_, i) => i).find((i) => !held(s, i));
  return seat ?? null;
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

// -- what the page says of a game by links ---------------------------------------------

export const DAMAGED_KEY = "This device's key for this game is damaged: you can watch the game but no longer play its seats here.";
export const UNSIGNED = "This game by links was started before devices signed their moves: it can be looked at here, no longer played.";
export const LAST_SHARE = "The last player to give a dice share sees the roll first.";

const listed = (names, seats) => seats.map((seat) => names[seat]).join(" and ");
const otherSeats = (s, players) => Array.from({ length: players }, (_, i) => i).filter((i) => !mySeats(s).includes(i));
const held = (s, seat) => s.link.fair.parties.some((party) => party.seats.includes(seat));

/** A time in the panel's words: "14:05", and how long ago when it is a minute or more ("14:05, 2 days ago"). */
export function whenWords(at, now = Date.now()) {
  const clock = new Date(at).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
  const seconds = Math.max(0, (now - at) / 1000);
  if (seconds < 60) return clock;
  const units = [["day", 86400], ["hour", 3600], ["minute", 60]];
  const [unit, size] = units.find(([, n]) => seconds >= n);
  const ago = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" }).format(-Math.floor(seconds / size), unit);
  return `${clock}, ${ago}`;
}

/** The status line of a game ended on this device (link.ended), or "" if it was not. */
export function endedStatus(s, names) {
  const ended = s.link?.ended;
  if (!ended) return "";
  if (ended.kind === "abandoned") return "Ended as abandoned";
  const others = otherSeats(s, names.length);
  return `${listed(names, mySeats(s))} resigned${others.length === 1 ? `: ${names[others[0]]} wins` : ""}`;
}

/** Whether this device has made a move of its own since it last received a link of the game. */
function ownMove(s, position) {
  const mine = mySeats(s);
  return (position.movers || []).slice(s.link.heard?.moves ?? 0).some((mover) => mine.includes(mover));
}

/**
 * Where a link sent now goes, and what it is (sendHash sends it there): {to, invite,
 * own, over}: `to` the seat it goes to (null: to anyone), `invite` when no device
 * holds that seat yet, `own` when it brings a move of this device's.
 */
function destination(s, position) {
  const to = addressee(s, position) ?? freeSeat(s, position.players);
  return { to, invite: to !== null && !held(s, to), own: ownMove(s, position), over: position.is_over };
}

/** The title and the words of the Send dialog, for the game as it is now (`names`: the seats' names). */
export function sendWords(s, position, names) {
  const { to, invite, own, over } = destination(s, position);
  if (over) return { title: "Send the final position", text: "Whoever plays in this game and opens this link sees how it ended." };
  if (invite) {
    return { title: `Invite ${names[to]}`, text: `A friend who opens this link on their own device joins the game as ${names[to]}.` };
  }
  if (to === null || !mySeats(s).length) {
    return { title: "Send the game", text: "Whoever plays in this game and opens this link sees it as it is now." };
  }
  return { title: `Send ${own ? "your move" : "the game"} to ${names[to]}`,
    text: `${names[to]} opens this link on their own device: it shows ${own ? "your move" : "the game as it is now"}, ` +
      "and their reply comes back to you as a link to open here." };
}

/**
 * What the panel of a game by links says and offers (view.js draws it): {text,
 * detail, send: {label, primary} or null, end} where `end` offers to resign or
 * end the game as abandoned. `names`: the seats' names; `now`: the time.
 */
export function linkPanel(s, position, names, now = Date.now()) {
  const link = s.link;
  const mine = mySeats(s);
  const panel = { text: "", detail: "", send: null, end: false };
  if (link.ended) {
    const { kind, at } = link.ended;
    const others = otherSeats(s, position.players);
    panel.text = kind === "abandoned"
      ? `You ended this game as abandoned at ${whenWords(at, now)}: it is kept here, but can no longer be played.`
      : `You resigned at ${whenWords(at, now)}${others.length === 1 ? `: ${names[others[0]]} wins` : ""}. ` +
        "The other devices learn it only from you: tell them.";
    return panel;
  }
  if (unsigned(link)) return { ...panel, text: UNSIGNED };
  if (!mine.length) return { ...panel, text: "You are watching this game by links: its seats are played on other devices." };
  if (link.damaged) return { ...panel, text: DAMAGED_KEY, end: true };
  if (s.cursor < s.record.moves.length) {
    return { ...panel, text: `You play ${listed(names, mine)}. Go to the last move to play on.`,
      send: { label: "Send the game", primary: false } };
  }
  const sent = reached(link.sent, s.record, link.fair) ? link.sent : null;
  const fresh = !sent && !reached(link.heard, s.record, link.fair); // this device has news the others lack
  const { to, invite, own, over } = destination(s, position);
  const again = { label: "Send again", primary: false };
  const chance = position.to_move === CHANCE;
  if (over) {
    const others = listed(names, otherSeats(s, position.players));
    if (sent) return { ...panel, text: `The game is over. You sent the final position at ${whenWords(sent.at, now)}.`, send: again };
    if (fresh) {
      return { ...panel, text: `The game is over: send the final position to ${others}, so that they see how it ended.`,
        send: { label: `Send the final position to ${others}`, primary: true } };
    }
    return { ...panel, text: "The game is over.", send: { label: "Send the final position", primary: false } };
  }
  panel.end = true;
  if (chance && addressee(s, position) === null) return { ...panel, text: "Rolling the dice from every device's share…" };
  if (addressee(s, position) === null) { // this device's turn
    panel.text = `Your turn: you play ${names[position.to_move]}.`;
    if (invite && sent) panel.detail = `Invitation sent to ${names[to]} at ${whenWords(sent.at, now)}.`;
    panel.send = sent ? again : { label: invite ? `Invite ${names[to]}: send this link` : "Send the game", primary: false };
    return panel;
  }
  const name = names[to];
  if (chance) panel.detail = LAST_SHARE;
  if (invite) {
    panel.text = sent ? `Invitation sent to ${name} at ${whenWords(sent.at, now)}: waiting for a friend to join as ${name}.`
      : `${chance ? `The dice wait for ${name}'s share, and` : `It is ${name}'s turn, and`} nobody plays ${name} yet: ` +
        `invite a friend to play ${name} on their own device.`;
    panel.send = sent ? again : { label: `Invite ${name}: send this link`, primary: true };
    return panel;
  }
  const what = own ? "your move" : "the game";
  const awaited = chance ? `${name}'s share of the dice` : `${name}'s move`;
  if (fresh) {
    panel.text = chance ? `The dice wait for ${name}'s share: send them ${what}, and their device rolls.`
      : `${name}'s turn, on their own device: send them ${what}. Their reply comes as a link.`;
    panel.send = { label: `Send ${what} to ${name}`, primary: true };
  } else if (sent) {
    panel.text = `Sent to ${name} at ${whenWords(sent.at, now)}: waiting for ${chance ? "their share of the dice" : "their move"}.`;
    panel.send = again;
  } else {
    panel.text = `Waiting for ${awaited} since ${whenWords(link.heard.at, now)}.`;
    panel.send = { label: `Send the game to ${name}`, primary: false };
  }
  return panel;
}

/**
 * The line under the board where this device does not play the position shown
 * (playsHere is false), in a game by links: who does, or why not here.
 */
export function awayLine(s, position, names, next) {
  const seat = position.to_move;
  if (unsigned(s.link)) return UNSIGNED;
  if (s.link.ended) return "This game was ended on this device: it can no longer be played here.";
  if (s.link.damaged) return DAMAGED_KEY;
  if (seat === CHANCE) {
    return "The dice are rolled from the secret shares of the devices of every player they concern, so that nobody can foresee or choose them.";
  }
  if (mySeats(s).includes(seat)) return "Go to the last move to play on: moves sent by link cannot be taken back.";
  return `${names[seat]} ${next.cells.size ? "plays" : "chooses"} on their own device.`;
}
