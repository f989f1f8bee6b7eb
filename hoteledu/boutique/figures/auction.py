"""Plotly figures of the marketing bid (draws :mod:`hoteledu.boutique.analysis.auction`).

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

import numpy as np
import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.boutique.figures import PLAY_COLOUR, THEORY_COLOUR


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
