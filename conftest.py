"""Notebook testing set-up shared by the whole repository.

nbval runs every notebook under ``notebooks/`` with ``--nbval-lax``: every cell
must run without error, and cells marked ``# NBVAL_CHECK_OUTPUT`` must print
exactly what is stored. Only truly volatile outputs are left out of the
comparison: widget views (random model ids, skipped by nbval itself), plotly
figure JSON (random uids), HTML and JavaScript renderings of figures and
progress bars written to stderr.
"""

from __future__ import annotations

import pytest

VOLATILE_MIME_TYPES = (
    "text/html",
    "application/javascript",
    "application/vnd.plotly.v1+json",
    "application/vnd.jupyter.widget-view+json",
    "stderr",
)


def pytest_collectstart(collector):
    if str(getattr(collector, "path", "")).endswith(".ipynb"):
        collector.skip_compare += VOLATILE_MIME_TYPES


BROWSER_TESTS = "tests/browser/"
VOILA_UNIT = "tests/browser/ (Voila)"
LAB_UNIT = "tests/browser/ (JupyterLab, classroom, print)"
BROWSER_UNITS = (VOILA_UNIT, LAB_UNIT)
LAB_UNIT_MODULES = ("test_classroom.py", "test_handouts_print.py")
"""Browser modules that join the JupyterLab unit although they use no JupyterLab: they
start no shared server (the class tests start their own; the handouts are files), and
they balance the two units (Voila tests ~340 s, JupyterLab ~175 s + these ~75 s, summed
call durations of one clean-clone run of f4e4b16)."""


LONG_UNITS = (
    "tests/test_binder.py",
    "tests/apps/test_app_contract.py",
    "tests/test_assignments.py",
    "tests/amsterdam/test_bots.py",
    "tests/amsterdam/test_rules.py",
    "tests/boutique/test_invariants.py",
    "tests/core/test_conformance.py",
    "tests/test_anatomy.py",
    "tests/grand_austria/test_plan_bot.py",
    "tests/apps/test_search_bots.py",
)
"""The longest units outside the browser tests, longest first (147 s to 39 s of one worker
in a full run at load 7 to 13): handed out right after the browser units, so that the
short units fill both workers at the end. In xdist's order (most tests first) the
5-test Binder module came last and could run for minutes on one worker alone."""


def browser_unit(nodeid: str) -> str | None:
    """The browser unit of a test, or None for a test outside ``tests/browser/``.

    A test that names JupyterLab (its module or its name) goes to the JupyterLab unit,
    and so do :data:`LAB_UNIT_MODULES`; every other browser test to the Voila unit. Each
    unit then needs one kind of shared server, so each worker starts only that one
    (the servers start at their first use).

    >>> browser_unit("tests/browser/test_board_fit.py::test_boards_fit_voila_on_a_1024_tablet")
    'tests/browser/ (Voila)'
    >>> browser_unit("tests/browser/test_board_fit.py::test_boards_fit_jupyterlab_at_1280")
    'tests/browser/ (JupyterLab, classroom, print)'
    >>> browser_unit("tests/browser/test_classroom.py::test_a_class_round")
    'tests/browser/ (JupyterLab, classroom, print)'
    >>> browser_unit("tests/amsterdam/test_rules.py::test_x") is None
    True
    """
    if not nodeid.startswith(BROWSER_TESTS):
        return None
    module = nodeid[len(BROWSER_TESTS) :].split("::", 1)[0]
    if "jupyterlab" in nodeid or module in LAB_UNIT_MODULES:
        return LAB_UNIT
    return VOILA_UNIT


# optional: without pytest-xdist (``-p no:xdist``) the hook is unknown and would stop pytest
@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's ``loadscope``, except that the browser tests form two units.

    A module's tests (and a notebook's cells, which share one kernel) stay on one
    worker, as with ``--dist loadscope``. The browser tests make two units
    (:func:`browser_unit`), handed out first, one to each worker, so that both
    drive a browser at once from the start (two slots of the browser lock,
    ``tests/browser_slots.py``); then :data:`LONG_UNITS`, and the rest of the run
    fills the workers after.
    """
    from xdist.scheduler import LoadScopeScheduling

    class BrowserUnitsFirst(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return browser_unit(nodeid) or super()._split_scope(nodeid)

        def _assign_work_unit(self, node) -> None:
            # the longest units first, so the rest fills the workers afterwards
            for unit in (*reversed(LONG_UNITS), *reversed(BROWSER_UNITS)):
                if unit in self.workqueue:
                    self.workqueue.move_to_end(unit, last=False)
            super()._assign_work_unit(node)

    return BrowserUnitsFirst(config, log)
