"""Speed of the Grand Austria Hotel engine: random games, legal_actions, apply_action.

Run: ``.venv/bin/python benchmarks/bench_grand_austria.py`` (one core).
Figures are written into docs/grand_austria.md by hand. Times are CPU time of
this process (``time.process_time``), so other work on a shared machine slows
the wall clock but not the figures much (caches and frequency still do).
"""

from __future__ import annotations

import os
import time

import numpy as np

from hoteledu.core.agents import RandomAgent
from hoteledu.core.simulate import next_action
from hoteledu.grand_austria.rules import new_game


def random_games(players: int, games: int, seed: int = 0) -> tuple[float, float]:
    """Games per second and mean actions per game of random play."""
    start = time.process_time()
    actions = 0
    for g in range(games):
        state = new_game(players=players)
        rng = np.random.default_rng(seed + g)
        agents = [RandomAgent(seed + 100 * g + p) for p in range(players)]
        while not state.is_terminal():
            state.apply_action(next_action(state, agents, rng))
        actions += len(state.history)
    elapsed = time.process_time() - start
    return games / elapsed, actions / games


def per_call_times(players: int, games: int = 20) -> tuple[float, float]:
    """Mean microseconds of ``legal_actions()`` and ``apply_action()`` at decisions."""
    legal_t = apply_t = 0.0
    calls = 0
    for g in range(games):
        state = new_game(players=players)
        rng = np.random.default_rng(g)
        agents = [RandomAgent(g * 10 + p) for p in range(players)]
        while not state.is_terminal():
            if state.current_player() >= 0:
                t0 = time.process_time()
                legal = state.legal_actions()
                t1 = time.process_time()
                action = legal[int(rng.integers(len(legal)))]
                t2 = time.process_time()
                state.apply_action(action)
                t3 = time.process_time()
                legal_t += t1 - t0
                apply_t += t3 - t2
                calls += 1
            else:
                state.apply_action(next_action(state, agents, rng))
    return 1e6 * legal_t / calls, 1e6 * apply_t / calls


def main() -> None:
    new_game(players=2)  # load the card data once
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average before: {load} ({os.cpu_count()} cores); CPU time per process")
    for players in (2, 4):
        rate, length = random_games(players, 200)
        legal_us, apply_us = per_call_times(players)
        print(
            f"{players} players: {rate:7.1f} random games/s ({length:.0f} actions/game); "
            f"legal_actions {legal_us:.1f} us, apply_action {apply_us:.1f} us"
        )


if __name__ == "__main__":
    main()
