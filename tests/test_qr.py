"""The QR code of a link (site/views/qr.js): drawn in the page by the vendored qrcode-generator,
read back from a screenshot by a real decoder (zxing-cpp), in the light and dark themes;
a text too long for a code gets none; the library is pinned, hash-checked and precached,
and loaded only when a first code is asked for."""
from __future__ import annotations

import io
import json
import random
import re
import shutil
import string
import tarfile

import pytest

from tools import fetch, pins
from conftest import PHONE, Console, open_context, visit_and_keep, wait_ready

QR_CAPACITY = 2953  # bytes: version 40 at level L, in byte mode (site/views/qr.js says the same)


# -- the build: pinned, checked, shipped and precached ----------------------------

def test_the_library_ships_in_the_site_with_its_licence_and_is_precached(site_dir):
    module = site_dir / "vendor" / "qrcode.mjs"
    assert fetch.sha256(module) == pins.QRCODE_MODULE_SHA256
    assert "Licensed under the MIT license" in module.read_text()[:600]
    licence = (site_dir / "vendor" / "qrcode-LICENSE.txt").read_text()
    assert "Copyright (c) 2009 Kazuhiko Arase" in licence and "Permission is hereby granted" in licence
    assert f"qrcode-generator {pins.QRCODE_VERSION}" in licence
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", (site_dir / "sw.js").read_text(), re.S).group(1))
    assert {"./vendor/qrcode.mjs", "./vendor/qrcode-LICENSE.txt", "./views/qr.js"} <= set(precache)


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """fetch.CACHE in a folder of the test's own, holding a copy of the pinned tarball."""
    pinned = fetch.fetch_qrcode()  # fetched (or found) and checked in the real cache
    tarball = f"qrcode-generator-{pins.QRCODE_VERSION}.tgz"
    shutil.copy2(pinned.parents[2] / tarball, tmp_path / tarball)
    monkeypatch.setattr(fetch, "CACHE", tmp_path)
    return tmp_path / tarball


def test_the_pinned_library_is_unpacked_and_checked(own_cache):
    module = fetch.fetch_qrcode()
    assert module.parent.parent.parent == own_cache.parent
    assert fetch.sha256(module) == pins.QRCODE_MODULE_SHA256


def test_a_changed_module_in_the_cache_is_refused(own_cache):
    module = fetch.fetch_qrcode()
    module.write_text(module.read_text().replace("code length overflow", "code too long"))
    with pytest.raises(SystemExit, match=r"qrcode\.mjs: sha256 .* does not match the pinned"):
        fetch.fetch_qrcode()


def test_a_changed_tarball_is_refused(own_cache):
    with open(own_cache, "ab") as tarball:
        tarball.write(b"\0")
    with pytest.raises(SystemExit, match=r"qrcode-generator-.*\.tgz: sha256 .* does not match the pinned"):
        fetch.fetch_qrcode()


def test_a_tarball_with_another_module_is_refused_even_when_the_tarball_is_pinned(own_cache, monkeypatch):
    """The module's own hash is checked as it is unpacked, not only the tarball's."""
    with tarfile.open(own_cache) as tar:
        members = [(member, tar.extractfile(member).read() if member.isfile() else None) for member in tar]
    changed = io.BytesIO()
    with tarfile.open(fileobj=changed, mode="w:gz") as tar:
        for member, data in members:
            if member.name == "package/" + pins.QRCODE_MODULE:
                data = data + b"\n// changed\n"
                member.size = len(data)
            tar.addfile(member, io.BytesIO(data) if data is not None else None)
    own_cache.write_bytes(changed.getvalue())
    monkeypatch.setattr(pins, "QRCODE_TARBALL_SHA256", fetch.sha256(own_cache))
    with pytest.raises(SystemExit, match=r"qrcode\.mjs: sha256 .* does not match the pinned"):
        fetch.fetch_qrcode()
    assert not (own_cache.parent / f"qrcode-generator-{pins.QRCODE_VERSION}").exists()


# -- the page: codes a real decoder reads back ------------------------------------

# Puts the code of `text` on the page, 340 CSS pixels wide whatever its modules, above
# everything; answers its size and level, or null when qr.js gives no code.
SHOW_CODE = """async (text) => {
  const { qrSvg } = await import("./views/qr.js");
  const svg = await qrSvg(text, "QR code of the link");
  document.getElementById("qr-under-test")?.remove();
  if (!svg) return null;
  svg.id = "qr-under-test";
  svg.style.cssText = "position: fixed; left: 8px; top: 8px; width: 340px; height: 340px; z-index: 1000";
  document.body.append(svg);
  return {modules: Number(svg.dataset.modules), level: svg.dataset.level, viewBox: svg.getAttribute("viewBox"),
          width: svg.getAttribute("width"), height: svg.getAttribute("height"),
          label: svg.getAttribute("aria-label"), role: svg.getAttribute("role")};
}"""


