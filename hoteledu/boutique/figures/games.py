"""Plotly figures of Boutique's pricing games: payoff heatmaps, mixes, best-response arrows.

Drawing computes only what it marks (best replies and pure equilibria, via
:mod:`hoteledu.boutique.analysis.equilibria`); every builder takes a game
(a ``PricingGame``, a ``nashpy.Game`` or a pair of matrices) or an
equilibrium and returns a plain ``plotly.graph_objects.Figure``. The rules
never import this module, and it never imports ipywidgets.

Examples
--------
>>> from hoteledu.boutique.analysis.games import pricing_game
>>> fig = payoff_heatmap(pricing_game("booking", prices=(2, 3), deck=[28]))
>>> [trace.name for trace in fig.data]
['P1 payoff', "P1's best reply", "P2's best reply", 'pure equilibrium']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.boutique.analysis.equilibria import (
    Equilibrium,
    best_response_arrows,
    best_responses,
    pure_equilibria,
)
from hoteledu.core.matrix_game import MatrixGame

PLAYER_COLOURS = ("#1f77b4", "#d62728")
EQUILIBRIUM_COLOUR = "#2ca02c"
MARKER_OFFSET = (0.36, 0.3)
"""Where a best-reply marker sits in its cell, from the centre (column, row units)."""
HEATMAP_TOP_MARGIN = 120
"""Room above the grid for the figure title and, below it, the axis title and ticks."""
LAYOUT = {
    # White background set directly: applying the "plotly_white" template costs about
    # 16 ms per figure, a third of a slider's budget.
    "plot_bgcolor": "white",
    "paper_bgcolor": "white",
    "height": 420,
    "margin": {"l": 70, "r": 20, "t": 60, "b": 60},
}


def _labels(game: Any, labels: Sequence[Sequence[str]] | None) -> tuple[list[str], list[str]]:
    a, _ = MatrixGame.of(game).payoffs
    if labels is None and hasattr(game, "labels"):
        labels = game.labels
    if labels is None:
        return [str(i) for i in range(a.shape[0])], [str(j) for j in range(a.shape[1])]
    return list(labels[0]), list(labels[1])


def payoff_heatmap(
    game: Any,
    player: int = 0,
    labels: Sequence[Sequence[str]] | None = None,
    title: str | None = None,
    errors: np.ndarray | None = None,
) -> go.Figure:
    """Heatmap of one player's payoffs; best replies and pure equilibria marked.

    Rows are P1's choices, columns P2's (axes numbered 0.., labelled with the
    choices). A blue dot in a cell's upper left corner marks P1's best reply
    to each column, a red diamond in the upper right P2's best reply to each
    row, a green frame a cell where both hold (a pure equilibrium). Each
    cell shows the payoff in its middle (and "± standard error" when
    ``errors`` or the game's errors are given); ``customdata`` of the marker
    traces holds the (row, column) labels.
    """
    a, b = MatrixGame.of(game).payoffs
    rows, cols = _labels(game, labels)
    z = a if player == 0 else b
    if errors is None and getattr(game, "standard_errors", None) is not None:
        errors = game.standard_errors[player]
    text = [
        [
            f"{z[i, j]:.0f}" + (f" ± {errors[i, j]:.0f}" if errors is not None else "")
            for j in range(z.shape[1])
        ]
        for i in range(z.shape[0])
    ]
    m, n = z.shape
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=list(range(n)),
            y=list(range(m)),
            text=text,
            texttemplate="%{text}",
            colorscale="RdBu" if z.min() < 0 < z.max() else "Blues",
            zmid=0 if z.min() < 0 < z.max() else None,
            name=f"P{player + 1} payoff",
            colorbar={"title": f"P{player + 1}"},
            customdata=[[(rows[i], cols[j]) for j in range(n)] for i in range(m)],
            hovertemplate="P1 %{customdata[0]}, P2 %{customdata[1]}: %{z:.1f}<extra></extra>",
        )
    )
    row_best, col_best = best_responses((a, b))
    p1 = [(i, j) for j in range(n) for i in row_best[j]]
    p2 = [(i, j) for i in range(m) for j in col_best[i]]
    # The markers sit in the cells' upper corners (P1 left, P2 right), clear of the
    # number printed in the middle.
    for points, name, colour, symbol, dx in (
        (p1, "P1's best reply", PLAYER_COLOURS[0], "circle", -MARKER_OFFSET[0]),
        (p2, "P2's best reply", PLAYER_COLOURS[1], "diamond", MARKER_OFFSET[0]),
    ):
        fig.add_trace(
            go.Scatter(
                x=[j + dx for _, j in points],
                y=[i - MARKER_OFFSET[1] for i, _ in points],
                mode="markers",
                marker={
                    "color": colour,
                    "size": 9,
                    "symbol": symbol,
                    "line": {"color": "white", "width": 1},
                },
                name=name,
                customdata=[(rows[i], cols[j]) for i, j in points],
                hoverinfo="skip",
            )
        )
    equilibria = pure_equilibria((a, b))
    # A frame around the whole cell: its inside is empty, so the number stays readable.
    fig.add_trace(
        go.Scatter(
            x=[
                x
                for _, j in equilibria
                for x in (j - 0.46, j + 0.46, j + 0.46, j - 0.46, j - 0.46, None)
            ],
            y=[
                y
                for i, _ in equilibria
                for y in (i - 0.46, i - 0.46, i + 0.46, i + 0.46, i - 0.46, None)
            ],
            mode="lines",
            line={"color": EQUILIBRIUM_COLOUR, "width": 3},
            name="pure equilibrium",
            customdata=[(rows[i], cols[j]) for i, j in equilibria],
            hoverinfo="skip",
        )
    )
    fig.update_layout(
        # The figure title sits at the top of the page and the axis title (on top of the
        # grid) in the margin below it, so they never overlap.
        title={"text": title or f"P{player + 1}'s payoff", "y": 0.98, "yanchor": "top"},
        xaxis={
            "title": {"text": "P2's choice", "standoff": 4},
            "side": "top",
            "tickvals": list(range(n)),
            "ticktext": cols,
            "range": [-0.5, n - 0.5],
            "showgrid": False,
            "zeroline": False,
        },
        yaxis={
            "title": "P1's choice",
            "tickvals": list(range(m)),
            "ticktext": rows,
            "range": [m - 0.5, -0.5],
            "showgrid": False,
            "zeroline": False,
        },
        legend={"orientation": "h", "y": -0.04, "yanchor": "top"},
        **{**LAYOUT, "margin": {**LAYOUT["margin"], "t": HEATMAP_TOP_MARGIN}},
    )
    return fig


def equilibrium_bars(
    equilibrium: Equilibrium | tuple[Any, Any],
    labels: Sequence[Sequence[str]] | None = None,
    title: str = "Equilibrium mixes",
    errors: tuple[np.ndarray, np.ndarray] | None = None,
) -> go.Figure:
    """Each player's equilibrium probabilities as bars side by side (optional error bars)."""
    if isinstance(equilibrium, Equilibrium):
        row, column = equilibrium.row, equilibrium.column
    else:
        row, column = (np.asarray(v, dtype=float) for v in equilibrium)
    names = (
        (list(labels[0]), list(labels[1]))
        if labels
        else ([str(i) for i in range(len(row))], [str(j) for j in range(len(column))])
    )
    fig = go.Figure()
    for p, mix in enumerate((row, column)):
        fig.add_trace(
            go.Bar(
                x=names[p],
                y=list(mix),
                name=f"P{p + 1}",
                marker_color=PLAYER_COLOURS[p],
                error_y=None if errors is None else {"type": "data", "array": list(errors[p])},
                hovertemplate="%{x}: %{y:.3f}<extra>P" + str(p + 1) + "</extra>",
            )
        )
    fig.update_layout(
        title=title,
        barmode="group",
        xaxis={"title": "choice", "type": "category"},
        yaxis={"title": "probability", "range": [0, 1]},
        **LAYOUT,
    )
    return fig


def best_response_figure(
    game: Any,
    labels: Sequence[Sequence[str]] | None = None,
    title: str = "Best-response arrows",
) -> go.Figure:
    """The grid of profiles with an arrow for each player who gains by switching.

    Blue arrows move P1 (along a column), red arrows move P2 (along a row);
    green cells have no arrow out: the pure equilibria.
    """
    a, b = MatrixGame.of(game).payoffs
    rows, cols = _labels(game, labels)
    fig = go.Figure()
    m, n = a.shape
    grid = [(i, j) for i in range(m) for j in range(n)]
    fig.add_trace(
        go.Scatter(
            x=[j for _, j in grid],
            y=[i for i, _ in grid],
            mode="markers",
            marker={"color": "#bbbbbb", "size": 8},
            name="profile",
            hoverinfo="skip",
        )
    )
    equilibria = pure_equilibria((a, b))
    fig.add_trace(
        go.Scatter(
            x=[j for _, j in equilibria],
            y=[i for i, _ in equilibria],
            mode="markers",
            marker={"color": EQUILIBRIUM_COLOUR, "size": 16, "symbol": "square"},
            name="pure equilibrium",
        )
    )
    for player in (0, 1):  # legend entries for the arrows
        fig.add_trace(
            go.Scatter(
                x=[None],
                y=[None],
                mode="lines",
                line={"color": PLAYER_COLOURS[player]},
                name=f"P{player + 1} switches",
            )
        )
    offset = 0.12
    annotations = []  # one layout update: adding them one by one is slow in plotly
    for arrow in best_response_arrows((a, b)):
        (i, j), (k, m2) = arrow.start, arrow.end
        dx = offset if arrow.player == 0 else 0.0
        dy = offset if arrow.player == 1 else 0.0
        annotations.append(
            {
                "x": m2 + dx,
                "y": k + dy,
                "ax": j + dx,
                "ay": i + dy,
                "xref": "x",
                "yref": "y",
                "axref": "x",
                "ayref": "y",
                "showarrow": True,
                "arrowhead": 2,
                "arrowsize": 1,
                "arrowwidth": 1.5,
                "arrowcolor": PLAYER_COLOURS[arrow.player],
                "opacity": 0.8,
            }
        )
    fig.update_layout(annotations=annotations)
    fig.update_layout(
        title=title,
        xaxis={"title": "P2's choice", "tickvals": list(range(n)), "ticktext": cols},
        yaxis={
            "title": "P1's choice",
            "tickvals": list(range(m)),
            "ticktext": rows,
            "autorange": "reversed",
        },
        **LAYOUT,
    )
    return fig


def best_reply_curve(
    game: Any,
    labels: Sequence[Sequence[str]] | None = None,
    title: str = "Best reply to each rival price",
) -> go.Figure:
    """P1's best reply to each of P2's choices, beside the 45° line of matching."""
    a, b = MatrixGame.of(game).payoffs
    rows, cols = _labels(game, labels)
    row_best, _ = best_responses((a, b))
    fig = go.Figure(
        go.Scatter(
            x=[cols[j] for j in range(len(cols)) for _ in row_best[j]],
            y=[rows[i] for j in range(len(cols)) for i in row_best[j]],
            mode="markers+lines",
            marker={"color": PLAYER_COLOURS[0], "size": 10},
            name="P1's best reply",
        )
    )
    common = [c for c in cols if c in rows]
    fig.add_trace(
        go.Scatter(
            x=common, y=common, mode="lines", line={"dash": "dot", "color": "#888"}, name="match"
        )
    )
    fig.update_layout(
        title=title,
        xaxis={"title": "P2's choice", "type": "category"},
        yaxis={"title": "P1's best reply", "type": "category", "categoryarray": rows},
        **LAYOUT,
    )
    return fig
