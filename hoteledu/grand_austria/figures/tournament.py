"""Win rates and mean scores of a tournament (a core.tournament.TournamentResult)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.grand_austria.figures.style import (
    EXACT_COLOUR,
    LAYOUT,
    PLAYER_COUNT_COLOURS,
    SIMULATED_COLOUR,
)

if TYPE_CHECKING:
    pass


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
