"""A plotly board (``board="plotly"``) whose browser view never applies updates is rebuilt
from the live state (an SVG board needs no watchdog: a new view draws from its state)."""

from __future__ import annotations

import numpy as np
from app_helpers import assert_new_view_shows_the_game, press_something

from hoteledu.apps import watchdog


def _press_until_the_board_changes(app, rng) -> None:
    """Press until a board update waits for a browser's answer (the watchdog is set)."""
    for _ in range(300):  # a simultaneous step changes the board only once all have decided
        press_something(app, rng)
        if "figure" in app.watchdog.waiting:
            return
    raise AssertionError("no press changed the board")


def _wait_for_the_watchdog(app) -> None:
    """Join the watchdog's timers (each runs once; a bounded number of them, no clock)."""
    for _ in range(100):
        timer = app.watchdog.timer
        if app.figure_rebuilds or timer is None:
            return
        timer.join()


def test_a_board_never_answered_is_rebuilt(make_plotly_app, monkeypatch):
    monkeypatch.setattr(watchdog, "in_kernel", lambda: True)
    monkeypatch.setattr(watchdog, "WATCHDOG_SECONDS", 0.2)
    app = make_plotly_app(("human", "human"), 1)
    old, box_on_the_page = app.figure, app.board_box
    _press_until_the_board_changes(app, np.random.default_rng(1))
    _wait_for_the_watchdog(app)
    if app.cover.layout.display != "none":  # hot-seat: the board shows once P2 takes it
        app.cover_button.click()
    with app.lock:  # the rebuild holds the lock until the page shows the new board
        assert app.figure is not old
        assert app.board_box is box_on_the_page  # the new board goes where the page shows it
        if app.cover.layout.display == "none":  # (a hot-seat cover hides every board)
            assert any(child is app.figure for child in app.board_box.children)
        assert not any(child is old for child in app.board_box.children)
        assert app.figure_rebuilds == 1
        assert_new_view_shows_the_game(app)
    if app.cover.layout.display != "none":  # the next person takes the laptop: the new board
        app.cover_button.click()
        assert any(child is app.figure for child in app.board_box.children)


def test_a_board_that_answers_is_kept(make_plotly_app, monkeypatch):
    monkeypatch.setattr(watchdog, "in_kernel", lambda: True)
    monkeypatch.setattr(watchdog, "WATCHDOG_SECONDS", 0.2)
    app = make_plotly_app(("human", "human"), 1)
    _press_until_the_board_changes(app, np.random.default_rng(1))
    old = app.figure  # (a hot-seat cover going up replaced the board already)
    # the browser's view applied the update and reported the traces' deltas
    app._on_figure_acknowledged({"new": {"trace_deltas": [], "trace_edit_id": 1}})
    _wait_for_the_watchdog(app)
    assert app.figure is old and app.figure_rebuilds == 0
