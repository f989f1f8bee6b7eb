"""A pricing duel: set your seven day rates and breakfast, play a week against a bot.

:class:`DuelController` holds the logic and knows no widgets (unit-tested
without a browser); :class:`DuelWidget` only shows it and forwards clicks.
``ipywidgets`` and plotly are imported when a widget is built.

The week is played by the engine (``new_game(players=2, weeks=1)``): you are
P1, the chosen bot P2. Your prices are the secret price setting; for every
other decision you follow the bots' shared plan with your prices kept as set
(you never turn a die during the week, you hire the week's largest daily
need, bid the blank card in ties, take the lowest rooms): the duel isolates
the price. The bot plays its whole style. Chance (check-in days, guest
cards, walk-in budgets) comes from ``numpy.random.default_rng`` seeded with
``(seed, deal)``: replaying a deal with other prices meets the same guests
in booking (common random numbers), so two price lists compare fairly.

Beside the outcome stands a *prediction* (an optional :class:`Prediction`,
such as the equilibrium of a pricing game built from the engine, see
:func:`prediction_from_equilibrium`) and the what-if scan
:meth:`DuelController.flat_price_scan`: what each flat price would have
earned on this deal against this bot.

Examples
--------
>>> duel = DuelController(bot="undercutter", seed=1)
>>> duel.set_prices([2, 2, 2, 2, 3, 3, 3], breakfast=1)
>>> outcome = duel.play_week()
>>> outcome.deal, len(outcome.money)
(0, 2)
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Sequence
from typing import Any

import numpy as np

from hoteledu.apps.small_view import SmallView
from hoteledu.boutique.actions import KeepPrices, SetPrices
from hoteledu.boutique.bots import BOTS, BoutiqueBot
from hoteledu.boutique.mat import DAY_NAMES
from hoteledu.boutique.rules import BoutiqueState, new_game
from hoteledu.core.actions import Action
from hoteledu.core.simulate import next_action

FACES = range(1, 7)
STUDENT, BOT = 0, 1


class StudentPlan(BoutiqueBot):
    """The student's seat: the given prices, kept all week; every other decision as the bots'."""

    def __init__(self, prices: SetPrices, name: str = "you") -> None:
        super().__init__(seed=0, name=name)
        self.opening = prices

    def change_price(self, state: BoutiqueState, me: int) -> Action:
        return KeepPrices()


@dataclasses.dataclass(frozen=True)
class Prediction:
    """What a model predicts for the duel: a price list and each side's payoff.

    ``label`` says where it comes from (e.g. "equilibrium of the booking-week
    game, money difference"); ``payoffs`` are (you, bot) in the model's
    units; ``mix`` lists a mixed equilibrium's prices (label, probability),
    empty for a pure one.
    """

    label: str
    prices: tuple[int, ...]
    breakfast: int
    payoffs: tuple[float, float]
    mix: tuple[tuple[str, float], ...] = ()

    def describe(self) -> str:
        days = " ".join(str(f) for f in self.prices)
        mix = ""
        if len(self.mix) > 1:
            mix = " (a mix: " + ", ".join(f"{name} with {p:.2f}" for name, p in self.mix) + ")"
        return (
            f"{self.label}: prices {days}, breakfast {self.breakfast}{mix}; "
            f"predicted payoff you {_whole(self.payoffs[0])}, bot {_whole(self.payoffs[1])}"
        )


def _whole(value: float) -> str:
    """``value`` rounded to a whole number, with no sign on zero ("-0" reads as a loss)."""
    return f"{round(value) + 0:d}"


def prediction_from_equilibrium(
    label: str,
    profiles: Sequence[tuple[Sequence[int], int]],
    x: Sequence[float],
    y: Sequence[float],
    payoff_matrices: tuple[Any, Any],
    names: Sequence[str] | None = None,
) -> Prediction:
    """A :class:`Prediction` from a mixed equilibrium ``(x, y)`` of a pricing game.

    ``profiles[i]`` is the price list (7 day faces, breakfast face) of
    action ``i``; the predicted prices are P1's most likely action and the
    payoffs are the equilibrium's expected payoffs ``x.A y`` and ``x.B y``.
    ``names`` label the actions in the mix (default: the price lists).
    """
    a = np.asarray(payoff_matrices[0], dtype=float)
    b = np.asarray(payoff_matrices[1], dtype=float)
    xs, ys = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    days, breakfast = profiles[int(np.argmax(xs))]
    if names is None:
        names = [" ".join(str(f) for f in p[0]) for p in profiles]
    mix = tuple((str(names[i]), float(xs[i])) for i in np.flatnonzero(xs > 1e-9))
    return Prediction(
        label,
        tuple(int(f) for f in days),
        int(breakfast),
        (float(xs @ a @ ys), float(xs @ b @ ys)),
        mix,
    )


@dataclasses.dataclass(frozen=True)
class DuelOutcome:
    """One played week: money, stars, income by source, and the log in words."""

    deal: int
    prices: tuple[int, ...]
    breakfast: int
    bot: str
    money: tuple[int, int]
    stars: tuple[int, int]
    booking_income: tuple[int, int]
    walkin_income: tuple[int, int]
    wages: tuple[int, int]
    marketing: tuple[int, int]
    guests: tuple[int, int]
    lost_guests: int
    log: tuple[str, ...]

    @property
    def profit(self) -> tuple[int, int]:
        """Money gained in the week (money now minus the 500 each started with)."""
        return (self.money[0] - 500, self.money[1] - 500)

    @property
    def difference(self) -> int:
        """Your money minus the bot's: the goal "beat the rival"."""
        return self.money[0] - self.money[1]

    def summary(self) -> str:
        return (
            f"Deal {self.deal} against {self.bot}: you end with {self.money[0]} "
            f"({self.stars[0]} stars), the bot with {self.money[1]} ({self.stars[1]} stars); "
            f"guests won {self.guests[0]} to {self.guests[1]}, "
            f"booking income {self.booking_income[0]} to {self.booking_income[1]}, "
            f"walk-ins {self.walkin_income[0]} to {self.walkin_income[1]}, "
            f"wages {self.wages[0]} to {self.wages[1]}; money difference {self.difference:+d}"
        )


def _face(value: Any, name: str) -> int:
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value not in FACES:
        raise ValueError(f"{name} must be a die face 1..6 (100..600), got {value!r}")
    return int(value)


def play_duel_week(
    prices: Sequence[int], breakfast: int, bot: str, seed: int, deal: int
) -> DuelOutcome:
    """Play one week: P1 with ``prices``/``breakfast`` kept all week, P2 the bot ``bot``.

    Chance comes from ``default_rng([seed, deal])``. Pure: same arguments, same outcome.
    """
    if bot not in BOTS:
        raise ValueError(f"bot must be one of {sorted(BOTS)}, got {bot!r}")
    days = tuple(_face(f, f"day rate {DAY_NAMES[d]}") for d, f in enumerate(prices))
    if len(days) != 7:
        raise ValueError(f"prices must be 7 day rates (Monday..Sunday), got {len(days)}")
    breakfast = _face(breakfast, "breakfast")
    state = new_game(players=2, weeks=1)
    agents = [StudentPlan(SetPrices(days, breakfast)), BOTS[bot](seed=0, name=bot)]
    rng = np.random.default_rng([seed, deal])
    log: list[str] = []
    while not state.is_terminal() and state.week == 1:
        phase = state.phase
        action = next_action(state, agents, rng)
        state.apply_action(action)
        if phase in ("reveal", "bid", "walkin_card", "place") and state.last_event:
            if not log or log[-1] != state.last_event:
                log.append(state.last_event)
        elif phase == "hire":
            staff = [state.staff[p] for p in (STUDENT, BOT)]
            log.append(
                "staff hired (housekeeping, check-in, kitchen): "
                f"you {tuple(staff[0] or ())}, bot {tuple(staff[1] or ())}"
            )
    for p, who in ((STUDENT, "you"), (BOT, "bot")):
        lost = state.shortfalls[0][p] if state.shortfalls else [0, 0, 0]
        log.append(f"rating: {who} short {lost} (housekeeping, check-in, kitchen)")

    def income(stage: str) -> tuple[int, int]:
        totals = [0, 0]
        for player, _card, _night, _rooms, price, where in state.stays:
            if where == stage:
                totals[player] += price
        return totals[0], totals[1]

    guests = [0, 0]
    for stay in state.stays:
        guests[stay[0]] += 1
    return DuelOutcome(
        deal=deal,
        prices=days,
        breakfast=breakfast,
        bot=bot,
        money=(state.money[0], state.money[1]),
        stars=(state.stars[0], state.stars[1]),
        booking_income=income("booking"),
        walkin_income=income("walkin"),
        wages=(state.ledger[0][2], state.ledger[1][2]),
        marketing=(state.ledger[0][1], state.ledger[1][1]),
        guests=(guests[0], guests[1]),
        lost_guests=state.lost[0],
        log=tuple(log),
    )


class DuelController:
    """The duel's state: your price list, the bot, the deal, and the weeks played.

    Parameters
    ----------
    bot : str
        One of :data:`hoteledu.boutique.bots.BOTS`.
    seed : int
        Seed of the deals (deal ``k`` uses ``default_rng([seed, k])``).
    prediction : Prediction, optional
        Shown beside each outcome.
    """

    def __init__(self, bot: str = "premium", seed: int = 0, prediction: Prediction | None = None):
        if bot not in BOTS:
            raise ValueError(f"bot must be one of {sorted(BOTS)}, got {bot!r}")
        self.bot = bot
        self.seed = int(seed)
        self.prediction = prediction
        self.prices: list[int] = [3] * 7
        self.breakfast = 1
        self.deal = 0
        self.history: list[DuelOutcome] = []

    # ----------------------------------------------------------- choices
    def set_price(self, day: int, face: int) -> None:
        """Set one day rate (day 0..6 = Monday..Sunday); a bad face changes nothing."""
        if not isinstance(day, int) or not 0 <= day < 7:
            raise ValueError(f"day must be 0..6 (Monday..Sunday), got {day!r}")
        self.prices[day] = _face(face, f"day rate {DAY_NAMES[day]}")

    def set_prices(self, prices: Sequence[int], breakfast: int | None = None) -> None:
        """Set all seven day rates (and the breakfast die); checked before anything changes."""
        if len(prices) != 7:
            raise ValueError(f"prices must be 7 day rates (Monday..Sunday), got {len(prices)}")
        faces = [_face(f, f"day rate {DAY_NAMES[d]}") for d, f in enumerate(prices)]
        new_breakfast = self.breakfast if breakfast is None else _face(breakfast, "breakfast")
        self.prices, self.breakfast = faces, new_breakfast

    def set_breakfast(self, face: int) -> None:
        self.breakfast = _face(face, "breakfast")

    def set_bot(self, bot: str) -> None:
        if bot not in BOTS:
            raise ValueError(f"bot must be one of {sorted(BOTS)}, got {bot!r}")
        self.bot = bot

    def use_prediction(self) -> None:
        """Copy the prediction's price list into your prices."""
        if self.prediction is None:
            raise ValueError("there is no prediction to copy")
        self.set_prices(self.prediction.prices, self.prediction.breakfast)

    # ------------------------------------------------------------- weeks
    def play_week(self) -> DuelOutcome:
        """Play the current deal with your current prices and keep the outcome."""
        outcome = play_duel_week(self.prices, self.breakfast, self.bot, self.seed, self.deal)
        self.history.append(outcome)
        return outcome

    def next_deal(self) -> None:
        """New guests: the next deal of the seed."""
        self.deal += 1

    @property
    def last(self) -> DuelOutcome | None:
        return self.history[-1] if self.history else None

    def flat_price_scan(self) -> dict[int, DuelOutcome]:
        """What each flat price 1..6 (your breakfast kept) would have done on this deal."""
        return {
            face: play_duel_week([face] * 7, self.breakfast, self.bot, self.seed, self.deal)
            for face in FACES
        }

    def mean_result(self) -> tuple[float, float] | None:
        """Your mean profit and mean money difference over the weeks played."""
        if not self.history:
            return None
        return (
            float(np.mean([o.profit[0] for o in self.history])),
            float(np.mean([o.difference for o in self.history])),
        )

    def report(self) -> str:
        """The last outcome beside the prediction, in words."""
        lines = []
        last = self.last
        if last is None:
            lines.append("No week played yet: set your prices and press 'Play the week'.")
        else:
            lines.append(last.summary())
            lines.append(
                f"Your profit this week: {last.profit[0]:+d}; the bot's {last.profit[1]:+d}."
            )
            mean = self.mean_result()
            if mean is not None and len(self.history) > 1:
                lines.append(
                    f"Over your {len(self.history)} weeks: mean profit {mean[0]:+.0f}, "
                    f"mean money difference {mean[1]:+.0f}."
                )
        if self.prediction is not None:
            lines.append("Prediction: " + self.prediction.describe())
            if last is not None:
                booking = last.booking_income
                lines.append(
                    f"Booking income only (the pricing games' part): you {booking[0]}, "
                    f"bot {booking[1]}, difference {booking[0] - booking[1]:+d}."
                )
        return "\n".join(lines)


class DuelWidget(SmallView):
    """The duel in a notebook: 7 day-rate and a breakfast dropdown, a bot, play, next deal."""

    def __init__(
        self, bot: str = "premium", seed: int = 0, prediction: Prediction | None = None
    ) -> None:
        import ipywidgets as w

        self.controller = DuelController(bot, seed, prediction)
        c = self.controller
        options = [(f"{f * 100}", f) for f in FACES]
        self.day_dropdowns = [
            w.Dropdown(
                options=options,
                value=c.prices[d],
                description=DAY_NAMES[d],
                layout=w.Layout(width="150px"),
            )
            for d in range(7)
        ]
        for day, dropdown in enumerate(self.day_dropdowns):
            dropdown.observe(
                lambda change, day=day: self._guard(lambda: c.set_price(day, change["new"]))(),
                names="value",
            )
        self.breakfast_dropdown = w.Dropdown(
            options=options,
            value=c.breakfast,
            description="Breakfast",
            layout=w.Layout(width="180px"),
        )
        self.breakfast_dropdown.observe(
            lambda change: self._guard(lambda: c.set_breakfast(change["new"]))(), names="value"
        )
        self.bot_dropdown = w.Dropdown(options=list(BOTS), value=bot, description="Bot")
        self.bot_dropdown.observe(
            lambda change: self._guard(lambda: c.set_bot(change["new"]))(), names="value"
        )
        self.play_button = w.Button(description="Play the week", button_style="primary")
        self.play_button.on_click(self._guard(c.play_week))
        fit = w.Layout(width="auto")  # the default 148 px cut "What would flat p..."
        self.next_button = w.Button(description="New guests (next deal)", layout=fit)
        self.next_button.on_click(self._guard(self._next_deal))
        self.scan_button = w.Button(description="What would flat prices earn?", layout=fit)
        self.scan_button.on_click(self._guard(self._scan))
        self.copy_button = w.Button(
            description="Use the predicted prices", disabled=prediction is None, layout=fit
        )
        self.copy_button.on_click(self._guard(self._copy_prediction))
        self.report_html = w.HTML()
        self.scan_html = w.HTML()
        self.log_html = w.HTML()
        self.message_html = w.HTML()
        self.widget = w.VBox(
            [
                w.HBox(self.day_dropdowns[:4]),
                w.HBox([*self.day_dropdowns[4:], self.breakfast_dropdown]),
                w.HBox([self.bot_dropdown, self.play_button, self.next_button]),
                w.HBox([self.scan_button, self.copy_button]),
                self.report_html,
                self.scan_html,
                self.log_html,
                self.message_html,
            ]
        )
        self.refresh()

    def _scan(self) -> None:
        scan = self.controller.flat_price_scan()
        rows = "".join(
            f"<tr><td>{face * 100}</td><td>{o.profit[0]:+d}</td><td>{o.difference:+d}</td></tr>"
            for face, o in scan.items()
        )
        self.scan_html.value = (
            f"<b>Flat prices on deal {self.controller.deal}</b> (your breakfast kept)"
            "<table><tr><th>flat rate</th><th>your profit</th><th>money difference</th></tr>"
            f"{rows}</table>"
        )

    def _next_deal(self) -> None:
        self.controller.next_deal()
        # the report still shows the last week: say that the guests changed
        self.message_html.value = html.escape(
            f"New guests: deal {self.controller.deal} is ready, your prices kept. "
            "Press 'Play the week' to play it."
        )

    def _copy_prediction(self) -> None:
        self.controller.use_prediction()
        c = self.controller
        for dropdown, face in zip(self.day_dropdowns, c.prices, strict=True):
            dropdown.value = face
        self.breakfast_dropdown.value = c.breakfast
        rates = ", ".join(f"{DAY_NAMES[d]} {f * 100}" for d, f in enumerate(c.prices))
        self.message_html.value = html.escape(
            f"Your prices are now the predicted ones: {rates}; breakfast {c.breakfast * 100}."
        )

    def refresh(self) -> None:
        c = self.controller
        self.report_html.value = "<br>".join(html.escape(line) for line in c.report().splitlines())
        last = c.last
        self.log_html.value = (
            ""
            if last is None
            else "<details><summary>The week in words</summary><ol>"
            + "".join(f"<li>{html.escape(line)}</li>" for line in last.log)
            + "</ol></details>"
        )
