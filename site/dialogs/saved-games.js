// The Saved games dialog: every game kept on this device, to open or delete.
import { engine } from "../engine/boot.js";
import { plainMessage } from "../engine/client.js";
import { endedStatus } from "../model/link-game.js";
import { gameByName, loadUi, seatNamesOf } from "../games/index.js";
import * as saves from "../state/local-storage.js";
import { store } from "../state/store.js";
import { confirmDialog, copyButton, h, openDialog, showMessage } from "../views/dom.js";
import { storageWords } from "../model/storage-words.js";

let refillSaved = null; // while the list of saved games is open: reads it again

export function savedGames(api) {
  const list = h("ul", { id: "saved-list", class: "saved-list" });
  openDialog({
    id: "saved-dialog",
    title: "Saved games",
    body: [h("p", {}, "Every game is saved after each move. Resume one, or delete those you no longer need."), list,
      h("p", { id: "saved-storage", class: "setup-help" }, storageWords(saves.readKept(), saves.storedChars()))],
    actions: [{ label: "Close", id: "saved-close" }],
    onClose: () => (refillSaved = null),
  });
  refillSaved = () => fillSaved(api, list);
  refillSaved();
}

/** Another tab changed the saved games: a list open here shows them as they are now. */
export function savedGamesChanged() {
  refillSaved?.();
}

function describeTime(ms) {
  return ms ? new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "unknown time";
}

function fillSaved(api, list) {
  let items;
  try {
    items = saves.listSaves();
  } catch (e) {
    list.replaceChildren(h("li", { class: "dialog-error", role: "alert" }, e.message));
    return;
  }
  if (!items.length) {
    list.replaceChildren(h("li", { class: "saved-empty" }, "No saved games yet: a game is saved after its first move."));
    return;
  }
  const refill = () => fillSaved(api, list);
  list.replaceChildren(...items.map((item) => (item.ok ? savedItem(api, item, refill) : unreadableItem(api, item, refill))));
}

function deleteButton(api, id, label, refill) {
  return h("button", {
    type: "button", class: "danger", "data-action": "delete", onclick: async () => {
      const ok = await confirmDialog({
        title: "Delete this saved game?",
        text: `${label} will be removed from this device. This cannot be undone.`,
        confirm: "Delete",
      });
      if (!ok) return;
      try {
        saves.deleteSave(id);
      } catch (e) {
        showMessage(e.message);
        return;
      }
      if (store.state.session?.id === id) await api.startFresh("The deleted game was the one on screen: a new game was started.");
      refill();
    },
  }, "Delete");
}

function rawText(raw) {
  const field = h("textarea", { class: "raw", rows: "3", readonly: true, spellcheck: "false", "aria-label": "Raw saved text" });
  field.value = raw;
  return field;
}

function unreadableItem(api, item, refill) {
  const field = rawText(item.raw);
  const status = h("p", { class: "dialog-status", role: "status" });
  return h("li", { class: "saved-item unreadable", "data-save-id": item.id },
    h("div", { class: "saved-title" }, "Unreadable saved game ", h("span", { class: "badge warn" }, "unreadable")),
    h("p", { class: "saved-meta" }, `Key boardgames.save.${item.id}: ${item.error}. Copy its text to keep it, or delete it.`),
    field,
    h("div", { class: "saved-actions" },
      copyButton(null, "Copy text", () => item.raw, field, status),
      deleteButton(api, item.id, "This unreadable entry", refill)),
    status);
}

function savedItem(api, item, refill) {
  const save = item.save;
  const entry = gameByName(save.game);
  const current = store.state.session?.id === save.id;
  const moves = save.record.moves.length;
  const state = h("span", { class: "saved-state" }, "checking…");
  const resume = h("button", {
    type: "button", class: "primary", "data-action": "resume", disabled: true, onclick: async () => {
      resume.disabled = true;
      try {
        // The save as it is now: another tab may have played on in it, or deleted it, since the list was read.
        const now = saves.readSave(save.id);
        if (!now?.ok) {
          showMessage("That saved game was deleted or changed in another tab: the list shows them as they are now.");
          refill();
          return;
        }
        const position = await engine.call("state", { record: now.save.record, ply: now.save.cursor });
        document.getElementById("saved-dialog")?.close();
        api.adoptAndShow(now.save, position);
      } catch (e) {
        state.textContent = `cannot be resumed: ${plainMessage(e.message)}`;
      }
    },
  }, current ? "On screen" : "Resume");
  const li = h("li", { class: `saved-item${current ? " current" : ""}`, "data-save-id": save.id },
    h("div", { class: "saved-title" }, save.title || (entry ? entry.title : save.game),
      current ? h("span", { class: "badge" }, "current") : null,
      save.link?.ended ? h("span", { class: "badge ended" }, save.link.ended.kind) : null),
    h("p", { class: "saved-meta" }, `${moves} move${moves === 1 ? "" : "s"}`,
      moves ? ` (${save.record.moves.slice(0, 4).join(" ")}${moves > 4 ? " …" : ""})` : "",
      save.cursor < moves ? ` (showing ${save.cursor})` : "", ` · ${describeTime(save.updated)} · `, state),
    h("div", { class: "saved-actions" }, resume, deleteButton(api, save.id, `“${save.title || save.game}”`, refill)));

  if (!entry) {
    state.textContent = `${save.game} cannot be played here`;
    return li;
  }
  Promise.all([engine.call("state", { record: save.record, ply: save.cursor }), loadUi(entry)]).then(([position, ui]) => {
    state.textContent = endedStatus(save, seatNamesOf(ui, position)) || ui.status(position);
    resume.disabled = current;
  }, (e) => {
    li.classList.add("unreadable");
    state.textContent = `unreadable: ${plainMessage(e.message)}`;
    const field = rawText(item.raw);
    const status = h("p", { class: "dialog-status", role: "status" });
    li.querySelector(".saved-actions").prepend(copyButton(null, "Copy text", () => item.raw, field, status));
    li.append(field, status);
  });
  return li;
}

