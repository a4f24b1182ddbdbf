// The Import dialog: a record pasted or read from a file becomes a game of its own.
import { engine } from "../engine/boot.js";
import { plainMessage } from "../engine/client.js";
import { gameByName, gameForLink } from "../games/index.js";
import { readHash } from "../model/share-links.js";
import { MAX_RECORD_CHARS, quote, readRecordText } from "../model/records.js";
import { linkRecord } from "../controllers/current-game.js";
import { h, openDialog, showMessage } from "../views/dom.js";

/** Validate pasted text (a record or a share link); resolves {session, state} or throws. */
async function readImport(api, raw) {
  const text = raw.trim();
  if (!text) throw new Error("Paste a game record or a share link first.");
  if (text.length > MAX_RECORD_CHARS) throw new Error(`this text is too long (${text.length} characters) to be a game record or a link`);
  if (!/^[[{]/.test(text)) { // not JSON: a link
    const { name, params, hasQuery } = readHash(text);
    const entry = gameForLink(name);
    if (!entry) throw new Error(`this is neither a game record nor a link to a game here (no game called ${quote(name)})`);
    if (!hasQuery) throw new Error("this link holds no moves");
    if (params.has("f")) return { navigate: `#/${entry.name}?${params}` }; // a game by links opens as its link does
    const { record, at } = await linkRecord(entry.name, params);
    const state = await engine.call("state", { record, ply: at });
    return api.sessionForRecord(entry, state, record.moves, at ?? record.moves.length);
  }
  const { error } = readRecordText(text); // size, nesting and shape, before the engine sees it
  if (error) throw new Error(error);
  const state = await engine.call("state", { record: text });
  const entry = gameByName(state.record.game);
  if (!entry) throw new Error(`${state.record.game} cannot be played here`);
  return api.sessionForRecord(entry, state, state.record.moves, state.record.moves.length);
}

export function importGame(api) {
  const field = h("textarea", {
    id: "import-text", rows: "6", spellcheck: "false", "aria-label": "Game record or share link",
    placeholder: '{"format":1,"game":"manalath",…}  or  …#/manalath?moves=e5w.c7b',
  });
  const error = h("p", { id: "import-error", class: "dialog-error", role: "alert", hidden: true });
  const fileStatus = h("p", { class: "dialog-status", role: "status" });
  // A file (from Export's Download) is read into the field, then imported as pasted text is.
  const readFile = async (file) => {
    if (!file) return;
    error.hidden = true;
    if (file.size > MAX_RECORD_CHARS * 4) {
      error.textContent = `Not imported: ${file.name} is too large (${file.size.toLocaleString()} bytes) to be a game record.`;
      error.hidden = false;
      return;
    }
    try {
      field.value = (await file.text()).trim();
      fileStatus.textContent = `Read ${file.name}: choose Import to open it.`;
    } catch {
      error.textContent = `Not imported: ${file.name} could not be read.`;
      error.hidden = false;
    }
  };
  const picker = h("input", { type: "file", id: "import-file", accept: ".json,.txt,application/json,text/plain",
    "aria-label": "Game record file", onchange: () => readFile(picker.files[0]) });
  field.addEventListener("dragover", (event) => event.preventDefault());
  field.addEventListener("drop", (event) => {
    event.preventDefault();
    readFile(event.dataTransfer?.files?.[0]);
  });
  openDialog({
    id: "import-dialog",
    title: "Import a game",
    body: [h("p", {}, "Paste a game record (from Export) or a share link, or choose a record's file (or drop it on the box). It becomes the game on screen and is saved as a new game (a game saved already is opened instead); the current game stays under Saved games."),
      field, h("label", { class: "import-file" }, "From a file: ", picker), fileStatus, error],
    actions: [
      { label: "Cancel", id: "import-cancel" },
      {
        label: "Import", id: "import-submit", primary: true, onClick: async () => {
          const submit = document.getElementById("import-submit");
          submit.disabled = true;
          try {
            const { session, state, saved, navigate } = await readImport(api, field.value);
            if (navigate) {
              location.hash = navigate;
              return true;
            }
            api.adoptAndShow(session, state);
            const moves = session.record.moves.length;
            showMessage(saved
              ? `This game is saved already (“${session.title || gameByName(session.game)?.title || session.game}”): it is opened, not saved again.`
              : `Imported: ${moves} move${moves === 1 ? "" : "s"}.`, { error: false });
            return true;
          } catch (e) {
            error.textContent = `Not imported: ${plainMessage(e.message)}`;
            error.hidden = false;
            return false;
          } finally {
            submit.disabled = false;
          }
        },
      },
    ],
  });
  field.focus();
}

