"""A reload and a kernel restart mid-game, in Voilà and in JupyterLab, for the three apps.

Each app is the play notebook's own app cell (copied with its stored output
from ``notebooks/<game>/01_play.ipynb``), one person against the lesson's bot.
After a few real presses the page's log and board words are read; then:

- Voilà: a reload (a new kernel) and a kernel killed mid-game, then a reload:
  each time the new kernel resumes the game from the autosave that the page's
  key names, and the page shows the same log (plus the "resumed" line) and
  the same board. A second browser (another student, another key) on the same
  server gets a new game, never the first one's.
- JupyterLab: after a reload without saving the notebook, and after a kernel
  restart, the cell says "run this cell to start the app" (not ``VBox(...)``),
  and running it resumes the game. (A notebook saved in JupyterLab is trusted,
  and a reload then draws the live app itself: ``test_apps_jupyterlab.py``.)

One Voilà server and one JupyterLab server for the whole module; every wait is
on a condition of the page.
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from pages import log_text, wait_for_log_change

from hoteledu.apps.autosave import AUTOSAVE_DIR_VARIABLE, autosave_path
from hoteledu.apps.resume_key import STORAGE_NAME

# Outside the default run for now: the six games take about 10 minutes of browser time on
# 2 cores at load 10 and passed once after their last fix, not yet the repeated runs CI
# needs. The default run still reloads each app mid-game in Voilà and checks that the game
# resumes (test_*_game_voila.py). HOTELEDU_RESUME_BROWSER=1 runs these (issue 20).
pytestmark = pytest.mark.skipif(
    os.environ.get("HOTELEDU_RESUME_BROWSER") != "1",
    reason="kernel restarts and JupyterLab resumes: set HOTELEDU_RESUME_BROWSER=1 (minutes)",
)

REPO = Path(__file__).resolve().parents[2]
GAMES = ("amsterdam", "grand_austria", "boutique")
RESUMED = "resumed your game"
BOARD_WORDS = """() => {
  const gd = document.querySelector('.js-plotly-plot');
  return gd && gd.data ? gd.data.map(t => [t.name, t.text === undefined ? null : t.text]) : null;
}"""
"""The page board's words, trace by trace (the state a person reads)."""
PRESSES = 4
PRESSABLE = """() => Array.from(document.querySelectorAll('.hoteledu-app button')).some(
  b => !b.disabled && b.offsetParent !== null && (b.closest('.hoteledu-actions')
       || b.closest('.hoteledu-form') || b.innerText.includes('Roll')))"""
"""Whether the page shows a choice a person can press (a die, an action, the form)."""


def app_cell(game: str) -> dict[str, Any]:
    """The play notebook's app cell, with the output it is stored with."""
    notebook = json.loads((REPO / "notebooks" / game / "01_play.ipynb").read_text())
    return next(
        c
        for c in notebook["cells"]
        if c["cell_type"] == "code" and "make_app" in "".join(c["source"])
    )


