// The Share dialog: a link to the position on screen.
import { sendGame } from "../by-links/send-move.js";
import { engine } from "../engine/boot.js";
import { catalogEntry } from "../games/index.js";
import { shareHash } from "../model/share-links.js";
import { store } from "../state/store.js";
import { copyButton, copyText, h, openDialog } from "../views/dom.js";

export async function share() {
  // A game by links is shared by its own link, to the device it goes to: never a plain copy of the game.
  if (store.state.session?.link) return sendGame();
  const { record, cursor } = store.state.session;
  let packed = null;
  try {
    packed = (await engine.call("pack", { record })).packed;
  } catch {
    packed = null; // the moves written out in full make a longer link, as good
  }
  const link = location.href.split("#")[0] + shareHash(record, cursor, catalogEntry(record.game), packed);
  const field = h("input", { id: "share-link", type: "text", readonly: true, "aria-label": "Link to this position" });
  field.value = link;
  const status = h("p", { class: "dialog-status", role: "status" });
  openDialog({
    id: "share-dialog",
    title: "Share this position",
    body: [
      h("p", {}, "Anyone who opens this link sees this game at the position shown now, and can play on from there."),
      field,
      h("div", { class: "dialog-inline" }, copyButton("share-copy", "Copy link", () => link, field, status)),
      status,
    ],
    actions: [{ label: "Close", id: "share-close" }],
  });
  field.focus();
  field.select();
  const copied = await copyText(link, null);
  status.textContent = copied ? "The link is copied to the clipboard." : "Select the link above and copy it.";
}

