// The game in progress and its saved copy: a new game, the saved game restored
// when a game's page opens, a game from a share link or a record, who plays
// each seat, and saving (site/state/local-storage.js keeps the saves).
import { engine } from "../engine/boot.js";
import { plainMessage } from "../engine/client.js";
import { catalogEntry } from "../games/index.js";
import { parseShare } from "../model/share-links.js";
import * as saves from "../state/local-storage.js";
import * as actions from "../state/actions.js";
import { store } from "../state/store.js";
import { opponentSeats, playerMoved, seatsOf } from "../model/seats.js";
import { showMessage } from "../views/dom.js";
import { askToKeepStorage } from "../state/keep-storage.js";

let reportedUnreadable = false; // whether this visit has said that some saves are unreadable

function startedTitle(entry) {
  const when = new Date().toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return `${entry.title}, ${when}`;
}

/**
 * A new game; `setup` ({players, options, seats}, from the new-game dialog)
 * defaults to the game's defaults, played by whoever played the game on screen.
 */
export async function freshSession(entry, setup = null) {
  const state = await engine.call("new", {
    game: entry.name,
    players: setup?.players ?? null,
    seed: entry.ui.randomSeed ? Math.floor(Math.random() * 2 ** 31) : 0,
    options: setup?.options ?? {},
  });
  const shown = store.state.session;
  const keep = shown?.game === entry.name ? seatsOf(shown, state.players) : opponentSeats(store.state.opponent, state.players);
  const session = newSession(entry, state.record, 0, setup?.seats ? seatsOf({ seats: setup.seats }, state.players) : keep);
  // Players or options other than the defaults are worth keeping before any move (a
  // computer seat is too: see persist); a game like the one the page opens with is not.
  if (setup && !isDefault(state.record, catalogEntry(entry.name))) session.chosen = true;
  return { session, state };
}

/** Whether a record's players and options are the game's defaults (`info`: the game's catalog entry). */
function isDefault(record, info) {
  if (!info) return false;
  return record.players === info.players[0] &&
    Object.entries(info.options || {}).every(([key, spec]) => record.options?.[key] === spec.default);
}

export function newSession(entry, record, cursor, seats = null) {
  const now = Date.now();
  const session = { id: saves.newId(), game: entry.name, title: startedTitle(entry), created: now, updated: now, record, cursor };
  if (seats) session.seats = [...seats];
  return session;
}

/** The game to show when a game's page opens: the saved one in progress, or a fresh one. */
export async function restore(entry) {
  let pointer = null;
  let item = null;
  try {
    pointer = saves.currentId(entry.name);
    item = pointer?.ok ? saves.readSave(pointer.id) : null;
  } catch (error) {
    showMessage(`${error.message} A new game was started.`);
    return freshSession(entry);
  }
  if (item && item.ok && item.save.game === entry.name) {
    try {
      const state = await engine.call("state", { record: item.save.record, ply: item.save.cursor });
      return { session: item.save, state };
    } catch (error) {
      if (error.code === "engine_unavailable") throw error;
      item = { ok: false, error: plainMessage(error.message) };
    }
  }
  const fresh = await freshSession(entry);
  if (pointer && !pointer.ok) {
    reportedUnreadable = true;
    showMessage(`Could not tell which ${entry.title} game was in progress: the note of it in storage is unreadable. ` +
      "A new game was started; every saved game is still listed under Saved games.");
  } else if (item) {
    reportedUnreadable = true;
    showMessage(`Your saved ${entry.title} game could not be read (${item.error || "it belongs to another game"}). ` +
      "A new game was started; the saved copy is kept, untouched, under Saved games.");
  }
  return fresh;
}

const sameOptions = (a = {}, b = {}) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** Whether a kept picture shows `save` exactly, at its cursor. */
function shows(picture, save) {
  const state = picture?.state;
  const drawn = state?.record;
  const record = save.record;
  return Boolean(drawn) && picture.id === save.id && picture.cursor === save.cursor &&
    typeof state.view === "object" && state.view !== null && Number.isInteger(state.players) &&
    drawn.game === save.game && drawn.players === record.players && drawn.seed === record.seed &&
    sameOptions(drawn.options, record.options) && Array.isArray(drawn.moves) && Array.isArray(state.movers) &&
    drawn.moves.length === save.cursor && state.movers.length === save.cursor &&
    drawn.moves.every((move, i) => move === record.moves[i]);
}

