"""End to end: a class server started by the launcher, one dashboard and three students.

``python -m hoteledu.classroom serve`` runs on a free port with a temporary
database; the teacher token is read from what it prints. Each page has its
own browser context (its own cookies and storage, as on separate laptops).

The module's tests share one class server (:func:`served_class`), as a class's pages
share one: each test makes sessions of its own (a session code is random) and reads only
those, and the tests run one after the other on one worker.
"""

from __future__ import annotations

import contextlib
import html
import json
import re
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from pages import free_port, stop_server
from playwright.sync_api import Page, expect
from qr_helpers import drawn_modules, expected_modules

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


@pytest.fixture(scope="module")
def served_class(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    """One class server for the module's tests: (base URL, teacher token, database path)."""
    with class_server(tmp_path_factory.mktemp("class")) as served:
        yield served


def _button(page: Page, name: str):
    return page.get_by_role("button", name=name, exact=True)


@pytest.mark.browser
def test_a_class_round_dashboard_and_three_students(
    browser, served_class: tuple[str, str, Path], tmp_path: Path
) -> None:
    start = time.monotonic()
    alerts: list[str] = []
    base, token, _db = served_class
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
        # the QR code beside it is the student address's, module for module
        qr = teacher.locator("svg.join-qr").first.evaluate("svg => svg.outerHTML")
        assert drawn_modules(qr) == expected_modules(student_url)

        for page in students:
            page.goto(student_url, timeout=WAIT)
            expect(_button(page, "Join")).to_be_visible(timeout=WAIT)
            # nothing on a student page opens or closes rounds or exports
            for label in ("Open round", "Close round", "Export JSON", "Export CSV"):
                assert _button(page, label).count() == 0
        for page, name in zip(students, (EVIL, "Bo", "Cy"), strict=True):
            page.get_by_placeholder("session code").fill(code)
            page.get_by_placeholder("display name").fill(name)
            _button(page, "Join").click()
            expect(page.get_by_text("No round is open")).to_be_visible(timeout=WAIT)
            expect(page.locator(".rejoin-code")).to_have_text(re.compile(r"^\w{5}-\w{5}$"))

        # the students' pages follow the round by themselves: nobody presses Refresh
        _button(teacher, "Open round").click()
        expect(teacher.locator(".round-seed")).to_be_visible(timeout=WAIT)
        seed = teacher.locator(".round-seed").inner_text()
        for page, value in zip(students, ("2", "3", "3"), strict=True):
            expect(page.get_by_text(f"Round 1 is open (seed {seed})")).to_be_visible(timeout=WAIT)
            page.get_by_placeholder("your choice").fill("seven")
            _button(page, "Submit").click()
            expect(page.get_by_text("not a whole number")).to_be_visible(timeout=WAIT)
            page.get_by_placeholder("your choice").fill(value)
            _button(page, "Submit").click()
            expect(page.get_by_text(f"Round 1: {value} recorded.")).to_be_visible(timeout=WAIT)
            # a student sees only their own entries
            expect(page.locator(".own-entry")).to_have_count(1, timeout=WAIT)

        # the dashboard counts the submissions by itself
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

        # and each student's page shows their place once the round is closed
        for page in students:
            expect(page.locator(".own-entry")).to_contain_text("place", timeout=WAIT)
            expect(page.get_by_text("No round is open")).to_be_visible(timeout=WAIT)
        assert teacher.locator("script", has_text="alert('x')").count() == 0

        # the projector view: the results in large type, no buttons, no seed
        _button(teacher, "Projector view").click()
        expect(teacher.locator(".projector .leader-row")).to_have_count(3, timeout=WAIT)
        expect(teacher.locator(".projector .bar-share")).to_have_text(
            ["0%", "33%", "67%", "0%", "0%", "0%"]
        )
        assert teacher.locator(".projector-code").inner_text() == code
        expect(_button(teacher, "Close round")).to_be_hidden()
        expect(teacher.locator(".round-seed")).to_be_hidden()
    finally:
        for context in contexts:
            context.close()
    assert alerts == [], f"a name ran as script: {alerts}"
    print(f"class round: {time.monotonic() - start:.0f} s")  # printed, not asserted


class KernelChannel:
    """A student's devtools speaking the Jupyter protocol to a page's own kernel.

    A second websocket on the page's kernel, as the browser console can open, with
    the kernel id the page itself shows; the kernel cannot tell these messages
    from the page's. It is opened from the test process, which reads the kernel's
    answers in order without the page's own widget manager in the way.
    """

    def __init__(self, page_url: str, page_html: str) -> None:
        import uuid

        import websocket

        config = json.loads(
            re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', page_html, re.S).group(1)
        )
        host = page_url.split("/")[2]
        url = f"ws://{host}{config['baseUrl']}api/kernels/{config['kernelId']}/channels"
        self.ws = websocket.create_connection(url, timeout=WAIT / 1000)
        self.session = f"forge-{uuid.uuid4().hex}"
        self.count = 0

    def close(self) -> None:
        self.ws.close()

    def _message(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        self.count += 1
        msg_id = f"{self.session}-{self.count}"
        header = {
            "msg_id": msg_id,
            "username": "student",
            "session": self.session,
            "date": "",
            "msg_type": msg_type,
            "version": "5.3",
        }
        self.ws.send(
            json.dumps(
                {
                    "header": header,
                    "parent_header": {},
                    "metadata": metadata or {},
                    "channel": "shell",
                    "buffers": [],
                    "content": content,
                }
            )
        )
        return msg_id

    def _receive(self, done) -> list[dict]:
        """Every message until ``done(message)`` holds; the kernel answers in order."""
        seen = []
        while True:
            frame = self.ws.recv()
            if isinstance(frame, bytes):  # a message with binary buffers (an SVG board's scene)
                from jupyter_server.services.kernels.connection.base import (
                    deserialize_binary_message,
                )

                message = deserialize_binary_message(frame)
                message.pop("buffers", None)
            else:
                message = json.loads(frame)
            seen.append(message)
            if done(message):
                return seen

    def states(self) -> dict[str, dict]:
        """The state of every widget in the kernel, shown on the page or not."""
        control = f"{self.session}-control"
        self._message(
            "comm_open",
            {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            {"version": "1.0.0"},
        )
        self._message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        last = self._receive(
            lambda m: (
                m["header"]["msg_type"] == "comm_msg"
                and m["content"]["data"].get("method") == "update_states"
            )
        )[-1]
        return last["content"]["data"]["states"]

    def send(self, messages: list[tuple[str, dict]]) -> list[dict]:
        """Send comm messages in order; return the widget updates until the kernel is idle."""
        last = None
        for comm_id, data in messages:
            last = self._message("comm_msg", {"comm_id": comm_id, "data": data})
        if last is None:
            return []
        seen = self._receive(
            lambda m: (
                m["header"]["msg_type"] == "status"
                and m["content"]["execution_state"] == "idle"
                and m["parent_header"].get("msg_id") == last
            )
        )
        return [
            m["content"]
            for m in seen
            if m["header"]["msg_type"] == "comm_msg"
            and m["content"]["data"].get("method") in ("update", "echo_update")
        ]


def _forged_values(value: object) -> list[object]:
    """What a hostile page might send for a synced trait holding ``value``."""
    if value is None:  # most layout traits: display, visibility, ...
        return ["initial", "block"]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, str):
        return ["", "none", "block", "a guess at the token"]
    if isinstance(value, int | float):
        return [value + 1, 0]
    return []


def _widget_classes() -> dict[str, type]:
    import ipywidgets

    classes = {}
    todo = [ipywidgets.Widget]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        name = cls.class_traits().get("_model_name")
        if name is not None and name.default_value not in classes:
            classes[name.default_value] = cls
    return classes


def _forgeries(states: dict[str, dict]) -> list[tuple[str, dict]]:
    """An update for every synced trait of every widget, with every value the kernel takes.

    A value the trait refuses changes nothing, and each costs the kernel about 0.1 s
    (its traceback is logged): such values are found here, on a local copy of the
    widget in its remote state, and not sent. A reference to another widget
    (layout, style, children) is forged to point elsewhere: to another widget of
    the same kind, and every box's children to every button, hidden teacher
    buttons included.
    """
    classes = _widget_classes()
    by_kind: dict[str, list[str]] = {}
    for comm, s in states.items():
        by_kind.setdefault(s["model_name"], []).append(comm)
    buttons = [f"IPY_MODEL_{b}" for b in by_kind.get("ButtonModel", [])]
    forged = []
    for comm, s in states.items():
        plain = {
            k: v
            for k, v in s["state"].items()
            if not k.startswith("_") and "IPY_MODEL_" not in json.dumps(v)
        }
        probe = classes[s["model_name"]]()
        with contextlib.suppress(Exception):
            probe.set_state(plain)
        for name, current in s["state"].items():
            if name.startswith("_"):
                continue
            if isinstance(current, str) and current.startswith("IPY_MODEL_"):
                kind = states[current.removeprefix("IPY_MODEL_")]["model_name"]
                others = [c for c in by_kind[kind] if f"IPY_MODEL_{c}" != current]
                forged += [(comm, _update({name: f"IPY_MODEL_{c}"})) for c in others[:1]]
                continue
            if isinstance(current, list) and current and "IPY_MODEL_" in json.dumps(current):
                forged.append((comm, _update({name: current + buttons})))
                continue
            for value in _forged_values(current):
                try:
                    probe.set_state({name: value})
                except Exception:
                    continue  # refused by the trait: the kernel would refuse it too
                forged.append((comm, _update({name: value})))
    # children last: the page then redraws the forged layouts of few shown widgets
    forged.sort(key=lambda message: "children" in message[1]["state"])
    return forged


def _update(state: dict) -> dict:
    return {"method": "update", "state": state, "buffer_paths": []}


CLICK = {"method": "custom", "content": {"event": "click"}}


def _by_description(states: dict, model: str) -> dict[str, str]:
    return {
        s["state"]["description"]: comm
        for comm, s in states.items()
        if s["model_name"] == model and s["state"].get("description")
    }


def _by_placeholder(states: dict) -> dict[str, str]:
    return {
        s["state"]["placeholder"]: comm
        for comm, s in states.items()
        if s["model_name"] in ("TextModel", "PasswordModel") and s["state"].get("placeholder")
    }


def _dump(db: Path) -> list[str]:
    connection = sqlite3.connect(str(db))
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


@pytest.mark.browser
def test_forged_widget_messages_over_the_real_server_grant_no_teacher_action(
    browser, served_class: tuple[str, str, Path]
) -> None:
    """GH-22: one widget update over the dashboard's websocket unlocked everything."""
    from hoteledu.classroom.store import Store

    base, _token, db = served_class
    store = Store(db)
    running = store.create_session("pricing")
    store.open_round(running.code)
    store.submit(store.join(running.code, "Ann"), "3")
    played = store.create_session("bid")
    store.open_round(played.code)
    store.close_round(played.code)
    store.close()
    before = _dump(db)

    context = browser.new_context()
    try:
        intruder = context.new_page()
        intruder.goto(base + "voila/render/teacher.ipynb", timeout=WAIT)
        expect(intruder.get_by_placeholder("teacher token")).to_be_visible(timeout=WAIT)
        channel = KernelChannel(intruder.url, intruder.content())
        states = channel.states()
        buttons = _by_description(states, "ButtonModel")
        # the kernel holds the teacher's widgets even though the page does not show them
        for label in ("Create session", "Resume session", "Open round", "Close round"):
            assert label in buttons, sorted(buttons)
        forged = _forgeries(states)
        assert len(forged) > 1500, len(forged)
        started = time.monotonic()
        for start in range(0, len(forged), 250):
            channel.send(forged[start : start + 250])
        print(f"{len(forged)} forged updates in {time.monotonic() - started:.1f} s")

        # then every teacher action, once for each public session code
        resume_field = _by_placeholder(states)["code of an earlier session"]
        actions = [
            "Unlock",
            "Create session",
            "Resume session",
            "Open round",
            "Close round",
            "Refresh",
            "Export JSON",
            "Export CSV",
            "Allow rejoins again",
            "Projector view",
            "Back to the controls",
            "Open round",
        ]
        presses = []
        for code in (running.code, played.code):
            presses.append((resume_field, _update({"value": code})))
            presses += [(buttons[label], CLICK) for label in actions if label in buttons]
        updates = channel.send(presses)
        said = " ".join(str(u["data"]["state"].get("value", "")) for u in updates)
        assert _dump(db) == before  # no session, round, close, export, reset or reopen
        assert "type the teacher token first" in said  # the presses reached the kernel

        after = channel.states()
        values = " ".join(str(s["state"].get("value", "")) for s in after.values())
        assert "base64" not in values and "Session code" not in values
        assert "round-seed" not in values  # no round's status reached the page
        assert "projector-question" not in values
        # the page has drawn every forged update once it shows the last one
        done = "<p class='forgery-done'>all forged messages sent</p>"
        heading = next(
            c for c, s in states.items() if "teacher dashboard" in str(s["state"].get("value"))
        )
        channel.send([(heading, _update({"value": done}))])
        channel.close()
        expect(intruder.locator(".forgery-done")).to_be_visible(timeout=WAIT)
        assert intruder.locator(".export-link").count() == 0
        assert intruder.locator(".session-code").count() == 0
        assert intruder.locator(".round-status").count() == 0
    finally:
        context.close()


@pytest.mark.browser
def test_a_rejoin_brute_force_and_a_second_name_over_the_real_server_are_refused(
    browser, served_class: tuple[str, str, Path]
) -> None:
    """GH-22: a page tried about 50 rejoin codes a second and took over a student."""
    import random

    from hoteledu.classroom.store import CODE_ALPHABET, REJOIN_LENGTH, Store
    from hoteledu.classroom.student import MAX_PAGE_REJOIN_FAILURES

    base, _token, db = served_class
    store = Store(db)
    session = store.create_session("pricing")
    store.open_round(session.code)
    victim = store.join(session.code, "Ann")
    store.submit(victim, "5")
    store.close()

    context = browser.new_context()
    try:
        intruder = context.new_page()
        intruder.goto(base + "voila/render/student.ipynb", timeout=WAIT)
        expect(_button(intruder, "Join")).to_be_visible(timeout=WAIT)
        channel = KernelChannel(intruder.url, intruder.content())
        states = channel.states()
        fields = _by_placeholder(states)
        join = _by_description(states, "ButtonModel")["Join"]

        def attempt(name: str, rejoin: str) -> str:
            channel.send(
                [
                    (fields["session code"], _update({"value": session.code})),
                    (fields["display name"], _update({"value": name})),
                    (fields["only to come back after a reload"], _update({"value": rejoin})),
                    (join, CLICK),
                ]
            )
            # the kernel's state of the page's message line (a repeated refusal sends
            # no update: the value did not change)
            said = [str(s["state"].get("value", "")) for s in channel.states().values()]
            return html.unescape(" ".join(v for v in said if "classroom-message" in v))

        rng = random.Random(7)
        tries = 3 * MAX_PAGE_REJOIN_FAILURES  # bounded: 15 guesses
        answers = [
            attempt("Ann", "".join(rng.choice(CODE_ALPHABET) for _ in range(REJOIN_LENGTH)))
            for _ in range(tries)
        ]
        assert all("wrong rejoin code" in a for a in answers[:MAX_PAGE_REJOIN_FAILURES])
        limit = f"limit of {MAX_PAGE_REJOIN_FAILURES} failed rejoin tries"
        assert all(limit in a for a in answers[MAX_PAGE_REJOIN_FAILURES:]), answers
        assert limit in attempt("Ann", victim.rejoin)  # the page has stopped trying
        assert not any("Joined as" in a for a in answers)

        # the page joins once as its own student, then cannot join as another
        assert "Joined as Mallory" in attempt("Mallory", "")
        assert "one page is one student" in attempt("Bo", "")
        channel.close()

        check = Store(db)
        try:
            assert check.rejoin_failures(session.code) == MAX_PAGE_REJOIN_FAILURES
            assert check.players(session.code) == ["Ann", "Mallory"]
            assert [(s.name, s.value) for s in check.submissions(session.code)] == [("Ann", 5)]
        finally:
            check.close()
    finally:
        context.close()


COACH_SAYS = """() => {
  const words = document.querySelector('.hoteledu-coach');
  return words !== null && /\\(you\\): about \\d+% ± \\d+/.test(words.innerText);
}"""


@pytest.mark.browser
def test_the_practice_game_over_the_real_server_has_no_coach_until_the_teacher_allows_it(
    browser, served_class: tuple[str, str, Path], tmp_path: Path
) -> None:
    """Issue 23: a forged tick over the student page's own websocket does not start the
    coach; the teacher's session option (in the database) does, at the page's next look."""
    from hoteledu.classroom.store import Store

    base, _token, db = served_class
    store = Store(db)
    session = store.create_session("pricing")
    store.open_round(session.code)
    store.close()
    context = browser.new_context(viewport={"width": 1550, "height": 1400})
    try:
        page = context.new_page()
        page.goto(base + "voila/render/student.ipynb", timeout=WAIT)
        page.get_by_placeholder("session code").fill(session.code)
        page.get_by_placeholder("display name").fill("Ann")
        _button(page, "Join").click(timeout=WAIT)
        expect(page.get_by_text("Round 1 is open")).to_be_visible(timeout=WAIT)
        _button(page, "Practice game").click()
        expect(page.get_by_text("the coach is off in this class")).to_be_visible(timeout=WAIT)
        panel = page.locator(".hoteledu-coach-panel")
        expect(panel).to_be_attached(timeout=WAIT)
        expect(panel).to_be_hidden()

        channel = KernelChannel(page.url, page.content())
        states = channel.states()
        coach_box = _by_description(states, "CheckboxModel")["Coach"]
        layout = states[coach_box]["state"]["layout"].removeprefix("IPY_MODEL_")
        panel_id = next(
            c
            for c, s in states.items()
            if "hoteledu-coach-panel" in s["state"].get("_dom_classes", [])
        )
        panel_layout = states[panel_id]["state"]["layout"].removeprefix("IPY_MODEL_")
        channel.send(
            [
                (panel_layout, _update({"display": "block"})),
                (layout, _update({"display": "block"})),
                (coach_box, _update({"disabled": False})),
                (coach_box, _update({"value": True})),
            ]
        )
        after = channel.states()
        said = " ".join(str(s["state"].get("value", "")) for s in after.values())
        assert "the teacher has not allowed it" in html.unescape(said)
        assert after[coach_box]["state"]["value"] is False  # the kernel put it back
        assert "Win chance" not in said and "coach is thinking" not in said
        channel.close()

        # the teacher allows it (the session's option): the page offers it by itself
        teacher = Store(db)
        try:
            teacher.set_coach(session.code, True)
        finally:
            teacher.close()
        expect(panel).to_be_visible(timeout=WAIT)
        box = panel.locator("input[type='checkbox']")
        assert not box.is_checked()
        box.click()  # once: the wait below checks that it took effect
        page.wait_for_function(COACH_SAYS, timeout=WAIT)
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)
        print(f"\nthe page at the failure: {tmp_path / 'failure.png'}")
        raise
    finally:
        context.close()
