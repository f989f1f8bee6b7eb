"""End to end: the Hotel Amsterdam play notebook served by Voilà, played in headless Chromium.

The test rolls the dice with the app's button, builds a hotel with a real
click on the plotly board, moves the Mayor with a button, and checks that the
board (the figure's data in the page) and the log changed. Set
``HOTELEDU_SCREENSHOT=docs/images/amsterdam_app.png`` to save a picture of the app.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = "notebooks/amsterdam/01_play.ipynb"

TRACE_LENGTHS = """() => {
  const gd = document.querySelector('.js-plotly-plot');
  return Object.fromEntries(gd.data.map(t => [t.name, (t.x || []).length]));
}"""
BOAT_XY = """() => {
  const boat = document.querySelector('.js-plotly-plot').data.find(t => t.name === 'boat');
  return [boat.x[0], boat.y[0]];
}"""
# Page coordinates of a data point (x, y) of the board figure.
DATA_TO_PAGE = """([x, y]) => {
  const gd = document.querySelector('.js-plotly-plot');
  const layout = gd._fullLayout, box = gd.getBoundingClientRect();
  return [box.left + layout._size.l + layout.xaxis.d2p(x),
          box.top + layout._size.t + layout.yaxis.d2p(y)];
}"""


@pytest.mark.browser
def test_play_a_turn_in_voila(browser, serve_voila):
    start = time.monotonic()
    with serve_voila(NOTEBOOK) as url:
        page = browser.new_page(viewport={"width": 1300, "height": 1100})
        page.goto(url, timeout=45_000)
        roll = page.get_by_role("button", name="Roll the dice")
        roll.wait_for(timeout=45_000)
        page.wait_for_selector(".js-plotly-plot", timeout=15_000)
        before = page.evaluate(TRACE_LENGTHS)
        assert before["hotels"] == 0 and before["tourists"] == 4 and before["intersections"] == 36
        boat_before = page.evaluate(BOAT_XY)

        # Phase 1-3: roll; the boat moves and the hotel sites are offered.
        roll.click()
        page.get_by_role("button", name="hotel at (3,4)").wait_for(timeout=15_000)
        assert page.evaluate(BOAT_XY) != boat_before
        assert "roll white" in page.locator(".hoteledu-amsterdam-app").inner_text()

        # Phase 4: a real click on the board's intersection (3, 4) at x = 3.5, y = 2.5.
        page.evaluate("() => document.querySelector('.js-plotly-plot').scrollIntoView()")
        x, y = page.evaluate(DATA_TO_PAGE, [3.5, 2.5])
        page.mouse.move(x, y)
        page.mouse.click(x, y)
        page.wait_for_function(
            "() => document.querySelector('.js-plotly-plot').data"
            ".find(t => t.name === 'hotels').x.length === 1",
            timeout=15_000,
        )
        app_text = page.locator(".hoteledu-amsterdam-app").inner_text()
        assert "hotel at (3,4)" in app_text

        # Phase 5: the Mayor walks, chosen with a button.
        mayor = page.get_by_role("button", name="the Mayor to").first
        choice = mayor.inner_text()
        mayor.click()
        page.get_by_role("button", name="the Nightwatchman to").first.wait_for(timeout=15_000)
        assert choice in page.locator(".hoteledu-amsterdam-app").inner_text()

        target = os.environ.get("HOTELEDU_SCREENSHOT")
        if target:
            path = Path(target) if Path(target).is_absolute() else REPO / target
            path.parent.mkdir(parents=True, exist_ok=True)
            page.mouse.move(0, 0)  # no hover label in the picture
            page.locator(".hoteledu-amsterdam-app").screenshot(path=str(path))
        page.close()
    assert time.monotonic() - start < 60
