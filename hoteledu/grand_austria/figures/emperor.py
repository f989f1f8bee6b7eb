"""Emperor thresholds: which plans reach the track's spaces (:mod:`..analysis.emperor`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.grand_austria.figures.style import (
    LAYOUT,
    PLAYER_COUNT_COLOURS,
)

if TYPE_CHECKING:
    pass


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
