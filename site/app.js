// The page's entry point, where the parts are wired together: the engine's
// boot, routing between the home page and the games' pages (each route puts a
// page in the store), the game page's input handed to its mode, the keys, and
// the controllers that follow the store (registered at the end). The state of
// the page is state/store.js, changed only through state/actions.js; the views
// (views/) draw it; the controllers change it: controllers/ (moves, the
// computer, the coach, the review, the game in progress and its saved copy),
// modes/ (what taps do), dialogs/ (one module each), by-links/ (a game by
// links). docs/architecture.md tells the whole story.
import { engine, watchForUpdates } from "./engine/boot.js";
import { boardData } from "./games/board-data.js";
import { followPositions, readCoachChoice, toggleCoach } from "./controllers/coach.js";
import { followTurns, moveNow, showHint } from "./controllers/computer.js";
import { gameForLink, GAMES, loadUi } from "./games/index.js";
import { drawHome } from "./views/home-view.js";
import * as hooks from "./views/hooks.js";
import { openGameLink } from "./by-links/game.js";
import { followLinkGame, showMoves } from "./by-links/replay.js";
import { readHash } from "./model/share-links.js";
import { followGame, showReviewed, startReview } from "./controllers/review.js";
import { endByLinks } from "./by-links/end-game.js";
import { sendGame } from "./by-links/send-move.js";
import { exportGame } from "./dialogs/export-game.js";
import { importGame } from "./dialogs/import-game.js";
import { newGame } from "./dialogs/new-game.js";
import { rules } from "./dialogs/rules.js";
import { savedGames, savedGamesChanged } from "./dialogs/saved-games.js";
import { share } from "./dialogs/share-link.js";
import { backUp, restore as restoreBackup } from "./dialogs/backup.js";
import * as lessonMode from "./modes/lesson.js";
import * as picture from "./modes/picture.js";
import * as playMode from "./modes/play.js";
import * as puzzleMode from "./modes/puzzle.js";
import { adopt, changeSeat, chooseHowToPlay, follow, goTo, playSeries, redo, startFresh, undo } from "./controllers/moves.js";
import {
  deletedElsewhere, gamesInProgress, openLink, redrawPictures, reportUnreadable, restore, savedElsewhere, sessionForRecord,
  storageEmptied as forgetSaves,
} from "./controllers/current-game.js";
import { storageEmptied as forgetLinkDice } from "./by-links/replay.js";
import { storageEmptied as forgetKeepAnswer } from "./state/keep-storage.js";
import { SEAT_LEVELS } from "./model/seats.js";
import { countsByGame } from "./model/mistakes.js";
import { storedMistakes } from "./controllers/mistakes.js";
import { readLessons, readOpponent, readPuzzles } from "./state/local-storage.js";
import * as actions from "./state/actions.js";
import { showsGame, store } from "./state/store.js";
import { plainMessage } from "./engine/client.js";
import { browserCannotRun, unsupportedText } from "./engine/support.js";
import { hideMessage, showMessage } from "./views/dom.js";
import { paintPages } from "./views/game-view.js";

// -- engine boot ----------------------------------------------------------------

const loading = document.getElementById("loading");
const progressBar = document.getElementById("progress-bar");

engine.on("progress", (fraction, label) => {
  document.getElementById("loading-label").textContent = `${label}…`;
  progressBar.style.width = `${Math.round(fraction * 100)}%`;
  loading.querySelector(".progress").setAttribute("aria-valuenow", String(Math.round(fraction * 100)));
  // The runtime reports nothing while it loads: creep toward the next milestone meanwhile.
  if (fraction < 0.8) {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      progressBar.classList.add("creeping");
      progressBar.style.width = "80%";
    }));
  } else progressBar.classList.remove("creeping");
});

engine.on("ready", (seconds, snapshot) => {
  hooks.note("engine", snapshot ? "restored" : "booted"); // restored from a memory snapshot (snapshot.js)
  loading.hidden = true;
  actions.engineReady();
  if (store.state.page.kind === "home") redrawHome();
  setTimeout(() => watchForUpdates(() => (document.getElementById("update-notice").hidden = false)), 0);
  setTimeout(preloadGames, 1000);
});

