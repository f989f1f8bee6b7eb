"""Load test: 30 students submit at the same instant to one class database.

Run: ``.venv/bin/python benchmarks/classroom_load.py [--students 30] [--waves 2]``
(outside the default test run).

Under Voilà every student page is its own kernel, a separate process with
its own connection to the server's SQLite file. This script reproduces that:
one process per student, each builds the real :class:`StudentPage`, types the
session code and a name and presses Join, then waits at a barrier; at one
instant all press Submit (the page's own code path: widget click ->
``Store.submit``). The parent watches the database and reports the time from
that instant until every submission is recorded, and checks none is lost.
A second wave resubmits (each replaces the first: revision 2, still one row
per student).
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--waves", type=int, default=2)
    args = parser.parse_args()

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
