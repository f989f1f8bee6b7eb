"""Grand Austria Hotel: malformed actions are refused with IllegalActionError, naming the field."""

from __future__ import annotations

import pytest
from malformed_helpers import fuzz_actions_along_a_game

from hoteledu.core import IllegalActionError
from hoteledu.grand_austria.actions import (
    AvoidPenalty,
    ClaimPolitics,
    Gain,
    Serve,
    StartPlayer,
    TakeDie,
)
from hoteledu.grand_austria.rules import new_game, scenario


def refuse(state, action, *words: str) -> None:
    before = state.to_json_str()
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(action)
    for word in words:
        assert word in str(error.value)
    assert state.to_json_str() == before


def test_take_die_from_a_space_that_is_not_a_number() -> None:
    """Audit: TakeDie(space='x') raised KeyError inside the action's own text."""
    state = scenario(2)
    refuse(state, TakeDie(space="x"), "'space'", "integer")  # type: ignore[arg-type]
    refuse(state, TakeDie(space=9), "'space'", "1..6")
    refuse(state, TakeDie(space=6, imitate=9), "'imitate'", "0..5")
    refuse(state, TakeDie(space=1, boost=1), "'boost'", "True or False")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("action", "field"),
    [(Gain(item=7), "'item'"), (Serve(slot=0, item=9), "'item'"), (ClaimPolitics(5), "'index'")],
)
def test_out_of_range_indices_are_refused_not_raised(action, field: str) -> None:
    refuse(scenario(2), action, field)


def test_booleans_are_not_players_and_numbers_are_not_booleans() -> None:
    state = new_game()  # the start player is drawn first
    refuse(state, StartPlayer(True), "'player'", "integer")
    refuse(scenario(2), AvoidPenalty(pay=1), "'pay'")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "seed"), [({"players": 2}, 0), ({"players": 3, "staff_setup": "draft"}, 1)]
)
def test_malformed_variants_of_legal_actions_are_refused_all_game(options, seed) -> None:
    counts = fuzz_actions_along_a_game(new_game(**options), seed, per_node=3)
    assert counts["refused"] > 200
