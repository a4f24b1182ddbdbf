// The rules dialog: a game's rules, with its worked examples drawn.
import { drawDiagrams } from "../views/diagrams.js";
import { catalogEntry } from "../games/index.js";
import { h, openDialog } from "../views/dom.js";

/** A small picture of one kind of mark, drawn with the board's own classes (style.css), so it looks as on the board. */
function markSample(cls, flag = false) {
  return `<svg class="legend-mark" viewBox="-0.5 -0.5 1 1" aria-hidden="true"><circle class="legend-cell" r="0.46"/>`
    + `<g class="mark"><circle class="${cls}" r="0.36"/></g>`
    + (flag ? `<g class="coach-flag" transform="translate(-0.3 -0.3) scale(1.4)"><circle r="0.15"/><text y="0.075" text-anchor="middle">!</text></g>` : "")
    + "</svg>";
}

/** What the marks drawn on every game's board mean (marks.js, the coach): shown under each game's rules. */
const MARKS = `<h3>Marks on the board</h3><ul class="legend">
  <li>${markSample("mark-ring")} A solid ring: what the last turn played (paler for the turns before it).
  A dashed line or arrow shows the way a piece or a coaster went, a small dashed circle where it came
  from, and a faded piece, crossed out, what the turn took.</li>
  <li>${markSample("mark-ring coach-win")} With the coach on: a move that wins now.</li>
  <li>${markSample("mark-ring coach-lose")} A move that loses at once.</li>
  <li>${markSample("mark-ring coach-gift", true)} A move that hands the other side a win on its next turn (dotted, with a "!").</li>
  <li>${markSample("mark-ring coach-warn", true)} A warning round a piece or a cell (dashed, with a "!"): the coach's words under the board say why.</li>
  <li>${markSample("mark-ring preview")} Where your next tap may go, and what you have tapped, in violet.</li>
</ul>`;

export function rules(entry) {
  const learn = catalogEntry(entry.name)?.lesson
    ? h("p", { class: "rules-learn" }, h("a", { href: `#/${entry.name}?learn`, id: "rules-learn",
      onclick: () => document.getElementById("rules-dialog")?.close() }, "Learn it by playing: a short lesson, one move at a time"))
    : null;
  const dialog = openDialog({
    id: "rules-dialog",
    title: `How to play ${entry.title}`,
    body: [learn, h("div", { class: "rules", html: entry.ui.rules + MARKS })],
    actions: [{ label: "Close", id: "rules-close", primary: true }],
  });
  // Rules are read: the arrow and page keys scroll them at once (the body is a Tab stop when it scrolls).
  const body = dialog.querySelector(".dialog-body");
  if (body.tabIndex === 0) body.focus();
  drawDiagrams(body, entry);
}

