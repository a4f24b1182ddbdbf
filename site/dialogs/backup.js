// The home page's Back up and Restore dialogs: everything this browser keeps for
// the player (saved games and their reviews, lessons, puzzles, settings) as one
// file, and that file merged into another device's storage (model/backup.js).
import { GAMES } from "../games/index.js";
import { backupWords, makeBackup, MAX_BACKUP_CHARS, mergeBackup, readBackup } from "../model/backup.js";
import * as saves from "../state/local-storage.js";
import { h, openDialog } from "../views/dom.js";

const GAME_NAMES = GAMES.map((game) => game.name);
const plural = (n, word, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

/** Back up everything: what the file holds, a game by links' seats only if asked, then a download. */
export function backUp() {
  let entries;
  const error = h("p", { id: "backup-error", class: "dialog-error", role: "alert", hidden: true });
  try {
    entries = saves.readEntries();
  } catch (e) {
    entries = {};
    error.textContent = e.message;
    error.hidden = false;
  }
  const made = makeBackup(entries, { games: GAME_NAMES });
  const status = h("p", { class: "dialog-status", role: "status", id: "backup-status" });
  const secrets = h("input", { type: "checkbox", id: "backup-secrets" });
  const download = () => {
    const { backup } = makeBackup(entries, { games: GAME_NAMES, withSecrets: secrets.checked });
    const url = URL.createObjectURL(new Blob([JSON.stringify(backup) + "\n"], { type: "application/json" }));
    const day = new Date(backup.written).toISOString().slice(0, 10);
    const name = `little-board-games-backup-${day}.json`;
    h("a", { href: url, download: name }).click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    status.textContent = `Downloaded ${name}. On the other device, open this site and choose Restore a backup on its home page.`;
  };
  openDialog({
    id: "backup-dialog",
    title: "Back up everything",
    body: [
      h("p", { id: "backup-holds" }, `One file with everything this browser keeps for you: ${backupWords(made.backup)}, ` +
        "with the games' reviews and your settings. Restore it on another phone or browser to carry them there; " +
        "keep it somewhere safe to get them back if this browser's storage is ever cleared."),
      made.unreadable ? h("p", { class: "setup-help" }, `${plural(made.unreadable, "saved game")} that cannot be read ` +
        `${made.unreadable === 1 ? "is" : "are"} left out (Saved games shows ${made.unreadable === 1 ? "its" : "their"} text).`) : null,
      made.secrets ? h("label", { class: "backup-secrets" }, secrets,
        ` Include my seats in ${plural(made.secrets, "game")} by links. Without this, ${made.secrets === 1 ? "that game comes" :
          "those games come"} back on the other device to watch only. With it, whoever has the file can play your seat: ` +
        "keep the file to yourself.") : null,
      status, error,
    ],
    actions: [
      { label: "Close", id: "backup-close" },
      { label: "Download", id: "backup-download", primary: true, onClick: () => (download(), false) },
    ],
  });
}

/**
 * Restore a backup: the file chosen is read and merged at once (nothing here is lost: see
 * mergeBackup), and what it added is said. `restored(replaced)`: the page reads storage again.
 */
export function restore(restored) {
  const status = h("p", { class: "dialog-status", role: "status", id: "restore-status" });
  const error = h("p", { id: "restore-error", class: "dialog-error", role: "alert", hidden: true });
  const refuse = (why) => {
    status.textContent = "";
    error.textContent = why;
    error.hidden = false;
  };
  const notA = (why) => refuse(`Nothing was restored: ${why}.`);
  const readFile = async (file) => {
    if (!file) return;
    error.hidden = true;
    if (file.size > MAX_BACKUP_CHARS * 4) return notA(`${file.name} is too large to be a backup of this site`);
    let text;
    try {
      text = await file.text();
    } catch {
      return notA(`${file.name} could not be read`);
    }
    const read = readBackup(text, { games: GAME_NAMES });
    if (read.error) return notA(read.error);
    try {
      const merged = mergeBackup(read.backup, saves.readEntries());
      saves.writeEntries(merged.writes);
      status.textContent = merged.said;
      restored(merged.replaced);
    } catch (e) {
      refuse(`Nothing was restored. ${e.message}`); // the storage is full or shut: every write was undone
    }
  };
  const picker = h("input", { type: "file", id: "restore-file", accept: ".json,application/json,text/plain",
    "aria-label": "Backup file", onchange: () => readFile(picker.files[0]) });
  openDialog({
    id: "restore-dialog",
    title: "Restore a backup",
    body: [
      h("p", {}, "Choose a backup file (from Back up everything, on this device or another). What it holds is added " +
        "to this device: nothing here is lost. A saved game this device also has is kept in its newest copy, never " +
        "twice; lessons and puzzles done on either count."),
      h("label", { class: "import-file" }, "Backup file: ", picker), status, error,
    ],
    actions: [{ label: "Close", id: "restore-close" }],
  });
}
