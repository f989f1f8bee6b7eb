"""Plotly figures of Hotel Amsterdam: the board, heatmaps, the boat chain, flows, the city graph.

Drawing computes nothing (``design/STYLE.md``): every builder takes results as
arguments (probabilities from :mod:`hoteledu.amsterdam.analysis`, legal
choices from ``state.legal_actions()``) and returns a plain
``plotly.graph_objects.Figure``, testable without a browser. The board is
drawn from a :class:`BoardScene`, plain data read off a state by
:func:`scene_from_state`; the app (``widget.py``) wraps the figure in a
``FigureWidget`` and refreshes it in place with :func:`board_trace_updates`.

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
import math
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


def trace(fig: go.Figure, name: str) -> Any:
    """The trace called ``name`` in ``fig`` (KeyError if there is none)."""
    for item in fig.data:
        if item.name == name:
            return item
    raise KeyError(f"the figure has no trace called {name!r}")


# ----------------------------------------------------------------- heatmaps
def _grid(values: Mapping[tuple[int, int], float], rows: int, cols: int, offset: int = 0):
    z: list[list[float | None]] = [[None] * cols for _ in range(rows)]
    for (a, b), v in values.items():
        z[a - offset][b - offset] = float(v)
    return z


def _by_tile(values: Any) -> dict[Tile, float]:
    """Tile -> value from a length-24 sequence (canal indices) or a mapping.

    Mapping keys may be canal indices (ints) or tiles ``(row, col)``.
    """
    if isinstance(values, Mapping):
        return {
            (CANAL_TILES[k] if isinstance(k, int) else (int(k[0]), int(k[1]))): float(v)
            for k, v in values.items()
        }
    return {CANAL_TILES[i]: float(v) for i, v in enumerate(values)}


def landing_heatmap(
    probabilities: Sequence[float | Fraction] | Mapping[Any, float | Fraction],
    title: str = "Where the boat stops",
) -> go.Figure:
    """The board's 7 x 7 grid coloured by a probability per tile.

    Parameters
    ----------
    probabilities : sequence or mapping
        A length-24 sequence indexed by canal tile (clockwise from the jetty),
        e.g. ``boat_position_distribution(t)``; or a mapping from canal index
        or from tile ``(row, col)`` to probability, e.g.
        ``landing_probabilities()`` (where the boat next stops beside a
        building tile: a stop in a bend is skipped, so this is *not* where a
        tourist lands under the quay rule) or ``delivery_rates()`` (the long
        run share of tourists landing on each tile, quay tourists included).
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        One heatmap named "landing", ``z[row][col]``; tiles without a value
        are blank. Values are written on the tiles.

    Examples
    --------
    >>> fig = landing_heatmap([1 / 24] * 24)
    >>> round(fig.data[0].z[6][3], 4), fig.data[0].z[3][3]
    (0.0417, None)
    """
    z = _grid(_by_tile(probabilities), 7, 7)
    heatmap = go.Heatmap(
        z=z, colorscale="Blues", hoverongaps=False, colorbar={"title": {"text": "P"}}
    )
    return _grid_figure(heatmap, "landing", ".3f", title, "row", "column")


def _grid_figure(
    heatmap: go.Heatmap, name: str, number_format: str, title: str, row: str, column: str
) -> go.Figure:
    """A square board-like heatmap, row 0 at the top, each value written on its cell."""
    heatmap.update(
        name=name,
        text=[["" if v is None else f"{v:{number_format}}" for v in line] for line in heatmap.z],
        texttemplate="%{text}",
    )
    fig = go.Figure(heatmap)
    fig.update_layout(
        title=title,
        width=520,
        height=480,
        yaxis={"autorange": "reversed", "scaleanchor": "x", "title": row},
        xaxis={"title": column},
    )
    return fig


def site_value_heatmap(
    values: Mapping[Intersection, float | Fraction] | Any, title: str = "Value of a hotel site"
) -> go.Figure:
    """The 36 intersections coloured by a value per hotel site (expected tourists, say).

    Parameters
    ----------
    values : mapping or 6 x 6 array
        Intersection ``(i, j)`` (1..6) -> value, or an array whose entry
        ``[i - 1][j - 1]`` belongs to ``(i, j)`` (e.g. ``site_values(t)``).
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        A 6 x 6 heatmap named "site value", row ``i`` and column ``j``.

    Examples
    --------
    >>> fig = site_value_heatmap({(1, 1): 0.5, (3, 4): 2})
    >>> fig.data[0].z[2][3], fig.data[0].z[0][0]
    (2.0, 0.5)
    """
    if not isinstance(values, Mapping):
        values = {(i + 1, j + 1): values[i][j] for i in range(6) for j in range(6)}
    z = _grid(values, 6, 6, offset=1)
    heatmap = go.Heatmap(z=z, x=list(range(1, 7)), y=list(range(1, 7)), colorscale="Viridis")
    return _grid_figure(
        heatmap, "site value", ".2f", title, "intersection row", "intersection column"
    )


# --------------------------------------------------------- boat convergence
def boat_convergence_figure(
    exact: Sequence[Sequence[float | Fraction]],
    simulated: Sequence[Sequence[float]] | None = None,
    title: str = "Where is the boat after t turns?",
) -> go.Figure:
    """The boat's distribution turn by turn, exact beside simulated, with a slider.

    Parameters
    ----------
    exact : sequence of sequences
        ``exact[t][k]``: the exact chance the boat is on canal tile ``k`` after
        ``t`` turns (e.g. ``list(boat_distribution_steps(T))``).
    simulated : sequence of sequences or None
        The same from a seeded simulation (frequencies), same shape.
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Bars per canal tile; one frame per turn, a slider and a play button.
        The first frame's data are the figure's data.
    """
    tiles = list(range(len(exact[0])))
    uniform = 1 / len(tiles)

    def bars(t: int) -> list[go.Bar]:
        data = [
            go.Bar(x=tiles, y=[float(p) for p in exact[t]], name="exact", marker_color="#1f77b4")
        ]
        if simulated is not None:
            data.append(
                go.Bar(
                    x=tiles,
                    y=[float(p) for p in simulated[t]],
                    name="simulated",
                    marker_color="#ff7f0e",
                )
            )
        return data

    fig = go.Figure(data=bars(0))
    fig.add_hline(y=uniform, line_dash="dot", annotation_text="uniform 1/24")
    fig.frames = [go.Frame(data=bars(t), name=str(t)) for t in range(len(exact))]
    fig.update_layout(
        title=title,
        barmode="group",
        width=760,
        height=440,
        xaxis={"title": "canal tile (clockwise from the jetty)", "dtick": 1},
        yaxis={
            "title": "probability",
            "range": [
                0,
                1.05
                * max(
                    max(float(p) for p in row) for row in [*exact, *(simulated or [])][1:] or exact
                ),
            ],
        },
        sliders=[
            {
                "active": 0,
                "currentvalue": {"prefix": "turn "},
                "steps": [
                    {
                        "label": str(t),
                        "method": "animate",
                        "args": [[str(t)], {"mode": "immediate", "frame": {"duration": 0}}],
                    }
                    for t in range(len(exact))
                ],
            }
        ],
        updatemenus=[
            {
                "type": "buttons",
                "showactive": False,
                "x": 0,
                "y": 1.15,
                "buttons": [
                    {
                        "label": "play",
                        "method": "animate",
                        "args": [None, {"frame": {"duration": 300}, "fromcurrent": True}],
                    }
                ],
            }
        ],
    )
    return fig


# ---------------------------------------------------------------- flows
def tourist_sankey(
    flows: Mapping[tuple[str, str], float | Fraction],
    title: str = "Where tourists go",
    order: Sequence[str] | None = None,
    height: int | None = None,
) -> go.Figure:
    """A Sankey diagram of tourist flows: sources in a column on the left, targets on the right.

    A name that is both a source and a target (the Dam, or a function whose
    chased tourists go to another tile of the same function) gets one node on
    each side, so no flow loops back. Nodes are placed by hand (``x`` and
    ``y``), stacked in ``order`` with gaps in proportion to their flow, so the
    labels do not overlap.

    Parameters
    ----------
    flows : mapping
        ``(source, target)`` -> amount (tourists, or expected tourists).
    title : str
        Figure title.
    order : sequence of str or None
        Top-to-bottom order of the names in each column (names not in it
        follow in first-seen order); None: first-seen order.
    height : int or None
        Pixels; None grows with the number of nodes.

    Returns
    -------
    plotly.graph_objects.Figure
        One Sankey trace; node labels: the sources, then the targets.

    Examples
    --------
    >>> fig = tourist_sankey({("boat", "museum"): 3, ("museum", "Dam"): 1})
    >>> fig.data[0].node.label
    ('boat', 'museum', 'museum', 'Dam')
    """
    rank = {name: k for k, name in enumerate(order or ())}

    def column(names: list[str]) -> list[str]:
        seen = list(dict.fromkeys(names))
        return sorted(seen, key=lambda n: (rank.get(n, len(rank)), seen.index(n)))

    sources = column([s for s, _ in flows])
    targets = column([t for _, t in flows])
    out_of = {n: sum(float(v) for (s, _), v in flows.items() if s == n) for n in sources}
    into = {n: sum(float(v) for (_, t), v in flows.items() if t == n) for n in targets}

    rows = max(len(sources), len(targets))
    pixels = height or max(380, 60 + 36 * rows)
    margin = {"l": 20, "r": 20, "t": 50, "b": 20}
    plot = pixels - margin["t"] - margin["b"]
    pad = 14
    # plotly sizes every node by one scale, set by the fuller column with gaps of
    # ``pad`` pixels; the centres (``y``) follow the same scale, so nodes never overlap.
    total = max(sum(out_of.values()), sum(into.values())) or 1.0
    scale = (plot - pad * (rows - 1)) / total

    def centres(names: list[str], size: Mapping[str, float]) -> list[float]:
        heights = [size[n] * scale for n in names]
        gap = (plot - sum(heights)) / (len(names) - 1) if len(names) > 1 else 0.0
        ys, top = [], 0.0 if len(names) > 1 else (plot - heights[0]) / 2
        for h in heights:
            ys.append(min(max((top + h / 2) / plot, 0.001), 0.999))
            top += h + gap
        return ys

    labels = sources + targets
    fig = go.Figure(
        go.Sankey(
            arrangement="fixed",
            node={
                "label": labels,
                "pad": pad,
                "thickness": 14,
                "x": [0.001] * len(sources) + [0.999] * len(targets),
                "y": centres(sources, out_of) + centres(targets, into),
            },
            link={
                "source": [sources.index(s) for s, _ in flows],
                "target": [len(sources) + targets.index(t) for _, t in flows],
                "value": [float(v) for v in flows.values()],
            },
        )
    )
    fig.update_layout(
        title=title,
        width=760,
        height=pixels,
        font={"size": 12},
        margin=margin,
    )
    return fig


# ------------------------------------------------------------ city graph
def city_graph_figure(
    graph: Any,
    centrality: Mapping[Intersection, float] | None = None,
    title: str = "The city's streets",
) -> go.Figure:
    """The city graph drawn at its intersections, nodes sized and coloured by centrality.

    Parameters
    ----------
    graph : networkx.Graph
        Nodes ``(i, j)``, e.g. ``board.city_graph(dam_diagonals)``.
    centrality : mapping, 6 x 6 array or None
        Node -> centrality (computed by the caller, e.g. networkx's
        betweenness); None draws equal nodes.
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces "streets" (edges) and "intersections" (nodes).
    """
    return _graph_panel(go.Figure(), graph, centrality, title)


def _graph_traces(
    graph: Any,
    centrality: Mapping[Intersection, float] | None,
    scale: tuple[float, float] | None = None,
    show_scale: bool = True,
):
    """Street and node traces; ``scale`` = (low, high) fixes the colour range and node sizes
    (so two panels compare), ``show_scale`` draws the colour bar."""
    xs: list[float | None] = []
    ys: list[float | None] = []
    for a, b in graph.edges():
        (xa, ya), (xb, yb) = intersection_xy(a), intersection_xy(b)
        xs += [xa, xb, None]
        ys += [ya, yb, None]
    nodes = list(graph.nodes())
    if centrality is not None and not isinstance(centrality, Mapping):
        grid = centrality  # a 6 x 6 array, entry [i - 1][j - 1] for (i, j)
        centrality = {(i, j): grid[i - 1][j - 1] for i, j in nodes}
    values = [float(centrality[n]) if centrality is not None else 1.0 for n in nodes]
    low, top = scale if scale is not None else (min(values), max(values))
    top = top or 1.0
    edges = go.Scatter(
        x=xs,
        y=ys,
        mode="lines",
        name="streets",
        hoverinfo="skip",
        line={"color": STREET_COLOUR, "width": 2},
        showlegend=False,
    )
    points = go.Scatter(
        x=[intersection_xy(n)[0] for n in nodes],
        y=[intersection_xy(n)[1] for n in nodes],
        mode="markers",
        name="intersections",
        showlegend=False,
        marker={
            "size": [8 + 22 * v / top for v in values],
            "color": values,
            "colorscale": "Viridis",
            "cmin": low,
            "cmax": top,
            "showscale": centrality is not None and show_scale,
            "line": {"color": "#000", "width": 1},
        },
        hovertext=[f"{n}: {v:.3f}" for n, v in zip(nodes, values, strict=True)],
        hoverinfo="text",
        customdata=[[n[0], n[1]] for n in nodes],
    )
    return edges, points


def _node_values(graph: Any, centrality: Any) -> list[float]:
    """The centrality of each node of ``graph`` (mapping or 6 x 6 array)."""
    if isinstance(centrality, Mapping):
        return [float(centrality[n]) for n in graph.nodes()]
    return [float(centrality[i - 1][j - 1]) for i, j in graph.nodes()]


def _graph_panel(fig, graph, centrality, title, row=None, col=None, scale=None, show_scale=True):
    edges, points = _graph_traces(graph, centrality, scale, show_scale)
    kwargs = {} if row is None else {"row": row, "col": col}
    fig.add_trace(edges, **kwargs)
    fig.add_trace(points, **kwargs)
    if row is None:
        fig.update_layout(title=title, width=520, height=520, plot_bgcolor="#ffffff")
        fig.update_yaxes(autorange="reversed", scaleanchor="x", visible=False)
        fig.update_xaxes(visible=False)
    return fig


def city_graph_comparison(
    with_diagonals: tuple[Any, Mapping[Intersection, float]],
    without_diagonals: tuple[Any, Mapping[Intersection, float]],
    title: str = "Centrality with and without the Dam diagonals",
) -> go.Figure:
    """Two city graphs side by side: with the Dam diagonals and without.

    Parameters
    ----------
    with_diagonals, without_diagonals : (graph, centrality)
        Each a networkx graph and its centrality per node.
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Two panels of :func:`city_graph_figure`'s traces (four traces) on one
        colour scale and one size scale (the range of both centralities), with
        a single colour bar (on the right panel), so equal colours mean equal values.
    """
    from plotly.subplots import make_subplots

    fig = make_subplots(
        rows=1, cols=2, subplot_titles=("with the Dam diagonals", "without the diagonals")
    )
    values = [
        float(v)
        for graph, centrality in (with_diagonals, without_diagonals)
        for v in _node_values(graph, centrality)
    ]
    scale = (min(values), max(values))
    _graph_panel(fig, *with_diagonals, title, row=1, col=1, scale=scale, show_scale=False)
    _graph_panel(fig, *without_diagonals, title, row=1, col=2, scale=scale, show_scale=True)
    fig.update_layout(title=title, width=900, height=480, plot_bgcolor="#ffffff")
    fig.update_yaxes(autorange="reversed", visible=False)
    fig.update_xaxes(visible=False)
    return fig


# ------------------------------------------------------------ game trees
PRUNED_COLOUR = "#c8c8c8"


def _bound(value: float | None) -> str:
    if value is None:
        return ""
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    return f"{value:g}"


def game_tree_figure(nodes: Sequence[Any], title: str = "Alpha-beta on a small tree") -> go.Figure:
    """A drawn game tree: Max and Min nodes, their values and windows, pruned parts grey.

    Parameters
    ----------
    nodes : sequence of TreeNode
        The search, as :func:`hoteledu.amsterdam.analysis.search.alphabeta_trace`
        returns it (root first, depth-first order, pruned nodes included).
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces "edges", "pruned edges", "max nodes", "min nodes", "leaves" and
        "pruned" (nodes never looked at); each visited inner node is labelled
        with its value and the window ``α, β`` it was left with.

    Examples
    --------
    >>> from hoteledu.amsterdam.analysis.search import alphabeta_trace
    >>> fig = game_tree_figure(alphabeta_trace([[3, 12, 8], [2, 4, 6]]))
    >>> len(trace(fig, "pruned").x)
    2
    """
    by_path = {n.path: n for n in nodes}
    leaves = [n.path for n in nodes if n.kind == "leaf"]
    x: dict[tuple[int, ...], float] = {path: float(k) for k, path in enumerate(leaves)}
    for node in sorted(nodes, key=lambda n: -len(n.path)):
        if node.kind != "leaf":
            kids = [x[p] for p in by_path if len(p) == len(node.path) + 1 and p[:-1] == node.path]
            x[node.path] = sum(kids) / len(kids)
    depth = max(len(p) for p in by_path)

    def y(path: tuple[int, ...]) -> float:
        return float(depth - len(path))

    fig = go.Figure()
    for name, visited, style in (
        ("edges", True, {"color": "#555555", "width": 2}),
        ("pruned edges", False, {"color": PRUNED_COLOUR, "width": 2, "dash": "dot"}),
    ):
        xs: list[float | None] = []
        ys: list[float | None] = []
        for node in nodes:
            if node.path and node.visited == visited:
                parent = node.path[:-1]
                xs += [x[parent], x[node.path], None]
                ys += [y(parent), y(node.path), None]
        fig.add_scatter(x=xs, y=ys, mode="lines", line=style, name=name, hoverinfo="skip")
    marks = (
        ("max nodes", lambda n: n.visited and n.kind == "max", "triangle-up", "#1f77b4"),
        ("min nodes", lambda n: n.visited and n.kind == "min", "triangle-down", "#d62728"),
        ("leaves", lambda n: n.visited and n.kind == "leaf", "square", "#2ca02c"),
        ("pruned", lambda n: not n.visited, "circle-open", PRUNED_COLOUR),
    )
    for name, keep, symbol, colour in marks:
        chosen = [n for n in nodes if keep(n)]
        text = []
        for n in chosen:
            if not n.visited:
                text.append(_bound(n.value) or "?")
            elif n.kind == "leaf":
                text.append(_bound(n.value))
            else:
                text.append(f"{_bound(n.value)}<br>α={_bound(n.alpha)} β={_bound(n.beta)}")
        fig.add_scatter(
            x=[x[n.path] for n in chosen],
            y=[y(n.path) for n in chosen],
            mode="markers+text",
            marker={"symbol": symbol, "size": 22, "color": colour, "line": {"width": 1}},
            text=text,
            textposition=["bottom center" if n.kind == "leaf" else "middle right" for n in chosen],
            customdata=[list(n.path) for n in chosen],
            name=name,
            hovertemplate="path %{customdata}<br>%{text}<extra></extra>",
        )
    fig.update_layout(
        title=title,
        width=760,
        height=120 + 130 * (depth + 1),
        plot_bgcolor="#ffffff",
        legend={"orientation": "h", "y": -0.05},
    )
    fig.update_xaxes(visible=False, range=[-0.7, len(leaves) - 0.3])
    fig.update_yaxes(visible=False, range=[-0.6, depth + 0.4])
    return fig


def search_size_figure(
    depths: Sequence[int],
    counts: Mapping[str, Sequence[float]],
    title: str = "Positions visited against search depth",
) -> go.Figure:
    """Positions visited by each search against its depth, on a log scale.

    Parameters
    ----------
    depths : sequence of int
        The depths searched (x axis).
    counts : mapping
        Search name -> positions visited at each depth (one trace each, same
        length as ``depths``).
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        One "lines+markers" trace per search, y axis logarithmic.

    Examples
    --------
    >>> fig = search_size_figure([1, 2, 3], {"minimax": [4, 16, 64]})
    >>> fig.layout.yaxis.type
    'log'
    """
    fig = go.Figure()
    for name, values in counts.items():
        if len(values) != len(depths):
            raise ValueError(f"{name!r}: {len(values)} counts for {len(depths)} depths")
        fig.add_scatter(x=list(depths), y=list(values), mode="lines+markers", name=name)
    fig.update_layout(
        title=title,
        xaxis_title="search depth (decisions)",
        yaxis_title="positions visited (log scale)",
        width=720,
        height=420,
    )
    fig.update_yaxes(type="log")
    fig.update_xaxes(dtick=1)
    return fig


__all__ = [
    "BOARD_TRACE_NAMES",
    "DAM_DIAGONALS",
    "PLAYER_COLOURS",
    "BoardScene",
    "board_figure",
    "board_layout_updates",
    "board_trace_updates",
    "boat_convergence_figure",
    "city_graph_comparison",
    "city_graph_figure",
    "game_tree_figure",
    "intersection_xy",
    "landing_heatmap",
    "scene_from_state",
    "search_size_figure",
    "site_value_heatmap",
    "tile_xy",
    "tourist_sankey",
    "trace",
]


# ------------------------------------------------ convergence of the boat (lesson 3b)
def eigenvalue_figure(
    eigenvalues: Sequence[complex], title: str = "Eigenvalues of the boat's transition matrix"
) -> go.Figure:
    """The eigenvalues in the complex plane, inside the unit circle.

    Parameters
    ----------
    eigenvalues : sequence of complex
        E.g. ``boat_eigenvalues()``. The largest modulus after 1 (``|lambda_2|``)
        is drawn as a dashed circle: the eigenvalues on it set the mixing speed.
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces "unit circle", "|lambda_2| circle" and "eigenvalues" (hover shows
        each value and its modulus).

    Examples
    --------
    >>> fig = eigenvalue_figure([1, 0.5j, -0.5j])
    >>> [t.name for t in fig.data], fig.data[2].y
    (['unit circle', '|lambda_2| circle', 'eigenvalues'], (0.0, 0.5, -0.5))
    """
    values = [complex(v) for v in eigenvalues]
    if not values:
        raise ValueError("eigenvalue_figure needs at least one eigenvalue")
    moduli = sorted((abs(v) for v in values), reverse=True)
    second = moduli[1] if len(moduli) > 1 else 0.0
    import math  # local: the drawing part of this module has its own imports

    angle = [2 * math.pi * k / 360 for k in range(361)]
    fig = go.Figure()
    for name, radius, dash in (
        ("unit circle", 1.0, "solid"),
        ("|lambda_2| circle", second, "dash"),
    ):
        fig.add_trace(
            go.Scatter(
                x=[radius * math.cos(a) for a in angle],
                y=[radius * math.sin(a) for a in angle],
                mode="lines",
                name=name,
                line={"color": STREET_COLOUR, "dash": dash, "width": 1},
                hoverinfo="skip",
            )
        )
    fig.add_trace(
        go.Scatter(
            x=[v.real for v in values],
            y=[v.imag for v in values],
            mode="markers",
            name="eigenvalues",
            marker={"size": 9, "color": [abs(v) for v in values], "colorscale": "Viridis"},
            hovertext=[f"{v.real:+.4f} {v.imag:+.4f}i, modulus {abs(v):.4f}" for v in values],
            hoverinfo="text",
        )
    )
    fig.update_layout(
        title=title,
        width=520,
        height=520,
        xaxis={"title": "real part", "range": [-1.1, 1.1], "zeroline": True},
        yaxis={"title": "imaginary part", "range": [-1.1, 1.1], "scaleanchor": "x"},
    )
    return fig


def distance_to_uniform_figure(
    distances: Sequence[float],
    rate: float,
    bound: Sequence[float] | None = None,
    title: str = "Distance to uniform against |lambda_2|^t",
) -> go.Figure:
    """The total variation distance to uniform per turn, beside ``rate ** t``, on a log axis.

    Parameters
    ----------
    distances : sequence of float
        ``distances[t]``: the distance after ``t`` turns (e.g. ``total_variation_curve(T)``).
    rate : float
        ``|lambda_2|``: the curve ``rate ** t`` is drawn beside the distances;
        on a log axis both are straight lines of the same slope in the long run.
    bound : sequence of float or None
        An upper bound per turn (e.g. ``total_variation_bound(t)``), drawn dotted.
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces "total variation", "|lambda_2|^t" and (with a bound) "spectral bound".

    Examples
    --------
    >>> fig = distance_to_uniform_figure([0.5, 0.25, 0.125], rate=0.5)
    >>> fig.data[1].y, fig.layout.yaxis.type
    ((1.0, 0.5, 0.25), 'log')
    """
    if not 0 < rate <= 1:
        raise ValueError(f"rate (|lambda_2|) must lie in (0, 1], got {rate}")
    turns = list(range(len(distances)))
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=turns,
            y=[float(d) for d in distances],
            mode="lines+markers",
            name="total variation",
            marker={"size": 4},
        )
    )
    fig.add_trace(
        go.Scatter(
            x=turns,
            y=[rate**t for t in turns],
            mode="lines",
            name="|lambda_2|^t",
            line={"dash": "dash"},
        )
    )
    if bound is not None:
        fig.add_trace(
            go.Scatter(
                x=turns,
                y=[float(b) for b in bound],
                mode="lines",
                name="spectral bound",
                line={"dash": "dot"},
            )
        )
    fig.update_layout(
        title=title,
        width=720,
        height=440,
        xaxis={"title": "turn t"},
        yaxis={"title": "distance to uniform", "type": "log"},
    )
    return fig


def renewal_figure(
    u: Sequence[float | Fraction],
    limit: float | Fraction,
    title: str = "u_n: the chance that the boat stops exactly n tiles on",
) -> go.Figure:
    """The renewal sequence ``u_n`` against ``n``, with its limit as a dotted line.

    Parameters
    ----------
    u : sequence of float or Fraction
        ``u[n]`` for n = 0, 1, ... (e.g. ``renewal_sequence(48)``).
    limit : float or Fraction
        The limit ``1 / E[step]`` (1/4 for the game's dice).
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        One trace "u_n" and a horizontal line at the limit.

    Examples
    --------
    >>> fig = renewal_figure([1, 0, Fraction(1, 9)], Fraction(1, 4))
    >>> fig.data[0].y, fig.layout.shapes[0].y0
    ((1.0, 0.0, 0.1111111111111111), 0.25)
    """
    fig = go.Figure(
        go.Scatter(
            x=list(range(len(u))),
            y=[float(x) for x in u],
            mode="lines+markers",
            name="u_n",
            marker={"size": 5},
        )
    )
    fig.add_hline(y=float(limit), line_dash="dot", annotation_text=f"limit {float(limit):.4g}")
    fig.update_layout(
        title=title,
        width=720,
        height=400,
        xaxis={"title": "tiles travelled n (the canal unrolled)"},
        yaxis={"title": "u_n", "range": [0, 1.05]},
    )
    return fig


__all__ += ["distance_to_uniform_figure", "eigenvalue_figure", "renewal_figure"]
