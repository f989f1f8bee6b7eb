"""Plotly figures of walk-in demand (draws :mod:`hoteledu.boutique.analysis.walkins`).

Examples
--------
>>> from hoteledu.boutique.analysis.walkins import demand_curve
>>> fig = demand_revenue_figure(demand_curve())
>>> len(fig.data) >= 2
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go
from plotly.subplots import make_subplots

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.boutique.figures import SECOND_COLOUR, THEORY_COLOUR

if TYPE_CHECKING:
    from hoteledu.boutique.analysis.walkins import DemandCurve, ResidualDemand


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
    fig.update_yaxes(title_text="probability a walk-in books", range=[0, 1], row=1, col=1)
    fig.update_yaxes(title_text="expected money per walk-in", row=1, col=2)
    fig.update_layout(
        title=f"Walk-ins: demand and revenue (breakfast {100 * curve.breakfast}, "
        f"budget {curve.walkin_budget.replace('_', ' ')})",
        height=360,
    )
    return fig
