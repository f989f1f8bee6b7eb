"""Plotly figures of the Grand Austria analyses: dice strength, the draft, passing, staff, guests.

Drawing computes nothing: every builder takes results of
:mod:`hoteledu.grand_austria.analysis` (or a sample) as arguments and returns
a plain ``plotly.graph_objects.Figure``. The rules never import this module,
and it never imports ipywidgets.

Examples
--------
>>> from hoteledu.grand_austria.analysis import max_count_distribution, sample_max_counts
>>> fig = exact_vs_simulated_figure(max_count_distribution(10), sample_max_counts(10, 500))
>>> [trace.name for trace in fig.data]
['exact', 'simulated (500)']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)

if TYPE_CHECKING:
    from hoteledu.grand_austria.analysis import (
        DraftStrengths,
        GuestPrices,
        StaffValue,
        StoppingValue,
    )

EXACT_COLOUR = "#1f77b4"
SIMULATED_COLOUR = "#ff7f0e"
PLAYER_COUNT_COLOURS: Mapping[int, str] = {2: "#2ca02c", 3: "#9467bd", 4: "#d62728"}
GUEST_COLOURS: Mapping[str, str] = {
    "yellow": "#e6b800",
    "blue": "#1f77b4",
    "red": "#d62728",
    "green": "#2ca02c",
}
DASHES = ("solid", "dash", "dot", "dashdot")
LAYOUT = {"template": "plotly_white", "height": 380, "margin": {"l": 60, "r": 20, "t": 50, "b": 50}}


def exact_vs_simulated_figure(
    exact: Sequence[Fraction | float],
    sample: Sequence[int] | np.ndarray | None = None,
    title: str = "Strength of the strongest space",
    x_title: str = "strength (dice on the space)",
) -> go.Figure:
    """Exact probabilities of the values 0, 1, 2, ... as bars, the sample's frequencies beside."""
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
        frequencies = np.bincount(sample, minlength=len(exact)) / max(sample.size, 1)
        fig.add_trace(
            go.Bar(
                x=values,
                y=frequencies,
                name=f"simulated ({sample.size})",
                marker_color=SIMULATED_COLOUR,
                hovertemplate="frequency of %{x}: %{y:.4f}<extra>simulated</extra>",
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


def staff_value_figure(values: Sequence[StaffValue]) -> go.Figure:
    """Net VP of once-per-round staff cards by the round they are hired in (0 = break even)."""
    fig = go.Figure()
    for index, value in enumerate(values):
        fig.add_trace(
            go.Scatter(
                x=list(value.rounds),
                y=[float(v) for v in value.net],
                name=f"{value.name} (cost {value.cost})",
                mode="lines+markers",
                line={"dash": DASHES[index % len(DASHES)]},  # equal cards would hide each other
                customdata=[float(u) for u in value.uses],
                hovertemplate="hired in round %{x}: %{customdata:.2f} uses, net %{y:.2f} VP"
                "<extra></extra>",
            )
        )
    fig.add_hline(y=0, line_dash="dot", line_color="grey")
    dice = values[0].dice if values else 0
    fig.update_layout(
        title=f"Once-per-round staff: net VP by hiring round ({dice} dice)",
        xaxis_title="round hired",
        yaxis_title="net VP (uses x value - expected krones paid)",
        **LAYOUT,
    )
    fig.update_xaxes(dtick=1)
    return fig


def guest_price_figure(
    fit: GuestPrices,
    names: Mapping[int, str] | None = None,
    colours: Mapping[int, str] | None = None,
) -> go.Figure:
    """Each guest's value against its order's value at the implied prices, with the fitted line.

    Points on the line are priced exactly by the fit; above it, a guest pays
    more VP than its order is worth. ``names`` and ``colours`` (guest colour
    by card number) label the points.
    """
    fitted = np.asarray(fit.fitted, dtype=float)
    value = np.asarray(fit.value, dtype=float)
    labels = [f"{n} {names.get(n, '')}".strip() if names else str(n) for n in fit.numbers]
    marker_colours = [
        GUEST_COLOURS.get((colours or {}).get(n, ""), EXACT_COLOUR) for n in fit.numbers
    ]
    prices = ", ".join(
        f"{item} {price:.2f}" for item, price in zip(fit.items, fit.prices, strict=True)
    )
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=fitted,
            y=value,
            mode="markers",
            name="guest cards",
            marker={"color": marker_colours, "size": 9, "line": {"width": 1, "color": "white"}},
            text=labels,
            hovertemplate="%{text}: worth %{y} VP, order priced %{x:.2f}<extra></extra>",
        )
    )
    low, high = float(min(fitted.min(), value.min())), float(max(fitted.max(), value.max()))
    fig.add_trace(
        go.Scatter(
            x=[low, high],
            y=[low, high],
            mode="lines",
            name=f"least squares (R² = {fit.r_squared:.2f})",
            line={"color": "grey", "dash": "dash"},
        )
    )
    target = "VP + reward krones" if fit.count_krones else "VP"
    fig.update_layout(
        title=f"Guests: {target} against the order at implied prices ({prices})",
        xaxis_title="order value at the implied prices",
        yaxis_title=target,
        **LAYOUT,
    )
    return fig


def action_board_figure(
    counts: Sequence[int],
    highlight: Sequence[int] = (),
    title: str = "The action board",
) -> go.Figure:
    """The dice on the six action spaces as bars; the spaces in ``highlight`` (1..6) stand out."""
    if len(counts) != 6 or any(k < 0 for k in counts):
        raise ValueError(f"counts must be six numbers of dice >= 0 (spaces 1..6), got {counts!r}")
    spaces = [str(space) for space in range(1, 7)]
    colours = [SIMULATED_COLOUR if space in highlight else EXACT_COLOUR for space in range(1, 7)]
    fig = go.Figure(
        go.Bar(
            x=spaces,
            y=list(counts),
            name="dice",
            marker_color=colours,
            text=[str(k) for k in counts],
            textposition="outside",
            hovertemplate="space %{x}: %{y} dice<extra></extra>",
        )
    )
    top = max(max(counts, default=0), 1)
    fig.update_layout(
        title=title, xaxis_title="action space", yaxis_title="dice", showlegend=False, **LAYOUT
    )
    fig.update_yaxes(range=[0, top + 1.5], dtick=1)
    return fig
