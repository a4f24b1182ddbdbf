// The rules page's worked examples, drawn by the game's own board (svg-board.js)
// from the positions the build computed with the engine (board-data.js,
// `diagrams`; py_engines/learn/ holds them). A rules text places one with
// <figure data-diagram="key"></figure>; it becomes a picture of the position,
// with the cells it is about ringed and its words under it.
import { Board } from "./svg-board.js";
import { boardData } from "../games/board-data.js";
import { h } from "./dom.js";

/** Fill every diagram figure in `container` with its board (`entry`: the game, its page module loaded). */
export async function drawDiagrams(container, entry) {
  const figures = [...container.querySelectorAll("figure[data-diagram]")];
  if (!figures.length) return;
  let data;
  try {
    data = await boardData(entry.name);
  } catch {
    for (const figure of figures) figure.replaceChildren(h("figcaption", {}, "This example could not be drawn: its board did not load."));
    return;
  }
  for (const figure of figures) {
    const diagram = (data.diagrams || []).find((d) => d.key === figure.dataset.diagram);
    if (!diagram) continue;
    figure.replaceChildren(picture(data.layout, diagram, entry.ui), h("figcaption", {}, diagram.caption));
  }
}

/** One worked example: its position with the cells it is about ringed, named by its words. */
function picture(layout, diagram, ui) {
  const svg = stillBoard(layout, diagram.state, ui, diagram.caption, [
    ...(diagram.paths || []).map((cells) => ({ kind: "path", cells, cls: "diagram-path" })),
    ...Object.entries(diagram.marks).flatMap(([kind, cells]) =>
      cells.map((cell) => ({ kind: "ring", cell, cls: `diagram-${kind}` }))),
  ]);
  svg.classList.add("diagram");
  return svg;
}

/**
 * A position (an engine state) as a still picture by the game's own board: no
 * cell is a button, the whole is an image named `words`, with `marks` on it.
 */
export function stillBoard(layout, state, ui, words, marks = []) {
  const board = new Board(layout, { onTap: () => {}, title: "" });
  board.update({
    contents: ui.contents ? ui.contents(state.view) : {},
    decorations: ui.decorate ? ui.decorate(state.view, state) : {},
    live: new Set(),
    selected: [],
    marked: new Set(),
    label: () => "",
  });
  board.setMarks(marks);
  const svg = board.svg;
  for (const node of svg.querySelectorAll("[data-cell]")) {
    for (const name of ["role", "tabindex", "aria-label"]) node.removeAttribute(name);
  }
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", words);
  return svg;
}
