// What every module of the page shares: the engine worker and `app`, the state
// of the page. The worker is started by boot.js, before anything else runs,
// because its boot (Pyodide) is what the player waits for.
import { engineWorker } from "./boot.js";
import { connectEngine } from "./engine.js";
import { MoveInput } from "./input.js";

export const engine = connectEngine(engineWorker);

export const app = {
  engineReady: false,
  catalog: null,        // the engine's `games` answer, for defaults
  routeToken: 0,
  opening: null,        // {session, state}: a game of another kind, handed to its page as the route changes
  reportedUnreadable: false, // whether this visit has said that some saves are unreadable
  shownHash: "",        // the route on screen, to go back to after a bad link
  view: null,           // {kind: "home"} or {kind: "game", entry, board, els, actions}
  session: null,        // {id, game, title, created, updated, record (every move), cursor}
  state: null,          // the engine's state at session.cursor
  input: new MoveInput(),
  busy: 0,
  thinkToken: 0,        // bumped whenever a pending computer move or hint must be forgotten
  thinking: null,       // {player} while a computer seat is choosing its move, {dice: true} before a roll
  turnClock: null,      // {session, turn, cursor, spent}: how long the computer's turn has thought (computer.js)
  hint: null,           // {pending: true} or {move, cells} for the position on screen
  picture: null,        // while the engine starts: {session} of the position drawn as a picture (picture.js)
};

/** The engine's `games` answer (player counts, options), or null if it could not be had. */
export const catalog = engine.call("games").then((answer) => (app.catalog = answer.games)).catch(() => null);

export const CHANCE = -1; // to_move while dice must be rolled (py_engines.CHANCE)
