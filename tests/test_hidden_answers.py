"""A cell that checks a lesson's answers holds them in its source: a student must
not see it before revealing (issue 19). JupyterLab and Voilà collapse a cell with
``jupyter.source_hidden``; static builders drop its input by the ``remove-input`` tag.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted(
    p
    for p in (Path(__file__).resolve().parents[1] / "notebooks").rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_cells_that_check_answers_hide_their_source(path: Path) -> None:
    cells = json.loads(path.read_text())["cells"]
    checking = [
        c for c in cells if c["cell_type"] == "code" and "check_answers(" in "".join(c["source"])
    ]
    for cell in checking:
        metadata = cell.get("metadata", {})
        assert metadata.get("jupyter", {}).get("source_hidden") is True, cell["id"]
        assert "remove-input" in metadata.get("tags", []), cell["id"]
