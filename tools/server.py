"""Serving the built site as a static host would, with the Content-Security-Policy as a header
and its violations collected (the browser tests fail on any): `build.py serve`, the tests'
server and the benchmarks' are this one."""
from __future__ import annotations

import functools
import http.server
import json
import os
from pathlib import Path

from .fetch import say
from .site import CSP, CSP_HEADER_ONLY, ROOT, build_if_changed, csp_text

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
}


CSP_REPORT_PATH = "/csp-report"
CSP_REPORTS: list[dict] = []
"""Violations reported to this process's servers (the browser tests fail on any)."""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        # Let the service worker, not the HTTP cache, decide what is fresh.
        self.send_header("Cache-Control", "no-cache")
        policy = {**CSP, **CSP_HEADER_ONLY, "report-uri": CSP_REPORT_PATH}
        self.send_header("Content-Security-Policy", csp_text(policy))
        super().end_headers()

    def do_POST(self) -> None:  # noqa: N802  (the base class's naming)
        """Collect the browser's reports of CSP violations (``report-uri``); nothing else is posted."""
        if self.path != CSP_REPORT_PATH:
            self.send_error(404)
            return
        body = self.rfile.read(min(int(self.headers.get("Content-Length") or 0), 100_000))
        try:
            report = json.loads(body).get("csp-report", {})
        except (ValueError, AttributeError):
            report = {"unreadable": body[:200].decode(errors="replace")}
        CSP_REPORTS.append(report)
        say(f"CSP violation: {report.get('violated-directive') or report} "
            f"({report.get('blocked-uri', '')} in {report.get('document-uri', '')})")
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002  (the base class's name)
        if os.environ.get("BUILD_VERBOSE"):
            super().log_message(format, *args)


def make_server(folder: Path, port: int, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(folder))
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve(port: int, host: str) -> None:
    folder = build_if_changed()
    server = make_server(folder, port, host)
    shown = folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder
    say(f"serving {shown} at http://{host}:{server.server_address[1]}/  (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
