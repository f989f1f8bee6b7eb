"""The action board (dice on the six spaces) and the app's game board.

Examples
--------
>>> fig = action_board_figure((2, 0, 1, 3, 1, 3))
>>> [round(y) for y in fig.data[0].y]
[2, 0, 1, 3, 1, 3]
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.grand_austria.figures._style import (
    EXACT_COLOUR,
    GUEST_COLOURS,
    LAYOUT,
    SIMULATED_COLOUR,
)
from hoteledu.grand_austria.vocabulary import ITEM_LETTERS, ITEMS, STAFF_TIMING_WORDS


def action_board_figure(
    counts: Sequence[int],
    highlight: Sequence[int] = (),
    title: str = "The action board",
) -> go.Figure:
    """The dice on the six action spaces as bars; the spaces in ``highlight`` (1..6) stand out."""
    if len(counts) != 6 or any(k < 0 for k in counts):
        raise ValueError(f"counts must be six numbers of dice >= 0 (spaces 1..6), got {counts!r}")
    spaces = [str(space) for space in range(1, 7)]
    colours = [SIMULATED_COLOUR if space in highlight else EXACT_COLOUR for space in range(1, 7)]
    fig = go.Figure(
        go.Bar(
            x=spaces,
            y=list(counts),
            name="dice",
            marker_color=colours,
            text=[str(k) for k in counts],
            textposition="outside",
            hovertemplate="space %{x}: %{y} dice<extra></extra>",
        )
    )
    top = max(max(counts, default=0), 1)
    fig.update_layout(
        title=title, xaxis_title="action space", yaxis_title="dice", showlegend=False, **LAYOUT
    )
    fig.update_yaxes(range=[0, top + 1.5], dtick=1)
    return fig


# ------------------------------------------------ lesson 4: convergence, emperor, tournament


# ------------------------------------------------------------------ the game board of the app
GAME_TRACE_NAMES: tuple[str, ...] = (
    "spaces",
    "guests",
    "info",
    "rooms",
    "cafe",
    "players",
    "emperor track",
    "emperor",
    "vp",
    "hint",
    "choices",
)
"""The traces of :func:`game_figure`, in order (the app updates them in place)."""
ROOM_COLOURS: Mapping[str, str] = {"yellow": "#e6b800", "blue": "#1f77b4", "red": "#d62728"}
ROOM_PALE_COLOURS: Mapping[str, str] = {"yellow": "#fff0a8", "blue": "#c6dcf2", "red": "#f6c4c4"}
PLAYER_COLOURS = ("#222222", "#6a1b9a", "#00897b", "#8d6e63")
"""Discs of P1..P4 on the emperor and VP tracks (not room colours, so nothing is read twice)."""
CHOICE_COLOUR = "#ff6f00"
SPACE_NAMES = {
    1: "strudel/cake",
    2: "wine/coffee",
    3: "prepare rooms",
    4: "emperor/money",
    5: "staff card",
    6: "any action",
}
BOARD_WIDTH = 25.0
"""Width of one hotel board in the game figure's units (one board per row)."""
BOARD_HEIGHT = 9.0
ACTION_BOARD_HEIGHT = 7.8
GAME_FIGURE_WIDTH = 780
"""Pixels: fits JupyterLab at 1280 px beside its file browser and a 1024 px tablet."""
PIXELS_PER_ROW_UNIT = 33
"""Vertical pixels per figure unit: the rows of words keep their 12 px type apart."""
TYPE_PX = 12
"""The smallest type on the board."""
BOARD_KEY = (
    "Key: an order reads S strudel, C cake, W wine, K coffee, then served/ordered "
    "(SSW 1/3: one of three served)<br>VP victory points · kr krones · turn order 2/3: "
    "a turn-order tile, the lowest uncovered number moves next · ▼ emperor disc · ◆ VP"
)
"""The line under the board that explains every abbreviation on it."""
KEY_PIXELS = 50
"""The bottom margin that holds :data:`BOARD_KEY`."""
TITLE_CHARACTERS = 95
"""The caption wraps at this many characters (two lines fit the top margin)."""
HINT_X = BOARD_WIDTH - 6.5
"""Left edge of the hint, right of the action board."""
VP_TRACK_SPAN = 100
"""VP the drawn VP track spans (a score beyond it sits at the end, its number in words)."""


def _catalog():
    from hoteledu.grand_austria import effects

    return effects.catalog()


