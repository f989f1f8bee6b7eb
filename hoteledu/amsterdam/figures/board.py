"""Plotly figure of the Hotel Amsterdam board, drawn from a :class:`BoardScene`.

Drawing computes nothing (``design/STYLE.md``): the board is drawn from a
:class:`BoardScene`, plain data read off a state by :func:`scene_from_state`;
the app (:mod:`hoteledu.amsterdam.app`) wraps the figure in a ``FigureWidget``
and refreshes it in place with :func:`board_trace_updates`.

This module never imports ipywidgets.

Coordinates: tile ``(row, col)`` is drawn centred on ``x = col, y = row``
with the y axis reversed (north up); intersection ``(i, j)`` lies at
``x = j - 0.5, y = i - 0.5``, the corner where its four tiles meet.

Examples
--------
>>> scene = BoardScene.example()
>>> fig = board_figure(scene)
>>> [t.name for t in fig.data][:3]
['streets', 'tiles', 'canal']
>>> len(trace(fig, "hotels").x)
0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.amsterdam.board import (
    BENDS,
    BUILDING_TILES,
    CANAL_TILES,
    COLOURS,
    DAM,
    DAM_DIAGONALS,
    INTERSECTIONS,
    JETTY,
    MAYOR_START,
    NIGHTWATCHMAN_START,
    Intersection,
    Tile,
    street_pairs,
)
from hoteledu.amsterdam.tiles import FUNCTIONS, is_day
from hoteledu.core.words import plural

# ----------------------------------------------------------------- constants
PLAYER_COLOURS: tuple[str, ...] = ("#d62728", "#1f77b4", "#2ca02c", "#e6b800")
"""Hotel colours of players 1..4: red, blue, green and yellow, as in the box."""
PLAYER_COLOUR_NAMES: tuple[str, ...] = COLOURS

# Day sides (white symbol) in light colours, night sides (black symbol) dark.
FUNCTION_COLOURS: tuple[str, ...] = (
    "#f6e3b4",  # museum
    "#f9d5c8",  # mansion
    "#e4f0c0",  # market
    "#e8ddf5",  # church
    "#c9ecd2",  # park
    "#fbe7f0",  # gallery
    "#4a3728",  # coffee shop
    "#2f3e63",  # bar
    "#5b2740",  # theatre
    "#263238",  # nightclub
    "#1f4d45",  # casino
    "#3d2b5a",  # jazz club
)
CANAL_COLOUR = "#a9d3ec"
BEND_COLOUR = "#86bfe0"
DAM_COLOUR = "#d8cfc0"
STREET_COLOUR = "#9e9e9e"
HIGHLIGHT_COLOUR = "#ff7f0e"
TOURIST_COLOUR = "#ff9933"
OVERLAY_COLOUR = "#9e9ac8"
OVERLAY_LINE_COLOUR = "#3f007d"

BOARD_TRACE_NAMES: tuple[str, ...] = (
    "streets",
    "tiles",
    "canal",
    "boat odds",
    "quays",
    "boat",
    "tourists",
    "intersections",
    "choices",
    "hotels",
    "mayor",
    "nightwatchman",
)
"""The board figure's traces, in drawing order (always all present, maybe empty)."""

CELL_PIXELS = 80
BOARD_PIXELS = 7 * CELL_PIXELS


