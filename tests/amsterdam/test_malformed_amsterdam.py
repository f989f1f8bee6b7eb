"""Hotel Amsterdam: malformed actions are refused with IllegalActionError, naming the field."""

from __future__ import annotations

import pytest
from malformed_helpers import fuzz_actions_along_a_game

from hoteledu.amsterdam.actions import DealTile, MovePawn, PlaceHotel, RollDice
from hoteledu.amsterdam.rules import new_game
from hoteledu.core import GameRecord, IllegalActionError


def refuse(state, action, *words: str) -> None:
    before = state.to_json_str()
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(action)
    for word in words:
        assert word in str(error.value)
    assert state.to_json_str() == before


def test_deal_tile_with_a_malformed_place_names_the_field() -> None:
    """Audit: DealTile(place=()) raised IndexError from the action's own text."""
    state = new_game(layout="shuffled")
    refuse(state, DealTile(place=(), tile=0), "'place'", "tuple of 2")
    refuse(state, DealTile(place=("a", "b"), tile=0), "'place'", "integer")
    refuse(state, DealTile(place=(1, 2), tile=99), "'tile'", "0..23")


def test_booleans_are_not_dice() -> None:
    """Audit: RollDice(True, 2) equals RollDice(1, 2) and was applied, breaking the record."""
    state = new_game()
    refuse(state, RollDice(True, 2), "'white'", "integer")
    refuse(state, RollDice(1, 2.0), "'black'", "integer")
    state.apply_action(RollDice(1, 2))
    assert type(state.history[-1].white) is int


def test_a_list_for_a_pair_is_stored_as_a_tuple() -> None:
    state = new_game(variant="tactical")
    while not any(isinstance(a, (PlaceHotel, MovePawn)) for a in state.legal_actions()):
        state.apply_action(state.legal_actions()[0])
    legal = next(a for a in state.legal_actions() if isinstance(a, (PlaceHotel, MovePawn)))
    as_list = type(legal)(*[list(v) if isinstance(v, tuple) else v for v in vars(legal).values()])
    state.apply_action(as_list)
    assert state.history[-1] == legal
    assert GameRecord.loads(GameRecord.from_state(state).dumps()).actions == state.history


@pytest.mark.parametrize(
    ("options", "seed"), [({"layout": "shuffled"}, 0), ({"variant": "tactical", "players": 3}, 1)]
)
def test_malformed_variants_of_legal_actions_are_refused_all_game(options, seed) -> None:
    counts = fuzz_actions_along_a_game(new_game(**options), seed, per_node=4)
    assert counts["refused"] > 200
