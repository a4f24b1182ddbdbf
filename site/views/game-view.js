// Drawing a game's page: building it (status, board area, choices, controls,
// the game log) when the store's page becomes a game, and drawing it from the
// store once per animation frame after any change (store.paint). What the
// buttons do comes in as `actions` (app.js); the board itself is svg-board.js, the
// marks of the last turns on it come from board-marks.js, the zoom from zoom.js.
import { Board } from "./svg-board.js";
import { catalogEntry, seatNamesOf, showStylesOf } from "../games/index.js";
import * as hooks from "./hooks.js";
import { hintMarks, marksFor, motionFor, zoomFocus } from "../model/board-marks.js";
import { announcement, coachMarks, gamePage, seatSummary } from "../model/game-page.js";
import { chapterOf } from "../model/course.js";
import { summaryLines } from "../model/review-summary.js";
import { SEAT_CHOICES, SEAT_LEVELS, askHowToPlay } from "../model/seats.js";
import { CHANCE, showsGame, store } from "../state/store.js";
import { h, hideMessage, showMessage } from "./dom.js";
import { placeBoard } from "./zoom.js";

let view = null; // the game page on screen: {entry, els, board, actions, motion}

/** A control; every one but Rules needs the engine, so it starts disabled until renderGame finds it ready. */
function toolButton(id, label, onclick, icon, extra = {}) {
  return h("button", { type: "button", id, class: "tool", onclick, disabled: id !== "rules", ...extra },
    h("span", { class: "tool-icon", "aria-hidden": "true" }, icon), h("span", { class: "tool-label" }, label));
}

/**
 * Build the page of a game (its board comes later, once its layout is known).
 * `actions` are what its buttons do: {tap, choose, cancel, preview, undo, redo, newGame,
 * goTo, changeSeat, showHint, moveNow, savedGames, importGame, exportGame, share, send, endByLinks, rules}.
 */
function buildGameView(entry, actions) {
  const els = {
    status: h("p", { id: "status" }, "Loading…"),
    banner: h("div", { id: "banner", class: "banner", hidden: true }), // a game's dice, by the status
    // What a screen reader hears: each move and its outcome, in the log's words, then the status.
    announce: h("p", { id: "announce", class: "visually-hidden", "aria-live": "polite" }),
    recent: h("ol", { id: "recent", class: "recent", "aria-label": "The last turns" }),
    note: h("p", { id: "position-note", class: "position-note" }),
    notice: h("p", { id: "notice", class: "notice", role: "status", hidden: true }),
    players: h("ul", { class: "players", "aria-label": "Players" }),
    board: h("div", { class: "board-area" }, h("p", { class: "board-placeholder" }, "Setting up the board…")),
    hint: h("p", { id: "hint", class: "hint" }),
    thinking: h("p", { id: "thinking", class: "thinking", role: "status", hidden: true },
      h("span", { class: "spinner", "aria-hidden": "true" }), h("span", { class: "thinking-text" }),
      h("progress", { class: "thinking-progress", max: "1", value: "0", "aria-label": "How far the computer has thought" }),
      h("button", { type: "button", id: "move-now", class: "move-now", onclick: actions.moveNow }, "Move now")),
    seats: h("div", { class: "seats" }),
    choiceButtons: h("div", { class: "choice-buttons" }),
    moves: h("ol", { id: "moves", class: "log", "aria-label": "Game log" }),
    movesEmpty: h("p", { class: "moves-empty" }, "No moves yet."),
    // What the log's two columns are (a newcomer read "3:a7-g7" as unexplained code).
    movesKey: h("p", { class: "moves-key", hidden: true },
      "Each turn in words, then its moves in the game's notation; tap either to see the board then."),
    logItems: new Map(), // an entry's words -> its list item, kept between renders
  };
  // The coach's words, under the status (with the board in sight): on a phone one line, a tap
  // on it shows the rest (style.css), so that words that change never move the board.
  // Words cut short end in "more" (style.css, data-clipped): a newcomer did not know the line
  // opened, and missed the odds at its end.
  els.coachText = h("button", { type: "button", class: "coach-text", "aria-expanded": "false", onclick: () => {
    const open = els.coachText.getAttribute("aria-expanded") !== "true";
    // Open on a phone, the words lie over what follows (style.css): their row keeps its height, the board its place.
    els.coach.style.minHeight = open ? `${els.coach.getBoundingClientRect().height}px` : "";
    els.coach.style.setProperty("--coach-left", `${els.coachToggle.getBoundingClientRect().width + 8}px`); // the switch stays free
    els.coachText.setAttribute("aria-expanded", String(open));
  } });
  els.coachToggle = h("button", { type: "button", id: "coach-toggle", class: "coach-toggle", onclick: actions.toggleCoach,
    "aria-pressed": "false" }, "Coach");
  els.coach = h("div", { id: "coach", class: "coach", role: "status" }, els.coachToggle, els.coachText);
  // Under the board (on a phone held upright): nothing said here moves the board. The line of
  // what to do (and why a tap was refused) comes first, then its buttons.
  els.noticeText = h("span", { class: "notice-text" });
  els.notice.append(els.noticeText, h("button", { type: "button", class: "icon-button notice-close", "aria-label": "Close this note",
    onclick: actions.closeNotice }, "✕"));
  els.choices = h("div", { id: "choices", class: "choice-area" }, els.notice, els.note, els.hint, els.thinking, els.choiceButtons);
  els.panel = h("div", { id: "game-panel", class: "game-panel" });
  els.lesson = h("section", { id: "lesson", class: "lesson", "aria-label": "Lesson", hidden: true });
  els.review = h("section", { id: "review", class: "review", "aria-labelledby": "review-title", hidden: true });
  els.reviewButton = h("button", { type: "button", id: "review-button", class: "review-button", onclick: actions.review },
    "Review");
  els.howTo = h("section", { id: "how-to", class: "how-to", "aria-labelledby": "how-to-title", hidden: true });
  // A game by links: whose turn it is, whether it is this device's, and the button that sends the game.
  els.linkStatus = h("p", { id: "link-status", class: "link-status", role: "status" });
  els.linkDetail = h("p", { id: "link-detail", class: "link-detail", hidden: true });
  els.sendButton = h("button", { type: "button", id: "send-move", onclick: actions.send }, "Send your move");
  els.linkEnd = h("div", { class: "link-end", hidden: true },
    h("button", { type: "button", id: "link-resign", onclick: () => actions.endByLinks("resigned") }, "Resign"),
    h("button", { type: "button", id: "link-abandon", onclick: () => actions.endByLinks("abandoned") }, "End as abandoned"));
  els.linkPanel = h("div", { id: "link-panel", class: "link-panel", hidden: true },
    els.linkStatus, els.linkDetail, els.sendButton, els.linkEnd);
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
    const item = event.target.closest("[data-ply], [data-turn-end]");
    if (!item) return;
    revealBoard(); // the position chosen is shown on the board: keep the board in view
    // A move the review marked opens as the review judged it: the position before it, the better move drawn.
    if (item.dataset.reviewMark) actions.showReviewed(Number(item.dataset.ply));
    else actions.goTo(Number(item.dataset.ply ?? item.dataset.turnEnd));
  });

  // The board, and beside or under it everything else. On a phone held upright the two are
  // one column that scrolls; held sideways (and on a desktop) the board keeps the full height
  // and `.side` scrolls on its own (style.css).
  const root = h("div", { class: "game", "data-game": entry.name },
    els.board,
    els.howTo,
    h("div", { class: "side" },
      els.lesson,
      h("div", { class: "status-area" }, els.status, els.coach, els.banner, els.players, els.seats, els.linkPanel, els.announce),
      h("div", { class: "recent-area" }, els.recent),
      els.choices,
      els.panel,
      h("div", { class: "controls" },
        h("div", { class: "control-row main" }, els.undo, els.redo, els.newGame),
        h("div", { class: "control-row tools" }, els.tools)),
      els.review,
      h("section", { class: "moves-area", "aria-labelledby": "moves-title" },
        h("div", { class: "moves-head" }, h("h2", { id: "moves-title" }, "Game log"), els.reviewButton),
        els.movesKey, els.moves, els.movesEmpty)));
  // A tap anywhere on the game skips a move's motion to its end (and is taken as usual).
  root.addEventListener("pointerdown", () => view?.board?.finish(), { capture: true });
  document.getElementById("view").replaceChildren(root);
  showStylesOf(entry.name);
  view = { entry, board: null, layout: null, els, actions, motion: null, focusAfter: null };
}