/**
 * Once the engine is up and the page has settled: load every game's page module
 * and board, so that opening another game needs only the engine's answer.
 */
function preloadGames() {
  for (const game of GAMES) {
    boardData(game.name).catch(() => {});
    if (!game.ui) loadUi(game).then((ui) => (game.ui ||= ui)).catch(() => {}); // errors are said when it opens
  }
}

engine.on("failed", async (message) => {
  // A browser too old for the runtime fails with a parser error: say which browsers can play instead.
  const cannot = await browserCannotRun();
  loading.classList.add("failed");
  loading.setAttribute("role", "alert");
  document.getElementById("loading-label").textContent = cannot ? unsupportedText(cannot) :
    `The game engine could not start: ${message}. Reload the page to try again.`;
  actions.engineFailed(); // the loading box above says why
});

// -- routing ----------------------------------------------------------------------

let routeToken = 0;   // bumped by each route: an older route's late answers are dropped
let shownHash = "";   // the route on screen, to go back to after a bad link
let opening = null;   // {session, state}: a game of another kind, handed to its page (adoptAndShow)

async function route() {
  const token = ++routeToken;
  const handed = opening;
  opening = null;
  picture.leave({ discard: true });
  if (store.state.mode === "lesson" || store.state.mode === "puzzle") {
    actions.exerciseLeft();
  }
  const { name, params, hasQuery } = readHash(location.hash);
  if (!name) {
    window.scrollTo(0, 0);
    showHome();
    return;
  }
  const entry = gameForLink(name);
  if (entry && name !== entry.name) { // the link's own spelling of the name: the page writes it its way
    const query = location.hash.indexOf("?");
    history.replaceState(null, "", `#/${entry.name}${query >= 0 ? location.hash.slice(query) : ""}`);
  }
  if (entry) boardData(entry.name).catch(() => {}); // fetched beside the page module; errors are said below
  if (entry && !entry.ui) {
    try {
      entry.ui = await loadUi(entry);
    } catch {
      showMessage(`Could not load ${entry.title}: its files did not arrive (offline before the page was kept for offline use?). ` +
        "Reload to try again.");
    }
    if (token !== routeToken) return;
  }
  if (!entry || !entry.ui) {
    if (!entry) showMessage(`There is no game called “${name}”.`);
    if (shownHash) history.replaceState(null, "", shownHash);
    else showHome();
    return;
  }
  // A page opened from a link starts at its top, not where the last page was scrolled to
  // (Chromium's headless shell kept the scroll across the hash's change, as browsers may).
  window.scrollTo(0, 0);
  if (hasQuery && params.has("learn")) { // ?learn, or ?learn=<step from 1>
    const step = params.get("learn");
    const index = /^[1-9][0-9]?$/.test(step) ? Number(step) - 1 : null;
    await showCourse(entry, "lesson", () => lessonMode.enter(entry, index), token);
    return;
  }
  if (hasQuery && params.has("mistakes")) { // ?mistakes: the player's own, due now (modes/puzzle.js)
    await showCourse(entry, "your mistakes", () => puzzleMode.enterMistakes(entry), token);
    return;
  }
  if (hasQuery && params.has("puzzle")) { // ?puzzle, or ?puzzle=<id>
    await showCourse(entry, "puzzles", () => puzzleMode.enter(entry, params.get("puzzle") || null), token);
    return;
  }
  await showGame(entry, hasQuery ? params : null, token, handed?.session.game === entry.name ? handed : null);
}

/** The home page, with the games in progress as their kept pictures show them. */
function showHome() {
  setTitle("Little Board Games", false);
  actions.homeShown(homePage());
  shownHash = "#/";
  if (store.state.engine === "ready") redrawHome();
}

