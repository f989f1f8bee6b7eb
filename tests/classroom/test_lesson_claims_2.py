"""Independent checks of the claims of classroom lesson 2 (analysing a session).

The exact lead matrix is checked against bookings played through the Boutique
engine on seeded deals, the chi-square tests against scipy, and the best replies
against the class shares counted from the example export.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from hoteledu.classroom.experiments import PRICING, play_booking, pricing_matrix

EXPORT = Path(__file__).parents[2] / "notebooks" / "classroom" / "example_session.json"
FACES = (1, 2, 3, 4, 5, 6)


def session_rounds() -> list[list[int]]:
    data = json.loads(EXPORT.read_text(encoding="utf-8"))
    return [[s["value"] for s in r["submissions"]] for r in data["rounds"]]


@pytest.mark.parametrize(("a", "b"), [(1, 2), (3, 4), (5, 6), (1, 6)])
def test_lead_matrix_against_engine_bookings(a: int, b: int) -> None:
    """The exact expected lead agrees with 1,000 seeded bookings played by the engine."""
    exact = float(pricing_matrix(FACES)[a - 1][b - 1])
    leads = np.array([g[0] - g[1] for g in (play_booking(a, b, seed) for seed in range(1000))])
    assert abs(leads.mean() - exact) < 4 * leads.std() / np.sqrt(leads.size)
    assert exact > 0  # the cheaper face wins the booking


def test_bertrand_face_1_is_the_only_equilibrium() -> None:
    """Against face q > 1 the undercut q - 1 earns more than q itself; against 1 nothing gains."""
    lead = np.array(pricing_matrix(FACES), dtype=float)
    for q in range(2, 7):
        assert lead[q - 2, q - 1] > lead[q - 1, q - 1]
    assert lead[:, 0].max() == 0
    theory = PRICING.theory(PRICING.check_params({}), 0)
    assert theory.mix == (1.0, 0.0, 0.0, 0.0, 0.0, 0.0) and theory.value == 0


def test_best_replies_and_class_numbers() -> None:
    """24 students; best replies 3, 2, 1; 17 of 24 at face 4 or above in round 1."""
    rounds = session_rounds()
    assert [len(r) for r in rounds] == [24, 24, 24]
    assert sum(v >= 4 for v in rounds[0]) == 17
    lead = np.array(pricing_matrix(FACES), dtype=float)
    best = []
    for values in rounds:
        against = [np.mean([lead[a - 1, b - 1] for b in values]) for a in FACES]
        best.append(FACES[int(np.argmax(against))])
    assert best == [3, 2, 1]


def test_uniform_fit_against_scipy() -> None:
    """Chi-square 5.00, 11.00, 11.50 with 5 degrees of freedom; expected counts 4 (and 8)."""
    rounds = session_rounds()
    found = []
    for values in rounds:
        observed = [values.count(face) for face in FACES]
        result = stats.chisquare(observed)  # uniform expectation: 24 / 6 = 4 per face
        found.append((round(float(result.statistic), 2), round(float(result.pvalue), 3)))
    assert found == [(5.0, 0.416), (11.0, 0.051), (11.5, 0.042)]
    pooled = [sum(v in pair for v in rounds[2]) for pair in ((1, 2), (3, 4), (5, 6))]
    result = stats.chisquare(pooled)
    assert pooled == [14, 8, 2]
    assert round(float(result.statistic), 2) == 9.0 and round(float(result.pvalue), 3) == 0.011


def _compositions(total: int, parts: int):
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def test_exact_uniform_p_values_by_enumerating_every_count_vector() -> None:
    """P(X^2 >= observed) summed over all 118,755 count vectors of 24 choices on 6 faces.

    The old lesson gave only the chi-square approximation with expected counts of 4,
    and three tests without a word on testing three times.
    """
    log_factorial = [float(np.sum(np.log(np.arange(1, k + 1)))) for k in range(25)]
    statistics, probabilities = [], []
    for counts in _compositions(24, 6):
        statistics.append(sum((c - 4) ** 2 for c in counts) / 4)
        probabilities.append(
            np.exp(log_factorial[24] - sum(log_factorial[c] for c in counts) - 24 * np.log(6))
        )
    statistics, probabilities = np.array(statistics), np.array(probabilities)
    assert len(statistics) == 118_755 and probabilities.sum() == pytest.approx(1.0)
    exact = []
    for values in session_rounds():
        observed = sum((values.count(f) - 4) ** 2 for f in FACES) / 4
        exact.append(round(float(probabilities[statistics >= observed - 1e-9].sum()), 3))
    assert exact == [0.459, 0.054, 0.044]
    notebook = json.loads((EXPORT.parent / "02_analysing_a_session.ipynb").read_text("utf-8"))
    printed = "".join(
        "".join(o.get("text", "")) for c in notebook["cells"] for o in c.get("outputs", [])
    )
    for p in exact:
        assert f"{p:.3f} exact" in printed
    text = " ".join(
        " ".join(
            "".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"
        ).split()
    )
    # Three tests at 5%: at least one false rejection up to 14%; Bonferroni 0.05 / 3 spares none.
    assert round(1 - 0.95**3, 2) == 0.14 and min(exact) > 0.05 / 3
    assert "Bonferroni" in text and "not even round 3 rejects" in text
