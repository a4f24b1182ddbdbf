"""Fixtures for the browser tests: the built site, a local server, Chromium."""
from __future__ import annotations

import functools
import json
import os
import re
import sys
import threading
import time
import zlib
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools import fetch, server as tools_server, site as site_build, suite  # noqa: E402  (the build: the site, its server, the browsers)
from py_engines.games import CLASSES  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
BOOT_TIMEOUT_MS = 90_000
GAME_NAMES = frozenset(CLASSES)


def chromium_path() -> str | None:
    if os.environ.get("CHROMIUM_PATH"):
        return os.environ["CHROMIUM_PATH"]
    return next((p for p in suite.SYSTEM_CHROMIUMS if Path(p).is_file()), None)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site, built first if the sources changed since (build.py test has just built it)."""
    return site_build.build_if_changed(quiet=True)


def pytest_collection_modifyitems(items) -> None:
    """A test of the built site that is not a browser's is marked `build` (left out of the fast
    slice, `build.py check`, which builds nothing). A browser test that fails runs once more, in a
    new context (pytest-rerunfailures: the summary names it and says why its first run failed):
    a browser test on two loaded cores fails now and then, not the same twice (docs/testing.md); a
    failure that comes back fails the run."""
    for item in items:
        if item.get_closest_marker("browser") is not None:
            if not BROWSER_FILES.search(item.nodeid):  # pytest_xdist_make_scheduler finds them by their file
                raise pytest.UsageError(f"{item.nodeid}: a browser test outside tests/test_browser_*.py "
                                        "and tests/test_qr.py")
            if item.get_closest_marker("flaky") is None:
                item.add_marker(pytest.mark.flaky(reruns=1))
        elif "site_dir" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.build)


RERUNS: list[tuple[str, str]] = []  # each browser test run again, and why its first run failed


def pytest_runtest_logreport(report) -> None:
    if report.outcome == "rerun":
        page = "\n".join(text for name, text in report.sections if name == "the page when the test failed")
        RERUNS.append((report.nodeid, (report.longreprtext[-1500:] + "\n" + page).strip()))


def pytest_terminal_summary(terminalreporter) -> None:
    """Why each test run again failed the first time (to be looked into: the run passed without it)."""
    if RERUNS:
        terminalreporter.section("first runs of the tests run again")
        for nodeid, why in RERUNS:
            terminalreporter.write_line(f"{nodeid}:\n{why}\n")


# The files of the browser tests (every test marked `browser` is in one of them).
BROWSER_FILES = re.compile(r"(^|/)test_(browser_\w+|qr)\.py::")


def pytest_xdist_make_scheduler(config, log):
    """With `--dist loadgroup` (as build.py runs pytest over several processes): the browser
    tests all in one process, one unit of work that starts first, and every other test
    spread over the processes as they come free: two Chromiums booting runtimes side by side
    starve each other. (pytest-xdist's own grouping, an `xdist_group` mark, no longer reaches
    its scheduler under pytest 9, which made test ids read-only: here the group is read from
    the test's file instead.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    groups = int(os.environ.get("BROWSER_GROUPS", "1"))

    class BrowsersTogether(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if not BROWSER_FILES.search(nodeid):
                return nodeid
            return f"browser-{zlib.crc32(nodeid.partition('::')[0].encode()) % groups}"

    return BrowsersTogether(config, log)


AXE_PATH = "/__tests__/axe.min.js"  # axe-core, served to the tests' pages beside the site (never in it)


class TestSiteHandler(tools_server.SiteHandler):
    """The site as `build.py serve` serves it, and the test tools at their own paths."""

    axe_script: Path | None = None

    def translate_path(self, path: str) -> str:
        if path.partition("?")[0] == AXE_PATH:
            if TestSiteHandler.axe_script is None:
                TestSiteHandler.axe_script = fetch.fetch_axe()
            return str(TestSiteHandler.axe_script)
        return super().translate_path(path)


class Server:
    """The site served on 127.0.0.1 on a free port, in a thread."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.start(0)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def start(self, port: int) -> None:
        self.httpd = tools_server.make_server(self.folder, port)
        self.httpd.RequestHandlerClass = functools.partial(TestSiteHandler, directory=str(self.folder))
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def start_again(self) -> None:
        """Serve again at the same address, after `stop` (the same origin: what its pages kept stays theirs)."""
        self.start(int(urlsplit(self.url).port))


@pytest.fixture(scope="session")
def server(site_dir):
    s = Server(site_dir)
    yield s
    s.stop()
    reports = _csp_reports_unseen()  # posted after the last browser test had looked (no_csp_violations)
    assert not reports, "Content-Security-Policy violations reported after the last browser test: " + \
        "; ".join(map(str, reports))


@pytest.fixture
def own_server(site_dir):
    """A server of the test's own, which the test may stop (to go offline)."""
    s = Server(site_dir)
    yield s
    s.stop()


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the Python package 'playwright' is missing: run the tests with `python3 build.py test`")
    path = chromium_path()
    with sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        except Exception as exc:  # say what is missing, plainly
            pytest.fail(f"cannot start Chromium ({path or 'Playwright default'}): {exc}\n"
                        "install Debian's 'chromium' package or set CHROMIUM_PATH; "
                        "`python3 build.py test` does this for you")
        yield b
        b.close()


class Console:
    """Collects console errors, warnings and uncaught page errors."""

    def __init__(self, page) -> None:
        self.problems: list[str] = []
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.problems.append(f"pageerror: {exc}"))

    def _on_console(self, message) -> None:
        if message.type in ("error", "warning"):
            self.problems.append(f"{message.type}: {message.text}")


# A returning player who chose pass and play: the page's question of how to play, asked
# before a first game's first move (over the board), is answered before each page loads.
PASS_AND_PLAY = "localStorage.getItem('boardgames.opponent') === null && localStorage.setItem('boardgames.opponent', 'human')"


def open_context(browser, device: dict, first_visit: bool = False):
    """A browser context (own storage); unless `first_visit`, as a player who chose pass and play."""
    context = browser.new_context(**device)
    context.set_default_timeout(30_000)
    if not first_visit:
        context.add_init_script(PASS_AND_PLAY)
    return context


@pytest.fixture(params=["phone", "desktop"])
def device(request):
    return request.param, PHONE if request.param == "phone" else DESKTOP


# A context's options that are media features, which a page can emulate on its own.
MEDIA_FEATURES = {"color_scheme": "prefers-color-scheme", "reduced_motion": "prefers-reduced-motion",
                  "forced_colors": "forced-colors", "contrast": "prefers-contrast"}  # and their CSS names
# Options whose value here is Playwright's default (a context with or without them is the same).
DEFAULT_OPTIONS = {"has_touch": False, "is_mobile": False}


def context_options(options: dict) -> dict:
    """The options of `options` that only a context can have: not its viewport nor its media
    features, which each page sets for itself (WarmContexts.page), nor options at their default
    value (so that one context serves both)."""
    return {key: value for key, value in options.items()
            if key not in MEDIA_FEATURES and key != "viewport"
            and not (key in DEFAULT_OPTIONS and DEFAULT_OPTIONS[key] == value)}


def context_name(options: dict) -> str:
    """The name of the warm context that serves pages of `options` (of their device's kind)."""
    return json.dumps(context_options(options), sort_keys=True)


class SharedPage:
    """What a page kept booted from one test to the next needs (WarmContexts): a new
    visit's start without a new boot, and a test's own changes to the page seen.

    Starting over (`start_over`): the page empties its storage and tells itself, as another
    tab emptying the site's storage would (site/app.js `startOver`: everything the page
    read or held of storage let go, its address opened again), at the home page, the
    engine kept up. The test's first `goto` within the site is then a change of address,
    as a link followed in the page (a new route; the home page's address: nothing to do).
    A test that adds to the page what only a load applies (an init script, a route) or
    listens to it (`on`) has the page to itself: its first `goto` loads afresh, and the
    page is closed after it."""

    # What a test may add to a page that lasts beyond the test (the page is then not kept).
    LASTING = ("add_init_script", "route", "route_from_har", "on", "once", "expose_function",
               "expose_binding", "set_extra_http_headers", "add_locator_handler", "set_default_timeout",
               "set_default_navigation_timeout")

    def __init__(self, page, base: str) -> None:
        self.page = page
        self.base = base
        self.clean = True       # nothing lasting added by a test
        self.reused = False     # started over for this test (its first goto a change of address)
        page.shared = self
        for name in self.LASTING:
            setattr(page, name, self._lasting(getattr(page, name)))
        page.goto = self._first_goto

    def _lasting(self, method):
        @functools.wraps(method)
        def add(*args, **kwargs):
            self.clean = False
            return method(*args, **kwargs)
        return add

    def _first_goto(self, url: str, **kwargs):
        """The test's first goto: on a page started over, within the site, a change of address."""
        del self.page.goto  # the page's own goto from now on
        if not self.reused:
            return self.page.goto(url, **kwargs)
        here, there = urlsplit(self.page.url), urlsplit(url)
        same_document = here[:4] == there[:4]   # the home page's address, or a fragment of it: no load
        if not self.clean and same_document:    # what the test added applies from a load: the address, then loaded
            self.page.goto(url)
            return self.page.reload(**kwargs)
        if same_document and not there.fragment:
            return None  # the home page, on screen already
        return self.page.goto(url, **kwargs)

    def keepable(self) -> bool:
        """Whether the page may serve the next test: open, nothing lasting added, at the site."""
        return self.clean and not self.page.is_closed() and urlsplit(self.page.url)[:2] == urlsplit(self.base)[:2]

    def start_over(self, first_visit: bool) -> bool:
        """Start the page over for the next test (see the class); whether it did, cleanly."""
        try:
            self.page.evaluate(START_OVER, not first_visit)
            self.page.wait_for_selector('body[data-ready][data-page="home"]', timeout=20_000)
            self.page.evaluate(FORGET_THE_MESSAGE)
        except Exception:
            return False
        if self.page.console.problems:
            return False
        self.reused = True
        self.page.goto = self._first_goto
        return True


# A kept page starts over (SharedPage.start_over): its storage emptied (the player's answer to
# how to play set again, as PASS_AND_PLAY does at a load), its address the home page's, and
# the storage event another tab's emptying would send. Then the page's word of it is closed.
START_OVER = """(passAndPlay) => {
  localStorage.clear();
  sessionStorage.clear();
  if (passAndPlay) localStorage.setItem('boardgames.opponent', 'human');
  document.activeElement?.blur?.();
  history.replaceState(null, '', location.pathname);
  window.dispatchEvent(new StorageEvent('storage', {key: null, storageArea: localStorage}));
}"""
FORGET_THE_MESSAGE = "() => document.querySelector('#message:not([hidden]) .message-close')?.click()"


class WarmContexts:
    """One browser context per device, kept for a test process's whole run: a test's
    page opens in it with the runtime's compiled code, the service worker and the
    engine's memory snapshot already there (a returning visitor's boot, about 1 s, not
    a first one, about 5 s: `prime`), and the test starts from empty storage (`reset`).
    A test's first page in a context is the one the last test there left booted
    (SharedPage), unless the test is marked `fresh_page`: no boot at all.
    A test that failed leaves its context behind: the next one starts a new one."""

    def __init__(self, browser, base: str) -> None:
        self.browser = browser
        self.base = base
        self.contexts: dict[str, object] = {}
        self.origins: dict[str, set[str]] = {}
        self.kept: dict[str, object] = {}    # each context's page left booted for the next test
        self.handed: dict[str, object] = {}  # each context's page handed to the test under way

    def page(self, name: str, options: dict, first_visit: bool = False, share: bool = True):
        """A page in the context `name` (made and primed with `options` if there is none
        yet). The viewport and the media features in `options` (colour scheme, reduced
        motion...) are the page's own (page.set_viewport_size, page.emulate_media), as a
        context's options would set them for its pages: a context of one kind of device
        (touch, mobile, pixel ratio) serves every screen size and scheme (each new context
        costs a priming, several seconds). `first_visit`: a context whose player has not
        answered how to play (open_context), its own (name it apart). `share`: the test's
        first page here may be the last test's, started over (SharedPage); its other pages are new."""
        if name not in self.contexts:
            self.contexts[name] = open_context(self.browser, options, first_visit)
            self.origins[name] = set()
            self.prime(self.contexts[name])
        context = self.contexts[name]
        kept = self.kept.pop(name, None)
        if kept is not None and not (share and name not in self.handed and kept.shared.start_over(first_visit)):
            kept.close()
            kept = None
        page = kept or self.new_page(name)
        if share and name not in self.handed:
            self.handed[name] = page
        if "viewport" in options:
            page.set_viewport_size(options["viewport"])
        # The test's own media features; those it does not name the browser's own (a kept page had the last test's).
        media = {key: options.get(key, "null") for key in MEDIA_FEATURES}
        if kept is not None or any(value != "null" for value in media.values()):
            page.emulate_media(**media)
            queries = [f"({MEDIA_FEATURES[key]}: {value})" for key, value in media.items() if value != "null"]
            assert page.evaluate("(qs) => qs.every((q) => matchMedia(q).matches)", queries), queries
        return page

    def new_page(self, name: str):
        """A new page in context `name`, its console heard (`page.console`) and its origins noted
        (for `reset`), ready to be kept (SharedPage)."""
        page = self.contexts[name].new_page()
        origins = self.origins[name]
        page.on("framenavigated", lambda frame: frame.parent_frame is None and frame.url.startswith("http")
                and origins.add("{0.scheme}://{0.netloc}".format(urlsplit(frame.url))))
        page.console = Console(page)
        SharedPage(page, self.base)
        return page

    def prime(self, context) -> None:
        """Visit the site once in `context` and wait until the engine has kept its memory
        snapshot (engine/snapshot.js keeps it once the engine was idle a moment), then empty
        the storage the visit wrote."""
        first = context.new_page()
        first.goto(self.base)
        wait_ready(first)
        wait_until(lambda: first.evaluate(SNAPSHOT_KEPT), timeout=60)
        first.evaluate("localStorage.clear()")
        first.close()

    def reset(self, name: str, keep: bool) -> None:
        """After a test: keep the page it was handed for the next test if it can be (SharedPage),
        close its other pages and empty the storage they may leave (localStorage; the service
        worker's cache and the engine's snapshot are the build's, and stay), or, unless `keep`,
        drop the context."""
        context = self.contexts.get(name)
        handed = self.handed.pop(name, None)
        if context is None:
            return
        if keep:
            try:
                # The page to keep: the test's first here, or (the test's second page here closing) the one kept.
                shared = self.kept.get(name) if handed is None else handed if handed.shared.keepable() else None
                for open_page in list(context.pages):
                    if open_page is not shared:
                        open_page.close()
                blank = context.new_page()
                session = context.new_cdp_session(blank)
                site = "{0.scheme}://{0.netloc}".format(urlsplit(self.base))
                for origin in self.origins[name]:
                    if shared is None or origin != site:  # the kept page empties its own (start_over)
                        session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "local_storage"})
                session.detach()
                blank.close()
                self.origins[name].clear()
                if shared is not None:
                    shared.evaluate("() => localStorage.clear()")  # for a test of a new page here before it is used again
                    self.origins[name].add(site)
                    self.kept[name] = shared
                return
            except Exception:  # a page that will not close: start the next test afresh
                pass
        self.kept.pop(name, None)
        self.contexts.pop(name)
        try:
            context.close()
        except Exception:
            pass

    def close(self) -> None:
        for name in list(self.contexts):
            self.reset(name, keep=False)


