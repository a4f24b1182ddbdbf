// A short fingerprint of a text (FNV-1a, 32 bits, in base 36): a kept review's moves
// (controllers/review.js) and a kept mistake's position (model/mistakes.js) are named by it.
export function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
