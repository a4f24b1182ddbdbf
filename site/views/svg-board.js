// One SVG board for every game, drawn from the engine's layout: cells (hexagons,
// squares or circles one unit apart, y up) with optional tracks between them,
// shaded regions and edge labels. Every cell is a focusable
// <g data-cell="name" role="button">; arrow keys move the focus to the touching
// cell in that direction (see neighbour); the board is one Tab stop. What a cell holds is drawn by the game's page module:
// CSS classes (contents) and/or SVG markup in the cell's own coordinates
// (decorations: the cell is centred on 0,0, about one unit across, y down).
// Over the cells lie the marks (what the last turns did, a hint: see setMarks)
// and, for a moment after a move, its motion (see animate).

const NS = "http://www.w3.org/2000/svg";
const HEX_R = 1 / Math.sqrt(3); // circumradius of a hexagon one unit across its flats
const LABEL_GAP = 0.78;         // hex boards: row letters sit this far left of each row
const SQUARE = 0.96;            // side of a square cell (a hairline of board shows between)
const CIRCLE_R = 0.42;          // radius of a circular station
const ARROW_TIP = 0.36;         // a path's arrowhead ends this far from the last cell's middle (a piece's rim)
const ARROW_LENGTH = 0.22;      // and is this long
const GLIDE_MS = 380;           // a piece's glide along its path, all of it
const TURN_MS = 600;            // a coaster's turn
const TURN_ANGLE = { cw: 90, ccw: -90, half: 180 }; // on screen, y down: clockwise is positive

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// The coach's warnings (a move that hands the other side a win, a piece or cell in danger) carry a
// "!" at the cell's top left, so that they never read as the last turn's ring, whose colour is near
// theirs (a newcomer took one for the other); the top right is the stack badges'.
const WARNING_RINGS = /\bcoach-(warn|gift)\b/;

function warningFlag(g, at) {
  const flag = el("g", { class: "coach-flag", transform: `translate(${-at} ${-at})` }, g);
  el("circle", { r: 0.15 }, flag);
  el("text", { y: 0.075, "text-anchor": "middle" }, flag).textContent = "!";
}

function hexPoints(radius) {
  const points = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 6 + (k * Math.PI) / 3;
    points.push(`${(radius * Math.cos(a)).toFixed(4)},${(radius * Math.sin(a)).toFixed(4)}`);
  }
  return points.join(" ");
}

/** The outline of one cell and the ring drawn inside it (focus, selection, hints). */
function drawTile(shape, node) {
  if (shape === "square") {
    const s = SQUARE / 2;
    el("rect", { class: "tile", x: -s, y: -s, width: SQUARE, height: SQUARE, rx: 0.06 }, node);
    el("rect", { class: "ring", x: -s + 0.07, y: -s + 0.07, width: SQUARE - 0.14, height: SQUARE - 0.14, rx: 0.05 }, node);
  } else if (shape === "circle") {
    el("circle", { class: "tile", r: CIRCLE_R }, node);
    el("circle", { class: "ring", r: CIRCLE_R - 0.07 }, node);
  } else {
    el("polygon", { class: "tile", points: hexPoints(HEX_R) }, node);
    el("polygon", { class: "ring", points: hexPoints(HEX_R * 0.8) }, node);
  }
}

const rowName = (cell) => cell.match(/^[a-z]+/i)[0];

/** Hex boards without labels of their own: each row's letter left of its first cell. */
function rowLabels(cells) {
  const rows = new Map();
  for (const c of cells) {
    const key = Math.round(c.y * 1000);
    if (!rows.has(key) || rows.get(key).x > c.x) rows.set(key, c);
  }
  return [...rows.values()].map((c) => ({ text: rowName(c.name), x: c.x - LABEL_GAP, y: c.y }));
}

