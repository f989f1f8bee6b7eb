"""The board of Boutique Hotel Manager in plotly: the hotel mats as week calendars.

The board shows each hotel as a week calendar: one row per room space
(1..8; the three start rooms built, the others grey until built), one
column per night Monday..Sunday plus "next" (nights carried into next
week). A stay's markers are squares on its check-in night and circles on
the further nights, brown with breakfast and green for room only, numbered
with the guest card. Above the rooms: the day rates and the breakfast
price; below them: the day's need of staff (housekeeping/check-in/kitchen).
The header of each hotel gives money, stars, staff and the walk-in rank.

:func:`scene_from_state` reads what to draw from the players' observation;
:func:`board_figure` draws a scene, and :func:`board_trace_updates` /
:func:`board_layout_updates` redraw one in place. Nothing here decides a
rule, and nothing imports ipywidgets (the app in :mod:`hoteledu.boutique.app`
shows the figure).

Examples
--------
>>> from hoteledu.boutique.rules import new_game
>>> scene = scene_from_state(new_game(players=2), 0, "", ["P1", "P2"])
>>> [hotel["built"] for hotel in scene["players"]]
[[0, 1, 2], [0, 1, 2]]
>>> [t.name for t in board_figure(scene).data] == list(TRACE_NAMES)
True
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure)
from hoteledu.boutique.mat import DAY_NAMES, MAX_STARS, NIGHTS, PRICE_STEP

ROWS = 12
"""Rows of one hotel's block: header, prices, 8 rooms, need, a gap."""
SPACES = 8
PRICE_ROW, FIRST_ROOM_ROW, NEED_ROW = 1, 2, 10
ROOM_X = -0.9
BROWN, GREEN = "#a0522d", "#3c9d3c"
PLAYER_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a")
TRACE_NAMES = ("grid", "stays", "rooms", "prices", "headers", "need", "choices")


def _y(player: int, row: int) -> float:
    return -float(player * ROWS + row)


def scene_from_state(
    state: Any, viewer: int | None = None, caption: str = "", labels: Sequence[str] = ()
) -> dict[str, Any]:
    """What the board shows, from the table every player sees (``observation``).

    Boutique hides nothing between actions (secret entries live in the
    app's controller until everyone has decided), so every seat's scene is
    the same table; ``viewer`` names who looks.
    """
    obs = state.observation(viewer if viewer is not None else 0)
    n = state.num_players
    base = state.week_start
    rank = {p: i + 1 for i, p in enumerate(state.ranking_order())} if state.ranking else {}
    players = []
    for p in range(n):
        stays = []
        for room in obs["built"][p]:
            for col in range(8):
                night = base + col
                index = state.occ[p][room * NIGHTS + night] if night < NIGHTS else -1
                if index < 0:
                    continue
                _, card_id, checkin, rooms, price, source = obs["stays"][index]
                card = state.card_of(card_id)
                start = card.rooms[rooms.index(room)].start
                stays.append(
                    (
                        room,
                        col,
                        night - checkin == start,
                        card.breakfast,
                        str(card_id),
                        f"card {card_id} {card.name} ({source}, paid {price})",
                    )
                )
        need = state.demand(p)
        staff = obs["staff"][p]
        players.append(
            {
                "label": labels[p] if p < len(labels) else f"P{p + 1}",
                "money": obs["money"][p],
                "stars": obs["stars"][p],
                "staff": staff,
                "built": list(obs["built"][p]),
                "out": obs["eliminated_week"][p] is not None,
                "prices": list(obs["prices"][p]),
                "breakfast": obs["breakfast"][p],
                "stays": stays,
                "need": [tuple(day) for day in need],
                "rank": rank.get(p),
            }
        )
    table = f"week {obs['week']}"
    if obs["card"] >= 0:
        card = state.card_of(obs["card"])
        day = obs["checkin"] - base if obs["checkin"] >= 0 else None
        when = f", checks in {DAY_NAMES[day]}" if day is not None and 0 <= day < 7 else ""
        table += f"<br>on the table: card {card.id} {card.name} ({card.describe()}){when}"
    elif obs["checkin"] >= 0 and 0 <= obs["checkin"] - base < 7:
        table += f"<br>check-in die: {DAY_NAMES[obs['checkin'] - base]}"
    if obs["phase"] in ("budget", "walkin_card") or (
        obs["stage"] == "walkin" and obs["budget"] and obs["card"] >= 0
    ):
        table += f" · walk-in budget {obs['budget'] * PRICE_STEP} per night"
    if obs["last_event"]:
        table += f"<br>last: {obs['last_event']}"
    return {
        "n": n,
        "caption": caption,
        "table": table,
        "viewer": viewer,
        "players": players,
    }


