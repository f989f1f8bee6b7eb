"""The coach's panel in every app: a "Coach" checkbox, the win chances, the advice, a chart.

:class:`CoachPanel` draws what a :class:`~hoteledu.apps.coach.Coach` says of
the position now, for the seat whose view the app shows, and nothing while
the laptop passes (its words and its chart are emptied). It decides nothing:
the checkbox only asks the app to turn the coach on or off
(:meth:`hoteledu.apps.view.GameApp.set_coach`), and where the coach is not
allowed (a class experiment) the panel is hidden and the app refuses.

The chart is each player's win chance over the game so far, from the coached
seat's reports only, with the 95% interval as a band. In the app it is a
small SVG inside an HTML widget (:func:`win_chance_svg`), redrawn whole at
each change: a plotly ``FigureWidget`` would send plotly's 5 MB script again
for every new widget, and a second plotly plot in the page would be mistaken
for the board by anything that looks for "the" plot. Lessons draw the same
series with plotly (:func:`win_chance_figure`).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from hoteledu.apps.coach import Coach, CoachReport
from hoteledu.apps.pad import ICON_TEXT

COACH_HELP = (
    "The coach plays the game out many times from what <i>you</i> can see (never another "
    "seat's hidden cards or secret prices) and shows each player's chance to win, with its "
    "95% uncertainty, and the strong bot's three best moves when you decide. After your "
    "move it says what the move cost, when the difference is beyond the uncertainty."
)
COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a")


def win_chance_figure(series: list[CoachReport], labels: list[str]) -> go.Figure:
    """Each player's win chance over the game (x: actions so far), with 95% error bars.

    >>> win_chance_figure([], ["P1", "P2"]).layout.height
    170
    """
    figure = go.Figure()
    for p, label in enumerate(labels):
        xs = [r.moves for r in series]
        chances = [r.chances[p] for r in series]
        figure.add_scatter(
            x=xs,
            y=[c.estimate for c in chances],
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [c.high - c.estimate for c in chances],
                "arrayminus": [c.estimate - c.low for c in chances],
                "thickness": 1,
                "width": 0,
            },
            mode="lines+markers",
            name=label,
            line={"color": COLOURS[p % len(COLOURS)], "width": 2},
            marker={"size": 4},
            hovertemplate=f"{label}: %{{y:.0%}} after %{{x}} actions<extra></extra>",
        )
    figure.update_layout(
        height=170,
        width=500,
        margin={"l": 40, "r": 10, "t": 24, "b": 30},
        title={"text": "win chance over the game", "font": {"size": 12}},
        yaxis={"range": [0, 1], "tickformat": ".0%", "dtick": 0.25},
        xaxis={"title": {"text": "actions so far", "font": {"size": 10}}},
        legend={"orientation": "h", "y": -0.35, "font": {"size": 10}},
        showlegend=len(labels) > 1,
    )
    return figure


def win_chance_svg(series: list[CoachReport], labels: list[str], width: int = 480) -> str:
    """The win chance over the game as a small inline SVG: a line and a 95% band per player.

    >>> win_chance_svg([], ["P1"]).startswith("<svg")
    True
    """
    height, left, right, top, bottom = 120, 34, 8, 8, 18
    span_x = max([r.moves for r in series] + [1])
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(moves: int) -> float:
        return left + plot_w * moves / span_x

    def y(share: float) -> float:
        return top + plot_h * (1 - share)

    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}' role='img' aria-label='win chance over the game' "
        "style='font:10px sans-serif'>"
    ]
    for share in (0, 0.5, 1):
        parts.append(
            f"<line x1='{left}' x2='{width - right}' y1='{y(share):.1f}' y2='{y(share):.1f}' "
            "stroke='#ddd'/>"
            f"<text x='{left - 4}' y='{y(share) + 3:.1f}' text-anchor='end'>{share:.0%}</text>"
        )
    parts.append(
        f"<text x='{left}' y='{height - 4}'>0</text><text x='{width - right}' "
        f"y='{height - 4}' text-anchor='end'>actions so far: {span_x}</text>"
    )
    for p, label in enumerate(labels):
        colour = COLOURS[p % len(COLOURS)]
        chances = [(r.moves, r.chances[p]) for r in series]
        if not chances:
            continue
        upper = [f"{x(m):.1f},{y(c.high):.1f}" for m, c in chances]
        lower = [f"{x(m):.1f},{y(c.low):.1f}" for m, c in reversed(chances)]
        line = [f"{x(m):.1f},{y(c.estimate):.1f}" for m, c in chances]
        parts.append(
            f"<polygon points='{' '.join(upper + lower)}' fill='{colour}' fill-opacity='0.12'/>"
            f"<polyline points='{' '.join(line)}' fill='none' stroke='{colour}' "
            f"stroke-width='2'><title>{html.escape(label)}</title></polyline>"
        )
        last_x, last_y = line[-1].split(",")
        parts.append(f"<circle cx='{last_x}' cy='{last_y}' r='2.5' fill='{colour}'/>")
    parts.append("</svg>")
    return "".join(parts)


class CoachPanel:
    """The coach's widgets for one app (the app calls :meth:`refresh` under its lock).

    Parameters
    ----------
    coach : Coach
        What the panel shows.
    controller : GameController
        Whose seat is shown, the version now, the players' labels.
    on_toggle : callable
        Called with the checkbox's new value (the app turns the coach on or off).
    """

    def __init__(self, coach: Coach, controller: Any, on_toggle: Any) -> None:
        self.coach = coach
        self.controller = controller
        self.checkbox = w.Checkbox(value=coach.enabled, description="Coach", indent=False)
        self.checkbox.observe(lambda change: on_toggle(change["new"]), names="value")
        self.help_html = w.HTML(f"<small>{COACH_HELP}</small>")
        self.text_html = w.HTML()
        self.text_html.add_class("hoteledu-coach")
        self.chart_html = w.HTML()
        self.chart_html.add_class("hoteledu-coach-chart")
        self._chart_key: Any = None
        self.widget = w.VBox([self.checkbox, self.help_html, self.text_html, self.chart_html])
        self.widget.add_class("hoteledu-coach-panel")

    # ---------------------------------------------------------------- drawing
    def refresh(self) -> None:
        """Draw what the coach says now for the seat shown (nothing while the laptop passes)."""
        c, coach = self.controller, self.coach
        if self.checkbox.value != coach.enabled:
            self.checkbox.value = coach.enabled
        # hidden and disabled only for the eye: the app refuses the coach where not allowed
        if self.checkbox.disabled == coach.allowed:
            self.checkbox.disabled = not coach.allowed
        shown = None if coach.allowed else "none"
        if self.widget.layout.display != shown:
            self.widget.layout.display = shown
        if not coach.allowed:
            self.clear_private()
            return
        if c.needs_handover():
            self.clear_private()
            return
        seat = c.laptop_seat()
        if not coach.enabled:
            self._set_text("<i>Coach off: tick it to see your win chance and the best moves.</i>")
            self._set_chart(None)
            return
        if seat is None:
            self._set_text("<i>The coach helps the person at a seat: no seat is shown now.</i>")
            self._set_chart(None)
            return
        report = coach.shown(seat)
        if report is not None and report.version != c.version:
            report = None  # computed for an earlier position: a new job will replace it
        self._set_text(self._words(seat, report))
        series = coach.series(seat)
        self._set_chart(series if series else None)

    def _words(self, seat: int, report: CoachReport | None) -> str:
        adapter = self.controller.adapter
        parts = []
        said = self.coach.verdicts.get(seat)
        if said:
            parts.append(f"<div>{html.escape(said[0].upper() + said[1:])}.</div>")
        if report is None:
            parts.append(f"<div><i>{ICON_TEXT['clock']} the coach is thinking\u2026</i></div>")
            return "".join(parts)
        if not report.finished:
            parts.append(
                f"<div><i>{ICON_TEXT['clock']} thinking\u2026 step {report.steps_done} of "
                f"{report.steps}</i></div>"
            )
        rows = []
        for p, chance in enumerate(report.chances):
            who = adapter.player_label(p) + (" (you)" if p == seat else "")
            rows.append(
                f"<span class='hoteledu-win-chance'>{html.escape(who)}: "
                f"{html.escape(chance.text())}</span>"
            )
        parts.append("<div><b>Win chance</b>: " + "; ".join(rows) + "</div>")
        if report.top:
            items = "".join(f"<li>{html.escape(m.text())}</li>" for m in report.top)
            parts.append(
                "<div><b>What would the strong bot do here?</b>"
                f"<ol style='margin:0 0 0 1.2em;padding:0'>{items}</ol></div>"
            )
        return "".join(parts)

    def _set_text(self, value: str) -> None:
        if self.text_html.value != value:
            self.text_html.value = value

    def _set_chart(self, series: list[CoachReport] | None) -> None:
        """Redraw the chart when its points change (None: no chart)."""
        key = None if series is None else tuple((r.moves, r.chances) for r in series)
        if key == self._chart_key:
            return
        self._chart_key = key
        if series is None:
            self.chart_html.value = ""
            return
        players = range(len(series[0].chances))
        labels = [self.controller.adapter.player_label(p) for p in players]
        legend = " ".join(
            f"<span style='color:{COLOURS[p % len(COLOURS)]}'>\u25a0 {html.escape(label)}</span>"
            for p, label in enumerate(labels)
        )
        self.chart_html.value = (
            f"<div><small><b>Win chance over the game</b> {legend}</small></div>"
            + win_chance_svg(series, labels)
        )

    def clear_private(self) -> None:
        """The laptop passes: no word or point of the last seat's coach stays in a widget."""
        self._set_text("")
        self._set_chart(None)

    @property
    def text(self) -> str:
        """The panel's words as plain text (tests)."""
        import re

        return html.unescape(re.sub(r"<[^>]+>", " ", self.text_html.value))

    @property
    def chart_points(self) -> list[int]:
        """The actions-so-far of each point the chart shows (tests)."""
        return [] if self._chart_key is None else [moves for moves, _ in self._chart_key]


__all__ = ["COACH_HELP", "CoachPanel", "win_chance_figure", "win_chance_svg"]