export class Board {
  /**
   * layout: {shape, cells: [{name, x, y}], lines?, regions?, labels?} (see
   * docs/page-modules.md); onTap(name) is called for a tap, Enter or Space;
   * title names the board for assistive technology.
   */
  constructor(layout, { onTap, title }) {
    this.onTap = onTap;
    this.shape = layout.shape || "hex";
    this.cells = new Map(); // name -> {x, y, node, deco} in SVG coordinates (y down)
    const cells = layout.cells.map((c) => ({ ...c, y: -c.y }));
    const labels = (layout.labels || (this.shape === "hex" ? rowLabels(layout.cells) : []))
      .map((l) => ({ ...l, y: -l.y }));

    const half = this.shape === "hex" ? HEX_R : 0.5;
    const xs = [...cells.map((c) => c.x - 0.5), ...cells.map((c) => c.x + 0.5), ...labels.map((l) => l.x - 0.25),
      ...labels.map((l) => l.x + 0.25)];
    const ys = [...cells.map((c) => c.y - half), ...cells.map((c) => c.y + half), ...labels.map((l) => l.y - 0.25),
      ...labels.map((l) => l.y + 0.25)];
    const left = Math.min(...xs) - 0.05;
    const top = Math.min(...ys) - 0.05;
    const width = Math.max(...xs) + 0.05 - left;
    const height = Math.max(...ys) + 0.05 - top;
    const svg = el("svg", {
      class: `board ${this.shape}-board`,
      viewBox: `${left.toFixed(3)} ${top.toFixed(3)} ${width.toFixed(3)} ${height.toFixed(3)}`,
      role: "group",
      "aria-label": title,
    });
    svg.style.aspectRatio = `${width.toFixed(3)} / ${height.toFixed(3)}`;
    this.svg = svg;

    const byName = new Map(cells.map((c) => [c.name, c]));
    const regionLayer = el("g", { class: "regions", "aria-hidden": "true" }, svg);
    const regionOf = new Map();
    const frames = []; // each square region's outline, drawn again over the cells (see below)
    for (const region of layout.regions || []) {
      for (const name of region.cells) regionOf.set(name, region);
      if (this.shape !== "square") continue; // other shapes shade the region's cells instead
      const members = region.cells.map((n) => byName.get(n));
      const x0 = Math.min(...members.map((c) => c.x)) - 0.5;
      const y0 = Math.min(...members.map((c) => c.y)) - 0.5;
      const x1 = Math.max(...members.map((c) => c.x)) + 0.5;
      const y1 = Math.max(...members.map((c) => c.y)) + 0.5;
      el("rect", { class: `region ${region.class || ""}`, "data-region": region.name, x: x0 + 0.02, y: y0 + 0.02,
        width: x1 - x0 - 0.04, height: y1 - y0 - 0.04, rx: 0.12 }, regionLayer);
      frames.push({ class: `region-frame ${region.class || ""}`, x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 0.12,
        fill: "none", stroke: "none", "pointer-events": "none" });
    }
    const tracks = el("g", { class: "tracks", "aria-hidden": "true" }, svg);
    for (const [a, b] of layout.lines || []) {
      const p = byName.get(a);
      const q = byName.get(b);
      el("line", { class: "track", x1: p.x, y1: p.y, x2: q.x, y2: q.y }, tracks);
    }
    const labelLayer = el("g", { class: "row-labels", "aria-hidden": "true" }, svg);
    for (const l of labels) {
      // A label may carry a game's class, and sit in a round badge (Ambush's coaster numbers).
      if (l.badge) el("circle", { class: `label-badge ${l.class || ""}`, cx: l.x.toFixed(3), cy: l.y.toFixed(3), r: 0.22 }, labelLayer);
      el("text", { x: l.x.toFixed(3), y: l.y.toFixed(3), class: l.class || null }, labelLayer).textContent = l.text;
    }

    const grid = el("g", { class: "cells" }, svg);
    // A region's frame on its boundary, over the cells: shown only where a game's CSS gives it a
    // stroke (Ambush's coasters), since between the cells only a hairline of the region shows.
    const frameLayer = el("g", { class: "region-frames", "aria-hidden": "true" }, svg);
    for (const frame of frames) el("rect", frame, frameLayer);
    // The way a piece went (a path, where it left) lies under what the cells hold: a piece it
    // passed over or arrived on covers it, number and all (the other marks lie over them).
    this.trailLayer = el("g", { class: "marks trails", "aria-hidden": "true" }, svg);
    // What a cell holds is drawn over the cells, in a layer of its own: a cell (a button) holds
    // only its outline and name, so its accessible name says all the text inside it (a number
    // drawn on a piece is part of the picture, told in the cell's name in words).
    const decoLayer = el("g", { class: "decos", "aria-hidden": "true" }, svg);
    for (const c of cells) {
      const region = regionOf.get(c.name);
      const base = region?.class ? `cell ${region.class}` : "cell";
      const node = el("g", {
        class: base,
        "data-cell": c.name,
        role: "button",
        tabindex: "-1",
        transform: `translate(${c.x.toFixed(4)} ${c.y.toFixed(4)})`,
      }, grid);
      drawTile(this.shape, node);
      el("text", { class: "coord", "aria-hidden": "true" }, node).textContent = c.name;
      el("circle", { class: "piece", r: "0.37" }, node);
      el("circle", { class: "piece-mark", r: "0.2" }, node);
      const deco = el("g", { class: "deco", "data-deco": c.name, transform: node.getAttribute("transform") }, decoLayer);
      this.cells.set(c.name, { x: c.x, y: c.y, node, deco, base, markup: "" });
    }
    this.markLayer = el("g", { class: "marks", "aria-hidden": "true" }, svg);
    this.motionLayer = el("g", { class: "motion", "aria-hidden": "true" }, svg);
    this.marksKey = "";
    this.running = [];
    this.arriving = new Set(); // cells whose piece is still on its way (shown moving, hidden in place)
    // Keyboard focus starts at the cell nearest the middle of the board.
    const cx = left + width / 2;
    const cy = top + height / 2;
    this.focusName = [...this.cells.keys()].reduce((best, name) => {
      const c = this.cells.get(name);
      const b = this.cells.get(best);
      return Math.hypot(c.x - cx, c.y - cy) < Math.hypot(b.x - cx, b.y - cy) - 1e-6 ? name : best;
    });
    this.cells.get(this.focusName).node.setAttribute("tabindex", "0");

    svg.addEventListener("click", (event) => {
      const cell = event.target.closest("[data-cell]");
      if (cell) this.onTap(cell.dataset.cell);
    });
    svg.addEventListener("keydown", (event) => this.keydown(event));
    // The cells listen for their own focus: in Chromium an SVG element with a focus
    // listener becomes a Tab stop, and the board is one Tab stop only (its roving cell).
    for (const [name, { node }] of this.cells) {
      node.addEventListener("focus", () => {
        this.setRoving(name);
        this.column = null; // keydown sets it again after a move by Up or Down
      });
    }
  }

