// The engine's thread: boots Pyodide, installs the engine wheel, then answers
// requests by handing their JSON text to py_engines.bridge.handle.
//
// Messages in:  {id, request}          request: JSON text for the bridge
//               {type: "think", id, request}  the computer's move, searched in slices (below)
//               {type: "stop", id}            that search: play the best move found so far
// Messages out: {type: "progress", fraction, label}
//               {type: "ready", seconds}
//               {type: "failed", message}
//               {type: "response", id, response}   response: JSON text from the bridge
//               {type: "thinking", id, iterations, budget}  a search's progress, after each slice
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { BUILD } from "./build-info.js";

const here = (path) => new URL(path, import.meta.url).href;
// "?install=micropip" installs the wheel through micropip, as a benchmark's comparison;
// the default unpacks it directly, which is quicker and needs nothing more for a wheel
// without dependencies.
const installWith = new URL(import.meta.url).searchParams.get("install") || "unpack";

const progress = (fraction, label) => postMessage({ type: "progress", fraction, label });

async function boot() {
  const started = performance.now();
  progress(0.05, "Loading the Python runtime");
  const wheel = installWith === "unpack" ? fetch(here(BUILD.engineWheel)).then(checked) : null;
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/") });
  progress(0.85, "Loading the game rules");
  if (wheel) {
    pyodide.unpackArchive(await (await wheel).arrayBuffer(), "wheel");
  } else {
    // micropip as pinned by build.py (the lock file names another build of it, so unpack ours).
    pyodide.unpackArchive(await (await fetch(here(BUILD.micropipWheel)).then(checked)).arrayBuffer(), "wheel");
    await pyodide.pyimport("micropip").install(here(BUILD.engineWheel));
  }
  const bridge = pyodide.pyimport("py_engines.bridge");
  progress(1, "Ready");
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000 });
  return bridge;
}

function checked(response) {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  return response;
}

const ready = boot();
ready.catch((error) => postMessage({ type: "failed", message: String(error && error.message || error) }));

onmessage = async (event) => {
  if (event.data.type === "think") return think(event.data);
  if (event.data.type === "stop") {
    stops.add(event.data.id);
    return;
  }
  const { id, request } = event.data;
  let response;
  try {
    response = (await ready).handle(request);
  } catch (error) {
    response = JSON.stringify({ ok: false, error: { code: "engine_unavailable", message: String(error && error.message || error) } });
  }
  postMessage({ type: "response", id, response });
};

// -- The computer's move, searched in slices ---------------------------------------
// Pyodide runs Python synchronously: while a search runs, no message reaches this
// worker. So a search runs in short slices (its state stays in Python between them,
// py_engines.bridge's search_* ops) and the worker yields between slices: progress
// goes out, and a "stop" from the page ("move now") is seen before the next slice.
const SLICE_SECONDS = 0.1;
const stops = new Set();
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function think({ id, request }) {
  let bridge;
  try {
    bridge = await ready;
  } catch (error) {
    const failed = { ok: false, error: { code: "engine_unavailable", message: String(error && error.message || error) } };
    return postMessage({ type: "response", id, response: JSON.stringify(failed) });
  }
  const call = (op, payload) => JSON.parse(bridge.handle(JSON.stringify({ op, ...payload })));
  let answer = call("search_start", JSON.parse(request));
  while (answer.ok && !answer.result.done && !stops.has(id)) {
    const { iterations, budget } = answer.result;
    postMessage({ type: "thinking", id, iterations, budget });
    await nextTask();
    if (stops.has(id)) break;
    answer = call("search_step", { search: answer.result.search, seconds: SLICE_SECONDS });
  }
  stops.delete(id);
  const response = answer.ok ? bridge.handle(JSON.stringify({ op: "search_stop", search: answer.result.search }))
    : JSON.stringify(answer);
  postMessage({ type: "response", id, response });
}
