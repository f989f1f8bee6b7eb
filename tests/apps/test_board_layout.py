"""The plotly boards (``board="plotly"``) are not charts and fit a narrow page (issue 20); the
SVG boards (the default) are checked in ``test_svg_board.py``, both in the browser."""

from __future__ import annotations

import pytest

from hoteledu.amsterdam.app import make_app as amsterdam
from hoteledu.boutique.app import make_app as boutique
from hoteledu.grand_austria.app import make_app as grand_austria

APPS = {
    "amsterdam": lambda: amsterdam(players=2, seats=("human", "human"), seed=1, board="plotly"),
    "grand_austria": lambda: grand_austria(players=4, seats=("human",) * 4, seed=6, board="plotly"),
    "boutique": lambda: boutique(players=4, seats=("human",) * 4, seed=6, weeks=1, board="plotly"),
}
NARROWEST_PAGE = 800
"""Pixels an app's output gets in JupyterLab at 1280 px beside its file browser, about."""


@pytest.mark.parametrize("game", sorted(APPS))
def test_a_board_has_no_chart_toolbar_and_fits_a_narrow_page(game):
    app = APPS[game]()
    assert app.figure._config.get("displayModeBar") is False
    assert app.figure._config.get("scrollZoom") is False
    assert app.figure.layout.dragmode is False
    assert app.figure.layout.width <= NARROWEST_PAGE
    row = next(child for child in app.widget.children if app.board_box in child.children)
    assert row.layout.flex_flow == "row wrap"  # the side panel goes under the board


def test_grand_austria_board_type_is_at_least_12_px_and_explains_the_turn_order_tile():
    app = APPS["grand_austria"]()
    sizes = [t.textfont.size for t in app.figure.data if t.textfont.size is not None]
    assert sizes and min(sizes) >= 12
    words = " ".join(str(x) for t in app.figure.data if t.text for x in t.text)
    assert "turn order" in words and "emperor track" in words
    assert "tile " not in words.replace("turn order", "")
