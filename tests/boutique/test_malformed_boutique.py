"""Boutique Hotel Manager: malformed actions are refused with IllegalActionError."""

from __future__ import annotations

import pytest
from bhm_helpers import started
from malformed_helpers import fuzz_actions_along_a_game

from hoteledu.boutique.actions import CheckInDie, KeepPrices, RevealCard, SetPrices
from hoteledu.boutique.rules import new_game
from hoteledu.core import GameRecord, IllegalActionError


def refuse(state, action, *words: str) -> None:
    before = state.to_json_str()
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(action)
    for word in words:
        assert word in str(error.value)
    assert state.to_json_str() == before


def at_checkin():
    state = started()
    while state.phase != "checkin":
        state.apply_action(KeepPrices())
    return state


def test_check_in_die_out_of_range_names_the_field() -> None:
    """Audit: CheckInDie(99) raised IndexError from the action's own text."""
    state = at_checkin()
    refuse(state, CheckInDie(99), "'face'", "1..6")
    refuse(state, CheckInDie(0), "'face'", "1..6")
    refuse(state, CheckInDie("3"), "'face'", "integer")  # type: ignore[arg-type]


def test_a_boolean_is_not_a_card() -> None:
    """Audit: RevealCard(True) was taken for card 1, then the state failed its own from_json."""
    state = at_checkin()
    state.apply_action(CheckInDie(1))
    assert state.phase == "reveal"
    refuse(state, RevealCard(True), "'card'", "integer")
    refuse(state, RevealCard(10**50), "'card'")


def test_secret_prices_as_a_list_are_stored_as_a_tuple() -> None:
    state = new_game()
    state.apply_actions([SetPrices([2] * 7, 3), SetPrices((3,) * 7, 2)])  # type: ignore[arg-type]
    assert state.history[-1].actions[0] == SetPrices((2,) * 7, 3)
    assert GameRecord.loads(GameRecord.from_state(state).dumps()).actions == state.history


def test_a_boolean_price_is_refused() -> None:
    state = new_game()
    before = state.to_json_str()
    with pytest.raises(IllegalActionError, match="breakfast"):
        state.apply_actions([SetPrices((2,) * 7, True), SetPrices((3,) * 7, 2)])
    assert state.to_json_str() == before


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (4, 1)])
def test_malformed_variants_of_legal_actions_are_refused_all_game(players, seed) -> None:
    counts = fuzz_actions_along_a_game(new_game(players=players, weeks=1), seed, per_node=3)
    assert counts["refused"] > 100
