// The games of the product, in menu order, as the engine's registry states
// them (py_engines/games/__init__.py): the build writes that catalog into
// build-info.js (`games`: name, title, tagline, player counts and options).
// Each game's page module, site/games/<name>.js, is loaded when its page first
// opens.
import { BUILD } from "../build-info.js";

/** "2 players", "2 or 4 players", "2 to 10 players": the counts a game is played by, in words. */
function playerWords(counts) {
  if (counts.length === 1) return `${counts[0]} players`;
  const first = counts[0];
  const last = counts[counts.length - 1];
  const run = counts.every((n, i) => n === first + i);
  return run ? `${first} to ${last} players` : `${counts.slice(0, -1).join(", ")} or ${last} players`;
}

export const GAMES = BUILD.games.map((game) => ({ ...game, playerText: playerWords(game.players) }));

/**
 * The catalog entry of a game: {name, title, tagline, players: [counts], options: {name: spec},
 * lesson: whether it has one, lessonSteps, cover: the key of the example that pictures it}.
 */
export const catalogEntry = (name) => GAMES.find((g) => g.name === name) || null;

/** Each seat's name ("White", "Red"...) in a position of the game whose page module is `ui`. */
export function seatNamesOf(ui, state) {
  return typeof ui.seats === "function" ? ui.seats(state.players, state.record.options) : ui.seats;
}

/** The game of that name exactly (as records and saves write it). */
export const gameByName = (name) => GAMES.find((g) => g.name === name);

/**
 * The game a link names, as a person may write it: in any case, with a space or
 * a hyphen for the underscore (#/MANALATH, #/Not_Nyout, #/not-nyout, #/Not%20Nyout).
 */
export function gameForLink(name) {
  let text = name;
  try {
    text = decodeURIComponent(name);
  } catch {
    // a stray % is left as it is: no game is called that
  }
  return gameByName(text.trim().toLowerCase().replace(/[\s-]+/g, "_"));
}

const loaded = new Map();
let stylesShown = null; // the game whose styles apply (showStylesOf)

/** The game's page module (its default export), loaded once; its stylesheet too, if it has one. */
export function loadUi(game) {
  if (!loaded.has(game.name)) {
    const promise = import(`./${game.name}.js`).then((module) => {
      const ui = module.default;
      if (ui.css && !document.querySelector(`link[data-game-css="${game.name}"]`)) {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = new URL(`./${game.name}.css`, import.meta.url).href;
        // Loaded now, applied only on its game's page (showStylesOf); on the home page, for its pictures.
        link.media = stylesShown === "*" || stylesShown === game.name ? "all" : "not all";
        link.dataset.gameCss = game.name;
        document.head.appendChild(link);
      }
      return ui;
    });
    promise.catch(() => loaded.delete(game.name));
    loaded.set(game.name, promise);
  }
  return loaded.get(game.name);
}

/**
 * A game's stylesheet applies on its own page only: every other game's is switched
 * off (two games may style the same classes, such as a third player's marks).
 * `name`: the game whose page is on screen, or "*" for every game (the home page's
 * pictures of each board: they draw no marks, the only classes two games share).
 */
export function showStylesOf(name) {
  stylesShown = name;
  for (const link of document.querySelectorAll("link[data-game-css]")) {
    link.media = name === "*" || link.dataset.gameCss === name ? "all" : "not all";
  }
}
