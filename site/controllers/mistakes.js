// The player's own errors kept to try again ("Your mistakes", model/mistakes.js): those a
// finished review found in the moves of this device's seats, and the puzzles answered wrong.
import { GAMES } from "../games/index.js";
import { mySeats } from "../model/link-game.js";
import { added, fromReview, mistakeShape } from "../model/mistakes.js";
import { seatsOf } from "../model/seats.js";
import { readMistakes, writeMistakes } from "../state/local-storage.js";
import { showMessage } from "../views/dom.js";

const NAMES = GAMES.map((game) => game.name);
const NOT_KEPT = "Your mistakes could not be kept for another try: this browser's storage is full or shut. " +
  "Delete some saved games.";

/** The errors kept in this browser that this page can use (anything else is left out). */
export const storedMistakes = () => readMistakes().filter((item) => mistakeShape(item, NAMES));

/** Keep `items` to try again (each once); the player is told if the browser refused. */
export function keepMistakes(items) {
  if (items.length && !writeMistakes(added(storedMistakes(), items))) showMessage(NOT_KEPT);
}

/** `item` as answered now (model/mistakes.js answered), kept in place of its old self. */
export function keepAnswered(item) {
  const list = storedMistakes();
  const at = list.findIndex((old) => old.id === item.id);
  if (at < 0) return;
  list[at] = item;
  if (!writeMistakes(list)) showMessage(NOT_KEPT);
}

/** A finished review of session `s`: its mistakes and blunders in the moves of the seats a person played here. */
export function keepReviewed(s, points) {
  const seats = s.link ? mySeats(s)
    : seatsOf(s).flatMap((seat, i) => (seat === "human" ? [i] : []));
  keepMistakes(fromReview(s.record, points, seats, Date.now()));
}
