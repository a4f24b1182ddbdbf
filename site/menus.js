// The game page's dialogs: saved games, import, export, share link, rules and
// a new game's setup. `api` is what some need from the page: {adoptAndShow,
// sessionForRecord, startFresh}.
import { engine } from "./boot.js";
import { drawDiagrams } from "./diagrams.js";
import { plainMessage } from "./engine.js";
import { endGame, markSent, sendHash } from "./bylinks.js";
import { endedStatus, mySeats, sendWords } from "./model/link-game.js";
import { catalogEntry, gameByName, gameForLink, loadUi, seatNamesOf } from "./games/index.js";
import { readHash, shareHash } from "./links.js";
import { MAX_RECORD_CHARS, quote, readRecordText } from "./records.js";
import { SEAT_CHOICES, SEAT_LEVELS } from "./model/seats.js";
import { keepSession, linkRecord } from "./session.js";
import * as saves from "./storage.js";
import { store } from "./store.js";
import { confirmDialog, copyText, h, openDialog, showMessage } from "./ui.js";

function copyButton(id, label, getText, field, status, copied = null) {
  return h("button", {
    type: "button", id, onclick: async () => {
      const ok = await copyText(getText(), field);
      status.textContent = ok ? "Copied." : "The clipboard is not available: the text is selected, copy it with Ctrl+C or your menu.";
      copied?.();
    },
  }, label);
}

// -- export -----------------------------------------------------------------------

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

// -- import -----------------------------------------------------------------------

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

// -- share ------------------------------------------------------------------------

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

// -- a game by links: send it, end it ------------------------------------------------

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
      const { qrSvg } = await import("./qr.js");
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

/**
 * Resign ("resigned": this device's seats) or end the game as abandoned
 * ("abandoned"), once confirmed: the game stays under Saved games, marked so, and
 * can no longer be played on this device (bylinks.js endGame).
 */
export async function endByLinks(kind) {
  const { session: s, position, page } = store.state;
  if (!s?.link || s.link.ended || !position) return;
  const names = seatNamesOf(page.entry.ui, position);
  const mine = mySeats(s);
  const others = names.filter((_, seat) => !mine.includes(seat));
  const ok = await confirmDialog(kind === "resigned" ? {
    title: "Resign this game?",
    text: `${mine.map((seat) => names[seat]).join(" and ")} resign${mine.length === 1 ? "s" : ""}` +
      `${others.length === 1 ? `: ${others[0]} wins` : ""}. ` +
      "The game stays under Saved games and can no longer be played on this device. No link can carry a resignation: " +
      "tell the other players yourself.",
    confirm: "Resign",
  } : {
    title: "End this game as abandoned?",
    text: "Nobody wins. The game stays under Saved games, marked abandoned, and can no longer be played on this device; " +
      "a later link of it still shows its moves.",
    confirm: "End as abandoned",
  });
  const now = store.state.session;
  if (ok && now?.id === s.id && !now.link.ended) keepSession(endGame(now, kind));
}

// -- rules ------------------------------------------------------------------------

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

// -- saved games ------------------------------------------------------------------

let refillSaved = null; // while the list of saved games is open: reads it again

