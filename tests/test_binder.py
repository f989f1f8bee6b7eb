"""The Binder set-up works: binder/requirements.txt pins what the tests ran with
and installs into a fresh virtual environment that imports hoteledu and the
notebook stack and runs the start notebook (Docker is not available here, so
this is what repo2docker's pip step does, done by hand); binder/start gives
Binder's Jupyter server voila.json's settings; README links Binder's pages."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import venv
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
VOILA_SETTINGS = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))


@pytest.mark.slow
def test_binder_requirements_install_into_a_fresh_environment(tmp_path):
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")
    env_dir = tmp_path / "binder-env"
    # An empty environment, not even pip: this interpreter's pip installs into it
    # (``--python``, pip 22.3+), which spares unpacking pip itself (~4 CPU-s, ~1,000 files).
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    empty = subprocess.run(
        [python, "-c", "import importlib.util as u; print(u.find_spec('pip'))"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert empty.stdout.strip() == "None"  # nothing but the standard library
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    subprocess.run(
        [*pip, "install", "-q", "--no-compile", "-r", "binder/requirements.txt"],
        cwd=ROOT,
        check=True,
    )
    # pip put the app pages' Voila template where plain `voila` looks (voila.json names it)
    template = env_dir / "share" / "jupyter" / "voila" / "templates" / "hoteledu"
    assert (template / "index.html.j2").is_file() and (template / "conf.json").is_file()
    imports = "import hoteledu, plotly, ipywidgets, anywidget, networkx, numpy, jupyterlab, voila"
    subprocess.run([python, "-c", imports], cwd=tmp_path, check=True)
    executed = tmp_path / "start.ipynb"
    subprocess.run(
        [
            env_dir / "bin" / "jupyter",
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            str(ROOT / "notebooks" / "00_start_here.ipynb"),
            "--output",
            str(executed),
        ],
        cwd=ROOT / "notebooks",
        check=True,
        capture_output=True,
    )
    assert executed.exists()
    assert sys.version_info >= (3, 10)


def _binder_requirements_tool():
    spec = importlib.util.spec_from_file_location(
        "binder_requirements", ROOT / "tools" / "binder_requirements.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_binder_pins_every_package_the_lab_extra_needs():
    """The same packages as this environment's [lab] closure, each pinned at or below it.

    A fresh machine installs the newest releases, so the environment may have moved on
    since the pins were written (httpx 0.28.1 to 0.29.0 between two CI runs of one day);
    the pinned set itself is installed and run by the fresh-environment test above.
    A package added or dropped, or a pin newer than what runs here, fails.
    """
    from packaging.version import Version

    text = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8")
    tool = _binder_requirements_tool()
    assert text.startswith(tool.HEADER)
    pins = dict(re.findall(r"^([\w.-]+)==(\S+)$", text, re.M))
    installed = tool.pinned_closure()
    assert sorted(pins) == sorted(installed), (
        "binder/requirements.txt names other packages than [lab] needs here: "
        "run python tools/binder_requirements.py"
    )
    newer = {n: (v, installed[n]) for n, v in pins.items() if Version(v) > Version(installed[n])}
    assert not newer, f"pinned newer than tested here: {newer}"
    for name in ("voila", "jupyterlab", "ipywidgets", "plotly", "anywidget", "numpy"):
        assert name in pins, name


def test_binder_server_settings_are_voila_json_s():
    server = json.loads(
        (ROOT / "binder" / "jupyter_config" / "jupyter_server_config.json").read_text()
    )
    # Voilà's own app setting becomes the server's; the kernel manager's are the same.
    assert server == {
        "ServerApp": {
            "kernel_websocket_connection_class": VOILA_SETTINGS["Voila"][
                "kernel_websocket_connection_class"
            ]
        },
        "MappingKernelManager": VOILA_SETTINGS["MappingKernelManager"],
        # the app pages' template, found through binder/start's JUPYTER_PATH (no CDN)
        "VoilaConfiguration": {"template": "hoteledu"},
    }


def test_binder_start_gives_the_jupyter_server_voila_json_s_settings(tmp_path):
    start = ROOT / "binder" / "start"
    assert os.access(start, os.X_OK), "repo2docker runs binder/start: it must be executable"
    # What Binder's server loads at start-up, built without listening on a port,
    # from another directory and without the user's own Jupyter configuration.
    probe = (
        "import json\n"
        "from jupyter_server.serverapp import ServerApp\n"
        "app = ServerApp()\n"
        "app.initialize(argv=['--ServerApp.open_browser=False'], find_extensions=False, "
        "new_httpserver=False)\n"
        "connection = app.kernel_websocket_connection_class\n"
        "kernels = app.kernel_manager\n"
        "print(json.dumps({'connection': f'{connection.__module__}.{connection.__name__}', "
        "**{name: getattr(kernels, name) for name in "
        "('cull_idle_timeout', 'cull_interval', 'cull_connected', 'cull_busy')}}))\n"
    )
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(tmp_path / "no-user-config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
    }
    env.pop("JUPYTER_CONFIG_PATH", None)
    result = subprocess.run(
        [str(start), sys.executable, "-c", probe],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=180,
    )
    loaded = json.loads(result.stdout.strip().splitlines()[-1])
    assert loaded == {
        "connection": VOILA_SETTINGS["Voila"]["kernel_websocket_connection_class"],
        **VOILA_SETTINGS["MappingKernelManager"],
    }


def test_readme_links_binder_s_lessons_and_the_three_apps():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    repository = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"][
        "Repository"
    ]
    owner_and_name = repository.removeprefix("https://github.com/")
    binder = f"https://mybinder.org/v2/gh/{owner_and_name}/HEAD"
    assert f"[![Binder](https://mybinder.org/badge_logo.svg)]({binder}?urlpath=lab/tree/" in readme
    for url in re.findall(r"https://mybinder\.org/v2/gh/[^)\s`]+", readme):
        assert url.startswith(binder + "?urlpath="), url
    for game in ("amsterdam", "grand_austria", "boutique"):
        page = f"notebooks/{game}/01_play.ipynb"
        assert f"{binder}?urlpath=voila/render/{page})" in readme, game
        assert (ROOT / page).is_file()
    assert (ROOT / "notebooks" / "00_start_here.ipynb").is_file()
