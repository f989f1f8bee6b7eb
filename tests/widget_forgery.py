"""Forged widget messages, as a hostile page's own websocket would send them.

Any synced trait of any widget can be set from the browser (layout included), so the
tests that check authority lives in the kernel send an update for every trait of every
widget under a root, through the same ``_handle_msg`` path a browser's message takes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets


def forged_values(value: Any) -> list[Any]:
    """Values a hostile page might send for a synced trait holding ``value``."""
    if value is None:  # most layout traits: display, visibility, ...
        return ["initial", "block"]
    if isinstance(value, bool):
        return [not value, True]
    if isinstance(value, str):
        # not the token: a student who knew it would be the teacher
        return ["", "none", "block", "flex", "visible", "a guess at the token"]
    if isinstance(value, int | float):
        return [value + 1, 0]
    return []


def forge_every_trait(
    root: widgets.Widget, values: Callable[[Any], list[Any]] = forged_values
) -> int:
    """Send an update for every synced trait of every widget under ``root``; the count."""
    sent, seen, todo = 0, set(), [root]
    while todo:
        w = todo.pop()
        if w.model_id in seen:
            continue
        seen.add(w.model_id)
        for name in w.keys:
            current = getattr(w, name, None)
            children = current if isinstance(current, tuple | list) else (current,)
            todo.extend(c for c in children if isinstance(c, widgets.Widget))
            if name.startswith("_"):
                continue
            for forged in values(current):
                msg = {"content": {"data": {"method": "update", "state": {name: forged}}}}
                with contextlib.suppress(Exception):  # a value the trait refuses did nothing
                    w._handle_msg(msg)
                sent += 1
    return sent
