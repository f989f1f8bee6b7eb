"""A saved Boutique position is checked field by field before it is used."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from malformed_helpers import set_at

from hoteledu import load_game
from hoteledu.boutique.rules import BoutiqueState
from hoteledu.core import MalformedRecordError, RandomAgent
from hoteledu.core.simulate import next_action


def _saved_with_stays(players: int = 2, seed: int = 4) -> dict[str, Any]:
    """A seeded random game saved at the first position with two stays booked."""
    state = load_game("boutique", players=players, weeks=1)
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(seed + p) for p in range(players)]
    while len(state.stays) < 2:
        state.apply_action(next_action(state, agents, rng))
    return state.to_json()


SAVED = _saved_with_stays()


CASES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("money as text", set_at(("money", 0), "x"), "'money'"),
    ("money as a boolean", set_at(("money", 1), True), "'money'"),
    ("negative money", set_at(("money", 1), -100), "'money'"),
    ("price face 9", set_at(("prices", 0, 0), 9), "'prices[0]'"),
    ("six prices", set_at(("prices", 0), [1] * 6), "'prices[0]'"),
    ("breakfast as a boolean", set_at(("breakfast", 0), True), "'breakfast'"),
    ("stars above the top", set_at(("stars", 0), 99), "'stars'"),
    ("staff of two dice", set_at(("staff", 0), [1, 2]), "'staff[0]'"),
    ("staff die of 7 pips", set_at(("staff", 0), [1, 2, 7]), "'staff[0]'"),
    ("a start room not built", set_at(("built", 0), [1, 2]), "'built[0]'"),
    ("a room off the mat", set_at(("built", 0), [0, 1, 2, 50]), "'built[0]'"),
    ("deck count as text", set_at(("deck_counts", 0, 1), "1"), "'deck_counts[0] count'"),
    ("deck count above the copies", set_at(("deck_counts", 0, 1), 50), "'deck_counts[0] count'"),
    ("a deck card missing", lambda s: s["deck_counts"].pop(), "'deck_counts'"),
    ("an unknown deck card", set_at(("deck_counts", 0, 0), 999), "'deck_counts[0] card'"),
    ("stay of a missing player", set_at(("stays", 0, 0), 5), "'stays[0] player'"),
    ("stay of an unknown card", set_at(("stays", 0, 1), 999), "'stays[0] card'"),
    ("stay in a room off the mat", set_at(("stays", 0, 3), [99]), "'stays[0] rooms'"),
    ("stay as text", set_at(("stays", 0), "stay"), "'stays[0]'"),
    ("stay of an unknown kind", set_at(("stays", 0, 5), "gift"), "'stays[0] kind'"),
    ("week 0", set_at(("week",), 0), "'week'"),
    ("turn as a float", set_at(("turn",), 1.0), "'turn'"),
    ("unknown card on the table", set_at(("card",), 999), "'card'"),
    ("bidder as text", set_at(("bidders",), ["P1"]), "'bidders'"),
    ("a player ranked twice", set_at(("ranking",), [[0], [0]]), "'ranking'"),
    ("lost per week as a number", set_at(("lost",), 3), "'lost'"),
    ("last event as a number", set_at(("last_event",), 5), "'last_event'"),
    ("unknown phase", set_at(("phase",), "nap"), "'phase'"),
    ("eliminated with stars", set_at(("eliminated_week", 0), 1), "'eliminated_week'"),
    ("ledger of three", set_at(("ledger", 1), [0, 0, 0]), "'ledger[1]'"),
]


@pytest.mark.parametrize(("label", "change", "field"), CASES, ids=[c[0] for c in CASES])
def test_a_malformed_position_is_refused_naming_the_field(
    label: str, change: Callable[[dict[str, Any]], None], field: str
) -> None:
    data = copy.deepcopy(SAVED)
    assert BoutiqueState.from_json(copy.deepcopy(data)).to_json() == data
    change(data["state"])
    with pytest.raises(MalformedRecordError) as refused:
        BoutiqueState.from_json(data)
    assert field in str(refused.value), f"{label}: {refused.value}"


def test_missing_and_unknown_fields_are_named() -> None:
    data = copy.deepcopy(SAVED)
    del data["state"]["money"]
    with pytest.raises(MalformedRecordError, match=r"missing \['money'\]"):
        BoutiqueState.from_json(data)
    data = copy.deepcopy(SAVED)
    data["state"]["cheat"] = 1
    with pytest.raises(MalformedRecordError, match=r"unknown \['cheat'\]"):
        BoutiqueState.from_json(data)


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (3, 40), (5, 200), (2, 10_000)])
def test_saved_positions_of_real_games_load_and_play_on(players: int, steps: int) -> None:
    state = load_game("boutique", players=players, weeks=2)
    rng = np.random.default_rng(players)
    agents = [RandomAgent(p) for p in range(players)]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(next_action(state, agents, rng))
    loaded = BoutiqueState.from_json(state.to_json_str())
    assert loaded == state
    if not loaded.is_terminal():
        loaded.apply_action(next_action(loaded, agents, rng))