# Whether the engine's memory snapshot is in the build's cache (engine/snapshot.js's key).
SNAPSHOT_KEPT = "caches.match(new URL('engine.snapshot', location.href).href).then(Boolean)"


@pytest.fixture(scope="session")
def warm_contexts(browser, server):
    contexts = WarmContexts(browser, server.url)
    yield contexts
    contexts.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Each phase's report kept on the test (`item.passed_call`), for the fixtures' teardown."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.passed_call = report.passed
        if report.failed:
            for page in getattr(item, "pages", []):
                report.sections.append(("the page when the test failed", page_state(page)))


# What a failed test's report says of its page: where it was, what covered it, what it said.
PAGE_STATE = """() => ({address: location.href, body: {...document.body.dataset},
  dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => d.id),
  message: document.querySelector('#message:not([hidden])')?.innerText ?? null,
  loading: document.querySelector('#loading:not([hidden])')?.innerText ?? null,
  updateNotice: !document.getElementById('update-notice')?.hidden,
  scrollY, focused: document.activeElement?.outerHTML.slice(0, 120) ?? null})"""


def page_state(page) -> str:
    try:
        return json.dumps(page.evaluate(PAGE_STATE)) if not page.is_closed() else "closed"
    except Exception as error:  # the page gone or hung: say so, the test's own failure is the report
        return f"unreadable ({error.__class__.__name__})"


