"""The browser lock's two slots and the two browser units of the xdist scheduler."""

from __future__ import annotations

import ast
import importlib.util
import threading
from pathlib import Path

import pytest
from browser_slots import browser_slot

pytest.importorskip("fcntl")

REPO = Path(__file__).resolve().parents[1]


def test_two_holders_at_once_and_a_third_waits_for_a_free_slot(tmp_path, monkeypatch):
    monkeypatch.setattr("browser_slots.POLL_SECONDS", 0.01)
    slots = (tmp_path / "a.lock", tmp_path / "b.lock")
    third_got = threading.Event()
    held: list[Path | None] = []

    def third() -> None:
        with browser_slot(slots) as slot:
            held.append(slot)
            third_got.set()

    with browser_slot(slots) as first, browser_slot(slots) as second:
        assert {first, second} == set(slots)  # the second holder did not wait for the first
        waiter = threading.Thread(target=third)
        waiter.start()
        # bounded by polls, not by time: 20 polls find both slots still taken
        assert not third_got.wait(20 * 0.01)
    waiter.join(timeout=30)
    assert third_got.is_set() and held[0] in slots


def test_slot_zero_is_the_lock_file_older_checkouts_take():
    from browser_slots import BROWSER_SLOTS

    assert BROWSER_SLOTS[0].name == "hoteledu-browser-tests.lock"
    assert len(set(BROWSER_SLOTS)) == 2


def _root_conftest():
    spec = importlib.util.spec_from_file_location("root_conftest_under_test", REPO / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _browser_tests() -> dict[str, set[str]]:
    """nodeid (without parameters) -> the fixtures its test function asks for."""
    tests = {}
    for module in sorted((REPO / "tests" / "browser").glob("test_*.py")):
        for node in ast.parse(module.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                fixtures = {argument.arg for argument in node.args.args}
                tests[f"tests/browser/{module.name}::{node.name}"] = fixtures
    return tests


def test_each_browser_unit_needs_one_kind_of_shared_server_and_both_units_are_used():
    conftest = _root_conftest()
    tests = _browser_tests()
    units = {nodeid: conftest.browser_unit(nodeid) for nodeid in tests}
    assert set(units.values()) == set(conftest.BROWSER_UNITS)
    for nodeid, fixtures in tests.items():
        if "serve_jupyterlab" in fixtures:
            assert units[nodeid] == conftest.LAB_UNIT, nodeid
        if "serve_voila" in fixtures:
            assert units[nodeid] == conftest.VOILA_UNIT, nodeid
    assert conftest.browser_unit("tests/amsterdam/test_rules.py::test_x") is None


def test_pytest_starts_without_xdist():
    """The root conftest's scheduler hook is optional: ``-p no:xdist`` still collects."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "--co", "-q", "tests/test_package.py"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "unknown hook" not in run.stdout + run.stderr


def test_the_long_units_handed_out_first_are_modules_of_the_suite():
    """A module renamed or removed must leave LONG_UNITS too (else it is no longer first)."""
    conftest = _root_conftest()
    assert len(set(conftest.LONG_UNITS)) == len(conftest.LONG_UNITS)
    for unit in conftest.LONG_UNITS:
        assert (REPO / unit).is_file(), unit
        assert conftest.browser_unit(unit + "::test_x") is None
