"""Staff cards as investments: what hiring costs with the dice, what a per-round card returns.

Action 5 plays one staff card from the hand; each die on space 5 lowers its
cost by 1, never below 0 (GAH-D08). Space 6 can imitate action 5 at its own
count for 1 krone (GAH-D09). A once-per-round card (GAH-A04) gives its effect
in every round from the one it is hired in (the engine lets a card be used in
the turn it is played: additional actions come after the die) to round 7.
Krones and VP convert 1:1 at the end, and a dish or drink left in the kitchen
scores 1 VP (GAH-F03): that is the default value of an item here.

Examples
--------
>>> expected_hiring_cost(4, 2)
Fraction(2, 1)
>>> once_per_round_cards()
(1, 2, 3, 4)
>>> [int(u) for u in staff_value_by_round(1, dice=10).uses]
[7, 6, 5, 4, 3, 2, 1]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from hoteledu.grand_austria.cards import StaffCard, staff_cards
from hoteledu.grand_austria.dice import FACES
from hoteledu.grand_austria.hotel import ROUNDS
from hoteledu.grand_austria.vocabulary import ITEMS

ROUTES = ("space5", "best")
"""``space5``: hire on space 5 only; ``best``: space 5, or space 6 for a krone, the cheaper."""
WILD_FEE = 1
"""Krones paid to imitate an action on space 6 (GAH-D09)."""


def _staff(number: int) -> StaffCard:
    for card in staff_cards():
        if card.number == number:
            return card
    raise ValueError(f"no staff card number {number!r} (staff cards are 1..48)")


def _check_route(route: str) -> None:
    if route not in ROUTES:
        raise ValueError(f"route must be one of {ROUTES}, got {route!r}")


def hiring_cost_distribution(cost: int, strength: int | Sequence[Fraction]) -> tuple[Fraction, ...]:
    """Distribution of the krones paid, ``max(0, cost - strength)``, index = krones 0..cost.

    ``strength`` is a number of dice on space 5, or a distribution of it
    (``strength[s] = P(S = s)``).

    >>> hiring_cost_distribution(2, (Fraction(1, 2), Fraction(1, 2)))
    (Fraction(0, 1), Fraction(1, 2), Fraction(1, 2))
    """
    if not isinstance(cost, int) or cost < 0:
        raise ValueError(f"a staff card's cost must be a whole number >= 0, got {cost!r}")
    if isinstance(strength, int):
        if strength < 0:
            raise ValueError(f"the strength must be >= 0, got {strength!r}")
        strength = tuple(Fraction(int(s == strength)) for s in range(strength + 1))
    if sum(strength) != 1 or any(p < 0 for p in strength):
        raise ValueError("the strength distribution must be probabilities that sum to 1")
    paid = [Fraction(0)] * (cost + 1)
    for s, p in enumerate(strength):
        paid[max(0, cost - s)] += Fraction(p)
    return tuple(paid)


def expected_hiring_cost(cost: int, strength: int | Sequence[Fraction]) -> Fraction:
    """E[max(0, cost - S)]: the expected krones paid for a card of ``cost`` (GAH-D08)."""
    return sum((k * p for k, p in enumerate(hiring_cost_distribution(cost, strength))), Fraction(0))


@cache
def route_cost_distribution(cost: int, dice: int, route: str = "space5") -> tuple[Fraction, ...]:
    """Krones paid to hire a card of ``cost`` from the roll of ``dice`` dice, exact.

    ``route="space5"``: the card is hired on space 5, so the paid cost is
    ``max(0, cost - K_5)`` given ``K_5 >= 1`` (the action needs a die there).
    ``route="best"``: on space 5, or on space 6 for 1 krone more at strength
    ``K_6``, whichever is cheaper, given ``K_5 + K_6 >= 1``. ``(K_5, K_6, rest)``
    is trinomial ``(1/6, 1/6, 4/6)``. Index = krones paid (the fee included).
    """
    _check_route(route)
    if dice < 1:
        raise ValueError("hiring needs at least one die on the board")
    paid = [Fraction(0)] * (cost + WILD_FEE + 1)
    for five in range(dice + 1):
        for six in range(dice - five + 1):
            ways = comb(dice, five) * comb(dice - five, six) * 4 ** (dice - five - six)
            options = []
            if five >= 1:
                options.append(max(0, cost - five))
            if route == "best" and six >= 1:
                options.append(max(0, cost - six) + WILD_FEE)
            if options:
                paid[min(options)] += Fraction(ways, FACES**dice)
    total = sum(paid)
    return tuple(p / total for p in paid)


def expected_route_cost(cost: int, dice: int, route: str = "space5") -> Fraction:
    """Expected krones paid for a card of ``cost`` with ``dice`` dice rolled (see above)."""
    return sum(
        (k * p for k, p in enumerate(route_cost_distribution(cost, dice, route))), Fraction(0)
    )


@cache
def route_saving(cost: int, dice: int) -> Fraction:
    """What the choice of space 6 saves, compared on the same boards: those with a die on 5.

    ``E[max(0, cost - K_5) - best | K_5 >= 1]``, ``best`` the cheaper of
    space 5 and space 6 for a krone more. Only there can both routes be
    compared: the difference of :func:`expected_route_cost`'s two answers
    also mixes in the boards with no die on space 5, on which only space 6
    can hire at all (and dearly).
    """
    if dice < 1:
        raise ValueError("hiring needs at least one die on the board")
    saved = Fraction(0)
    boards = 0
    for five in range(1, dice + 1):
        for six in range(dice - five + 1):
            ways = comb(dice, five) * comb(dice - five, six) * 4 ** (dice - five - six)
            on_five = max(0, cost - five)
            best = min(on_five, max(0, cost - six) + WILD_FEE) if six >= 1 else on_five
            saved += ways * (on_five - best)
            boards += ways
    return saved / boards


def sample_route_savings(cost: int, dice: int, size: int, seed: int | None = 0) -> np.ndarray:
    """Seeded boards with a die on space 5: krones on space 5 minus the cheaper route, per board."""
    rng = np.random.default_rng(seed)
    chunks: list[np.ndarray] = []
    kept = 0
    while kept < size:
        rolls = rng.multinomial(dice, [1 / FACES] * FACES, size=2 * (size - kept) + 16)
        rolls = rolls[rolls[:, 4] >= 1]
        five, six = rolls[:, 4], rolls[:, 5]
        on_five = np.maximum(0, cost - five)
        by_six = np.where(six >= 1, np.maximum(0, cost - six) + WILD_FEE, on_five)
        chunks.append(on_five - np.minimum(on_five, by_six))
        kept += len(rolls)
    return np.concatenate(chunks)[:size]


@cache
def staff_cost_table(dice: int, route: str = "space5") -> dict[int, Fraction]:
    """Expected krones paid for every staff card (by number) with ``dice`` dice rolled."""
    return {card.number: expected_route_cost(card.cost, dice, route) for card in staff_cards()}


def once_per_round_cards() -> tuple[int, ...]:
    """Numbers of the staff cards used once per round (GAH-A04)."""
    return tuple(card.number for card in staff_cards() if card.timing == "once_per_round")


def _as_fraction(value: float | int | Fraction) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    return Fraction(value).limit_denominator(10_000)


def value_per_use(
    number: int, item_values: Mapping[str, float | int | Fraction] | None = None
) -> Fraction:
    """VP of one use of a once-per-round card: its gains at ``item_values`` (1 VP an item).

    Krones and VP count 1 each (GAH-F03). A float value (e.g. a least-squares
    price) becomes the nearest fraction with a denominator up to 10 000.
    """
    card = _staff(number)
    if card.timing != "once_per_round":
        raise ValueError(
            f"staff card {number} ({card.name}) is {card.timing}, not once per round [GAH-A04]"
        )
    values = {item: Fraction(1) for item in ITEMS}
    for item, value in (item_values or {}).items():
        if item not in values:
            raise ValueError(f"item_values: unknown item {item!r}, expected one of {ITEMS}")
        values[item] = _as_fraction(value)
    values["krones"] = values["vp"] = Fraction(1)
    total = Fraction(0)
    for effect in card.effects:
        if effect.kind != "gain":
            raise ValueError(f"staff card {number}: no VP value for a {effect.kind!r} effect")
        for name, amount in effect.params:
            if name not in values:
                raise ValueError(f"staff card {number}: no VP value for gaining {name!r}")
            total += amount * values[name]
    return total


@dataclasses.dataclass(frozen=True)
class StaffValue:
    """A once-per-round card by the round it is hired in (``rounds`` = 1..7).

    ``uses[i]``: expected uses when hired in ``rounds[i]``; ``gross[i]`` their
    VP; ``net[i] = gross[i] - expected_cost`` (krones paid, 1 VP each).
    """

    card: int
    name: str
    cost: int
    dice: int
    route: str
    use_probability: Fraction
    value_per_use: Fraction
    expected_cost: Fraction
    rounds: tuple[int, ...]
    uses: tuple[Fraction, ...]
    gross: tuple[Fraction, ...]
    net: tuple[Fraction, ...]

    @property
    def break_even_round(self) -> int | None:
        """The last hiring round with a net gain > 0, or None if none."""
        good = [r for r, v in zip(self.rounds, self.net, strict=True) if v > 0]
        return max(good) if good else None


def staff_value_by_round(
    number: int,
    dice: int,
    route: str = "space5",
    item_values: Mapping[str, float | int | Fraction] | None = None,
    use_probability: Fraction | float | int = 1,
) -> StaffValue:
    """Expected uses and net VP of a once-per-round card by the round it is hired.

    Hired in round r of 7, the card is used in rounds r..7 (it can be used in
    the turn it is played), each round with probability ``use_probability``
    (1: always): ``uses = use_probability * (8 - r)``. Its cost is the
    expected krones paid with ``dice`` dice rolled (:func:`route_cost_distribution`).
    Not counted: what else the die and the krones could have bought.
    """
    card = _staff(number)
    per_use = value_per_use(number, item_values)
    q = _as_fraction(use_probability)
    if not 0 <= q <= 1:
        raise ValueError(f"use_probability must be between 0 and 1, got {use_probability!r}")
    cost = expected_route_cost(card.cost, dice, route)
    rounds = tuple(range(1, ROUNDS + 1))
    uses = tuple(q * (ROUNDS - r + 1) for r in rounds)
    gross = tuple(u * per_use for u in uses)
    return StaffValue(
        card=number,
        name=card.name,
        cost=card.cost,
        dice=dice,
        route=route,
        use_probability=q,
        value_per_use=per_use,
        expected_cost=cost,
        rounds=rounds,
        uses=uses,
        gross=gross,
        net=tuple(g - cost for g in gross),
    )


def sample_hiring_costs(
    cost: int, dice: int, size: int, seed: int | None = 0, route: str = "space5"
) -> list[int]:
    """Seeded krones paid (compare with :func:`route_cost_distribution`).

    Rolls without a usable die are drawn again (the exact result is conditional).
    """
    _check_route(route)
    rng = np.random.default_rng(seed)
    paid: list[int] = []
    while len(paid) < size:
        rolls = rng.multinomial(dice, [1 / FACES] * FACES, size=2 * (size - len(paid)) + 16)
        five, six = rolls[:, 4], rolls[:, 5]
        big = cost + WILD_FEE + 1  # more than any cost: "no such route"
        by_five = np.where(five >= 1, np.maximum(0, cost - five), big)
        by_six = np.where(six >= 1, np.maximum(0, cost - six) + WILD_FEE, big)
        best = np.minimum(by_five, by_six) if route == "best" else by_five
        paid.extend(int(x) for x in best[best < big])
    return paid[:size]
