// What the game page says and allows (site/model/game-page.js), from the store's state,
// on positions the engine wrote: no browser, no engine.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MoveInput } from "../../site/model/move-input.js";
import { announcement, coachMarks, coachWords, gamePage, hintCertainty, keptChoice, mistakeReason, needsHardLevel, provenWords, pictureHint, seatSummary, turnReason, unrepeated } from "../../site/model/game-page.js";
import { initialState } from "../../site/state/store.js";
import { GAME_NAMES, POSITIONS, positions, uiOf } from "./fixtures.mjs";

const UIS = Object.fromEntries(await Promise.all(GAME_NAMES.map(async (name) => [name, await uiOf(name)])));

/** The store's state with `position` on its game's page, played as `session` says (pass and play by default). */
function pageOf(position, session = {}, extra = {}) {
  const name = position.record.game;
  const record = position.record;
  return {
    ...initialState(),
    engine: "ready",
    page: { kind: "game", entry: { name, ui: UIS[name] } },
    layout: { name },
    session: { id: "g", game: name, record, cursor: record.moves.length, ...session },
    position,
    input: new MoveInput(position.legal),
    ...extra,
  };
}
const modelOf = (page, options) => gamePage(page, page.page.entry.ui, options);

test("pass and play: the game module's status and hint, every live cell and choice, at every position", () => {
  for (const [label, position] of positions()) {
    const ui = UIS[position.record.game];
    const model = modelOf(pageOf(position));
    const next = new MoveInput(position.legal).next();
    assert.equal(model.usable, true, label);
    assert.equal(model.status, ui.status(position), label);
    assert.equal(model.over, position.is_over, label);
    assert.equal(model.note, "", label);
    assert.deepEqual(model.live, next.cells, label);
    const dice = position.to_move === -1 && !position.is_over; // the page rolls them by itself (computer.js)
    assert.deepEqual(model.choices, dice ? [] : ui.orderChoices ? ui.orderChoices(next.choices, position) : next.choices, label);
    assert.equal(model.boardDisabled, dice, label);
    assert.equal(model.seatNames.length, position.players, label);
    assert.deepEqual(model.seats, Array(position.players).fill("human"), label);
    assert.equal(model.tools.undo, position.record.moves.length === 0, label);
    assert.equal(model.tools.redo, true, label);
    assert.equal(model.coach.hidden, true, `${label}: no coach in pass and play`);
    assert.equal(model.linkPanel, null, label);
    if (dice) {
      assert.equal(model.line, "Rolling the dice…", label);
    } else {
      assert.equal(model.line, ui.hint(position, next, []), label);
      assert.equal(model.hintDisabled, position.is_over, label);
    }
  }
});

test("a position before the last move: said, and a move there replaces the later ones", () => {
  const position = POSITIONS["manalath/2/under_way"];
  const model = modelOf(pageOf(position, { record: { ...position.record, moves: [...position.record.moves, "e5w", "d4b"] } }));
  assert.equal(model.note, `Showing the position after move 12 of 14. A move played here replaces the later ones.`);
  assert.equal(model.tools.redo, false);
});

test("the computer's turn: said, the board and hint closed, no choices", () => {
  for (const [label, position] of positions()) {
    if (position.is_over || position.to_move === -1) continue;
    const seats = Array(position.players).fill("human");
    seats[position.to_move] = "hard";
    const page = pageOf(position, { seats });
    const model = modelOf(page);
    const name = model.seatNames[position.to_move];
    assert.deepEqual(model.computerTurn, { player: position.to_move, level: "hard" }, label);
    assert.equal(model.line, `${name} is played by the computer.`, label);
    assert.equal(model.boardDisabled, true, label);
    assert.equal(model.hintDisabled, true, label);
    assert.deepEqual(model.choices, [], label);
    assert.equal(model.coach.hidden, true, `${label}: the coach waits while the computer plays`);
    const thinking = modelOf({ ...page, thinking: { player: position.to_move, level: "hard", progress: 0.5 } });
    assert.equal(thinking.line, UIS[position.record.game].hint(position, page.input.next(), []), `${label}: the thinking bar speaks`);
  }
});

