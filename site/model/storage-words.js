// What the Saved games dialog says of where the games are kept: how much of the browser's
// room they take, and whether the browser promised to keep them (state/keep-storage.js).

/** "12 KB", "1.4 MB": a size for people (two bytes a character, as browsers count them). */
export function sizeWords(chars) {
  const bytes = chars * 2;
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The dialog's line: the room taken (`chars`, null where unknown) and the browser's answer (`kept`). */
export function storageWords(kept, chars) {
  const taken = chars === null ? "" :
    `Saved games and progress take ${sizeWords(chars)} here (a browser gives a site a few MB). `;
  if (kept === "granted") return `${taken}This browser has promised to keep them.`;
  const risk = "This browser has not promised to keep them: it may delete them if the device runs short of " +
    "space, and Safari does after seven days without a visit unless the page is on the home screen. " +
    "Export keeps a copy of a game.";
  if (kept === "refused" || kept === "unasked") return `${taken}${risk}`;
  return `${taken}They are kept in this browser only.`;
}
