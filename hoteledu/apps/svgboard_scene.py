"""The drawing of a board as plain JSON: :class:`SvgScene` (no widget, no plotly).

Each game's ``figures/board.py`` builds its board's :class:`SvgScene` from the
seat's observation; :class:`hoteledu.apps.svgboard.SvgBoard` (an anywidget)
draws it in the browser. This module imports neither ipywidgets nor plotly,
so a figures module may use it.

Examples
--------
>>> scene = SvgScene(200, 100)
>>> scene.rect(10, 10, 50, 30, fill="#eee", target=("tiles", ["tile", 1, 2]))
>>> scene.text(100, 50, "<b>Dam</b><br>3 tourists", size=10)
>>> data = scene.data()
>>> data["width"], len(data["items"]), data["items"][1]["size"]
(200, 2, 12)
>>> scene.targets
[('tiles', ['tile', 1, 2])]
"""

from __future__ import annotations

import functools
import html
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

MIN_TYPE_PX = 12
"""The smallest type on a board (issue 20: 8 to 9 px type could not be read)."""
FONT_FAMILY = '"Open Sans", verdana, arial, sans-serif'
"""plotly's font: a board reads like the figures beside it."""
LINE_HEIGHT = 1.25
"""Lines of one text element are this many type sizes apart."""

_TAG = re.compile(r"<(/?)(b|span|i)([^>]*)>", re.IGNORECASE)
_COLOUR = re.compile(r"color:\s*([#\w(),.\s]+?)\s*(?:;|'|\"|$)")


@functools.lru_cache(maxsize=4096)
def text_spans(markup: str) -> list[list[list[Any]]]:
    """plotly's text markup (``<br>``, ``<b>``, ``<span style='color:..'>``) as lines of spans.

    Each span is ``[words, bold, colour]`` (colour "" for the element's own);
    other tags are dropped and entities unescaped. Cached (a board writes the
    same words on every click), so the lists are shared: read them, never change them.

    >>> text_spans("<b>P1</b>: 3 VP<br>next")
    [[['P1', True, ''], [': 3 VP', False, '']], [['next', False, '']]]
    """
    lines = []
    for line in re.split(r"<br\s*/?>", markup, flags=re.IGNORECASE):
        spans: list[list[Any]] = []
        bold, colours, at = False, [""], 0
        for match in [*_TAG.finditer(line), None]:
            end = match.start() if match else len(line)
            words = html.unescape(re.sub(r"<[^>]*>", "", line[at:end]))
            if words:
                spans.append([words, bold, colours[-1]])
            if match is None:
                break
            at = match.end()
            closing, tag = match.group(1), match.group(2).lower()
            if tag == "b":
                bold = not closing
            elif tag == "span":
                if closing:
                    colours = colours[:-1] or [""]
                else:
                    colour = _COLOUR.search(match.group(3))
                    colours.append(colour.group(1) if colour else colours[-1])
        lines.append(spans)
    return lines


@functools.lru_cache(maxsize=4096)
def _bold_spans(markup: str) -> list[list[list[Any]]]:
    """:func:`text_spans` with every span bold (cached, shared: read, never change)."""
    return [[[words, True, colour] for words, _, colour in spans] for spans in text_spans(markup)]


def _num(value: float) -> float | int:
    """Pixels to a tenth, a whole number written as one ("518", not "518.0": a smaller message)."""
    rounded = round(float(value), 1)
    return int(rounded) if rounded.is_integer() else rounded


