"""Bots for Hotel Amsterdam that a student can read and beat, and the evaluations.

* :class:`GreedyAgent` looks at the rest of its own turn only: for a pawn it
  tries every destination together with the best thing the pawn can do there;
  at the end of its turn it takes the exact expectation over the next roll of
  the dice (9 outcomes, 1/9 each), which moves the boat and drops a tourist.
* :func:`evaluate` (scores and the win) and :func:`evaluate_position` (what
  the next player can do at once) value positions; the searches of
  :mod:`hoteledu.amsterdam.search` (``MinimaxAgent``) use them.

The agents follow the agent protocol of :mod:`hoteledu.core.agents`.

Examples
--------
>>> from hoteledu.amsterdam.rules import new_game
>>> from hoteledu.core import RandomAgent, play
>>> record = play(new_game(), [GreedyAgent(), RandomAgent(1)], seed=3)
>>> len(record.returns)
2
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from hoteledu.amsterdam.actions import MAYOR, NIGHTWATCHMAN, PlaceHotel, SplitSteps
from hoteledu.amsterdam.board import (
    CANAL_TILES,
    FACING_PLACE,
    INTERSECTION_INDEX,
    INTERSECTIONS,
    QUAY_OF,
    SCORING_AROUND,
    TOTAL_TOURISTS,
    TURNABLE_AROUND,
    WALKS,
)
from hoteledu.amsterdam.phases import (
    ACT_MAYOR,
    ACT_NIGHTWATCHMAN,
    CHASE,
    DAM_LEAD,
    HOTEL,
    MOVE_MAYOR,
    MOVE_NIGHTWATCHMAN,
    ROLL,
    SPLIT,
)
from hoteledu.amsterdam.rules import (
    MAX_TACTICAL_BOAT,
    MAX_TACTICAL_EACH,
    TACTICAL_FULL_TILE,
    AmsterdamState,
)
from hoteledu.core.actions import Action
from hoteledu.core.agents import PlayerView, SeedLike, make_rng

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


def expected_value(state: AmsterdamState, value: Callable[[AmsterdamState], float]) -> float:
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
            if state.is_chance_node():
                return expected_value(state, lambda s: self._settle(s, me))
            # dam_lead="choose": the mover picks the tile, the best one for itself
            values = [self._after(state, a, me) for a in state.legal_actions()]
            return max(values) if state.current_player() == me else min(values)
        if phase == ROLL and not state.is_terminal():
            # The turn is over: the next player's dice move the boat and drop a tourist.
            return expected_value(state, lambda s: self._static(s, me))
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


# -------------------------------------------------------------- evaluation
@dataclasses.dataclass(frozen=True)
class Weights:
    """Weights of :func:`evaluate_position`'s terms (see there)."""

    boat: float = 0.7
    pawns: float = 0.7


def _places(state: AmsterdamState, player: int) -> frozenset[int]:
    """The places (building tiles and Dam) that score for ``player``."""
    return frozenset(p for x in state.hotels[player] for p in SCORING_AROUND[INTERSECTION_INDEX[x]])


def _boat_gain(state: AmsterdamState, mover: int, places: list[frozenset[int]]) -> float:
    """What the boat's next stop is worth to ``mover`` (tourists dropped next to
    their hotels minus next to the best opponent's): the best of the four stops in
    the tactical variant, the expectation over the dice in the family game."""
    others = [places[p] for p in range(len(places)) if p != mover]
    load = 1 if state.supply > 0 else 0  # the new tourist
    gains = []
    for steps in range(1, 7):
        stop = (state.boat + steps) % len(CANAL_TILES)
        place = FACING_PLACE[stop]
        if place < 0:  # a bend: everyone on board waits on the quay
            gains.append(0)
        else:
            mine = load if place in places[mover] else 0
            gains.append(mine - max(load if place in own else 0 for own in others))
        if QUAY_OF[stop] >= 0:  # going further, the boat picks up this quay's tourists
            load += state.quays[QUAY_OF[stop]]
    if state.tactical:
        return float(max(gains[:MAX_TACTICAL_BOAT]))
    return sum(ways * gains[total - 1] for total, ways in _DICE_SUMS) / 9


_DICE_SUMS = ((2, 1), (3, 2), (4, 3), (5, 2), (6, 1))
"""Sum of the two dice (1..3 each) and the number of ways to roll it, out of 9."""


def _pawn_gain(state: AmsterdamState, mover: int, places: list[frozenset[int]]) -> float:
    """Tourists the mover's pawns could chase away from an opponent's tiles next turn.

    Each pawn looks at the tiles it may turn within three steps (the Mayor a
    night side, the Nightwatchman a day side; in the tactical variant not a
    tile with four tourists) and takes the one that hurts an opponent most,
    ignoring where the chased tourists go.
    """
    theirs = frozenset().union(*(places[p] for p in range(len(places)) if p != mover))
    targets = theirs - places[mover]
    full = TACTICAL_FULL_TILE if state.tactical else TOTAL_TOURISTS + 1
    reach = _REACH[bool(state.options["dam_diagonals"])]
    total = 0.0
    for where, day in ((state.mayor, False), (state.nightwatchman, True)):
        counts = [
            state.tourists[place]
            for place in reach[INTERSECTION_INDEX[where]] & targets
            if state.day_up[place] == day and state.tourists[place] < full
        ]
        total += max(counts, default=0)
    return total


def _reach(table: tuple[tuple[tuple[int, ...], ...], ...]) -> tuple[frozenset[int], ...]:
    """For each intersection: the building places a pawn there can turn after 0..3 steps."""
    return tuple(
        frozenset(
            place
            for steps in range(MAX_TACTICAL_EACH + 1)
            for x in table[steps][start]
            for place in TURNABLE_AROUND[x]
        )
        for start in range(len(INTERSECTIONS))
    )


_REACH = {diagonals: _reach(WALKS[diagonals]) for diagonals in (True, False)}


def evaluate_position(state: AmsterdamState, player: int, weights: Weights = Weights()) -> float:
    """The minimax bot's view of a position, for ``player``.

    1. Own score minus the best opponent's score (on a finished game, plus or
       minus ``WIN``: nothing else matters then).
    2. The player to move next has the first pick: the boat's next stop
       (``weights.boat`` times the tourists it drops next to their hotels,
       minus those next to the best opponent's) and the tiles their pawns can
       still turn against an opponent (``weights.pawns`` times the tourists
       chased from an opponent's best tile, one for each pawn). It counts for
       the player if they move next, against them if an opponent does.

    Examples
    --------
    >>> from hoteledu.amsterdam.rules import new_game
    >>> evaluate_position(new_game(), 0)
    0.0
    """
    value = evaluate(state, player)
    if state.is_terminal():
        return value
    places = [_places(state, p) for p in range(state.num_players)]
    mover = state.player
    prospect = weights.boat * _boat_gain(state, mover, places)
    prospect += weights.pawns * _pawn_gain(state, mover, places)
    return value + prospect if mover == player else value - prospect


__all__ = [
    "WIN",
    "GreedyAgent",
    "Weights",
    "evaluate",
    "evaluate_position",
    "expected_value",
]