/** The board, once the page's layout has come: drawn in its area (with the zoom button for big boards). */
function placeTheBoard(layout) {
  if (view.layout === layout) return;
  view.layout = layout;
  view.board = new Board(layout.layout, { onTap: view.actions.tap, title: `${view.entry.title} board` });
  const focusCells = () => zoomFocus(store.state.input, view.entry.ui, store.state.position?.view,
    { everyPiece: store.state.mode === "lesson" });
  view.followZoom = placeBoard(view.els.board, view.board, { game: view.entry.name, focusCells });
}

/**
 * Watch the store and draw the page from it once per frame; `actions` are
 * what the game page's buttons and board do. `drawHome(state, actions)` draws the home page.
 */
export function paintPages(actions, drawHome) {
  let home = null;
  addEventListener("resize", () => view && markClipped(view.els.coachText));
  store.paint((state, changed) => {
    let drawn = true;
    const page = state.page;
    if (page.kind === "home") {
      if (home !== page || changed.has("install")) {
        drawHome(state, actions);
        showStylesOf("*");
      }
      home = page;
      view = null;
    } else if (page.kind === "game") {
      home = null;
      if (view?.entry !== page.entry) buildGameView(page.entry, actions);
      drawn = drawGame(state, changed);
    }
    hooks.reflect(state, drawn);
  });
}

/** Draw the game page: all of it, or only the part that changed when that is all. Whether it could be drawn. */
function drawGame(state, changed) {
  // The board goes on screen once it shows a position: an empty board could be taken for the game.
  if (showsGame(state)) placeTheBoard(state.layout);
  const only = (...keys) => [...changed].every((key) => keys.includes(key));
  try {
    if (only("thinking")) drawThinking(state);
    else if (only("preview")) drawMarks(state);
    else renderGame(state);
    if (changed.has("position") && view.followZoom) requestAnimationFrame(view.followZoom);
  } catch (error) {
    if (state.mode !== "picture") throw error;
    view.actions.pictureFailed(); // a kept picture this page cannot draw: wait for the engine instead
    return false;
  }
  return true;
}

const MARK_SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const SVG_NS = "http://www.w3.org/2000/svg";

function svgNode(name, attrs) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

/**
 * The review's panel (review.js): at a game's end, the offer of one; then its
 * progress, the graph of each player's chances after every move (a tap goes to
 * that move), and the marked moves, each opening the position with the better move.
 */
function drawReview(page) {
  const { els, actions } = view;
  const s = page.session;
  const state = page.position;
  const playing = page.mode === "play" && showsGame(page) && s.record.moves.length > 0;
  const review = playing ? page.review : null;
  const offer = playing && !review && state.is_over;
  els.reviewButton.hidden = !playing || Boolean(review) || offer; // at the game's end the panel's own button offers it
  els.reviewButton.disabled = page.engine !== "ready" || page.busy > 0;
  els.review.hidden = !review && !offer;
  const key = JSON.stringify([review?.key, review?.points.length, review?.running, offer, s?.cursor, page.busy > 0]);
  if (els.review.hidden || els.reviewKey === key) return;
  els.reviewKey = key;
  const title = h("h2", { id: "review-title" }, "Review");
  if (offer) {
    els.review.replaceChildren(title,
      h("p", { class: "review-note" }, "See where this game was won and lost: each player's chances after every move, " +
        "and the moves that gave them away, with a better one."),
      h("button", { type: "button", id: "review-start", class: "primary", onclick: actions.review,
        disabled: page.engine !== "ready" || page.busy > 0 }, "Review the game"));
    return;
  }
  const names = seatNamesOf(view.entry.ui, state);
  const done = review.points.length;
  const parts = [title];
  if (review.running) {
    parts.push(h("p", { class: "review-progress", role: "status" },
      `Reviewing… ${done} of ${review.total} positions. The game can be browsed meanwhile.`,
      h("progress", { max: String(review.total), value: String(done), "aria-label": "How much of the game is reviewed" })));
  } else if (done < review.total) { // stopped part way (the page was left): it goes on from there
    parts.push(h("p", { class: "review-note" }, `Reviewed ${done} of ${review.total} positions so far.`),
      h("button", { type: "button", id: "review-go-on", class: "primary", onclick: actions.review,
        disabled: page.engine !== "ready" || page.busy > 0 }, "Go on with the review"));
  }
  parts.push(reviewGraph(review, state.players, s.cursor, names, actions));
  const marked = review.points.map((point, index) => ({ point, ply: index + 1 })).filter(({ point }) => point.mark);
  if (done === review.total) {
    parts.push(h("ul", { class: "review-summary", "aria-label": "Each player's play" },
      summaryLines(review.points, names).map((line) => h("li", {}, line))));
  }
  if (marked.length) {
    parts.push(h("ul", { class: "review-marks", "aria-label": "Marked moves" }, marked.map(({ point, ply }) =>
      h("li", {}, h("button", { type: "button", class: `review-mark mark-${point.mark}`, "data-review-ply": String(ply),
        "aria-current": s.cursor === ply - 1 ? "step" : null, onclick: () => actions.showReviewed(ply) },
      h("span", { class: "review-sign" }, MARK_SIGNS[point.mark]),
      ` Move ${ply} · ${names[point.player]} · ${s.record.moves[ply - 1]} · ${point.mark}`)))));
  }
  parts.push(h("p", { class: "review-note" }, `Marked: a move that gave away at least ${REVIEW_WORDS}. ` +
    "Accuracy: 100% for a move that gave nothing away, 64% for one that gave away 10%; opening, middle and end are " +
    "the game's thirds. ! an only move: every other move was proved to lose what it kept."));
  els.review.replaceChildren(...parts);
  tintLines(els.review);
}

