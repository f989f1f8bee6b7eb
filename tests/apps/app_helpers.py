"""Helpers of the app tests: random presses, and what a new view would start from.

Both board kinds are served: the SVG board (the default) is clicked through its
widget's own path (``SvgBoard.click`` with the drawing's version and a drawn
target, as the page sends it), a plotly board (``board="plotly"``) through its
clickable traces' points.
"""

from __future__ import annotations

import json

import numpy as np

from hoteledu.apps.view import GameApp


def snapshot(app: GameApp) -> str:
    return app.controller.state.to_json_str()


def progress(controller) -> int:
    """Grows with every action applied and every secret part entered at a simultaneous node."""
    return len(controller.state.history) * 6 + len(controller.pending)


def shown_buttons(app: GameApp) -> list:
    return app.action_buttons


def board_clicks(app: GameApp, rng: np.random.Generator) -> list:
    """A random board click for each kind of board (empty when nothing can be clicked)."""
    board = app.svg_board
    if board is not None:
        if not board.targets or board not in app.board_box.children:
            return []
        return [lambda: board.click(board.version, int(rng.integers(len(board.targets))))]
    names = [t.name for t in app.figure.data]
    clickable = [
        app.figure.data[names.index(n)]
        for n in app.adapter.clickable_traces
        if app.figure.data[names.index(n)].customdata
    ]
    if not clickable:
        return []

    def click() -> None:
        trace = clickable[int(rng.integers(len(clickable)))]
        point = trace.customdata[int(rng.integers(len(trace.customdata)))]
        app._guard(lambda: app.controller.click(trace.name, list(point)))()

    return [click]


def press_something(app: GameApp, rng: np.random.Generator, undo: bool = True) -> None:
    """One random press of what a player could press now (``undo=False``: never Undo)."""
    options = []
    buttons = shown_buttons(app)
    if buttons:
        options.append(lambda: buttons[int(rng.integers(len(buttons)))].click())
    if app.chance_button.layout.display != "none":
        options.append(app.chance_button.click)
    options += 2 * board_clicks(app, rng)
    if app.cover.layout.display != "none":
        options.append(app.cover_button.click)
    if undo or not options:
        options.append(app.undo_button.click)
    options[int(rng.integers(len(options)))]()


def assert_new_view_shows_the_game(app: GameApp) -> None:
    """What a view created now starts from equals the board drawn from the live state."""
    c = app.controller
    if app.svg_board is not None:
        state = app.svg_board.get_state()
        drawn = app.adapter.svg_scene(c.scene(), c.highlight(), app._overlays())
        assert state["version"] == c.version
        assert json.loads(state["drawing"]) == drawn.data()
        assert app.svg_board.targets == drawn.targets
        return
    state = app.figure.get_state()
    expected = app.adapter.board_figure(c.scene(), c.highlight(), app._overlays()).to_plotly_json()
    synced = state["_widget_data"]
    assert len(synced) == len(expected["data"])
    for got, want in zip(synced, expected["data"], strict=True):
        for key in ("x", "y", "text", "customdata"):
            if key in want:
                assert list(map(_plain, got.get(key, []))) == list(map(_plain, want[key])), (
                    want.get("name"),
                    key,
                )
    title = state["_widget_layout"]["title"]["text"]
    assert title == expected["layout"]["title"]["text"]


def _plain(value):
    if isinstance(value, (list, tuple, np.ndarray)):
        return [_plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value
