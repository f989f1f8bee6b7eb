"""Text and HTML of a Hotel Amsterdam position (no plotting: the board figure is
:mod:`hoteledu.amsterdam.figures.board`).

The state's ``summary()``, ``render_text()`` and ``_repr_html_()`` are these
functions; they read the position's public attributes and decide no rule.

Examples
--------
>>> from hoteledu.amsterdam.rules import new_game
>>> state = new_game(players=2)
>>> summary(state)
'P1 (red): roll dice'
>>> cell_text(state, 3, 3), cell_text(state, 6, 3)
('DAM 0', 'B')
"""

from __future__ import annotations

import html
from typing import Any

from hoteledu.amsterdam.actions import point_text
from hoteledu.amsterdam.board import (
    BENDS,
    CANAL_INDEX,
    COLOURS,
    DAM,
    DAM_PLACE,
    PLACE_OF,
    QUAY_OF,
)
from hoteledu.amsterdam.phases import CHASE, DEAL, MOVE_MAYOR, MOVE_NIGHTWATCHMAN, OVER
from hoteledu.amsterdam.tiles import FUNCTIONS
from hoteledu.core.state import player_name


def summary(state: Any) -> str:
    """Whose turn it is and what happens now, in words."""
    if state.phase == OVER:
        scores = state.scores()
        win = ", ".join(f"{player_name(p)} ({COLOURS[p]})" for p in state.winners())
        return f"game over: scores {scores}; winner {win}"
    if state.phase == DEAL:
        return "setup: dealing the building tiles"
    who = f"{player_name(state.player)} ({COLOURS[state.player]})"
    detail = state.phase
    if state.phase == MOVE_MAYOR:
        detail += f" {state.steps[0]} steps"
    elif state.phase == MOVE_NIGHTWATCHMAN:
        detail += f" {state.steps[1]} steps"
    elif state.phase == CHASE:
        detail = f"choose where {state.chased} chased tourists go"
    return f"{who}: {detail}"


def render_text(state: Any) -> str:
    """An ASCII board: tiles (DAY in capitals, night in lower case, tourists),
    the canal (``B`` the boat, quay counts), hotels (player digits) and the
    Mayor ``M`` / Nightwatchman ``N`` on the intersections."""
    width = 8
    marks: dict[tuple[int, int], str] = {}
    for p, hotels in enumerate(state.hotels):
        for x in hotels:
            marks[x] = str(p)
    marks[state.mayor] = "M" + marks.get(state.mayor, "")
    marks[state.nightwatchman] = "N" + marks.get(state.nightwatchman, "")
    lines = []
    for i in range(8):
        row = ""
        for j in range(8):
            mark = marks.get((i, j), "+")
            row += mark + "-" * (width - len(mark))
        lines.append(row[: 7 * width + 1])
        if i == 7:
            break
        cells = "".join("|" + cell_text(state, i, j).ljust(width - 1) for j in range(7))
        lines.append(cells + "|")
    counts = state.tourists
    lines.append(
        f"supply {state.supply}   Dam {counts[DAM_PLACE]}   quays {state.quays}   "
        f"target {state.target}"
    )
    for p in range(state.num_players):
        hotels = " ".join(point_text(x) for x in state.hotels[p]) or "-"
        lines.append(f"{player_name(p)} ({COLOURS[p]}): hotels {hotels}, score {state.score(p)}")
    dice = f"   dice {state.dice}" if state.dice else ""
    lines.append(summary(state) + dice)
    return "\n".join(lines)


def cell_text(state: Any, r: int, c: int) -> str:
    """The text of tile ``(r, c)``: its function and tourists, the Dam, a quay or the boat."""
    tile = (r, c)
    if tile == DAM:
        return f"DAM {state.tourists[DAM_PLACE]}"
    if tile in CANAL_INDEX:
        index = CANAL_INDEX[tile]
        boat = "B" if index == state.boat else ""
        if index in BENDS:
            return f"{boat}q{state.quays[QUAY_OF[index]]}"
        return boat or "~"
    place = PLACE_OF[tile]
    if state.tile_at[place] < 0:
        return "?"
    name = FUNCTIONS[state.shown_function(place)][:3]
    name = name.upper() if state.day_up[place] else name.lower()
    return f"{name} {state.tourists[place]}"


def board_html(state: Any) -> str:
    """The board as an HTML table with the text lines below it (a notebook's display)."""
    rows = []
    for r in range(7):
        cells = []
        for c in range(7):
            tile = (r, c)
            text = html.escape(cell_text(state, r, c))
            if tile == DAM:
                style = "background:#bbb"
            elif tile in CANAL_INDEX:
                style = "background:#cfe8ff"
            elif state.tile_at[PLACE_OF[tile]] >= 0 and state.day_up[PLACE_OF[tile]]:
                style = "background:#fff6cc"
            else:
                style = "background:#223;color:#fff"
            cells.append(
                f'<td style="{style};padding:4px;text-align:center;min-width:4em">{text}</td>'
            )
        rows.append("<tr>" + "".join(cells) + "</tr>")
    info = "<br>".join(html.escape(line) for line in render_text(state).splitlines()[15:])
    pawns = html.escape(
        f"Mayor at {point_text(state.mayor)}, Nightwatchman at {point_text(state.nightwatchman)}"
    )
    return (
        '<div><table style="border-collapse:collapse">'
        + "".join(rows)
        + f"</table><div>{pawns}<br>{info}</div></div>"
    )


__all__ = ["board_html", "cell_text", "render_text", "summary"]