const REVIEW_WORDS = "15% of its player's chances (?! an inaccuracy), 25% (? a mistake) or 35% (?? a blunder)";

/** The graph of a review: the first player's chances (two players), or a line per player; marks and the move shown. */
function reviewGraph(review, players, cursor, names, actions) {
  const W = 300;
  const H = 80;
  const span = Math.max(1, review.total - 1);
  const EDGE = 4; // room at both ends for a mark on the first or the last move
  const x = (k) => (EDGE + (k / span) * (W - 2 * EDGE)).toFixed(2);
  const y = (chance) => (H - chance * H).toFixed(2);
  const svg = svgNode("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", class: "review-graph",
    role: "img", "aria-label": graphWords(review, names) });
  svg.append(svgNode("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: "review-mid" }));
  const points = review.points;
  const lines = players === 2 ? [0] : names.map((_, player) => player);
  if (players === 2 && points.length) {
    const path = points.map((p, k) => `L${x(k)},${y(p.chances[0])}`).join(" ");
    svg.append(svgNode("path", { d: `M${x(0)},${H} ${path} L${x(points.length - 1)},${H} Z`, class: "review-area" }));
  }
  for (const player of lines) {
    if (!points.length) break;
    const drawn = points.map((p, k) => `${x(k)},${y(p.chances[player])}`).join(" ");
    // Each line over a dark casing, so that a light colour (White) reads on a light background too.
    if (players > 2) svg.append(svgNode("polyline", { points: drawn, class: "review-casing" }));
    svg.append(svgNode("polyline", { points: drawn, class: `review-line p${player}`, "data-player": String(player) }));
  }
  points.forEach((p, k) => {
    if (p.mark) svg.append(svgNode("line", { x1: x(k + 1), x2: x(k + 1), y1: 0, y2: H, class: `review-tick mark-${p.mark}` }));
  });
  svg.append(svgNode("line", { x1: x(cursor), x2: x(cursor), y1: 0, y2: H, class: "review-cursor" }));
  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * W;
    const ply = Math.max(0, Math.min(review.total - 1, Math.round(((at - EDGE) / (W - 2 * EDGE)) * span)));
    revealBoard();
    if (review.points[ply - 1]?.mark) actions.showReviewed(ply);
    else actions.goTo(ply);
  });
  // With more than two players, each line in the player's own colour where the game has colours (its swatch).
  const key = (player) => swatchOf(view.entry.ui, player) || h("span", { class: `review-swatch p${player}` });
  const legend = players === 2
    ? h("p", { class: "review-legend" }, h("span", { class: "review-swatch p0" }), ` ${names[0]}'s chances of winning ` +
      `(above the middle line: ${names[0]} ahead; ${names[1]}'s are the rest). Tap to go to a move.`)
    : h("p", { class: "review-legend" }, names.map((name, player) =>
      h("span", { class: "review-key", "data-player": String(player) }, key(player), ` ${name} `)), "Tap to go to a move.");
  return h("div", { class: "review-chart" }, svg, legend);
}

/** Once drawn: each player's line takes the colour of the game's swatch for that player, if it has one. */
function tintLines(panel) {
  for (const line of panel.querySelectorAll(".review-line[data-player]")) {
    const swatch = panel.querySelector(`.review-key[data-player="${line.dataset.player}"] .swatch`);
    if (swatch) line.style.stroke = getComputedStyle(swatch).backgroundColor;
  }
}

/** The graph in words, for those who cannot see it: where each player's chances ended. */
function graphWords(review, names) {
  const last = review.points[review.points.length - 1];
  if (!last) return "Chances of winning: none reviewed yet.";
  const percent = (c) => `${Math.round(c * 100)}%`;
  return `Chances of winning after move ${review.points.length - 1}: ` +
    names.map((name, player) => `${name} ${percent(last.chances[player])}`).join(", ") + ".";
}

/** The puzzle's panel (modes/puzzle.js): which puzzle, its task, what the move did, and the way on. */
function drawPuzzle(page) {
  const { els, actions } = view;
  const puzzle = page.puzzle;
  els.lesson.hidden = !puzzle;
  const key = puzzle
    ? JSON.stringify(["puzzle", puzzle.index, puzzle.step, puzzle.outcome, puzzle.solved.length, page.busy > 0]) : "";
  if (!puzzle || els.lessonKey === key) return;
  els.lessonKey = key;
  if (puzzle.practice) {
    drawMistake(page, puzzle);
    return;
  }
  const item = puzzle.list[puzzle.index];
  const outcome = puzzle.outcome;
  const solved = puzzle.solved.includes(item.id);
  const button = (id, text, onclick, primary = false) =>
    h("button", { type: "button", id, class: primary ? "primary" : "", onclick, disabled: page.busy > 0 }, text);
  const stars = "★".repeat(item.grade) + "☆".repeat(5 - item.grade);
  els.lesson.setAttribute("aria-label", "Puzzle");
  els.lesson.replaceChildren(...[
    h("p", { class: "lesson-head" }, h("b", {}, `Puzzle ${puzzle.index + 1} of ${puzzle.list.length}`),
      h("span", { class: "puzzle-grade", "aria-label": `difficulty ${item.grade} of 5` }, ` ${stars}`),
      solved ? h("span", { class: "puzzle-solved", "aria-label": "solved" }, " ✓") : null,
      h("span", { class: "puzzle-count" }, ` · ${puzzle.solved.length} of ${puzzle.list.length} solved`)),
    h("p", { class: "lesson-task", id: "puzzle-task" }, item.task),
    puzzle.step > 0 && !outcome ? h("p", { class: "lesson-hint", id: "puzzle-going" }, "Right so far: go on.") : null,
    outcome ? h("p", { class: `lesson-outcome ${outcome.ok ? "ok" : outcome.shown ? "shown" : "not-yet"}`,
      id: "puzzle-outcome", role: "status" },
    outcome.ok ? `✓ Solved. ${outcome.text}` : outcome.shown ? outcome.text : `Not this: ${outcome.text}`) : null,
    h("div", { class: "lesson-actions" },
      outcome && !outcome.ok ? button("puzzle-retry", "Try again", actions.puzzle.retry, !outcome.shown) : null,
      outcome?.ok ? button("puzzle-retry", "Play it again", actions.puzzle.retry) : null,
      !outcome?.ok && !outcome?.shown ? button("puzzle-reveal", "Show the answer", actions.puzzle.reveal) : null,
      button("puzzle-next", "Next puzzle", actions.puzzle.next, Boolean(outcome?.ok)),
      button("puzzle-leave", "Leave the puzzles", actions.puzzle.leave)),
  ].filter(Boolean));
  if (outcome && view.lessonOutcome !== outcome) requestAnimationFrame(() => revealBoardFoot("puzzle-outcome"));
  view.lessonOutcome = outcome;
}

