"""The student page: join with the session code and a name, submit, see one's own entries.

Nothing here can open or close a round or export data: the page only calls
:meth:`Store.join`, :meth:`Store.submit` and reads the student's own entries
(and, once a round is closed, their own line of its results).

Every check is made here, in the page's kernel, when a button's message
arrives, whatever the browser shows or hides: a page that has joined refuses
another join (one page is one student) unless the session allows shared
pages, and after :data:`MAX_PAGE_REJOIN_FAILURES` wrong rejoin codes the page
refuses every rejoin.

A joined student may open a **practice game** of the experiment's game (the
app with ``setting="class"``). Its coach is offered only when the teacher
allowed it for the session (:meth:`Store.set_coach`, stored with the session):
the page reads that from the database when it builds the game and at every
look at the session, and the app refuses the coach otherwise, whatever the
browser sends (:meth:`hoteledu.apps.view.GameApp.allow_coach`).
"""

from __future__ import annotations

import contextlib
import importlib
import threading
from typing import Any

import ipywidgets as widgets

from hoteledu.classroom.experiments import get_experiment
from hoteledu.classroom.store import ClassroomError, Player, Store, format_rejoin
from hoteledu.classroom.views import esc, message_html

MAX_PAGE_REJOIN_FAILURES = 5
"""Wrong rejoin codes one page may try (the session's own limit bounds all pages together)."""
PRACTICE_GAMES = {
    "pricing": ("hoteledu.boutique.app", ("human", "peakload")),
    "bid": ("hoteledu.boutique.app", ("human", "peakload")),
    "take_or_pass": ("hoteledu.grand_austria.app", ("human", "heuristic")),
}
"""The game each experiment comes from: its app's module and seats (the student, a bot)."""


def practice_app(experiment: str, seed: int, coach_allowed: bool, threaded: bool = True) -> Any:
    """The experiment's game against a bot, as in a class: the coach only if ``coach_allowed``."""
    if experiment not in PRACTICE_GAMES:
        raise ClassroomError("experiment", f"no practice game for {experiment!r}")
    module, seats = PRACTICE_GAMES[experiment]
    make_app = importlib.import_module(module).make_app
    app = make_app(players=2, seats=seats, seed=seed, threaded=threaded, setting="class")
    app.allow_coach(coach_allowed)
    return app


