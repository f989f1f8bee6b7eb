"""How long the apps' default MCTS seats think per decision (the times the tests do not assert).

The tests (``tests/bot_budget.py``) check that a seat stops at its time
budget with a clock that ticks per reading; this measures the real time on
this machine, whose load it also prints.

Run: ``.venv/bin/python benchmarks/bench_bot_think.py [decisions per game]``
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from hoteledu.core.actions import JointAction
from hoteledu.core.agents import PlayerView


def _decisions(state: Any, agent: Any, rival: Callable[[Any], Any] | None, count: int) -> list:
    """Seconds of ``agent`` (seat 0) per decision with a choice, ``count`` of them."""
    rng = np.random.default_rng(0)
    times: list[float] = []
    while not state.is_terminal() and len(times) < count:
        mover = state.current_player()
        if mover == -1:
            state.apply_action(state.sample_chance(rng))
            continue
        seats = range(state.num_players) if mover == -2 else [mover]
        parts = {}
        for seat in seats:
            legal = state.legal_actions(seat)
            if seat == 0 and len(legal) > 1:
                start = time.perf_counter()
                parts[seat] = agent.act(PlayerView(state.clone(), 0))
                times.append(time.perf_counter() - start)
            elif rival is not None and seat != 0:
                parts[seat] = rival(PlayerView(state, seat))
            else:
                parts[seat] = legal[0]
        if mover == -2:
            state.apply_action(JointAction(tuple(parts[p] for p in seats)))
        else:
            state.apply_action(parts[mover])
    return times


def main(count: int = 8) -> None:
    from hoteledu.amsterdam.app import DEFAULT_MCTS_ITERATIONS as AMS_ITERATIONS
    from hoteledu.amsterdam.app import DEFAULT_THINK_SECONDS as AMS_SECONDS
    from hoteledu.amsterdam.rules import new_game as amsterdam
    from hoteledu.boutique.app import make_agent as boutique_agent
    from hoteledu.boutique.bots import PeakLoadBot
    from hoteledu.boutique.rules import new_game as boutique
    from hoteledu.core.mcts import MCTSAgent
    from hoteledu.grand_austria.app import make_agent as grand_austria_agent
    from hoteledu.grand_austria.rules import new_game as grand_austria

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    games = {
        "amsterdam": (
            amsterdam(players=2),
            MCTSAgent(AMS_ITERATIONS, seed=1, think_seconds=AMS_SECONDS),
            None,
            AMS_SECONDS,
        ),
        "grand_austria": (grand_austria(2), grand_austria_agent("mcts", 1), None, None),
        "boutique": (
            boutique(players=2, weeks=1),
            boutique_agent("mcts", 1),
            PeakLoadBot().act,
            None,
        ),
    }
    for name, (state, agent, rival, budget) in games.items():
        times = _decisions(state, agent, rival, count)
        budget = budget if budget is not None else agent.think_seconds
        print(
            f"{name:14s} {len(times)} decisions, budget {budget:.2f} s: median "
            f"{statistics.median(times):.3f} s, worst {max(times):.3f} s "
            f"({agent.last_iterations} of {agent.iterations} iterations in the last)"
        )


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:]))
