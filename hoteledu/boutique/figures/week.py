"""Each hotel's week, and money and stars over a game (draws analysis/week.py).

* :func:`week_figure`: per hotel and day, the room-nights, check-ins and
  breakfasts of a week (:func:`~hoteledu.boutique.analysis.week.week_table`),
  with the staff hired beside them: a bar above its staff line is a shortfall.
* :func:`money_stars_figure`: every player's money and stars after each
  action of a game (:func:`~hoteledu.boutique.analysis.week.game_series`),
  with the weeks marked.

Examples
--------
>>> import hoteledu
>>> from hoteledu.boutique.bots import PeakLoadBot, StafferBot
>>> state = hoteledu.load_game("boutique", players=2, weeks=1)
>>> record = hoteledu.play(state, [PeakLoadBot(), StafferBot()], seed=1)
>>> len(money_stars_figure(record).data) == 8  # per player: money, stars, their end labels
True
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

import hoteledu._display  # noqa: F401  (before plotly: see the module)
from hoteledu.boutique.analysis.week import STAFF, game_series, week_table
from hoteledu.boutique.mat import DAY_NAMES
from hoteledu.core.records import GameRecord
from hoteledu.core.state import State, player_name

CATEGORIES = ("room-nights", "check-ins", "breakfasts")
CATEGORY_COLOURS = ("#5c6bc0", "#26a69a", "#a0522d")
PLAYER_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a")


END_PAD = 0.06
"""How far past the last action the lines are carried, as a share of the game's length."""


def week_figure(state: State, week: int | None = None) -> go.Figure:
    """Bars of each hotel's daily need in ``week``, staff hired as dashed lines."""
    table = week_table(state, week)
    n = len(table)
    shown = state.week if week is None else week  # type: ignore[attr-defined]
    figure = make_subplots(
        rows=n,
        cols=1,
        shared_xaxes=True,
        subplot_titles=[
            f"{row['player']}: staff "
            + ("not hired" if row["staff"] is None else "/".join(map(str, row["staff"])))
            for row in table
        ],
        vertical_spacing=0.12 / max(1, n - 1) if n > 1 else 0.1,
    )
    for p, row in enumerate(table):
        for c, (name, colour) in enumerate(zip(CATEGORIES, CATEGORY_COLOURS, strict=True)):
            figure.add_trace(
                go.Bar(
                    name=name,
                    legendgroup=name,
                    showlegend=p == 0,
                    x=list(DAY_NAMES),
                    y=[day[c] for day in row["need"]],
                    marker_color=colour,
                ),
                row=p + 1,
                col=1,
            )
            if row["staff"] is not None:
                figure.add_trace(
                    go.Scatter(
                        name=f"{STAFF[c]} staff",
                        legendgroup=name,
                        showlegend=p == 0,
                        x=list(DAY_NAMES),
                        y=[row["staff"][c]] * 7,
                        mode="lines",
                        line={"color": colour, "dash": "dash"},
                    ),
                    row=p + 1,
                    col=1,
                )
        figure.update_yaxes(title_text="count", rangemode="tozero", row=p + 1, col=1)
    figure.update_layout(
        title=f"Week {shown}: each hotel's need per day; dashed: staff hired",
        barmode="group",
        height=180 + 200 * n,
        width=760,
    )
    return figure


def money_stars_figure(game: GameRecord | State) -> go.Figure:
    """Two panels over the game's actions: each player's money, and their stars.

    The last action often pays the last guests, so every line is carried on
    past it (``END_PAD`` of the game's length) and ends in a labelled marker
    with the final money and stars: the end result is read off the figure,
    not off a one-pixel step at its edge. The title names only the lines
    drawn (no "week 2" in a one-week game).
    """
    series = game_series(game)
    n = len(series["money"][0])
    steps = list(range(len(series["money"])))
    end = steps[-1] + max(1, round(END_PAD * steps[-1]))
    final_money, final_stars = series["money"][-1], series["stars"][-1]
    record = game if isinstance(game, GameRecord) else GameRecord.from_state(game)
    final_state: Any = record.replay()
    winners = set(final_state.winners()) if final_state.is_terminal() else set()
    figure = make_subplots(
        rows=2,
        cols=1,
        shared_xaxes=True,
        row_heights=[0.65, 0.35],
        subplot_titles=["money", "stars"],
        vertical_spacing=0.1,
    )
    for p in range(n):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        label = f"{player_name(p)} {final_money[p]:,}" + (" (wins)" if p in winners else "")
        for row, values, suffix in (
            (1, [m[p] for m in series["money"]], label),
            (2, [s[p] for s in series["stars"]], f"{final_stars[p]} stars"),
        ):
            figure.add_trace(
                go.Scatter(
                    name=player_name(p) if row == 1 else f"{player_name(p)} stars",
                    legendgroup=player_name(p),
                    showlegend=row == 1,
                    x=[*steps, end],
                    y=[*values, values[-1]],
                    mode="lines",
                    line={"color": colour, "shape": "hv", "width": 2},
                ),
                row=row,
                col=1,
            )
            figure.add_trace(
                go.Scatter(
                    name=f"{player_name(p)} at the end",
                    legendgroup=player_name(p),
                    showlegend=False,
                    x=[end],
                    y=[values[-1]],
                    mode="markers+text",
                    marker={"color": colour, "size": 9},
                    text=[suffix],
                    # alternate above and below, so equal values do not print on each other
                    textposition="top right" if p % 2 == 0 else "bottom right",
                    cliponaxis=False,
                    hoverinfo="skip",
                ),
                row=row,
                col=1,
            )
    for index in series["week_starts"]:
        figure.add_vline(x=index, line_dash="dot", line_color="#888")
    for index in series["ratings"]:
        figure.add_vline(x=index, line_dash="dash", line_color="#bbb")
    notes = []
    if series["ratings"]:
        notes.append("dashed: ratings")
    if series["week_starts"]:
        notes.append("dotted: week 2 begins")
    figure.update_yaxes(range=[-0.2, 5.2], dtick=1, row=2, col=1)
    figure.update_xaxes(title_text="action", row=2, col=1)
    figure.update_xaxes(range=[0, end * 1.02])
    figure.update_layout(
        title="Money and stars over the game" + (f" ({'; '.join(notes)})" if notes else ""),
        height=520,
        width=760,
        margin={"r": 150},
    )
    return figure


__all__ = ["money_stars_figure", "week_figure"]
