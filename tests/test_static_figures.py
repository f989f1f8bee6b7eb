"""A stored figure gets a PNG beside it (kaleido with Debian's Chromium), so a
reader without a kernel (GitHub, nbviewer, the lesson site) sees it."""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import os
import struct
from pathlib import Path

import plotly.graph_objects as go
import pytest

from hoteledu.static_figures import (
    CHROMIUM,
    FIGURE_MIME,
    PICTURE_MIME,
    StaticFigureError,
    add_static_figures,
    figures_without_picture,
)

HAVE_CHROMIUM = Path(os.environ.get("BROWSER_PATH", CHROMIUM)).exists()
needs_chromium = pytest.mark.skipif(
    not HAVE_CHROMIUM and not os.environ.get("HOTELEDU_REQUIRE_BROWSER"),
    reason=f"drawing a figure needs Chromium at {CHROMIUM}",
)


def _figure_output(width: int) -> dict:
    figure = go.Figure(go.Bar(x=[1, 2, 3], y=[3, 1, 2]), layout={"width": width, "height": 300})
    return {"output_type": "display_data", "metadata": {}, "data": {FIGURE_MIME: figure.to_dict()}}


def _png_size(encoded: str) -> tuple[int, int]:
    data = base64.b64decode(encoded)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@needs_chromium
def test_each_figure_gets_a_png_of_its_own_size_and_a_drawn_one_is_kept() -> None:
    kept = _figure_output(400)
    kept["data"][PICTURE_MIME] = "kept"
    fresh = _figure_output(500)
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": "a figure below"},
            {"cell_type": "code", "outputs": [{"output_type": "stream", "text": "x"}, fresh]},
            {"cell_type": "code", "outputs": [kept]},
        ]
    }
    assert add_static_figures([notebook], replace=False) == 1
    assert _png_size(fresh["data"][PICTURE_MIME]) == (500, 300)
    assert kept["data"][PICTURE_MIME] == "kept"
    assert FIGURE_MIME in fresh["data"]  # the interactive figure stays beside it
    assert figures_without_picture(notebook) == []


@needs_chromium
def test_figures_are_drawn_where_an_event_loop_already_runs() -> None:
    # a Jupyter kernel, or a test process driving Chromium with Playwright's sync API:
    # asyncio.run refused there ("cannot be called from a running event loop")
    output = _figure_output(300)

    async def inside_a_loop() -> int:
        return add_static_figures([{"cells": [{"cell_type": "code", "outputs": [output]}]}])

    # the loop runs in a thread of its own: this test's worker may already run one
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        assert pool.submit(asyncio.run, inside_a_loop()).result() == 1
    assert _png_size(output["data"][PICTURE_MIME]) == (300, 300)


def test_a_notebook_without_figures_needs_no_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BROWSER_PATH", "/nowhere/chromium")
    assert add_static_figures([{"cells": [{"cell_type": "code", "outputs": []}]}]) == 0


def test_a_missing_browser_is_an_error_not_a_silent_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BROWSER_PATH", "/nowhere/chromium")
    output = _figure_output(300)
    with pytest.raises(StaticFigureError, match="Chromium at /nowhere/chromium"):
        add_static_figures([{"cells": [{"cell_type": "code", "outputs": [output]}]}])
    assert PICTURE_MIME not in output["data"]


class _FlakyKaleido:
    """A stand-in for ``kaleido.Kaleido`` whose first ``failures`` browsers raise ``error``."""

    opened = 0

    def __init__(self, error: BaseException, failures: int) -> None:
        self.error = error
        self.failures = failures
        self.draws = 0

    def __call__(self, **_options: object) -> _FlakyKaleido:
        self.opened += 1
        return self

    async def __aenter__(self) -> _FlakyKaleido:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        return None

    async def calc_fig(self, _figure: object, opts: dict) -> bytes:
        self.draws += 1
        if self.opened <= self.failures:
            raise self.error
        return b"\x89PNG drawn"


def _flaky(monkeypatch: pytest.MonkeyPatch, error: BaseException, failures: int) -> _FlakyKaleido:
    import kaleido

    flaky = _FlakyKaleido(error, failures)
    monkeypatch.setattr(kaleido, "Kaleido", flaky)
    monkeypatch.setenv("BROWSER_PATH", __file__)  # any file that exists: no browser starts
    return flaky


def _not_loaded_error() -> BaseException:
    from kaleido.errors import JavascriptError

    # the text kaleido gives when its page ran the call before loading its script
    return JavascriptError("{'exceptionDetails': 'ReferenceError: kaleido_scopes is not defined'}")


def test_a_page_that_had_not_loaded_its_script_draws_once_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    flaky = _flaky(monkeypatch, _not_loaded_error(), failures=1)
    output = _figure_output(300)
    assert add_static_figures([{"cells": [{"cell_type": "code", "outputs": [output]}]}]) == 1
    assert (flaky.opened, flaky.draws) == (2, 2)  # one failed draw, one fresh browser that drew
    assert base64.b64decode(output["data"][PICTURE_MIME]) == b"\x89PNG drawn"


def test_a_page_that_never_loads_its_script_gives_up_after_the_last_attempt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from kaleido.errors import JavascriptError

    from hoteledu.static_figures import DRAW_ATTEMPTS

    flaky = _flaky(monkeypatch, _not_loaded_error(), failures=99)
    output = _figure_output(300)
    with pytest.raises(JavascriptError, match="kaleido_scopes"):
        add_static_figures([{"cells": [{"cell_type": "code", "outputs": [output]}]}])
    assert flaky.opened == DRAW_ATTEMPTS
    assert PICTURE_MIME not in output["data"]


@pytest.mark.parametrize(
    "error",
    [
        # another class with the same words: the old code matched the message alone
        RuntimeError("kaleido_scopes is not defined"),
        ValueError("layout.width is not defined"),
    ],
    ids=["runtime-error", "value-error"],
)
def test_any_other_error_is_raised_without_a_second_draw(
    monkeypatch: pytest.MonkeyPatch, error: BaseException
) -> None:
    flaky = _flaky(monkeypatch, error, failures=99)
    output = _figure_output(300)
    with pytest.raises(type(error)):
        add_static_figures([{"cells": [{"cell_type": "code", "outputs": [output]}]}])
    assert (flaky.opened, flaky.draws) == (1, 1)
    assert PICTURE_MIME not in output["data"]


def test_a_javascript_error_of_the_figure_is_not_retried(monkeypatch: pytest.MonkeyPatch) -> None:
    from kaleido.errors import JavascriptError

    flaky = _flaky(monkeypatch, JavascriptError("TypeError: cannot read 'x' of undefined"), 99)
    with pytest.raises(JavascriptError, match="TypeError"):
        add_static_figures([{"cells": [{"cell_type": "code", "outputs": [_figure_output(300)]}]}])
    assert flaky.opened == 1
