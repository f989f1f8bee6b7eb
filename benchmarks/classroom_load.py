"""Load test: 30 students submit at the same instant to one class database.

Run: ``.venv/bin/python benchmarks/classroom_load.py [--students 30] [--waves 2]``
and ``... --voila`` for the whole path through the server (outside the default test run).

Under Voilà every student page is its own kernel, a separate process with
its own connection to the server's SQLite file. This script reproduces that:
one process per student, each builds the real :class:`StudentPage`, types the
session code and a name and presses Join, then waits at a barrier; at one
instant all press Submit (the page's own code path: widget click ->
``Store.submit``). The parent watches the database and reports the time from
that instant until every submission is recorded, and checks none is lost.
A second wave resubmits (each replaces the first: revision 2, still one row
per student).

``--voila`` goes through the real server instead: the launcher
(``python -m hoteledu.classroom serve``) on a free port, one headless Chromium
(Debian's) with one browser context per student, each student page joins over
HTTP and its kernel websocket; then every page clicks Submit at the same
wall-clock instant (a timer in each page), and the database is watched until
all are recorded.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import tempfile
import time
from pathlib import Path

CONTEXT = multiprocessing.get_context("spawn")


def student(path: str, code: str, index: int, ready, go, waves: int, latencies) -> None:
    from hoteledu.classroom.store import Store
    from hoteledu.classroom.student import StudentPage

    page = StudentPage(Store(path))
    page.code.value = code
    page.name.value = f"Student {index:02d}"
    page.join_button.click()
    assert page.player is not None, page.message.value
    for wave in range(waves):
        page.value.value = str(1 + (index + wave) % 6)
        ready.release()
        go[wave].wait()
        tic = time.perf_counter()
        page.submit_button.click()
        latencies.put((wave, time.perf_counter() - tic, page.message.value))


CLICK_AT = """(at) => {
  const button = [...document.querySelectorAll('button')]
      .find(b => b.textContent.trim() === 'Submit');
  setTimeout(() => button.click(), Math.max(0, at - Date.now()));
}"""


def through_voila(students: int) -> None:
    """The whole path: browser pages, Voilà, one kernel per student, the database."""
    import contextlib
    import os
    import re
    import signal
    import socket
    import subprocess
    import sys
    import urllib.request

    from playwright.sync_api import expect, sync_playwright

    from hoteledu.classroom.store import Store

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory() as root:
        db, log_path = Path(root) / "load.sqlite3", Path(root) / "server.log"
        log = open(log_path, "wb")  # noqa: SIM115  (closed below)
        server = subprocess.Popen(
            [sys.executable, "-m", "hoteledu.classroom", "serve", f"--db={db}",
             f"--port={port}", "--ip=127.0.0.1"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        base = f"http://127.0.0.1:{port}/"
        try:
            for _ in range(240):
                with contextlib.suppress(OSError), urllib.request.urlopen(base, timeout=2):
                    if re.search(r"Teacher token: \S+", log_path.read_text()):
                        break
                time.sleep(0.25)
            store = Store(db)
            code = store.create_session("pricing").code
            store.open_round(code, seed=2026)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium",
                    args=["--headless", "--no-sandbox", "--disable-gpu"],
                )
                tic = time.perf_counter()
                pages = [browser.new_context().new_page() for _ in range(students)]
                for page in pages:  # every kernel starts at once on the server
                    page.goto(base + "voila/render/student.ipynb", wait_until="commit")
                for i, page in enumerate(pages):
                    expect(page.get_by_role("button", name="Join")).to_be_visible(timeout=600_000)
                    page.get_by_placeholder("session code").fill(code)
                    page.get_by_placeholder("display name").fill(f"Student {i:02d}")
                    page.get_by_role("button", name="Join").click()
                    page.get_by_placeholder("your choice").fill(str(1 + i % 6))
                for page in pages:
                    expect(page.get_by_text("Round 1 is open")).to_be_visible(timeout=600_000)
                print(
                    f"{students} student pages loaded and joined through Voilà in "
                    f"{time.perf_counter() - tic:.1f} s"
                )
                at = time.time() + 2.0
                for page in pages:
                    page.evaluate(CLICK_AT, at * 1000)
                while time.time() < at:
                    time.sleep(0.001)
                start = time.perf_counter()
                while len(store.submissions(code, 1)) < students:
                    if time.perf_counter() - start > 300:
                        break
                    time.sleep(0.002)
                recorded = time.perf_counter() - start
                subs = {s.name: s.value for s in store.submissions(code, 1)}
                lost = sum(1 for i in range(students) if subs.get(f"Student {i:02d}") != 1 + i % 6)
                for i, page in enumerate(pages):
                    expect(page.get_by_text(f"Round 1: {1 + i % 6} recorded.")).to_be_visible(
                        timeout=120_000
                    )
                shown = time.perf_counter() - start
                print(
                    f"through Voilà: {students} students clicked Submit at once; all recorded "
                    f"in the database {recorded * 1000:.0f} ms after the click, every page "
                    f"showed its confirmation after {shown:.1f} s; rows {len(subs)}, "
                    f"lost {lost}"
                )
                browser.close()
            store.close()
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGTERM)
            server.wait(30)
            log.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--waves", type=int, default=2)
    parser.add_argument("--voila", action="store_true", help="through the server and Chromium")
    args = parser.parse_args()
    if args.voila:
        through_voila(args.students)
        return

    from hoteledu.classroom.store import Store

    with tempfile.TemporaryDirectory() as root:
        path = str(Path(root) / "load.sqlite3")
        store = Store(path)
        code = store.create_session("pricing").code
        store.open_round(code, seed=2026)
        ready = CONTEXT.Semaphore(0)
        go = [CONTEXT.Event() for _ in range(args.waves)]
        latencies = CONTEXT.Queue()
        workers = [
            CONTEXT.Process(target=student, args=(path, code, i, ready, go, args.waves, latencies))
            for i in range(args.students)
        ]
        tic = time.perf_counter()
        for w in workers:
            w.start()
        for wave in range(args.waves):
            for _ in range(args.students):
                ready.acquire()
            if wave == 0:
                print(
                    f"{args.students} student processes joined in {time.perf_counter() - tic:.1f} s"
                )
            start = time.perf_counter()
            go[wave].set()
            while True:
                subs = store.submissions(code, 1)
                if len(subs) == args.students and all(s.revision == wave + 1 for s in subs):
                    break
                if time.perf_counter() - start > 120:
                    break
                time.sleep(0.002)
            recorded = time.perf_counter() - start
            subs = store.submissions(code, 1)
            expected = {f"Student {i:02d}": 1 + (i + wave) % 6 for i in range(args.students)}
            got = {s.name: s.value for s in subs if s.revision == wave + 1}
            lost = sum(1 for name, value in expected.items() if got.get(name) != value)
            wave_latencies = []
            for _ in range(args.students):
                w, seconds, message = latencies.get(timeout=120)
                assert w == wave and "Round 1" in message, message
                wave_latencies.append(seconds)
            print(
                f"wave {wave + 1} ({'first submissions' if wave == 0 else 'replacements'}): "
                f"{args.students} students at once, all recorded in {recorded * 1000:.0f} ms; "
                f"rows {len(subs)}, lost {lost}; per-press latency median "
                f"{statistics.median(wave_latencies) * 1000:.0f} ms, "
                f"worst {max(wave_latencies) * 1000:.0f} ms"
            )
        for w in workers:
            w.join(60)
        store.close_round(code)
        results = store.results(code, 1)
        print(f"round closed and played: {results['pairings']} pairings")
        store.close()


if __name__ == "__main__":
    main()
