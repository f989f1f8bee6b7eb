"""Emperor thresholds (:mod:`..analysis.emperor`) and the tournament of emperor strategies.

:func:`tournament_figure` draws lesson 4's tournament of the heuristic bot against
the emperor-shy one (a :class:`hoteledu.core.tournament.TournamentResult`), with the
intervals of :func:`..analysis.intervals.tournament_rows`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.grand_austria.analysis.intervals import tournament_rows
from hoteledu.grand_austria.figures._style import (
    EXACT_COLOUR,
    LAYOUT,
    PLAYER_COUNT_COLOURS,
    SIMULATED_COLOUR,
)

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
    rates carry Wilson intervals, mean scores t intervals (right for a few games).
    """
    from plotly.subplots import make_subplots

    rows = tournament_rows(result)
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
    fig.update_yaxes(range=[0, 1], title_text="share of games won (Wilson 95%)", row=1, col=1)
    fig.update_yaxes(title_text="VP per game (t 95%)", row=1, col=2)
    fig.update_xaxes(title_text="agent")
    fig.update_layout(
        title=title or f"{result.num_games} seeded games, 95% intervals",
        **{**LAYOUT, "margin": {**LAYOUT["margin"], "t": 80}},  # room above the panel titles
    )
    return fig