/** Your mistakes' panel (modes/puzzle.js, practice): which one of those due, its task, what the move did, when it comes back. */
function drawMistake(page, puzzle) {
  const { els, actions } = view;
  const item = puzzle.list[puzzle.index];
  const outcome = puzzle.outcome;
  const button = (id, text, onclick, primary = false) =>
    h("button", { type: "button", id, class: primary ? "primary" : "", onclick, disabled: page.busy > 0 }, text);
  els.lesson.setAttribute("aria-label", "Your mistakes");
  const none = !puzzle.kept ? "No mistakes kept yet. When you review a finished game, its mistakes and blunders in your " +
    "moves are kept here to try again, and so is a puzzle you answer wrong."
    : `Nothing due now: ${puzzle.kept} kept, the next comes back ${puzzle.next}.`;
  const [other] = item ? [] : puzzle.elsewhere || []; // this game's done: on to the next game's due now
  const onward = other ? h("a", { class: "button primary", id: "mistakes-onward", href: `#/${other.game}?mistakes` },
    `Go on in ${other.title} (${other.due} due)`) : null;
  els.lesson.replaceChildren(...[
    h("p", { class: "lesson-head" }, h("b", {}, item ? `Your mistakes: ${puzzle.index + 1} of ${puzzle.list.length} due` : "Your mistakes")),
    h("p", { class: "lesson-task", id: "puzzle-task" }, item ? item.task : none),
    outcome ? h("p", { class: `lesson-outcome ${outcome.ok ? "ok" : outcome.shown ? "shown" : "not-yet"}`,
      id: "puzzle-outcome", role: "status" }, outcome.ok ? `✓ Right. ${outcome.text}` : outcome.shown ? outcome.text
      : `Not this: ${outcome.text}`) : null,
    h("div", { class: "lesson-actions" },
      item && outcome && !outcome.ok ? button("puzzle-retry", "Try again", actions.puzzle.retry, !outcome.shown) : null,
      item && !outcome ? button("puzzle-reveal", "Show a better move", actions.puzzle.reveal) : null,
      item ? button("puzzle-next", "Next", actions.puzzle.next, Boolean(outcome?.ok)) : null,
      onward,
      button("puzzle-leave", "Leave", actions.puzzle.leave)),
  ].filter(Boolean));
  if (outcome && view.lessonOutcome !== outcome) requestAnimationFrame(() => revealBoardFoot("puzzle-outcome"));
  view.lessonOutcome = outcome;
}

/** The lesson's panel (modes/lesson.js): the step, its task, what the move did, and the way on. */
function drawLesson(page) {
  const { els, actions } = view;
  const lesson = page.mode === "lesson" ? page.lesson : null;
  els.lesson.hidden = !lesson;
  const key = lesson ? JSON.stringify([lesson.index, lesson.outcome, lesson.hinted, lesson.done, page.busy > 0]) : "";
  if (!lesson || els.lessonKey === key) return;
  els.lessonKey = key;
  els.lesson.setAttribute("aria-label", "Lesson");
  const step = lesson.steps[lesson.index];
  const last = lesson.index === lesson.steps.length - 1;
  const outcome = lesson.outcome;
  const courseDone = lesson.steps.every((s) => lesson.done.includes(s.key)); // a first game is offered again on return
  const button = (id, text, onclick, primary = false) =>
    h("button", { type: "button", id, class: primary ? "primary" : "", onclick, disabled: page.busy > 0 }, text);
  // The step dots in chapters, each its name then its dots, kept together; the chapters wrap onto
  // more lines rather than scroll, so that every step and name is in sight, never cut by an edge.
  // (On a phone, which needs the height for the board, the names are left out and the dots scroll
  // in one row.)
  const dot = (s, i) => h("button", {
    type: "button", class: `lesson-step${i === lesson.index ? " current" : ""}${lesson.done.includes(s.key) ? " done" : ""}`,
    "aria-label": `Step ${i + 1}: ${s.title}${lesson.done.includes(s.key) ? " (done)" : ""}`,
    "aria-current": i === lesson.index ? "step" : null, onclick: () => actions.lesson.step(i),
  }, lesson.done.includes(s.key) ? "✓" : String(i + 1));
  const chapters = [];
  lesson.steps.forEach((s, i) => {
    if (s.chapter || !chapters.length) {
      chapters.push(h("span", { class: "lesson-chapter-steps" },
        s.chapter ? h("span", { class: "lesson-chapter" }, s.chapter) : null));
    }
    chapters.at(-1).append(dot(s, i));
  });
  els.lesson.replaceChildren(...[
    h("p", { class: "lesson-head", title: chapterOf(lesson.steps, lesson.index) || null },
      h("b", {}, `Lesson ${lesson.index + 1} of ${lesson.steps.length}: ${step.title}`)),
    h("div", { class: "lesson-steps" }, chapters),
    // Once done, on a phone, the task gives way to the answer so the board stays in sight (style.css).
    h("p", { class: `lesson-task${outcome?.ok ? " answered" : ""}`, id: "lesson-task" }, step.task),
    lesson.hinted && !outcome ? h("p", { class: "lesson-hint", id: "lesson-hint" }, step.hint) : null,
    outcome ? h("p", { class: `lesson-outcome ${outcome.ok ? "ok" : "not-yet"}`, id: "lesson-outcome", role: "status" },
      outcome.ok ? `✓ ${outcome.text}` : `Not this time: ${outcome.text}`) : null,
    outcome?.fight ? h("p", { class: "lesson-fight", id: "lesson-fight" }, `The dice: ${outcome.fight}`) : null,
    h("div", { class: "lesson-actions" },
      !outcome && !lesson.hinted ? button("lesson-hint-button", "Hint", actions.lesson.hint) : null,
      !outcome ? button("lesson-rules", "Rules", actions.rules) : null,
      outcome ? button("lesson-retry", outcome.ok ? "Play it again" : "Try again", actions.lesson.retry, !outcome.ok) : null,
      outcome?.ok && !last ? button("lesson-next", "Next step", actions.lesson.next, true) : null,
      last && (outcome?.ok || courseDone) ? button("lesson-first-game", "Play a first game", () => actions.lesson.leave(true), true) : null,
      button("lesson-leave", "Leave the lesson", () => actions.lesson.leave(false))),
  ].filter(Boolean));
  // A new step opens at the page's top, its title and task in view (the last step's answer had
  // scrolled the page down: a newcomer found the next task's first line under the top bar).
  if (view.lessonIndex !== undefined && view.lessonIndex !== lesson.index) {
    window.scrollTo({ top: 0 });
    els.lesson.parentElement.scrollTop = 0; // held sideways, the side column scrolls on its own
  }
  view.lessonIndex = lesson.index;
  // An answer's words grow above the board on a phone: the board's foot is brought back into view.
  if (outcome && view.lessonOutcome !== outcome) requestAnimationFrame(() => revealBoardFoot("lesson-outcome"));
  view.lessonOutcome = outcome;
  // On a phone the dots are one row that scrolls sideways (style.css): the current step's dot is
  // brought into it, and its ends fade where more dots lie beyond them.
  const row = els.lesson.querySelector(".lesson-steps");
  const current = row.querySelector(".lesson-step.current");
  if (current) row.scrollLeft = Math.max(0, current.offsetLeft - row.offsetLeft - (row.clientWidth - current.offsetWidth) / 2);
  const edges = () => {
    row.classList.toggle("more-left", row.scrollLeft > 1);
    row.classList.toggle("more-right", row.scrollLeft + row.clientWidth < row.scrollWidth - 1);
  };
  row.onscroll = edges;
  edges();
  // A hint just asked for lengthens the panel over the board: the buttons under the board, which
  // the hint often names, are brought back into view on a small screen.
  if (lesson.hinted && !outcome && els.lessonHinted !== lesson.index) {
    requestAnimationFrame(() => els.choiceButtons.scrollIntoView({ block: "nearest" }));
  }
  els.lessonHinted = lesson.hinted ? lesson.index : null;
}

