// Saved games in localStorage.
//
//   boardgames.save.<id>      JSON {id, game, record, cursor, updated, title, seats, chosen, link}
//                             (link: a game by links' own data, by-links/game.js; its shape: records.js)
//   boardgames.current.<game> JSON text of the id of the game in progress for that game
//                             name (it may name a fresh game not saved yet: no moves)
//   boardgames.zoom.<game>    "1" while that game's board is shown zoomed in (zoom.js)
//   boardgames.lessons.<game> JSON list of the keys of that game's lesson steps done
//   boardgames.lesson-at.<game> JSON list of one key: the step of that game's lesson shown last
//   boardgames.puzzles.<game> JSON list of the ids of that game's puzzles solved
//   boardgames.coach          "on" or "off": the player's choice for the coach (none: on against the computer)
//   boardgames.opponent       "human" (pass and play) or a computer level: how the player chose to
//                             play, asked once before the first move (none: not asked yet)
//   boardgames.review.<id>    JSON {key, points}: the review of saved game <id> (review.js), for the
//                             moves whose fingerprint is `key`; deleted with its game
//   boardgames.mistakes       JSON list of the player's own errors to try again, each with when it
//                             comes back (model/mistakes.js: its shape, the schedule)
//   boardgames.kept           the browser's answer when asked to keep this site's storage for good
//                             (navigator.storage.persist, asked once, at the first game saved):
//                             "granted", "refused" or "unasked" (the browser cannot be asked)
//   boardgames.view.<game>    JSON {id, cursor, state}: the position of that game's
//                             save in progress, as the engine drew it (without its
//                             legal moves), written with each save: the picture
//                             modes/picture.js draws while the engine starts
//
// An entry that cannot be read, or whose shape is wrong (site/model/records.js checks
// every field the page uses), is never rewritten or removed here unless the
// player asks for it: it is listed as unreadable, with its raw text and why.

import { MAX_SAVE_CHARS, saveProblem } from "../model/records.js";

const SAVE = "boardgames.save.";
const CURRENT = "boardgames.current.";
const ZOOM = "boardgames.zoom.";
const PICTURE = "boardgames.view.";
const COACH = "boardgames.coach";
const LESSONS = "boardgames.lessons.";
const LESSON_AT = "boardgames.lesson-at.";
const OPPONENT = "boardgames.opponent";
const REVIEW = "boardgames.review.";
const PUZZLES = "boardgames.puzzles.";
const KEPT = "boardgames.kept";
const MISTAKES = "boardgames.mistakes";
const OURS = "boardgames.";

export class StorageError extends Error {}

function storage() {
  try {
    const store = window.localStorage;
    if (!store) throw new Error("localStorage is missing");
    return store;
  } catch {
    throw new StorageError("This browser does not let this page save games (its storage is switched off or blocked for this site).");
  }
}

function guard(what, action) {
  try {
    return action(storage());
  } catch (error) {
    if (error instanceof StorageError) throw error;
    const full = error && (error.name === "QuotaExceededError" || error.code === 22);
    throw new StorageError(full
      ? `Could not ${what}: the browser's storage is full. Delete some saved games.`
      : `Could not ${what}: the browser's storage refused.`);
  }
}

export function newId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
}

function parse(id, raw) {
  if (raw.length > MAX_SAVE_CHARS) {
    const error = `it is too large (${raw.length} characters; a saved game has at most ${MAX_SAVE_CHARS})`;
    return { id, ok: false, raw, error };
  }
  let entry;
  try {
    entry = JSON.parse(raw);
  } catch {
    return { id, ok: false, raw, error: "its text is not JSON (it was cut short or changed outside this page)" };
  }
  const why = saveProblem(entry, id);
  return why ? { id, ok: false, raw, error: why } : { id, ok: true, raw, save: entry };
}

/** The storage key of a save (other tabs' changes to it arrive as storage events of that key). */
export const saveKey = (id) => SAVE + id;

/** A save's text as read from storage: {id, ok: true, save, raw} or {id, ok: false, raw, error}. */
export const parseSave = (id, raw) => parse(id, raw);

