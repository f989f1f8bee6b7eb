"""The two pages without a browser: the token, what a student page can do, escaping."""

from __future__ import annotations

import html
import re
from pathlib import Path

import ipywidgets as widgets
import pytest
from widget_forgery import forge_every_trait

from hoteledu.classroom.dashboard import Dashboard
from hoteledu.classroom.experiments import get_experiment
from hoteledu.classroom.store import Store, format_rejoin
from hoteledu.classroom.student import StudentPage

TOKEN = "s3cret-token"
EVIL = "<script>alert(1)</script>"


@pytest.fixture
def store(tmp_path: Path):
    s = Store(tmp_path / "pages.sqlite3")
    yield s
    s.close()


def all_widgets(root: widgets.Widget) -> list[widgets.Widget]:
    found = [root]
    for child in getattr(root, "children", ()):
        found.extend(all_widgets(child))
    return found


def unlocked(store: Store) -> Dashboard:
    page = Dashboard(store, TOKEN)
    assert page.unlock(TOKEN)
    return page


def test_the_dashboard_stays_locked_without_the_right_token(store: Store) -> None:
    page = Dashboard(store, TOKEN)
    assert not page.unlock("guess")
    assert "wrong teacher token" in page.message.value
    page.create_button.click()  # hidden, and refused even if pressed
    assert store.sessions() == []
    assert not Dashboard(store, None).unlock("")  # a server without a token never unlocks
    assert page.unlock(TOKEN) and page.token.value == ""


def test_a_student_page_has_no_teacher_controls(store: Store) -> None:
    page = StudentPage(store)
    labels = {w.description for w in all_widgets(page.box) if isinstance(w, widgets.Button)}
    assert labels == {"Join", "Submit", "Refresh", "Practice game"}


def test_a_whole_round_through_the_pages_with_an_escaped_name(store: Store) -> None:
    teacher = unlocked(store)
    teacher.experiment.value = "bid"
    teacher.create_button.click()
    code = teacher.code
    assert code and code in teacher.session_info.value
    students = []
    for name, value in [(EVIL, "2"), ("Bo", "0"), ("Cy", "5")]:
        page = StudentPage(store)
        page.code.value, page.name.value = code, name
        page.join_button.click()
        students.append((page, value))
    assert "No round is open" in students[0][0].question.value
    students[0][0].value.value = "1"
    students[0][0].submit_button.click()
    assert "no round is open" in students[0][0].message.value
    teacher.open_button.click()
    for page, value in students:
        page.refresh_button.click()
        assert "Round 1 is open" in page.question.value
        page.value.value = value
        page.submit_button.click()
        assert "recorded" in page.message.value
    students[0][0].value.value = "3"
    students[0][0].submit_button.click()
    assert "replaced" in students[0][0].message.value
    students[1][0].value.value = "lots"
    students[1][0].submit_button.click()
    assert "not a whole number" in students[1][0].message.value
    teacher.refresh_button.click()
    assert '<span class="submission-count">3</span>' in teacher.status.value
    teacher.close_button.click()
    html = teacher.results.value + teacher.status.value
    assert EVIL not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert html.count('class="leader-row"') == 3
    assert html.count('class="class-bar"') == 6
    for page, _value in students:
        page.refresh_button.click()
        assert "place" in page.entries.value
        assert EVIL not in page.entries.value + page.who.value
    teacher.export_json_button.click()
    assert "data:application/json;base64," in teacher.export_link.value
    teacher.export_csv_button.click()
    assert "data:text/csv;base64," in teacher.export_link.value


def test_join_errors_show_on_the_page_and_change_nothing(store: Store) -> None:
    page = StudentPage(store)
    page.code.value, page.name.value = "NOPE1", "Ann"
    page.join_button.click()
    assert "no session with code" in page.message.value
    session = store.create_session("pricing")
    page.code.value, page.name.value = session.code, ""
    page.join_button.click()
    assert "empty" in page.message.value
    assert store.players(session.code) == []


def test_the_dashboard_counts_submissions_by_itself_while_a_round_is_open(store: Store) -> None:
    import time

    teacher = Dashboard(store, TOKEN, auto_refresh=0.05)
    try:
        assert teacher.unlock(TOKEN)
        teacher.create_button.click()
        teacher.open_button.click()
        assert '<span class="submission-count">0</span>' in teacher.status.value
        store.submit(store.join(teacher.code, "Ann"), "3")  # another process would do this
        deadline = time.monotonic() + 10
        while '<span class="submission-count">1</span>' not in teacher.status.value:
            assert time.monotonic() < deadline, teacher.status.value
            time.sleep(0.02)
        assert "Ann" in teacher.status.value and ">3<" not in teacher.status.value
    finally:
        teacher.stop()


