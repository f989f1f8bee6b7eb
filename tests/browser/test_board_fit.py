"""The SVG boards (every app's default) fit the page they are given, in JupyterLab and Voilà.

Issue 20: JupyterLab at 1280 px with the file browser open (its default) and
Voilà on a 1024 px tablet. One page per kind shows the three apps; each board
is checked from the DOM (``pages.board_misfits``) at the start and again
mid-game (after presses, each waited for by the board's drawn version, never
repeated): every element of the board inside the part of the page it shows
in and inside the board, no line of text over another, no type under 12 px as
painted. The check can fail: a board made wider than its box is reported.

The page's console must show no error at load (``pages.record_console_errors``;
an allow-list for what is not ours). In Voilà a real mouse click on Amsterdam's
board builds a hotel, and a click on the Dam (no move) changes nothing but the
message.

The same pages fetch nothing from outside the server (issue 20: offline, Binder, school
networks). Voilà 0.5's ``lab`` template linked Font Awesome from cdn.jsdelivr.net; the
app pages use the ``hoteledu`` template (:mod:`hoteledu.apps.offline`). Every request a
page makes (documents, scripts, styles, fonts, websockets; in Voilà also after a "How to
play" panel opens) must go to the server the page came from (127.0.0.1); anything else is
answered with an abort (so a test without a network does not wait on it) and fails the
test, named (``pages.watch_outside_requests``). Icons still show: the apps' own icon
characters have a glyph width, and an ipywidgets Button's Font Awesome icon (``fa-eye``)
is drawn in the Font Awesome font loaded from the server (``pages.assert_icons_drawn``).
The offline checks ride on these pages because a page costs 10 to 15 CPU-s to open here.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from pages import (
    assert_boards_fit,
    assert_icons_drawn,
    board_misfits,
    record_console_errors,
    watch_outside_requests,
    write_notebook,
)

APPS_SOURCE = (
    "import ipywidgets as w\n"
    "from IPython.display import display\n"
    "from hoteledu.amsterdam.app import make_app as amsterdam\n"
    "from hoteledu.grand_austria.app import make_app as grand_austria\n"
    "from hoteledu.boutique.app import make_app as boutique\n"
    "apps = [amsterdam(players=2, seats=('human', 'human'), seed=1),\n"
    "        grand_austria(players=2, seats=('human', 'random'), seed=6),\n"
    "        boutique(players=2, seats=('human', 'random'), seed=6, weeks=1)]\n"
    "for app in apps:\n"
    "    display(app)\n"
    "display(w.Button(description='an icon', icon='eye'))  # Font Awesome, as widgets draw it\n"
)
APPS = ("amsterdam", "grand_austria", "boutique")
PRESSES = 8
"""Presses per app before the mid-game check."""
ALL_DRAWN = "() => document.querySelectorAll('.hoteledu-app svg.hoteledu-svgboard').length === 3"

VERSION = """(index) => Number(document.querySelectorAll('.hoteledu-app')[index]
  .querySelector('svg.hoteledu-svgboard').getAttribute('data-version'))"""
PRESS = """(index) => {
  const app = document.querySelectorAll('.hoteledu-app')[index];
  app.scrollIntoView();
  const visible = (b) => b && b.offsetParent !== null && !b.disabled;
  const named = (words) => Array.from(app.querySelectorAll('button')).find(
    b => visible(b) && b.innerText.includes(words));
  const button = named('show my view') || named('Roll') ||
    Array.from(app.querySelectorAll('.hoteledu-actions button')).find(visible) ||
    Array.from(app.querySelectorAll('.hoteledu-form button')).find(visible);
  if (!button) return null;
  button.click();
  return button.innerText.trim();
}"""
BUTTONS = """(index) => Array.from(document.querySelectorAll('.hoteledu-app')[index]
  .querySelectorAll('button')).filter(b => b.offsetParent !== null && !b.disabled)
  .map(b => b.innerText.trim())"""
"""The labels of the buttons an app shows and takes presses on, in order."""
WIDEN = """(index) => {
  const svg = document.querySelectorAll('.hoteledu-app')[index]
    .querySelector('svg.hoteledu-svgboard');
  svg.style.maxWidth = 'none';
  svg.style.width = (document.documentElement.clientWidth + 300) + 'px';
}"""
"""Make one board wider than the page (the check must then report it)."""


def _play(page: Any) -> None:
    """Up to ``PRESSES`` presses per app, each waited for until it took effect.

    A press took effect when the board's drawn version went up or the app drew other
    buttons (a press that changes no drawing, such as Boutique's secret prices, ends
    there instead of at the time-out); only a board drawn anew counts for ``took``.
    A press is never repeated: one that a bot's move made stale (its buttons were
    drawn for the version before) changes nothing, and the next press is made on the
    buttons drawn since.
    """
    for index, game in enumerate(APPS):
        took = 0
        for _ in range(PRESSES):
            before = page.evaluate(VERSION, index)
            buttons = page.evaluate(BUTTONS, index)
            if page.evaluate(PRESS, index) is None:
                break  # nothing to press now (a bot is thinking, or the game is over)
            try:
                page.wait_for_function(
                    f"""([before, buttons]) => ({VERSION})({index}) > before
                        || JSON.stringify(({BUTTONS})({index})) !== JSON.stringify(buttons)""",
                    arg=[before, buttons],
                    timeout=10_000,
                    polling=20,
                )
            except Exception:  # a stale press: nothing changed, as it should
                continue
            took += page.evaluate(VERSION, index) > before
        assert took, f"{game}: no press changed the board"
    page.wait_for_timeout(500)  # bots' follow-up moves, before the boards are measured again


def _a_wider_board_is_caught(page: Any, where: str) -> None:
    """The check fails on a board made wider than its box (a test that cannot fail is none)."""
    page.evaluate(WIDEN, 1)
    report = board_misfits(page, APPS, f"{where}, Grand Austria's board widened")
    assert any(line.startswith("grand_austria:") for line in report), report
    assert not any(line.startswith(("amsterdam:", "boutique:")) for line in report), report


HOTEL_AT = """() => Array.from(document.querySelectorAll('.hoteledu-app')[0]
  .querySelectorAll('svg.hoteledu-svgboard rect')).filter(
    r => r.getAttribute('fill') === '#d62728' && r.getAttribute('width') === '22').length"""
"""How many red (P1) hotels Amsterdam's board draws."""


