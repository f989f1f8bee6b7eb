"""What the browser tests do in a page: open an app, read its board and log, click the board.

Shared by the game tests (Amsterdam, Grand Austria, Boutique), the Voilà play
test and the class-server test. ``conftest.py`` puts this folder on
``sys.path`` (conftest modules themselves are not importable), so the tests
and ``benchmarks/bench_amsterdam_widget.py`` import it as ``pages``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

BOARD = ".hoteledu-app .hoteledu-board"
"""The app's board on the page, either kind: the SVG board (the default) or a plotly board
(``board="plotly"``); absent while the hot-seat cover is up."""
LOG_LINES = """() => {
  const log = document.querySelector('.hoteledu-log');
  return log ? log.innerText.split('\\n').filter(l => l.trim()).length : 0;
}"""
LOG_TEXT = """() => {
  const log = document.querySelector('.hoteledu-log');
  return log ? log.innerText : '';
}"""
DATA_TO_PAGE = """([x, y]) => {
  const gd = document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)');
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


POLL_MS = 100
"""How often a wait re-reads the page: every 100 ms, not every frame (Playwright's default
polls on requestAnimationFrame, which kept the renderer busy: 0.12 CPU-s a second of
waiting against 0.05; the conditions waited on here last until the test acts again)."""


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


def write_notebook(
    tmp_path: Path, name: str, source: str, outputs: list[dict[str, Any]] | None = None
) -> str:
    """A one-cell notebook ``tmp_path / name`` running ``source``; its path.

    ``outputs``: the cell's stored outputs (what a notebook shows before it is run).
    """
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    if outputs:
        nb.cells[0].outputs = [nbformat.from_dict(o) for o in outputs]
        nb.cells[0].execution_count = 1
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = tmp_path / name
    nbformat.write(nb, path)
    return str(path)


QUICK_LABELS = ("pass", "end turn", "done")
"""The presses that move a game on fastest, the quickest first."""


def quickest_label(labels: list[str], turn: int) -> str:
    """The press that moves a game on fastest (:data:`QUICK_LABELS`), else one by turn."""
    fastest = [t for t in QUICK_LABELS if t in labels]
    return fastest[0] if fastest else labels[turn % len(labels)]


def roll_if_offered(page: Any, controller: Any) -> bool:
    """Press "Roll the dice" if the page shows it, mirrored on ``controller``; whether it did."""
    roll = page.get_by_role("button", name="Roll the dice")
    if not roll.is_visible():
        return False
    roll.click()
    assert controller.resolve_chance(), controller.message
    return True


def action_labels(page: Any) -> list[str]:
    """The labels of the app's legal-action buttons, once the first is on the page."""
    buttons = page.locator(".hoteledu-actions button")
    buttons.first.wait_for(timeout=60_000)
    return buttons.all_inner_texts()


def press_label(page: Any, controller: Any, labels: list[str], label: str) -> None:
    """Click the action button ``label`` (one of ``labels``, as read), mirrored on
    ``controller``."""
    page.locator(".hoteledu-actions button").nth(labels.index(label)).click()
    assert controller.play_text(label), controller.message


def press_mirrored(page: Any, controller: Any, choose: Callable[[list[str]], str]) -> None:
    """One real press, mirrored on ``controller``: the dice if shown, else the action button
    ``choose(labels)`` names; waits for the log to change (a loaded machine answers slowly)."""
    log = log_text(page)
    if not roll_if_offered(page, controller):
        labels = action_labels(page)
        press_label(page, controller, labels, choose(labels))
    wait_for_log_change(page, log, timeout=60_000)


def open_app(page: Any, url: str, ready_text: str, reload: bool = False) -> None:
    """Open (or reload: a new kernel) the app; wait for its board and ``ready_text`` in its log."""
    if reload:
        page.reload(timeout=45_000)
    else:
        page.goto(url, timeout=45_000)
    page.wait_for_selector(".hoteledu-log", timeout=45_000)
    page.wait_for_selector(BOARD, timeout=20_000)
    page.wait_for_function(
        "(text) => document.querySelector('.hoteledu-log').innerText.includes(text)",
        arg=ready_text,
        timeout=20_000,
        polling=POLL_MS,
    )


