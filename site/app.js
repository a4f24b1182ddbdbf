// The page: routing, the game in progress (its moves and the ply shown), and
// drawing it. The rules run in the engine worker, which is created first of
// all because its boot (Pyodide) is what the player waits for.
import { connectEngine, plainMessage } from "./engine.js";
import { GAMES, gameByName, loadUi } from "./games/index.js";
import { Board } from "./board.js";
import { MoveInput } from "./input.js";
import * as store from "./storage.js";
import { parseShare, readHash, shareHash } from "./links.js";
import { h, showMessage, hideMessage } from "./ui.js";
import * as menus from "./menus.js";

const engine = connectEngine(new Worker(new URL("./worker.js", import.meta.url), { type: "module" }));

const app = {
  engineReady: false,
  catalog: null,        // the engine's `games` answer, for defaults
  layouts: new Map(),   // game name -> promise of its layout
  routeToken: 0,
  reportedUnreadable: false, // whether this visit has said that some saves are unreadable
  shownHash: "",        // the route on screen, to go back to after a bad link
  view: null,           // {kind: "home"} or {kind: "game", entry, board, els}
  session: null,        // {id, game, title, created, updated, record (every move), cursor}
  state: null,          // the engine's state at session.cursor
  input: new MoveInput(),
  busy: 0,
  thinkToken: 0,        // bumped whenever a pending computer move or hint must be forgotten
  thinking: null,       // {player} while a computer seat is choosing its move, {dice: true} before a roll
  hint: null,           // {pending: true} or {move, cells} for the position on screen
};

const SEAT_LEVELS = ["easy", "medium", "hard"];
const SEAT_CHOICES = [["human", "Human"], ["easy", "Computer · easy"], ["medium", "Computer · medium"],
  ["hard", "Computer · hard"]];
const COMPUTER_PAUSE_MS = 300; // between two computer moves, so that people can follow
const ROLL_PAUSE_MS = 450;     // before the dice are rolled, so that the roll is seen as a move of its own
const CHANCE = -1;             // to_move while dice must be rolled (py_engines.CHANCE)

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

engine.on("ready", () => {
  app.engineReady = true;
  loading.hidden = true;
  markReady();
  setTimeout(registerServiceWorker, 0);
});

engine.on("failed", (message) => {
  loading.classList.add("failed");
  loading.setAttribute("role", "alert");
  document.getElementById("loading-label").textContent =
    `The game engine could not start: ${message}. Reload the page to try again.`;
  document.body.dataset.failed = "1";
  if (app.view?.kind === "game") renderGame();
});

const catalog = engine.call("games").then((answer) => (app.catalog = answer.games)).catch(() => null);

function markReady() {
  if (app.engineReady && app.view?.rendered) document.body.dataset.ready = "1";
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  let hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) document.getElementById("update-notice").hidden = false;
    hadController = true;
  });
  // Offline play is a bonus: a browser that refuses it still plays online.
  navigator.serviceWorker.register("./sw.js").catch(() => {});
}

// -- routing ----------------------------------------------------------------------

