"""Figures of where tourists land and go: the landing and site heatmaps, the Sankey of flows.

They draw what :mod:`hoteledu.amsterdam.analysis.tourists` returns (landing
chances, delivery rates, site values) and the flows of
:func:`hoteledu.amsterdam.analysis.engine.tourist_flows`.

Examples
--------
>>> fig = landing_heatmap([1 / 24] * 24)
>>> fig.data[0].name
'landing'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.amsterdam.board import CANAL_TILES, Intersection, Tile


# ----------------------------------------------------------------- heatmaps
def _grid(values: Mapping[tuple[int, int], float], rows: int, cols: int, offset: int = 0):
    z: list[list[float | None]] = [[None] * cols for _ in range(rows)]
    for (a, b), v in values.items():
        z[a - offset][b - offset] = float(v)
    return z


def _by_tile(values: Any) -> dict[Tile, float]:
    """Tile -> value from a length-24 sequence (canal indices) or a mapping.

    Mapping keys may be canal indices (ints) or tiles ``(row, col)``.
    """
    if isinstance(values, Mapping):
        return {
            (CANAL_TILES[k] if isinstance(k, int) else (int(k[0]), int(k[1]))): float(v)
            for k, v in values.items()
        }
    return {CANAL_TILES[i]: float(v) for i, v in enumerate(values)}


def landing_heatmap(
    probabilities: Sequence[float | Fraction] | Mapping[Any, float | Fraction],
    title: str = "Where the boat stops",
) -> go.Figure:
    """The board's 7 x 7 grid coloured by a probability per tile.

    Parameters
    ----------
    probabilities : sequence or mapping
        A length-24 sequence indexed by canal tile (clockwise from the jetty),
        e.g. ``boat_position_distribution(t)``; or a mapping from canal index
        or from tile ``(row, col)`` to probability, e.g.
        ``landing_probabilities()`` (where the boat next stops beside a
        building tile: a stop in a bend is skipped, so this is *not* where a
        tourist lands under the quay rule) or ``delivery_rates()`` (the long
        run share of tourists landing on each tile, quay tourists included).
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        One heatmap named "landing", ``z[row][col]``; tiles without a value
        are blank. Values are written on the tiles.

    Examples
    --------
    >>> fig = landing_heatmap([1 / 24] * 24)
    >>> round(fig.data[0].z[6][3], 4), fig.data[0].z[3][3]
    (0.0417, None)
    """
    z = _grid(_by_tile(probabilities), 7, 7)
    heatmap = go.Heatmap(
        z=z, colorscale="Blues", hoverongaps=False, colorbar={"title": {"text": "P"}}
    )
    return _grid_figure(heatmap, "landing", ".3f", title, "row", "column")


def _grid_figure(
    heatmap: go.Heatmap, name: str, number_format: str, title: str, row: str, column: str
) -> go.Figure:
    """A square board-like heatmap, row 0 at the top, each value written on its cell."""
    heatmap.update(
        name=name,
        text=[["" if v is None else f"{v:{number_format}}" for v in line] for line in heatmap.z],
        texttemplate="%{text}",
    )
    fig = go.Figure(heatmap)
    fig.update_layout(
        title=title,
        width=520,
        height=480,
        yaxis={"autorange": "reversed", "scaleanchor": "x", "title": row},
        xaxis={"title": column},
    )
    return fig


def site_value_heatmap(
    values: Mapping[Intersection, float | Fraction] | Any, title: str = "Value of a hotel site"
) -> go.Figure:
    """The 36 intersections coloured by a value per hotel site (expected tourists, say).

    Parameters
    ----------
    values : mapping or 6 x 6 array
        Intersection ``(i, j)`` (1..6) -> value, or an array whose entry
        ``[i - 1][j - 1]`` belongs to ``(i, j)`` (e.g. ``site_values(t)``).
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        A 6 x 6 heatmap named "site value", row ``i`` and column ``j``.

    Examples
    --------
    >>> fig = site_value_heatmap({(1, 1): 0.5, (3, 4): 2})
    >>> fig.data[0].z[2][3], fig.data[0].z[0][0]
    (2.0, 0.5)
    """
    if not isinstance(values, Mapping):
        values = {(i + 1, j + 1): values[i][j] for i in range(6) for j in range(6)}
    z = _grid(values, 6, 6, offset=1)
    heatmap = go.Heatmap(z=z, x=list(range(1, 7)), y=list(range(1, 7)), colorscale="Viridis")
    return _grid_figure(
        heatmap, "site value", ".2f", title, "intersection row", "intersection column"
    )


# ---------------------------------------------------------------- flows
def tourist_sankey(
    flows: Mapping[tuple[str, str], float | Fraction],
    title: str = "Where tourists go",
    order: Sequence[str] | None = None,
    height: int | None = None,
) -> go.Figure:
    """A Sankey diagram of tourist flows: sources in a column on the left, targets on the right.

    A name that is both a source and a target (the Dam, or a function whose
    chased tourists go to another tile of the same function) gets one node on
    each side, so no flow loops back. Nodes are placed by hand (``x`` and
    ``y``), stacked in ``order`` with gaps in proportion to their flow, so the
    labels do not overlap.

    Parameters
    ----------
    flows : mapping
        ``(source, target)`` -> amount (tourists, or expected tourists).
    title : str
        Figure title.
    order : sequence of str or None
        Top-to-bottom order of the names in each column (names not in it
        follow in first-seen order); None: first-seen order.
    height : int or None
        Pixels; None grows with the number of nodes.

    Returns
    -------
    plotly.graph_objects.Figure
        One Sankey trace; node labels: the sources, then the targets.

    Examples
    --------
    >>> fig = tourist_sankey({("boat", "museum"): 3, ("museum", "Dam"): 1})
    >>> fig.data[0].node.label
    ('boat', 'museum', 'museum', 'Dam')
    """
    rank = {name: k for k, name in enumerate(order or ())}

    def column(names: list[str]) -> list[str]:
        seen = list(dict.fromkeys(names))
        return sorted(seen, key=lambda n: (rank.get(n, len(rank)), seen.index(n)))

    sources = column([s for s, _ in flows])
    targets = column([t for _, t in flows])
    out_of = {n: sum(float(v) for (s, _), v in flows.items() if s == n) for n in sources}
    into = {n: sum(float(v) for (_, t), v in flows.items() if t == n) for n in targets}

    rows = max(len(sources), len(targets))
    pixels = height or max(380, 60 + 36 * rows)
    margin = {"l": 20, "r": 20, "t": 50, "b": 20}
    plot = pixels - margin["t"] - margin["b"]
    pad = 14
    # plotly sizes every node by one scale, set by the fuller column with gaps of
    # ``pad`` pixels; the centres (``y``) follow the same scale, so nodes never overlap.
    total = max(sum(out_of.values()), sum(into.values())) or 1.0
    scale = (plot - pad * (rows - 1)) / total

    def centres(names: list[str], size: Mapping[str, float]) -> list[float]:
        heights = [size[n] * scale for n in names]
        gap = (plot - sum(heights)) / (len(names) - 1) if len(names) > 1 else 0.0
        ys, top = [], 0.0 if len(names) > 1 else (plot - heights[0]) / 2
        for h in heights:
            ys.append(min(max((top + h / 2) / plot, 0.001), 0.999))
            top += h + gap
        return ys

    labels = sources + targets
    fig = go.Figure(
        go.Sankey(
            arrangement="fixed",
            node={
                "label": labels,
                "pad": pad,
                "thickness": 14,
                "x": [0.001] * len(sources) + [0.999] * len(targets),
                "y": centres(sources, out_of) + centres(targets, into),
            },
            link={
                "source": [sources.index(s) for s, _ in flows],
                "target": [len(sources) + targets.index(t) for _, t in flows],
                "value": [float(v) for v in flows.values()],
            },
        )
    )
    fig.update_layout(
        title=title,
        width=760,
        height=pixels,
        font={"size": 12},
        margin=margin,
    )
    return fig


__all__ = ["landing_heatmap", "site_value_heatmap", "tourist_sankey"]
