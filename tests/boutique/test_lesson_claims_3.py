"""Claims of lesson boutique/03_mixed_equilibria checked independently of the lesson's cells."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from hoteledu.boutique.analysis.equilibria import zero_sum_lp
from hoteledu.boutique.analysis.games import pricing_game
from hoteledu.boutique.analysis.week_reference import load_week_reference

LESSON_3 = (
    Path(__file__).resolve().parents[2]
    / "notebooks"
    / ".src"
    / "boutique"
    / "03_mixed_equilibria.py"
)


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


def test_the_support_of_the_week_mix_needs_more_than_60_deals() -> None:
    """Lesson 3: 60 deals support 'mostly 400 and 600, never 200'; 4,000 settle 300 and 500."""
    game = pricing_game(
        "week",
        prices=(2, 3, 4, 5, 6),
        samples=60,
        seed=2026,
        objective="difference",
        symmetric=True,
    )
    small = zero_sum_lp(game, column=False).row
    assert small[0] < 1e-9 and small[1] < 1e-9 and small[3] > 0.01  # no 300, some 500
    reference = load_week_reference()
    big = reference.equilibrium["lesson"]
    assert big["prices"] == [2, 3, 4, 5, 6]
    mix, boot = np.array(big["mix"]), big["bootstrap"]
    assert mix[3] < 1e-6 and boot["played"][3] == 0  # 500: never
    assert boot["low"][1] > 0 and boot["played"][1] == 1  # 300: always, a little
    assert mix[2] > 0.5 and mix[4] > 0.25  # mostly 400 and 600
    source = " ".join(LESSON_3.read_text(encoding="utf-8").replace("\n# ", " ").split())
    assert "some 500 or 300, never 200" not in source
    assert "our 60-deal weight on 500 was noise" in source


def test_the_best_reply_to_our_mix_in_fresh_deals_is_stated_with_what_60_deals_support() -> None:
    """'A rival's best reply to our mix there wins 50': 60 deals cannot tell it from 0.

    Checked without the lesson's helper: each price's payoff against our mix deal by deal
    (common random numbers), a t interval for the best one, and a bootstrap that picks the
    best reply afresh in each resample (the best of five looks better on its own deals).
    """
    from scipy import stats

    from hoteledu.boutique.analysis.games import objective_payoffs

    ours = zero_sum_lp(
        pricing_game(
            "week",
            prices=(2, 3, 4, 5, 6),
            samples=60,
            seed=2026,
            objective="difference",
            symmetric=True,
        ),
        column=False,
    ).row
    fresh = pricing_game(
        "week",
        prices=(2, 3, 4, 5, 6),
        samples=60,
        seed=1,
        objective="difference",
        symmetric=True,
    )
    against = objective_payoffs(fresh.draws, "difference")[..., 0] @ ours  # deal, P1's price
    best = int(np.argmax(against.mean(axis=0)))
    gain = against[:, best]
    half = stats.t.ppf(0.975, 59) * gain.std(ddof=1) / np.sqrt(60)
    assert round(gain.mean()) == 50
    assert (
        gain.mean() - half < 0 < gain.mean() + half
    )  # no loss shown: the prose must not claim one
    rng = np.random.default_rng(7)
    picked = [against[rng.integers(60, size=60)].mean(axis=0).max() for _ in range(200)]
    low, high = np.percentile(picked, [2.5, 97.5])
    assert low > 0 and high < 500  # "positive, but at most a few hundred"
    # the 4,000-deal game: exploited by about 80, the conservative bound well inside (0, 120)
    reference = load_week_reference()
    keep = [reference.prices.index(f) for f in (2, 3, 4, 5, 6)]
    values = reference.payoff("difference")[np.ix_(keep, keep)] @ ours
    bound = reference.errors["difference"][np.ix_(keep, keep)] @ ours
    top = int(np.argmax(values))
    assert values[top] - 1.96 * bound[top] > 0 and values[top] + 1.96 * bound[top] < 120

    text = LESSON_3.read_text(encoding="utf-8")
    assert "95% t interval" in text and "re-picked in each of 200 bootstrap resamples" in text
    assert "cannot tell" in text and "whether our mix loses anything at all" in text
    assert "Our mix would lose little there" not in text  # the old claim, drawn from no interval