test("against the computer the coach speaks on a person's turn: looking, then its notes", () => {
  for (const [label, position] of positions()) {
    if (position.is_over || position.to_move === -1) continue;
    const seats = Array(position.players).fill("easy");
    seats[position.to_move] = "human";
    const model = modelOf(pageOf(position, { seats }));
    assert.deepEqual(model.coach, { hidden: false, on: true, text: "Coach: looking…" }, label);
    const quiet = modelOf(pageOf(position, { seats }, { coaching: [] }));
    assert.equal(quiet.coach.text, "Nothing is decided by the next move.", label);
    const off = modelOf(pageOf(position, { seats }, { coachChoice: false }));
    assert.deepEqual(off.coach, { hidden: false, on: false, text: "" }, `${label}: switched off, the toggle stays`);
  }
});

test("the coach's words: a win, moves that lose, every move lost, the game's own words", () => {
  const position = POSITIONS["manalath/2/under_way"];
  const names = ["White", "Black"];
  const moves = position.legal.map((m) => m.move);
  assert.equal(coachWords([{ kind: "win", moves: moves.slice(0, 5) }], position, names),
    `White can win now: ${moves.slice(0, 4).join(", ")} and 1 more.`);
  assert.equal(coachWords([{ kind: "win", moves }], position, names), "Every move wins here: whatever White plays, the game is won.");
  assert.equal(coachWords([{ kind: "lose", moves: [moves[0]] }], position, names), `This move loses at once: ${moves[0]}.`);
  // A pass is said as one (a newcomer read "loses at once: pass" as a command).
  assert.equal(coachWords([{ kind: "lose", moves: ["pass"] }], position, names), "Passing loses at once.");
  assert.equal(coachWords([{ kind: "lose", moves: [moves[0], "pass"] }], position, names),
    `These moves lose at once: ${moves[0]}, a pass.`);
  assert.equal(coachWords([{ kind: "lose", moves }], position, names), "Every move loses here: the game cannot be saved.");
  assert.equal(coachWords([{ kind: "note", moves: [], text: "A stack is in danger." }], position, names), "A stack is in danger.");
  assert.equal(coachWords(null, position, names), "");
  // Nearly every move loses at once: the few that do not are named.
  const all = position.legal.map((m) => m.move);
  assert.equal(coachWords([{ kind: "lose", moves: all.slice(2) }], position, names),
    `Only ${all[0]}, ${all[1]} do not lose at once: every other move loses.`);
});

test("the coach's marks ring a winning cell green, a losing one red, none when every move loses or every move wins", () => {
  const position = POSITIONS["manalath/2/under_way"];
  const first = position.legal[0];
  const cell = first.steps[0].cell;
  const atCell = position.legal.filter((m) => m.steps[0].cell === cell).map((m) => m.move);
  assert.deepEqual(coachMarks([{ kind: "win", moves: [first.move] }], position), [{ kind: "ring", cell, cls: "coach-win" }]);
  assert.deepEqual(coachMarks([{ kind: "lose", moves: atCell }], position), [{ kind: "ring", cell, cls: "coach-lose" }]);
  assert.deepEqual(coachMarks([{ kind: "lose", moves: position.legal.map((m) => m.move) }], position), []);
  assert.deepEqual(coachMarks([{ kind: "win", moves: position.legal.map((m) => m.move) }], position), [], "every move wins: no ring on every cell");
  assert.deepEqual(coachMarks([{ kind: "note", moves: [], cells: ["a1"] }], position), [{ kind: "ring", cell: "a1", cls: "coach-warn" }]);
  // A cell two notes name (Not Nyout: a station in danger that a move also exposes) is ringed once.
  assert.deepEqual(coachMarks([{ kind: "danger", moves: [], cells: ["a1"] }, { kind: "exposes", moves: [], cells: ["a1", "b2"] }], position),
    [{ kind: "ring", cell: "a1", cls: "coach-warn" }, { kind: "ring", cell: "b2", cls: "coach-warn" }]);
  // A game's own kind rung as its `ring` says (Nimbus's round taken, a round handed over).
  assert.deepEqual(coachMarks([{ kind: "round", ring: "win", moves: [first.move] }], position), [{ kind: "ring", cell, cls: "coach-win" }]);
  assert.deepEqual(coachMarks([{ kind: "round-gift", ring: "gift", moves: [first.move] }], position), [{ kind: "ring", cell, cls: "coach-gift" }]);
});

