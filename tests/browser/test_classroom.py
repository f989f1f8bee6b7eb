"""End to end: a class server started by the launcher, one dashboard and three students.

``python -m hoteledu.classroom serve`` runs on a free port with a temporary
database; the teacher token is read from what it prints. Each page has its
own browser context (its own cookies and storage, as on separate laptops).
"""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from pages import free_port, stop_server
from playwright.sync_api import Page, expect

REPO = Path(__file__).resolve().parents[2]
EVIL = "<script>alert('x')</script>"
WAIT = 120_000  # ms: Voilà starts one kernel per page on a loaded machine


@contextlib.contextmanager
def class_server(tmp_path: Path, timeout: float = 60.0) -> Iterator[tuple[str, str, Path]]:
    """The launcher on a free port: yields (base URL, teacher token, database path)."""
    port = free_port()
    db = tmp_path / "class.sqlite3"
    log_path = tmp_path / "server.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "hoteledu.classroom",
                "serve",
                f"--db={db}",
                f"--port={port}",
                "--ip=127.0.0.1",
            ],
            cwd=REPO,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        base = f"http://127.0.0.1:{port}/"
        try:
            deadline = time.monotonic() + timeout
            token = None
            while True:
                text = log_path.read_text(errors="replace")
                if process.poll() is not None:
                    raise RuntimeError(f"the class server exited early:\n{text}")
                match = re.search(r"Teacher token: (\S+)", text)
                token = match.group(1) if match else None
                with (
                    contextlib.suppress(OSError),
                    urllib.request.urlopen(base, timeout=2) as answer,
                ):
                    if answer.status == 200 and token:
                        break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the class server did not start:\n{text}")
                time.sleep(0.25)
            yield base, token, db
        finally:
            stop_server(process)


# Sends a kernel_info_request and an execute_request to the page's own kernel over its
# websocket, as a student who knows the Jupyter protocol could. Voila passes widget
# messages and kernel_info only (its allowed_message_types): the info is answered, the
# code is not run. Returns the reply types seen.
SEND_CODE = """async (code) => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const url = 'ws://' + location.host + config.baseUrl + 'api/kernels/' + config.kernelId
      + '/channels';
  const ws = new WebSocket(url);
  const seen = [];
  ws.onmessage = event => {
    if (typeof event.data === 'string') seen.push(JSON.parse(event.data).header.msg_type);
  };
  await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
  const message = (id, type, content) => JSON.stringify({
    header: {msg_id: id, username: 'student', session: 'attack',
             date: new Date().toISOString(), msg_type: type, version: '5.3'},
    parent_header: {}, metadata: {}, channel: 'shell', buffers: [], content: content,
  });
  ws.send(message('info-1', 'kernel_info_request', {}));
  ws.send(message('attack-1', 'execute_request', {code: code, silent: false,
      store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: true}));
  await new Promise(resolve => setTimeout(resolve, 4000));
  ws.close();
  return seen;
}"""


def _button(page: Page, name: str):
    return page.get_by_role("button", name=name, exact=True)


