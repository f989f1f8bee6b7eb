"""Speed of the Boutique pricing-game functions a slider or toggle calls (budget: 50 ms warm).

Run ``.venv/bin/python benchmarks/bench_boutique_games.py``: each call is
timed cold (the profile cache of ``hoteledu.boutique.analysis.games``
cleared: the first call in a lesson) and warm (best of 5). The equilibrium
functions and figures have no cache: cold and warm differ only by warm-up.
Prints a table; a row marked NO is over budget warm.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
from _timing import cold_and_warm_ms

from hoteledu.boutique.analysis import equilibria, games, what_if
from hoteledu.boutique.figures import games as figures
from hoteledu.boutique.rules import new_game
from hoteledu.core.actions import JointAction

BUDGET_MS = 50.0
CACHED_MODULES = (games,)


def _position() -> object:
    """A booking turn of a one-card game (what-if on the current guest)."""
    state = new_game(deck=games.deck_of(22), room_choice="canonical")
    state.apply_action(JointAction((games.as_prices(3), games.as_prices(4))))
    return state


def main() -> None:
    booking = games.pricing_game("booking", deck=[22])
    standard = games.pricing_game("booking")
    week = games.pricing_game("week", prices=(2, 3, 4, 5, 6), samples=60, seed=2026)
    beat = week.with_objective("difference")
    state = _position()
    calls: dict[str, Callable[[], object]] = {
        "pricing_game booking, one-card deck 6x6": lambda: games.pricing_game("booking", deck=[22]),
        "pricing_game booking, standard deck 6x6": lambda: games.pricing_game("booking"),
        "pricing_game walkin, one-card deck 6x6": lambda: games.pricing_game("walkin", deck=[22]),
        "PricingGame.with_objective (toggle)": lambda: week.with_objective("difference"),
        "PricingGame.compare": lambda: beat.compare(0, (2, 3), (3, 3)),
        "what_if_table(6 prices), one-card game": lambda: what_if.what_if_table(state, 1),
        "pure_equilibria 6x6": lambda: equilibria.pure_equilibria(standard),
        "best_response_cycles 5x5": lambda: equilibria.best_response_cycles(beat),
        "zero_sum_lp 5x5": lambda: equilibria.zero_sum_lp(beat),
        "support_enumeration 5x5": lambda: equilibria.support_enumeration(beat),
        "lemke_howson_all 5x5": lambda: equilibria.lemke_howson_all(beat),
        "degeneracy 6x6": lambda: equilibria.degeneracy(booking),
        "payoff_heatmap 6x6": lambda: figures.payoff_heatmap(standard),
        "best_response_figure 5x5": lambda: figures.best_response_figure(beat),
        "equilibrium_bars": lambda: figures.equilibrium_bars((np.ones(5) / 5, np.ones(5) / 5)),
    }
    once = {"support_enumeration 5x5", "degeneracy 6x6", "pricing_game booking, standard deck 6x6"}
    print(
        f"{'call':44} {'cold ms':>9} {'warm ms':>9} {'warm CPU ms':>12}  "
        f"within {BUDGET_MS:.0f} ms warm (CPU)"
    )
    for name, call in calls.items():
        cold, warm = cold_and_warm_ms(call, CACHED_MODULES)
        cpu = float("inf")
        for _ in range(3):
            start = time.process_time()
            call()
            cpu = min(cpu, (time.process_time() - start) * 1000)
        verdict = "yes" if cpu <= BUDGET_MS else "NO"
        if name in once:
            verdict += " (called once, not by a slider)"
        print(f"{name:44} {cold:9.1f} {warm:9.2f} {cpu:12.2f}  {verdict}")


if __name__ == "__main__":
    main()
