"""Independent checks of claims of Grand Austria lesson 4 (investments) that its cells print.

Complements test_lesson4.py (uses counted in engine games), test_analysis.py (prices,
costs, staff values) and test_emperor.py (plans, tiles).
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb, pi, sqrt

import numpy as np
import pytest

from hoteledu.grand_austria.analysis import (
    implied_item_prices,
    route_cost_distribution,
    sample_hiring_costs,
)
from hoteledu.grand_austria.analysis.board import space_count_distribution
from hoteledu.grand_austria.cards import DATA_DIR


def test_the_fit_uses_all_56_guest_cards() -> None:
    """ "Each of the 56 guest cards ... four unknowns from 56 equations"."""
    raw = json.loads((DATA_DIR / "guests.json").read_text(encoding="utf-8"))
    assert len(raw["guests"]) == 56
    assert len(implied_item_prices().numbers) == 56


def test_distance_falls_like_one_over_root_n() -> None:
    """Mean total variation distance times sqrt(n) stays near 0.77, as the normal law says.

    Asymptotically each frequency is normal with variance p(1 - p)/n and E|Z| = sqrt(2/pi),
    so E[TV] sqrt(n) -> (1/2) sqrt(2/pi) sum sqrt(p(1 - p)). The frequencies come from the
    engine's own hiring sampler here, not from a multinomial over the exact bars.
    """
    exact = np.array([float(p) for p in route_cost_distribution(6, 12)])
    limit = 0.5 * sqrt(2 / pi) * np.sqrt(exact * (1 - exact)).sum()
    assert round(limit, 2) == 0.76
    means = {}
    for n, samples in ((200, 1000), (20_000, 60)):
        distances = []
        for seed in range(samples):
            sample = np.asarray(sample_hiring_costs(6, 12, n, seed=1000 + seed))
            frequencies = np.bincount(sample, minlength=exact.size) / n
            distances.append(0.5 * np.abs(frequencies - exact).sum())
        means[n] = float(np.mean(distances))
        assert means[n] * sqrt(n) == pytest.approx(limit, rel=0.05)
    assert 8.5 < means[200] / means[20_000] < 11.5  # 100 times the hires: 10 times closer


@pytest.mark.parametrize(("dice", "stated"), [(10, 1.99), (12, 2.25), (14, 2.53)])
def test_mean_dice_on_space_4_when_it_holds_any(dice: int, stated: float) -> None:
    """E[K | K >= 1] = (n/6) / (1 - (5/6)^n) for K ~ Binomial(n, 1/6), summed here by hand."""
    q = Fraction(1, 6)
    law = [comb(dice, k) * q**k * (1 - q) ** (dice - k) for k in range(dice + 1)]
    assert tuple(law) == space_count_distribution(dice)
    conditional = sum(k * p for k, p in enumerate(law)) / (1 - law[0])
    assert conditional == Fraction(dice, 6) / (1 - Fraction(5, 6) ** dice)
    assert round(float(conditional), 2) == stated


def test_tournament_bots_as_the_lesson_describes() -> None:
    """The heuristic wants space 3 + 3, 3 + 5, 3 + 7 before the scorings (the bonus
    thresholds back + 3); the emperor-shy bot values a step at half a krone, always."""
    from hoteledu.grand_austria.analysis import SCORINGS
    from hoteledu.grand_austria.bots import HeuristicAgent
    from hoteledu.grand_austria.strategies import EmperorShyAgent

    heuristic, shy = HeuristicAgent(), EmperorShyAgent()
    scoring_of_round = {r: next(s for s in SCORINGS if s.round >= r) for r in range(1, 8)}
    for rnd, scoring in scoring_of_round.items():
        target = scoring.bonus_space
        assert target == 3 + scoring.step_back == 3 + scoring.round
        below = heuristic.emperor_want({"round": rnd, "emperor": [target - 1]}, 0)
        reached = heuristic.emperor_want({"round": rnd, "emperor": [target]}, 0)
        assert below > 1 and reached == 1.5 and below > reached
        assert shy.emperor_want({"round": rnd, "emperor": [0]}, 0) == 0.5
