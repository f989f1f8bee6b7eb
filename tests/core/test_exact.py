"""Exact chance enumeration and seeded Monte Carlo on Hidden Pig's deal and rolls."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
from fixture_game import Deal, Face, HiddenPigState, Roll, new_game
from hypothesis import given, settings
from hypothesis import strategies as st

from hoteledu.core import State
from hoteledu.core.exact import (
    Comparison,
    Estimate,
    chance_distribution,
    compare,
    enumerate_chance,
    exact_expectation,
    exact_probability,
    monte_carlo,
    monte_carlo_estimate,
)


def player_to_roll(turn_total: int = 0, die: int = 3) -> HiddenPigState:
    """Hidden Pig after the deal and the wager, player 0 to move."""
    snapshot = {
        "bonus": [1, 2],
        "wager": [0, 0],
        "banked": [0, 0],
        "turn_total": turn_total,
        "to_move": 0,
        "rolling": False,
        "finished": False,
    }
    state = HiddenPigState.from_snapshot({"target": 10, "die": die}, snapshot)
    assert isinstance(state, HiddenPigState)
    return state


def first_bonus(state: State) -> int:
    return state.bonus[0]  # type: ignore[attr-defined]


def test_deal_is_uniform_with_expectation_two() -> None:
    state = new_game()
    assert chance_distribution(state) == {Deal(0, b): Fraction(1, 3) for b in (1, 2, 3)}
    distribution = enumerate_chance(state, first_bonus, max_depth=1)
    assert distribution == {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}
    assert exact_expectation(state, first_bonus, max_depth=1) == 2


def test_both_deals_sum_like_two_dice() -> None:
    # Both deals are consecutive chance nodes; the walk stops at the wager.
    def total(s: State) -> int:
        return sum(s.bonus)  # type: ignore[attr-defined]

    distribution = enumerate_chance(new_game(), total)
    assert distribution == {
        2: Fraction(1, 9),
        3: Fraction(2, 9),
        4: Fraction(3, 9),
        5: Fraction(2, 9),
        6: Fraction(1, 9),
    }
    assert sum(distribution.values()) == 1
    assert exact_expectation(new_game(), total) == 4


def test_two_rolls_expectation_matches_the_hand_computation() -> None:
    # Roll, and roll again unless the first roll was a 1 (which ends the turn).
    # By hand with a 3-sided die: first 1 -> 0; first 2 -> 0, 4, 5; first 3 ->
    # 0, 5, 6, each of the nine paths 1/9 (a first 1 counts three times):
    # E = (4 + 5 + 5 + 6) / 9 = 20/9.
    def roll_twice(s: State) -> Roll | None:
        rolls = sum(isinstance(a, Face) for a in s.history)
        mine = s.current_player() == 0  # a 1 passes the turn to player 1
        return Roll() if mine and rolls < 2 else None

    def turn_total(s: State) -> int:
        return s.turn_total  # type: ignore[attr-defined]

    state = player_to_roll()
    distribution = enumerate_chance(state, turn_total, policy=roll_twice)
    assert distribution == {
        0: Fraction(5, 9),  # 1/3 bust at once + 2 * 1/9 bust on the second roll
        4: Fraction(1, 9),
        5: Fraction(2, 9),
        6: Fraction(1, 9),
    }
    expected = exact_expectation(state, turn_total, policy=roll_twice)
    assert expected == Fraction(20, 9)
    estimate = monte_carlo(state, turn_total, policy=roll_twice, samples=4000, seed=2)
    assert estimate.contains(float(expected))
    assert state == player_to_roll()  # the start is not changed


def test_until_stops_the_walk_and_max_depth_bounds_it() -> None:
    state = new_game()
    assert enumerate_chance(state, first_bonus, until=lambda s: True) == {None: Fraction(1)}
    one = enumerate_chance(state, lambda s: tuple(s.bonus), max_depth=1)  # type: ignore[attr-defined]
    assert one == {(b, None): Fraction(1, 3) for b in (1, 2, 3)}


def test_probability_of_busting_on_the_first_roll() -> None:
    state = player_to_roll(die=6)
    state.apply_action(Roll())

    def busted(s: State) -> bool:
        return s.current_player() == 1

    assert exact_probability(state, busted) == Fraction(1, 6)


def test_monte_carlo_interval_covers_the_exact_deal_value() -> None:
    estimate = monte_carlo(new_game(), first_bonus, samples=3000, seed=12345, max_depth=1)
    assert estimate.n == 3000
    assert estimate.contains(2.0)
    assert estimate.std_error == pytest.approx(np.sqrt(2 / 3 / 3000), rel=0.1)
    comparison = compare(exact_expectation(new_game(), first_bonus, max_depth=1), estimate)
    assert isinstance(comparison, Comparison) and comparison.inside
    text = str(comparison)
    assert text.startswith("exact 2 = 2.0000 | simulated 1.981 ± 0.029")
    assert "(95% CI, n=3000)" in text and text.endswith("inside the CI: yes")
    assert comparison.as_dict()["exact"] == "2"


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_same_seed_same_estimate(seed: int) -> None:
    first = monte_carlo(new_game(), first_bonus, samples=50, seed=seed, max_depth=1)
    again = monte_carlo(new_game(), first_bonus, samples=50, seed=seed, max_depth=1)
    assert first == again
    assert 1.0 <= first.mean <= 3.0


@settings(max_examples=10, deadline=None)
@given(turn_total=st.integers(0, 8), die=st.sampled_from([3, 4, 6]))
def test_probabilities_sum_to_one(turn_total: int, die: int) -> None:
    state = player_to_roll(turn_total, die)
    state.apply_action(Roll())
    distribution = enumerate_chance(state, lambda s: s.turn_total)  # type: ignore[attr-defined]
    assert sum(distribution.values()) == 1
    # A 1 busts: turn total back to 0; every other face adds to it.
    assert distribution[0] == Fraction(1, die)
    assert exact_expectation(state, lambda s: s.turn_total) == (  # type: ignore[attr-defined]
        Fraction(sum(turn_total + v for v in range(2, die + 1)), die)
    )


def test_estimate_text_and_generic_estimator() -> None:
    estimate = Estimate.from_samples([0.0, 1.0, 1.0] * 100)
    assert str(estimate) == "0.667 ± 0.053 (95% CI, n=300)"
    assert estimate.half_width == pytest.approx(1.959963984540054 * estimate.std_error)
    die = monte_carlo_estimate(lambda rng: float(rng.integers(1, 7)), 4000, seed=5)
    assert die.contains(3.5)
    assert die == monte_carlo_estimate(lambda rng: float(rng.integers(1, 7)), 4000, seed=5)
    with pytest.raises(ValueError, match="two samples"):
        Estimate.from_samples([1.0])


def test_bad_chance_nodes_are_refused() -> None:
    state = player_to_roll()
    with pytest.raises(ValueError, match="not a chance node"):
        chance_distribution(state)

    class FloatPig(HiddenPigState):
        def chance_outcomes(self):  # type: ignore[no-untyped-def]
            return [(a, float(p)) for a, p in super().chance_outcomes()]

    bad = FloatPig({"target": 10, "die": 3})
    with pytest.raises(ValueError, match="inexact probability"):
        chance_distribution(bad)
    with pytest.raises(TypeError, match="exact values"):
        exact_expectation(new_game(), lambda s: 0.5, max_depth=1)
    with pytest.raises(ValueError, match="more than 5 final states"):
        enumerate_chance(new_game(), lambda s: tuple(s.bonus), max_leaves=5)  # type: ignore[attr-defined]


def hold_at(n: int) -> Callable[[State], Roll | None]:
    """Pig's "hold at n" turn: roll while the turn total is below n."""

    def policy(s: State) -> Roll | None:
        mine = s.current_player() == 0
        return Roll() if mine and s.turn_total < n else None  # type: ignore[attr-defined]

    return policy