def board_trace_updates(scene: dict[str, Any], highlight: Sequence[Any] = ()) -> list[dict]:
    """The data of each trace of :func:`board_figure`, in :data:`TRACE_NAMES` order."""
    grid_x, grid_y = [], []
    stay = {"x": [], "y": [], "text": [], "symbol": [], "color": [], "hover": []}
    rooms = {"x": [], "y": [], "text": [], "color": [], "custom": [], "hover": []}
    prices = {"x": [], "y": [], "text": []}
    headers = {"x": [], "y": [], "text": [], "color": []}
    need = {"x": [], "y": [], "text": []}
    for p, hotel in enumerate(scene["players"]):
        built = set(hotel["built"])
        for space in range(SPACES):
            y = _y(p, FIRST_ROOM_ROW + space)
            rooms["x"].append(ROOM_X)
            rooms["y"].append(y)
            rooms["text"].append(str(space + 1))
            rooms["color"].append("#ffffff" if space in built else "#d0d0d0")
            rooms["custom"].append([p, space])
            rooms["hover"].append(
                f"{hotel['label']}: room {space + 1}"
                + ("" if space in built else " (not built: 1000 in the expansion phase)")
            )
            if space in built:
                for col in range(8):
                    grid_x.append(col)
                    grid_y.append(y)
        for room, col, checkin, breakfast, text, hover in hotel["stays"]:
            stay["x"].append(col)
            stay["y"].append(_y(p, FIRST_ROOM_ROW + room))
            stay["text"].append(text)
            stay["symbol"].append("square" if checkin else "circle")
            stay["color"].append(BROWN if breakfast else GREEN)
            stay["hover"].append(hover)
        for d in range(7):
            face = hotel["prices"][d]
            prices["x"].append(d)
            prices["y"].append(_y(p, PRICE_ROW))
            prices["text"].append(str(face * PRICE_STEP) if face else "?")
            hk, ci, kit = hotel["need"][d]
            need["x"].append(d)
            need["y"].append(_y(p, NEED_ROW))
            need["text"].append(f"{hk}/{ci}/{kit}")
        prices["x"].append(8)
        prices["y"].append(_y(p, PRICE_ROW))
        prices["text"].append(str(hotel["breakfast"] * PRICE_STEP) if hotel["breakfast"] else "?")
        staff = hotel["staff"]
        staff_text = "not hired" if staff is None else "/".join(str(s) for s in staff)
        stars = "★" * hotel["stars"] + "☆" * (MAX_STARS - hotel["stars"])
        header = f"<b>{html.escape(hotel['label'])}</b>  money {hotel['money']}  {stars}"
        header += f"  staff {staff_text}"
        if hotel["rank"]:
            header += f"  walk-in rank {hotel['rank']}"
        if hotel["out"]:
            header += "  OUT (0 stars)"
        headers["x"].append(-1.5)
        headers["y"].append(_y(p, 0))
        headers["text"].append(header)
        headers["color"].append(PLAYER_COLOURS[p % len(PLAYER_COLOURS)])
    marks = [(int(p), int(s)) for p, s in highlight]
    return [
        {"x": grid_x, "y": grid_y},
        {
            "x": stay["x"],
            "y": stay["y"],
            "text": stay["text"],
            "hovertext": stay["hover"],
            "marker": {"symbol": stay["symbol"], "color": stay["color"]},
        },
        {
            "x": rooms["x"],
            "y": rooms["y"],
            "text": rooms["text"],
            "customdata": rooms["custom"],
            "hovertext": rooms["hover"],
            "marker": {"color": rooms["color"]},
        },
        prices,
        {
            "x": headers["x"],
            "y": headers["y"],
            "text": headers["text"],
            "textfont": {"color": headers["color"]},
        },
        need,
        {
            "x": [ROOM_X] * len(marks),
            "y": [_y(p, FIRST_ROOM_ROW + s) for p, s in marks],
        },
    ]


CAPTION_CHARACTERS = 80
"""The caption (14 px) wraps at this many characters: it stays inside the 760 px board."""
TABLE_CHARACTERS = 105
"""Each line of what is on the table (11 px) wraps at this many characters."""
DAY_HEADER_PIXELS = 28
"""Room above the plot for the day headers (the x axis' labels, on top)."""


