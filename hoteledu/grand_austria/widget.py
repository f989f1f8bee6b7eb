"""Three small Grand Austria widgets for the dice lessons: roll, draft, take or pass.

Each widget is a thin view over a controller that knows no widgets: the
controllers hold the state and the seeded ``numpy`` generator (never the global
random state), the widgets only forward clicks and redraw. ``ipywidgets`` is
imported when a widget is built, so the controllers (and this module) load
without it. No rule is decided here beyond the toy's own bookkeeping: the
strengths, pick order and exact values come from
:mod:`hoteledu.grand_austria.analysis`, the pictures from
:mod:`hoteledu.grand_austria.figures`.

* :class:`BoardRollController` / :class:`BoardRollWidget`: roll ``n`` dice
  once or 1000 times; the exact distribution of a statistic (the strongest
  space, one action with space 6, the empty spaces) beside the frequencies.
* :class:`DraftController` / :class:`DraftWidget`: a toy draft on counts in
  the engine's pick order (:func:`pick_order`); you click a space, the bots
  take a space with the most dice; the exact expected strength of each pick
  (greedy draft) is shown beside what was taken.
* :class:`TakeOrPassController` / :class:`TakeOrPassWidget`: alone with one
  action left, take the board's strength or pass (one die to the dustbin, the
  rest rerolled), seeing the exact distribution after passing and V(m-1).

Examples
--------
>>> roll = BoardRollController(dice=12, seed=1)
>>> roll.roll(1000)
>>> roll.rolls, len(roll.exact)
(1000, 13)
>>> draft = DraftController(players=2, seed=3)
>>> draft.to_move == draft.seat
True
"""

from __future__ import annotations

import dataclasses
import html
import threading
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from hoteledu.apps.small_view import SmallView, copy_figure
from hoteledu.grand_austria.analysis.board import empty_spaces_distribution
from hoteledu.grand_austria.analysis.strength import (
    WILD_SPACE,
    draft_strengths,
    max_count_distribution,
    mean,
    pick_order,
    stopping_value,
    strength_distribution,
    wild_strength_distribution,
)
from hoteledu.grand_austria.dice import FACES
from hoteledu.grand_austria.figures import action_board_figure, exact_vs_simulated_figure
from hoteledu.grand_austria.hotel import DICE_BY_PLAYERS

MAX_DICE = 14
"""The most dice on the board (4 players)."""
ROLL_MANY = 1000
WATCHDOG_SECONDS = 4.0
"""Seconds without a browser view applying a figure update before the figure is rebuilt."""


def _roll(rng: np.random.Generator, n: int, size: int | None = None) -> np.ndarray:
    return rng.multinomial(n, [1 / FACES] * FACES, size=size)


def _check_dice(n: int, low: int = 1) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= MAX_DICE:
        raise ValueError(f"dice must be a whole number from {low} to {MAX_DICE}, got {n!r}")


def _wanted_label(wanted: int | None) -> str:
    return "the strongest space" if wanted is None else f"action {wanted} (or space 6)"


def _strength(counts: tuple[int, ...] | np.ndarray, wanted: int | None) -> int:
    """The strength at hand: the most dice on a space, or max(K_wanted, K_6)."""
    if wanted is None:
        return int(max(counts))
    return int(max(counts[wanted - 1], counts[WILD_SPACE - 1]))


# ================================================================ (a) roll the board
def _strongest(rolls: np.ndarray) -> np.ndarray:
    return rolls.max(axis=1)


def _action_one_or_wild(rolls: np.ndarray) -> np.ndarray:
    return np.maximum(rolls[:, 0], rolls[:, WILD_SPACE - 1])


def _empty(rolls: np.ndarray) -> np.ndarray:
    return (rolls == 0).sum(axis=1)


@dataclasses.dataclass(frozen=True)
class Statistic:
    """A number read off a roll, with its exact distribution for ``n`` dice."""

    label: str
    x_title: str
    exact: Callable[[int], tuple[Fraction, ...]]
    of_rolls: Callable[[np.ndarray], np.ndarray]


