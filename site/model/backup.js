// A backup of everything this browser keeps for the player, as one file to carry
// to another device, and how a backup is merged into what a device already has.
// Pure: it works on the storage's entries as a plain object {key: text}
// (state/local-storage.js reads and writes them), so that node --test checks it.
//
// The file, format version 1 (docs/architecture.md, "A backup"):
//   {"backup": "little-board-games", "version": 1, "written": <ms since 1970>,
//    "saves": [<saved game>, ...],          as stored (model/records.js checks each)
//    "reviews": {<save id>: <review>},       each game's kept review
//    "lessons": {<game>: [<step key>, ...]}, the lesson steps done
//    "puzzles": {<game>: [<puzzle id>, ...]},the puzzles solved
//    "current": {<game>: <save id>},         the game in progress of each kind
//    "pictures": {<game>: <picture>},        its position as drawn (the home page's card)
//    "settings": {"coach": "on"|"off", "opponent": <how the player plays>},
//    "mistakes": [<item>, ...]}               the errors kept to try again (model/mistakes.js)
// A game by links' secret (what lets this device play its seat) is left out
// (null) unless the player asks for it.
import { saveProblem } from "./records.js";
import { mistakeShape } from "./mistakes.js";

export const BACKUP_NAME = "little-board-games";
export const BACKUP_VERSION = 1;
/** A backup file larger than this is no backup of ours (localStorage holds about 5 MB of text). */
export const MAX_BACKUP_CHARS = 40_000_000;
const PREFIX = "boardgames.";
const MAX_NAMES = 1000; // lesson steps or puzzles per game: far more than any game has
const NAME = /^[0-9A-Za-z_.-]{1,64}$/;

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const parsed = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
const plural = (n, word, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

/** Valid names of a stored list: strings of a step's or puzzle's shape, each once. */
const names = (list) => (Array.isArray(list) ? [...new Set(list.filter((n) => typeof n === "string" && NAME.test(n)))] : []);

/**
 * The backup of `entries` (this site's storage: {key: text}): {backup (the object to write as
 * JSON), saves, secrets (games by links whose secret it holds or left out), unreadable}.
 * `games`: the game names this build plays; `withSecrets`: keep games by links' secrets.
 */
export function makeBackup(entries, { games, withSecrets = false, now = Date.now() }) {
  const backup = { backup: BACKUP_NAME, version: BACKUP_VERSION, written: now, saves: [], reviews: {}, lessons: {},
    puzzles: {}, current: {}, pictures: {}, settings: {}, mistakes: [] };
  let unreadable = 0;
  let secrets = 0;
  for (const [key, text] of Object.entries(entries)) {
    if (!key.startsWith(`${PREFIX}save.`)) continue;
    const id = key.slice(`${PREFIX}save.`.length);
    const save = parsed(text);
    if (save === undefined || saveProblem(save, id)) {
      unreadable += 1;
      continue;
    }
    if (save.link?.secret) {
      secrets += 1;
      if (!withSecrets) save.link = { ...save.link, secret: null };
    }
    backup.saves.push(save);
    const review = parsed(entries[`${PREFIX}review.${id}`] ?? "null");
    if (isObject(review)) backup.reviews[id] = review;
  }
  backup.saves.sort((a, b) => (Number(b.updated) || 0) - (Number(a.updated) || 0));
  const ids = new Set(backup.saves.map((save) => save.id));
  for (const game of games) {
    const lessons = names(parsed(entries[`${PREFIX}lessons.${game}`] ?? "null"));
    if (lessons.length) backup.lessons[game] = lessons;
    const puzzles = names(parsed(entries[`${PREFIX}puzzles.${game}`] ?? "null"));
    if (puzzles.length) backup.puzzles[game] = puzzles;
    const current = parsed(entries[`${PREFIX}current.${game}`] ?? "null");
    if (ids.has(current)) {
      backup.current[game] = current;
      const picture = parsed(entries[`${PREFIX}view.${game}`] ?? "null");
      if (isObject(picture) && picture.id === current) backup.pictures[game] = picture;
    }
  }
  const mistakes = parsed(entries[`${PREFIX}mistakes`] ?? "null");
  if (Array.isArray(mistakes)) backup.mistakes = mistakes.filter((item) => mistakeShape(item, games));
  const coach = entries[`${PREFIX}coach`];
  if (coach === "on" || coach === "off") backup.settings.coach = coach;
  const opponent = entries[`${PREFIX}opponent`];
  if (typeof opponent === "string" && NAME.test(opponent)) backup.settings.opponent = opponent;
  return { backup, saves: backup.saves.length, secrets, unreadable };
}

/** What a backup holds, in words ("3 saved games, 12 lesson steps done and 4 puzzles solved"). */
export function backupWords(backup) {
  const count = (lists) => Object.values(lists).reduce((sum, list) => sum + list.length, 0);
  const parts = [plural(backup.saves.length, "saved game"), `${plural(count(backup.lessons), "lesson step")} done`,
    `${plural(count(backup.puzzles), "puzzle")} solved`];
  if (backup.mistakes?.length) parts.push(`${plural(backup.mistakes.length, "mistake")} kept to try again`);
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * Read a backup file's text: {backup} (its shape checked, every save as a saved game is) or
 * {error} saying why it is not one that this build can restore.
 */
export function readBackup(text, { games }) {
  if (typeof text !== "string" || text.length > MAX_BACKUP_CHARS) return { error: "this file is too large to be a backup of this site" };
  const backup = parsed(text.trim());
  if (backup === undefined) return { error: "this file is not a backup of this site (it is not JSON text)" };
  if (!isObject(backup) || backup.backup !== BACKUP_NAME) {
    if (isObject(backup) && backup.format === 1 && typeof backup.game === "string") {
      return { error: "this file is one game's record, not a backup: open it with Import on a game's page" };
    }
    return { error: "this file is not a backup of this site" };
  }
  if (!Number.isInteger(backup.version) || backup.version < 1) return { error: "this backup has no version this site knows" };
  if (backup.version > BACKUP_VERSION) {
    return { error: "this backup was written by a newer version of this site: reload the page to update it, then restore again" };
  }
  if (!Array.isArray(backup.saves)) return { error: "this backup holds no list of saved games" };
  if (backup.mistakes !== undefined && !Array.isArray(backup.mistakes)) return { error: "this backup's mistakes are damaged" };
  for (const part of ["reviews", "lessons", "puzzles", "current", "pictures", "settings"]) {
    if (backup[part] !== undefined && !isObject(backup[part])) return { error: `this backup's ${part} are damaged` };
  }
  const saves = [];
  let damaged = 0;
  for (const save of backup.saves) {
    if (isObject(save) && typeof save.id === "string" && NAME.test(save.id) && !saveProblem(save, save.id)) saves.push(save);
    else damaged += 1;
  }
  const only = (object, keep) => Object.fromEntries(Object.entries(object || {}).filter(keep));
  return {
    backup: {
      saves,
      damaged,
      reviews: only(backup.reviews, ([, review]) => isObject(review)),
      lessons: Object.fromEntries(games.map((g) => [g, names(backup.lessons?.[g])]).filter(([, list]) => list.length)),
      puzzles: Object.fromEntries(games.map((g) => [g, names(backup.puzzles?.[g])]).filter(([, list]) => list.length)),
      current: only(backup.current, ([game, id]) => games.includes(game) && saves.some((s) => s.id === id && s.game === game)),
      pictures: only(backup.pictures, ([game, picture]) => games.includes(game) && isObject(picture)),
      mistakes: (backup.mistakes || []).filter((item) => mistakeShape(item, games)),
      settings: only(backup.settings, ([name, value]) => (name === "coach" && (value === "on" || value === "off")) ||
        (name === "opponent" && typeof value === "string" && NAME.test(value))),
    },
  };
}

/**
 * Merge a read backup (readBackup's) into `entries` (this device's storage): {writes: {key: text,
 * or null to remove} to store, said (what it added, in words), replaced (ids of saves of this device replaced by the
 * backup's newer copy)}. Nothing this device has is lost: a save is added when it is new here,
 * replaced only by a newer copy of itself (a game by links keeps this device's secret when the
 * backup has none), never duplicated; steps and puzzles are joined; a setting, the game in
 * progress of a kind and its picture are taken only where this device has none.
 */
export function mergeBackup(backup, entries) {
  const writes = {};
  const replaced = [];
  let added = 0;
  let newer = 0;
  let keptHere = 0;
  let blocked = 0;
  for (const save of backup.saves) {
    const key = `${PREFIX}save.${save.id}`;
    const mine = key in entries ? parsed(entries[key]) : undefined;
    const readable = mine !== undefined && !saveProblem(mine, save.id);
    if (key in entries && !readable) {
      blocked += 1; // an unreadable entry here is the player's to copy or delete (Saved games), never overwritten
      continue;
    }
    if (readable && !((Number(save.updated) || 0) > (Number(mine.updated) || 0))) {
      keptHere += 1;
      continue;
    }
    let restored = save;
    if (readable && save.link && !save.link.secret && mine.link?.secret && mine.link.id === save.link.id) {
      restored = { ...save, link: { ...save.link, secret: mine.link.secret } };
    }
    writes[key] = JSON.stringify(restored);
    if (readable) {
      newer += 1;
      replaced.push(save.id);
    } else added += 1;
    const review = backup.reviews[save.id];
    if (review) writes[`${PREFIX}review.${save.id}`] = JSON.stringify(review);
    else if (readable && `${PREFIX}review.${save.id}` in entries) writes[`${PREFIX}review.${save.id}`] = null; // of the older moves
  }
  let steps = 0;
  let puzzles = 0;
  for (const [part, counted] of [["lessons", (n) => (steps += n)], ["puzzles", (n) => (puzzles += n)]]) {
    for (const [game, list] of Object.entries(backup[part])) {
      const key = `${PREFIX}${part}.${game}`;
      const mine = names(parsed(entries[key] ?? "null"));
      const more = list.filter((name) => !mine.includes(name));
      if (!more.length) continue;
      writes[key] = JSON.stringify([...mine, ...more]);
      counted(more.length);
    }
  }
  const has = (key) => key in entries || key in writes;
  for (const [game, id] of Object.entries(backup.current)) {
    if (has(`${PREFIX}current.${game}`)) continue;
    writes[`${PREFIX}current.${game}`] = JSON.stringify(id);
    const picture = backup.pictures[game];
    if (picture?.id === id && !has(`${PREFIX}view.${game}`)) writes[`${PREFIX}view.${game}`] = JSON.stringify(picture);
  }
  // The errors to try again: joined, each once (the copy answered right more times in a row kept).
  const mine = parsed(entries[`${PREFIX}mistakes`] ?? "null");
  const list = Array.isArray(mine) ? [...mine] : [];
  let errors = 0;
  for (const item of backup.mistakes) {
    const at = list.findIndex((old) => old?.id === item.id);
    if (at < 0) {
      list.push(item);
      errors += 1;
    } else if (item.step > (Number(list[at].step) || 0)) list[at] = item;
    else continue;
    writes[`${PREFIX}mistakes`] = JSON.stringify(list);
  }
  let settings = 0;
  for (const [name, value] of Object.entries(backup.settings)) {
    if (has(`${PREFIX}${name}`)) continue;
    writes[`${PREFIX}${name}`] = value;
    settings += 1;
  }
  const parts = [];
  if (added) parts.push(plural(added, "saved game"));
  if (newer) parts.push(`a newer copy of ${plural(newer, "saved game")}`);
  if (steps) parts.push(`${plural(steps, "lesson step")} done`);
  if (puzzles) parts.push(`${plural(puzzles, "puzzle")} solved`);
  if (errors) parts.push(`${plural(errors, "mistake")} to try again`);
  if (settings) parts.push(plural(settings, "setting"));
  let said = parts.length ? `Restored ${parts.slice(0, -1).join(", ")}${parts.length > 1 ? " and " : ""}${parts.at(-1)}.`
    : "Nothing to add: this device already has everything in this backup.";
  if (keptHere) said += ` ${plural(keptHere, "saved game was", "saved games were")} kept as this device has ${keptHere === 1 ? "it" : "them"} (the same or newer here).`;
  if (blocked) {
    said += ` ${plural(blocked, "saved game")} of the file ${blocked === 1 ? "was" : "were"} not restored: this device holds an ` +
      "unreadable entry under the same name (Saved games shows it, to copy or delete).";
  }
  if (backup.damaged) said += ` ${plural(backup.damaged, "saved game")} in the file ${backup.damaged === 1 ? "was" : "were"} damaged and left out.`;
  return { writes, said, replaced };
}
