"""Speed of the Hotel Amsterdam app: one widget action, from the click to the redrawn figure.

Run as a script for a table (``python benchmarks/bench_amsterdam_widget.py``)
or under pytest-benchmark (``pytest benchmarks/bench_amsterdam_widget.py
--benchmark-only -p no:randomly``). The target is under 100 ms per action.

Measured headless: the callback, the controller, the rules and the in-place
``FigureWidget`` update (``batch_update``) with no browser attached, so the
time to ship the change to a browser and let plotly.js redraw is not
included. ``python benchmarks/bench_amsterdam_widget.py --browser`` measures
that too: the play notebook served by Voilà (with and without TCP_NODELAY on
the kernel websocket) in Debian's headless Chromium, timed in the page from
the mouse press to plotly's redraw and to the painted frame, with the
kernel's messages counted (the tools are in ``tests/browser``).
(``--repeats N``: N presses of each action, 10 by default.)
``--browser --jupyterlab`` does the same in JupyterLab (a temporary notebook
that creates the app, run with Run > Run All Cells), then saves the notebook,
reloads the page and checks that the board shows the live game (the widget
view comes back from the kernel's live model).

Both browser runs draw the plotly board (``board="plotly"``; in Voilà a copy of the
shipped play notebook, which draws the SVG board, every app's default): what they
time is plotly's own redraw (``plotly_afterplot``, clicks at plotly's data
coordinates). The SVG board's click to repaint, beside the plotly board's, is
``benchmarks/bench_click_repaint.py``.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hoteledu.amsterdam.app import AmsterdamApp

pytestmark = pytest.mark.benchmark


def _app_at_hotel() -> AmsterdamApp:
    app = AmsterdamApp(players=2, seats=("human", "human"), seed=1)
    app.roll_button.click()
    return app


def cases() -> dict[str, tuple[Callable[[], AmsterdamApp], Callable[[AmsterdamApp], None]]]:
    """Name -> (make a fresh app in position, the one action to time)."""

    def illegal(app: AmsterdamApp) -> None:
        app.click_board("intersection", (9, 9))

    def build(app: AmsterdamApp) -> None:
        app.click_board("intersection", (3, 4))

    def button(app: AmsterdamApp) -> None:
        app.action_buttons[0].click()

    def overlay(app: AmsterdamApp) -> None:
        app.overlay_checkbox.value = not app.overlay_checkbox.value

    def replay(app: AmsterdamApp) -> None:
        app.replay_slider.value = 0 if app.replay_slider.value else app.replay_slider.max

    def roll(app: AmsterdamApp) -> None:
        app.roll_button.click()

    def fresh_roll() -> AmsterdamApp:
        return AmsterdamApp(players=2, seats=("human", "human"), seed=1)

    def with_bot() -> AmsterdamApp:
        app = AmsterdamApp(players=2, seats=("human", "greedy"), seed=1)
        app.roll_button.click()
        app.click_board("intersection", (3, 4))
        return app

    def bot_turn(app: AmsterdamApp) -> None:
        # finish the human turn: the greedy bot then plays its whole turn (autoplay)
        while app.controller.human_to_decide():
            app.action_buttons[0].click()

    return {
        "roll the dice (button)": (fresh_roll, roll),
        "build a hotel (board click)": (_app_at_hotel, build),
        "illegal click (rule message)": (_app_at_hotel, illegal),
        "legal-action button": (_app_at_hotel, button),
        "overlay toggle": (_app_at_hotel, overlay),
        "replay slider jump": (_app_at_hotel, replay),
        "end of turn + greedy bot turn": (with_bot, bot_turn),
    }


def measure(repeat: int = 30) -> dict[str, list[float]]:
    """Seconds per action, ``repeat`` times each, on a fresh app in position."""
    times: dict[str, list[float]] = {}
    for name, (make, action) in cases().items():
        samples = []
        for _ in range(repeat):
            app = make()
            start = time.perf_counter()
            action(app)
            samples.append(time.perf_counter() - start)
        times[name] = samples
    return times


@pytest.mark.parametrize("name", list(cases()))
def test_widget_action_speed(benchmark, name):
    make, action = cases()[name]
    benchmark.pedantic(action, setup=lambda: ((make(),), {}), rounds=20)
    assert benchmark.stats.stats.median < 0.1  # the target: under 100 ms


def _load(name: str, path: Path) -> ModuleType:
    # the browser tests import their helpers (pages, browser_slots) from their folders
    for folder in (path.parent.parent, path.parent):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BOAT_MOVED = """(before) => {
  const gd = document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)');
  const boat = gd && gd.data && gd.data.find(t => t.name === 'boat');
  return boat && (boat.x[0] !== before[0] || boat.y[0] !== before[1]);
}"""


JUPYTERLAB_SOURCE = (
    "from hoteledu.amsterdam.app import AmsterdamApp\n"
    "app = AmsterdamApp(players=2, seats=('human', 'human'), seed=1, board='plotly')\n"
    "app"
)
"""The one cell of the JupyterLab run's notebook (the plotly board: see the module's text)."""


def measure_browser(repeats: int = 10, nodelay: bool = True) -> dict[str, list[dict]]:
    """Timings of app actions in Voilà + Chromium, ``repeats`` of each (ms, bytes)."""
    import tempfile

    from playwright.sync_api import sync_playwright

    browser_tests = Path(__file__).resolve().parents[1] / "tests" / "browser"
    conf = _load("hoteledu_browser_conftest", browser_tests / "conftest.py")
    tools = _load("hoteledu_browser_test", browser_tests / "test_amsterdam_voila.py")
    with (
        tempfile.TemporaryDirectory() as root,
        conf.voila_server(_plotly_play(Path(root), tools), nodelay=nodelay) as url,
        sync_playwright() as play,
    ):
        chromium = play.chromium.launch(
            executable_path=str(conf.CHROMIUM), args=conf.CHROMIUM_FLAGS
        )
        page = chromium.new_page(viewport={"width": 1300, "height": 1100})
        page.add_init_script(tools.RECORDER)
        page.goto(url, timeout=45_000)
        roll = page.get_by_role("button", name="Roll the dice")
        roll.wait_for(timeout=45_000)
        page.wait_for_selector(".js-plotly-plot:not(.hoteledu-coach-panel *)")
        page.wait_for_timeout(1000)
        page.evaluate(
            "() => document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)')."
            "scrollIntoView()"
        )
        # an untimed roll first: the board must answer (a view that anywidget failed
        # to initialise is replaced by the app after 4 s) before the timing hooks go on
        boat = page.evaluate(tools.BOAT_XY)
        roll.click()
        page.wait_for_function(BOAT_MOVED, arg=boat, timeout=30_000)
        page.wait_for_timeout(500)
        page.evaluate(
            "() => document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)')."
            "scrollIntoView()"
        )
        page.evaluate(tools.WATCH_PLOT)
        undo = page.get_by_role("button", name="Undo")
        overlay = page.get_by_role("checkbox", name="Show where the boat stops next")
        samples = tools.time_actions(
            page,
            {
                "build a hotel (board click)": (lambda: tools.board_click(page, 3.5, 2.5), True),
                "undo (button)": (undo.click, True),
                "overlay toggle": (overlay.click, True),
                "no move (canal click)": (lambda: tools.board_click(page, 0.0, 0.0), False),
            },
            repeats,
        )
        memory = kernel_memory_mb(conf.SERVER_PIDS[url])
        chromium.close()
    print(f"kernel memory (RSS) of the page: {memory} MB")
    return samples


def _plotly_play(folder: Path, tools: ModuleType) -> str:
    """A copy in ``folder`` of the shipped Amsterdam play notebook, drawing the plotly board."""
    play = folder / "01_play.ipynb"
    shutil.copy(Path(__file__).resolve().parents[1] / "notebooks/amsterdam/01_play.ipynb", play)
    tools.plotly_play_notebook(play)
    return str(play)


JUPYTERLAB_BOARD = """() => {
  const gd = document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)');
  if (!gd || !gd.data) return null;
  const get = name => gd.data.find(t => t.name === name);
  return {hotels: (get('hotels').x || []).length, boat: [get('boat').x[0], get('boat').y[0]]};
}"""


def open_jupyterlab_app(page: Any, url: str) -> None:
    """Open the notebook in JupyterLab, run all cells, wait for a live board."""
    from pages import run_all_cells  # importable once the browser conftest is loaded

    page.goto(url, timeout=90_000)
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
    run_all_cells(page)  # once the kernel is idle (connected)
    page.get_by_role("button", name="Roll the dice").wait_for(timeout=90_000)
    page.wait_for_selector(".js-plotly-plot:not(.hoteledu-coach-panel *)", timeout=30_000)
    page.wait_for_function(JUPYTERLAB_BOARD, timeout=30_000)


def measure_jupyterlab(
    repeats: int = 10, nodelay: bool = False
) -> tuple[dict[str, list[dict]], dict[str, Any]]:
    """Timings of app actions in JupyterLab + Chromium, and the reload check."""
    from playwright.sync_api import sync_playwright

    browser_tests = Path(__file__).resolve().parents[1] / "tests" / "browser"
    conf = _load("hoteledu_browser_conftest", browser_tests / "conftest.py")
    tools = _load("hoteledu_browser_test", browser_tests / "test_amsterdam_voila.py")
    reload: dict[str, Any] = {}
    with (
        conf.jupyterlab_server(JUPYTERLAB_SOURCE, nodelay=nodelay) as url,
        sync_playwright() as play,
    ):
        chromium = play.chromium.launch(
            executable_path=str(conf.CHROMIUM), args=conf.CHROMIUM_FLAGS
        )
        page = chromium.new_page(viewport={"width": 1500, "height": 1200})
        page.add_init_script(tools.RECORDER)
        start = time.monotonic()
        open_jupyterlab_app(page, url)
        reload["first board (s)"] = round(time.monotonic() - start, 1)
        roll = page.get_by_role("button", name="Roll the dice")
        boat = page.evaluate(tools.BOAT_XY)
        roll.click()
        page.wait_for_function(BOAT_MOVED, arg=boat, timeout=30_000)
        page.get_by_role("button", name="hotel at (3,4)").wait_for(timeout=30_000)
        page.wait_for_timeout(500)
        page.evaluate(
            "() => document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)')."
            "scrollIntoView()"
        )
        page.evaluate(tools.WATCH_PLOT)
        undo = page.get_by_role("button", name="Undo")
        overlay = page.get_by_role("checkbox", name="Show where the boat stops next")
        samples = tools.time_actions(
            page,
            {
                "build a hotel (board click)": (lambda: tools.board_click(page, 3.5, 2.5), True),
                "undo (button)": (undo.click, True),
                "overlay toggle": (overlay.click, True),
            },
            repeats,
        )
        # mid-game: a hotel built; save, reload, and the board must show this game
        tools.board_click(page, 3.5, 2.5)
        page.wait_for_function(
            "() => document.querySelector('.js-plotly-plot:not(.hoteledu-coach-panel *)').data"
            ".find(t => t.name === 'hotels').x.length === 1",
            timeout=30_000,
        )
        page.wait_for_timeout(500)
        live = page.evaluate(JUPYTERLAB_BOARD)
        page.keyboard.press("Control+s")
        page.wait_for_timeout(1500)
        start = time.monotonic()
        page.reload(timeout=90_000)
        page.wait_for_selector(".js-plotly-plot:not(.hoteledu-coach-panel *)", timeout=90_000)
        page.wait_for_function(JUPYTERLAB_BOARD, timeout=30_000)
        page.wait_for_timeout(1000)
        reloaded = page.evaluate(JUPYTERLAB_BOARD)
        reload["live board"] = live
        reload["after reload"] = reloaded
        reload["reload to board (s)"] = round(time.monotonic() - start, 1)
        reload["same game"] = reloaded == live
        chromium.close()
    return samples, reload


def kernel_memory_mb(server_pid: int) -> list[int]:
    """Resident memory (MB) of each kernel the Voila server started (its children)."""
    sizes = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == server_pid:
            continue
        try:
            parent = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if parent != server_pid:  # Voila starts each kernel as its child
                continue
            if b"ipykernel" not in (proc / "cmdline").read_bytes():
                continue
            status = (proc / "status").read_text()
        except (OSError, ProcessLookupError):
            continue
        rss = next(line for line in status.splitlines() if line.startswith("VmRSS"))
        sizes.append(int(rss.split()[1]) // 1024)
    return sizes


def _print_table(samples: dict[str, list[dict]]) -> None:
    print(
        f"{'action':30} {'painted med':>11} {'max':>5} {'redrawn med':>11} "
        f"{'reply med':>9} {'msgs':>5} {'KB in':>6} {'update KB':>9}"
    )
    for name, rows in samples.items():

        def stat(key: str, rows: list[dict] = rows) -> tuple[float, float]:
            values = [r[key] for r in rows if r[key] is not None]
            return (statistics.median(values), max(values)) if values else (-1, -1)

        painted, worst = stat("painted")
        messages = statistics.median(r["kernel_messages"] for r in rows)
        print(
            f"{name:30} {painted:11.0f} {worst:5.0f} {stat('afterplot')[0]:11.0f} "
            f"{stat('update_arrives')[0]:9.0f} {messages:5.0f} "
            f"{statistics.median(r['kernel_bytes'] for r in rows) / 1000:6.1f} "
            f"{statistics.median(r['update_bytes'] for r in rows) / 1000:9.1f}"
        )


def main_browser(repeats: int = 10) -> None:
    """Print the browser table, served with and without TCP_NODELAY (-1: no redraw)."""
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
    if "--jupyterlab" in sys.argv:
        for nodelay in (False, True) if "--both" in sys.argv else (False,):
            print(
                "\nJupyterLab + Chromium, kernel websocket "
                + ("with TCP_NODELAY" if nodelay else "as jupyter lab serves it (Nagle on)")
            )
            samples, reload = measure_jupyterlab(repeats, nodelay)
            _print_table(samples)
            print("reload check:", reload)
    else:
        for nodelay in (True, False) if "--both" in sys.argv else (True,):
            print(
                f"\nVoila + Chromium, kernel websocket {'with' if nodelay else 'without'} "
                "TCP_NODELAY"
            )
            _print_table(measure_browser(repeats, nodelay))
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


def main() -> None:
    if "--browser" in sys.argv:
        # --repeats N: presses of each action (a quick check wants a few)
        at = sys.argv.index("--repeats") + 1 if "--repeats" in sys.argv else 0
        main_browser(int(sys.argv[at]) if at else 10)
        return
    start = time.perf_counter()
    AmsterdamApp(players=2, seats=("human", "human"), seed=0)
    print(f"first app (imports, FigureWidget): {1000 * (time.perf_counter() - start):.0f} ms")
    start = time.perf_counter()
    AmsterdamApp(players=2, seats=("human", "human"), seed=0)
    print(f"a further app: {1000 * (time.perf_counter() - start):.0f} ms\n")
    print(f"{'action':34} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}")
    for name, samples in measure().items():
        ms = sorted(1000 * s for s in samples)
        p90 = ms[int(0.9 * (len(ms) - 1))]
        print(f"{name:34} {statistics.median(ms):10.1f} {p90:8.1f} {ms[-1]:8.1f}")


if __name__ == "__main__":
    main()
