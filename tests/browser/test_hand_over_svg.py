"""Hot seat stays whole on the SVG board (every app's default; issue 20).

``test_hand_over.py`` plays Grand Austria's hand-overs on the plotly board
(``board="plotly"``); this plays them the same way (the same seed, presses and
mirror) on the default SVG board. While the cover is up there is no board on
the page and no widget model the page holds names a staff card hidden from
anyone (the SVG board keeps one scene, the public view, while the laptop
passes). After "I am P2: show my view", and after that person's next press,
the painted SVG is the fresh drawing of that seat's observation
(``svg_scene``, drawn headless): the same elements in the same order, every
line of every text the same, and the models hold no card hidden from that seat.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from pages import record_console_errors, write_notebook
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_hand_over import SEATS, SEED, _assert_nothing_hidden_held, _press

from hoteledu.grand_austria.app import GrandAustriaController

NOTEBOOK_SOURCE = f"""\
from hoteledu.grand_austria.app import make_app
app = make_app(players=2, seats={SEATS!r}, seed={SEED})
app"""
HAND_OVERS = 4
MAX_PRESSES = 300
"""Presses allowed to reach the hand-overs (a bound on the work, never a time)."""

PAINTED = """() => {
  const svg = document.querySelector('.hoteledu-app svg.hoteledu-svgboard');
  if (!svg) return null;
  return Array.from(svg.children).map(e => [e.tagName,
    e.tagName === 'text' ? Array.from(e.children).filter(line => line.tagName === 'tspan')
      .map(line => line.textContent) : null]);
}"""
"""The painted board: each element's tag and, for a text, its lines (not its hover title)."""


def _fresh(controller: GrandAustriaController) -> list[list[Any]]:
    """What the page must paint for the seat at the laptop, drawn headless."""
    scene = controller.adapter.svg_scene(controller.scene(), controller.highlight(), {})
    return [
        [
            item["tag"],
            ["".join(words for words, *_ in spans) for spans in item["lines"]]
            if item["tag"] == "text"
            else None,
        ]
        for item in scene.data()["items"]
    ]


def _assert_board_is(page: Any, controller: GrandAustriaController, when: str) -> None:
    want = _fresh(controller)
    with contextlib.suppress(PlaywrightTimeout):  # a loaded machine redraws slowly
        page.wait_for_function(
            f"(want) => JSON.stringify(({PAINTED})()) === JSON.stringify(want)",
            arg=want,
            timeout=45_000,
            polling=200,
        )
    shown = page.evaluate(PAINTED)
    if shown == want:
        return
    if shown is None:
        raise AssertionError(f"{when}: no SVG board on the page")
    missing = [lines for tag, lines in want if tag == "text" and [tag, lines] not in shown]
    raise AssertionError(
        f"{when}: the page's board is not P{controller.viewer + 1}'s: {len(shown)} elements "
        f"painted, {len(want)} drawn; text not painted: {missing[:8]}"
    )


@pytest.mark.browser
def test_every_hand_over_on_the_svg_board_shows_the_next_persons_board_only(
    browser, serve_voila, tmp_path
):
    notebook = write_notebook(tmp_path, "grand_austria_hand_over_svg.ipynb", NOTEBOOK_SOURCE)
    with serve_voila(notebook, timeout=90) as url:
        page = browser.new_page(viewport={"width": 1600, "height": 1200})
        errors = record_console_errors(page)
        try:
            page.goto(url, timeout=45_000)
            page.wait_for_selector(".hoteledu-log", timeout=45_000)
            controller = GrandAustriaController(players=2, seats=SEATS, seed=SEED)
            _assert_board_is(page, controller, "at the start")
            assert not errors, f"the console at load: {errors}"
            hand_overs, presses = 0, 0
            while hand_overs < HAND_OVERS:
                assert presses < MAX_PRESSES, f"{hand_overs} hand-overs in {presses} presses"
                if not controller.needs_handover():
                    _press(page, controller, presses, quick=True)
                    presses += 1
                    continue
                who = f"P{2 - controller.viewer}"  # two people: the laptop goes to the other
                page.get_by_text(f"Pass the laptop to {who}.").wait_for(timeout=30_000)
                assert page.locator(".hoteledu-board").count() == 0  # covered: no board
                _assert_nothing_hidden_held(page, controller.state, None, f"passing to {who}")
                page.get_by_role("button", name=f"I am {who}: show my view").click()
                controller.hand_over()
                seat = controller.viewer
                _assert_board_is(page, controller, f"after hand-over {hand_overs + 1} to {who}")
                _assert_nothing_hidden_held(page, controller.state, seat, f"{who}'s view")
                _press(page, controller, presses, quick=False)
                presses += 1
                if not controller.needs_handover():
                    _assert_board_is(page, controller, f"{who}'s first press after it")
                    _assert_nothing_hidden_held(page, controller.state, seat, f"{who}'s next")
                hand_overs += 1
            assert not errors, f"the page's console: {errors}"
        finally:
            page.close()
