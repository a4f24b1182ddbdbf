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
  navigator.serviceWorker.register("./sw.js").catch(() => {});
}
