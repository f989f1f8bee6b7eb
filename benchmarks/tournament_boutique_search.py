"""Boutique's search bot against the best heuristic (issue 23; a script, not part of the tests).

Run: ``.venv/bin/python benchmarks/tournament_boutique_search.py [games] [iterations]
[processes] [bot] [first]``  (defaults 120, 200, 2, ``search``, 0; ``first`` continues
a run: games ``first`` to ``first + games - 1``, each as in a run from game 0; bot
``flat`` is the old :class:`~hoteledu.boutique.search.BoutiqueRolloutBot`, ``searchwin``
the search bot with 0.9 of its reward for the win instead of 0.5).

The bot plays the peak-load bot (the best heuristic, ``docs/boutique.md``) in
two-player, two-week games with ``hoteledu.core.tournament.tournament``: seed
2026, seats alternated (game ``i`` puts the bot in seat ``i mod 2``), the same
seeds for any bot, so ``flat`` and ``search`` meet the same games. The bot does a
fixed work per decision (``iterations`` rollouts), so the games do not depend on
the machine's load; only the times do. Printed: games, wins (a shared win counts
half), the win rate with a 95% Wilson interval, both mean money, and the
bot's seconds per decision with a choice (CPU of its process, and wall clock),
mean and max, and the run's wall time.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from typing import Any

from hoteledu.boutique.bots import PeakLoadBot
from hoteledu.boutique.search import BoutiqueRolloutBot, BoutiqueSearchBot
from hoteledu.core.actions import Action
from hoteledu.core.agents import PlayerView, SeedLike
from hoteledu.core.tournament import tournament, wilson_interval

SEED = 2026


class TimedAgent:
    """Times an agent's decisions with a choice, one ``cpu wall`` line each, in ``path``.

    A file, not a list: the games run in worker processes.
    """

    def __init__(self, agent: Any, path: str) -> None:
        self.agent, self.path, self.name = agent, path, agent.name

    def reseeded(self, seed: SeedLike) -> TimedAgent:
        return TimedAgent(self.agent.reseeded(seed), self.path)

    def act(self, view: PlayerView) -> Action:
        several = len(view.legal_actions()) > 1
        cpu, wall = time.process_time(), time.perf_counter()
        action = self.agent.act(view)
        if several:
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            with open(self.path, "a") as out:
                out.write(f"{cpu:.6f} {wall:.6f}\n")
        return action


def main(
    games: int = 120, iterations: int = 200, processes: int = 2, bot: str = "search", first: int = 0
) -> None:
    kinds = {
        "search": BoutiqueSearchBot,
        "flat": BoutiqueRolloutBot,
        "searchwin": lambda n, name: BoutiqueSearchBot(n, name=name, win_weight=0.9),
    }
    if bot not in kinds:
        raise ValueError(f"bot is one of {sorted(kinds)}, not {bot!r}")
    name = f"{bot}{iterations}"
    with tempfile.NamedTemporaryFile("w", suffix=".times", delete=False) as handle:
        path = handle.name
    agents = [TimedAgent(kinds[bot](iterations, name=name), path), PeakLoadBot(name="peakload")]
    load = os.getloadavg()[0]
    print(
        f"{name} vs peakload: {games} games ({first} to {first + games - 1}), seed {SEED}, "
        "seats alternated, 2 weeks"
    )
    print(f"load average at the start {load:.1f} on {os.cpu_count()} cores", flush=True)
    tally = {"games": 0, "wins": 0.0}

    def on_game(outcome: Any) -> None:  # a line a game: a stopped run still has its games
        tally["games"] += 1
        tally["wins"] += outcome.utilities[0]
        so_far = wilson_interval(tally["wins"], tally["games"])
        print(
            f"  game {outcome.index}: bot {outcome.utilities[0]:g} money {outcome.returns[0]:g} "
            f"to {outcome.returns[1]:g}; {tally['wins']:g} of {tally['games']} ({so_far})",
            flush=True,
        )

    result = tournament(
        "boutique", agents, games=games, seed=SEED, processes=processes, progress=False,
        on_game=on_game, chunk_size=1, first=first,
    )  # fmt: skip
    with open(path) as times:
        rows = [tuple(map(float, line.split())) for line in times]
    os.unlink(path)
    cpu = [r[0] for r in rows]
    wall = [r[1] for r in rows]
    rate = result.win_rate(0)
    money = [result.mean_score(k) for k in (0, 1)]
    print(
        "| bot | games | wins | win rate [95% Wilson] | bot money | peakload money "
        "| CPU s/decision mean, max | wall s/decision mean, max |"
    )
    print(
        f"| {name} | {games} | {result.wins()[0]:g} | {rate} | {money[0].estimate:.0f} "
        f"| {money[1].estimate:.0f} | {statistics.fmean(cpu):.3f}, {max(cpu):.3f} "
        f"| {statistics.fmean(wall):.3f}, {max(wall):.3f} |"
    )
    print(
        f"{len(cpu)} decisions timed; run wall time {result.elapsed:.0f} s on {processes} "
        f"processes; load average at the end {os.getloadavg()[0]:.1f}"
    )
    cuts = statistics.quantiles(cpu, n=100) if len(cpu) > 1 else cpu * 99
    print(
        f"CPU s/decision: median {statistics.median(cpu):.3f}, 90% {cuts[89]:.3f}, "
        f"99% {cuts[98]:.3f}; over 1 s: {sum(c > 1.0 for c in cpu)} of {len(cpu)}"
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    main(*(int(a) for a in args[:3]), *args[3:4], *(int(a) for a in args[4:5]))