def _press_every_button(root: widgets.Widget) -> int:
    pressed = 0
    for w in all_widgets(root):
        if isinstance(w, widgets.Button):
            _forged_click(w)
            pressed += 1
    return pressed


def test_forged_widget_messages_never_unlock_the_dashboard(store: Store) -> None:
    """GH-22: authority is decided in the kernel; no trait a browser can set grants it."""
    running = store.create_session("pricing")
    store.open_round(running.code)
    store.submit(store.join(running.code, "Ann"), "3")
    before = list(store._db.iterdump())
    page = Dashboard(store, TOKEN)
    page.resume_code.value = running.code
    assert forge_every_trait(page.box) > 0 and forge_every_trait(page.teacher_box) > 50
    assert _press_every_button(page.box) + _press_every_button(page.teacher_box) >= 8
    assert not page.unlocked
    assert "type the teacher token first" in page.message.value  # the presses arrived
    assert page.teacher_box not in page.box.children  # the panel is not even on the page
    assert page.code is None and "base64" not in page.export_link.value  # nothing exported
    assert list(store._db.iterdump()) == before  # no session, round, close or export
    assert page.unlock(TOKEN)  # the real token still works afterwards


def _forged_click(button: widgets.Button) -> None:
    """A click message as a page's websocket carries it (the button may be hidden)."""
    click = {"method": "custom", "content": {"event": "click"}}
    button._handle_msg({"content": {"data": click}, "buffers": []})


def _forged_join(page: StudentPage, code: str, name: str, rejoin: str = "") -> str:
    for field, value in ((page.code, code), (page.name, name), (page.rejoin, rejoin)):
        field._handle_msg({"content": {"data": {"method": "update", "state": {"value": value}}}})
    _forged_click(page.join_button)
    return html.unescape(page.message.value)


def test_one_page_is_one_student_even_by_forged_messages(store: Store) -> None:
    """GH-22: the hidden Join button joined one page under many names."""
    session = store.create_session("pricing")
    page = StudentPage(store)
    assert "Joined as Ann" in _forged_join(page, session.code, "Ann")
    assert page.join_box.layout.display == "none"
    other = store.create_session("bid")
    before = list(store._db.iterdump())
    for code, name in [(session.code, "Bo"), (other.code, "Cy"), (session.code, "Ann")]:
        refusal = _forged_join(page, code, name)
        assert "one page is one student" in refusal and "Ann" in refusal
    assert list(store._db.iterdump()) == before
    assert store.players(session.code) == ["Ann"] and page.player.name == "Ann"
    # the teacher may allow a shared page (one computer for a table of students)
    shared = store.create_session("pricing", shared_pages=True)
    table = StudentPage(store)
    for name in ("Di", "Ed"):
        assert f"Joined as {name}" in _forged_join(table, shared.code, name)
    assert store.players(shared.code) == ["Di", "Ed"] and table.player.name == "Ed"


def test_the_dashboard_creates_a_shared_pages_session_only_when_asked(store: Store) -> None:
    teacher = unlocked(store)
    teacher.create_button.click()
    assert store.session(teacher.code).shared_pages is False
    assert "one page is one student" in teacher.session_info.value
    teacher.shared_pages.value = True
    teacher.create_button.click()
    assert store.session(teacher.code).shared_pages is True


