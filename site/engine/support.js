// Which browsers can run the games, and telling a browser that cannot from
// another failure of the engine. Nothing here runs unless the engine failed.

/** The browsers the games run in, in words (docs/decisions.md, "Browsers"). */
export const SUPPORTED =
  "The games run in Safari 16.4 or later (on iPhone and iPad: iOS 16.4 or later), in Chrome, Edge, " +
  "Samsung Internet, Opera or another browser built on Chromium 105 or later, and in Firefox 115 or later.";

/**
 * Why this browser cannot run the engine, in words, or null if it can as far
 * as the page can tell (the failure had another cause).
 */
export async function browserCannotRun() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    return "it has WebAssembly switched off or lacks it (iPhone's Lockdown Mode switches it off)";
  }
  try {
    const { Probe } = await import("./probe.js");
    if (Probe.parsed) return null;
  } catch {
    // a syntax error: said below
  }
  return "it is too old for the Python runtime their rules run in";
}

/** The whole sentence for a browser that cannot run the engine. */
export const unsupportedText = (why) => `This browser cannot run the games: ${why}. ${SUPPORTED} ` +
  "Update this browser, or open the page in one of those.";
