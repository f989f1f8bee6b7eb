"""Browser test set-up: a Voilà server on a free port and Debian's headless Chromium.

Chromium comes from Debian's packages, never from ``playwright install``: its
headless build (``apt-get install -y chromium-headless-shell``, installed by
``.ci/run``) where it is installed, else the browser (``chromium``). The headless
build drew the same pages with about a third less CPU (30.8 against 47.6 CPU-s of
Chromium for three tests, measured 2026-12-07). Without either the browser tests
are skipped with the reason, unless ``HOTELEDU_REQUIRE_BROWSER=1`` (set by
``.ci/run``): then they fail.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

import pytest

from hoteledu.apps.connection import JUPYTER_SERVER_NODELAY_OPTION, VOILA_NODELAY_OPTION
from hoteledu.apps.offline import VOILA_TEMPLATE_OPTION, with_jupyter_data

sys.path.insert(0, str(Path(__file__).parent))  # the tests' shared helpers: ``import pages``
from browser_slots import browser_slot  # tests/ is on the path (tests/conftest.py)
from pages import free_port, stop_server, write_notebook

HEADLESS_SHELL = Path("/usr/lib/chromium/chromium-headless-shell")
"""Debian's ``chromium-headless-shell``: the binary itself (``/usr/bin``'s is a shell script)."""
CHROMIUM = HEADLESS_SHELL if HEADLESS_SHELL.exists() else Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
REPO = Path(__file__).resolve().parents[2]
SERVER_PIDS: dict[str, int] = {}
"""URL -> process id of the Voilà server serving it (its kernels share its session)."""


def _missing(reason: str) -> None:
    if os.environ.get("HOTELEDU_REQUIRE_BROWSER") == "1":
        pytest.fail(f"HOTELEDU_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium (Debian's) driven by Playwright."""
    if not CHROMIUM.exists():
        _missing(
            f"{CHROMIUM} is missing: install Debian's headless Chromium"
            " (apt-get install -y chromium-headless-shell)"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


def _stop_server(process: subprocess.Popen, log: IO[bytes]) -> None:
    """Stop a server started in its own process group, then close its log."""
    stop_server(process)
    log.close()


PORT_TRIES = 3
"""Ports tried by a server (another xdist worker may take a free port before it binds)."""


def _port_taken(log: IO[bytes]) -> bool:
    log.seek(0)
    text = log.read().decode(errors="replace")
    return "already in use" in text or "Errno 98" in text


@contextlib.contextmanager
def voila_server(notebook: str, timeout: float = 90.0, nodelay: bool = True) -> Iterator[str]:
    """Serve ``notebook`` (a path from the repository root) with Voilà; yield its URL.

    ``nodelay`` serves the kernel websocket with TCP_NODELAY
    (:data:`hoteledu.apps.connection.VOILA_NODELAY_OPTION`), as the docs tell
    teachers to; without it each reply of the kernel may wait ~40 ms. Voilà
    never moves to another port by itself (``port_retries=0``: it could land
    on another worker's server); a port taken meanwhile is tried again here.
    """
    for attempt in range(PORT_TRIES):
        port = free_port()
        log = tempfile.TemporaryFile()  # noqa: SIM115  (closed below)
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voila",
                notebook,
                "--no-browser",
                f"--port={port}",
                "--Voila.port_retries=0",
                "--Voila.ip=127.0.0.1",
                *([VOILA_NODELAY_OPTION] if nodelay else []),
                VOILA_TEMPLATE_OPTION,  # the app pages' template: nothing from a CDN
            ],
            cwd=REPO,
            env=with_jupyter_data(),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: the kernels stop with it
        )
        url = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + timeout
        try:
            while True:
                if process.poll() is not None:
                    if _port_taken(log) and attempt + 1 < PORT_TRIES:
                        break
                    log.seek(0)
                    raise RuntimeError(
                        f"voila exited early:\n{log.read().decode(errors='replace')}"
                    )
                try:
                    with urllib.request.urlopen(url, timeout=2) as response:
                        if response.status == 200:
                            break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"voila did not serve {url} within {timeout} s")
                time.sleep(0.25)
        except BaseException:
            _stop_server(process, log)
            raise
        if process.poll() is not None:  # the port was taken: another one
            _stop_server(process, log)
            continue
        try:
            SERVER_PIDS[url] = process.pid
            yield url
        finally:
            SERVER_PIDS.pop(url, None)
            _stop_server(process, log)
        return


