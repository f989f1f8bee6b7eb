"""Sessions, rounds and submissions in one SQLite file (standard library ``sqlite3``).

One file per server, in WAL mode: readers never block the writer, and every
write is one ``BEGIN IMMEDIATE`` transaction (the write lock is taken at the
start, so two processes never both read-then-write; a busy lock is waited for
up to :data:`BUSY_TIMEOUT_MS`). A committed submission survives a killed
process and a restart; an uncommitted one leaves no trace.

Every check happens inside the transaction that writes, and a refused request
raises :class:`ClassroomError` (a ``ValueError`` naming the field) and changes
nothing: an unknown session code, an empty, too long or duplicate name, a value
out of range or not a number, a submission when no round is open.

A second submission of a student in the same round replaces the first (the
row's ``revision`` counts them).

A rejoin code is a per-student secret of :data:`REJOIN_LENGTH` characters
(about 49.5 bits), compared in constant time; each wrong one is recorded, and
after :data:`MAX_SESSION_REJOIN_FAILURES` in a session every rejoin there is
refused until the teacher resets the count (see docs/security.md).
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import io
import json
import os
import secrets
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from hoteledu.classroom.experiments import ExperimentError, get_experiment, play_round

DB_ENV = "HOTELEDU_CLASSROOM_DB"
"""Environment variable naming the database file (the launcher sets it for the pages)."""
BUSY_TIMEOUT_MS = 30_000
MAX_NAME = 30
"""Longest display name (characters)."""
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Session codes avoid 0/O and 1/I/L, which students misread."""
CODE_LENGTH = 5
REJOIN_LENGTH = 10
"""Characters of a rejoin code: 31**10 is about 2**49.5, unguessable in a class period."""
MAX_SESSION_REJOIN_FAILURES = 100
"""Wrong rejoin codes a session takes before every rejoin in it is refused."""
EXPORT_FORMAT = "hoteledu-classroom-session"

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    code TEXT PRIMARY KEY,
    experiment TEXT NOT NULL,
    params TEXT NOT NULL,
    created REAL NOT NULL,
    shared_pages INTEGER NOT NULL DEFAULT 0,
    coach INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS players (
    session TEXT NOT NULL REFERENCES sessions(code),
    name_key TEXT NOT NULL,
    name TEXT NOT NULL,
    rejoin TEXT NOT NULL,
    joined REAL NOT NULL,
    PRIMARY KEY (session, name_key)
);
CREATE TABLE IF NOT EXISTS rounds (
    session TEXT NOT NULL REFERENCES sessions(code),
    number INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
    opened REAL NOT NULL,
    closed REAL,
    results TEXT,
    PRIMARY KEY (session, number)
);
CREATE TABLE IF NOT EXISTS submissions (
    session TEXT NOT NULL,
    round INTEGER NOT NULL,
    name_key TEXT NOT NULL,
    value INTEGER NOT NULL,
    submitted REAL NOT NULL,
    revision INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (session, round, name_key),
    FOREIGN KEY (session, round) REFERENCES rounds(session, number),
    FOREIGN KEY (session, name_key) REFERENCES players(session, name_key)
);
CREATE TABLE IF NOT EXISTS rejoin_failures (
    session TEXT NOT NULL REFERENCES sessions(code),
    name_key TEXT NOT NULL,
    tried REAL NOT NULL
);
"""


class ClassroomError(ValueError):
    """A refused request; ``field`` names what was wrong. Nothing was changed."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


def default_db_path() -> Path:
    """``$HOTELEDU_CLASSROOM_DB``, else ``classroom.sqlite3`` in the user's data directory."""
    if os.environ.get(DB_ENV):
        return Path(os.environ[DB_ENV])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hoteledu" / "classroom.sqlite3"