  setRoving(name) {
    if (name === this.focusName) return;
    this.cells.get(this.focusName).node.setAttribute("tabindex", "-1");
    this.focusName = name;
    this.cells.get(name).node.setAttribute("tabindex", "0");
  }

  focus(name) {
    this.setRoving(name);
    this.cells.get(name).node.focus();
  }

  /**
   * The cell an arrow key leads to from `name`, or null at an edge. On a hex board
   * Left and Right go along the row and Up and Down to a touching cell of the next
   * row: of its two, the one nearer the column the vertical moves began in (so that
   * a run of Ups goes straight up, zigzagging), the right one when both are as near
   * (so that any run of Ups is retraced by as many Downs, and the other way). On other
   * boards: the nearest cell lying more in that direction than across it.
   */
  neighbour(name, keyName, column = null) {
    const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[keyName];
    const from = this.cells.get(name);
    if (this.shape === "hex") {
      const target = column ?? from.x;
      let best = null;
      for (const [other, c] of this.cells) {
        const ox = c.x - from.x;
        const oy = c.y - from.y;
        if (Math.abs(Math.hypot(ox, oy) - 1) > 0.1) continue; // not a touching cell
        if (dx ? Math.abs(oy) > 0.1 || ox * dx < 0 : oy * dy < 0.1) continue;
        // Nearest the column first; between two as near, the right one.
        const cost = Math.abs(c.x - target) - 1e-3 * ox;
        if (best === null || cost < best.cost) best = { other, cost };
      }
      return best ? best.other : null;
    }
    let best = null;
    for (const [other, c] of this.cells) {
      const along = (c.x - from.x) * dx + (c.y - from.y) * dy;
      const across = Math.abs((c.x - from.x) * dy - (c.y - from.y) * dx);
      if (along < 0.3 || across > along * 1.2) continue;
      const cost = along + 2 * across;
      if (best === null || cost < best.cost - 1e-6) best = { other, cost };
    }
    return best ? best.other : null;
  }

