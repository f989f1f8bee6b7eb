"""Speed of what the Boutique bid widget and the walk-in/staffing lessons call from a slider.

Run ``.venv/bin/python benchmarks/bench_boutique_auction.py`` (outside the
default test run). Each call is timed cold (every ``functools`` cache of the
analysis modules cleared: the first move of a slider to a new value) and warm
(cached, best of 5), in CPU milliseconds of this process. Budget: 50 ms
per slider call. The worst cold case of
each slider is over all its positions.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from _timing import clear_caches

from hoteledu.boutique.analysis import auction, staffing, walkins
from hoteledu.boutique.widgets import bid_widget
from hoteledu.boutique.widgets.bid_widget import RIVALS, BidDuelController

BUDGET_MS = 50.0
CACHED_MODULES = (auction, walkins, staffing, bid_widget)
LAW = {0: 0.163, 1: 0.303, 2: 0.358, 3: 0.176}


def _time(call: Callable[[], object], repeat: int = 5) -> tuple[float, float]:
    """(cold, warm) CPU milliseconds: CPU time, so the other jobs of a loaded machine count less."""
    clear_caches(CACHED_MODULES)
    start = time.process_time()
    call()
    cold = (time.process_time() - start) * 1000
    warm = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        call()
        warm = min(warm, (time.process_time() - start) * 1000)
    return cold, warm


def _worst(calls: dict[str, Callable[[], object]]) -> tuple[str, float, float]:
    """The slowest position of a slider: (which, cold ms, warm ms)."""
    results = [(name, *_time(call)) for name, call in calls.items()]
    return max(results, key=lambda r: r[1])


def main() -> None:
    duel = BidDuelController(seed=1)
    sliders: dict[str, dict[str, Callable[[], object]]] = {}
    for rival in RIVALS:
        duel.set_rival(rival)
        sliders[f"set_face (rival {rival})"] = {
            f"face {f}": (lambda f=f: duel.set_face(f)) for f in range(1, 7)
        }
        sliders[f"set_money (rival {rival})"] = {
            f"money {m}": (lambda m=m: duel.set_money(m)) for m in range(0, 1001, 100)
        }
    sliders["set_rival"] = {r: (lambda r=r: duel.set_rival(r)) for r in RIVALS}
    sliders["bid (one round, engine settles it)"] = {"bid 100": lambda: duel.bid(100)}
    sliders["demand_curve(breakfast, option)"] = {
        f"{b} {o}": (lambda b=b, o=o: walkins.demand_curve(b, o))
        for b in range(1, 7)
        for o in walkins.WALKIN_BUDGETS
    }
    sliders["residual_demand(first face)"] = {
        f"{f}": (lambda f=f: walkins.residual_demand(f)) for f in range(1, 7)
    }
    sliders["staffing_costs(law, star value)"] = {
        f"w {w}": (lambda w=w: staffing.staffing_costs(LAW, w)) for w in (100, 500, 1000, 5000)
    }
    sliders["newsvendor_level(law, star value)"] = {
        f"w {w}": (lambda w=w: staffing.newsvendor_level(LAW, w)) for w in (100, 500, 1000, 5000)
    }
    print(f"{'slider call':42} {'worst position':>16} {'cold ms':>9} {'warm ms':>9}  within")
    for name, calls in sliders.items():
        which, cold, warm = _worst(calls)
        ok = "yes" if cold <= BUDGET_MS else ("warm only" if warm <= BUDGET_MS else "NO")
        print(f"{name:42} {which:>16} {cold:9.2f} {warm:9.3f}  {ok}")


if __name__ == "__main__":
    main()
