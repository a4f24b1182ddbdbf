// One SVG board for every game, drawn from the engine's layout: cells (hexagons,
// squares or circles one unit apart, y up) with optional tracks between them,
// shaded regions and edge labels. Every cell is a focusable
// <g data-cell="name" role="button">; arrow keys move the focus to the nearest
// cell in that direction. What a cell holds is drawn by the game's page module:
// CSS classes (contents) and/or SVG markup in the cell's own coordinates
// (decorations: the cell is centred on 0,0, about one unit across, y down).

const NS = "http://www.w3.org/2000/svg";
const HEX_R = 1 / Math.sqrt(3); // circumradius of a hexagon one unit across its flats
const LABEL_GAP = 0.78;         // hex boards: row letters sit this far left of each row
const SQUARE = 0.96;            // side of a square cell (a hairline of board shows between)
const CIRCLE_R = 0.42;          // radius of a circular station

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
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
    }
    const tracks = el("g", { class: "tracks", "aria-hidden": "true" }, svg);
    for (const [a, b] of layout.lines || []) {
      const p = byName.get(a);
      const q = byName.get(b);
      el("line", { class: "track", x1: p.x, y1: p.y, x2: q.x, y2: q.y }, tracks);
    }
    const labelLayer = el("g", { class: "row-labels", "aria-hidden": "true" }, svg);
    for (const l of labels) {
      el("text", { x: l.x.toFixed(3), y: l.y.toFixed(3) }, labelLayer).textContent = l.text;
    }

    const grid = el("g", { class: "cells" }, svg);
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
      const deco = el("g", { class: "deco", "aria-hidden": "true" }, node);
      el("circle", { class: "last-mark", r: "0.11" }, node);
      this.cells.set(c.name, { x: c.x, y: c.y, node, deco, base, markup: "" });
    }
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
    svg.addEventListener("focusin", (event) => {
      const cell = event.target.closest("[data-cell]");
      if (cell) this.setRoving(cell.dataset.cell);
    });
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
   * The cell an arrow key leads to from `name`: the nearest one lying more in
   * that direction than across it, or null at an edge.
   */
  neighbour(name, keyName) {
    const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[keyName];
    const from = this.cells.get(name);
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
      const next = this.neighbour(name, event.key);
      if (next) this.focus(next);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.onTap(name);
    }
  }

  /**
   * Draw a position. contents: {name: css class for what the cell holds};
   * decorations: {name: SVG markup drawn in the cell}; live: Set of cells that
   * continue a move (class "live" and attribute data-live); selected: cells
   * already tapped; last: the cells the last move touched (a name or a list);
   * marked: cells to emphasise; label(name): the accessible name; hinted: cells
   * of a suggested move (class "hinted" and attribute data-hint).
   * A cell whose contents change in one step (a move, not a whole position
   * loaded) gets the class "placed" until the next change, for its animation.
   */
  update({ contents = {}, decorations = {}, live, selected, last, marked, label, hinted = new Set() }) {
    const lastCells = new Set(Array.isArray(last) ? last : last ? [last] : []);
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
      if ((piece || markup) && this.placed?.has(name)) classes.push("placed");
      if (hinted.has(name)) classes.push("hinted");
      if (live.has(name)) classes.push("live");
      if (selected.includes(name)) classes.push("selected");
      if (lastCells.has(name)) classes.push("last");
      if (marked.has(name)) classes.push("marked");
      node.setAttribute("class", classes.join(" "));
      if (live.has(name)) node.setAttribute("data-live", "");
      else node.removeAttribute("data-live");
      if (hinted.has(name)) node.setAttribute("data-hint", "");
      else node.removeAttribute("data-hint");
      node.setAttribute("aria-label", label(name));
      if (selected.includes(name)) node.setAttribute("aria-pressed", "true");
      else node.removeAttribute("aria-pressed");
    }
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