def warm_page(request, warm_contexts, name: str, options: dict, first_visit: bool = False):
    share = request.node.get_closest_marker("fresh_page") is None
    p = warm_contexts.page(name, options, first_visit, share)
    request.node.pages = [*getattr(request.node, "pages", []), p]  # what its report says if it fails
    console = p.console
    yield p
    warm_contexts.reset(name, keep=getattr(request.node, "passed_call", False) and not console.problems)
    assert console.problems == [], "console errors or warnings: " + "; ".join(console.problems)


@pytest.fixture
def returning(request, warm_contexts, server):
    """`returning(options)`: a page with empty storage on a device of those options (a browser
    context's: viewport, touch, colour scheme...), as a returning visitor's, in the warm context
    of that kind of device (context_name); failing the test on console errors. Pages of the same
    kind of device in one test share their storage, as two tabs do."""
    opened = []

    def open_page(options: dict):
        pages = warm_page(request, warm_contexts, context_name(options), options)
        opened.append(pages)
        return next(pages)

    yield open_page
    for pages in opened:
        next(pages, None)


def screen_options(width: int, height: int, mobile: bool = False) -> dict:
    """A screen of that size (touch below 800 pixels wide); `mobile`: a phone's browser (its
    viewport meta tag read, as Chromium on a phone does)."""
    return {"viewport": {"width": width, "height": height}, "has_touch": width < 800 or mobile,
            **({"is_mobile": True} if mobile else {})}


