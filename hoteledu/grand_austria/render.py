"""Text and HTML of a Grand Austria state (no plotting: the figures are in :mod:`.figures`).

The rules' ``render_text()`` and ``_repr_html_()`` call these; they read the
state's fields and decide nothing.

Examples
--------
>>> from hoteledu.grand_austria.rules import new_game
>>> render_text(new_game(players=2)).splitlines()[0]
'Grand Austria Hotel, round 0/7, stage setup'
"""

from __future__ import annotations

import html
from typing import Any

from hoteledu.core.state import player_name
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria.hotel import ROUNDS
from hoteledu.grand_austria.vocabulary import ITEMS


def render_text(state: Any) -> str:
    """The state as plain text: the board, then each player's purse, café and hotel."""
    cat = fx.catalog()
    lines = [
        f"Grand Austria Hotel, round {state.round}/{ROUNDS}, stage {state.stage}",
        "dice on spaces 1-6: "
        + "  ".join(f"{s + 1}:{k}" for s, k in enumerate(state.dice))
        + f"   dustbin {state.dustbin}",
        "guest row (cost 3 2 1 0 0): "
        + "  ".join(cat.guest_text(g) if g is not None else "-" for g in state.queue),
    ]
    for i, card in enumerate(state.politics):
        lines.append(f"politics {'ABC'[i]}: {card} claimed by {state.claims[i]}")
    lines.append(f"emperor tiles: {state.emperor_tiles}")
    for p in range(state.n):
        low, high = state.tiles[p]
        lines.append(
            f"-- {player_name(p)}: {state.vp[p]} VP, {state.money[p]} krones, emperor "
            f"{state.emperor[p]}, turn tile {low}/{high} ({state.covered[p]} covered"
            + (", passed" if state.passed[p] else "")
            + ")"
        )
        lines.append(
            "   kitchen: "
            + ", ".join(f"{k} {name}" for k, name in zip(state.kitchen[p], ITEMS, strict=False))
        )
        for s, entry in enumerate(state.cafe[p]):
            lines.append(f"   café {s}: {cat.guest_text(entry[0])} served {entry[1:5]}")
        sym = ".PO"
        for floor in (3, 2, 1, 0):
            row = "".join(
                (
                    cat.colour[floor * 5 + c][0].upper()
                    if state.rooms[p][floor * 5 + c] == 0
                    else sym[state.rooms[p][floor * 5 + c]]
                )
                for c in range(5)
            )
            lines.append(f"   floor {floor + 1}: {row}")
        lines.append(f"   staff played: {state.staff[p]}  hand: {len(state.hand[p])} cards")
    return "\n".join(lines)


def state_html(state: Any) -> str:
    """The state as a small HTML table (what a notebook shows for a state)."""
    cat = fx.catalog()
    colours = {"blue": "#9cc3ff", "red": "#ff9c9c", "yellow": "#ffe48a"}
    parts = [f"<div><b>Grand Austria Hotel</b> round {state.round}/{ROUNDS}</div>"]
    parts.append(
        "<table><tr>"
        + "".join(
            f"<td style='padding:4px;border:1px solid #888'>space {s + 1}<br><b>{k}</b> dice</td>"
            for s, k in enumerate(state.dice)
        )
        + "</tr></table>"
    )
    parts.append(
        "<div>guests: "
        + " | ".join(html.escape(cat.guest_text(g)) if g is not None else "-" for g in state.queue)
        + "</div>"
    )
    for p in range(state.n):
        grid = []
        for floor in (3, 2, 1, 0):
            cells = []
            for c in range(5):
                r = floor * 5 + c
                status = state.rooms[p][r]
                mark = ("", "prepared", "<b>occupied</b>")[status]
                cells.append(
                    f"<td style='width:60px;height:22px;border:1px solid #666;"
                    f"background:{colours[cat.colour[r]] if status else '#eee'}'>{mark}</td>"
                )
            grid.append("<tr>" + "".join(cells) + "</tr>")
        cafe = "; ".join(html.escape(f"{cat.guest_text(e[0])} {e[1:5]}") for e in state.cafe[p])
        parts.append(
            f"<div><b>{player_name(p)}</b>: {state.vp[p]} VP, {state.money[p]} krones, emperor "
            f"{state.emperor[p]}; kitchen {state.kitchen[p]}; café: {cafe or 'empty'}</div>"
            f"<table>{''.join(grid)}</table>"
        )
    return "\n".join(parts)
