// The Export dialog: the game on screen as a record, to copy or keep as a file.
import { store } from "../state/store.js";
import { copyButton, h, openDialog } from "../views/dom.js";

export function exportGame() {
  const record = store.state.session.record;
  const text = JSON.stringify(record);
  const field = h("textarea", { id: "export-text", rows: "6", readonly: true, spellcheck: "false", "aria-label": "Game record" });
  field.value = text;
  const status = h("p", { class: "dialog-status", role: "status" });
  const download = () => {
    const url = URL.createObjectURL(new Blob([text + "\n"], { type: "application/json" }));
    const day = new Date().toISOString().slice(0, 10);
    h("a", { href: url, download: `${record.game}-${day}.json` }).click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  openDialog({
    id: "export-dialog",
    title: "Export this game",
    body: [
      h("p", {}, "The game's record: every move played, which Import reads back here or on another device."),
      field,
      h("div", { class: "dialog-inline" },
        copyButton("export-copy", "Copy", () => text, field, status),
        h("button", { type: "button", id: "export-download", onclick: download }, "Download")),
      status,
    ],
    actions: [{ label: "Close", id: "export-close" }],
  });
  field.focus();
  field.select();
}

