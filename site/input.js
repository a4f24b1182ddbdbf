// Generic move input, shared by every game: a move is a list of steps (cells
// to tap, then choices to pick), as the engine lists them in state.legal.
// The player builds a prefix step by step; only steps that continue some legal
// move are accepted, and the move is played once the prefix is a whole move.

const key = (step) => ("cell" in step ? `cell:${step.cell}` : `choice:${step.choice}`);

export class MoveInput {
  constructor(legal = []) {
    this.legal = legal;
    this.prefix = [];
  }

  /** New legal moves (a new position): forget the prefix. */
  reset(legal = this.legal) {
    this.legal = legal;
    this.prefix = [];
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
   * Take one step. Returns {move} when the prefix became a whole legal move
   * (the prefix stays, marking the move while it is played, until reset),
   * {changed: true} when it grew or, for a step that continues nothing but
   * starts a move of its own (another of one's pieces tapped), began again
   * there; {cancelled: true} when a step that fits nothing dropped the prefix,
   * {refused: true} when it fits nothing after a choice was made (the move
   * under way is kept: the player chose what kind of move it is), and {} when
   * the step meant nothing.
   */
  step(step) {
    const { cells, choices } = this.next();
    const fits = "cell" in step ? cells.has(step.cell) : choices.includes(step.choice);
    if (!fits) {
      if (!this.active) return {};
      const last = this.prefix[this.prefix.length - 1];
      if ("cell" in step && last && last.cell === step.cell) { // tapped again: let go
        this.prefix = [];
        return { cancelled: true };
      }
      if (this.prefix.some((entered) => "choice" in entered)) return { refused: true };
      this.prefix = [];
      const again = this.step(step);
      return again.move || again.changed ? again : { cancelled: true };
    }
    this.prefix.push(step);
    const n = this.prefix.length;
    const whole = this.matching().find((m) => m.steps.length === n);
    return whole ? { move: whole.move } : { changed: true };
  }

  cancel() {
    const was = this.active;
    this.prefix = [];
    return was;
  }
}
