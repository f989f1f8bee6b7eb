"""Roll the board: roll ``n`` dice once or 1000 times, a statistic's exact law beside the counts.

Examples
--------
>>> roll = BoardRollController(dice=12, seed=1)
>>> roll.roll(1000)
>>> roll.rolls, len(roll.exact)
(1000, 13)
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from hoteledu.apps.pad import with_icon
from hoteledu.grand_austria.analysis.board import empty_spaces_distribution
from hoteledu.grand_austria.analysis.strength import (
    WILD_SPACE,
    max_count_distribution,
    mean,
    wild_strength_distribution,
)
from hoteledu.grand_austria.figures.strength import exact_vs_simulated_figure
from hoteledu.grand_austria.widgets.base import (
    MAX_DICE,
    LessonView,
    check_dice,
    roll_counts,
)

ROLL_MANY = 1000


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
        check_dice(dice)
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
        check_dice(dice)
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
        rolls = roll_counts(self.rng, self.dice, size=times)
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


class BoardRollWidget(LessonView):
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
        self.roll_once_button = w.Button(description=with_icon("dice", "Roll once"))
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
