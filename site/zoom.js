// Zoom for boards with many cells. On a phone 390 px wide, Nymbat's 169 cells
// are about 26 px across, too small to tap reliably: a button over the board's
// corner draws the board twice as large inside a box of the board's usual size,
// which the player pans with a finger or the scroll wheel. Nothing else on the
// page moves, and taps on cells work as before. A cell focused from the
// keyboard is brought into the box by the browser itself (focus() scrolls).
// The choice is kept per game.
import { readZoom, writeZoom } from "./storage.js";
import { h } from "./ui.js";

export const ZOOM_ABOVE_CELLS = 100; // Nymbat (169 cells) gets the button; Manalath (61) and smaller do not

const MAGNIFIER = '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="10" cy="10" r="6.5" />' +
  '<path d="M15 15l6 6" /><path d="M7 10h6" /><path class="zoom-plus" d="M10 7v6" /></svg>';

/**
 * Put `board` (board.js) in its `area`. A board with more than ZOOM_ABOVE_CELLS
 * cells goes into a box that scrolls, with the zoom button over its corner; `game`
 * names the stored choice and `selectedCell()` the cell to bring into view
 * when zooming in (else the board's centre).
 */
export function placeBoard(area, board, { game, selectedCell }) {
  if (board.cells.size <= ZOOM_ABOVE_CELLS) {
    area.replaceChildren(board.svg);
    return;
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
    if (zoomed) bringIntoView(box, board, selectedCell());
  };
  button.addEventListener("click", () => {
    const zoomed = !area.classList.contains("zoomed");
    writeZoom(game, zoomed);
    show(zoomed);
  });
  if (readZoom(game)) requestAnimationFrame(() => show(true)); // once the page around the board is laid out
}

/** Scroll the zoomed box so that the cell `name` (or, without one, the board's centre) is in its middle. */
function bringIntoView(box, board, name) {
  let x = box.scrollWidth / 2;
  let y = box.scrollHeight / 2;
  const cell = name && board.cells.get(name);
  if (cell) {
    const frame = box.getBoundingClientRect();
    const rect = cell.node.getBoundingClientRect();
    x = rect.left + rect.width / 2 - frame.left + box.scrollLeft;
    y = rect.top + rect.height / 2 - frame.top + box.scrollTop;
  }
  box.scrollLeft = x - box.clientWidth / 2;
  box.scrollTop = y - box.clientHeight / 2;
}
