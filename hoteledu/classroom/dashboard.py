"""The teacher's dashboard: asks for the token, then creates sessions, opens and closes rounds.

Only this page opens or closes rounds and exports data, and only after the
teacher token (printed by ``python -m hoteledu.classroom serve``, passed to
the page's kernel as ``$HOTELEDU_CLASSROOM_TOKEN``) was typed in.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import secrets
import threading

import ipywidgets as widgets

from hoteledu.classroom.experiments import EXPERIMENTS, fit_test, get_experiment
from hoteledu.classroom.store import (
    MAX_SESSION_REJOIN_FAILURES,
    ClassroomError,
    Round,
    Store,
    Submission,
)
from hoteledu.classroom.views import (
    esc,
    fit_html,
    histogram_svg,
    leaderboard_html,
    message_html,
    projector_html,
    qr_svg,
    theory_html,
)

TOKEN_ENV = "HOTELEDU_CLASSROOM_TOKEN"
STUDENT_URL_ENV = "HOTELEDU_CLASSROOM_STUDENT_URL"
"""The address the launcher printed for students, shown on the projector."""


class Dashboard:
    """The teacher's page; everything but the token field stays hidden until unlocked."""

    def __init__(self, store: Store, token: str | None, auto_refresh: float | None = None) -> None:
        """``auto_refresh``: seconds between updates of the open round's submission count."""
        self.store = store
        self._token = token or ""
        # Authority lives here, in the kernel, set only by unlock() after the
        # token was checked; no widget trait (layout included) is consulted.
        self._unlocked = False
        self._lock = threading.RLock()  # the auto-refresh thread and the buttons take turns
        self._stopped = threading.Event()
        self.code: str | None = None
        self.token = widgets.Password(placeholder="teacher token", description="Token")
        self.unlock_button = widgets.Button(description="Unlock", button_style="primary")
        self.message = widgets.HTML()
        self.experiment = widgets.Dropdown(
            options=[(e.title, e.key) for e in EXPERIMENTS.values()],
            description="Experiment",
            # the default 300 px cut "Boutique: one-booking pricing g"
            layout=widgets.Layout(
                width=f"{130 + 8 * max(len(e.title) for e in EXPERIMENTS.values())}px"
            ),
        )
        self.params_box = widgets.VBox()
        self.shared_pages = widgets.Checkbox(
            value=False,
            description="shared computers: one page may join under several names",
            indent=False,
        )
        self.coach = widgets.Checkbox(
            value=False,
            description="allow the coach in the students' practice game",
            indent=False,
        )
        self.param_fields: dict[str, widgets.BoundedIntText] = {}
        self.create_button = widgets.Button(description="Create session", button_style="primary")
        self.resume_code = widgets.Text(placeholder="code of an earlier session")
        self.resume_button = widgets.Button(description="Resume session")
        self.session_info = widgets.HTML()
        self.open_button = widgets.Button(description="Open round", button_style="success")
        self.close_button = widgets.Button(description="Close round", button_style="warning")
        self.refresh_button = widgets.Button(description="Refresh")
        self.export_json_button = widgets.Button(description="Export JSON")
        self.export_csv_button = widgets.Button(description="Export CSV")
        self.projector_button = widgets.Button(
            description="Projector view", tooltip="large type for the room: no buttons, no seeds"
        )
        fit = widgets.Layout(width="auto")  # the default 148 px cuts a longer label
        self.back_button = widgets.Button(description="Back to the controls", layout=fit)
        self.projector = widgets.HTML()
        self.projecting = False
        self.student_url = os.environ.get(STUDENT_URL_ENV) or None
        self.reset_rejoins_button = widgets.Button(
            description="Allow rejoins again",
            tooltip="forget the session's failed rejoin tries",
            layout=widgets.Layout(width="auto"),
        )
        # two buttons, each setting one value: a double press, or a press on a label drawn
        # before the other had taken effect, does what it said (a toggle would undo itself)
        self.allow_coach_button = widgets.Button(
            description="Allow the coach",
            tooltip="the coach in the students' practice game (off in a class by default)",
            layout=widgets.Layout(width="auto"),
        )
        self.forbid_coach_button = widgets.Button(
            description="Forbid the coach",
            tooltip="no coach in the students' practice game",
            layout=widgets.Layout(width="auto"),
        )
        self.status = widgets.HTML()
        self.results = widgets.HTML()
        self.export_link = widgets.HTML()
        self.setup_box = widgets.VBox(
            [
                self.experiment,
                self.params_box,
                self.shared_pages,
                self.coach,
                self.create_button,
                widgets.HBox([self.resume_code, self.resume_button]),
            ]
        )
        self.session_box = widgets.VBox(
            [
                self.session_info,
                widgets.HBox(
                    [
                        self.open_button,
                        self.close_button,
                        self.refresh_button,
                        self.export_json_button,
                        self.export_csv_button,
                        self.reset_rejoins_button,
                        self.allow_coach_button,
                        self.forbid_coach_button,
                        self.projector_button,
                    ]
                ),
                self.status,
                self.results,
                self.export_link,
            ]
        )
        self.projector_box = widgets.VBox([self.projector, self.back_button])
        self.projector_box.layout.display = "none"
        self.teacher_box = widgets.VBox([self.setup_box, self.session_box, self.projector_box])
        self.session_box.layout.display = "none"
        # The teacher's panel joins the page only once unlocked.
        self.box = widgets.VBox(
            [
                widgets.HTML("<h2>hoteledu classroom: teacher dashboard</h2>"),
                widgets.HBox([self.token, self.unlock_button]),
                self.message,
            ]
        )
        self.unlock_button.on_click(lambda _b: self.unlock(self.token.value))
        # a locked page builds nothing a browser asks for, not even parameter fields
        self.experiment.observe(lambda _c: self.unlocked and self._param_fields(), names="value")
        self.create_button.on_click(lambda _b: self._guard(self.create_session))
        self.resume_button.on_click(lambda _b: self._guard(self.resume))
        self.open_button.on_click(lambda _b: self._guard(self.open_round))
        self.close_button.on_click(lambda _b: self._guard(self.close_round))
        self.refresh_button.on_click(lambda _b: self._guard(self.refresh))
        self.export_json_button.on_click(lambda _b: self._guard(lambda: self.export("json")))
        self.export_csv_button.on_click(lambda _b: self._guard(lambda: self.export("csv")))
        self.reset_rejoins_button.on_click(lambda _b: self._guard(self.reset_rejoins))
        self.allow_coach_button.on_click(lambda _b: self._guard(lambda: self.set_coach(True)))
        self.forbid_coach_button.on_click(lambda _b: self._guard(lambda: self.set_coach(False)))
        self.projector_button.on_click(lambda _b: self._guard(lambda: self.project(True)))
        self.back_button.on_click(lambda _b: self._guard(lambda: self.project(False)))
        self._param_fields()
        if auto_refresh:
            threading.Thread(target=self._auto_refresh, args=(auto_refresh,), daemon=True).start()

    @classmethod
    def from_environment(cls) -> Dashboard:
        """The page on the launcher's database and token; the count updates every second."""
        return cls(Store(), os.environ.get(TOKEN_ENV), auto_refresh=1.0)

    def stop(self) -> None:
        """Stop the auto-refresh thread."""
        self._stopped.set()

    def _auto_refresh(self, every: float) -> None:
        while not self._stopped.wait(every):
            if self.code is None or not self.unlocked:
                continue
            # a failed tick (e.g. the database busy for 30 s) is retried at the next
            with contextlib.suppress(Exception), self._lock:
                current = self.store.current_round(self.code)
                if current is not None and current.status == "open":
                    self._show_status(current)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.box)

    @property
    def unlocked(self) -> bool:
        return self._unlocked

    def unlock(self, typed: str) -> bool:
        if not self._token:
            self.message.value = message_html(
                "this server has no teacher token: start it with python -m hoteledu.classroom serve"
            )
            return False
        if not secrets.compare_digest(str(typed).strip().encode(), self._token.encode()):
            self.message.value = message_html("wrong teacher token")
            return False
        self._unlocked = True
        self._param_fields()  # for the experiment chosen now (a locked page ignored changes)
        if self.teacher_box not in self.box.children:
            self.box.children = (*self.box.children, self.teacher_box)
        self.token.value = ""
        self.message.value = message_html("Unlocked.", ok=True)
        return True

    def _guard(self, action) -> None:
        """Run a teacher action only when unlocked; a refused request shows its reason."""
        if not self.unlocked:
            self.message.value = message_html("type the teacher token first")
            return
        with self._lock:
            try:
                action()
            except ClassroomError as error:
                self.message.value = message_html(str(error))

    def _param_fields(self) -> None:
        experiment = get_experiment(self.experiment.value)
        self.param_fields = {
            p.name: widgets.BoundedIntText(
                value=p.default,
                min=p.low,
                max=p.high,
                description=p.name,
                tooltip=p.label,
            )
            for p in experiment.parameters
        }
        self.params_box.children = [
            widgets.HBox([field, widgets.HTML(esc(p.label))])
            for p, field in zip(experiment.parameters, self.param_fields.values(), strict=True)
        ]

    # ------------------------------------------------------------ actions
    def create_session(self) -> None:
        params = {name: int(field.value) for name, field in self.param_fields.items()}
        session = self.store.create_session(
            self.experiment.value,
            params,
            shared_pages=bool(self.shared_pages.value),
            coach=bool(self.coach.value),
        )
        self._show(session.code)
        self.message.value = message_html(f"Session {session.code} created.", ok=True)

    def resume(self) -> None:
        session = self.store.session(self.resume_code.value)
        self._show(session.code)
        self.message.value = message_html(f"Session {session.code} resumed.", ok=True)

    def _show(self, code: str) -> None:
        self.code = code
        session = self.store.session(code)
        experiment = get_experiment(session.experiment)
        params = ", ".join(f"{k} {v}" for k, v in session.params.items())
        pages = (
            "one page may join under several names"
            if session.shared_pages
            else "one page is one student"
        )
        coach = (
            "the coach allowed in the practice game"
            if session.coach
            else "no coach in the practice game"
        )
        self.allow_coach_button.disabled = bool(session.coach)
        self.forbid_coach_button.disabled = not session.coach
        join = (
            f"<p>Students join at <b>{esc(self.student_url)}</b> (or scan):</p>"
            + qr_svg(self.student_url, scale=4)
            if self.student_url
            else ""
        )
        self.session_info.value = (
            f'<p>Session code: <b class="session-code" style="font-size:2em">{esc(code)}</b>'
            f"<br>{esc(experiment.title)} ({esc(params)}; {pages}; "
            f'<span class="session-coach">{coach}</span>)</p>' + join
        )
        self.session_box.layout.display = None
        self.refresh()

    def open_round(self) -> None:
        if self.code is None:
            raise ClassroomError("session", "create or resume a session first")
        opened = self.store.open_round(self.code)
        self.message.value = message_html(
            f"Round {opened.number} open (seed {opened.seed}).", ok=True
        )
        self.refresh(keep_message=True)

    def close_round(self) -> None:
        if self.code is None:
            raise ClassroomError("session", "create or resume a session first")
        closed = self.store.close_round(self.code)
        self.message.value = message_html(f"Round {closed.number} closed and played.", ok=True)
        self.refresh(keep_message=True)

    def refresh(self, keep_message: bool = False) -> None:
        if self.code is None:
            return
        if not keep_message:
            self.message.value = ""
        session = self.store.session(self.code)
        experiment = get_experiment(session.experiment)
        current = self.store.current_round(self.code)
        if current is None:
            self.status.value = "<p>No round yet: press Open round.</p>"
            self.results.value = ""
            self._project_html("", "No round yet", 0)
            return
        subs = self._show_status(current)
        if current.status != "closed":
            self.results.value = ""
            return
        results = self.store.results(self.code, current.number)
        theory = experiment.theory(session.params, current.seed)
        values = [s.value for s in subs]
        fit = fit_test(theory.choices, theory.mix, values)
        self.results.value = (
            "<h3>Leaderboard</h3>"
            + leaderboard_html(results, experiment.value_label)
            + "<h3>The class against the theory</h3>"
            + histogram_svg(theory, values)
            + theory_html(theory, experiment.value_label)
            + fit_html(fit)
        )
        self._project_html(
            experiment.question(session.params, current.seed),
            f"Round {current.number} closed",
            len(subs),
            "<h2>The class against the equilibrium</h2>"
            + histogram_svg(theory, values, width=900)
            + theory_html(theory, experiment.value_label)
            + "<h2>Leaderboard</h2>"
            + leaderboard_html(results, experiment.value_label),
        )

    def _show_status(self, current: Round) -> list[Submission]:
        """The round's line: status, seed, how many submitted and who (not their values)."""
        assert self.code is not None
        session = self.store.session(self.code)
        experiment = get_experiment(session.experiment)
        subs = self.store.submissions(self.code, current.number)
        names = ", ".join(esc(s.name) for s in subs)
        failures = self.store.rejoin_failures(self.code)
        warning = (
            f'<p class="rejoin-failures">{failures} wrong rejoin code(s) tried in this session '
            f"(at {MAX_SESSION_REJOIN_FAILURES} rejoining stops until you allow it again)</p>"
            if failures
            else ""
        )
        self.status.value = (
            f'<p class="round-status">Round {current.number}: <b>{esc(current.status)}</b>, '
            f'seed <b class="round-seed">{current.seed}</b>, '
            f'<span class="submission-count">{len(subs)}</span> submission(s): {names}</p>'
            f"<p>{esc(experiment.question(session.params, current.seed))}</p>" + warning
        )
        if current.status == "open":
            self._project_html(
                experiment.question(session.params, current.seed),
                f"Round {current.number} is open",
                len(subs),
            )
        return subs

    def _project_html(self, question: str, status: str, count: int, closed: str = "") -> None:
        """Draw the projector view, only while it is shown (the results are not sent twice)."""
        if self.projecting and self.code is not None:
            self.projector.value = projector_html(
                self.code, self.student_url, question, status, count, closed
            )

    def project(self, on: bool) -> None:
        """The projector view (the question, then the results, in large type) or the controls."""
        if self.code is None:
            raise ClassroomError("session", "create or resume a session first")
        self.projecting = on
        self.setup_box.layout.display = "none" if on else None
        self.session_box.layout.display = "none" if on else None
        self.projector_box.layout.display = None if on else "none"
        self.projector.value = ""
        self.refresh(keep_message=True)

    def set_coach(self, allowed: bool) -> None:
        """Allow or forbid the coach in the session's practice games (stored with the session).

        The students' pages read it from the database at their next look (within
        a second): a page that had the coach on loses it at once when forbidden.
        """
        if self.code is None:
            raise ClassroomError("session", "create or resume a session first")
        self.store.set_coach(self.code, allowed)
        self._show(self.code)
        said = "allowed in" if allowed else "forbidden in"
        self.message.value = message_html(f"The coach is {said} the practice game.", ok=True)

    def reset_rejoins(self) -> None:
        if self.code is None:
            raise ClassroomError("session", "create or resume a session first")
        forgotten = self.store.reset_rejoin_failures(self.code)
        self.message.value = message_html(
            f"Rejoins allowed again ({forgotten} failed tries forgotten).", ok=True
        )
        self.refresh(keep_message=True)

    def export(self, kind: str) -> None:
        """A download link for the session's data (JSON or CSV)."""
        if self.code is None:
            raise ClassroomError("session", "create or resume a session first")
        if kind == "json":
            text, mime = json.dumps(self.store.export(self.code), indent=1), "application/json"
        else:
            text, mime = self.store.export_csv(self.code), "text/csv"
        data = base64.b64encode(text.encode()).decode()
        name = f"classroom_{self.code}.{kind}"
        self.export_link.value = (
            f'<a class="export-link" download="{esc(name)}" href="data:{mime};base64,{data}">'
            f"Download {esc(name)}</a> ({len(text)} characters)"
        )
