"""Helpers of the app tests: random presses, and what a new view would start from."""

from __future__ import annotations

import numpy as np

from hoteledu.apps.view import GameApp


def snapshot(app: GameApp) -> str:
    return app.controller.state.to_json_str()


def progress(controller) -> int:
    """Grows with every action applied and every secret part entered at a simultaneous node."""
    return len(controller.state.history) * 6 + len(controller.pending)


def shown_buttons(app: GameApp) -> list:
    return app.action_buttons


def press_something(app: GameApp, rng: np.random.Generator, undo: bool = True) -> None:
    """One random press of what a player could press now (``undo=False``: never Undo)."""
    options = []
    buttons = shown_buttons(app)
    if buttons:
        options.append(lambda: buttons[int(rng.integers(len(buttons)))].click())
    if app.chance_button.layout.display != "none":
        options.append(app.chance_button.click)
    names = [t.name for t in app.figure.data]
    clickable = [
        app.figure.data[names.index(n)]
        for n in app.adapter.clickable_traces
        if app.figure.data[names.index(n)].customdata
    ]
    if clickable:

        def board() -> None:
            trace = clickable[int(rng.integers(len(clickable)))]
            point = trace.customdata[int(rng.integers(len(trace.customdata)))]
            app._guard(lambda: app.controller.click(trace.name, list(point)))()

        options += [board, board]
    if app.cover.layout.display != "none":
        options.append(app.cover_button.click)
    if undo or not options:
        options.append(app.undo_button.click)
    options[int(rng.integers(len(options)))]()


def assert_new_view_shows_the_game(app: GameApp) -> None:
    """What a view created now starts from equals the figure drawn from the live state."""
    state = app.figure.get_state()
    expected = app.adapter.board_figure(
        app.controller.scene(), app.controller.highlight(), app._overlays()
    ).to_plotly_json()
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
