// The page's side of the engine worker (site/engine/client.js), with a stand-in worker.
import assert from "node:assert/strict";
import { test } from "node:test";

import { connectEngine } from "../../site/engine/client.js";

/** A worker that the test makes speak. */
function fakeWorker() {
  const listeners = { message: [], error: [] };
  return {
    sent: [],
    addEventListener: (type, fn) => listeners[type].push(fn),
    postMessage(message) { this.sent.push(message); },
    say: (data) => listeners.message.forEach((fn) => fn({ data })),
  };
}

const afterMicrotasks = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a listener added after the engine was ready is told it is ready", async () => {
  const worker = fakeWorker();
  const engine = connectEngine(worker);
  worker.say({ type: "progress", fraction: 0.05, label: "Loading the Python runtime" });
  worker.say({ type: "progress", fraction: 1, label: "Ready" });
  worker.say({ type: "ready", seconds: 0.9, snapshot: true });
  const heard = [];
  engine.on("progress", (fraction, label) => heard.push(["progress", fraction, label]));
  engine.on("ready", (seconds, snapshot) => heard.push(["ready", seconds, snapshot]));
  engine.on("failed", (message) => heard.push(["failed", message]));
  assert.deepEqual(heard, [], "told once the listener's module has run, not within it");
  await afterMicrotasks();
  assert.deepEqual(heard, [["progress", 1, "Ready"], ["ready", 0.9, true]]);
  worker.say({ type: "ready", seconds: 2, snapshot: false }); // a restarted runtime's boot: not the page's business
  assert.equal(heard.length, 2);
});

test("a listener added after a failure is told of it, and requests are refused", async () => {
  const worker = fakeWorker();
  const engine = connectEngine(worker);
  worker.say({ type: "failed", message: "no WebAssembly" });
  const heard = [];
  engine.on("failed", (message) => heard.push(message));
  await afterMicrotasks();
  assert.deepEqual(heard, ["no WebAssembly"]);
  await assert.rejects(engine.call("games"), /no WebAssembly/);
});

test("a listener added before the boot hears each event once, as it comes", async () => {
  const worker = fakeWorker();
  const engine = connectEngine(worker);
  const heard = [];
  engine.on("ready", (seconds) => heard.push(seconds));
  worker.say({ type: "ready", seconds: 1.5, snapshot: false });
  await afterMicrotasks();
  assert.deepEqual(heard, [1.5]);
});
