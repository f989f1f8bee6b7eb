"""Time every lesson notebook run top to bottom, without writing it.

Usage::

    python tools/time_lessons.py                      # every notebook under notebooks/
    python tools/time_lessons.py notebooks/amsterdam  # a folder, or single .ipynb files
    python tools/time_lessons.py --limit 30 --repeat 3
    python tools/time_lessons.py --cells 3 notebooks/amsterdam/01_play.ipynb  # slowest cells

Each notebook runs in a fresh kernel from its own folder, as ``tools/nbbuild.py``
runs it, and the file is left untouched. The table gives, per notebook:

* ``total s``: wall time of the whole run, kernel start included;
* ``cells s``: from the first cell's start to the last cell's reply (what a
  student waits for after the kernel is up);
* the 1-minute load average before and after the run, since timings on a shared
  machine mean little without it.

With ``--repeat N`` the fastest of N runs is shown (the least disturbed by other
load). A notebook whose cells take longer than ``--limit`` seconds is marked
SLOW; a notebook that fails is marked with the error. The exit status is 1 if
any notebook failed, 0 otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import nbformat
from nbconvert.preprocessors import ExecutePreprocessor

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


@dataclass
class Timing:
    """One notebook's run: wall time, time spent in cells, load around it, outcome."""

    path: Path
    total: float
    cells: float | None
    load_before: float
    load_after: float
    error: str | None = None
    slowest: list[tuple[float, int, str]] = field(default_factory=list)


def find_notebooks(targets: list[str]) -> list[Path]:
    """The notebooks named by ``targets`` (files or folders); all under notebooks/ if none.

    Lesson sources (``.src``) and Jupyter checkpoints are left out.
    """
    roots = [Path(t).resolve() for t in targets] or [NOTEBOOKS]
    found: list[Path] = []
    for root in roots:
        if not root.exists():
            raise SystemExit(f"time_lessons: no such file or folder: {root}")
        candidates = [root] if root.is_file() else sorted(root.rglob("*.ipynb"))
        for path in candidates:
            skip = {".src", ".ipynb_checkpoints"} & set(path.parts)
            if path.suffix == ".ipynb" and not skip and path not in found:
                found.append(path)
    return found


def _slowest_cells(notebook: nbformat.NotebookNode) -> list[tuple[float, int, str]]:
    """(seconds, cell index, first code line) of every timed cell, slowest first."""
    rows = []
    for index, cell in enumerate(notebook.cells):
        timing = cell.get("metadata", {}).get("execution", {})
        if "iopub.execute_input" in timing and "shell.execute_reply" in timing:
            seconds = (
                _parse_time(timing["shell.execute_reply"])
                - _parse_time(timing["iopub.execute_input"])
            ).total_seconds()
            code = [x for x in cell.source.splitlines() if x.strip() and not x.startswith("#")]
            rows.append((seconds, index, code[0][:60] if code else ""))
    return sorted(rows, reverse=True)


def _cell_seconds(notebook: nbformat.NotebookNode) -> float | None:
    """First cell start to last cell reply, from the timings nbclient records."""
    starts, ends = [], []
    for cell in notebook.cells:
        timing = cell.get("metadata", {}).get("execution", {})
        if "iopub.execute_input" in timing and "shell.execute_reply" in timing:
            starts.append(_parse_time(timing["iopub.execute_input"]))
            ends.append(_parse_time(timing["shell.execute_reply"]))
    if not starts:
        return None
    return (max(ends) - min(starts)).total_seconds()


def _parse_time(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def time_notebook(path: Path, timeout: int = 600) -> Timing:
    """Run ``path`` in a fresh kernel from its folder; the file is not written."""
    notebook = nbformat.read(path, as_version=4)
    executor = ExecutePreprocessor(timeout=timeout, kernel_name="python3", record_timing=True)
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    error = None
    try:
        executor.preprocess(notebook, {"metadata": {"path": str(path.parent)}})
    except Exception as exc:  # any failure is reported in the table, then the next runs
        last_line = (str(exc).strip().splitlines() or [""])[-1]
        error = f"{type(exc).__name__}: {last_line}"
    total = time.perf_counter() - start
    return Timing(
        path,
        total,
        _cell_seconds(notebook),
        load_before,
        os.getloadavg()[0],
        error,
        _slowest_cells(notebook),
    )


def format_table(timings: list[Timing], limit: float) -> str:
    """A plain-text table, one row per notebook, ready to paste into a report."""
    names = [_name(t.path) for t in timings]
    width = max([len("notebook"), *map(len, names)])
    lines = [
        f"{'notebook':<{width}}  {'total s':>7}  {'cells s':>7}  {'load before/after':>17}  status",
        f"{'-' * width}  {'-' * 7}  {'-' * 7}  {'-' * 17}  ------",
    ]
    for name, t in zip(names, timings, strict=True):
        cells = f"{t.cells:7.1f}" if t.cells is not None else f"{'-':>7}"
        loads = f"{t.load_before:.2f} / {t.load_after:.2f}"
        if t.error:
            status = f"FAILED ({t.error})"
        elif t.cells is not None and t.cells > limit:
            status = f"SLOW (over {limit:g} s)"
        else:
            status = "ok"
        lines.append(f"{name:<{width}}  {t.total:7.1f}  {cells}  {loads:>17}  {status}")
    return "\n".join(lines)


def _name(path: Path) -> str:
    try:
        return str(path.relative_to(NOTEBOOKS))
    except ValueError:
        return str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", help="notebooks or folders (default: notebooks/)")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds a lesson may take")
    parser.add_argument("--repeat", type=int, default=1, help="runs each; the fastest is shown")
    parser.add_argument("--cells", type=int, default=0, help="also list the N slowest cells")
    parser.add_argument("--timeout", type=int, default=600, help="seconds a cell may take")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    paths = find_notebooks(args.targets)
    if not paths:
        raise SystemExit("time_lessons: no notebooks found")
    print(
        f"{len(paths)} notebooks, {os.cpu_count()} CPUs, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min), "
        f"{datetime.now().astimezone():%Y-%m-%d %H:%M %Z}",
        flush=True,
    )
    timings = []
    for path in paths:
        runs = [time_notebook(path, args.timeout) for _ in range(args.repeat)]
        best = min(runs, key=lambda t: (t.error is not None, t.total))
        timings.append(best)
        print(f"  {_name(path)}: {best.total:.1f} s{' FAILED' if best.error else ''}", flush=True)
        for seconds, index, code in best.slowest[: args.cells]:
            print(f"      cell {index:>3}: {seconds:6.2f} s  {code}", flush=True)
    print()
    print(format_table(timings, args.limit))
    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 1 if any(t.error for t in timings) else 0


if __name__ == "__main__":
    sys.exit(main())
