"""App pages fetch nothing from outside the server (issue 20: offline, Binder, school networks).

Voilà 0.5's ``lab`` template linked Font Awesome from cdn.jsdelivr.net; the app pages now
use the ``hoteledu`` template (:mod:`hoteledu.apps.offline`). One app page in Voilà and
one in JupyterLab are loaded with Playwright's request log: every request the page makes
(documents, scripts, styles, fonts, websockets) must go to the server the page came from
(127.0.0.1); anything else is answered with an abort (so a test without a network
does not wait on it) and fails the test, named. Icons still show: the app's own icon
characters have a glyph width, and an ipywidgets Button's Font Awesome icon (``fa-eye``)
is drawn in the Font Awesome font loaded from the server.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import pytest
from pages import write_notebook

SOURCE = (
    "import ipywidgets as w\n"
    "from IPython.display import display\n"
    "from hoteledu.boutique.app import make_app\n"
    "app = make_app(players=2, seats=('human', 'human'), seed=3, weeks=1, board='svg')\n"
    "display(app)\n"
    "display(w.Button(description='an icon', icon='eye'))  # Font Awesome, as widgets draw it"
)
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
LOCAL_SCHEMES = {"data", "blob", "about"}

ICONS_DRAWN = """async () => {
  await document.fonts.ready;
  const icon = document.querySelector('.widget-button i.fa-eye');
  if (!icon) return null;
  const before = getComputedStyle(icon, '::before');
  const family = before.fontFamily;
  const faces = Array.from(document.fonts).filter(f => /Font Awesome/.test(f.family));
  // the app's own icons are characters: the cover's eye, the dice and the undo arrows
  const glyphs = Array.from(document.querySelectorAll('.hoteledu-app button'))
    .map(b => b.innerText.trim()).filter(t => /^[\\u2684\\u2699\\u21b6\\u25c9]/.test(t));
  const probe = document.createElement('span');
  probe.textContent = '\\u2684';
  probe.style.position = 'absolute';
  document.body.append(probe);
  const glyphWidth = probe.getBoundingClientRect().width;
  probe.remove();
  return {family, content: before.content, width: icon.getBoundingClientRect().width,
          loaded: faces.filter(f => f.status === 'loaded').map(f => f.family),
          glyphs: glyphs.length, glyphWidth};
}"""
"""The Font Awesome icon's font and width, the faces loaded, and an app icon glyph's width."""


def _watch(page: Any) -> list[str]:
    """Every request of the page that leaves the local server (each one is aborted)."""
    outside: list[str] = []

    def route(route: Any) -> None:
        url = route.request.url
        parsed = urlparse(url)
        if parsed.scheme in LOCAL_SCHEMES or parsed.hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    page.route("**/*", route)
    page.on(  # websockets do not pass through page.route
        "websocket",
        lambda ws: None if urlparse(ws.url).hostname in LOCAL_HOSTS else outside.append(ws.url),
    )
    return outside


def _assert_icons_drawn(page: Any, where: str) -> None:
    page.wait_for_selector(".widget-button i.fa-eye", timeout=60_000)
    icons = page.evaluate(ICONS_DRAWN)
    print(where, icons)
    assert icons is not None, f"{where}: no Font Awesome icon on the page"
    assert "Font Awesome" in icons["family"], f"{where}: the icon's font is {icons['family']}"
    assert any("Font Awesome" in f for f in icons["loaded"]), f"{where}: no icon font loaded"
    assert icons["width"] > 4, f"{where}: the icon is {icons['width']} px wide"
    assert icons["glyphs"] > 0 and icons["glyphWidth"] > 4, f"{where}: the app's icons: {icons}"


@pytest.mark.browser
def test_a_voila_app_page_fetches_nothing_from_outside(browser, serve_voila, tmp_path):
    notebook = write_notebook(tmp_path, "offline.ipynb", SOURCE)
    with serve_voila(notebook) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        try:
            outside = _watch(page)
            page.goto(url, timeout=90_000)
            page.wait_for_selector("svg.hoteledu-svgboard", timeout=90_000)
            _assert_icons_drawn(page, "Voila")
            page.get_by_role("button", name="How to play").first.click()  # a panel opens
            page.wait_for_timeout(500)  # any request the panel makes is in the log by now
            assert not outside, f"the Voila page fetched from outside the server: {outside}"
        finally:
            page.close()


@pytest.mark.browser
def test_a_jupyterlab_app_page_fetches_nothing_from_outside(browser, serve_jupyterlab):
    from pages import run_all_cells

    with serve_jupyterlab(source=SOURCE) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        try:
            outside = _watch(page)
            page.goto(url, timeout=120_000)
            run_all_cells(page)
            page.wait_for_selector("svg.hoteledu-svgboard", timeout=120_000)
            _assert_icons_drawn(page, "JupyterLab")
            assert not outside, f"the JupyterLab page fetched from outside the server: {outside}"
        finally:
            page.close()
