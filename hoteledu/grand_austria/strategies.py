"""Variants of the heuristic bot for tournaments of strategies (lesson 4).

:class:`EmperorShyAgent` is :class:`~hoteledu.grand_austria.bots.HeuristicAgent`
with one rule changed: an emperor step is worth less than a krone to it, so
it puts the strength of action 4 into money and lets the emperor scorings
come as they may. Playing it against the heuristic measures, in whole seeded
games, what the emperor track is worth (the threshold analysis of
:mod:`hoteledu.grand_austria.analysis.emperor` prices it on paper).

Examples
--------
>>> EmperorShyAgent().name
'emperor-shy'
"""

from __future__ import annotations

from typing import Any

from hoteledu.core.agents import SeedLike
from hoteledu.grand_austria.bots import HeuristicAgent


class EmperorShyAgent(HeuristicAgent):
    """The heuristic bot, except that an emperor step is worth ``emperor_weight`` (< 1 krone).

    Parameters
    ----------
    seed : int, SeedSequence, Generator or None
        Breaks ties between equally scored actions.
    name : str
        Shown in records and tournaments.
    emperor_weight : float
        The worth of one step at any time (the heuristic's is 1.5 to 3 before
        a scoring); below 1, a split of action 4 goes to money.
    """

    def __init__(
        self, seed: SeedLike = None, name: str = "emperor-shy", emperor_weight: float = 0.5
    ) -> None:
        super().__init__(seed, name)
        self.emperor_weight = emperor_weight

    def reseeded(self, seed: SeedLike) -> EmperorShyAgent:
        return EmperorShyAgent(seed, self.name, self.emperor_weight)

    def emperor_want(self, obs: dict[str, Any], p: int) -> float:
        return self.emperor_weight