def _observation(state: Any, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` sees (None: the public view, every hand face down)."""
    if isinstance(state, Mapping):
        return dict(state)
    if viewer is not None:
        return state.observation(viewer)
    view = state.observation(0)
    view["hand"] = [len(h) for h in state.hand]
    view["packets"] = [len(h) for h in state.packets]
    view["offer"] = len(state.offer)
    view["staff_bottom"] = [None for _ in state.staff_bottom]
    view["player"] = None
    return view


def guest_order_text(guest: int, served: Sequence[int] = (0, 0, 0, 0)) -> str:
    """``"SSW 1/3"``: the order's letters and how much of it is served."""
    order = _catalog().guests[guest].order
    letters = "".join(k * letter for k, letter in zip(order, ITEM_LETTERS, strict=True))
    return f"{letters} {sum(served)}/{sum(order)}"


def staff_card_text(card: int) -> str:
    """``"12 Sommelier (3 kr, once a round)"``: a staff card in a few words."""
    staff = _catalog().staff[card]
    timing = STAFF_TIMING_WORDS.get(staff.timing, staff.timing)
    return f"{card} {staff.name} ({staff.cost} kr, {timing})"


def scene_from_observation(state: Any, viewer: int | None = None, caption: str = "") -> dict:
    """Plain data the game figure draws, read from what ``viewer`` may see.

    ``state`` is a :class:`~hoteledu.grand_austria.rules.GrandAustriaState`
    (its ``observation(viewer)`` is read; None: the public view with every
    hand face down) or an observation dict already.
    """
    obs = _observation(state, viewer)
    n = len(obs["vp"])
    return {
        "caption": caption,
        "players": n,
        "viewer": viewer,
        "round": obs["round"],
        "dice": list(obs["dice"]),
        "dustbin": obs["dustbin"],
        "queue": list(obs["queue"]),
        "politics": list(obs["politics"]),
        "claims": [list(c) for c in obs["claims"]],
        "emperor_tiles": list(obs["emperor_tiles"]),
        "tiles": [list(t) for t in obs["tiles"]],
        "covered": list(obs["covered"]),
        "passed": list(obs["passed"]),
        "vp": list(obs["vp"]),
        "money": list(obs["money"]),
        "emperor": list(obs["emperor"]),
        "kitchen": [list(k) for k in obs["kitchen"]],
        "cafe": [[list(e) for e in cafe] for cafe in obs["cafe"]],
        "rooms": [list(r) for r in obs["rooms"]],
        "staff": [list(s) for s in obs["staff"]],
        "used": [list(u) for u in obs["used"]],
        "hand": [h if isinstance(h, int) else list(h) for h in obs["hand"]],
        "offer": obs["offer"] if isinstance(obs["offer"], int) else list(obs["offer"]),
    }


class _Points:
    """The points of one trace, built up in order."""

    def __init__(self) -> None:
        self.x: list[float | None] = []
        self.y: list[float | None] = []
        self.text: list[str] = []
        self.hover: list[str] = []
        self.customdata: list[list[Any]] = []
        self.colour: list[str] = []
        self.symbol: list[str] = []
        self.size: list[float] = []

    def add(
        self,
        x: float | None,
        y: float | None,
        text: str = "",
        hover: str = "",
        customdata: list[Any] | None = None,
        colour: str = "#444444",
        symbol: str = "circle",
        size: float = 10,
    ) -> None:
        self.x.append(None if x is None else round(float(x), 3))
        self.y.append(None if y is None else round(float(y), 3))
        self.text.append(text)
        self.hover.append(hover or text)
        self.customdata.append(customdata if customdata is not None else [])
        self.colour.append(colour)
        self.symbol.append(symbol)
        self.size.append(size)

    def data(self, clickable: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "x": self.x,
            "y": self.y,
            "text": self.text,
            "hovertext": self.hover,
            "marker": {"color": self.colour, "symbol": self.symbol, "size": self.size},
        }
        if clickable:
            out["customdata"] = self.customdata
        return out


def _board_origin(player: int) -> tuple[float, float]:
    """Top-left corner of a player's hotel board in the game figure (one per row)."""
    return 0.0, -ACTION_BOARD_HEIGHT - player * BOARD_HEIGHT


def _room_xy(room: int, ox: float, oy: float) -> tuple[float, float]:
    cat = _catalog()
    return ox + 0.7 + cat.column[room] * 0.85, oy - 5.4 + cat.floor[room] * 0.85


def _cafe_xy(slot: int, ox: float, oy: float) -> tuple[float, float]:
    return ox + 0.5 + slot * 4.2, oy - 1.35


def _emperor_xy(step: int, ox: float, oy: float) -> tuple[float, float]:
    return ox + 0.6 + step * 0.95, oy - 6.55


def _vp_xy(vp: int, ox: float, oy: float) -> tuple[float, float]:
    return ox + 0.6 + min(max(vp, 0), VP_TRACK_SPAN) / VP_TRACK_SPAN * 16.0, oy - 7.8


def _player_parts(
    scene: Mapping[str, Any], p: int, ox: float, oy: float, parts: dict[str, _Points]
) -> None:
    """One player's hotel board: rooms, café, kitchen and staff words, emperor and VP tracks."""
    from hoteledu.grand_austria.hotel import EMPEROR_TRACK_MAX

    cat = _catalog()
    # rooms by colour and state: open square = no tile, pale with "o" = prepared, full = occupied
    for room in range(20):
        status = scene["rooms"][p][room]
        colour = cat.colour[room]
        x, y = _room_xy(room, ox, oy)
        state_word = ("empty", "prepared", "occupied")[status]
        parts["rooms"].add(
            x,
            y,
            text=("", "o", "●")[status],
            hover=f"P{p + 1} room {room}: floor {cat.floor[room] + 1}, {colour}, {state_word} "
            f"(group {cat.group[room]}, {cat.floor_cost[cat.floor[room]]} kr to prepare)",
            customdata=["room", p, room],
            colour=(ROOM_COLOURS[colour], ROOM_PALE_COLOURS[colour], ROOM_COLOURS[colour])[status],
            symbol="square-open" if status == 0 else "square",
            size=22,
        )
    # café: up to three guests with their orders
    for slot, entry in enumerate(scene["cafe"][p]):
        guest = cat.guests[entry[0]]
        x, y = _cafe_xy(slot, ox, oy)
        order = guest_order_text(entry[0], entry[1:5])
        parts["cafe"].add(
            x,
            y,
            text=f"{guest.name}<br>{order}",
            hover=f"P{p + 1} café {slot + 1}: {guest.name} ({guest.colour}, {guest.vp} VP), "
            f"order {order} served",
            customdata=["cafe", p, slot],
            colour=GUEST_COLOURS.get(guest.colour, EXACT_COLOUR),
            symbol="circle",
            size=16,
        )
    # words: the header, the kitchen, the staff played and the hand
    low, high = scene["tiles"][p]
    covered = scene["covered"][p]
    # the turn-order tile: its two numbers, the turns taken cover them one by one
    shown = (low, high)[covered] if covered < 2 else None
    tile = f"turn order {low}/{high}: " + (
        f"moves as {shown}" if shown is not None else "no turn left this round"
    )
    if scene["passed"][p]:
        tile += " (passed)"
    you = " (this view)" if scene["viewer"] == p else ""
    header = (
        f"<b>P{p + 1}{you}</b>: {scene['vp'][p]} VP · {scene['money'][p]} krones · "
        f"emperor track {scene['emperor'][p]} · {tile}"
    )
    kitchen = "kitchen: " + " · ".join(
        f"{k} {name}" for k, name in zip(scene["kitchen"][p], ITEMS, strict=True)
    )
    played = [
        staff_card_text(c) + (" used" if c in scene["used"][p] else "") for c in scene["staff"][p]
    ]
    hand = scene["hand"][p]
    if isinstance(hand, int):
        hand_text = f"hand: {hand} staff card{'s' if hand != 1 else ''} (hidden)"
    else:
        hand_text = "hand: " + ("<br>".join(staff_card_text(c) for c in hand) or "empty")
    parts["players"].add(ox + 0.15, oy - 0.3, text=header, colour=PLAYER_COLOURS[p], size=1)
    parts["players"].add(ox + 0.15, oy - 2.35, text=kitchen, size=1)
    staff_text = "played: " + ("<br>".join(played) if played else "none") + "<br>" + hand_text
    parts["players"].add(ox + 13.0, oy - 3.9, text=staff_text, size=1)
    # emperor track (0..top) and the VP track
    for step in range(EMPEROR_TRACK_MAX + 1):
        x, y = _emperor_xy(step, ox, oy)
        parts["emperor track"].add(
            x, y, text=str(step), hover=f"emperor track {step}", colour="#dddddd", size=22
        )
    x, y = _emperor_xy(min(scene["emperor"][p], EMPEROR_TRACK_MAX), ox, oy)
    parts["emperor"].add(
        x,
        y + 0.55,
        text="▼",
        hover=f"P{p + 1} emperor track {scene['emperor'][p]}",
        colour=PLAYER_COLOURS[p],
        symbol="triangle-down",
        size=12,
    )
    x, y = _emperor_xy(EMPEROR_TRACK_MAX + 1, ox, oy)
    parts["players"].add(x, y, text="emperor track (VP it scores)", size=1)
    x0, y0 = _vp_xy(0, ox, oy)
    x, _ = _vp_xy(VP_TRACK_SPAN, ox, oy)
    parts["players"].add(x + 1.2, y0, text="VP track", size=1)
    x1, _ = _vp_xy(VP_TRACK_SPAN, ox, oy)
    x, _ = _vp_xy(scene["vp"][p], ox, oy)
    parts["vp"].add(x0, y0, colour="#bbbbbb", size=4)
    parts["vp"].add(x1, y0, text=f"{VP_TRACK_SPAN}", colour="#bbbbbb", size=4)
    parts["vp"].add(None, None)
    parts["vp"].add(
        x,
        y0,
        text=f"{scene['vp'][p]} VP",
        hover=f"P{p + 1}: {scene['vp'][p]} VP",
        colour=PLAYER_COLOURS[p],
        symbol="diamond",
        size=13,
    )
    parts["vp"].add(None, None)


def _choice_xy(mark: Sequence[Any]) -> tuple[float, float, str] | None:
    kind = mark[0]
    if kind == "space":
        return 1.5 + 3 * (mark[1] - 1), -2.0, "circle-open"
    if kind == "guest":
        return 2.0 + 3.6 * mark[1], -3.9, "circle-open"
    ox, oy = _board_origin(mark[1])
    if kind == "room":
        x, y = _room_xy(mark[2], ox, oy)
        return x, y, "square-open"
    if kind == "cafe":
        x, y = _cafe_xy(mark[2], ox, oy)
        return x, y, "circle-open"
    return None


def game_trace_updates(
    scene: Mapping[str, Any], highlight: Sequence[Any] = (), hint: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The data of each trace of :func:`game_figure`, in :data:`GAME_TRACE_NAMES` order.

    ``highlight``: ``("space", s)``, ``("guest", slot)``, ``("room", p, room)``
    or ``("cafe", p, slot)`` marks, ringed in orange. ``hint``: the exact
    strength after passing (``dice``, ``distribution``, ``value``), or None.
    """
    cat = _catalog()
    parts = {name: _Points() for name in GAME_TRACE_NAMES}
    # the action board: six spaces with their dice
    for space in range(1, 7):
        count = scene["dice"][space - 1]
        parts["spaces"].add(
            1.5 + 3 * (space - 1),
            -2.0,
            text=f"<b>{count}</b>",
            hover=f"space {space} ({SPACE_NAMES[space]}): {count} dice (strength {count})",
            customdata=["space", space, 0],
            colour="#1f77b4" if count else "#cfd8dc",
            symbol="square",
            size=22 + 4 * count,
        )
        parts["info"].add(
            0.6 + 3 * (space - 1), -0.95, text=f"space {space}<br>{SPACE_NAMES[space]}"
        )
    # the guest row: costs 3 2 1 0 0 from the left
    from hoteledu.grand_austria.hotel import GUEST_QUEUE_COSTS

    for slot, guest in enumerate(scene["queue"]):
        x = 2.0 + 3.6 * slot
        if guest is None:
            parts["guests"].add(
                x, -3.9, text="(empty)", customdata=["guest", slot, 0], colour="#eeeeee", size=14
            )
            continue
        card = cat.guests[guest]
        parts["guests"].add(
            x,
            -3.9,
            text=f"{card.name}<br>{guest_order_text(guest)}<br>{card.vp} VP · "
            f"costs {GUEST_QUEUE_COSTS[slot]} kr",
            hover=f"guest space {slot + 1}: {cat.guest_text(guest)}, costs "
            f"{GUEST_QUEUE_COSTS[slot]} krones",
            customdata=["guest", slot, 0],
            colour=GUEST_COLOURS.get(card.colour, EXACT_COLOUR),
            size=18,
        )
    politics = "<br>".join(
        f"{'ABC'[i]}: {cat.politics[c].condition.describe()}"
        + (f" ({', '.join(f'P{q + 1}' for q in scene['claims'][i])})" if scene["claims"][i] else "")
        for i, c in enumerate(scene["politics"])
    )
    parts["info"].add(
        0.1,
        0.1,
        text=f"<b>Round {scene['round']} of 7</b> · {sum(scene['dice'])} dice on the board · "
        f"dustbin {scene['dustbin']} · emperor tiles {', '.join(map(str, scene['emperor_tiles']))}",
    )
    parts["info"].add(0.1, -6.55, text=f"<b>politics goals</b><br>{politics}" if politics else "")
    for p in range(scene["players"]):
        ox, oy = _board_origin(p)
        _player_parts(scene, p, ox, oy, parts)
    # the hint: the exact strength of the strongest space after everyone passes
    if hint:
        distribution = hint["distribution"]
        parts["hint"].add(
            HINT_X,
            -0.6,
            text=f"<b>hint</b>: if all pass, {hint['dice']} dice are rerolled;<br>"
            f"strongest space then: E = {float(hint['mean']):.2f}, "
            f"playing take-or-pass well V = {float(hint['value']):.2f}",
            size=1,
        )
        parts["hint"].add(None, None)
        top = max((float(q) for q in distribution), default=1.0) or 1.0
        for k, q in enumerate(distribution):
            if k == 0:
                continue
            x = HINT_X + 0.2 + k * 0.45
            parts["hint"].add(x, -4.6, size=1)
            parts["hint"].add(
                x,
                -4.6 + 2.6 * float(q) / top,
                text=str(k),
                hover=f"P(strongest = {k}) = {q} ≈ {float(q):.3f}",
                size=1,
            )
            parts["hint"].add(None, None)
    for mark in highlight:
        where = _choice_xy(mark)
        if where is not None:
            x, y, symbol = where
            # a guest's ring hugs its disc, clear of the name under or beside it
            size = 28 if mark[0] in ("guest", "cafe") else 40
            parts["choices"].add(x, y, colour=CHOICE_COLOUR, symbol=symbol, size=size)
    clickable = {"spaces", "guests", "rooms", "cafe"}
    return [parts[name].data(name in clickable) for name in GAME_TRACE_NAMES]


def game_layout_updates(scene: Mapping[str, Any]) -> dict[str, Any]:
    """The layout that changes with the scene: the title, and the height for 2 to 4 players."""
    bottom = -ACTION_BOARD_HEIGHT - scene["players"] * BOARD_HEIGHT
    return {
        "title": {"text": "<br>".join(textwrap.wrap(scene["caption"], TITLE_CHARACTERS))},
        "height": int(60 + KEY_PIXELS + PIXELS_PER_ROW_UNIT * -bottom),
        "yaxis": {"range": [bottom + 0.6, 0.6]},
    }


_TRACE_STYLE: dict[str, dict[str, Any]] = {
    "spaces": {
        "mode": "markers+text",
        "textposition": "middle center",
        "textfont": {"color": "white", "size": 15},
    },
    "guests": {
        "mode": "markers+text",
        "textposition": "bottom center",
        "textfont": {"size": TYPE_PX},
    },
    "info": {"mode": "text", "textposition": "middle right", "textfont": {"size": TYPE_PX}},
    "rooms": {
        "mode": "markers+text",
        "textposition": "middle center",
        "textfont": {"color": "#222222", "size": 14},
    },
    "cafe": {"mode": "markers+text", "textposition": "middle right", "textfont": {"size": TYPE_PX}},
    "players": {"mode": "text", "textposition": "middle right", "textfont": {"size": TYPE_PX}},
    "emperor track": {
        "mode": "markers+text",
        "textposition": "middle center",
        "textfont": {"size": TYPE_PX},
    },
    "emperor": {"mode": "markers", "hoverinfo": "text"},
    "vp": {
        "mode": "lines+markers+text",
        "textposition": "top center",
        "line": {"color": "#bbbbbb", "width": 3},
        "textfont": {"size": TYPE_PX},
    },
    "hint": {
        "mode": "lines+text",
        "textposition": "top center",
        "line": {"color": EXACT_COLOUR, "width": 14},
        "textfont": {"size": TYPE_PX},
    },
    "choices": {"mode": "markers", "hoverinfo": "skip", "marker": {"line": {"width": 3}}},
}
# "spaces" etc. put the legend text at the first point's left: right-aligned text reads better


def game_figure(
    scene: Mapping[str, Any], highlight: Sequence[Any] = (), hint: Mapping[str, Any] | None = None
) -> go.Figure:
    """The whole game in one figure: the action board, the guest row and every hotel board.

    Clickable traces carry ``customdata`` naming what was clicked:
    ``["space", s, 0]``, ``["guest", slot, 0]``, ``["room", p, room]``,
    ``["cafe", p, slot]``. Built from :func:`game_trace_updates`, so the app's
    in-place updates and a figure drawn afresh agree.
    """
    fig = go.Figure()
    for name, data in zip(
        GAME_TRACE_NAMES, game_trace_updates(scene, highlight, hint), strict=True
    ):
        style = dict(_TRACE_STYLE[name])
        marker = {**style.pop("marker", {}), **data.pop("marker")}
        if "hovertext" in data and style.get("hoverinfo") != "skip":
            style.setdefault("hoverinfo", "text")
        fig.add_trace(go.Scatter(name=name, marker=marker, **style, **data))
    fig.update_layout(
        template="plotly_white",
        showlegend=False,
        width=GAME_FIGURE_WIDTH,
        margin={"l": 10, "r": 10, "t": 60, "b": KEY_PIXELS},
        xaxis={"visible": False, "range": [-0.2, BOARD_WIDTH + 0.3], "fixedrange": True},
        dragmode=False,
        hovermode="closest",
        clickmode="event",
        **game_layout_updates(scene),
    )
    fig.update_yaxes(visible=False, fixedrange=True)
    fig.add_annotation(
        text=BOARD_KEY,
        xref="paper",
        yref="paper",
        x=0,
        y=0,
        xanchor="left",
        yanchor="top",
        align="left",
        showarrow=False,
        font={"size": TYPE_PX, "color": "#444444"},
    )
    return fig


def svg_scene(
    scene: Mapping[str, Any], highlight: Sequence[Any] = (), hint: Mapping[str, Any] | None = None
) -> Any:
    """The game board as an :class:`~hoteledu.apps.svgboard_scene.SvgScene`, drawn as the
    game has it (:mod:`hoteledu.grand_austria.figures._board_svg`): dice with pips, guest and
    staff cards, rooms by colour, the tracks, type of at least 12 px and a key on the board.

    Click targets are :func:`game_figure`'s clickable traces with the same ``customdata``.

    Examples
    --------
    >>> from hoteledu.grand_austria.rules import new_game
    >>> drawing = svg_scene(scene_from_observation(new_game(players=2), 0))
    >>> ("spaces", ["space", 1, 0]) in drawing.targets
    True
    """
    from hoteledu.grand_austria.figures import _board_svg as board_svg

    return board_svg.svg_scene(scene, highlight, hint)


def hotel_board_figure(state: Any, player: int, viewer: int | None = None) -> go.Figure:
    """One player's hotel board: rooms by colour and state, café, kitchen, emperor and VP tracks.

    ``state`` is a :class:`~hoteledu.grand_austria.rules.GrandAustriaState` or
    an observation dict. The staff hand is shown only to ``viewer`` (default:
    ``player`` themselves); other hands show their size.
    """
    if not 0 <= player < len(state["vp"] if isinstance(state, Mapping) else state.vp):
        raise ValueError(f"player must be an engine index 0..{3}, got {player!r}")
    scene = scene_from_observation(state, player if viewer is None else viewer)
    parts = {name: _Points() for name in GAME_TRACE_NAMES}
    _player_parts(scene, player, 0.0, 0.0, parts)
    fig = go.Figure()
    for name in ("rooms", "cafe", "players", "emperor track", "emperor", "vp"):
        data = parts[name].data(name in ("rooms", "cafe"))
        style = dict(_TRACE_STYLE[name])
        marker = {**style.pop("marker", {}), **data.pop("marker")}
        style.setdefault("hoverinfo", "text")
        fig.add_trace(go.Scatter(name=name, marker=marker, **style, **data))
    fig.update_layout(
        template="plotly_white",
        title=f"P{player + 1}'s hotel, round {scene['round']}",
        showlegend=False,
        height=420,
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
        xaxis={"visible": False, "range": [-0.2, BOARD_WIDTH + 0.3]},
        yaxis={"visible": False, "range": [-BOARD_HEIGHT + 0.6, 0.3]},
    )
    return fig
