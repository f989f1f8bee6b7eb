"""The value of staff cards over the rounds (:mod:`..analysis.staff`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.grand_austria.figures._style import (
    DASHES,
    LAYOUT,
)

if TYPE_CHECKING:
    from hoteledu.grand_austria.analysis import (
        StaffValue,
    )


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
