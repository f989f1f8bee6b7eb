"""Take or pass: alone with one action left, take the strength at hand or pass.

Passing puts one die in the dustbin and rerolls the rest; the widget shows the
exact distribution after passing and V(m-1).

Examples
--------
>>> game = TakeOrPassController(dice=10, seed=2)
>>> game.dice_left
10
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import numpy as np

from hoteledu.grand_austria.analysis.strength import (
    WILD_SPACE,
    stopping_value,
    strength_distribution,
)
from hoteledu.grand_austria.figures.board import action_board_figure
from hoteledu.grand_austria.figures.strength import exact_vs_simulated_figure
from hoteledu.grand_austria.widgets.base import (
    LessonView,
    check_dice,
    roll_counts,
    strength_at_hand,
    wanted_label,
)


# ================================================================ (c) take or pass
class TakeOrPassController:
    """Alone with one action left and ``dice`` dice: take the strength at hand or pass.

    Passing puts one die in the dustbin and rerolls the rest (GAH-R05); with no
    die left the round ends with strength 0. The exact values come from
    :func:`stopping_value`; the controller only keeps score.
    """

    def __init__(self, dice: int = 10, wanted: int | None = None, seed: int | None = None) -> None:
        check_dice(dice)
        self.rule = stopping_value(dice, wanted)  # checks wanted
        self.dice = dice
        self.wanted = wanted
        self.rng = np.random.default_rng(seed)
        self.results: list[int] = []
        self.new_round()

    def new_round(self) -> None:
        self.dice_left = self.dice
        self.counts = tuple(int(k) for k in roll_counts(self.rng, self.dice))
        self.result: int | None = None
        self.decisions: list[tuple[int, int, str]] = []  # dice, strength, "take"/"pass"

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def strength(self) -> int:
        """The strength at hand now."""
        return strength_at_hand(self.counts, self.wanted)

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
                f"no die on space {self.wanted} or space 6: nothing to take; pass [GAH-D01]"
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
        self.counts = tuple(int(k) for k in roll_counts(self.rng, self.dice_left))
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


class TakeOrPassWidget(LessonView):
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
            title = f"{c.dice_left} dice; {wanted_label(c.wanted)}: strength {c.strength}"
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
