"""What both benchmark commands (run.py and think.py) share: the built site served
locally (bench/ beside it, for the bare floor page), Chromium's arguments, and a
page with an engine worker of its own.
"""
from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools import server as tools_server, site as site_build, suite  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run", "--disable-sync", "--disable-quic"]


class BenchHandler(tools_server.SiteHandler):
    """The built site as `build.py serve` serves it (every response revalidated:
    a service worker decides what is fresh), plus bench/ at /bench/; counts the
    bytes of the bodies it sends."""

    def translate_path(self, path: str) -> str:
        if path.startswith("/bench/"):
            return str(ROOT / "bench" / path[len("/bench/"):].split("?")[0])
        return super().translate_path(path)

    def copyfile(self, source, outputfile) -> None:
        sent = 0
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            sent += len(chunk)
        with self.server.lock:
            self.server.sent += sent


class FloorHandler(BenchHandler):
    """The same files for the bare floor page, fresh for a day in the browser's HTTP
    cache: a return visit then needs no request at all, the quickest a page
    without a service worker can boot (and one that can boot offline)."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=86400")
        http.server.SimpleHTTPRequestHandler.end_headers(self)


def serve(handler, folder: Path = site_build.SITE_OUT) -> tuple[http.server.ThreadingHTTPServer, str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    httpd.lock = threading.Lock()
    httpd.sent = 0
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def engine_page(browser, base: str):
    """A page with an engine worker of its own and ``ask(request)`` to call its bridge."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "bench/floor.html")
    page.evaluate(suite.ENGINE_PROBE_JS, "../worker.js")
    return context, page