COUNT_PLOTLY_CLICKS = """() => {
  const gd = document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)');
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
  const gd = document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)');
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
        page.evaluate(
            "() => document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)')."
            "scrollIntoView()"
        )
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
        if after[0] != before[0]:
            # the click may have gone to the closed board: the caller tells by the log
            print(f"the board was replaced under the click at ({x}, {y})")
            return
        if after[1] > before[1]:
            return  # reported by plotly: never repeated here
        print(f"click {attempt + 1} at ({x}, {y}) not reported by plotly")
        page.wait_for_timeout(700)  # past plotly's doubleClickDelay: not a double click
    under = page.evaluate(
        """([px, py]) => { const e = document.elementFromPoint(px, py);
          const gd = document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)');
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
    page.wait_for_function(f"() => ({LOG_LINES})() > {more_than}", timeout=timeout, polling=POLL_MS)


def log_text(page: Any) -> str:
    return page.evaluate(LOG_TEXT)


def wait_for_log_change(page: Any, old: str, timeout: float) -> None:
    """Wait until the log's text is no longer ``old``."""
    page.wait_for_function(
        f"(old) => ({LOG_TEXT})() !== old", arg=old, timeout=timeout, polling=POLL_MS
    )


SAVED_FILE = """async () => {
  const path = decodeURIComponent(location.pathname.split('/lab/tree/')[1]);
  const reply = await fetch('/api/contents/' + path + '?content=1', {cache: 'no-store'});
  if (!reply.ok) return null;
  const notebook = await reply.json();
  return {modified: notebook.last_modified,
          withTheApp: JSON.stringify(notebook.content.cells).includes('widget-view+json')};
}"""
"""The saved file of the notebook JupyterLab shows: when it was last written, and whether it
holds the app's output (its widget view)."""


def save_notebook(page: Any, timeout: float = 60_000) -> None:
    """Save the notebook in JupyterLab (Ctrl+S) and wait until the file was written anew
    with the app's view in it.

    The file's time must change: a notebook written with a stored widget view (the play
    notebooks' cells) holds one before any save, and a reload before the save lands
    opens the unsaved, untrusted notebook (no app: seen once on a loaded run)."""
    before = page.evaluate(SAVED_FILE)
    assert before is not None, "the notebook's file is not served"
    page.keyboard.press("Control+s")
    page.wait_for_function(
        f"""async (before) => {{
          const saved = await ({SAVED_FILE})();
          return saved !== null && saved.modified !== before && saved.withTheApp;
        }}""",
        arg=before["modified"],
        timeout=timeout,
        polling=250,
    )


def widget_models(page: Any) -> dict[str, str]:
    """Model id -> the JSON text of each widget model the page holds (Voilà's widget manager)."""
    models = page.evaluate(WIDGET_MODELS)
    assert models is not None, "the page has no widget manager (window.jupyterapp.widgetManager)"
    return models


KERNEL_STATUS = """() => {
  const manager = window.jupyterapp && window.jupyterapp.widgetManager;
  const kernel = manager && (manager.kernel || manager._kernel);
  return kernel ? kernel.status : null;
}"""
"""The status of the page's kernel as Voilà's widget manager sees it ('idle', 'busy'), or null."""


def wait_for_kernel_idle(page: Any, timeout: float = 60_000) -> None:
    """Wait until the page's kernel is idle (where the page can tell: Voilà's pages)."""
    page.wait_for_function(
        f"() => ['idle', null, undefined].includes(({KERNEL_STATUS})())",
        timeout=timeout,
        polling=100,
    )


STABLE = """([key, polls]) => {
  const value = JSON.stringify((READ)());
  const seen = window.__hoteleduStable || (window.__hoteleduStable = {});
  const last = seen[key];
  const same = last && last.value === value ? last.same + 1 : 0;
  seen[key] = {value, same};
  return same >= polls ? value : false;
}"""


def wait_until_stable(page: Any, expression: str, polls: int = 3, timeout: float = 30_000) -> Any:
    """What the JavaScript function ``expression`` returns, once ``polls`` readings in a row
    (100 ms apart) agree: a redraw or a layout pass still under way has ended.

    A condition on the page (the value stopped changing), not a fixed sleep: on a quiet
    machine it costs ``polls`` polls, on a loaded one as long as the page keeps changing.
    """
    import json

    key = f"{id(page)}-{time.monotonic()}"  # a fresh series of readings
    handle = page.wait_for_function(
        STABLE.replace("READ", expression), arg=[key, polls], timeout=timeout, polling=100
    )
    return json.loads(handle.json_value())


REPO = Path(__file__).resolve().parents[2]
RESUMED = "resumed your game"
"""The line a new kernel's app puts on top of the log when it resumes the autosaved game."""


