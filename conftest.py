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