/** One save: {id, ok: true, save, raw}, {id, ok: false, raw, error}, or null if there is none. */
export function readSave(id) {
  return guard("read a saved game", (store) => {
    const raw = store.getItem(SAVE + id);
    return raw === null ? null : parse(id, raw);
  });
}

/** Every save, readable or not, most recently updated first. */
export function listSaves() {
  return guard("list the saved games", (store) => {
    const found = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && key.startsWith(SAVE)) found.push(parse(key.slice(SAVE.length), store.getItem(key)));
    }
    const time = (item) => (item.ok ? Number(item.save.updated) || 0 : Infinity);
    return found.sort((a, b) => time(b) - time(a));
  });
}

export function writeSave(save) {
  guard("save the game", (store) => store.setItem(SAVE + save.id, JSON.stringify(save)));
}

export function deleteSave(id) {
  guard("delete the saved game", (store) => {
    store.removeItem(SAVE + id);
    store.removeItem(REVIEW + id);
  });
}

/** The kept review of saved game `id` as stored (checked by review.js), or null. */
export function readReview(id) {
  try {
    return JSON.parse(storage().getItem(REVIEW + id));
  } catch {
    return null; // unreadable: the game is reviewed again when asked
  }
}

/** Keep the review of saved game `id`; a browser that refuses only reviews it again next time. */
export function writeReview(id, review) {
  try {
    storage().setItem(REVIEW + id, JSON.stringify(review));
  } catch {
    // the review can be made again: not worth a message
  }
}

/**
 * Which saved game is in progress for a game name: {ok: true, id}, {ok: false, raw}
 * when the stored pointer is unreadable, or null when there is none.
 */
export function currentId(game) {
  return guard("read the saved games", (store) => {
    const raw = store.getItem(CURRENT + game);
    if (raw === null) return null;
    try {
      const id = JSON.parse(raw);
      if (typeof id === "string" && id) return { ok: true, id };
    } catch {
      // unreadable: said below
    }
    return { ok: false, raw };
  });
}

export function setCurrentId(game, id) {
  guard("remember the current game", (store) => store.setItem(CURRENT + game, JSON.stringify(id)));
}

/** Whether the board of `game` was left zoomed in (false where storage cannot tell). */
export function readZoom(game) {
  try {
    return storage().getItem(ZOOM + game) === "1";
  } catch {
    return false;
  }
}

/** Remember whether the board of `game` is zoomed in; a browser that refuses only forgets it. */
export function writeZoom(game, zoomed) {
  try {
    if (zoomed) storage().setItem(ZOOM + game, "1");
    else storage().removeItem(ZOOM + game);
  } catch {
    // a view preference: not worth a message
  }
}

/** Keep the position of `session`, just saved, for the next visit's picture. */
export function keepPicture(session, state) {
  if (!session?.id || !state?.record) return;
  const { legal, ...drawn } = state;
  try {
    storage().setItem(PICTURE + session.game, JSON.stringify({ id: session.id, cursor: session.cursor, state: drawn }));
  } catch {
    // A picture is only a head start: a browser that refuses to keep it loses nothing.
  }
}

/** The kept picture of `game` as stored (unchecked), or null. Throws if it is not JSON. */
export function readPicture(game) {
  return JSON.parse(storage().getItem(PICTURE + game));
}

/** The player's choice for the coach: true, false, or null if never made (or storage cannot tell). */
export function readCoach() {
  const value = readSetting(COACH, (v) => v === "on" || v === "off");
  return value === null ? null : value === "on";
}

/** Keep the player's choice for the coach; a browser that refuses only forgets it. */
export const writeCoach = (on) => writeSetting(COACH, on ? "on" : "off");