def _click_titled(page: Any, title: str) -> None:
    """A real mouse click at the centre of Amsterdam's topmost board target whose hover
    starts with ``title``."""
    box = page.evaluate(
        """(title) => {
          const svg = document.querySelectorAll('.hoteledu-app')[0]
            .querySelector('svg.hoteledu-svgboard');
          const e = Array.from(svg.querySelectorAll('[data-target]')).reverse().find(
            e => (e.querySelector('title') || {}).textContent?.startsWith(title));
          e.scrollIntoView({block: 'center'});
          const r = e.getBoundingClientRect();
          return [r.left + r.width / 2, r.top + r.height / 2];
        }""",
        title,
    )
    page.mouse.click(*box)


@pytest.mark.browser
def test_boards_fit_jupyterlab_at_1280_with_the_file_browser_open(browser, serve_jupyterlab):
    with serve_jupyterlab(source=APPS_SOURCE) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = record_console_errors(page)
        outside = watch_outside_requests(page)
        page.goto(url, timeout=90_000)
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
        page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
        assert page.locator(".jp-FileBrowser").first.is_visible(), "the file browser is closed"
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        page.wait_for_function(ALL_DRAWN, timeout=90_000)
        page.wait_for_timeout(500)
        assert not errors, f"the console at load: {errors}"
        assert_icons_drawn(page, "JupyterLab")
        assert_boards_fit(page, APPS, "JupyterLab 1280 px")
        _play(page)
        assert_boards_fit(page, APPS, "JupyterLab 1280 px, mid-game")
        _a_wider_board_is_caught(page, "JupyterLab 1280 px")
        assert not outside, f"the JupyterLab page fetched from outside the server: {outside}"
        page.close()


@pytest.mark.browser
def test_boards_fit_voila_on_a_1024_tablet_and_a_board_click_builds(browser, serve_voila):
    with tempfile.TemporaryDirectory() as root:
        notebook = write_notebook(Path(root), "apps.ipynb", APPS_SOURCE)
        with serve_voila(notebook) as url:
            page = browser.new_page(viewport={"width": 1024, "height": 768})
            errors = record_console_errors(page)
            outside = watch_outside_requests(page)
            page.goto(url, timeout=90_000)
            page.wait_for_function(ALL_DRAWN, timeout=90_000)
            page.wait_for_timeout(500)
            assert not errors, f"the console at load: {errors}"
            assert_icons_drawn(page, "Voila")
            assert_boards_fit(page, APPS, "Voila 1024 px")
            # Amsterdam: roll, then a real click on an intersection builds P1's hotel there
            before = page.evaluate(VERSION, 0)
            assert page.evaluate(PRESS, 0) == "\u2684 Roll the dice"
            page.wait_for_function(f"() => ({VERSION})(0) > {before}", timeout=60_000)
            assert page.evaluate(HOTEL_AT) == 0
            # a click on the Dam is no move: the message says so, the board stays at its version
            at = page.evaluate(VERSION, 0)
            _click_titled(page, "the Dam (3, 3)")
            message = page.locator(".hoteledu-message").first
            message.filter(has_text="no move").wait_for(timeout=60_000)
            assert page.evaluate(VERSION, 0) == at and page.evaluate(HOTEL_AT) == 0
            _click_titled(page, "intersection (5, 5)")
            page.wait_for_function(f"() => ({HOTEL_AT})() === 1", timeout=60_000)
            assert page.evaluate(VERSION, 0) > at
            _play(page)
            assert_boards_fit(page, APPS, "Voila 1024 px, mid-game")
            _a_wider_board_is_caught(page, "Voila 1024 px")
            page.get_by_role("button", name="How to play").first.click()  # a panel opens
            page.wait_for_timeout(500)  # any request the panel makes is in the log by now
            assert not outside, f"the Voila page fetched from outside the server: {outside}"
            page.close()
