"""Grand Austria Hotel: the shared conformance suite and invariants over random games."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hoteledu.core.agents import RandomAgent
from hoteledu.core.simulate import play
from hoteledu.grand_austria.rules import GrandAustriaState, new_game
from hoteledu.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_suite(players: int) -> None:
    """Clone, JSON, replay, chance sums, illegal actions, observation leaks (2-4 players)."""
    finals = check_game("grand_austria", {"players": players}, seeds=range(2), check_every=9)
    assert all(f.round == 7 and f.stage == "over" for f in finals)


def test_conformance_suite_variants() -> None:
    """GAH-S10 draft, the Gizia extra-action reading, the 20-krone cap and additional
    actions at any time of the turn also conform."""
    options = {
        "players": 3,
        "staff_setup": "draft",
        "gizia": "extra_action",
        "money_cap": 20,
        "additional_actions": "any_time",
    }
    check_game("grand_austria", options, seeds=range(2), check_every=11)


def test_GAH_S09_introductory_variant_conforms() -> None:
    """GAH-S09: the introductory staff sets pass the conformance suite (4 players)."""
    finals = check_game(
        "grand_austria", {"players": 4, "staff_setup": "introductory"}, seeds=[0], check_every=13
    )
    assert all(f.options["staff_setup"] == "introductory" and f.stage == "over" for f in finals)


def _conserved(state: GrandAustriaState) -> None:
    guests = list(state.guest_deck) + list(state.guest_discard)
    guests += [g for g in state.queue if g is not None]
    guests += [e[0] for cafe in state.cafe for e in cafe]
    assert sorted(guests) == list(range(49, 105)), "a guest card was created or lost"
    staff = list(state.staff_deck) + [c for c, _ in state.staff_bottom] + state.staff_discard
    staff += [c for h in state.hand for c in h] + [c for s in state.staff for c in s]
    staff += state.offer + [c for p in state.packets for c in p]
    assert sorted(staff) == list(range(1, 49)), "a staff card was created or lost"
    assert all(0 <= e <= 13 for e in state.emperor)
    assert all(min(k) >= 0 for k in state.kitchen) and all(len(c) <= 3 for c in state.cafe)
    assert all(m >= 0 for m in state.money), "krones went below 0"
    assert sum(state.dice) + state.dustbin + sum(state.covered) <= {2: 10, 3: 12, 4: 14}[state.n]


# derandomize: the same seeds on every CI run (a failure reproduces at once)
@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_nothing_created_or_lost_in_random_games(seed: int, players: int) -> None:
    """Invariant over random games: cards conserved, tracks in range, money >= 0."""
    state = new_game(players=players)
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(seed + p) for p in range(players)]
    from hoteledu.core.simulate import next_action

    steps = 0
    while not state.is_terminal():
        state.apply_action(next_action(state, agents, rng))
        steps += 1
        if steps % 5 == 0:
            _conserved(state)
    _conserved(state)
    assert state.final is not None and len(state.returns()) == players


def test_same_seed_same_game() -> None:
    a = play(new_game(players=3), [RandomAgent(i) for i in range(3)], seed=7)
    b = play(new_game(players=3), [RandomAgent(i) for i in range(3)], seed=7)
    assert a.actions == b.actions and a.returns == b.returns