class SvgScene:
    """A board's drawing being built: SVG items in pixels, and what each click target means.

    Parameters
    ----------
    width, height : float
        The natural size in pixels (the ``viewBox``); the page scales it to its box.

    Attributes
    ----------
    items : list of dict
        ``{"tag", "attrs", ...}`` in drawing order (later on top), each with its
        ``title`` and ``target`` (read it; the scene is built by its methods).
    targets : list of (str, list)
        Target index -> ``(trace name, customdata)``, as the game's
        ``click_to_action`` reads a click.
    """

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = _num(width), _num(height)
        self.targets: list[tuple[str, list[Any]]] = []
        self._target_index: dict[tuple[str, tuple[Any, ...]], int] = {}
        self._drawn: list[dict[str, Any]] = []  # as data() sends it: the groups built on the way
        self._last: tuple[str | None, int | None] = (None, None)  # the last item's title, target
        self._items: list[dict[str, Any]] | None = None
        self._last_target: tuple[Any, int | None] = (None, None)

    @property
    def items(self) -> list[dict[str, Any]]:
        if self._items is None:
            self._items = scene_items(self.data())
        return self._items

    def _target(self, target: tuple[str, Sequence[Any]] | None) -> int | None:
        if target is None:
            return None
        # a card's next part names the same target object (a target is read once: its
        # list is not changed after it is drawn)
        if target is self._last_target[0]:
            return self._last_target[1]
        index = self._target_of(target)
        self._last_target = (target, index)
        return index

    def _target_of(self, target: tuple[str, Sequence[Any]]) -> int:
        name, customdata = target[0], [v if isinstance(v, str) else int(v) for v in target[1]]
        key = (name, tuple(customdata))
        index = self._target_index.get(key)
        if index is None:
            index = self._target_index[key] = len(self.targets)
            self.targets.append((name, customdata))
        return index

    def _add(
        self,
        tag: str,
        attrs: dict[str, Any],
        title: str | None,
        target: tuple[str, Sequence[Any]] | None,
        **extra: Any,
    ) -> None:
        if None in attrs.values():
            attrs = {k: v for k, v in attrs.items() if v is not None}
        part: dict[str, Any] = {"tag": tag, "attrs": attrs, **extra}
        key = (title or None, self._target(target))
        self._items = None
        if key == (None, None) or key != self._last:
            self._last = key
            if key[0] is not None:
                part["title"] = key[0]
            if key[1] is not None:
                part["target"] = key[1]
            self._drawn.append(part)
            return
        # the next part of the same card: one group (see data())
        last = self._drawn[-1]
        if last["tag"] != "g":
            shared = {k: last.pop(k) for k in ("title", "target") if k in last}
            last = self._drawn[-1] = {"tag": "g", "attrs": {}, **shared, "items": [last]}
        last["items"].append(part)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float = 1,
        rx: float = 0,
        title: str | None = None,
        target: tuple[str, Sequence[Any]] | None = None,
    ) -> None:
        """A rectangle with its top-left corner at ``(x, y)``."""
        attrs = {"x": _num(x), "y": _num(y), "width": _num(w), "height": _num(h), "fill": fill}
        if stroke:
            attrs.update({"stroke": stroke, "stroke-width": stroke_width})
        if rx:
            attrs["rx"] = rx
        self._add("rect", attrs, title, target)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float = 1,
        title: str | None = None,
        target: tuple[str, Sequence[Any]] | None = None,
    ) -> None:
        attrs = {"cx": _num(cx), "cy": _num(cy), "r": _num(r), "fill": fill}
        if stroke:
            attrs.update({"stroke": stroke, "stroke-width": stroke_width})
        self._add("circle", attrs, title, target)

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float = 1,
        title: str | None = None,
        target: tuple[str, Sequence[Any]] | None = None,
    ) -> None:
        attrs = {"points": " ".join(f"{_num(x)},{_num(y)}" for x, y in points), "fill": fill}
        if stroke:
            attrs.update({"stroke": stroke, "stroke-width": stroke_width})
        self._add("polygon", attrs, title, target)

    def line(
        self, x1: float, y1: float, x2: float, y2: float, stroke: str = "#999", width: float = 1
    ) -> None:
        attrs = {"x1": _num(x1), "y1": _num(y1), "x2": _num(x2), "y2": _num(y2)}
        self._add("line", {**attrs, "stroke": stroke, "stroke-width": width}, None, None)

    def marker(
        self,
        symbol: str,
        x: float,
        y: float,
        size: float,
        fill: str = "#444",
        stroke: str | None = None,
        stroke_width: float = 1,
        title: str | None = None,
        target: tuple[str, Sequence[Any]] | None = None,
    ) -> None:
        """A plotly-style marker of diameter ``size`` px centred at ``(x, y)``.

        ``symbol``: circle, square, diamond, triangle-down, triangle-left, each
        with ``-open`` for an outline in ``fill``'s colour.
        """
        shape, is_open = symbol.removesuffix("-open"), symbol.endswith("-open")
        if is_open:
            stroke, fill, stroke_width = fill, "none", max(stroke_width, 2)
        r = size / 2
        args = {"fill": fill, "stroke": stroke, "stroke_width": stroke_width, "title": title}
        if shape == "square":
            self.rect(x - r, y - r, size, size, target=target, **args)
        elif shape == "diamond":
            self.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], target=target, **args)
        elif shape == "triangle-down":
            self.polygon([(x - r, y - r), (x + r, y - r), (x, y + r)], target=target, **args)
        elif shape == "triangle-left":
            self.polygon([(x + r, y - r), (x + r, y + r), (x - r, y)], target=target, **args)
        else:
            self.circle(x, y, r, target=target, **args)

    def text(
        self,
        x: float,
        y: float,
        markup: str,
        size: float = MIN_TYPE_PX,
        fill: str = "#222",
        anchor: str = "start",
        valign: str = "middle",
        bold: bool = False,
        title: str | None = None,
        target: tuple[str, Sequence[Any]] | None = None,
    ) -> None:
        """Text at ``(x, y)`` (``anchor`` start/middle/end; ``valign`` top/middle/bottom).

        ``markup`` may hold ``<br>``, ``<b>`` and coloured ``<span>`` as plotly's
        text does; the type is never smaller than :data:`MIN_TYPE_PX`.
        """
        lines = _bold_spans(markup) if bold else text_spans(markup)
        if not any(lines):
            return
        attrs = {"x": _num(x), "y": _num(y), "fill": fill, "text-anchor": anchor}
        self._add(
            "text", attrs, title, target, lines=lines, size=max(size, MIN_TYPE_PX), valign=valign
        )

    def polyline(
        self, points: Sequence[tuple[float, float]], stroke: str = "#999", width: float = 1
    ) -> None:
        attrs = {
            "points": " ".join(f"{_num(x)},{_num(y)}" for x, y in points),
            "fill": "none",
            "stroke": stroke,
            "stroke-width": width,
        }
        self._add("polyline", attrs, None, None)

    def scatter(
        self,
        name: str,
        data: dict[str, Any],
        style: dict[str, Any],
        to_px: Callable[[float, float], tuple[float, float]],
        clickable: bool = False,
        min_text: float = MIN_TYPE_PX,
    ) -> None:
        """One plotly scatter trace (``style`` merged with ``data``) drawn in pixels.

        ``to_px`` maps the trace's data coordinates to the scene's pixels. Lines
        join consecutive points (None breaks them), markers keep plotly's symbol
        and size, text keeps its ``textposition``; with ``clickable`` each
        marker and its text is a target ``(name, customdata[i])``.
        """
        mode = style.get("mode", data.get("mode", "markers"))
        marker = {**style.get("marker", {}), **data.get("marker", {})}
        font = {**style.get("textfont", {}), **data.get("textfont", {})}
        line = {**style.get("line", {}), **data.get("line", {})}
        position = style.get("textposition", data.get("textposition", "middle center"))
        xs, ys = list(data.get("x", [])), list(data.get("y", []))

        def each(value: Any, i: int, default: Any) -> Any:
            if isinstance(value, (list, tuple)):
                return value[i] if i < len(value) else default
            return default if value is None else value

        if "lines" in mode:
            run: list[tuple[float, float]] = []
            for x, y in [*zip(xs, ys, strict=True), (None, None)]:
                if x is None or y is None:
                    if len(run) > 1:
                        self.polyline(run, line.get("color", "#999"), line.get("width", 2))
                    run = []
                else:
                    run.append(to_px(x, y))
        texts, hovers = data.get("text"), data.get("hovertext")
        customdata = data.get("customdata") or []
        edge = marker.get("line", {})
        for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
            if x is None or y is None:
                continue
            px, py = to_px(x, y)
            hover = each(hovers, i, None) if style.get("hoverinfo") != "skip" else None
            target = (name, customdata[i]) if clickable and i < len(customdata) else None
            size = float(each(marker.get("size"), i, 6))
            drawn = "markers" in mode
            if drawn:
                self.marker(
                    each(marker.get("symbol"), i, "circle"),
                    px,
                    py,
                    size,
                    fill=each(marker.get("color"), i, "#444"),
                    stroke=each(edge.get("color"), i, None),
                    stroke_width=each(edge.get("width"), i, 1),
                    title=hover,
                    target=target,
                )
            words = each(texts, i, "")
            if "text" not in mode or not words:
                continue
            gap = size / 2 + 3 if drawn else 0
            vertical, _, horizontal = position.partition(" ")
            tx = px + {"left": -gap, "right": gap}.get(horizontal, 0)
            ty = py + {"top": -gap, "bottom": gap}.get(vertical, 0)
            self.text(
                tx,
                ty,
                str(words),
                size=max(float(each(font.get("size"), i, MIN_TYPE_PX)), min_text),
                fill=each(font.get("color"), i, "#222"),
                anchor={"left": "end", "right": "start"}.get(horizontal, "middle"),
                valign={"top": "bottom", "bottom": "top"}.get(vertical, "middle"),
                title=None if drawn else hover,
                target=target,
            )

    def data(self) -> dict[str, Any]:
        """The scene as the page draws it (the targets' meanings stay in the kernel).

        Consecutive items with the same hover title and click target (the parts
        of one card) go into one group, ``{"tag": "g", "title", "target",
        "items"}``, drawn as an SVG ``<g>`` that carries the title and takes the
        click once: a third of the message and of the page's elements, the same
        picture. :func:`scene_items` opens the groups again.
        """
        return {"width": self.width, "height": self.height, "items": self._drawn}