def test_a_page_stops_rejoin_tries_at_its_limit_and_many_pages_at_the_session_limit(
    store: Store,
) -> None:
    """GH-22: a bounded brute force from student pages does not take over a student."""
    import random

    from hoteledu.classroom.store import (
        CODE_ALPHABET,
        MAX_SESSION_REJOIN_FAILURES,
        REJOIN_LENGTH,
    )
    from hoteledu.classroom.student import MAX_PAGE_REJOIN_FAILURES

    session = store.create_session("pricing")
    victim = store.join(session.code, "Ann")
    store.open_round(session.code, seed=1)
    store.submit(victim, "5")
    rng = random.Random(22)

    def guess() -> str:
        return "".join(rng.choice(CODE_ALPHABET) for _ in range(REJOIN_LENGTH))

    page = StudentPage(store)
    refusals = [_forged_join(page, session.code, "Ann", guess()) for _ in range(12)]
    assert all("wrong rejoin code" in r for r in refusals[:MAX_PAGE_REJOIN_FAILURES])
    page_limit = f"this page's limit of {MAX_PAGE_REJOIN_FAILURES} failed rejoin tries"
    assert all(page_limit in r for r in refusals[MAX_PAGE_REJOIN_FAILURES:])
    assert store.rejoin_failures(session.code) == MAX_PAGE_REJOIN_FAILURES  # stopped at the page
    assert page_limit in _forged_join(page, session.code, "Ann", victim.rejoin)
    assert page.player is None

    # one new page after another (a reload each): the session's limit stops them all
    pages = 2 * MAX_SESSION_REJOIN_FAILURES // MAX_PAGE_REJOIN_FAILURES
    for _ in range(pages):
        fresh = StudentPage(store)
        for _ in range(MAX_PAGE_REJOIN_FAILURES):
            _forged_join(fresh, session.code, "Ann", guess())
        assert fresh.player is None
    assert store.rejoin_failures(session.code) == MAX_SESSION_REJOIN_FAILURES
    session_limit = f"this session's limit of {MAX_SESSION_REJOIN_FAILURES} failed rejoin tries"
    assert session_limit in _forged_join(StudentPage(store), session.code, "Ann", victim.rejoin)
    assert [(s.name, s.value) for s in store.submissions(session.code)] == [("Ann", 5)]
    # the teacher allows rejoins again; the student comes back with their code
    teacher = unlocked(store)
    teacher.resume_code.value = session.code
    teacher.resume_button.click()
    assert "wrong rejoin code(s) tried" in teacher.status.value
    teacher.reset_rejoins_button.click()
    assert "Rejoins allowed again (100 failed tries forgotten)" in teacher.message.value
    back = StudentPage(store)
    assert "Joined as Ann" in _forged_join(back, session.code, "Ann", victim.rejoin)
    assert format_rejoin(victim.rejoin) in back.who.value


def test_a_student_page_follows_the_rounds_by_itself(store: Store) -> None:
    """GH-20: the page said "No round is open" until the student pressed Refresh."""
    import time

    session = store.create_session("pricing")
    page = StudentPage(store, auto_refresh=0.05)

    def wait_for(text: str, widget: widgets.HTML) -> None:
        deadline = time.monotonic() + 30  # a timeout on a loaded machine, not a bound asserted
        while text not in widget.value:
            assert time.monotonic() < deadline, widget.value
            time.sleep(0.02)

    try:
        page.code.value, page.name.value = session.code, "Ann"
        page.join_button.click()
        assert "No round is open" in page.question.value
        opened = store.open_round(session.code)  # the teacher's page, another process
        wait_for(f"Round 1 is open (seed {opened.seed})", page.question)
        page.value.value = "2"
        page.submit_button.click()
        assert "recorded" in page.message.value
        store.close_round(session.code)
        wait_for("place 1 of 1", page.entries)
        wait_for("No round is open", page.question)
        assert "recorded" in page.message.value  # a redraw keeps what the page said
    finally:
        page.stop()


