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

from hoteledu.classroom.__main__ import page_urls
from hoteledu.classroom.dashboard import TOKEN_ENV
from hoteledu.classroom.store import default_db_path
from hoteledu.classroom.views import esc, qr_svg


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ClassServer:
    """A running class server; shows its token and addresses when displayed."""

    def __init__(self, process: subprocess.Popen, token: str, db: Path, ip: str, port: int):
        self.process = process
        self.token = token
        self.db = db
        self.port = port
        self.teacher_urls = page_urls(ip, port, "teacher.ipynb")
        self.student_urls = page_urls(ip, port, "student.ipynb")

    def running(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        """End the server and every page's kernel (they share its process group)."""
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
) -> ClassServer:
    """Start the class server in the background; returns it once its pages answer.

    ``port`` defaults to a free one; ``wait`` is how long to wait for Voilà to start.
    """
    if os.name != "posix":
        raise RuntimeError("start_class() needs a POSIX system; run the serve command instead")
    path = Path(db).resolve() if db is not None else default_db_path().resolve()
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
