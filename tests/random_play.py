"""One uniformly random move of any game's state, as the tests draw it (chance outcomes
from the game's own sampler, a simultaneous node's parts one seat after another)."""

from __future__ import annotations

import numpy as np

from hoteledu.core.actions import Action, JointAction
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
