"""Plotly figures of learning dynamics: frequencies over time, 2x2 phase plots, the simplex.

Drawing computes nothing: every builder takes results of
:mod:`hoteledu.boutique.analysis.learning` (or plain arrays) and returns a
``plotly.graph_objects.Figure``. The rules never import this module, and it
never imports ipywidgets.

Examples
--------
>>> import numpy as np
>>> from hoteledu.boutique.analysis.learning import fictitious_play
>>> run = fictitious_play(np.array([[1, -1], [-1, 1]]), 100)
>>> fig = frequency_figure(run.frequencies()[0], ["heads", "tails"], equilibrium=[0.5, 0.5])
>>> [trace.name for trace in fig.data]
['heads', 'tails', 'heads at equilibrium', 'tails at equilibrium']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")
LAYOUT = {"template": "plotly_white", "height": 380, "margin": {"l": 60, "r": 20, "t": 50, "b": 50}}
EQUILIBRIUM_MARKER = {"symbol": "star", "size": 16, "color": "black"}


def _colour(k: int) -> str:
    return COLOURS[k % len(COLOURS)]


def frequency_figure(
    mixes: Any,
    labels: Sequence[str],
    *,
    times: Any = None,
    equilibrium: Sequence[float] | None = None,
    title: str = "Empirical frequencies",
    x_title: str = "round",
    log_x: bool = False,
) -> go.Figure:
    """One line per action: its share ``mixes[t, k]`` over time, the equilibrium share dashed.

    ``mixes`` has shape ``(T, k)`` (from ``FictitiousPlayResult.frequencies()``
    or ``ReplicatorResult.x``); ``times`` defaults to rounds 1..T.
    """
    data = np.asarray(mixes, dtype=float)
    if data.ndim != 2 or data.shape[1] != len(labels):
        raise ValueError(f"mixes must have shape (T, {len(labels)}), got {data.shape}")
    x = np.arange(1, len(data) + 1) if times is None else np.asarray(times, dtype=float)
    fig = go.Figure()
    for k, label in enumerate(labels):
        fig.add_trace(
            go.Scatter(x=x, y=data[:, k], mode="lines", name=label, line={"color": _colour(k)})
        )
    if equilibrium is not None:
        for k, (label, share) in enumerate(zip(labels, equilibrium, strict=True)):
            fig.add_trace(
                go.Scatter(
                    x=[x[0], x[-1]],
                    y=[float(share)] * 2,
                    mode="lines",
                    name=f"{label} at equilibrium",
                    line={"color": _colour(k), "dash": "dash", "width": 1},
                )
            )
    fig.update_layout(
        title=title,
        xaxis_title=x_title,
        yaxis_title="share of play",
        yaxis_range=[-0.02, 1.02],
        **LAYOUT,
    )
    if log_x:
        fig.update_xaxes(type="log")
    return fig


def phase_figure(
    field: tuple[Any, Any, Any, Any] | None,
    paths: Mapping[str, tuple[Any, Any]],
    *,
    equilibria: Sequence[tuple[float, float]] = (),
    labels: tuple[str, str] = ("P1 plays action 1", "P2 plays action 1"),
    title: str = "2x2 phase plot",
) -> go.Figure:
    """A 2x2 game's phase plane: the share of action 1 for P1 (x) and P2 (y).

    ``field`` is ``(p, q, dp, dq)`` from
    :func:`~hoteledu.boutique.analysis.learning.replicator_field` (drawn as
    short arrows), ``paths`` maps a name to ``(p path, q path)``, and
    ``equilibria`` are ``(p, q)`` points (stars).
    """
    fig = go.Figure()
    if field is not None:
        p, q, dp, dq = (np.asarray(v, dtype=float).ravel() for v in field)
        length = np.hypot(dp, dq)
        scale = 0.04 / np.where(length > 0, length, 1.0)
        xs: list[float | None] = []
        ys: list[float | None] = []
        for p0, q0, u, v, s in zip(p, q, dp, dq, scale, strict=True):
            # A shaft and two barbs per arrow, all in one trace (fast to draw and update).
            x1, y1 = p0 + u * s, q0 + v * s
            back = np.array([u * s, v * s]) * 0.35
            left = np.array([-back[1], back[0]]) * 0.6
            xs += [p0, x1, None, x1, x1 - back[0] + left[0], None, x1, x1 - back[0] - left[0], None]
            ys += [q0, y1, None, y1, y1 - back[1] + left[1], None, y1, y1 - back[1] - left[1], None]
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                mode="lines",
                name="direction of the replicator",
                line={"color": "#bbbbbb", "width": 1},
                hoverinfo="skip",
            )
        )
    for k, (name, (pp, qq)) in enumerate(paths.items()):
        pp, qq = np.asarray(pp, dtype=float), np.asarray(qq, dtype=float)
        fig.add_trace(
            go.Scatter(x=pp, y=qq, mode="lines", name=name, line={"color": _colour(k), "width": 2})
        )
        fig.add_trace(
            go.Scatter(
                x=[pp[0]],
                y=[qq[0]],
                mode="markers",
                name=f"{name}: start",
                marker={"color": _colour(k), "size": 9, "symbol": "circle-open"},
                showlegend=False,
            )
        )
    if equilibria:
        fig.add_trace(
            go.Scatter(
                x=[e[0] for e in equilibria],
                y=[e[1] for e in equilibria],
                mode="markers",
                name="Nash equilibrium",
                marker=EQUILIBRIUM_MARKER,
            )
        )
    fig.update_layout(
        title=title,
        xaxis={"title": labels[0], "range": [-0.03, 1.03]},
        yaxis={"title": labels[1], "range": [-0.03, 1.03], "scaleanchor": "x"},
        **{**LAYOUT, "height": 460},
    )
    return fig


def simplex_figure(
    paths: Mapping[str, Any],
    labels: Sequence[str],
    *,
    equilibria: Sequence[Sequence[float]] = (),
    title: str = "Mixed strategies on the simplex",
) -> go.Figure:
    """Paths of three-action mixes (arrays of shape ``(T, 3)``) in a triangle."""
    if len(labels) != 3:
        raise ValueError(f"the simplex figure needs 3 action labels, got {len(labels)}")
    fig = go.Figure()
    for k, (name, mixes) in enumerate(paths.items()):
        data = np.asarray(mixes, dtype=float)
        if data.ndim != 2 or data.shape[1] != 3:
            raise ValueError(f"path {name!r} must have shape (T, 3), got {data.shape}")
        fig.add_trace(
            go.Scatterternary(
                a=data[:, 0],
                b=data[:, 1],
                c=data[:, 2],
                mode="lines",
                name=name,
                line={"color": _colour(k), "width": 2},
            )
        )
    if equilibria:
        eq = np.asarray(equilibria, dtype=float)
        fig.add_trace(
            go.Scatterternary(
                a=eq[:, 0],
                b=eq[:, 1],
                c=eq[:, 2],
                mode="markers",
                name="Nash equilibrium",
                marker=EQUILIBRIUM_MARKER,
            )
        )
    fig.update_layout(
        title=title,
        ternary={
            "aaxis": {"title": labels[0]},
            "baxis": {"title": labels[1]},
            "caxis": {"title": labels[2]},
        },
        **{**LAYOUT, "height": 460},
    )
    return fig


def exploitability_figure(
    series: Mapping[str, tuple[Any, Any]],
    *,
    title: str = "Distance from equilibrium: exploitability",
    x_title: str = "round (fictitious play) or time (replicator)",
) -> go.Figure:
    """Exploitability (what best-responding would gain, 0 at equilibrium) over time, log scale."""
    fig = go.Figure()
    for k, (name, (x, y)) in enumerate(series.items()):
        values = np.maximum(np.asarray(y, dtype=float), 1e-12)  # a log axis needs > 0
        fig.add_trace(
            go.Scatter(
                x=np.asarray(x), y=values, mode="lines", name=name, line={"color": _colour(k)}
            )
        )
    fig.update_layout(title=title, xaxis_title=x_title, yaxis_title="exploitability", **LAYOUT)
    fig.update_yaxes(type="log")
    return fig


TOURNAMENT_LABEL_X = 1.03
"""Where the tournament figure writes each bar's numbers: right of the 0..1 axis."""


