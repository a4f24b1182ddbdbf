// The page's side of the engine worker: a promise per request, and the boot
// events (progress, ready, failed) as callbacks; the computer's move as a search
// that reports its progress and can be told to stop (think).

export class EngineError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** An engine error's message without the bridge's "bad record: " prefix, for people. */
export const plainMessage = (message) => message.replace(/^bad record: /, "");

/** What an error of the engine says: a bug (`internal`) is called one, its details kept for a report. */
const engineWords = (code, message) =>
  (code === "internal" ? `something went wrong inside the game engine, a bug (details for a report: ${message})` : message);

export function connectEngine(worker) {
  const pending = new Map();
  let nextId = 1;
  let failure = null;
  const handlers = { progress: [], ready: [], failed: [] };
  const past = {}; // each boot event's latest arguments
  const emit = (type, ...args) => {
    past[type] = args;
    handlers[type].forEach((fn) => fn(...args));
  };

  let resolveReady;
  let rejectReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {}); // failures are reported through "failed"

  function fail(message) {
    if (failure) return;
    failure = new EngineError("engine_unavailable", message);
    rejectReady(failure);
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
    emit("failed", message);
  }

  let booted = false;
  worker.addEventListener("message", (event) => {
    const data = event.data;
    // A runtime that failed is restarted by the worker, whose new boot reports
    // progress and "ready" again: only the first boot is the page's business.
    if (data.type === "progress") {
      if (!booted) emit("progress", data.fraction, data.label);
    } else if (data.type === "ready") {
      if (booted) return;
      booted = true;
      resolveReady(data.seconds);
      emit("ready", data.seconds, Boolean(data.snapshot));
    } else if (data.type === "failed") fail(data.message);
    else if (data.type === "thinking") pending.get(data.id)?.onProgress?.(data.iterations, data.budget, data.progress);
    else if (data.type === "response") {
      const entry = pending.get(data.id);
      if (!entry) return;
      pending.delete(data.id);
      let answer;
      try {
        answer = JSON.parse(data.response);
      } catch {
        entry.reject(new EngineError("internal", "The engine sent an unreadable answer."));
        return;
      }
      if (answer.ok) entry.resolve(answer.result);
      else entry.reject(new EngineError(answer.error.code, engineWords(answer.error.code, answer.error.message)));
    }
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    fail(event.message || "The engine's worker could not be started.");
  });

  /** Send one bridge request; resolves with its result, rejects with an EngineError. */
  function call(op, payload = {}) {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, request: JSON.stringify({ op, ...payload }) });
    });
  }

  /**
   * The computer's move for a position (payload: record, level, seed), searched in
   * slices: `onProgress(iterations, budget, progress)` after each (progress: 0 to 1, the
   * root's own work included); `stop()` has it play the
   * best move found so far. `answer` resolves as the `think` op does, with `stopped`.
   */
  function think(payload, onProgress) {
    if (failure) return { answer: Promise.reject(failure), stop() {} };
    const id = nextId++;
    const answer = new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress });
      worker.postMessage({ type: "think", id, request: JSON.stringify(payload) });
    });
    const stop = () => {
      if (pending.has(id)) worker.postMessage({ type: "stop", id });
    };
    return { answer, stop };
  }

  // A boot event that came before its listener is told to it once the listener's
  // module has run: the latest progress, "ready", "failed". (The page's modules may
  // still be loading when an engine restored from its snapshot is ready: on a busy
  // machine the page then waited for a "ready" that had come and gone.)
  const on = (type, fn) => {
    handlers[type].push(fn);
    if (past[type]) queueMicrotask(() => fn(...past[type]));
  };
  return { call, think, ready, on, get failed() { return failure; } };
}