/**
 * Before the first move of a first game, over the board: how to play, against
 * the computer (at a level) or pass and play (current-game.js, askHowToPlay).
 */
function drawHowTo(page) {
  const { els, entry, actions } = view;
  const asking = askHowToPlay(page);
  els.howTo.hidden = !asking;
  const key = asking ? `${entry.name}|${page.position.players}` : "";
  if (!asking || els.howToKey === key) return;
  els.howToKey = key;
  const players = page.position.players;
  const first = seatNamesOf(entry.ui, page.position)[0];
  const level = (value, primary) => h("button", { type: "button", class: primary ? "primary" : "", "data-opponent": value,
    onclick: () => actions.chooseHowToPlay(value) }, value[0].toUpperCase() + value.slice(1));
  els.howTo.replaceChildren(
    h("h2", { id: "how-to-title" }, `How do you want to play ${entry.title}?`),
    h("p", {}, `Against the computer: you play ${first}, the computer ${players > 2 ? "plays the others" : "the other side"}. How strong?`),
    h("div", { class: "how-to-levels" }, SEAT_LEVELS.map((value, i) => level(value, i === 0))),
    h("button", { type: "button", class: "how-to-people", "data-opponent": "human", onclick: () => actions.chooseHowToPlay("human") },
      `Pass and play: ${players} people take turns on this device`),
    catalogEntry(entry.name)?.lesson ? h("p", { class: "how-to-learn" },
      h("a", { href: `#/${entry.name}?learn` }, `New to ${entry.title}? Learn it in a few moves first`)) : null,
    h("p", { class: "how-to-note" }, "Asked once: new games are played the same way. The menus under the status change who plays each seat."),
  );
}

/** The thinking indicator: who thinks, how far the search has got, Move now. */
function drawThinking(state) {
  const { els } = view;
  const thinking = state.thinking;
  els.thinking.hidden = !thinking;
  els.hint.hidden = Boolean(thinking);
  if (!thinking || !state.position) return;
  const seatNames = seatNamesOf(view.entry.ui, state.position);
  const paused = Boolean(thinking.paused); // the computer waits for a person to go on (computer.js)
  els.thinking.querySelector(".thinking-text").textContent = paused ? thinking.paused : thinking.dice
    ? "Rolling the dice…" : `${seatNames[thinking.player]} is thinking…`;
  els.thinking.querySelector(".spinner").hidden = paused;
  const bar = els.thinking.querySelector(".thinking-progress");
  bar.hidden = Boolean(thinking.dice) || paused;
  if (!thinking.dice && !paused) bar.value = thinking.progress;
  const button = els.thinking.querySelector("#move-now");
  button.hidden = Boolean(thinking.dice);
  button.disabled = Boolean(thinking.stopping);
  button.textContent = paused ? thinking.button : "Move now";
  button.classList.toggle("primary", paused);
}

