"""Staffing as a newsvendor: the engine's need distribution and the critical-ratio rule."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from hoteledu.boutique.analysis.staffing import (
    LEVELS,
    WALKIN_PHASES,
    _fixed_policy,
    bot_hires,
    break_even_star_values,
    daily_law,
    exact_need_distribution,
    hiring_position,
    marginal,
    need_samples,
    newsvendor_level,
    staffing_costs,
    week_need,
)
from hoteledu.boutique.rules import stars_lost
from hoteledu.core.state import CHANCE


def random_law(rng: np.random.Generator) -> dict[int, Fraction]:
    weights = rng.integers(0, 5, size=7)
    weights[rng.integers(7)] += 1
    return {n: Fraction(int(w), int(weights.sum())) for n, w in enumerate(weights) if w}


def test_critical_ratio_quantile_is_the_brute_force_cheapest_level() -> None:
    rng = np.random.default_rng(2026)
    for _ in range(200):
        law = random_law(rng)
        star_value = int(rng.choice([100, 300, 301, 450, 600, 900, 1500, 3000]))
        costs = staffing_costs(law, star_value)
        brute = min(
            LEVELS,
            key=lambda s: (
                300 * s + star_value * sum(p * max(0, n - s) for n, p in law.items()),
                s,
            ),
        )
        assert costs.best == brute == newsvendor_level(law, star_value)


def test_break_even_star_values_move_the_optimum() -> None:
    law = {1: Fraction(1, 4), 2: Fraction(1, 2), 4: Fraction(1, 4)}
    even = break_even_star_values(law)
    assert even[:4] == [300, 400, 1200, 1200] and even[4] is None
    assert newsvendor_level(law, 399) == 1 and newsvendor_level(law, 401) == 2
    assert newsvendor_level(law, 1199) == 2 and newsvendor_level(law, 1201) == 4


def test_BHM_31_shortfall_readings_in_the_cost_curve() -> None:
    law = {0: Fraction(1, 2), 3: Fraction(1, 2)}
    per_staff = staffing_costs(law, 600)
    per_category = staffing_costs(law, 600, rule="per_category")
    assert per_staff.stars[:4] == (Fraction(3, 2), 1, Fraction(1, 2), 0)
    assert per_category.stars[:4] == (Fraction(1, 2),) * 3 + (0,)
    with pytest.raises(ValueError, match="daily_law"):
        staffing_costs(law, 600, rule="per_day")
    with pytest.raises(ValueError, match="shortfall"):
        staffing_costs(law, 600, rule="per_week")


@pytest.fixture(scope="module")
def hiring():
    return hiring_position(("peakload", "peakload"), seed=3)


def test_BHM_30_sampled_week_need_is_at_least_the_booked_need(hiring) -> None:
    booked = week_need(hiring, 0)
    sample = need_samples(hiring, player=0, samples=60, seed=1)
    assert (sample.week >= np.array(booked)).all()
    assert (sample.week == sample.daily.max(axis=1)).all()


def test_BHM_31_expected_stars_match_the_engines_stars_lost(hiring) -> None:
    sample = need_samples(hiring, player=0, samples=80, seed=2)
    for rule in ("per_staff", "per_category", "per_day"):
        for level in (0, 1, 2, 3):
            engine = np.mean(
                [stars_lost(day.tolist(), [level] * 3, rule)[0] for day in sample.daily]
            )
            law = sample.distribution(0)
            costs = staffing_costs(law, 500, rule, daily_law(sample, 0))
            assert costs.stars[level] == pytest.approx(engine)


def late_position(hiring, seed: int):
    """Play the walk-ins with the fixed policy until Saturday's price change."""
    rng = np.random.default_rng(seed)
    state = hiring.clone()
    state.apply_action(bot_hires(state))
    while not (state.phase == "walkin_change" and state.day == 6):
        assert state.phase in WALKIN_PHASES
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(_fixed_policy(state))
    return state


def test_exact_last_day_law_agrees_with_seeded_simulation(hiring) -> None:
    state = late_position(hiring, seed=5)
    law = exact_need_distribution(state, player=0)
    assert sum(law.values()) == 1
    sample = need_samples(state, player=0, samples=1500, seed=9)
    for category in range(3):
        exact_mean = float(sum(n * p for n, p in marginal(law, category).items()))
        mean, se = sample.mean(category)
        assert abs(mean - exact_mean) < 4 * se + 1e-9
    with pytest.raises(ValueError, match="sample instead"):
        exact_need_distribution(hiring, max_leaves=100)