/** A game in progress whose kept picture was lost is drawn again by the engine, and listed. */
async function redrawHome() {
  if (await redrawPictures(GAMES) && store.state.page.kind === "home") actions.homeShown(homePage());
}

/** The home page's state, as storage holds the games in progress, the lessons done and the puzzles solved now. */
function homePage() {
  // Only the names this build knows, each once: storage may hold anything (a step since renamed, a forgery).
  const known = (names, real) => new Set(names.filter((name) => real.includes(name))).size;
  const lessonsDone = Object.fromEntries(GAMES.map((game) => [game.name, known(readLessons(game.name), game.lessonKeys)]));
  const puzzlesSolved = Object.fromEntries(GAMES.map((game) => [game.name, known(readPuzzles(game.name), game.puzzleIds)]));
  const mistakesKept = countsByGame(storedMistakes(), Date.now(), GAMES.map((game) => game.name));
  return { kind: "home", inProgress: gamesInProgress(GAMES), lessonsDone, puzzlesSolved, mistakesKept };
}

/** The header names a game's page for what it shows: the game, or its lesson or puzzles. */
function followTitle(state, patch) {
  if (!("mode" in patch) || state.page.kind !== "game") return;
  const what = { lesson: ": lesson", puzzle: state.puzzle?.practice ? ": your mistakes" : ": puzzles" }[state.mode] || "";
  setTitle(`${state.page.entry.title}${what}`, true);
}

function setTitle(text, back) {
  document.getElementById("title").textContent = text;
  document.getElementById("home").hidden = !back;
  document.getElementById("topbar-rules").hidden = !back;
  document.title = back ? `${text} · Little Board Games` : "Little Board Games";
}

/**
 * Open a game's page: the game handed to it, a share link's game, the one it
 * already shows, or the saved game in progress (drawn as a picture until the
 * engine can restore it).
 */
async function showGame(entry, linkParams, token, handed) {
  setTitle(entry.title, true);
  const shown = store.state.session;
  const needsGame = shown?.game !== entry.name || !store.state.position;
  actions.gameOpening(entry);
  let pictured = { taps: [] };
  let arrival = ""; // what a link of a game by links brought, said once the page is up
  try {
    const board = await boardData(entry.name);
    if (token !== routeToken) return;
    actions.boardArrived(entry.name, board);
    if (needsGame && !linkParams && !handed && store.state.engine !== "ready") picture.enter(entry, board.start);
    let opened = handed;
    let restored = null;
    if (!opened && linkParams) {
      opened = linkParams.has("f") ? await openByLinks(entry, linkParams) : await openLink(entry, linkParams);
      history.replaceState(null, "", `#/${entry.name}`);
    }
    if (!opened && needsGame && token === routeToken) restored = await restore(entry);
    if (token !== routeToken) return;
    pictured = picture.leave();
    // A game by links: shown from where this device had seen it, its new moves one by one, with
    // the input held throughout; it is saved once they are shown (by-links/replay.js).
    if (opened?.byLinks && opened.from !== null) showMoves(opened.session, opened.from, opened.state);
    else if (opened) adopt(opened.session, opened.state, !opened.byLinks);
    else if (restored) adopt(restored.session, restored.state, false);
    if (opened?.byLinks) arrival = opened.note;
  } catch (error) {
    if (token !== routeToken) return;
    picture.leave({ discard: true });
    // An engine that could not start is said once, in the loading box (see "failed" above).
    if (error.code !== "engine_unavailable") showMessage(`Could not open ${entry.title}: ${error.message}`);
  }
  shownHash = `#/${entry.name}`;
  actions.gameOpened(entry);
  if (showsGame(store.state)) reportUnreadable();
  picture.replayTaps(pictured);
  if (arrival) showMessage(arrival, { error: false });
}

/**
 * A link of a game by links (by-links/game.js): {session, state, byLinks, from, note}
 * to show (the moves after `from` are new here), or null when it is refused
 * (said why; an old link opens the game as this device has it).
 */
