"""A whole game against a bot by real clicks in Voilà, and reloads that must show the live game.

The page serves a small notebook in which the greedy bot is P1: it plays its
first turn while the app is built, *before* the page draws the board. So the
first view already starts from a position that is not the opening one (the
bug: views created after in-place updates showed the opening position and
stayed frozen). Every press made in the page is replayed on a headless
controller with the same seed, and the page's SVG board (the default board: hotels,
tourists, boat, the pawns, every word) is compared, element by element, with a fresh
headless drawing of it along the way, after each reload and at the end. The first
reload is plain; mid-game the page's kernel is killed first (SIGKILL: the autosave
must already hold the last move), and each time the new kernel resumes the game with
the same log under a "resumed" line. Then another student (another browser) opens the same
page: a new game of their own, never the first one's. The coach is on (practice's
default): at the start a click turns it off and a click turns it on again, and the page
must show the person's win chance and its chart (:func:`pages.click_the_coach`); then
every press lands while its thread searches the position (Grand Austria's and
Boutique's whole-game tests turn their costlier coaches off after the same check).
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from pages import (
    RESUMED,
    assert_resumed_log,
    assert_svg_board_is,
    autosave_of,
    click_svg_target,
    click_the_coach,
    fresh_scene,
    kill_page_kernel,
    log_lines,
    log_text,
    open_app,
    wait_for_autosave,
    wait_for_log_lines,
    write_notebook,
)

from hoteledu.amsterdam.app import AmsterdamController

SEED = 5
NOTEBOOK_SOURCE = f"""\
from hoteledu.amsterdam.app import AmsterdamApp
app = AmsterdamApp(players=2, seats=("greedy", "human"), seed={SEED})
app"""

POINT = re.compile(r"^(hotel at|the Mayor to|the Nightwatchman to) \((\d),(\d)\)$")


def _notebook(tmp_path) -> str:
    return write_notebook(tmp_path, "amsterdam_game.ipynb", NOTEBOOK_SOURCE)


def _assert_board_is_the_game(page: Any, controller: AmsterdamController, when: str) -> None:
    assert_svg_board_is(page, controller, when)


def _open(page: Any, url: str, reload: bool = False) -> None:
    # a reload starts a new kernel, which resumes the game from its autosave
    open_app(page, url, "resumed your game" if reload else "greedy", reload=reload)


def _press(page: Any, controller: AmsterdamController, turn: int) -> None:
    """One real press (the dice, a button, or a board click), mirrored headless."""
    lines = log_lines(page)
    roll = page.get_by_role("button", name="Roll the dice")
    if roll.is_visible():
        roll.click()
        controller.roll()
    else:
        buttons = page.locator(".hoteledu-actions button")
        buttons.first.wait_for(timeout=60_000)
        labels = buttons.all_inner_texts()
        label = labels[turn % len(labels)]
        match = POINT.match(label)
        if match and turn % 2 == 0:  # a real click on the board's point
            point = ["intersection", int(match.group(2)), int(match.group(3))]
            # a person clicks what is on top of the point: a hotel on it, else the ring of a
            # legal choice, else the point (the app reads the point from any of them)
            drawn = fresh_scene(controller).targets
            name = next(n for n in ("hotels", "choices", "intersections") if (n, point) in drawn)
            click_svg_target(page, controller, name, point)  # again only if it did not land
            assert controller.click(name, point), controller.message
        else:
            buttons.nth(labels.index(label)).click()
            assert controller.play_text(label), controller.message
    wait_for_log_lines(page, lines, timeout=60_000)  # a loaded machine answers slowly


KILLED_AT = 20
"""The press after which the page's kernel is killed (mid-game, after the plain reload)."""


def _resume(page: Any, url: str, controller: AmsterdamController, kill: bool) -> None:
    """A reload (a new kernel), after killing the page's kernel if ``kill``: the new kernel
    resumes the game from its autosave, with the same log and board."""
    wait_for_autosave(page, "amsterdam")  # the position the page shows is on disk
    before = log_text(page)
    if kill:
        kill_page_kernel(page)
    _open(page, url, reload=True)
    assert_resumed_log(page, before)
    _assert_board_is_the_game(page, controller, "after the kill and reload" if kill else "reload")


def _another_student(browser: Any, url: str, page: Any) -> None:
    """Another browser (another student, another key) on the same server: a new game of
    their own, with an autosave of its own, never the first one's game."""
    context = browser.new_context(viewport={"width": 1300, "height": 1100})
    try:
        theirs = context.new_page()
        _open(theirs, url)
        assert RESUMED not in log_text(theirs)
        wait_for_autosave(theirs, "amsterdam")  # their key reached their kernel
        assert autosave_of(theirs, "amsterdam") != autosave_of(page, "amsterdam")
    finally:
        context.close()


@pytest.mark.browser
def test_a_whole_game_against_a_bot_with_reloads(browser, serve_voila, tmp_path):
    start = time.monotonic()
    notebook = _notebook(tmp_path)
    with serve_voila(notebook) as url:
        page = browser.new_page(viewport={"width": 1300, "height": 1100})
        _open(page, url)
        controller = AmsterdamController(players=2, seats=("greedy", "human"), seed=SEED)
        # the bot played before the page drew the board: the board shows its hotel
        assert len(controller.state.hotels[0]) == 1
        _assert_board_is_the_game(page, controller, "at the start")
        # the coach (on in practice): a click turns it off, a click turns it on again and the
        # page shows the person's win chance
        click_the_coach(page, on=False)
        print(f"\nthe coach says {click_the_coach(page, on=True)}")

        # a few presses, then a reload: a new kernel, which resumes the game where it was
        for turn in range(8):
            _press(page, controller, turn)
        _assert_board_is_the_game(page, controller, "after 8 presses")
        _resume(page, url, controller, kill=False)

        # the whole game by real presses; the board checked along the way, and mid-game the
        # kernel killed (nothing saved at its end), then a reload: the game comes back
        turn = 0
        while not controller.state.is_terminal():
            assert turn < 400, "the game did not end"
            _press(page, controller, turn)
            turn += 1
            if turn % 15 == 0:
                _assert_board_is_the_game(page, controller, f"press {turn} after the reload")
            if turn == KILLED_AT:
                _resume(page, url, controller, kill=True)
                _another_student(browser, url, page)
        _assert_board_is_the_game(page, controller, "at the end")
        status = page.locator(".hoteledu-status").inner_text()
        assert "game over" in status and controller.adapter.end_text(controller.state) in status
        page.close()
    print(f"Amsterdam browser game: {time.monotonic() - start:.0f} s")  # printed, not asserted
