"""What both benchmark commands (run.py and think.py) share: the built site served
locally (bench/ beside it, for the bare floor page), Chromium's arguments, and a
page with an engine worker of its own.
"""
from __future__ import annotations

import functools
import gzip
import http.server
import sys
import threading
import time
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

    # A phone's link (run.py --link): (bits per second, seconds of latency per request), the
    # bodies timed and counted as gzip would send them (as common static hosts serve them), the
    # bits of every connection sharing the one link. None: as fast as the machine serves.
    link: tuple[float, float] | None = None
    ratios: dict[str, float] = {}

    def translate_path(self, path: str) -> str:
        if path.startswith("/bench/"):
            return str(ROOT / "bench" / path[len("/bench/"):].split("?")[0])
        return super().translate_path(path)

    def do_GET(self) -> None:
        if self.link:
            time.sleep(self.link[1])
        super().do_GET()

    def copyfile(self, source, outputfile) -> None:
        ratio = self.wire_ratio(source.name) if self.link else 1.0
        sent = 0.0
        while chunk := source.read(1 << 16):
            if self.link:
                self.server.take_link(len(chunk) * ratio * 8 / self.link[0])
            outputfile.write(chunk)
            sent += len(chunk) * ratio
        with self.server.lock:
            self.server.sent += round(sent)

    @classmethod
    def wire_ratio(cls, path: str) -> float:
        """What gzip makes of the file's bytes (at most all of them)."""
        if path not in cls.ratios:
            data = Path(path).read_bytes()
            cls.ratios[path] = min(1.0, len(gzip.compress(data, 6)) / max(1, len(data)))
        return cls.ratios[path]


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
    httpd.free_at = 0.0

    def take_link(seconds: float) -> None:
        """Wait while the link carries ``seconds`` worth of bits, after what it carries already."""
        with httpd.lock:
            start = max(time.monotonic(), httpd.free_at)
            httpd.free_at = end = start + seconds
        # Until this chunk's own turn on the link ends (until 2026-11-29, eleventh session: until
        # the end of every turn taken so far, other connections' too, which left the link idle).
        time.sleep(max(0.0, end - time.monotonic()))

    httpd.take_link = take_link
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def engine_page(browser, base: str):
    """A page with an engine worker of its own and ``ask(request)`` to call its bridge."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "bench/floor.html")
    page.evaluate(suite.ENGINE_PROBE_JS, "../worker.js")
    return context, page
