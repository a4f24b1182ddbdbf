// The home page: the games, each a link to its page. Drawn from the store
// (view.js calls it when the store's page becomes the home page).
import { GAMES } from "./games/index.js";
import { h } from "./ui.js";

export function drawHome() {
  const list = h("ul", { class: "game-list" }, GAMES.map((game) => h("li", {},
    h("a", { class: "game-card", href: `#/${game.name}`, "data-game": game.name },
      h("span", { class: "game-name" }, game.title),
      h("span", { class: "game-tagline" }, game.tagline),
      h("span", { class: "game-meta" }, game.playerText)),
    game.lesson ? h("a", { class: "learn-link", href: `#/${game.name}?learn`, "data-learn": game.name },
      `New to ${game.title}? Learn it in a few moves`) : null)));
  document.getElementById("view").replaceChildren(h("section", { class: "home" },
    h("p", { class: "intro" }, "Five abstract strategy games for two or more players at one screen. They play offline once loaded."),
    list));
}
