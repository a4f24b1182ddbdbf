// The home page, drawn from the store (game-view.js calls it when the store's page
// becomes the home page): the games in progress first, each a picture of its
// position and whose turn it is, resumed in one tap; then every game with a
// picture of its board, to play or to learn; then what the site does offline
// and how to install it. `page.inProgress` (current-game.js, gamesInProgress) and
// `page.lessonsDone` come from the router (app.js).
import { boardData } from "../games/board-data.js";
import { stillBoard } from "./diagrams.js";
import { GAMES, loadUi } from "../games/index.js";
import { mixedSeats, seatsOf } from "../model/seats.js";
import { h } from "./dom.js";

export function drawHome(state, actions) {
  const page = state.page;
  const inProgress = page.inProgress || [];
  const parts = [
    h("p", { class: "intro" }, "Five little-known abstract board games. Play the computer or a friend on this device, " +
      "and learn each game in a few moves."),
  ];
  if (inProgress.length) {
    parts.push(h("section", { class: "home-part", "aria-labelledby": "continue-title" },
      h("h2", { id: "continue-title" }, "Continue"),
      h("ul", { class: "resume-list" }, inProgress.map(resumeCard))));
  }
  const due = GAMES.map((game) => ({ game, due: page.mistakesKept?.[game.name]?.due || 0 })).filter((g) => g.due);
  if (due.length) { // every game's mistakes due now, in one place: each game's in turn (modes/puzzle.js goes on to the next)
    const total = due.reduce((sum, g) => sum + g.due, 0);
    parts.push(h("section", { class: "home-part mistakes-due", "aria-labelledby": "mistakes-title" },
      h("h2", { id: "mistakes-title" }, "Your mistakes"),
      h("p", {}, `${total} due now to try again: ${due.map((g) => `${g.game.title} ${g.due}`).join(", ")}.`),
      h("a", { class: "button primary", href: `#/${due[0].game.name}?mistakes`, id: "mistakes-all" },
        due.length > 1 ? `Try them, game by game` : `Try ${total === 1 ? "it" : "them"}`)));
  }
  parts.push(h("section", { class: "home-part", "aria-labelledby": "games-title" },
    h("h2", { id: "games-title" }, inProgress.length ? "All games" : "Games"),
    h("ul", { class: "game-list" }, GAMES.map((game) => gameCard(game, page.lessonsDone?.[game.name] || 0,
      page.puzzlesSolved?.[game.name] || 0, page.mistakesKept?.[game.name])))));
  parts.push(offlinePart(state, actions));
  document.getElementById("view").replaceChildren(h("section", { class: "home" }, parts));
}

/** A game in progress: its position, whose turn, who plays; the whole card resumes it. */
function resumeCard({ session, state }) {
  const game = GAMES.find((g) => g.name === session.game);
  const seats = seatsOf(session, state.players);
  const against = mixedSeats(seats);
  // Left at an earlier move (looking back, a review): the game goes on from its last move, not from the one shown.
  const behind = session.cursor < session.record.moves.length;
  const yourTurn = against && !behind && seats[state.to_move] === "human";
  const shown = behind ? ` (move ${session.cursor} of ${session.record.moves.length} shown)` : "";
  const status = h("span", { class: "resume-status" }, `Move ${session.cursor}${shown}`);
  const who = against ? `Against the computer (${seats.find((seat) => seat !== "human")})`
    : seats.every((seat) => seat === "human") ? "Pass and play" : "The computer against itself";
  const slot = h("span", { class: "thumb", "aria-hidden": "true" });
  fill(slot, game, state, (ui) => {
    status.textContent = `${ui.status(state)}${shown}`;
  });
  return h("li", {}, h("a", { class: "resume-card", href: `#/${game.name}`, "data-resume": game.name },
    slot,
    h("span", { class: "resume-text" },
      h("span", { class: "game-name" }, game.title, yourTurn ? h("span", { class: "your-turn" }, "Your turn") : null),
      status,
      h("span", { class: "game-meta" }, `${who} · ${ago(session.updated)}`))));
}

