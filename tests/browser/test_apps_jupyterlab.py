"""Grand Austria's and Boutique's apps in JupyterLab: a page reload shows the live game.

In JupyterLab (unlike Voilà) a reload keeps the kernel: the widget views come
back from the kernel's live models, so after a few real presses, a save and
a reload, the page must show the same log and board as before the reload
(not a new game), and a press on the reloaded page must act.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import log_text, save_notebook, wait_for_log_change

SOURCES = {
    "grand_austria": (
        "from hoteledu.grand_austria.app import make_app\n"
        "app = make_app(players=2, seats=('human', 'human'), seed=6)\n"
        "app"
    ),
    "boutique": (
        "from hoteledu.boutique.app import make_app\n"
        "app = make_app(players=2, seats=('human', 'human'), seed=6, weeks=1)\n"
        "app"
    ),
}
BOARD = """() => {
  const gd = document.querySelector('.js-plotly-plot');
  return gd && gd.data ? gd.data.map(t => [t.name, t.text === undefined ? null : t.text]) : null;
}"""
"""The page board's words, trace by trace (the state a person reads)."""


def _open(page: Any, url: str) -> None:
    page.goto(url, timeout=90_000)
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    page.wait_for_selector(".hoteledu-log", timeout=90_000)


def _press(page: Any) -> None:
    """The press a person would make next: hand the laptop over, roll, the first
    choice, or else send the form (Boutique's secret prices, as proposed)."""
    log = log_text(page)
    for name in ("show my view", "Roll the dice", "Roll the check-in die"):
        button = page.get_by_role("button", name=name)
        if button.count() and button.first.is_visible():
            button.first.click()
            if name == "show my view":  # no log line: the board comes back instead
                page.wait_for_selector(".js-plotly-plot", timeout=30_000)
                return
            break
    else:
        choices = page.locator(".hoteledu-actions button")
        if choices.count() and choices.first.is_visible():
            choices.first.click()
        else:  # only a form to send (Boutique's secret prices), as proposed
            page.locator(".hoteledu-form button").first.click()
    try:
        wait_for_log_change(page, log, timeout=30_000)
    except Exception:
        page.screenshot(path="/tmp/jlab_press_failed.png", full_page=True)
        raise


@pytest.mark.browser
@pytest.mark.parametrize("game", sorted(SOURCES))
def test_a_reload_in_jupyterlab_shows_the_live_game(browser, serve_jupyterlab, game):
    with serve_jupyterlab(source=SOURCES[game]) as url:
        page = browser.new_page(viewport={"width": 1500, "height": 1200})
        _open(page, url)
        for _ in range(6):
            _press(page)
        for _ in range(3):  # a covered board (hot seat): hand the laptop over first
            if page.locator(".js-plotly-plot").count():
                break
            _press(page)
        page.wait_for_selector(".js-plotly-plot", timeout=30_000)
        page.wait_for_timeout(1000)  # let the last redraw settle before reading
        live_log, live_board = log_text(page), page.evaluate(BOARD)
        assert live_log.strip() and live_board

        save_notebook(page)
        page.reload(timeout=90_000)
        page.wait_for_selector(".hoteledu-log", timeout=90_000)
        page.wait_for_function(
            "(text) => document.querySelector('.hoteledu-log').innerText === text",
            arg=live_log,
            timeout=30_000,
        )
        page.wait_for_selector(".js-plotly-plot", timeout=30_000)
        page.wait_for_function(f"(want) => JSON.stringify(({BOARD})()) === JSON.stringify(want)",
                               arg=live_board, timeout=30_000)  # fmt: skip

        _press(page)  # the reloaded page plays on
        assert log_text(page) != live_log
        page.close()