@pytest.fixture
def screen(returning):
    """`screen(width, height, mobile=False)`: `returning`'s page on such a screen (screen_options)."""
    return lambda width, height, mobile=False: returning(screen_options(width, height, mobile))


@pytest.fixture
def page(returning, device):
    """A page with empty storage on a phone or desktop, failing the test on console errors."""
    return returning(device[1])


# Playwright polls a wait_for_function *expression* with eval() inside the page,
# which the page's Content-Security-Policy forbids (as it should); the same text
# as an arrow function needs no eval. So every test may keep writing expressions.
_FUNCTION_TEXT = re.compile(r"\s*(async\s+)?(function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")


def _wait_for_function_without_eval(self, expression: str, **kwargs):
    if not _FUNCTION_TEXT.match(expression):
        expression = f"() => ({expression})"
    return _wait_for_function(self, expression, **kwargs)


# The page draws what changed at its next animation frame (site/state/store.js), as a
# person sees it a moment after a tap. So each action a test takes returns once
# the page has drawn its next frame (or a quarter of a second has passed, for a
# page that has none), and what the test reads next is what a person would see.
_NEXT_FRAME = "() => new Promise((done) => { requestAnimationFrame(() => done()); setTimeout(done, 250); })"


def _settle(page) -> None:
    try:
        page.evaluate(_NEXT_FRAME)
    except Exception:  # the action navigated, closed the page or opened a blocking dialog
        pass


