"""Grand Austria's SVG board reads like the game (issue 20): dice with pips, cards, tracks.

Checked on positions reached by seeded play (2 to 4 players, the dice rolled):
type of at least 12 px; none of the old codes a newcomer could not decode
("SWW 0/3", "kr", "tile 2/3", "A/B/C"); every die drawn with the pips of its
space; each player's VP marker and emperor disc where their numbers say;
another seat's staff hand never named; every click target of the plotly
board (the names and customdata ``click_to_action`` reads) still drawn.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from ga_hidden_cards import hidden_card_words

from hoteledu.apps.svgboard_scene import MIN_TYPE_PX, text_width
from hoteledu.grand_austria.app import GrandAustriaController
from hoteledu.grand_austria.figures import _board_svg as board_svg
from hoteledu.grand_austria.figures.board import game_trace_updates, svg_scene
from hoteledu.grand_austria.hotel import EMPEROR_TRACK_VP

OLD_CODES = (
    (re.compile(r"\b[SCWK]{2,}\b"), "an order in letters (SWW)"),
    (re.compile(r"\b[SCWK]{1,6} \d+/\d+"), "an order with served/ordered (W 0/1)"),
    (re.compile(r"\bkr\b"), "kr for krones"),
    (re.compile(r"tile \d+/\d+"), "a turn-order tile as 2/3"),
    (re.compile(r"A/B/C|\b[ABC]: "), "politics goals as A/B/C"),
    (re.compile(r"\b\d+ covered\b"), "'1 covered'"),
)
"""The old board's codes (issue 20) and what each was."""


