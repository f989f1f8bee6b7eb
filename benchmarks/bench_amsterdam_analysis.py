"""Speed of the Hotel Amsterdam analyses a lesson calls interactively (budget: 50 ms each).

Run ``.venv/bin/python benchmarks/bench_amsterdam_analysis.py``: each exact
analysis is timed cold (caches cleared: the first call in a lesson) and warm
(cached), and the seeded engine simulations per game. Prints a table.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from _timing import cold_and_warm_ms

from hoteledu.amsterdam.analysis import boat, city, engine, tourists

BUDGET_MS = 50.0


CACHED_MODULES = (boat, tourists, city)


def _time(call: Callable[[], object], repeat: int = 5) -> tuple[float, float]:
    return cold_and_warm_ms(call, CACHED_MODULES, repeat)


EXACT: dict[str, Callable[[], object]] = {
    "boat_position_distribution(26)": lambda: boat.boat_position_distribution(26),
    "boat_position_distribution(26, exact)": lambda: boat.boat_position_distribution(
        26, exact=True
    ),
    "boat_transition_matrix()": boat.boat_transition_matrix,
    "stationary_distribution(exact)": lambda: boat.stationary_distribution(exact=True),
    "total_variation_curve(100)": lambda: boat.total_variation_curve(100),
    "mixing_turn(0.01)": lambda: boat.mixing_turn(0.01),
    "spectral_gap()": boat.spectral_gap,
    "renewal_sequence(200, exact)": lambda: boat.renewal_sequence(200),
    "stop_probability_by_lap(4, 10)": lambda: boat.stop_probability_by_lap(4, 10),
    "expected_tourists_per_tile(26)": lambda: tourists.expected_tourists_per_tile(26),
    "expected_tourists_per_tile(26, exact)": lambda: tourists.expected_tourists_per_tile(
        26, exact=True
    ),
    "delivery_rates(exact) long run": lambda: tourists.delivery_rates(exact=True),
    "landing_probabilities(10, exact)": lambda: tourists.landing_probabilities(10, exact=True),
    "site_values(26)": lambda: tourists.site_values(26),
    "site_values(26, exact)": lambda: tourists.site_values(26, exact=True),
    "walk_counts(3)": lambda: city.walk_counts(3),
    "pawn_destination_distribution((3,3))": lambda: city.pawn_destination_distribution((3, 3)),
    "centrality()": city.centrality,
    "centrality_gain()": city.centrality_gain,
    "simulate_boat_deliveries(26, 10000)": lambda: tourists.simulate_boat_deliveries(26, 10_000),
}

SIMULATIONS: dict[str, tuple[Callable[[], object], int]] = {
    "tourist_flows(100 games)": (lambda: engine.tourist_flows(100, seed=1), 100),
    "simulate_tourists_per_tile(26, 100 games)": (
        lambda: engine.simulate_tourists_per_tile(26, 100, seed=1),
        100,
    ),
    "load_balancing(100 games x 2 rules)": (lambda: engine.load_balancing(100, seed=1), 200),
}


def main() -> None:
    start = time.perf_counter()
    import networkx  # noqa: F401  # the city graphs need it; a lesson has it loaded already

    print(f"importing networkx once: {(time.perf_counter() - start) * 1000:.0f} ms (not counted)")
    print(f"{'exact analysis':45s} {'cold ms':>9s} {'warm ms':>9s}")
    slow = []
    for name, call in EXACT.items():
        cold, warm = _time(call)
        flag = "" if cold < BUDGET_MS else "  > budget"
        if cold >= BUDGET_MS:
            slow.append(name)
        print(f"{name:45s} {cold:9.2f} {warm:9.3f}{flag}")
    print(f"\n{'engine simulation':45s} {'total s':>9s} {'ms/game':>9s}")
    for name, (call, games) in SIMULATIONS.items():
        start = time.perf_counter()
        call()
        total = time.perf_counter() - start
        print(f"{name:45s} {total:9.2f} {1000 * total / games:9.2f}")
    print("\nall exact analyses within 50 ms" if not slow else f"\nover budget: {slow}")


if __name__ == "__main__":
    main()
