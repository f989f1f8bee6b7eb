"""Text and HTML pictures of a Boutique Hotel Manager state (no plotting libraries).

Each hotel mat is drawn as a week calendar: one row per room, one column
per night. A marker shows the stay's number, its shape (``#`` square =
check-in, ``o`` circle = a further night) and its colour (``b`` brown =
with breakfast, ``g`` green = room only).
"""

from __future__ import annotations

import html
from typing import Any

from hoteledu.boutique.mat import DAY_NAMES, NIGHTS
from hoteledu.core.state import player_name

# States are typed Any here: they are rules.BoutiqueState, and rules imports this module.


def _cells(state: Any, player: int) -> list[tuple[int, list[str]]]:
    """Per built room: the text of each night of the current week plus the next night."""
    base = state.week_start
    rows = []
    for room in state.built[player]:
        row = []
        for day in range(8):
            night = base + day
            index = state.occ[player][room * NIGHTS + night] if night < NIGHTS else -1
            if index < 0:
                row.append(".")
                continue
            _, card_id, checkin, rooms, _, _ = state.stays[index]
            card = state.card_of(card_id)
            start = card.rooms[rooms.index(room)].start
            shape = "#" if night - checkin == start else "o"
            colour = "b" if card.breakfast else "g"
            row.append(f"{shape}{colour}{index}")
        rows.append((room, row))
    return rows


def _header(state: Any) -> str:
    phase = state.phase
    where = f"week {state.week}, phase {phase}"
    if (
        phase in ("booking_change", "checkin", "reveal", "bid", "place")
        and state.stage == "booking"
    ):
        where += f", booking card {state.turn + 1}/{state.turns}"
    if state.stage == "walkin" and phase not in ("hire", "end", "expand"):
        where += f", walk-in day {DAY_NAMES[min(state.day, 6)]}"
    return where


def render_text(state: Any) -> str:
    """The whole state as plain text: one week calendar per hotel."""
    lines = [f"Boutique Hotel Manager: {_header(state)}"]
    if state.card >= 0:
        card = state.card_of(state.card)
        lines.append(f"On the table: card {card.id} {card.name} ({card.describe()})")
    if state.last_event:
        lines.append(f"Last: {state.last_event}")
    for p in range(state.n):
        status = " (lost: 0 stars)" if state.eliminated_week[p] is not None else ""
        staff = state.staff[p]
        staff_text = (
            "none"
            if staff is None
            else f"{staff[0]} housekeeping, {staff[1]} check-in, {staff[2]} kitchen"
        )
        lines.append("")
        lines.append(
            f"{player_name(p)}{status}: money {state.money[p]}, {state.stars[p]} stars, "
            f"staff {staff_text}"
        )
        lines.append("          " + " ".join(f"{d:>4}" for d in (*DAY_NAMES, "next")))
        prices = [f"{f * 100:>4}" if f else "   ?" for f in state.prices[p]]
        lines.append("  price   " + " ".join(prices) + f"  breakfast {state.breakfast[p] * 100}")
        for room, row in _cells(state, p):
            lines.append(f"  room {room + 1:<3}" + " ".join(f"{c:>4}" for c in row))
    return "\n".join(lines)


def render_html(state: Any) -> str:
    """The whole state as an HTML table per hotel (for Jupyter's rich display)."""
    parts = [f"<div><b>Boutique Hotel Manager</b>: {html.escape(_header(state))}"]
    if state.card >= 0:
        card = state.card_of(state.card)
        parts.append(
            f"<br>On the table: card {card.id} <i>{html.escape(card.name)}</i> "
            f"({html.escape(card.describe())})"
        )
    if state.last_event:
        parts.append(f"<br>Last: {html.escape(state.last_event)}")
    colours = {"b": "#c8a27a", "g": "#9fd49f"}
    for p in range(state.n):
        staff = state.staff[p]
        staff_text = (
            "not hired"
            if staff is None
            else (f"{staff[0]} housekeeping, {staff[1]} check-in, {staff[2]} kitchen")
        )
        status = " <b>(lost: 0 stars)</b>" if state.eliminated_week[p] is not None else ""
        parts.append(
            f"<h4>{player_name(p)}{status}: money {state.money[p]}, {'★' * state.stars[p]}"
            f"{'☆' * (5 - state.stars[p])}, staff {html.escape(staff_text)}</h4>"
        )
        head = "".join(f"<th>{d}</th>" for d in (*DAY_NAMES, "next"))
        rows = [f"<tr><th></th>{head}</tr>"]
        prices = "".join(f"<td>{f * 100 if f else '?'}</td>" for f in state.prices[p])
        rows.append(f"<tr><th>price</th>{prices}<td>breakfast {state.breakfast[p] * 100}</td></tr>")
        for room, row in _cells(state, p):
            cells = []
            for text in row:
                if text == ".":
                    cells.append("<td></td>")
                else:
                    shape = "■" if text[0] == "#" else "●"
                    cells.append(
                        f'<td style="background:{colours[text[1]]}">{shape} {text[2:]}</td>'
                    )
            rows.append(f"<tr><th>room {room + 1}</th>{''.join(cells)}</tr>")
        parts.append('<table style="border-collapse:collapse">' + "".join(rows) + "</table>")
    parts.append("</div>")
    return "".join(parts)