async function openByLinks(entry, params) {
  let answer;
  try {
    answer = await openGameLink(entry, params);
  } catch (error) {
    if (error.code === "engine_unavailable") throw error;
    showMessage(`This link could not be opened: ${plainMessage(error.message)}. Nothing was changed.`);
    return null;
  }
  if (!answer.refused) return { ...answer, byLinks: true };
  showMessage(answer.refused, { error: !answer.seen });
  if (!answer.seen) return null;
  const state = await engine.call("state", { record: answer.seen.record, ply: answer.seen.cursor });
  return { session: answer.seen, state, byLinks: true, from: null, note: "" };
}

/**
 * A game's lesson or its puzzles (modes/lesson.js, modes/puzzle.js): `what` is
 * "lesson" or "puzzles", `enter` opens the mode once the board's layout is there.
 */
async function showCourse(entry, what, enter, token) {
  setTitle(`${entry.title}: ${what}`, true);
  actions.gameOpening(entry, { clear: true });
  try {
    const board = await boardData(entry.name);
    if (token !== routeToken) return;
    actions.boardArrived(entry.name, board);
    await enter();
  } catch (error) {
    if (token !== routeToken) return;
    showMessage(`Could not open the ${what}: ${plainMessage(error.message)}`);
  }
  if (token !== routeToken) return;
  shownHash = location.hash;
  actions.gameOpened(entry);
}

/** The game page's input goes to its mode (modes/): what a tap, a choice and Escape do there. */
const MODES = { play: playMode, picture, lesson: lessonMode, puzzle: puzzleMode };
const mode = () => MODES[store.state.mode];

/** What a game page's buttons and board do (game-view.js draws them); `api` is what the dialogs need (dialogs/). */
function gameActions() {
  const api = { adoptAndShow, sessionForRecord, startFresh };
  return {
    tap: (cell) => mode().tap(cell),
    choose: (token) => mode().choose(token),
    cancel: () => mode().cancel(),
    preview: actions.previewed,
    keep: actions.choiceKept,
    closeNotice: actions.noticeClosed,
    pictureFailed: () => picture.leave({ discard: true }),
    lesson: { next: lessonMode.next, retry: lessonMode.retry, hint: lessonMode.hint, leave: lessonMode.leave,
      step: lessonMode.goToStep },
    puzzle: { next: puzzleMode.next, retry: puzzleMode.retry, reveal: puzzleMode.reveal, leave: puzzleMode.leave },
    undo, redo, newGame, goTo, changeSeat, chooseHowToPlay, showHint, moveNow, toggleCoach, playSeries,
    review: startReview, showReviewed,
    savedGames: () => savedGames(api),
    importGame: () => importGame(api),
    exportGame: () => exportGame(),
    share: () => share(),
    send: () => sendGame(),
    endByLinks: (kind) => endByLinks(kind),
    rules: () => rules(store.state.page.entry),
    install,
    backUp,
    restore: () => restoreBackup(storageRestored),
  };
}

// -- installing the site as an app ----------------------------------------------------

// Browsers that can install the site say so with this event; it is kept for the home page's Install button.
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  actions.installOffered(event);
});
window.addEventListener("appinstalled", () => actions.installOffered(null));

/** The home page's Install button: the browser asks the player, once. */
async function install() {
  const offer = store.state.install;
  if (!offer) return;
  actions.installOffered(null);
  try {
    await offer.prompt();
  } catch {
    // the browser would not ask again: its own menu still installs the site
  }
}

/**
 * Show a validated game (from an import or the saved list), switching game page
 * if needed. A game of another kind is handed to its page, which adopts it once
 * it is open (adopted here, it would be drawn as this page's game).
 */
function adoptAndShow(session, state) {
  const hash = `#/${session.game}`;
  const page = store.state.page;
  if (page.kind === "game" && page.entry.name === session.game) {
    adopt(session, state);
    if (location.hash !== hash) history.replaceState(null, "", hash);
    return;
  }
  opening = { session, state };
  location.hash = hash;
}

