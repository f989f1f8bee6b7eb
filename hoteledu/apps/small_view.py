"""What the small lesson widgets share (the bid and pricing duels, Grand Austria's dice and drafts).

:class:`SmallView` displays the widget's box and runs its callbacks so that a
refused choice (a ``ValueError``) is shown as a message and changes nothing;
:func:`copy_figure` puts a freshly built figure's numbers into a
``FigureWidget`` in one update. Neither ipywidgets nor plotly is imported
here: the widgets import them when they are built. The rules never import
this module.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable
from typing import Any

import numpy as np

from hoteledu._display import widget_bundle


class SmallView:
    """Display and guarded callbacks of a small widget.

    A subclass sets ``widget`` (the box shown), ``message_html`` (where a
    refused choice is said) and ``refresh``; with a ``lock`` set, each
    callback runs under it (a widget with a watchdog thread).
    """

    widget: Any
    message_html: Any
    lock: Any = None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # A stored notebook shows the class docstring's sentence, not VBox(children=...).
        return widget_bundle(self, self.widget, **kwargs)

    def _guard(self, callback: Callable[[], Any]) -> Callable[..., None]:
        """The callback for a press: run it, say why a choice is refused, then refresh."""

        def run(*_: Any) -> None:
            with self.lock or contextlib.nullcontext():
                self.message_html.value = ""
                try:
                    callback()
                except ValueError as error:  # a refused choice: say why, change nothing
                    self.message_html.value = f"<b>{html.escape(str(error))}</b>"
                self.refresh()

        return run

    def refresh(self) -> None:  # pragma: no cover - each widget defines it
        raise NotImplementedError


def plain(values: Any) -> Any:
    """Plain lists for the browser: a numpy array in an update never reached the page."""
    if isinstance(values, np.ndarray):
        return values.tolist()
    return list(values) if isinstance(values, tuple) else values


def copy_figure(target: Any, source: Any, colours: bool = False, axes: bool = False) -> None:
    """Put a fresh figure's numbers and title into a FigureWidget, in one update.

    Each trace's x, y, name and text and the title are copied; with
    ``colours`` the markers' colours too, with ``axes`` the x-axis title and
    the y range. Only what the builders vary is copied: a full
    ``layout.update`` would revalidate the whole template at every click
    (seconds, not milliseconds).
    """
    with target.batch_update():
        for trace, new in zip(target.data, source.data, strict=True):
            trace.x, trace.y, trace.name = plain(new.x), plain(new.y), new.name
            trace.text = plain(new.text)
            if colours:
                trace.marker.color = plain(new.marker.color)
        target.layout.title.text = source.layout.title.text
        if axes:
            target.layout.xaxis.title.text = source.layout.xaxis.title.text
            target.layout.yaxis.range = source.layout.yaxis.range


__all__ = ["SmallView", "copy_figure", "plain"]
