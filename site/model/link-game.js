// A game by links as the page shows it (site/by-links/game.js plays it): which seats
// this device plays, whom the game waits for, and what the page says of it. Pure:
// each function reads a session (`s`, with its `link`) and the position shown.
import { CHANCE } from "../state/store.js";

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
 * game is whole (by-links/replay.js checks it) and the game was not ended here.
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
export function reached(mark, record, fair) {
  const now = progress(record, fair);
  return Boolean(mark) && mark.moves === now.moves && mark.devices === now.devices && mark.shares === now.shares;
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
    // This device's own share is shown as soon as it may be (by-links/replay.js): what is still missing is the others'.
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

// -- what the page says of a game by links ---------------------------------------------

export const DAMAGED_KEY = "This device's key for this game is damaged: you can watch the game but no longer play its seats here.";
export const UNSIGNED = "This game by links was started before devices signed their moves: it can be looked at here, no longer played.";
export const LAST_SHARE = "The last player to give a dice share sees the roll first.";

const listed = (names, seats) => seats.map((seat) => names[seat]).join(" and ");
const otherSeats = (s, players) => Array.from({ length: players }, (_, i) => i).filter((i) => !mySeats(s).includes(i));
export const held = (s, seat) => s.link.fair.parties.some((party) => party.seats.includes(seat));

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
 * What the panel of a game by links says and offers (game-view.js draws it): {text,
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