def board_layout_updates(scene: dict[str, Any]) -> dict[str, Any]:
    """Title (whose turn, the table), height and vertical range: what changes with the scene."""
    n = scene["n"]
    caption = [html.escape(line) for line in textwrap.wrap(scene["caption"], CAPTION_CHARACTERS)]
    table = [
        line
        for part in scene["table"].split("<br>")
        for line in textwrap.wrap(part, TABLE_CHARACTERS)
    ]
    title = f"<span style='font-size:14px'>{'<br>'.join(caption)}</span><br>"
    title += f"<span style='font-size:11px'>{'<br>'.join(table)}</span>"
    # the title hangs from the figure's top; the top margin holds it and the day headers
    top = DAY_HEADER_PIXELS + 20 * len(caption) + 16 * len(table) + 16
    height = top + 20 + n * ROWS * 21
    return {
        # plotly sets a many-line title's first line at y and the others below it
        "title": {"text": title, "yref": "container", "y": 1 - 22 / height, "yanchor": "top"},
        "margin": {"t": top},
        "height": height,
        "yaxis": {"range": [_y(n - 1, ROWS - 1), 0.8]},
    }


def board_figure(scene: dict[str, Any], highlight: Sequence[Any] = ()) -> go.Figure:
    """The hotel mats of every player as one plotly figure (traces in :data:`TRACE_NAMES`)."""
    updates = board_trace_updates(scene, highlight)
    common = {"hoverinfo": "text", "showlegend": False}
    figure = go.Figure(
        [
            go.Scatter(
                name="grid",
                mode="markers",
                marker={"symbol": "square", "size": 17, "color": "#ececec"},
                hoverinfo="skip",
                showlegend=False,
                **updates[0],
            ),
            go.Scatter(
                name="stays",
                mode="markers+text",
                textfont={"color": "white", "size": 10},
                **common,
                **{
                    **updates[1],
                    "marker": {
                        **updates[1]["marker"],
                        "size": 17,
                        "line": {"width": 1, "color": "#333"},
                    },
                },
            ),
            go.Scatter(
                name="rooms",
                mode="markers+text",
                textfont={"size": 11},
                **common,
                **{
                    **updates[2],
                    "marker": {
                        **updates[2]["marker"],
                        "symbol": "square",
                        "size": 18,
                        "line": {"width": 1, "color": "#555"},
                    },
                },
            ),
            go.Scatter(
                name="prices",
                mode="text",
                textfont={"size": 12, "color": "#222"},
                hoverinfo="skip",
                showlegend=False,
                **updates[3],
            ),
            go.Scatter(
                name="headers",
                mode="text",
                textposition="middle right",
                hoverinfo="skip",
                showlegend=False,
                **{**updates[4], "textfont": {**updates[4]["textfont"], "size": 13}},
            ),
            go.Scatter(
                name="need",
                mode="text",
                textfont={"size": 10, "color": "#666"},
                hoverinfo="skip",
                showlegend=False,
                **updates[5],
            ),
            go.Scatter(
                name="choices",
                mode="markers",
                marker={
                    "symbol": "square-open",
                    "size": 24,
                    "color": "#ff9800",
                    "line": {"width": 3},
                },
                hoverinfo="skip",
                showlegend=False,
                **updates[6],
            ),
        ]
    )
    ticks = [*DAY_NAMES, "next", "breakfast"]
    figure.update_layout(
        width=760,
        margin={"l": 10, "r": 10, "b": 10},
        plot_bgcolor="white",
        xaxis={
            "range": [-1.6, 8.7],
            "tickvals": list(range(9)),
            "ticktext": ticks,
            "side": "top",
            "showgrid": False,
            "zeroline": False,
            "fixedrange": True,
        },
        dragmode=False,
    )
    figure.update_layout(board_layout_updates(scene))
    figure.update_yaxes(visible=False, fixedrange=True)
    for p in range(scene["n"]):
        figure.add_annotation(
            x=-1.55,
            y=_y(p, PRICE_ROW),
            text="price",
            showarrow=False,
            xanchor="left",
            font={"size": 10, "color": "#666"},
        )
        figure.add_annotation(
            x=-1.55,
            y=_y(p, NEED_ROW),
            text="need",
            showarrow=False,
            xanchor="left",
            font={"size": 10, "color": "#666"},
        )
    return figure


