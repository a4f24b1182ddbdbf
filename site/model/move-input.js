// Generic move input, shared by every game: a move is a list of steps (cells
// to tap, then choices to pick), as the engine lists them in state.legal.
// The player builds a prefix step by step; only steps that continue some legal
// move are accepted, and the move is played once the prefix is a whole move.

const key = (step) => ("cell" in step ? `cell:${step.cell}` : `choice:${step.choice}`);

/**
 * The move being entered: the legal moves and the steps taken so far. A value:
 * nothing changes one; `step`, `cancel` and `withTap` give a new one.
 */
export class MoveInput {
  constructor(legal = [], prefix = []) {
    this.legal = legal;
    this.prefix = Object.freeze([...prefix]);
    Object.freeze(this);
  }

  get active() {
    return this.prefix.length > 0;
  }

  /** Legal moves that start with the prefix. */
  matching() {
    const n = this.prefix.length;
    const wanted = this.prefix.map(key);
    return this.legal.filter((m) => m.steps.length >= n && wanted.every((k, i) => key(m.steps[i]) === k));
  }

  /** What may come next: the cells to tap and the choices to pick, in the engine's order. */
  next() {
    const n = this.prefix.length;
    const cells = new Set();
    const choices = [];
    for (const move of this.matching()) {
      const step = move.steps[n];
      if (!step) continue;
      if ("cell" in step) cells.add(step.cell);
      else if (!choices.includes(step.choice)) choices.push(step.choice);
    }
    return { cells, choices };
  }

  /** Cells tapped so far. */
  selected() {
    return this.prefix.filter((s) => "cell" in s).map((s) => s.cell);
  }

  /**
   * Take one step: returns {input} (the input after it) and what the step did:
   * {move} when the prefix became a whole legal move (the prefix stays, marking
   * the move while it is played), {changed: true} when it grew or, for a step
   * that continues nothing but starts a move of its own (another of one's pieces
   * tapped), began again there; {cancelled: true} when the cell just tapped was
   * tapped again (the player lets go), {refused: true} when it fits nothing and
   * starts nothing either (the move under way is kept, to be finished or let go),
   * and nothing more when the step meant nothing.
   */
  step(step) {
    const { cells, choices } = this.next();
    const fits = "cell" in step ? cells.has(step.cell) : choices.includes(step.choice);
    if (!fits) {
      if (!this.active) return { input: this };
      const last = this.prefix[this.prefix.length - 1];
      const empty = new MoveInput(this.legal);
      if ("cell" in step && last && last.cell === step.cell) return { input: empty, cancelled: true }; // tapped again: let go
      if (this.prefix.some((entered) => "choice" in entered)) return { input: this, refused: true };
      // Another move's start is taken; a tap that starts nothing is refused, the move under way kept
      // (a newcomer who tapped where a piece may not go had to tap the piece again).
      const again = empty.step(step);
      return again.move || again.changed ? again : { input: this, refused: true };
    }
    const input = new MoveInput(this.legal, [...this.prefix, step]);
    const whole = input.matching().find((m) => m.steps.length === input.prefix.length);
    return whole ? { input, move: whole.move } : { input, changed: true };
  }

  /** The same moves, nothing entered. */
  cancel() {
    return this.active ? new MoveInput(this.legal) : this;
  }

  /** A tap kept as it is, legal or not (on the picture drawn before the engine is up). */
  withTap(cell) {
    return new MoveInput(this.legal, [...this.prefix, { cell }]);
  }
}