# -------------------------------------------------------------------- scene
@dataclasses.dataclass(frozen=True)
class BoardScene:
    """Everything the board figure shows, as plain data (no rules, no state).

    Parameters
    ----------
    functions : mapping
        Building tile ``(row, col)`` -> the function number 0..11 it shows
        (0..5 day, 6..11 night: see :mod:`hoteledu.amsterdam.tiles`).
    tourists : mapping
        Tile (building tiles and the Dam) -> number of tourists on it.
    quays : mapping
        Canal index of a bend -> number of tourists waiting on that quay.
    boat : int
        Canal index of the boat (0 is the jetty).
    hotels : mapping
        Intersection -> owner (player number from 0).
    mayor, nightwatchman : tuple of int
        The intersections of the two pawns.
    players : int
        Number of players (for the legend of scores).
    scores : sequence of int
        Current points of each player (empty: not shown).
    supply : int or None
        Tourists left in the supply.
    aboard : int
        Tourists on the boat.
    caption : str
        One line shown above the board (whose turn, which phase).
    """

    functions: Mapping[Tile, int]
    tourists: Mapping[Tile, int]
    quays: Mapping[int, int] = dataclasses.field(default_factory=dict)
    boat: int = JETTY
    hotels: Mapping[Intersection, int] = dataclasses.field(default_factory=dict)
    mayor: Intersection = MAYOR_START
    nightwatchman: Intersection = NIGHTWATCHMAN_START
    players: int = 2
    scores: Sequence[int] = ()
    supply: int | None = None
    aboard: int = 0
    caption: str = ""

    @classmethod
    def example(cls) -> BoardScene:
        """A fixed scene for examples and tests: a checkerboard of the shipped tiles.

        The layout here is illustration only; games take theirs from the rules.
        """
        functions = {}
        for index, (r, c) in enumerate(BUILDING_TILES):
            day_up = (r + c) % 2 == 0
            functions[(r, c)] = index % 6 if day_up else 6 + (index + index // 6) % 6
        tourists = {t: 1 for t in ((2, 2), (2, 4), (4, 2), (4, 4))}
        return cls(functions=functions, tourists=tourists)


def scene_from_state(state: Any, caption: str | None = None) -> BoardScene:
    """Read a :class:`BoardScene` off an ``AmsterdamState`` (no rule is decided here).

    Parameters
    ----------
    state : AmsterdamState
        The position to draw, read through its public attributes
        (``tile_at``, ``day_up``, ``tourists``, ``quays``, ``boat``, ...).
    caption : str or None
        A line of text above the board; None uses ``state.summary()``.

    Returns
    -------
    BoardScene

    Examples
    --------
    >>> from hoteledu.amsterdam.rules import new_game
    >>> scene = scene_from_state(new_game(players=2))
    >>> scene.tourists[(2, 2)], scene.boat, scene.supply
    (1, 0, 26)
    """
    functions = {
        tile: state.shown_function(place)
        for place, tile in enumerate(BUILDING_TILES)
        if state.tile_at[place] >= 0
    }
    tourists = {tile: n for tile, n in zip((*BUILDING_TILES, DAM), state.tourists, strict=True)}
    quays = {bend: n for bend, n in zip(sorted(BENDS), state.quays, strict=True)}
    hotels = {tuple(x): p for p, own in enumerate(state.hotels) for x in own}
    return BoardScene(
        functions=functions,
        tourists=tourists,
        quays=quays,
        boat=state.boat,
        hotels=hotels,
        mayor=tuple(state.mayor),
        nightwatchman=tuple(state.nightwatchman),
        players=state.num_players,
        scores=tuple(state.scores()),
        supply=state.supply,
        aboard=state.boat_load,
        caption=state.summary() if caption is None else caption,
    )


# --------------------------------------------------------------- positions
def tile_xy(tile: Tile) -> tuple[float, float]:
    """Plot coordinates of a tile's centre."""
    return (float(tile[1]), float(tile[0]))


def intersection_xy(intersection: Intersection) -> tuple[float, float]:
    """Plot coordinates of an intersection (a corner where four tiles meet)."""
    return (intersection[1] - 0.5, intersection[0] - 0.5)


def _label(function: int) -> str:
    return FUNCTIONS[function].replace(" ", "<br>")


def _fmt_probability(p: Fraction | float) -> str:
    if isinstance(p, Fraction):
        return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)
    return f"{p:.0%}"


