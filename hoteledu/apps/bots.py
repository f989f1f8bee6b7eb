"""Named difficulty levels of the apps' bots: beginner, intermediate, strong.

Each level does a fixed amount of work per decision (a heuristic's one look at
the position, or a fixed number of search iterations), never a wall-clock
budget: a level plays the same moves for the same seed however loaded the
machine is. Each game lists its levels in its ``app.py`` (``LEVEL_BOTS``);
``docs/levels.md`` rates them in a seeded round robin
(``benchmarks/levels_tournament.py``).

- **beginner**: the game's heuristic, but a random legal move instead in
  :data:`BEGINNER_NOISE` of its decisions (:class:`NoisyAgent`);
- **intermediate**: the game's heuristic bot as it is;
- **strong**: the game's best search bot with a fixed amount of work:
  Amsterdam's whole-turn alpha-beta search (expectations over the dice,
  fixed widths), MCTS with heuristic rollouts and a fixed number of
  iterations in Boutique, Grand Austria's turn planner (a fixed number of
  evaluations a turn, ``docs/grand_austria_bot.md``); each searches on determinisations
  of its own view only (``PlayerView.determinise``), so it never sees another
  seat's hidden cards.

This module imports no widget and no plotly; the rules never import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hoteledu.core.actions import Action
from hoteledu.core.agents import Agent, PlayerView, SeedLike, make_rng

LEVELS: tuple[str, ...] = ("beginner", "intermediate", "strong")
"""The named levels every app offers, weakest first."""
SLOW_LEVELS = frozenset({"strong"})
"""The levels that search (the app runs them in the background)."""
BEGINNER_NOISE = 0.4
"""Share of a beginner's decisions played at random instead of by its heuristic."""


class NoisyAgent:
    """A bot that plays a random legal move in a share ``noise`` of its decisions.

    The coin and the random move come from the agent's own stream; otherwise
    ``base`` decides, so the agent sees only what ``base`` would see.

    Examples
    --------
    >>> from hoteledu.core.agents import RandomAgent
    >>> NoisyAgent(RandomAgent(), 0.5, seed=1, name="beginner").name
    'beginner'
    """

    def __init__(
        self, base: Agent, noise: float, seed: SeedLike = None, name: str = "noisy"
    ) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise is a share of decisions in [0, 1], not {noise!r}")
        self.base = base
        self.noise = float(noise)
        self.name = name
        self.rng = make_rng(seed)

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if len(legal) > 1 and self.rng.random() < self.noise:
            return legal[int(self.rng.integers(len(legal)))]
        return self.base.act(view)

    def reseeded(self, seed: SeedLike) -> NoisyAgent:
        rng = make_rng(seed)
        base_seed, own_seed = (int(x) for x in rng.integers(2**63, size=2))
        return NoisyAgent(self.base.reseeded(base_seed), self.noise, own_seed, self.name)


def level_agent(
    level: str, seed: SeedLike, level_bots: Mapping[str, Callable[[SeedLike], Agent]]
) -> Agent:
    """The bot of a named level, seeded, from a game's ``LEVEL_BOTS``.

    Examples
    --------
    >>> from hoteledu.amsterdam.app import LEVEL_BOTS
    >>> level_agent("beginner", 1, LEVEL_BOTS).name
    'beginner'
    """
    if level not in level_bots:
        raise ValueError(f"a level is one of {tuple(level_bots)}, not {level!r}")
    return level_bots[level](seed)


def search_work(agent: Any) -> int | None:
    """Iterations per decision of a searching bot (None for a heuristic): its fixed work.

    A search without iterations (Amsterdam's alpha-beta) is None too: its work
    is fixed by its widths. Either way a level never has a wall-clock budget.
    """
    if getattr(agent, "think_seconds", None) is not None:
        raise ValueError(f"{agent.name!r} has a wall-clock budget; a level never has one")
    return getattr(agent, "iterations", None)


def work_done(agent: Any) -> int | None:
    """The work of a bot's last decision: MCTS iterations, or positions an alpha-beta visited."""
    for counter in ("last_iterations", "nodes"):
        if hasattr(agent, counter):
            return int(getattr(agent, counter))
    return None


__all__ = [
    "BEGINNER_NOISE",
    "LEVELS",
    "SLOW_LEVELS",
    "NoisyAgent",
    "level_agent",
    "search_work",
    "work_done",
]
