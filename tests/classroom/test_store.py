"""The classroom store: transactions, refusals that change nothing, processes, kills, restart."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hoteledu.classroom.store import (
    CODE_ALPHABET,
    DB_ENV,
    MAX_NAME,
    MAX_SESSION_REJOIN_FAILURES,
    REJOIN_LENGTH,
    ClassroomError,
    Player,
    Store,
    clean_name,
    default_db_path,
    format_rejoin,
)

CONTEXT = multiprocessing.get_context("spawn")  # a fresh interpreter: no connection crosses


def dump(path: Path) -> list[str]:
    """Everything in the database as SQL text (an independent connection)."""
    db = sqlite3.connect(str(path))
    try:
        return list(db.iterdump())
    finally:
        db.close()


def old_store(path: Path, columns: str, row: str) -> Store:
    """A store opened on a database an older version wrote: its sessions table had only
    ``columns`` (SQL column definitions after ``code``) and holds the one session ``row``."""
    db = sqlite3.connect(str(path))
    db.execute(f"CREATE TABLE sessions (code TEXT PRIMARY KEY, {columns})")
    db.execute(f"INSERT INTO sessions VALUES ({row})")
    db.commit()
    db.close()
    return Store(path)


@pytest.fixture
def store(tmp_path: Path):
    s = Store(tmp_path / "class.sqlite3")
    yield s
    s.close()


def test_wal_mode_and_default_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = Store(tmp_path / "a.sqlite3")
    s.close()
    db = sqlite3.connect(str(tmp_path / "a.sqlite3"))
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    monkeypatch.setenv(DB_ENV, str(tmp_path / "env.sqlite3"))
    assert default_db_path() == tmp_path / "env.sqlite3"
    monkeypatch.delenv(DB_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "hoteledu" / "classroom.sqlite3"


def test_a_round_from_join_to_results(store: Store) -> None:
    session = store.create_session("pricing")
    assert session.params == {"lowest": 1, "highest": 6}
    ann = store.join(session.code, "Ann")
    bob = store.join(session.code.lower(), "  Bob  ")  # codes are case-insensitive
    assert bob.name == "Bob"
    store.open_round(session.code, seed=11)
    first, replaced = store.submit(ann, "4")
    assert (first.value, first.revision, replaced) == (4, 1, False)
    second, replaced = store.submit(ann, " 2 ")
    assert (second.value, second.revision, replaced) == (2, 2, True)  # the second replaces
    store.submit(bob, "3")
    assert {(s.name, s.value) for s in store.submissions(session.code, 1)} == {
        ("Ann", 2),
        ("Bob", 3),
    }
    store.close_round(session.code)
    results = store.results(session.code, 1)
    assert results["seed"] == 11 and results["pairings"] == 1
    assert [row["name"] for row in results["leaderboard"]] == ["Ann", "Bob"]  # cheaper wins
    assert [s.value for s in store.own_entries(ann)] == [2]
    exported = store.export(session.code)
    assert exported["rounds"][0]["results"] == results
    assert "Ann" in store.export_csv(session.code)


def bad_requests(store: Store, code: str, ann: Player) -> list[tuple[str, object]]:
    """Each refused request with the field its error must name."""
    ghost = Player(code, "Nobody", "XXXX")
    return [
        ("code", lambda: store.join("ZZZZZ", "Cat")),
        ("name", lambda: store.join(code, "")),
        ("name", lambda: store.join(code, "   ")),
        ("name", lambda: store.join(code, "x" * (MAX_NAME + 1))),
        ("name", lambda: store.join(code, "ANN")),  # duplicate, case-insensitive
        ("name", lambda: store.join(code, "bell\x07")),
        ("value", lambda: store.submit(ann, "seven")),
        ("value", lambda: store.submit(ann, "3.5")),
        ("value", lambda: store.submit(ann, "")),
        ("value", lambda: store.submit(ann, "0")),
        ("value", lambda: store.submit(ann, "7")),
        ("value", lambda: store.submit(ann, "9" * 50)),
        ("name", lambda: store.submit(ghost, "3")),
        ("name", lambda: store.submit(Player(code, "Ann", "XXXX"), "3")),
        ("round", lambda: store.open_round(code)),  # one is open already
        ("experiment", lambda: store.create_session("poker")),
        ("highest", lambda: store.create_session("pricing", {"highest": 9})),
        ("lowest", lambda: store.create_session("pricing", {"lowest": 5, "highest": 2})),
        ("boards", lambda: store.create_session("take_or_pass", {"boards": "many"})),
        ("colour", lambda: store.create_session("bid", {"colour": 1})),
    ]


def test_bad_input_is_refused_with_the_field_and_changes_nothing(store: Store) -> None:
    session = store.create_session("pricing")
    ann = store.join(session.code, "Ann")
    store.open_round(session.code, seed=3)
    store.submit(ann, "5")
    for field, request in bad_requests(store, session.code, ann):
        before = dump(store.path)
        with pytest.raises(ClassroomError) as error:
            request()
        assert error.value.field == field, str(error.value)
        assert dump(store.path) == before, f"{field}: {error.value} changed the database"
    # after the round closed: a submission is refused and changes nothing
    store.close_round(session.code)
    before = dump(store.path)
    with pytest.raises(ClassroomError, match="no round is open"):
        store.submit(ann, "2")
    with pytest.raises(ClassroomError, match="no round is open"):
        store.close_round(session.code)
    assert dump(store.path) == before
    assert [s.value for s in store.submissions(session.code)] == [5]


def test_rejoin_with_the_code_comes_back_as_the_same_player(store: Store) -> None:
    session = store.create_session("bid")
    ann = store.join(session.code, "Ann")
    again = store.join(session.code, "ann", rejoin=ann.rejoin.lower())
    assert again == ann
    shown = format_rejoin(ann.rejoin)  # as the page shows it: ABCDE-FGHJK
    assert store.join(session.code, "Ann", rejoin=f" {shown.lower()} ") == ann
    assert store.rejoin_failures(session.code) == 0


def test_a_rejoin_code_is_a_secret_of_at_least_40_bits(store: Store) -> None:
    """GH-22: a 4-character code (923,521 values) was found by brute force in 10 s."""
    assert len(CODE_ALPHABET) ** REJOIN_LENGTH >= 2**40
    session = store.create_session("pricing")
    codes = [store.join(session.code, f"student {i}").rejoin for i in range(200)]
    assert len(set(codes)) == len(codes)
    assert all(len(c) == REJOIN_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    # every symbol turns up: drawn from the whole alphabet, not a few letters
    assert set("".join(codes)) == set(CODE_ALPHABET)


def _tables(path: Path) -> list[str]:
    return [line for line in dump(path) if "rejoin_failures" not in line]


def test_a_wrong_rejoin_code_is_refused_and_only_counted(store: Store) -> None:
    session = store.create_session("pricing")
    store.join(session.code, "Ann")
    before = _tables(store.path)
    for forged in ("WRONGCODE1", "é" * 12, "x" * 500, "'; DROP TABLE players; --"):
        with pytest.raises(ClassroomError, match="wrong rejoin code for 'Ann'") as error:
            store.join(session.code, "Ann", rejoin=forged)
        assert error.value.field == "rejoin"
    assert _tables(store.path) == before  # no player, session or submission changed
    assert store.rejoin_failures(session.code) == 4
    with pytest.raises(ClassroomError, match="is taken") as error:  # no code: not a guess
        store.join(session.code, "Ann")
    assert error.value.field == "name" and store.rejoin_failures(session.code) == 4


def test_a_bounded_brute_force_of_a_rejoin_code_fails_and_hits_the_session_limit(
    store: Store,
) -> None:
    """GH-22: guessing a student's code to take over their answer stops at the limit."""
    import random

    session = store.create_session("pricing")
    ann = store.join(session.code, "Ann")
    store.open_round(session.code, seed=5)
    store.submit(ann, "4")
    rng = random.Random(2026)
    tries = 3 * MAX_SESSION_REJOIN_FAILURES
    refusals: list[str] = []
    for _ in range(tries):
        guess = "".join(rng.choice(CODE_ALPHABET) for _ in range(REJOIN_LENGTH))
        with pytest.raises(ClassroomError) as error:
            store.join(session.code, "Ann", rejoin=guess)
        assert error.value.field == "rejoin"
        refusals.append(str(error.value))
    limit = f"limit of {MAX_SESSION_REJOIN_FAILURES} failed rejoin tries"
    assert not any(limit in r for r in refusals[:MAX_SESSION_REJOIN_FAILURES])
    assert all(limit in r for r in refusals[MAX_SESSION_REJOIN_FAILURES:])
    assert store.rejoin_failures(session.code) == MAX_SESSION_REJOIN_FAILURES
    # past the limit even the right code is refused: the limit is no oracle
    with pytest.raises(ClassroomError, match=limit):
        store.join(session.code, "Ann", rejoin=ann.rejoin)
    assert [(s.name, s.value) for s in store.submissions(session.code)] == [("Ann", 4)]
    assert store.reset_rejoin_failures(session.code) == MAX_SESSION_REJOIN_FAILURES
    assert store.join(session.code, "Ann", rejoin=ann.rejoin) == ann
    # other sessions are not touched by this one's limit
    other = store.create_session("pricing")
    bo = store.join(other.code, "Bo")
    assert store.join(other.code, "Bo", rejoin=bo.rejoin) == bo


