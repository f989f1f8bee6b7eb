"""The SVG boards (``board="svg"``) fit the page, read in 12 px type, and act on real clicks.

Issue 20: Voilà on a 1024 px tablet (JupyterLab at 1280 px is checked for
the plotly boards in ``test_board_fit.py``). One page load shows the three
apps with SVG boards; each board is checked from the DOM at the start and again mid-game
(after presses, each waited for by the board's drawn version, never
repeated): the SVG and every word in it lie inside the page's width and the
SVG, no two words overlap, no type is under 12 px. In Voilà a real mouse
click on Amsterdam's board builds a hotel, and a click on the Dam (no move)
changes nothing but the message.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from pages import write_notebook

APPS_SOURCE = (
    "from IPython.display import display\n"
    "from hoteledu.amsterdam.app import make_app as amsterdam\n"
    "from hoteledu.grand_austria.app import make_app as grand_austria\n"
    "from hoteledu.boutique.app import make_app as boutique\n"
    "apps = [amsterdam(players=2, seats=('human', 'human'), seed=1, board='svg'),\n"
    "        grand_austria(players=2, seats=('human', 'random'), seed=6, board='svg'),\n"
    "        boutique(players=2, seats=('human', 'random'), seed=6, weeks=1, board='svg')]\n"
    "for app in apps:\n"
    "    display(app)\n"
)
APPS = ("amsterdam", "grand_austria", "boutique")
PRESSES = 8
"""Presses per app before the mid-game check."""
ALL_DRAWN = "() => document.querySelectorAll('.hoteledu-app svg.hoteledu-svgboard').length === 3"

BOARD_FIT = """() => {
  const clipped = (element) => {  // the page box the element may show in
    let right = document.documentElement.clientWidth, left = 0;
    for (let e = element.parentElement; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.overflowX !== 'visible') {
        const box = e.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.left + e.clientWidth);
      }
    }
    return [left, right];
  };
  const out = [];
  for (const app of document.querySelectorAll('.hoteledu-app')) {
    const svg = app.querySelector('svg.hoteledu-svgboard');
    if (!svg) { out.push({missing: true}); continue; }
    const [left, right] = clipped(svg);
    const plot = svg.getBoundingClientRect();
    const problems = [];
    if (plot.left < left - 1 || plot.right > right + 1)
      problems.push(`the board spans x ${plot.left.toFixed(0)}..${plot.right.toFixed(0)} ` +
                    `but the page shows ${left.toFixed(0)}..${right.toFixed(0)}`);
    const texts = [], sizes = [];
    for (const t of svg.querySelectorAll('text')) {
      const words = t.textContent.trim();
      if (!words) continue;
      // the type as painted: the font size scaled with the SVG to its box
      sizes.push(parseFloat(t.getAttribute('font-size')) * plot.width / svg.viewBox.baseVal.width);
      for (const line of t.children) {  // each line's box (a text's box is its lines' union)
        const r = line.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        texts.push({words: line.textContent, r});
        if (r.left < Math.max(left, plot.left) - 1 || r.right > Math.min(right, plot.right) + 1 ||
            r.top < plot.top - 1 || r.bottom > plot.bottom + 1)
          problems.push(`"${line.textContent}" is cut off (x ${r.left.toFixed(0)}..` +
                        `${r.right.toFixed(0)}, y ${r.top.toFixed(0)}..${r.bottom.toFixed(0)})`);
      }
    }
    for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i].r, b = texts[j].r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1)  // a pixel of anti-aliasing is not an overlap
        problems.push(`"${texts[i].words}" overlaps "${texts[j].words}" (${w.toFixed(0)} x ` +
                      `${h.toFixed(0)} px)`);
    }
    out.push({width: plot.width, texts: texts.length, smallest: Math.min(...sizes), problems,
              version: Number(svg.getAttribute('data-version'))});
  }
  return out;
}"""
"""Per app: the board's width, its lines of text, its smallest painted type and each misfit."""

VERSION = """(index) => Number(document.querySelectorAll('.hoteledu-app')[index]
  .querySelector('svg.hoteledu-svgboard').getAttribute('data-version'))"""
PRESS = """(index) => {
  const app = document.querySelectorAll('.hoteledu-app')[index];
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


def _assert_fits(page: Any, where: str) -> list[dict]:
    boards = page.evaluate(BOARD_FIT)
    assert len(boards) == len(APPS), f"{where}: {len(boards)} apps on the page"
    report = []
    for game, board in zip(APPS, boards, strict=True):
        assert not board.get("missing"), f"{where}: {game}'s board is not drawn"
        print(
            f"{where} {game}: board {board['width']:.0f} px wide, {board['texts']} lines, "
            f"smallest type {board['smallest']:.1f} px"
        )
        report += [f"{game}: {p}" for p in board["problems"]]
        if board["smallest"] < 12 - 0.05:
            report.append(f"{game}: type of {board['smallest']:.1f} px")
    assert not report, f"{where}:\n" + "\n".join(report[:40])
    return boards


def _play(page: Any) -> None:
    """Up to ``PRESSES`` presses per app, each waited for by the board's drawn version.

    A press is never repeated: one that a bot's move made stale (its buttons
    were drawn for the version before) changes nothing, and the next press
    is made on the buttons drawn since.
    """
    for index, game in enumerate(APPS):
        took = 0
        for _ in range(PRESSES):
            before = page.evaluate(VERSION, index)
            if page.evaluate(PRESS, index) is None:
                break  # nothing to press now (a bot is thinking, or the game is over)
            try:
                page.wait_for_function(
                    f"() => ({VERSION})({index}) > {before}", timeout=10_000, polling=20
                )
                took += 1
            except Exception:  # a stale press: nothing changed, as it should
                continue
        assert took, f"{game}: no press changed the board"
    page.wait_for_timeout(500)  # bots' follow-up moves, before the boards are measured again


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
def test_svg_boards_fit_voila_on_a_1024_tablet_and_a_board_click_builds(browser, serve_voila):
    with tempfile.TemporaryDirectory() as root:
        notebook = write_notebook(Path(root), "apps.ipynb", APPS_SOURCE)
        with serve_voila(notebook) as url:
            page = browser.new_page(viewport={"width": 1024, "height": 768})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(url, timeout=90_000)
            page.wait_for_function(ALL_DRAWN, timeout=90_000)
            page.wait_for_timeout(500)
            _assert_fits(page, "Voila 1024 px")
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
            _assert_fits(page, "Voila 1024 px, mid-game")
            assert not errors, errors
            page.close()
