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
from collections.abc import Callable
from typing import Any

import numpy as np

from hoteledu.apps import watchdog
from hoteledu.apps.small_view import SmallView, copy_figure
from hoteledu.grand_austria.analysis.strength import (
    WILD_SPACE,
)
from hoteledu.grand_austria.dice import FACES

MAX_DICE = 14
"""The most dice on the board (4 players)."""


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


class LessonView(SmallView):
    """Shared bits of the three widgets: display, callbacks that report errors, a watchdog.

    The watchdog is the apps' one (:mod:`hoteledu.apps.watchdog`): a figure
    whose browser views never apply an update is replaced in its box by a new
    ``FigureWidget`` built from the live state.
    """

    def _watch_figures(self, figures: dict[str, tuple[Callable[[], Any], Any]]) -> None:
        """Watch the FigureWidgets named (attribute -> (builder of a fresh figure, its box))."""
        self.lock = getattr(self, "lock", None) or threading.RLock()
        self._watched = figures
        self.watchdog = watchdog.FigureWatchdog(self.lock, self._rebuild)
        for name in figures:
            self.watchdog.observe(name, getattr(self, name))

    @property
    def figure_rebuilds(self) -> int:
        """Figures rebuilt because no browser view applied their updates."""
        return self.watchdog.rebuilds

    def _update_figure(self, name: str, source: Any) -> None:
        """Copy a fresh figure into the widget ``name``; watch for a view's answer."""
        figure = getattr(self, name)
        before = figure._last_trace_edit_id
        copy_figure(figure, source, colours=True, axes=True)
        if figure._last_trace_edit_id != before:
            self.watchdog.sent(name)

    def _rebuild(self, name: str) -> None:
        import plotly.graph_objects as go

        build, box = self._watched[name]
        old = getattr(self, name)
        new = go.FigureWidget(build())
        new.layout.width = old.layout.width
        setattr(self, name, new)
        self.watchdog.observe(name, new)
        watchdog.replace_child(box, old, new)
        old.close()
