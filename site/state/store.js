// The page's state, in one place. Controllers (the router in app.js, the
// controllers/, the modes, the dialogs, a game by links) change it through the
// named actions of actions.js, the only caller of `store.update`; the views
// (views/) never get called by them: they subscribe, and redraw once per
// animation frame from what the store holds. Every field is declared here, with
// what it means.
import { MoveInput } from "../model/move-input.js";

export const CHANCE = -1; // to_move while dice must be rolled (py_engines.CHANCE)

/** The page's state before anything happened: every field, with what it means. */
export const initialState = () => ({
  engine: "starting",   // "starting", "ready" or "failed" (the game engine, in its worker)
  page: { kind: "none" }, // {kind: "home", inProgress} or {kind: "game", entry, loading}: loading while a route is being opened
  layout: null,         // the game page's board data once fetched: {name, layout, start, diagrams} (board-data.js)
  mode: "play",         // the game page's mode (modes/): "play", "picture" while the engine starts, "lesson", "puzzle"
  lesson: null,         // in a lesson: {game, title, steps, done (keys), index, outcome: {ok, text}, hinted}
  puzzle: null,         // in the puzzles: {game, list, solved (ids), index, step (in line), line, outcome: {ok, text, shown}}
  session: null,        // the game on screen: {id, game, title, created, updated, record (every move), cursor, seats}
  position: null,       // the engine's state at session.cursor (status, view, legal moves, log...)
  input: new MoveInput(), // the move being entered by taps and choices (a value: each change makes a new one)
  busy: 0,              // engine requests in flight that lock the input (moves.js)
  thinking: null,       // {player, level, progress, stopping} while the computer searches, {dice: true} before a roll,
                        // {paused, button} while it waits for a person to go on (a pause the game asks for)
  hint: null,           // {pending: true}, or {move, cells, events, text} for the position on screen
  preview: null,        // the cells a choice under the pointer or focus concerns, ringed on the board
  refusal: null,        // why the rules refused the last tap or choice, in the engine's words
  kept: null,           // a choice kept for the next cells, each then one tap (Nymbat's number while bringing in):
                        // set by the player, dropped with any other position than the next move of the same bring-in
  coaching: null,       // the coach's notes for the position shown (coach.js): [{kind, moves, text?, once?}]
  coachHeard: null,     // {id, at: {text: move count}}: where each note marked `once` was first said in the game shown
  notice: null,         // {text, ply}: a word on the game just started (a first game, a new one), shown in the page's
                        // flow under the board until closed or until a move each has been played since (game-page.js)
  coachChoice: null,    // the player's choice for the coach: true, false, or null (on against the computer)
  review: null,         // the review of the game on screen (review.js): {key (its moves' fingerprint), total (points),
                        // points: [{player, chances, best, bestText, mark, drop}] filled in order, running}
  opponent: null,       // how the player chose to play new games: "human", a computer level, or null (ask first)
  install: null,        // the browser's offer to install the site as an app (a deferred beforeinstallprompt), or null
  motion: null,         // {id, events, position}: the move that led to `position`, for the board to show moving once
  picture: null,        // {session} while a game is drawn from the kept picture, before the engine is up
});

const state = initialState();

const watchers = new Set();
const painters = new Set();
let changed = new Set();
let frame = 0;
let fallback = 0;

function paint() {
  cancelAnimationFrame(frame);
  clearTimeout(fallback);
  frame = 0;
  const keys = changed;
  changed = new Set();
  for (const painter of painters) painter(state, keys);
}

/** Paint at the next frame; a hidden page has no frames, so a timer stands in for them. */
function schedule() {
  if (frame) return;
  frame = requestAnimationFrame(paint);
  fallback = setTimeout(paint, 200);
}

export const store = {
  /** The state as it is now: read it, never write it (update does). */
  get state() {
    return state;
  },

  /** Change some fields: watchers hear of it at once, painters at the next animation frame. */
  update(patch) {
    for (const key of Object.keys(patch)) {
      if (!(key in state)) throw new Error(`the store has no field ${key}`);
    }
    Object.assign(state, patch);
    for (const key of Object.keys(patch)) changed.add(key);
    for (const watcher of watchers) watcher(state, patch);
    schedule();
  },

  /** A controller's subscription: `fn(state, patch)` after each update, synchronously. */
  watch(fn) {
    watchers.add(fn);
    return () => watchers.delete(fn);
  },

  /** A view's subscription: `fn(state, changedKeys)` once per animation frame after any update. */
  paint(fn) {
    painters.add(fn);
    schedule();
    return () => painters.delete(fn);
  },
};

/** Whether the game page on screen shows a position of its own game (not the last page's). */
export function showsGame(s = state) {
  const game = s.page.kind === "game" ? s.page.entry.name : null;
  return Boolean(game && s.session && s.position) && s.session.game === game && s.layout?.name === game;
}
