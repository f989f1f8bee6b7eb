"""What a guest's order is worth: least-squares implied prices of the dishes and drinks.

Every guest card (``data/guests.json``) shows an order (strudel, cake, wine,
coffee) and the VP it scores at check-in. If VP were a price list, each card
would satisfy ``VP = sum(order[i] * price[i])``; the cards do not agree
exactly (they also give rewards), so :func:`implied_item_prices` finds the
prices that fit best in the least-squares sense (``numpy.linalg.lstsq``).

Examples
--------
>>> fit = implied_item_prices()
>>> fit.items
('strudel', 'cake', 'wine', 'coffee')
>>> len(fit.numbers)
56
"""

from __future__ import annotations

import dataclasses
from functools import cache

import numpy as np

from hoteledu.grand_austria.analysis.intervals import t_quantile
from hoteledu.grand_austria.cards import guest_cards
from hoteledu.grand_austria.vocabulary import ITEMS


def _frozen(array: np.ndarray) -> np.ndarray:
    array = np.array(array, dtype=float)
    array.flags.writeable = False
    return array


@cache
def guest_orders() -> tuple[tuple[int, ...], np.ndarray, np.ndarray, np.ndarray]:
    """``(numbers, orders, vp, krones)`` of the 56 guest cards.

    ``orders`` is ``(56, 4)`` in the item order :data:`ITEMS`; ``krones`` the
    krones of each card's reward (its ``gain`` effects); the arrays are read-only.
    """
    cards = guest_cards()
    numbers = tuple(card.number for card in cards)
    orders = _frozen([card.order for card in cards])
    vp = _frozen([card.vp for card in cards])
    krones = _frozen(
        [
            sum(int(dict(e.params).get("krones", 0)) for e in card.reward if e.kind == "gain")
            for card in cards
        ]
    )
    return numbers, orders, vp, krones


@dataclasses.dataclass(frozen=True)
class GuestPrices:
    """A least-squares fit of guest value against the order.

    ``prices[i]`` is the implied value (VP) of one :data:`ITEMS` ``[i]``;
    ``intercept`` the value of the card itself (0 unless fitted);
    ``value[j]`` what card ``numbers[j]`` is worth (its VP, plus its reward
    krones when ``count_krones``), ``fitted[j]`` the fitted value.
    """

    items: tuple[str, ...]
    prices: np.ndarray
    intercept: float
    numbers: tuple[int, ...]
    orders: np.ndarray
    value: np.ndarray
    fitted: np.ndarray
    residual_sum_of_squares: float
    r_squared: float
    count_krones: bool
    covariance: np.ndarray
    degrees_of_freedom: int

    def _index(self, item: str) -> int:
        if item not in self.items:
            raise ValueError(f"item must be one of {self.items}, got {item!r}")
        return self.items.index(item)

    def price(self, item: str) -> float:
        """Implied VP of one dish or drink, by name."""
        return float(self.prices[self._index(item)])

    @property
    def standard_errors(self) -> np.ndarray:
        """Least-squares standard error of each price: ``sqrt(diag(s^2 (X'X)^-1))``."""
        return _frozen(np.sqrt(np.diag(self.covariance)[: len(self.items)]))

    def interval(self, item: str) -> tuple[float, float]:
        """95% t interval of one item's price (``degrees_of_freedom`` = cards - unknowns)."""
        i = self._index(item)
        half = t_quantile(self.degrees_of_freedom) * float(self.standard_errors[i])
        return float(self.prices[i]) - half, float(self.prices[i]) + half

    def difference_interval(self, item: str, other: str) -> tuple[float, float, float]:
        """``price(item) - price(other)`` with its 95% t interval (their covariance counted)."""
        i, j = self._index(item), self._index(other)
        difference = float(self.prices[i] - self.prices[j])
        variance = self.covariance[i, i] + self.covariance[j, j] - 2 * self.covariance[i, j]
        half = t_quantile(self.degrees_of_freedom) * float(np.sqrt(variance))
        return difference, difference - half, difference + half


@cache
def implied_item_prices(
    intercept: bool = False, count_krones: bool = False, krones_only: bool = False
) -> GuestPrices:
    """Least-squares implied price (VP) of each dish and drink from the guest cards.

    Solves ``min ||orders @ prices + c - value||^2`` with ``numpy.linalg.lstsq``,
    ``c = 0`` unless ``intercept``. ``value`` is the card's VP, plus the
    krones of its reward when ``count_krones`` (krones score 1 VP each at the
    end, GAH-F03). Other rewards (rooms, staff, emperor steps, another guest)
    have no common unit and are left out: they are part of the residual.
    ``r_squared`` is ``1 - RSS / sum((value - mean)^2)``. ``krones_only``
    fits the reward krones alone: least squares is linear in the values, so
    these "prices" are exactly what counting the krones adds to each price.
    The standard errors are the classical ones, ``s^2 (X'X)^-1`` with
    ``s^2 = RSS / (cards - unknowns)``.
    """
    if krones_only and count_krones:
        raise ValueError("count_krones adds the krones to the VP; krones_only fits them alone")
    numbers, orders, vp, krones = guest_orders()
    value = krones if krones_only else vp + krones if count_krones else vp
    design = np.column_stack([orders, np.ones(len(numbers))]) if intercept else orders
    solution, *_ = np.linalg.lstsq(design, value, rcond=None)
    fitted = design @ solution
    rss = float(np.sum((value - fitted) ** 2))
    tss = float(np.sum((value - value.mean()) ** 2))
    df = len(numbers) - design.shape[1]
    covariance = rss / df * np.linalg.inv(design.T @ design)
    return GuestPrices(
        items=ITEMS,
        prices=_frozen(solution[: len(ITEMS)]),
        intercept=float(solution[-1]) if intercept else 0.0,
        numbers=numbers,
        orders=orders,
        value=_frozen(value),
        fitted=_frozen(fitted),
        residual_sum_of_squares=rss,
        r_squared=1 - rss / tss,
        count_krones=count_krones,
        covariance=_frozen(covariance),
        degrees_of_freedom=df,
    )


def bootstrap_prices(
    resamples: int, seed: int | None = 0, count_krones: bool = False
) -> np.ndarray:
    """Seeded case bootstrap of the prices: refit on ``resamples`` draws of 56 cards.

    Returns ``(resamples, 4)`` prices; its percentiles are an interval that
    does not lean on the classical errors' equal-variance assumption.
    """
    _, orders, vp, krones = guest_orders()
    value = vp + krones if count_krones else vp
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, len(value), size=(resamples, len(value)))
    result = np.empty((resamples, orders.shape[1]))
    for row, cards in enumerate(draws):
        result[row] = np.linalg.lstsq(orders[cards], value[cards], rcond=None)[0]
    return result
