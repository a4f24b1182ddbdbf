// Zoom for boards with many cells. On a phone 360 px wide, Nymbat's 169 cells
// are about 23 px across, too small to tap reliably: a button beside the board
// draws the board twice as large inside a box of the board's usual size,
// which the player pans with a finger or the scroll wheel. Nothing else on the
// page moves, and taps on cells work as before. A cell focused from the
// keyboard is brought into the box by the browser itself (focus() scrolls).
// The choice is kept per game.
import { readZoom, writeZoom } from "../state/local-storage.js";
import { h } from "./dom.js";

export const ZOOM_ABOVE_CELLS = 100; // Nymbat (169 cells) gets the button; Manalath (61) and smaller do not

const MAGNIFIER = '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="10" cy="10" r="6.5" />' +
  '<path d="M15 15l6 6" /><path d="M7 10h6" /><path class="zoom-plus" d="M10 7v6" /></svg>' +
  // Its word, where the button has room (above the board on a phone held upright): a magnifier
  // alone was not found by a newcomer to whom Nymbat's cells were too small. One word, part of
  // the button's name whether it is pressed or not.
  '<span class="zoom-word">Zoom</span>';

/**
 * Put `board` (svg-board.js) in its `area`. A board with more than ZOOM_ABOVE_CELLS
 * cells goes into a box that scrolls, with the zoom button beside it; `game`
 * names the stored choice and `focusCells()` the cells to bring into view when
 * zooming in (else the board's centre). Returns what to call when the position
 * changes: zoomed, the box follows the cells to tap when none of them is in it.
 */
export function placeBoard(area, board, { game, focusCells }) {
  if (board.cells.size <= ZOOM_ABOVE_CELLS) {
    area.replaceChildren(board.svg);
    return () => {};
  }
  const box = h("div", { class: "board-scroller" }, board.svg);
  box.style.aspectRatio = board.svg.style.aspectRatio; // the box keeps the size of the board unzoomed
  const button = h("button", {
    type: "button", id: "zoom-board", class: "zoom-button", "aria-label": "Zoom the board",
    "aria-pressed": "false", title: "Zoom the board", html: MAGNIFIER,
  });
  area.classList.add("zoomable");
  area.replaceChildren(box, button);

  const show = (zoomed) => {
    area.classList.toggle("zoomed", zoomed);
    button.setAttribute("aria-pressed", String(zoomed));
    if (zoomed) bringIntoView(box, board, focusCells());
  };
  button.addEventListener("click", () => {
    const zoomed = !area.classList.contains("zoomed");
    writeZoom(game, zoomed);
    show(zoomed);
  });
  if (readZoom(game)) requestAnimationFrame(() => show(true)); // once the page around the board is laid out
  // The zoom follows the action: a new position whose cells to tap are all outside the box is
  // brought into it (a newcomer's next lesson step played at the top of a board zoomed at its foot).
  return () => {
    if (!area.classList.contains("zoomed")) return;
    const names = focusCells();
    if (names.length && !names.some((name) => inView(box, board.cells.get(name)))) bringIntoView(box, board, names);
  };
}

/** Whether `cell` (a board's) shows inside the zoomed `box`. */
function inView(box, cell) {
  if (!cell) return false;
  const frame = box.getBoundingClientRect();
  const r = cell.node.getBoundingClientRect();
  return r.right > frame.left && r.left < frame.right && r.bottom > frame.top && r.top < frame.bottom;
}

/**
 * Scroll the zoomed box to the middle of `names` (the cell selected, or those where the
 * player's next tap may go: their pieces, their setup area), or to the board's centre.
 */
function bringIntoView(box, board, names) {
  const cells = names.map((n) => board.cells.get(n)).filter(Boolean);
  let x = box.scrollWidth / 2;
  let y = box.scrollHeight / 2;
  if (cells.length) {
    const frame = box.getBoundingClientRect();
    const rects = cells.map((c) => c.node.getBoundingClientRect());
    const left = Math.min(...rects.map((r) => r.left));
    const right = Math.max(...rects.map((r) => r.right));
    const top = Math.min(...rects.map((r) => r.top));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    x = (left + right) / 2 - frame.left + box.scrollLeft;
    y = (top + bottom) / 2 - frame.top + box.scrollTop;
  }
  box.scrollLeft = x - box.clientWidth / 2;
  box.scrollTop = y - box.clientHeight / 2;
}
