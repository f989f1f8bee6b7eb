"""Grand Austria's app board drawn as the game has it (issue 20), for the SVG widget.

The action spaces carry dice with pips, guests are cards with their orders
as dish and drink tokens, staff are cards with their costs, each hotel shows
its rooms by colour and state, its café, the emperor track and the VP track;
every word is written out (a key on the board says what each piece is) and
no type is smaller than 12 px at the board's natural width.

Drawn from one scene (:func:`~hoteledu.grand_austria.figures.board.scene_from_observation`),
which holds only what the seat at the laptop may see: another seat's hand is
a number there, so it is drawn as card backs. Click targets keep the plotly
board's names and ``customdata`` (``["space", s, 0]``, ``["guest", slot, 0]``,
``["room", p, room]``, ``["cafe", p, slot]``) so ``click_to_action`` reads
both boards alike. Imports neither plotly nor ipywidgets.

Examples
--------
>>> from hoteledu.grand_austria.figures.board import scene_from_observation
>>> from hoteledu.grand_austria.rules import new_game
>>> drawing = svg_scene(scene_from_observation(new_game(players=2), 0))
>>> ("spaces", ["space", 6, 0]) in drawing.targets, drawing.width
(True, 700)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from hoteledu.apps.svgboard_scene import SvgScene, text_spans, wrap_lines
from hoteledu.grand_austria.figures._style import GUEST_COLOURS
from hoteledu.grand_austria.vocabulary import ITEMS, STAFF_TIMING_WORDS

WIDTH = 700
"""The board's natural width in pixels: its box is about 710 px beside the side panel in a
1280 px Voilà page and wider where the panel wraps under it, so the type is never scaled down."""
MARGIN = 10
INNER = WIDTH - 2 * MARGIN
TYPE = 12
"""The smallest type on the board."""
LINE = 16
"""Pixels from one line of 12 px type to the next (a line's box is about 15 px)."""
CHAR = 0.62
"""Width of a character in ems, generous (Verdana, DejaVu and Liberation all fit)."""
BOLD_CHAR = 0.7
ROOM_COLOURS: Mapping[str, str] = {c: GUEST_COLOURS[c] for c in ("yellow", "blue", "red")}
ROOM_PALE: Mapping[str, str] = {"yellow": "#fff3b8", "blue": "#d2e3f4", "red": "#f8d0d0"}
GUEST_PALE: Mapping[str, str] = {**ROOM_PALE, "green": "#d4efd4"}
ITEM_COLOURS: Mapping[str, str] = {
    "strudel": "#d99a3e",
    "cake": "#f08cb4",
    "wine": "#8e2450",
    "coffee": "#5d3a1a",
}
"""Dish and drink tokens (strudel, cake, wine, coffee): not the room colours."""
PLAYER_COLOURS = ("#222222", "#6a1b9a", "#00897b", "#8d6e63")
PLAYER_PALE = ("#e6e6e6", "#ece0f3", "#d9f0ed", "#efe6e2")
CHOICE = "#ff6f00"
"""Orange outline: a piece you may click now."""
SPACE_WORDS: Mapping[int, tuple[str, ...]] = {
    1: ("strudel", "or cake"),
    2: ("wine", "or coffee"),
    3: ("prepare", "rooms"),
    4: ("emperor steps", "or krones"),
    5: ("hire staff",),
    6: ("any of 1 to 5", "for 1 krone"),
}
"""What each action space does, written out."""
DIE = 20
DIE_GAP = 4
DICE_PER_ROW = 4
CARD_GAP = 6
STAFF_CARD_W = (INNER - 4 * CARD_GAP) / 5
ROOM = 30
ROOM_PITCH = 34
ROOM_LABEL = 60
"""Pixels left of the rooms for the floor numbers; the cost to prepare is at their right."""
CAFE_X = MARGIN + 4 + 300
EMPEROR_X = MARGIN + 110
EMPEROR_STEP = 40
VP_SPAN = 100
KEY = (
    "Key: VP = victory points; krones = money (1 krone = 1 VP at the end). "
    "Dice: each die on a space shows that space's number; the number of dice there is "
    "the action's strength. Tokens: strudel, cake, wine, coffee (each its own colour); "
    "a filled token is served, a hollow one still ordered. A guest card's colour is the "
    "room colour it needs (green: any colour). Rooms: white = no tile yet, pale = "
    "prepared, full colour with a white disc = occupied. Emperor track: space 0 (pale "
    "red) takes the emperor tile's penalty, spaces 3 and up (pale green) its bonus; "
    "▼ marks the disc. ◆ marks the VP. Turn order tile: the lowest number not yet "
    "covered (grey) moves next. Orange outline: you may click it now. Hover a card for "
    "what it does."
)
"""The key under the board: every piece and word it draws, explained."""


def _catalog():
    from hoteledu.grand_austria import effects

    return effects.catalog()


@functools.lru_cache(maxsize=1024)
def _effects_words(effects: tuple[Any, ...]) -> str:
    """Effects in words (cached by value: a board describes the same cards on every click)."""
    return "; ".join(e.describe() for e in effects)


@functools.lru_cache(maxsize=2048)
def _wrap(words: str, width: float, bold: bool = False) -> tuple[str, ...]:
    """``words`` in lines of at most ``width`` px (generous character widths); a word too
    long for a line is broken with a hyphen ("Cramersophol-", "us"), never cut silently.
    Cached: a board draws the same cards' words on every click."""
    import textwrap

    per_line = max(8, math.floor(width / ((BOLD_CHAR if bold else CHAR) * TYPE)))
    lines = []
    for line in textwrap.wrap(words, per_line, break_long_words=False) or [""]:
        while len(line) > per_line:
            lines.append(line[: per_line - 1] + "-")
            line = line[per_line - 1 :]
        lines.append(line)
    return tuple(lines)


def _lines(
    drawing: SvgScene,
    x: float,
    y: float,
    lines: Sequence[str],
    bold: bool = False,
    fill: str = "#222",
    anchor: str = "start",
    title: str | None = None,
    target: tuple[str, list[Any]] | None = None,
) -> float:
    """Lines of 12 px type from ``y`` down, each its own text; returns the y under them."""
    for line in lines:
        drawing.text(
            x,
            y,
            line,
            size=TYPE,
            fill=fill,
            anchor=anchor,
            valign="top",
            bold=bold,
            title=title,
            target=target,
        )
        y += LINE
    return y


def _die(drawing: SvgScene, x: float, y: float, face: int, title: str, target: Any) -> None:
    """A die with ``face`` pips, top-left corner at ``(x, y)``."""
    drawing.rect(
        x,
        y,
        DIE,
        DIE,
        fill="#ffffff",
        stroke="#333333",
        stroke_width=1.5,
        rx=4,
        title=title,
        target=target,
    )
    low, mid, high = x + DIE * 0.27, x + DIE / 2, x + DIE * 0.73
    top, centre, bottom = y + DIE * 0.27, y + DIE / 2, y + DIE * 0.73
    pips = {
        1: [(mid, centre)],
        2: [(low, top), (high, bottom)],
        3: [(low, top), (mid, centre), (high, bottom)],
        4: [(low, top), (high, top), (low, bottom), (high, bottom)],
        5: [(low, top), (high, top), (mid, centre), (low, bottom), (high, bottom)],
        6: [(low, top), (high, top), (low, centre), (high, centre), (low, bottom), (high, bottom)],
    }[face]
    for px, py in pips:
        drawing.circle(px, py, 2.2, fill="#222222", title=title, target=target)


def _token(drawing: SvgScene, x: float, y: float, item: str, served: bool, title: str) -> None:
    colour = ITEM_COLOURS[item]
    if served:
        drawing.circle(x, y, 5.5, fill=colour, stroke="#333333", title=title)
    else:
        drawing.circle(x, y, 5, fill="#ffffff", stroke=colour, stroke_width=2.5, title=title)


def _order_lines(order: Sequence[int], served: Sequence[int]) -> list[tuple[str, int, int]]:
    """``(item, ordered, served)`` for each dish or drink of an order."""
    return [(item, k, s) for item, k, s in zip(ITEMS, order, served, strict=True) if k]


def _guest_words(guest: int) -> str:
    """A guest card in words (its hover): name, colour, VP, order and reward."""
    card = _catalog().guests[guest]
    order = ", ".join(f"{k} {item}" for item, k, _ in _order_lines(card.order, (0, 0, 0, 0)))
    reward = _effects_words(card.reward) or "none"
    return f"{card.name} ({card.colour} guest, {card.vp} VP), orders {order}, reward: {reward}"


def _guest_lines(guest: int, width: float, cost: int | None) -> tuple[list[str], int, list[str]]:
    """The name lines, how many order lines, and the lines under the order, of a guest card."""
    card = _catalog().guests[guest]
    name = _wrap(card.name, width - 12, bold=True)
    needs = "any room colour" if card.colour == "green" else f"needs a {card.colour} room"
    under = [f"{card.vp} VP", *_wrap(needs, width - 12)]
    reward = _effects_words(card.reward)
    if reward:
        under += _wrap("reward: " + reward, width - 12)
    if cost is not None:
        under.append(f"costs {cost} krone{'s' if cost != 1 else ''}" if cost else "free")
    return name, len(_order_lines(card.order, (0, 0, 0, 0))), under


def _guest_height(guest: int | None, width: float, cost: int | None) -> float:
    if guest is None:
        return 2 * LINE + 12
    name, orders, under = _guest_lines(guest, width, cost)
    return 6 + len(name) * LINE + 6 + orders * LINE + len(under) * LINE + 6


def _guest_card(
    drawing: SvgScene,
    x: float,
    y: float,
    w: float,
    h: float,
    guest: int,
    served: Sequence[int],
    cost: int | None,
    title: str,
    target: tuple[str, list[Any]],
    chosen: bool,
) -> None:
    """A guest card: a band in its colour with the name, its order as tokens, VP and reward."""
    cat = _catalog()
    card = cat.guests[guest]
    name, _, under = _guest_lines(guest, w, cost)
    band = 6 + len(name) * LINE
    drawing.rect(
        x,
        y,
        w,
        h,
        fill="#ffffff",
        stroke=GUEST_COLOURS.get(card.colour, "#777"),
        stroke_width=2,
        rx=6,
        title=title,
        target=target,
    )
    drawing.rect(
        x + 1,
        y + 1,
        w - 2,
        band,
        fill=GUEST_PALE.get(card.colour, "#eeeeee"),
        rx=5,
        title=title,
        target=target,
    )
    _lines(drawing, x + 6, y + 4, name, bold=True, title=title, target=target)
    cy = y + band + 6
    for item, ordered, done in _order_lines(card.order, served):
        for k in range(ordered):
            words = f"{item}: {'served' if k < done else 'ordered'}"
            _token(drawing, x + 12 + 14 * k, cy + LINE / 2 - 0.5, item, k < done, words)
        drawing.text(
            x + 14 + 14 * ordered, cy, item, size=TYPE, valign="top", title=title, target=target
        )
        cy += LINE
    _lines(drawing, x + 6, cy, under, title=title, target=target)
    if chosen:
        drawing.rect(x - 3, y - 3, w + 6, h + 6, stroke=CHOICE, stroke_width=3, rx=8, target=target)


def _staff_card_lines(card: int, used: bool, width: float) -> list[str]:
    staff = _catalog().staff[card]
    timing = STAFF_TIMING_WORDS.get(staff.timing, staff.timing)
    return [
        *_wrap(f"{card} {staff.name}", width - 12, bold=True),
        f"costs {staff.cost} krone{'s' if staff.cost != 1 else ''}",
        timing + (", used" if used else ""),
    ]


def _staff_cards(
    drawing: SvgScene,
    x: float,
    y: float,
    cards: Sequence[int],
    used: Sequence[int],
    fill: str,
) -> float:
    """Staff cards in rows of five from ``(x, y)``; returns the y under them."""
    height = 10 + LINE * max(
        (len(_staff_card_lines(c, c in used, STAFF_CARD_W)) for c in cards), default=3
    )
    for i, card in enumerate(cards):
        row, col = divmod(i, 5)
        cx, cy = x + col * (STAFF_CARD_W + CARD_GAP), y + row * (height + CARD_GAP)
        staff = _catalog().staff[card]
        title = f"staff card {card} {staff.name}: {_effects_words(staff.effects)}"
        drawing.rect(
            cx,
            cy,
            STAFF_CARD_W,
            height,
            fill=fill,
            stroke="#8d6e63",
            stroke_width=1.5,
            rx=5,
            title=title,
        )
        lines = _staff_card_lines(card, card in used, STAFF_CARD_W)
        names = len(lines) - 2
        _lines(drawing, cx + 6, cy + 5, lines[:names], bold=True, title=title)
        _lines(drawing, cx + 6, cy + 5 + names * LINE, lines[names:], fill="#444444", title=title)
    rows = math.ceil(len(cards) / 5)
    return y + rows * (height + CARD_GAP)


def _caption(scene: Mapping[str, Any]) -> str:
    import html

    return wrap_lines(html.escape(scene["caption"]), INNER, 14) if scene["caption"] else ""


def _action_board(drawing: SvgScene, y: float, scene: Mapping[str, Any], chosen: set) -> float:
    """The six action spaces with their dice; returns the y under them."""
    w = (INNER - 5 * 8) / 6
    rows = max(1, *(math.ceil(k / DICE_PER_ROW) for k in scene["dice"]))
    y = _lines(
        drawing,
        MARGIN,
        y,
        _wrap("Action spaces: take a die from a space to do its action", INNER, True),
        bold=True,
    )
    head = 8 + 3 * LINE
    h = head + rows * (DIE + DIE_GAP) + LINE + 8
    for space in range(1, 7):
        x = MARGIN + (space - 1) * (w + 8)
        count = scene["dice"][space - 1]
        target = ("spaces", ["space", space, 0])
        words = " ".join(SPACE_WORDS[space])
        title = f"space {space} ({words}): {count} dice, strength {count}"
        drawing.rect(
            x,
            y,
            w,
            h,
            fill="#eef3f8" if count else "#f4f4f4",
            stroke="#90a4ae",
            stroke_width=1.5,
            rx=6,
            title=title,
            target=target,
        )
        _lines(drawing, x + 6, y + 5, [f"Space {space}"], bold=True, title=title, target=target)
        _lines(drawing, x + 6, y + 5 + LINE, SPACE_WORDS[space], title=title, target=target)
        for k in range(count):
            row, col = divmod(k, DICE_PER_ROW)
            _die(
                drawing,
                x + 7 + col * (DIE + DIE_GAP),
                y + head + row * (DIE + DIE_GAP),
                space,
                title,
                target,
            )
        strength = f"strength {count}" if count else "no dice"
        _lines(
            drawing, x + 6, y + h - LINE - 5, [strength], fill="#333333", title=title, target=target
        )
        if space in chosen:
            drawing.rect(
                x - 3, y - 3, w + 6, h + 6, stroke=CHOICE, stroke_width=3, rx=8, target=target
            )
    return y + h + 10


def _hint(drawing: SvgScene, y: float, hint: Mapping[str, Any]) -> float:
    """The exact strength of the strongest space if everyone passes; returns the y under it."""
    words = (
        f"Hint: if everyone passes now, {hint['dice']} dice are rolled again. The strongest "
        f"space then has {float(hint['mean']):.2f} dice on average; taking or passing well "
        f"from there is worth {float(hint['value']):.2f} dice. Bars: the chance that the "
        "strongest space has 1, 2, 3 ... dice."
    )
    y = _lines(drawing, MARGIN, y, _wrap(words, INNER))
    distribution = [float(q) for q in hint["distribution"]]
    top = max(distribution, default=1.0) or 1.0
    for k, q in enumerate(distribution):
        if k == 0:
            continue
        x = MARGIN + 10 + (k - 1) * 32
        bar = 50 * q / top
        title = f"chance the strongest space has {k} dice: {q:.3f}"
        drawing.rect(x, y + 54 - bar, 24, max(bar, 1), fill="#1f77b4", title=title)
        drawing.text(x + 12, y + 58, str(k), size=TYPE, anchor="middle", valign="top")
    return y + 58 + LINE + 8


def _guest_row(drawing: SvgScene, y: float, scene: Mapping[str, Any], chosen: set) -> float:
    from hoteledu.grand_austria.hotel import GUEST_QUEUE_COSTS

    y = _lines(
        drawing,
        MARGIN,
        y,
        _wrap("Guest row: take a guest into your café for the krones shown", INNER, True),
        bold=True,
    )
    w = (INNER - 4 * 8) / 5
    h = max(_guest_height(g, w, GUEST_QUEUE_COSTS[slot]) for slot, g in enumerate(scene["queue"]))
    for slot, guest in enumerate(scene["queue"]):
        x = MARGIN + slot * (w + 8)
        target = ("guests", ["guest", slot, 0])
        cost = GUEST_QUEUE_COSTS[slot]
        if guest is None:
            drawing.rect(
                x,
                y,
                w,
                h,
                fill="#f4f4f4",
                stroke="#bbbbbb",
                rx=6,
                title=f"guest space {slot + 1}: empty",
                target=target,
            )
            _lines(drawing, x + 6, y + 6, ["no guest here"], fill="#666666", target=target)
        else:
            title = f"guest space {slot + 1}: {_guest_words(guest)}; costs {cost} krones"
            _guest_card(
                drawing, x, y, w, h, guest, (0, 0, 0, 0), cost, title, target, slot in chosen
            )
            continue
        if slot in chosen:
            drawing.rect(
                x - 3, y - 3, w + 6, h + 6, stroke=CHOICE, stroke_width=3, rx=8, target=target
            )
    return y + h + 10


def _goals(drawing: SvgScene, y: float, scene: Mapping[str, Any]) -> float:
    """The politics goals and the emperor tiles, written out; returns the y under them."""
    from hoteledu.grand_austria.hotel import EMPEROR_SCORING_ROUNDS, POLITICS_VP

    cat = _catalog()
    if scene["politics"]:
        first, second, third = POLITICS_VP
        y = _lines(
            drawing,
            MARGIN,
            y,
            _wrap(
                f"Politics goals: the first to reach one scores {first} VP, the second "
                f"{second}, the third {third}",
                INNER,
                True,
            ),
            bold=True,
        )
        for i, card in enumerate(scene["politics"]):
            claims = scene["claims"][i]
            reached = (
                " (reached by " + ", ".join(f"P{q + 1}" for q in claims) + ")" if claims else ""
            )
            words = "• " + cat.politics[card].condition.describe() + reached
            y = _lines(drawing, MARGIN + 8, y, _wrap(words, INNER - 8))
        y += 4
    if scene["emperor_tiles"]:
        y = _lines(
            drawing,
            MARGIN,
            y,
            _wrap(
                "Emperor scorings: the VP of your emperor space, then the tile's bonus or penalty",
                INNER,
                True,
            ),
            bold=True,
        )
        for after, tile in zip(EMPEROR_SCORING_ROUNDS, scene["emperor_tiles"], strict=False):
            t = cat.emperor[tile]
            penalty = _effects_words(t.penalty)
            if t.fallback:
                penalty += f" (or {_effects_words(t.fallback)})"
            words = (
                f"• after round {after}: on space 3 or more {_effects_words(t.bonus)}; "
                f"on space 0 {penalty}"
            )
            y = _lines(drawing, MARGIN + 8, y, _wrap(words, INNER - 8))
        y += 4
    return y + 6


def _rooms(
    drawing: SvgScene, x: float, y: float, scene: Mapping[str, Any], p: int, chosen: set
) -> float:
    """A hotel's 20 rooms, floor 4 at the top; returns the y under them."""
    from hoteledu.grand_austria.hotel import FLOOR_COSTS

    cat = _catalog()
    y = _lines(drawing, x, y, ["Rooms · to prepare:"], bold=True)
    grid_x = x + ROOM_LABEL
    for floor in range(4):
        cy = y + (3 - floor) * ROOM_PITCH + ROOM / 2
        cost = FLOOR_COSTS[floor]
        title = f"floor {floor + 1}: a room here costs {cost} krones to prepare"
        drawing.text(x, cy, f"floor {floor + 1}", size=TYPE, fill="#444444", title=title)
        words = f"{cost} krone{'s' if cost != 1 else ''}" if cost else "free"
        drawing.text(grid_x + 5 * ROOM_PITCH + 2, cy, words, size=TYPE, fill="#444444", title=title)
    for room in range(20):
        status = scene["rooms"][p][room]
        colour = cat.colour[room]
        rx = grid_x + cat.column[room] * ROOM_PITCH
        ry = y + (3 - cat.floor[room]) * ROOM_PITCH
        vp = cat.prepare_vp.get(room)
        state = ("no tile yet", "prepared", "occupied")[status]
        title = (
            f"P{p + 1} room {room}: floor {cat.floor[room] + 1}, {colour}, {state} (group "
            f"{cat.group[room]}, {FLOOR_COSTS[cat.floor[room]]} krones to prepare"
            + (f", {vp} VP when prepared)" if vp else ")")
        )
        target = ("rooms", ["room", p, room])
        fill = ("#ffffff", ROOM_PALE[colour], ROOM_COLOURS[colour])[status]
        drawing.rect(
            rx,
            ry,
            ROOM,
            ROOM,
            fill=fill,
            stroke=ROOM_COLOURS[colour],
            stroke_width=2.5,
            rx=3,
            title=title,
            target=target,
        )
        if status == 2:
            drawing.circle(
                rx + ROOM / 2,
                ry + ROOM / 2,
                7,
                fill="#ffffff",
                stroke="#333333",
                title=title,
                target=target,
            )
        if ("room", p, room) in chosen:
            drawing.rect(
                rx - 3,
                ry - 3,
                ROOM + 6,
                ROOM + 6,
                stroke=CHOICE,
                stroke_width=3,
                rx=5,
                target=target,
            )
    return y + 4 * ROOM_PITCH


def _cafe(
    drawing: SvgScene, x: float, y: float, scene: Mapping[str, Any], p: int, chosen: set
) -> float:
    """A hotel's café: up to three guests with what is served; returns the y under it."""
    from hoteledu.grand_austria.hotel import CAFE_SPACES

    cat = _catalog()
    y = _lines(drawing, x, y, ["Café: guests waiting for their order"], bold=True)
    w = (MARGIN + INNER - x - 2 * CARD_GAP) / CAFE_SPACES
    cafe = scene["cafe"][p]
    h = max([_guest_height(e[0], w, None) for e in cafe] + [_guest_height(None, w, None)])
    for slot in range(CAFE_SPACES):
        cx = x + slot * (w + CARD_GAP)
        if slot >= len(cafe):
            drawing.rect(
                cx,
                y,
                w,
                h,
                fill="#fafafa",
                stroke="#cccccc",
                rx=6,
                title=f"P{p + 1} café table {slot + 1}: free",
            )
            _lines(drawing, cx + 6, y + 6, ["free table"], fill="#777777")
            continue
        entry = cafe[slot]
        guest = cat.guests[entry[0]]
        served = entry[1:5]
        title = (
            f"P{p + 1} café {slot + 1}: {_guest_words(entry[0])}; {sum(served)} of "
            f"{sum(guest.order)} served"
        )
        _guest_card(
            drawing,
            cx,
            y,
            w,
            h,
            entry[0],
            served,
            None,
            title,
            ("cafe", ["cafe", p, slot]),
            ("cafe", p, slot) in chosen,
        )
    return y + h


def _turn_order(
    drawing: SvgScene, right: float, y: float, scene: Mapping[str, Any], p: int
) -> None:
    """The turn-order tile: two numbers, the turns taken cover them one by one (grey)."""
    low, high = scene["tiles"][p]
    if not low and not high:
        return
    covered = scene["covered"][p]
    x = right - 2 * 26
    for i, number in enumerate((low, high)):
        done = i < covered
        title = f"turn order number {number}: " + ("covered (turn taken)" if done else "to come")
        drawing.rect(
            x + i * 26,
            y,
            22,
            20,
            fill="#9e9e9e" if done else "#ffffff",
            stroke="#555555",
            rx=3,
            title=title,
        )
        drawing.text(
            x + i * 26 + 11,
            y + 10,
            str(number),
            size=TYPE,
            anchor="middle",
            fill="#ffffff" if done else "#222222",
            bold=True,
            title=title,
        )
    words = "passed" if scene["passed"][p] else "turn order"
    drawing.text(x - 8, y + 10, words, size=TYPE, anchor="end", fill="#333333")


def _tracks(drawing: SvgScene, y: float, scene: Mapping[str, Any], p: int) -> float:
    """The emperor track with the player's disc, and the VP track; returns the y under them."""
    from hoteledu.grand_austria.hotel import EMPEROR_BONUS_MIN_SPACE, EMPEROR_TRACK_VP

    colour = PLAYER_COLOURS[p]
    at = min(scene["emperor"][p], len(EMPEROR_TRACK_VP) - 1)
    drawing.text(MARGIN, y + 18 + 17, "Emperor track", size=TYPE, bold=True)
    top = y + 14
    for step, vp in enumerate(EMPEROR_TRACK_VP):
        x = EMPEROR_X + step * EMPEROR_STEP
        zone = (
            "#f8d7d7" if step == 0 else "#dff0d8" if step >= EMPEROR_BONUS_MIN_SPACE else "#f4f4f4"
        )
        title = f"emperor space {step}: {vp} VP at an emperor scoring"
        drawing.rect(x, top, EMPEROR_STEP - 3, 38, fill=zone, stroke="#999999", rx=3, title=title)
        drawing.text(
            x + 18.5, top + 11, str(step), size=TYPE, anchor="middle", bold=True, title=title
        )
        drawing.text(
            x + 18.5, top + 28, f"{vp} VP", size=TYPE, anchor="middle", fill="#444444", title=title
        )
    x = EMPEROR_X + at * EMPEROR_STEP + 18.5
    drawing.marker(
        "triangle-down",
        x,
        top - 6,
        12,
        fill=colour,
        title=f"P{p + 1}'s emperor disc: space {scene['emperor'][p]}",
    )
    drawing.rect(
        EMPEROR_X + at * EMPEROR_STEP - 1,
        top - 1,
        EMPEROR_STEP - 1,
        40,
        stroke=colour,
        stroke_width=3,
        rx=4,
    )
    y = top + 38 + 12
    # the VP track: 0 to 100, the player's marker with its number above
    vp = scene["vp"][p]
    left, right = EMPEROR_X, EMPEROR_X + 13 * EMPEROR_STEP + 37
    line_y = y + LINE + 10
    drawing.text(MARGIN, line_y, "VP track", size=TYPE, bold=True)
    drawing.line(left, line_y, right, line_y, stroke="#bbbbbb", width=4)
    for tick in range(0, VP_SPAN + 1, 20):
        tx = left + tick / VP_SPAN * (right - left)
        drawing.line(tx, line_y - 5, tx, line_y + 5, stroke="#999999", width=1.5)
        drawing.text(
            tx, line_y + 8, str(tick), size=TYPE, anchor="middle", fill="#666666", valign="top"
        )
    mx = left + min(max(vp, 0), VP_SPAN) / VP_SPAN * (right - left)
    drawing.marker(
        "diamond", mx, line_y, 14, fill=colour, stroke="#ffffff", title=f"P{p + 1}: {vp} VP"
    )
    drawing.text(
        mx,
        line_y - 9,
        f"{vp} VP",
        size=TYPE,
        anchor="middle",
        valign="bottom",
        bold=True,
        fill=colour,
    )
    return line_y + 8 + LINE + 6


def _hotel(drawing: SvgScene, y: float, scene: Mapping[str, Any], p: int, chosen: set) -> float:
    """One player's hotel board; returns the y under it."""
    colour, pale = PLAYER_COLOURS[p], PLAYER_PALE[p]
    start = y
    drawing.rect(MARGIN, y, INNER, 28, fill=pale, stroke=colour, stroke_width=1.5, rx=4)
    you = " (you: this view)" if scene["viewer"] == p else ""
    money = scene["money"][p]
    header = (
        f"<b>P{p + 1}{you}</b> · {scene['vp'][p]} VP · {money} krone{'s' if money != 1 else ''}"
        f" · emperor space {scene['emperor'][p]}"
    )
    drawing.text(MARGIN + 8, y + 14, header, size=13, fill=colour)
    _turn_order(drawing, MARGIN + INNER - 6, y + 4, scene, p)
    y += 36
    below_rooms = _rooms(drawing, MARGIN + 4, y, scene, p, chosen)
    below_cafe = _cafe(drawing, CAFE_X, y, scene, p, chosen)
    y = max(below_rooms, below_cafe) + 10
    # the kitchen: dishes and drinks held, as tokens with their counts
    drawing.text(MARGIN + 4, y + 8, "Kitchen", size=TYPE, bold=True)
    for i, (item, k) in enumerate(zip(ITEMS, scene["kitchen"][p], strict=True)):
        x = MARGIN + 112 + i * 130
        _token(drawing, x + 6, y + 8, item, True, f"{item} in the kitchen: {k}")
        drawing.text(x + 18, y + 8, f"{k} {item}", size=TYPE)
    y += LINE + 10
    # staff cards: played ones face up; the hand face up only to its owner at the laptop
    played, used = scene["staff"][p], scene["used"][p]
    y = _lines(drawing, MARGIN + 4, y, [f"Staff played: {len(played) or 'none yet'}"], bold=True)
    y = _staff_cards(drawing, MARGIN, y, played, used, "#fbf6f2") + 2
    hand = scene["hand"][p]
    if isinstance(hand, int):
        words = f"Hand: {hand} staff card{'s' if hand != 1 else ''}, face down"
        _lines(drawing, MARGIN + 4, y, [words], bold=True)
        for k in range(hand):
            drawing.rect(
                MARGIN + 260 + k * 20,
                y,
                16,
                14,
                fill="#8d6e63",
                stroke="#5d4037",
                rx=2,
                title="a staff card face down",
            )
        y += LINE + 6
    else:
        words = "Hand (only you see it): " + (f"{len(hand)} staff cards" if hand else "empty")
        y = _lines(drawing, MARGIN + 4, y, [words], bold=True)
        y = _staff_cards(drawing, MARGIN, y, hand, (), "#ffffff") + 2
    y = _tracks(drawing, y, scene, p)
    drawing.rect(
        MARGIN - 4, start - 4, INNER + 8, y - start + 6, stroke=colour, stroke_width=1, rx=6
    )
    return y + 16


def svg_scene(
    scene: Mapping[str, Any], highlight: Sequence[Any] = (), hint: Mapping[str, Any] | None = None
) -> SvgScene:
    """The game board drawn as the game has it, from the scene of the seat at the laptop.

    ``highlight`` marks (``("space", s)``, ``("guest", slot)``, ``("room", p,
    room)``, ``("cafe", p, slot)``) get an orange outline; ``hint`` (the
    app's overlay) adds the exact strength after passing under the action board.
    """
    chosen_spaces = {int(m[1]) for m in highlight if m[0] == "space"}
    chosen_guests = {int(m[1]) for m in highlight if m[0] == "guest"}
    chosen = {(m[0], int(m[1]), int(m[2])) for m in highlight if m[0] in ("room", "cafe")}
    # the height is known once everything is placed (the scene's size is plain data)
    drawing = SvgScene(WIDTH, 1)
    drawing.height = round(
        float(_draw(drawing, scene, chosen_spaces, chosen_guests, chosen, hint)), 1
    )
    return drawing


def _draw(
    drawing: SvgScene,
    scene: Mapping[str, Any],
    spaces: set,
    guests: set,
    chosen: set,
    hint: Mapping[str, Any] | None,
) -> float:
    y = float(MARGIN)
    if scene["caption"]:
        caption = _caption(scene)
        drawing.text(MARGIN, y, caption, size=14, valign="top")
        y += len(text_spans(caption)) * 18 + 4
    rnd = scene["round"]
    status = (
        f"Round {rnd} of 7 · {sum(scene['dice'])} dice on the action spaces · "
        f"{scene['dustbin']} in the dustbin (set aside after a pass)"
        if rnd
        else "Setting up: round 1 of 7 comes next"
    )
    y = _lines(drawing, MARGIN, y, _wrap(status, INNER)) + 6
    y = _action_board(drawing, y, scene, spaces)
    if hint:
        y = _hint(drawing, y, hint)
    y = _guest_row(drawing, y, scene, guests)
    y = _goals(drawing, y, scene)
    for p in range(scene["players"]):
        y = _hotel(drawing, y, scene, p, chosen)
    key = _wrap(KEY, INNER)
    y = _lines(drawing, MARGIN, y, key, fill="#444444")
    return y + MARGIN


__all__ = ["KEY", "WIDTH", "svg_scene"]
