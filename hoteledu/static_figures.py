"""A static picture beside every plotly figure a stored lesson shows.

A lesson's figure is stored as plotly's own MIME type, which only a browser
running plotly.js draws: GitHub, nbviewer and a static site show nothing
there. :func:`add_static_figures` renders each stored figure to a PNG with
kaleido (1.x, which drives Debian's Chromium) and puts it in the same output,
beside the figure: JupyterLab still shows the interactive figure (its plotly
renderer outranks images), every other reader shows the picture.

The pictures are made when a stored notebook is built (``tools/nbbuild.py``),
not in the kernel: kaleido takes about 8 s to start Chromium and 0.5 to 1 s a
figure on a busy 2-core machine, and a student's kernel has no need of them.
nbval never compares ``image/png``, so re-running a lesson under nbval, which
gives the figure without its picture, still passes.

Examples
--------
>>> output = {"output_type": "display_data", "metadata": {}, "data": {FIGURE_MIME: {}}}
>>> [len(figures_without_picture({"cells": [{"cell_type": "code", "outputs": [output]}]}))]
[1]
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import os
from collections.abc import Iterable, Mapping
from typing import Any

FIGURE_MIME = "application/vnd.plotly.v1+json"
PICTURE_MIME = "image/png"
CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, which kaleido drives (``BROWSER_PATH`` overrides it)."""


class StaticFigureError(RuntimeError):
    """A figure could not be drawn as a picture; the message says what is missing."""


def figure_outputs(notebook: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every output of ``notebook`` that holds a plotly figure, in order."""
    return [
        output
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
        for output in cell.get("outputs", [])
        if FIGURE_MIME in output.get("data", {})
    ]


def figures_without_picture(notebook: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The figure outputs of ``notebook`` that have no static picture yet."""
    return [o for o in figure_outputs(notebook) if PICTURE_MIME not in o["data"]]


DRAW_ATTEMPTS = 3
"""Fresh browsers tried when kaleido's page had not loaded its script in time."""


def add_static_figures(notebooks: Iterable[Mapping[str, Any]], *, replace: bool = True) -> int:
    """Put a PNG beside every plotly figure of ``notebooks`` (in place); return how many.

    One Chromium draws them all. With ``replace=False`` a figure that has a
    picture already keeps it. Raises :class:`StaticFigureError` if kaleido or
    Chromium is missing, so a build never stores a lesson without its pictures
    silently.
    """
    pick = figure_outputs if replace else figures_without_picture
    outputs = [output for notebook in notebooks for output in pick(notebook)]
    if not outputs:
        return 0
    pictures = _run(_draw([output["data"][FIGURE_MIME] for output in outputs]))
    for output, picture in zip(outputs, pictures, strict=True):
        output["data"][PICTURE_MIME] = base64.b64encode(picture).decode("ascii")
    return len(outputs)


def _run(coroutine: Any) -> Any:
    """``asyncio.run(coroutine)``, in a thread of its own where a loop already runs here.

    A Jupyter kernel, or a test process that drives a browser with Playwright's
    sync API, has a running event loop, and ``asyncio.run`` refuses to start
    another one in its thread.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _script_not_loaded(error: BaseException) -> bool:
    """Whether kaleido's JavaScript error says its page had not loaded its script yet."""
    return "kaleido_scopes is not defined" in str(error)


async def _draw(figures: list[Any]) -> list[bytes]:
    try:
        import kaleido
    except ImportError as error:
        raise StaticFigureError(
            "drawing stored figures needs kaleido: pip install -e '.[test]' (kaleido>=1)"
        ) from error
    path = os.environ.get("BROWSER_PATH", CHROMIUM)
    if not os.path.exists(path):
        raise StaticFigureError(
            f"drawing stored figures needs Chromium at {path}: apt-get install chromium "
            "(or set BROWSER_PATH)"
        )
    from kaleido.errors import JavascriptError

    for attempt in range(DRAW_ATTEMPTS):
        try:
            # mathjax=False: kaleido would fetch MathJax from a CDN; no title uses TeX.
            async with kaleido.Kaleido(n=1, mathjax=False, path=path) as renderer:
                return [
                    await renderer.calc_fig(figure, opts={"format": "png"}) for figure in figures
                ]
        except JavascriptError as error:
            # On a loaded machine kaleido may call its page's script before the page has
            # loaded it ("kaleido_scopes is not defined"): drawing changes nothing, so a
            # new browser may simply draw again. Any other error is the figure's or the
            # browser's and is raised at once.
            if not _script_not_loaded(error) or attempt == DRAW_ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")
