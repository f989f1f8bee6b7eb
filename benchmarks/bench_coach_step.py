"""How long one step of the apps' coach takes, per game, at each app's budget (issue 23).

A step is a fixed amount of work (``adapter.coach_budget``: playouts of the
position, and at the coached seat's decision the strong bot's search and the
playouts of its three favourite moves). This measures the CPU seconds of each
step (``time.process_time``) from a seeded position where the person decides,
and prints the load average, since a loaded machine shares its cores. It also
prints what the budget gives the win chance: the playouts per estimate, the
widest 95% half-width they allow (at 50%) and the half-widths the coached
seat's estimates had (issue 23 asks for "± 4"-sized intervals).

Run: ``python benchmarks/bench_coach_step.py [--positions 3]`` (outside the test run).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time


def _controllers(seed: int):
    from hoteledu.amsterdam.app import AmsterdamController
    from hoteledu.boutique.app import BoutiqueController
    from hoteledu.grand_austria.app import GrandAustriaController

    amsterdam = AmsterdamController(players=2, seats=("human", "greedy"), seed=seed)
    amsterdam.roll()
    austria = GrandAustriaController(players=2, seats=("human", "heuristic"), seed=seed)
    if austria.chance_waits_for_human():
        austria.resolve_chance()
    boutique = BoutiqueController(players=2, seats=("human", "peakload"), seed=seed)
    return {"amsterdam": amsterdam, "grand_austria": austria, "boutique": boutique}


def playout_costs(controller, fractions=(0.0, 0.25, 0.5, 0.75), k: int = 10) -> list[float]:
    """CPU seconds of one playout of the position (the coach's own), at points of a game.

    The game is one playout from the first position; a playout is timed ``k``
    times from P1's view after each fraction of its actions.
    """
    import numpy as np

    from hoteledu.apps.coach import CoachJob, _playout
    from hoteledu.core.agents import PlayerView

    job = CoachJob(controller.adapter, controller.state.clone(), controller.mover(), 0)
    policies = job._policies()
    rng = np.random.default_rng(1)
    start = job.view.determinise(rng)
    game = start.clone()
    _playout(game, rng, policies)
    played = game.history[len(start.history) :]
    costs = []
    for fraction in fractions:
        state = start.clone()
        for action in played[: int(fraction * len(played))]:
            state.apply_action(action)
        began = time.process_time()
        for _ in range(k):
            _playout(PlayerView(state, 0).determinise(rng), rng, policies)
        costs.append((time.process_time() - began) / k)
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=3, help="seeded positions per game")
    args = parser.parse_args()
    from hoteledu.apps.coach import Z95, CoachJob

    print(f"load average before: {os.getloadavg()[0]:.1f}")
    steps: dict[str, list[float]] = {}
    halves: dict[str, list[float]] = {}
    for seed in range(args.positions):
        for game, controller in _controllers(seed).items():
            job = CoachJob(controller.adapter, controller.state.clone(), controller.mover(), 0)
            while not job.done:
                start = time.process_time()
                job.step()
                steps.setdefault(game, []).append(time.process_time() - start)
            chance = job.report().chances[job.seat]
            halves.setdefault(game, []).append(100 * (chance.high - chance.low) / 2)
    for game, times in steps.items():
        budget = _controllers(0)[game].adapter.coach_budget
        n = budget.steps * budget.playouts
        print(
            f"{game:>13}: {len(times)} steps of {budget}: median "
            f"{statistics.median(times):.3f} s, worst {max(times):.3f} s CPU; "
            f"{n} playouts an estimate: at most ± {100 * Z95 * (0.25 / n) ** 0.5:.1f}, "
            f"seen ± {', '.join(f'{h:.1f}' for h in halves[game])}"
        )
    for game, controller in _controllers(0).items():
        costs = ", ".join(f"{1000 * c:.1f}" for c in playout_costs(controller))
        print(f"{game:>13}: one playout at 0, 25, 50, 75% of a game: {costs} ms CPU")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
