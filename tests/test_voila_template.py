"""Every way of starting Voilà serves its pages with the ``hoteledu`` template (issue 20).

Voilà 0.5's ``lab`` template links Font Awesome from cdn.jsdelivr.net, so a page served
with it waits on the network and loses its icons offline. ``hoteledu app`` and Binder
named the ``hoteledu`` template (:mod:`hoteledu.apps.offline`), but plain ``voila``
(which reads ``voila.json``) and the Voilà pages of ``hoteledu lessons`` (Voilà's
JupyterLab server extension) did not. Each is started here, for real, and its page's
HTML is read: the CDN's address must not be in it, and nothing must be missing
(Voilà stops when the template it is told to use cannot be found).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import nbformat
import pytest
from package_source import copy_package_source

from hoteledu import cli
from hoteledu.apps.offline import JUPYTER_DATA, TEMPLATE, VOILA_TEMPLATE_OPTION, with_jupyter_data

ROOT = Path(__file__).resolve().parents[1]
CDN = "cdn.jsdelivr.net"
MARK = "voila-style"  # a script every Voilà lab-based page includes


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _notebook(folder: Path) -> Path:
    path = folder / "page.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]), path)
    return path


def _env_without_the_template(tmp_path: Path) -> dict[str, str]:
    """This process's environment, without the package's data folder and any user config."""
    env = dict(os.environ)
    path = [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in path if Path(p) != JUPYTER_DATA)
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "no-user-config")
    env["JUPYTER_RUNTIME_DIR"] = str(tmp_path / "runtime")
    env.pop("JUPYTER_CONFIG_PATH", None)
    return env


@contextmanager
def _served(command: Sequence[str], cwd: Path, env: dict[str, str], url: str) -> Iterator[str]:
    """Run the server ``command``; yield the HTML of ``url`` once it answers."""
    log = tempfile.TemporaryFile()  # noqa: SIM115  (closed below)
    process = subprocess.Popen(
        list(command), cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None:
                log.seek(0)
                raise AssertionError(f"the server stopped:\n{log.read().decode(errors='replace')}")
            try:
                with urllib.request.urlopen(url, timeout=120) as response:
                    html = response.read().decode()
                break
            except urllib.error.HTTPError:
                log.seek(0)
                raise AssertionError(f"{url}:\n{log.read().decode(errors='replace')}") from None
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        yield html
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def test_every_voila_setting_file_names_the_template() -> None:
    assert json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"] == {
        "template": TEMPLATE
    }
    binder = json.loads((ROOT / "binder/jupyter_config/jupyter_server_config.json").read_text())
    assert binder["VoilaConfiguration"] == {"template": TEMPLATE}
    assert VOILA_TEMPLATE_OPTION in cli.lessons_command(ROOT / "notebooks", open_browser=False)
    assert VOILA_TEMPLATE_OPTION in cli.app_command("boutique", ROOT / "notebooks")


@pytest.mark.slow
def test_plain_voila_started_in_the_checkout_fetches_nothing_from_a_cdn(tmp_path: Path) -> None:
    # pip puts the package's data files in the environment's Jupyter data folder
    # (sys.prefix/share/jupyter); `setup.py install_data` does the same into a folder here,
    # from a copy (the build's own folders never touch the working tree)
    source = copy_package_source(tmp_path / "source")
    prefix = tmp_path / "prefix"
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from setuptools import setup; "
            "sys.argv[:] = ['setup.py', '-q', 'install_data', '-d', sys.argv[1]]; setup()",
            str(prefix),
        ],
        cwd=source,
        check=True,
        capture_output=True,
        timeout=300,
    )
    data = prefix / "share" / "jupyter"
    assert (data / "voila" / "templates" / TEMPLATE / "index.html.j2").is_file()
    # as the README's `voila notebooks/...` runs it: from the checkout (voila.json is read
    # here), the installed data folder on Jupyter's path, and not the package's own one
    env = _env_without_the_template(tmp_path)
    env["JUPYTER_PATH"] = os.pathsep.join([str(data), sys.prefix + "/share/jupyter"])
    notebook = _notebook(tmp_path)
    port = _free_port()
    command = [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}"]
    command += ["--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]
    with _served(command, ROOT, env, f"http://127.0.0.1:{port}/") as html:
        assert MARK in html
        assert CDN not in html


@pytest.mark.slow
def test_the_voila_pages_of_hoteledu_lessons_fetch_nothing_from_a_cdn(tmp_path: Path) -> None:
    # started elsewhere than the checkout: no voila.json is read, the command line says it
    folder = tmp_path / "lessons"
    folder.mkdir()
    _notebook(folder)
    port = _free_port()
    command = cli.lessons_command(folder, port, open_browser=False)
    command += ["--ServerApp.token=", "--ServerApp.password=", "--ServerApp.ip=127.0.0.1"]
    command += ["--ServerApp.port_retries=0", "--allow-root"]
    env = with_jupyter_data(_env_without_the_template(tmp_path))  # as cli._server runs it
    url = f"http://127.0.0.1:{port}/voila/render/page.ipynb"
    with _served(command, tmp_path, env, url) as html:
        assert MARK in html
        assert CDN not in html
