"""Build lesson notebooks from their jupytext sources and run them.

Usage:
    python tools/nbbuild.py notebooks/.src/00_start_here.py [...]
        build each notebook from its source and execute it in place;
    python tools/nbbuild.py --to-source notebooks/amsterdam/01_play.ipynb [...]
        the other way: write a notebook's cells (edited in JupyterLab) back to
        its source, which is then the one to review and rebuild;
    python tools/nbbuild.py --pictures notebooks/amsterdam/02_city_graph.ipynb [...]
        draw the static picture of every stored figure that has none, without
        running the notebook.

Every lesson is a pair (``jupytext.toml`` at the repository root):
``notebooks/<path>.ipynb``, what students open, with stored outputs that nbval
compares, and ``notebooks/.src/<path>.py``, its percent-format source, hidden
from students in JupyterLab, diff-friendly, what we edit. With jupytext
installed, JupyterLab keeps the pair in sync on save as well. Execution is
nbclient's, in a fresh kernel from the notebook's own folder; cell ids are
stable so rebuilt notebooks diff small. Every stored plotly figure gets a
PNG beside it (``hoteledu.static_figures``: kaleido and Chromium), so that
GitHub, nbviewer and the lesson site show it without a kernel.
"""

from __future__ import annotations

import sys
from pathlib import Path

import jupytext
import nbformat
from jupytext.config import load_jupytext_config
from jupytext.paired_paths import paired_paths
from nbclient import NotebookClient

from hoteledu.static_figures import add_static_figures

ROOT = Path(__file__).resolve().parent.parent
SOURCE_FORMAT = "py:percent"
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def _paired(path: Path, extension: str) -> Path:
    """The other file of a pair, from the formats in ``jupytext.toml``."""
    config = load_jupytext_config(str(ROOT))
    assert config is not None, "jupytext.toml is missing at the repository root"
    formats = config.formats if isinstance(config.formats, str) else ",".join(config.formats)
    pairs = paired_paths(
        str(path.resolve()), "ipynb" if path.suffix == ".ipynb" else SOURCE_FORMAT, formats
    )
    for other, _ in pairs:
        if other.endswith(extension):
            return Path(other)
    raise ValueError(f"{path} is not a lesson: jupytext.toml pairs nothing with it")


def target_for(source: Path) -> Path:
    """notebooks/.src/x/y.py -> notebooks/x/y.ipynb."""
    return _paired(source, ".ipynb")


def source_for(notebook: Path) -> Path:
    """notebooks/x/y.ipynb -> notebooks/.src/x/y.py."""
    return _paired(notebook, ".py")


def read_source(source: Path) -> nbformat.NotebookNode:
    notebook = jupytext.read(source, fmt=SOURCE_FORMAT)
    notebook.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    return notebook


def build(source: Path, execute: bool = True) -> Path:
    notebook = read_source(source)
    # The source is rewritten in jupytext's own layout (blank lines between
    # cells), so that writing the notebook back gives it byte for byte.
    canonical = source_text(notebook)
    if canonical != source.read_text(encoding="utf-8"):
        source.write_text(canonical, encoding="utf-8")
    target = target_for(source)
    target.parent.mkdir(parents=True, exist_ok=True)
    if execute:
        NotebookClient(
            notebook,
            timeout=600,
            kernel_name="python3",
            record_timing=False,  # timestamps would change every build
            resources={"metadata": {"path": str(target.parent)}},
        ).execute()
    add_static_figures([notebook])
    # Saved widget state would embed plotly.js (megabytes): views re-render on run.
    notebook.metadata.pop("widgets", None)
    for index, cell in enumerate(notebook.cells):
        cell["id"] = f"{target.stem[:40]}-{index}"  # stable ids keep diffs small
    nbformat.write(notebook, target)
    return target


def source_text(notebook: nbformat.NotebookNode) -> str:
    """A notebook's cells as its percent-format source (outputs never go there)."""
    config = load_jupytext_config(str(ROOT))
    return jupytext.writes(notebook, fmt=SOURCE_FORMAT, config=config)


def add_pictures(notebook_paths: list[Path]) -> list[Path]:
    """Draw the missing picture beside each stored figure of these notebooks (not run)."""
    notebooks = [nbformat.read(path, as_version=4) for path in notebook_paths]
    add_static_figures(notebooks, replace=False)
    for path, notebook in zip(notebook_paths, notebooks, strict=True):
        nbformat.write(notebook, path)
    return notebook_paths


def to_source(notebook_path: Path) -> Path:
    source = source_for(notebook_path)
    source.write_text(source_text(nbformat.read(notebook_path, as_version=4)), encoding="utf-8")
    return source


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments[:1] == ["--to-source"]:
        for name in arguments[1:]:
            print(to_source(Path(name)))
    elif arguments[:1] == ["--pictures"]:
        for path in add_pictures([Path(name) for name in arguments[1:]]):
            print(path)
    else:
        for name in arguments:
            print(build(Path(name)))
