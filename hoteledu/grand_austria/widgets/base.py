"""What the Grand Austria lesson widgets share: dice helpers and the view with its watchdog.

Each widget (one module each in this package) is a thin view over a
controller that knows no widgets; ``ipywidgets`` is imported when a widget is
built, so the controllers load without it.

Examples
--------
>>> check_dice(3)
>>> wanted_label(None)
'the strongest space'
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from hoteledu.apps.small_view import SmallView, copy_figure
from hoteledu.grand_austria.analysis.strength import (
    WILD_SPACE,
)
from hoteledu.grand_austria.dice import FACES

MAX_DICE = 14
"""The most dice on the board (4 players)."""
WATCHDOG_SECONDS = 4.0
"""Seconds without a browser view applying a figure update before the figure is rebuilt."""


def roll_counts(rng: np.random.Generator, n: int, size: int | None = None) -> np.ndarray:
    return rng.multinomial(n, [1 / FACES] * FACES, size=size)


def check_dice(n: int, low: int = 1) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= MAX_DICE:
        raise ValueError(f"dice must be a whole number from {low} to {MAX_DICE}, got {n!r}")


def wanted_label(wanted: int | None) -> str:
    return "the strongest space" if wanted is None else f"action {wanted} (or space 6)"


def strength_at_hand(counts: tuple[int, ...] | np.ndarray, wanted: int | None) -> int:
    """The strength at hand: the most dice on a space, or max(K_wanted, K_6)."""
    if wanted is None:
        return int(max(counts))
    return int(max(counts[wanted - 1], counts[WILD_SPACE - 1]))


def in_kernel() -> bool:
    """Whether a Jupyter kernel runs this (a browser may show the widgets)."""
    from hoteledu.apps.view import _in_kernel

    return _in_kernel()


class LessonView(SmallView):
    """Shared bits of the three widgets: display, callbacks that report errors, a watchdog.

    The watchdog is the one of :class:`hoteledu.apps.view.GameApp`: anywidget
    gives a model 2 s to initialise, and on a loaded machine plotly's module can
    take longer, so a figure's view may never apply an update (a frozen figure
    in Voilà). A view answers every trace update with ``_js2py_traceDeltas``;
    with a kernel attached and no answer ``WATCHDOG_SECONDS`` after an update,
    the figure is replaced in its box by a new ``FigureWidget`` built from the
    live state.
    """

    def _watch_figures(self, figures: dict[str, tuple[Callable[[], Any], Any]]) -> None:
        """Watch the FigureWidgets named (attribute -> (builder of a fresh figure, its box))."""
        self.lock = getattr(self, "lock", None) or threading.RLock()
        self._watched = figures
        self._unacknowledged: dict[str, float] = {}
        self._watchdog: threading.Timer | None = None
        self.figure_rebuilds = 0
        for name in figures:
            self._observe(name)

    def _observe(self, name: str) -> None:
        def acknowledged(change: dict[str, Any]) -> None:
            if change["new"]:  # a view in the browser applied an update
                self._unacknowledged.pop(name, None)

        getattr(self, name).observe(acknowledged, names="_js2py_traceDeltas")

    def _update_figure(self, name: str, source: Any) -> None:
        """Copy a fresh figure into the widget ``name``; watch for a view's answer."""
        figure = getattr(self, name)
        before = figure._last_trace_edit_id
        copy_figure(figure, source, colours=True, axes=True)
        if figure._last_trace_edit_id != before and in_kernel():
            self._unacknowledged.setdefault(name, time.monotonic())
            if self._watchdog is None:
                self._start_watchdog()

    def _start_watchdog(self) -> None:
        self._watchdog = threading.Timer(WATCHDOG_SECONDS, self._check_views)
        self._watchdog.daemon = True
        self._watchdog.start()

    def _check_views(self) -> None:
        with self.lock:
            self._watchdog = None
            now = time.monotonic()
            for name, since in list(self._unacknowledged.items()):
                if now - since >= WATCHDOG_SECONDS:
                    del self._unacknowledged[name]
                    self._rebuild(name)
            if self._unacknowledged:
                self._start_watchdog()

    def _rebuild(self, name: str) -> None:
        import plotly.graph_objects as go

        build, box = self._watched[name]
        old = getattr(self, name)
        new = go.FigureWidget(build())
        new.layout.width = old.layout.width
        setattr(self, name, new)
        self._observe(name)
        box.children = tuple(new if child is old else child for child in box.children)
        old.close()
        self.figure_rebuilds += 1
