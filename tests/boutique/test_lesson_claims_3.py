"""Claims of lesson boutique/03_mixed_equilibria checked independently of the lesson's cells."""

from __future__ import annotations

import numpy as np
import pytest

from hoteledu.boutique.analysis.equilibria import zero_sum_lp
from hoteledu.boutique.analysis.games import pricing_game


def test_walkin_day_p1_at_100_is_in_no_equilibrium_and_p2_then_gets_nothing() -> None:
    walkin = pricing_game("walkin", prices=(1, 2, 3, 4))
    a, b = walkin.payoffs
    # P2 never gets a guest when P1 asks 100: its price does not matter (degenerate).
    assert np.all(b[0] == 0)
    # P1's payoff does not depend on P2's price, and 300 strictly beats 100 in every column,
    # so no equilibrium puts weight on 100.
    assert np.all(a[2] > a[0])


def test_week_equilibrium_by_brute_force_over_a_grid_of_mixes() -> None:
    """No mix on a 1/20 grid guarantees P1 more than the LP's value 0 (a symmetric game)."""
    game = pricing_game(
        "week",
        prices=(2, 3, 4, 5, 6),
        samples=60,
        seed=2026,
        objective="difference",
        symmetric=True,
    )
    a = game.payoffs[0]
    lp = zero_sum_lp(game)
    assert abs(lp.value) < 1e-6
    assert (lp.row @ a).min() == pytest.approx(0, abs=1e-6)  # the LP mix guarantees 0
    best_guarantee = -np.inf
    steps = 20
    for i in range(steps + 1):
        for j in range(steps + 1 - i):
            for k in range(steps + 1 - i - j):
                for m in range(steps + 1 - i - j - k):
                    mix = np.array([i, j, k, m, steps - i - j - k - m]) / steps
                    best_guarantee = max(best_guarantee, float((mix @ a).min()))
    assert best_guarantee <= 1e-6  # nobody guarantees more than the value
    # The support the lesson reads: 400, 500, 600 played, 200 and 300 not.
    assert list(lp.row > 1e-9) == [False, False, True, True, True]


def test_standard_errors_fall_like_one_over_root_n() -> None:
    """Four times the deals halve the standard errors (the lesson's answer 3), within sampling."""
    few = pricing_game("week", prices=(3, 5), samples=60, seed=2026, objective="difference")
    many = pricing_game("week", prices=(3, 5), samples=240, seed=11, objective="difference")
    ratio = many.standard_errors[0][0, 1] / few.standard_errors[0][0, 1]
    assert 0.4 < ratio < 0.6
