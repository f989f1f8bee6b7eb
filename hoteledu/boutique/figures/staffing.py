"""Plotly figures of staffing as a newsvendor (draws :mod:`hoteledu.boutique.analysis.staffing`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.boutique.figures import PLAY_COLOUR, THEORY_COLOUR

if TYPE_CHECKING:
    from hoteledu.boutique.analysis.staffing import StaffingCosts


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
