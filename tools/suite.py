"""Running the tests: the virtual environment with the test packages, the browsers (Chromium
for the browser tests; Firefox and WebKit for the engines' tests), the page-logic tests under
Node's own runner, and pytest spread over the cores; and the benchmarks."""
from __future__ import annotations

import os
import shutil
import subprocess
import venv
from pathlib import Path

from .fetch import fetch_axe, say, sha256
from .site import build_if_changed

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def setup_venv() -> Path:
    """A virtual environment with the engine (editable) and the test packages."""
    python = venv_python()
    if not python.exists():
        say("creating .venv")
        venv.create(VENV, with_pip=True)
    stamp = VENV / ".installed"
    wanted = sha256(ROOT / "pyproject.toml")
    if not stamp.exists() or stamp.read_text() != wanted:
        say("installing the test packages into .venv")
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]"], check=True)
        stamp.write_text(wanted)
    return python


# Debian's headless shell first: the browser tests' pages in it cost about a quarter less CPU
# than in the whole browser (no browser UI beside each page), on a machine where the suite is
# bound by its two cores (docs/testing.md).
SYSTEM_CHROMIUMS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser",
                    "/usr/bin/google-chrome"]


def find_browser(python: Path) -> str | None:
    """A Chromium for the browser tests: $CHROMIUM_PATH, Playwright's own, or the system's."""
    if os.environ.get("CHROMIUM_PATH"):
        return os.environ["CHROMIUM_PATH"]
    probe = ("from playwright.sync_api import sync_playwright\n"
             "with sync_playwright() as p: print(p.chromium.executable_path)")
    found = subprocess.run([str(python), "-c", probe], capture_output=True, text=True)
    if found.returncode == 0 and Path(found.stdout.strip()).is_file():
        return found.stdout.strip()
    return next((path for path in SYSTEM_CHROMIUMS if Path(path).is_file()), None)


def setup_browser(python: Path) -> str:
    browser = find_browser(python)
    if browser:
        return browser
    say("no Chromium found: trying Playwright's own download")
    subprocess.run([str(python), "-m", "playwright", "install", "chromium"], timeout=300)
    browser = find_browser(python)
    if not browser and shutil.which("apt-get") and os.geteuid() == 0:
        say("installing Debian's chromium-headless-shell package")
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium-headless-shell"], check=False,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        browser = find_browser(python)
    if not browser:
        raise SystemExit("[build] no Chromium for the browser tests: install Playwright's "
                         "(python -m playwright install chromium) or the system package 'chromium', "
                         "or point CHROMIUM_PATH at one")
    return browser


def setup_other_browsers() -> None:
    """Firefox and WebKit for tests/test_browser_firefox.py and tests/test_browser_webkit.py:
    Debian's firefox-esr, webkit2gtk-driver (WebKitGTK's WebDriver and MiniBrowser) and xvfb,
    installed with apt-get when missing (as root), and puppeteer-core, which drives Firefox,
    installed with `npm ci` in tests/engines (selenium, which drives WebKit, is a test package
    of .venv). What is still missing makes those tests fail, saying what."""
    # Debian's packages, each with the program that shows it is installed.
    packages = {"firefox-esr": "firefox-esr", "webkit2gtk-driver": "WebKitWebDriver", "xvfb": "Xvfb"}
    missing = [package for package, program in packages.items() if not shutil.which(program)]
    if missing and shutil.which("apt-get") and os.geteuid() == 0:
        say(f"installing Debian's {', '.join(missing)}")
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=False, stdout=subprocess.DEVNULL,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    elif missing:
        say(f"missing for the Firefox and WebKit tests: the packages {', '.join(missing)} (they will fail)")
    engines = ROOT / "tests" / "engines"  # the Node script that drives Firefox, and its pinned packages
    stamp = engines / "node_modules" / ".installed"
    wanted = sha256(engines / "package-lock.json")
    if not stamp.is_file() or stamp.read_text() != wanted:
        npm = shutil.which("npm")
        if not npm:
            raise SystemExit("[build] npm is needed to install puppeteer-core (tests/engines) for the Firefox tests")
        say("installing puppeteer-core in tests/engines with npm ci")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--quiet"], cwd=engines, check=True,
                       stdout=subprocess.DEVNULL)
        stamp.write_text(wanted)


PAGE_TESTS = ["--import", "./tests/page/register.mjs", "--test", "--test-reporter=tap", "tests/page/"]