/** A game: a picture of its board, what it is, and the ways in (play, learn, puzzles). */
function gameCard(game, stepsDone, puzzlesSolved, mistakes) {
  const slot = h("span", { class: "thumb cover", "aria-hidden": "true" });
  fill(slot, game, null);
  const learned = game.lessonSteps && stepsDone >= game.lessonSteps;
  const learnText = !stepsDone ? "Learn" : learned ? "Lesson again" : `Learn (${stepsDone} of ${game.lessonSteps} done)`;
  return h("li", { class: "game-card", "data-game": game.name },
    h("a", { class: "cover-link", href: `#/${game.name}`, tabindex: "-1", "aria-hidden": "true" }, slot),
    h("div", { class: "game-about" },
      h("h3", { class: "game-name" }, game.title),
      h("p", { class: "game-tagline" }, game.tagline),
      h("p", { class: "game-meta" }, game.playerText),
      h("div", { class: "game-ways" },
        h("a", { class: "button primary", href: `#/${game.name}`, "data-play": game.name, "aria-label": `Play ${game.title}` }, "Play"),
        game.lesson ? h("a", { class: "button", href: `#/${game.name}?learn`, "data-learn": game.name,
          "aria-label": `${learnText}: ${game.title}` }, learnText) : null,
        game.puzzles ? h("a", { class: "button", href: `#/${game.name}?puzzle`, "data-puzzles": game.name,
          "aria-label": `Puzzles of ${game.title}: ${puzzlesSolved} of ${game.puzzles} solved` },
        puzzlesSolved ? `Puzzles (${puzzlesSolved}/${game.puzzles})` : "Puzzles") : null,
        // The player's own errors, to try again (modes/puzzle.js): once there are some.
        mistakes?.kept ? h("a", { class: "button", href: `#/${game.name}?mistakes`, "data-mistakes": game.name,
          "aria-label": `Your mistakes in ${game.title}: ${mistakes.due} of ${mistakes.kept} due now` },
        mistakes.due ? `Mistakes (${mistakes.due} due)` : "Mistakes") : null)));
}

/** Offline play, and installing the site: the browser's own offer where it makes one, else how. */
function offlinePart(state, actions) {
  const standalone = window.matchMedia?.("(display-mode: standalone)").matches;
  const how = state.install
    ? h("button", { type: "button", id: "install", class: "primary", onclick: actions.install }, "Install as an app")
    : h("p", { class: "install-how" }, standalone ? "Installed: it opens from your home screen like any app."
      : "To install it, choose “Add to Home Screen” or “Install app” in your browser's menu " +
        "(on an iPhone or iPad: the Share button, then “Add to Home Screen”).");
  return h("section", { class: "home-part offline", "aria-labelledby": "offline-title" },
    h("h2", { id: "offline-title" }, "Offline, on your phone"),
    h("p", {}, "Once this page has loaded, every game plays with no network: the games run on this device and " +
      "your games are saved in this browser. Nothing is sent anywhere."),
    how,
    h("p", {}, "Your games, lessons and puzzles live in this browser only. To carry them to a new phone or another " +
      "browser, or to keep them safe: back them up in one file, and restore it there."),
    h("div", { class: "game-ways" },
      h("button", { type: "button", id: "backup", onclick: actions.backUp }, "Back up everything"),
      h("button", { type: "button", id: "restore", onclick: actions.restore }, "Restore a backup")));
}

/**
 * Draw a game's position into `slot` once the game's page module and board
 * have loaded: `state`, or with none the game's cover example (the build's
 * `cover`, one of its rules examples), else a new game. `then(ui)` runs after.
 */
function fill(slot, game, state, then = null) {
  Promise.all([loadUi(game), boardData(game.name)]).then(([ui, data]) => {
    const shown = state || data.diagrams?.find((d) => d.key === game.cover)?.state || data.start;
    slot.replaceChildren(stillBoard(data.layout, shown, ui, `${game.title} board`));
    then?.(ui);
  }).catch(() => {}); // offline before the game was kept: the card still works without its picture
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", or the date. */
function ago(time) {
  const minutes = Math.round((Date.now() - Number(time)) / 60000);
  if (!(minutes >= 1)) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? "" : "s"} ago`;
  return new Date(Number(time)).toLocaleDateString(undefined, { dateStyle: "medium" });
}
