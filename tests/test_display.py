"""Showing a figure does not pay for jsonschema's IRI grammar (about 3 s of CPU per kernel)."""

from __future__ import annotations

import subprocess
import sys


def test_figures_skip_the_slow_iri_grammar_import() -> None:
    code = (
        "import sys, hoteledu.amsterdam.figures.board, nbformat, jsonschema; "
        "print(sys.modules.get('rfc3987_syntax', 'absent'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() in ("None", "absent")


def _views() -> list[object]:
    from hoteledu.amsterdam.app import make_app as amsterdam_app
    from hoteledu.boutique.app import make_app as boutique_app
    from hoteledu.boutique.widgets.bid_widget import BidDuelWidget
    from hoteledu.boutique.widgets.duel_widget import DuelWidget
    from hoteledu.grand_austria.app import make_app as grand_austria_app
    from hoteledu.grand_austria.widgets.board_roll import BoardRollWidget
    from hoteledu.grand_austria.widgets.draft import DraftWidget
    from hoteledu.grand_austria.widgets.take_or_pass import TakeOrPassWidget

    apps = [
        make(seed=1, threaded=False) for make in (amsterdam_app, grand_austria_app, boutique_app)
    ]
    return [*apps, BidDuelWidget(seed=1), DuelWidget(seed=1), BoardRollWidget(seed=1),
            DraftWidget(seed=1), TakeOrPassWidget(seed=1)]  # fmt: skip


def test_a_displayed_widget_says_in_plain_text_what_it_does() -> None:
    """A stored notebook has no kernel to draw a widget: its text/plain is what a reader sees."""
    from hoteledu._display import WIDGET_VIEW_MIME

    for view in _views():
        data = view._repr_mimebundle_()
        assert WIDGET_VIEW_MIME in data, type(view).__name__
        text = data["text/plain"]
        said = text.lower()  # a lesson widget: "run the notebook"; an app: "run this cell"
        assert "children=" not in text, text
        assert "run the notebook" in said or "run this cell" in said, text
        if "app" in type(view).__name__.lower():
            assert "`hoteledu app " in text, text


def test_a_voila_kernel_shows_plotly_figures_as_figure_widgets(monkeypatch) -> None:
    """GH-20: on a Voilà page, plotly's mime renderer threw "r.setData is not a function"."""
    import plotly.graph_objects as go
    import plotly.io as pio

    from hoteledu import _display

    shown: list[object] = []
    monkeypatch.setattr("IPython.display.display", lambda obj, **_: shown.append(obj))
    before = pio.renderers.default
    try:
        assert not _display.use_figure_widgets_in_voila({"SERVER_SOFTWARE": "TornadoServer"})
        assert pio.renderers.default == before  # JupyterLab and nbval keep plotly's renderer
        assert _display.use_figure_widgets_in_voila({"SERVER_SOFTWARE": "voila/0.5.13"})
        figure = go.Figure(go.Bar(x=["a", "b"], y=[1, 2]))
        pio.show(figure)
        assert len(shown) == 1 and isinstance(shown[0], go.FigureWidget)
        assert shown[0].data[0].y == (1, 2)  # the same figure, drawn by the widget manager
        # no plotly mime bundle is left for the renderer that threw
        assert figure._repr_mimebundle_() in ({}, None)
    finally:
        pio.renderers.default = before
