"""The boards drawn as one SVG anywidget each (``board="svg"``, issue 20).

What the kernel sends is the whole drawing: the page redraws it from the
widget's own state, so what a new view starts from is the live board; a click
names the drawing's version and a drawn target, and the kernel acts only on a
click made on the board it shows now.
"""

from __future__ import annotations

import itertools
import json
import re

import numpy as np
import pytest
from ga_hidden_cards import hidden_card_words
from ipywidgets.widgets.widget import _instances

from hoteledu.amsterdam.app import make_app as amsterdam
from hoteledu.apps.svgboard_scene import MIN_TYPE_PX, scene_items
from hoteledu.boutique.app import make_app as boutique
from hoteledu.grand_austria.app import make_app as grand_austria

APPS = {
    "amsterdam": lambda: amsterdam(players=2, seats=("human", "human"), seed=1, board="svg"),
    "grand_austria": lambda: grand_austria(
        players=4, seats=("human",) * 4, seed=6, board="svg", threaded=False
    ),
    "boutique": lambda: boutique(
        players=4, seats=("human",) * 4, seed=6, weeks=1, board="svg", threaded=False
    ),
}
NARROWEST_PAGE = 820
"""Pixels a board may want at its natural size (it scales down to a narrower box)."""
PRESSES = 60


def _words(board) -> str:
    return " ".join(
        words
        for item in scene_items(board.scene)
        for spans in item.get("lines", [])
        for words, *_ in spans
    )


def _drawn_now(app):
    c = app.controller
    return app.adapter.svg_scene(c.scene(), c.highlight(), app._overlays())


@pytest.mark.parametrize("game", sorted(APPS))
def test_an_svg_board_fits_a_narrow_page_in_type_of_12_px_with_its_key(game):
    app = APPS[game]()
    board = app.svg_board
    assert board is not None and app.board_kind == "svg"
    if app.controller.needs_handover():
        app.cover_button.click()
    assert board in app.board_box.children
    assert 0 < board.scene["width"] <= NARROWEST_PAGE
    sizes = [item["size"] for item in scene_items(board.scene) if item["tag"] == "text"]
    assert sizes and min(sizes) >= MIN_TYPE_PX
    assert "Key:" in _words(board)
    assert board.targets, "nothing on the board can be clicked"
    row = next(child for child in app.widget.children if app.board_box in child.children)
    assert row.layout.flex_flow == "row wrap"  # the side panel goes under the board


@pytest.mark.parametrize("game", sorted(APPS))
def test_a_new_view_starts_from_the_live_board_after_every_press(game):
    """Random presses (board clicks included): the widget's state is the board drawn afresh."""
    app = APPS[game]()
    rng = np.random.default_rng(3)
    board, c = app.svg_board, app.controller
    for _ in range(PRESSES):
        options = [b.click for b in app.action_buttons]
        if app.chance_pad.layout.display != "none":
            options.append(app.chance_button.click)
        if app.cover.layout.display != "none":
            options.append(app.cover_button.click)
        if board.targets:
            options.append(
                lambda: board.click(board.version, int(rng.integers(len(board.targets))))
            )
        options[int(rng.integers(len(options)))]()
        state = board.get_state()
        assert state["version"] == c.version
        assert json.loads(state["drawing"]) == _drawn_now(app).data()
        assert board.targets == _drawn_now(app).targets


@pytest.mark.parametrize("game", sorted(APPS))
def test_the_message_groups_a_cards_parts_and_opens_to_the_same_items(game):
    """What the page is sent: consecutive items of one title and target in one group whose
    parts carry neither; opened again, the drawing's items in the same order."""
    app = APPS[game]()
    if app.controller.needs_handover():
        app.cover_button.click()
    drawing = _drawn_now(app)
    sent = json.loads(app.svg_board.drawing)
    assert sent == drawing.data() and scene_items(sent) == drawing.items
    groups = [item for item in sent["items"] if item["tag"] == "g"]
    if game == "grand_austria":  # its cards are drawn in parts (Amsterdam's, Boutique's whole)
        assert len(groups) > 20, f"{len(groups)} cards drawn as one group"
    for group in groups:
        assert len(group["items"]) > 1 and ("title" in group or "target" in group)
        assert not any("title" in part or "target" in part for part in group["items"])
    # neighbours outside a group never share a title and target (they would be one group)
    keys = [(i.get("title"), i.get("target")) for i in sent["items"]]
    assert not any(a == b != (None, None) for a, b in itertools.pairwise(keys))


