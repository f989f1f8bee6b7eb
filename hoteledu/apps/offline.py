"""Voilà pages that fetch nothing from outside the server: the ``hoteledu`` Voilà template.

Voilà 0.5's ``lab`` template links Font Awesome's stylesheets from a CDN, so a
page opened offline (Binder behind a proxy, a school network) waits on them and
its icons fail. The ``hoteledu`` template (``hoteledu/jupyter_data/voila/templates/
hoteledu``) is ``lab`` with those two links pointed at an empty stylesheet: the same
Font Awesome comes with Voilà's own ``voila-style.js``, from the server.

Voilà finds templates in Jupyter's data folders, so a server started with
:data:`VOILA_TEMPLATE_OPTION` needs :data:`JUPYTER_DATA` on ``JUPYTER_PATH``
(:func:`with_jupyter_data`). ``tests/browser/test_board_fit.py`` checks that no request of
an app page (Voilà and JupyterLab) leaves the server.

>>> (JUPYTER_DATA / "voila" / "templates" / TEMPLATE / "index.html.j2").is_file()
True
>>> with_jupyter_data({"JUPYTER_PATH": "/x"})["JUPYTER_PATH"] == f"{JUPYTER_DATA}:/x"
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

TEMPLATE = "hoteledu"
"""The Voilà template of every app page: ``lab`` without a CDN."""
JUPYTER_DATA = Path(__file__).resolve().parents[1] / "jupyter_data"
"""A Jupyter data folder (``voila/templates/hoteledu``) shipped inside the package."""
VOILA_TEMPLATE_OPTION = f"--VoilaConfiguration.template={TEMPLATE}"
"""The Voilà command-line option that selects the template."""


def with_jupyter_data(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with :data:`JUPYTER_DATA` first on ``JUPYTER_PATH``."""
    env = dict(os.environ if env is None else env)
    old = env.get("JUPYTER_PATH")
    env["JUPYTER_PATH"] = os.pathsep.join([str(JUPYTER_DATA), *([old] if old else [])])
    return env


__all__ = ["JUPYTER_DATA", "TEMPLATE", "VOILA_TEMPLATE_OPTION", "with_jupyter_data"]