/** Draw the game on screen: status, players, seats, board, choices, panel and moves. */
function renderGame(page) {
  const { els, entry, board, actions } = view;
  const ui = entry.ui;
  const state = page.position; // the engine's state of the position shown
  const { input, hint } = page;
  const picture = page.mode === "picture";
  els.board.classList.toggle("picture", picture);
  // A lesson and the puzzles: the task's panel first; the game's own controls, seats and log stand aside.
  els.board.parentElement.classList.toggle("lesson-mode", page.mode === "lesson" || page.mode === "puzzle");
  if (page.mode === "puzzle") drawPuzzle(page);
  else drawLesson(page);
  drawHowTo(page);
  drawReview(page);
  const model = gamePage(page, ui, { drawn: Boolean(board) });
  els.undo.disabled = model.tools.undo;
  els.redo.disabled = model.tools.redo;
  els.newGame.disabled = model.tools.newGame;
  for (const tool of els.tools) tool.disabled = tool.id === "rules" ? false : model.tools.dialogs;
  if (!model.usable) {
    els.status.textContent = model.status;
    els.choiceButtons.replaceChildren();
    els.thinking.hidden = true;
    return;
  }

  const { seatNames } = model;
  if (els.seatSelects.length !== state.players || els.seatKey !== seatNames.join("|")) {
    buildSeats(els, seatNames, actions.changeSeat);
  }
  els.seatSelects.forEach((label, player) => {
    const select = label.querySelector("select");
    if (select.value !== model.seats[player]) select.value = model.seats[player];
    select.disabled = model.seatsLocked;
  });
  if (els.seatSummary) els.seatSummary.textContent = seatSummary(model.seats);
  els.seats.hidden = model.seatsHidden;
  drawLinkPanel(page, model.linkPanel);
  els.hintButton.disabled = model.hintDisabled;
  const hinted = hint?.cells ? new Set(hint.cells) : new Set();

  board.disabled = model.boardDisabled;
  board.update({
    hinted,
    contents: ui.contents ? ui.contents(state.view) : {},
    decorations: ui.decorate ? ui.decorate(state.view, state, input.prefix) : {},
    live: model.live,
    selected: model.selected,
    marked: ui.marked ? ui.marked(state, board) : new Set(),
    label: (name) => ui.cellLabel(name, state.view),
  });
  drawMarks(page);

  const { status } = model;
  if (els.status.textContent !== status) els.status.textContent = status;
  els.status.classList.toggle("over", model.over);
  els.players.classList.toggle("many", state.players > 2 && state.players <= 4);
  els.players.classList.toggle("crowd", state.players > 4);
  els.players.replaceChildren(...ui.players(state).map((p) => h("li", {
    class: `player${p.active ? " active" : ""}${p.winner ? " winner" : ""}`,
    "aria-current": p.active ? "true" : null,
  }, p.swatch ? h("span", { class: `swatch ${p.swatch}`, "aria-hidden": "true" }) : null,
  h("span", { class: "player-name" }, p.name), h("span", { class: "player-detail" }, p.detail))));

  els.note.textContent = model.note;
  els.notice.hidden = !model.notice;
  if (els.noticeText.textContent !== model.notice) els.noticeText.textContent = model.notice;
  els.hint.textContent = model.line;
  floatRefusal(page.refusal);
  els.coach.hidden = model.coach.hidden;
  els.coachToggle.setAttribute("aria-pressed", String(model.coach.on));
  els.coachToggle.textContent = model.coach.on ? "Coach on" : "Coach off";
  if (els.coachText.textContent !== model.coach.text || els.coachText.dataset.shown !== String(!model.coach.hidden)) {
    els.coachText.textContent = model.coach.text;
    els.coachText.dataset.shown = String(!model.coach.hidden);
    markClipped(els.coachText);
  }
  drawThinking(page);
  if (hint?.move && view.hintShown !== hint) revealBoard(); // the hint is drawn on the board
  view.hintShown = hint;
  const tokens = model.choices;
  if (view.armed && (view.armed.position !== state || view.armed.prefix !== JSON.stringify(input.prefix)
    || !tokens.includes(view.armed.token))) view.armed = null;
  const buttons = tokens.map((token) => {
    const c = ui.choice(token, state);
    // A button may say which cells it concerns: they are ringed while a pointer or the focus is on it
    // (a finger has no hover: see armChoice).
    const show = (cells) => (event) => event?.pointerType === "touch" || actions.preview(cells);
    // The button's name is the text it shows (a speech user says what they see); the
    // module's longer words for it, if any, are its description.
    const described = c.label && c.label !== c.text ? `choice-about-${token}` : null;
    const onclick = (event) => (c.confirm && event.pointerType === "touch" && view.armed?.token !== token
      ? armChoice(token, c, state) : chooseFromButton(token));
    return h("button", {
      type: "button", class: "choice", "data-choice": token, "aria-keyshortcuts": c.key, "aria-describedby": described,
      "aria-pressed": view.armed?.token === token ? "true" : null,
      disabled: page.busy > 0, onclick,
      onpointerenter: c.preview ? show(c.preview) : null, onfocus: c.preview ? show(c.preview) : null,
      onpointerleave: c.preview ? show(null) : null, onblur: c.preview ? show(null) : null,
    }, c.swatch ? h("span", { class: `swatch ${c.swatch}`, "aria-hidden": "true" }) : null, c.text,
    c.key ? h("kbd", { "aria-hidden": "true" }, c.key) : null,
    described ? h("span", { id: described, hidden: true }, c.label) : null);
  });
  if (model.keep) {
    buttons.push(h("button", { type: "button", class: "choice keep", id: "keep-choice", disabled: page.busy > 0,
      "aria-pressed": String(model.keep.token === null), onclick: () => actions.keep(model.keep.token) }, model.keep.text));
  }
  if (model.series) {
    const { moves } = model.series;
    buttons.push(h("button", { type: "button", class: "choice series", id: "series-choice", disabled: page.busy > 0,
      onclick: () => actions.playSeries(moves) }, model.series.text));
  }
  els.choiceButtons.classList.toggle("many", buttons.length > 6);
  if (model.cancel) {
    buttons.push(h("button", { type: "button", class: "choice cancel", id: "cancel-move", onclick: actions.cancel },
      "Cancel", h("kbd", { "aria-hidden": "true" }, "Esc")));
  }
  els.choiceButtons.replaceChildren(...buttons);
  if (view.armed) els.hint.textContent = view.armed.words;
  const banner = ui.banner ? ui.banner(state) : null;
  els.banner.hidden = !banner;
  if (banner && els.bannerHtml !== banner) els.banner.innerHTML = banner;
  els.bannerHtml = banner;
  const panel = ui.panel ? ui.panel(state) : null;
  els.panel.hidden = !panel;
  if (panel && els.panelHtml !== panel) els.panel.innerHTML = panel;
  els.panelHtml = panel;

  renderRecent(els, state, ui);
  const s = page.session;
  renderLog(s, state, ui, seatNames, page.mode === "play" ? page.review : null);
  announce(els, s, state, status, page.motion);
  if (page.motion && page.motion !== view.motion && page.motion.position === state) {
    view.motion = page.motion;
    board.animate(motionFor(page.motion.events, ui, state.view));
  }
  if (view.focusAfter) {
    board.focus(view.focusAfter);
    view.focusAfter = null;
  }
}

/** Whether the coach's words are cut short on screen (a phone's two lines, or one held
 * sideways): then they end in "more" (style.css). Measured while they are folded. */
function markClipped(words) {
  if (words.getAttribute("aria-expanded") === "true") return;
  const clipped = words.scrollHeight > words.clientHeight + 1 || words.scrollWidth > words.clientWidth + 1;
  words.dataset.clipped = String(clipped);
}

/**
 * A refused tap's reason is said in the line under the board; where that line is off the screen
 * (a big board on a phone) it floats at the screen's foot as well, for a few seconds (a newcomer
 * tapped an empty square, saw nothing happen, and never scrolled down to the reason).
 */