def _shapes(scene: BoardScene) -> list[dict[str, Any]]:
    """One rectangle per tile, coloured by kind and, for buildings, by function."""
    shapes = []
    for r in range(7):
        for c in range(7):
            if (r, c) == DAM:
                colour = DAM_COLOUR
            elif (r, c) in scene.functions:
                colour = FUNCTION_COLOURS[scene.functions[(r, c)]]
            elif r in (0, 6) and c in (0, 6):
                colour = BEND_COLOUR
            elif r in (0, 6) or c in (0, 6):
                colour = CANAL_COLOUR
            else:
                colour = "#ffffff"
            shapes.append(
                {
                    "type": "rect",
                    "x0": c - 0.5,
                    "x1": c + 0.5,
                    "y0": r - 0.5,
                    "y1": r + 0.5,
                    "fillcolor": colour,
                    "line": {"color": "#ffffff", "width": 2},
                    "layer": "below",
                }
            )
    return shapes


# ------------------------------------------------------------ board traces
def board_trace_updates(
    scene: BoardScene,
    highlight: Sequence[tuple[str, tuple[int, int]]] = (),
    boat_probabilities: Mapping[int, Fraction | float] | None = None,
) -> list[dict[str, Any]]:
    """The data of every board trace, in :data:`BOARD_TRACE_NAMES` order.

    The widget applies these dicts to its ``FigureWidget`` in one batch
    update; :func:`board_figure` builds a new figure from them.

    Parameters
    ----------
    scene : BoardScene
        What to draw.
    highlight : sequence of (kind, point)
        Legal choices to ring: ``("intersection", (i, j))`` or ``("tile", (r, c))``.
    boat_probabilities : mapping or None
        Canal index -> probability that the boat stops there next (exact
        Fractions are written as fractions). None: no overlay.

    Returns
    -------
    list of dict
        One dict of trace properties per trace name.
    """
    updates: dict[str, dict[str, Any]] = {}

    # Streets: one line trace with None gaps; diagonals across the Dam included.
    xs: list[float | None] = []
    ys: list[float | None] = []
    for a, b in street_pairs(True):
        (xa, ya), (xb, yb) = intersection_xy(a), intersection_xy(b)
        xs += [xa, xb, None]
        ys += [ya, yb, None]
    updates["streets"] = {"x": xs, "y": ys}

    # Building tiles and the Dam: labels, clickable, hover tells the side.
    tiles = [*BUILDING_TILES, DAM]
    tile_text, tile_hover, tile_colours = [], [], []
    for tile in tiles:
        if tile == DAM:
            tile_text.append("<b>Dam</b>")
            tile_hover.append(f"the Dam {tile}: {scene.tourists.get(tile, 0)} tourists")
            tile_colours.append("#333333")
            continue
        function = scene.functions.get(tile)
        if function is None:
            tile_text.append("?")
            tile_hover.append(f"tile {tile}: not dealt yet")
            tile_colours.append("#333333")
            continue
        side = "day side (white symbol)" if is_day(function) else "night side (black symbol)"
        tile_text.append(_label(function))
        tile_hover.append(
            f"{FUNCTIONS[function]}, {side}, tile {tile}: {scene.tourists.get(tile, 0)} tourists"
        )
        tile_colours.append("#333333" if is_day(function) else "#f5f5f5")
    updates["tiles"] = {
        "x": [tile_xy(t)[0] for t in tiles],
        "y": [tile_xy(t)[1] - 0.28 for t in tiles],
        "text": tile_text,
        "hovertext": tile_hover,
        "customdata": [["tile", t[0], t[1]] for t in tiles],
        "textfont": {"color": tile_colours, "size": 10},
    }

    # Canal tiles: clickable (the tactical boat), quay hover.
    updates["canal"] = {
        "x": [tile_xy(t)[0] for t in CANAL_TILES],
        "y": [tile_xy(t)[1] for t in CANAL_TILES],
        "hovertext": [
            f"canal tile {i}"
            + (" (bend: a quay)" if i in BENDS else "")
            + (" - the jetty" if i == JETTY else "")
            for i in range(len(CANAL_TILES))
        ],
        "customdata": [["canal", i, 0] for i in range(len(CANAL_TILES))],
    }

    # Overlay: where the boat stops next, as given.
    odds = {i: p for i, p in (boat_probabilities or {}).items() if p}
    odds_idx = sorted(odds)
    updates["boat odds"] = {
        "x": [tile_xy(CANAL_TILES[i])[0] for i in odds_idx],
        "y": [tile_xy(CANAL_TILES[i])[1] for i in odds_idx],
        "text": [_fmt_probability(odds[i]) for i in odds_idx],
        "marker": {
            "size": [14 + 50 * float(odds[i]) for i in odds_idx],
            "color": [float(odds[i]) for i in odds_idx],
        },
        "hovertext": [
            f"the boat stops on canal tile {i} next with probability {_fmt_probability(odds[i])}"
            for i in odds_idx
        ],
    }

    waiting = sorted(i for i, n in scene.quays.items() if n)
    updates["quays"] = {
        "x": [tile_xy(CANAL_TILES[i])[0] + 0.25 for i in waiting],
        "y": [tile_xy(CANAL_TILES[i])[1] + 0.25 for i in waiting],
        "text": [str(scene.quays[i]) for i in waiting],
        "hovertext": [f"{scene.quays[i]} tourists waiting on the quay" for i in waiting],
    }

    bx, by = tile_xy(CANAL_TILES[scene.boat])
    updates["boat"] = {
        "x": [bx],
        "y": [by - 0.15],
        "text": [f"boat {scene.aboard}" if scene.aboard else "boat"],
        "hovertext": [f"the boat on canal tile {scene.boat} ({scene.aboard} aboard)"],
    }

    crowded = [t for t in (*BUILDING_TILES, DAM) if scene.tourists.get(t, 0)]
    updates["tourists"] = {
        "x": [tile_xy(t)[0] for t in crowded],
        "y": [tile_xy(t)[1] + 0.12 for t in crowded],
        "text": [str(scene.tourists[t]) for t in crowded],
        "marker": {"size": [18 + 3 * min(scene.tourists[t], 8) for t in crowded]},
        "hovertext": [f"{scene.tourists[t]} tourists on {t}" for t in crowded],
        "customdata": [["tile", t[0], t[1]] for t in crowded],
    }

    updates["intersections"] = {
        "x": [intersection_xy(p)[0] for p in INTERSECTIONS],
        "y": [intersection_xy(p)[1] for p in INTERSECTIONS],
        "customdata": [["intersection", p[0], p[1]] for p in INTERSECTIONS],
        "hovertext": [f"intersection {p}" for p in INTERSECTIONS],
    }

    sites = sorted(scene.hotels)
    updates["hotels"] = {
        "x": [intersection_xy(p)[0] for p in sites],
        "y": [intersection_xy(p)[1] for p in sites],
        "marker": {"color": [PLAYER_COLOURS[scene.hotels[p]] for p in sites]},
        "hovertext": [
            f"hotel of P{scene.hotels[p] + 1} ({PLAYER_COLOUR_NAMES[scene.hotels[p]]}) on {p}"
            for p in sites
        ],
        "customdata": [["intersection", p[0], p[1]] for p in sites],
    }

    for pawn, where in (("mayor", scene.mayor), ("nightwatchman", scene.nightwatchman)):
        x, y = intersection_xy(where)
        offset = -0.14 if pawn == "mayor" else 0.14
        updates[pawn] = {
            "x": [x + offset],
            "y": [y],
            "hovertext": [f"the {'Mayor' if pawn == 'mayor' else 'Nightwatchman'} on {where}"],
            "customdata": [["intersection", where[0], where[1]]],
        }

    points = [
        (intersection_xy(p) if kind == "intersection" else tile_xy(p), kind, p)
        for kind, p in highlight
    ]
    updates["choices"] = {
        "x": [xy[0] for xy, _, _ in points],
        "y": [xy[1] for xy, _, _ in points],
        "customdata": [[kind, p[0], p[1]] for _, kind, p in points],
        "hovertext": [f"legal choice: {kind} {p}" for _, kind, p in points],
    }
    return [updates[name] for name in BOARD_TRACE_NAMES]


