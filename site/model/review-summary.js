// What a finished review says of each player (views/game-view.js draws it): an accuracy,
// overall and per phase of the game, the marks and the only moves found. Pure: from the
// review's points (controllers/review.js keeps them) and the game's length.
//
// A move's accuracy is lichess's public formula on the mover's winning chance in percent
// before and after it (here the review's chances, `drop` = before - after):
//   accuracy = 103.1668 * exp(-0.04354 * (100 * drop)) - 3.1669, held within 0..100,
// so a move that gives nothing away scores 100, one that gives away 10% about 64, 25%
// about 32. Only the moves the review judged count (`drop` known: a searched or proven
// point, where the player had a choice), not dice, forced moves or Nimbus's setup. A
// player's accuracy is the plain mean of their moves'; a phase's, of their moves in that
// third of the game (opening, middle, end, by move number).

export const PHASES = ["opening", "middle", "end"];

/** The accuracy of one move (0..100) that gave away `drop` of its mover's winning chance (0..1). */
export function moveAccuracy(drop) {
  const lost = Math.max(0, drop) * 100;
  return Math.min(100, Math.max(0, 103.1668 * Math.exp(-0.04354 * lost) - 3.1669));
}

/** The phase of move `ply` (from 1) in a game of `plies` moves: 0 opening, 1 middle, 2 end (thirds). */
export function phaseOf(ply, plies) {
  return Math.min(2, Math.floor(((ply - 1) * 3) / Math.max(1, plies)));
}

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

/**
 * Each player's accuracy from a review's points (point k judges move k + 1): {all, phases: [3],
 * moves}, each a mean of 0..100 or null where the player made no judged move there.
 */
export function accuracies(points, players) {
  const plies = points.length - 1;
  const judged = Array.from({ length: players }, () => ({ all: [], phases: [[], [], []] }));
  points.slice(0, plies).forEach((point, index) => {
    if (point.drop === null || point.drop === undefined || !(point.player >= 0 && point.player < players)) return;
    const score = moveAccuracy(point.drop);
    judged[point.player].all.push(score);
    judged[point.player].phases[phaseOf(index + 1, plies)].push(score);
  });
  return judged.map(({ all, phases }) => ({ all: mean(all), phases: phases.map(mean), moves: all.length }));
}

const MARK_WORDS = { blunder: ["blunder", "blunders"], mistake: ["mistake", "mistakes"], inaccuracy: ["inaccuracy", "inaccuracies"] };

/** A count in words: "1 blunder", "2 mistakes". */
const counted = (n, [one, many]) => `${n} ${n === 1 ? one : many}`;

/**
 * One line per player of a finished review: "White: accuracy 91% (opening 98%, middle 90%,
 * end 85%); 1 mistake; 1 only move found." (`names`: the seats' names).
 */
export function summaryLines(points, names) {
  const figures = accuracies(points, names.length);
  return names.map((name, player) => {
    const own = points.slice(0, -1).filter((point) => point.player === player);
    const parts = [];
    const { all, phases } = figures[player];
    if (all !== null) {
      const byPhase = PHASES.map((phase, k) => (phases[k] === null ? null : `${phase} ${Math.round(phases[k])}%`)).filter(Boolean);
      parts.push(`accuracy ${Math.round(all)}%${byPhase.length > 1 ? ` (${byPhase.join(", ")})` : ""}`);
    }
    const marks = Object.entries(MARK_WORDS).map(([mark, words]) => {
      const n = own.filter((point) => point.mark === mark).length;
      return n ? counted(n, words) : null;
    }).filter(Boolean);
    parts.push(marks.length ? marks.join(", ") : "no move marked");
    const only = own.filter((point) => point.label === "only").length;
    if (only) parts.push(`${counted(only, ["only move", "only moves"])} found`);
    return `${name}: ${parts.join("; ")}.`;
  });
}