class StudentPage:
    """One student's page (one Voilà kernel per browser page)."""

    def __init__(
        self, store: Store, auto_refresh: float | None = None, threaded: bool = True
    ) -> None:
        """``auto_refresh``: seconds between looks at the session's rounds (redrawn on a change).

        ``threaded``: the practice game's bots think in a worker thread (tests pass False).
        """
        self.store = store
        self.threaded = threaded
        self.app: Any = None  # the practice game, built when the student asks for it
        self.player: Player | None = None
        self.rejoin_failures = 0
        self._lock = threading.RLock()  # the auto-refresh thread and the buttons take turns
        self._stopped = threading.Event()
        self._drawn_rounds: tuple = ()
        self.code = widgets.Text(placeholder="session code", description="Code")
        self.name = widgets.Text(placeholder="display name", description="Name")
        self.rejoin = widgets.Text(
            placeholder="only to come back after a reload", description="Rejoin code"
        )
        self.join_button = widgets.Button(description="Join", button_style="primary")
        self.message = widgets.HTML()
        self.who = widgets.HTML()
        self.question = widgets.HTML()
        self.value = widgets.Text(placeholder="your choice", description="Choice")
        self.submit_button = widgets.Button(description="Submit", button_style="success")
        self.refresh_button = widgets.Button(description="Refresh")
        self.entries = widgets.HTML()
        self.practice_button = widgets.Button(
            description="Practice game", tooltip="the experiment's game against a bot"
        )
        self.practice_box = widgets.VBox()
        self.join_box = widgets.VBox([self.code, self.name, self.rejoin, self.join_button])
        self.play_box = widgets.VBox(
            [
                self.who,
                self.question,
                widgets.HTML(
                    "<p><i>A second submission in the same round replaces the first.</i></p>"
                ),
                widgets.HBox([self.value, self.submit_button, self.refresh_button]),
                self.entries,
                self.practice_button,
                self.practice_box,
            ]
        )
        self.play_box.layout.display = "none"
        self.box = widgets.VBox(
            [
                widgets.HTML("<h2>hoteledu classroom</h2>"),
                self.join_box,
                self.message,
                self.play_box,
            ]
        )
        self.join_button.on_click(lambda _b: self._locked(self.do_join))
        self.submit_button.on_click(lambda _b: self._locked(self.do_submit))
        self.refresh_button.on_click(lambda _b: self._locked(self.refresh))
        self.practice_button.on_click(lambda _b: self._locked(self.do_practice))
        if auto_refresh:
            threading.Thread(target=self._auto_refresh, args=(auto_refresh,), daemon=True).start()

    @classmethod
    def from_environment(cls) -> StudentPage:
        """The page on the launcher's database (``$HOTELEDU_CLASSROOM_DB``); it looks every 1 s."""
        return cls(Store(), auto_refresh=1.0)

    def stop(self) -> None:
        """Stop the auto-refresh thread."""
        self._stopped.set()

    def _locked(self, action) -> None:
        with self._lock:
            action()

    def _auto_refresh(self, every: float) -> None:
        """Redraw when a round opens or closes, so no student has to press Refresh."""
        while not self._stopped.wait(every):
            if self.player is None:
                continue
            # a failed tick (e.g. the database busy for 30 s) is retried at the next
            with contextlib.suppress(Exception), self._lock:
                if self._look() != self._drawn_rounds:
                    self.refresh(keep_message=True)

    def _look(self) -> tuple:
        """What the page draws from the session: its rounds and whether the coach is allowed."""
        assert self.player is not None
        session = self.store.session(self.player.session)
        return (*self.store.rounds(session.code), session.coach)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.box)

    # ------------------------------------------------------------ actions
    def do_join(self) -> None:
        try:
            self.player = self._join()
        except ClassroomError as error:
            self.message.value = message_html(str(error))
            return
        self.join_box.layout.display = "none"
        self.play_box.layout.display = None
        self.message.value = message_html(f"Joined as {self.player.name}.", ok=True)
        self.who.value = (
            f'<p>You are <b class="student-name">{esc(self.player.name)}</b> in session '
            f"{esc(self.player.session)}. Your rejoin code: "
            f'<b class="rejoin-code">{esc(format_rejoin(self.player.rejoin))}</b> '
            "(write it down: with your name it brings you back after a reload; "
            "keep it to yourself).</p>"
        )
        self.refresh(keep_message=True)

    def _join(self) -> Player:
        """The checks of this page (one student, its rejoin limit), then the store's."""
        if self.player is not None and not self.store.session(self.player.session).shared_pages:
            raise ClassroomError(
                "page",
                f"this page has joined as {self.player.name}: one page is one student "
                "(open the student address in another browser to join as someone else)",
            )
        rejoin = self.rejoin.value.strip()
        if rejoin and self.rejoin_failures >= MAX_PAGE_REJOIN_FAILURES:
            raise ClassroomError(
                "rejoin",
                f"this page's limit of {MAX_PAGE_REJOIN_FAILURES} failed rejoin tries is "
                "reached: ask the teacher",
            )
        try:
            return self.store.join(self.code.value, self.name.value, rejoin or None)
        except ClassroomError as error:
            if error.field == "rejoin" and rejoin:
                self.rejoin_failures += 1
            raise

    def do_submit(self) -> None:
        if self.player is None:
            self.message.value = message_html("join first")
            return
        try:
            submission, replaced = self.store.submit(self.player, self.value.value)
        except ClassroomError as error:
            self.message.value = message_html(str(error))
            self.refresh(keep_message=True)
            return
        what = "replaced your earlier choice" if replaced else "recorded"
        self.message.value = message_html(
            f"Round {submission.round}: {submission.value} {what}.", ok=True
        )
        self.refresh(keep_message=True)

    def do_practice(self) -> None:
        """Build the practice game (once); its coach as the session allows it now."""
        if self.player is None:
            self.message.value = message_html("join first")
            return
        if self.app is not None:
            self.message.value = message_html("Your practice game is below.", ok=True)
            return
        session = self.store.session(self.player.session)
        current = self.store.current_round(session.code)
        seed = current.seed if current is not None else 0
        self.app = practice_app(session.experiment, seed, session.coach, self.threaded)
        self.practice_box.children = (self.app.widget,)
        said = "with the coach" if session.coach else "the coach is off in this class"
        self.message.value = message_html(f"Practice game against a bot ({said}).", ok=True)

    def refresh(self, keep_message: bool = False) -> None:
        """Redraw the question of the current round and the student's own entries."""
        if self.player is None:
            return
        if not keep_message:
            self.message.value = ""
        session = self.store.session(self.player.session)
        if self.app is not None:  # the teacher may allow or forbid the coach at any time
            self.app.allow_coach(session.coach)
        experiment = get_experiment(session.experiment)
        rounds_now = self.store.rounds(session.code)
        self._drawn_rounds = (*rounds_now, session.coach)
        current = rounds_now[-1] if rounds_now else None
        if current is None or current.status != "open":
            status = "No round is open: wait for the teacher."
            question = ""
        else:
            status = f"Round {current.number} is open (seed {current.seed})."
            question = experiment.question(session.params, current.seed)
        self.question.value = (
            f'<p class="round-status"><b>{esc(status)}</b></p>'
            f'<p class="round-question">{esc(question)}</p>'
        )
        rows = []
        rounds = {r.number: r for r in rounds_now}
        for entry in self.store.own_entries(self.player):
            result = ""
            if rounds[entry.round].status == "closed":
                results = self.store.results(session.code, entry.round)
                board = results["leaderboard"]
                for place, row in enumerate(board, 1):
                    if row["name"] == entry.name:
                        result = f"score {row['score']}, place {place} of {len(board)}"
            rows.append(
                f'<tr class="own-entry"><td>{entry.round}</td><td>{esc(entry.value)}</td>'
                f"<td>{esc(result or 'round still open')}</td></tr>"
            )
        self.entries.value = (
            "<table><tr><th>round</th><th>your "
            + esc(experiment.value_label)
            + "</th><th>result</th></tr>"
            + "".join(rows)
            + "</table>"
            if rows
            else "<p>No entries yet.</p>"
        )
