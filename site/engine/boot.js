// Starting the engine: the Web Worker that runs Python is started here, before
// the rest of the page has loaded (index.html runs this module first), because
// its boot is what the player waits for; and the service worker that keeps the
// offline copy is registered once the engine is up (registering it earlier would
// have it download the whole build while the engine boots).

import { connectEngine } from "./client.js";

/** The engine's Worker, and the page's side of it (engine.js): `engine.call(op, payload)`, `engine.think(...)`. */
const engineWorker = new Worker(new URL("../worker.js", import.meta.url), { type: "module" });
export const engine = connectEngine(engineWorker);

/** After the engine is up: register the service worker (again: the browser then looks for a new build) and call `onUpdate` when a new build takes over. */
export function watchForUpdates(onUpdate) {
  if (!("serviceWorker" in navigator)) return;
  let hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) onUpdate();
    hadController = true;
  });
  // Offline play is a bonus: a browser that refuses it still plays online.
  navigator.serviceWorker.register("./sw.js").then(askWaitingToTakeOver).catch(() => {});
}

const ASK_AGAIN_MS = 3000;

/**
 * A new build skips waiting as it installs (sw.js), but Chromium drops that activation when a
 * request reaches the old worker at that moment, and the new build then waits until every page
 * closes: the page asks it again, now if one is waiting already, else once a new one has
 * installed, every few seconds for as long as it waits.
 */
function askWaitingToTakeOver(registration) {
  const askWhileWaiting = (worker) => {
    if (registration.waiting !== worker) return; // it took over, or a newer one came
    worker.postMessage("skip-waiting");
    setTimeout(() => askWhileWaiting(worker), ASK_AGAIN_MS);
  };
  if (registration.waiting) askWhileWaiting(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") setTimeout(() => askWhileWaiting(worker), ASK_AGAIN_MS);
    });
  });
}
