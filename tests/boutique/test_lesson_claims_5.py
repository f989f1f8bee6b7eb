"""Claims of lesson boutique/05_walk_ins_and_staffing checked independently of its cells."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from hoteledu.boutique.actions import Hire
from hoteledu.boutique.analysis.staffing import (
    _fixed_policy,
    bot_hires,
    break_even_star_values,
    hiring_position,
    need_samples,
    newsvendor_level,
    rating_after,
    staffing_costs,
    staffing_decision,
    week_need,
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
from hoteledu.core.actions import JointAction
from hoteledu.core.state import CHANCE

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


# ------------------------------------------------------- issue 19, correction 3
LESSON_5 = (
    Path(__file__).resolve().parents[2]
    / "notebooks"
    / ".src"
    / "boutique"
    / "05_walk_ins_and_staffing.py"
)


@pytest.fixture(scope="module")
def lesson_hiring():
    return hiring_position(("premium", "peakload"), seed=4)


def test_rating_after_is_the_engines_rating(lesson_hiring) -> None:
    """+1 star without shortfall, a star per missing employee, 0..5: as the engine rates."""
    rng = np.random.default_rng(3)
    for staff in ((3, 2, 1), (2, 2, 1), (0, 1, 0), (3, 3, 3)):
        state = lesson_hiring.clone()
        plan = bot_hires(state)
        state.apply_action(JointAction((Hire(*staff), plan.actions[1])))
        while state.phase != "end" and state.week == 1 and state.phase != "expand":
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(_fixed_policy(state))
        need = np.array([week_need(state, 0, 1)])
        assert rating_after(need, staff, 3).tolist() == [state.stars[0]]


def test_the_decision_the_rules_allow_at_star_500(lesson_hiring) -> None:
    decision = staffing_decision(
        lesson_hiring, 0, star_value=500, out_value=lesson_hiring.money[0], samples=600, seed=2026
    )
    assert decision.money == 5100 and decision.affordable == 17
    assert all(o.wages <= decision.money for o in decision.options)
    expected = sum(1 for s in itertools.product(range(7), repeat=3) if sum(s) <= 17)
    assert len(decision.options) == expected
    assert decision.best.staff == (3, 2, 2) and decision.best.knocked_out == 0
    # The newsvendor's per-category answer is knocked out in about 7% of the weeks.
    sample = need_samples(lesson_hiring, 0, 600, 2026)
    newsvendor = tuple(staffing_costs(sample.distribution(c), 500).best for c in range(3))
    assert newsvendor == (2, 2, 1)
    assert 0.05 < decision.option(newsvendor).knocked_out < 0.1
    gap, error = decision.compare(newsvendor, (3, 2, 2))
    assert gap / error > 3
    # One cook fewer: not separated on cost in 600 weeks, but a knock-out risk.
    gap, error = decision.compare((3, 2, 1), (3, 2, 2))
    assert 0 < gap / error < 2 and decision.option((3, 2, 1)).knocked_out > 0.02
    # Without pricing the knock-out, hiring nothing would look cheapest: the lesson's warning.
    stars_only = staffing_decision(lesson_hiring, 0, 500, 0, 600, 2026)
    assert stars_only.best.staff == (0, 0, 0) and stars_only.best.knocked_out == 1
    # The ranking: P1 is second below 12 employees, first from 12 (money after hiring).
    assert {t: r[0] for t, r in decision.rankings.items()} == {
        t: ((1,) if t < 12 else (0,)) for t in range(18)
    }


def test_lesson_5_scenario_is_one_the_rules_allow() -> None:
    text = " ".join(LESSON_5.read_text(encoding="utf-8").replace("\n# ", " ").split())
    assert "priced itself out" not in text and "a rival at the same prices" not in text
    assert "**adds a star**" in text and "**out of the game**" in text
    assert "The decision the rules allow is **(3, 2, 2)**" in text


def test_walkin_figure_subplots_have_y_titles() -> None:
    """Issue 20: Boutique 5's subplots had no y titles."""
    from hoteledu.boutique.figures.walkins import demand_revenue_figure

    fig = demand_revenue_figure(demand_curve(), residual_demand(4))
    assert fig.layout.yaxis.title.text and fig.layout.yaxis2.title.text
