"""What the browser tests do in a page: open an app, read its board and log, click the board.

Shared by the game tests (Amsterdam, Grand Austria, Boutique), the Voilà play
test and the class-server test. ``conftest.py`` puts this folder on
``sys.path`` (conftest modules themselves are not importable), so the tests
and ``benchmarks/bench_amsterdam_widget.py`` import it as ``pages``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

FIGURE_DATA = """(names) => {
  const gd = document.querySelector('.js-plotly-plot');
  const out = {};
  for (const t of gd.data) if (names.includes(t.name))
    out[t.name] = {x: Array.from(t.x || []), y: Array.from(t.y || []),
                   text: t.text === undefined ? null : Array.from(t.text)};
  return out;
}"""
"""The named traces of the page's plotly board: their x, y and text."""
LOG_LINES = """() => {
  const log = document.querySelector('.hoteledu-log');
  return log ? log.innerText.split('\\n').filter(l => l.trim()).length : 0;
}"""
LOG_TEXT = """() => {
  const log = document.querySelector('.hoteledu-log');
  return log ? log.innerText : '';
}"""
DATA_TO_PAGE = """([x, y]) => {
  const gd = document.querySelector('.js-plotly-plot');
  const layout = gd._fullLayout, box = gd.getBoundingClientRect();
  return [box.left + layout._size.l + layout.xaxis.d2p(x),
          box.top + layout._size.t + layout.yaxis.d2p(y)];
}"""
"""Page coordinates of a data point (x, y) of the board figure."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def stop_server(process: subprocess.Popen) -> None:
    """Stop a server started in its own process group (its kernels stop with it)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(5)


def write_notebook(tmp_path: Path, name: str, source: str) -> str:
    """A one-cell notebook ``tmp_path / name`` running ``source``; its path."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = tmp_path / name
    nbformat.write(nb, path)
    return str(path)


def quickest_label(labels: list[str], turn: int) -> str:
    """The press that moves a game on fastest (pass, end turn, done), else one by turn."""
    fastest = [t for t in ("pass", "end turn", "done") if t in labels]
    return fastest[0] if fastest else labels[turn % len(labels)]


def rounded(values: list[Any]) -> list[Any]:
    """Floats to 3 decimals (the page and the engine agree to that), the rest as is."""
    return [round(v, 3) if isinstance(v, float) else v for v in values]


def open_app(page: Any, url: str, ready_text: str, reload: bool = False) -> None:
    """Open (or reload: a new kernel) the app; wait for its board and ``ready_text`` in its log."""
    if reload:
        page.reload(timeout=45_000)
    else:
        page.goto(url, timeout=45_000)
    page.wait_for_selector(".hoteledu-log", timeout=45_000)
    page.wait_for_selector(".js-plotly-plot", timeout=20_000)
    page.wait_for_function(
        "(text) => document.querySelector('.hoteledu-log').innerText.includes(text)",
        arg=ready_text,
        timeout=20_000,
    )


def shown_traces(page: Any, names: list[str]) -> dict[str, Any]:
    """The page's board traces ``names`` (x and y rounded)."""
    # the app may have replaced a board whose view never answered (its watchdog)
    page.wait_for_selector(".js-plotly-plot", timeout=20_000)
    data = page.evaluate(FIGURE_DATA, names)
    for trace in data.values():
        trace["x"], trace["y"] = rounded(trace["x"]), rounded(trace["y"])
    return data


def assert_board_shows(
    page: Any,
    expected: dict[str, Any],
    same: Callable[[Any, Any], bool] = lambda shown, want: shown == want,
    timeout: float = 10,
) -> None:
    """Wait until each expected trace is ``same`` as the page's; else fail naming the others."""
    deadline = time.monotonic() + timeout
    while True:
        shown = shown_traces(page, list(expected))
        if all(same(shown.get(n), want) for n, want in expected.items()):
            return
        if time.monotonic() > deadline:
            diff = {
                n: (shown.get(n), want)
                for n, want in expected.items()
                if not same(shown.get(n), want)
            }
            raise AssertionError(f"the page's board is not the game: {diff}")
        page.wait_for_timeout(100)


def click_board(page: Any, x: float, y: float) -> None:
    """A real click on the board at data coordinates ``(x, y)``, the pointer moved there first."""
    page.evaluate("() => document.querySelector('.js-plotly-plot').scrollIntoView()")
    px, py = page.evaluate(DATA_TO_PAGE, [x, y])
    page.mouse.move(px, py)
    page.mouse.click(px, py)


def log_lines(page: Any) -> int:
    """How many lines the app's log shows."""
    return page.evaluate(LOG_LINES)


def wait_for_log_lines(page: Any, more_than: int, timeout: float) -> None:
    """Wait until the log shows more than ``more_than`` lines."""
    page.wait_for_function(f"() => ({LOG_LINES})() > {more_than}", timeout=timeout)


def log_text(page: Any) -> str:
    return page.evaluate(LOG_TEXT)


def wait_for_log_change(page: Any, old: str, timeout: float) -> None:
    """Wait until the log's text is no longer ``old``."""
    page.wait_for_function(f"(old) => ({LOG_TEXT})() !== old", arg=old, timeout=timeout)
