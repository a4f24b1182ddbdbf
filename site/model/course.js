// A course's decisions (modes/lesson.js), apart from the page: pure, tested by node --test.

/**
 * Where a course opens again: the step shown last (`lastShown`, a step's key), or
 * the one after it once that one is done (`done`: the keys of the steps done); in a
 * course never opened here, the first step not done.
 */
export function resumeAt(steps, done, lastShown) {
  const last = steps.findIndex((step) => step.key === lastShown);
  if (last >= 0) return done.includes(lastShown) && last + 1 < steps.length ? last + 1 : last;
  return Math.max(0, steps.findIndex((step) => !done.includes(step.key)));
}

/** The chapter step `index` belongs to: the last one opened at or before it ("" if none). */
export const chapterOf = (steps, index) => steps.slice(0, index + 1).reduce((chapter, step) => step.chapter || chapter, "");

/**
 * What a lesson says of a move tried: the engine's words for the move (`text`), then the
 * lesson's (`said`), each sentence once (a lesson's words may begin with the engine's own).
 */
export function outcomeWords(text, said) {
  const sentences = (words) => words.match(/[^.!?]+[.!?]+(?=\s|$)/g)?.map((s) => s.trim()) || [words.trim()];
  const told = new Set(sentences(text));
  return [text.trim(), ...sentences(said).filter((s) => s && !told.has(s))].join(" ");
}
