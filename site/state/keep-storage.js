// Asking the browser to keep this site's storage for good (navigator.storage.persist):
// without it, a browser may delete saved games when the device runs short of space,
// and Safari deletes a site's storage after seven days without a visit unless the page
// is on the home screen. Asked once, when the first game is saved (Firefox asks the
// player then; Chromium answers by itself); the answer is kept and shown in the Saved
// games dialog (model/storage-words.js).
import { readKept, writeKept } from "./local-storage.js";

let asking = null;

/** Storage was emptied in another tab: the answer kept with it went too, so ask again at the next save. */
export function storageEmptied() {
  asking = null;
}

/** Ask, unless asked before; resolves with the answer ("granted", "refused", "unasked"). */
export function askToKeepStorage() {
  const known = readKept();
  if (known) return Promise.resolve(known);
  asking ||= (async () => {
    const manager = navigator.storage;
    let answer = "unasked";
    if (manager?.persist) {
      try {
        answer = (await manager.persisted?.()) || (await manager.persist()) ? "granted" : "refused";
      } catch {
        answer = "refused";
      }
    }
    writeKept(answer);
    return answer;
  })();
  return asking;
}
