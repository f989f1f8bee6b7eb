"""A sealed marketing bid against a rival, repeated, with rent dissipation measured.

:class:`BidDuelController` knows no widgets: it holds the engine's bid
position, a seeded ``numpy`` generator for the rival (never the global random
state) and the history. Every round is settled by the **engine**: the two
bids are applied to a copy of a real bid position
(:func:`hoteledu.boutique.analysis.auction.engine_outcome`), so the game's
own tie rule (every tied bidder gets the guests and the full price) decides
it, not this module. :class:`BidDuelWidget` only shows the controller and
forwards presses; ``ipywidgets`` is imported when a widget is built.

Rivals: ``"blank card"`` (what most bots bid), ``"undercutter"`` (the
undercutter bot's 100), ``"textbook"`` (the symmetric equilibrium of the
all-pay auction with ties split) and ``"beat the rival"`` (the equilibrium
of the engine's game when the goal is the money difference, a zero-sum game).

Examples
--------
>>> duel = BidDuelController(rival="undercutter", seed=1)
>>> duel.prize
400
>>> duel.bid(100).winners   # equal bids: both hotels get the guests
(0, 1)
>>> duel.dissipation
0.5
"""

from __future__ import annotations

import dataclasses
import html
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from hoteledu.apps.small_view import SmallView, copy_figure
from hoteledu.boutique.analysis.auction import (
    BidGame,
    all_pay_game,
    bid_position,
    cached_engine_bid_game,
    engine_outcome,
    fast_symmetric_equilibrium,
)
from hoteledu.boutique.bots import UndercutterBot
from hoteledu.boutique.rules import BoutiqueState

RIVALS: tuple[str, ...] = ("blank card", "undercutter", "textbook", "beat the rival")
FACES = range(1, 7)


@dataclasses.dataclass(frozen=True)
class Round:
    """One sealed bid: both bids, both money changes, who got the guests."""

    your_bid: int
    rival_bid: int
    your_change: int
    rival_change: int
    winners: tuple[int, ...]


class BidDuelController:
    """You (P1) against a rival (P2) in the engine's bid phase, round after round.

    Parameters
    ----------
    face : int
        Both hotels' flat day rate (1..6 x 100); the prize is card 3
        (2 nights, no breakfast) at that rate: ``200 x face``.
    money : int
        What each holds when bidding (the budget cap), whole hundreds.
    rival : str
        One of :data:`RIVALS`.
    seed : int or None
        Seeds the rival's mixed bids.
    """

    def __init__(
        self, face: int = 2, money: int = 500, rival: str = "textbook", seed: int | None = None
    ) -> None:
        self.rng = np.random.default_rng(seed)
        self.history: list[Round] = []
        self._check(face, money, rival)
        self.face, self.money, self.rival = face, money, rival
        self._load()

    @staticmethod
    def _check(face: int, money: int, rival: str) -> None:
        if face not in FACES:
            raise ValueError(f"the day rate is a price die face 1..6, got {face!r}")
        if not isinstance(money, int) or money < 0 or money % 100 or money > 2000:
            raise ValueError(f"money must be whole hundreds from 0 to 2000, got {money!r}")
        if rival not in RIVALS:
            raise ValueError(f"rival must be one of {RIVALS}, got {rival!r}")

    def _load(self) -> None:
        self.position = _position(self.face, self.money)
        self.prize: int = self.position.offer
        self.bids: tuple[int, ...] = tuple(a.amount for a in self.position.legal_actions(0))  # type: ignore[attr-defined]
        self.rival_mix: tuple[Fraction, ...] = _rival_mix(self.rival, self.face, self.money)

    @property
    def engine_game(self) -> BidGame:
        """The payoff matrices the engine plays here (asked pair by pair; cached)."""
        return cached_engine_bid_game(self.face, money=(self.money, self.money))

    # ----------------------------------------------------------- settings
    def set_face(self, face: int) -> None:
        """A new prize: the history starts again."""
        self._check(face, self.money, self.rival)
        self.face = face
        self.reset()

    def set_money(self, money: int) -> None:
        """A new budget cap: the history starts again."""
        self._check(self.face, money, self.rival)
        self.money = money
        self.reset()

    def set_rival(self, rival: str) -> None:
        self._check(self.face, self.money, rival)
        self.rival = rival
        self.reset()

    def reset(self) -> None:
        self.history = []
        self._load()

    # --------------------------------------------------------------- play
    def rival_bid(self) -> int:
        probabilities = [float(p) for p in self.rival_mix]
        return int(self.bids[int(self.rng.choice(len(self.bids), p=probabilities))])

    def bid(self, amount: int) -> Round:
        """Bid ``amount`` against the rival; the engine settles the round."""
        if amount not in self.bids:
            raise ValueError(
                f"a bid is made of money cards in hundreds from 0 to your money ({self.money}), "
                f"not {amount!r} [BHM-15]"
            )
        rival = self.rival_bid()
        change, winners = engine_outcome(self.position, (amount, rival))
        played = Round(amount, rival, change[0], change[1], winners)
        self.history.append(played)
        return played

    # ----------------------------------------------------------- measures
    @property
    def rounds(self) -> int:
        return len(self.history)

    @property
    def your_bids(self) -> list[int]:
        return [r.your_bid for r in self.history]

    @property
    def dissipation(self) -> float:
        """Total bids of both over the prize, averaged over the rounds (0 before any)."""
        if not self.history:
            return 0.0
        return sum(r.your_bid + r.rival_bid for r in self.history) / (self.prize * self.rounds)

    def running_dissipation(self) -> list[float]:
        total, out = 0, []
        for k, r in enumerate(self.history, start=1):
            total += r.your_bid + r.rival_bid
            out.append(total / (self.prize * k))
        return out

    def model_dissipation(self) -> Fraction:
        """Expected total bids over the prize if you mixed like the rival's model does."""
        mean = sum((p * b for p, b in zip(self.rival_mix, self.bids, strict=True)), Fraction(0))
        return 2 * mean / self.prize

    def best_reply(self) -> int:
        """The bid with the highest expected money against the rival's mix (engine payoffs)."""
        matrix = self.engine_game.row_payoffs
        values = [
            sum((q * x for q, x in zip(self.rival_mix, row, strict=True)), Fraction(0))
            for row in matrix
        ]
        return self.bids[max(range(len(values)), key=lambda i: (values[i], -i))]

    def summary(self) -> str:
        if not self.history:
            return (
                f"Prize {self.prize} (both hotels at {100 * self.face}), money {self.money}, "
                f"rival: {self.rival}. Bid!"
            )
        last = self.history[-1]
        got = " and ".join(f"P{p + 1}" for p in last.winners)
        yours = sum(r.your_change for r in self.history)
        theirs = sum(r.rival_change for r in self.history)
        return (
            f"Round {self.rounds}: you bid {last.your_bid}, the rival {last.rival_bid}; "
            f"the guests go to {got}. Your money {yours:+d}, the rival's {theirs:+d} "
            f"over {self.rounds} rounds; rent dissipation {self.dissipation:.2f} "
            f"(the rival's model: {float(self.model_dissipation()):.2f})."
        )

    def figure(self) -> Any:
        from hoteledu.boutique.figures.auction import bid_distribution_figure

        return bid_distribution_figure(
            self.bids,
            self.rival_mix,
            self.your_bids,
            title=f"Your bids beside the rival's mix ({self.rival})",
            theory_name=f"rival: {self.rival}",
        )