/** A setting's value if `allowed` takes it, else (none, or storage shut) null. */
function readSetting(key, allowed) {
  try {
    const value = storage().getItem(key);
    return allowed(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keep a setting; a browser that refuses only forgets it (asked or chosen again later): no message. */
function writeSetting(key, value) {
  try {
    storage().setItem(key, value);
  } catch {
    // a preference: not worth a message
  }
}

/** How the player chose to play: "human" or a computer level (`levels`), or null if never asked. */
export const readOpponent = (levels) => readSetting(OPPONENT, (value) => value === "human" || levels.includes(value));

/** Keep how the player chose to play; a browser that refuses asks again next visit. */
export const writeOpponent = (value) => writeSetting(OPPONENT, value);

/** A list of names kept under `key` (none where storage cannot tell). */
function readNames(key) {
  try {
    const names = JSON.parse(storage().getItem(key));
    return Array.isArray(names) ? names.filter((name) => typeof name === "string") : [];
  } catch {
    return [];
  }
}

/** What the page says when progress could not be kept. */
export const PROGRESS_NOT_KEPT = "Done, but this browser's storage is full or shut: the tick will be gone after the page closes. Delete some saved games.";

/** Keep a list of names; false where the browser refuses (its storage full or shut). */
function writeNames(key, names) {
  try {
    storage().setItem(key, JSON.stringify(names));
    return true;
  } catch {
    return false;
  }
}

/** The keys of `game`'s lesson steps done in this browser. */
export const readLessons = (game) => readNames(LESSONS + game);

/** Keep the lesson steps done; false where the browser refused (the page says so). */
export const writeLessons = (game, keys) => writeNames(LESSONS + game, keys);

/** The key of the step of `game`'s lesson shown last in this browser, or "". */
export const readLessonAt = (game) => readNames(LESSON_AT + game)[0] || "";

/** Keep the step of the lesson shown, to open there next time. */
export const writeLessonAt = (game, key) => writeNames(LESSON_AT + game, [key]);

/** The ids of `game`'s puzzles solved in this browser. */
export const readPuzzles = (game) => readNames(PUZZLES + game);

/** Keep the puzzles solved; false where the browser refused (the page says so). */
export const writePuzzles = (game, ids) => writeNames(PUZZLES + game, ids);

/** The player's errors kept to try again, as stored (each checked by model/mistakes.js's mistakeShape). */
export function readMistakes() {
  try {
    const list = JSON.parse(storage().getItem(MISTAKES));
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Keep the player's errors to try again; false where the browser refused (the page says so). */
export function writeMistakes(list) {
  try {
    storage().setItem(MISTAKES, JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}

/** The browser's answer when asked to keep this site's storage for good ("granted", "refused",
 * "unasked"), or null if never asked. */
export const readKept = () => readSetting(KEPT, (value) => ["granted", "refused", "unasked"].includes(value));

/** Keep the browser's answer; one that cannot be kept is asked again next time (no harm). */
export const writeKept = (value) => writeSetting(KEPT, value);

/** The characters this site's entries take in storage (keys and values), or null if it cannot tell. */
export function storedChars() {
  try {
    const store = storage();
    let chars = 0;
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && key.startsWith(OURS)) chars += key.length + (store.getItem(key) || "").length;
    }
    return chars;
  } catch {
    return null;
  }
}

/** Every entry of this site's storage: {key: text} (a backup's source, model/backup.js). */
export function readEntries() {
  return guard("read this browser's storage", (store) => {
    const entries = {};
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && key.startsWith(OURS)) entries[key] = store.getItem(key);
    }
    return entries;
  });
}

/**
 * Store `writes` ({key: text, or null to remove}: a restored backup, model/backup.js) all or
 * none: a write the browser refuses (its storage full) undoes those before it, and is said.
 */
export function writeEntries(writes) {
  guard("restore the backup", (store) => {
    const before = [];
    try {
      for (const [key, value] of Object.entries(writes)) {
        before.push([key, store.getItem(key)]);
        if (value === null) store.removeItem(key);
        else store.setItem(key, value);
      }
    } catch (error) {
      for (const [key, old] of before.reverse()) {
        try {
          if (old === null) store.removeItem(key);
          else store.setItem(key, old);
        } catch {
          // an old value always fits where it was
        }
      }
      throw error;
    }
  });
}