def play_cell(game: str) -> dict[str, Any]:
    """The app cell of ``notebooks/<game>/01_play.ipynb``, with the output it is stored with."""
    import json

    notebook = json.loads((REPO / "notebooks" / game / "01_play.ipynb").read_text())
    return next(
        c
        for c in notebook["cells"]
        if c["cell_type"] == "code" and "make_app" in "".join(c["source"])
    )


def autosave_of(page: Any, game: str) -> Path:
    """The autosave the page's resume key names (the test reads its own browser's storage).

    The folder is the run's (``HOTELEDU_AUTOSAVE_DIR``, set in ``tests/conftest.py`` and
    inherited by the servers and their kernels).
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    from hoteledu.apps.autosave import autosave_path
    from hoteledu.apps.resume_key import STORAGE_NAME

    # a new browser has no key yet: the kernel makes one and sends it back after the page
    # first drew, so wait (bounded) for that round trip before reading it
    read_key = f"() => window.localStorage.getItem({STORAGE_NAME!r})"
    try:
        page.wait_for_function(read_key, timeout=30_000, polling=POLL_MS)
    except PlaywrightTimeout as error:
        raise AssertionError("the page holds no resume key after 30 s") from error
    return autosave_path(page.evaluate(read_key), game)


def wait_for_autosave(page: Any, game: str, polls: int = 300) -> None:
    """Wait (a bounded number of polls) until the kernel's autosave holds the log the page
    shows: the position is on disk, so a kernel killed now loses nothing."""
    import json

    path = autosave_of(page, game)
    lines = len([line for line in log_text(page).split("\n") if line.strip()])
    saved = -1
    for _ in range(polls):  # the file is written just after the log is sent
        try:
            saved = len(json.loads(path.read_text())["log"])
        except (OSError, ValueError, KeyError):
            saved = -1
        if saved == lines:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the autosave {path.name} has {saved} log lines, the page {lines}")


def assert_resumed_log(page: Any, before: str) -> None:
    """The page's log is ``before`` (read before the reload) with the "resumed" line on top."""
    shown = log_text(page)
    newest, _, rest = shown.partition("\n")
    assert RESUMED in newest and rest.strip() == before.strip(), (shown, before)


PAGE_KERNEL = """() => {
  const config = document.getElementById('jupyter-config-data');
  return config ? JSON.parse(config.textContent).kernelId : null;
}"""
"""The id of the kernel a Voilà page runs on."""


def kill_page_kernel(page: Any, polls: int = 300) -> None:
    """Kill (SIGKILL: no chance to save anything) the kernel of a Voilà page, and wait until
    it is gone."""
    kernel = page.evaluate(PAGE_KERNEL)
    assert kernel, "not a Voilà page (no kernel id in jupyter-config-data)"
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if f"kernel-{kernel}".encode() in command:
                pids.append(int(entry.name))
    assert pids, f"no process runs the page's kernel {kernel}"
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    for _ in range(polls):
        if not any(Path(f"/proc/{pid}/cmdline").exists() for pid in pids):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the page's kernel {pids} did not die")


XSRF_FETCH = """async ([method, path, body]) => {
  const xsrf = (document.cookie.match(/_xsrf=([^;]+)/) || [])[1];
  const reply = await fetch(path, {
    method, body: body === null ? undefined : JSON.stringify(body),
    headers: {"Content-Type": "application/json",
              "X-XSRFToken": xsrf ? decodeURIComponent(xsrf) : ""}});
  return [reply.status, reply.status === 204 ? null : await reply.json()];
}"""
"""A call to JupyterLab's REST API from its own page (its XSRF cookie)."""


def jupyterlab_api(page: Any, method: str, path: str, body: Any = None) -> Any:
    status, reply = page.evaluate(XSRF_FETCH, [method, path, body])
    assert status < 300, (method, path, status, reply)
    return reply


def run_all_cells(page: Any) -> None:
    """Run > Run All Cells in JupyterLab, once the kernel is idle."""
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=120_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()


def restart_kernel(page: Any) -> None:
    """Restart the kernel of the notebook JupyterLab shows (its REST API, from the page)."""
    path = page.evaluate("() => decodeURIComponent(location.pathname.split('/lab/tree/')[1])")
    sessions = jupyterlab_api(page, "GET", "/api/sessions")
    kernel = next(s["kernel"]["id"] for s in sessions if s["path"] == path)
    jupyterlab_api(page, "POST", f"/api/kernels/{kernel}/restart")