def _settling(action, page_of):
    @functools.wraps(action)
    def act(self, *args, **kwargs):
        result = action(self, *args, **kwargs)
        _settle(page_of(self))
        return result
    return act


class _SettlingInput:
    """The page's keyboard or mouse, each action followed by the page's next frame."""

    def __init__(self, page, device) -> None:
        self._page = page
        self._device = device

    def __getattr__(self, name):
        action = getattr(self._device, name)
        if name not in ("press", "type", "click", "dblclick", "up", "insert_text"):
            return action

        def act(*args, **kwargs):
            result = action(*args, **kwargs)
            _settle(self._page)
            return result
        return act


try:
    from playwright.sync_api import Locator, Page
except ImportError:  # the browser fixture says what is missing
    pass
else:
    _wait_for_function = Page.wait_for_function
    Page.wait_for_function = _wait_for_function_without_eval
    for _name in ("tap", "click", "dblclick", "press", "check", "select_option", "dispatch_event", "focus"):
        setattr(Page, _name, _settling(getattr(Page, _name), lambda page: page))
        setattr(Locator, _name, _settling(getattr(Locator, _name), lambda locator: locator.page))
    _keyboard, _mouse = Page.keyboard, Page.mouse
    Page.keyboard = property(lambda page: _SettlingInput(page, _keyboard.fget(page)))
    Page.mouse = property(lambda page: _SettlingInput(page, _mouse.fget(page)))