/**
 * A backup was restored (dialogs/backup.js): what the page read from storage is read again. A
 * game this tab holds whose save the backup replaced with a newer copy is let go: opened again,
 * it is the newer one (kept here, its next move would have saved over it).
 */
function storageRestored(replaced) {
  if (replaced.includes(store.state.session?.id)) actions.gameForgotten();
  readCoachChoice();
  actions.opponentChosen(readOpponent(SEAT_LEVELS));
  if (store.state.page.kind === "home") actions.homeShown(homePage());
  savedGamesChanged();
}

/**
 * Another tab emptied this site's storage (its saves, progress and settings all gone): this
 * tab lets go of what it read or held of it, so that it never saves an old game back
 * nor shows progress that is gone, and opens its address again as a new visit would, the
 * engine kept up. (The tests start each test so, on a page kept booted: tests/conftest.py.)
 */
function startOver() {
  routeToken++;
  opening = null;
  shownHash = "";
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  hideMessage();
  forgetSaves();
  forgetLinkDice();
  forgetKeepAnswer();
  actions.startedOver();
  readCoachChoice();
  actions.opponentChosen(readOpponent(SEAT_LEVELS));
  route();
  showMessage("Everything this site kept on this device was deleted in another tab: this page starts over.",
    { error: false });
}

// -- keyboard -------------------------------------------------------------------------

document.addEventListener("keydown", (event) => {
  const { page, input } = store.state;
  if (page.kind !== "game" || document.querySelector("dialog[open]")) return;
  if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
  if (event.key === "Escape") {
    mode().cancel();
    event.preventDefault();
    return;
  }
  if (store.state.mode !== "play") return; // the engine is starting: only a tapped cell can be let go
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) {
    if (event.altKey) return;
    if (key === "z" && !event.shiftKey) undo();
    else if (key === "y" || (key === "z" && event.shiftKey)) redo();
    else return;
    event.preventDefault();
    return;
  }
  if (event.altKey) return;
  const token = page.entry.ui.keys[key];
  if (token && input.next().choices.includes(token)) mode().choose(token);
  else if (key === "u") undo();
  else if (key === "r") redo();
  else return;
  event.preventDefault();
});

// The board beside the panel fills the height left by the top bar and any message.
const mainView = document.getElementById("view");
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--view-h", `${mainView.clientHeight}px`);
}).observe(mainView);

document.querySelector("#message .message-close").addEventListener("click", hideMessage);
document.getElementById("reload").addEventListener("click", () => location.reload());
document.getElementById("topbar-rules").addEventListener("click", () => {
  if (store.state.page.kind === "game") rules(store.state.page.entry);
});
// Another tab saved the game on screen: this one follows it (moves.js), so that two tabs never
// play on from different positions unknowingly.
// It deleted that game: this tab says so (a move here saves it again). Lists of games this
// tab shows (the home page's games in progress, the saved games) are read again.
window.addEventListener("storage", (event) => {
  if (event.key === null && event.storageArea === localStorage) {
    startOver();
    return;
  }
  const save = savedElsewhere(event.key, event.newValue);
  if (save) follow(save);
  else if (deletedElsewhere(event.key, event.newValue)) {
    showMessage("This game was deleted in another tab. It stays on screen here; a move saves it again.", { error: false });
  }
  if (event.key !== null && !event.key.startsWith("boardgames.")) return;
  if (store.state.page.kind === "home") actions.homeShown(homePage());
  savedGamesChanged();
});

// The controllers that follow the store: each hears of every change, in this order.
store.watch(followPositions); // the coach looks at each new position
store.watch(followTurns);     // the computer plays its seats
store.watch(followLinkGame);  // a game by links' dice, worked out from the devices' shares
store.watch(followGame);      // a review follows its game
store.watch(followTitle);     // the header follows the mode (a lesson left for a first game)

readCoachChoice();
actions.opponentChosen(readOpponent(SEAT_LEVELS));
paintPages(gameActions(), drawHome);
window.addEventListener("hashchange", route);
route();
