"""Load test: 30 students submit at the same instant to one class database.

Run: ``.venv/bin/python benchmarks/classroom_load.py [--students 30] [--waves 2]
[--voila | --http]`` (outside the default test run).

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
(Debian's) with one browser context per student; each page is driven on its
own (asyncio) and joins over HTTP and its kernel websocket; then every page
clicks Submit at the same wall-clock instant (a timer in each page), and the
database is watched until all are recorded (``--waves`` times).

``--http`` measures the server alone: every student page requested at once
over plain HTTP (a kernel each, the page run, no browser), with the memory of
the server and its kernels. Figures: ``docs/classroom.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
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


@contextlib.contextmanager
def class_server():
    """The launcher on a free port; yields (base address, database path, its session id)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory() as root:
        db, log_path = Path(root) / "load.sqlite3", Path(root) / "server.log"
        with open(log_path, "wb") as log:
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
                yield base, db, server.pid
            finally:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(server.pid, signal.SIGTERM)
                server.wait(30)


def over_http(students: int) -> None:
    """The server alone: every student page requested at once over plain HTTP.

    Voilà starts one kernel per request and runs the page's notebook before
    the response ends, so this is the server's share of opening the pages
    (no browser: no widget views, no websocket).
    """
    url_tail = "voila/render/student.ipynb"
    with class_server() as (base, _db, launcher):
        times: list[float] = []
        widget_pages = 0

        failed: list[str] = []

        def get() -> None:
            nonlocal widget_pages
            tic = time.perf_counter()
            try:
                with urllib.request.urlopen(base + url_tail, timeout=300) as response:
                    body = response.read()
            except OSError as error:  # a page that never loads is what this looks for
                failed.append(repr(error))
                return
            times.append(time.perf_counter() - tic)
            widget_pages += b"application/vnd.jupyter.widget-view+json" in body

        threads = [threading.Thread(target=get) for _ in range(students)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        # the launcher, Voilà and every kernel: the launcher's descendants
        table = [
            line.split(None, 3)
            for line in subprocess.run(
                ["ps", "-eo", "pid=,ppid=,rss=,args="], capture_output=True, text=True
            ).stdout.splitlines()
        ]
        family = {launcher}
        for _ in range(4):  # launcher -> Voilà -> kernel (-> anything a kernel starts)
            family |= {int(pid) for pid, ppid, *_ in table if int(ppid) in family}
        rss = [(int(size), args) for pid, _, size, args in table if int(pid) in family]
        kernels = [size for size, args in rss if "ipykernel" in args]
        total = sum(size for size, _ in rss)
        print(
            f"over HTTP: {students} student pages requested at once, {widget_pages} rendered "
            f"with their widgets (one kernel each); first done {min(times):.1f} s, "
            f"all done {max(times):.1f} s; memory: {len(kernels)} kernels "
            f"{statistics.mean(kernels) / 1024:.0f} MB each on average, the server with all "
            f"its kernels {total / 1024:.0f} MB; pages that did not load: {len(failed)}"
            + "".join(f"\n  {error}" for error in failed)
        )


async def through_voila(students: int, waves: int) -> None:
    """The whole path: browser pages, Voilà, one kernel per student, the database.

    Every page is driven on its own (asyncio): a page joins as soon as its
    widgets show, so no page waits on another.
    """
    from playwright.async_api import async_playwright, expect

    from hoteledu.classroom.store import Store

    with class_server() as (base, db, _session):
        store = Store(db)
        code = store.create_session("pricing").code
        store.open_round(code, seed=2026)
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--headless", "--no-sandbox", "--disable-gpu"],
            )
            tic = time.perf_counter()
            pages = [await (await browser.new_context()).new_page() for _ in range(students)]
            joined: list[float] = []

            async def join(i: int, page) -> None:
                await page.goto(
                    base + "voila/render/student.ipynb", wait_until="commit", timeout=600_000
                )
                await expect(page.get_by_role("button", name="Join")).to_be_visible(timeout=600_000)
                await page.get_by_placeholder("session code").fill(code)
                await page.get_by_placeholder("display name").fill(f"Student {i:02d}")
                await page.get_by_role("button", name="Join").click()
                await expect(page.get_by_text("Round 1 is open")).to_be_visible(timeout=600_000)
                joined.append(time.perf_counter() - tic)

            await asyncio.gather(*(join(i, page) for i, page in enumerate(pages)))
            print(
                f"through Voilà: {students} student pages opened and joined, first after "
                f"{min(joined):.1f} s, all after {max(joined):.1f} s (one browser for all)"
            )
            for wave in range(waves):
                choices = {f"Student {i:02d}": 1 + (i + wave) % 6 for i in range(students)}
                for i, page in enumerate(pages):
                    await page.get_by_placeholder("your choice").fill(
                        str(choices[f"Student {i:02d}"])
                    )
                at = time.time() + 2.0
                for page in pages:  # every page clicks Submit at the same wall-clock instant
                    await page.evaluate(CLICK_AT, at * 1000)
                await asyncio.sleep(max(0.0, at - time.time()))
                start = time.perf_counter()
                while time.perf_counter() - start < 300:
                    subs = store.submissions(code, 1)
                    if len(subs) == students and all(s.revision == wave + 1 for s in subs):
                        break
                    await asyncio.sleep(0.002)
                recorded = time.perf_counter() - start
                subs = store.submissions(code, 1)
                got = {s.name: s.value for s in subs if s.revision == wave + 1}
                lost = sum(1 for name, value in choices.items() if got.get(name) != value)
                what = "recorded" if wave == 0 else "replaced your earlier choice"
                await asyncio.gather(
                    *(
                        expect(
                            page.get_by_text(f"Round 1: {choices[f'Student {i:02d}']} {what}.")
                        ).to_be_visible(timeout=300_000)
                        for i, page in enumerate(pages)
                    )
                )
                shown = time.perf_counter() - start
                print(
                    f"wave {wave + 1} ({'first submissions' if wave == 0 else 'replacements'}) "
                    f"through Voilà: {students} pages clicked Submit at once; all recorded in "
                    f"the database {recorded * 1000:.0f} ms after the click, every page showed "
                    f"its confirmation after {shown:.1f} s; rows {len(subs)}, lost {lost}"
                )
            await browser.close()
        store.close_round(code)
        print(f"round closed and played: {store.results(code, 1)['pairings']} pairings")
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--waves", type=int, default=2)
    parser.add_argument("--voila", action="store_true", help="through the server and Chromium")
    parser.add_argument("--http", action="store_true", help="the server alone: pages over HTTP")
    args = parser.parse_args()
    if args.http:
        over_http(args.students)
        return
    if args.voila:
        asyncio.run(through_voila(args.students, args.waves))
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