def test_a_board_click_plays_the_move_it_names_and_an_old_drawing_changes_nothing():
    app = APPS["amsterdam"]()
    board, c = app.svg_board, app.controller
    app.roll_button.click()
    assert c.state.phase == "place hotel"
    drawn_for = board.version
    site = board.target_index("intersections", ["intersection", 5, 5])
    board.click(drawn_for, site)
    assert c.state.hotels[0] == [(5, 5)] or list(map(tuple, c.state.hotels[0])) == [(5, 5)]
    assert board.version == c.version > drawn_for
    # a click made on the drawing before that move: refused, nothing changes
    position = c.state.to_json_str()
    board.click(drawn_for, board.target_index("intersections", ["intersection", 5, 5]))
    assert c.state.to_json_str() == position
    assert "click again" in c.message


def test_a_click_on_an_illegal_place_says_the_rule_and_changes_nothing():
    app = APPS["amsterdam"]()
    board, c = app.svg_board, app.controller
    app.roll_button.click()
    position = c.state.to_json_str()
    board.click(board.version, board.target_index("tiles", ["tile", 3, 3]))  # the Dam
    assert c.state.to_json_str() == position and c.message


@pytest.mark.parametrize(
    ("content", "field"),
    [
        ("not a dict", "JSON object"),
        ({"version": "7", "target": 0}, "'version'"),
        ({"version": True, "target": 0}, "'version'"),
        ({"version": 1, "target": None}, "'target'"),
        ({"version": 1, "target": 10_000}, "'target' 10000 is not drawn"),
        ({"version": 1, "target": -1}, "'target' -1 is not drawn"),
    ],
)
def test_a_forged_click_is_refused_naming_its_field_and_changes_nothing(content, field):
    app = APPS["amsterdam"]()
    board, c = app.svg_board, app.controller
    app.roll_button.click()
    if isinstance(content, dict) and type(content.get("version")) is int:
        content = {**content, "version": board.version}
    position, version = c.state.to_json_str(), c.version
    board._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )
    assert c.state.to_json_str() == position and c.version == version
    assert "refused" in c.message and field in c.message


def test_the_page_cannot_redraw_the_board_nor_move_its_version():
    app = APPS["amsterdam"]()
    board = app.svg_board
    drawing, scene, version = board.drawing, board.scene, board.version
    empty = json.dumps({"width": 1, "height": 1, "items": []})
    forged = {"drawing": empty, "scene": {"items": []}, "version": version + 5}
    board._handle_msg(
        {
            "content": {"data": {"method": "update", "state": forged, "buffer_paths": []}},
            "buffers": [],
        }
    )
    assert board.drawing == drawing and board.scene == scene and board.version == version


def test_grand_austria_hot_seat_an_svg_board_holds_only_the_seat_shown():
    """At every cover nothing the browser holds names a hidden card; after it, the seat's hand."""
    before = set(_instances)
    app = grand_austria(players=2, seats=("human", "human"), seed=5, threaded=False, board="svg")
    c, board = app.controller, app.svg_board
    handovers = 0
    for _ in range(400):
        if handovers == 4:
            break
        if c.needs_handover():
            handovers += 1
            hidden = hidden_card_words(c.state, set())
            held = json.dumps(
                [
                    {k: v for k, v in widget.get_state().items() if k != "_esm"}
                    for model_id, widget in list(_instances.items())
                    if model_id not in before
                ],
                default=lambda v: v.decode() if isinstance(v, bytes) else repr(v),
            )
            leaks = [words for words in hidden if re.search(rf"\b{re.escape(words)}\b", held)]
            assert not leaks, f"the browser holds hidden cards at the cover: {leaks[:5]}"
            assert board not in app.board_box.children
            app.cover_button.click()
            assert board in app.board_box.children
            assert json.loads(board.get_state()["drawing"]) == _drawn_now(app).data()
            own = hidden - hidden_card_words(c.state, {c.viewer})
            assert not own or any(words in _words(board) for words in own)
            continue
        if c.chance_waits_for_human():
            app.chance_button.click()
            continue
        labels = [b.description for b in app.action_buttons]
        assert labels, c.status()
        app.action_buttons[next((i for i, t in enumerate(labels) if t == "pass"), 0)].click()
    assert handovers == 4


def test_board_plotly_keeps_the_plotly_board_and_an_unknown_kind_is_refused():
    from hoteledu.apps.view import GameApp

    app = APPS["amsterdam"]()
    with pytest.raises(ValueError, match="board must be one of"):
        GameApp(app.controller, board="canvas")
    plain = amsterdam(players=2, seats=("human", "human"), seed=1, board="plotly")
    assert plain.svg_board is None and plain.board_kind == "plotly"


def test_the_amsterdam_score_line_says_one_point_and_two_points():
    """The score line reads "1 point", "0 points", "2 points" (it said "1 points")."""
    import dataclasses

    from hoteledu.amsterdam.figures.board import BoardScene, svg_scene

    scene = dataclasses.replace(BoardScene.example(), scores=(1, 0, 2))
    spans = [
        span[0]
        for item in svg_scene(scene).items
        for line in item.get("lines", [])
        for span in line
    ]
    assert [s for s in spans if "point" in s] == [": 1 point", ": 0 points", ": 2 points"]