async function route() {
  const token = ++app.routeToken;
  cancelThinking();
  delete document.body.dataset.ready;
  const { name, params, hasQuery } = readHash(location.hash);
  if (!name) {
    showHome();
    return;
  }
  const entry = gameByName(name);
  if (entry?.playable && !entry.ui) {
    try {
      entry.ui = await loadUi(entry);
    } catch (error) {
      showMessage(`Could not load ${entry.title}: ${error.message}`);
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
  await showGame(entry, hasQuery ? params : null, token);
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

function layoutOf(name) {
  if (!app.layouts.has(name)) {
    const promise = engine.call("layout", { game: name });
    promise.catch(() => app.layouts.delete(name));
    app.layouts.set(name, promise);
  }
  return app.layouts.get(name);
}

async function showGame(entry, linkParams, token) {
  const ui = entry.ui;
  setTitle(entry.title, true);
  if (app.view?.kind !== "game" || app.view.entry !== entry) buildGameView(entry);
  const view = app.view;
  try {
    if (!view.board) {
      const layout = await layoutOf(entry.name);
      if (token !== app.routeToken) return;
      view.board = new Board(layout, { onTap: tapCell, title: `${entry.title} board` });
      view.els.board.replaceChildren(view.board.svg);
    }
    let opened = null;
    if (linkParams) {
      opened = await openLink(entry, linkParams);
      history.replaceState(null, "", `#/${entry.name}`);
    }
    if (token !== app.routeToken) return;
    if (opened) adopt(opened.session, opened.state);
    else if (app.session?.game !== entry.name || !app.state) {
      const restored = await restore(entry);
      if (token !== app.routeToken) return;
      adopt(restored.session, restored.state, false);
    }
  } catch (error) {
    if (token !== app.routeToken) return;
    showMessage(`Could not open ${entry.title}: ${error.message}`);
  }
  app.shownHash = `#/${entry.name}`;
  view.rendered = Boolean(app.state);
  if (view.rendered) reportUnreadable();
  renderGame();
  markReady();
  if (token === app.routeToken) scheduleComputer();
}

// -- sessions: the game in progress and its saved copy ---------------------------

function startedTitle(entry) {
  const when = new Date().toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return `${entry.title}, ${when}`;
}

/** A new game; `setup` ({players, options}) defaults to the game's defaults. */
async function freshSession(entry, setup = null) {
  const state = await engine.call("new", {
    game: entry.name,
    players: setup?.players ?? null,
    seed: entry.ui.randomSeed ? Math.floor(Math.random() * 2 ** 31) : 0,
    options: setup?.options ?? {},
  });
  const keep = app.session?.game === entry.name ? seatsOf(app.session, state.players) : null;
  const session = newSession(entry, state.record, 0, keep);
  if (setup) session.chosen = true; // players and options picked in the dialog: worth keeping before any move
  return { session, state };
}

function newSession(entry, record, cursor, seats = null) {
  const now = Date.now();
  const session = { id: store.newId(), game: entry.name, title: startedTitle(entry), created: now, updated: now, record, cursor };
  if (seats) session.seats = [...seats];
  return session;
}

/** Who plays each seat: "human" or a computer level, one per player (old saves: all human). */
function seatsOf(session, players = session?.record?.players || app.state?.players || 2) {
  const saved = Array.isArray(session?.seats) ? session.seats : [];
  return Array.from({ length: players }, (_, i) => (SEAT_LEVELS.includes(saved[i]) ? saved[i] : "human"));
}

/** Undo and redo step over the computer's moves when people play against it. */
function mixedSeats(seats) {
  return seats.includes("human") && seats.some((seat) => seat !== "human");
}

/** The game to show when a game's page opens: the saved one in progress, or a fresh one. */
async function restore(entry) {
  let pointer = null;
  let item = null;
  try {
    pointer = store.currentId(entry.name);
    item = pointer?.ok ? store.readSave(pointer.id) : null;
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
    app.reportedUnreadable = true;
    showMessage(`Could not tell which ${entry.title} game was in progress: the note of it in storage is unreadable. ` +
      "A new game was started; every saved game is still listed under Saved games.");
  } else if (item) {
    app.reportedUnreadable = true;
    showMessage(`Your saved ${entry.title} game could not be read (${item.error || "it belongs to another game"}). ` +
      "A new game was started; the saved copy is kept, untouched, under Saved games.");
  }
  return fresh;
}

/** Once per visit: say if storage holds saved games that cannot be read. */
function reportUnreadable() {
  if (app.reportedUnreadable) return;
  app.reportedUnreadable = true;
  let count = 0;
  try {
    count = store.listSaves().filter((item) => !item.ok).length;
  } catch (error) {
    showMessage(error.message);
    return;
  }
  if (count) {
    showMessage(`${count === 1 ? "One saved game" : `${count} saved games`} in this browser's storage could not be read. ` +
      "Nothing was changed: see Saved games to copy the text or delete it.");
  }
}

/** A share link's game: {session, state}, or null (with a message) if the link is bad. */
async function openLink(entry, params) {
  let parsed;
  let state;
  try {
    parsed = parseShare(entry.name, params);
    state = await engine.call("state", { record: parsed.record, ply: parsed.at });
  } catch (error) {
    if (error.code === "engine_unavailable") throw error;
    showMessage(`This link could not be opened: ${plainMessage(error.message)}. Nothing was changed.`);
    return null;
  }
  const moves = parsed.record.moves;
  return sessionForRecord(entry, state, moves, parsed.at ?? moves.length, true);
}

const sameGame = (a, b) => a.game === b.game && a.players === b.players && a.seed === b.seed &&
  JSON.stringify(a.options) === JSON.stringify(b.options) && a.moves.join(".") === b.moves.join(".");

/**
 * The session for a validated game whose whole move list is `moves`, shown at
 * `cursor` (`state` is the position there): the identical saved game if `reuse`
 * and there is one, else a new one.
 */
function sessionForRecord(entry, state, moves, cursor, reuse) {
  const record = { ...state.record, moves };
  let saved = null;
  if (reuse) {
    try {
      saved = store.listSaves().find((item) => item.ok && sameGame(item.save.record, record));
    } catch {
      saved = null; // unreadable storage: a new session it is, and saving it will say why
    }
  }
  const session = saved ? { ...saved.save, cursor } : newSession(entry, record, cursor);
  return { session, state };
}

/**
 * Make a session the one on screen, with the state at its cursor; save it
 * unless it was only read back (so opening the page never writes storage).
 */
function adopt(session, state, save = true) {
  app.session = session;
  app.state = state;
  app.input.reset(state.legal);
  if (save) persist();
  scheduleComputer();
}

/**
 * Save the session and make it the current one. A game without moves is saved
 * only once someone chose something for it (players, options, a computer seat).
 */
function persist() {
  const s = app.session;
  try {
    if (s.record.moves.length || s.chosen || seatsOf(s).some((seat) => seat !== "human")) {
      s.updated = Date.now();
      store.writeSave({ id: s.id, game: s.game, record: s.record, cursor: s.cursor, updated: s.updated, title: s.title,
        seats: seatsOf(s), chosen: s.chosen || undefined });
    }
    store.setCurrentId(s.game, s.id);
  } catch (error) {
    showMessage(error.message);
  }
}

// -- moves --------------------------------------------------------------------------

/** Run one engine request with the input locked; errors become a message. */
async function request(work) {
  app.busy++;
  renderGame();
  try {
    return await work();
  } catch (error) {
    showMessage(error.message);
    return null;
  } finally {
    app.busy--;
    renderGame();
  }
}

async function play(move) {
  const s = app.session;
  const record = { ...s.record, moves: s.record.moves.slice(0, s.cursor) };
  const state = await request(() => engine.call("play", { record, move }));
  if (!state) {
    app.input.cancel();
    renderGame();
    return;
  }
  advance(s, state);
}

/** Roll the dice at the chance point on screen (the engine draws them from the game's seed). */
async function roll() {
  const s = app.session;
  const record = { ...s.record, moves: s.record.moves.slice(0, s.cursor) };
  const state = await request(() => engine.call("roll", { record }));
  if (state && app.session === s) advance(s, state);
}

/** The game went one move further: it ends there now (later moves are dropped). */
function advance(s, state) {
  s.record = state.record;
  s.cursor = state.record.moves.length;
  adopt(s, state);
  renderGame();
}

async function goTo(ply) {
  const s = app.session;
  if (!s || app.busy || ply < 0 || ply > s.record.moves.length || ply === s.cursor) return;
  cancelThinking();
  const state = await request(() => engine.call("state", { record: s.record, ply }));
  if (!state) return;
  s.cursor = ply;
  adopt(s, state);
  renderGame();
}

/**
 * One ply back or forward, passing over positions where dice are to be rolled
 * (they would roll again at once); against the computer, on to the nearest
 * position where a person is to move (a move and the computer's reply go together).
 */
async function step(direction) {
  const s = app.session;
  if (!s || app.busy) return;
  const total = s.record.moves.length;
  let ply = s.cursor + direction;
  if (ply < 0 || ply > total) return;
  const seats = seatsOf(s);
  const mixed = mixedSeats(seats);
  const passOver = (state) => !state.is_over && (state.to_move === CHANCE || (mixed && seats[state.to_move] !== "human"));
  cancelThinking();
  const found = await request(async () => {
    let state = await engine.call("state", { record: s.record, ply });
    while (passOver(state) && ply + direction >= 0 && ply + direction <= total) {
      ply += direction;
      state = await engine.call("state", { record: s.record, ply });
    }
    return state;
  });
  if (!found || app.session !== s) return;
  s.cursor = ply;
  adopt(s, found);
  renderGame();
}

const undo = () => step(-1);
const redo = () => step(1);

// -- the computer's moves and hints ---------------------------------------------------

/** Forget any computer move or hint being worked out: its answer will be dropped. */
function cancelThinking() {
  app.thinkToken++;
  app.thinking = null;
  app.hint = null;
}

/**
 * The player a computer seat plays for, if it is a computer's turn at the
 * position shown ({chance: true} when the dice are to be rolled).
 */
function computerToMove() {
  const s = app.session;
  const state = app.state;
  if (!s || !state || state.is_over) return null;
  if (state.to_move === CHANCE) return { chance: true };
  const seat = seatsOf(s, state.players)[state.to_move];
  return seat && seat !== "human" ? { player: state.to_move, level: seat } : null;
}

/** After any change of position or seats: let a computer seat move if it is its turn. */
function scheduleComputer() {
  cancelThinking();
  const view = app.view;
  const s = app.session;
  const turn = computerToMove();
  if (view?.kind !== "game" || !view.board || s?.game !== view.entry.name || engine.failed) return;
  if (!turn || s.cursor !== s.record.moves.length) return;
  const token = app.thinkToken;
  if (turn.chance) {
    app.thinking = { dice: true };
    setTimeout(() => {
      if (token !== app.thinkToken || app.session !== s) return;
      app.thinking = null;
      roll();
    }, ROLL_PAUSE_MS);
    queueMicrotask(renderGame);
    return;
  }
  app.thinking = { player: turn.player };
  const seats = seatsOf(s, app.state.players);
  const pause = seats.includes("human") ? 0 : COMPUTER_PAUSE_MS;
  const record = { ...s.record, moves: s.record.moves.slice(0, s.cursor) };
  setTimeout(async () => {
    if (token !== app.thinkToken) return;
    let answer = null;
    try {
      answer = await engine.call("think", { record, level: turn.level, seed: record.seed || 0 });
    } catch (error) {
      if (token !== app.thinkToken) return;
      app.thinking = null;
      showMessage(`The computer could not choose a move: ${plainMessage(error.message)}`);
      renderGame();
      return;
    }
    if (token !== app.thinkToken || app.session !== s || s.cursor !== record.moves.length) return;
    app.thinking = null;
    await play(answer.move);
  }, pause);
  queueMicrotask(renderGame);
}

/** Ask the engine (at its best level) which move it would play for the side to move. */
async function showHint() {
  const s = app.session;
  const state = app.state;
  if (!s || !state || state.is_over || app.thinking || app.busy || app.hint?.pending) return;
  const token = app.thinkToken;
  const cursor = s.cursor;
  const record = { ...s.record, moves: s.record.moves.slice(0, cursor) };
  app.hint = { pending: true };
  renderGame();
  let answer;
  try {
    answer = await engine.call("think", { record, level: "hard", seed: record.seed || 0 });
  } catch (error) {
    if (token !== app.thinkToken) return;
    app.hint = null;
    showMessage(`No hint could be found: ${plainMessage(error.message)}`);
    renderGame();
    return;
  }
  if (token !== app.thinkToken || app.session !== s || s.cursor !== cursor) return;
  const legal = app.state.legal.find((m) => m.move === answer.move);
  const cells = legal ? legal.steps.filter((st) => "cell" in st).map((st) => st.cell) : [];
  app.hint = { move: answer.move, cells };
  renderGame();
}

function changeSeat(player, value) {
  const s = app.session;
  if (!s) return;
  const seats = seatsOf(s);
  seats[player] = SEAT_LEVELS.includes(value) ? value : "human";
  s.seats = seats;
  persist();
  scheduleComputer();
  renderGame();
}

/** Replace the game on screen by a fresh one; `note` says what became of the old one. */
async function startFresh(note, setup = null) {
  const fresh = await request(() => freshSession(app.view.entry, setup));
  if (!fresh) return;
  adopt(fresh.session, fresh.state);
  renderGame();
  if (note) showMessage(note, { error: false });
}

async function newGame() {
  const entry = app.view?.entry;
  const info = (await catalog)?.[entry.name];
  const setup = info ? await menus.newGameSetup(info, app.session?.record) : null;
  if (info && !setup) return; // cancelled
  if (app.view?.entry !== entry) return;
  cancelThinking();
  const hadMoves = app.session?.record.moves.length > 0;
  return startFresh(hadMoves ? "New game started. The previous one is under Saved games." : "", setup);
}

function takeStep(step) {
  if (!app.state || app.busy || computerToMove()) return;
  const result = app.input.step(step);
  if (result.move) play(result.move);
  renderGame();
}

function tapCell(name) {
  takeStep({ cell: name });
}

function choose(token) {
  const hadFocus = app.view.els.choices.contains(document.activeElement);
  const selected = app.input.selected();
  takeStep({ choice: token });
  if (hadFocus && selected.length) app.view.board.focus(selected[selected.length - 1]);
}

function cancelInput() {
  if (app.input.cancel()) renderGame();
}

// -- the game view ------------------------------------------------------------------

function toolButton(id, label, onclick, icon, extra = {}) {
  return h("button", { type: "button", id, class: "tool", onclick, ...extra },
    h("span", { class: "tool-icon", "aria-hidden": "true" }, icon), h("span", { class: "tool-label" }, label));
}

function buildGameView(entry) {
  const els = {
    status: h("p", { id: "status", "aria-live": "polite" }, "Loading…"),
    note: h("p", { id: "position-note", class: "position-note" }),
    players: h("ul", { class: "players", "aria-label": "Players" }),
    board: h("div", { class: "board-area" }, h("p", { class: "board-placeholder" }, "Setting up the board…")),
    hint: h("p", { id: "hint", class: "hint" }),
    thinking: h("p", { id: "thinking", class: "thinking", role: "status", hidden: true },
      h("span", { class: "spinner", "aria-hidden": "true" }), h("span", { class: "thinking-text" })),
    seats: h("div", { class: "seats" }),
    choiceButtons: h("div", { class: "choice-buttons" }),
    moves: h("ol", { id: "moves", class: "moves", "aria-label": "Moves played" }),
    movesEmpty: h("p", { class: "moves-empty" }, "No moves yet."),
  };
  els.choices = h("div", { id: "choices", class: "choice-area" }, els.hint, els.thinking, els.choiceButtons);
  els.panel = h("div", { id: "game-panel", class: "game-panel" });
  els.seatSelects = [];
  els.hintButton = toolButton("hint-button", "Hint", showHint, "✧");
  els.undo = toolButton("undo", "Undo", undo, "↶", { "aria-keyshortcuts": "U Control+Z" });
  els.redo = toolButton("redo", "Redo", redo, "↷", { "aria-keyshortcuts": "R Control+Y" });
  els.newGame = toolButton("new-game", "New game", newGame, "+");
  const api = { engine, app, adoptAndShow, sessionForRecord, startFresh, catalog };
  els.tools = [
    els.hintButton,
    toolButton("saved-games", "Saved", () => menus.savedGames(api), "☰"),
    toolButton("import", "Import", () => menus.importGame(api), "⇩"),
    toolButton("export", "Export", () => menus.exportGame(api), "⇧"),
    toolButton("share", "Share", () => menus.share(api), "⤴"),
    toolButton("rules", "Rules", () => menus.rules(entry), "?"),
  ];
  els.moves.addEventListener("click", (event) => {
    const item = event.target.closest("[data-ply]");
    if (item) goTo(Number(item.dataset.ply));
  });

  const root = h("div", { class: "game", "data-game": entry.name },
    h("div", { class: "status-area" }, els.status, els.players, els.seats, els.note),
    els.board,
    els.choices,
    els.panel,
    h("div", { class: "controls" },
      h("div", { class: "control-row main" }, els.undo, els.redo, els.newGame),
      h("div", { class: "control-row tools" }, els.tools)),
    h("section", { class: "moves-area", "aria-labelledby": "moves-title" },
      h("h2", { id: "moves-title" }, "Moves"), els.moves, els.movesEmpty));
  document.getElementById("view").replaceChildren(root);
  app.view = { kind: "game", entry, board: null, els, rendered: false };
  app.input.reset([]);
}

function renderGame() {
  const view = app.view;
  if (view?.kind !== "game") return;
  const { els, entry, board } = view;
  const ui = entry.ui;
  const state = app.state;
  const s = app.session;
  const usable = Boolean(state && board && s && s.game === entry.name && !engine.failed);
  const busy = app.busy > 0 || !usable;
  document.body.dataset.busy = app.busy > 0 ? "1" : "0";

  els.undo.disabled = busy || s.cursor === 0;
  els.redo.disabled = busy || s.cursor === s.record.moves.length;
  els.newGame.disabled = busy;
  for (const tool of els.tools) tool.disabled = tool.id === "rules" ? false : busy;
  if (!usable) {
    els.status.textContent = engine.failed ? "The game engine is not available." : "Loading…";
    els.choiceButtons.replaceChildren();
    els.thinking.hidden = true;
    return;
  }

  const seatNames = seatNamesOf(ui, state);
  if (els.seatSelects.length !== state.players || els.seatKey !== seatNames.join("|")) buildSeats(els, seatNames);
  const seats = seatsOf(s, state.players);
  els.seatSelects.forEach((label, player) => {
    const select = label.querySelector("select");
    if (select.value !== seats[player]) select.value = seats[player];
  });
  if (els.seatSummary) els.seatSummary.textContent = seatSummary(seats);
  const computerTurn = computerToMove();
  els.hintButton.disabled = busy || state.is_over || Boolean(computerTurn) || Boolean(app.hint?.pending);
  els.thinking.hidden = !app.thinking;
  if (app.thinking) {
    els.thinking.querySelector(".thinking-text").textContent = app.thinking.dice
      ? "Rolling the dice…" : `${seatNames[app.thinking.player]} is thinking…`;
  }
  const hinted = app.hint?.cells ? new Set(app.hint.cells) : new Set();

  const next = app.input.next();
  const selected = app.input.selected();
  board.disabled = app.busy > 0 || Boolean(computerTurn);
  board.update({
    hinted,
    contents: ui.contents ? ui.contents(state.view) : {},
    decorations: ui.decorate ? ui.decorate(state.view, state) : {},
    live: next.cells,
    selected,
    last: state.view.last,
    marked: ui.marked ? ui.marked(state, board) : new Set(),
    label: (name) => ui.cellLabel(name, state.view),
  });

  const status = ui.status(state);
  if (els.status.textContent !== status) els.status.textContent = status;
  els.status.classList.toggle("over", state.is_over);
  els.players.classList.toggle("many", state.players > 2);
  els.players.replaceChildren(...ui.players(state).map((p) => h("li", {
    class: `player${p.active ? " active" : ""}${p.winner ? " winner" : ""}`,
    "aria-current": p.active ? "true" : null,
  }, h("span", { class: `swatch ${p.swatch}`, "aria-hidden": "true" }), h("span", { class: "player-name" }, p.name),
  h("span", { class: "player-detail" }, p.detail))));

  const total = s.record.moves.length;
  els.note.textContent = s.cursor < total
    ? `Showing the position after move ${s.cursor} of ${total}. A move played here replaces the later ones.`
    : "";

  let line = ui.hint(state, next, selected);
  if (computerTurn?.chance && !app.thinking) {
    line = s.cursor < total ? "The dice are to be rolled: go to the last move to roll them." : "Rolling the dice…";
  } else if (computerTurn && !app.thinking) {
    line = s.cursor < total
      ? `${seatNames[computerTurn.player]} is played by the computer: go to the last move to let it play, or choose Human.`
      : `${seatNames[computerTurn.player]} is played by the computer.`;
  } else if (app.hint?.pending) line = "Looking for a good move…";
  else if (app.hint?.move) line = `Hint: ${app.hint.move}. ${line}`;
  els.hint.textContent = line;
  els.hint.hidden = Boolean(app.thinking);
  const buttons = (computerTurn ? [] : next.choices).map((token) => {
    const c = ui.choice(token, state);
    return h("button", {
      type: "button", class: "choice", "data-choice": token, "aria-label": c.text, "aria-keyshortcuts": c.key,
      disabled: app.busy > 0, onclick: () => choose(token),
    }, c.swatch ? h("span", { class: `swatch ${c.swatch}`, "aria-hidden": "true" }) : null, c.text,
    c.key ? h("kbd", { "aria-hidden": "true" }, c.key) : null);
  });
  els.choiceButtons.classList.toggle("many", buttons.length > 6);
  if (app.input.active) {
    buttons.push(h("button", { type: "button", class: "choice cancel", id: "cancel-move", onclick: cancelInput },
      "Cancel", h("kbd", { "aria-hidden": "true" }, "Esc")));
  }
  els.choiceButtons.replaceChildren(...buttons);
  const panel = ui.panel ? ui.panel(state) : null;
  els.panel.hidden = !panel;
  if (panel && els.panelHtml !== panel) els.panel.innerHTML = panel;
  els.panelHtml = panel;

  renderMoves(s, state.movers, seatNames);
}

/** The seats' names: fixed (two colours) or by the number of players. */
function seatNamesOf(ui, state) {
  return typeof ui.seats === "function" ? ui.seats(state.players, state.record.options) : ui.seats;
}

/** One Human / Computer selector per seat. */
function buildSeats(els, names) {
  els.seatSelects = names.map((name, player) => {
    const select = h("select", { id: `seat-${player}`, class: "seat-select", "aria-label": `${name} is played by`,
      "data-player": String(player), onchange: (event) => changeSeat(player, event.target.value) },
    SEAT_CHOICES.map(([value, text]) => h("option", { value }, text)));
    return h("label", { class: "seat", title: name },
      names.length > 2 ? h("span", { class: "seat-name" }, name) : null, select);
  });
  els.seatKey = names.join("|");
  els.seats.classList.toggle("many", names.length > 2);
  if (names.length <= 2) {
    els.seats.replaceChildren(...els.seatSelects);
    els.seatSummary = null;
    return;
  }
  // Three or more seats fold away under one line that says who plays.
  els.seatSummary = h("summary", { class: "seat-summary" });
  els.seats.replaceChildren(h("details", { class: "seat-fold" }, els.seatSummary,
    h("div", { class: "seat-grid" }, els.seatSelects)));
}

/** "Who plays: 3 people, 1 computer", for the folded seats. */
function seatSummary(seats) {
  const people = seats.filter((seat) => seat === "human").length;
  const computers = seats.length - people;
  const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  return `Who plays: ${[people && count(people, "person", "people"), computers && count(computers, "computer", "computers")]
    .filter(Boolean).join(", ")}`;
}

/** The move list; `movers` (who made each move up to the position shown) labels them. */
function renderMoves(s, movers, seatNames) {
  const { moves, movesEmpty } = app.view.els;
  const list = s.record.moves;
  movesEmpty.hidden = list.length > 0;
  const who = (i) => (movers[i] === CHANCE ? "dice" : seatNames[movers[i]]);
  const items = list.map((move, i) => h("li", {}, h("button", {
    type: "button",
    class: `move${i + 1 > s.cursor ? " future" : ""}${movers[i] === CHANCE ? " chance" : ""}`,
    "data-ply": String(i + 1),
    "data-n": String(i + 1),
    "data-player": i < movers.length ? String(movers[i]) : null,
    "aria-current": i + 1 === s.cursor ? "step" : null,
    "aria-label": `Move ${i + 1}${i < movers.length ? ` (${who(i)})` : ""}: ${move}`,
  }, move)));
  moves.replaceChildren(...items);
  // Keep the current move in sight, scrolling the list only (never the page).
  const current = moves.querySelector('[aria-current="step"]');
  if (current) {
    const top = current.offsetTop;
    const bottom = top + current.offsetHeight;
    if (top < moves.scrollTop) moves.scrollTop = top;
    else if (bottom > moves.scrollTop + moves.clientHeight) moves.scrollTop = bottom - moves.clientHeight;
  }
}

/** Show a validated game (from an import or the saved list), switching game page if needed. */
function adoptAndShow(session, state) {
  adopt(session, state);
  const hash = `#/${session.game}`;
  if (app.view?.kind === "game" && app.view.entry.name === session.game) {
    renderGame();
    if (location.hash !== hash) history.replaceState(null, "", hash);
  } else location.hash = hash;
}

// -- keyboard -------------------------------------------------------------------------

document.addEventListener("keydown", (event) => {
  if (app.view?.kind !== "game" || document.querySelector("dialog[open]")) return;
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