def link(server, length: int) -> str:
    """A game's link of exactly `length` characters (a record in URL-safe characters)."""
    head = server.url + "#/manalath?game="
    chars = random.Random(length).choices(string.ascii_letters + string.digits + "-_.~", k=length - len(head))
    return head + "".join(chars)


def decoded(page) -> list:
    """The QR codes zxing-cpp reads in a screenshot of the code on the page, as it is
    (dark on light only: a code drawn light on dark is not read)."""
    from PIL import Image
    import zxingcpp
    image = Image.open(io.BytesIO(page.locator("#qr-under-test").screenshot())).convert("L")
    return zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode, try_invert=False)


@pytest.fixture
def qr_page(returning, server, request):
    """A phone's page of Manalath, ready, in the colour scheme the test asks for, and
    the addresses it requested."""
    page = returning({**PHONE, "color_scheme": getattr(request, "param", "light")})
    page.requested = []
    page.on("request", lambda r: page.requested.append(r.url))
    page.goto(server.url + "#/manalath")
    wait_ready(page)
    return page


@pytest.mark.browser
@pytest.mark.parametrize("qr_page", ["light", "dark"], indirect=True)
@pytest.mark.parametrize("length", [60, 1800, QR_CAPACITY])
def test_a_code_reads_back_as_the_exact_link(qr_page, server, length):
    text = link(server, length)
    code = qr_page.evaluate(SHOW_CODE, text)
    assert code is not None
    side = code["modules"] + 2 * 4  # the quiet zone: 4 modules each side
    assert (code["viewBox"], code["width"], code["height"]) == (f"0 0 {side} {side}", str(4 * side), str(4 * side))
    assert (code["role"], code["label"]) == ("img", "QR code of the link")
    [barcode] = decoded(qr_page)
    assert barcode.bytes == text.encode()
    assert barcode.ec_level == code["level"]
    if length == 60:  # a short link: a small code, with room for stronger error correction than L
        assert code["modules"] <= 41 and code["level"] in ("M", "Q", "H")
    if length == QR_CAPACITY:  # the longest: the biggest code (version 40), at level L
        assert (code["modules"], code["level"]) == (177, "L")


@pytest.mark.browser
def test_a_text_longer_than_a_code_holds_gets_none(qr_page, server):
    assert qr_page.evaluate("async () => (await import('./views/qr.js')).QR_CAPACITY") == QR_CAPACITY
    assert qr_page.evaluate(SHOW_CODE, link(server, QR_CAPACITY + 1)) is None
    # The capacity counts bytes of UTF-8: 1,477 "é" are 2,954 of them, one too many.
    assert qr_page.evaluate(SHOW_CODE, "é" * (QR_CAPACITY // 2 + 1)) is None
    assert qr_page.evaluate(SHOW_CODE, "é" * (QR_CAPACITY // 2))["modules"] == 177
    assert qr_page.evaluate(SHOW_CODE, "") is not None  # an empty text has a code too


@pytest.mark.browser
def test_the_library_loads_only_when_a_first_code_is_asked_for(qr_page, server):
    def library_requests():
        return [url for url in qr_page.requested if url.endswith("/vendor/qrcode.mjs")]
    assert library_requests() == [], "the QR code library was loaded at boot"
    qr_page.evaluate("async () => { await import('./views/qr.js'); }")
    assert library_requests() == [], "importing qr.js loaded the library before a code was asked for"
    qr_page.evaluate(SHOW_CODE, link(server, 100))
    qr_page.evaluate(SHOW_CODE, link(server, 200))
    assert len(library_requests()) == 1


@pytest.mark.browser
def test_a_code_is_made_offline_on_a_second_visit(browser, own_server):
    """The library is in the service worker's precache: a second visit with no network
    makes a code that reads back, though the first visit never asked for one."""
    context = open_context(browser, PHONE)
    page = context.new_page()
    console = Console(page)
    visit_and_keep(page, own_server.url + "#/manalath")
    page.close()
    own_server.stop()
    context.set_offline(True)
    page = context.new_page()
    offline_console = Console(page)
    page.goto(own_server.url + "#/manalath")
    wait_ready(page)
    text = link(own_server, 1800)
    assert page.evaluate(SHOW_CODE, text) is not None
    [barcode] = decoded(page)
    assert barcode.bytes == text.encode()
    context.close()
    assert console.problems == [] and offline_console.problems == []
