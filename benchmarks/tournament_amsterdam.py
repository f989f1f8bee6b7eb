"""Round robins between the Hotel Amsterdam bots (a script, not part of the test run).

Run: ``.venv/bin/python benchmarks/tournament_amsterdam.py [games per pair] [processes]``

Every pair of agents plays ``games`` two-player games with
:func:`hoteledu.core.tournament.tournament` (seeded, seats alternating). The
tactical variant uses the shuffled layout: with the standard layout it has no
chance at all, so two deterministic bots could only play two different games.

* tactical: random, greedy, minimax (one turn, :class:`MinimaxAgent`), and MCTS
  with 50 and 200 iterations a decision;
* dice: random, greedy, MCTS (200 iterations).

For each pair it prints the first agent's win rate with its 95% Wilson
interval, both mean scores with 95% intervals and the seconds per game.
"""

from __future__ import annotations

import itertools
import sys
import time

from hoteledu.amsterdam.bots import GreedyAgent
from hoteledu.amsterdam.search import MinimaxAgent
from hoteledu.core import RandomAgent
from hoteledu.core.agents import Agent
from hoteledu.core.mcts import MCTSAgent
from hoteledu.core.tournament import tournament


def agents_for(variant: str) -> list[Agent]:
    """The agents of the round robin for ``variant``."""
    agents: list[Agent] = [RandomAgent(name="random"), GreedyAgent()]
    if variant == "tactical":
        agents.append(MinimaxAgent(turns=1))
        agents.append(MCTSAgent(iterations=50, seed=0, name="mcts-50"))
    agents.append(MCTSAgent(iterations=200, seed=0, name="mcts-200"))
    return agents


def round_robin(variant: str, games: int, processes: int, seed: int = 2024) -> None:
    """Print one line per pair of agents."""
    options = {"variant": variant, "layout": "shuffled" if variant == "tactical" else "standard"}
    print(f"\n{variant} variant, {options['layout']} layout, {games} games per pair, seed {seed}")
    print(
        f"{'agent A':<15} {'agent B':<15} {'A wins [95% CI]':<22} "
        f"{'A mean score':<20} {'B mean score':<20} {'s/game':>7}"
    )
    for a, b in itertools.combinations(agents_for(variant), 2):
        start = time.perf_counter()
        result = tournament(
            "amsterdam",
            [a, b],
            games=games,
            seed=seed,
            processes=processes,
            options=options,
            progress=False,
        )
        per_game = (time.perf_counter() - start) * processes / max(games, 1)
        print(
            f"{a.name:<15} {b.name:<15} {result.win_rate(0)!s:<22} "
            f"{_mean(result, 0):<20} {_mean(result, 1):<20} {per_game:>7.2f}",
            flush=True,
        )


def _mean(result, agent: int) -> str:  # type: ignore[no-untyped-def]
    score = result.mean_score(agent)
    return f"{score.estimate:.1f} [{score.low:.1f}, {score.high:.1f}]"


def main(games: int = 20, processes: int = 1) -> None:
    for variant in ("tactical", "dice"):
        round_robin(variant, games, processes)


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 20,
        int(sys.argv[2]) if len(sys.argv) > 2 else 1,
    )
