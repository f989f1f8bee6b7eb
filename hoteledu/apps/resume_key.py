"""The browser's resume key: :class:`ResumeKey`, a tiny invisible anywidget.

Its page reads the key kept in the browser's ``localStorage`` and sends it to
the kernel (``{"key": "..."}``, or ``{"key": null}`` where there is none yet);
the kernel answers a missing (or malformed) key with a new one (``{"store": "..."}``), which
the page keeps. The key travels only in these messages, never in a synced
trait, so it is in no widget state a saved notebook or another page holds.
The kernel takes the first key a widget receives and ignores every later one
(a second view, a forged message): which game resumes is decided in the kernel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget

from hoteledu.apps.autosave import key_is_valid, new_key

STORAGE_NAME = "hoteledu-resume-key"
"""The ``localStorage`` entry that holds the key."""
KEY_ESM = """
const NAME = "hoteledu-resume-key";
function render({ model, el }) {
  el.style.display = "none";
  let key = null;
  try { key = window.localStorage.getItem(NAME); } catch (error) { key = null; }
  model.on("msg:custom", (message) => {
    if (message && typeof message.store === "string") {
      try { window.localStorage.setItem(NAME, message.store); } catch (error) { /* private */ }
    }
  });
  model.send({ key: key });
}
export default { render };
"""


class ResumeKey(anywidget.AnyWidget):
    """Receives the page's key once and calls ``on_key(key)`` with it (a new one if none).

    Parameters
    ----------
    on_key : callable
        Called once, with a valid key, from the kernel's message handler.
    """

    _esm = KEY_ESM

    def __init__(self, on_key: Callable[[str], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_key = on_key
        self.key_received = False
        self.on_msg(self._handle_message)

    def _handle_message(self, _: Any, content: Any, buffers: Any) -> None:
        if self.key_received or not isinstance(content, dict) or "key" not in content:
            return
        key = content["key"]
        if not key_is_valid(key):  # none yet, or not one this code made: a new one
            key = new_key()
            self.send({"store": key})
        self.key_received = True
        self._on_key(key)


__all__ = ["KEY_ESM", "STORAGE_NAME", "ResumeKey"]
