"""Bots for Hotel Amsterdam that a student can read and beat.

* :class:`GreedyAgent` looks at the rest of its own turn only: for a pawn it
  tries every destination together with the best thing the pawn can do there;
  at the end of its turn it takes the exact expectation over the next roll of
  the dice (9 outcomes, 1/9 each), which moves the boat and drops a tourist.
* :class:`MinimaxAgent` searches a fixed number of decisions ahead with
  alpha-beta pruning; made for the tactical variant (no chance, perfect
  information), it takes expectations at chance nodes if there are any.
  Opponents are assumed to play against it (the "paranoid" reading for three
  or four players).

Both follow the agent protocol of :mod:`hoteledu.core.agents`.

Examples
--------
>>> from hoteledu.amsterdam.rules import new_game
>>> from hoteledu.core import RandomAgent, play
>>> record = play(new_game(), [GreedyAgent(), RandomAgent(1)], seed=3)
>>> len(record.returns)
2
"""

from __future__ import annotations

import math
from collections.abc import Callable

from hoteledu.amsterdam.rules import (
    ACT_MAYOR,
    ACT_NIGHTWATCHMAN,
    CHASE,
    DAM_LEAD,
    HOTEL,
    INTERSECTION_INDEX,
    MAYOR,
    MOVE_MAYOR,
    MOVE_NIGHTWATCHMAN,
    NIGHTWATCHMAN,
    ROLL,
    SCORING_AROUND,
    SPLIT,
    AmsterdamState,
    PlaceHotel,
    SplitSteps,
)
from hoteledu.core.actions import Action
from hoteledu.core.agents import PlayerView, SeedLike, make_rng
from hoteledu.core.state import CHANCE, State

WIN = 1000.0
"""Value of a won game in the search (a shared win counts a share of it)."""


def evaluate(state: AmsterdamState, player: int, opponent_weight: float = 1.0) -> float:
    """Own score minus ``opponent_weight`` times the best opponent's score.

    On a finished game a win adds ``WIN`` (shared wins a share), a loss
    subtracts it.

    Examples
    --------
    >>> from hoteledu.amsterdam.rules import new_game
    >>> evaluate(new_game(), 0)
    0.0
    """
    scores = state.scores()
    others = [s for p, s in enumerate(scores) if p != player]
    value = scores[player] - opponent_weight * max(others)
    if state.is_terminal():
        winners = state.winners()
        value += WIN / len(winners) if player in winners else -WIN
    return float(value)


def _expected(state: AmsterdamState, value: Callable[[AmsterdamState], float]) -> float:
    """Exact expectation of ``value`` over the chance node ``state``."""
    total = 0.0
    for outcome, probability in state.chance_outcomes():
        child = state.clone()
        child.apply_action(outcome)
        total += float(probability) * value(child)
    return total


class GreedyAgent:
    """Best immediate score change for its own player, looking to the end of its turn.

    Parameters
    ----------
    opponent_weight : float
        Weight of the best opponent's score in the evaluation; 0 means "my
        own score only" (the rulebook's aim), the default 0.01 uses the
        opponents only to break ties.
    name : str
        Shown in records and tournaments.
    """

    def __init__(self, opponent_weight: float = 0.01, name: str = "greedy") -> None:
        self.opponent_weight = opponent_weight
        self.name = name

    def reseeded(self, seed: SeedLike) -> GreedyAgent:
        """A copy (the greedy agent is deterministic and needs no seed)."""
        return GreedyAgent(self.opponent_weight, self.name)

    # ------------------------------------------------------------- values
    def _static(self, state: AmsterdamState, me: int) -> float:
        return evaluate(state, me, self.opponent_weight)

    def _settle(self, state: AmsterdamState, me: int) -> float:
        """Value after an action: resolve our pending choices and chance, then evaluate.

        The player's own follow-up choices (chased tourists, the Nightwatchman
        after the Mayor is not expanded: see ``act``) take their best value; the
        Dam's random location and the next roll of the dice take exact expectations.
        """
        phase = state.phase
        if phase == CHASE:
            return max(self._after(state, a, me) for a in state.legal_actions())
        if phase == DAM_LEAD:
            return _expected(state, lambda s: self._settle(s, me))
        if phase == ROLL and not state.is_terminal():
            # The turn is over: the next player's dice move the boat and drop a tourist.
            return _expected(state, lambda s: self._static(s, me))
        return self._static(state, me)

    def _after(self, state: AmsterdamState, action: Action, me: int) -> float:
        child = state.clone()
        child.apply_action(action)
        return self._settle(child, me)

    def _best_act(self, state: AmsterdamState, pawn: str, me: int) -> float:
        """The best value of ``pawn``'s phase-6 action from where it stands now."""
        trial = state.clone()
        trial.phase = ACT_MAYOR if pawn == MAYOR else ACT_NIGHTWATCHMAN
        trial._acting_mayor = pawn == MAYOR
        return max(self._after(trial, a, me) for a in trial.legal_actions())

    def _walk_value(
        self, state: AmsterdamState, pawn: str, destination: tuple[int, int], me: int
    ) -> float:
        trial = state.clone()
        if pawn == MAYOR:
            trial.mayor = destination
        else:
            trial.nightwatchman = destination
        return self._best_act(trial, pawn, me)

    def _best_walk(self, state: AmsterdamState, pawn: str, steps: int, me: int) -> float:
        if steps == 0:
            return self._best_act(state, pawn, me)
        return max(
            self._walk_value(state, pawn, d, me) for d in state.pawn_destinations(pawn, steps)
        )

    def action_values(self, state: AmsterdamState) -> list[tuple[Action, float]]:
        """Every legal action with the value the greedy agent gives it."""
        me = state.current_player()
        phase = state.phase
        actions = state.legal_actions()
        if phase in (MOVE_MAYOR, MOVE_NIGHTWATCHMAN):
            pawn = MAYOR if phase == MOVE_MAYOR else NIGHTWATCHMAN
            return [
                (a, self._walk_value(state, pawn, a.destination, me))  # type: ignore[attr-defined]
                for a in actions
            ]
        if phase == SPLIT:
            base = self._static(state, me)
            values = []
            for a in actions:
                assert isinstance(a, SplitSteps)
                gain_m = self._best_walk(state, MAYOR, a.mayor, me) - base
                gain_n = self._best_walk(state, NIGHTWATCHMAN, a.nightwatchman, me) - base
                values.append((a, base + gain_m + gain_n))
            return values
        if phase == HOTEL:
            # Ties (most often: no tourists near) go to sites with more city tiles.
            return [
                (a, self._after(state, a, me) + 0.1 * _site_size(a))  # type: ignore[arg-type]
                for a in actions
            ]
        return [(a, self._after(state, a, me)) for a in actions]

    def act(self, view: PlayerView) -> Action:
        """The legal action of highest value (the first one among equals)."""
        state = view.determinise(make_rng(0))
        assert isinstance(state, AmsterdamState)
        values = self.action_values(state)
        best = max(v for _, v in values)
        return next(a for a, v in values if v >= best - 1e-9)


