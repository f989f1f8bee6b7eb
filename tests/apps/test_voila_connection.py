"""Voilà with the apps' kernel connection: a page that closes or reloads shuts its kernel down.

Voilà's page sends ``POST voila/api/shutdown/<kernel>`` as a beacon when it
unloads, signed with its ``_xsrf`` cookie. Voilà never set that cookie, so each
beacon got 403 (in the browser console at every reload) and the kernel lived on
until culled. Here a real Voilà server is asked what the page asks, without a
browser: the page, its kernel's websocket, then the beacon.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from hoteledu.apps.connection import VOILA_NODELAY_OPTION


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def _voila(tmp_path: Path, options: list[str], tries: int = 240) -> Iterator[str]:
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("1 + 1")]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, str(tmp_path / "page.ipynb"))
    port = _free_port()
    command = [sys.executable, "-m", "voila", "page.ipynb", "--no-browser", f"--port={port}"]
    command += ["--Voila.ip=127.0.0.1", "--Voila.port_retries=0", *options]
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its kernels stop with it
    )
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(tries):  # a bound on tries
            assert process.poll() is None, "voila exited"
            try:  # any answer, 404 included, means it serves (the page would start a kernel)
                urllib.request.urlopen(base + "api/status", timeout=5).close()
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                time.sleep(0.5)
        yield base
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(30)


def _unload(base: str) -> tuple[int, int]:
    """Open the page and its kernel websocket as a browser does, then send the beacon.

    Returns the beacon's status and the kernel's status afterwards (404: gone).
    """
    import websocket

    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(base, timeout=120) as page:
        kernel = re.search(r'"kernelId": *"([0-9a-f-]+)"', page.read().decode()).group(1)
    cookies = {c.name: c.value for c in jar}
    channel = websocket.create_connection(
        f"ws://{base[len('http://') :]}api/kernels/{kernel}/channels?session_id=probe",
        cookie="; ".join(f"{k}={v}" for k, v in cookies.items()),
        origin=base.rstrip("/"),
        timeout=60,
    )
    handshake = channel.getheaders()
    channel.close()
    # the cookie the handshake set, as the browser keeps it
    for header in [handshake.get("set-cookie", "")]:
        match = re.match(r"_xsrf=([^;]+)", header)
        if match:
            cookies["_xsrf"] = match.group(1)
    body = urllib.parse.urlencode({"_xsrf": cookies.get("_xsrf", "")}).encode()
    beacon = urllib.request.Request(
        f"{base}voila/api/shutdown/{kernel}",
        data=body,
        headers={
            "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items()),
            "Origin": base.rstrip("/"),
        },
    )
    try:
        with opener.open(beacon, timeout=60) as answer:
            status = answer.status
    except urllib.error.HTTPError as refused:
        status = refused.code
    try:
        with opener.open(f"{base}api/kernels/{kernel}", timeout=60) as answer:
            kernel_status = answer.status
            json.loads(answer.read())
    except urllib.error.HTTPError as missing:
        kernel_status = missing.code
    return status, kernel_status


@pytest.mark.slow
def test_a_closed_voila_page_shuts_its_kernel_down(tmp_path: Path) -> None:
    """GH-20: every reload showed a 403 on voila/api/shutdown/... in the console."""
    with _voila(tmp_path, [VOILA_NODELAY_OPTION]) as base:
        assert _unload(base) == (204, 404)


@pytest.mark.slow
def test_without_the_apps_connection_voila_refuses_the_beacon(tmp_path: Path) -> None:
    # what the fix is for: plain Voilà sets no _xsrf cookie and refuses its own beacon
    with _voila(tmp_path, []) as base:
        assert _unload(base) == (403, 200)