function floatRefusal(refusal) {
  if (refusal === view.refusalFloated) return;
  // The reason floated before goes with it (the next tap, a move, another step): a newcomer found
  // one left over the board of the next lesson step.
  const said = document.querySelector("#message .message-text")?.textContent;
  if (view.refusalFloated && said === view.refusalFloated) hideMessage();
  if (refusal) {
    const line = view.els.hint.getBoundingClientRect();
    if (line.top < 0 || line.bottom > window.innerHeight) showMessage(refusal, { error: false });
  }
  view.refusalFloated = refusal;
}

/**
 * Scroll the page (a phone held upright, where board and panel are one column)
 * just enough for the whole board to be in view; nothing moves if it is.
 */
function revealBoard() {
  const area = view?.els.board;
  if (!area) return;
  const box = area.getBoundingClientRect();
  const top = Math.max(0, document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0);
  if (box.top >= top && box.bottom <= window.innerHeight) return;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: box.top - top - 4, behavior: reduce ? "auto" : "smooth" });
}

/**
 * After an answer's words appeared above the board (a phone held upright): scroll just enough
 * for the board's foot to be in view, never so far that the words' first line goes under the
 * top bar; words already above the screen (the player had scrolled down to the buttons under
 * the board) are scrolled back into view.
 */
function revealBoardFoot(wordsId) {
  const box = view?.els.board?.getBoundingClientRect();
  const words = document.getElementById(wordsId);
  if (!box || !words) return;
  const top = Math.max(0, document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0);
  const wordsTop = words.getBoundingClientRect().top;
  // Scrolled down to the buttons under the board, the words would be above the screen: back up to them.
  const above = wordsTop < top;
  const by = above ? wordsTop - top - 4 : Math.min(box.bottom - window.innerHeight + 4, wordsTop - top - 4);
  if (!above && by <= 0) return;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: by, behavior: reduce ? "auto" : "smooth" });
}

/** A choice button: the choice is taken; the focus goes back to the board's cell if it was on the buttons. */
function chooseFromButton(token) {
  const { els, actions } = view;
  const selected = store.state.input.selected();
  if (els.choices.contains(document.activeElement) && selected.length) view.focusAfter = selected[selected.length - 1];
  actions.choose(token);
  // A choice whose next step is a cell (Ambush's Turn, then the coaster's middle): a player who
  // scrolled down to the buttons gets the board back in view (a newcomer had to scroll up).
  revealBoardNextFrame(els, () => els.board.querySelector(".cell.live") && !els.choiceButtons.querySelector("[data-choice]"));
}

/** At the next frame, once the page drew what was chosen: the board into view (revealBoard), if the same game
 * page is still on screen and `wanted()` says so. */
function revealBoardNextFrame(els, wanted = () => true) {
  requestAnimationFrame(() => {
    if (view?.els === els && wanted()) revealBoard();
  });
}

/**
 * A choice that asks to be confirmed on a touch screen (`confirm`, Nimbus's collects), tapped
 * once: it is pressed, what it concerns is ringed and the line says `confirm`; a second tap
 * takes it (a pointer or the keyboard shows the same by hover or focus, and one click takes it).
 */
function armChoice(token, c, state) {
  const { els, actions } = view;
  view.armed = { token, words: c.confirm, cells: c.preview || [], position: state,
    prefix: JSON.stringify(store.state.input.prefix) };
  for (const button of els.choiceButtons.querySelectorAll("[data-choice]")) {
    if (button.dataset.choice === token) button.setAttribute("aria-pressed", "true");
    else button.removeAttribute("aria-pressed");
  }
  els.hint.textContent = c.confirm;
  actions.preview(view.armed.cells);
  // The rings say what the second tap takes: a player scrolled down to the buttons gets the board back in
  // view (a newcomer read "the 3 ringed pyramids" with the board above the screen).
  revealBoardNextFrame(els);
}

/** The marks on the board: the last turns, a hint, and the cells a choice under the pointer concerns (or armed). */
function drawMarks(page) {
  const { board, entry } = view;
  const state = page.position;
  if (!board || !state) return;
  const preview = (page.preview || view.armed?.cells || []).map((cell) => ({ kind: "ring", cell, cls: "preview" }));
  const hint = page.hint?.events ? hintMarks(page.hint.events, entry.ui, state.view) : [];
  const coached = coachMarks(page.coaching, state);
  board.setMarks([...marksFor(state, entry.ui), ...coached, ...hint, ...preview]);
}

/**
 * A game by links (model/link-game.js linkPanel says what): whose turn it is and whether it is this
 * device's, whether the game was sent, since when it waits; the Send button, primary when
 * this device has news for another; Resign and End as abandoned, for a game nobody answers.
 */
