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
PLOTS_IN_PAGE = """() => Array.from(document.querySelectorAll('.js-plotly-plot')).map(
  gd => ({traces: gd.data ? gd.data.map(t => t.name) : null, connected: gd.isConnected}))"""
"""Each plotly plot in the page: its trace names (for a failure's message)."""
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
WIDGET_MODELS = """async () => {
  const manager = window.jupyterapp && window.jupyterapp.widgetManager;
  if (!manager) return null;
  const plain = (key, value) => {
    if (value && value.model_id && value.attributes) return 'IPY_MODEL_' + value.model_id;
    if (value instanceof ArrayBuffer || value instanceof DataView) return '<binary>';
    if (ArrayBuffer.isView(value)) return Array.from(value);
    return value;
  };
  const out = {};
  for (const [id, promise] of Object.entries(manager._models)) {
    const model = await promise;
    const attributes = Object.assign({}, model.attributes);
    delete attributes._esm;  // an anywidget's code (plotly's is 5 MB)
    out[id] = JSON.stringify(attributes, plain);
  }
  return out;
}"""
"""Model id -> the JSON text of every attribute of every widget model the page's manager holds."""
BOARD_ACKNOWLEDGED = """async () => {
  const manager = window.jupyterapp && window.jupyterapp.widgetManager;
  if (!manager) return false;
  for (const promise of Object.values(manager._models)) {
    const model = await promise;
    if (model.get('_widget_data') === undefined) continue;  // not a plotly board
    const last = model.get('_last_trace_edit_id') || 0;
    const deltas = model.get('_js2py_traceDeltas');
    if (last && !(deltas && deltas.trace_edit_id >= last)) return false;
  }
  return true;
}"""
"""Whether every plotly board in the page has applied (and answered) its last trace update."""


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
    timeout: float = 45,
) -> None:
    """Wait until each expected trace is ``same`` as the page's; else fail naming the others.

    The wait is long (a loaded machine redraws slowly) and costs nothing when the board
    already shows the game.
    """
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
            plots = page.evaluate(PLOTS_IN_PAGE)
            raise AssertionError(
                f"the page's board is not the game: {diff}; the page's plots: {plots}"
            )
        page.wait_for_timeout(100)


COUNT_PLOTLY_CLICKS = """() => {
  const gd = document.querySelector('.js-plotly-plot');
  if (!gd.__hoteleduClicks) {
    window.__hoteleduBoards = (window.__hoteleduBoards || 0) + 1;
    gd.__hoteleduClicks = {board: window.__hoteleduBoards, count: 0,
                           listener: () => { gd.__hoteleduClicks.count += 1; }};
  }
  const clicks = gd.__hoteleduClicks;
  // a redraw by Plotly.newPlot drops every listener: put ours back
  if (!(gd._ev && gd._ev.listeners('plotly_click').includes(clicks.listener)))
    gd.on('plotly_click', clicks.listener);
  return [clicks.board, clicks.count];
}"""
"""[which board element, how many clicks plotly reported on it] (a listener installed once)."""


HOVERED = """([x, y]) => {
  const gd = document.querySelector('.js-plotly-plot');
  return !!(gd._hoverdata && gd._hoverdata.some(
    p => Math.abs(p.x - x) < 0.01 && Math.abs(p.y - y) < 0.01));
}"""
"""Whether plotly hovers the board's point at data coordinates (x, y)."""