STATISTICS: dict[str, Statistic] = {
    "strongest space": Statistic(
        "Strongest space M = max(K_1..K_6)",
        "strength (dice on the space)",
        max_count_distribution,
        _strongest,
    ),
    "action 1 or space 6": Statistic(
        "Action 1 with the wild space: max(K_1, K_6)",
        "strength (dice on the space)",
        wild_strength_distribution,
        _action_one_or_wild,
    ),
    "empty spaces": Statistic(
        "Number of empty spaces",
        "empty spaces",
        empty_spaces_distribution,
        _empty,
    ),
}


class BoardRollController:
    """Roll ``dice`` dice onto the six spaces, again and again; keep one statistic of each roll.

    Changing the dice or the statistic starts a new sample (the exact bars change).
    """

    def __init__(
        self, dice: int = 12, statistic: str = "strongest space", seed: int | None = None
    ) -> None:
        _check_dice(dice)
        self._check_statistic(statistic)
        self.rng = np.random.default_rng(seed)
        self.dice = dice
        self.statistic = statistic
        self.last_counts: tuple[int, ...] | None = None
        self.samples: list[int] = []

    @staticmethod
    def _check_statistic(statistic: str) -> None:
        if statistic not in STATISTICS:
            raise ValueError(f"statistic must be one of {sorted(STATISTICS)}, got {statistic!r}")

    def set_dice(self, dice: int) -> None:
        """Another number of dice: the sample starts again."""
        _check_dice(dice)
        if dice != self.dice:
            self.dice = dice
            self.clear()

    def set_statistic(self, statistic: str) -> None:
        """Another statistic: the sample starts again."""
        self._check_statistic(statistic)
        if statistic != self.statistic:
            self.statistic = statistic
            self.clear()

    def clear(self) -> None:
        self.samples = []
        self.last_counts = None

    def roll(self, times: int = 1) -> None:
        """Roll the board ``times`` times (seeded), keeping the statistic of each roll."""
        if not isinstance(times, int) or isinstance(times, bool) or times < 1:
            raise ValueError(f"times must be a whole number >= 1, got {times!r}")
        rolls = _roll(self.rng, self.dice, size=times)
        self.samples.extend(int(v) for v in STATISTICS[self.statistic].of_rolls(rolls))
        self.last_counts = tuple(int(k) for k in rolls[-1])

    @property
    def rolls(self) -> int:
        return len(self.samples)

    @property
    def exact(self) -> tuple[Fraction, ...]:
        return STATISTICS[self.statistic].exact(self.dice)

    @property
    def frequencies(self) -> np.ndarray:
        """Share of the rolls at each value 0, 1, ... (zeros before the first roll)."""
        counts = np.bincount(np.asarray(self.samples, dtype=np.int64), minlength=len(self.exact))
        return counts / max(self.rolls, 1)

    def summary(self) -> str:
        exact_mean = float(mean(self.exact))
        if not self.samples:
            return f"{self.dice} dice: no roll yet; exact mean {exact_mean:.3f}"
        return (
            f"{self.dice} dice, {self.rolls} rolls: sample mean {np.mean(self.samples):.3f}, "
            f"exact mean {exact_mean:.3f}; largest gap between the bars "
            f"{np.abs(self.frequencies - np.array(self.exact, dtype=float)).max():.3f}"
        )

    def figure(self) -> Any:
        stat = STATISTICS[self.statistic]
        return exact_vs_simulated_figure(
            self.exact, self.samples, title=f"{stat.label}, {self.dice} dice", x_title=stat.x_title
        )


def _in_kernel() -> bool:
    """Whether a Jupyter kernel runs this (a browser may show the widgets)."""
    from hoteledu.apps.view import _in_kernel as in_kernel

    return in_kernel()


