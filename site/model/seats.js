// Who plays each seat, and what follows from it: a person or the computer at a
// level, whether the page asks how to play, whether the coach speaks and whether
// it is the computer's turn. Pure: each function reads the store's state (or a
// session) it is given.
import { CHANCE, showsGame } from "../state/store.js";

// Who may play a seat: a person, or the computer at one of the levels of py_engines/ai.py's LEVELS.
export const SEAT_LEVELS = ["easy", "medium", "hard", "expert"];
export const SEAT_CHOICES = [["human", "Human"], ...SEAT_LEVELS.map((level) => [level, `Computer · ${level}`])];

/** The seats of a new game played the way the player chose: the first seat a person, the others the computer. */
export function opponentSeats(opponent, players) {
  if (!SEAT_LEVELS.includes(opponent)) return null;
  return Array.from({ length: players }, (_, i) => (i === 0 ? "human" : opponent));
}

/**
 * Whether to ask how to play before the first move: the player never chose,
 * and the game on screen is a new one nobody has moved in or set up.
 */
export function askHowToPlay(state) {
  const { session: s, position } = state;
  return state.opponent === null && state.mode === "play" && showsGame(state) && state.engine === "ready" &&
    !position.is_over && !s.chosen && !playerMoved(s, position) && seatsOf(s).every((seat) => seat === "human");
}

/** Who plays each seat: "human" or a computer level, one per player (old saves: all human). */
export function seatsOf(session, players = session?.record?.players || 2) {
  const saved = Array.isArray(session?.seats) ? session.seats : [];
  return Array.from({ length: players }, (_, i) => (SEAT_LEVELS.includes(saved[i]) ? saved[i] : "human"));
}

/**
 * The seats a new game's setup starts from, `count` of them: the current game's
 * own, and beyond them the computer's last level among them (a player against the
 * computer who adds players adds opponents), or people if nobody was a computer.
 */
export function setupSeats(current = [], count) {
  const levels = current.filter((seat) => SEAT_LEVELS.includes(seat));
  const extra = levels.length ? levels[levels.length - 1] : "human";
  return Array.from({ length: count }, (_, i) => (i < current.length && (current[i] === "human" || SEAT_LEVELS.includes(current[i])) ? current[i] : extra));
}

/** Undo and redo step over the computer's moves when people play against it. */
export function mixedSeats(seats) {
  return seats.includes("human") && seats.some((seat) => seat !== "human");
}

/** Whether the coach speaks (coach.js): the player's choice, else when a person plays the computer. */
export function coachOn(state) {
  return state.coachChoice === null ? mixedSeats(seatsOf(state.session)) : state.coachChoice;
}

/**
 * The player a computer seat plays for, if it is a computer's turn at the
 * position shown ({chance: true} when the dice are to be rolled).
 */
export function computerToMove({ session: s, position: state }) {
  if (!s || !state || state.is_over) return null;
  if (s.link) return null; // a game by links: its dice come from the players' shares (by-links/game.js), its seats are people
  if (state.to_move === CHANCE) return { chance: true };
  const seat = seatsOf(s, state.players)[state.to_move];
  return seat && seat !== "human" ? { player: state.to_move, level: seat } : null;
}

/**
 * Whether a player has moved in the session's game so far: the dice the page
 * rolls by itself (Not Nyout's roll-off, a random setup's deal) do not count,
 * so that opening a game's page never writes a saved game.
 */
export function playerMoved(s, state) {
  if (s.cursor < s.record.moves.length) return true; // moves were taken back or the move list used: a player acted
  const movers = state?.movers;
  return Array.isArray(movers) ? movers.some((mover) => mover !== CHANCE) : s.record.moves.length > 0;
}
