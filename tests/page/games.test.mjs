// Each game's page module (site/games/<game>.js) on positions the engine wrote: what it
// says of every position, every cell, every choice and every mark, with no browser.
import assert from "node:assert/strict";
import { test } from "node:test";

import { catalogEntry, gameForLink, seatNamesOf } from "../../site/games/index.js";
import { MoveInput } from "../../site/model/move-input.js";
import { hintMarks, marksFor, motionFor } from "../../site/model/board-marks.js";
import { GAME_NAMES, LAYOUTS, POSITIONS, positions, uiOf } from "./fixtures.mjs";

const UIS = Object.fromEntries(await Promise.all(GAME_NAMES.map(async (name) => [name, await uiOf(name)])));
const CELLS = Object.fromEntries(GAME_NAMES.map((name) => [name, new Set(LAYOUTS[name].cells.map((cell) => cell.name))]));

test("every game of the catalog has a page module, found by the names a link may use", () => {
  for (const name of GAME_NAMES) {
    assert.equal(catalogEntry(name).name, name);
    assert.equal(UIS[name].name, name);
    assert.equal(gameForLink(name.toUpperCase().replace("_", " ")).name, name);
    assert.equal(gameForLink(encodeURIComponent(name.replace("_", "-"))).name, name);
  }
  assert.equal(gameForLink("%"), undefined);
  assert.equal(gameForLink("chess"), undefined);
});

test("the status, the players and the seats' names of every position", () => {
  for (const [label, state] of positions()) {
    const ui = UIS[state.record.game];
    const status = ui.status(state);
    assert.ok(typeof status === "string" && status.length > 5, `${label}: ${status}`);
    const players = ui.players(state);
    const names = seatNamesOf(ui, state);
    assert.equal(names.length, state.players, label);
    assert.equal(new Set(names).size, names.length, `${label}: seats named apart`);
    assert.equal(players.length, state.players, label);
    for (const [seat, player] of players.entries()) {
      assert.ok(player.name, label);
      assert.equal(Boolean(player.winner), state.winners?.includes(seat) ?? false, `${label}: seat ${seat} winner`);
      if (!state.is_over && state.to_move >= 0 && players.some((p) => p.active)) {
        assert.equal(Boolean(player.active), state.to_move === seat, `${label}: seat ${seat} active`);
      }
    }
    if (state.is_over) {
      for (const seat of state.winners) assert.ok(status.includes(names[seat]) || /draw|tie/i.test(status), `${label}: ${status}`);
    }
  }
});

