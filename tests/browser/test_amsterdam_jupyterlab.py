"""End to end in JupyterLab: reloads and a kernel restart mid-game bring back the game.

A notebook on the session's JupyterLab server creates the app (stored with the
play notebook's output; the default SVG board); the cells are run with Run > Run All
Cells. Every press is mirrored on a headless controller with the same seed, and the
page's SVG board is compared, element by element, with a fresh headless drawing of it
after each step. After a roll and a hotel built by a real click on the board: a reload
without saving shows the cell's stored text and running it resumes the game; a kernel
restart and Run All resume it too; then the notebook is saved and the page reloaded:
the widget view comes back from the kernel's live model, so the board must be the live
game's (the hotel, the boat where it is), and a press on the reloaded page (Undo) must
act.
"""

from __future__ import annotations

import time

import pytest
from pages import (
    SVG_BOARD,
    assert_svg_board_is,
    click_svg_target,
    play_cell,
    reload_shows_run_this_cell,
    restart_kernel,
    resume_by_running,
    run_all_cells,
    save_notebook,
    settled_position,
)

from hoteledu.amsterdam.app import AmsterdamController

SEED = 1
SEATS = ("human", "human")
SOURCE = (
    "from hoteledu.amsterdam.app import AmsterdamApp\n"
    f"app = AmsterdamApp(players=2, seats={SEATS!r}, seed={SEED})\n"
    "app"
)
HOTEL = ["intersection", 3, 4]


@pytest.mark.browser
def test_a_reload_in_jupyterlab_shows_the_live_game(browser, serve_jupyterlab):
    start = time.monotonic()
    cell = play_cell("amsterdam")  # the play notebook's stored output (its "run this cell")
    stored_text = cell["outputs"][0]["data"]["text/plain"]
    controller = AmsterdamController(players=2, seats=SEATS, seed=SEED)
    with serve_jupyterlab(source=SOURCE, outputs=cell["outputs"]) as url:
        page = browser.new_page(viewport={"width": 1500, "height": 1200})
        page.on("dialog", lambda dialog: dialog.accept())  # "leave with unsaved changes"
        page.goto(url, timeout=90_000)
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
        run_all_cells(page)
        page.get_by_role("button", name="Roll the dice").wait_for(timeout=90_000)
        assert_svg_board_is(page, controller, "at the start")
        page.get_by_role("button", name="Roll the dice").click()
        assert controller.roll(), controller.message
        page.get_by_role("button", name="hotel at (3,4)").wait_for(timeout=30_000)
        assert_svg_board_is(page, controller, "after the roll")
        click_svg_target(page, controller, "choices", HOTEL)  # the ringed legal choice
        assert controller.click("choices", HOTEL), controller.message
        assert len(controller.state.hotels[0]) == 1
        assert_svg_board_is(page, controller, "after the hotel")

        # a reload without saving shows the cell's stored text; running it resumes the game
        before = settled_position(page, "amsterdam")
        reload_shows_run_this_cell(page, stored_text)
        resume_by_running(page, *before)
        assert_svg_board_is(page, controller, "resumed by running the cell")
        # a kernel restart, then Run All: the new kernel resumes it from the autosave
        before = settled_position(page, "amsterdam")
        restart_kernel(page)
        reload_shows_run_this_cell(page, stored_text)  # a new kernel, the cell not yet run
        resume_by_running(page, *before)
        assert_svg_board_is(page, controller, "resumed after the kernel restart")

        save_notebook(page)  # the output (the widget's view) is in the file
        page.reload(timeout=90_000)
        page.wait_for_selector(SVG_BOARD, timeout=90_000)
        # the live game, not the first
        assert_svg_board_is(page, controller, "the saved notebook reloaded")

        page.get_by_role("button", name="Undo").click()  # the reloaded page plays on
        assert controller.undo(), controller.message
        assert not controller.state.hotels[0]
        assert_svg_board_is(page, controller, "after Undo on the reloaded page")
        page.close()
    print(f"Amsterdam JupyterLab reload: {time.monotonic() - start:.0f} s")  # printed only
