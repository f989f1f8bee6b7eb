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

And a reload after a save (``test_a_reload_in_jupyterlab_shows_the_live_game``, two people at
the laptop): the notebook is trusted then, and the views come back from the kernel's live
models (not a new game); a press on the reloaded page acts.

Every wait is on a condition of the page.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import (
    BOARD,
    BOARD_WORDS,
    POLL_MS,
    log_text,
    play_cell,
    reload_shows_run_this_cell,
    restart_kernel,
    resume_by_running,
    run_all_cells,
    save_notebook,
    settled_position,
    wait_for_log_change,
    wait_until_stable,
)

GAMES = ("grand_austria", "boutique")


HAND_OVER = "show my view"
"""The hot seat's cover button ("I am P2 (...): show my view")."""


def _open(page: Any, url: str) -> None:
    """Open the notebook, Run All, and wait for the app's log."""
    page.goto(url, timeout=90_000)
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
    run_all_cells(page)
    page.wait_for_selector(".hoteledu-log", timeout=90_000)


def _press(page: Any) -> None:
    """The press a person would make next: hand the laptop over (two people at it), roll,
    the first choice, or else send the form (Boutique's secret prices, as proposed); then
    wait for the log to change (after a hand-over, for the board instead: no log line)."""
    log = log_text(page)
    # the app has drawn the person's next choices (a bot may be playing first)
    page.wait_for_function(
        """(handOver) => Array.from(document.querySelectorAll('.hoteledu-app button')).some(
          b => !b.disabled && b.offsetParent !== null && (b.closest('.hoteledu-actions')
               || b.closest('.hoteledu-form') || b.innerText.includes('Roll')
               || b.innerText.includes(handOver)))""",
        arg=HAND_OVER,
        timeout=60_000,
        polling=POLL_MS,
    )
    for name in (HAND_OVER, "Roll the dice", "Roll the check-in die"):
        button = page.get_by_role("button", name=name)
        if button.count() and button.first.is_visible():
            button.first.click()
            if name == HAND_OVER:
                page.wait_for_selector(BOARD, timeout=60_000)
                return
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
        _open(page, url)
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


HOT_SEAT_SOURCES = {
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


@pytest.mark.browser
@pytest.mark.parametrize("game", sorted(HOT_SEAT_SOURCES))
def test_a_reload_in_jupyterlab_shows_the_live_game(browser, serve_jupyterlab, game):
    with serve_jupyterlab(source=HOT_SEAT_SOURCES[game]) as url:
        page = browser.new_page(viewport={"width": 1500, "height": 1200})
        _open(page, url)
        for _ in range(6):
            _press(page)
        for _ in range(3):  # a covered board (hot seat): hand the laptop over first
            if page.locator(BOARD).count():
                break
            _press(page)
        page.wait_for_selector(BOARD, timeout=30_000)
        live_board = wait_until_stable(page, BOARD_WORDS)  # the last redraw is over
        live_log = log_text(page)
        assert live_log.strip() and live_board

        save_notebook(page)
        page.reload(timeout=90_000)
        page.wait_for_selector(".hoteledu-log", timeout=90_000)
        page.wait_for_function(
            "(text) => document.querySelector('.hoteledu-log').innerText === text",
            arg=live_log,
            timeout=30_000,
        )
        page.wait_for_selector(BOARD, timeout=30_000)
        page.wait_for_function(
            f"(want) => JSON.stringify(({BOARD_WORDS})()) === JSON.stringify(want)",
            arg=live_board,
            timeout=30_000,
        )

        _press(page)  # the reloaded page plays on
        assert log_text(page) != live_log
        page.close()