def _site_size(action: PlaceHotel) -> int:
    return len(SCORING_AROUND[INTERSECTION_INDEX[action.intersection]])


class MinimaxAgent:
    """Alpha-beta search ``depth`` decisions deep, for the tactical variant.

    Each small decision (boat, steps, a walk, a tile) is one ply. Max nodes
    are the agent's decisions, min nodes everyone else's (paranoid); chance
    nodes, if any, take exact expectations. Leaves are valued by
    :func:`evaluate`: own score minus the best opponent's, plus ``WIN`` for a
    won game. Moves are ordered by that value (best first), ties in legal
    order, so the agent is deterministic.

    Parameters
    ----------
    depth : int
        Plies (decisions) to search.
    name : str
        Shown in records and tournaments.
    """

    def __init__(self, depth: int = 3, name: str | None = None) -> None:
        if depth < 1:
            raise ValueError("the search depth must be at least 1")
        self.depth = depth
        self.name = name or f"minimax-{depth}"
        self.nodes = 0  # positions visited by the last search (for lessons)

    def reseeded(self, seed: SeedLike) -> MinimaxAgent:
        """A copy (the search is deterministic and needs no seed)."""
        return MinimaxAgent(self.depth, self.name)

    def act(self, view: PlayerView) -> Action:
        state = view.determinise(make_rng(0))
        action, _ = self.search(state, view.player)  # type: ignore[arg-type]
        return action

    def search(self, state: AmsterdamState, me: int) -> tuple[Action, float]:
        """The best action for ``me`` and its minimax value."""
        self.nodes = 0
        children = self._children(state, me, maximise=True)
        best_action, best = children[0][0], -math.inf
        alpha = -math.inf
        for action, child in children:
            value = self._value(child, me, self.depth - 1, alpha, math.inf)
            if value > best:
                best_action, best = action, value
            alpha = max(alpha, best)
        return best_action, best

    def _children(
        self, state: State, me: int, maximise: bool
    ) -> list[tuple[Action, AmsterdamState]]:
        children = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            self.nodes += 1
            children.append((action, child))
        # Best-looking first; sorted() is stable, so ties keep the legal order.
        key = [evaluate(c, me) for _, c in children]  # type: ignore[arg-type]
        order = sorted(range(len(children)), key=lambda i: -key[i] if maximise else key[i])
        return [children[i] for i in order]

    def _value(
        self, state: AmsterdamState, me: int, depth: int, alpha: float, beta: float
    ) -> float:
        if depth == 0 or state.is_terminal():
            return evaluate(state, me)
        mover = state.current_player()
        if mover == CHANCE:
            return _expected(state, lambda s: self._value(s, me, depth - 1, -math.inf, math.inf))
        if mover == me:
            best = -math.inf
            for _, child in self._children(state, me, maximise=True):
                best = max(best, self._value(child, me, depth - 1, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
            return best
        best = math.inf
        for _, child in self._children(state, me, maximise=False):
            best = min(best, self._value(child, me, depth - 1, alpha, beta))
            beta = min(beta, best)
            if alpha >= beta:
                break
        return best


__all__ = ["WIN", "GreedyAgent", "MinimaxAgent", "evaluate"]
