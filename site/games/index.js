// The five games of the product, in menu order. `ui` is the game's page module
// once it can be played here; the engine's `games` op says which are built.
import manalath from "./manalath.js";

export const GAMES = [
  { name: "manalath", title: "Manalath", players: "2 players", ui: manalath },
  { name: "ambush", title: "Ambush", players: "2 players", tagline: "Stack pyramids, turn the coasters, sandwich and capture." },
  { name: "nymbat", title: "Nymbat", players: "2 or 4 players", tagline: "Numbered armies march across a great hexagon." },
  { name: "not_nyout", title: "Not Nyout", players: "2 to 4 players", tagline: "Race horses around the ring and fight for the stations." },
  { name: "nimbus", title: "Nimbus", players: "2 to 10 players", tagline: "Move one pyramid, then collect a line of them." },
];

export const gameByName = (name) => GAMES.find((g) => g.name === name);
