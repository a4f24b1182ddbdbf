// The shape of a game record and of a saved game, checked on the page before
// the engine ever sees them: a record from storage, a link or an import that is
// too large, nested too deep or of the wrong shape is refused here with a
// reason, and never reaches Python. The engine checks the same again
// (py_engines.load); the numbers are the ones in py_engines/core.py.

export const MAX_RECORD_CHARS = 1_000_000; // core.MAX_RECORD_CHARS
export const MAX_MOVE_CHARS = 32; // core.MAX_MOVE_CHARS
export const RECORD_DEPTH = 2; // core.RECORD_DEPTH: the record, then its options and moves
export const MAX_SEED = Number.MAX_SAFE_INTEGER; // core.MAX_SEED, 2 ** 53 - 1
export const MAX_SAVE_CHARS = MAX_RECORD_CHARS + 10_000; // a record and a few short fields
const RECORD_FIELDS = ["format", "game", "players", "seed", "options", "moves"];
/** Why text that JSON.parse refused is no record: in words, not the parser's. */
export const NOT_JSON = "this is not a saved game or game record (it is not JSON text: was it copied whole?)";

/** A value for a message: text cut to about 80 characters, anything else named. */
export function quote(value, limit = 80) {
  if (typeof value === "string") {
    return value.length <= limit ? `“${value}”` : `“${value.slice(0, limit)}…” (${value.length} characters)`;
  }
  if (Array.isArray(value)) return "a list";
  if (value && typeof value === "object") return "an object";
  return String(value);
}

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
const scalar = (value) => typeof value === "string" || typeof value === "boolean" || Number.isFinite(value);

/**
 * How deep the lists and objects of a JSON text nest, counted without parsing
 * it (brackets inside strings do not count); stops counting past `limit`.
 */
export function jsonDepth(text, limit = Infinity) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

/**
 * What is wrong with `record` (a parsed value) as a game record the engine may
 * be given, or "" if its shape is right; with `game`, it must be a record of
 * that game. Whether its moves replay is the engine's to say.
 */
export function recordProblem(record, game = null) {
  if (!isObject(record)) return "it is not a game record";
  const unknown = Object.keys(record).find((key) => !RECORD_FIELDS.includes(key));
  if (unknown !== undefined) return `a game record has no field ${quote(unknown)}`;
  if (record.format !== 1) return `its format is ${quote(record.format)}, not 1`;
  if (typeof record.game !== "string") return "it names no game";
  if (game !== null && record.game !== game) return `it is a record of ${quote(record.game)}, not of ${quote(game)}`;
  if (record.players != null && !Number.isInteger(record.players)) return "its number of players is not a whole number";
  if (own(record, "seed") && !(Number.isInteger(record.seed) && record.seed >= 0 && record.seed <= MAX_SEED)) {
    return "its seed is not a whole number from 0 to 2^53 - 1";
  }
  if (own(record, "options")) {
    if (!isObject(record.options)) return "its options are not an object";
    const bad = Object.keys(record.options).find((key) => !scalar(record.options[key]));
    if (bad !== undefined) return `its option ${quote(bad)} is not text, a number, true or false`;
  }
  if (!Array.isArray(record.moves)) return "it holds no list of moves";
  const move = record.moves.findIndex((m) => typeof m !== "string" || m.length > MAX_MOVE_CHARS);
  if (move >= 0) return `its move ${move + 1} is not a move text of at most ${MAX_MOVE_CHARS} characters`;
  return "";
}

/**
 * Read pasted record text: {record} (parsed, its shape checked) or {error}.
 * The size and the nesting are checked before the text is parsed.
 */
export function readRecordText(text) {
  if (text.length > MAX_RECORD_CHARS) {
    return { error: `it is too long (${text.length} characters; a record has at most ${MAX_RECORD_CHARS})` };
  }
  if (jsonDepth(text, RECORD_DEPTH) > RECORD_DEPTH) return { error: "it nests deeper than a game record can" };
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    return { error: NOT_JSON };
  }
  const why = recordProblem(record);
  return why ? { error: why } : { record };
}

/** Whether a save's `link` (a game by links: by-links/game.js) has its shape. */
function linkShape(link) {
  const key = (value) => typeof value === "string" && /^[0-9A-Za-z_-]{22}$/.test(value);
  const count = (value) => Number.isInteger(value) && value >= 0;
  // What was last sent or received (link.sent, link.heard): how far the game was, and when.
  const mark = (m) => m === undefined || (isObject(m) && count(m.moves) && count(m.devices) && count(m.shares) &&
    Number.isFinite(m.at));
  const ended = (e) => e === undefined || (isObject(e) && ["resigned", "abandoned"].includes(e.kind) && Number.isFinite(e.at) &&
    (e.seat === undefined || count(e.seat)));
  const fair = link.fair;
  // This device's secret may be damaged (any text, or none): the page then says so and only watches (by-links/replay.js).
  return isObject(link) && key(link.id) && (link.party === null || Number.isInteger(link.party)) &&
    (link.secret === null || (typeof link.secret === "string" && link.secret.length <= 100)) &&
    isObject(fair) && fair.id === link.id && Array.isArray(fair.parties) &&
    fair.parties.every((p) => isObject(p) && Array.isArray(p.seats) && p.seats.every(Number.isInteger) && key(p.head) &&
      (p.shown === null || key(p.shown)) && Number.isInteger(p.count) &&
      // A game started before devices signed their moves has no key, signature or cover (by-links/game.js: unsigned).
      (p.key === undefined || (/^[0-9A-Za-z_-]{43}$/.test(p.key) && (p.sig === null || /^[0-9A-Za-z_-]{86}$/.test(p.sig)) &&
        Number.isInteger(p.plies) && Number.isInteger(p.known)))) &&
    (link.party === null || (link.party >= 0 && link.party < fair.parties.length)) &&
    mark(link.sent) && mark(link.heard) && ended(link.ended) && (link.damaged === undefined || typeof link.damaged === "boolean");
}

/**
 * What is wrong with a parsed saved-game entry stored under `id`, or "" if it
 * can be used (site/state/local-storage.js describes the entry). Everything the page reads
 * from a save is checked here, so a save that passes can break neither the page
 * nor the engine.
 */
export function saveProblem(entry, id) {
  if (!isObject(entry)) return "it is not a saved-game object";
  if (entry.id !== id) return "its id does not match its key";
  if (typeof entry.game !== "string") return "it names no game";
  const why = recordProblem(entry.record, entry.game);
  if (why) return `its game record is unusable: ${why}`;
  if (!Number.isInteger(entry.cursor) || entry.cursor < 0 || entry.cursor > entry.record.moves.length) {
    return "its position is out of range";
  }
  if (entry.title != null && typeof entry.title !== "string") return "its title is not text";
  if (entry.updated != null && !Number.isFinite(entry.updated)) return "its time is not a number";
  if (entry.seats != null && !(Array.isArray(entry.seats) && entry.seats.every((seat) => typeof seat === "string"))) {
    return "its seats are not a list of names";
  }
  if (entry.chosen != null && typeof entry.chosen !== "boolean") return "its setup mark is not true or false";
  if (entry.link != null && !linkShape(entry.link)) return "its data of a game by links is damaged";
  return "";
}