SVG_WIDTH = 760
"""Pixels: the SVG board's natural width (as the plotly figure's)."""
SVG_ROW_PIXELS = 21
_SVG_STYLES: dict[str, dict[str, Any]] = {
    "grid": {"mode": "markers", "marker": {"symbol": "square", "size": 17, "color": "#ececec"}},
    "stays": {
        "mode": "markers+text",
        "textfont": {"color": "white", "size": 12},
        "marker": {"size": 17, "line": {"width": 1, "color": "#333"}},
    },
    "rooms": {
        "mode": "markers+text",
        "textfont": {"size": 12},
        "marker": {"symbol": "square", "size": 18, "line": {"width": 1, "color": "#555"}},
    },
    "prices": {"mode": "text", "textfont": {"size": 12, "color": "#222"}},
    "headers": {"mode": "text", "textposition": "middle right", "textfont": {"size": 13}},
    "need": {"mode": "text", "textfont": {"size": 12, "color": "#666"}},
    "choices": {
        "mode": "markers",
        "marker": {"symbol": "square-open", "size": 24, "color": "#ff9800", "line": {"width": 3}},
    },
}
"""The traces' looks on the SVG board (those of :func:`board_figure`, no type under 12 px)."""
SVG_KEY = (
    "Key: ■ check-in night, ● further night (brown: with breakfast, green: room only; the "
    "number is the guest card) · price: day rates and breakfast (? not set yet) · need: "
    "housekeeping/check-in/kitchen · staff: hired housekeeping/check-in/kitchen · orange "
    "square: a room you may click"
)
"""The line under the SVG board that explains its marks and words."""


def svg_scene(scene: dict[str, Any], highlight: Sequence[Any] = ()) -> Any:
    """The hotel mats as an :class:`~hoteledu.apps.svgboard_scene.SvgScene`: the elements
    of :func:`board_figure`, type of at least 12 px, :data:`SVG_KEY` under them.

    Rooms are the click targets, named ``"rooms"`` with the figure's customdata
    ``[player, space]``.

    Examples
    --------
    >>> from hoteledu.boutique.rules import new_game
    >>> drawing = svg_scene(scene_from_state(new_game(players=2), 0, "", ["P1", "P2"]))
    >>> ("rooms", [1, 7]) in drawing.targets
    True
    """
    from hoteledu.apps.svgboard_scene import SvgScene, text_spans, wrap_lines

    n, left, inner = scene["n"], 10, SVG_WIDTH - 20
    caption = wrap_lines(html.escape(scene["caption"]), inner, 14)
    table = wrap_lines(scene["table"], inner, 12)
    header = 10 + 18 * len(text_spans(caption)) + 16 * len(text_spans(table)) + 6
    top = header + 26  # the day headers
    plot_height = n * ROWS * SVG_ROW_PIXELS
    key = wrap_lines(SVG_KEY, inner, 12)
    drawing = SvgScene(SVG_WIDTH, top + plot_height + 15 * len(text_spans(key)) + 16)
    x_low, x_high = -1.6, 8.7
    y_low, y_high = _y(n - 1, ROWS - 1), 0.8

    def to_px(x: float, y: float) -> tuple[float, float]:
        return (
            left + (x - x_low) / (x_high - x_low) * inner,
            top + (y_high - y) / (y_high - y_low) * plot_height,
        )

    drawing.text(left, 10, caption, size=14, valign="top")
    drawing.text(left, 10 + 18 * len(text_spans(caption)), table, size=12, valign="top")
    for col, name in enumerate([*DAY_NAMES, "next", "breakfast"]):
        drawing.text(to_px(col, 0)[0], top - 12, name, size=12, fill="#444", anchor="middle")
    for name, data in zip(TRACE_NAMES, board_trace_updates(scene, highlight), strict=True):
        drawing.scatter(name, data, _SVG_STYLES[name], to_px, clickable=name == "rooms")
    for p in range(n):
        for row, word in ((PRICE_ROW, "price"), (NEED_ROW, "need")):
            x, y = to_px(-1.55, _y(p, row))
            drawing.text(x, y, word, size=12, fill="#666")
    drawing.text(left, top + plot_height + 6, key, size=12, fill="#444444", valign="top")
    return drawing


def legend_html() -> str:
    """The legend shown beside the board (no hovering needed)."""
    return (
        "<div style='font-size:90%'><b>Legend.</b> Each hotel is a week calendar: a row per "
        "room (grey numbers: not built yet), a column per night, <i>next</i> = nights carried "
        "into next week. "
        f"<span style='color:{BROWN}'>■</span> check-in night, "
        f"<span style='color:{BROWN}'>●</span> further night; "
        f"<span style='color:{BROWN}'>brown</span> with breakfast, "
        f"<span style='color:{GREEN}'>green</span> room only; the number is the guest card. "
        "<i>price</i>: day rates and breakfast (? = not set yet). <i>need</i>: that day's "
        "housekeeping/check-in/kitchen need; <i>staff</i> in the header: hired "
        "housekeeping/check-in/kitchen. Orange rings: rooms you may click now. Secret "
        "entries (prices, bids, staff, walk-in changes) are revealed when every player "
        "has decided.</div>"
    )


__all__ = [
    "TRACE_NAMES",
    "board_figure",
    "board_layout_updates",
    "board_trace_updates",
    "legend_html",
    "scene_from_state",
    "svg_scene",
]
