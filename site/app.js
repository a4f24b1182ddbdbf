// The page's entry point: the engine's boot, routing between the home page
// and the games' pages, and the wiring of keys and buttons. The rest of the
// page lives in app-state.js (the engine worker and `app`, the state every
// module shares), session.js (the game in progress and its saved copy),
// moves.js (changes of position), computer.js (the computer's turns and
// hints), view.js (drawing a game's page), zoom.js (zoom for big boards),
// boot.js (the engine's worker, started first, and the service worker) and
// picture.js (the game drawn before the engine is ready).
import { app, engine, catalog } from "./app-state.js";
import { Board } from "./board.js";
import { watchForUpdates } from "./boot.js";
import { cancelThinking, moveNow, scheduleComputer, showHint } from "./computer.js";
import { gameForLink, GAMES, loadUi } from "./games/index.js";
import { readHash } from "./links.js";
import * as menus from "./menus.js";
import { adopt, cancelInput, changeSeat, choose, goTo, newGame, redo, startFresh, tapCell, undo } from "./moves.js";
import { boardData, enterPicture, leavePicture, replayTaps } from "./picture.js";
import { openLink, reportUnreadable, restore, sessionForRecord } from "./session.js";
import { h, hideMessage, showMessage } from "./ui.js";
import { buildGameView, renderGame } from "./view.js";
import { placeBoard } from "./zoom.js";

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
  app.engineReady = true;
  document.body.dataset.engine = snapshot ? "restored" : "booted"; // restored from a memory snapshot (snapshot.js)
  loading.hidden = true;
  markReady();
  setTimeout(() => watchForUpdates(() => (document.getElementById("update-notice").hidden = false)), 0);
  setTimeout(preloadGames, 1000);
});

/**
 * Once the engine is up and the page has settled: load every game's page module
 * and board, so that opening another game needs only the engine's answer.
 */
function preloadGames() {
  for (const game of GAMES.filter((g) => g.playable)) {
    boardData(game.name).catch(() => {});
    if (!game.ui) loadUi(game).then((ui) => (game.ui ||= ui)).catch(() => {}); // errors are said when it opens
  }
}

engine.on("failed", (message) => {
  loading.classList.add("failed");
  loading.setAttribute("role", "alert");
  document.getElementById("loading-label").textContent =
    `The game engine could not start: ${message}. Reload the page to try again.`;
  document.body.dataset.failed = "1";
  if (app.view?.kind === "game") renderGame();
});

/** body[data-ready]: the page can be played. body[data-shown]: a position is on screen (perhaps a picture). */
function markReady() {
  if (app.view?.rendered) document.body.dataset.shown = "1";
  if (app.engineReady && app.view?.rendered) document.body.dataset.ready = "1";
}

// -- routing ----------------------------------------------------------------------

async function route() {
  const token = ++app.routeToken;
  const handed = app.opening; // a game handed to its page by adoptAndShow
  app.opening = null;
  cancelThinking();
  leavePicture({ discard: true });
  delete document.body.dataset.ready;
  delete document.body.dataset.shown;
  const { name, params, hasQuery } = readHash(location.hash);
  if (!name) {
    showHome();
    return;
  }
  const entry = gameForLink(name);
  if (entry && name !== entry.name) { // the link's own spelling of the name: the page writes it its way
    const query = location.hash.indexOf("?");
    history.replaceState(null, "", `#/${entry.name}${query >= 0 ? location.hash.slice(query) : ""}`);
  }
  if (entry?.playable) boardData(entry.name).catch(() => {}); // fetched beside the page module; errors are said below
  if (entry?.playable && !entry.ui) {
    try {
      entry.ui = await loadUi(entry);
    } catch {
      showMessage(`Could not load ${entry.title}: its files did not arrive (offline before the page was kept for offline use?). ` +
        "Reload to try again.");
    }
    if (token !== app.routeToken) return;
  }
  if (!entry || !entry.ui) {
    showMessage(entry ? `${entry.title} is coming soon: it cannot be played yet.` : `There is no game called “${name}”.`);
    if (app.view) {
      history.replaceState(null, "", app.shownHash);
      markReady();
    } else showHome();
    return;
  }
  await showGame(entry, hasQuery ? params : null, token, handed?.session.game === entry.name ? handed : null);
}

function setTitle(text, back) {
  document.getElementById("title").textContent = text;
  document.getElementById("home").hidden = !back;
  document.title = back ? `${text} · Little Board Games` : "Little Board Games";
}

