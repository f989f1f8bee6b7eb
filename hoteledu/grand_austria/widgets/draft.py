"""A toy draft on counts in the engine's pick order: you click a space, bots take the most dice.

The exact expected strength of each pick (greedy draft) is shown beside what
was taken.

Examples
--------
>>> draft = DraftController(players=2, seed=3)
>>> draft.to_move == draft.seat
True
"""

from __future__ import annotations

import dataclasses
import html
from fractions import Fraction
from typing import Any

import numpy as np

from hoteledu.grand_austria.analysis.strength import (
    draft_strengths,
    pick_order,
)
from hoteledu.grand_austria.dice import FACES
from hoteledu.grand_austria.figures.board import action_board_figure
from hoteledu.grand_austria.hotel import DICE_BY_PLAYERS
from hoteledu.grand_austria.widgets.base import (
    LessonView,
    roll_counts,
)


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
        self.counts = [int(k) for k in roll_counts(self.rng, self.dice)]
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
            raise ValueError(f"space {space} holds no die: take from a space with dice [GAH-D01]")
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


class DraftWidget(LessonView):
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
