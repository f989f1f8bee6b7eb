"""The examples in every module of hoteledu run (doctests), one test per module.

A module that needs an optional extra (``[openspiel]``, ``[rl]``, ``[dask]``)
is skipped only when that extra is missing, and the skip names it. Each
module is imported in this process, as ``python -m doctest`` would; doctests
use ``ELLIPSIS`` for long outputs.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "hoteledu"

# the top-level modules of each optional extra (pyproject.toml)
EXTRAS = {
    "pyspiel": "openspiel",
    "open_spiel": "openspiel",
    "pettingzoo": "rl",
    "gymnasium": "rl",
    "dask": "dask",
    "distributed": "dask",
}


def _modules() -> dict[str, Path]:
    """Every module of hoteledu: its dotted name -> its file."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__main__":
            continue  # running it is the command line, not an import
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


MODULES = _modules()


def _import(name: str):
    try:
        return importlib.import_module(name)
    except ImportError as error:
        missing = (error.name or "").partition(".")[0]
        if missing in EXTRAS:
            pytest.skip(f"{name} needs the [{EXTRAS[missing]}] extra ({missing} is not installed)")
        raise


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_examples_of_every_module_run(name):
    module = _import(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, name):
        if test.lineno is None or getattr(test, "filename", None) is None:
            continue
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} fail"


def test_most_modules_have_examples():
    """A floor, so that examples are not quietly dropped."""
    with_examples = [n for n, p in MODULES.items() if ">>> " in p.read_text(encoding="utf-8")]
    assert len(with_examples) >= 78, f"{len(with_examples)} of {len(MODULES)} modules"
