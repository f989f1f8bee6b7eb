"""Figures of game-tree search: an alpha-beta tree, and positions visited against depth.

They draw what :mod:`hoteledu.amsterdam.analysis.search` returns
(:func:`~hoteledu.amsterdam.analysis.search.alphabeta_trace`) and the counts
of positions the searches of :mod:`hoteledu.amsterdam.search` visit.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)

# ------------------------------------------------------------ game trees
PRUNED_COLOUR = "#c8c8c8"


def _bound(value: float | None) -> str:
    if value is None:
        return ""
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    return f"{value:g}"


def game_tree_figure(nodes: Sequence[Any], title: str = "Alpha-beta on a small tree") -> go.Figure:
    """A drawn game tree: Max and Min nodes, their values and windows, pruned parts grey.

    Parameters
    ----------
    nodes : sequence of TreeNode
        The search, as :func:`hoteledu.amsterdam.analysis.search.alphabeta_trace`
        returns it (root first, depth-first order, pruned nodes included).
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces "edges", "pruned edges", "max nodes", "min nodes", "leaves" and
        "pruned" (nodes never looked at); each visited inner node is labelled
        with its value and the window ``α, β`` it was left with.

    Examples
    --------
    >>> from hoteledu.amsterdam.analysis.search import alphabeta_trace
    >>> from hoteledu.amsterdam.figures.board import trace
    >>> fig = game_tree_figure(alphabeta_trace([[3, 12, 8], [2, 4, 6]]))
    >>> len(trace(fig, "pruned").x)
    2
    """
    by_path = {n.path: n for n in nodes}
    leaves = [n.path for n in nodes if n.kind == "leaf"]
    x: dict[tuple[int, ...], float] = {path: float(k) for k, path in enumerate(leaves)}
    for node in sorted(nodes, key=lambda n: -len(n.path)):
        if node.kind != "leaf":
            kids = [x[p] for p in by_path if len(p) == len(node.path) + 1 and p[:-1] == node.path]
            x[node.path] = sum(kids) / len(kids)
    depth = max(len(p) for p in by_path)

    def y(path: tuple[int, ...]) -> float:
        return float(depth - len(path))

    fig = go.Figure()
    for name, visited, style in (
        ("edges", True, {"color": "#555555", "width": 2}),
        ("pruned edges", False, {"color": PRUNED_COLOUR, "width": 2, "dash": "dot"}),
    ):
        xs: list[float | None] = []
        ys: list[float | None] = []
        for node in nodes:
            if node.path and node.visited == visited:
                parent = node.path[:-1]
                xs += [x[parent], x[node.path], None]
                ys += [y(parent), y(node.path), None]
        fig.add_scatter(x=xs, y=ys, mode="lines", line=style, name=name, hoverinfo="skip")
    marks = (
        ("max nodes", lambda n: n.visited and n.kind == "max", "triangle-up", "#1f77b4"),
        ("min nodes", lambda n: n.visited and n.kind == "min", "triangle-down", "#d62728"),
        ("leaves", lambda n: n.visited and n.kind == "leaf", "square", "#2ca02c"),
        ("pruned", lambda n: not n.visited, "circle-open", PRUNED_COLOUR),
    )
    for name, keep, symbol, colour in marks:
        chosen = [n for n in nodes if keep(n)]
        text = []
        for n in chosen:
            if not n.visited:
                text.append(_bound(n.value) or "?")
            elif n.kind == "leaf":
                text.append(_bound(n.value))
            else:
                text.append(f"{_bound(n.value)}<br>α={_bound(n.alpha)} β={_bound(n.beta)}")
        fig.add_scatter(
            x=[x[n.path] for n in chosen],
            y=[y(n.path) for n in chosen],
            mode="markers+text",
            marker={"symbol": symbol, "size": 22, "color": colour, "line": {"width": 1}},
            text=text,
            textposition=["bottom center" if n.kind == "leaf" else "middle right" for n in chosen],
            customdata=[list(n.path) for n in chosen],
            name=name,
            hovertemplate="path %{customdata}<br>%{text}<extra></extra>",
        )
    fig.update_layout(
        title=title,
        width=760,
        height=120 + 130 * (depth + 1),
        plot_bgcolor="#ffffff",
        legend={"orientation": "h", "y": -0.05},
    )
    fig.update_xaxes(visible=False, range=[-0.7, len(leaves) - 0.3])
    fig.update_yaxes(visible=False, range=[-0.6, depth + 0.4])
    return fig


def search_size_figure(
    depths: Sequence[int],
    counts: Mapping[str, Sequence[float]],
    title: str = "Positions visited against search depth",
) -> go.Figure:
    """Positions visited by each search against its depth, on a log scale.

    Parameters
    ----------
    depths : sequence of int
        The depths searched (x axis).
    counts : mapping
        Search name -> positions visited at each depth (one trace each, same
        length as ``depths``).
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        One "lines+markers" trace per search, y axis logarithmic.

    Examples
    --------
    >>> fig = search_size_figure([1, 2, 3], {"minimax": [4, 16, 64]})
    >>> fig.layout.yaxis.type
    'log'
    """
    fig = go.Figure()
    for name, values in counts.items():
        if len(values) != len(depths):
            raise ValueError(f"{name!r}: {len(values)} counts for {len(depths)} depths")
        fig.add_scatter(x=list(depths), y=list(values), mode="lines+markers", name=name)
    fig.update_layout(
        title=title,
        xaxis_title="search depth (decisions)",
        yaxis_title="positions visited (log scale)",
        width=720,
        height=420,
    )
    fig.update_yaxes(type="log")
    fig.update_xaxes(dtick=1)
    return fig


__all__ = ["game_tree_figure", "search_size_figure"]
