// A game by links' Send dialog: the game's link for the device that acts next.
import { engine } from "../engine/boot.js";
import { plainMessage } from "../engine/client.js";
import { markSent, sendHash } from "./game.js";
import { sendWords } from "../model/link-game.js";
import { seatNamesOf } from "../games/index.js";
import { keepSession } from "../controllers/current-game.js";
import { store } from "../state/store.js";
import { copyButton, h, openDialog, showMessage } from "../views/dom.js";

/**
 * "Send your move" (and Share): the link of the game by links as it is now, for
 * the device that must act next: the system's share sheet where the browser has
 * one, the clipboard, a QR code for someone in the same room, or a file. Once
 * sent one of these ways, the session keeps it (link.sent), and the page says so.
 */
export async function sendGame() {
  const { session: s, page } = store.state;
  let position = store.state.position;
  if (!s?.link || !position) return;
  let hash;
  try {
    // The whole game is sent, whatever position is shown: its words are those of its last position.
    if (s.cursor < s.record.moves.length) position = await engine.call("state", { record: s.record });
    hash = await sendHash(s, position);
  } catch (error) {
    showMessage(`The link could not be made: ${plainMessage(error.message)}`);
    return;
  }
  const link = location.href.split("#")[0] + hash;
  const words = sendWords(s, position, seatNamesOf(page.entry.ui, position));
  const field = h("input", { id: "send-link", type: "text", readonly: true, "aria-label": "Link to send" });
  field.value = link;
  const status = h("p", { class: "dialog-status", role: "status" });
  const code = h("div", { id: "send-qr-code", class: "qr-code" });
  const sent = () => {
    const now = store.state.session;
    if (now?.id === s.id) keepSession(markSent(now, s));
  };
  const sheet = typeof navigator.share === "function"
    ? h("button", { type: "button", id: "send-share", class: "primary", onclick: async () => {
      try {
        await navigator.share({ title: `${page.entry.title}: ${words.title.toLowerCase()}`, url: link });
        status.textContent = "Sent.";
        sent();
      } catch (error) {
        if (error.name !== "AbortError") status.textContent = "The share sheet would not open: copy the link instead.";
      }
    } }, "Share…") : null;
  const showCode = async () => {
    status.textContent = "";
    try {
      const { qrSvg } = await import("../views/qr.js");
      const svg = await qrSvg(link);
      if (!svg) throw new Error("too long");
      code.replaceChildren(typeof svg === "string" ? h("div", { html: svg }) : svg);
      status.textContent = "Let the other player scan this code with their phone's camera.";
      sent();
    } catch {
      status.textContent = `This game's link (${link.length.toLocaleString()} characters) is too long for a QR code: send the link or the file.`;
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([link + "\n"], { type: "text/plain" }));
    h("a", { href: url, download: `${s.game}-by-links-move-${s.record.moves.length}.txt` }).click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    sent();
  };
  openDialog({
    id: "send-dialog",
    title: words.title,
    body: [
      h("p", {}, words.text),
      field,
      h("div", { class: "dialog-inline" }, sheet, copyButton("send-copy", "Copy link", () => link, field, status, sent),
        h("button", { type: "button", id: "send-qr", onclick: showCode }, "QR code"),
        h("button", { type: "button", id: "send-file", onclick: download }, "As a file")),
      code,
      status,
    ],
    actions: [{ label: "Close", id: "send-close" }],
  });
  field.focus();
  field.select();
}
