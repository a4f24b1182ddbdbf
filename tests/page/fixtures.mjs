// The positions the engine wrote for these tests (tools/page_fixtures.py), and each
// game's page module, for the tests of the page's logic.
import { readFileSync } from "node:fs";

export const POSITIONS = JSON.parse(readFileSync(new URL("./fixtures/positions.json", import.meta.url), "utf8"));

/** [label, state] of every position, or of one game's ("manalath/2/start"...). */
export function positions(game = null) {
  return Object.entries(POSITIONS).filter(([label]) => game === null || label.startsWith(`${game}/`));
}

export const GAME_NAMES = [...new Set(Object.keys(POSITIONS).map((label) => label.split("/")[0]))];

/** A game's page module (site/games/<name>.js), as loadUi gives it. */
export async function uiOf(name) {
  return (await import(`../../site/games/${name}.js`)).default;
}

/** Each game's board layout ({shape, cells: [{name, ...}], ...}), as the engine gives it. */
export const LAYOUTS = JSON.parse(readFileSync(new URL("./fixtures/layouts.json", import.meta.url), "utf8"));