def test_shared_pages_is_a_checked_session_option(store: Store, tmp_path: Path) -> None:
    assert store.create_session("pricing").shared_pages is False
    shared = store.create_session("pricing", shared_pages=True)
    assert store.session(shared.code).shared_pages is True
    before = dump(store.path)
    with pytest.raises(ClassroomError) as error:
        store.create_session("pricing", shared_pages="yes")
    assert error.value.field == "shared_pages" and dump(store.path) == before
    # a database written before the option opens, and its sessions are one page one student
    reopened = old_store(
        tmp_path / "old.sqlite3",
        "experiment TEXT NOT NULL, params TEXT NOT NULL, created REAL NOT NULL",
        "'OLD23', 'pricing', '{}', 0",
    )
    try:
        assert reopened.session("OLD23").shared_pages is False
    finally:
        reopened.close()


def test_names_are_cleaned_not_escaped() -> None:
    assert clean_name("  <script>alert(1)</script> ") == (
        "<script>alert(1)</script>",
        "<script>alert(1)</script>",
    )
    assert clean_name("Ann   Lee") == ("Ann Lee", "ann lee")


# ---------------------------------------------------------------- property test
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    steps=st.lists(
        st.one_of(
            st.tuples(st.just("submit"), st.integers(0, 3), st.integers(-1, 8)),
            st.tuples(st.just("next"), st.just(0), st.just(0)),
        ),
        max_size=30,
    )
)
def test_store_matches_a_model_of_last_valid_submission_wins(tmp_path_factory, steps) -> None:
    path = tmp_path_factory.mktemp("prop") / "p.sqlite3"
    store = Store(path)
    try:
        code = store.create_session("pricing").code
        players = [store.join(code, f"S{i}") for i in range(4)]
        store.open_round(code, seed=1)
        model: dict[int, dict[str, int]] = {1: {}}
        current = 1
        for kind, who, value in steps:
            if kind == "next":
                store.close_round(code)
                current = store.open_round(code, seed=current).number
                model[current] = {}
                continue
            if 1 <= value <= 6:
                store.submit(players[who], str(value))
                model[current][players[who].name] = value
            else:
                with pytest.raises(ClassroomError):
                    store.submit(players[who], str(value))
        for number, expected in model.items():
            assert {s.name: s.value for s in store.submissions(code, number)} == expected
    finally:
        store.close()