# How many of the servers' CSP reports the browser tests have looked at (no_csp_violations).
_CSP_SEEN = [0]


def _csp_reports_unseen() -> list[dict]:
    """The CSP reports no browser test has looked at yet, now marked seen."""
    reports = tools_server.CSP_REPORTS
    unseen = reports[min(_CSP_SEEN[0], len(reports)):]  # (a test may delete the reports it made on purpose)
    _CSP_SEEN[0] = len(reports)
    return unseen


@pytest.fixture(autouse=True)
def no_csp_violations(request):
    """A browser test fails if the browser reported any Content-Security-Policy
    violation to the test servers (the page's, its workers' and the service worker's)
    since the last browser test looked. A report is posted a moment after its violation:
    one that arrives after its test ended fails the next browser test (its document-uri
    says where it came from), or the run's end (`server`'s teardown), rather than each
    test waiting a fixed moment for reports that may come (until 2026-11-28, sixth
    session: 0.2 s a test, about 40 s a run; a report later than that was never seen)."""
    if request.node.get_closest_marker("browser") is None:
        yield
        return
    yield
    reports = _csp_reports_unseen()
    assert not reports, ("Content-Security-Policy violations reported during this test (or just after "
                         "the browser test before it): " + "; ".join(map(str, reports)))


def wait_until(check, timeout: float = 30.0):
    """Wait until ``check()`` gives something true (what the test process itself sees: the
    servers' reports), polling; fail after ``timeout`` seconds. Returns what it gave."""
    deadline = time.monotonic() + timeout
    while not (found := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {getattr(check, '__doc__', None) or check}")
        time.sleep(0.05)
    return found


def visit_and_keep(page, url: str) -> None:
    """Open `url`, wait until the page is ready and the service worker controls it
    (the site is kept for offline visits from then on)."""
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


def wait_ready(page, shows: str | None = None) -> None:
    """Wait until the page can be played and shows what its address names.

    ``shows`` is "home" or a game's name; by default it is read from the address
    (a game's route, or the home page), so a test that changes the hash of an
    open page does not read the page before its route was taken."""
    if shows is None:
        route = urlsplit(page.url).fragment.split("?")[0].strip("/")
        shows = "home" if route == "" else route if route in GAME_NAMES else None
    selector = "body[data-ready]" + (f'[data-page="{shows}"]' if shows else "")
    try:
        page.wait_for_selector(selector, timeout=BOOT_TIMEOUT_MS)
    except Exception as error:  # a boot that never ends (seen twice in whole runs on 2026-11-28): what it showed
        shown = page.evaluate("() => [document.querySelector('#loading-label')?.textContent, "
                              "JSON.stringify(document.body.dataset)]")
        raise AssertionError(f"the page never got ready for {selector}: it shows {shown}") from error



@pytest.fixture
def phone(request, warm_contexts, server):
    """A page with empty storage on a phone (touch, 360x740), failing the test on console errors."""
    yield from warm_page(request, warm_contexts, context_name(PHONE), PHONE)


def tap_choice(page, token: str) -> None:
    """Tap a choice button; a choice a finger confirms (Nimbus's collects: game-view.js armChoice)
    is pressed by the first tap, and tapped again."""
    choice = page.locator(f'[data-choice="{token}"]')
    choice.tap()
    if choice.evaluate_all("(buttons) => buttons.some((b) => b.getAttribute('aria-pressed') === 'true')"):
        choice.tap()


# -- the page object: a game's page as a player uses it ----------------------------------------

BOARD_CELL = {"manalath": "e5", "ambush": "c3", "nymbat": "h8", "not_nyout": "C", "nimbus": "d4"}
"""A cell of each game's board: once it is drawn, the board is on screen."""


def game_query(moves=None, **params) -> str:
    """A share link's query: ``?moves=a.b&seed=3&players=4`` (each move quoted, true and false
    as the page writes them); "" when there is nothing to say."""
    parts = [] if moves is None else ["moves=" + ".".join(quote(m, safe="") for m in moves)]
    parts += [f"{name}={str(value).lower() if isinstance(value, bool) else value}" for name, value in params.items()]
    return "?" + "&".join(parts) if parts else ""


def open_game(page, base: str, game: str, query: str = "", drawn: str | None = None) -> None:
    """Open ``game``'s page (``query``: a link's, game_query), wait until it can be played and its
    board is drawn (or ``drawn``, a selector, is on the page)."""
    page.goto(f"{base}#/{game}{query}")
    wait_ready(page)
    page.wait_for_selector(drawn or f'[data-cell="{BOARD_CELL[game]}"]')


def enter_move(page, game, move: str) -> None:
    """Enter ``move`` by its steps: taps on live cells, then choices (``game``: the engine's
    position, which knows the steps)."""
    for step in game.move_steps(move):
        if "cell" in step:
            page.tap(f'[data-cell="{step["cell"]}"][data-live]')
        else:
            tap_choice(page, step["choice"])


def tap_move(page, game, move: str, answered: bool = False) -> None:
    """Enter ``move`` on the page, wait until it is played, and play it on ``game`` too.
    ``answered``: kept for the callers that say the page may answer at once (a puzzle's replies).
    The log may gain more than the move in one frame (the page's own dice roll right after it,
    on a busy machine in the same frame: a wait for exactly one more then never ended), so
    the wait is for the move's entry, whatever follows it."""
    count = page.locator("#moves [data-ply]").count()
    enter_move(page, game, move)
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length > {count}")
    game.play(move)


def status(page) -> str:
    """The status line: whose turn it is and what part of it, or how the game ended."""
    return page.inner_text("#status")


def label(page, cell: str) -> str:
    """A cell's accessible name (what it holds, whether the last move touched it)."""
    return page.get_attribute(f'[data-cell="{cell}"]', "aria-label")


def shot(page, name: str) -> None:
    """With $SHOTS set to a folder, save a screenshot there as <game>-<name>.png (to look at)."""
    folder = os.environ.get("SHOTS")
    if folder:
        game = page.url.partition("#/")[2].partition("?")[0] or "home"
        page.screenshot(path=os.path.join(folder, f"{game}-{name}.png"))


AXE_COLOUR_RULES = ("color-contrast", "link-in-text-block")  # the rules a colour scheme can change


def axe_violations(page, impacts=("serious", "critical"), rules=None) -> list[dict]:
    """Run axe-core (pinned in build.py, served by the test server: the page's
    Content-Security-Policy allows only same-origin scripts) on the page as it is,
    an open dialog included; the violations of those impacts, each with the
    elements that fail it (selector, html and what is wrong). `rules`: only those
    (e.g. AXE_COLOUR_RULES), else every rule axe-core runs by default."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(url=AXE_PATH)
    return page.evaluate("""async ([impacts, rules]) => {
      const options = {resultTypes: ['violations']};
      if (rules) options.runOnly = {type: 'rule', values: rules};
      const result = await axe.run(document, options);
      return result.violations.filter((v) => impacts.includes(v.impact)).map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                                    why: n.failureSummary})),
      }));
    }""", [list(impacts), list(rules) if rules else None])


def random_positions(name: str, players: int, count: int, rng_seed: int, first_game_seed: int):
    """``count`` positions, every one of seeded games of random moves (``rng_seed`` picks the
    moves; the games are seeded ``first_game_seed``, then the next seeds), until each is over."""
    import py_engines
    from py_engines.rng import Rng
    rng = Rng(rng_seed)
    found = 0
    game_seed = first_game_seed
    while True:
        game = py_engines.new_game(name, players, game_seed)
        game_seed += 1
        while not game.is_over:
            yield game
            found += 1
            if found == count:
                return
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
