"""Claims of lesson boutique/05_walk_ins_and_staffing checked independently of its cells."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from hoteledu.boutique.analysis.staffing import (
    break_even_star_values,
    need_samples,
    newsvendor_level,
    staffing_costs,
)
from hoteledu.boutique.analysis.walkins import (
    demand_curve,
    flat,
    residual_demand,
    residual_outcomes,
    walkin_position,
)
from hoteledu.boutique.cards import standard_deck
from hoteledu.boutique.rules import new_game

CARDS = standard_deck().cards


def needed_face(card, rates, breakfast: int, counts_breakfast: bool, day: int = 0) -> int:
    """The smallest budget face covering every night of the stay (the lesson's n_c)."""
    extra = breakfast if card.breakfast and counts_breakfast else 0
    return max(
        rates[min(day + night, 6)] + extra
        for room in card.rooms
        for night in range(room.start, room.start + room.nights)
    )


def stay_total(card, rates, breakfast: int, day: int = 0) -> int:
    extra = breakfast if card.breakfast else 0
    return 100 * sum(
        rates[min(day + night, 6)] + extra
        for room in card.rooms
        for night in range(room.start, room.start + room.nights)
    )


def by_hand(rates, breakfast: int, counts_breakfast: bool) -> tuple[Fraction, Fraction]:
    fit, revenue = Fraction(0), Fraction(0)
    for card in CARDS:
        chance = Fraction(max(0, 7 - needed_face(card, rates, breakfast, counts_breakfast)), 6)
        fit += chance / len(CARDS)
        revenue += chance * stay_total(card, rates, breakfast) / len(CARDS)
    return fit, revenue


@pytest.mark.parametrize("option", ["with_breakfast", "room_only"])
def test_demand_and_revenue_curves_by_hand(option: str) -> None:
    curve = demand_curve(breakfast=1, walkin_budget=option)
    for face, demand, revenue in zip(curve.faces, curve.demand, curve.revenue, strict=True):
        assert (demand, revenue) == by_hand(flat(face), 1, option == "with_breakfast")
    assert curve.best_face == 3


def test_half_the_cards_want_breakfast_and_seven_twelfths_fit_at_300() -> None:
    assert sum(c.breakfast for c in CARDS) == 14 == len(CARDS) // 2
    assert by_hand(flat(3), 1, True)[0] == Fraction(7, 12)
    # Counting breakfast in the budget lowers demand by 1/12 at every rate.
    for face in range(1, 7):
        with_bf, room_only = by_hand(flat(face), 1, True)[0], by_hand(flat(face), 1, False)[0]
        assert room_only - with_bf == Fraction(1, 12)


def test_residual_demand_by_hand_and_the_value_of_ranking_first() -> None:
    for first in range(1, 7):
        for second in range(1, 7):
            fit, paid = Fraction(0), Fraction(0)
            for card in CARDS:
                need1 = needed_face(card, flat(first), 1, True)
                need2 = needed_face(card, flat(second), 1, True)
                faces = sum(1 for b in range(1, 7) if need2 <= b < need1)
                fit += Fraction(faces, 6 * len(CARDS))
                paid += Fraction(faces, 6 * len(CARDS)) * stay_total(card, flat(second), 1)
            assert residual_outcomes(flat(first), flat(second)) == (fit, paid)
    at_300 = residual_demand(3)
    assert at_300.best_response == 1
    second = at_300.revenue[0]
    assert round(float(second), 1) == 152.4
    assert round(float(at_300.first_revenue - second)) == 462  # "about 460"


def test_walkin_week_chance_paths() -> None:
    week = walkin_position((flat(3), flat(3)))
    assert week.walkins_per_day == 1 and sum(week.deck_counts.values()) == 28
    assert 6**7 * math.perm(28, 7) == pytest.approx(1.7e15, rel=0.02)


def test_newsvendor_quantile_is_the_cheapest_level_by_brute_force() -> None:
    sample = need_samples(walkin_position((flat(3), flat(3))), player=0, samples=600, seed=2026)
    for c in range(3):
        law = sample.distribution(c)
        for star in (350, 500, 1000, 2000):
            costs = [
                300 * s + star * sum(p * max(0, n - s) for n, p in law.items()) for s in range(7)
            ]
            assert newsvendor_level(law, star) == costs.index(min(costs))
            assert staffing_costs(law, star).best == costs.index(min(costs))
        for s, value in enumerate(break_even_star_values(law)[:3]):
            above = sum(p for n, p in law.items() if n > s)
            assert value == (None if above == 0 else pytest.approx(300 / above))
    # The lesson's reading: 3 housekeepers, 2 at check-in, 1 cook at a star of 500.
    assert [newsvendor_level(sample.distribution(c), 500) for c in range(3)] == [3, 2, 1]


def test_from_monday_only_a_five_night_stay_reaches_friday() -> None:
    """Answer 2's reason: from Monday one card (5 nights) meets the first hotel's dear weekend."""
    reaching = [c for c in CARDS if max(r.start + r.nights for r in c.rooms) >= 5]
    assert len(reaching) == 1
    weekend = (3, 3, 3, 3, 5, 5, 5)
    monday = residual_outcomes(weekend, flat(2))[0]
    # Only that card sees the 500: the first needs two faces more, which go to the second.
    assert monday == residual_outcomes(flat(3), flat(2))[0] + Fraction(1, 28) * Fraction(2, 6)


def test_seven_walk_ins_a_week_with_two_players_fourteen_with_four() -> None:
    """The lesson's 'over seven days (or fourteen with four players)': one a day per 2 players."""
    assert new_game(players=2).walkins_per_day * 7 == 7
    assert new_game(players=4).walkins_per_day * 7 == 14
