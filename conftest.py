"""Notebook testing set-up shared by the whole repository.

nbval runs every notebook under ``notebooks/`` with ``--nbval-lax``: every cell
must run without error, and cells marked ``# NBVAL_CHECK_OUTPUT`` must print
exactly what is stored. Only truly volatile outputs are left out of the
comparison: widget views (random model ids, skipped by nbval itself), plotly
figure JSON (random uids), HTML and JavaScript renderings of figures and
progress bars written to stderr.
"""

from __future__ import annotations

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


def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's ``loadscope``, except that all browser tests form one unit.

    A module's tests (and a notebook's cells, which share one kernel) stay on one
    worker, as with ``--dist loadscope``. The browser tests all go to one worker, one
    after another (each starts servers and Chromium; two at once on 2 cores time
    out), from the start of the run, while the other worker runs the rest instead of
    waiting for its turn at the browser.
    """
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(BROWSER_TESTS):
                return BROWSER_TESTS
            return super()._split_scope(nodeid)

        def _assign_work_unit(self, node) -> None:
            # the longest unit first, so the rest fills the other worker meanwhile
            if BROWSER_TESTS in self.workqueue:
                self.workqueue.move_to_end(BROWSER_TESTS, last=False)
            super()._assign_work_unit(node)

    return BrowserTogether(config, log)