def board_layout_updates(scene: BoardScene) -> dict[str, Any]:
    """The layout properties that change with the scene: tile colours and the title."""
    title = scene.caption
    if scene.scores:
        score_text = " | ".join(
            f"<span style='color:{PLAYER_COLOURS[p]}'>P{p + 1}: {s}</span>"
            for p, s in enumerate(scene.scores)
        )
        title = f"{title}<br>{score_text}" if title else score_text
    if scene.supply is not None:
        title += f"  (supply: {scene.supply})"
    return {"shapes": _shapes(scene), "title": {"text": title}}


def board_legend_html() -> str:
    """The board's legend as HTML, shown on the page (not only on hover: touch screens).

    Pawns, hotels in each player's colour, the day and night sides of tiles,
    tourist counts, quays, the boat, legal choices and the boat-stop overlay
    (purple diamonds, never the orange discs that count tourists).
    """

    def disc(fill: str, line: str = "#000", text: str = "", shape: str = "50%") -> str:
        return (
            f"<span style='display:inline-block;width:16px;height:16px;border-radius:{shape};"
            f"background:{fill};border:2px solid {line};text-align:center;font-size:10px;"
            f"line-height:16px;vertical-align:middle'>{text}</span>"
        )

    diamond = (
        f"<span style='display:inline-block;width:12px;height:12px;margin:2px;"
        f"background:{OVERLAY_COLOUR};border:1px solid {OVERLAY_LINE_COLOUR};"
        "transform:rotate(45deg);vertical-align:middle'></span>"
    )
    hotels = " ".join(
        disc(colour, shape="2px") + f" P{p + 1} {name}"
        for p, (colour, name) in enumerate(zip(PLAYER_COLOURS, PLAYER_COLOUR_NAMES, strict=True))
    )
    day, night = FUNCTION_COLOURS[0], FUNCTION_COLOURS[6]
    night_name = '<span style="color:#fff">A</span>'
    rows = [
        f"{disc('#ffffff')} the Mayor (white die) &nbsp; {disc('#000000', '#ffffff')} "
        "the Nightwatchman (black die)",
        f"hotels: {hotels}",
        f"{disc(day, '#ccc', 'A', '2px')} day side (light tile, dark name) &nbsp; "
        f"{disc(night, '#ccc', night_name, '2px')} "
        "night side (dark tile, light name)",
        f"{disc(TOURIST_COLOUR, text='3')} tourists on a tile (the number is the count) &nbsp; "
        "quays: the same disc at a canal bend",
        f"<span style='color:#8c564b'>&#9664;</span> the boat (with how many are aboard) &nbsp; "
        f"{disc('rgba(255,127,14,0.25)', HIGHLIGHT_COLOUR)} a legal choice: click it",
        f"{diamond} where the boat stops after the next roll (overlay; exact chance written on it)",
    ]
    return (
        "<details open><summary><b>Legend</b></summary><div style='font-size:90%;line-height:22px'>"
        + "<br>".join(rows)
        + "</div></details>"
    )


