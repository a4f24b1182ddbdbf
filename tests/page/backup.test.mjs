// A backup of everything to carry to another device (site/model/backup.js): what it holds,
// how a file is read, and how it merges into a device's storage without losing anything.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { backupWords, makeBackup, mergeBackup, readBackup } from "../../site/model/backup.js";

const GAMES = ["manalath", "ambush", "nymbat", "not_nyout", "nimbus"];
// A backup written by version 1 of the format, kept as it was: every later build must restore it.
const V1 = readFileSync(new URL("./fixtures/backup-v1.json", import.meta.url), "utf8");
const read = (text) => readBackup(text, { games: GAMES });
/** The storage entries a backup restores into an empty device. */
const restored = (text, entries = {}) => ({ ...entries, ...mergeBackup(read(text).backup, entries).writes });

test("a version 1 backup restores into an empty device whole", () => {
  const { backup, error } = read(V1);
  assert.equal(error, undefined);
  const merged = mergeBackup(backup, {});
  assert.equal(merged.said, "Restored 3 saved games, 3 lesson steps done, 1 puzzle solved, 1 mistake to try again and 2 settings.");
  const entries = merged.writes;
  assert.equal(JSON.parse(entries["boardgames.save.m1"]).record.moves.join(" "), "e5w d4b");
  assert.deepEqual(JSON.parse(entries["boardgames.review.m1"]), { key: "abc", points: [] });
  assert.deepEqual(JSON.parse(entries["boardgames.lessons.manalath"]), ["place", "either-colour"]);
  assert.equal(JSON.parse(entries["boardgames.current.manalath"]), "m1");
  assert.equal(JSON.parse(entries["boardgames.view.manalath"]).id, "m1");
  assert.equal(entries["boardgames.coach"], "off");
  assert.equal(entries["boardgames.opponent"], "easy");
  assert.deepEqual(JSON.parse(entries["boardgames.mistakes"]).map((item) => item.played), ["d4b"]);
});

test("a device backed up and restored elsewhere has the same games, progress, reviews and settings", () => {
  const device = restored(V1);
  const { backup } = makeBackup(device, { games: GAMES, withSecrets: true });
  const elsewhere = restored(JSON.stringify(backup));
  assert.deepEqual(elsewhere, device);
});

test("restoring the same backup twice adds nothing", () => {
  const once = restored(V1);
  const again = mergeBackup(read(V1).backup, once);
  assert.deepEqual(again.writes, {});
  assert.match(again.said, /^Nothing to add: this device already has everything in this backup\. 3 saved games were kept/);
});

test("a newer save on this device is kept; an older one is replaced by the backup's newer copy, with its review", () => {
  const device = restored(V1);
  const newer = { ...JSON.parse(device["boardgames.save.m1"]), updated: 1796000000000 };
  newer.record = { ...newer.record, moves: ["e5w", "d4b", "c3w"] };
  newer.cursor = 3;
  const here = { ...device, "boardgames.save.m1": JSON.stringify(newer), "boardgames.review.m1": "{\"key\":\"mine\"}" };
  const kept = mergeBackup(read(V1).backup, here);
  assert.equal(kept.writes["boardgames.save.m1"], undefined);
  assert.equal(kept.writes["boardgames.review.m1"], undefined);
  assert.deepEqual(kept.replaced, []);
  const older = { ...here, "boardgames.save.m1": JSON.stringify({ ...newer, updated: 1 }) };
  const replaced = mergeBackup(read(V1).backup, older);
  assert.equal(JSON.parse(replaced.writes["boardgames.save.m1"]).cursor, 2);
  assert.deepEqual(JSON.parse(replaced.writes["boardgames.review.m1"]), { key: "abc", points: [] });
  assert.deepEqual(replaced.replaced, ["m1"]);
  assert.match(replaced.said, /a newer copy of 1 saved game/);
});

test("this device's settings, games in progress and lessons stay; progress is joined", () => {
  const here = { "boardgames.coach": "on", "boardgames.current.manalath": "\"mine\"", "boardgames.lessons.manalath": "[\"quint\"]" };
  const merged = mergeBackup(read(V1).backup, here).writes;
  assert.equal(merged["boardgames.coach"], undefined);
  assert.equal(merged["boardgames.current.manalath"], undefined);
  assert.equal(merged["boardgames.view.manalath"], undefined);
  assert.deepEqual(JSON.parse(merged["boardgames.lessons.manalath"]), ["quint", "place", "either-colour"]);
});

test("a game by links' secret is left out unless asked for, and a device's own secret is never dropped", () => {
  const device = restored(V1);
  const without = makeBackup(device, { games: GAMES });
  assert.equal(without.secrets, 1);
  assert.equal(without.backup.saves.find((s) => s.id === "l1").link.secret, null);
  const withIt = makeBackup(device, { games: GAMES, withSecrets: true });
  assert.equal(withIt.backup.saves.find((s) => s.id === "l1").link.secret, "k".repeat(22));
  // A newer copy without the secret, restored where the secret is: the game keeps it.
  const later = JSON.parse(JSON.stringify(without.backup));
  later.saves.find((s) => s.id === "l1").updated += 1;
  const merged = mergeBackup(read(JSON.stringify(later)).backup, device);
  assert.equal(JSON.parse(merged.writes["boardgames.save.l1"]).link.secret, "k".repeat(22));
});

test("corrupt, foreign and newer files are refused with a reason; damaged saves are left out", () => {
  assert.match(read("{not json").error, /not JSON/);
  assert.match(read("[]").error, /not a backup of this site/);
  assert.match(read(JSON.stringify({ format: 1, game: "manalath", moves: [] })).error, /one game's record.*Import/);
  assert.match(read(JSON.stringify({ backup: "little-board-games", version: 2, saves: [] })).error, /newer version/);
  assert.match(read(JSON.stringify({ backup: "little-board-games", version: 1 })).error, /no list of saved games/);
  const damaged = JSON.parse(V1);
  damaged.saves[1].cursor = 99;
  damaged.saves.push({ id: "x", game: "manalath" });
  damaged.lessons.manalath.push("a".repeat(100), 7);
  const { backup } = read(JSON.stringify(damaged));
  assert.equal(backup.saves.length, 2);
  assert.deepEqual(backup.lessons.manalath, ["place", "either-colour"]);
  assert.match(mergeBackup(backup, {}).said, /2 saved games in the file were damaged and left out\.$/);
});

test("an unreadable entry here is never overwritten by a restore", () => {
  const merged = mergeBackup(read(V1).backup, { "boardgames.save.m1": "{cut sh" });
  assert.equal(merged.writes["boardgames.save.m1"], undefined);
  assert.match(merged.said, /1 saved game of the file was not restored: this device holds an unreadable entry/);
});

test("what a backup holds, in words", () => {
  assert.equal(backupWords(read(V1).backup), "3 saved games, 3 lesson steps done, 1 puzzle solved and 1 mistake kept to try again");
  assert.equal(backupWords({ ...read(V1).backup, mistakes: [] }), "3 saved games, 3 lesson steps done and 1 puzzle solved");
});
