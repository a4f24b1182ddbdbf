// Every change of the page's state, by name: the only module that calls
// `store.update`. Controllers, modes, dialogs and a game by links call these;
// the views only read the store. Each action says what happened, and sets the
// fields that follow from it (a new position drops the hint, the refusal and
// the move being entered).
import { MoveInput } from "../model/move-input.js";
import { initialState, store } from "./store.js";

const update = (patch) => store.update(patch);

// -- the engine and the pages ------------------------------------------------------

export const engineReady = () => update({ engine: "ready" });
export const engineFailed = () => update({ engine: "failed" });

/** The home page, with the games in progress (`page`: {kind: "home", inProgress}). */
export const homeShown = (page) => update({ page });

/** A game's page is being opened; `clear`: the last game's position goes at once. */
export const gameOpening = (entry, { clear = false } = {}) =>
  update({ page: { kind: "game", entry, loading: true }, notice: null, ...(clear ? { session: null, position: null } : {}) });

/** The game's page is open (its position is in the store). */
export const gameOpened = (entry) => update({ page: { kind: "game", entry, loading: false } });

/** A game's board arrived: its cells, first position and diagrams (games/board-data.js). */
export const boardArrived = (name, board) => update({ layout: { name, ...board } });

/** Back to plain play, with no game on screen (a lesson or the puzzles left, or a route changed). */
export const exerciseLeft = () => update({ mode: "play", lesson: null, puzzle: null, session: null, position: null, notice: null });

/**
 * Everything the site kept on this device was deleted in another tab: the page's state as at
 * a visit's start, but for the engine (still up) and the browser's offer to install.
 */
export const startedOver = () => update({ ...initialState(), engine: store.state.engine, install: store.state.install });

/** The game held in memory is let go (its save was replaced): the next visit to its page reads it again. */
export const gameForgotten = () => update({ session: null, position: null });

/** The browser offers to install the site as an app (`event`), or no longer (null). */
export const installOffered = (event) => update({ install: event });

// -- the position on screen and the move being entered -------------------------------

/**
 * A position on screen: `session` at its cursor, `position` the engine's state
 * there. Nothing entered, no hint, no refusal; `more`: other fields that change
 * with it (a mode and its own state).
 */
export const positionShown = (session, position, more = {}) =>
  update({ session, position, input: new MoveInput(position.legal), hint: null, preview: null, refusal: null, kept: null,
    ...more });

/** A word on the game just started (a first game, a new one): said under the board, from the move shown now. */
export const noticeShown = (text) => update({ notice: { text, ply: store.state.session?.cursor ?? 0 } });

/** The word on the game just started is closed. */
export const noticeClosed = () => update({ notice: null });

/** The session on screen changed but not its position (seats, a link's state, a name). */
export const sessionChanged = (session) => update({ session });

/** The move being entered changed (`input`, a MoveInput); the refusal and preview go. */
export const inputEntered = (input) => update({ input, preview: null, refusal: null });

/** Nothing entered any more, and nothing can be (a lesson's or puzzle's outcome is said). */
export const inputClosed = () => update({ input: new MoveInput() });

/** Let go of the move being entered. */
export const inputCancelled = () => update({ input: store.state.input.cancel() });

/** A choice kept for the next cells (`token`), or none: each cell tapped then takes it at once. */
export const choiceKept = (token) => update({ kept: token });

/** Why the rules refused the last tap or choice, in the engine's words. */
export const refused = (text) => update({ refusal: text });

/** The cells a choice under the pointer concerns, ringed on the board (or null). */
export const previewed = (cells) => update({ preview: cells });

/** The move that led to `position`, shown moving once (each one a new id). */
export const moveShown = (events, position) =>
  update({ motion: { id: (store.state.motion?.id || 0) + 1, events: events || [], position } });

/**
 * Run `work` with the input locked (the store's `busy`: no tap, choice or tool
 * acts meanwhile), whatever it throws. The one lock of the page.
 */
export async function withInputLocked(work) {
  update({ busy: store.state.busy + 1 });
  try {
    return await work();
  } finally {
    update({ busy: store.state.busy - 1 });
  }
}

// -- who plays, the computer, the coach ----------------------------------------------

/** How the player chose to play new games: "human", a computer level, or null (ask first). */
export const opponentChosen = (opponent) => update({ opponent });

/** The computer's turn: thinking ({player, level, progress, stopping}), a roll, a pause, or null. */
export const thinkingShown = (thinking) => update({ thinking });

/** The hint for the position on screen: {pending: true}, the move and its words, or null. */
export const hintShown = (hint) => update({ hint });

/** The computer stops and the hint goes (the position changed). */
export const computerForgotten = () => update({ thinking: null, hint: null });

/** The player's choice for the coach: true, false, or null (on against the computer). */
export const coachChosen = (on) => update({ coachChoice: on });

/** The coach's notes for the position shown, or null; the words of those to be said once a game are kept with where they were first said. */
export function coachNoted(notes) {
  const { session, coachHeard } = store.state;
  const heard = coachHeard?.id === session?.id ? { ...coachHeard.at } : {};
  for (const note of notes || []) {
    if (note.once && note.text && !(note.text in heard && heard[note.text] <= session.cursor)) heard[note.text] = session.cursor;
  }
  update({ coaching: notes, coachHeard: { id: session?.id ?? null, at: heard } });
}

// -- review, lessons, puzzles, the picture before the engine --------------------------

/** The review of the game on screen, as far as it went (or null). */
export const reviewChanged = (review) => update({ review });

/** A lesson's state: its steps, the one shown, what was done and said (or null). */
export const lessonChanged = (lesson) => update({ lesson });

/** The puzzles' state: the list, the one shown, the step in its line, what was said. */
export const puzzleChanged = (puzzle) => update({ puzzle });

/** Before the engine is up: `session` drawn from its kept picture (`position` has no legal moves). */
export const pictureShown = (session, position) =>
  update({ mode: "picture", picture: { session }, session, position, input: new MoveInput() });

/** A tap on the picture, kept for when the engine is up. */
export const pictureTapped = (input) => update({ input });

/** The picture is no longer shown; `discard`: neither is its game. */
export const pictureLeft = (discard) =>
  update({ mode: "play", picture: null, input: new MoveInput(), ...(discard ? { session: null, position: null } : {}) });