function showHome() {
  setTitle("Little Board Games", false);
  const list = h("ul", { class: "game-list" }, GAMES.map((game) => {
    const body = [
      h("span", { class: "game-name" }, game.title),
      h("span", { class: "game-tagline" }, game.tagline),
      h("span", { class: "game-meta" }, game.players, game.playable ? null : h("span", { class: "badge" }, "Coming soon")),
    ];
    return h("li", {}, game.playable
      ? h("a", { class: "game-card", href: `#/${game.name}`, "data-game": game.name }, body)
      : h("div", { class: "game-card disabled", "aria-disabled": "true", "data-game": game.name }, body));
  }));
  const main = document.getElementById("view");
  main.replaceChildren(h("section", { class: "home" },
    h("p", { class: "intro" }, "Five abstract strategy games for two or more players at one screen. They play offline once loaded."),
    list));
  app.view = { kind: "home", rendered: true };
  app.shownHash = "#/";
  markReady();
}

async function showGame(entry, linkParams, token, handed) {
  setTitle(entry.title, true);
  if (app.view?.kind !== "game" || app.view.entry !== entry) buildGameView(entry, gameActions(entry));
  const view = app.view;
  let pictured = { taps: [] };
  try {
    const board = await boardData(entry.name);
    if (token !== app.routeToken) return;
    view.board ||= new Board(board.layout, { onTap: tapCell, title: `${entry.title} board` });
    const needsGame = app.session?.game !== entry.name || !app.state;
    // Until the engine answers, the game it will restore is drawn as a picture (picture.js).
    // The board goes on screen once it shows a position: an empty board could be taken for the game.
    if (needsGame && !linkParams && !handed && !app.engineReady && enterPicture(entry, board.start)) putBoard(view);
    let opened = handed;
    let restored = null;
    if (!opened && linkParams) {
      opened = await openLink(entry, linkParams);
      history.replaceState(null, "", `#/${entry.name}`);
    }
    if (!opened && needsGame && token === app.routeToken) restored = await restore(entry);
    if (token !== app.routeToken) return;
    pictured = leavePicture();
    if (opened) adopt(opened.session, opened.state);
    else if (restored) adopt(restored.session, restored.state, false);
    putBoard(view);
  } catch (error) {
    if (token !== app.routeToken) return;
    leavePicture({ discard: true });
    showMessage(`Could not open ${entry.title}: ${error.message}`);
  }
  app.shownHash = `#/${entry.name}`;
  view.rendered = Boolean(app.state);
  if (view.rendered) reportUnreadable();
  renderGame();
  markReady();
  if (token === app.routeToken) {
    scheduleComputer();
    replayTaps(pictured);
  }
}

function putBoard(view) {
  if (view.boardPlaced) return;
  // A zoom centres on the cell selected, else on where the player's next tap may go.
  const focusCells = () => (app.input.selected().length ? app.input.selected().slice(-1) : [...app.input.next().cells]);
  placeBoard(view.els.board, view.board, { game: view.entry.name, focusCells });
  view.boardPlaced = true;
}

/** What a game page's buttons do (view.js draws them); `api` is what the dialogs need (menus.js). */
function gameActions(entry) {
  const api = { engine, app, adoptAndShow, sessionForRecord, startFresh, catalog };
  return {
    undo, redo, newGame, goTo, changeSeat, choose, cancelInput, showHint, moveNow,
    savedGames: () => menus.savedGames(api),
    importGame: () => menus.importGame(api),
    exportGame: () => menus.exportGame(api),
    share: () => menus.share(api),
    rules: () => menus.rules(entry),
  };
}

/**
 * Show a validated game (from an import or the saved list), switching game page
 * if needed. A game of another kind is handed to its page, which adopts it once
 * it is built (adopting it here would draw it with this page's game and input).
 */
function adoptAndShow(session, state) {
  const hash = `#/${session.game}`;
  if (app.view?.kind === "game" && app.view.entry.name === session.game) {
    adopt(session, state);
    renderGame();
    if (location.hash !== hash) history.replaceState(null, "", hash);
    return;
  }
  cancelThinking();
  app.opening = { session, state };
  location.hash = hash;
}

// -- keyboard -------------------------------------------------------------------------

document.addEventListener("keydown", (event) => {
  if (app.view?.kind !== "game" || document.querySelector("dialog[open]")) return;
  if (app.picture && event.key !== "Escape") return; // the engine is starting: only a tapped cell can be cancelled
  if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
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
  const token = app.view.entry.ui.keys[key];
  if (event.key === "Escape") cancelInput();
  else if (token && app.input.next().choices.includes(token)) choose(token);
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
window.addEventListener("hashchange", route);
route();