def _play(players: int, seed: int, presses: int) -> GrandAustriaController:
    """A game after ``presses`` seeded presses by everyone at one laptop (dice rolled)."""
    c = GrandAustriaController(players=players, seats=("human",) * players, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(presses):
        if c.needs_handover():
            c.hand_over()
        elif c.chance_waits_for_human():
            assert c.resolve_chance(), c.message
        else:
            labels = [c.adapter.action_label(c.state, a) for a in c.legal_actions()]
            moves = [label for label in labels if label != "pass"] or labels
            assert c.play_text(moves[int(rng.integers(len(moves)))]), c.message
    if c.needs_handover():
        c.hand_over()
    return c


@pytest.fixture(scope="module")
def games() -> list[GrandAustriaController]:
    """Positions with dice on the board, 2 to 4 players, early and later in the game."""
    out = []
    for players, seed, presses in ((2, 6, 30), (3, 2, 45), (4, 5, 25), (2, 11, 90)):
        c = _play(players, seed, presses)
        while sum(c.state.dice) == 0 and not c.state.is_terminal():
            c = _play(players, seed, presses := presses + 3)
        out.append(c)
    return out


def _drawn(c: GrandAustriaController):
    return svg_scene(c.scene(), c.highlight(), c.adapter.overlay(c.state, "hint"))


def _texts(drawing) -> list[str]:
    """Every line painted and every hover title."""
    out = []
    for item in drawing.items:
        out += ["".join(words for words, *_ in spans) for spans in item.get("lines", [])]
        if item.get("title"):
            out.append(item["title"])
    return out


def test_every_text_is_at_least_12_px_and_inside_the_board(games):
    for c in games:
        drawing = _drawn(c)
        assert drawing.width == board_svg.WIDTH
        texts = [item for item in drawing.items if item["tag"] == "text"]
        assert len(texts) > 100
        assert min(item["size"] for item in texts) >= MIN_TYPE_PX
        for item in texts:
            a = item["attrs"]
            markup = "<br>".join("".join(w for w, *_ in spans) for spans in item["lines"])
            width = text_width(markup, item["size"])
            left = {"start": a["x"], "middle": a["x"] - width / 2, "end": a["x"] - width}
            left = left[a["text-anchor"]]
            assert left >= 0 and left + width <= drawing.width, (markup, a)
            assert 0 <= a["y"] <= drawing.height
        for item in drawing.items:
            a = item["attrs"]
            if item["tag"] == "rect":
                assert a["x"] >= 0 and a["x"] + a["width"] <= drawing.width, a
                assert a["y"] >= 0 and a["y"] + a["height"] <= drawing.height, a


def test_no_old_code_is_drawn_and_the_key_explains_the_rest(games):
    for c in games:
        drawing = _drawn(c)
        texts = _texts(drawing)
        for text in texts:
            for pattern, what in OLD_CODES:
                assert not pattern.search(text), f"{what} in {text!r}"
        painted = " ".join(
            "".join(w for w, *_ in spans) for i in drawing.items for spans in i.get("lines", [])
        )
        assert "Key: VP = victory points" in painted
        for word in ("strudel", "cake", "wine", "coffee", "krones", "Emperor track", "VP track"):
            assert word in painted, word


def test_the_check_catches_an_old_code():
    """The patterns find what the old board drew (a check that cannot fail is none)."""
    old = ["SWW 0/3 · 0 VP · 3 kr", "turn order tile 2/3, 1 covered", "politics A/B/C"]
    for text in old:
        assert any(p.search(text) for p, _ in OLD_CODES), text
    assert sum(bool(p.search(" ".join(old))) for p, _ in OLD_CODES) >= 5


def _dice(drawing) -> dict[int, list[int]]:
    """Space -> the pips counted inside each die drawn on it."""
    rects = [
        i
        for i in drawing.items
        if i["tag"] == "rect"
        and i["attrs"]["width"] == board_svg.DIE
        and i.get("title", "").startswith("space ")
    ]
    pips = [i for i in drawing.items if i["tag"] == "circle" and i["attrs"]["r"] == 2.2]
    out: dict[int, list[int]] = {}
    for die in rects:
        space = int(re.match(r"space (\d)", die["title"]).group(1))
        a = die["attrs"]
        inside = [
            p
            for p in pips
            if a["x"] < p["attrs"]["cx"] < a["x"] + 22 and a["y"] < p["attrs"]["cy"] < a["y"] + 22
        ]
        out.setdefault(space, []).append(len(inside))
    return out


def test_each_die_on_a_space_shows_that_space_in_pips(games):
    seen = 0
    for c in games:
        dice = _dice(_drawn(c))
        for space in range(1, 7):
            count = c.state.dice[space - 1]
            assert dice.get(space, []) == [space] * count, (space, count, dice.get(space))
            seen += count
    assert seen >= 8


def test_a_die_taken_is_a_die_less_on_the_board():
    c = _play(2, 6, 30)
    scene = c.scene()
    space = max(range(1, 7), key=lambda s: scene["dice"][s - 1])
    before = len(_dice(svg_scene(scene))[space])
    scene["dice"][space - 1] -= 1
    assert len(_dice(svg_scene(scene)).get(space, [])) == before - 1


def test_each_players_vp_and_emperor_disc_are_where_their_numbers_say(games):
    scene = games[2].scene()  # four players
    scene["vp"], scene["emperor"] = [0, 17, 42, 130], [0, 3, 7, 13]
    drawing = svg_scene(scene)
    markers = {i["title"]: i for i in drawing.items if i["tag"] == "polygon"}
    steps = [i for i in drawing.items if (i.get("title") or "").startswith("emperor space ")]
    assert len([i for i in steps if i["tag"] == "rect"]) == 4 * len(EMPEROR_TRACK_VP)
    xs = []
    for p, (vp, step) in enumerate(zip(scene["vp"], scene["emperor"], strict=True)):
        vp_marker = markers[f"P{p + 1}: {vp} VP"]
        xs.append(float(vp_marker["attrs"]["points"].split(" ")[0].split(",")[0]))
        disc = markers[f"P{p + 1}'s emperor disc: space {step}"]
        tip_x = float(disc["attrs"]["points"].split(" ")[2].split(",")[0])
        space = [
            i["attrs"]
            for i in drawing.items
            if i.get("title", "").startswith(f"emperor space {step}:")
        ]
        assert any(abs(a["x"] + a["width"] / 2 - tip_x) < 1 for a in space), (p, step)
        painted = [
            i
            for i in drawing.items
            if i["tag"] == "text" and i["lines"] == [[[f"{vp} VP", True, ""]]]
        ]
        assert painted, f"P{p + 1}'s {vp} VP is not written by the marker"
    assert xs == sorted(xs) and xs[0] < xs[1] < xs[2] < xs[3]


def test_another_seats_hand_is_never_drawn_and_ones_own_is(games):
    for c in games:
        seat = c.viewer
        for viewer in range(c.state.num_players):
            scene = c.adapter.scene(c.state, viewer, "")
            text = " ".join(_texts(svg_scene(scene)))
            hidden = hidden_card_words(c.state, {viewer})
            leaks = [w for w in hidden if re.search(rf"\b{re.escape(w)}\b", text)]
            assert not leaks, (viewer, leaks)
            own = hidden_card_words(c.state, set()) - hidden
            assert all(w in text for w in own), (viewer, own - {w for w in own if w in text})
            others = [q for q in range(c.state.num_players) if q != viewer and c.state.hand[q]]
            for q in others:
                n = len(c.state.hand[q])
                assert f"Hand: {n} staff card{'s' if n != 1 else ''}, face down" in text
        assert c.viewer == seat


def _old_targets(scene, highlight) -> set[tuple[str, tuple]]:
    names = ("spaces", "guests", "info", "rooms", "cafe")
    from hoteledu.grand_austria.figures.board import GAME_TRACE_NAMES

    out = set()
    for name, data in zip(GAME_TRACE_NAMES, game_trace_updates(scene, highlight), strict=True):
        if name in names:
            out |= {(name, tuple(d)) for d in data.get("customdata", [])}
    return out


def test_every_click_target_of_the_plotly_board_is_drawn_and_plays_the_same(games):
    for c in games:
        scene, marks = c.scene(), c.highlight()
        new = {(name, tuple(data)) for name, data in svg_scene(scene, marks).targets}
        old = _old_targets(scene, marks)
        assert len(old) >= 6 + 5 + 20 * scene["players"]
        assert new == old, (old - new, new - old)
        legal = c.legal_actions()
        for name, data in sorted(new)[:40]:
            assert c.adapter.click_to_action(c.state, legal, name, list(data)) is not None


def test_a_highlighted_piece_has_an_orange_outline_that_clicks_as_it(games):
    checked = 0
    for c in [*games, _play(2, 6, 3)]:
        drawing = _drawn(c)
        outlined = {
            tuple(drawing.targets[i["target"]][1])
            for i in drawing.items
            if i["tag"] == "rect" and i["attrs"].get("stroke") == board_svg.CHOICE
        }
        marks = c.highlight()
        for mark in marks:
            data = (*mark, 0) if mark[0] in ("space", "guest") else mark
            assert tuple(data) in outlined, mark
            checked += 1
        assert len(outlined) == len(marks)
    assert checked >= 5


def test_the_words_of_each_card_and_space_stay_inside_it(games):
    """A card's or space's text (hover title the same as its box's) lies inside that box."""
    checked = 0
    for c in games:
        drawing = _drawn(c)
        boxes: dict[str, list[dict]] = {}
        for item in drawing.items:
            if item["tag"] == "rect" and item.get("title"):
                boxes.setdefault(item["title"], []).append(item["attrs"])
        for item in drawing.items:
            if item["tag"] != "text" or item.get("title") not in boxes:
                continue
            a, n = item["attrs"], len(item["lines"])
            markup = "<br>".join("".join(w for w, *_ in spans) for spans in item["lines"])
            width = text_width(markup, item["size"])
            step = item["size"] * 1.25
            top = {"top": a["y"], "middle": a["y"] - n * step / 2, "bottom": a["y"] - n * step}
            top = top[item["valign"]]
            left = {"start": a["x"], "middle": a["x"] - width / 2, "end": a["x"] - width}
            left = left[a["text-anchor"]]
            inside = [
                b
                for b in boxes[item["title"]]
                if b["x"] <= left
                and left + width <= b["x"] + b["width"] + 1
                and b["y"] <= top
                and top + n * step <= b["y"] + b["height"] + 1
            ]
            assert inside, f"{markup!r} sticks out of its box ({item['title']})"
            checked += 1
    assert checked > 100


def test_every_staff_timing_has_the_words_both_boards_write():
    from hoteledu.grand_austria import effects
    from hoteledu.grand_austria.figures.board import staff_card_text
    from hoteledu.grand_austria.vocabulary import STAFF_TIMING_WORDS, STAFF_TIMINGS

    assert set(STAFF_TIMING_WORDS) == set(STAFF_TIMINGS)
    for card, staff in effects.catalog().staff.items():
        assert staff_card_text(card).endswith(f", {STAFF_TIMING_WORDS[staff.timing]})")


def _read_back(lines: list[str]) -> str:
    """Wrapped lines read as one text: a line ending in a hyphen runs on into the next."""
    text = ""
    for line in lines:
        text += line if text.endswith("-") or not text else " " + line
    return text


@pytest.mark.parametrize("bold", [True, False])
def test_a_card_name_wraps_between_words_or_at_a_hyphen_never_mid_word(bold):
    """The café's narrower cards drew the guest "Cramersopholus" as "Cramersopholu" over
    "s": a long word was cut with nothing to say it goes on."""
    cat = board_svg._catalog()
    names = [g.name for g in cat.guests.values()]
    names += [f"{number} {s.name}" for number, s in cat.staff.items()]
    assert "Cramersopholus" in names
    cut = []
    for width in range(80, 161, 2):  # card widths on the board: about 110 to 135 px
        for name in names:
            lines = board_svg._wrap(name, width, bold=bold)
            if _read_back(lines).replace("-", "") != name.replace("-", ""):
                cut.append((width, lines))
            widest = max(len(line) for line in lines)
            char = board_svg.BOLD_CHAR if bold else board_svg.CHAR
            assert widest * char * board_svg.TYPE <= width, (width, lines)  # each line fits
    assert not cut, cut[:5]