export function savedGames(api) {
  const list = h("ul", { id: "saved-list", class: "saved-list" });
  openDialog({
    id: "saved-dialog",
    title: "Saved games",
    body: [h("p", {}, "Every game is saved after each move. Resume one, or delete those you no longer need."), list],
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

// -- a new game: players, options and seats -------------------------------------------

/** Who plays a seat in a game by links: this device, or a friend's (their own device, by link). */
const LINK_SEAT_CHOICES = [["mine", "You, on this device"], ["friend", "A friend, by link"]];

/** An option's choice in words: the engine's label for it, else the value itself. */
function choiceText(spec, index) {
  const value = spec.choices[index];
  if (spec.labels?.[index]) return spec.labels[index];
  return value === true ? "Yes" : value === false ? "No" : String(value);
}

/** Whether a choice may be played by `players` (a variant for larger groups may not). */
const allowed = (spec, value, players) => players >= (spec.min_players?.[String(value)] ?? 0);

/**
 * Ask how many players, which options and who plays each seat, starting from
 * the game on screen (`current`: {record, seats}); resolves {players, options,
 * seats}, or null if cancelled. The options offered are those valid for the
 * count chosen, and the seats follow the count (each keeps its choice).
 */
export function newGameSetup(entry, info, current) {
  const counts = info.players;
  const specs = Object.entries(info.options || {});
  const record = current?.record?.game === entry.name ? current.record : null;
  let players = counts.includes(record?.players) ? record.players : counts[0];
  const seats = Array.from({ length: Math.max(...counts) }, (_, i) => (SEAT_LEVELS.includes(current?.seats?.[i]) ? current.seats[i] : "human"));
  const chosen = Object.fromEntries(specs.map(([key, spec]) => {
    const mine = record?.options && spec.choices.findIndex((c) => c === record.options[key]);
    return [key, mine >= 0 ? mine : spec.choices.indexOf(spec.default)];
  }));

  const countField = h("select", { id: "setup-players", name: "players" },
    counts.map((n) => h("option", { value: String(n) }, `${n} players`)));
  countField.value = String(players);
  const optionFields = specs.map(([key, spec]) => {
    const field = h("select", { id: `setup-${key}`, name: key, "aria-describedby": `setup-${key}-help` });
    field.addEventListener("change", () => {
      chosen[key] = Number(field.value);
      fillSeats(); // a seat's name may depend on an option
    });
    const help = h("p", { class: "setup-help", id: `setup-${key}-help` }, spec.help || "");
    const more = h("span", { class: "setup-more" });
    help.append(more);
    return { key, spec, field, more, row: h("div", { class: "setup-row" },
      h("label", { class: "setup-label", for: `setup-${key}` }, spec.label || key), field, help) };
  });
  // Played here (pass and play, the computer) or by links, each player on their own device (bylinks.js).
  let byLinks = Boolean(current?.link);
  const owners = Array.from({ length: Math.max(...counts) }, (_, i) => (i === 0 ? "mine" : "friend"));
  const howField = h("select", { id: "setup-how", name: "how", "aria-describedby": "setup-how-help" },
    h("option", { value: "here" }, "On this device"),
    h("option", { value: "links" }, "With friends far away, by links"));
  howField.value = byLinks ? "links" : "here";
  const howHelp = h("p", { class: "setup-help", id: "setup-how-help" });
  const howError = h("p", { class: "dialog-error", id: "setup-how-error", role: "alert", hidden: true });
  howField.addEventListener("change", () => {
    byLinks = howField.value === "links";
    howError.hidden = true;
    fillSeats();
  });
  const seatList = h("div", { class: "setup-seats" });
  const seatNote = h("p", { class: "setup-help", id: "setup-seats-note" }); // the game's words on the seats

  /**
   * Only the choices the count allows (a choice no longer allowed falls back to the
   * default); the help says how many more a larger group would have.
   */
  function fillOptions() {
    for (const { key, spec, field, more } of optionFields) {
      const indices = spec.choices.map((_, i) => i).filter((i) => allowed(spec, spec.choices[i], players));
      if (!indices.includes(chosen[key])) chosen[key] = spec.choices.indexOf(spec.default);
      field.replaceChildren(...indices.map((i) => h("option", { value: String(i) }, choiceText(spec, i))));
      field.value = String(chosen[key]);
      const hidden = spec.choices.filter((value) => !allowed(spec, value, players));
      const fewest = Math.min(...hidden.map((value) => spec.min_players[String(value)]));
      more.textContent = hidden.length ? ` With ${fewest} or more players: ${hidden.length} more choices.` : "";
    }
  }

  const options = () => Object.fromEntries(optionFields.map(({ key, spec }) => [key, spec.choices[chosen[key]]]));

  /** One selector per seat, named as on the game's page: a person or the computer at a level. */
  function fillSeats() {
    const names = typeof entry.ui.seats === "function" ? entry.ui.seats(players, options()) : entry.ui.seats;
    seatNote.textContent = entry.ui.seatsNote?.(players, options()) || "";
    seatNote.hidden = !seatNote.textContent;
    howHelp.textContent = byLinks
      ? "Each friend plays on their own phone or computer. After each move you send the game as a link (a message, " +
        "or a QR code); their reply comes back as a link. The dice are rolled from every device's share, so nobody can " +
        "foresee or choose them."
      : "Pass and play on this device, or play the computer.";
    seatList.replaceChildren(...names.map((name, i) => {
      const id = `setup-seat-${i}`;
      const choices = byLinks ? LINK_SEAT_CHOICES : SEAT_CHOICES;
      const chosenHere = byLinks ? owners : seats;
      const field = h("select", { id, name: id, "data-seat": String(i) },
        choices.map(([value, text]) => h("option", { value }, text)));
      field.value = chosenHere[i];
      field.addEventListener("change", () => {
        chosenHere[i] = field.value;
        howError.hidden = true;
      });
      const swatch = entry.ui.seatSwatches?.[i];
      return h("div", { class: "setup-seat" },
        h("label", { for: id, class: "setup-seat-name" },
          swatch ? h("span", { class: `swatch ${swatch}`, "aria-hidden": "true" }) : null, name), field);
    }));
  }

  countField.addEventListener("change", () => {
    players = Number(countField.value);
    fillOptions();
    fillSeats();
  });
  fillOptions();
  fillSeats();

  return new Promise((resolve) => {
    let answer = null;
    openDialog({
      id: "setup-dialog",
      title: `New game of ${entry.title}`,
      body: h("div", { class: "setup" },
        h("div", { class: "setup-row" }, h("label", { class: "setup-label", for: "setup-how" }, "Play"), howField, howHelp),
        counts.length > 1 ? h("div", { class: "setup-row" },
          h("label", { class: "setup-label", for: "setup-players" }, "Players"), countField) : null,
        optionFields.map((o) => o.row),
        h("fieldset", { class: "setup-who", "aria-describedby": "setup-seats-note" },
          h("legend", { class: "setup-label" }, "Who plays"), seatNote, seatList), howError),
      actions: [
        { label: "Cancel", id: "setup-cancel" },
        {
          label: "Start", id: "setup-start", primary: true, onClick: () => {
            if (!byLinks) {
              answer = { players, options: options(), seats: seats.slice(0, players) };
              return true;
            }
            const mine = owners.slice(0, players).flatMap((owner, seat) => (owner === "mine" ? [seat] : []));
            if (mine.length === 0 || mine.length === players) {
              howError.textContent = mine.length ? "Choose at least one seat for a friend: a game by links is played on several devices."
                : "Choose at least one seat for yourself.";
              howError.hidden = false;
              return false;
            }
            answer = { players, options: options(), seats: Array(players).fill("human"), byLinks: true, mine };
            return true;
          },
        },
      ],
      onClose: () => resolve(answer),
    });
  });
}
