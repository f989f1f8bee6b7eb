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
from typing import TYPE_CHECKING, Any

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


# ------------------------------------------------ lesson 4: convergence, emperor, tournament
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
    fig.update_xaxes(type="log")
    fig.update_yaxes(type="log")
    return fig


PLAN_SYMBOLS = ("circle-open", "diamond-open", "square-open", "x-open")


def emperor_threshold_figure(
    payoffs: Sequence[Sequence[Fraction | float]],
    scorings: Sequence[Any],
    plans: Mapping[str, Any] | None = None,
) -> go.Figure:
    """VP of each emperor scoring against the space before it: a step function.

    ``payoffs[k][space]`` is scoring k's VP (track VP, plus the bonus or minus
    the penalty), ``scorings[k]`` has ``round``, ``avoid_penalty`` and
    ``bonus_space`` (``analysis.emperor.SCORINGS``); the thresholds are marked.
    ``plans`` (name to ``EmperorPlan``) adds each plan's targets as markers.
    """
    if len(payoffs) != len(scorings):
        raise ValueError("give one row of payoffs per scoring")
    fig = go.Figure()
    for k, (row, scoring) in enumerate(zip(payoffs, scorings, strict=True)):
        colour = list(PLAYER_COUNT_COLOURS.values())[k % len(PLAYER_COUNT_COLOURS)]
        fig.add_trace(
            go.Scatter(
                x=list(range(len(row))),
                y=[float(v) for v in row],
                name=f"round {scoring.round}: no penalty from {scoring.avoid_penalty}, "
                f"bonus from {scoring.bonus_space}",
                mode="lines+markers",
                line={"shape": "hv", "color": colour},
                hovertemplate=f"round {scoring.round}, space %{{x}}: %{{y:.0f}} VP<extra></extra>",
            )
        )
    for index, (name, plan) in enumerate((plans or {}).items()):
        fig.add_trace(
            go.Scatter(
                x=list(plan.targets),
                y=[float(payoffs[k][t]) for k, t in enumerate(plan.targets)],
                name=f"{name}: {', '.join(map(str, plan.targets))} (net {float(plan.net):.0f})",
                mode="markers",
                marker={
                    "size": 13,
                    "symbol": ("circle-open", "diamond-open", "square-open")[index % 3],
                },
            )
        )
    fig.add_hline(y=0, line_dash="dot", line_color="grey")
    fig.update_layout(
        title="Emperor scorings: VP against the space before the scoring",
        xaxis_title="emperor space before the scoring",
        yaxis_title="VP of the scoring",
        **LAYOUT,
    )
    fig.update_xaxes(dtick=1)
    return fig


def tournament_figure(result: Any, title: str | None = None) -> go.Figure:
    """Win rate and mean score of each agent of a tournament, with 95% intervals.

    ``result`` is a :class:`hoteledu.core.tournament.TournamentResult`: win
    rates carry Wilson intervals, mean scores normal intervals.
    """
    from plotly.subplots import make_subplots

    rows = result.rows()
    names = [r["agent"] for r in rows]
    fig = make_subplots(rows=1, cols=2, subplot_titles=("win rate", "mean score (VP)"))
    for col, key in ((1, "win_rate"), (2, "mean_score")):
        fig.add_trace(
            go.Bar(
                x=names,
                y=[r[key] for r in rows],
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [r[f"{key}_high"] - r[key] for r in rows],
                    "arrayminus": [r[key] - r[f"{key}_low"] for r in rows],
                },
                marker_color=[EXACT_COLOUR, SIMULATED_COLOUR, *PLAYER_COUNT_COLOURS.values()][
                    : len(rows)
                ],
                customdata=[[r[f"{key}_low"], r[f"{key}_high"]] for r in rows],
                hovertemplate="%{x}: %{y:.3f} [%{customdata[0]:.3f}, %{customdata[1]:.3f}]"
                "<extra></extra>",
                showlegend=False,
            ),
            row=1,
            col=col,
        )
    fig.update_yaxes(range=[0, 1], row=1, col=1)
    fig.update_layout(
        title=title or f"{result.num_games} seeded games, 95% intervals",
        **LAYOUT,
    )
    return fig
