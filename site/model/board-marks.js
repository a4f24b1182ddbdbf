// What the last turns did, drawn on the board: the engine reports every move's
// events (py_engines/core.py says which); this module turns them into marks
// (svg-board.js setMarks) and, for the move just played, into motion (svg-board.js
// animate). A game's page module may draw what was taken (`ghost(event, view)`:
// SVG markup in the cell's coordinates) and mark events of its own
// (`marks(event, view, age)`: a list of marks, or null for the usual ones; `age`
// is "newest", "older" or "hint").

/** The marks of one event; `cls` says whose turn and how old it is (`age`). */
function eventMarks(e, ui, view, cls, age) {
  const own = ui.marks ? ui.marks(e, view, age) : null;
  if (own) return own.map((m) => ({ ...m, cls: `${cls} ${m.cls || ""}`.trim() }));
  switch (e.type) {
    case "place":
      return [{ kind: "ring", cell: e.cell, cls }];
    case "move":
      return [{ kind: "from", cell: e.from, cls }, { kind: "path", cells: e.path, cls }, { kind: "ring", cell: e.to, cls }];
    case "capture":
    case "remove": {
      // Where something still stands (what was left of a stack, an attacker that won), the
      // picture of what was taken goes small in a corner, leaving the piece there readable.
      const beside = ui.holds?.(view, e.cell) ? " beside" : "";
      return [{ kind: "ghost", cell: e.cell, markup: ui.ghost ? ui.ghost(e, view) : "", cls: cls + beside }];
    }
    default:
      return [];
  }
}

/**
 * The marks for a position: the turns the engine chose (`state.marks`, oldest
 * first), the newest strongest; what the very last move took fades out once.
 */
export function marksFor(state, ui) {
  const turns = state.marks || [];
  const out = [];
  turns.forEach((turn, i) => {
    const age = i === turns.length - 1 ? "newest" : "older";
    const cls = `${age}${turn.player === null ? "" : ` mark-p${turn.player}`}`;
    for (const e of turn.events) out.push(...eventMarks(e, ui, state.view, cls, age));
  });
  const taken = new Set((state.last_move?.events || []).filter((e) => e.type === "capture" || e.type === "remove")
    .map((e) => e.cell));
  for (const m of out) if (m.kind === "ghost" && m.cls.startsWith("newest") && taken.has(m.cell)) m.cls += " fresh";
  return out;
}

/** The marks of a hint: the same shapes, in the hint's own style. */
export function hintMarks(events, ui, view) {
  return events.flatMap((e) => eventMarks(e, ui, view, "hint", "hint"));
}

/** The motion of one move just played: pieces that moved glide, a coaster turns. */
export function motionFor(events, ui, view) {
  const steps = [];
  for (const e of events) {
    if (e.type === "move" && e.path && e.path.length > 1) {
      steps.push({ kind: "glide", cells: e.path, markup: ui.piece ? ui.piece(e, view) : "" });
    } else if (e.type === "rotate" && ui.coasterCells) {
      steps.push({ kind: "turn", cells: ui.coasterCells(e.coaster), moves: e.moves, direction: e.direction });
    }
  }
  return steps;
}

/**
 * Where a zoomed board centres: the cell selected; else where the action is, the player's
 * own pieces that may move with the last move's cells (not the empty cells a bring-in may
 * use, which on Nymbat's board are the bottom rows); else every cell the next tap may use.
 * In a lesson (`everyPiece`) the action is every piece on the board: a step's few pieces are
 * placed for its task, and the enemy's it names must be in sight beside the player's own.
 */
export function zoomFocus(input, ui, view, { everyPiece = false } = {}) {
  if (input.selected().length) return input.selected().slice(-1);
  const live = [...input.next().cells];
  const held = view && ui.holds ? live.filter((cell) => ui.holds(view, cell)) : [];
  if (!held.length) return live;
  const around = everyPiece ? Object.keys(view.cells || {}).filter((cell) => ui.holds(view, cell)) : view.last || [];
  return [...new Set([...held, ...around])];
}
