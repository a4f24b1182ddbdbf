// Starting the engine: the Web Worker that runs Python, started before the
// rest of the page (index.html loads this module first), and the service
// worker that keeps the offline copy.
//
// On a return visit the page is served by the service worker and the worker
// starts at once. On a first visit the service worker is registered first and
// the engine's worker starts only once it controls the page: the runtime then
// runs from the service worker's cache the very first time, and the browser
// keeps its compiled code there, so the next visit skips compiling the 9.6 MB
// WebAssembly (run from the network instead, it would be compiled again on the
// second visit). It costs the first visit the time to store the offline copy
// before the runtime starts, and saves downloading it twice.

const WORKER = new URL("./worker.js", import.meta.url);
const hasServiceWorker = "serviceWorker" in navigator;

/** Whether this visit waits for the offline copy to be stored before the engine starts. */
export const storingOfflineCopy = hasServiceWorker && !navigator.serviceWorker.controller;

/** The engine's Worker, or a stand-in that becomes it once it is started. */
export const engineWorker = storingOfflineCopy ? startLater(offlineCopyFirst()) : startWorker();

function startWorker() {
  return new Worker(WORKER, { type: "module" });
}

/** Register the service worker; resolves once it controls the page, or once it is clear it will not. */
async function offlineCopyFirst() {
  try {
    const registration = await navigator.serviceWorker.register("./sw.js");
    const incoming = registration.installing || registration.waiting;
    if (navigator.serviceWorker.controller || !incoming) return; // e.g. a forced reload: it controls the next visit
    await new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
      incoming.addEventListener("statechange", () => {
        if (incoming.state === "activated" || incoming.state === "redundant") resolve();
      });
    });
  } catch {
    // A browser that refuses a service worker still plays, online.
  }
}

/**
 * A stand-in for the Worker until `ready` resolves: what is posted meanwhile is
 * sent then, in order, and listeners are attached then. (engine.js needs only
 * postMessage and addEventListener.)
 */
function startLater(ready) {
  let worker = null;
  const listeners = [];
  const posted = [];
  ready.then(() => {
    worker = startWorker();
    for (const [type, listener] of listeners) worker.addEventListener(type, listener);
    for (const message of posted) worker.postMessage(message);
  });
  return {
    addEventListener(type, listener) {
      if (worker) worker.addEventListener(type, listener);
      else listeners.push([type, listener]);
    },
    postMessage(message) {
      if (worker) worker.postMessage(message);
      else posted.push(message);
    },
  };
}

/** After the engine is up: register (again: the browser then looks for a new build) and call `onUpdate` when one takes over. */
export function watchForUpdates(onUpdate) {
  if (!hasServiceWorker) return;
  let hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) onUpdate();
    hadController = true;
  });
  // Offline play is a bonus: a browser that refuses it still plays online.
  navigator.serviceWorker.register("./sw.js").catch(() => {});
}
