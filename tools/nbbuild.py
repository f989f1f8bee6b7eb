"""Build lesson notebooks from percent-format sources and run them.

Usage: ``python tools/nbbuild.py notebooks/.src/00_start_here.py [...]``

A source is a Python file with ``# %% [markdown]`` and ``# %%`` cell markers
(the jupytext "percent" format); markdown cells are written as comment lines.
The notebook is written next to the ``.src`` folder (``notebooks/.src/x.py``
-> ``notebooks/x.ipynb``; ``notebooks/.src/amsterdam/x.py`` ->
``notebooks/amsterdam/x.ipynb``) and executed in place, so the stored outputs
are what nbval compares. Sources stay diff-friendly (and hidden from students
in JupyterLab); notebooks are the product.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
from nbconvert.preprocessors import ExecutePreprocessor

CELL_MARKER = re.compile(r"^# %%(?P<markdown> \[markdown\])?(?P<tags>.*)$")


def parse(source: str) -> list[nbformat.NotebookNode]:
    cells: list[nbformat.NotebookNode] = []
    kind, tags, lines = None, [], []

    def flush() -> None:
        if kind is None:
            return
        text = "\n".join(lines).strip("\n")
        if kind == "markdown":
            text = "\n".join(re.sub(r"^# ?", "", line) for line in text.splitlines())
            cell = nbformat.v4.new_markdown_cell(text)
        else:
            cell = nbformat.v4.new_code_cell(text)
        if tags:
            cell.metadata["tags"] = tags
        cells.append(cell)

    for line in source.splitlines():
        match = CELL_MARKER.match(line)
        if match:
            flush()
            kind = "markdown" if match["markdown"] else "code"
            tags = re.findall(r'tags=\["([^"]+)"\]', match["tags"])
            lines = []
        else:
            lines.append(line)
    flush()
    return cells


def target_for(source: Path) -> Path:
    parts = list(source.parts)
    index = len(parts) - 1 - parts[::-1].index(".src")
    return Path(*parts[:index], *parts[index + 1 :]).with_suffix(".ipynb")


def build(source: Path, execute: bool = True) -> Path:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = parse(source.read_text(encoding="utf-8"))
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    notebook.metadata["language_info"] = {"name": "python"}
    target = target_for(source)
    target.parent.mkdir(parents=True, exist_ok=True)
    if execute:
        ExecutePreprocessor(timeout=600, kernel_name="python3").preprocess(
            notebook, {"metadata": {"path": str(target.parent)}}
        )
    # Saved widget state would embed plotly.js (megabytes): views re-render on run.
    notebook.metadata.pop("widgets", None)
    for index, cell in enumerate(notebook.cells):
        cell["id"] = f"{target.stem[:40]}-{index}"  # stable ids keep diffs small
    nbformat.write(notebook, target)
    return target


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(build(Path(name)))
