// What the Saved games dialog says of the storage (site/model/storage-words.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { sizeWords, storageWords } from "../../site/model/storage-words.js";

test("sizes: two bytes a character, in KB below a million bytes, never 0 KB", () => {
  assert.equal(sizeWords(0), "1 KB");
  assert.equal(sizeWords(6_000), "12 KB");
  assert.equal(sizeWords(700_000), "1.4 MB");
});

test("the line says the room taken and whether the browser promised to keep the games", () => {
  assert.equal(storageWords("granted", 6_000),
    "Saved games and progress take 12 KB here (a browser gives a site a few MB). " +
    "This browser has promised to keep them.");
  for (const answer of ["refused", "unasked"]) {
    const words = storageWords(answer, 6_000);
    assert.match(words, /has not promised to keep them: it may delete them/);
    assert.match(words, /Export keeps a copy of a game\.$/);
  }
  assert.equal(storageWords(null, null), "They are kept in this browser only.");
});