def one_cell_notebook(game: str) -> dict[str, Any]:
    return {
        "cells": [app_cell(game)],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@pytest.fixture(scope="module")
def autosaves(tmp_path_factory):
    """The servers' autosave directory (their kernels inherit the variable)."""
    folder = tmp_path_factory.mktemp("autosave")
    old = os.environ.get(AUTOSAVE_DIR_VARIABLE)
    os.environ[AUTOSAVE_DIR_VARIABLE] = str(folder)
    yield folder
    if old is None:
        os.environ.pop(AUTOSAVE_DIR_VARIABLE, None)
    else:
        os.environ[AUTOSAVE_DIR_VARIABLE] = old


@pytest.fixture(scope="module")
def notebooks(tmp_path_factory):
    folder = tmp_path_factory.mktemp("play")
    for game in GAMES:
        (folder / f"{game}.ipynb").write_text(json.dumps(one_cell_notebook(game)))
    return folder


@pytest.fixture(scope="module")
def voila_url(autosaves, notebooks):
    import conftest  # the lead's browser set-up (this folder is on sys.path)

    with conftest.voila_server(str(notebooks), timeout=120) as url:
        yield url


def press(page: Any) -> None:
    """The next press a person makes: roll, the first choice, or send the form as proposed."""
    old = log_text(page)
    page.wait_for_function(PRESSABLE, timeout=60_000)  # the app has drawn its next choices
    for name in ("Roll the dice", "Roll the check-in die"):
        button = page.get_by_role("button", name=name)
        if button.count() and button.first.is_visible():
            button.first.click()
            break
    else:
        choices = page.locator(".hoteledu-actions button:not([disabled])")
        if choices.count() and choices.first.is_visible():
            choices.first.click()
        elif page.locator(".hoteledu-form button").count():
            page.locator(".hoteledu-form button").first.click()
        else:
            page.screenshot(path="/tmp/resume_press.png")
            raise AssertionError(
                "nothing to press: "
                + page.locator(".hoteledu-status").first.inner_text()
                + " | "
                + page.locator(".hoteledu-message").first.inner_text()
            )
    wait_for_log_change(page, old, timeout=60_000)


def wait_for_app(page: Any, text: str, timeout: float = 120_000) -> None:
    page.wait_for_selector(".hoteledu-log", timeout=timeout)
    page.wait_for_function(
        "(text) => document.querySelector('.hoteledu-log').innerText.includes(text)",
        arg=text,
        timeout=timeout,
    )
    page.wait_for_selector(".js-plotly-plot", timeout=timeout)


CONTROLLERS = {
    "amsterdam": "hoteledu.amsterdam.app:AmsterdamController",
    "grand_austria": "hoteledu.grand_austria.app:GrandAustriaController",
    "boutique": "hoteledu.boutique.app:BoutiqueController",
}


def autosave_of(page: Any, folder: Path, game: str) -> Path:
    """The autosave the page's key names (the test reads its own browser's storage)."""
    key = page.evaluate(f"() => window.localStorage.getItem({STORAGE_NAME!r})")
    return autosave_path(key, game, folder)


def drawn_board(path: Path, game: str) -> Any:
    """The board's words as the app draws the autosaved position (headless, the same code)."""
    import importlib

    module, name = CONTROLLERS[game].split(":")
    controller = getattr(importlib.import_module(module), name)()
    assert controller.resume(path.read_bytes()), controller.message
    figure = controller.adapter.board_figure(controller.scene(), controller.highlight(), {})
    return json.loads(
        json.dumps([[t.name, None if t.text is None else list(t.text)] for t in figure.data])
    )


def position(page: Any, folder: Path, game: str) -> tuple[str, Any]:
    """The log the page shows and the position the kernel autosaved with that log."""
    path = autosave_of(page, folder, game)
    log = log_text(page)
    lines = len([line for line in log.split("\n") if line.strip()])
    for _ in range(100):  # the file is written just after the log is sent
        data = json.loads(path.read_text()) if path.exists() else {"log": []}
        if len(data["log"]) == lines:
            return log, data["record"]["actions"]
        page.wait_for_timeout(100)
    raise AssertionError(f"the autosave has {len(data['log'])} log lines, the page {lines}")


def assert_board_words(page: Any, want: Any, polls: int = 300) -> None:
    """Wait (a bounded number of polls) until the board reads ``want``; else show the difference."""
    for _ in range(polls):
        shown = page.evaluate(BOARD_WORDS)
        if shown == want:
            return
        page.wait_for_timeout(100)
    diff = [(w, s) for w, s in zip(want, shown or [], strict=False) if w != s]
    names = [t[0] for t in shown or []]
    raise AssertionError(
        f"the board differs (want, shown): {diff[:4]}; traces {[t[0] for t in want]} vs {names}"
    )


def assert_resumed(page: Any, before: tuple[str, Any], folder: Path, game: str) -> None:
    """The page shows the game ``before`` was read from, with the "resumed" line on top:
    the same log, the same position (the new kernel's autosave), its board drawn."""
    log, actions = before
    wait_for_app(page, RESUMED)
    shown = log_text(page)
    newest, _, rest = shown.partition("\n")
    assert RESUMED in newest and rest.strip() == log.strip(), (shown, log)
    _, resumed_actions = position(page, folder, game)
    assert resumed_actions == actions  # the very same position
    assert_board_words(page, drawn_board(autosave_of(page, folder, game), game))


def kernel_pids(server_pid: int) -> list[int]:
    """The kernels the test's own server started (its child processes running ipykernel)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == server_pid and b"ipykernel" in command:
            pids.append(int(entry.name))
    return pids


@pytest.mark.browser
@pytest.mark.parametrize("game", GAMES)
def test_voila_a_reload_and_a_dead_kernel_resume_the_game(browser, voila_url, autosaves, game):
    import conftest

    url = f"{voila_url}voila/render/{game}.ipynb"
    context = browser.new_context(viewport={"width": 1500, "height": 1200})
    page = context.new_page()
    page.goto(url, timeout=120_000)
    wait_for_app(page, "new game")
    for _ in range(PRESSES):
        press(page)
    before = position(page, autosaves, game)

    page.reload(timeout=120_000)  # a new kernel
    assert_resumed(page, before, autosaves, game)
    press(page)  # it plays on, and autosaves again
    before = position(page, autosaves, game)

    for pid in kernel_pids(conftest.SERVER_PIDS[voila_url]):  # every kernel of our server dies
        os.kill(pid, signal.SIGKILL)
    page.reload(timeout=120_000)
    assert_resumed(page, before, autosaves, game)

    # another student, in another browser, on the same server: a new game of their own
    files = len(list(autosaves.glob(f"{game}-*.json")))
    other = browser.new_context(viewport={"width": 1500, "height": 1200})
    theirs = other.new_page()
    theirs.goto(url, timeout=120_000)
    wait_for_app(theirs, "new game")
    theirs.wait_for_function(
        "() => document.querySelector('.hoteledu-log').innerText.split('\\n').length >= 1"
    )
    # their page's key reached the kernel once their own autosave exists
    for _ in range(600):
        if len(list(autosaves.glob(f"{game}-*.json"))) > files:
            break
        theirs.wait_for_timeout(100)
    assert len(list(autosaves.glob(f"{game}-*.json"))) == files + 1
    assert RESUMED not in log_text(theirs)
    other.close()
    context.close()


XSRF_FETCH = """async ([method, path, body]) => {
  const xsrf = (document.cookie.match(/_xsrf=([^;]+)/) || [])[1];
  const reply = await fetch(path, {
    method, body: body === null ? undefined : JSON.stringify(body),
    headers: {"Content-Type": "application/json",
              "X-XSRFToken": xsrf ? decodeURIComponent(xsrf) : ""}});
  return [reply.status, reply.status === 204 ? null : await reply.json()];
}"""
"""A call to JupyterLab's REST API from its own page (its XSRF cookie)."""


def api(page: Any, method: str, path: str, body: Any = None) -> Any:
    status, reply = page.evaluate(XSRF_FETCH, [method, path, body])
    assert status < 300, (method, path, status, reply)
    return reply


@pytest.fixture(scope="module")
def jupyterlab_base(autosaves):
    import conftest

    with conftest.jupyterlab_server(timeout=120) as url:
        # the notebooks go in the folder the server serves (named on its command line)
        command = Path(f"/proc/{conftest.SERVER_PIDS[url]}/cmdline").read_bytes().split(b"\0")
        option = next(a for a in command if a.startswith(b"--ServerApp.root_dir="))
        root = Path(option.split(b"=", 1)[1].decode())
        for game in GAMES:
            (root / f"{game}.ipynb").write_text(json.dumps(one_cell_notebook(game)))
        yield url.split("lab/tree/")[0]


def run_all(page: Any) -> None:
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=120_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()


def kernel_of(page: Any, game: str) -> str:
    sessions = api(page, "GET", "/api/sessions")
    return next(s["kernel"]["id"] for s in sessions if s["path"] == f"{game}.ipynb")


TITLES = {
    "amsterdam": "Hotel Amsterdam",
    "grand_austria": "Grand Austria Hotel",
    "boutique": "Boutique Hotel Manager",
}


def reload_shows_run_this_cell(page: Any, game: str) -> None:
    """After a reload the notebook's stored output shows: its text, not ``VBox(...)``."""
    page.reload(timeout=120_000)
    page.get_by_text(f"The {TITLES[game]} app: run this cell to start the app").wait_for(
        timeout=120_000
    )
    assert not page.locator(".hoteledu-log").count()
    assert "VBox(" not in page.locator(".jp-OutputArea").first.inner_text()


@pytest.mark.browser
@pytest.mark.parametrize("game", GAMES)
def test_jupyterlab_a_reload_and_a_kernel_restart_resume_the_game(
    browser, jupyterlab_base, autosaves, game
):
    """A notebook opened from its file is not trusted in JupyterLab, so its stored output shows
    as text after a reload (unless it was saved here): the cell says to run it, and running
    it, in the same kernel or after a restart, resumes the game."""
    context = browser.new_context(viewport={"width": 1500, "height": 1200})
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the page with unsaved changes"
    # ?reset: a workspace of this notebook alone (no tab of an earlier test's)
    page.goto(f"{jupyterlab_base}lab/tree/{game}.ipynb?reset", timeout=120_000)
    run_all(page)
    wait_for_app(page, "new game")
    for _ in range(PRESSES):
        press(page)
    before = position(page, autosaves, game)

    reload_shows_run_this_cell(page, game)  # the notebook unsaved; the same kernel
    run_all(page)
    assert_resumed(page, before, autosaves, game)
    press(page)  # the resumed game plays on
    before = position(page, autosaves, game)

    kernel = kernel_of(page, game)
    api(page, "POST", f"/api/kernels/{kernel}/restart")
    reload_shows_run_this_cell(page, game)  # a new kernel
    run_all(page)
    assert_resumed(page, before, autosaves, game)
    api(page, "DELETE", f"/api/kernels/{kernel}")
    context.close()
