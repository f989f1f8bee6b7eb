"""The win-chance coach every app shares: each player's win chance and the strong bot's advice.

The coach looks at one position from one seat's observation (the person it
coaches) and reports, in a fixed number of small steps (each a fixed amount of
work, never a wall-clock budget):

- **each player's win chance**: the mean win share of determinised playouts
  (a full state resampled from the coached seat's view, then played to the end
  by the game's playout bot); ``about 62% ± 4`` is the estimate with the
  half-width of a 95% Wilson interval over those playouts. The ± is the
  playouts' own sampling error only: it says how sure the coach is of what
  the playout bot would score from here, not how well a person would play;
- **what the strong bot would do here** (only at the coached seat's own
  decision): the three moves its search visits most, each then played out
  on its own like the position (so a move's win chance and the position's are
  the same measure, free of the search's bias towards the moves it favoured),
  with a one-line reason: the game's own phrase from the adapter and the
  share of the search the move took;
- **what a move cost**: after the seat moves, :func:`verdict` compares the
  chosen move's win chance with the strong bot's choice's, and says "your
  move lost about 8% win chance" only when the difference is beyond their
  uncertainty (a two-sided test at 95% on the two shares). A move the coach
  had not played out is played out from the earlier position, from the same
  seat's view, in the first step at the next position.

It never reveals hidden information: the playouts and the search start from
``PlayerView(state, seat).determinise(rng)`` (as :class:`MCTSAgent` does), and
the random streams are seeded from the coach's seed and the number of actions
so far, never from the state: two states that differ only in what the seat
cannot see get the same report. The game's reason phrases read the seat's own
observation.

This module is rules-free and imports neither ipywidgets nor plotly (the panel
is :mod:`hoteledu.apps.coach_panel`).

Examples
--------
>>> chance = WinChance(wins=31.0, playouts=50)
>>> chance.text()
'about 62% ± 13'
>>> round(chance.low, 3), round(chance.high, 3)
(0.482, 0.741)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.agents import Agent, PlayerView
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
MIN_JUDGED_PLAYOUTS = 6
"""Fewest playouts of a move (or of the position after it) before the coach judges it."""
MAX_PLAYOUT_ACTIONS = 20_000
"""A playout still running after this many actions counts as a shared draw."""
SETTINGS = ("practice", "class")
"""Where an app runs: on its own for practice (coach on), or in a class experiment (off)."""
COACH_NOT_ALLOWED = "the coach is off in this class experiment: the teacher has not allowed it"
"""What an app says when its coach is asked for where the teacher did not allow it."""


def coach_on_by_default(setting: str) -> bool:
    """Whether the coach starts ticked: on in practice, off in a class experiment.

    >>> coach_on_by_default("practice"), coach_on_by_default("class")
    (True, False)
    """
    if setting not in SETTINGS:
        raise ValueError(f"an app's setting is one of {SETTINGS}, not {setting!r}")
    return setting == "practice"


def coach_allowed_by_default(setting: str, coach: bool | None = None) -> bool:
    """Whether the coach may run at all: always in practice; in class only if ``coach`` is True.

    In a class experiment the permission is the kernel's (the teacher's session
    option, :meth:`hoteledu.apps.view.GameApp.allow_coach`), never a widget's.

    >>> [coach_allowed_by_default(s) for s in SETTINGS], coach_allowed_by_default("class", True)
    ([True, False], True)
    """
    coach_on_by_default(setting)  # the setting's own check
    return setting == "practice" or coach is True


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins / n`` (wins may be fractional: ties).

    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> [round(x, 3) for x in wilson_interval(5, 10)]
    [0.237, 0.763]
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _standard_error(value: float, n: int) -> float:
    """Agresti-Coull standard error of a share (never 0 for a small sample of all wins)."""
    p = (value * n + 2) / (n + 4)
    return math.sqrt(p * (1 - p) / (n + 4))


@dataclasses.dataclass(frozen=True)
class WinChance:
    """One player's win chance from ``playouts`` playouts that summed ``wins`` win shares."""

    wins: float
    playouts: int

    @property
    def estimate(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    @property
    def low(self) -> float:
        return wilson_interval(self.wins, self.playouts)[0]

    @property
    def high(self) -> float:
        return wilson_interval(self.wins, self.playouts)[1]

    def text(self) -> str:
        """``"about 62% ± 4"``: the estimate and the 95% interval's half-width, in points."""
        if self.playouts == 0:
            return "not known yet"
        half = (self.high - self.low) / 2
        return f"about {self.estimate:.0%} ± {100 * half:.0f}"


@dataclasses.dataclass(frozen=True)
class MoveAdvice:
    """One move the strong bot considered: its search statistics and a reason in words."""

    action: Action
    label: str
    visits: int
    share: float
    chance: WinChance
    reason: str

    @property
    def value(self) -> float:
        return self.chance.estimate

    def text(self) -> str:
        """``"Mayor to (2,3): about 70% ± 9 (fills your red room; 41% of the search)"``."""
        why = f"{self.reason}; " if self.reason else ""
        return f"{self.label}: {self.chance.text()} ({why}{self.share:.0%} of the search)"


@dataclasses.dataclass(frozen=True)
class CoachReport:
    """What the coach says of one position, after ``steps_done`` of its ``steps``.

    Attributes
    ----------
    version : int
        The controller's version it was computed for (stale once the game moved).
    moves : int
        Actions in the game so far (the chart's x axis).
    seat : int
        The coached seat.
    chances : tuple of WinChance
        Every player's win chance, P1 first.
    top : tuple of MoveAdvice
        The strong bot's three most visited moves (empty off the seat's decision).
    """

    version: int
    moves: int
    seat: int
    steps_done: int
    steps: int
    chances: tuple[WinChance, ...]
    top: tuple[MoveAdvice, ...] = ()
    stats: tuple[MoveAdvice, ...] = ()  # every move played out (to judge the move played)
    labels: dict[Action, str] = dataclasses.field(default_factory=dict, compare=False)

    @property
    def finished(self) -> bool:
        return self.steps_done >= self.steps

    def advice_for(self, action: Action) -> MoveAdvice | None:
        return next((m for m in self.stats if m.action == action), None)


@dataclasses.dataclass(frozen=True)
class CoachBudget:
    """The coach's fixed work for one position, in steps (each well under 1 s here).

    ``playouts`` determinised playouts of the position, ``search_iterations``
    iterations of the strong bot's search and ``move_playouts`` playouts of
    each of its three favourite moves per step (the search and the moves only
    at the coached seat's own decision).
    """

    steps: int = 6
    playouts: int = 12
    search_iterations: int = 100
    move_playouts: int = 6


def played_move(history: Sequence[Action], moves: int, seat: int) -> Action | None:
    """The seat's move at ``history[moves]`` (its part of a joint action), or None."""
    if len(history) <= moves:
        return None
    action = history[moves]
    return action.actions[seat] if isinstance(action, JointAction) else action


def _playout(
    state: State, rng: np.random.Generator, policies: Sequence[Agent] | None
) -> list[float]:
    """Play ``state`` to the end (policies[p] for player p, None: random moves)."""
    n = state.num_players
    for _ in range(MAX_PLAYOUT_ACTIONS):
        mover = state.current_player()
        if mover == TERMINAL:
            return state.utilities()
        if mover == CHANCE:
            state.apply_action(state.sample_chance(rng))
        elif mover == SIMULTANEOUS:
            parts = tuple(_choose(state, p, rng, policies) for p in range(n))
            state.apply_action(JointAction(parts))
        else:
            state.apply_action(_choose(state, mover, rng, policies))
    if state.is_terminal():
        return state.utilities()
    return [1.0 / n] * n


def _choose(
    state: State, player: int, rng: np.random.Generator, policies: Sequence[Agent] | None
) -> Action:
    legal = state.legal_actions(player)
    if policies is None or len(legal) == 1:
        return legal[int(rng.integers(len(legal)))]
    return policies[player].act(PlayerView(state, player))


class CoachJob:
    """The coach's work on one position for one seat, done a step at a time.

    The state is the job's own copy, read only through ``PlayerView(state,
    seat)``: every playout and the search start from a determinisation of the
    seat's view. The random stream comes from ``seed`` and the number of actions
    so far, so the report does not depend on anything the seat cannot see.
    """

    def __init__(
        self,
        adapter: Any,
        state: State,
        seat: int,
        version: int,
        seed: int = 0,
        budget: CoachBudget | None = None,
    ) -> None:
        self.adapter = adapter
        self.seat = seat
        self.version = version
        self.moves = len(state.history)
        self.history = tuple(state.history)  # to recognise the move played from here
        self.budget = budget or getattr(adapter, "coach_budget", None) or CoachBudget()
        self.view = PlayerView(state, seat)
        self.rng = np.random.default_rng(np.random.SeedSequence([seed, self.moves, seat]))
        self.steps_done = 0
        n = state.num_players
        self.wins = [0.0] * n
        self.playouts = 0
        self._terminal = state.is_terminal()
        if self._terminal:
            self.wins, self.playouts = list(state.utilities()), 1
        self._decides = (
            not self._terminal
            and state.current_player() in (seat, SIMULTANEOUS)
            and len(self.view.legal_actions()) > 1
        )
        self._visits: dict[Action, int] = {}  # the search's root visits, summed over steps
        self._moves: dict[Action, tuple[float, int]] = {}  # a move's playouts: wins, count
        self._labels = {a: adapter.action_label(state, a) for a in self.view.legal_actions()}
        self._reasons: dict[Action, str] = {}
        self.judged: tuple[CoachJob, Action] | None = None  # the seat's last move, to judge
        self.verdict: str | None = None  # what that move cost (None: not judged yet)

    @property
    def decides(self) -> bool:
        """Whether the position is the seat's own decision (with a choice)."""
        return self._decides

    def judge(self, earlier: CoachJob, played: Action, history: Sequence[Action]) -> None:
        """Judge ``played``, the seat's move at ``earlier``'s position, in the first step."""
        self.judged = (earlier, played)
        self._history_now = tuple(history)

    def _judge(self) -> None:
        earlier, played = self.judged  # type: ignore[misc]
        wins, n = earlier._moves.get(played, (0.0, 0))
        policies = earlier._policies()
        while n < MIN_JUDGED_PLAYOUTS or n < 2 * earlier.budget.move_playouts:
            wins += earlier._move_playout(played, policies)[earlier.seat]
            n += 1
        earlier._moves[played] = (wins, n)
        self.verdict = verdict(earlier.report(), self._history_now)

    @property
    def done(self) -> bool:
        return self._terminal or self.steps_done >= self.budget.steps

    def _seed(self) -> int:
        return int(self.rng.integers(2**63))

    def step(self) -> CoachReport:
        """One fixed piece of work (playouts, and a search at the seat's decision)."""
        if self.judged is not None and self.verdict is None:
            self._judge()
        if not self.done:
            budget = self.budget
            policies = self._policies()
            for _ in range(budget.playouts):
                result = _playout(self.view.determinise(self.rng), self.rng, policies)
                for p, share in enumerate(result):
                    self.wins[p] += share
                self.playouts += 1
            if self._decides and budget.search_iterations > 0:
                searcher = self.adapter.coach_searcher(self._seed(), budget.search_iterations)
                for s in searcher.search(self.view).stats:
                    self._visits[s.action] = self._visits.get(s.action, 0) + s.visits
                for action in self._favourites():
                    for _ in range(budget.move_playouts):
                        result = self._move_playout(action, policies)
                        wins, n = self._moves.get(action, (0.0, 0))
                        self._moves[action] = (wins + result[self.seat], n + 1)
            self.steps_done += 1
        return self.report()

    def _favourites(self) -> list[Action]:
        """The search's three most visited moves so far."""
        return sorted(self._visits, key=lambda a: -self._visits[a])[:3]

    def _move_playout(self, action: Action, policies: Sequence[Agent] | None) -> list[float]:
        """A playout that starts with the seat's ``action`` (others' parts by the playout bot)."""
        state = self.view.determinise(self.rng)
        if state.current_player() == SIMULTANEOUS:
            parts = tuple(
                action if p == self.seat else _choose(state, p, self.rng, policies)
                for p in range(state.num_players)
            )
            state.apply_action(JointAction(parts))
        else:
            state.apply_action(action)
        return _playout(state, self.rng, policies)

    def _policies(self) -> list[Agent] | None:
        n = self.view.num_players
        agents = [self.adapter.coach_playout_agent(self._seed()) for _ in range(n)]
        return None if any(a is None for a in agents) else agents  # type: ignore[return-value]

    def report(self) -> CoachReport:
        """What the coach knows now."""
        chances = tuple(WinChance(w, self.playouts) for w in self.wins)
        total = sum(self._visits.values()) or 1
        stats = []
        for action in sorted(self._moves, key=lambda a: -self._visits.get(a, 0)):
            if action not in self._reasons:
                self._reasons[action] = self.adapter.coach_reason(self.view, action)
            visits = self._visits.get(action, 0)
            stats.append(
                MoveAdvice(
                    action,
                    self._labels.get(action, str(action)),
                    visits,
                    visits / total,
                    WinChance(*self._moves[action]),
                    self._reasons[action],
                )
            )
        return CoachReport(
            self.version,
            self.moves,
            self.seat,
            self.budget.steps if self._terminal else self.steps_done,
            self.budget.steps,
            chances,
            tuple(stats[:3]),
            tuple(stats),
            self._labels,
        )


def verdict(report: CoachReport, history: Sequence[Action], label: str = "your move") -> str:
    """What the move played from ``report``'s position cost, in a sentence ("" if unknown).

    ``history`` is the game's history now; the move is the one taken at
    ``report.moves`` (the seat's part of a joint action at a simultaneous node).

    The best move is the one the search visited most (the strong bot's choice:
    the highest share among many moves would be inflated by luck). It says
    "lost about 8% win chance" only when its share exceeds the chosen one's
    beyond their uncertainty (a two-sided test at 95% on the two shares).
    """
    played = played_move(history, report.moves, report.seat)
    if not report.stats or played is None:
        return ""
    best, advice = report.stats[0], report.advice_for(played)
    name = report_label(report, played)
    if advice is None or min(advice.chance.playouts, best.chance.playouts) < MIN_JUDGED_PLAYOUTS:
        return ""
    chosen = advice.chance
    loss = best.value - chosen.estimate
    spread = Z95 * math.hypot(
        _standard_error(best.value, best.chance.playouts),
        _standard_error(chosen.estimate, chosen.playouts),
    )
    if best.action == played or loss <= spread:
        return f"{label} ({name}) was about as good as the strong bot's choice"
    return (
        f"{label} ({name}) lost about {loss:.0%} win chance: the strong bot's "
        f"{best.label} was worth {best.chance.text()}, yours {chosen.text()}"
    )


def report_label(report: CoachReport, action: Action) -> str:
    """The label of ``action`` as the report has it (its ``str`` when not searched)."""
    advice = report.advice_for(action)
    return advice.label if advice is not None else report.labels.get(action, str(action))


def win_chances_over_game(
    adapter: Any,
    record: Any,
    seat: int,
    positions: Sequence[int],
    seed: int = 0,
    budget: CoachBudget | None = None,
) -> list[CoachReport]:
    """The coach's report at each of ``positions`` (actions so far) of a recorded game.

    Every report is worked out from ``seat``'s view of that position, as in the
    app (a lesson's "find the turning point" after the game).

    Examples
    --------
    >>> from hoteledu.amsterdam.app import AmsterdamAdapter
    >>> from hoteledu.amsterdam.rules import new_game
    >>> from hoteledu.core import RandomAgent, play
    >>> record = play(new_game(players=2), [RandomAgent(1), RandomAgent(2)], seed=0)
    >>> small = CoachBudget(steps=1, playouts=4, search_iterations=0, move_playouts=0)
    >>> [r.moves for r in win_chances_over_game(AmsterdamAdapter(), record, 0, [5, 9], 0, small)]
    [5, 9]
    """
    reports = []
    for moves in positions:
        job = CoachJob(adapter, record.replay(moves), seat, moves, seed, budget)
        report = job.report()
        while not job.done:
            report = job.step()
        reports.append(report)
    return reports


def _common_prefix(a: Sequence[Action], b: Sequence[Action]) -> int:
    n = min(len(a), len(b))
    return next((i for i in range(n) if a[i] != b[i]), n)


class Coach:
    """The coach of one app: which position it works on, and what it said of each.

    It coaches the seat whose view the app shows (``controller.laptop_seat()``)
    at the live position, and rests while the laptop passes, while a bot
    thinks, in replay and when it is off. A report is kept only if the game is
    still at the version it was computed for (:meth:`accept`): a result for a
    position the game has left is discarded, never shown.

    Every report and sentence is kept per seat: a seat is never shown what the
    coach worked out from another seat's view (its chart, its verdicts).

    Parameters
    ----------
    adapter : GameAdapter
        The game's words, search bot, playout bot and reasons.
    seed : int
        Seeds every job (with the number of actions so far).
    enabled : bool
        Whether the coach works (the app's "Coach" checkbox).
    allowed : bool
        Whether it may work at all (False in a class experiment unless the
        teacher allows it): a plain attribute of the kernel, never a widget
        trait, so no message from the page turns it on.
    budget : CoachBudget or None
        Its fixed work per position (None: the adapter's ``coach_budget``).
    """

    def __init__(
        self,
        adapter: Any,
        seed: int = 0,
        enabled: bool = True,
        budget: CoachBudget | None = None,
        allowed: bool = True,
    ) -> None:
        self.adapter = adapter
        self.seed = seed
        self.enabled = enabled
        self.allowed = allowed
        self.budget = budget
        self.reports: dict[int, dict[int, CoachReport]] = {}  # seat -> moves -> last report
        self.verdicts: dict[int, str] = {}  # seat -> what its last move cost
        self.current: CoachReport | None = None  # the report of the position now
        self._history: tuple[Action, ...] = ()  # of the last job
        self._decisions: dict[int, CoachJob] = {}  # seat -> its last decision, to judge

    def wanted(self, controller: Any) -> tuple[int, int] | None:
        """``(version, seat)`` the coach should work on now, or None while it rests."""
        if not (self.enabled and self.allowed):
            return None
        if not controller.is_live() or controller.thinking is not None:
            return None
        seat = controller.laptop_seat()
        if seat is None:
            return None
        return controller.version, seat

    def job(self, controller: Any) -> CoachJob | None:
        """A job for the position now (None while the coach rests).

        Starting it forgets the reports of positions the game no longer passes
        through (after an undo, a load, a new game) and judges the seat's last move.
        """
        wanted = self.wanted(controller)
        if wanted is None:
            return None
        version, seat = wanted
        state = controller.state
        history = tuple(state.history)
        kept = _common_prefix(self._history, history)
        if kept < len(self._history):  # an undo, a load, a new game: no move to speak of
            self.verdicts.clear()
        for reports in self.reports.values():
            for moves in [m for m in reports if m > kept]:
                del reports[moves]
        self._history = history
        self.current = None
        job = CoachJob(self.adapter, state.clone(), seat, version, self.seed, self.budget)
        earlier = self._decisions.get(seat)
        if earlier is not None and earlier.moves > kept:
            del self._decisions[seat]  # a decision undone: nothing to judge
            earlier = None
        played = None if earlier is None else played_move(history, earlier.moves, seat)
        if earlier is not None and played is not None and earlier.moves < job.moves:
            job.judge(earlier, played, history)
            self._decisions.pop(seat)
        if job.decides:
            self._decisions[seat] = job
        return job

    def accept(self, controller: Any, job: CoachJob, report: CoachReport) -> bool:
        """Keep ``report`` if the game is still where the job looked (else discard it)."""
        if self.wanted(controller) != (job.version, job.seat):
            return False
        self.current = report
        self.reports.setdefault(job.seat, {})[report.moves] = report
        if job.verdict is not None:
            self.verdicts[job.seat] = job.verdict
        return True

    def shown(self, seat: int | None) -> CoachReport | None:
        """The report for the position now, if it was made for ``seat``."""
        current = self.current
        return current if current is not None and current.seat == seat else None

    def series(self, seat: int) -> list[CoachReport]:
        """The seat's reports over the game so far, in order (the chart's points)."""
        return [r for _, r in sorted(self.reports.get(seat, {}).items())]

    def run(self, controller: Any) -> CoachReport | None:
        """Do the whole job for the position now, inline (tests, lessons, scripts)."""
        job = self.job(controller)
        report = None
        while job is not None and not job.done:
            report = job.step()
            self.accept(controller, job, report)
        if job is not None and report is None:  # a finished game: nothing to work out
            report = job.report()
            self.accept(controller, job, report)
        return report


__all__ = [
    "COACH_NOT_ALLOWED",
    "SETTINGS",
    "Coach",
    "CoachBudget",
    "CoachJob",
    "CoachReport",
    "MoveAdvice",
    "WinChance",
    "coach_allowed_by_default",
    "coach_on_by_default",
    "verdict",
    "wilson_interval",
    "win_chances_over_game",
]
