"""Speed of the Grand Austria analyses a slider calls (budget: 50 ms warm each).

Run ``.venv/bin/python benchmarks/bench_grand_austria_analysis.py``: each
exact analysis is timed cold (every cache of the analysis cleared: the first
call in a lesson) and warm (cached, best of 5); the seeded simulations (never
cached) best of 3. Prints a table.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from _timing import cold_and_warm_ms

from hoteledu.grand_austria import dice as gdice
from hoteledu.grand_austria.analysis import emperor, guests, staff, strength
from hoteledu.grand_austria.vocabulary import ITEMS

BUDGET_MS = 50.0


CACHED_MODULES = (strength, staff, guests, emperor, gdice)


def _time(call: Callable[[], object], repeat: int = 5) -> tuple[float, float]:
    return cold_and_warm_ms(call, CACHED_MODULES, repeat)


EXACT: dict[str, Callable[[], object]] = {
    "max_count_distribution(14)": lambda: strength.max_count_distribution(14),
    "wild_strength_distribution(14)": lambda: strength.wild_strength_distribution(14),
    "draft_strengths(2)": lambda: strength.draft_strengths(2),
    "draft_strengths(4)": lambda: strength.draft_strengths(4),
    "draft_strengths(4, 'uniform')": lambda: strength.draft_strengths(4, "uniform"),
    "stopping_value(14)": lambda: strength.stopping_value(14),
    "stopping_value(14, wanted=3)": lambda: strength.stopping_value(14, wanted=3),
    "route_cost_distribution(6, 14, 'best')": lambda: staff.route_cost_distribution(6, 14, "best"),
    "staff_cost_table(14)": lambda: staff.staff_cost_table(14),
    "staff_value_by_round(2, 14)": lambda: staff.staff_value_by_round(2, 14),
    "implied_item_prices()": guests.implied_item_prices,
    "implied_item_prices(intercept, krones)": lambda: guests.implied_item_prices(True, True),
    "staff_value_by_round(1, 14, implied prices)": lambda: staff.staff_value_by_round(
        1, 14, item_values=dict(zip(ITEMS, guests.implied_item_prices().prices, strict=True))
    ),
    "best_emperor_plan((3,5,8), (3,5,8))": lambda: emperor.best_emperor_plan((3, 5, 8), (3, 5, 8)),
    "best_emperor_plan(8, 8, max_steps=5)": lambda: emperor.best_emperor_plan(8, 8, max_steps=5),
    "best_emperor_plan(3, 3, step_cost=3/2)": lambda: emperor.best_emperor_plan(
        3, 3, step_cost=Fraction(3, 2)
    ),
    "evaluate_plan((6, 8, 10), 8, 8)": lambda: emperor.evaluate_plan((6, 8, 10), 8, 8),
    "scoring_payoff, all 3 x 14 spaces": lambda: [
        emperor.scoring_payoff(s, k, 8, 8) for k in range(3) for s in range(14)
    ],
}

SAMPLES: dict[str, Callable[[], object]] = {
    "sample_max_counts(14, 10000)": lambda: strength.sample_max_counts(14, 10_000, seed=1),
    "sample_wild_strengths(14, 10000)": lambda: strength.sample_wild_strengths(14, 10_000, seed=1),
    "simulate_draft(4, 1000)": lambda: strength.simulate_draft(4, 1000, seed=1),
    "simulate_stopping(14, 1000)": lambda: strength.simulate_stopping(14, 1000, seed=1),
    "sample_hiring_costs(6, 14, 10000)": lambda: staff.sample_hiring_costs(6, 14, 10_000, seed=1),
}


def main() -> None:
    print(f"{'analysis':42} {'cold ms':>9} {'warm ms':>9}  within {BUDGET_MS:.0f} ms warm")
    for name, call in EXACT.items():
        cold, warm = _time(call)
        print(f"{name:42} {cold:9.2f} {warm:9.3f}  {'yes' if warm <= BUDGET_MS else 'NO'}")
    print(f"\n{'seeded simulation (not cached)':42} {'ms':>9}")
    for name, call in SAMPLES.items():
        _, best = _time(call, repeat=3)
        print(f"{name:42} {best:9.2f}")


if __name__ == "__main__":
    main()
