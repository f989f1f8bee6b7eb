"""The engine's quick paths (issue 23) answer as the plain ones do.

Interned actions are the actions; a chance draw takes the number the base
class's ``rng.choice`` would take from the same stream; a position arranged by
hand is listed anew, and an action is recognised without a second listing
only when it is the very object ``legal_actions`` handed out for this position.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from hoteledu.core.errors import IllegalActionError
from hoteledu.grand_austria.actions import PREPARE, ROLL, TAKE_DIE, Prepare, Roll, TakeDie
from hoteledu.grand_austria.dice import uniform_index
from hoteledu.grand_austria.rules import new_game, scenario


def test_an_interned_action_is_the_action() -> None:
    action = TAKE_DIE[4, True, 0]
    assert action is TAKE_DIE[4, True, 0]
    assert action == TakeDie(4, True, 0) and hash(action) == hash(TakeDie(4, True, 0))
    assert action.to_json() == TakeDie(4, True, 0).to_json()
    assert ROLL[(2, 2, 2, 2, 1, 1)] == Roll((2, 2, 2, 2, 1, 1))
    assert PREPARE[6] == Prepare(6) and str(PREPARE[6]) == str(Prepare(6))


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 7, 12])
def test_a_uniform_draw_takes_the_number_rng_choice_takes(k: int) -> None:
    weights = np.array([float(Fraction(1, k))] * k)
    for seed in range(40):
        ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
        for _ in range(5):
            assert uniform_index(k, ours) == int(theirs.choice(k, p=weights / weights.sum()))
        assert ours.random() == theirs.random()  # the streams stay in step


def test_a_start_player_drawn_quickly_is_the_one_the_base_class_draws() -> None:
    for seed in range(20):
        state = new_game(players=3)
        quick = state.sample_chance(np.random.default_rng(seed))
        plain = super(type(state), state).sample_chance(np.random.default_rng(seed))
        assert quick == plain


def test_a_position_changed_by_hand_is_listed_anew() -> None:
    state = scenario(2, (0, 0, 3, 7, 0, 0))
    state.rooms[0][0] = 1
    state.rooms[0][5] = 1
    state.apply_action(TakeDie(3))
    assert {a.room for a in state.legal_actions() if isinstance(a, Prepare)} == {1, 6, 10}
    state.money[0] = 1  # floor 3 costs 2
    assert {a.room for a in state.legal_actions() if isinstance(a, Prepare)} == {1, 6}
    with pytest.raises(IllegalActionError, match="you cannot afford this room"):
        state.apply_action(Prepare(10))


def test_an_action_handed_out_is_taken_without_a_second_listing() -> None:
    state = scenario(2, (0, 0, 3, 7, 0, 0))
    handed = state.legal_actions()[0]
    listings = 0
    list_legal = state._list_legal_actions

    def counting() -> list:
        nonlocal listings
        listings += 1
        return list_legal()

    state._list_legal_actions = counting  # type: ignore[method-assign]
    state.apply_action(handed)
    assert listings == 0
    rng = np.random.default_rng(0)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    state.apply_action(state.legal_actions()[-1])  # listed once, by legal_actions
    assert listings == 1
    with pytest.raises(IllegalActionError):
        state.apply_action(TakeDie(1))  # no die on space 1: built anew, so listed and refused
    assert listings > 1