  keydown(event) {
    const cell = event.target.closest("[data-cell]");
    if (!cell || event.altKey || event.ctrlKey || event.metaKey) return;
    const name = cell.dataset.cell;
    if (event.key.startsWith("Arrow")) {
      event.preventDefault();
      // Up and Down remember the column they began in (this.column), until another key or a tap.
      const vertical = event.key === "ArrowUp" || event.key === "ArrowDown";
      const column = vertical ? (this.column ?? this.cells.get(name).x) : null;
      const next = this.neighbour(name, event.key, column);
      if (next) {
        this.focus(next);
        this.column = column;
      }
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.onTap(name);
    }
  }

  /**
   * Draw a position. contents: {name: css class for what the cell holds};
   * decorations: {name: SVG markup drawn in the cell}; live: Set of cells that
   * continue a move (class "live" and attribute data-live); selected: cells
   * already tapped; marked: cells to emphasise; label(name): the accessible name; hinted: cells
   * of a suggested move (class "hinted" and attribute data-hint).
   * A cell whose contents change in one step (a move, not a whole position
   * loaded) gets the class "placed" until the next change, for its animation.
   */
  update({ contents = {}, decorations = {}, live, selected, marked, label, hinted = new Set() }) {
    this.svg.classList.toggle("has-live", live.size > 0);
    const drawn = (name) => `${contents[name] || ""}|${decorations[name] || ""}`;
    if (this.drawn) {
      const changed = [...this.cells.keys()].filter((name) => this.drawn.get(name) !== drawn(name));
      if (changed.length) this.placed = new Set(changed.length <= 4 ? changed.filter((n) => contents[n] || decorations[n]) : []);
    }
    this.drawn = new Map([...this.cells.keys()].map((name) => [name, drawn(name)]));
    for (const [name, cell] of this.cells) {
      const { node, deco } = cell;
      const piece = contents[name] || "";
      const markup = decorations[name] || "";
      if (markup !== cell.markup) {
        deco.innerHTML = markup;
        cell.markup = markup;
      }
      const classes = [cell.base];
      if (piece) classes.push("filled", piece);
      if (markup) classes.push("decorated");
      const placed = Boolean((piece || markup) && this.placed?.has(name));
      if (placed) classes.push("placed");
      if (hinted.has(name)) classes.push("hinted");
      if (live.has(name)) classes.push("live");
      if (selected.includes(name)) classes.push("selected");
      if (marked.has(name)) classes.push("marked");
      if (this.arriving.has(name)) classes.push("arriving");
      node.setAttribute("class", classes.join(" "));
      deco.classList.toggle("arriving", this.arriving.has(name));
      deco.classList.toggle("placed", placed); // for a game whose pieces are decorations to animate
      if (live.has(name)) node.setAttribute("data-live", "");
      else node.removeAttribute("data-live");
      if (hinted.has(name)) node.setAttribute("data-hint", "");
      else node.removeAttribute("data-hint");
      node.setAttribute("aria-label", label(name));
      if (selected.includes(name)) node.setAttribute("aria-pressed", "true");
      else node.removeAttribute("aria-pressed");
    }
  }