def board_figure(
    scene: BoardScene,
    highlight: Sequence[tuple[str, tuple[int, int]]] = (),
    boat_probabilities: Mapping[int, Fraction | float] | None = None,
) -> go.Figure:
    """The board: tiles by function, canal and boat, tourists, hotels, the two pawns.

    Parameters
    ----------
    scene : BoardScene
        What to draw (see :func:`scene_from_state`).
    highlight : sequence of (kind, point)
        Legal choices to ring, from ``state.legal_actions()``.
    boat_probabilities : mapping or None
        Canal index -> chance that the boat stops there next, as computed by
        the analysis (or read from ``chance_outcomes``); drawn as purple
        diamonds (never the tourists' orange discs) with the probability
        written on them.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces named as :data:`BOARD_TRACE_NAMES`; each point's
        ``customdata`` is ``[kind, a, b]`` so clicks map back to the board.

    Examples
    --------
    >>> fig = board_figure(BoardScene.example(), highlight=[("intersection", (2, 2))])
    >>> [list(p) for p in trace(fig, "choices").customdata]
    [['intersection', 2, 2]]
    """
    styles: dict[str, dict[str, Any]] = {
        "streets": {
            "mode": "lines",
            "line": {"color": STREET_COLOUR, "width": 3},
            "hoverinfo": "skip",
        },
        "tiles": {"mode": "text", "hoverinfo": "text"},
        "canal": {
            "mode": "markers",
            "marker": {"size": 30, "color": "rgba(0,0,0,0)"},
            "hoverinfo": "text",
        },
        "boat odds": {
            # diamonds in purples: never the orange discs that count tourists
            "mode": "markers+text",
            "marker": {
                "symbol": "diamond",
                "colorscale": "Purples",
                "cmin": 0,
                "cmax": 0.4,
                "line": {"color": OVERLAY_LINE_COLOUR, "width": 1},
                "opacity": 0.85,
            },
            "textfont": {"size": 10, "color": "#000000"},
            "hoverinfo": "text",
        },
        "quays": {
            "mode": "markers+text",
            "marker": {"size": 20, "color": TOURIST_COLOUR, "line": {"color": "#000", "width": 1}},
            "hoverinfo": "text",
        },
        "boat": {
            "mode": "markers+text",
            "textposition": "bottom center",
            "marker": {
                "size": 22,
                "color": "#8c564b",
                "symbol": "triangle-left",
                "line": {"color": "#000", "width": 1},
            },
            "textfont": {"size": 10},
            "hoverinfo": "text",
        },
        "tourists": {
            "mode": "markers+text",
            "marker": {"color": TOURIST_COLOUR, "line": {"color": "#000", "width": 1}},
            "textfont": {"size": 12, "color": "#000000"},
            "hoverinfo": "text",
        },
        "intersections": {
            "mode": "markers",
            "marker": {"size": 12, "color": STREET_COLOUR},
            "hoverinfo": "text",
        },
        "hotels": {
            "mode": "markers",
            "marker": {"size": 22, "symbol": "square", "line": {"color": "#000", "width": 2}},
            "hoverinfo": "text",
        },
        "mayor": {
            "mode": "markers",
            "marker": {"size": 18, "color": "#ffffff", "line": {"color": "#000", "width": 2}},
            "hoverinfo": "text",
        },
        "nightwatchman": {
            "mode": "markers",
            "marker": {"size": 18, "color": "#000000", "line": {"color": "#fff", "width": 2}},
            "hoverinfo": "text",
        },
        "choices": {
            "mode": "markers",
            "marker": {
                "size": 26,
                "color": "rgba(255,127,14,0.25)",
                "line": {"color": HIGHLIGHT_COLOUR, "width": 3},
            },
            "hoverinfo": "text",
        },
    }
    fig = go.Figure()
    for name, data in zip(
        BOARD_TRACE_NAMES, board_trace_updates(scene, highlight, boat_probabilities), strict=True
    ):
        props = dict(styles[name])
        for key, value in data.items():
            if isinstance(value, dict) and isinstance(props.get(key), dict):
                props[key] = {**props[key], **value}
            else:
                props[key] = value
        fig.add_trace(go.Scatter(name=name, showlegend=False, **props))
    fig.update_layout(
        board_layout_updates(scene),
        width=BOARD_PIXELS + 20,
        height=BOARD_PIXELS + 80,
        margin={"l": 10, "r": 10, "t": 70, "b": 10},
        plot_bgcolor="#ffffff",
        xaxis={"range": [-0.5, 6.5], "visible": False, "fixedrange": True},
        yaxis={"range": [6.5, -0.5], "visible": False, "fixedrange": True, "scaleanchor": "x"},
        hovermode="closest",
        clickmode="event",
        dragmode=False,
        title={"font": {"size": 14}, "x": 0.02},
    )
    return fig