def click_board(page: Any, x: float, y: float, tries: int = 3) -> None:
    """A real click on the board at data coordinates ``(x, y)``, once plotly hovers there.

    Plotly reports a click on the point it hovers, and it works hover out at most
    every 50 ms: a click made at once after the pointer arrives can find no hovered
    point and reach nobody (on a loaded machine, the race of issue 22). So the
    click waits until plotly hovers a point. A click plotly did not report took no
    effect (its own click count shows it) and is made again, past plotly's
    double-click delay; a reported click is never repeated here.
    """
    for attempt in range(tries):
        page.evaluate("() => document.querySelector('.js-plotly-plot').scrollIntoView()")
        before = page.evaluate(COUNT_PLOTLY_CLICKS)
        px, py = page.evaluate(DATA_TO_PAGE, [x, y])
        page.mouse.move(px, py)
        try:
            page.wait_for_function(HOVERED, arg=[x, y], timeout=5_000, polling=50)
        except Exception:  # no hover yet (a redraw cleared it): move again, then click
            print(f"no hover at ({x}, {y}) within 5 s")
            page.mouse.move(px + 1, py)
            page.mouse.move(px, py)
        page.mouse.click(px, py)
        after = page.evaluate(COUNT_PLOTLY_CLICKS)
        if after[0] != before[0] or after[1] > before[1]:
            return  # reported, or the board was replaced under the click: never repeated
        print(f"click {attempt + 1} at ({x}, {y}) not reported by plotly")
        page.wait_for_timeout(700)  # past plotly's doubleClickDelay: not a double click
    under = page.evaluate(
        """([px, py]) => { const e = document.elementFromPoint(px, py);
          const gd = document.querySelector('.js-plotly-plot');
          return {element: e ? e.outerHTML.slice(0, 300) : null,
                  hover: gd._hoverdata ? gd._hoverdata.map(p => p.data.name) : null,
                  dragmode: gd._fullLayout.dragmode, hovermode: gd._fullLayout.hovermode}; }""",
        [px, py],
    )
    raise AssertionError(
        f"plotly reported no click at ({x}, {y}) = page ({px:.0f}, {py:.0f}) in {tries} tries; "
        f"there: {under}"
    )


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


SAVED_WITH_THE_APP = """async () => {
  const reply = await fetch('/api/contents/play.ipynb?content=1', {cache: 'no-store'});
  if (!reply.ok) return false;
  const notebook = await reply.json();
  return JSON.stringify(notebook.content.cells).includes('widget-view+json');
}"""
"""Whether JupyterLab's saved ``play.ipynb`` holds the app's output (its widget view)."""


def save_notebook(page: Any, timeout: float = 60_000) -> None:
    """Save the notebook in JupyterLab (Ctrl+S) and wait until the file holds the app's view."""
    page.keyboard.press("Control+s")
    page.wait_for_function(SAVED_WITH_THE_APP, timeout=timeout, polling=250)


def widget_models(page: Any) -> dict[str, str]:
    """Model id -> the JSON text of each widget model the page holds (Voilà's widget manager)."""
    models = page.evaluate(WIDGET_MODELS)
    assert models is not None, "the page has no widget manager (window.jupyterapp.widgetManager)"
    return models


def wait_for_board_acknowledged(page: Any, timeout: float = 30_000) -> None:
    """Wait until the board's view has applied its last update and told the kernel.

    The answer travels on the same ordered channel as a click, so a click made
    now reaches the kernel after it: the app will not refuse it as aimed at an
    older board.
    """
    page.wait_for_function(BOARD_ACKNOWLEDGED, timeout=timeout, polling=100)


def press_once(page: Any, press: Callable[[], None], timeout: float = 60_000) -> None:
    """Press once and wait for the log to change; press again only if the app refused it.

    A slow kernel is not a refusal: nothing is pressed twice until the app's
    message says the press did nothing ("click again", sent only when a click
    was aimed at a board older than the kernel's), and before pressing again
    the board must have answered its last update. A press that neither played
    nor was refused within ``timeout`` fails the test.
    """
    for _ in range(3):
        old = log_text(page)
        old_message = page.locator(".hoteledu-message").inner_text()
        press()
        page.wait_for_function(
            f"""([old, oldMessage]) => ({LOG_TEXT})() !== old ||
              (document.querySelector('.hoteledu-message').innerText.includes('click again')
               && !oldMessage.includes('click again'))""",
            arg=[old, old_message],
            timeout=timeout,
        )
        if log_text(page) != old:
            return
        wait_for_board_acknowledged(page)
    raise AssertionError("the app refused the press three times")
