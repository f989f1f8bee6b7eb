"""Claims of lesson boutique/06_learning_to_price checked independently of its cells."""

from __future__ import annotations

import numpy as np
import pytest

from hoteledu.boutique.actions import SetPrices
from hoteledu.boutique.analysis.learning import best_response_path, exploitability, fictitious_play
from hoteledu.boutique.bots import BOTS

PENNIES = np.array([[1, -1], [-1, 1]])
RPS = np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
SHAPLEY = (np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]]), np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0]]))


def naive_fictitious_play(a, b, rounds: int, row_counts, col_counts) -> list[tuple[int, int]]:
    """Brown's simultaneous fictitious play, integer payoffs, ties to the lowest action."""
    row, col = list(row_counts), list(col_counts)
    plays = []
    for _ in range(rounds):
        row_utility = [sum(a[i][j] * col[j] for j in range(len(col))) for i in range(len(row))]
        col_utility = [sum(b[i][j] * row[i] for i in range(len(row))) for j in range(len(col))]
        i = row_utility.index(max(row_utility))
        j = col_utility.index(max(col_utility))
        row[i] += 1
        col[j] += 1
        plays.append((i, j))
    return plays


@pytest.mark.parametrize(
    ("name", "a", "b", "start"),
    [
        ("pennies", PENNIES, -PENNIES, ([0, 0], [0, 0])),
        ("rps", RPS, -RPS, ([1, 0, 0], [0, 1, 0])),
        ("shapley", *SHAPLEY, ([1, 0, 0], [0, 1, 0])),
        ("shapley diagonal", *SHAPLEY, ([0, 0, 0], [0, 0, 0])),
    ],
)
def test_fictitious_play_matches_a_naive_implementation(name, a, b, start) -> None:
    rounds = 1500
    library = fictitious_play(
        (a.astype(float), b.astype(float)), rounds, initial_counts=start
    ).plays.tolist()
    assert [tuple(p) for p in library] == naive_fictitious_play(
        a.tolist(), b.tolist(), rounds, *start
    )


def test_pennies_gap_falls_about_like_one_over_root_t() -> None:
    run = fictitious_play(PENNIES.astype(float), 10_000)
    x, y = run.frequencies()
    gaps = exploitability(PENNIES.astype(float), x, y)
    for t in (10, 100, 1000):
        assert 0.25 < gaps[10 * t - 1] / gaps[t - 1] < 0.4  # 1/sqrt(10) = 0.32


def test_shapley_cycles_through_six_profiles_with_growing_runs() -> None:
    run = fictitious_play(
        tuple(m.astype(float) for m in SHAPLEY), 10_000, initial_counts=([1, 0, 0], [0, 1, 0])
    )
    later = {tuple(p) for p in run.plays[100:].tolist()}
    assert len(later) == 6 and all(i != j for i, j in later)  # off the diagonal
    changes = np.flatnonzero((run.plays[1:] != run.plays[:-1]).any(axis=1))
    runs = np.diff(changes)
    assert all(1.35 < r < 1.65 for r in runs[-6:] / runs[-7:-1])


def test_dilemma_best_response_path_one_step_each() -> None:
    dilemma = (np.array([[3.0, 0.0], [5.0, 1.0]]), np.array([[3.0, 5.0], [0.0, 1.0]]))
    assert best_response_path(dilemma, (0, 0)).profiles == [(0, 0), (1, 0), (1, 1)]


def test_bots_price_as_lesson_6_describes() -> None:
    assert BOTS["undercutter"].opening == SetPrices((2,) * 7, 1)
    assert BOTS["premium"].opening.days == (4, 4, 4, 4, 5, 5, 5)
    assert BOTS["peakload"].opening == SetPrices((3,) * 7, 1)
    assert BOTS["staffer"].opening.days == (3, 3, 3, 3, 4, 4, 4)
    assert len(BOTS) == 4