/**
 * The game in progress of a kind, if it can be drawn without the engine (the
 * picture of it kept with its save, local-storage.js keepPicture): {session, state}
 * for a save with a matching picture, `null` when there is no game in progress
 * (a new one will start), `false` when it cannot be told.
 */
export function keptGame(game) {
  try {
    const pointer = saves.currentId(game);
    if (!pointer) return null;
    if (!pointer.ok) return false;
    const item = saves.readSave(pointer.id);
    if (!item) return null;
    if (!item.ok || item.save.game !== game) return false;
    const picture = saves.readPicture(game);
    return shows(picture, item.save) ? { session: item.save, state: picture.state } : false;
  } catch {
    return false;
  }
}

/**
 * The games in progress, one per kind at most, most recently played first, as
 * the home page lists them: [{session, state}] (a finished game is not in
 * progress, nor is a game by links resigned or abandoned on this device; a game whose picture was not
 * kept cannot be drawn and is left out).
 */
export function gamesInProgress(games) {
  return games.map((game) => keptGame(game.name))
    .filter((found) => found && !found.state.is_over && !found.session.link?.ended) // a game by links ended here is over too
    .sort((a, b) => (Number(b.session.updated) || 0) - (Number(a.session.updated) || 0));
}

/**
 * The games in progress whose kept picture is missing or unreadable (cleared, cut short, of
 * another position) while their save reads well: each picture drawn again by the engine, so the
 * home page lists the game again. Resolves to how many were drawn.
 */
export async function redrawPictures(games) {
  let drawn = 0;
  for (const game of games) {
    if (keptGame(game.name) !== false) continue;
    try {
      const pointer = saves.currentId(game.name);
      const item = pointer?.ok ? saves.readSave(pointer.id) : null;
      if (!item?.ok || item.save.game !== game.name) continue; // Saved games says why it cannot be read
      saves.keepPicture(item.save, await engine.call("state", { record: item.save.record, ply: item.save.cursor }));
      drawn += keptGame(game.name) ? 1 : 0;
    } catch {
      // a save the engine cannot replay: opening its game says so
    }
  }
  return drawn;
}

/** Storage was emptied in another tab: what this tab noted of it goes (unreadable saves, its own writes). */
export function storageEmptied() {
  reportedUnreadable = false;
  writtenHere.clear();
}

/** Once per visit: say if storage holds saved games that cannot be read. */
export function reportUnreadable() {
  if (reportedUnreadable) return;
  reportedUnreadable = true;
  let count = 0;
  try {
    count = saves.listSaves().filter((item) => !item.ok).length;
  } catch (error) {
    showMessage(error.message);
    return;
  }
  if (count) {
    showMessage(`${count === 1 ? "One saved game" : `${count} saved games`} in this browser's storage could not be read. ` +
      "Nothing was changed: see Saved games to copy the text or delete it.");
  }
}

/**
 * A link's record and the ply it shows: {record, at} (share-links.js parseShare), its
 * packed moves (m=) unpacked by the engine. Throws an Error saying what is wrong.
 */
export async function linkRecord(game, params) {
  const parsed = parseShare(game, params);
  if (parsed.packed === null) return parsed;
  const { record } = await engine.call("unpack", { game, players: parsed.record.players, seed: parsed.record.seed,
    options: parsed.record.options, packed: parsed.packed });
  if (parsed.at !== null && parsed.at > record.moves.length) {
    throw new Error(`at=${parsed.at} is past the end of the game (${record.moves.length} moves)`);
  }
  return { record, at: parsed.at };
}

/** A share link's game: {session, state}, or null (with a message) if the link is bad. */
export async function openLink(entry, params) {
  let parsed;
  let state;
  try {
    parsed = await linkRecord(entry.name, params);
    state = await engine.call("state", { record: parsed.record, ply: parsed.at });
  } catch (error) {
    if (error.code === "engine_unavailable") throw error;
    showMessage(`This link could not be opened: ${plainMessage(error.message)}. Nothing was changed.`);
    return null;
  }
  const moves = parsed.record.moves;
  return sessionForRecord(entry, state, moves, parsed.at ?? moves.length);
}