# -------------------------------------------------------------- SVG board
SVG_MARGIN = 10
"""Pixels around the SVG board's drawing."""
BOARD_KEY = (
    "Key: orange ring = a legal choice (click it) · white disc = the Mayor, black disc = "
    "the Nightwatchman · squares = hotels in each player's colour · orange disc = "
    "tourists (the number is the count) · ◀ the boat · light tiles: day side, dark: night side"
)
"""The line under the SVG board that says what each piece is."""


def svg_scene(
    scene: BoardScene,
    highlight: Sequence[tuple[str, tuple[int, int]]] = (),
    boat_probabilities: Mapping[int, Fraction | float] | None = None,
) -> Any:
    """The board as an :class:`~hoteledu.apps.svgboard_scene.SvgScene`: the elements of
    :func:`board_figure`, in type of at least 12 px, with :data:`BOARD_KEY` under it.

    Click targets are named as the figure's traces and carry the same
    ``customdata`` (``["tile", r, c]``, ``["canal", i, 0]``,
    ``["intersection", i, j]``), so the app reads a click on either board alike.

    Examples
    --------
    >>> drawing = svg_scene(BoardScene.example(), highlight=[("intersection", (2, 2))])
    >>> ("choices", ["intersection", 2, 2]) in drawing.targets
    True
    >>> min(item["size"] for item in drawing.items if item["tag"] == "text")
    12
    """
    from hoteledu.apps.svgboard_scene import SvgScene, text_spans, wrap_lines

    cell, side = CELL_PIXELS, 7 * CELL_PIXELS
    width = side + 2 * SVG_MARGIN
    title = wrap_lines(scene.caption, side, 14) if scene.caption else ""
    scores = " · ".join(
        f"<span style='color:{PLAYER_COLOURS[p]}'><b>P{p + 1} {PLAYER_COLOUR_NAMES[p]}</b>: "
        f"{plural(s, 'point')}</span>"
        for p, s in enumerate(scene.scores)
    )
    if scene.supply is not None:
        scores += f" · supply: {scene.supply} tourists"
    header = [line for line in (title, scores) if line]
    top = SVG_MARGIN + sum(len(text_spans(line)) for line in header) * 18 + 6
    key = wrap_lines(BOARD_KEY, side, 12)
    key_height = len(text_spans(key)) * 15 + 10
    drawing = SvgScene(width, top + side + key_height + SVG_MARGIN)

    def at(x: float, y: float) -> tuple[float, float]:
        return SVG_MARGIN + (x + 0.5) * cell, top + (y + 0.5) * cell

    y = SVG_MARGIN
    for line, size in zip(header, (14, 13) if title else (13,), strict=False):
        drawing.text(SVG_MARGIN, y, line, size=size, valign="top")
        y += len(text_spans(line)) * 18
    updates = dict(
        zip(
            BOARD_TRACE_NAMES,
            board_trace_updates(scene, highlight, boat_probabilities),
            strict=True,
        )
    )
    # the tiles, coloured by kind and function; a building tile or the Dam is clickable
    canal_index = {tile: i for i, tile in enumerate(CANAL_TILES)}
    tile_hover = {
        (int(data[1]), int(data[2])): hover
        for data, hover in zip(
            updates["tiles"]["customdata"], updates["tiles"]["hovertext"], strict=True
        )
    }
    for shape in _shapes(scene):
        r, c = round(shape["y0"] + 0.5), round(shape["x0"] + 0.5)
        x0, y0 = at(c - 0.5, r - 0.5)
        if (r, c) in canal_index:
            target, hover = (
                ("canal", ["canal", canal_index[(r, c)], 0]),
                f"canal tile {canal_index[(r, c)]}",
            )
        elif (r, c) in BUILDING_TILES or (r, c) == DAM:
            target, hover = ("tiles", ["tile", r, c]), tile_hover[(r, c)]
        else:
            target, hover = None, None
        drawing.rect(
            x0,
            y0,
            cell,
            cell,
            fill=shape["fillcolor"],
            stroke="#ffffff",
            stroke_width=2,
            title=hover,
            target=target,
        )
    streets = updates["streets"]
    for i in range(0, len(streets["x"]), 3):
        (xa, ya), (xb, yb) = (
            at(streets["x"][i], streets["y"][i]),
            at(streets["x"][i + 1], streets["y"][i + 1]),
        )
        drawing.line(xa, ya, xb, yb, stroke=STREET_COLOUR, width=3)
    tiles = updates["tiles"]
    for x, y, text, colour in zip(
        tiles["x"],
        tiles["y"],
        tiles["text"],
        tiles["textfont"]["color"],
        strict=True,
    ):
        px, py = at(x, y)
        drawing.text(px, py - 2, text, size=12, fill=colour, anchor="middle")
    odds = updates["boat odds"]
    for x, y, text, size, hover in zip(
        odds["x"], odds["y"], odds["text"], odds["marker"]["size"], odds["hovertext"], strict=True
    ):
        px, py = at(x, y)
        drawing.marker(
            "diamond", px, py, size, fill=OVERLAY_COLOUR, stroke=OVERLAY_LINE_COLOUR, title=hover
        )
        drawing.text(px, py, text, size=12, fill="#000000", anchor="middle")
    quays = updates["quays"]
    for x, y, text, hover in zip(
        quays["x"], quays["y"], quays["text"], quays["hovertext"], strict=True
    ):
        px, py = at(x, y)
        drawing.marker("circle", px, py, 22, fill=TOURIST_COLOUR, stroke="#000", title=hover)
        drawing.text(px, py, text, size=12, anchor="middle")
    boat = updates["boat"]
    px, py = at(boat["x"][0], boat["y"][0])
    drawing.marker(
        "triangle-left", px, py, 22, fill="#8c564b", stroke="#000", title=boat["hovertext"][0]
    )
    drawing.text(px, py - 13, boat["text"][0], size=12, anchor="middle", valign="bottom")
    crowd = updates["tourists"]
    for x, y, text, size, hover, data in zip(
        crowd["x"],
        crowd["y"],
        crowd["text"],
        crowd["marker"]["size"],
        crowd["hovertext"],
        crowd["customdata"],
        strict=True,
    ):
        px, py = at(x, y)
        drawing.marker(
            "circle",
            px,
            py + 4,
            size,
            fill=TOURIST_COLOUR,
            stroke="#000",
            title=hover,
            target=("tourists", data),
        )
        drawing.text(px, py + 4, text, size=12, fill="#000000", anchor="middle")
    for name, symbol, size, fill, stroke, width in (
        ("intersections", "circle", 12, STREET_COLOUR, None, 1),
        ("choices", "circle", 26, "rgba(255,127,14,0.25)", HIGHLIGHT_COLOUR, 3),
        ("hotels", "square", 22, None, "#000", 2),
        ("mayor", "circle", 18, "#ffffff", "#000", 2),
        ("nightwatchman", "circle", 18, "#000000", "#fff", 2),
    ):
        points = updates[name]
        colours = points.get("marker", {}).get("color") or [fill] * len(points["x"])
        for x, y, hover, data, colour in zip(
            points["x"],
            points["y"],
            points["hovertext"],
            points["customdata"],
            colours,
            strict=True,
        ):
            px, py = at(x, y)
            drawing.marker(
                symbol,
                px,
                py,
                size,
                fill=colour,
                stroke=stroke,
                stroke_width=width,
                title=hover,
                target=(name, data),
            )
    drawing.text(SVG_MARGIN, top + side + 8, key, size=12, fill="#444444", valign="top")
    return drawing


def trace(fig: go.Figure, name: str) -> Any:
    """The trace called ``name`` in ``fig`` (KeyError if there is none)."""
    for item in fig.data:
        if item.name == name:
            return item
    raise KeyError(f"the figure has no trace called {name!r}")


__all__ = [
    "BOARD_TRACE_NAMES",
    "DAM_DIAGONALS",
    "FUNCTION_COLOURS",
    "PLAYER_COLOURS",
    "STREET_COLOUR",
    "BoardScene",
    "board_figure",
    "board_layout_updates",
    "board_legend_html",
    "board_trace_updates",
    "intersection_xy",
    "scene_from_state",
    "svg_scene",
    "tile_xy",
    "trace",
]
