// A game by links in play (by-links/game.js says what a link holds). A watcher: at a
// chance point at the end of such a game, this device's share of the dice is
// shown and what the shares give is played (the engine's fair_step), so the
// dice are never rolled by one device alone; before that, this device's key for
// the game is checked once. And the moves a link brings are shown one after the
// other, each moving on the board.
import { engine } from "../engine/boot.js";
import { DAMAGED_KEY, canPlay } from "../model/link-game.js";
import { plainMessage } from "../engine/client.js";
import { adopt } from "../controllers/moves.js";
import { keepSession } from "../controllers/current-game.js";
import { moveShown, withInputLocked } from "../state/actions.js";
import { CHANCE, store } from "../state/store.js";
import { showMessage } from "../views/dom.js";

const MOVE_MS = 700; // between two moves a link brought, so each is seen (none for those who ask for less motion)

let settled = "";    // the position (game, moves, shares) whose dice were last worked out
let checked = "";    // the game and key whose key was last checked (checkKey)

/** Storage was emptied in another tab: the keys and dice worked out here are to be looked at again. */
export function storageEmptied() {
  settled = "";
  checked = "";
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Show the moves of `session` after ply `from` one by one, each moving on the
 * board, and save the game as it ends. Resolves once the last is shown. With
 * `state` (the position at `from`), the session is first put on screen there:
 * the input is held from then on, so that the dice are not worked out (settle)
 * before the arrival is shown and saved.
 */
export function showMoves(session, from, state = null) {
  return withInputLocked(async () => {
    if (state) adopt({ ...session, cursor: from }, state, false);
    const total = session.record.moves.length;
    for (let ply = Math.min(from + 1, total); ply <= total; ply++) {
      const state = await engine.call("state", { record: session.record, ply });
      if (store.state.session?.id !== session.id) return; // another game was opened meanwhile
      adopt({ ...session, cursor: ply }, state, ply === total);
      if (ply > from && state.last_move) moveShown(state.last_move.events, state);
      if (ply < total && !matchMedia("(prefers-reduced-motion: reduce)").matches) await pause(MOVE_MS);
    }
  });
}

/**
 * This device's key for a game by links (its secret, kept in storage) must still
 * give the head and the public key it published: one damaged (changed in storage) can show no
 * share of the dice, so the game is marked so (link.damaged) and only watched here
 * from then on. Checked once per game and key, when nothing else holds the input, and
 * holding it, so before any roll.
 */
async function checkKey() {
  const { session: s, busy, engine: up } = store.state;
  if (!s?.link || !canPlay(s) || busy || up !== "ready") return;
  const key = `${s.id}:${s.link.secret}`;
  if (checked === key) return;
  checked = key;
  await withInputLocked(async () => {
    let whole = typeof s.link.secret === "string";
    try {
      const own = s.link.fair.parties[s.link.party];
      const { party } = whole ? await engine.call("fair_party", { seats: own.seats, secret: s.link.secret }) : {};
      whole = whole && party.head === own.head && party.key === own.key;
    } catch (error) {
      if (error.code === "engine_unavailable") return;
      whole = false; // the engine refused the secret: not one a device makes
    }
    const now = store.state.session;
    if (whole || now?.id !== s.id || now.link.secret !== s.link.secret) return;
    keepSession({ ...now, link: { ...now.link, damaged: true } });
    showMessage(DAMAGED_KEY);
  });
}

/** At a chance point at the end of a game by links: show this device's share and play what the shares give. */
async function settle() {
  const { session: s, position, busy, engine: up } = store.state;
  if (!s?.link || !canPlay(s) || !position || busy || up !== "ready") return;
  if (position.is_over || position.to_move !== CHANCE || s.cursor !== s.record.moves.length) return;
  const key = `${s.id}:${s.record.moves.length}:${s.link.fair.parties.map((p) => p.count).join()}`;
  if (settled === key) return;
  settled = key;
  try {
    const answer = await withInputLocked(() => engine.call("fair_step",
      { record: s.record, fair: JSON.stringify(s.link.fair), party: s.link.party, secret: s.link.secret }));
    const now = store.state.session;
    if (now?.id !== s.id || now.record.moves.length !== s.record.moves.length) return;
    await showMoves({ ...now, record: answer.record, link: { ...now.link, fair: answer.fair, pending: answer.pending } },
      s.record.moves.length);
  } catch (error) {
    showMessage(`The dice could not be rolled: ${plainMessage(error.message)}`);
  }
}

/** The store's watcher (app.js registers it): a new position of a game by links may call for its dice. */
export function followLinkGame(state, patch) {
  if ("session" in patch || "position" in patch || "busy" in patch || "engine" in patch) {
    checkKey(); // first: while it runs, the input is held, and settle waits
    settle();
  }
}
