"""Timing shared by the analysis benchmarks (run them as ``python benchmarks/<script>.py``)."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable
from types import ModuleType


def clear_caches(modules: Iterable[ModuleType]) -> None:
    """Empty every ``functools.cache`` of ``modules``, so the next call is cold."""
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()


def cold_and_warm_ms(
    call: Callable[[], object], modules: Iterable[ModuleType], repeat: int = 5
) -> tuple[float, float]:
    """(cold, warm) milliseconds: cold after clearing the caches, warm the best of ``repeat``."""
    clear_caches(modules)
    start = time.perf_counter()
    call()
    cold = (time.perf_counter() - start) * 1000
    warm = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        warm = min(warm, (time.perf_counter() - start) * 1000)
    return cold, warm
