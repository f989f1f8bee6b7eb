"""A board drawn as one SVG from a plain JSON scene: :class:`SvgBoard` and :class:`SvgScene`.

A plotly ``FigureWidget`` updated in place needs watchdogs, acknowledgement
tracking and rewrites of its synced state to reach new views. An
:class:`SvgBoard` is one small anywidget whose only synced state is the
scene (shapes, text, click targets) and the controller's version it was
drawn for: the browser redraws the whole SVG from it on every change (a few
hundred elements, a few milliseconds), and a view created later (a page
reload) draws from the same state.

- **The scene is one string.** It is synced as its JSON text
  (:attr:`SvgBoard.drawing`): ipywidgets walks a synced dict's every nested
  value looking for binary buffers (about 10 ms for Grand Austria's board,
  the largest share of a click's time in the kernel), a string not. (Bytes,
  sent as a binary buffer, left a raw websocket client of the class server's
  kernel without its answer to ``request_states``: not used.)
  :attr:`SvgBoard.scene` keeps the scene as a dict for Python readers.

- **It redraws what changed.** An item drawn the same as in the last drawing
  keeps its element, and one listener on the SVG takes every target's click,
  so a click rebuilds the few cards it changed, not the whole board.
- **It fits its box.** The SVG has a ``viewBox`` and ``width: 100%`` up to
  its natural width, so a narrow page scales it down and nothing is cut off.
- **A target's whole shape takes a click**, an unfilled one too (``pointer-events:
  visible``): an empty room drawn as an outline is clicked anywhere inside it.
- **A click acts on what was shown.** The page sends ``{"version": v,
  "target": i}`` with the version its drawing was made for; the app refuses a
  click for an older version. What a target means (a trace name and its
  customdata, as plotly's clicks gave) stays in the kernel: the page names an
  index only, checked against the kernel's own list.
- **The page cannot redraw it.** Updates the page sends to the scene or the
  version are dropped (any synced trait can be written by the page's
  websocket): what the board shows is the kernel's alone.

A game builds its scene with :class:`SvgScene` from the seat's observation
(never from hidden parts of the state), in its ``figures/board.py``.

Examples
--------
>>> from hoteledu.apps.svgboard_scene import SvgScene
>>> scene = SvgScene(200, 100)
>>> scene.rect(10, 10, 50, 30, fill="#eee", target=("tiles", ["tile", 1, 2]))
>>> board = SvgBoard(on_click=lambda version, target, problem: print(version, target))
>>> board.show(scene, version=3)
>>> board.scene["width"], board.version
(200, 3)
>>> json.loads(board.drawing) == board.scene
True
>>> board.click(3, 0)
3 ('tiles', ['tile', 1, 2])
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import anywidget
import traitlets

from hoteledu.apps.svgboard_scene import FONT_FAMILY, LINE_HEIGHT, SvgScene

SVG_ESM = """
const NS = "http://www.w3.org/2000/svg";
const LINE_HEIGHT = __LINE_HEIGHT__;
function textElement(item) {
  const e = document.createElementNS(NS, "text");
  const lines = item.lines || [];
  const size = item.size, step = size * LINE_HEIGHT, n = lines.length;
  const first = item.valign === "top" ? step / 2 :
                item.valign === "bottom" ? -(n - 1) * step - step / 2 : -(n - 1) * step / 2;
  e.setAttribute("font-size", size);
  e.setAttribute("dominant-baseline", "central");
  lines.forEach((spans, i) => {
    const line = document.createElementNS(NS, "tspan");
    line.setAttribute("x", item.attrs.x);
    line.setAttribute("y", item.attrs.y + first + i * step);
    for (const [words, bold, fill] of spans) {
      const span = document.createElementNS(NS, "tspan");
      if (bold) span.setAttribute("font-weight", "bold");
      if (fill) span.setAttribute("fill", fill);
      span.textContent = words;
      line.append(span);
    }
    e.append(line);
  });
  return e;
}
function shape(item) {
  const e = item.tag === "text" ? textElement(item) : document.createElementNS(NS, item.tag);
  for (const [key, value] of Object.entries(item.attrs))
    if (item.tag !== "text" || (key !== "x" && key !== "y")) e.setAttribute(key, value);
  return e;
}
function build(item) {
  // a group ("g") holds the parts of one card: one hover title, one click target
  const e = item.tag === "g" ? document.createElementNS(NS, "g") : shape(item);
  if (item.title) {
    const title = document.createElementNS(NS, "title");
    title.textContent = item.title;
    e.append(title);
  }
  if (item.tag === "g") for (const part of item.items) e.append(shape(part));
  if (item.target !== undefined) {
    e.style.cursor = "pointer";
    e.setAttribute("data-target", item.target);
    // the whole shape takes the click, an unfilled one too (an empty room: fill none)
    e.setAttribute("pointer-events", "visible");
  }
  return e;
}
function render({ model, el }) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("class", "hoteledu-svgboard");
  svg.setAttribute("font-family", __FONT__);
  // nothing takes a click but a target (above): inherited by every element
  svg.setAttribute("pointer-events", "none");
  svg.style.display = "block";
  svg.style.height = "auto";
  svg.style.userSelect = "none";
  el.append(svg);
  let drawnVersion = 0;
  let drawn = new Map();  // an item's JSON -> the elements drawn for it, in drawing order
  svg.addEventListener("click", (event) => {
    const hit = event.target.closest && event.target.closest("[data-target]");
    if (!hit || !svg.contains(hit)) return;
    // the version of the drawing that holds the element: a click on an older one is refused
    model.send({ version: drawnVersion, target: Number(hit.getAttribute("data-target")) });
  });
  const draw = () => {
    svg.__hoteleduDrawStart = performance.now();
    const text = model.get("drawing"), version = model.get("version");
    const scene = text ? JSON.parse(text) : {};
    const width = scene.width || 1, height = scene.height || 1;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("width", "100%");
    svg.style.maxWidth = width + "px";
    svg.style.aspectRatio = `${width} / ${height}`;
    // an item drawn the same as before keeps its element: a click redraws what changed only
    const next = new Map(), elements = [];
    for (const item of scene.items || []) {
      const key = JSON.stringify(item), old = drawn.get(key);
      const e = old && old.length ? old.shift() : build(item);
      elements.push(e);
      if (!next.has(key)) next.set(key, []);
      next.get(key).push(e);
    }
    // the elements no item kept leave first, so the kept ones never move
    for (const left of drawn.values()) for (const e of left) e.remove();
    drawn = next;
    elements.forEach((e, i) => {
      if (svg.childNodes[i] !== e) svg.insertBefore(e, svg.childNodes[i] || null);
    });
    drawnVersion = version;
    svg.setAttribute("data-version", version);
    svg.__hoteleduPainted = performance.now();
  };
  draw();
  model.on("change", draw);
}
export default { render };
"""
SVG_ESM = SVG_ESM.replace("__LINE_HEIGHT__", repr(LINE_HEIGHT)).replace(
    "__FONT__", repr(FONT_FAMILY)
)


class SvgBoard(anywidget.AnyWidget):
    """A board drawn in the browser from :attr:`scene` (see the module docstring).

    Parameters
    ----------
    on_click : callable
        ``on_click(version, target, problem)`` for every click the page sends:
        the version its drawing was made for, the target's ``(trace name,
        customdata)``, and ``""``; or ``(None, None, problem)`` for a message
        that names no drawn target (``problem`` says which field is wrong).
    """

    _esm = SVG_ESM
    drawing = traitlets.Unicode("").tag(sync=True)
    """The scene's :meth:`~hoteledu.apps.svgboard_scene.SvgScene.data` as JSON text."""
    version = traitlets.Int(0).tag(sync=True)

    def __init__(self, on_click: Callable[[int | None, Any, str], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_click = on_click
        self.targets: list[tuple[str, list[Any]]] = []
        self.scene: dict[str, Any] = {}
        """The scene drawn now, as :attr:`drawing` holds it (not synced: read it, don't set it)."""
        self.on_msg(self._handle_message)

    def show(self, scene: SvgScene, version: int) -> None:
        """Draw ``scene`` for ``version``: one message, none if nothing changed."""
        data = scene.data()
        self.targets = list(scene.targets)
        drawing = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        changed = {
            k: v
            for k, v in {"drawing": drawing, "version": version}.items()
            if getattr(self, k) != v
        }
        self.scene = data
        if changed:
            with self.hold_sync():
                for key, value in changed.items():
                    setattr(self, key, value)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        # the page may not redraw the board nor move its version: both are the kernel's
        kept = {
            k: v for k, v in sync_data.items() if k not in ("drawing", "scene", "version", "_esm")
        }
        if kept:
            super().set_state(kept)

    def _handle_message(self, _: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict):
            self._on_click(None, None, "a board click must be a JSON object")
            return
        version, target = content.get("version"), content.get("target")
        if not isinstance(version, int) or isinstance(version, bool):
            self._on_click(
                None, None, f"a board click's 'version' must be a number, not {version!r}"
            )
            return
        if not isinstance(target, int) or isinstance(target, bool):
            self._on_click(None, None, f"a board click's 'target' must be a number, not {target!r}")
            return
        self.click(version, target)

    def click(self, version: int, target: int) -> None:
        """A click on drawn target ``target`` of the drawing made for ``version``."""
        if not 0 <= target < len(self.targets):
            self._on_click(
                None,
                None,
                f"a board click's 'target' {target} is not drawn (0..{len(self.targets) - 1})",
            )
            return
        self._on_click(version, self.targets[target], "")

    def target_index(self, name: str, customdata: Sequence[Any]) -> int:
        """The index of drawn target ``(name, customdata)`` (tests click it; ValueError: absent)."""
        wanted = (name, [v if isinstance(v, str) else int(v) for v in customdata])
        return self.targets.index(wanted)


__all__ = ["SVG_ESM", "SvgBoard"]
