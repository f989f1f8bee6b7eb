"""Walk-ins: a posted price against a random budget (issue 11).

Each walk-in day the white die gives the guests' budget per night, ``B`` x 100
with ``B`` uniform on 1..6, and a card is drawn from what is left of the deck.
The guests go to the first hotel in the walk-in ranking whose every night
costs at most the budget and that has room (docs/boutique.md, decision 9).
With option ``walkin_budget="with_breakfast"`` (default) a night costs the
day rate plus the breakfast die where the card wants breakfast; with
``"room_only"`` the budget is compared with the day rate alone (the guests
still pay for breakfast).

So a card ``c`` asks for a smallest covering face ``need_c`` (the dearest
night of the stay), it fits with probability ``(7 - need_c) / 6`` (0 when
``need_c > 6``), and over the deck

    P(fit) = sum_c P(card c) (7 - need_c)^+ / 6,

exactly, in Fractions (:func:`fit_probability`). As a function of the price
this is the **demand curve**; price times demand (the stay's total where it
fits) is the **revenue curve**. The second hotel in the ranking only gets
guests the first turns away: its **residual demand** is
``P(need2_c <= B < need1_c)``, which is zero unless it is cheaper.

Assumption throughout: both hotels have a free room for the stay (as at the
start of the walk-in phase with empty hotels); a full hotel passes the guests
on, whatever its price. :func:`engine_fit_probability` asks the engine's own
``fits_budget`` instead of the formula; the tests compare the two, and both
with the engine's walk-in phase played many times.

Examples
--------
>>> fit_probability(flat(3))
Fraction(7, 12)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache

import numpy as np

from hoteledu.boutique.actions import KeepPrices, SetPrices
from hoteledu.boutique.cards import Deck, GuestCard, resolve_deck
from hoteledu.boutique.mat import PRICE_STEP
from hoteledu.boutique.rules import BoutiqueState, new_game
from hoteledu.core.actions import JointAction

WALKIN_BUDGETS: tuple[str, ...] = ("with_breakfast", "room_only")
FACES = range(1, 7)


def flat(face: int) -> tuple[int, ...]:
    """The same day rate (a face 1..6) on all seven days."""
    if face not in FACES:
        raise ValueError(f"a price die shows 1 to 6, not {face!r}")
    return (face,) * 7


def _check_prices(prices: Sequence[int], breakfast: int, day: int, walkin_budget: str) -> None:
    if len(prices) != 7 or any(f not in FACES for f in prices):
        raise ValueError(f"prices must be 7 faces 1..6 (Mon..Sun), got {tuple(prices)!r}")
    if breakfast not in FACES:
        raise ValueError(f"the breakfast die shows 1 to 6, not {breakfast!r}")
    if day not in range(7):
        raise ValueError(f"day must be 0..6 (Mon..Sun), got {day!r}")
    if walkin_budget not in WALKIN_BUDGETS:
        raise ValueError(f"walkin_budget must be one of {WALKIN_BUDGETS}, got {walkin_budget!r}")


def card_probabilities(
    deck: Deck | str = "standard", counts: Mapping[int, int] | None = None
) -> dict[int, Fraction]:
    """P(the next card is ``c``): uniform over the cards left (a full deck by default)."""
    deck = resolve_deck(deck) if isinstance(deck, str) else deck
    counts = {c.id: 1 for c in deck.cards} if counts is None else counts
    total = sum(counts.values())
    if total <= 0:
        raise ValueError("the deck is empty")
    return {cid: Fraction(n, total) for cid, n in counts.items() if n}


def needed_face(
    card: GuestCard,
    prices: Sequence[int],
    breakfast: int,
    day: int,
    walkin_budget: str = "with_breakfast",
) -> int:
    """The smallest budget face that covers every night of ``card`` checking in on ``day``."""
    extra = breakfast if card.breakfast and walkin_budget == "with_breakfast" else 0
    return max(prices[min(day + o, 6)] + extra for room in card.rooms for o in room.offsets)


def stay_total(card: GuestCard, prices: Sequence[int], breakfast: int, day: int) -> int:
    """What the guests pay: every room-night at its day rate, plus breakfast where wanted."""
    extra = breakfast if card.breakfast else 0
    return PRICE_STEP * sum(prices[min(day + o, 6)] + extra for r in card.rooms for o in r.offsets)


def _covering(need: int) -> Fraction:
    """P(B >= need) for a fair die B on 1..6."""
    return Fraction(max(0, min(6, 7 - need)), 6)


def _cards_that_fit(
    prices: Sequence[int],
    breakfast: int,
    day: int,
    walkin_budget: str,
    deck: Deck | str,
    counts: Mapping[int, int] | None,
) -> list[tuple[GuestCard, Fraction, Fraction]]:
    """Each walk-in card, its probability, and P(the budget die covers its stay)."""
    _check_prices(prices, breakfast, day, walkin_budget)
    deck = resolve_deck(deck) if isinstance(deck, str) else deck
    cards = []
    for cid, p in card_probabilities(deck, counts).items():
        card = deck.card(cid)
        cards.append((card, p, _covering(needed_face(card, prices, breakfast, day, walkin_budget))))
    return cards


def fit_probability(
    prices: Sequence[int],
    breakfast: int = 1,
    day: int = 0,
    walkin_budget: str = "with_breakfast",
    deck: Deck | str = "standard",
    counts: Mapping[int, int] | None = None,
) -> Fraction:
    """P(a walk-in's budget covers the stay), exactly over the budget die and the deck."""
    cards = _cards_that_fit(prices, breakfast, day, walkin_budget, deck, counts)
    return sum((p * fit for _, p, fit in cards), Fraction(0))


def expected_revenue(
    prices: Sequence[int],
    breakfast: int = 1,
    day: int = 0,
    walkin_budget: str = "with_breakfast",
    deck: Deck | str = "standard",
    counts: Mapping[int, int] | None = None,
) -> Fraction:
    """Expected money one walk-in brings a hotel that is first in the ranking (and has room)."""
    cards = _cards_that_fit(prices, breakfast, day, walkin_budget, deck, counts)
    return sum(
        (p * fit * stay_total(card, prices, breakfast, day) for card, p, fit in cards),
        Fraction(0),
    )


def mean_room_nights(
    deck: Deck | str = "standard", counts: Mapping[int, int] | None = None
) -> Fraction:
    """Room-nights a walk-in card asks for, on average."""
    deck = resolve_deck(deck) if isinstance(deck, str) else deck
    return sum(
        (p * deck.card(cid).room_nights for cid, p in card_probabilities(deck, counts).items()),
        Fraction(0),
    )


@dataclasses.dataclass(frozen=True)
class DemandCurve:
    """Demand and revenue of a flat day rate, face by face (breakfast die fixed)."""

    faces: tuple[int, ...]
    demand: tuple[Fraction, ...]
    """P(a walk-in's budget covers the stay) at each flat face."""
    revenue: tuple[Fraction, ...]
    """Expected money per walk-in at each face."""
    revenue_per_room_night: tuple[Fraction, ...]
    """Revenue per walk-in over the room-nights a walk-in asks for on average."""
    breakfast: int
    walkin_budget: str

    @property
    def best_face(self) -> int:
        """The revenue-maximising flat face (the lowest on a tie)."""
        return self.faces[max(range(len(self.faces)), key=lambda i: (self.revenue[i], -i))]


@lru_cache(maxsize=64)
def demand_curve(
    breakfast: int = 1, walkin_budget: str = "with_breakfast", deck: str = "standard"
) -> DemandCurve:
    """The demand and revenue curves of a flat day rate for the first-ranked hotel."""
    nights = mean_room_nights(deck)
    demand, revenue = [], []
    for f in FACES:
        demand.append(fit_probability(flat(f), breakfast, 0, walkin_budget, deck))
        revenue.append(expected_revenue(flat(f), breakfast, 0, walkin_budget, deck))
    return DemandCurve(
        tuple(FACES),
        tuple(demand),
        tuple(revenue),
        tuple(r / nights for r in revenue),
        breakfast,
        walkin_budget,
    )


# ------------------------------------------------------- ranked second
def _between(low_need: int, high_need: int) -> Fraction:
    """P(low_need <= B < high_need) for a fair die B on 1..6."""
    lo, hi = max(1, low_need), min(6, high_need - 1)
    return Fraction(max(0, hi - lo + 1), 6)


def residual_outcomes(
    first: Sequence[int],
    second: Sequence[int],
    breakfasts: tuple[int, int] = (1, 1),
    day: int = 0,
    walkin_budget: str = "with_breakfast",
    deck: Deck | str = "standard",
    counts: Mapping[int, int] | None = None,
) -> tuple[Fraction, Fraction]:
    """(P(the second-ranked hotel gets the walk-in), its expected revenue), exactly."""
    _check_prices(first, breakfasts[0], day, walkin_budget)
    _check_prices(second, breakfasts[1], day, walkin_budget)
    deck = resolve_deck(deck) if isinstance(deck, str) else deck
    chance, revenue = Fraction(0), Fraction(0)
    for cid, p in card_probabilities(deck, counts).items():
        card = deck.card(cid)
        need1 = needed_face(card, first, breakfasts[0], day, walkin_budget)
        need2 = needed_face(card, second, breakfasts[1], day, walkin_budget)
        q = p * _between(need2, need1)
        chance += q
        revenue += q * stay_total(card, second, breakfasts[1], day)
    return chance, revenue


@dataclasses.dataclass(frozen=True)
class ResidualDemand:
    """The second-ranked hotel's residual demand and revenue for each of its flat faces."""

    first_face: int
    faces: tuple[int, ...]
    demand: tuple[Fraction, ...]
    revenue: tuple[Fraction, ...]
    first_revenue: Fraction
    """What the first-ranked hotel earns per walk-in at its face."""

    @property
    def best_response(self) -> int:
        """The second's revenue-maximising flat face (the lowest on a tie)."""
        return self.faces[max(range(len(self.faces)), key=lambda i: (self.revenue[i], -i))]


@lru_cache(maxsize=128)
def residual_demand(
    first_face: int,
    breakfast: int = 1,
    walkin_budget: str = "with_breakfast",
    deck: str = "standard",
) -> ResidualDemand:
    """Residual demand of the second-ranked hotel when the first posts a flat ``first_face``."""
    demand, revenue = [], []
    for f in FACES:
        d, r = residual_outcomes(
            flat(first_face), flat(f), (breakfast, breakfast), 0, walkin_budget, deck
        )
        demand.append(d)
        revenue.append(r)
    first = expected_revenue(flat(first_face), breakfast, 0, walkin_budget, deck)
    return ResidualDemand(first_face, tuple(FACES), tuple(demand), tuple(revenue), first)


# -------------------------------------------------------------- engine
def engine_fit_probability(state: BoutiqueState, player: int, day: int | None = None) -> Fraction:
    """P(fit) by asking the engine's ``fits_budget`` for every budget face and card left."""
    day = state.day if day is None else day
    total = sum(state.deck_counts.values())
    chance = Fraction(0)
    for cid, count in state.deck_counts.items():
        if count:
            faces = sum(state.fits_budget(player, cid, day, face) for face in FACES)
            chance += Fraction(count, total) * Fraction(faces, 6)
    return chance


def walkin_position(
    prices: tuple[Sequence[int], Sequence[int]],
    breakfasts: tuple[int, int] = (1, 1),
    walkin_budget: str = "with_breakfast",
) -> BoutiqueState:
    """An engine position at the start of a walk-in day with two empty hotels.

    P1 is ranked first, P2 second; the deck is full; staff is hired. Built
    from a validated snapshot of a real game, so the engine checks it.
    """
    state = new_game(players=2, weeks=1, room_choice="canonical", walkin_budget=walkin_budget)
    state.apply_action(
        JointAction(
            (
                SetPrices(tuple(prices[0]), breakfasts[0]),
                SetPrices(tuple(prices[1]), breakfasts[1]),
            )
        )
    )
    snapshot = state.to_snapshot()
    snapshot.update(
        phase="walkin_change",
        stage="walkin",
        turn=snapshot["turns"],
        ranking=[[0], [1]],
        staff=[[3, 3, 3], [3, 3, 3]],
        card=-1,
        checkin=-1,
        last_event="walk-in ranking: P1 > P2",
    )
    return BoutiqueState.from_snapshot(state.options, snapshot)  # type: ignore[return-value]


@dataclasses.dataclass(frozen=True)
class PlayedWalkins:
    """Monday's walk-in played many times: who took the guests and what they paid."""

    taken_by: np.ndarray
    """Per round: 0 (P1), 1 (P2) or -1 (lost)."""
    paid: np.ndarray

    def share(self, player: int) -> tuple[float, float]:
        """Fraction of rounds won by ``player`` (-1: lost) and its standard error."""
        hits = self.taken_by == player
        return float(hits.mean()), float(hits.std(ddof=1) / np.sqrt(len(hits)))

    def revenue(self, player: int) -> tuple[float, float]:
        """Mean money per walk-in for ``player`` and its standard error."""
        money = np.where(self.taken_by == player, self.paid, 0)
        return float(money.mean()), float(money.std(ddof=1) / np.sqrt(len(money)))


def play_walkins(state: BoutiqueState, rounds: int, seed: int) -> PlayedWalkins:
    """Play the engine's first walk-in of ``state`` ``rounds`` times (prices kept, dice seeded)."""
    if state.phase != "walkin_change":
        raise ValueError(f"the position is in the phase {state.phase!r}, not 'walkin_change'")
    rng = np.random.default_rng(seed)
    keep = JointAction(tuple(KeepPrices() for _ in range(state.n)))
    taken = np.full(rounds, -1)
    paid = np.zeros(rounds)
    for k in range(rounds):
        s: BoutiqueState = state.clone()  # type: ignore[assignment]
        s.apply_action(keep)
        s.apply_action(s.sample_chance(rng))  # the budget die
        stays = len(s.stays)
        s.apply_action(s.sample_chance(rng))  # the card
        if len(s.stays) > stays:
            taken[k], paid[k] = s.stays[-1][0], s.stays[-1][4]
    return PlayedWalkins(taken, paid)