@pytest.mark.browser
def test_a_class_round_dashboard_and_three_students(browser, tmp_path: Path) -> None:
    start = time.monotonic()
    alerts: list[str] = []
    with class_server(tmp_path) as (base, token, _db):
        teacher_url = base + "voila/render/teacher.ipynb"
        student_url = base + "voila/render/student.ipynb"
        contexts = [browser.new_context() for _ in range(5)]
        try:
            teacher, *students, intruder = (c.new_page() for c in contexts)
            for page in (teacher, *students, intruder):
                page.on("dialog", lambda d: (alerts.append(d.message), d.dismiss()))

            # a student who opens the dashboard without the token gets nothing
            intruder.goto(teacher_url, timeout=WAIT)
            expect(intruder.get_by_placeholder("teacher token")).to_be_visible(timeout=WAIT)
            expect(_button(intruder, "Open round")).to_be_hidden()
            intruder.get_by_placeholder("teacher token").fill("guess")
            _button(intruder, "Unlock").click()
            expect(intruder.get_by_text("wrong teacher token")).to_be_visible(timeout=WAIT)
            expect(_button(intruder, "Create session")).to_be_hidden()
            expect(_button(intruder, "Open round")).to_be_hidden()

            teacher.goto(teacher_url, timeout=WAIT)
            teacher.get_by_placeholder("teacher token").fill(token)
            _button(teacher, "Unlock").click()
            _button(teacher, "Create session").click(timeout=WAIT)
            code = teacher.locator(".session-code").inner_text(timeout=WAIT).strip()
            assert re.fullmatch(r"[A-Z2-9]{5}", code), code
            _button(teacher, "Open round").click()
            expect(teacher.locator(".round-seed")).to_be_visible(timeout=WAIT)
            seed = teacher.locator(".round-seed").inner_text()

            for page in students:
                page.goto(student_url, timeout=WAIT)
                expect(_button(page, "Join")).to_be_visible(timeout=WAIT)
                # nothing on a student page opens or closes rounds or exports
                for label in ("Open round", "Close round", "Export JSON", "Export CSV"):
                    assert _button(page, label).count() == 0
            for page, name, value in zip(
                students, (EVIL, "Bo", "Cy"), ("2", "3", "3"), strict=True
            ):
                page.get_by_placeholder("session code").fill(code)
                page.get_by_placeholder("display name").fill(name)
                _button(page, "Join").click()
                expect(page.get_by_text(f"Round 1 is open (seed {seed})")).to_be_visible(
                    timeout=WAIT
                )
                page.get_by_placeholder("your choice").fill("seven")
                _button(page, "Submit").click()
                expect(page.get_by_text("not a whole number")).to_be_visible(timeout=WAIT)
                page.get_by_placeholder("your choice").fill(value)
                _button(page, "Submit").click()
                expect(page.get_by_text(f"Round 1: {value} recorded.")).to_be_visible(timeout=WAIT)
                # a student sees only their own entries
                expect(page.locator(".own-entry")).to_have_count(1, timeout=WAIT)

            _button(teacher, "Refresh").click()
            expect(teacher.locator(".submission-count")).to_have_text("3", timeout=WAIT)
            _button(teacher, "Close round").click()
            expect(teacher.locator(".leader-row")).to_have_count(3, timeout=WAIT)
            names = teacher.locator(".leader-name").all_inner_texts()
            assert names[0] == EVIL  # the cheapest wins, its name shown as text
            assert sorted(names) == sorted([EVIL, "Bo", "Cy"])
            bars = teacher.locator("svg.classroom-histogram rect.class-bar")
            expect(bars).to_have_count(6)
            shares = [float(bars.nth(i).get_attribute("data-share")) for i in range(6)]
            assert shares == pytest.approx([0, 1 / 3, 2 / 3, 0, 0, 0], abs=1e-3)
            expect(teacher.locator(".classroom-fit")).to_contain_text("outside")

            # code sent to a student page's own kernel is not run
            marker = tmp_path / "student_ran_code"
            intruder.goto(student_url, timeout=WAIT)
            expect(_button(intruder, "Join")).to_be_visible(timeout=WAIT)
            seen = intruder.evaluate(SEND_CODE, f"open({str(marker)!r}, 'w').write('x')")
            assert "kernel_info_reply" in seen, seen  # the channel works ...
            assert "execute_reply" not in seen, seen  # ... but code is dropped
            assert not marker.exists(), "a student page ran code sent over its websocket"

            _button(students[1], "Refresh").click()
            expect(students[1].locator(".own-entry")).to_contain_text("place", timeout=WAIT)
            assert teacher.locator("script", has_text="alert('x')").count() == 0
        finally:
            for context in contexts:
                context.close()
    assert alerts == [], f"a name ran as script: {alerts}"
    assert time.monotonic() - start < 300
