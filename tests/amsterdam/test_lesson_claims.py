"""Claims of the Amsterdam lessons that a teacher checks first: like for like,
intervals that fit the number of games, and no conclusion the interval does
not support (issue 19). Each test computes the number its own way and reads
the lesson's text, so a claim that drifts from its evidence fails here.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import binomtest

from hoteledu.amsterdam.analysis import load_balancing
from hoteledu.amsterdam.analysis.tournament import exact_interval

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def lesson_text(name: str) -> str:
    """The lesson's Markdown, whitespace folded, as a student reads it."""
    cells = json.loads((NOTEBOOKS / "amsterdam" / f"{name}.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in cells["cells"] if c["cell_type"] == "markdown")
    return " ".join(text.split())


# ---------------------------------------------------------------- lesson 4
def test_lesson4_common_random_numbers_narrow_the_interval_by_a_quarter_not_much() -> None:
    # The old text: "with a much narrower interval than two separate experiments
    # would give". The pairs part ways at the first chase the rules send apart.
    balance = load_balancing(400, seed=4)
    pairing = balance["pairing"]
    paired_half = (balance["difference"]["high"] - balance["difference"]["low"]) / 2
    assert 0.40 < pairing["correlation"] < 0.55
    assert pairing["width_ratio"] == pytest.approx(paired_half / pairing["independent_half"])
    # Equal variances give sqrt(1 - rho); the lesson's exercise 3 says so.
    assert pairing["width_ratio"] == pytest.approx(math.sqrt(1 - pairing["correlation"]), abs=0.01)
    assert round(pairing["width_ratio"], 2) == 0.73
    text = lesson_text("04_tourist_flows")
    assert "much narrower" not in text
    assert "correlated 0.47" in text and "0.73 times" in text


# --------------------------------------------------------------- lesson 5b
def test_exact_interval_is_clopper_pearson_and_wider_than_wilson_for_few_games() -> None:
    for wins, games in ((0, 4), (4, 4), (2, 2), (3, 4), (13, 20)):
        ci = binomtest(wins, games).proportion_ci(method="exact")
        assert exact_interval(wins, games) == pytest.approx((ci.low, ci.high))
    # 4 of 4: Wilson says above 0.51, which 4 games cannot show; exact says above 0.40.
    wilson = binomtest(4, 4).proportion_ci(method="wilson")
    assert wilson.low > 0.5 > exact_interval(4, 4)[0]
    # The exact interval keeps its 95% at every true rate (Wilson's falls to 87.5% at 1/2).
    intervals = [exact_interval(k, 4) for k in range(5)]
    for p in np.linspace(0.01, 0.99, 99):
        coverage = sum(
            math.comb(4, k) * p**k * (1 - p) ** (4 - k)
            for k, (low, high) in enumerate(intervals)
            if low <= p <= high
        )
        assert coverage >= 0.95 - 1e-9
    with pytest.raises(ValueError, match="wins"):
        exact_interval(5, 4)
