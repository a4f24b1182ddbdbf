// An SVG board of hexagonal cells in horizontal rows, drawn from the engine's
// layout (cell centres one unit apart, y up). Every cell is a focusable
// <g data-cell="name" role="button">; arrow keys move the focus between cells.
// What a cell holds is drawn by CSS classes the game chooses.

const NS = "http://www.w3.org/2000/svg";
const R = 1 / Math.sqrt(3); // circumradius of a hexagon one unit across its flats
const LABEL_GAP = 0.78;     // row letters sit this far left of each row's first cell

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

const rowName = (cell) => cell.match(/^[a-z]+/i)[0];

export class HexBoard {
  /**
   * layout: {cells: [{name, x, y}]}; onTap(name) is called for a tap, Enter or Space;
   * title names the board for assistive technology.
   */
  constructor(layout, { onTap, title }) {
    this.onTap = onTap;
    this.cells = new Map(); // name -> {x, y, node}
    this.rows = [];         // cell names per row, bottom row first, each left to right

    const byRow = new Map();
    for (const c of layout.cells) {
      const y = -c.y; // SVG's y grows downward
      const key = Math.round(y * 1000);
      if (!byRow.has(key)) byRow.set(key, []);
      byRow.get(key).push({ ...c, y });
    }
    const rows = [...byRow.entries()].sort((a, b) => b[0] - a[0]).map(([, cells]) => cells.sort((a, b) => a.x - b.x));

    const xs = layout.cells.map((c) => c.x);
    const ys = layout.cells.map((c) => -c.y);
    const minRowStart = Math.min(...rows.map((r) => r[0].x));
    const left = Math.min(Math.min(...xs) - 0.5, minRowStart - LABEL_GAP - 0.22) - 0.05;
    const right = Math.max(...xs) + 0.5 + 0.05;
    const top = Math.min(...ys) - R - 0.05;
    const bottom = Math.max(...ys) + R + 0.05;

    const svg = el("svg", {
      class: "board hex-board",
      viewBox: `${left.toFixed(3)} ${top.toFixed(3)} ${(right - left).toFixed(3)} ${(bottom - top).toFixed(3)}`,
      role: "group",
      "aria-label": title,
    });
    svg.style.aspectRatio = `${(right - left).toFixed(3)} / ${(bottom - top).toFixed(3)}`;
    this.svg = svg;

    const labels = el("g", { class: "row-labels", "aria-hidden": "true" }, svg);
    const grid = el("g", { class: "cells" }, svg);
    const outer = hexPoints(R);
    const inner = hexPoints(R * 0.8);
    for (const row of rows) {
      const first = row[0];
      const label = el("text", { x: (first.x - LABEL_GAP).toFixed(3), y: first.y.toFixed(3) }, labels);
      label.textContent = rowName(first.name);
      this.rows.push(row.map((c) => c.name));
      for (const c of row) {
        const node = el("g", {
          class: "cell",
          "data-cell": c.name,
          role: "button",
          tabindex: "-1",
          transform: `translate(${c.x.toFixed(4)} ${c.y.toFixed(4)})`,
        }, grid);
        el("polygon", { class: "hex", points: outer }, node);
        el("polygon", { class: "ring", points: inner }, node);
        const coord = el("text", { class: "coord", "aria-hidden": "true" }, node);
        coord.textContent = c.name;
        el("circle", { class: "piece", r: "0.37" }, node);
        el("circle", { class: "piece-mark", r: "0.2" }, node);
        el("circle", { class: "last-mark", r: "0.11" }, node);
        this.cells.set(c.name, { x: c.x, y: c.y, node });
      }
    }
    const middle = this.rows[Math.floor(this.rows.length / 2)];
    this.focusName = middle[Math.floor(middle.length / 2)];
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

  /** The cell the arrow key leads to from `name`, or null at an edge. */
  neighbour(name, keyName) {
    const rowIndex = this.rows.findIndex((r) => r.includes(name));
    const row = this.rows[rowIndex];
    const i = row.indexOf(name);
    if (keyName === "ArrowLeft") return row[i - 1] ?? null;
    if (keyName === "ArrowRight") return row[i + 1] ?? null;
    const other = this.rows[rowIndex + (keyName === "ArrowUp" ? 1 : -1)];
    if (!other) return null;
    const x = this.cells.get(name).x;
    let best = null;
    for (const n of other) {
      const d = Math.abs(this.cells.get(n).x - x);
      if (best === null || d < best.d - 1e-6) best = { n, d };
    }
    return best.n;
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
   * live: Set of cells that continue a move (class "live" and attribute data-live);
   * selected: cells already tapped;
   * last: the last move's cell; marked: cells to emphasise (a deciding group);
   * label(name): the accessible name; hinted: cells of a suggested move
   * (class "hinted" and attribute data-hint).
   * A piece that appears on an empty cell in one step (a move, not a whole
   * position loaded) gets the class "placed" until the next change, for its animation.
   */
  update({ contents, live, selected, last, marked, label, hinted = new Set() }) {
    this.svg.classList.toggle("has-live", live.size > 0);
    if (this.contents) {
      const appeared = [];
      let changed = false;
      for (const name of this.cells.keys()) {
        const was = this.contents[name] || "";
        const now = contents[name] || "";
        if (was !== now) {
          changed = true;
          if (!was) appeared.push(name);
        }
      }
      if (changed) this.placed = new Set(appeared.length <= 2 ? appeared : []);
    }
    this.contents = { ...contents };
    for (const [name, { node }] of this.cells) {
      const piece = contents[name] || "";
      const classes = ["cell"];
      if (piece) classes.push("filled", piece);
      if (piece && this.placed?.has(name)) classes.push("placed");
      if (hinted.has(name)) classes.push("hinted");
      if (live.has(name)) classes.push("live");
      if (selected.includes(name)) classes.push("selected");
      if (name === last) classes.push("last");
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
