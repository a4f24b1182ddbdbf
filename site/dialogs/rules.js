// The rules dialog: a game's rules, with its worked examples drawn.
import { drawDiagrams } from "../views/diagrams.js";
import { catalogEntry } from "../games/index.js";
import { h, openDialog } from "../views/dom.js";

export function rules(entry) {
  const learn = catalogEntry(entry.name)?.lesson
    ? h("p", { class: "rules-learn" }, h("a", { href: `#/${entry.name}?learn`, id: "rules-learn",
      onclick: () => document.getElementById("rules-dialog")?.close() }, "Learn it by playing: a short lesson, one move at a time"))
    : null;
  const dialog = openDialog({
    id: "rules-dialog",
    title: `How to play ${entry.title}`,
    body: [learn, h("div", { class: "rules", html: entry.ui.rules })],
    actions: [{ label: "Close", id: "rules-close", primary: true }],
  });
  // Rules are read: the arrow and page keys scroll them at once (the body is a Tab stop when it scrolls).
  const body = dialog.querySelector(".dialog-body");
  if (body.tabIndex === 0) body.focus();
  drawDiagrams(body, entry);
}