@contextlib.contextmanager
def jupyterlab_server(source: str, timeout: float = 60.0, nodelay: bool = False) -> Iterator[str]:
    """JupyterLab on a free port over a temporary notebook whose one cell is ``source``.

    Yields the URL that opens the notebook (``play.ipynb``); no token, no
    browser. ``nodelay`` serves the kernel websocket with TCP_NODELAY
    (:data:`hoteledu.apps.connection.JUPYTER_SERVER_NODELAY_OPTION`); by
    default it is served as a plain ``jupyter lab`` serves it.
    """
    with tempfile.TemporaryDirectory() as root:
        write_notebook(Path(root), "play.ipynb", source)
        with jupyterlab_over(Path(root), timeout, nodelay) as base:
            url = base + "lab/tree/play.ipynb"
            SERVER_PIDS[url] = SERVER_PIDS[base]
            try:
                yield url
            finally:
                SERVER_PIDS.pop(url, None)


@contextlib.contextmanager
def jupyterlab_over(root: Path, timeout: float = 60.0, nodelay: bool = False) -> Iterator[str]:
    """JupyterLab on a free port serving the folder ``root``; yields its base URL."""
    port = free_port()
    settings = root / "settings"
    # no "news" question and no update check popping over the notebook
    plugin = settings / "@jupyterlab" / "apputils-extension"
    plugin.mkdir(parents=True)
    (plugin / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}'
    )
    # no autosave: a notebook is saved only where a test saves it (JupyterLab trusts what it
    # saved, so an autosave 120 s in would turn "a reload of an unsaved notebook" into a
    # reload of a trusted one on a slow run)
    documents = settings / "@jupyterlab" / "docmanager-extension"
    documents.mkdir(parents=True)
    (documents / "plugin.jupyterlab-settings").write_text('{"autosave": false}')
    log = tempfile.TemporaryFile()  # noqa: SIM115  (closed below)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyter",
            "lab",
            "--no-browser",
            "--allow-root",
            "--ServerApp.token=",
            "--ServerApp.password=",
            "--ServerApp.ip=127.0.0.1",
            f"--port={port}",
            "--ServerApp.port_retries=0",  # never another worker's server
            f"--ServerApp.root_dir={root}",
            f"--LabApp.user_settings_dir={settings}",
            f"--LabApp.workspaces_dir={root / 'workspaces'}",
            *([JUPYTER_SERVER_NODELAY_OPTION] if nodelay else []),
        ],
        cwd=root,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: the kernel stops with it
        env={**os.environ, "JUPYTER_CONFIG_DIR": str(root / "config")},
    )
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                log.seek(0)
                raise RuntimeError(
                    f"jupyter lab exited early:\n{log.read().decode(errors='replace')}"
                )
            try:
                with urllib.request.urlopen(base + "api/status", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"jupyter lab did not serve {base} within {timeout} s")
            time.sleep(0.25)  # polls the server's start, not a page
        SERVER_PIDS[base] = process.pid
        yield base
    finally:
        SERVER_PIDS.pop(base, None)
        _stop_server(process, log)


class SharedServer:
    """One server for the whole session, started by the first test that asks for it.

    Each test's notebook is copied into the server's folder under a name of its
    own, so a test still gets a page of its own (its own kernel) but no server
    start: a Voilà or JupyterLab start costs 4 to 10 s of CPU on a 2-core machine.
    """

    def __init__(self, start: Callable[[Path], contextlib.AbstractContextManager[str]]) -> None:
        self._start = start
        self._stack = contextlib.ExitStack()
        self.root: Path | None = None
        self.base = ""
        self._names = itertools.count(1)

    def base_url(self) -> str:
        if self.root is None:
            root = Path(self._stack.enter_context(tempfile.TemporaryDirectory()))
            self.base = self._stack.enter_context(self._start(root))
            self.root = root
        return self.base

    def add(self, name: str) -> Path:
        """A new path in the served folder for a notebook called ``name``."""
        self.base_url()
        assert self.root is not None
        return self.root / f"{next(self._names)}-{name}"

    def close(self) -> None:
        self._stack.close()


