"""Plotly figures of the marketing bid, the walk-ins and staffing (issue 11).

Drawing computes nothing: each builder takes results of
:mod:`hoteledu.boutique.analysis.auction`, ``walkins`` or ``staffing`` and
returns a plain ``plotly.graph_objects.Figure``. The rules never import this
module, and it never imports ipywidgets.

Examples
--------
>>> from hoteledu.boutique.analysis.auction import all_pay_game, symmetric_equilibrium
>>> game = all_pay_game(400)
>>> fig = bid_distribution_figure(game.row_bids, symmetric_equilibrium(game).row, [0, 100, 100])
>>> [trace.name for trace in fig.data]
['equilibrium', 'played (3 bids)']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)

if TYPE_CHECKING:
    from hoteledu.boutique.analysis.staffing import StaffingCosts
    from hoteledu.boutique.analysis.walkins import DemandCurve, ResidualDemand

THEORY_COLOUR = "#1f77b4"
PLAY_COLOUR = "#ff7f0e"
SECOND_COLOUR = "#2ca02c"


def bid_distribution_figure(
    bids: Sequence[int],
    theory: Sequence[Fraction | float],
    played: Sequence[int] = (),
    title: str = "Bids: the equilibrium beside play",
    theory_name: str = "equilibrium",
) -> go.Figure:
    """Bars of the equilibrium mix over ``bids`` beside the frequencies of ``played`` bids."""
    x = [str(b) for b in bids]
    fig = go.Figure()
    fig.add_bar(
        x=x,
        y=[float(p) for p in theory],
        name=theory_name,
        marker_color=THEORY_COLOUR,
        text=[f"{float(p):.2f}" for p in theory],
    )
    played = np.asarray(played, dtype=int)
    n = len(played)
    freq = [float(np.mean(played == b)) if n else 0.0 for b in bids]
    fig.add_bar(
        x=x,
        y=freq,
        name=f"played ({n} bids)",
        marker_color=PLAY_COLOUR,
        text=[f"{f:.2f}" for f in freq],
    )
    fig.update_layout(
        title=title,
        barmode="group",
        xaxis_title="bid (money; 0 = the blank card)",
        yaxis_title="probability / frequency",
        yaxis_range=[0, 1],
        height=360,
    )
    return fig


def dissipation_figure(
    rounds: Sequence[int], dissipation: Sequence[float], equilibrium: float, title: str = ""
) -> go.Figure:
    """Running rent dissipation (total bids over the prize, averaged) against the equilibrium's."""
    fig = go.Figure()
    fig.add_scatter(x=list(rounds), y=list(dissipation), mode="lines+markers", name="played")
    fig.add_scatter(
        x=[min(rounds, default=0), max(rounds, default=1)],
        y=[equilibrium, equilibrium],
        mode="lines",
        name="equilibrium",
        line={"dash": "dash", "color": THEORY_COLOUR},
    )
    fig.update_layout(
        title=title or "Rent dissipation: total bids / prize",
        xaxis_title="round",
        yaxis_title="total bids / prize (running mean)",
        height=320,
    )
    return fig


def demand_revenue_figure(curve: DemandCurve, residual: ResidualDemand | None = None) -> go.Figure:
    """Demand (P(budget covers the price)) and revenue per walk-in against a flat day rate."""
    fig = make_subplots(
        rows=1, cols=2, subplot_titles=("demand: P(budget covers it)", "revenue per walk-in")
    )
    prices = [100 * f for f in curve.faces]
    fig.add_scatter(
        x=prices,
        y=[float(d) for d in curve.demand],
        name="first in the ranking",
        mode="lines+markers",
        marker_color=THEORY_COLOUR,
        row=1,
        col=1,
    )
    fig.add_scatter(
        x=prices,
        y=[float(r) for r in curve.revenue],
        name="first: revenue",
        mode="lines+markers",
        marker_color=THEORY_COLOUR,
        showlegend=False,
        row=1,
        col=2,
    )
    if residual is not None:
        label = f"second, first at {100 * residual.first_face}"
        fig.add_scatter(
            x=prices,
            y=[float(d) for d in residual.demand],
            name=label,
            mode="lines+markers",
            marker_color=SECOND_COLOUR,
            row=1,
            col=1,
        )
        fig.add_scatter(
            x=prices,
            y=[float(r) for r in residual.revenue],
            name=label,
            mode="lines+markers",
            marker_color=SECOND_COLOUR,
            showlegend=False,
            row=1,
            col=2,
        )
    fig.update_xaxes(title_text="flat day rate")
    fig.update_yaxes(range=[0, 1], row=1, col=1)
    fig.update_layout(
        title=f"Walk-ins: demand and revenue (breakfast {100 * curve.breakfast}, "
        f"budget {curve.walkin_budget.replace('_', ' ')})",
        height=360,
    )
    return fig


def newsvendor_figure(costs: StaffingCosts, category: str = "") -> go.Figure:
    """Expected cost of each staffing level: wages, stars (at the star value) and the total."""
    levels = list(costs.levels)
    stars_money = [float(costs.star_value * s) for s in costs.stars]
    fig = go.Figure()
    fig.add_bar(x=levels, y=list(costs.money), name="wages", marker_color="#7f7f7f")
    fig.add_bar(
        x=levels, y=stars_money, name=f"stars lost x {costs.star_value}", marker_color=PLAY_COLOUR
    )
    fig.add_scatter(
        x=levels,
        y=[float(t) for t in costs.total],
        name="expected cost",
        mode="lines+markers",
        marker_color=THEORY_COLOUR,
    )
    best = costs.best
    fig.add_scatter(
        x=[best],
        y=[float(costs.total[best])],
        name=f"best: {best}",
        mode="markers",
        marker={"size": 14, "symbol": "star", "color": "#d62728"},
    )
    fig.update_layout(
        title=f"Staffing {category} as a newsvendor ({costs.rule.replace('_', ' ')})".replace(
            "  ", " "
        ),
        barmode="stack",
        xaxis_title="staff hired",
        yaxis_title="expected cost (money)",
        height=360,
    )
    return fig
