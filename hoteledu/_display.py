"""Set-up shared by every module that shows a plotly figure or a widget.

Showing a plotly figure imports nbformat, which imports jsonschema, whose
format checker eagerly imports ``rfc3987_syntax`` when it is installed (it
comes with JupyterLab through jupyter-events). That module compiles its IRI
grammars on import: about 3 s of CPU in every kernel, before the first
figure of a lesson or an app appears. Nothing hoteledu shows validates IRIs,
so the import is skipped in the kernel, unless jsonschema is loaded already
(then it is too late to matter) or someone asked for the module itself.

A displayed widget's ``text/plain`` is what a reader without a kernel sees
(GitHub, nbviewer, the lesson site): :func:`widget_bundle` makes it a sentence
of what the widget does (:func:`reader_text`) instead of ipywidgets' repr.
Neither function imports ipywidgets. In a Voilà kernel, figures are shown as
``FigureWidget``s (:func:`use_figure_widgets_in_voila`).

>>> class DiceView:
...     'Roll the dice and see the exact bars.'
>>> reader_text(DiceView())
'Roll the dice and see the exact bars. (An interactive widget: run the notebook to use it.)'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping


def skip_slow_iri_grammar() -> None:
    """Make jsonschema's optional ``rfc3987_syntax`` import fail fast (it suppresses it)."""
    if "jsonschema" not in sys.modules and "rfc3987_syntax" not in sys.modules:
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]


skip_slow_iri_grammar()


# Plotly figures on a Voilà page. jupyterlab-plotly's renderer, once it has drawn a
# figure, writes a PNG of it back into the output's model (``model.setData``) so a
# saved notebook keeps a picture; Voilà hands it a plain object without that method,
# so every figure shown as a cell's result on a Voilà page threw "r.setData is not a
# function" (the Boutique play page shows two). There a ``FigureWidget`` draws it
# instead: the widget manager, which Voilà runs in full. JupyterLab is unchanged.
RENDERER = "hoteledu_voila_widget"


def in_voila_kernel(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this kernel was started by Voilà for a page."""
    environ = os.environ if environ is None else environ
    return environ.get("SERVER_SOFTWARE", "").startswith("voila/")


def use_figure_widgets_in_voila(environ: Mapping[str, str] | None = None) -> bool:
    """In a Voilà kernel, make plotly show figures as ``FigureWidget``s; returns whether it did."""
    if not in_voila_kernel(environ):
        return False
    import plotly.graph_objects as go
    import plotly.io as pio
    from plotly.io.base_renderers import ExternalRenderer

    class FigureWidgetRenderer(ExternalRenderer):
        def render(self, fig_dict: dict) -> None:
            from IPython.display import display

            display(go.FigureWidget(fig_dict))

    pio.renderers[RENDERER] = FigureWidgetRenderer()
    pio.renderers.default = RENDERER
    return True


use_figure_widgets_in_voila()


WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"


def reader_text(view: object) -> str:
    """What a widget does, in a sentence, for a reader without a kernel.

    It is the first line of the view's class docstring. A stored notebook
    (GitHub, nbviewer, the lesson site) cannot draw a widget: it shows this
    ``text/plain`` instead of ipywidgets' ``VBox(children=(...``.
    """
    doc = (type(view).__doc__ or "").strip().splitlines()
    summary = doc[0].strip() if doc else f"The {type(view).__name__} widget."
    return f"{summary} (An interactive widget: run the notebook to use it.)"


def widget_bundle(view: object, widget: object, **kwargs: object) -> object:
    """``widget``'s display bundle with :func:`reader_text` of ``view`` as its ``text/plain``."""
    bundle = widget._repr_mimebundle_(**kwargs)  # type: ignore[attr-defined]
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    if isinstance(data, dict) and WIDGET_VIEW_MIME in data:
        data["text/plain"] = getattr(view, "reader_text", None) or reader_text(view)
    return bundle