test("a refusal goes before the hint line; a hint asked for says so, then gives the move", () => {
  const position = POSITIONS["ambush/2/under_way"];
  const ui = UIS.ambush;
  const line = ui.hint(position, new MoveInput(position.legal).next(), []);
  assert.equal(modelOf(pageOf(position, {}, { refusal: "No move starts on e5." })).line, `No move starts on e5. ${line}`);
  assert.equal(modelOf(pageOf(position, {}, { hint: { pending: true } })).line, "Looking for a good move…");
  assert.equal(modelOf(pageOf(position, {}, { hint: { pending: true } })).hintDisabled, true);
  assert.equal(modelOf(pageOf(position, {}, { hint: { move: "c1s", text: "Red places a small on c1." } })).line,
    `Hint: Red places a small on c1. ${line}`);
});

test("a lesson's or a puzzle's outcome stands alone: the hint line is empty", () => {
  const position = POSITIONS["nimbus/2/under_way"];
  assert.equal(modelOf(pageOf(position, {}, { mode: "lesson", lesson: { outcome: { ok: false, text: "x" } } })).line, "");
  assert.equal(modelOf(pageOf(position, {}, { mode: "puzzle", puzzle: { outcome: { ok: true, text: "x" } } })).line, "");
});

test("Your mistakes with nothing due: the empty board says nothing (it said Manalath's \"No placement is possible: pass.\")", () => {
  const position = POSITIONS["manalath/2/start"];
  const closed = { ...pageOf(position, {}, { mode: "puzzle", puzzle: { practice: true, list: [], outcome: null } }), input: new MoveInput() };
  assert.equal(modelOf(closed).line, "");
  const due = pageOf(position, {}, { mode: "puzzle", puzzle: { practice: true, list: [{ id: "m" }], outcome: null } });
  assert.equal(modelOf(due).line, modelOf(pageOf(position)).line); // one due: the game's own line, as a puzzle's
});

test("while the engine starts, the picture takes taps and says they are kept; the tools wait", () => {
  const position = POSITIONS["manalath/2/start"];
  const model = modelOf(pageOf(position, {}, { mode: "picture" }));
  assert.equal(model.line, pictureHint([]));
  assert.deepEqual(model.tools, { undo: true, redo: true, newGame: true, dialogs: true });
  assert.equal(model.seatsLocked, true);
  assert.match(pictureHint(["e5"]), /^Tapped: e5\./);
});

test("no engine, or no board yet: the status says so and nothing else is drawn", () => {
  const position = POSITIONS["manalath/2/start"];
  assert.deepEqual(modelOf(pageOf(position, {}, { engine: "failed" })).status, "The game engine is not available.");
  const loading = modelOf(pageOf(position), { drawn: false });
  assert.deepEqual([loading.usable, loading.status], [false, "Loading…"]);
  const otherGame = modelOf({ ...pageOf(position), layout: { name: "ambush" } });
  assert.equal(otherGame.usable, false);
});

test("the dice of a game against the computer are rolled by the page, or wait for the last move", () => {
  const position = POSITIONS["not_nyout/2/chance"];
  const seats = ["human", "hard"];
  assert.equal(modelOf(pageOf(position, { seats })).line, "Rolling the dice…");
  const earlier = pageOf(position, { seats, record: { ...position.record, moves: [...position.record.moves, "x"] } });
  assert.equal(modelOf(earlier).line, "The dice are to be rolled: go to the last move to roll them.");
});

