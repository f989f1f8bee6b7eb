"""A whole Boutique Hotel Manager game against a bot by real clicks in Voilà, and a reload.

The page serves a small notebook with the app: P1 is the person, P2 the
peak-load bot, one week (``weeks=1``, the game's shortest option: every
phase of a week is played, booking, hiring, walk-ins and the rating; the
expansion phase and week 2 are skipped). Secret prices and staff are entered
in the app's form (a real choice in a dropdown, then its button); the other
decisions by the action buttons and, where guests are placed, by clicking a
room on the board. Every press made in the page is mirrored on a headless
controller with the same seed; the page's SVG board (the default board) is compared,
element by element and line by line, with a fresh headless drawing of it along the way,
after each reload (a new kernel, which resumes the game from its autosave, with the same
log under a "resumed" line) and at the end: a plain reload, and later one after the
page's kernel was killed (SIGKILL: the autosave must already hold the last move).
The coach starts off (as in a class experiment): at the start one click turns it on and
the page must show the person's win chance and its chart (:func:`pages.click_the_coach`),
and a click turns it off again: its search (about 4 s of CPU a position, restarted at
each press) would take a core for the whole game, and Amsterdam's whole-game test plays
with it on.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from pages import (
    assert_resumed_log,
    assert_svg_board_is,
    click_svg_target,
    click_the_coach,
    kill_page_kernel,
    log_lines,
    log_text,
    open_app,
    wait_for_autosave,
    wait_for_log_lines,
    write_notebook,
)

from hoteledu.boutique.app import BoutiqueController

SEED = 3
SEATS = ("human", "peakload")
NOTEBOOK_SOURCE = f"""\
from hoteledu.boutique.app import make_app
app = make_app(players=2, seats={SEATS!r}, seed={SEED}, weeks=1, coach=False)
app"""


# Errors that are not the app's: labextensions of a development set-up that Voilà
# loads too (not in binder/requirements.txt) and Voilà's template's Font Awesome CDN
# (offline here; the apps use no icons).
NOT_THE_APPS = ("jupyterlab-jupytext", "ipylab", "cdn.jsdelivr.net/npm/@fortawesome")


def _elsewhere(error: str) -> bool:
    return any(marker in error for marker in NOT_THE_APPS)


def _notebook(tmp_path) -> str:
    return write_notebook(tmp_path, "boutique_game.ipynb", NOTEBOOK_SOURCE)


def _controller() -> BoutiqueController:
    return BoutiqueController(players=2, seats=SEATS, seed=SEED, weeks=1)


def _assert_board_is_the_game(page: Any, controller: BoutiqueController, when: str) -> None:
    assert_svg_board_is(page, controller, when)


def _open(page: Any, url: str, reload: bool = False) -> None:
    # a reload starts a new kernel, which resumes the game from its autosave
    open_app(page, url, "resumed your game" if reload else "peakload", reload=reload)


KILLED_AT = 8
"""The press after which the page's kernel is killed (mid-game, after the plain reload)."""


def _resume(page: Any, url: str, controller: BoutiqueController, kill: bool) -> None:
    """A reload (a new kernel), after killing the page's kernel if ``kill``: the new kernel
    resumes the game from its autosave, with the same log and board."""
    wait_for_autosave(page, "boutique")  # the position the page shows is on disk
    before = log_text(page)
    if kill:
        kill_page_kernel(page)
    _open(page, url, reload=True)
    assert_resumed_log(page, before)
    _assert_board_is_the_game(page, controller, "after the kill and reload" if kill else "reload")


def _press(page: Any, controller: BoutiqueController, turn: int) -> None:
    """One real press (the die, the form, a button, or a room on the board), mirrored."""
    lines = log_lines(page)
    roll = page.get_by_role("button", name="Roll the check-in die")
    form = controller.form()
    if roll.is_visible():
        roll.click()
        assert controller.roll(), controller.message
    elif form is not None and form.kind in ("SetPrices", "Hire"):
        values = {f.name: f.default for f in form.fields}
        if form.kind == "SetPrices":  # a real choice: Saturday's rate one step dearer
            face = values["day5"] % 6 + 1
            values["day5"] = face
            page.locator(".hoteledu-form select").nth(5).select_option(label=str(face * 100))
        page.locator(".hoteledu-form").get_by_role("button", name=form.submit).click()
        assert controller.submit(values), controller.message
    else:
        buttons = page.locator(".hoteledu-actions button")
        buttons.first.wait_for(timeout=60_000)
        labels = buttons.all_inner_texts()
        label = labels[turn % len(labels)]
        rooms = [a for label_, a in controller.choices() if label_ == label]
        if controller.state.phase == "place" and len(rooms[0].rooms) == 1:
            # a real click on the room on the mover's mat; clicked again only once it is
            # known that the click took no effect
            target = [controller.state.current_player(), rooms[0].rooms[0]]
            click_svg_target(page, controller, "rooms", target)
            assert controller.click("rooms", target), controller.message
        else:
            buttons.nth(labels.index(label)).click()
            assert controller.play_text(label), controller.message
    try:
        wait_for_log_lines(page, lines, timeout=60_000)  # a loaded machine answers slowly
    except Exception:
        page.screenshot(path="/tmp/boutique_press_failed.png", full_page=True)
        raise


@pytest.mark.browser
def test_a_whole_boutique_game_against_a_bot_with_a_reload(browser, serve_voila, tmp_path):
    start = time.monotonic()
    notebook = _notebook(tmp_path)
    with serve_voila(notebook, timeout=90) as url:  # a loaded machine starts slowly
        page = browser.new_page(viewport={"width": 1350, "height": 1100})
        # the console stays clean (it showed "r.setData is not a function" and a 403
        # on /voila/api/shutdown/... at reload)
        errors: list[str] = []
        page.on("console", lambda m: m.type == "error" and errors.append(f"{m.text} {m.location}"))
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        _open(page, url)
        controller = _controller()
        _assert_board_is_the_game(page, controller, "at the start")
        # the coach (off, as in a class experiment): a click turns it on and the page shows
        # the person's win chance; a click turns it off again (its search slows each press)
        print(f"\nthe coach says {click_the_coach(page, on=True)}")
        click_the_coach(page, on=False)

        # a few presses (prices revealed, booking turns), then a reload: a new kernel
        for turn in range(6):
            _press(page, controller, turn)
        assert controller.state.phase != "prices"
        _assert_board_is_the_game(page, controller, "after 6 presses")
        _resume(page, url, controller, kill=False)

        # the whole game by real presses; the board checked along the way, and mid-game the
        # kernel killed (nothing saved at its end), then a reload: the game comes back
        turn = 0
        while not controller.state.is_terminal():
            assert turn < 300, "the game did not end"
            _press(page, controller, turn)
            turn += 1
            if turn % 10 == 0:
                _assert_board_is_the_game(page, controller, f"press {turn} after the reload")
            if turn == KILLED_AT:
                logged = len(errors)
                _resume(page, url, controller, kill=True)
                del errors[logged:]  # a killed kernel's page logs its lost connection
        _assert_board_is_the_game(page, controller, "at the end")
        status = page.locator(".hoteledu-status").inner_text()
        assert "game over" in status
        assert controller.adapter.end_text(controller.state) in status
        page.close()
        assert [e for e in errors if not _elsewhere(e)] == [], errors
    elapsed = time.monotonic() - start  # printed, not asserted: a loaded machine is slower
    print(f"Boutique browser game: {turn} presses after the reload, {elapsed:.0f} s")
