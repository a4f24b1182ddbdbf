// The five games of the product, in menu order. A game can be played here once
// it has a page module, site/games/<name>.js (the build lists them in
// build-info.js); the module is loaded when its page first opens.
import { BUILD } from "../build-info.js";

export const GAMES = [
  { name: "manalath", title: "Manalath", players: "2 players",
    tagline: "Place either colour; a group of five wins, a group of four loses." },
  { name: "ambush", title: "Ambush", players: "2 players",
    tagline: "Stack pyramids, turn the coasters, sandwich and capture." },
  { name: "nymbat", title: "Nymbat", players: "2 or 4 players",
    tagline: "Numbered armies march across a great hexagon." },
  { name: "not_nyout", title: "Not Nyout", players: "2 to 4 players",
    tagline: "Race horses around the ring and fight for the stations." },
  { name: "nimbus", title: "Nimbus", players: "2 to 10 players",
    tagline: "Move one pyramid, then collect a line of them." },
].map((game) => ({ ...game, playable: (BUILD.pages || []).includes(game.name) }));

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

/** The game's page module (its default export), loaded once; its stylesheet too, if it has one. */
export function loadUi(game) {
  if (!loaded.has(game.name)) {
    const promise = import(`./${game.name}.js`).then((module) => {
      const ui = module.default;
      if (ui.css && !document.querySelector(`link[data-game-css="${game.name}"]`)) {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = new URL(`./${game.name}.css`, import.meta.url).href;
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
