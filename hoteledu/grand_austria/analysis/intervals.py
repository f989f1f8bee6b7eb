"""95% intervals for the simulated numbers the Grand Austria lessons state.

A simulated mean gets Student's t interval (``t_interval``), a simulated
frequency the Wilson interval (``hoteledu.core.tournament.wilson_interval``),
a simulated variance the large-sample interval of the sample variance
(``variance_interval``), and a difference of two quantities measured on the
same boards (common random numbers) the t interval of the per-board
differences (``paired_interval``), whose standard error is that of the
difference, not the sum of the two.

Examples
--------
>>> interval = t_interval([1.0, 2.0, 3.0, 4.0])
>>> round(interval.estimate, 2), round(interval.low, 2), round(interval.high, 2)
(2.5, 0.45, 4.55)
>>> paired_interval([3.0, 4.0, 5.0], [1.0, 2.0, 3.0]).estimate
2.0
>>> bracket(interval, 2)
'2.50 [0.45, 4.55]'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from hoteledu.core.tournament import Interval, t_interval, t_quantile, wilson_interval

__all__ = [
    "Interval",
    "bracket",
    "frequency_interval",
    "paired_interval",
    "t_interval",
    "t_quantile",
    "tournament_rows",
    "variance_interval",
    "wilson_interval",
]

CONFIDENCE = 0.95


def _as_sample(values: Sequence[float] | np.ndarray) -> np.ndarray:
    data = np.asarray(values, dtype=float).ravel()
    if data.size < 2:
        raise ValueError(f"an interval needs at least 2 values, got {data.size}")
    return data


def paired_interval(
    first: Sequence[float] | np.ndarray, second: Sequence[float] | np.ndarray
) -> Interval:
    """``mean(first - second)`` with the t interval of the per-sample differences.

    For two quantities measured on the same random boards (common random
    numbers): the luck both share cancels in the differences.
    """
    a, b = _as_sample(first), _as_sample(second)
    if a.shape != b.shape:
        raise ValueError(f"paired samples must have the same size, got {a.size} and {b.size}")
    return t_interval(a - b)


def frequency_interval(hits: Sequence[bool] | np.ndarray) -> Interval:
    """The frequency of true values with its Wilson interval."""
    data = np.asarray(hits, dtype=bool).ravel()
    return wilson_interval(int(data.sum()), int(data.size))


def variance_interval(values: Sequence[float] | np.ndarray) -> Interval:
    """The sample variance (``ddof=0``, as ``numpy.var``) with its large-sample interval.

    The standard error of a sample variance is ``sqrt((m4 - s^4) / n)``
    (``m4`` the fourth central moment): normal for large ``n``, any distribution.
    """
    data = _as_sample(values)
    n = int(data.size)
    centred = data - data.mean()
    variance = float(np.mean(centred**2))
    m4 = float(np.mean(centred**4))
    half = t_quantile(n - 1) * math.sqrt(max(m4 - variance**2, 0.0) / n)
    return Interval(variance, variance - half, variance + half, n, "variance")


def bracket(interval: Interval, digits: int = 3) -> str:
    """``estimate [low, high]`` rounded to ``digits``: how the lessons print an interval."""
    return f"{interval.estimate:.{digits}f} [{interval.low:.{digits}f}, {interval.high:.{digits}f}]"


def tournament_rows(result: Any) -> list[dict[str, Any]]:
    """One dict per agent of a tournament: wins, win rate (Wilson), mean score (t).

    ``result`` is a :class:`hoteledu.core.tournament.TournamentResult`; the keys
    are those of its ``rows()``, whose mean-score interval is the normal one
    (too narrow for a few games).
    """
    rows = result.rows()
    if result.num_games < 2:
        return rows  # no spread to measure: the rows' own (infinite) interval stands
    for k, row in enumerate(rows):
        score = t_interval([game[k] for game in result.returns])
        row.update(mean_score=score.estimate, mean_score_low=score.low, mean_score_high=score.high)
    return rows