@pytest.fixture(scope="session")
def shared_voila() -> Iterator[SharedServer]:
    server = SharedServer(lambda root: voila_server(str(root), timeout=120))
    yield server
    server.close()


@pytest.fixture(scope="session")
def shared_jupyterlab() -> Iterator[SharedServer]:
    server = SharedServer(lambda root: jupyterlab_over(root, timeout=120))
    yield server
    server.close()


@pytest.fixture
def serve_jupyterlab(shared_jupyterlab):
    """``serve_jupyterlab(source=..., outputs=...)``: a context yielding the URL of a new
    notebook whose one cell is ``source`` (stored with ``outputs``), on the session's one
    JupyterLab server.

    The URL resets JupyterLab's workspace (``?reset``): only this notebook is open, never a
    tab of an earlier test. The notebook's kernel is shut down when the context ends.
    """

    @contextlib.contextmanager
    def serve(source: str, timeout: float = 60.0, outputs: list | None = None) -> Iterator[str]:
        base = shared_jupyterlab.base_url()
        path = shared_jupyterlab.add("play.ipynb")
        write_notebook(path.parent, path.name, source, outputs)
        url = f"{base}lab/tree/{path.name}?reset"
        SERVER_PIDS[url] = SERVER_PIDS[base]
        try:
            yield url
        finally:
            SERVER_PIDS.pop(url, None)
            shut_down_sessions(base, path.name)

    return serve


def shut_down_sessions(base: str, notebook: str) -> None:
    """Shut down the kernel of each JupyterLab session on ``notebook`` (an idle kernel of an
    earlier test would hold its memory for the whole run)."""
    with urllib.request.urlopen(base + "api/sessions", timeout=30) as reply:
        sessions = json.load(reply)
    for session in sessions:
        if session.get("path") == notebook:
            request = urllib.request.Request(f"{base}api/sessions/{session['id']}", method="DELETE")
            with contextlib.suppress(OSError):
                urllib.request.urlopen(request, timeout=30).close()


@pytest.fixture
def serve_voila(shared_voila):
    """``serve_voila(notebook)``: a context yielding the URL that renders ``notebook`` (a path
    from the repository root, or absolute) on the session's one Voilà server (a folder:
    the URL of a server of its own that serves it).

    The notebook is copied into the server's folder (``timeout`` is kept for the callers:
    the server is started once, with a long one).
    """

    @contextlib.contextmanager
    def serve(notebook: str, timeout: float = 90.0) -> Iterator[str]:
        source = Path(notebook) if Path(notebook).is_absolute() else REPO / notebook
        if source.is_dir():  # a folder is served as it is, by a server of its own
            with voila_server(notebook, timeout=timeout) as url:
                yield url
            return
        base = shared_voila.base_url()
        path = shared_voila.add(source.name)
        shutil.copyfile(source, path)
        url = f"{base}voila/render/{path.name}"
        SERVER_PIDS[url] = SERVER_PIDS[base]
        try:
            yield url
        finally:
            SERVER_PIDS.pop(url, None)

    return serve


@pytest.fixture(autouse=True)
def one_browser_test_at_a_time() -> Iterator[None]:
    """Browser tests take turns for two slots across all runs on the machine
    (:func:`browser_slots.browser_slot`): the two workers of one run hold one each, and
    the tests of other runs wait. No more than two: with one server and Chromium per
    test, two tests at once timed out a JupyterLab reload (90 s) in 1 of 2 full runs,
    while the same test alone takes 21 s."""
    with browser_slot():
        yield
