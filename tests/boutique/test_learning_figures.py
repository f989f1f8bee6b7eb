"""Figures of learning dynamics draw the numbers they are given, and refuse wrong shapes."""

from __future__ import annotations

import numpy as np
import pytest

from hoteledu.boutique.analysis.learning import (
    exploitability,
    fictitious_play,
    replicator,
    replicator_field,
)
from hoteledu.boutique.figures.learning import (
    exploitability_figure,
    frequency_figure,
    phase_figure,
    simplex_figure,
    tournament_figure,
)

PENNIES = np.array([[1.0, -1.0], [-1.0, 1.0]])
RPS = np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])


def test_frequency_figure_draws_each_action_and_the_equilibrium():
    run = fictitious_play(RPS, 60)
    rows, _ = run.frequencies()
    fig = frequency_figure(rows, ["rock", "paper", "scissors"], equilibrium=[1 / 3] * 3)
    assert [t.name for t in fig.data[:3]] == ["rock", "paper", "scissors"]
    assert np.allclose(fig.data[1].y, rows[:, 1])
    assert list(fig.data[0].x[:2]) == [1, 2]
    assert fig.data[3].y == pytest.approx((1 / 3, 1 / 3))
    with pytest.raises(ValueError, match="shape"):
        frequency_figure(rows, ["rock", "paper"])


def test_phase_figure_shows_field_paths_and_equilibrium():
    field = replicator_field(PENNIES, points=5)
    run = replicator(PENNIES, [0.8, 0.2], [0.5, 0.5], time=10)
    fig = phase_figure(field, {"replicator": (run.x[:, 0], run.y[:, 0])}, equilibria=[(0.5, 0.5)])
    names = [t.name for t in fig.data]
    assert names == [
        "direction of the replicator",
        "replicator",
        "replicator: start",
        "Nash equilibrium",
    ]
    # 25 grid points, 9 coordinates (3 segments with separators) each.
    assert len(fig.data[0].x) == 25 * 9
    assert np.allclose(fig.data[1].x, run.x[:, 0])
    assert fig.data[3].x == (0.5,)


def test_replicator_field_matches_the_ode_direction():
    p, q, dp, dq = replicator_field(PENNIES, points=3)
    # At p = 1 (P1 all heads) nothing moves p; q moves towards tails (P2 wins by mismatching).
    assert dp[1, 2] == 0 and dq[1, 2] < 0
    # At (0.5, 0.75): P2 mostly heads, so heads pays P1: p grows.
    p, q, dp, dq = replicator_field(PENNIES, points=5)
    assert (p[3, 2], q[3, 2]) == (0.5, 0.75) and dp[3, 2] > 0
    with pytest.raises(ValueError, match="2x2"):
        replicator_field(RPS)


def test_simplex_and_exploitability_figures():
    run = replicator(RPS, [0.6, 0.3, 0.1], time=5)
    fig = simplex_figure({"P1": run.x}, ["rock", "paper", "scissors"], equilibria=[[1 / 3] * 3])
    assert np.allclose(fig.data[0].a, run.x[:, 0]) and fig.data[1].name == "Nash equilibrium"
    with pytest.raises(ValueError, match="3 action labels"):
        simplex_figure({"P1": run.x}, ["a", "b"])
    gaps = exploitability(RPS, run.x, run.y)
    fig = exploitability_figure({"replicator": (run.times, gaps)})
    assert fig.layout.yaxis.type == "log" and min(fig.data[0].y) > 0


def test_tournament_figure_error_bars_reach_the_interval():
    fig = tournament_figure([("premium vs undercutter", 0.7, 0.6, 0.8), ("b", 0.4, 0.2, 0.5)])
    bar = fig.data[0]
    assert list(bar.x) == [0.7, 0.4]
    assert np.allclose(np.array(bar.x) + np.array(bar.error_x.array), [0.8, 0.5])
    assert np.allclose(np.array(bar.x) - np.array(bar.error_x.arrayminus), [0.6, 0.2])


def test_tournament_labels_sit_clear_of_the_error_bars():
    """Issue 20: the win-rate labels sat inside the bars, under the error bars."""
    fig = tournament_figure([("a", 0.3, 0.15, 0.52), ("b", 0.95, 0.8, 1.0)])
    bar, labels = fig.data
    assert bar.text is None  # nothing written on the bar itself
    assert labels.mode == "text" and all(x > 1.0 for x in labels.x)  # right of every interval
    assert list(labels.text) == ["0.30 [0.15, 0.52]", "0.95 [0.80, 1.00]"]
    assert fig.layout.xaxis.range[1] > 1.3  # room for the labels inside the plot
