"""Click to repaint in Chromium: the SVG boards (every app's default) and the plotly boards
(``board="plotly"``) side by side, in one run.

Issue 20's goal: a median under 50 ms and a worst case under 150 ms, in
JupyterLab and in Voilà. Per page kind, one notebook cell shows the three
apps with plotly boards, then (a kernel holds one app per game: its page id)
another shows them with SVG boards (``board="svg"``; the coach off in both:
its background search would be timed too), and for each app this presses the
first button a player would press (show my view, Roll, a legal action, the
form's button), ``--presses`` times, timing in the page from the press to
the board's redraw: for a plotly board the last of plotly's redraw events
(``plotly_afterplot``, ``restyle``, ``relayout``, ``update``) or of the
changes to its DOM, the SVG element rebuilt for an SVG board (every
press that changes the game redraws it, so an SVG press never goes
unmeasured). For an SVG board the page's own share, from the scene's arrival to
the SVG rebuilt, is printed too: the rest is the kernel's work and the
messages' way. The load average is printed before and after each page kind, and
the console errors of each page's load (those the browser tests do not allow).

Run from the repository root (needs Debian's Chromium at /usr/bin/chromium
and the test extras)::

    python benchmarks/bench_click_repaint.py            # JupyterLab and Voila, 20 presses
    python benchmarks/bench_click_repaint.py --voila --presses 10
    python benchmarks/bench_click_repaint.py --board svg   # the default board only
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

GAMES = (
    (
        "amsterdam",
        "amsterdam(players=2, seats=('human', 'human'), seed=1, board={board!r}, coach=False)",
    ),
    (
        "grand_austria",
        "grand_austria(players=2, seats=('human', 'random'), seed=6, board={board!r}, coach=False)",
    ),
    (
        "boutique",
        "boutique(players=2, seats=('human', 'random'), seed=6, weeks=1, "
        "board={board!r}, coach=False)",
    ),
)
BOARDS = ("plotly", "svg")


def source(board: str) -> str:
    """The notebook cell showing the three apps with ``board`` boards."""
    return (
        "from IPython.display import display\n"
        "from hoteledu.amsterdam.app import make_app as amsterdam\n"
        "from hoteledu.grand_austria.app import make_app as grand_austria\n"
        "from hoteledu.boutique.app import make_app as boutique\n"
        "apps = [\n" + "".join(f"    {call.format(board=board)},\n" for _, call in GAMES) + "]\n"
        "for app in apps:\n"
        "    display(app)\n"
    )


INSTALL_CLOCK = """(index) => {
  const app = document.querySelectorAll('.hoteledu-app')[index];
  const gd = app.querySelector('.js-plotly-plot.hoteledu-board');
  if (gd && !gd.__hoteleduRepaint) {
    gd.__hoteleduRepaint = {last: 0};
    const tick = () => { gd.__hoteleduRepaint.last = performance.now(); };
    for (const e of ['plotly_afterplot', 'plotly_redraw', 'plotly_restyle', 'plotly_relayout',
                     'plotly_update'])
      gd.on(e, tick);
    // and any change of the drawing itself (an in-place update may emit none of those)
    new MutationObserver(tick).observe(gd, {subtree: true, childList: true, attributes: true,
                                            characterData: true});
  }
  app.scrollIntoView();
}"""
PRESS = """(index) => {
  const app = document.querySelectorAll('.hoteledu-app')[index];
  const visible = (b) => b && b.offsetParent !== null && !b.disabled;
  const named = (words) => Array.from(app.querySelectorAll('button')).find(
    b => visible(b) && b.innerText.trim().includes(words));
  const button = named('show my view') || named('Roll') ||
    Array.from(app.querySelectorAll('.hoteledu-actions button')).find(visible) ||
    Array.from(app.querySelectorAll('.hoteledu-form button')).find(visible);
  if (!button) return null;
  app.__hoteleduPressed = performance.now();
  button.click();
  return button.innerText.trim();
}"""
REPAINTED = """(index) => {
  const app = document.querySelectorAll('.hoteledu-app')[index];
  const pressed = app.__hoteleduPressed;
  const gd = app.querySelector('.js-plotly-plot.hoteledu-board');
  if (gd) {
    const last = gd.__hoteleduRepaint ? gd.__hoteleduRepaint.last : 0;
    return last > pressed ? last - pressed : null;
  }
  const svg = app.querySelector('svg.hoteledu-svgboard');
  return svg && svg.__hoteleduPainted > pressed ?
    [svg.__hoteleduPainted - pressed, svg.__hoteleduPainted - svg.__hoteleduDrawStart] : null;
}"""
BOARDS_DRAWN = """(count) => {
  const apps = document.querySelectorAll('.hoteledu-app');
  return apps.length === count && Array.from(apps).every(
    app => app.querySelector('.js-plotly-plot.hoteledu-board, svg.hoteledu-svgboard'));
}"""


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def time_presses(
    page: Any, board: str, presses: int
) -> dict[tuple[str, str], list[tuple[float, float | None]]]:
    """(game, board) -> (click to repaint, the page's own redraw or None) in ms, per press."""
    times: dict[tuple[str, str], list[tuple[float, float | None]]] = {}
    for index, (game, _) in enumerate(GAMES):
        samples = times.setdefault((game, board), [])
        for _ in range(presses):
            page.evaluate(INSTALL_CLOCK, index)
            if page.evaluate(PRESS, index) is None:
                break  # nothing left to press
            try:
                handle = page.wait_for_function(REPAINTED, arg=index, timeout=3_000, polling=5)
            except Exception:  # no redraw: a press that changed nothing the board shows
                continue
            total, redraw = handle.json_value()
            samples.append((float(total), None if redraw is None else float(redraw)))
            page.wait_for_timeout(300)  # bots and follow-up redraws settle
    return times


def report(
    where: str, times: dict[tuple[str, str], list[tuple[float, float | None]]], load: tuple
) -> list[str]:
    lines = [f"{where} (load average {load[0]:.1f} before, {load[1]:.1f} after):"]
    for (game, board), samples in times.items():
        if samples:
            totals = [total for total, _ in samples]
            redraws = [redraw for _, redraw in samples if redraw is not None]
            own = f", the page's redraw {statistics.median(redraws):3.0f} ms" if redraws else ""
            lines.append(
                f"  {game:14s} {board:6s} median {statistics.median(totals):4.0f} ms, "
                f"worst {max(totals):4.0f} ms over {len(samples)} presses{own}"
            )
        else:
            lines.append(f"  {game:14s} {board:6s} no redraw measured")
    print("\n".join(lines), flush=True)
    return lines


def console_at_load(where: str, board: str, errors: list[str]) -> None:
    """Print the console errors of the page's load (not allowed by the browser tests)."""
    print(f"{where} {board}: {len(errors)} console errors at load", flush=True)
    for error in errors:
        print(f"    {error[:300]}", flush=True)


def run_jupyterlab(
    conf: ModuleType, pages: ModuleType, chromium: Any, board: str, presses: int
) -> list[str]:
    with conf.jupyterlab_server(source=source(board)) as url:
        page = chromium.new_page(viewport={"width": 1280, "height": 900})
        errors = pages.record_console_errors(page)
        page.goto(url, timeout=90_000)
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
        page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        page.wait_for_function(BOARDS_DRAWN, arg=len(GAMES), timeout=120_000)
        page.wait_for_timeout(2000)
        console_at_load("JupyterLab", board, errors)
        before = os.getloadavg()[0]
        times = time_presses(page, board, presses)
        page.close()
    return report("JupyterLab 1280 px", times, (before, os.getloadavg()[0]))


def run_voila(
    conf: ModuleType, pages: ModuleType, chromium: Any, board: str, presses: int
) -> list[str]:
    with tempfile.TemporaryDirectory() as root:
        notebook = pages.write_notebook(Path(root), "apps.ipynb", source(board))
        with conf.voila_server(notebook) as url:
            page = chromium.new_page(viewport={"width": 1024, "height": 768})
            errors = pages.record_console_errors(page)
            page.goto(url, timeout=120_000)
            page.wait_for_function(BOARDS_DRAWN, arg=len(GAMES), timeout=120_000)
            page.wait_for_timeout(2000)
            console_at_load("Voila", board, errors)
            before = os.getloadavg()[0]
            times = time_presses(page, board, presses)
            page.close()
    return report("Voila 1024 px", times, (before, os.getloadavg()[0]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=20, help="presses per app")
    parser.add_argument("--jupyterlab", action="store_true", help="JupyterLab only")
    parser.add_argument("--voila", action="store_true", help="Voila only")
    parser.add_argument("--board", choices=BOARDS, help="this board only (default: both)")
    args = parser.parse_args()
    both = not (args.jupyterlab or args.voila)
    from playwright.sync_api import sync_playwright

    browser_tests = Path(__file__).resolve().parents[1] / "tests" / "browser"
    import sys

    sys.path.insert(0, str(browser_tests))
    sys.path.insert(0, str(browser_tests.parent))  # browser_slots and the tests' helpers
    conf = _load("hoteledu_browser_conftest", browser_tests / "conftest.py")
    pages = _load("hoteledu_browser_pages", browser_tests / "pages.py")
    with sync_playwright() as play:
        chromium = play.chromium.launch(
            executable_path=str(conf.CHROMIUM), args=conf.CHROMIUM_FLAGS
        )
        try:
            for board in [args.board] if args.board else BOARDS:
                if both or args.jupyterlab:
                    run_jupyterlab(conf, pages, chromium, board, args.presses)
                if both or args.voila:
                    run_voila(conf, pages, chromium, board, args.presses)
        finally:
            chromium.close()


if __name__ == "__main__":
    main()