  /**
   * Draw the marks over the cells, replacing the previous ones. Each mark is
   * {kind, cls, ...}: "ring" {cell} around a cell; "from" {cell} where a piece
   * left; "path" {cells} a line with an arrowhead through the cells' centres;
   * "ghost" {cell, markup} a faded picture of what was taken (markup in the
   * cell's coordinates, like a decoration); "line" {cells: [a, b]} a dashed line
   * between two cells; "turn" {cells, direction} an arrow along the frame
   * round the cells (a coaster turned cw, ccw or half). `cls` is added to
   * the mark's classes (the player's colour, "older", "hint", "fresh"). Paths and
   * "from" marks lie under what the cells hold (decorations), the others over it.
   */
  setMarks(marks) {
    const key = JSON.stringify(marks);
    if (key === this.marksKey) return;
    this.marksKey = key;
    this.markLayer.replaceChildren();
    this.trailLayer.replaceChildren();
    const at = (name) => this.cells.get(name);
    for (const m of marks) {
      const cls = `mark mark-${m.kind} ${m.cls || ""}`;
      const layer = m.kind === "path" || m.kind === "from" ? this.trailLayer : this.markLayer;
      if (m.kind === "path") {
        const points = m.cells.map(at).filter(Boolean);
        if (points.length < 2) continue;
        const g = el("g", { class: cls }, layer);
        const [a, b] = points.slice(-2);
        const angle = Math.atan2(b.y - a.y, b.x - a.x);
        // The arrowhead's tip stops at the rim of the last cell's piece, and the line at the
        // arrowhead's base, so that nothing of the path lies on the piece there.
        const base = Math.min(ARROW_TIP + ARROW_LENGTH, Math.hypot(b.x - a.x, b.y - a.y));
        const end = { x: b.x - base * Math.cos(angle), y: b.y - base * Math.sin(angle) };
        const line = [...points.slice(0, -1), end];
        el("polyline", { points: line.map((c) => `${c.x.toFixed(3)},${c.y.toFixed(3)}`).join(" ") }, g);
        el("polygon", { points: `0,0 ${-ARROW_LENGTH},-0.13 ${-ARROW_LENGTH},0.13`,
          transform: `translate(${b.x.toFixed(3)} ${b.y.toFixed(3)}) rotate(${((angle * 180) / Math.PI).toFixed(1)}) translate(${-ARROW_TIP} 0)` }, g);
      } else if (m.kind === "line") {
        const [a, b] = m.cells.map(at);
        if (a && b) el("line", { class: cls, x1: a.x, y1: a.y, x2: b.x, y2: b.y }, layer);
      } else if (m.kind === "turn") {
        this.drawTurn(layer, m, cls);
      } else {
        const c = at(m.cell);
        if (!c) continue;
        const g = el("g", { class: cls, "data-mark": m.cell, transform: `translate(${c.x.toFixed(4)} ${c.y.toFixed(4)})` }, layer);
        // A piece taken, faded and crossed out (a newcomer took a faded piece alone for one still there).
        const cross = '<path class="ghost-cross" d="M-0.2,-0.2L0.2,0.2M0.2,-0.2L-0.2,0.2"/>';
        const markup = (m.markup || "") + cross;
        if (m.kind === "ghost") g.innerHTML = /\bbeside\b/.test(cls) ? `<g transform="translate(-0.3 0.3) scale(0.42)">${markup}</g>` : markup;
        else if (m.kind === "from") el("circle", { r: 0.17 }, g);
        else if (this.shape === "square") el("rect", { x: -0.44, y: -0.44, width: 0.88, height: 0.88, rx: 0.08 }, g);
        else el("circle", { r: this.shape === "circle" ? CIRCLE_R + 0.02 : 0.47 }, g);
        if (m.kind === "ring" && WARNING_RINGS.test(cls)) warningFlag(g, this.shape === "square" ? 0.4 : 0.33);
      }
    }
  }

