"""A copy of the package's source, for tests that build or install it.

Built from a copy, so the build's own folders (build/, *.egg-info) never touch the
working tree. ``conftest.py`` puts this folder on ``sys.path``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def copy_package_source(source: Path) -> Path:
    """Copy what a build reads (pyproject.toml, README.md, LICENSE, hoteledu/) to the new
    folder ``source``; returns ``source``."""
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "hoteledu", source / "hoteledu", ignore=shutil.ignore_patterns("__pycache__")
    )
    return source
