"""Bots for the apps: MCTS with a time budget, so a seat answers in time.

The app's "strength" of an MCTS seat is its number of iterations; a decision
also stops at ``think_seconds``, so on a slow or loaded machine the bot plays
a little weaker rather than freezing the page. With a time budget a seeded
game may differ between machines (fewer iterations where it is slower).
"""

from __future__ import annotations

import time

from hoteledu.core.agents import PlayerView, SeedLike
from hoteledu.core.mcts import MCTSAgent, SearchResult, _Node


class TimedMCTSAgent(MCTSAgent):
    """:class:`MCTSAgent` that stops after ``iterations`` or ``think_seconds``, first reached.

    Examples
    --------
    >>> TimedMCTSAgent(iterations=200, think_seconds=0.25, seed=1).name
    'mcts 200'
    """

    def __init__(
        self, iterations: int = 200, think_seconds: float = 0.25, seed: SeedLike = None
    ) -> None:
        super().__init__(iterations=iterations, seed=seed, name=f"mcts {iterations}")
        self.think_seconds = float(think_seconds)
        self.last_iterations = 0

    def reseeded(self, seed: SeedLike) -> TimedMCTSAgent:
        return TimedMCTSAgent(self.iterations, self.think_seconds, seed)

    def search(self, view: PlayerView) -> SearchResult:
        """The search of :class:`MCTSAgent`, cut at the deadline (at least one iteration)."""
        deadline = time.perf_counter() + self.think_seconds
        rng = self.rng
        player = view.player
        first = view.determinise(rng)
        num_players = first.num_players
        root = _Node(num_players)
        root_kind = first.current_player()
        rollout = self._rollout_policy(rng)
        done = 0
        for iteration in range(self.iterations):
            state = first if iteration == 0 else view.determinise(rng)
            self._iterate(root, state, num_players, rng, rollout)
            done += 1
            if time.perf_counter() > deadline:
                break
        self.last_iterations = done
        return self._root_result(root, player, view, root_kind)


__all__ = ["TimedMCTSAgent"]