  /**
   * A coaster's turn: an arrow along the frame of the box round `cells`, the way the coaster
   * turned, over a quarter of the frame for a quarter turn and half of it for a half turn. On
   * the frame it runs between the cells, clear of what stands on them, and its head lies across
   * a side between two columns, inside the board, beside the middle row (below the badges that
   * sit at the top right of a cell).
   */
  drawTurn(layer, m, cls) {
    const points = m.cells.map((n) => this.cells.get(n)).filter(Boolean);
    const left = Math.min(...points.map((c) => c.x)) - 0.5;
    const right = Math.max(...points.map((c) => c.x)) + 0.5;
    const top = Math.min(...points.map((c) => c.y)) - 0.5;
    const bottom = Math.max(...points.map((c) => c.y)) + 0.5;
    const w = right - left;
    const h = bottom - top;
    const around = 2 * (w + h);
    // A place on the frame by its distance clockwise (on screen) from the top left corner.
    const at = (d) => {
      const s = ((d % around) + around) % around;
      if (s <= w) return [left + s, top];
      if (s <= w + h) return [right, top + s - w];
      if (s <= 2 * w + h) return [right - (s - w - h), bottom];
      return [left, bottom - (s - 2 * w - h)];
    };
    const boardRight = Math.max(...[...this.cells.values()].map((c) => c.x)) + 0.5;
    const onRight = right < boardRight - 0.01; // else the left side, away from the board's edge
    const clockwise = m.direction !== "ccw"; // a half turn is drawn as a clockwise one
    const down = onRight === clockwise; // clockwise runs down the right side and up the left
    const tipY = (top + bottom) / 2 + (down ? 0.35 : 0.05);
    const tip = onRight ? w + (tipY - top) : 2 * w + h + (bottom - tipY);
    const sign = clockwise ? 1 : -1;
    const start = tip - sign * (m.direction === "half" ? around / 2 : around / 4);
    const end = tip - sign * 0.25; // the line stops inside the head
    const corners = [0, w, w + h, 2 * w + h].flatMap((c) => [c - around, c, c + around])
      .filter((c) => (c - start) * sign > 0 && (end - c) * sign > 0)
      .sort((a, b) => (a - b) * sign);
    const line = [start, ...corners, end].map((d) => at(d).map((v) => v.toFixed(3)).join(",")).join(" L");
    const g = el("g", { class: cls }, layer);
    el("path", { d: `M${line}` }, g);
    const [x, y] = at(tip);
    el("polygon", { points: "0,0 -0.3,-0.14 -0.3,0.14",
      transform: `translate(${x.toFixed(3)} ${y.toFixed(3)}) rotate(${down ? 90 : -90})` }, g);
  }