class _View(SmallView):
    """Shared bits of the three widgets: display, callbacks that report errors, a watchdog.

    The watchdog is the one of :class:`hoteledu.apps.view.GameApp`: anywidget
    gives a model 2 s to initialise, and on a loaded machine plotly's module can
    take longer, so a figure's view may never apply an update (a frozen figure
    in Voilà). A view answers every trace update with ``_js2py_traceDeltas``;
    with a kernel attached and no answer ``WATCHDOG_SECONDS`` after an update,
    the figure is replaced in its box by a new ``FigureWidget`` built from the
    live state.
    """

    def _watch_figures(self, figures: dict[str, tuple[Callable[[], Any], Any]]) -> None:
        """Watch the FigureWidgets named (attribute -> (builder of a fresh figure, its box))."""
        self.lock = getattr(self, "lock", None) or threading.RLock()
        self._watched = figures
        self._unacknowledged: dict[str, float] = {}
        self._watchdog: threading.Timer | None = None
        self.figure_rebuilds = 0
        for name in figures:
            self._observe(name)

    def _observe(self, name: str) -> None:
        def acknowledged(change: dict[str, Any]) -> None:
            if change["new"]:  # a view in the browser applied an update
                self._unacknowledged.pop(name, None)

        getattr(self, name).observe(acknowledged, names="_js2py_traceDeltas")

    def _update_figure(self, name: str, source: Any) -> None:
        """Copy a fresh figure into the widget ``name``; watch for a view's answer."""
        figure = getattr(self, name)
        before = figure._last_trace_edit_id
        copy_figure(figure, source, colours=True, axes=True)
        if figure._last_trace_edit_id != before and _in_kernel():
            self._unacknowledged.setdefault(name, time.monotonic())
            if self._watchdog is None:
                self._start_watchdog()

    def _start_watchdog(self) -> None:
        self._watchdog = threading.Timer(WATCHDOG_SECONDS, self._check_views)
        self._watchdog.daemon = True
        self._watchdog.start()

    def _check_views(self) -> None:
        with self.lock:
            self._watchdog = None
            now = time.monotonic()
            for name, since in list(self._unacknowledged.items()):
                if now - since >= WATCHDOG_SECONDS:
                    del self._unacknowledged[name]
                    self._rebuild(name)
            if self._unacknowledged:
                self._start_watchdog()

    def _rebuild(self, name: str) -> None:
        import plotly.graph_objects as go

        build, box = self._watched[name]
        old = getattr(self, name)
        new = go.FigureWidget(build())
        new.layout.width = old.layout.width
        setattr(self, name, new)
        self._observe(name)
        box.children = tuple(new if child is old else child for child in box.children)
        old.close()
        self.figure_rebuilds += 1


class BoardRollWidget(_View):
    """Roll the board: a dice slider, "roll once", "roll 1000", exact bars beside the sample."""

    def __init__(
        self, dice: int = 12, statistic: str = "strongest space", seed: int | None = None
    ) -> None:
        import ipywidgets as w
        import plotly.graph_objects as go

        self.controller = BoardRollController(dice, statistic, seed)
        self.dice_slider = w.IntSlider(value=dice, min=1, max=MAX_DICE, description="Dice")
        self.statistic_dropdown = w.Dropdown(
            options=list(STATISTICS), value=statistic, description="Statistic"
        )
        self.roll_once_button = w.Button(description="Roll once", icon="dice")
        self.roll_many_button = w.Button(description=f"Roll {ROLL_MANY}", button_style="primary")
        self.clear_button = w.Button(description="Clear")
        self.summary_html = w.HTML()
        self.message_html = w.HTML()
        c = self.controller
        self.dice_slider.observe(
            lambda change: self._guard(lambda: c.set_dice(change["new"]))(), names="value"
        )
        self.statistic_dropdown.observe(
            lambda change: self._guard(lambda: c.set_statistic(change["new"]))(), names="value"
        )
        self.roll_once_button.on_click(self._guard(lambda: c.roll(1)))
        self.roll_many_button.on_click(self._guard(lambda: c.roll(ROLL_MANY)))
        self.clear_button.on_click(self._guard(c.clear))
        self.figure = go.FigureWidget(c.figure())
        self.widget = w.VBox(
            [
                w.HBox([self.dice_slider, self.statistic_dropdown]),
                w.HBox([self.roll_once_button, self.roll_many_button, self.clear_button]),
                self.figure,
                self.summary_html,
                self.message_html,
            ]
        )
        self._watch_figures({"figure": (c.figure, self.widget)})
        self.refresh()

    def refresh(self) -> None:
        c = self.controller
        self._update_figure("figure", c.figure())
        last = (
            ""
            if c.last_counts is None
            else " · last roll, dice on spaces 1..6: " + " ".join(str(k) for k in c.last_counts)
        )
        self.summary_html.value = html.escape(c.summary() + last)