def run_page_tests() -> int:
    """The page-logic tests (tests/page/, Node's own test runner, no browser); says how many
    passed, and fails when none ran."""
    node = shutil.which("node")
    if not node:
        raise SystemExit("[build] Node.js is needed for the page-logic tests (tests/page/): install npm, which brings it")
    found = subprocess.run([node, *PAGE_TESTS], cwd=ROOT, capture_output=True, text=True)
    counts = dict(line[2:].split(" ", 1) for line in found.stdout.splitlines()
                  if line.startswith("# ") and line[2:].split(" ", 1)[0] in ("tests", "pass", "fail"))
    if found.returncode != 0 or counts.get("tests", "0") == "0":
        print(found.stdout[-20000:], found.stderr[-5000:], sep="\n")
        say("the page-logic tests failed" if counts.get("tests", "0") != "0" else "node --test ran no page-logic tests")
        return 1
    say(f"page logic (node --test tests/page/): {counts['pass']} passed")
    return 0


def pytest_run(python: Path, pytest_args: list[str], env: dict[str, str], browsers: bool = True) -> int:
    """pytest over the cores (pytest-xdist: the browser tests in one process, the engine's
    spread over the others, from two cores on) unless the arguments say otherwise; exit 5
    (no test collected) is a failure."""
    told = any(arg.startswith(("-n", "--numprocesses", "--dist")) or arg.endswith("xdist") for arg in pytest_args)
    # The browser tests in one process (conftest.py's scheduler), the engine's spread over the
    # others: on two cores, one process of each (1,856 s against 2,345 s in one process, on
    # 2026-11-28); on one core, one process.
    workers = max(2, (os.cpu_count() or 1) - 1)
    if not browsers:  # the engine's tests alone: every core
        spread = [] if told else ["-n", "auto"]
    else:
        spread = [] if told or (os.cpu_count() or 1) < 2 else ["-n", str(workers), "--dist", "loadgroup"]
    code = subprocess.run([str(python), "-m", "pytest", *spread, *pytest_args], cwd=ROOT, env=env).returncode
    if code == 5:
        say("pytest collected no tests: that is a failure")
        return 1
    return code


def run_tests(pytest_args: list[str]) -> int:
    """The whole suite: the page logic (node --test), then pytest: the engine, the build and
    the browsers. With arguments that name test files, only pytest runs, on those."""
    python = setup_venv()
    browser = setup_browser(python)
    setup_other_browsers()
    fetch_axe()
    build_if_changed()
    named = any(Path(arg.partition("::")[0]).exists() for arg in pytest_args if not arg.startswith("-"))
    page = 0 if named else run_page_tests()
    say(f"running the tests with {browser}")
    # The whole suite prints its 40 slowest tests: where the next minutes are to be won (issue 37).
    durations = [] if named or any(a.startswith("--durations") for a in pytest_args) else ["--durations=40"]
    # The summary names each test failed, in error, or run again (a browser test's second chance: conftest.py).
    code = pytest_run(python, ["-rfER", *durations, *pytest_args], {**os.environ, "CHROMIUM_PATH": browser})
    return code or page


FAST_SLICE = "not browser and not build and not slow"


def run_check(pytest_args: list[str]) -> int:
    """The fast slice: the page logic (node --test) and the engine's tests but the slow ones
    (pytest -m "not browser and not build and not slow"): no browser, no build, no apt, no npm."""
    python = setup_venv()
    page = run_page_tests()
    code = pytest_run(python, ["-m", FAST_SLICE, *pytest_args], dict(os.environ), browsers=False)
    return code or page


def run_bench(args: list[str]) -> int:
    python = setup_venv()
    browser = setup_browser(python)
    build_if_changed(quiet=True)
    env = {**os.environ, "CHROMIUM_PATH": browser}
    return subprocess.run([str(python), str(ROOT / "bench" / "run.py"), *args], cwd=ROOT, env=env).returncode


# For the tests and benchmarks: page.evaluate(ENGINE_PROBE_JS, workerUrl) starts an engine worker
# of the page's own and gives it ask(request) (tools/engine-probe.js, its comments left out).
ENGINE_PROBE_JS = "\n".join(line for line in (Path(__file__).resolve().parent / "engine-probe.js").read_text().splitlines()
                            if not line.startswith("//"))


class NodeEngine:
    """The built site's engine in Node's Pyodide (tools/engine-node.mjs): the page's runtime and
    wheels, no browser (``python``: its platform and cache tag). ``ask(request)`` sends one bridge request and gives the parsed answer.
    Use it as a context manager (the Node process ends with the block)."""

    SCRIPT = Path(__file__).resolve().parent / "engine-node.mjs"

    def __init__(self, site: Path) -> None:
        node = shutil.which("node")
        if not node:
            raise RuntimeError("Node.js is needed to run the engine in Pyodide outside a browser")
        self.process = subprocess.Popen([node, str(self.SCRIPT), str(site)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, cwd=ROOT)
        first = self.process.stdout.readline()
        if not first.startswith("ready "):
            self.close()
            raise RuntimeError(f"the engine in Node's Pyodide did not start (it said {first!r})")
        self.python = first.split()[1:]  # the Python that answers: its platform and cache tag

    def ask(self, request: dict) -> dict:
        import json
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine in Node's Pyodide ended (exit {self.process.wait()})")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()

    def __enter__(self) -> "NodeEngine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