def turn_score(s: State) -> int:
    return s.turn_total  # type: ignore[attr-defined]


def test_hold_at_20_expected_turn_score_is_the_known_8_14() -> None:
    # Neller and Presser (2004): holding at 20 with a six-sided die scores
    # 8.14 points per turn on average; exactly 492303203/60466176.
    state = HiddenPigState.from_snapshot(
        {"target": 100, "die": 6},
        {"bonus": [1, 1], "wager": [0, 0], "banked": [0, 0], "turn_total": 0},
    )
    expected = exact_expectation(state, turn_score, policy=hold_at(20), merge_equal_states=True)
    assert expected == Fraction(492303203, 60466176)
    assert round(float(expected), 2) == 8.14
    distribution = enumerate_chance(state, turn_score, policy=hold_at(20), merge_equal_states=True)
    assert set(distribution) == {0, 20, 21, 22, 23, 24, 25}
    # Without merging, the tree has a leaf per roll sequence: far more.
    with pytest.raises(ValueError, match="final states"):
        enumerate_chance(state, turn_score, policy=hold_at(20), max_leaves=2000)
    estimate = monte_carlo(state, turn_score, policy=hold_at(20), samples=3000, seed=4)
    assert compare(expected, estimate).inside


@settings(max_examples=8, deadline=None)
@given(n=st.integers(0, 12), die=st.sampled_from([3, 4, 6]))
def test_merging_equal_states_changes_no_probability(n: int, die: int) -> None:
    state = player_to_roll(die=die)
    plain = enumerate_chance(state, turn_score, policy=hold_at(n))
    merged = enumerate_chance(state, turn_score, policy=hold_at(n), merge_equal_states=True)
    assert plain == merged
    assert sum(merged.values()) == 1
