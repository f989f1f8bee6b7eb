"""A bot's think time, tested as work: a clock that ticks per reading, and actions counted.

A test that times a search on a shared machine measures the machine's load.
Instead, the search's clock (``hoteledu.core.mcts.time``) is replaced by one
that moves ``tick`` seconds at every reading, so a search with a time budget
stops after a number of iterations fixed by the budget alone; and every
``apply_action`` of the game's state class is counted, so the work of one
iteration (its rollout) is bounded too. The time itself is measured in
``benchmarks/bench_bot_think.py``.
"""

from __future__ import annotations

import contextlib
import math
import types
from collections.abc import Iterator

import pytest

from hoteledu.core import mcts


class TickingClock:
    """``perf_counter`` stand-in: every reading is ``tick`` seconds after the one before."""

    def __init__(self, tick: float) -> None:
        self.tick, self.now, self.readings = tick, 0.0, 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.tick
        return self.now


TICK = 1 / 16
"""Seconds per reading of the ticking clock (exact in binary: no rounding at the budget)."""


def iterations_within(think_seconds: float, iterations: int, tick: float = TICK) -> int:
    """Iterations a search makes with a time budget when every iteration costs one ``tick``.

    The deadline is read once at the start and once after each iteration; the
    search stops at the first reading past the deadline, or at ``iterations``.

    >>> iterations_within(0.4, 40), iterations_within(0.3, 200), iterations_within(0.4, 3)
    (7, 5, 3)
    """
    return min(iterations, math.floor(think_seconds / tick) + 1)


@contextlib.contextmanager
def ticking_search_clock(
    monkeypatch: pytest.MonkeyPatch, tick: float = TICK
) -> Iterator[TickingClock]:
    """The searches' clock ticks ``tick`` per reading (one reading per iteration, one at start)."""
    clock = TickingClock(tick)
    monkeypatch.setattr(mcts, "time", types.SimpleNamespace(perf_counter=clock))
    yield clock


@contextlib.contextmanager
def counted_actions(monkeypatch: pytest.MonkeyPatch, state_class: type) -> Iterator[list[int]]:
    """``[n]``: how many actions any state of ``state_class`` applied inside the block."""
    count = [0]
    apply = state_class.apply_action

    def counting(self, action):
        count[0] += 1
        return apply(self, action)

    monkeypatch.setattr(state_class, "apply_action", counting)
    yield count
