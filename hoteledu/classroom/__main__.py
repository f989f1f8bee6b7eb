"""``python -m hoteledu.classroom serve [--db PATH] [--port N] [--ip ADDRESS]``.

Generates the teacher token, prints it with the two addresses, writes the two
page notebooks next to the database and runs Voilà on them, with the token and
the database path passed to the pages' kernels by environment.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import socket
import subprocess
import sys
from pathlib import Path

from hoteledu.classroom.dashboard import STUDENT_URL_ENV, TOKEN_ENV
from hoteledu.classroom.store import DB_ENV, Store, default_db_path

PAGES = {
    "teacher.ipynb": (
        "from hoteledu.classroom.dashboard import Dashboard\n"
        "page = Dashboard.from_environment()\n"
        "page.box"
    ),
    "student.ipynb": (
        "from hoteledu.classroom.student import StudentPage\n"
        "page = StudentPage.from_environment()\n"
        "page.box"
    ),
}


def write_pages(directory: Path, pages: dict[str, str] | None = None) -> Path:
    """Write the teacher and student notebooks (one cell each) into ``directory``."""
    import nbformat

    directory.mkdir(parents=True, exist_ok=True)
    for name, source in (pages or PAGES).items():
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [nbformat.v4.new_code_cell(source)]
        notebook.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        nbformat.write(notebook, str(directory / name))
    return directory


def voila_command(pages: Path, port: int, ip: str) -> list[str]:
    from hoteledu.apps.connection import VOILA_NODELAY_OPTION
    from hoteledu.apps.offline import VOILA_TEMPLATE_OPTION

    return [
        sys.executable,
        "-m",
        "voila",
        str(pages),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={ip}",
        VOILA_NODELAY_OPTION,
        # the pages fetch nothing from a CDN (a school network may block it); serve() puts
        # the template's folder on JUPYTER_PATH
        VOILA_TEMPLATE_OPTION,
        # a closed page's kernel is shut down after 10 idle minutes (see docs/apps.md)
        "--MappingKernelManager.cull_idle_timeout=600",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=False",
        # A class arriving at once starts many kernels together. Over TCP each
        # kernel's ports are picked free and bound later by the kernel, so a
        # port can be taken in between (seen: 1 kernel in 30 died with "Address
        # already in use" and its page never loaded). Unix sockets have no ports;
        # their paths must stay under ~104 characters, so not in macOS's long $TMPDIR.
        *(
            ["--KernelManager.transport=ipc", "--Voila.connection_dir_root=/tmp"]
            if os.name == "posix"
            else []
        ),
    ]


def lan_address() -> str | None:
    """This machine's address on its network, or None (a UDP connect sends no packet)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))
        address = probe.getsockname()[0]
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    return None


def page_urls(ip: str, port: int, page: str) -> list[str]:
    """Addresses a browser can type for ``page``: the network's first, then this machine's."""
    if ip in ("0.0.0.0", "", "::"):
        hosts = [h for h in (lan_address(), "localhost") if h]
    else:
        hosts = [ip]
    return [f"http://{host}:{port}/voila/render/{page}" for host in hosts]


def banner(token: str, db: Path, ip: str, port: int) -> list[str]:
    """What the launcher prints: the token, the database and the two pages' addresses."""
    teacher = page_urls(ip, port, "teacher.ipynb")
    students = page_urls(ip, port, "student.ipynb")
    lines = [
        f"Teacher token: {token}",
        f"Database: {db}",
        f"Teacher opens: {teacher[-1]}",
        f"Students open: {students[0]}",
    ]
    lines += [f"   (or, on this machine: {url})" for url in students[1:]]
    if ip in ("0.0.0.0", "", "::") and len(students) == 1:
        lines.append("   (no network address found: only this machine can reach the pages)")
    return lines


def serve(db: Path, port: int, ip: str, token: str | None = None) -> int:
    """Start Voilà on the two pages; returns its exit code."""
    Store(db).close()  # creates the file and its tables, and checks WAL mode
    # start_class() passes its token by environment, never on the command line
    token = token or os.environ.get(TOKEN_ENV) or secrets.token_urlsafe(9)
    pages = write_pages(db.parent / "classroom_pages")
    for line in banner(token, db, ip, port):
        print(line, flush=True)
    from hoteledu.apps.offline import with_jupyter_data

    env = {
        **with_jupyter_data(),
        DB_ENV: str(db),
        TOKEN_ENV: token,
        STUDENT_URL_ENV: page_urls(ip, port, "student.ipynb")[0],
    }
    process = subprocess.Popen(voila_command(pages, port, ip), env=env)
    try:
        return process.wait()
    except KeyboardInterrupt:
        process.terminate()
        return process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hoteledu.classroom")
    sub = parser.add_subparsers(dest="command", required=True)
    start = sub.add_parser("serve", help="start the class server (Voilà)")
    start.add_argument("--db", type=Path, default=None, help="SQLite file (default: data dir)")
    start.add_argument("--port", type=int, default=8866)
    start.add_argument("--ip", default="0.0.0.0", help="address to listen on (0.0.0.0: all)")
    args = parser.parse_args(argv)
    db = (args.db or default_db_path()).resolve()
    return serve(db, args.port, args.ip)


if __name__ == "__main__":
    raise SystemExit(main())
