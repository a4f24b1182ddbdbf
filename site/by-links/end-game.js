// Resigning or abandoning a game by links, once confirmed.
import { endGame } from "./game.js";
import { mySeats } from "../model/link-game.js";
import { seatNamesOf } from "../games/index.js";
import { keepSession } from "../controllers/current-game.js";
import { store } from "../state/store.js";
import { confirmDialog } from "../views/dom.js";

/**
 * Resign ("resigned": this device's seats) or end the game as abandoned
 * ("abandoned"), once confirmed: the game stays under Saved games, marked so, and
 * can no longer be played on this device (by-links/game.js endGame).
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