# ---------------------------------------------------------------- processes
def _writer(path: str, code: str, name: str, start: float, values: list[int]) -> None:
    store = Store(path)
    player = store.join(code, name)
    while time.time() < start:  # everyone starts at the same instant
        time.sleep(0.001)
    for value in values:
        store.submit(player, str(value))
    store.close()


def test_concurrent_writers_from_several_processes_all_count(tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite3"
    store = Store(path)
    code = store.create_session("pricing").code
    store.open_round(code, seed=5)
    start = time.time() + 3.0  # spawned interpreters need time to import
    writers = [
        CONTEXT.Process(
            target=_writer,
            args=(str(path), code, f"P{i}", start, [1 + (i + k) % 6 for k in range(5)]),
        )
        for i in range(6)
    ]
    for w in writers:
        w.start()
    for w in writers:
        w.join(60)
        assert w.exitcode == 0
    recorded = {s.name: (s.value, s.revision) for s in store.submissions(code, 1)}
    assert recorded == {f"P{i}": (1 + (i + 4) % 6, 5) for i in range(6)}  # last of 5 each
    store.close()


def _killed_writer(path: str, code: str, ready, acknowledged) -> None:
    store = Store(path)
    player = store.join(code, "Kim")
    for value in range(1, 7):
        store.submit(player, str(value))
        acknowledged.value = value  # committed before this line runs
    # now hold the write lock mid-transaction, uncommitted, until killed
    store._db.execute("BEGIN IMMEDIATE")
    store._db.execute("UPDATE submissions SET value = 1, revision = 999 WHERE name_key = 'kim'")
    ready.set()
    time.sleep(60)


def test_a_killed_writer_loses_nothing_committed_and_leaves_no_lock(tmp_path: Path) -> None:
    path = tmp_path / "kill.sqlite3"
    store = Store(path)
    code = store.create_session("pricing").code
    store.open_round(code, seed=5)
    ready = CONTEXT.Event()
    acknowledged = CONTEXT.Value("i", 0)
    writer = CONTEXT.Process(target=_killed_writer, args=(str(path), code, ready, acknowledged))
    writer.start()
    assert ready.wait(60)
    os.kill(writer.pid, signal.SIGKILL)
    writer.join(10)
    assert acknowledged.value == 6
    [kim] = store.submissions(code, 1)
    assert (kim.value, kim.revision) == (6, 6)  # the uncommitted update left no trace
    # the dead process's lock is gone: a writer that will not wait at all gets it
    probe = sqlite3.connect(str(path), timeout=0, isolation_level=None)
    probe.execute("BEGIN IMMEDIATE")  # raises "database is locked" if anyone holds it
    probe.execute("ROLLBACK")
    probe.close()
    other = store.join(code, "Lee")
    store.submit(other, "2")
    store.close()


def test_restart_loses_nothing_and_the_open_round_stays_open(tmp_path: Path) -> None:
    path = tmp_path / "restart.sqlite3"
    store = Store(path)
    code = store.create_session("take_or_pass", {"dice": 5, "boards": 20}).code
    ann = store.join(code, "Ann")
    store.open_round(code, seed=9)
    store.submit(ann, "3")
    store.close()
    again = Store(path)
    assert [(s.name, s.value) for s in again.submissions(code)] == [("Ann", 3)]
    bob = again.join(code, "Bob")
    again.submit(bob, "4")
    again.close_round(code)
    assert again.results(code, 1)["pairings"] == 1
    again.close()


def test_the_coach_is_a_checked_session_option_off_by_default(store: Store, tmp_path: Path) -> None:
    """Issue 23: the coach is off in a class experiment unless the teacher allows it."""
    session = store.create_session("pricing")
    assert session.coach is False and store.session(session.code).coach is False
    assert store.create_session("bid", coach=True).coach is True
    assert store.set_coach(session.code, True).coach is True
    assert store.session(session.code).coach is True
    assert store.export(session.code)["session"]["coach"] is True
    before = dump(store.path)
    for bad in ("yes", 1, None):
        with pytest.raises(ClassroomError) as error:
            store.set_coach(session.code, bad)
        assert error.value.field == "coach"
        with pytest.raises(ClassroomError) as error:
            store.create_session("pricing", coach=bad)
        assert error.value.field == "coach"
    with pytest.raises(ClassroomError) as error:
        store.set_coach("NOSUCH", False)
    assert error.value.field == "code" and dump(store.path) == before
    # a database written before the option opens with the coach off in its sessions
    reopened = old_store(
        tmp_path / "old.sqlite3",
        "experiment TEXT NOT NULL, params TEXT NOT NULL, created REAL NOT NULL, "
        "shared_pages INTEGER NOT NULL DEFAULT 0",
        "'OLD23', 'pricing', '{}', 0, 1",
    )
    try:
        assert reopened.session("OLD23").coach is False
        assert reopened.session("OLD23").shared_pages is True
    finally:
        reopened.close()