function drawLinkPanel(page, panel) {
  const { els } = view;
  els.linkPanel.hidden = !panel;
  if (!panel) return;
  if (els.linkStatus.textContent !== panel.text) els.linkStatus.textContent = panel.text;
  if (els.linkDetail.textContent !== panel.detail) els.linkDetail.textContent = panel.detail;
  els.linkDetail.hidden = !panel.detail;
  els.sendButton.hidden = !panel.send;
  els.sendButton.classList.toggle("primary", Boolean(panel.send?.primary));
  if (panel.send && els.sendButton.textContent !== panel.send.label) els.sendButton.textContent = panel.send.label;
  // Each needs the engine up, and the game as the engine has it (not the picture of it drawn before).
  const closed = page.busy > 0 || page.mode === "picture" || page.engine !== "ready";
  els.sendButton.disabled = closed;
  els.linkEnd.hidden = !panel.end;
  for (const button of els.linkEnd.children) button.disabled = closed;
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

/** A player's colour dot, where the game gives its seats colours. */
function swatchOf(ui, player) {
  const swatch = player === null ? null : ui.seatSwatches?.[player];
  return swatch ? h("span", { class: `swatch ${swatch}`, "aria-hidden": "true" }) : null;
}

/**
 * Under the board: the turns marked on it, in words, the newest last (as far as the position
 * shown). With many players the older ones fold away under one line, so the board stays near.
 */
function renderRecent(els, state, ui) {
  const items = (state.marks || []).filter((turn) => turn.text)
    .map((turn) => h("li", { class: "recent-turn" }, swatchOf(ui, turn.player), h("span", {}, turn.text)));
  const key = items.map((item) => item.textContent).join("\n");
  if (key === els.recentKey) return;
  els.recentKey = key;
  const shown = 3;
  if (items.length > shown) {
    const older = items.slice(0, -shown);
    const fold = h("li", { class: "recent-fold" }, h("details", {},
      h("summary", {}, `${older.length} earlier turns`), h("ol", { class: "recent" }, older)));
    els.recent.replaceChildren(fold, ...items.slice(-shown));
  } else {
    els.recent.replaceChildren(...items);
  }
  els.recent.hidden = items.length === 0;
}

const LOG_WINDOW = 400; // a long game's log entries drawn (renderLog), at least
const LOG_STEP = 100; // and where they start from, a multiple of this

/**
 * The game log: one entry per turn, in words, each a button that shows the
 * position after that turn, with its moves' notation (one small button per
 * move, `data-ply`) for those who want it.
 */
function renderLog(s, state, ui, seatNames, review) {
  const { moves, movesEmpty, movesKey, logItems } = view.els;
  const list = s.record.moves;
  movesEmpty.hidden = list.length > 0;
  movesKey.hidden = list.length === 0;
  const who = (player) => (player === null ? "" : `${seatNames[player]}: `);
  const mover = (ply) => (ply > state.movers.length ? "" : state.movers[ply - 1] === CHANCE ? " (dice)"
    : ` (${seatNames[state.movers[ply - 1]]})`);
  const seen = new Map();
  // Only the entries whose looks can have changed are patched: new ones, those between the last
  // position shown and this one (future, current), all of them when the review changed. A game of
  // thousands of moves is not walked chip by chip at every tap (issue 41).
  if (view.els.logSession !== s.id) { // another game: its log drawn from its last turns again
    view.els.logSession = s.id;
    view.els.logAll = false;
  }
  const drawn = view.els.logDrawn;
  // A game of thousands of turns draws its last LOG_WINDOW (and from a little before the turn
  // shown, when it is earlier): laying out and painting every entry at each move cost a long
  // game most of a move's time (issue 41). A button above them draws the rest.
  let from = 0;
  if (!view.els.logAll && state.log.length > LOG_WINDOW) {
    const at = state.log.findIndex((entry) => entry.last >= s.cursor);
    from = Math.max(0, Math.min(state.log.length - LOG_WINDOW, (at < 0 ? state.log.length : at) - 10));
    // In steps of a hundred: a window that moved on at every turn put all its entries in again.
    from -= from % LOG_STEP;
  }
  const everyEntry = !drawn || drawn.review !== review || drawn.from !== from;
  const low = Math.min(drawn?.cursor ?? 0, s.cursor);
  const high = Math.max(drawn?.cursor ?? 0, s.cursor);
  const items = state.log.slice(from).map((entry) => {
    const key = `${entry.first}|${entry.last}|${entry.player}|${entry.text}|${Math.min(entry.last, state.movers.length)}`;
    let item = logItems.get(key);
    const fresh = !item;
    if (!item) {
      const chips = [];
      for (let ply = entry.first; ply <= entry.last; ply++) {
        chips.push(h("button", { type: "button", class: "move", "data-ply": String(ply), "data-n": String(ply),
          "aria-label": `Move ${ply}${mover(ply)}: ${list[ply - 1]}` }, list[ply - 1]));
      }
      item = h("li", { class: "turn" },
        h("button", { type: "button", class: "turn-text", "data-turn-end": String(entry.last),
          "aria-label": `${who(entry.player)}${entry.text}` }, swatchOf(ui, entry.player), h("span", {}, entry.text)),
        h("span", { class: "notation" }, chips));
    }
    seen.set(key, item);
    if (!fresh && !everyEntry && (entry.last < low || entry.first > high)) return item;
    const future = entry.first > s.cursor;
    const current = entry.first <= s.cursor && s.cursor <= entry.last;
    item.classList.toggle("future", future);
    item.classList.toggle("current", current);
    for (const chip of item.querySelectorAll("[data-ply]")) {
      const ply = Number(chip.dataset.ply);
      chip.classList.toggle("future", ply > s.cursor);
      const point = review?.points[ply - 1];
      const mark = point?.mark || null;
      const only = point?.label === "only" ? "only" : null;
      if ((chip.dataset.reviewMark || null) !== mark || (chip.dataset.reviewLabel || null) !== only) {
        if (mark) chip.dataset.reviewMark = mark;
        else delete chip.dataset.reviewMark;
        if (only) chip.dataset.reviewLabel = only;
        else delete chip.dataset.reviewLabel;
        chip.dataset.sign = mark ? MARK_SIGNS[mark] : only ? "!" : "";
        const label = chip.getAttribute("aria-label").replace(/ \((inaccuracy|mistake|blunder|only move)\)$/, "");
        chip.setAttribute("aria-label", mark ? `${label} (${mark})` : only ? `${label} (only move)` : label);
      }
      if (ply === s.cursor) chip.setAttribute("aria-current", "step");
      else chip.removeAttribute("aria-current");
    }
    return item;
  });
  view.els.logItems = seen;
  view.els.logDrawn = { cursor: s.cursor, review, from };
  if (from > 0) {
    view.els.logEarlier ||= h("li", { class: "log-earlier" }, h("button", { type: "button", onclick: () => {
      view.els.logAll = true;
      renderLog(...view.els.logArgs);
    } }, ""));
    view.els.logEarlier.firstChild.textContent = `Show the ${from.toLocaleString("en")} earlier turns`;
    items.unshift(view.els.logEarlier);
  }
  view.els.logArgs = [s, state, ui, seatNames, review];
  // Only the tail that differs is put in again (a move adds or changes the last entries; all
  // of a long game's entries put in again cost a layout of thousands of them).
  const shown = moves.children;
  let same = 0;
  while (same < items.length && same < shown.length && shown[same] === items[same]) same++;
  while (shown.length > same) shown[shown.length - 1].remove();
  if (same < items.length) moves.append(...items.slice(same));
  // Keep the current entry in sight, scrolling the log only (never the page): only when the log
  // changed, since a measure lays the whole log out first (of a game of thousands of moves,
  // 20-75 ms at each of a move's renders, issue 41).
  const shownNow = `${s.cursor}|${items.length}|${same}`;
  if (view.els.logScrolled === shownNow && same === items.length) return;
  view.els.logScrolled = shownNow;
  const current = moves.querySelector(".turn.current") || moves.lastElementChild;
  if (current) {
    const top = current.offsetTop;
    const bottom = top + current.offsetHeight;
    if (top < moves.scrollTop) moves.scrollTop = top;
    else if (bottom > moves.scrollTop + moves.clientHeight) moves.scrollTop = bottom - moves.clientHeight;
  }
}

/**
 * Say what changed, once: after a move, the move in the log's words and then the
 * status; after going back or forward, the status with the position shown.
 */
function announce(els, s, state, status, motion) {
  // A move just played here (moveShown: a lesson's next step, a puzzle or a game opened shows a
  // position whose last move was never seen played, and going back and forth plays nothing).
  const played = motion?.position === state;
  const key = `${s.record.moves.length}|${s.cursor}|${status}|${played ? motion.id : ""}`;
  if (els.announced === key) return;
  els.announced = key;
  els.announce.textContent = announcement(played && state.last_move ? state.last_move.text : "", status, state.is_over);
}
