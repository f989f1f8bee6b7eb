"""A Grand Austria Hotel search bot: the plan bot's best turns, tried on sampled futures.

:class:`PlanSearchAgent` is a one-level information-set Monte Carlo tree
search over whole turns. At the start of its turn it asks
:class:`~hoteledu.grand_austria.plan.PlanAgent` for its best few turns (the
candidates), then spends a fixed number of iterations on them, chosen by UCB1
as MCTS chooses at its root. Each iteration

1. determinises the bot's own view (``PlayerView.determinise``: the rival's
   hand and the decks resampled, so it never reads a hidden card);
2. plays the candidate turn on it (the heuristic finishes it where a card drawn
   differs), then plays both seats with the heuristic bot to the end of the
   round, sampling the dice rerolled and the cards drawn;
3. scores the leaf with the plan's :func:`~hoteledu.grand_austria.plan.evaluate`:
   the bot's projected score less its rival's.

Random playouts score about -5 VP in this game and say little (issue 23); a
short heuristic playout with an evaluation at its end measures what the plan's
one look cannot: the rival's reply, and the dice after a pass or a reroll.
Its work per decision is fixed (``iterations``), never a time budget.

Examples
--------
>>> PlanSearchAgent(iterations=8).name
'plan-search'
"""

from __future__ import annotations

import math
from typing import Any

from hoteledu.core.actions import Action
from hoteledu.core.agents import PlayerView, SeedLike, make_rng
from hoteledu.core.state import CHANCE
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria.bots import HeuristicAgent
from hoteledu.grand_austria.plan import (
    PlanAgent,
    _apply,
    _obs_signature,
    _PlayoutView,
    evaluate,
)


class PlanSearchAgent:
    """UCB1 over the plan bot's best turns, each tried on sampled futures.

    Parameters
    ----------
    seed : int, SeedSequence, Generator or None
        The bot's own random stream.
    name : str
        Shown in records and tournaments.
    iterations : int
        Sampled futures per turn decision (its fixed work).
    candidates : int
        The plan's best turns the search compares.
    exploration : float
        The UCB1 constant, in VP (leaf values are VP differences).
    budget : int
        The plan bot's evaluations per turn plan.
    """

    def __init__(
        self,
        seed: SeedLike = None,
        name: str = "plan-search",
        iterations: int = 48,
        candidates: int = 4,
        exploration: float = 8.0,
        budget: int = 1500,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"the search needs at least one iteration, got {iterations}")
        self.name = name
        self.rng = make_rng(seed)
        self.iterations = iterations
        self.candidates = candidates
        self.exploration = exploration
        self.budget = budget
        self.planner = PlanAgent(self.rng, budget=budget)
        self.playout = HeuristicAgent(self.rng)
        self.last_values: list[tuple[float, int, list[Action]]] = []

    def reseeded(self, seed: SeedLike) -> PlanSearchAgent:
        return PlanSearchAgent(
            seed, self.name, self.iterations, self.candidates, self.exploration, self.budget
        )

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        planner = self.planner
        sig = _obs_signature(view.observation, view.player)
        if planner._plan and planner._plan[0][0] == sig and planner._plan[0][1] in legal:
            return planner._take(legal)
        state = view.determinise(self.rng)
        top = state.tasks[-1]
        if not (isinstance(top, tk.Turn) and not state.turn["die"]):
            planner._plan = []
            return planner.act(view)
        planner.evaluations = 0
        turns = planner.plan_turns(state, view.player)
        # distinct turns by their actions; the plan's best first
        options: list[list[tuple[Any, Action]]] = []
        seen: set[tuple[Action, ...]] = set()
        for _v, steps in turns:
            key = tuple(a for _s, a in steps)
            if key not in seen:
                seen.add(key)
                options.append(steps)
            if len(options) >= self.candidates:
                break
        if len(options) > 1:
            best = self._search(view, options)
        else:
            best = options[0] if options else []
        planner._plan = list(best)
        if planner._plan and planner._plan[0][1] in legal:
            return planner._take(legal)
        planner._plan = []
        return planner.act(view)

    def _search(self, view: PlayerView, options: list[list[tuple[Any, Action]]]) -> list[Any]:
        p = view.player
        visits = [0] * len(options)
        totals = [0.0] * len(options)
        for it in range(self.iterations):
            if it < len(options):
                k = it
            else:
                log_n = math.log(it)
                k = max(
                    range(len(options)),
                    key=lambda i: (
                        totals[i] / visits[i] + self.exploration * math.sqrt(log_n / visits[i])
                    ),
                )
            visits[k] += 1
            totals[k] += self._sample(view, p, options[k])
        self.last_values = [
            (totals[i] / visits[i], visits[i], [a for _s, a in options[i]])
            for i in range(len(options))
        ]
        k = max(range(len(options)), key=lambda i: (visits[i], totals[i] / visits[i]))
        return options[k]

    def _sample(self, view: PlayerView, p: int, steps: list[tuple[Any, Action]]) -> float:
        """One sampled future of a candidate turn: my value less my rival's at the leaf."""
        state = view.determinise(self.rng)
        rng = self.rng
        _auto_chance(state, rng)
        for _sig, action in steps:
            if state.current_player() != p:
                break
            legal = state.legal_actions()
            if action not in legal:  # a card drawn differs: the playout finishes the turn
                break
            _apply(state, action, rng)
        start_round = state.round
        while state.tasks and state.round == start_round:
            mover = state.current_player()
            if mover == CHANCE:
                state._apply(state.sample_chance(rng))
                continue
            action = self.playout.act(_PlayoutView(state, mover))  # type: ignore[arg-type]
            state._apply(action)
        rivals = [evaluate(state, q) for q in range(state.n) if q != p]
        return evaluate(state, p) - max(rivals)


def _auto_chance(state: Any, rng: Any) -> None:
    while state.tasks and state.current_player() == CHANCE:
        state._apply(state.sample_chance(rng))


__all__ = ["PlanSearchAgent"]