def reload_shows_run_this_cell(page: Any, stored_text: str | list[str]) -> None:
    """A reload of a notebook not saved here (JupyterLab does not trust it) shows the app
    cell's stored text, not ``VBox(...)``, and no app; the same kernel runs on."""
    page.reload(timeout=120_000)
    text = "".join(stored_text) if isinstance(stored_text, list) else stored_text
    page.get_by_text(text.split(" (")[0]).wait_for(timeout=120_000)
    assert not page.locator(".hoteledu-log").count()
    assert "VBox(" not in page.locator(".jp-OutputArea").first.inner_text()


BOARD_WORDS = """() => {
  const svg = document.querySelector('.hoteledu-app svg.hoteledu-svgboard');
  if (svg) return Array.from(svg.querySelectorAll('text')).map(t => t.textContent);
  const gd = document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)');
  return gd && gd.data ? gd.data.map(t => [t.name, t.text === undefined ? null : t.text]) : null;
}"""
"""The page board's words (the state a person reads): an SVG board's text elements in drawing
order, a plotly board's trace by trace."""


def resume_by_running(page: Any, before_log: str, before_board: Any) -> None:
    """Run All resumes the game: the log under the "resumed" line, the same board."""
    run_all_cells(page)
    # the new app's log (the old one may still show until the cell's output is replaced)
    page.wait_for_function(
        """([resumed, before]) => {
          const log = document.querySelector('.hoteledu-log');
          if (!log) return false;
          const [newest, ...rest] = log.innerText.split('\\n');
          return newest.includes(resumed) && rest.join('\\n').trim() === before.trim();
        }""",
        arg=[RESUMED, before_log],
        timeout=120_000,
        polling=POLL_MS,
    )
    assert_resumed_log(page, before_log)
    page.wait_for_function(
        f"(want) => JSON.stringify(({BOARD_WORDS})()) === JSON.stringify(want)",
        arg=before_board,
        timeout=60_000,
        polling=POLL_MS,
    )


def settled_position(page: Any, game: str) -> tuple[str, Any]:
    """The log and the board's words once the last redraw is over and the move is autosaved."""
    board = wait_until_stable(page, BOARD_WORDS)
    wait_for_autosave(page, game)
    return log_text(page), board


BOARD_FIT = """() => {
  const shown = (element) => {  // the part of the page the element may show in
    let right = document.documentElement.clientWidth, left = 0;
    for (let e = element.parentElement; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.overflowX !== 'visible') {
        const box = e.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.left + e.clientWidth);
      }
    }
    return [left, right];
  };
  const out = [];
  for (const app of document.querySelectorAll('.hoteledu-app')) {
    const svg = app.querySelector('svg.hoteledu-svgboard');
    if (!svg) { out.push({missing: true}); continue; }
    const [left, right] = shown(svg);
    const board = svg.getBoundingClientRect();
    const problems = [];
    const inside = (r, what) => {
      if (r.left < left - 1 || r.right > right + 1)
        problems.push(`${what} spans x ${r.left.toFixed(0)}..${r.right.toFixed(0)} ` +
                      `but the page shows ${left.toFixed(0)}..${right.toFixed(0)}`);
      if (r.left < board.left - 1 || r.right > board.right + 1 ||
          r.top < board.top - 1 || r.bottom > board.bottom + 1)
        problems.push(`${what} is cut off by the board's box`);
    };
    inside(board, 'the board');
    // every element drawn (shapes and text), as painted
    let elements = 0;
    for (const e of svg.querySelectorAll(':scope > :not(g), :scope > g > :not(title)')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      elements += 1;
      if (e.tagName !== 'text') inside(r, `a ${e.tagName}`);
    }
    const lines = [], sizes = [];
    const scale = board.width / svg.viewBox.baseVal.width;
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim()) continue;
      sizes.push(parseFloat(t.getAttribute('font-size')) * scale);  // the type as painted
      for (const line of t.children) {  // each line's box (a text's box is its lines' union)
        if (line.tagName !== 'tspan') continue;  // a hover title is not painted
        const r = line.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        lines.push({words: line.textContent, r});
        inside(r, `"${line.textContent}"`);
      }
    }
    for (let i = 0; i < lines.length; i++) for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i].r, b = lines[j].r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1)  // a pixel of anti-aliasing is not an overlap
        problems.push(`"${lines[i].words}" overlaps "${lines[j].words}" (${w.toFixed(0)} x ` +
                      `${h.toFixed(0)} px)`);
    }
    out.push({width: board.width, elements, lines: lines.length, smallest: Math.min(...sizes),
              problems, version: Number(svg.getAttribute('data-version'))});
  }
  return out;
}"""
"""Per app on the page: its SVG board's width, elements, lines of text, smallest painted type,
and each misfit (an element outside the page's view or the board, text over text)."""
MIN_PAINTED_TYPE_PX = 12


