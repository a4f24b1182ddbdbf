"""End-to-end in WebKit (WebKitGTK's MiniBrowser, driven by Debian's WebKitWebDriver through
Selenium, on an Xvfb display of the test's own): the home page, every game drawn and
ready, a move and the computer's reply, and a reload served by the service worker with
the server gone."""
from __future__ import annotations

import os
import shutil
import subprocess
import time

import pytest

from conftest import GAME_NAMES, Server

pytestmark = [pytest.mark.browser, pytest.mark.engines,
              # Selenium's own WebKitGTK driver sets up its connection the way Selenium deprecates.
              pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")]

BOOT_TIMEOUT = 90  # seconds
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"


def required(path: str | None, what: str) -> str:
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"{what} is missing for the WebKit tests: install Debian's 'webkit2gtk-driver' and 'xvfb' "
                    "packages (`python3 build.py test` installs them as root)")
    return path


@pytest.fixture
def display():
    """An Xvfb display of the test's own (its number chosen by Xvfb), as ':N'."""
    xvfb = required(shutil.which("Xvfb"), "Xvfb")
    read, write = os.pipe()
    process = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                               pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as numbers:
        number = numbers.readline().strip()  # written once the display is up
    if not number:
        process.kill()
        pytest.fail(f"Xvfb did not start (code {process.wait()})")
    yield f":{number}"
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def driver(display):
    try:
        from selenium import webdriver
    except ImportError:
        pytest.fail("the Python package 'selenium' is missing: run the tests with `python3 build.py test`")
    path = required(os.environ.get("WEBKIT_DRIVER_PATH") or WEBKIT_DRIVER, "WebKitWebDriver")
    service = webdriver.WebKitGTKService(executable_path=path, env={**os.environ, "DISPLAY": display})
    try:
        d = webdriver.WebKitGTK(options=webdriver.WebKitGTKOptions(), service=service)
    except Exception as exc:  # say what failed, plainly
        pytest.fail(f"cannot start WebKitGTK through {path} on display {display}: {exc}")
    d.set_window_size(1280, 800)
    yield d
    d.quit()


def wait(driver, condition, what, timeout: float = 30):
    """Poll `condition(driver)` until it is true; fail saying `what` (or what `what()` says) was awaited."""
    from selenium.common.exceptions import WebDriverException
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = condition(driver)
        except WebDriverException:  # e.g. a script run while the page navigates
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"WebKit: waited {timeout} s for {what() if callable(what) else what}")
        time.sleep(0.1)


def wait_ready(driver, shows: str) -> None:
    selector = f'body[data-ready][data-page="{shows}"]'
    wait(driver, lambda d: d.find_elements("css selector", selector), selector, BOOT_TIMEOUT)


def reload(driver) -> None:
    """location.reload() from the page (as a person's reload: through the service worker), and
    wait until the new document is loaded (the old one carried a mark the new one lacks)."""
    # The reload comes a moment after the script returns (so that it cannot cut its answer off).
    driver.execute_script("document.body.dataset.old = '1'; setTimeout(() => location.reload(), 0)")
    wait(driver, lambda d: d.execute_script("return document.readyState === 'complete' && !document.body.dataset.old"),
         "the reload")


def service_worker(driver) -> str:
    """The page's service worker registration: the state of its installing, waiting and active workers."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.getRegistration().then((r) => done(r ? JSON.stringify({
            installing: r.installing?.state, waiting: r.waiting?.state, active: r.active?.state,
            controller: navigator.serviceWorker.controller?.state ?? null}) : "none"), (e) => done(String(e)));
    """)


def plies(driver) -> list[str]:
    return driver.execute_script(
        "return [...document.querySelectorAll('#moves [data-ply]')].map((e) => e.textContent.trim())")


def click(driver, selector: str) -> None:
    """A pointer click at the element's centre, at its place in the viewport (WebKitWebDriver
    refuses an element click on an SVG cell, and a pointer move to such an element too)."""
    from selenium.webdriver.common.action_chains import ActionBuilder
    wait(driver, lambda d: d.find_elements("css selector", selector), selector)
    x, y = driver.execute_script("""
        const element = document.querySelector(arguments[0]);
        element.scrollIntoView({block: 'center', inline: 'center'});
        const box = element.getBoundingClientRect();
        return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
    """, selector)
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(x, y).click()
    actions.perform()


def test_webkit_plays_the_site_and_reloads_it_offline(driver, site_dir):
    server = Server(site_dir)  # the test's own: it is stopped halfway
    try:
        print(f"\nWebKitGTK {driver.capabilities.get('browserVersion')}")
        # The person plays first against the computer (easy): no "how to play" question. The
        # page reads this as it starts, so it is set first, from a file of the site that is no
        # page (a reload of the page itself could come while its service worker installs, and
        # the page, loading meanwhile, would not be one the worker takes over once active).
        driver.get(server.url + "build-info.js")
        driver.execute_script("localStorage.setItem('boardgames.opponent', 'easy')")
        driver.get(server.url)
        wait_ready(driver, "home")
        home = driver.find_element("css selector", "main").text
        for title in ("Manalath", "Ambush", "Nymbat", "Not Nyout", "Nimbus"):
            assert title in home

        # Each game's route on the open page: drawn (its cells) and ready.
        for game in sorted(GAME_NAMES):
            driver.execute_script("location.hash = arguments[0]", f"#/{game}")
            wait_ready(driver, game)
            assert len(driver.find_elements("css selector", "[data-cell]")) > 0, game

        # A move on Manalath (a cell, then the colour) and the computer's reply, by itself.
        driver.execute_script("location.hash = '#/manalath'")
        wait_ready(driver, "manalath")
        assert plies(driver) == []
        click(driver, '[data-cell="e5"]')
        click(driver, '[data-choice="w"]')
        wait(driver, lambda d: len(plies(d)) >= 2, "the move and the computer's reply", 60)
        wait(driver, lambda d: d.find_elements("css selector", 'body[data-ready][data-busy="0"]'), "a quiet page")
        played = plies(driver)
        assert len(played) == 2 and played[0] == "e5w", played

        # Offline: with the page controlled by the service worker and the server stopped,
        # a reload brings the page and the saved game back.
        wait(driver, lambda d: d.execute_script("return navigator.serviceWorker.controller !== null"),
             lambda: f"the service worker to control the page (its registration: {service_worker(driver)})", 60)
    finally:
        server.stop()
    reload(driver)
    wait_ready(driver, "manalath")
    assert plies(driver) == played
    assert driver.execute_script("return navigator.serviceWorker.controller !== null")