# ================================================================ (b) the draft
@dataclasses.dataclass(frozen=True)
class Pick:
    """One pick of the toy draft: who, from which space (1..6), at what strength."""

    seat: int
    space: int
    strength: int


class DraftController:
    """A toy draft of one round on the counts: you hold ``seat``, bots take a space with most dice.

    Picks follow the engine's order (:func:`pick_order`; seat 0 = P1, the
    round's start player). Nobody passes and there are no actions behind the
    dice: a pick is worth its strength, the dice on the space before the die is
    taken. A bot takes the first space (lowest number) with the most dice.
    """

    def __init__(self, players: int = 2, seat: int = 0, seed: int | None = None) -> None:
        self.order = pick_order(players)  # checks players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1} (P1..P{players}), got {seat!r}")
        self.players = players
        self.seat = seat
        self.dice = DICE_BY_PLAYERS[players]
        self.expected = draft_strengths(players).by_pick
        self.rng = np.random.default_rng(seed)
        self.rounds: list[tuple[Pick, ...]] = []
        self.new_round()

    def new_round(self) -> None:
        """Roll all the dice and let the bots pick until it is your turn."""
        self.counts = [int(k) for k in _roll(self.rng, self.dice)]
        self.start_counts = tuple(self.counts)
        self.picks: list[Pick] = []
        self._bots_play()

    @property
    def finished(self) -> bool:
        return len(self.picks) >= len(self.order) or sum(self.counts) == 0

    @property
    def to_move(self) -> int | None:
        return None if self.finished else self.order[len(self.picks)]

    def bot_space(self) -> int:
        """The space (1..6) a bot takes: the first with the most dice."""
        return int(np.argmax(self.counts)) + 1

    def take(self, space: int) -> bool:
        """You take a die from ``space`` (1..6); the bots answer. False: the round is over."""
        if self.finished:
            return False
        if not isinstance(space, int) or not 1 <= space <= FACES:
            raise ValueError(f"space must be an action space 1..6, got {space!r}")
        if self.counts[space - 1] == 0:
            raise ValueError(f"space {space} holds no die: take from a space with dice (GAH-D01)")
        self._take(space)
        self._bots_play()
        return True

    def _take(self, space: int) -> None:
        seat = self.order[len(self.picks)]
        self.picks.append(Pick(seat, space, self.counts[space - 1]))
        self.counts[space - 1] -= 1
        if self.finished:
            self.rounds.append(tuple(self.picks))

    def _bots_play(self) -> None:
        while not self.finished and self.to_move != self.seat:
            self._take(self.bot_space())

    def seat_totals(self) -> list[int]:
        """Strength taken so far this round by each seat."""
        totals = [0] * self.players
        for pick in self.picks:
            totals[pick.seat] += pick.strength
        return totals

    def expected_seat_totals(self) -> tuple[Fraction, ...]:
        return draft_strengths(self.players).by_seat

    def your_rounds_total(self) -> tuple[int, int]:
        """Your strength and the best bot's, summed over the finished rounds."""
        you = sum(p.strength for r in self.rounds for p in r if p.seat == self.seat)
        bots = [
            sum(p.strength for r in self.rounds for p in r if p.seat == s)
            for s in range(self.players)
            if s != self.seat
        ]
        return you, max(bots)

    def table_rows(self) -> list[tuple[int, str, float, int | None]]:
        """Per pick: number, whose (P1.., you/bot), exact E[strength] (greedy), strength taken."""
        rows = []
        for i, seat in enumerate(self.order):
            who = f"P{seat + 1} ({'you' if seat == self.seat else 'bot'})"
            taken = self.picks[i].strength if i < len(self.picks) else None
            rows.append((i + 1, who, float(self.expected[i]), taken))
        return rows


