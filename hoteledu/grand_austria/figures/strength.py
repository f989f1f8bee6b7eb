"""Figures of dice strength, the draft and passing (:mod:`..analysis.strength`).

Examples
--------
>>> from hoteledu.grand_austria.analysis import max_count_distribution, sample_max_counts
>>> fig = exact_vs_simulated_figure(max_count_distribution(10), sample_max_counts(10, 500))
>>> [trace.name for trace in fig.data]
['exact', 'simulated (500)']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.grand_austria.analysis.intervals import wilson_interval
from hoteledu.grand_austria.figures._style import (
    EXACT_COLOUR,
    LAYOUT,
    PLAYER_COUNT_COLOURS,
    SIMULATED_COLOUR,
)

if TYPE_CHECKING:
    from hoteledu.grand_austria.analysis import (
        DraftStrengths,
        StoppingValue,
    )


def exact_vs_simulated_figure(
    exact: Sequence[Fraction | float],
    sample: Sequence[int] | np.ndarray | None = None,
    title: str = "Strength of the strongest space",
    x_title: str = "strength (dice on the space)",
) -> go.Figure:
    """Exact probabilities of the values 0, 1, 2, ... as bars, the sample's frequencies beside.

    Each simulated frequency carries its 95% Wilson interval as an error bar.
    """
    values = list(range(len(exact)))
    fig = go.Figure(
        go.Bar(
            x=values,
            y=[float(p) for p in exact],
            name="exact",
            marker_color=EXACT_COLOUR,
            hovertemplate="P(%{x}) = %{y:.4f}<extra>exact</extra>",
        )
    )
    if sample is not None:
        sample = np.asarray(sample, dtype=np.int64)
        if sample.size and (sample.min() < 0 or sample.max() >= len(exact)):
            raise ValueError(f"sample values must lie in 0..{len(exact) - 1}, like the exact bars")
        counts = np.bincount(sample, minlength=len(exact))
        frequencies = counts / max(sample.size, 1)
        # each frequency with its 95% Wilson interval, so a reader sees which gaps are noise
        intervals = [wilson_interval(int(k), int(sample.size)) for k in counts]
        fig.add_trace(
            go.Bar(
                x=values,
                y=frequencies,
                name=f"simulated ({sample.size})",
                marker_color=SIMULATED_COLOUR,
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [i.high - f for i, f in zip(intervals, frequencies, strict=True)],
                    "arrayminus": [f - i.low for i, f in zip(intervals, frequencies, strict=True)],
                    "color": "grey",
                    "thickness": 1,
                },
                customdata=[[i.low, i.high] for i in intervals],
                hovertemplate="frequency of %{x}: %{y:.4f} "
                "[%{customdata[0]:.4f}, %{customdata[1]:.4f}]<extra>simulated, 95% Wilson</extra>",
            )
        )
    fig.update_layout(
        title=title, xaxis_title=x_title, yaxis_title="probability", barmode="group", **LAYOUT
    )
    fig.update_xaxes(dtick=1)
    return fig


def draft_strength_figure(results: Sequence[DraftStrengths]) -> go.Figure:
    """Expected strength at each pick of a round, one group of bars per player count.

    Each bar says whose pick it is (P1 = the round's start player).
    """
    fig = go.Figure()
    for result in results:
        seats = [result.seat_label(s) for s in result.order]
        fig.add_trace(
            go.Bar(
                x=list(range(1, len(result.order) + 1)),
                y=[float(v) for v in result.by_pick],
                name=f"{result.players} players ({result.dice} dice)",
                marker_color=PLAYER_COUNT_COLOURS.get(result.players),
                text=seats,
                textposition="outside",
                customdata=seats,
                hovertemplate="pick %{x} (%{customdata}): E[strength] = %{y:.3f}<extra></extra>",
            )
        )
    policy = results[0].policy if results else "greedy"
    fig.update_layout(
        title=f"Expected strength of each pick ({policy} draft)",
        xaxis_title="pick of the round",
        yaxis_title="expected strength",
        barmode="group",
        **LAYOUT,
    )
    fig.update_xaxes(dtick=1)
    return fig


def stopping_value_figure(rule: StoppingValue) -> go.Figure:
    """V(m), playing take-or-pass well, against E[X_m], taking at once, for m = 0..n dice."""
    dice = list(range(len(rule.values)))
    wanted = "the strongest space" if rule.wanted is None else f"action {rule.wanted} (or space 6)"
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=dice,
            y=[float(v) for v in rule.take_now],
            name="take now: E[X_m]",
            mode="lines+markers",
            line={"color": SIMULATED_COLOUR},
        )
    )
    fig.add_trace(
        go.Scatter(
            x=dice,
            y=[float(v) for v in rule.values],
            name="take or pass: V(m)",
            mode="lines+markers",
            line={"color": EXACT_COLOUR},
            customdata=list(rule.thresholds),
            hovertemplate="%{x} dice: V = %{y:.3f}, take at strength >= %{customdata}"
            "<extra></extra>",
        )
    )
    fig.update_layout(
        title=f"Take now or pass, wanting {wanted}",
        xaxis_title="dice on the board (m)",
        yaxis_title="expected strength",
        **LAYOUT,
    )
    fig.update_xaxes(dtick=1)
    return fig


def convergence_figure(
    exact: Sequence[Fraction | float],
    sample: Sequence[int] | np.ndarray,
    title: str = "Simulated frequencies converge to the exact distribution",
) -> go.Figure:
    """How far the first n rolls' frequencies are from the exact bars, as n grows.

    The distance is the total variation ``(1/2) sum |frequency - probability|``
    after 1, 2, 4, ... rolls up to the sample's size (log scale), with a
    ``c / sqrt(n)`` guide through the first point: the simulated bars close in
    on the exact ones at the rate of the square root of the rolls.
    """
    exact_array = np.asarray([float(p) for p in exact])
    sample = np.asarray(sample, dtype=np.int64)
    if sample.size == 0:
        raise ValueError("the sample is empty: roll at least once")
    if sample.min() < 0 or sample.max() >= len(exact_array):
        raise ValueError(
            f"sample values must lie in 0..{len(exact_array) - 1}, like the exact bars"
        )
    sizes = sorted({int(n) for n in np.geomspace(1, sample.size, num=40)} | {sample.size})
    onehot = np.zeros((sample.size, len(exact_array)))
    onehot[np.arange(sample.size), sample] = 1
    running = np.cumsum(onehot, axis=0)[np.asarray(sizes) - 1] / np.asarray(sizes)[:, None]
    distance = 0.5 * np.abs(running - exact_array).sum(axis=1)
    guide = distance[0] * np.sqrt(1 / np.asarray(sizes, dtype=float))
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=sizes,
            y=distance,
            name="distance to the exact bars",
            mode="lines+markers",
            line={"color": SIMULATED_COLOUR},
            hovertemplate="after %{x} rolls: distance %{y:.4f}<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=sizes,
            y=guide,
            name="c / sqrt(n)",
            mode="lines",
            line={"color": "grey", "dash": "dash"},
        )
    )
    fig.update_layout(
        title=title, xaxis_title="rolls n", yaxis_title="total variation distance", **LAYOUT
    )
    # one labelled tick per power of ten: plotly's default log ticks label the minor
    # digits too ("1, 5, 2, 0.1, 5, 2"), which reads as a broken scale
    fig.update_xaxes(type="log", dtick=1, tickformat=",~g", minor={"showgrid": True})
    fig.update_yaxes(type="log", dtick=1, tickformat="~g", minor={"showgrid": True})
    return fig
