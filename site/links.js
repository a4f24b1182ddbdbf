// Share links: #/<game>?moves=e5w.c7b.pass&at=2 (at, seed, players and
// options appear only when they differ from the defaults).

import { MAX_RECORD_CHARS, MAX_SEED, quote, recordProblem } from "./records.js";

const RESERVED = new Set(["moves", "at", "seed", "players"]);

/** The hash part of a link to `record` shown at ply `cursor`. */
export function shareHash(record, cursor, info) {
  const params = [`moves=${record.moves.map(encodeURIComponent).join(".")}`];
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
 * is checked for shape and size here (site/records.js); the engine checks that
 * its moves replay.
 */
export function parseShare(game, params) {
  if (!params.has("moves")) throw new Error("the link has no moves= part");
  const seen = new Set();
  for (const name of params.keys()) {
    if (seen.has(name)) throw new Error(`the link names ${quote(name)} twice`);
    seen.add(name);
  }
  const text = params.get("moves");
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
    if (at > moves.length) throw new Error(`at=${at} is past the end of the game (${moves.length} moves)`);
  }
  return { record, at };
}

/** Split a hash or a pasted link into {name, params, hasQuery}. */
export function readHash(text) {
  const hash = text.includes("#") ? text.slice(text.indexOf("#") + 1) : text;
  const q = hash.indexOf("?");
  const path = q >= 0 ? hash.slice(0, q) : hash;
  const query = q >= 0 ? hash.slice(q + 1) : "";
  return { name: path.replace(/^\/+|\/+$/g, ""), params: new URLSearchParams(query), hasQuery: query !== "" };
}
