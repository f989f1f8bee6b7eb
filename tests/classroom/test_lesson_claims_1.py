"""Independent checks of the claims of classroom lesson 1 (running an experiment).

The marketing bid's optimal mixes are checked against the plain all-pay lead
matrix by linear inequalities, not by the vertex enumeration that found them; the
take-or-pass threshold against a seeded simulation of the stopping rule.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from hoteledu.boutique.analysis.auction import equilibria
from hoteledu.classroom.experiments import BID, TAKE_OR_PASS, bid_game
from hoteledu.grand_austria.analysis.strength import sample_rolls, stopping_value

EXTREMES = {
    (Fraction(1, 4), 0, Fraction(1, 4), 0, 0, Fraction(1, 2)),
    (0, Fraction(1, 4), 0, 0, 0, Fraction(3, 4)),
}
CENTRE = (Fraction(1, 8), Fraction(1, 8), Fraction(1, 8), 0, 0, Fraction(5, 8))


def lead(a: int, b: int, prize: int = 400) -> int:
    """Lead of bidding a hundreds against b: both pay their bids, the higher takes the prize."""
    won = prize if a > b else -prize if a < b else 0
    return won - 100 * a + 100 * b


def test_bid_extremes_and_centre_are_optimal_and_only_those_bids() -> None:
    """Bids 0, 2, 5 at 1/4, 1/4, 1/2 and 1, 5 at 1/4, 3/4; the centre 1/8, 1/8, 1/8, 5/8."""
    found = {tuple(e.row) for e in equilibria(bid_game(400, 5)) if e.symmetric}
    assert found == EXTREMES
    centre = tuple(sum(column) / 2 for column in zip(*EXTREMES, strict=True))
    assert centre == CENTRE
    assert BID.theory(BID.check_params({}), 0).mix == tuple(float(p) for p in CENTRE)
    for mix in (*EXTREMES, CENTRE):
        against = [sum(lead(a, b) * p for b, p in enumerate(mix)) for a in range(6)]
        assert max(against) == 0  # no bid beats the value 0: the mix is optimal
        assert all(against[a] == 0 for a, p in enumerate(mix) if p > 0)  # indifference
    against_centre = [sum(lead(a, b) * p for b, p in enumerate(CENTRE)) for a in range(6)]
    assert against_centre == [0, 0, 0, -50, -150, 0]


def test_eight_students_play_28_pairings() -> None:
    assert comb(8, 2) == 28


def test_take_or_pass_threshold_3_with_6_dice() -> None:
    """Optimal threshold 3 with 6 dice (exact 2.570), always take 2.408; a seeded play agrees."""
    params = TAKE_OR_PASS.check_params({})
    assert params["dice"] == 6 and params["boards"] == 200
    theory = TAKE_OR_PASS.theory(params, 0)
    exact = stopping_value(6)
    assert exact.thresholds[6] == 3
    assert round(float(exact.values[6]), 3) == round(theory.value, 3) == 2.570
    assert round(float(exact.take_now[6]), 3) == round(theory.expected[0], 3) == 2.408
    # play the threshold rule on seeded rolls: take once the strongest space holds >= the
    # threshold for that many dice, else lose one die and reroll; one die left: take it
    size = 40_000
    strength = np.zeros(size)
    active = np.ones(size, dtype=bool)
    for dice in range(6, 0, -1):
        strongest = sample_rolls(dice, size, seed=dice).max(axis=1)
        take = active & (strongest >= max(exact.thresholds[dice], 1) if dice > 1 else active)
        strength[take] = strongest[take]
        active &= ~take
    assert abs(strength.mean() - float(exact.values[6])) < 4 * strength.std() / np.sqrt(size)
