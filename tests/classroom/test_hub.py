"""A class started from a notebook on JupyterHub or Binder: pages served by that Jupyter server.

Binder itself cannot run here (no Docker), so a Jupyter server is started as
Binder starts one: under a hub path (``--ServerApp.base_url=/user/<name>/``)
with a token, the environment JupyterHub and BinderHub give it, and the Voilà
server extension; ``start_class()`` is then called as from that server's
notebook, and its addresses are fetched as a student's browser would.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from hoteledu.classroom import hub
from hoteledu.classroom.dashboard import TOKEN_ENV
from hoteledu.classroom.store import DB_ENV

PREFIX = "/user/ann-x1/"
ACCESS = "binder-session-token"


def test_the_hub_path_and_origin_come_from_jupyterhub_s_environment() -> None:
    assert hub.hub_prefix({}) is None  # a plain JupyterLab: the launcher's own server
    assert hub.hub_prefix({"JUPYTERHUB_SERVICE_PREFIX": "/user/ann-x1"}) == PREFIX
    assert hub.on_binder({"BINDER_LAUNCH_HOST": "https://mybinder.org/"})
    assert not hub.on_binder({"JUPYTERHUB_SERVICE_PREFIX": PREFIX})
    assert hub.public_origin({}) == ""  # unknown: addresses from "/", as the teacher's tab has
    assert hub.public_origin({"JUPYTERHUB_PUBLIC_URL": "javascript:alert(1)"}) == ""
    url = hub.hub_page_url(PREFIX, "classroom_pages", "student.ipynb", "https://h.org", "a&b")
    assert url == "https://h.org/user/ann-x1/voila/render/classroom_pages/student.ipynb?token=a%26b"


def test_the_settings_file_is_the_owner_s_and_a_bad_one_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    monkeypatch.delenv(DB_ENV, raising=False)
    path = hub.write_settings(tmp_path, tmp_path / "c.sqlite3", "tok", "/user/a/x")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    hub.load_settings(path, teacher=False)
    assert os.environ[DB_ENV] == str(tmp_path / "c.sqlite3")
    assert TOKEN_ENV not in os.environ  # a student's page never holds the teacher token
    hub.load_settings(path, teacher=True)
    assert os.environ[TOKEN_ENV] == "tok"
    monkeypatch.delenv(TOKEN_ENV)
    path.write_text('{"db": "x", "token": 7, "student_url": "u"}')
    with pytest.raises(RuntimeError, match="'token' must be a non-empty string"):
        hub.load_settings(path, teacher=True)
    path.write_text("[1]")
    with pytest.raises(RuntimeError, match="not an object of settings"):
        hub.load_settings(path, teacher=True)
    assert TOKEN_ENV not in os.environ


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def _hub_like_server(tmp_path: Path, tries: int = 240) -> Iterator[tuple[str, dict[str, str]]]:
    """A Jupyter server as Binder starts one; yields its origin and the notebook's environment."""
    port = _free_port()
    root = tmp_path / "home"
    root.mkdir()
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),  # not the user's own settings
        "JUPYTERHUB_SERVICE_PREFIX": PREFIX,
        "BINDER_LAUNCH_HOST": "https://mybinder.org/",
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyter",
            "server",
            "--no-browser",
            "--allow-root",
            f"--port={port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.base_url={PREFIX}",
            f"--IdentityProvider.token={ACCESS}",
            f"--ServerApp.root_dir={root}",
        ],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its kernels stop with it
    )
    origin = f"http://127.0.0.1:{port}"
    try:
        for _ in range(tries):  # a bound on tries, each at most 5 s
            assert process.poll() is None, "jupyter server exited"
            try:
                urllib.request.urlopen(f"{origin}{PREFIX}api/status", timeout=5).close()
                break
            except urllib.error.HTTPError:
                break  # it answers (403 without the token)
            except OSError:
                time.sleep(0.5)
        yield origin, env
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(30)


def _page(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=180) as answer:
            return answer.status, answer.geturl(), answer.read().decode(errors="replace")
    except urllib.error.HTTPError as refused:
        return refused.code, url, ""


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="start_class is POSIX only")
def test_on_binder_start_class_serves_the_pages_through_the_jupyter_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GH-20: a teacher on Binder, where only the Jupyter server's own address is reachable."""
    from qr_helpers import drawn_modules, expected_modules

    from hoteledu.classroom.server import start_class

    with _hub_like_server(tmp_path) as (origin, env):
        for name in ("JUPYTER_RUNTIME_DIR", "JUPYTERHUB_SERVICE_PREFIX", "BINDER_LAUNCH_HOST"):
            monkeypatch.setenv(name, env[name])
        server = start_class(db=tmp_path / "class.sqlite3")
        student = f"{PREFIX}voila/render/classroom_pages/student.ipynb?token={ACCESS}"
        assert server.student_urls == [student]
        assert server.teacher_urls == [f"{PREFIX}voila/render/classroom_pages/teacher.ipynb"]
        shown = server._repr_html_()
        assert drawn_modules(shown) == expected_modules(student)
        # a student's browser with the address: the page, its widgets built from the settings
        status, _, text = _page(origin + student)
        assert status == 200 and "application/vnd.jupyter.widget-view+json" in text, text[-2000:]
        assert "Traceback" not in text and "class settings" not in text
        # and the page's widgets can talk to its kernel: the address's token logged the
        # browser in (a cookie), which the kernel's websocket then carries
        import websocket

        jar = CookieJar()
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        with browser.open(origin + student, timeout=180) as answer:
            kernel = re.search(r'"kernelId": *"([0-9a-f-]+)"', answer.read().decode()).group(1)
        assert jar, "the token in the address set no login cookie"
        channel = websocket.create_connection(
            f"ws://{origin[len('http://') :]}{PREFIX}api/kernels/{kernel}/channels",
            cookie="; ".join(f"{c.name}={c.value}" for c in jar),
            origin=origin,
            timeout=60,
        )
        channel.close()
        # the teacher's page (the teacher's own tab has the session's cookie; here the token)
        status, _, text = _page(f"{origin}{server.teacher_urls[0]}?token={ACCESS}")
        assert status == 200 and "Traceback" not in text
        assert "application/vnd.jupyter.widget-view+json" in text
        assert server.token not in text  # the page shows no token, nor its settings' path
        assert "class_settings" not in text
        # without the session's token the server lets nobody in
        status, final, _ = _page(origin + student.split("?")[0])
        assert status == 403 or "login" in final
        server.stop()
        assert not server.running() and not server.settings.exists()
        # the hub's address as the teacher's browser shows it makes the addresses whole
        again = start_class(db=tmp_path / "class.sqlite3", public_url="https://hub.example.org/x")
        assert again.student_urls == ["https://hub.example.org" + student]
        again.stop()
