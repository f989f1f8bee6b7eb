"""``action_cost``: what the app's buttons say an action costs is what the engine charges."""

from __future__ import annotations

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hoteledu.core.agents import RandomAgent
from hoteledu.core.simulate import next_action
from hoteledu.grand_austria.actions import Hire, Prepare, ServeFromKitchen, TakeDie, TakeGuest
from hoteledu.grand_austria.app import GrandAustriaAdapter
from hoteledu.grand_austria.effects import catalog
from hoteledu.grand_austria.rules import QUEUE_COSTS, new_game
from hoteledu.grand_austria.tasks import Effect
from hoteledu.grand_austria.vocabulary import ITEM_LETTERS, ITEMS

PAYING = (TakeDie, TakeGuest, ServeFromKitchen, Prepare, Hire)


def _charged(state, action) -> int:
    """Money the mover loses by ``action`` alone, from a copy of the state."""
    p = state.current_player()
    after = state.clone()
    after.apply_action(action)
    return state.money[p] - after.money[p]


def _gives_money_at_once(state, action) -> bool:
    """Whether the step may also pay the mover krones, beside the action's own cost."""
    # a one-time staff card's own effect may pay krones in the same step
    if isinstance(action, Hire) and catalog().staff[action.card].timing == "one_time":
        return True
    # action 4's split resolves at once when it has one way (seed 231, 2 players)
    if isinstance(action, TakeDie) and action.space == 4:
        return True
    # an effect waiting under the action's task (a reward's krones) resolves in the same
    # step (seed 166, 2 players)
    return any(isinstance(t, Effect) and "krones" in t.effect for t in state.tasks[:-1])


@settings(max_examples=10, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
@example(seed=166, players=2)  # a reward's krone paid in the step of a free room
@example(seed=231, players=2)  # action 4's krone in the step of taking the die
def test_every_paying_action_costs_what_the_engine_charges(seed: int, players: int) -> None:
    """GAH-G01 (guests 3 2 1 0 0), GAH-A01 (+1 for a krone), GAH-D09 (space 6),
    GAH-D05 (rooms), GAH-D08 (staff, less the discount), GAH-A02 (kitchen)."""
    state = new_game(players=players)
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(seed + p) for p in range(players)]
    checked = 0
    while not state.is_terminal() and checked < 400:
        if not state.is_chance_node():
            for action in state.legal_actions():
                if isinstance(action, PAYING):
                    charged, cost = _charged(state, action), state.action_cost(action)
                    if _gives_money_at_once(state, action):
                        assert charged <= cost, action  # never more than the button says
                    else:
                        assert charged == cost, action
                        checked += 1
        state.apply_action(next_action(state, agents, rng))
    assert checked > 50


def test_a_guest_costs_its_space_and_nothing_when_taken_for_free() -> None:
    state = new_game(players=2)
    rng = np.random.default_rng(3)
    while state.is_chance_node() or not any(
        isinstance(a, TakeGuest) for a in state.legal_actions()
    ):
        state.apply_action(next_action(state, [RandomAgent(0), RandomAgent(1)], rng))
    guests = [a for a in state.legal_actions() if isinstance(a, TakeGuest)]
    top = state.tasks[-1].kind
    for action in guests:
        expected = QUEUE_COSTS[action.slot] if top == "turn" else 0
        assert state.action_cost(action) == expected


def test_the_app_labels_name_the_engine_cost_and_the_guest_order() -> None:
    adapter = GrandAustriaAdapter()
    state = new_game(players=2)
    rng = np.random.default_rng(5)
    agents = [RandomAgent(0), RandomAgent(1)]
    seen = 0
    while not state.is_terminal() and seen < 30:
        if not state.is_chance_node():
            for action in state.legal_actions():
                if isinstance(action, TakeGuest) and state.tasks[-1].kind == "turn":
                    label = adapter.action_label(state, action)
                    cost = state.action_cost(action)
                    assert label.endswith(
                        f"{cost} krone{'s' if cost != 1 else ''}" if cost else "free"
                    )
                    guest = catalog().guests[state.queue[action.slot]]
                    order = "".join(k * c for k, c in zip(guest.order, ITEM_LETTERS, strict=True))
                    assert f"({guest.colour}, {order}, {guest.vp} VP)" in label
                    seen += 1
        state.apply_action(next_action(state, agents, rng))
    assert seen >= 10
    assert ITEMS == ("strudel", "cake", "wine", "coffee") and ITEM_LETTERS == "SCWK"