def board_misfits(page: Any, games: tuple[str, ...], where: str) -> list[str]:
    """What does not fit on each SVG board of the page (``games``: the apps in page order):
    an element outside the part of the page it shows in, a line of text over another, type
    under 12 px as painted. Prints each board's measures."""
    boards = page.evaluate(BOARD_FIT)
    assert len(boards) == len(games), f"{where}: {len(boards)} apps on the page"
    report = []
    for game, board in zip(games, boards, strict=True):
        if board.get("missing"):
            report.append(f"{game}: no SVG board drawn")
            continue
        print(
            f"{where} {game}: board {board['width']:.0f} px wide, {board['elements']} elements, "
            f"{board['lines']} lines, smallest type {board['smallest']:.1f} px"
        )
        report += [f"{game}: {p}" for p in board["problems"]]
        if board["smallest"] < MIN_PAINTED_TYPE_PX - 0.05:
            report.append(f"{game}: type of {board['smallest']:.1f} px")
    return report


def assert_boards_fit(page: Any, games: tuple[str, ...], where: str) -> None:
    report = board_misfits(page, games, where)
    assert not report, f"{where}:\n" + "\n".join(report[:40])


CONSOLE_ALLOWED: dict[tuple[str, ...], str] = {
    ("net::ERR_NAME_NOT_RESOLVED", "from another host"): (
        "a resource the page's template links from another host (Voilà's fonts and icons "
        "from a CDN): this machine has no DNS; a request to the page's own server is not "
        "allowed"
    ),
    ("#RUNTIME-012", "jupyterlab-jupytext"): (
        "jupytext's JupyterLab extension, which Voilà loads too, asks for JupyterLab's "
        "document manager, which a Voilà page does not have"
    ),
    ("Plugin 'ipylab:plugin' failed to activate", "IMainMenu"): (
        "ipylab's JupyterLab extension, which Voilà loads too, asks for JupyterLab's main "
        "menu, which a Voilà page does not have"
    ),
}
"""Console errors at an app page's load that are not ours: the words that all appear in it ->
why it is allowed."""


def record_console_errors(page: Any) -> list[str]:
    """Collect the page's console errors and uncaught exceptions from now on (the list
    grows as they come), minus :data:`CONSOLE_ALLOWED`."""
    errors: list[str] = []
    own = {"host": ""}

    def console(message: Any) -> None:
        if message.type != "error":
            return
        url = (message.location or {}).get("url", "")
        where = "from another host" if own["host"] and own["host"] not in url else "own"
        text = f"{message.text} ({where}: {url})"
        if not any(all(words in text for words in allowed) for allowed in CONSOLE_ALLOWED):
            errors.append(f"console: {text}")

    def navigated(frame: Any) -> None:
        if frame == page.main_frame and not own["host"]:
            own["host"] = frame.url.split("/")[2] if "//" in frame.url else ""

    page.on("framenavigated", navigated)
    page.on("console", console)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    return errors