def scene_items(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The drawn items of a scene's :meth:`SvgScene.data` in drawing order, each with the
    title and target of its group (as :attr:`SvgScene.items` holds them).

    >>> scene = SvgScene(100, 50)
    >>> scene.rect(0, 0, 40, 20, title="card", target=("cards", [1]))
    >>> scene.text(5, 10, "Anna", title="card", target=("cards", [1]))
    >>> [item["tag"] for item in scene.data()["items"]]
    ['g']
    >>> scene_items(scene.data()) == scene.items
    True
    """
    items = []
    for item in data.get("items", []):
        if item["tag"] != "g":
            items.append(item)
            continue
        shared = {k: item[k] for k in ("title", "target") if k in item}
        for part in item["items"]:
            whole = {"tag": part["tag"], "attrs": part["attrs"]}
            whole.update(shared)
            whole.update({k: v for k, v in part.items() if k not in ("tag", "attrs")})
            items.append(whole)
    return items


def text_width(markup: str, size: float = MIN_TYPE_PX) -> float:
    """A generous estimate of a text's widest line in pixels (0.6 em a character)."""
    return (
        max((sum(len(w) for w, _, _ in spans) for spans in text_spans(markup)), default=0)
        * 0.6
        * size
    )


def wrap_lines(markup: str, width_px: float, size: float = MIN_TYPE_PX) -> str:
    """``markup`` with lines longer than ``width_px`` wrapped at spaces (plain text only)."""
    import textwrap

    characters = max(10, math.floor(width_px / (0.56 * size)))
    return "<br>".join(
        "<br>".join(textwrap.wrap(line, characters) or [""])
        for line in re.split(r"<br\s*/?>", markup)
    )


__all__ = [
    "FONT_FAMILY",
    "LINE_HEIGHT",
    "MIN_TYPE_PX",
    "SvgScene",
    "scene_items",
    "text_spans",
    "text_width",
    "wrap_lines",
]