def clean_name(name: Any) -> tuple[str, str]:
    """A display name (spaces collapsed) and its key (case-folded); refuses empty/long/control."""
    if not isinstance(name, str):
        raise ClassroomError("name", "must be text")
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise ClassroomError("name", "empty: type a display name")
    if len(text) > MAX_NAME:
        raise ClassroomError("name", f"too long: at most {MAX_NAME} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise ClassroomError("name", "contains control characters")
    return text, text.casefold()


def clean_code(code: Any) -> str:
    if not isinstance(code, str):
        raise ClassroomError("code", "must be text")
    return code.strip().upper()[:20]


def new_rejoin_code() -> str:
    """A fresh per-student secret: :data:`REJOIN_LENGTH` characters of :data:`CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(REJOIN_LENGTH))


def format_rejoin(code: str) -> str:
    """A rejoin code as shown to the student, in groups of five (``ABCDE-FGHJK``)."""
    return "-".join(code[i : i + 5] for i in range(0, len(code), 5))


def clean_rejoin(rejoin: Any) -> bytes:
    """A typed rejoin code as ASCII bytes (case, spaces and dashes ignored) for compare_digest."""
    if not isinstance(rejoin, str):
        raise ClassroomError("rejoin", "must be text")
    text = "".join(rejoin.split()).replace("-", "").upper()[:40]
    # compare_digest refuses non-ASCII text; such a code can match nothing
    return text.encode("ascii", errors="replace")


@dataclasses.dataclass(frozen=True)
class Session:
    code: str
    experiment: str
    params: dict[str, int]
    created: float
    shared_pages: bool = False
    """True: one student page may join under several names (shared computers)."""
    coach: bool = False
    """True: the teacher allows the coach in the students' practice game (off by default)."""


@dataclasses.dataclass(frozen=True)
class Round:
    number: int
    seed: int
    status: str
    opened: float
    closed: float | None


@dataclasses.dataclass(frozen=True)
class Player:
    session: str
    name: str
    rejoin: str
    """The student's secret (:data:`REJOIN_LENGTH` characters) to come back after a reload."""


@dataclasses.dataclass(frozen=True)
class Submission:
    round: int
    name: str
    value: int
    submitted: float
    revision: int


class Store:
    """One connection to the classroom database (safe to share between threads).

    Open several ``Store`` objects on the same file from several processes:
    SQLite's locks and WAL keep them consistent.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            str(self.path),
            timeout=BUSY_TIMEOUT_MS / 1000,
            isolation_level=None,
            check_same_thread=False,
        )
        self._db.row_factory = sqlite3.Row
        self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        mode = self._db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise RuntimeError(f"could not switch {self.path} to WAL mode (got {mode})")
        self._db.execute("PRAGMA synchronous = FULL")
        self._db.execute("PRAGMA foreign_keys = ON")
        with self._lock:
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            columns = {r["name"] for r in self._db.execute("PRAGMA table_info(sessions)")}
            for option in ("shared_pages", "coach"):  # a database written before the option
                if option not in columns:
                    self._db.execute(
                        f"ALTER TABLE sessions ADD COLUMN {option} INTEGER NOT NULL DEFAULT 0"
                    )

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # ------------------------------------------------------------ transactions
    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction holding SQLite's write lock from its start."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @contextlib.contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One consistent snapshot for several reads."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                yield self._db
            finally:
                self._db.execute("COMMIT")

    # ------------------------------------------------------------ sessions
    def create_session(
        self,
        experiment: str,
        params: Mapping[str, Any] | None = None,
        shared_pages: bool = False,
        coach: bool = False,
    ) -> Session:
        """A new session with a fresh code; the experiment's parameters checked first.

        ``shared_pages``: one student page may join under several names (for
        shared computers); by default one page is one student. ``coach``: the
        students' practice game offers the coach (by default it does not).
        """
        if not isinstance(shared_pages, bool):
            raise ClassroomError("shared_pages", f"must be True or False, got {shared_pages!r}")
        if not isinstance(coach, bool):
            raise ClassroomError("coach", f"must be True or False, got {coach!r}")
        try:
            chosen = get_experiment(experiment)
            checked = chosen.check_params(params)
        except ExperimentError as error:
            raise ClassroomError(error.field, str(error).split(": ", 1)[1]) from None
        now = time.time()
        with self._write() as db:
            while True:
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if not db.execute("SELECT 1 FROM sessions WHERE code = ?", (code,)).fetchone():
                    break
            db.execute(
                "INSERT INTO sessions (code, experiment, params, created, shared_pages, coach) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    code,
                    experiment,
                    json.dumps(checked, sort_keys=True),
                    now,
                    int(shared_pages),
                    int(coach),
                ),
            )
        return Session(code, experiment, checked, now, shared_pages, coach)

    def set_coach(self, code: Any, allowed: bool) -> Session:
        """The teacher allows or forbids the coach in the session's practice games."""
        if not isinstance(allowed, bool):
            raise ClassroomError("coach", f"must be True or False, got {allowed!r}")
        code = clean_code(code)
        with self._write() as db:
            self._session(db, code)
            db.execute("UPDATE sessions SET coach = ? WHERE code = ?", (int(allowed), code))
            return self._session(db, code)

    def session(self, code: Any) -> Session:
        with self._read() as db:
            return self._session(db, clean_code(code))

    @staticmethod
    def _session(db: sqlite3.Connection, code: str) -> Session:
        row = db.execute("SELECT * FROM sessions WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise ClassroomError("code", f"no session with code {code!r}: check the code")
        return Store._session_of(row)

    @staticmethod
    def _session_of(row: sqlite3.Row) -> Session:
        return Session(
            row["code"],
            row["experiment"],
            json.loads(row["params"]),
            row["created"],
            bool(row["shared_pages"]),
            bool(row["coach"]),
        )

    def sessions(self) -> list[Session]:
        with self._read() as db:
            rows = db.execute("SELECT * FROM sessions ORDER BY created").fetchall()
        return [self._session_of(r) for r in rows]

    # ------------------------------------------------------------ rounds
    @staticmethod
    def _rounds(db: sqlite3.Connection, code: str) -> list[Round]:
        rows = db.execute(
            "SELECT number, seed, status, opened, closed FROM rounds WHERE session = ? "
            "ORDER BY number",
            (code,),
        ).fetchall()
        return [Round(*tuple(r)) for r in rows]

    def rounds(self, code: Any) -> list[Round]:
        code = clean_code(code)
        with self._read() as db:
            self._session(db, code)
            return self._rounds(db, code)

    def open_round(self, code: Any, seed: int | None = None) -> Round:
        """Open the next round (none may be open); ``seed`` defaults to a fresh random one."""
        code = clean_code(code)
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31:
            raise ClassroomError("seed", f"must be a whole number 0..2**31-1, got {seed!r}")
        now = time.time()
        with self._write() as db:
            self._session(db, code)
            rounds = self._rounds(db, code)
            if rounds and rounds[-1].status == "open":
                raise ClassroomError("round", f"round {rounds[-1].number} is still open")
            number = len(rounds) + 1
            db.execute(
                "INSERT INTO rounds (session, number, seed, status, opened) "
                "VALUES (?, ?, ?, 'open', ?)",
                (code, number, seed, now),
            )
        return Round(number, seed, "open", now, None)

    def close_round(self, code: Any) -> Round:
        """Close the open round (no more submissions), then play it and store the results."""
        code = clean_code(code)
        now = time.time()
        with self._write() as db:
            self._session(db, code)
            rounds = self._rounds(db, code)
            if not rounds or rounds[-1].status != "open":
                raise ClassroomError("round", "no round is open")
            current = rounds[-1]
            db.execute(
                "UPDATE rounds SET status = 'closed', closed = ? WHERE session = ? AND number = ?",
                (now, code, current.number),
            )
        self.results(code, current.number)  # played and stored now, not on first view
        return dataclasses.replace(current, status="closed", closed=now)

    def current_round(self, code: Any) -> Round | None:
        rounds = self.rounds(code)
        return rounds[-1] if rounds else None

    def results(self, code: Any, number: int) -> dict[str, Any]:
        """The closed round's results (played once from the stored submissions, then stored)."""
        code = clean_code(code)
        with self._read() as db:
            session = self._session(db, code)
            row = db.execute(
                "SELECT seed, status, results FROM rounds WHERE session = ? AND number = ?",
                (code, number),
            ).fetchone()
            if row is None:
                raise ClassroomError("round", f"no round {number}")
            if row["status"] != "closed":
                raise ClassroomError("round", f"round {number} is still open")
            if row["results"] is not None:
                return json.loads(row["results"])
            values = self._values(db, code, number)
        experiment = get_experiment(session.experiment)
        results = play_round(experiment, session.params, row["seed"], values)
        with self._write() as db:  # deterministic: a concurrent writer stores the same
            db.execute(
                "UPDATE rounds SET results = ? WHERE session = ? AND number = ? "
                "AND results IS NULL",
                (json.dumps(results), code, number),
            )
        return results

    @staticmethod
    def _values(db: sqlite3.Connection, code: str, number: int) -> dict[str, int]:
        rows = db.execute(
            "SELECT p.name, s.value FROM submissions s JOIN players p "
            "ON p.session = s.session AND p.name_key = s.name_key "
            "WHERE s.session = ? AND s.round = ?",
            (code, number),
        ).fetchall()
        return {r["name"]: r["value"] for r in rows}

    # ------------------------------------------------------------ students
    def join(self, code: Any, name: Any, rejoin: str | None = None) -> Player:
        """Register ``name`` in the session; with its rejoin code, come back as that name.

        A wrong rejoin code is refused and recorded (the only write a refused
        join makes); once the session holds :data:`MAX_SESSION_REJOIN_FAILURES`
        of them, every rejoin in it is refused, the right code included, until
        :meth:`reset_rejoin_failures`.
        """
        code = clean_code(code)
        text, key = clean_name(name)
        typed = clean_rejoin(rejoin) if rejoin else b""
        with self._write() as db:
            self._session(db, code)
            row = db.execute(
                "SELECT name, rejoin FROM players WHERE session = ? AND name_key = ?",
                (code, key),
            ).fetchone()
            if row is None:
                new_code = new_rejoin_code()
                db.execute(
                    "INSERT INTO players VALUES (?, ?, ?, ?, ?)",
                    (code, key, text, new_code, time.time()),
                )
                return Player(code, text, new_code)
            if not typed:
                raise ClassroomError(
                    "name",
                    f"{text!r} is taken in this session: choose another name "
                    "(or give your rejoin code to come back as this name)",
                )
            failures = self._rejoin_failures(db, code)
            if failures >= MAX_SESSION_REJOIN_FAILURES:
                raise ClassroomError(
                    "rejoin",
                    f"this session's limit of {MAX_SESSION_REJOIN_FAILURES} failed rejoin "
                    "tries is reached: ask the teacher to allow rejoins again",
                )
            if secrets.compare_digest(typed, row["rejoin"].encode()):
                return Player(code, row["name"], row["rejoin"])
            # recorded and committed, then refused (raising here would roll it back)
            db.execute("INSERT INTO rejoin_failures VALUES (?, ?, ?)", (code, key, time.time()))
        raise ClassroomError(
            "rejoin",
            f"wrong rejoin code for {text!r} ({failures + 1} failed tries in this "
            f"session; at {MAX_SESSION_REJOIN_FAILURES} rejoining stops)",
        )

    @staticmethod
    def _rejoin_failures(db: sqlite3.Connection, code: str) -> int:
        row = db.execute("SELECT COUNT(*) FROM rejoin_failures WHERE session = ?", (code,))
        return int(row.fetchone()[0])

    def rejoin_failures(self, code: Any) -> int:
        """Wrong rejoin codes tried in the session since the last reset."""
        code = clean_code(code)
        with self._read() as db:
            self._session(db, code)
            return self._rejoin_failures(db, code)

    def reset_rejoin_failures(self, code: Any) -> int:
        """The teacher allows rejoins again; returns how many failed tries were forgotten."""
        code = clean_code(code)
        with self._write() as db:
            self._session(db, code)
            cursor = db.execute("DELETE FROM rejoin_failures WHERE session = ?", (code,))
        return cursor.rowcount

    def submit(self, player: Player, value_text: Any) -> tuple[Submission, bool]:
        """Record the player's value for the open round; True when it replaced an earlier one."""
        code = clean_code(player.session)
        _text, key = clean_name(player.name)
        with self._write() as db:
            session = self._session(db, code)
            row = db.execute(
                "SELECT rejoin FROM players WHERE session = ? AND name_key = ?", (code, key)
            ).fetchone()
            if row is None or row["rejoin"] != player.rejoin:
                raise ClassroomError("name", "not joined in this session: join first")
            rounds = self._rounds(db, code)
            if not rounds or rounds[-1].status != "open":
                raise ClassroomError("round", "no round is open: wait for the teacher to open one")
            number = rounds[-1].number
            try:
                value = get_experiment(session.experiment).validate(value_text, session.params)
            except ExperimentError as error:
                raise ClassroomError(error.field, str(error).split(": ", 1)[1]) from None
            now = time.time()
            old = db.execute(
                "SELECT revision FROM submissions WHERE session = ? AND round = ? AND name_key = ?",
                (code, number, key),
            ).fetchone()
            revision = 1 if old is None else old["revision"] + 1
            db.execute(
                "INSERT INTO submissions (session, round, name_key, value, submitted, revision) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (session, round, name_key) DO UPDATE SET "
                "value = excluded.value, submitted = excluded.submitted, "
                "revision = excluded.revision",
                (code, number, key, value, now, revision),
            )
        return Submission(number, player.name, value, now, revision), old is not None

    def submissions(self, code: Any, number: int | None = None) -> list[Submission]:
        """All submissions of the session (or of one round), oldest round first."""
        code = clean_code(code)
        query = (
            "SELECT s.round, p.name, s.value, s.submitted, s.revision FROM submissions s "
            "JOIN players p ON p.session = s.session AND p.name_key = s.name_key "
            "WHERE s.session = ?"
        )
        args: tuple[Any, ...] = (code,)
        if number is not None:
            query += " AND s.round = ?"
            args = (code, number)
        with self._read() as db:
            self._session(db, code)
            rows = db.execute(query + " ORDER BY s.round, s.submitted, p.name", args).fetchall()
        return [Submission(*tuple(r)) for r in rows]

    def own_entries(self, player: Player) -> list[Submission]:
        """One student's own submissions (all rounds)."""
        key = clean_name(player.name)[1]
        return [s for s in self.submissions(player.session) if s.name.casefold() == key]

    def players(self, code: Any) -> list[str]:
        code = clean_code(code)
        with self._read() as db:
            self._session(db, code)
            rows = db.execute(
                "SELECT name FROM players WHERE session = ? ORDER BY joined", (code,)
            ).fetchall()
        return [r["name"] for r in rows]

    # ------------------------------------------------------------ export
    def export(self, code: Any) -> dict[str, Any]:
        """The whole session as JSON-ready data (rules, rounds, submissions, results)."""
        code = clean_code(code)
        session = self.session(code)
        rounds = []
        for r in self.rounds(code):
            subs = self.submissions(code, r.number)
            rounds.append(
                {
                    "number": r.number,
                    "seed": r.seed,
                    "status": r.status,
                    "opened": r.opened,
                    "closed": r.closed,
                    "submissions": [
                        {
                            "name": s.name,
                            "value": s.value,
                            "submitted": s.submitted,
                            "revision": s.revision,
                        }
                        for s in subs
                    ],
                    "results": self.results(code, r.number) if r.status == "closed" else None,
                }
            )
        return {
            "format": EXPORT_FORMAT,
            "version": 1,
            "session": {
                "code": session.code,
                "experiment": session.experiment,
                "params": session.params,
                "created": session.created,
                "coach": session.coach,
            },
            "players": self.players(code),
            "rounds": rounds,
        }

    def export_csv(self, code: Any) -> str:
        """One row per submission: session, experiment, round, seed, name, value, score."""
        data = self.export(code)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(
            [
                "session",
                "experiment",
                "round",
                "seed",
                "name",
                "value",
                "submitted",
                "revision",
                "score",
            ]
        )
        for r in data["rounds"]:
            scores = {}
            if r["results"]:
                scores = {row["name"]: row["score"] for row in r["results"]["leaderboard"]}
            for s in r["submissions"]:
                writer.writerow(
                    [
                        data["session"]["code"],
                        data["session"]["experiment"],
                        r["number"],
                        r["seed"],
                        _csv_safe(s["name"]),
                        s["value"],
                        f"{s['submitted']:.3f}",
                        s["revision"],
                        scores.get(s["name"], ""),
                    ]
                )
        return out.getvalue()


def _csv_safe(text: str) -> str:
    """A name a spreadsheet will not run as a formula (leading = + - @ get a quote)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