class DraftWidget(_View):
    """Draft against greedy bots: click a space; the expected strength of each pick beside."""

    def __init__(self, players: int = 2, seat: int = 0, seed: int | None = None) -> None:
        import ipywidgets as w
        import plotly.graph_objects as go

        self.controller = DraftController(players, seat, seed)
        self.space_buttons = [
            w.Button(description=f"space {s}", layout=w.Layout(width="90px"))
            for s in range(1, FACES + 1)
        ]
        for space, button in enumerate(self.space_buttons, start=1):
            button.on_click(self._guard(lambda space=space: self.controller.take(space)))
        self.new_round_button = w.Button(description="New round", button_style="primary")
        self.new_round_button.on_click(self._guard(self.controller.new_round))
        self.figure = go.FigureWidget(self._board())
        self.figure.layout.width = 460
        self.table_html = w.HTML()
        self.status_html = w.HTML()
        self.message_html = w.HTML()
        board_row = w.HBox([self.figure, self.table_html])
        self.widget = w.VBox(
            [
                board_row,
                w.HBox(self.space_buttons),
                w.HBox([self.new_round_button, self.status_html]),
                self.message_html,
            ]
        )
        self._watch_figures({"figure": (self._board, board_row)})
        self.refresh()

    def _board(self) -> Any:
        c = self.controller
        title = "Round over" if c.finished else f"Your pick (P{c.seat + 1}): click a space"
        return action_board_figure(c.counts, title=title)

    def refresh(self) -> None:
        c = self.controller
        self._update_figure("figure", self._board())
        for space, button in enumerate(self.space_buttons, start=1):
            button.disabled = c.finished or c.counts[space - 1] == 0
            button.description = f"space {space}: {c.counts[space - 1]}"
        rows = "".join(
            f"<tr><td>{n}</td><td>{html.escape(who)}</td><td>{expected:.2f}</td>"
            f"<td>{'' if taken is None else taken}</td></tr>"
            for n, who, expected, taken in c.table_rows()
        )
        self.table_html.value = (
            "<table><tr><th>pick</th><th>who</th><th>expected (greedy)</th><th>taken</th></tr>"
            f"{rows}</table>"
        )
        totals = ", ".join(
            f"P{s + 1} {t} (expected {float(e):.2f})"
            for s, (t, e) in enumerate(zip(c.seat_totals(), c.expected_seat_totals(), strict=True))
        )
        you, best_bot = c.your_rounds_total()
        self.status_html.value = html.escape(
            f"this round: {totals} · {len(c.rounds)} rounds played: you {you}, best bot {best_bot}"
        )


# ================================================================ (c) take or pass
class TakeOrPassController:
    """Alone with one action left and ``dice`` dice: take the strength at hand or pass.

    Passing puts one die in the dustbin and rerolls the rest (GAH-R05); with no
    die left the round ends with strength 0. The exact values come from
    :func:`stopping_value`; the controller only keeps score.
    """

    def __init__(self, dice: int = 10, wanted: int | None = None, seed: int | None = None) -> None:
        _check_dice(dice)
        self.rule = stopping_value(dice, wanted)  # checks wanted
        self.dice = dice
        self.wanted = wanted
        self.rng = np.random.default_rng(seed)
        self.results: list[int] = []
        self.new_round()

    def new_round(self) -> None:
        self.dice_left = self.dice
        self.counts = tuple(int(k) for k in _roll(self.rng, self.dice))
        self.result: int | None = None
        self.decisions: list[tuple[int, int, str]] = []  # dice, strength, "take"/"pass"

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def strength(self) -> int:
        """The strength at hand now."""
        return _strength(self.counts, self.wanted)

    @property
    def after_pass(self) -> tuple[Fraction, ...]:
        """Exact distribution of the strength after passing (a reroll of m - 1 dice)."""
        return strength_distribution(self.dice_left - 1, self.wanted)

    @property
    def value_after_pass(self) -> Fraction:
        """V(m - 1): the expected strength after passing, playing well from then on."""
        return self.rule.values[self.dice_left - 1]

    @property
    def best_move(self) -> str:
        """What the optimal rule does here (take ties): for checking, the widget hides it."""
        return "take" if self.strength >= self.rule.thresholds[self.dice_left] else "pass"

    def take(self) -> bool:
        """Take the strength at hand. False: the round is over (nothing changes)."""
        if self.finished:
            return False
        if self.strength == 0:
            raise ValueError(
                f"no die on space {self.wanted} or space 6: nothing to take (GAH-D01); pass"
            )
        self.decisions.append((self.dice_left, self.strength, "take"))
        self._finish(self.strength)
        return True

    def pass_turn(self) -> bool:
        """Pass: one die to the dustbin, the rest rerolled. False: the round is over."""
        if self.finished:
            return False
        self.decisions.append((self.dice_left, self.strength, "pass"))
        self.dice_left -= 1
        self.counts = tuple(int(k) for k in _roll(self.rng, self.dice_left))
        if self.dice_left == 0:
            self._finish(0)
        return True

    def _finish(self, strength: int) -> None:
        self.result = strength
        self.results.append(strength)

    def summary(self) -> str:
        target = float(self.rule.values[self.dice])
        if not self.results:
            return f"no round finished yet; playing well earns V({self.dice}) = {target:.3f}"
        return (
            f"{len(self.results)} rounds: your mean strength {np.mean(self.results):.3f}, "
            f"playing well earns V({self.dice}) = {target:.3f} on average"
        )


