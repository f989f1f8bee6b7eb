"""Every lesson is a jupytext pair, and the pair is in sync both ways.

``notebooks/<path>.ipynb`` is built from ``notebooks/.src/<path>.py`` by
``tools/nbbuild.py``; writing the notebook's cells back through jupytext must
give the source byte for byte (so a source edited without a rebuild, or a
notebook edited without its source, fails here).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

jupytext = pytest.importorskip("jupytext")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import nbbuild  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]
SOURCES = sorted((ROOT / "notebooks" / ".src").rglob("*.py"))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_and_source_are_in_sync(notebook: Path) -> None:
    source = nbbuild.source_for(notebook)
    assert source.exists(), f"{notebook.name} has no source at {source.relative_to(ROOT)}"
    cells = nbbuild.source_text(nbformat.read(notebook, as_version=4))
    assert cells == source.read_text(encoding="utf-8"), (
        f"{notebook.relative_to(ROOT)} differs from its source: rebuild it with "
        f"python tools/nbbuild.py {source.relative_to(ROOT)}"
    )


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_source_has_its_notebook(source: Path) -> None:
    assert nbbuild.target_for(source).exists()


def test_a_notebook_edited_in_jupyterlab_goes_back_to_its_source() -> None:
    notebook = nbformat.read(ROOT / "notebooks" / "00_start_here.ipynb", as_version=4)
    notebook.cells[0].source += "\n\nAn edit made in JupyterLab."
    notebook.cells[1].source += "\nprint('and a new line of code')"
    back = jupytext.reads(nbbuild.source_text(notebook), fmt="py:percent")
    assert [c.source for c in back.cells] == [c.source for c in notebook.cells]
    assert [c.cell_type for c in back.cells] == [c.cell_type for c in notebook.cells]


def test_stored_notebooks_carry_no_build_timestamps() -> None:
    """Rebuilding a lesson changes only what its code prints (nbbuild: record_timing=False)."""
    stamped = [
        str(p.relative_to(ROOT))
        for p in NOTEBOOKS
        if any("execution" in c.metadata for c in nbformat.read(p, as_version=4).cells)
    ]
    assert stamped == []