const sameGame = (a, b) => a.game === b.game && a.players === b.players && a.seed === b.seed &&
  JSON.stringify(a.options) === JSON.stringify(b.options) && a.moves.join(".") === b.moves.join(".");

/**
 * The session for a validated game whose whole move list is `moves`, shown at
 * `cursor` (`state` is the position there): {session, state, saved}. A game
 * saved already (the same game, players, seed, options and moves) is that save
 * (`saved` true), so that opening a link or importing a record twice never
 * saves the game twice; otherwise a new session.
 */
export function sessionForRecord(entry, state, moves, cursor) {
  const record = { ...state.record, moves };
  let saved = null;
  try {
    saved = saves.listSaves().find((item) => item.ok && sameGame(item.save.record, record));
  } catch {
    saved = null; // unreadable storage: a new session it is, and saving it will say why
  }
  const session = saved ? { ...saved.save, cursor } : newSession(entry, record, cursor);
  return { session, state, saved: Boolean(saved) };
}

// The time of the last save this tab wrote of each game (by id). A session is copied at each
// change, and a copy made before this tab's last save still holds the time before it: the
// save in storage is this tab's own if its time is either.
const writtenHere = new Map();

/**
 * Whether the saved copy of `s` was written by another tab since this tab last
 * saved or read it (its time of update is neither) with other moves.
 */
function changedElsewhere(s) {
  const stored = saves.readSave(s.id);
  const updated = Number(stored?.save?.updated);
  if (!stored?.ok || updated === Number(s.updated) || updated === writtenHere.get(s.id)) return false;
  return stored.save.record.moves.join(".") !== s.record.moves.join(".") || stored.save.cursor !== s.cursor;
}

/**
 * The session on screen, as another tab has just saved it (`raw`: the text of
 * its save, from a storage event), or null if it is not that session or
 * cannot be read.
 */
export function savedElsewhere(key, raw) {
  const s = store.state.session;
  if (!s || key !== saves.saveKey(s.id) || raw === null) return null;
  const item = saves.parseSave(s.id, raw);
  if (!item.ok || Number(item.save.updated) === Number(s.updated)) return null;
  return item.save;
}

/** Whether another tab has just deleted the saved copy of the game on screen (a storage event's key and new text). */
export function deletedElsewhere(key, raw) {
  const s = store.state.session;
  return Boolean(s) && raw === null && key === saves.saveKey(s.id);
}

/**
 * Save the session (`state`: its position) and make it the current one. A game
 * is saved only once a player moved in it or chose something for it (players
 * and options, a computer seat); until then storage is left as it was. Its
 * position is kept too, for the next visit's picture. Whether it saved.
 */
export function persist(s, state) {
  if (!playerMoved(s, state) && !s.chosen && !seatsOf(s).some((seat) => seat !== "human")) return false;
  try {
    if (changedElsewhere(s)) {
      // Another tab saved this game since this one last did: never overwrite its moves.
      // This tab's game becomes a saved game of its own.
      Object.assign(s, { id: saves.newId(), title: `${s.title} (another tab)`, created: Date.now() });
      showMessage("This game was changed in another tab. So that no move is lost, the game here is saved as a " +
        "game of its own; the other tab's is under Saved games.", { error: false });
    }
    // The time of update changes only once the save is written: it is how this tab tells its own save
    // from another tab's (changedElsewhere), so a save that failed must leave it as it was.
    const updated = Date.now();
    saves.writeSave({ id: s.id, game: s.game, record: s.record, cursor: s.cursor, updated, title: s.title,
      seats: seatsOf(s), chosen: s.chosen || undefined, link: s.link });
    s.updated = updated;
    writtenHere.set(s.id, updated);
    saves.setCurrentId(s.game, s.id);
    saves.keepPicture(s, state);
    askToKeepStorage(); // once, at the first game saved
    return true;
  } catch (error) {
    // Storage full or refused: the game stays on screen, nothing else is touched, and the player can keep a copy.
    showMessage(`${error.message} This game stays on screen and is saved after a later move if there is room ` +
      "then; Export keeps a copy of it now.");
    return false;
  }
}

/** The session on screen changed without a move (a game by links: what was sent, how it ended): saved as it is now. */
export function keepSession(session) {
  actions.sessionChanged(session);
  persist(session, store.state.position);
}
