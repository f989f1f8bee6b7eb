"""Press buttons whose every press names the version it was drawn for: :class:`PressPad`.

An ipywidgets ``Button`` sends a bare ``click``: the kernel cannot tell which
position the page showed when it was pressed, so a press sent before the
browser drew the new buttons (a double click) would act on the new position.
A :class:`PressPad` is one small anywidget drawing a row of buttons (or a
list and a Play button); the page sends ``{"version": v, "press": i}`` with
the version its buttons were drawn for, and the app ignores a press whose
version is not the controller's. One message redraws the whole row, so a new
position costs one message per pad (no widget is created or closed).

Tests press without a browser: :meth:`PressPad.presses` gives
:class:`Press` objects bound to the version they were drawn for; a
:class:`Press` kept from an earlier position is a stale press.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

ICON_TEXT = {
    "dice": "\u2684",
    "robot": "\u2699",
    "undo": "\u21b6",
    "eye": "\u25c9",
    "clock": "\u25f7",
}
"""Icons as text: Font Awesome's icon font comes from a CDN in Voila, so offline it never loaded.
Each is a character of DejaVu Sans, the font a Linux browser falls back to (the hourglass
U+231B, in no font of a plain Debian machine, was drawn as an empty box)."""


def with_icon(icon: str, label: str) -> str:
    """``label`` after its icon character (a plain ipywidgets Button's ``description``)."""
    return f"{ICON_TEXT[icon]} {label}"


PAD_ESM = """
const ICONS = __ICONS__;
function button(item, onclick) {
  const b = document.createElement("button");
  b.className = "jupyter-widgets jupyter-button widget-button" +
    (item.style ? " mod-" + item.style : "");
  b.style.width = "auto";
  b.title = item.tooltip || item.label;
  if (item.icon && ICONS[item.icon]) b.append(ICONS[item.icon] + " ");
  b.append(item.label);
  b.addEventListener("click", onclick);
  return b;
}
function render({ model, el }) {
  const draw = () => {
    const version = model.get("version"), items = model.get("buttons");
    const disabled = model.get("disabled") || !items.length;
    const box = document.createElement("div");
    box.style.cssText = "display:flex;flex-flow:row wrap;gap:2px;align-items:center";
    const press = i => model.send({ version: version, press: i });
    if (model.get("select")) {
      const label = document.createElement("label");
      label.textContent = model.get("description");
      label.style.marginRight = "6px";
      const select = document.createElement("select");
      select.className = "widget-dropdown";
      select.style.maxWidth = "300px";
      items.forEach((item, i) => select.add(new Option(item.label, String(i))));
      select.disabled = disabled;
      const play = button({ label: model.get("play_label") },
                          () => press(Number(select.value)));
      play.disabled = disabled;
      box.append(label, select, play);
    } else {
      items.forEach((item, i) => {
        const b = button(item, () => press(i));
        b.disabled = disabled;
        box.append(b);
      });
    }
    el.replaceChildren(box);
  };
  draw();
  for (const name of ["buttons", "version", "disabled", "description", "play_label"])
    model.on("change:" + name, draw);
}
export default { render };
"""
PAD_ESM = PAD_ESM.replace("__ICONS__", json.dumps(ICON_TEXT))


class Press:
    """One button of a pad as drawn for one version; :meth:`click` presses it."""

    def __init__(self, pad: PressPad, index: int | None, version: int) -> None:
        self.pad, self.index, self.version = pad, index, version

    @property
    def description(self) -> str:
        return self.pad.label(self.index)

    @property
    def disabled(self) -> bool:
        return self.pad.disabled or not self.pad.buttons

    @property
    def layout(self) -> w.Layout:
        return self.pad.layout

    def click(self) -> None:
        """Press it, as the page would: with the version it was drawn for."""
        index = self.index
        if index is None:  # the list's Play: the entry chosen in the list
            labels = self.pad.options
            index = labels.index(self.pad.value) if self.pad.value in labels else -1
        self.pad.press(self.version, index)

    def __repr__(self) -> str:
        return f"Press({self.description!r}, version={self.version})"


class PressPad(anywidget.AnyWidget):
    """A row of buttons (or, with ``select``, a list and a Play button) drawn for a version.

    Parameters
    ----------
    on_press : callable
        ``on_press(version, index)`` for every press (the app checks the version).
    select : bool
        Draw a list of the entries and one Play button instead of a row.
    """

    _esm = PAD_ESM
    buttons = traitlets.List(traitlets.Dict()).tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    select = traitlets.Bool(False).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    play_label = traitlets.Unicode("Play").tag(sync=True)

    def __init__(
        self, on_press: Callable[[int, int], Any], select: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(select=select, **kwargs)
        self._on_press = on_press
        self.value: str | None = None  # the list's entry chosen (tests; the page sends its own)
        self.on_msg(self._handle_message)

    def _handle_message(self, _: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict):
            version, index = content.get("version"), content.get("press")
            if isinstance(version, int) and isinstance(index, int):
                self.press(version, index)

    def press(self, version: int, index: int) -> None:
        """A press drawn for ``version`` on entry ``index``."""
        self._on_press(version, index)

    def show(self, items: Sequence[dict[str, str]], version: int, disabled: bool = False) -> None:
        """Draw ``items`` (label, icon, style, tooltip) for ``version``, in one message."""
        items = [dict(item) for item in items]
        changed = {
            k: v
            for k, v in {"buttons": items, "version": version, "disabled": disabled}.items()
            if getattr(self, k) != v
        }
        if not changed:
            return
        with self.hold_sync():
            for key, value in changed.items():
                setattr(self, key, value)
        if self.value not in self.options:
            self.value = None

    @property
    def options(self) -> list[str]:
        """The labels drawn now."""
        return [item["label"] for item in self.buttons]

    def label(self, index: int | None) -> str:
        if index is None:
            return self.play_label
        return self.buttons[index]["label"] if 0 <= index < len(self.buttons) else ""

    def presses(self) -> list[Press]:
        """The buttons drawn now, each bound to the version drawn for."""
        if self.select:
            return [Press(self, None, self.version)]
        return [Press(self, i, self.version) for i in range(len(self.buttons))]


__all__ = ["ICON_TEXT", "PAD_ESM", "Press", "PressPad", "with_icon"]
