// The New game button: a new game's setup dialog (players, options and seats), then the game.
import { startFresh } from "../controllers/moves.js";
import { catalogEntry } from "../games/index.js";
import { SEAT_CHOICES, seatsOf, setupSeats } from "../model/seats.js";
import { store } from "../state/store.js";
import { h, openDialog } from "../views/dom.js";

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
function newGameSetup(entry, info, current) {
  const counts = info.players;
  const specs = Object.entries(info.options || {});
  const record = current?.record?.game === entry.name ? current.record : null;
  let players = counts.includes(record?.players) ? record.players : counts[0];
  const seats = setupSeats(current?.seats || [], Math.max(...counts));
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
  // Played here (pass and play, the computer) or by links, each player on their own device (by-links/game.js).
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

/** The New game button: ask for players, options and who plays each seat, then start. */
export async function newGame() {
  const entry = store.state.page.entry;
  const info = catalogEntry(entry.name);
  const shown = store.state.session;
  const current = shown ? { record: shown.record, seats: seatsOf(shown), link: Boolean(shown.link) } : null;
  const setup = info ? await newGameSetup(entry, info, current) : null;
  if (info && !setup) return; // cancelled
  if (store.state.page.entry !== entry) return;
  const hadMoves = store.state.session?.record.moves.length > 0;
  await startFresh(hadMoves ? "New game started. The previous one is under Saved games." : "", setup);
}
