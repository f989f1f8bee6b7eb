"""Start a class server from a notebook cell: ``start_class()`` (no terminal needed).

It runs the same launcher as ``python -m hoteledu.classroom serve`` in a
background process, waits until the pages answer, and shows the teacher token
and the addresses as links in the notebook; ``stop()`` ends it (and its kernels).
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from hoteledu.classroom import hub
from hoteledu.classroom.__main__ import page_urls, write_pages
from hoteledu.classroom.dashboard import TOKEN_ENV
from hoteledu.classroom.store import Store, default_db_path
from hoteledu.classroom.views import esc, qr_svg


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ClassServer:
    """A running class server; shows its token and addresses when displayed.

    On JupyterHub or Binder (``process`` None) the pages are the Jupyter server's
    own Voilà pages (:mod:`hoteledu.classroom.hub`): ``stop()`` then removes the
    settings file, so the pages open no more.
    """

    def __init__(
        self,
        process: subprocess.Popen | None,
        token: str,
        db: Path,
        ip: str,
        port: int,
        urls: tuple[list[str], list[str]] | None = None,
        settings: Path | None = None,
    ):
        self.process = process
        self.token = token
        self.db = db
        self.port = port
        self.settings = settings
        if urls is None:
            urls = (page_urls(ip, port, "teacher.ipynb"), page_urls(ip, port, "student.ipynb"))
        self.teacher_urls, self.student_urls = urls

    def running(self) -> bool:
        if self.process is None:
            return self.settings is not None and self.settings.exists()
        return self.process.poll() is None

    def stop(self) -> None:
        """End the server and every page's kernel (they share its process group)."""
        if self.process is None:
            if self.settings is not None:
                self.settings.unlink(missing_ok=True)
            return
        if self.running():
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def _repr_html_(self) -> str:
        def links(urls: list[str]) -> str:
            return " or ".join(f'<a href="{esc(u)}" target="_blank">{esc(u)}</a>' for u in urls)

        state = "running" if self.running() else "stopped"
        return (
            f'<div class="class-server"><p>Class server {state}. Teacher token: '
            f'<code class="teacher-token">{esc(self.token)}</code> (keep it to yourself)</p>'
            f"<p>Teacher: {links(self.teacher_urls[-1:])}</p>"
            f"<p>Students: {links(self.student_urls)}</p>"
            + qr_svg(self.student_urls[0], scale=4)
            + f"<p>Database: <code>{esc(self.db)}</code>. <code>server.stop()</code> ends it.</p>"
            "</div>"
        )

    def __repr__(self) -> str:
        return (
            f"ClassServer(token={self.token!r}, teacher={self.teacher_urls[-1]!r}, "
            f"students={self.student_urls[0]!r})"
        )


def start_class(
    db: str | os.PathLike[str] | None = None,
    port: int | None = None,
    ip: str = "0.0.0.0",
    wait: float = 120.0,
    public_url: str | None = None,
) -> ClassServer:
    """Start the class server in the background; returns it once its pages answer.

    ``port`` defaults to a free one; ``wait`` is how long to wait for Voilà to start.
    On JupyterHub or Binder the pages are the running Jupyter server's (see
    :mod:`.hub`); ``public_url`` there is the hub's address as the teacher's
    browser shows it (``https://hub.example.org/...``), for full student addresses
    and their QR code where JupyterHub does not say it.
    """
    if os.name != "posix":
        raise RuntimeError("start_class() needs a POSIX system; run the serve command instead")
    path = Path(db).resolve() if db is not None else default_db_path().resolve()
    prefix = hub.hub_prefix()
    if prefix is not None:  # JupyterHub or Binder: only the Jupyter server is reachable
        return _start_on_hub(path, prefix, public_url)
    port = port or _free_port()
    token = secrets.token_urlsafe(9)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hoteledu.classroom",
            "serve",
            f"--db={path}",
            f"--port={port}",
            f"--ip={ip}",
        ],
        env={**os.environ, TOKEN_ENV: token},  # the token never goes on a command line
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own process group: stop() ends the kernels too
    )
    server = ClassServer(process, token, path, ip, port)
    deadline = time.monotonic() + wait
    while True:
        if not server.running():
            raise RuntimeError(f"the class server exited (code {process.returncode})")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                if answer.status == 200:
                    return server
        except OSError:
            pass
        if time.monotonic() > deadline:
            server.stop()
            raise RuntimeError(f"the class server did not answer within {wait} s")
        time.sleep(0.25)


def _start_on_hub(db: Path, prefix: str, public_url: str | None) -> ClassServer:
    """The pages as Voilà pages of the running Jupyter server (see :mod:`.hub`)."""
    server = hub.running_server(prefix)
    root = Path(server.get("root_dir") or os.getcwd()).resolve()
    folder = root / hub.PAGES_FOLDER
    token = secrets.token_urlsafe(9)
    origin = hub.public_origin({"JUPYTERHUB_PUBLIC_URL": public_url} if public_url else None)
    # Binder lets in only browsers with the session's token (JupyterHub's own login otherwise)
    access = (server.get("token") or None) if hub.on_binder() else None
    teacher = hub.hub_page_url(prefix, hub.PAGES_FOLDER, "teacher.ipynb", origin)
    student = hub.hub_page_url(prefix, hub.PAGES_FOLDER, "student.ipynb", origin, access)
    Store(db).close()  # creates the file and its tables, as the launcher does
    settings = hub.write_settings(folder, db, token, student)
    write_pages(folder, hub.hub_pages(settings))
    return ClassServer(None, token, db, "", 0, urls=([teacher], [student]), settings=settings)
