"""Hotel Amsterdam's own search: whole turns, minimax and alpha-beta (the tactical variant).

* :class:`MinimaxAgent` searches with alpha-beta pruning, made for the
  tactical variant (no chance, perfect information). ``MinimaxAgent(turns=1)``
  plans its whole turn (:func:`turn_ends` lists the distinct ways a turn can
  end), ``turns=2`` against every reply of the next player;
  ``MinimaxAgent(depth=d)`` counts single decisions instead. Positions at the
  end of the search are valued by
  :func:`~hoteledu.amsterdam.bots.evaluate_position`. Opponents are assumed to
  play against it (the "paranoid" reading for three or four players); chance
  nodes, if any, take exact expectations.
* :func:`pruning_savings` counts the positions plain minimax and alpha-beta
  visit for the same search.

The small trees of the lessons, drawn node by node, are in
:mod:`hoteledu.amsterdam.analysis.search`.

Examples
--------
>>> from hoteledu.amsterdam.rules import new_game
>>> agent = MinimaxAgent(depth=1)
>>> action, value = agent.search(new_game(variant="tactical", dam_lead="choose"), 0)
>>> str(action), agent.nodes > 1
('move the boat 1', True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from hoteledu.amsterdam.actions import MAYOR, NIGHTWATCHMAN, MovePawn, SplitSteps
from hoteledu.amsterdam.board import (
    FACING_PLACE,
    INTERSECTION_INDEX,
    INTERSECTIONS,
    SCORING_AROUND,
    WALKS,
)
from hoteledu.amsterdam.bots import evaluate_position, expected_value
from hoteledu.amsterdam.phases import (
    HOTEL,
    SPLIT,
)
from hoteledu.amsterdam.rules import (
    AmsterdamState,
)
from hoteledu.core.actions import Action
from hoteledu.core.agents import PlayerView, SeedLike, make_rng
from hoteledu.core.state import CHANCE, State


# ------------------------------------------------------------------ turns
def _play(state: AmsterdamState, action: Action) -> AmsterdamState:
    """A copy of ``state`` after ``action``, which the caller knows is legal.

    The search takes its actions from ``legal_actions`` (or builds walks the
    rules allow), so it skips the legality check of ``apply_action``.
    """
    child = state.clone()
    child._apply(action)
    child.history.append(action)
    return child


def _key(state: AmsterdamState) -> tuple:
    """Everything that can differ between two positions of the same turn."""
    return (
        tuple(state.tourists),
        tuple(state.day_up),
        tuple(state.quays),
        state.boat,
        state.mayor,
        state.nightwatchman,
        tuple(tuple(h) for h in state.hotels),
        state.phase,
        state.player,
        state.steps,
        state._acting_mayor,
        state.chased,
        state.target_reached,
    )


def _site_value(state: AmsterdamState, site: tuple[int, int]) -> float:
    """How promising a hotel site looks: tourists around now, plus its building
    tiles (each may receive tourists) and the tiles the boat can drop on."""
    places = SCORING_AROUND[INTERSECTION_INDEX[site]]
    return (
        sum(state.tourists[p] for p in places)
        + 0.5 * len(places)
        + 0.5 * sum(1 for p in places if p in _BOAT_FED)
    )


_BOAT_FED = frozenset(p for p in FACING_PLACE if p >= 0)
"""Building places next to the canal: the boat drops tourists there."""


def _walks(state: AmsterdamState) -> list[tuple[Action, ...]]:
    """One way (split, Mayor's walk, Nightwatchman's walk) to each distinct pair
    of places where the two pawns can end their walks.

    Many splits lead to the same pair (1 + 1 steps and 3 + 1 steps can end in
    the same places), so the search looks at each pair once.
    """
    table = WALKS[bool(state.options["dam_diagonals"])]
    plans: dict[tuple[tuple[int, int], tuple[int, int]], tuple[Action, ...]] = {}
    for split in state.legal_actions():
        assert isinstance(split, SplitSteps)
        m, n = split.mayor, split.nightwatchman
        for mayor in state.pawn_destinations(MAYOR, m) if m else [state.mayor]:
            # The Nightwatchman walks after the Mayor and may not end where the Mayor now is.
            start = INTERSECTION_INDEX[state.nightwatchman]
            ends = [INTERSECTIONS[x] for x in table[n][start]] if n else [state.nightwatchman]
            for night in ends:
                if night == mayor or (mayor, night) in plans:
                    continue
                steps: list[Action] = [split]
                if m:
                    steps.append(MovePawn(MAYOR, mayor))
                if n:
                    steps.append(MovePawn(NIGHTWATCHMAN, night))
                plans[(mayor, night)] = tuple(steps)
    return list(plans.values())


def turn_ends(
    state: AmsterdamState,
    hotel_sites: int | None = 6,
    order: Callable[[AmsterdamState], float] | None = None,
    counter: list[int] | None = None,
) -> Iterator[tuple[tuple[Action, ...], AmsterdamState]]:
    """Every distinct position at the end of the current player's turn.

    Yields ``(actions, position)``: the player's remaining decisions of this
    turn and the position they lead to (the next player to move, a chance
    node such as a Dam lead, or the end of the game). Positions reached in
    several ways are yielded once.

    Parameters
    ----------
    state : AmsterdamState
        A position where a player decides.
    hotel_sites : int or None
        In the hotel-building turns, only the ``hotel_sites`` most promising
        free intersections are tried (tourists and building tiles around);
        None tries all 36.
    order : callable, optional
        Value of a position for the player to move; at each decision the
        best-looking choices are followed first, so good turns come early.
    counter : list of int, optional
        ``counter[0]`` grows by one for every position the listing creates.

    Examples
    --------
    >>> from hoteledu.amsterdam.rules import new_game
    >>> state = new_game(variant="tactical")
    >>> ends = list(turn_ends(state, hotel_sites=1))
    >>> all(end.player == 1 for _, end in ends)
    True
    """
    mover = state.current_player()
    seen: set[tuple] = set()

    def follow(path: tuple[Action, ...], position: AmsterdamState) -> Iterator:
        phase = position.phase
        if phase == SPLIT:
            options = _walks(position)
        else:
            options = [(a,) for a in position.legal_actions()]
            if phase == HOTEL and hotel_sites is not None:
                options.sort(key=lambda a: -_site_value(position, a[0].intersection))  # type: ignore[attr-defined]
                options = options[:hotel_sites]
        children = []
        for steps in options:
            child = position
            for action in steps:
                child = _play(child, action)
            if counter is not None:
                counter[0] += len(steps)
            key = _key(child)
            if key not in seen:
                seen.add(key)
                children.append((path + steps, child))
        if order is not None:
            children.sort(key=lambda c: -order(c[1]))
        for child_path, child in children:
            if child.current_player() == mover:
                yield from follow(child_path, child)
            else:
                yield child_path, child

    yield from follow((), state)


# ----------------------------------------------------------------- minimax
class MinimaxAgent:
    """Minimax with alpha-beta pruning, counting whole turns (or single decisions).

    Made for the tactical variant (no chance, perfect information); chance
    nodes, if any, take exact expectations. Opponents are assumed to play
    against the agent (the "paranoid" reading for three or four players).

    * ``MinimaxAgent(turns=1)`` (the default) plans its whole turn: it tries
      every distinct way the turn can end (:func:`turn_ends`) and takes the
      best by :func:`evaluate_position`, which looks at what the next player
      can do at once (the boat's next stop, the tiles the pawns can reach).
    * ``MinimaxAgent(turns=2)`` also tries every reply of the next player, to
      the end of that player's turn: true minimax over turns. The next
      player's turn can end in thousands of ways, so this takes seconds to
      minutes a move in Python: a search for one position in a lesson, not
      for whole games.
    * ``MinimaxAgent(depth=d)`` searches ``d`` single decisions (plies): boat,
      steps, one walk, one tile, each is one ply. Simple to count, but the
      value of a walk only shows once the tile is turned: the horizon effect.

    Having chosen its turn, the agent plays it decision by decision. Move
    ordering (best-looking first) lets alpha-beta cut early; with
    ``alphabeta=False`` the same search visits every position (for lessons).

    Parameters
    ----------
    turns : int, optional
        Whole turns searched, the agent's own included (default 1).
    depth : int, optional
        Plies to search instead of turns.
    width : int or None
        In a search of several turns, how many of the best-looking ends of a
        turn are searched further (None: all). The last turn of the search is
        always examined completely.
    hotel_sites : int or None
        Hotel sites tried in the hotel-building turns (None: all free ones).
    alphabeta : bool
        Prune with alpha-beta (the value found is the same).
    evaluation : callable, optional
        ``evaluation(state, player) -> float``; default :func:`evaluate_position`.
    name : str, optional
        Shown in records and tournaments.
    """

    def __init__(
        self,
        turns: int | None = None,
        *,
        depth: int | None = None,
        width: int | None = 8,
        hotel_sites: int | None = 4,
        alphabeta: bool = True,
        evaluation: Callable[[AmsterdamState, int], float] | None = None,
        name: str | None = None,
    ) -> None:
        if turns is not None and depth is not None:
            raise ValueError("give the search length in turns or in plies (depth), not both")
        if depth is not None and depth < 1:
            raise ValueError("the search depth must be at least 1 ply")
        if turns is None and depth is None:
            turns = 1
        if turns is not None and turns < 1:
            raise ValueError("the search must cover at least 1 turn (the agent's own)")
        if width is not None and width < 1:
            raise ValueError("the search width must be at least 1 turn")
        self.turns, self.depth = turns, depth
        self.width, self.hotel_sites, self.alphabeta = width, hotel_sites, alphabeta
        self.evaluation = evaluation or evaluate_position
        if name is None:
            name = f"minimax-{turns}-turns" if depth is None else f"minimax-{depth}-plies"
            name = name.replace("-1-turns", "-1-turn")
        self.name = name
        self._counter = [0]
        self._plan: list[tuple[tuple, Action]] = []  # the rest of the chosen turn

    @property
    def nodes(self) -> int:
        """Positions the last search visited (each made by applying one action)."""
        return self._counter[0]

    def reseeded(self, seed: SeedLike) -> MinimaxAgent:
        """A copy (the search is deterministic and needs no seed)."""
        return MinimaxAgent(
            self.turns,
            depth=self.depth,
            width=self.width,
            hotel_sites=self.hotel_sites,
            alphabeta=self.alphabeta,
            evaluation=self.evaluation,
            name=self.name,
        )

    def act(self, view: PlayerView) -> Action:
        """The next decision of the best turn (searched at the turn's first decision)."""
        state = view.determinise(make_rng(0))
        assert isinstance(state, AmsterdamState)
        if self._plan and self._plan[0][0] == _key(state):
            return self._plan.pop(0)[1]
        if self.depth is not None:
            return self.search(state, view.player)[0]
        path, _ = self.search_turn(state, view.player)
        # Keep the rest of the turn, each step with the position it expects.
        self._plan = []
        position = state
        for action in path:
            self._plan.append((_key(position), action))
            position = _play(position, action)
        return self._plan.pop(0)[1]

    # ------------------------------------------------------------- search
    def search(self, state: AmsterdamState, me: int) -> tuple[Action, float]:
        """The best next action for ``me`` and its minimax value."""
        if self.depth is None:
            path, value = self.search_turn(state, me)
            return path[0], value
        self._counter = [0]
        best_action, best, alpha = None, -math.inf, -math.inf
        for action, child in self._children(state, me, maximise=True):
            value = self._ply_value(child, me, self.depth - 1, alpha, math.inf)
            if value > best:
                best_action, best = action, value
            if self.alphabeta:
                alpha = max(alpha, best)
        assert best_action is not None
        return best_action, best

    def search_turn(self, state: AmsterdamState, me: int) -> tuple[tuple[Action, ...], float]:
        """The best way for ``me`` to play the rest of this turn, and its value."""
        assert self.turns is not None, "search_turn needs a search in turns"
        self._counter = [0]
        state = state.clone()
        state.history = []  # positions in the search copy their history: keep it short
        # The search stops once `turns` turns (this one included) have ended.
        self._horizon = sum(state.turns_taken) + self.turns
        best_path: tuple[Action, ...] = ()
        best, alpha = -math.inf, -math.inf
        for path, child in self._ends(state, me, maximise=True, root=True):
            value = self._turn_value(child, me, alpha, math.inf)
            if value > best:
                best_path, best = path, value
            if self.alphabeta:
                alpha = max(alpha, best)
        return best_path, best

    def _ends(
        self, state: AmsterdamState, me: int, maximise: bool, root: bool = False
    ) -> Iterable[tuple[tuple[Action, ...], AmsterdamState]]:
        """The ends of this turn to search, best-looking first for the mover."""
        last = sum(state.turns_taken) + 1 >= self._horizon
        if last and not root:
            # The last turn of the search: its ends are valued one by one as they
            # are listed, best-looking first, so a cut saves listing the rest.
            mover = state.current_player()
            return turn_ends(
                state,
                self.hotel_sites,
                order=lambda s: self.evaluation(s, mover),
                counter=self._counter,
            )
        ends = list(turn_ends(state, self.hotel_sites, counter=self._counter))
        if last:  # the root of a one-turn search: every end is valued once, no order needed
            return ends
        scored = [(self.evaluation(end, me), i) for i, (_, end) in enumerate(ends)]
        scored.sort(key=lambda s: (-s[0] if maximise else s[0], s[1]))
        return [ends[i] for _, i in scored[: self.width]]

    def _turn_value(self, state: AmsterdamState, me: int, alpha: float, beta: float) -> float:
        if state.is_terminal() or sum(state.turns_taken) >= self._horizon:
            return self.evaluation(state, me)
        if state.current_player() == CHANCE:
            return expected_value(state, lambda s: self._turn_value(s, me, -math.inf, math.inf))
        maximise = state.current_player() == me
        return self._best_of(
            (child for _, child in self._ends(state, me, maximise)),
            maximise,
            alpha,
            beta,
            lambda child, a, b: self._turn_value(child, me, a, b),
        )

    def _best_of(
        self,
        children: Iterable[AmsterdamState],
        maximise: bool,
        alpha: float,
        beta: float,
        value_of: Callable[[AmsterdamState, float, float], float],
    ) -> float:
        """Minimax over ``children``: the best value for the mover, with
        alpha-beta cut-offs when ``self.alphabeta`` (children are valued lazily,
        so a cut-off also saves listing the rest)."""
        best = -math.inf if maximise else math.inf
        for child in children:
            value = value_of(child, alpha, beta)
            if maximise:
                best = max(best, value)
                alpha = max(alpha, best) if self.alphabeta else alpha
            else:
                best = min(best, value)
                beta = min(beta, best) if self.alphabeta else beta
            if alpha >= beta:
                break
        return best

    # ---------------------------------------------------- search in plies
    def _children(
        self, state: State, me: int, maximise: bool
    ) -> list[tuple[Action, AmsterdamState]]:
        children = []
        for action in state.legal_actions():
            child = _play(state, action)  # type: ignore[arg-type]
            self._counter[0] += 1
            children.append((action, child))
        # Best-looking first; sorted() is stable, so ties keep the legal order.
        key = [self.evaluation(c, me) for _, c in children]
        order = sorted(range(len(children)), key=lambda i: -key[i] if maximise else key[i])
        return [children[i] for i in order]

    def _ply_value(
        self, state: AmsterdamState, me: int, depth: int, alpha: float, beta: float
    ) -> float:
        if depth == 0 or state.is_terminal():
            return self.evaluation(state, me)
        mover = state.current_player()
        if mover == CHANCE:
            return expected_value(
                state, lambda s: self._ply_value(s, me, depth - 1, -math.inf, math.inf)
            )
        maximise = mover == me
        return self._best_of(
            (child for _, child in self._children(state, me, maximise)),
            maximise,
            alpha,
            beta,
            lambda child, a, b: self._ply_value(child, me, depth - 1, a, b),
        )


def pruning_savings(
    state: AmsterdamState, player: int, **search: Any
) -> dict[str, float | int | Action]:
    """Nodes visited by plain minimax and by alpha-beta for the same search.

    ``search`` holds :class:`MinimaxAgent` options (``turns=`` or ``depth=``,
    ``width=`` ...). Both searches return the same value.

    Examples
    --------
    >>> from hoteledu.amsterdam.rules import new_game
    >>> result = pruning_savings(new_game(variant="tactical"), 0, depth=2)
    >>> result["alphabeta_nodes"] <= result["minimax_nodes"]
    True
    """
    plain = MinimaxAgent(alphabeta=False, **search)
    pruned = MinimaxAgent(alphabeta=True, **search)
    action, value = plain.search(state, player)
    pruned_action, pruned_value = pruned.search(state, player)
    return {
        "minimax_nodes": plain.nodes,
        "alphabeta_nodes": pruned.nodes,
        "minimax_value": value,
        "alphabeta_value": pruned_value,
        "minimax_action": action,
        "alphabeta_action": pruned_action,
    }


__all__ = ["MinimaxAgent", "pruning_savings", "turn_ends"]