test("folded seats say who plays", () => {
  assert.equal(seatSummary(["human", "human", "hard"]), "Who plays: 2 people, 1 computer");
  assert.equal(seatSummary(["easy", "easy", "easy", "easy"]), "Who plays: 4 computers");
  assert.equal(seatSummary(["human", "human", "human"]), "Who plays: 3 people");
});

test("a screen reader hears the move, then the status, and who won only once", () => {
  assert.equal(announcement("Red places a small on c3.", "Black to move (turn 2 of 30)", false),
    "Red places a small on c3. Black to move (turn 2 of 30)");
  assert.equal(announcement("", "Black to move (turn 2 of 30)", false), "Black to move (turn 2 of 30)");
  const last = "Red attacks Blue's horse on W and takes it. Blue has no horses left and is out. Red wins, the last player with horses.";
  assert.equal(announcement(last, "Red wins: the last player with horses", true), last);
});

test("a zoomed Nymbat board centres on the pieces that may move and the last move, not the empty setup rows", async () => {
  const { zoomFocus } = await import("../../site/model/board-marks.js");
  const ui = await uiOf("nymbat");
  // Red's 3 on c4 may move; a1 and b2 are empty cells of Red's setup area; Blue just moved to h8.
  const legal = [
    { move: "c4-d4", steps: [{ cell: "c4" }, { cell: "d4" }] },
    { move: "a1=1", steps: [{ cell: "a1" }, { choice: "1" }] },
    { move: "b2=1", steps: [{ cell: "b2" }, { choice: "1" }] },
  ];
  const view = { cells: { c4: [0, 3], h8: [1, 5] }, last: ["m7", "h8"] };
  const input = new MoveInput(legal);
  assert.deepEqual(zoomFocus(input, ui, view), ["c4", "m7", "h8"]);
  // A cell selected: that cell.
  assert.deepEqual(zoomFocus(input.step({ cell: "c4" }).input, ui, view), ["c4"]);
  // No piece to move (a first turn): every cell the next tap may use.
  assert.deepEqual(zoomFocus(new MoveInput(legal.slice(1)), ui, { cells: {}, last: [] }), ["a1", "b2"]);
  // In a lesson: the pieces that may move and every other piece, the enemy's the task names.
  const lesson = { cells: { c4: [0, 3], h8: [1, 5], m5: [1, 2] }, last: [] };
  assert.deepEqual(zoomFocus(input, ui, lesson, { everyPiece: true }), ["c4", "h8", "m5"]);
});

test("when every person at the table is out, the line says so while the computers play on", () => {
  const position = POSITIONS["not_nyout/4/under_way"];
  const out = { ...position, view: { ...position.view, out: [true, false, false, false] } };
  const seats = ["human", "easy", "easy", "easy"];
  assert.notEqual(position.to_move, 0);
  const model = modelOf(pageOf(out, { seats }));
  assert.equal(model.line, "Red is out of the game: the computer plays the others on to the end. Undo to go back, or start a new game.");
  // While a person still plays, the usual line.
  assert.equal(modelOf(pageOf(position, { seats })).line, `${model.seatNames[position.to_move]} is played by the computer.`);
});

