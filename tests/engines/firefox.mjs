// Drives Firefox (Debian's firefox-esr, over WebDriver BiDi) through the built site for
// tests/test_browser_firefox.py, which serves the site and runs this script:
//
//   node firefox.mjs <site url> <firefox executable>
//
// It writes one JSON object a line on stdout: {"step": ...} as it goes, then
// {"waiting": "offline"} once a game's page is controlled by the service worker;
// it then waits for a line on stdin (the test has stopped its server meanwhile) and
// reloads. It ends with {"result": {...}} (what it saw, for the test to check), or
// {"error": "..."} and exit code 1.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [url, executablePath] = process.argv.slice(2);
const BOOT_TIMEOUT = 90_000;
const GAMES = ["manalath", "ambush", "nymbat", "not_nyout", "nimbus"];
const say = (object) => process.stdout.write(JSON.stringify(object) + "\n");
const stdinLines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

if (!url || !executablePath) {
  say({ error: "usage: node firefox.mjs <site url> <firefox executable>" });
  process.exit(1);
}

const ready = (page, shows) =>
  page.waitForSelector(`body[data-ready][data-page="${shows}"]`, { timeout: BOOT_TIMEOUT });
const plies = (page) =>
  page.$$eval("#moves [data-ply]", (entries) => entries.map((entry) => entry.textContent.trim()));

async function journey(page, problems) {
  const result = {};
  say({ step: "home" });
  await page.goto(url, { waitUntil: "load" });
  await ready(page, "home");
  result.home = await page.$eval("main", (main) => main.innerText);

  // Each game's route on the open page: drawn (its cells) and ready.
  result.games = {};
  for (const game of GAMES) {
    say({ step: `open ${game}` });
    await page.evaluate((route) => { location.hash = route; }, `#/${game}`);
    await ready(page, game);
    result.games[game] = await page.$$eval("[data-cell]", (cells) => cells.length);
  }

  // A move on Manalath (tap a cell, then the colour) and the computer's reply.
  say({ step: "move" });
  await page.evaluate(() => { location.hash = "#/manalath"; });
  await ready(page, "manalath");
  result.before = await plies(page);
  await page.click('[data-cell="e5"]');  // a pointer click at the cell's centre
  await page.click('[data-choice="w"]');
  await page.waitForFunction(() => document.querySelectorAll("#moves [data-ply]").length >= 2,
                             { timeout: 60_000 });
  await page.waitForSelector('body[data-ready][data-busy="0"]', { timeout: 60_000 });
  result.played = await plies(page);

  // Offline: once the service worker controls the page, the test stops its server;
  // a reload must still bring the game back, with its moves.
  say({ step: "service worker" });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 60_000 });
  say({ waiting: "offline" });
  const go = await stdinLines.next();
  if (go.done) throw new Error("the test closed stdin before going offline");
  say({ step: "reload offline" });
  // location.reload() from the page (a driver's own reload may bypass the service worker),
  // a moment after the script returns (so that the navigation cannot cut its answer off).
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }),
                     page.evaluate(() => { setTimeout(() => location.reload(), 0); })]);
  await ready(page, "manalath");
  result.reloaded = await plies(page);
  result.controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  result.problems = problems;
  return result;
}

let browser;
try {
  browser = await puppeteer.launch({
    browser: "firefox", protocol: "webDriverBiDi", executablePath, headless: true,
    defaultViewport: { width: 1280, height: 800 },
  });
} catch (error) {
  say({ error: `cannot start Firefox (${executablePath}): ${error.message}` });
  process.exit(1);
}
let code = 0;
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(30_000);
  const problems = [];
  page.on("console", (message) => {
    if (["error", "warn", "warning"].includes(message.type())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  // The person plays first against the computer (easy): no "how to play" question.
  await page.evaluateOnNewDocument(() => {
    if (localStorage.getItem("boardgames.opponent") === null) localStorage.setItem("boardgames.opponent", "easy");
  });
  say({ result: await journey(page, problems), version: await browser.version() });
} catch (error) {
  // The message and where in this script (the library's own frames say little).
  const here = (error.stack || "").split("\n").filter((line) => line.includes("firefox.mjs"));
  say({ error: [String(error), ...here].join("\n") });
  code = 1;
} finally {
  // A page stuck in a navigation can hold up closing: then end Firefox outright.
  const closed = browser.close().then(() => true, () => false);
  if (!await Promise.race([closed, new Promise((done) => setTimeout(done, 10_000, false))])) {
    browser.process()?.kill("SIGKILL");
  }
}
process.exit(code);