# ------------------------------------------------------------------ the SVG board
SVG_BOARD = ".hoteledu-app svg.hoteledu-svgboard"
SVG_DRAWN = """
  // the drawn elements in order, a group's parts in it; each one's hover title is its own
  // or its group's (a group holds the parts of one card)
  const drawn = (svg) => Array.from(
    svg.querySelectorAll(':scope > :not(g), :scope > g > :not(title)'));
  const titleOf = (e) => {
    const t = (e.parentNode.tagName === 'g' ? e.parentNode : e).querySelector(':scope > title');
    return t ? t.textContent : null;
  };
"""
SVG_ITEMS = (
    """() => {
  const svg = document.querySelector('.hoteledu-app svg.hoteledu-svgboard');
  if (!svg || !svg.isConnected) return null;"""
    + SVG_DRAWN
    + """
  return JSON.stringify(drawn(svg).map(e => {
    const attrs = {};
    for (const a of e.attributes) attrs[a.name] = a.value;
    const lines = e.tagName === 'text' ? Array.from(e.children)
      .filter(l => l.tagName === 'tspan').map(l => l.textContent) : null;
    return {tag: e.tagName, attrs, title: titleOf(e), lines};
  }));
}"""
)
"""The painted SVG board, as JSON text: each element's tag, attributes, hover title and lines
of text. Text, because Playwright's Python client checks a structured result value by
value: about 0.1 CPU-s a board, against a few ms for one string."""
SVG_SHOWS = (
    """(wanted) => {
  const svg = document.querySelector('.hoteledu-app svg.hoteledu-svgboard');
  if (!svg || !svg.isConnected) return false;
  const want = JSON.parse(wanted);"""
    + SVG_DRAWN
    + """
  const elements = drawn(svg);
  if (elements.length !== want.length) return false;
  for (let i = 0; i < want.length; i++) {
    const e = elements[i], w = want[i];
    if (e.tagName !== w.tag) return false;
    for (const [k, v] of Object.entries(w.attrs)) if (e.getAttribute(k) !== v) return false;
    if (titleOf(e) !== w.title) return false;
    if (w.lines !== null) {
      const lines = Array.from(e.children).filter(l => l.tagName === 'tspan')
        .map(l => l.textContent);
      if (JSON.stringify(lines) !== JSON.stringify(w.lines)) return false;
    }
  }
  return true;
}"""
)
"""Whether the page paints the drawing ``want`` (:func:`fresh_svg`, as JSON text): the wait's
condition only; the verdict and its words are :func:`svg_difference`'s."""
SVG_CLICK_STATE = """() => {
  const svg = document.querySelector('.hoteledu-app svg.hoteledu-svgboard');
  const log = document.querySelector('.hoteledu-log');
  const message = document.querySelector('.hoteledu-message');
  return {log: log ? log.innerText : '', version: svg ? svg.getAttribute('data-version') : null,
          message: message ? message.innerText : ''};
}"""
"""What shows whether a board click landed: the log, the drawing's version, the app's message."""
SVG_TARGET_POINT = """(index) => {
  const svg = document.querySelector('.hoteledu-app svg.hoteledu-svgboard');
  if (!svg) return {problem: 'no SVG board on the page'};
  // the target's own elements, or its group's parts (a point on one of them takes the click)
  const own = Array.from(svg.querySelectorAll(
    `:not(g)[data-target="${index}"], g[data-target="${index}"] > :not(title)`));
  if (!own.length) return {problem: `no element of target ${index} is drawn`};
  own[0].scrollIntoView({block: 'center'});
  const over = [];
  for (const e of own) {  // a point where the target itself is on top (a person clicks there)
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    const hit = top && top.closest('[data-target]');
    if (hit && hit.getAttribute('data-target') === String(index)) return {x, y};
    over.push(top ? top.outerHTML.slice(0, 200) : null);
  }
  return {problem: `target ${index} is under other elements: ${over.join(' | ')}`};
}"""
"""A page point where a click reaches the SVG board's target ``index`` (scrolled into view)."""


def painted_svg(page: Any) -> list[dict[str, Any]] | None:
    """The page's painted SVG board (:data:`SVG_ITEMS`), or None where none is drawn."""
    return json.loads(page.evaluate(SVG_ITEMS) or "null")


def _js_number(value: Any) -> str:
    """A value as the page's ``setAttribute`` writes it (``10.0`` -> ``"10"``)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def fresh_scene(controller: Any) -> Any:
    """The SVG scene of ``controller``'s board for its viewer, drawn headless (no overlay)."""
    return controller.adapter.svg_scene(controller.scene(), controller.highlight(), {})


def fresh_svg(controller: Any) -> list[dict[str, Any]]:
    """The headless drawing of ``controller``'s board for its viewer, as the page paints it:
    each element's tag, attributes (a text's x and y are on its lines), title, lines."""
    items = []
    for item in fresh_scene(controller).items:
        attrs = {k: _js_number(v) for k, v in item["attrs"].items()}
        lines = None
        if item["tag"] == "text":
            attrs = {k: v for k, v in attrs.items() if k not in ("x", "y")}
            attrs["font-size"] = _js_number(item["size"])
            lines = ["".join(span[0] for span in line) for line in item["lines"]]
        items.append(
            {"tag": item["tag"], "attrs": attrs, "title": item.get("title"), "lines": lines}
        )
    return items


def svg_difference(painted: list[dict[str, Any]] | None, want: list[dict[str, Any]]) -> list[str]:
    """What the painted board shows otherwise than the fresh drawing, in words."""
    if painted is None:
        return ["no SVG board on the page"]
    problems = []
    if len(painted) != len(want):
        problems.append(f"{len(painted)} elements painted, {len(want)} drawn")
    for index, (shown, item) in enumerate(zip(painted, want, strict=False)):
        for key in ("tag", "title", "lines"):
            if shown[key] != item[key]:
                problems.append(f"element {index} {key}: page {shown[key]!r} != {item[key]!r}")
        attrs = {k: shown["attrs"].get(k) for k in item["attrs"]}
        if attrs != item["attrs"]:
            problems.append(f"element {index} ({item['tag']}): page {attrs} != {item['attrs']}")
    return problems