test("a hint says what is certain: a win at once or by force, every move lost, a move that hands over a win", () => {
  const position = POSITIONS["manalath/2/under_way"];
  const moves = position.legal.map((m) => m.move);
  const [first, second] = moves;
  assert.equal(hintCertainty([{ kind: "win", moves: [first] }], position, first), " It wins at once.");
  assert.match(hintCertainty([], position, first, { move: first, plies: 3 }), /^ It wins by force: whatever the other side answers, the game is won within 3 moves/);
  assert.equal(hintCertainty([{ kind: "lose", moves }], position, first), " Every move loses here: the game cannot be saved.");
  const split = [{ kind: "lose", moves: [first] }, { kind: "gift", moves: moves.slice(1) }];
  assert.equal(hintCertainty(split, position, second), " Every move loses here: each one loses at once or hands the other side a win.");
  assert.equal(hintCertainty([{ kind: "gift", moves: [second] }], position, second),
    " It hands the other side a win, but the computer finds every other move worse.");
  assert.equal(hintCertainty([{ kind: "gift", moves: [second] }], position, first), "");
  // Why, where a note of the coach names the move: a fight's odds, a round taken, a price paid.
  const fight = { kind: "fight", moves: [first], text: "Moving your pair from s2 to S1 fights Red's horse there: you win that fight 125 times in 128 (98%)." };
  assert.equal(hintCertainty([fight], position, first), ` ${fight.text}`);
  assert.equal(hintCertainty([{ kind: "round", moves: [first] }], position, first),
    " It takes every pyramid left this turn, or starts the turn that does.");
  assert.match(hintCertainty([{ kind: "costly", moves: [first] }], position, first), /^ It opens a bigger capture/);
  assert.equal(hintCertainty([{ kind: "round", moves: [second] }], position, first), "");
  assert.equal(hintCertainty([{ kind: "exposing", moves: [first], pips: { [first]: 3 } }], position, first),
    " It lets the other side capture 3 pips next turn.");
  assert.equal(hintCertainty([{ kind: "entry", moves: [first], cells: ["W1"] }], position, first),
    " It ends where a horse summoned next turn can attack it.");
  assert.equal(hintCertainty([{ kind: "exposes", moves: [first], cells: ["N1"], holds: [3, 16] }], position, first),
    " It leaves its group where another player can attack it next turn (it holds 19% if attacked).");
  // Else the engine's reason (what the move stops or threatens), after anything more certain.
  const reason = "It stops White's quint on d4.";
  assert.equal(hintCertainty([], position, first, null, reason), ` ${reason}`);
  assert.equal(hintCertainty([{ kind: "win", moves: [first] }], position, first, null, reason), " It wins at once.");
  assert.equal(hintCertainty([], position, first, null, null), "");
});

test("a hint that would call its move the least bad is searched again at the hard level", () => {
  const notes = [{ kind: "gift", moves: ["e5w"] }, { kind: "lose", moves: ["d4b"] }, { kind: "costly", moves: ["c2m"] },
    { kind: "round-gift", moves: ["k2"] }, { kind: "fight", moves: ["S1>S3/2"] }];
  assert.deepEqual(["e5w", "c2m", "k2", "d4b", "S1>S3/2", "a1w"].map((move) => needsHardLevel(notes, move)),
    [true, true, true, false, false, false]);
  assert.equal(needsHardLevel([], "e5w"), false);
});

test("Nymbat's bring-in: the number just brought in may be kept for the next cells, one tap each", () => {
  const position = POSITIONS["nymbat/4/under_way"]; // Blue is bringing in: its last piece a 1 on m5
  assert.equal(position.view.phase, "bring");
  const offered = modelOf(pageOf(position));
  assert.deepEqual(offered.keep, { token: "1", text: "More 1s, one tap each" });
  assert.equal(offered.line, "Tap another free cell of your setup area, or Done.");
  const kept = modelOf(pageOf(position, {}, { kept: "1" }));
  assert.deepEqual(kept.keep, { token: null, text: "Choose each number again" });
  assert.equal(kept.line, "Tap free cells of your setup area to bring in 1s, one tap each; or Done.");
  assert.equal(keptChoice(pageOf(position, {}, { kept: "1" }), UIS.nymbat), "1");
  // Not while a cell is being entered, nor in a lesson, nor where no bring-in goes on, nor in another game.
  const tapped = new MoveInput(position.legal).step({ cell: "m1" }).input;
  assert.equal(modelOf(pageOf(position, {}, { input: tapped })).keep, null);
  assert.equal(modelOf(pageOf(position, {}, { mode: "lesson", kept: "1" })).keep, null);
  assert.equal(keptChoice(pageOf(position, {}, { mode: "lesson", kept: "1" }), UIS.nymbat), null);
  for (const label of ["nymbat/2/start", "nymbat/2/over", "manalath/2/under_way"]) {
    assert.equal(modelOf(pageOf(POSITIONS[label], {}, { kept: "3" })).keep, null, label);
    assert.equal(keptChoice(pageOf(POSITIONS[label], {}, { kept: "3" }), UIS[POSITIONS[label].record.game]), null, label);
  }
});

