"""Walk-ins: exact fit chances and revenues against the engine's own checks and its play."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hoteledu.boutique.analysis.walkins import (
    card_probabilities,
    demand_curve,
    engine_fit_probability,
    expected_revenue,
    fit_probability,
    flat,
    play_walkins,
    residual_demand,
    residual_outcomes,
    walkin_position,
)
from hoteledu.boutique.cards import standard_deck

DECK = standard_deck()
BREAKFAST_CARDS = sum(c.breakfast for c in DECK.cards)


def test_hand_count_for_a_flat_300() -> None:
    """14 of 28 cards want breakfast: they need a 4 (300 + 100), the others a 3."""
    assert BREAKFAST_CARDS == 14
    by_hand = Fraction(14, 28) * Fraction(3, 6) + Fraction(14, 28) * Fraction(4, 6)
    assert fit_probability(flat(3)) == by_hand == Fraction(7, 12)
    assert fit_probability(flat(3), walkin_budget="room_only") == Fraction(4, 6)


@pytest.mark.parametrize("walkin_budget", ["with_breakfast", "room_only"])
@pytest.mark.parametrize(
    "prices, breakfast, day",
    [
        (flat(2), 1, 0),
        (flat(4), 2, 3),
        ((3, 3, 3, 3, 5, 5, 5), 1, 2),
        ((1, 2, 3, 4, 5, 6, 1), 3, 5),
    ],
)
def test_BHM_28_fit_chance_equals_the_engines_fits_budget_over_every_die_and_card(
    prices: tuple[int, ...], breakfast: int, day: int, walkin_budget: str
) -> None:
    state = walkin_position((prices, flat(6)), (breakfast, 1), walkin_budget)
    assert fit_probability(prices, breakfast, day, walkin_budget) == engine_fit_probability(
        state, 0, day
    )


def test_BHM_26_fit_chance_over_a_partly_drawn_deck() -> None:
    counts = {c.id: 1 for c in DECK.cards}
    for cid in (2, 4, 6, 8, 10, 12):  # six breakfast cards gone
        counts[cid] = 0
    probabilities = card_probabilities(DECK, counts)
    assert sum(probabilities.values()) == 1 and len(probabilities) == 22
    expected = Fraction(8, 22) * Fraction(3, 6) + Fraction(14, 22) * Fraction(4, 6)
    assert fit_probability(flat(3), counts=counts) == expected


def test_revenue_is_the_sum_over_dice_and_cards_of_the_engines_stay_price() -> None:
    state = walkin_position((flat(4), flat(6)), (2, 1))
    brute = Fraction(0)
    for card in DECK.cards:
        for face in range(1, 7):
            if state.fits_budget(0, card.id, 0, face):
                brute += Fraction(1, 28 * 6) * state.stay_price(0, card.id, 0)
    assert expected_revenue(flat(4), 2) == brute


def test_demand_curve_falls_and_revenue_peaks_inside() -> None:
    curve = demand_curve()
    assert list(curve.demand) == sorted(curve.demand, reverse=True)
    # At 600 only the 14 room-only cards fit, and only a budget of 6: 1/2 x 1/6.
    assert curve.demand[0] == Fraction(11, 12) and curve.demand[-1] == Fraction(1, 12)
    assert curve.revenue[curve.best_face - 1] == max(curve.revenue)
    assert curve.best_face not in (1, 6)


def test_second_ranked_hotel_gets_nothing_unless_it_is_cheaper() -> None:
    residual = residual_demand(4)
    for face in (4, 5, 6):
        assert residual.demand[face - 1] == 0
    assert residual.demand[2] > 0
    assert residual.revenue[residual.best_response - 1] == max(residual.revenue)
    assert residual.best_response < 4
    # Together the two hotels take the guests the cheaper one alone would take.
    first, _ = residual_outcomes(flat(4), flat(2))
    assert fit_probability(flat(4)) + first == fit_probability(flat(2))


@pytest.mark.parametrize("walkin_budget", ["with_breakfast", "room_only"])
def test_BHM_28_seeded_walk_ins_through_the_engine_agree_with_the_exact_chances(
    walkin_budget: str,
) -> None:
    prices = (flat(4), flat(2))
    state = walkin_position(prices, (1, 1), walkin_budget)
    played = play_walkins(state, rounds=2000, seed=7)
    p1 = fit_probability(prices[0], 1, 0, walkin_budget)
    p2, revenue2 = residual_outcomes(prices[0], prices[1], (1, 1), 0, walkin_budget)
    for player, exact in ((0, p1), (1, p2), (-1, 1 - p1 - p2)):
        share, se = played.share(player)
        assert abs(share - float(exact)) < 4 * se + 1e-9
    mean, se = played.revenue(0)
    assert abs(mean - float(expected_revenue(prices[0], 1, 0, walkin_budget))) < 4 * se
    mean, se = played.revenue(1)
    assert abs(mean - float(revenue2)) < 4 * se


def test_bad_prices_are_refused_naming_the_field() -> None:
    with pytest.raises(ValueError, match="7 faces"):
        fit_probability((3, 3, 3))
    with pytest.raises(ValueError, match="walkin_budget"):
        fit_probability(flat(3), walkin_budget="free")
    with pytest.raises(ValueError, match="breakfast"):
        fit_probability(flat(3), breakfast=0)
