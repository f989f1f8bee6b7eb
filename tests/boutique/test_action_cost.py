"""``action_cost``: the money the app's labels name is what the engine takes."""

from __future__ import annotations

import numpy as np

from hoteledu import RandomAgent
from hoteledu.boutique.actions import Expand, Hire
from hoteledu.boutique.app import BoutiqueAdapter
from hoteledu.boutique.mat import ROOM_COST, STAFF_COST
from hoteledu.boutique.rules import new_game
from hoteledu.core.actions import JointAction
from hoteledu.core.simulate import next_action


def test_hiring_and_building_cost_what_the_engine_charges() -> None:
    """BHM-22 (300 a staff member) and BHM-34 (1000 a room), over seeded random games."""
    adapter = BoutiqueAdapter()
    hires = builds = 0
    for seed in range(40):
        state = new_game(players=2)
        rng = np.random.default_rng(seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        while not state.is_terminal():
            action = next_action(state, agents, rng)
            before = list(state.money)
            if isinstance(action, JointAction) and any(type(a) is Hire for a in action.actions):
                costs = [state.action_cost(a) for a in action.actions]
                state.apply_action(action)
                assert [b - m for b, m in zip(before, state.money, strict=True)] == costs
                for part, cost in zip(action.actions, costs, strict=True):
                    staff = part.housekeeping + part.checkin + part.kitchen
                    assert cost == staff * STAFF_COST
                    assert adapter.action_label(state, part).endswith(f"({cost})")
                hires += 1
                continue
            if type(action) is Expand:
                p = state.current_player()
                cost = state.action_cost(action)
                label = adapter.action_label(state, action)
                state.apply_action(action)
                assert cost == ROOM_COST and before[p] - state.money[p] == cost
                assert label.endswith(f"({ROOM_COST})")
                builds += 1
                continue
            state.apply_action(action)
        if hires >= 20 and builds >= 2:
            break
    assert hires >= 20 and builds >= 2, (hires, builds)
