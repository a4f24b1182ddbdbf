// Share links: #/<game>?moves=e5w.c7b.pass&at=2 (at, seed, players and
// options appear only when they differ from the defaults). A game by links
// (by-links/game.js) writes its moves packed by the engine (m=, see py_engines/links.py)
// and adds its fair-dice data (f=) and the seat the link is sent to (to=).

import { MAX_RECORD_CHARS, MAX_SEED, quote, recordProblem } from "./records.js";

const RESERVED = new Set(["moves", "m", "at", "seed", "players", "f", "to"]);
const MAX_PACKED_CHARS = 100_000; // py_engines/links.py MAX_PACKED_CHARS: the longest packed moves the engine reads

/**
 * The hash part of a link to `record` shown at ply `cursor`; `packed` (the
 * engine's `pack` of its moves), if given, stands for the moves.
 */
export function shareHash(record, cursor, info, packed = null) {
  const params = [packed === null ? `moves=${record.moves.map(encodeURIComponent).join(".")}` : `m=${packed}`];
  if (cursor !== record.moves.length) params.push(`at=${cursor}`);
  if (record.seed) params.push(`seed=${record.seed}`);
  if (info && record.players !== info.players[0]) params.push(`players=${record.players}`);
  for (const [name, value] of Object.entries(record.options || {})) {
    const spec = info && info.options[name];
    if (!spec || spec.default !== value) params.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  return `#/${record.game}?${params.join("&")}`;
}

/** A whole number written the one way shareHash writes it (no sign, no leading zero). */
const integer = (text, what) => {
  if (!/^(0|[1-9][0-9]*)$/.test(text) || Number(text) > MAX_SEED) {
    throw new Error(`${what} must be a whole number, not ${quote(text)}`);
  }
  return Number(text);
};

/** An option's value as shareHash writes it: true, false, a whole number, or else text. */
function optionValue(text) {
  if (text === "true" || text === "false") return text === "true";
  if (/^-?(0|[1-9][0-9]*)$/.test(text) && Math.abs(Number(text)) <= MAX_SEED) return Number(text);
  return text;
}

/**
 * Read a link's query into {record, at}; throws an Error saying what is wrong.
 * `at` is null when the link does not set it (the end of the game). The record
 * is checked for shape and size here (site/model/records.js); the engine checks that
 * its moves replay.
 */
export function parseShare(game, params) {
  if (!params.has("moves") && !params.has("m")) throw new Error("the link has no moves= part");
  const seen = new Set();
  for (const name of params.keys()) {
    if (seen.has(name)) throw new Error(`the link names ${quote(name)} twice`);
    seen.add(name);
  }
  if (params.has("moves") && params.has("m")) throw new Error("the link has its moves twice (moves= and m=)");
  const text = params.get("moves") ?? "";
  if (text.length > MAX_RECORD_CHARS) throw new Error(`the link is too long (${text.length} characters of moves)`);
  const moves = text === "" ? [] : text.split(".");
  const empty = moves.findIndex((m) => m.trim() === "");
  if (empty >= 0) throw new Error(`move ${empty + 1} of the link is empty`);
  const record = { format: 1, game, players: null, seed: 0, options: {}, moves };
  if (params.has("seed")) record.seed = integer(params.get("seed"), "seed");
  if (params.has("players")) record.players = integer(params.get("players"), "players");
  for (const [name, value] of params) {
    if (RESERVED.has(name)) continue;
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`the link's part ${quote(name)} is not an option`);
    record.options[name] = optionValue(value);
  }
  const why = recordProblem(record, game);
  if (why) throw new Error(why);
  let at = null;
  if (params.has("at")) {
    at = integer(params.get("at"), "at");
    if (!params.has("m") && at > moves.length) throw new Error(`at=${at} is past the end of the game (${moves.length} moves)`);
  }
  const packed = params.get("m");
  if (packed !== null && packed.length > MAX_PACKED_CHARS) throw new Error(`the link is too long (${packed.length} characters of moves)`);
  if (packed !== null && !/^[0-9A-Za-z_.-]*$/.test(packed)) {
    throw new Error("the link's moves are damaged (m= holds characters a link of this site never has)");
  }
  return { record, at, packed };
}

// -- a game by links: its fair data in a link ---------------------------------------
// f=<game id>~<party>~<party>... where a party is
// <its seats, one digit each>.<head>.<key>.<share shown or ->.<shares shown>.<signature or ->.<moves signed>.<devices signed>
// (py_engines/fair.py: ids, heads and shares are 22 characters of base64url, keys 43, signatures 86).

const KEY = /^[0-9A-Za-z_-]{22}$/;
const PUBLIC_KEY = /^[0-9A-Za-z_-]{43}$/;
const SIGNATURE = /^[0-9A-Za-z_-]{86}$/;
const WHOLE = /^(0|[1-9][0-9]{0,5})$/;

/** The fair data of a game by links as a link writes it. */
export function fairText(fair) {
  const party = (p) => [p.seats.join(""), p.head, p.key, p.shown ?? "-", p.count, p.sig ?? "-", p.plies, p.known].join(".");
  return [fair.id, ...fair.parties.map(party)].join("~");
}

/** A link's f= text read back into fair data; throws an Error saying what is wrong. */
export function parseFair(text, players) {
  const [id, ...parties] = text.split("~");
  if (!KEY.test(id)) throw new Error("its game's name (f=) is damaged");
  if (parties.length === 0 || parties.length > players) throw new Error("its list of players' devices (f=) is damaged");
  if (parties.some((part) => part.split(".").length === 4)) {
    throw new Error("it was made by an older version of this site, before each device signed its moves: start a new game by links");
  }
  const held = new Set();
  return {
    id,
    parties: parties.map((part, i) => {
      const [seats, head, key, shown, count, sig, plies, known, ...rest] = part.split(".");
      const ok = rest.length === 0 && /^[0-9]{1,10}$/.test(seats ?? "") && KEY.test(head ?? "") && PUBLIC_KEY.test(key ?? "") &&
        (shown === "-" || KEY.test(shown ?? "")) && WHOLE.test(count ?? "") && (shown === "-") === (count === "0") &&
        (sig === "-" || SIGNATURE.test(sig ?? "")) && WHOLE.test(plies ?? "") && WHOLE.test(known ?? "") &&
        (sig !== "-" || (plies === "0" && known === "0"));
      if (!ok) throw new Error(`its device ${i + 1} (f=) is damaged`);
      const list = [...seats].map(Number);
      if (list.some((seat) => seat >= players || held.has(seat))) throw new Error(`its device ${i + 1} (f=) holds a seat it cannot`);
      list.forEach((seat) => held.add(seat));
      return { seats: list, head, key, shown: shown === "-" ? null : shown, count: Number(count),
        sig: sig === "-" ? null : sig, plies: Number(plies), known: Number(known) };
    }),
  };
}

/** Split a hash or a pasted link into {name, params, hasQuery}. */
export function readHash(text) {
  const hash = text.includes("#") ? text.slice(text.indexOf("#") + 1) : text;
  const q = hash.indexOf("?");
  const path = q >= 0 ? hash.slice(0, q) : hash;
  const query = q >= 0 ? hash.slice(q + 1) : "";
  return { name: path.replace(/^\/+|\/+$/g, ""), params: new URLSearchParams(query), hasQuery: query !== "" };
}
