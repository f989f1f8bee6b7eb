"""The Binder set-up works: binder/requirements.txt installs into a fresh
virtual environment that imports hoteledu and the notebook stack and runs the
start notebook. Docker is not available here, so this is what repo2docker's
pip step does, done by hand."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_binder_requirements_install_into_a_fresh_environment(tmp_path):
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")
    env_dir = tmp_path / "binder-env"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [python, "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"],
        cwd=ROOT,
        check=True,
    )
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