test("a penalty the coach has said once in a game is said again in short at a later move, in full where first said", () => {
  const note = { kind: "retreat", moves: ["h5-g5"], once: true, text: "Moving the 3 on h5 to g5 would be a retreat.", again: "As said before, a retreat this turn would cost you." };
  const at = (cursor, heard) => ({ session: { id: "g1", cursor }, coaching: [note], coachHeard: heard });
  assert.equal(unrepeated(at(7, { id: "g1", at: { [note.text]: 7 } }))[0].text, note.text);        // where first said
  assert.equal(unrepeated(at(9, { id: "g1", at: { [note.text]: 7 } }))[0].text, note.again);       // a later move
  assert.equal(unrepeated(at(9, { id: "g2", at: { [note.text]: 7 } }))[0].text, note.text);        // another game
  assert.equal(unrepeated(at(9, null))[0].text, note.text);
});

test("a marked move's reason comes from the coach's notes on the position before it", () => {
  assert.equal(mistakeReason([{ kind: "lose", moves: ["f5w"] }], "f5w"), "It lost at once.");
  assert.equal(mistakeReason([{ kind: "gift", moves: ["c6w"] }], "c6w"), "It handed the other side a win.");
  assert.equal(mistakeReason([{ kind: "costly", moves: ["b3m"], pips: { b3m: 2 } }], "b3m"),
    "It let the other side capture 2 pips next turn.");
  assert.equal(mistakeReason([{ kind: "fight", moves: ["S1>S3/2"], odds: [13, 16] }], "S1>S3/2"),
    "It started a fight it wins 81% of the time.");
  assert.equal(mistakeReason([{ kind: "exposes", moves: ["+2"], holds: [3, 16], cells: ["S2"] }], "+2"),
    "It left its group where another player could attack it next turn (holding 19%).");
  assert.equal(mistakeReason([{ kind: "round-gift", moves: ["r:d3"] }], "r:d3"),
    "It let the next player take every pyramid left, and the round.");
  assert.equal(mistakeReason([{ kind: "lose", moves: ["a1w"] }], "f5w"), "");
});

test("a move between two proven points says what was certain before and after it", () => {
  assert.equal(provenWords("Red", 1, 0.5), "Red had a won game, certain whatever the other played, and after it a draw " +
    "(proved by trying every move and answer).");
  assert.equal(provenWords("Black", 0.5, 0), "Black had a draw, certain whatever the other played, and after it a lost one " +
    "(proved by trying every move and answer).");
  assert.equal(provenWords("Red", 1, 1), "");       // kept: nothing to say
  assert.equal(provenWords("Red", 1, null), "");    // the next point not proved
});

test("a turn's reasons are each said once, in the order of its parts", () => {
  assert.equal(turnReason([null, null]), null);
  assert.equal(turnReason([null, "It leaves Player 2 no collect."]), "It leaves Player 2 no collect.");
  assert.equal(turnReason(["A.", "B.", "A."]), "A. B.");
  assert.equal(turnReason([turnReason(["A.", null]), "B."]), "A. B.");
});

test("a word on the game just started stays under the board until a move each has been played since", () => {
  const position = POSITIONS["manalath/2/under_way"];
  const at = position.record.moves.length;
  const notice = { text: "Your first game of Manalath: you move first, against the computer (easy).", ply: at };
  assert.equal(modelOf(pageOf(position, {}, { notice })).notice, notice.text);
  assert.equal(modelOf(pageOf(position, {}, { notice: { ...notice, ply: at - 1 } })).notice, notice.text); // the player moved
  assert.equal(modelOf(pageOf(position, {}, { notice: { ...notice, ply: at - 2 } })).notice, ""); // and the other answered
  assert.equal(modelOf(pageOf(position, {}, { notice: { ...notice, ply: at + 1 } })).notice, ""); // undone past it
  assert.equal(modelOf(pageOf(position, {}, { notice: null })).notice, "");
});