test("every cell of every board is named, with what it holds, in every position", () => {
  for (const [label, state] of positions()) {
    const ui = UIS[state.record.game];
    for (const cell of CELLS[state.record.game]) {
      const words = ui.cellLabel(cell, state.view);
      assert.ok(words.startsWith(cell), `${label}: ${cell} is "${words}"`);
      assert.ok(!/undefined|NaN|\[object/.test(words), `${label}: ${cell} is "${words}"`);
    }
  }
});

test("every choice on the way to every legal move has words, and a key only one choice uses", () => {
  for (const [label, state] of positions()) {
    const ui = UIS[state.record.game];
    for (const { move, steps } of state.legal) {
      let input = new MoveInput(state.legal);
      for (const step of steps) {
        if ("choice" in step) {
          const { choices } = input.next();
          const shown = choices.map((token) => ui.choice(token, state));
          for (const [i, c] of shown.entries()) {
            assert.ok(c.text && !/undefined|NaN/.test(c.text), `${label} ${move}: ${choices[i]} reads "${c.text}"`);
          }
          const keys = shown.map((c) => c.key).filter(Boolean);
          assert.equal(new Set(keys).size, keys.length, `${label} ${move}: keys ${keys}`);
          const hint = ui.hint(state, input.next(), input.selected());
          assert.equal(typeof hint, "string", label);
        }
        input = input.step(step).input;
      }
    }
  }
});

test("the marks of every position stand on the board's own cells", () => {
  for (const [label, state] of positions()) {
    const ui = UIS[state.record.game];
    const cells = CELLS[state.record.game];
    const marks = marksFor(state, ui);
    if (state.history.length > 0 && state.marks?.length) assert.ok(marks.length > 0 || state.to_move === -1, label);
    for (const mark of marks) {
      for (const cell of [mark.cell, ...(mark.cells || [])].filter(Boolean)) {
        assert.ok(cells.has(cell), `${label}: a ${mark.kind} mark on ${cell}`);
      }
      assert.match(mark.cls, /^(newest|older)/, label);
    }
    const events = state.last_move?.events || [];
    for (const step of motionFor(events, ui, state.view)) {
      for (const cell of step.cells) assert.ok(cells.has(cell), `${label}: motion through ${cell}`);
    }
    for (const mark of hintMarks(events, ui, state.view)) assert.match(mark.cls, /^hint/, label);
  }
});

test("what the last move took fades once: only the newest turn's ghosts are fresh", () => {
  let seen = 0;
  for (const [label, state] of positions()) {
    const ui = UIS[state.record.game];
    for (const mark of marksFor(state, ui)) {
      if (mark.cls.includes("fresh")) {
        seen += 1;
        assert.equal(mark.kind, "ghost", label);
        assert.match(mark.cls, /^newest/, label);
      }
    }
  }
  assert.ok(seen >= 3, `fresh ghosts in ${seen} positions`); // the fixtures hold captures (ambush, nymbat)
});

test("Nimbus's pile buttons say the colour, the pips and how many are left", () => {
  const [, state] = positions().find(([, st]) => st.record.game === "nimbus" && st.view.phase === "setup");
  const ui = UIS.nimbus;
  const left = state.view.pile.r3;
  assert.equal(ui.choice("r3", state).text, `Red 3 · ${left} left`);
});

test("Not Nyout's hint names the free cardinals in the engine's order", () => {
  const homes = positions().filter(([, state]) => state.record.game === "not_nyout" && state.view.phase === "home");
  assert.ok(homes.length > 0, "a fixture at a choice of home");
  for (const [label, state] of homes) {
    const hint = UIS.not_nyout.hint(state, { choices: [], cells: new Set() }, []);
    const free = ["S", "E", "N", "W"].filter((c) => !state.view.home.includes(c));
    assert.match(hint, new RegExp(`\\(${free.slice(0, -1).join(", ")} or ${free.at(-1)}\\)`), label);
  }
});

test("Not Nyout: several own groups on the station tapped, the hint names it and points at the buttons", () => {
  // The fixtures hold no turn with two own groups on one station: the part of a position the line reads.
  const state = { is_over: false, to_move: 0, view: { phase: "move", current: 0, stations: {} } };
  const hint = UIS.not_nyout.hint(state, { choices: ["g0", "g1"], cells: new Set() }, ["S2"]);
  assert.equal(hint, "Which of your groups on S2? Pick it with the buttons below.");
});

test("Ambush: a turn picked, a tap anywhere on a coaster stands for its middle, and only then", () => {
  const ui = UIS.ambush;
  const next = { cells: new Set(["b2", "b5", "e5"]), choices: [] };
  const turning = [{ choice: "ccw" }, { choice: "m" }];
  assert.equal(ui.cellFor("a6", null, next, turning), "b5");
  assert.equal(ui.cellFor("f4", null, next, turning), "e5");
  assert.equal(ui.cellFor("b5", null, next, turning), null, "the middle itself is taken as it is");
  assert.equal(ui.cellFor("d1", null, next, turning), null, "coaster 2 may not turn now");
  assert.equal(ui.cellFor("a6", null, { cells: new Set(["b5", "a5"]), choices: [] }, []), null, "placing: no stand-in");
});

test("Not Nyout: a player just out, the game going on, the computer waits for a person to see it", () => {
  const ui = UIS.not_nyout;
  const out = (player, is_over = false) => ({ is_over, last_move: { events: [{ type: "fight", loser: player },
    { type: "out", player }] }, view: {} });
  assert.deepEqual(ui.pause(out(0)), { text: "Red is out: no horses left.", button: "Go on" });
  assert.equal(ui.pause(out(0, true)), null, "the game over: its status says who won");
  assert.equal(ui.pause({ is_over: false, last_move: { events: [{ type: "fight", loser: 1 }] }, view: {} }), null);
  // Every position of the fixtures that ends no player's game: no pause.
  for (const [label, state] of positions().filter(([, s]) => s.record.game === "not_nyout")) {
    if (!(state.last_move?.events || []).some((e) => e.type === "out")) assert.equal(ui.pause(state), null, label);
  }
});

test("Nymbat: the setup for beginners in one tap, at a two-player first turn not begun, turned half round for Blue", () => {
  const ui = UIS.nymbat;
  const first = positions().find(([, s]) => s.record.game === "nymbat" && s.players === 2 && s.view.phase === "start"
    && s.view.first_turn[s.to_move] && !Object.keys(s.view.cells).length);
  assert.ok(first, "a fixture at Red's first turn");
  const red = ui.series(first[1]);
  assert.equal(red.text, "Beginners' setup: ten 3s");
  assert.deepEqual(red.moves, ["b3", "b4", "b5", "b6", "b7", "c4", "c5", "c6", "c7", "c8"].map((c) => `${c}=3`));
  const blueView = { ...first[1].view, first_turn: [false, true] };
  const blue = ui.series({ ...first[1], to_move: 1, view: blueView });
  assert.deepEqual(blue.moves, ["n7", "n6", "n5", "n4", "n3", "m7", "m6", "m5", "m4", "m3"].map((c) => `${c}=3`));
  // Not once the turn has begun, nor after the first turn, nor with a cell of the block taken, nor with four players.
  assert.equal(ui.series({ ...first[1], view: { ...first[1].view, placed: 3 } }), null);
  assert.equal(ui.series({ ...first[1], view: { ...first[1].view, first_turn: [false, true] } }), null);
  assert.equal(ui.series({ ...first[1], view: { ...first[1].view, cells: { c5: [1, 2] } } }), null);
  assert.equal(ui.series({ ...first[1], players: 4 }), null);
});

test("Manalath: where one colour cannot go, the hint says why", () => {
  const ui = UIS.manalath;
  // Five white pieces around e5's neighbours: d4-d5 and e6-f5-f6 (a pair and a trio) touch e5.
  const view = { cells: { d4: "w", d5: "w", e6: "w", f5: "w", f6: "w" }, supply: { w: 25, b: 30 } };
  const state = { is_over: false, view };
  assert.equal(ui.hint(state, { choices: ["b"], cells: new Set() }, ["e5"]),
    "Only Black fits on e5: a white piece there would make a white group of 6, and no group may grow beyond five.");
  const spent = { ...state, view: { cells: {}, supply: { w: 30, b: 0 } } };
  assert.equal(ui.hint(spent, { choices: ["w"], cells: new Set() }, ["a1"]),
    "Only White fits on a1: all 30 black pieces are on the board.");
  assert.equal(ui.hint(spent, { choices: ["w", "b"], cells: new Set() }, ["a1"]), "Place which colour on a1?");
});

test("Nimbus's setup line says which way the held pyramid will lie once it is chosen", () => {
  const ui = UIS.nimbus;
  const state = { is_over: false, view: { phase: "setup", held: "r3", usual: "u" } };
  const square = { choices: [], cells: new Set(["a1"]) };
  assert.equal(ui.hint(state, square, [], null, ["ne"]),
    "Now tap a square: the red large pyramid lies there pointing north-east (Cancel to choose another way).");
  assert.equal(ui.hint(state, square, [], null, ["u"]),
    "Now tap a square: the red large pyramid stands there upright (Cancel to choose another way).");
  assert.match(ui.hint(state, { choices: ["u", "n"], cells: new Set(["a1"]) }, [], null, []), /first choose a direction/);
});

test("Nimbus's collect buttons say the pips they score, the top pyramids' sizes", () => {
  const squares = { a1: { stack: ["k1", "r3"], orient: "u" }, b1: { stack: ["r1"], orient: "n" }, c1: { stack: ["g2"], orient: "u" } };
  const collect = (token, cells) => cells.map((cell) => ({ move: token, steps: [{ cell }, { choice: token }] }));
  const state = { view: { squares }, legal: [...collect("r:a1-b1", ["a1", "b1"]), ...collect("g:c1", ["c1"])] };
  assert.equal(UIS.nimbus.choice("r:a1-b1", state).text, "Red ×2 · 4 pips · row a1–b1");
  assert.equal(UIS.nimbus.choice("g:c1", state).text, "Green alone · 2 pips");
  assert.match(UIS.nimbus.choice("r:a1-b1", state).label, /a1, b1, 4 pips$/);
});

test("Nymbat's win on a home row says whose row, and why it counts", () => {
  const over = POSITIONS["nymbat/2/over"];
  const home = { ...over, winners: [0], view: { ...over.view, result: "home" } };
  assert.equal(UIS.nymbat.status(home), "Red wins: a Red piece is on Blue's home row and no Blue piece is, as Red's turn starts");
});

test("Not Nyout's dice say the round of the latest fight, counted again at each attack of the turn", () => {
  const ui = UIS.not_nyout;
  const [, state] = positions().find(([, s]) => s.record.game === "not_nyout" && !s.is_over && s.view.phase !== "rolloff");
  const round = (station, loser) => ({ type: "fight", player: 0, station, attacker: { owner: 0, size: 2 },
    defender: { owner: 1, size: 1 }, attack_die: 3, attack_total: 5, defence_die: 2, loser });
  const events = [{ type: "dice", player: 0, dice: [4, 3] },
    { type: "attack", player: 0, station: "S3", size: 2, defender: { owner: 1, size: 1 } }, round("S3", 0), round("S3", 1),
    { type: "fight_end", station: "S3", winner: 0, size: 1, attacker_won: true },
    { type: "attack", player: 0, station: "E", size: 1, defender: { owner: 1, size: 1 } }, round("E", 1)];
  const banner = ui.banner({ ...state, marks: [{ events }], last_move: { events: events.slice(-1) } });
  assert.match(banner, /Fight on E, round 1:/);
  const first = ui.banner({ ...state, marks: [{ events: events.slice(0, 4) }], last_move: { events: events.slice(3, 4) } });
  assert.match(first, /Fight on S3, round 2:/);
});