def tournament_figure(
    rows: Sequence[tuple[str, float, float, float]],
    *,
    title: str = "Win rate with 95% confidence interval",
    reference: float | None = 0.5,
) -> go.Figure:
    """Horizontal bars ``(label, estimate, low, high)`` with their intervals as error bars.

    Each bar's numbers ("0.30 [0.15, 0.52]") are written to the right of the
    axis, past every interval, so no label sits under an error bar.
    """
    labels = [r[0] for r in rows]
    estimate = np.array([r[1] for r in rows], dtype=float)
    low = np.array([r[2] for r in rows], dtype=float)
    high = np.array([r[3] for r in rows], dtype=float)
    fig = go.Figure(
        go.Bar(
            y=labels,
            x=estimate,
            orientation="h",
            name="win rate",
            marker={"color": COLOURS[0]},
            error_x={
                "type": "data",
                "symmetric": False,
                "array": high - estimate,
                "arrayminus": estimate - low,
            },
            hovertemplate="%{y}: %{x:.2f}<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            y=labels,
            x=[TOURNAMENT_LABEL_X] * len(rows),
            mode="text",
            text=[
                f"{e:.2f} [{lo:.2f}, {hi:.2f}]"
                for e, lo, hi in zip(estimate, low, high, strict=True)
            ],
            textposition="middle right",
            name="win rate [95% interval]",
            showlegend=False,
            hoverinfo="skip",
            cliponaxis=False,
        )
    )
    if reference is not None:
        fig.add_vline(x=reference, line_dash="dot", line_color="grey")
    fig.update_layout(
        title=title,
        xaxis={
            "title": "win rate (shared wins split)",
            "range": [0, 1.45],
            "tickvals": [0, 0.25, 0.5, 0.75, 1],
        },
        yaxis={"autorange": "reversed"},
        **{**LAYOUT, "height": 120 + 40 * len(rows)},
    )
    return fig