def test_the_projector_view_shows_the_question_then_the_results_in_large_type(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GH-20: a view for the room: the question, the histogram in percent, the leaderboard."""
    from hoteledu.classroom.dashboard import STUDENT_URL_ENV

    monkeypatch.setenv(STUDENT_URL_ENV, "http://192.168.1.20:8866/voila/render/student.ipynb")
    teacher = Dashboard(store, TOKEN)
    teacher.projector_button.click()  # locked: refused, nothing drawn
    assert teacher.projector.value == "" and "type the teacher token" in teacher.message.value
    assert teacher.unlock(TOKEN)
    teacher.create_button.click()
    teacher.open_button.click()
    teacher.projector_button.click()
    assert teacher.projector_box.layout.display is None
    assert teacher.session_box.layout.display == "none"  # no buttons, no seed on the wall
    view = teacher.projector.value
    assert "font-size:28px" in view and "192.168.1.20:8866" in view and teacher.code in view
    assert "Round 1 is open" in view and '<span class="projector-count">0</span>' in view
    session = store.session(teacher.code)
    seed = store.current_round(session.code).seed
    question = get_experiment("pricing").question(session.params, seed)
    assert html.escape(question, quote=True) in view
    assert "round-seed" not in view
    for name, value in [("Ann", "1"), ("Bo", "1"), (EVIL, "3"), ("Di", "6")]:
        store.submit(store.join(teacher.code, name), value)
    teacher.refresh_button.click()
    assert '<span class="projector-count">4</span>' in teacher.projector.value
    assert "Ann" not in teacher.projector.value  # no names while the round is open
    teacher.close_button.click()
    view = teacher.projector.value
    assert "Round 1 closed" in view and view.count('class="leader-row"') == 4
    shares = re.findall(r'class="bar-share"[^>]*>(\d+)%<', view)
    assert shares == ["50", "0", "25", "0", "0", "25"]  # prices 1..6
    assert view.count('class="theory-mark"') == 6 and "equilibrium" in view
    assert EVIL not in view and "&lt;script&gt;" in view
    teacher.back_button.click()
    assert teacher.projector_box.layout.display == "none"
    assert teacher.projector.value == ""  # a hidden projector sends no second copy
    assert teacher.session_box.layout.display is None


def test_the_dashboard_and_the_projector_show_a_qr_code_of_exactly_the_student_address(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GH-20: a QR code of the student address on the dashboard (phones scan, nobody types)."""
    from qr_helpers import drawn_modules, expected_modules

    from hoteledu.classroom.dashboard import STUDENT_URL_ENV

    url = "http://192.168.1.20:8866/voila/render/student.ipynb"
    monkeypatch.setenv(STUDENT_URL_ENV, url)
    teacher = Dashboard(store, TOKEN)
    locked_page = [getattr(w, "value", "") for w in all_widgets(teacher.box)]
    assert not any("join-qr" in str(v) for v in locked_page)  # locked: nothing drawn yet
    assert teacher.unlock(TOKEN)
    teacher.create_button.click()
    info = teacher.session_info.value
    assert info.count('class="join-qr"') == 1 and f"<title>{url}</title>" in info
    assert drawn_modules(info) == expected_modules(url)
    # a code one character off is another picture: the comparison can tell addresses apart
    assert drawn_modules(info) != expected_modules(url.replace("20", "21"))
    teacher.projector_button.click()
    assert drawn_modules(teacher.projector.value) == expected_modules(url)


def test_a_dashboard_without_a_known_student_address_draws_no_qr_code(store: Store) -> None:
    teacher = unlocked(store)
    teacher.student_url = None  # a page started outside the launcher
    teacher.create_button.click()
    assert "join-qr" not in teacher.session_info.value
    teacher.projector_button.click()
    assert "join-qr" not in teacher.projector.value


def _joined(store: Store, code: str, name: str = "Ann") -> StudentPage:
    page = StudentPage(store, threaded=False)
    assert f"Joined as {name}" in _forged_join(page, code, name)
    return page


def test_a_class_practice_game_has_no_coach_unless_the_teacher_allows_it(store: Store) -> None:
    """Issue 23: off by default in a class, decided in the kernel, never by the page."""
    from hoteledu.apps.coach import COACH_NOT_ALLOWED

    teacher = unlocked(store)
    assert teacher.coach.value is False  # the option's default: no coach
    teacher.create_button.click()
    code = teacher.code
    assert store.session(code).coach is False
    assert "no coach in the practice game" in teacher.session_info.value
    page = StudentPage(store, threaded=False)
    _forged_click(page.practice_button)
    assert "join first" in page.message.value and page.app is None
    page = _joined(store, code)
    _forged_click(page.practice_button)
    app = page.app
    assert app is not None and app.setting == "class" and page.practice_box.children
    assert not app.coach.allowed and app.coach_panel.widget.layout.display == "none"
    # a forged tick, then every trait of every widget of the page (the game included)
    checkbox = app.coach_panel.checkbox
    checkbox._handle_msg({"content": {"data": {"method": "update", "state": {"value": True}}}})
    assert COACH_NOT_ALLOWED in app.message_html.value and checkbox.value is False
    assert forge_every_trait(page.box) > 100
    checkbox._handle_msg({"content": {"data": {"method": "update", "state": {"value": True}}}})
    assert not app.coach.allowed and not app.coach.enabled
    assert app.coach.wanted(app.controller) is None
    assert store.session(code).coach is False  # nothing the page sent reached the session

    # the teacher allows it: the page offers it at its next look (unticked), then forbids it
    teacher.allow_coach_button.click()
    assert store.session(code).coach is True and teacher.allow_coach_button.disabled
    _forged_click(teacher.allow_coach_button)  # a second press does what it said: allowed
    assert store.session(code).coach is True and not teacher.forbid_coach_button.disabled
    assert "the coach allowed" in teacher.session_info.value
    fresh = _joined(store, code, "Bo")
    _forged_click(fresh.practice_button)
    assert fresh.app.coach.allowed and "with the coach" in fresh.message.value
    assert page._look() != page._drawn_rounds  # what the auto-refresh thread compares
    page.refresh()
    assert app.coach.allowed and not app.coach.enabled
    assert app.coach_panel.widget.layout.display is None
    checkbox.value = True
    assert app.coach.enabled
    teacher.forbid_coach_button.click()
    _forged_click(teacher.forbid_coach_button)
    assert store.session(code).coach is False
    page.refresh()
    assert not app.coach.allowed and not app.coach.enabled and app.coach.current is None
    assert app.coach_panel.widget.layout.display == "none"
    # a session created with the option ticked allows it from the start
    teacher.coach.value = True
    teacher.create_button.click()
    assert store.session(teacher.code).coach is True