  /**
   * Show a move happening, briefly: steps are {kind: "glide", cells} (what now
   * stands on the last cell slides there along the cells; `markup` is drawn
   * instead when the last cell holds nothing, an attacker that fell there) and
   * {kind: "turn", cells, moves: [[from, to]], direction} (the stacks of a coaster
   * circle round its middle to where they now stand). Anything still moving
   * jumps to its end first. Nothing moves under reduced motion.
   */
  animate(steps) {
    this.finish();
    if (!steps.length || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    for (const step of steps) {
      if (step.kind === "glide") this.glide(step);
      else if (step.kind === "turn") this.turn(step);
    }
  }

  /** A copy of what cell `name` shows (its piece circles and decoration), to move over the board. */
  copyOf(name) {
    const node = this.cells.get(name).node;
    const copy = el("g", { class: node.getAttribute("class").replace(/\b(live|selected|hinted|marked|placed)\b/g, "") });
    for (const part of node.querySelectorAll(":scope > .piece, :scope > .piece-mark")) {
      copy.appendChild(part.cloneNode(true));
    }
    const deco = this.cells.get(name).deco.cloneNode(true);
    deco.removeAttribute("transform");
    deco.classList.remove("arriving");
    copy.appendChild(deco);
    return copy;
  }

  glide({ cells, markup }) {
    const points = cells.map((n) => this.cells.get(n)).filter(Boolean);
    if (points.length < 2) return;
    const last = cells[cells.length - 1];
    const dest = this.cells.get(last);
    const holder = el("g", {}, this.motionLayer);
    const filled = /\b(filled|decorated)\b/.test(dest.node.getAttribute("class"));
    if (filled) holder.appendChild(this.copyOf(last));
    else if (markup) holder.innerHTML = `<g class="cell filled decorated">${markup}</g>`;
    else return holder.remove();
    const frames = points.map((c) => ({ transform: `translate(${c.x}px, ${c.y}px)` }));
    this.hideWhileMoving(last, true);
    const run = holder.animate(frames, { duration: GLIDE_MS, easing: "ease-in-out" });
    this.track(run, () => {
      holder.remove();
      this.hideWhileMoving(last, false);
    });
  }

  turn({ cells, moves, direction }) {
    const points = cells.map((n) => this.cells.get(n)).filter(Boolean);
    const cx = points.reduce((s, c) => s + c.x, 0) / points.length;
    const cy = points.reduce((s, c) => s + c.y, 0) / points.length;
    const angle = TURN_ANGLE[direction];
    const wheel = el("g", {}, this.motionLayer);
    const spinners = [];
    for (const [from, to] of moves) {
      const a = this.cells.get(from);
      const seat = el("g", { transform: `translate(${a.x} ${a.y})` }, wheel);
      const spinner = el("g", {}, seat);
      spinner.appendChild(this.copyOf(to));
      spinners.push(spinner);
      this.hideWhileMoving(to, true);
    }
    const around = (deg) => `translate(${cx}px, ${cy}px) rotate(${deg}deg) translate(${-cx}px, ${-cy}px)`;
    const timing = { duration: TURN_MS, easing: "ease-in-out" };
    const run = wheel.animate([{ transform: around(0) }, { transform: around(angle) }], timing);
    // Each stack keeps its way up while the coaster carries it round.
    for (const spinner of spinners) this.track(spinner.animate([{ transform: "rotate(0deg)" }, { transform: `rotate(${-angle}deg)` }], timing));
    this.track(run, () => {
      wheel.remove();
      for (const [, to] of moves) this.hideWhileMoving(to, false);
    });
  }

  /** What stands on a cell is hidden there while a copy of it moves in (kept through redraws). */
  hideWhileMoving(name, hidden) {
    if (hidden) this.arriving.add(name);
    else this.arriving.delete(name);
    this.cells.get(name).node.classList.toggle("arriving", hidden);
    this.cells.get(name).deco.classList.toggle("arriving", hidden);
  }

  /** Keep a running animation, to be finished early by a tap; `done` runs when it ends either way. */
  track(run, done = null) {
    this.running.push(run);
    const end = () => {
      this.running = this.running.filter((r) => r !== run);
      if (done) done();
    };
    run.onfinish = end;
    run.oncancel = end;
  }

  /** Jump every motion to its end (a tap skips the animation). */
  finish() {
    for (const run of [...this.running]) run.finish();
  }

  /** Neighbours of a cell, from the drawing positions (one unit apart). */
  adjacent(name) {
    const { x, y } = this.cells.get(name);
    const near = [];
    for (const [other, c] of this.cells) {
      const d = Math.hypot(c.x - x, c.y - y);
      if (d > 0.5 && d < 1.5) near.push(other);
    }
    return near;
  }

  set disabled(value) {
    if (value) this.svg.setAttribute("aria-disabled", "true");
    else this.svg.removeAttribute("aria-disabled");
  }
}
