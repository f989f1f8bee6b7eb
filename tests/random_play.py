"""One uniformly random move of any game's state, as the tests draw it (chance outcomes
from the game's own sampler, a simultaneous node's parts one seat after another)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.mcts import _apply_fast
from hoteledu.core.state import SIMULTANEOUS, State


def random_action(state: State, rng: np.random.Generator) -> Action:
    if state.is_chance_node():
        return state.sample_chance(rng)
    if state.current_player() == SIMULTANEOUS:
        parts = []
        for p in range(state.num_players):
            legal = state.legal_actions(p)
            parts.append(legal[int(rng.integers(len(legal)))])
        return JointAction(tuple(parts))
    legal = state.legal_actions()
    return legal[int(rng.integers(len(legal)))]


def positions(
    new_game: Callable[..., State], options: dict, games: int, seed: int, every: int
) -> Iterator[State]:
    """Every ``every``-th position of ``games`` seeded random games (the start and the end
    included), game ``g`` played by :func:`random_action` from ``default_rng(seed + g)``."""
    for g in range(games):
        state = new_game(**options)
        rng = np.random.default_rng(seed + g)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                yield state
            _apply_fast(state, random_action(state, rng))
            step += 1
        yield state
