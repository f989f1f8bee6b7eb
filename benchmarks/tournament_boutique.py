"""Seeded round robin for Boutique Hotel Manager (a script, not part of the test run).

Run: ``.venv/bin/python benchmarks/tournament_boutique.py [games] [mcts_games] [iterations]``

Every pair of agents among random play, the four heuristic bots and
:class:`~hoteledu.boutique.search.BoutiqueMCTS` plays two-player, two-week
games with ``hoteledu.core.tournament.tournament`` (seed 2026, seats
rotated). For each pair it prints each agent's win rate with a 95% Wilson
interval, its mean money (a player out at 0 stars scores -1) with a 95%
normal interval, and the seconds per game. Pairs with MCTS play
``mcts_games`` games (default 10), the others ``games`` (default 100); a count
of 0 skips those pairs, so the two halves can run apart.
"""

from __future__ import annotations

import itertools
import sys

from hoteledu.boutique.bots import BOTS
from hoteledu.boutique.search import BoutiqueMCTS
from hoteledu.core import RandomAgent
from hoteledu.core.agents import Agent
from hoteledu.core.tournament import tournament

SEED = 2026


def agents(iterations: int) -> list[Agent]:
    """Random, the four heuristic bots, and MCTS with peak-load rollouts."""
    return [
        RandomAgent(name="random"),
        *(cls() for cls in BOTS.values()),
        BoutiqueMCTS(iterations=iterations, name=f"mcts{iterations}"),
    ]


def main(games: int = 100, mcts_games: int = 10, iterations: int = 40) -> None:
    pool = agents(iterations)
    print(f"Boutique round robin: seed {SEED}, seats rotated, 2 players, 2 weeks")
    header = (
        f"{'pair (A vs B)':<28} {'games':>5}  {'A win rate [95% CI]':<22}  "
        f"{'A mean money [95% CI]':<22}  {'B mean money [95% CI]':<22}  {'s/game':>6}"
    )
    print(header)
    for a, b in itertools.combinations(pool, 2):
        n = mcts_games if "mcts" in a.name + b.name else games
        if n == 0:  # e.g. "100 0": the heuristic pairs only; "0 12": the MCTS pairs only
            continue
        result = tournament("boutique", [a, b], games=n, seed=SEED, progress=False)
        money = [result.mean_score(k) for k in (0, 1)]
        cells = [f"{m.estimate:.0f} [{m.low:.0f}, {m.high:.0f}]" for m in money]
        print(
            f"{a.name + ' vs ' + b.name:<28} {n:>5}  {result.win_rate(0)!s:<22}  "
            f"{cells[0]:<22}  {cells[1]:<22}  {result.elapsed / n:6.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main(*(int(x) for x in sys.argv[1:4]))