@lru_cache(maxsize=128)
def _position(face: int, money: int) -> BoutiqueState:
    """The engine's bid position (shared: the controller only ever applies bids to copies)."""
    return bid_position(face, money=(money, money))


@lru_cache(maxsize=256)
def _rival_mix(rival: str, face: int, money: int) -> tuple[Fraction, ...]:
    """The rival's mix over the bids 0..money: a bot's fixed bid or an equilibrium.

    The equilibria are of the formula games; the tests check that the engine
    plays the same matrices (``test_auction.py``), and every round is still
    settled by the engine.
    """
    position = _position(face, money)
    bids = tuple(a.amount for a in position.legal_actions(0))  # type: ignore[attr-defined]
    if rival in ("blank card", "undercutter"):
        amount = min(0 if rival == "blank card" else UndercutterBot.bid_amount, money)
        return tuple(Fraction(int(b == amount)) for b in bids)
    objective = "profit" if rival == "textbook" else "difference"
    game = all_pay_game(position.offer, caps=(money, money), tie="split", objective=objective)
    return fast_symmetric_equilibrium(game).col


class BidDuelWidget(SmallView):
    """Bid buttons, a rival menu and sliders for the prize and the money; the figure updates."""

    def __init__(
        self, face: int = 2, money: int = 500, rival: str = "textbook", seed: int | None = None
    ) -> None:
        import ipywidgets as w
        import plotly.graph_objects as go

        self.controller = BidDuelController(face, money, rival, seed)
        c = self.controller
        self.face_slider = w.IntSlider(value=face, min=1, max=6, description="Day rate x100")
        self.money_slider = w.IntSlider(value=money, min=0, max=1000, step=100, description="Money")
        self.rival_dropdown = w.Dropdown(options=list(RIVALS), value=rival, description="Rival")
        self.bid_box = w.HBox()
        self.summary_html = w.HTML()
        self.message_html = w.HTML()
        self.face_slider.observe(
            lambda change: self._guard(lambda: c.set_face(change["new"]))(), names="value"
        )
        self.money_slider.observe(
            lambda change: self._guard(lambda: c.set_money(change["new"]))(), names="value"
        )
        self.rival_dropdown.observe(
            lambda change: self._guard(lambda: c.set_rival(change["new"]))(), names="value"
        )
        self.figure = go.FigureWidget(c.figure())
        self.widget = w.VBox(
            [
                w.HBox([self.face_slider, self.money_slider, self.rival_dropdown]),
                self.bid_box,
                self.figure,
                self.summary_html,
                self.message_html,
            ]
        )
        self.refresh()

    def _bid_buttons(self) -> list[Any]:
        import ipywidgets as w

        buttons = []
        for amount in self.controller.bids:
            label = "blank card" if amount == 0 else f"bid {amount}"
            button = w.Button(description=label, layout=w.Layout(width="auto"))
            button.on_click(self._guard(lambda a=amount: self.controller.bid(a)))
            buttons.append(button)
        return buttons

    def refresh(self) -> None:
        c = self.controller
        if len(self.bid_box.children) != len(c.bids):
            self.bid_box.children = self._bid_buttons()
        fresh = c.figure()
        copy_figure(self.figure, fresh)
        self.summary_html.value = html.escape(c.summary())
