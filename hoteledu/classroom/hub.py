"""A class on JupyterHub or Binder: the two pages served by the running Jupyter server.

There only the Jupyter server's own address is reachable (a Binder session
exposes no other port), so :func:`~hoteledu.classroom.server.start_class`
starts no server of its own: it writes the two page notebooks under the
server's root and the pages are Voilà pages of that server
(``<prefix>voila/render/classroom_pages/student.ipynb``, the Voilà server
extension Binder already runs). The server's kernels do not inherit the
launcher's environment, so each page reads the database path (and the teacher's
page the token) from a settings file beside it, readable by its owner only.

On Binder the student address carries the session's access token
(``?token=``): without it a student's browser is refused. Whoever has it can
open the whole session (JupyterLab, a terminal), so the teacher token protects
nothing from a student who tries; see docs/classroom.md.

>>> hub_page_url("/user/ann-x1/", "classroom_pages", "student.ipynb", token="abc")
'/user/ann-x1/voila/render/classroom_pages/student.ipynb?token=abc'
>>> public_origin({"JUPYTERHUB_PUBLIC_URL": "https://hub.example.org/hub/"})
'https://hub.example.org'
"""

from __future__ import annotations

import json
import os
import urllib.parse
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hoteledu.classroom.dashboard import STUDENT_URL_ENV, TOKEN_ENV
from hoteledu.classroom.store import DB_ENV

PREFIX_ENV = "JUPYTERHUB_SERVICE_PREFIX"
"""Set by JupyterHub (and so Binder) for a user's server: its path, ``/user/<name>/``."""
PAGES_FOLDER = "classroom_pages"
SETTINGS_FILE = "class_settings.json"
SETTINGS_FIELDS = {"db": DB_ENV, "token": TOKEN_ENV, "student_url": STUDENT_URL_ENV}


def hub_prefix(environ: Mapping[str, str] | None = None) -> str | None:
    """The server's path under a JupyterHub (Binder included), or None outside one."""
    environ = os.environ if environ is None else environ
    prefix = environ.get(PREFIX_ENV, "")
    if not prefix:
        return None
    return "/" + prefix.strip("/") + "/"


def on_binder(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this server is a Binder session (BinderHub sets its ``BINDER_*`` variables)."""
    environ = os.environ if environ is None else environ
    return any(name in environ for name in ("BINDER_LAUNCH_HOST", "BINDER_REQUEST"))


def public_origin(environ: Mapping[str, str] | None = None) -> str:
    """``scheme://host`` of the hub where JupyterHub says it, else "" (addresses from ``/``)."""
    environ = os.environ if environ is None else environ
    for name in ("JUPYTERHUB_PUBLIC_URL", "JUPYTERHUB_PUBLIC_HUB_URL"):
        parts = urllib.parse.urlsplit(environ.get(name, ""))
        if parts.scheme in ("http", "https") and parts.netloc:
            return f"{parts.scheme}://{parts.netloc}"
    return ""


def hub_page_url(
    prefix: str, folder: str, page: str, origin: str = "", token: str | None = None
) -> str:
    """The address of ``page`` (in ``folder`` under the server's root) as a Voilà page."""
    path = f"{prefix}voila/render/{urllib.parse.quote(folder.strip('/'))}/{page}"
    query = f"?{urllib.parse.urlencode({'token': token})}" if token else ""
    return f"{origin}{path}{query}"


def running_server(prefix: str) -> dict[str, Any]:
    """The running Jupyter server whose path is ``prefix`` (its root folder and token)."""
    from jupyter_server.serverapp import list_running_servers

    servers = list(list_running_servers())
    for info in servers:
        if "/" + str(info.get("base_url", "")).strip("/") + "/" == prefix.replace("//", "/"):
            return info
    if len(servers) == 1:
        return servers[0]
    raise RuntimeError(
        f"no running Jupyter server with the path {prefix} ({len(servers)} running): "
        "start the class from a notebook of that server"
    )


def write_settings(folder: Path, db: Path, token: str, student_url: str) -> Path:
    """The pages' settings file, readable and writable by its owner only."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SETTINGS_FILE
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump({"db": str(db), "token": token, "student_url": student_url}, out)
    os.chmod(path, 0o600)  # an older file keeps its mode through O_CREAT
    return path


def load_settings(path: str | os.PathLike[str], teacher: bool) -> None:
    """Put the settings file's database (and for the teacher's page the token) in this kernel's
    environment, where the pages' ``from_environment`` reads them."""
    try:
        settings = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise RuntimeError(f"class settings {path}: {error} (start the class again)") from None
    if not isinstance(settings, dict):
        raise RuntimeError(f"class settings {path}: not an object of settings")
    wanted = ("db", "token", "student_url") if teacher else ("db",)
    for field in wanted:
        value = settings.get(field)
        if not isinstance(value, str) or not value:
            raise RuntimeError(f"class settings {path}: {field!r} must be a non-empty string")
        os.environ[SETTINGS_FIELDS[field]] = value


def hub_pages(settings: Path) -> dict[str, str]:
    """The two page notebooks' sources: each loads its settings, then builds its page."""
    load = "from hoteledu.classroom.hub import load_settings\n"
    return {
        "teacher.ipynb": (
            f"{load}load_settings({str(settings)!r}, teacher=True)\n"
            "from hoteledu.classroom.dashboard import Dashboard\n"
            "page = Dashboard.from_environment()\n"
            "page.box"
        ),
        "student.ipynb": (
            f"{load}load_settings({str(settings)!r}, teacher=False)\n"
            "from hoteledu.classroom.student import StudentPage\n"
            "page = StudentPage.from_environment()\n"
            "page.box"
        ),
    }