class TakeOrPassWidget(_View):
    """The board, the exact strength after passing and V(m-1); you press Take or Pass."""

    def __init__(self, dice: int = 10, wanted: int | None = None, seed: int | None = None) -> None:
        import ipywidgets as w
        import plotly.graph_objects as go

        self.controller = TakeOrPassController(dice, wanted, seed)
        c = self.controller
        self.take_button = w.Button(description="Take", button_style="success")
        self.pass_button = w.Button(
            description="Pass (reroll one die fewer)", layout=w.Layout(width="220px")
        )
        self.new_round_button = w.Button(description="New round", button_style="primary")
        self.take_button.on_click(self._guard(c.take))
        self.pass_button.on_click(self._guard(c.pass_turn))
        self.new_round_button.on_click(self._guard(c.new_round))
        self.board_figure = go.FigureWidget(self._board())
        self.pass_figure = go.FigureWidget(self._after_pass())
        self.board_figure.layout.width = self.pass_figure.layout.width = 440
        self.status_html = w.HTML()
        self.message_html = w.HTML()
        figures_row = w.HBox([self.board_figure, self.pass_figure])
        self.widget = w.VBox(
            [
                figures_row,
                w.HBox([self.take_button, self.pass_button, self.new_round_button]),
                self.status_html,
                self.message_html,
            ]
        )
        self._watch_figures(
            {
                "board_figure": (self._board, figures_row),
                "pass_figure": (self._after_pass, figures_row),
            }
        )
        self.refresh()

    def _board(self) -> Any:
        c = self.controller
        spaces = () if c.wanted is None else (c.wanted, WILD_SPACE)
        if c.finished:
            title = f"Round over: strength {c.result}"
        else:
            title = f"{c.dice_left} dice; {_wanted_label(c.wanted)}: strength {c.strength}"
        return action_board_figure(c.counts, highlight=spaces, title=title)

    def _after_pass(self) -> Any:
        c = self.controller
        if c.finished or c.dice_left == 0:
            exact: tuple[Fraction, ...] = (Fraction(1),)
            title = "After passing: -"
        else:
            exact = c.after_pass
            title = f"After passing: {c.dice_left - 1} dice, V = {float(c.value_after_pass):.3f}"
        return exact_vs_simulated_figure(exact, title=title)

    def refresh(self) -> None:
        c = self.controller
        self._update_figure("board_figure", self._board())
        self._update_figure("pass_figure", self._after_pass())
        self.take_button.disabled = c.finished
        self.pass_button.disabled = c.finished
        if c.finished:
            state = f"round over: you took strength {c.result}"
        else:
            state = (
                f"{c.dice_left} dice on the board, strength at hand {c.strength}; passing "
                f"rerolls {c.dice_left - 1} dice, worth V({c.dice_left - 1}) = "
                f"{float(c.value_after_pass):.3f} if you play well"
            )
        self.status_html.value = html.escape(f"{state} · {c.summary()}")