def assert_svg_board_is(page: Any, controller: Any, when: str, timeout: float = 45_000) -> None:
    """The page's SVG board is, element by element, the fresh drawing of ``controller``'s
    board for its viewer; waits (on that condition) for a slow redraw, then fails naming
    what differs."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    want = fresh_svg(controller)
    with contextlib.suppress(PlaywrightTimeout):  # the verdict below names what differs
        page.wait_for_function(SVG_SHOWS, arg=json.dumps(want), timeout=timeout, polling=100)
    problems = svg_difference(painted_svg(page), want)
    if problems:
        raise AssertionError(
            f"{when}: the page's board is not P{controller.viewer + 1}'s view of the game: "
            f"{problems[:8]} ({len(problems)} differences)"
        )


def click_svg_target(
    page: Any, controller: Any, name: str, customdata: list[Any], tries: int = 3
) -> None:
    """A real click on the SVG board's target ``(name, customdata)`` of the game now.

    The board must first be the fresh drawing of ``controller`` (the target's index is
    the headless scene's, and means the same in the page only then). The click counts as
    landed once the log or the drawing's version changes; it is made again only when it
    did not and the app said why ("click again": the drawing was older than the game).
    Any other message is the app refusing the click: the test fails with it.
    """
    assert_svg_board_is(page, controller, f"before the click on {name} {customdata}")
    index = fresh_scene(controller).targets.index(
        (name, [v if isinstance(v, str) else int(v) for v in customdata])
    )
    for attempt in range(tries):
        before = page.evaluate(SVG_CLICK_STATE)
        point = page.evaluate(SVG_TARGET_POINT, index)
        assert "problem" not in point, f"a click on {name} {customdata}: {point['problem']}"
        page.mouse.click(point["x"], point["y"])
        page.wait_for_function(
            f"(b) => {{ const now = ({SVG_CLICK_STATE})();"
            " return now.log !== b.log || now.version !== b.version ||"
            " now.message !== b.message; }",
            arg=before,
            timeout=60_000,
            polling=100,
        )
        wait_for_kernel_idle(page)  # the whole answer is in (a message comes before the log)
        after = page.evaluate(SVG_CLICK_STATE)
        refused = "click again" in after["message"] and "click again" not in before["message"]
        if after["log"] != before["log"] or (after["version"] != before["version"] and not refused):
            return
        if not refused:
            raise AssertionError(
                f"the app refused the click on {name} {customdata}: {after['message']!r}"
            )
        print(f"click {attempt + 1} on {name} {customdata}: {after['message']!r}")
    raise AssertionError(f"{tries} clicks on {name} {customdata} took no effect")


def walk_hand_overs(
    page: Any,
    controller: Any,
    press: Callable[[int, bool], None],
    at_cover: Callable[[str], None],
    in_view: Callable[[str, str], None],
    hand_overs: int,
    max_presses: int,
    more: Callable[[], bool] = lambda: False,
) -> tuple[int, int]:
    """Play a hot-seat game in the page to ``hand_overs`` hand-overs (and while ``more()``).

    ``press(presses, quick)`` makes one real press, mirrored on ``controller`` (``quick``:
    the press that moves the game on fastest; else one that keeps the laptop with the
    person). At each hand-over: the cover is up and no board is on the page, then
    ``at_cover(who)``; "I am <who>: show my view" is pressed, then the page's SVG board
    must be the fresh drawing for that person (:func:`assert_svg_board_is`) and
    ``in_view(who, when)`` holds; both again after that person's next press if the laptop
    stays with them. Returns (hand-overs, presses); ``max_presses`` bounds the work (never
    a time).
    """
    done, presses = 0, 0
    while done < hand_overs or more():
        assert presses < max_presses, f"{done} hand-overs in {presses} presses"
        if not controller.needs_handover():
            press(presses, True)
            presses += 1
            continue
        who = controller.adapter.player_label(controller._next_human()).split()[0]
        page.get_by_text(f"Pass the laptop to {who}").first.wait_for(timeout=30_000)
        assert page.locator(BOARD).count() == 0, f"passing to {who}: a board under the cover"
        at_cover(who)
        show = re.compile(f"I am {re.escape(who)}.*: show my view")
        page.get_by_role("button", name=show).click()
        controller.hand_over()
        when = f"after hand-over {done + 1} to {who}"
        assert_svg_board_is(page, controller, when)
        in_view(who, when)
        press(presses, False)
        presses += 1
        if not controller.needs_handover():
            when = f"{who}'s first press after the hand-over"
            assert_svg_board_is(page, controller, when)
            in_view(who, when)
        done += 1
    return done, presses


LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
LOCAL_SCHEMES = {"data", "blob", "about"}

ICONS_DRAWN = """async () => {
  await document.fonts.ready;
  const icon = document.querySelector('.widget-button i.fa-eye');
  if (!icon) return null;
  const before = getComputedStyle(icon, '::before');
  const family = before.fontFamily;
  const faces = Array.from(document.fonts).filter(f => /Font Awesome/.test(f.family));
  // the app's own icons are characters: the cover's eye, the dice and the undo arrows
  const glyphs = Array.from(document.querySelectorAll('.hoteledu-app button'))
    .map(b => b.innerText.trim()).filter(t => /^[\\u2684\\u2699\\u21b6\\u25c9]/.test(t));
  const probe = document.createElement('span');
  probe.textContent = '\\u2684';
  probe.style.position = 'absolute';
  document.body.append(probe);
  const glyphWidth = probe.getBoundingClientRect().width;
  probe.remove();
  return {family, content: before.content, width: icon.getBoundingClientRect().width,
          loaded: faces.filter(f => f.status === 'loaded').map(f => f.family),
          glyphs: glyphs.length, glyphWidth};
}"""
"""The Font Awesome icon's font and width, the faces loaded, and an app icon glyph's width."""


def watch_outside_requests(page: Any) -> list[str]:
    """Every request of the page that leaves the local server (each one is aborted)."""
    outside: list[str] = []

    def route(route: Any) -> None:
        url = route.request.url
        parsed = urlparse(url)
        if parsed.scheme in LOCAL_SCHEMES or parsed.hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    page.route("**/*", route)
    page.on(  # websockets do not pass through page.route
        "websocket",
        lambda ws: None if urlparse(ws.url).hostname in LOCAL_HOSTS else outside.append(ws.url),
    )
    return outside


def assert_icons_drawn(page: Any, where: str) -> None:
    page.wait_for_selector(".widget-button i.fa-eye", timeout=60_000)
    icons = page.evaluate(ICONS_DRAWN)
    print(where, icons)
    assert icons is not None, f"{where}: no Font Awesome icon on the page"
    assert "Font Awesome" in icons["family"], f"{where}: the icon's font is {icons['family']}"
    assert any("Font Awesome" in f for f in icons["loaded"]), f"{where}: no icon font loaded"
    assert icons["width"] > 4, f"{where}: the icon is {icons['width']} px wide"
    assert icons["glyphs"] > 0 and icons["glyphWidth"] > 4, f"{where}: the app's icons: {icons}"


WIN_CHANCE = re.compile(r"\(you\): about (\d+)% ± (\d+)")
SHOWS_WIN_CHANCE = """() => {
  const words = document.querySelector('.hoteledu-coach');
  return words !== null && /\\(you\\): about \\d+% ± \\d+/.test(words.innerText);
}"""
COACH_OFF = """() => (document.querySelector('.hoteledu-coach') || {}).innerText
  ?.includes('Coach off')"""


def click_the_coach(page: Any, on: bool) -> str:
    """Tick (``on``) or untick the coach panel's "Coach" checkbox with one real click, and
    wait (on a condition) until it took effect: on, the coach's words show the person's win
    chance with its uncertainty, in range, and the chart is drawn; off, the words say "Coach
    off". The click is made once: the wait is what checks that it took effect. Returns the
    win chance's words ("(you): about 41% ± 9"), or "" for off."""
    box = page.locator(".hoteledu-coach-panel input[type='checkbox']")
    box.wait_for(timeout=30_000)
    assert box.is_checked() != on, f"the coach is already {'on' if on else 'off'}"
    box.click()
    if not on:
        page.wait_for_function(COACH_OFF, timeout=30_000, polling=POLL_MS)
        assert not box.is_checked()
        return ""
    # the coach's first step (playouts from the person's view) is a fixed amount of work
    page.wait_for_function(SHOWS_WIN_CHANCE, timeout=120_000, polling=POLL_MS)
    words = page.locator(".hoteledu-coach").inner_text()
    found = WIN_CHANCE.search(words)
    assert found, words
    chance, uncertainty = int(found.group(1)), int(found.group(2))
    assert 0 <= chance <= 100 and 0 <= uncertainty <= 50, found.group(0)
    assert box.is_checked()
    # one point draws no visible line yet: the chart is there once its line is
    page.wait_for_selector(".hoteledu-coach-chart svg polyline", state="attached", timeout=60_000)
    return found.group(0)
