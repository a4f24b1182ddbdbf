// Drawing a game's page: building it (status, board area, choices, controls,
// move list) and bringing it up to date with renderGame() after any change.
// What the buttons do comes in as `actions`; the board itself is board.js.
import { app, engine, CHANCE } from "./app-state.js";
import { pictureHint } from "./picture.js";
import { computerToMove, seatsOf } from "./session.js";
import { h } from "./ui.js";

const SEAT_CHOICES = [["human", "Human"], ["easy", "Computer · easy"], ["medium", "Computer · medium"],
  ["hard", "Computer · hard"]];

function toolButton(id, label, onclick, icon, extra = {}) {
  return h("button", { type: "button", id, class: "tool", onclick, ...extra },
    h("span", { class: "tool-icon", "aria-hidden": "true" }, icon), h("span", { class: "tool-label" }, label));
}

/**
 * Build the page of a game (its board comes later, once its layout is known).
 * `actions` are what its buttons do: {undo, redo, newGame, goTo, changeSeat,
 * choose, cancelInput, showHint, savedGames, importGame, exportGame, share, rules}.
 */
export function buildGameView(entry, actions) {
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
  els.hintButton = toolButton("hint-button", "Hint", actions.showHint, "✧");
  els.undo = toolButton("undo", "Undo", actions.undo, "↶", { "aria-keyshortcuts": "U Control+Z" });
  els.redo = toolButton("redo", "Redo", actions.redo, "↷", { "aria-keyshortcuts": "R Control+Y" });
  els.newGame = toolButton("new-game", "New game", actions.newGame, "+");
  els.tools = [
    els.hintButton,
    toolButton("saved-games", "Saved", actions.savedGames, "☰"),
    toolButton("import", "Import", actions.importGame, "⇩"),
    toolButton("export", "Export", actions.exportGame, "⇧"),
    toolButton("share", "Share", actions.share, "⤴"),
    toolButton("rules", "Rules", actions.rules, "?"),
  ];
  els.moves.addEventListener("click", (event) => {
    const item = event.target.closest("[data-ply]");
    if (item) actions.goTo(Number(item.dataset.ply));
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
  app.view = { kind: "game", entry, board: null, els, actions, rendered: false };
  app.input.reset([]);
}

/** Draw the game on screen: status, players, seats, board, choices, panel and moves. */
export function renderGame() {
  const view = app.view;
  if (view?.kind !== "game") return;
  const { els, entry, board, actions } = view;
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
  if (els.seatSelects.length !== state.players || els.seatKey !== seatNames.join("|")) {
    buildSeats(els, seatNames, actions.changeSeat);
  }
  const seats = seatsOf(s, state.players);
  els.seatSelects.forEach((label, player) => {
    const select = label.querySelector("select");
    if (select.value !== seats[player]) select.value = seats[player];
    select.disabled = Boolean(app.picture);
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
  els.players.classList.toggle("many", state.players > 2 && state.players <= 4);
  els.players.classList.toggle("crowd", state.players > 4);
  els.players.replaceChildren(...ui.players(state).map((p) => h("li", {
    class: `player${p.active ? " active" : ""}${p.winner ? " winner" : ""}`,
    "aria-current": p.active ? "true" : null,
  }, p.swatch ? h("span", { class: `swatch ${p.swatch}`, "aria-hidden": "true" }) : null,
  h("span", { class: "player-name" }, p.name), h("span", { class: "player-detail" }, p.detail))));

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
  if (app.picture) line = pictureHint(selected);
  els.hint.textContent = line;
  els.hint.hidden = Boolean(app.thinking);
  const buttons = (computerTurn ? [] : next.choices).map((token) => {
    const c = ui.choice(token, state);
    return h("button", {
      type: "button", class: "choice", "data-choice": token, "aria-label": c.text, "aria-keyshortcuts": c.key,
      disabled: app.busy > 0, onclick: () => actions.choose(token),
    }, c.swatch ? h("span", { class: `swatch ${c.swatch}`, "aria-hidden": "true" }) : null, c.text,
    c.key ? h("kbd", { "aria-hidden": "true" }, c.key) : null);
  });
  els.choiceButtons.classList.toggle("many", buttons.length > 6);
  if (app.input.active) {
    buttons.push(h("button", { type: "button", class: "choice cancel", id: "cancel-move", onclick: actions.cancelInput },
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
function buildSeats(els, names, changeSeat) {
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
