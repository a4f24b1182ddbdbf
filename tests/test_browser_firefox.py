"""End-to-end in Firefox (Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core
from tests/engines/firefox.mjs): the home page, every game drawn and ready, a move and
the computer's reply, and a reload served by the service worker with the server gone."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest

from conftest import GAME_NAMES, Server

pytestmark = [pytest.mark.browser, pytest.mark.engines]

ENGINES = Path(__file__).resolve().parent / "engines"
SCRIPT = ENGINES / "firefox.mjs"
JOURNEY_TIMEOUT = 240  # seconds, the whole journey


def firefox_path() -> str:
    path = os.environ.get("FIREFOX_PATH") or shutil.which("firefox-esr") or shutil.which("firefox")
    if not path:
        pytest.fail("no Firefox for the browser tests: install Debian's 'firefox-esr' package "
                    "or point FIREFOX_PATH at one (`python3 build.py test` installs it as root)")
    return path


def node_path() -> str:
    node = shutil.which("node")
    if not node:
        pytest.fail("Node.js is needed to drive Firefox (tests/engines/firefox.mjs)")
    if not (ENGINES / "node_modules" / "puppeteer-core").is_dir():
        pytest.fail("puppeteer-core is missing: run `npm ci` in tests/engines "
                    "(`python3 build.py test` does this for you)")
    return node


class Journey:
    """The script, run as a subprocess: its JSON lines, read as they come."""

    def __init__(self, node: str, url: str, firefox: str) -> None:
        self.errors = tempfile.TemporaryFile("w+")  # a file, not a pipe: it never fills up
        self.process = subprocess.Popen([node, str(SCRIPT), url, firefox], cwd=ENGINES,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors,
                                        text=True)
        self.steps: list[str] = []
        # Past the time limit the script is ended, so that the reads below end too (on SIGTERM
        # puppeteer ends Firefox before Node exits; SIGKILL would leave Firefox running).
        self.timed_out = False
        self.timer = threading.Timer(JOURNEY_TIMEOUT, self.time_out)
        self.timer.start()

    def next(self) -> dict:
        """The script's next message other than a step; fails the test on an error or an early end."""
        for line in self.process.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                continue  # not the script's own (a library's output)
            if "step" in message:
                self.steps.append(message["step"])
                continue
            if "error" in message:
                late = f" (ended after {JOURNEY_TIMEOUT} s)" if self.timed_out else ""
                pytest.fail(f"Firefox, at step {self.steps[-1:] or ['start']}{late}: {message['error']}")
            return message
        self.process.wait()
        pytest.fail(f"the Firefox script ended (code {self.process.returncode}, "
                    f"{f'ended after {JOURNEY_TIMEOUT} s, ' if self.timed_out else ''}"
                    f"after the steps {self.steps}): {self.stderr()}")

    def stderr(self) -> str:
        self.errors.seek(0)
        return self.errors.read()[-3000:]

    def time_out(self) -> None:
        self.timed_out = True
        self.process.terminate()

    def tell(self, line: str) -> None:
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass  # the script has ended: the next read says how

    def close(self) -> None:
        self.timer.cancel()
        self.process.stdin.close()  # the script, if still waiting for a line, goes on and ends
        try:
            self.process.wait(timeout=20)  # time to close Firefox (killing Node would leave it behind)
        except subprocess.TimeoutExpired:
            self.process.terminate()
            self.process.wait()
        for stream in (self.process.stdout, self.errors):
            stream.close()


def test_firefox_plays_the_site_and_reloads_it_offline(site_dir):
    node, firefox = node_path(), firefox_path()
    server = Server(site_dir)  # the test's own: it is stopped halfway
    journey = Journey(node, server.url, firefox)
    try:
        try:
            assert journey.next() == {"waiting": "offline"}
        finally:
            server.stop()
        journey.tell("go")
        message = journey.next()
        journey.process.wait(timeout=30)
    finally:
        journey.close()
    seen = message["result"]
    print(f"\n{message['version']}")
    for title in ("Manalath", "Ambush", "Nymbat", "Not Nyout", "Nimbus"):
        assert title in seen["home"]
    assert set(seen["games"]) == GAME_NAMES
    assert all(cells > 0 for cells in seen["games"].values()), seen["games"]
    # The person's move, then the computer's own, by itself.
    assert seen["before"] == [] and len(seen["played"]) == 2 and seen["played"][0] == "e5w", seen["played"]
    # With the server stopped, the service worker brought the page and the saved game back.
    assert seen["reloaded"] == seen["played"] and seen["controlled"]
    assert seen["problems"] == [], "console errors or warnings: " + "; ".join(seen["problems"])
