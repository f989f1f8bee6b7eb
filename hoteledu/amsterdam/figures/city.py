"""Figures of the city graph: the streets and intersections, coloured by centrality.

They draw the graphs of :mod:`hoteledu.amsterdam.board` with the centralities
that :mod:`hoteledu.amsterdam.analysis.city` computes.

Examples
--------
>>> from hoteledu.amsterdam.board import city_graph
>>> fig = city_graph_figure(city_graph())
>>> [t.name for t in fig.data]
['streets', 'intersections']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.amsterdam.board import Intersection
from hoteledu.amsterdam.figures.board import STREET_COLOUR, intersection_xy


# ------------------------------------------------------------ city graph
def city_graph_figure(
    graph: Any,
    centrality: Mapping[Intersection, float] | None = None,
    title: str = "The city's streets",
) -> go.Figure:
    """The city graph drawn at its intersections, nodes sized and coloured by centrality.

    Parameters
    ----------
    graph : networkx.Graph
        Nodes ``(i, j)``, e.g. ``board.city_graph(dam_diagonals)``.
    centrality : mapping, 6 x 6 array or None
        Node -> centrality (computed by the caller, e.g. networkx's
        betweenness); None draws equal nodes.
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces "streets" (edges) and "intersections" (nodes).
    """
    return _graph_panel(go.Figure(), graph, centrality, title)


def _graph_traces(
    graph: Any,
    centrality: Mapping[Intersection, float] | None,
    scale: tuple[float, float] | None = None,
    show_scale: bool = True,
):
    """Street and node traces; ``scale`` = (low, high) fixes the colour range and node sizes
    (so two panels compare), ``show_scale`` draws the colour bar."""
    xs: list[float | None] = []
    ys: list[float | None] = []
    for a, b in graph.edges():
        (xa, ya), (xb, yb) = intersection_xy(a), intersection_xy(b)
        xs += [xa, xb, None]
        ys += [ya, yb, None]
    nodes = list(graph.nodes())
    if centrality is not None and not isinstance(centrality, Mapping):
        grid = centrality  # a 6 x 6 array, entry [i - 1][j - 1] for (i, j)
        centrality = {(i, j): grid[i - 1][j - 1] for i, j in nodes}
    values = [float(centrality[n]) if centrality is not None else 1.0 for n in nodes]
    low, top = scale if scale is not None else (min(values), max(values))
    top = top or 1.0
    edges = go.Scatter(
        x=xs,
        y=ys,
        mode="lines",
        name="streets",
        hoverinfo="skip",
        line={"color": STREET_COLOUR, "width": 2},
        showlegend=False,
    )
    points = go.Scatter(
        x=[intersection_xy(n)[0] for n in nodes],
        y=[intersection_xy(n)[1] for n in nodes],
        mode="markers",
        name="intersections",
        showlegend=False,
        marker={
            "size": [8 + 22 * v / top for v in values],
            "color": values,
            "colorscale": "Viridis",
            "cmin": low,
            "cmax": top,
            "showscale": centrality is not None and show_scale,
            "line": {"color": "#000", "width": 1},
        },
        hovertext=[f"{n}: {v:.3f}" for n, v in zip(nodes, values, strict=True)],
        hoverinfo="text",
        customdata=[[n[0], n[1]] for n in nodes],
    )
    return edges, points


def _node_values(graph: Any, centrality: Any) -> list[float]:
    """The centrality of each node of ``graph`` (mapping or 6 x 6 array)."""
    if isinstance(centrality, Mapping):
        return [float(centrality[n]) for n in graph.nodes()]
    return [float(centrality[i - 1][j - 1]) for i, j in graph.nodes()]


def _graph_panel(fig, graph, centrality, title, row=None, col=None, scale=None, show_scale=True):
    edges, points = _graph_traces(graph, centrality, scale, show_scale)
    kwargs = {} if row is None else {"row": row, "col": col}
    fig.add_trace(edges, **kwargs)
    fig.add_trace(points, **kwargs)
    if row is None:
        fig.update_layout(title=title, width=520, height=520, plot_bgcolor="#ffffff")
        fig.update_yaxes(autorange="reversed", scaleanchor="x", visible=False)
        fig.update_xaxes(visible=False)
    return fig


def city_graph_comparison(
    with_diagonals: tuple[Any, Mapping[Intersection, float]],
    without_diagonals: tuple[Any, Mapping[Intersection, float]],
    title: str = "Centrality with and without the Dam diagonals",
) -> go.Figure:
    """Two city graphs side by side: with the Dam diagonals and without.

    Parameters
    ----------
    with_diagonals, without_diagonals : (graph, centrality)
        Each a networkx graph and its centrality per node.
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Two panels of :func:`city_graph_figure`'s traces (four traces) on one
        colour scale and one size scale (the range of both centralities), with
        a single colour bar (on the right panel), so equal colours mean equal values.
    """
    from plotly.subplots import make_subplots

    fig = make_subplots(
        rows=1, cols=2, subplot_titles=("with the Dam diagonals", "without the diagonals")
    )
    values = [
        float(v)
        for graph, centrality in (with_diagonals, without_diagonals)
        for v in _node_values(graph, centrality)
    ]
    scale = (min(values), max(values))
    _graph_panel(fig, *with_diagonals, title, row=1, col=1, scale=scale, show_scale=False)
    _graph_panel(fig, *without_diagonals, title, row=1, col=2, scale=scale, show_scale=True)
    fig.update_layout(title=title, width=900, height=480, plot_bgcolor="#ffffff")
    fig.update_yaxes(autorange="reversed", visible=False)
    fig.update_xaxes(visible=False)
    return fig


__all__ = ["city_graph_comparison", "city_graph_figure"]
