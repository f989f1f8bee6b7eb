"""Grand Austria's and Boutique's apps in JupyterLab: a reload, a kernel restart and a saved
reload mid-game each bring back the game.

Each page runs the play notebook's own app cell (``notebooks/<game>/01_play.ipynb``, one
person against the lesson's bot), stored with its output. After a few real presses:

- a reload without saving: JupyterLab does not trust a notebook it did not save, so the
  cell shows its stored text ("run this cell to start the app", not ``VBox(...)``), and
  running it resumes the game (the same kernel): the same log under the "resumed" line,
  the same board;
- a kernel restart, then Run All: the new kernel resumes the game from the autosave the
  page's key names, where it was;

A reload after a save (two people at the laptop: the notebook is trusted then, and the
views come back from the kernel's live models, not a new game) ends the hand-over test of
the same games, ``test_hand_over_jupyterlab.py``, on its page (a JupyterLab page costs
10 to 15 CPU-s to open here).

Every wait is on a condition of the page.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import (
    log_text,
    play_cell,
    reload_shows_run_this_cell,
    restart_kernel,
    resume_by_running,
    run_all_cells,
    settled_position,
    wait_for_log_change,
)

GAMES = ("grand_austria", "boutique")


def _press(page: Any) -> None:
    """The press a person would make next: roll, the first choice, or else send the form
    (Boutique's secret prices, as proposed); then wait for the log to change."""
    log = log_text(page)
    # the app has drawn the person's next choices (a bot may be playing first)
    page.wait_for_function(
        """() => Array.from(document.querySelectorAll('.hoteledu-app button')).some(
          b => !b.disabled && b.offsetParent !== null && (b.closest('.hoteledu-actions')
               || b.closest('.hoteledu-form') || b.innerText.includes('Roll')))""",
        timeout=60_000,
    )
    for name in ("Roll the dice", "Roll the check-in die"):
        button = page.get_by_role("button", name=name)
        if button.count() and button.first.is_visible():
            button.first.click()
            break
    else:
        choices = page.locator(".hoteledu-actions button:not([disabled])")
        if choices.count() and choices.first.is_visible():
            choices.first.click()
        else:  # only a form to send (Boutique's secret prices), as proposed
            page.locator(".hoteledu-form button").first.click()
    try:
        wait_for_log_change(page, log, timeout=60_000)
    except Exception:
        page.screenshot(path="/tmp/jlab_press_failed.png", full_page=True)
        raise


@pytest.mark.browser
@pytest.mark.parametrize("game", GAMES)
def test_a_reload_and_a_restart_in_jupyterlab_resume_the_game(browser, serve_jupyterlab, game):
    cell = play_cell(game)
    stored_text = cell["outputs"][0]["data"]["text/plain"]
    with serve_jupyterlab(source="".join(cell["source"]), outputs=cell["outputs"]) as url:
        context = browser.new_context(viewport={"width": 1500, "height": 1200})
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())  # "leave with unsaved changes"
        page.goto(url, timeout=90_000)
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
        run_all_cells(page)
        page.wait_for_selector(".hoteledu-log", timeout=90_000)
        for _ in range(4):
            _press(page)

        # a reload without saving: the stored text, then Run All resumes (the same kernel)
        before = settled_position(page, game)
        reload_shows_run_this_cell(page, stored_text)
        resume_by_running(page, *before)
        _press(page)  # the resumed game plays on

        # a kernel restart, then Run All: the new kernel resumes the game
        before = settled_position(page, game)
        restart_kernel(page)
        reload_shows_run_this_cell(page, stored_text)  # a new kernel, the cell not yet run
        resume_by_running(page, *before)
        _press(page)

        context.close()
