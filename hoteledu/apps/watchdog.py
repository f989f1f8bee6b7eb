"""One watchdog for plotly FigureWidgets whose browser view never applies an update.

anywidget gives a model 2 s to initialise; on a loaded machine plotly's 5 MB
module can take longer, and that view then never applies an update (a frozen
board in Voila). A view answers every trace update with
``_js2py_traceDeltas``; with a kernel attached and no answer
``WATCHDOG_SECONDS`` after an update, the owner rebuilds the figure from the
live state (the module is loaded by then) and puts it where the old one was on
the page. The apps' board (:class:`hoteledu.apps.view.GameApp`) and the
lesson widgets' figures use this one watchdog.

Imports neither ipywidgets nor plotly.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

WATCHDOG_SECONDS = 4.0
"""Seconds without a browser view applying a figure update before the figure is rebuilt."""


def in_kernel() -> bool:
    """Whether a Jupyter kernel runs this (a browser may show the widgets)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def replace_child(box: Any, old: Any, new: Any) -> None:
    """Put ``new`` where ``old`` is among ``box``'s children (one message)."""
    box.children = tuple(new if child is old else child for child in box.children)


class FigureWatchdog:
    """Watches named figures; calls ``rebuild(name)`` for one whose views never answer.

    Parameters
    ----------
    lock : threading.RLock
        The owner's lock: ``rebuild`` runs under it, as every other change does.
    rebuild : callable
        Replaces the figure ``name`` by a new one built from the live state.

    Attributes
    ----------
    rebuilds : int
        Figures rebuilt so far.

    Examples
    --------
    Without a kernel no browser can show the figure, so nothing is watched:

    >>> import threading
    >>> watchdog = FigureWatchdog(threading.RLock(), lambda name: None)
    >>> watchdog.sent("board")
    >>> watchdog.waiting, watchdog.rebuilds
    ({}, 0)
    """

    def __init__(self, lock: Any, rebuild: Callable[[str], None]) -> None:
        self.lock = lock
        self._rebuild = rebuild
        self.waiting: dict[str, float] = {}  # figure -> when its first unanswered update left
        self.timer: threading.Timer | None = None
        self.rebuilds = 0

    def observe(self, name: str, figure: Any) -> None:
        """Count an answer of ``figure``'s browser views as the acknowledgement of ``name``."""

        def answered(change: dict[str, Any]) -> None:
            if change["new"]:
                self.acknowledged(name)

        figure.observe(answered, names="_js2py_traceDeltas")

    def sent(self, name: str) -> None:
        """A trace update of figure ``name`` left for the browser: expect its answer."""
        if not in_kernel():
            return
        self.waiting.setdefault(name, time.monotonic())
        if self.timer is None:
            self._start()

    def acknowledged(self, name: str) -> None:
        """A browser view of figure ``name`` applied an update."""
        self.waiting.pop(name, None)

    def _start(self) -> None:
        self.timer = threading.Timer(WATCHDOG_SECONDS, self._check)
        self.timer.daemon = True
        self.timer.start()

    def _check(self) -> None:
        with self.lock:
            self.timer = None
            now = time.monotonic()
            for name, since in list(self.waiting.items()):
                if now - since >= WATCHDOG_SECONDS:
                    del self.waiting[name]
                    self._rebuild(name)
                    self.rebuilds += 1
            if self.waiting:
                self._start()


__all__ = ["WATCHDOG_SECONDS", "FigureWatchdog", "in_kernel", "replace_child"]
