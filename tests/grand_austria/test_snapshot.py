"""A saved Grand Austria position is checked field by field before it is used."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from malformed_helpers import set_at

from hoteledu import load_game
from hoteledu.core import MalformedRecordError, RandomAgent
from hoteledu.core.simulate import next_action
from hoteledu.grand_austria.rules import GrandAustriaState


def _saved_mid_game(players: int = 2, seed: int = 4, steps: int = 120) -> dict[str, Any]:
    state = load_game("grand_austria", players=players)
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(seed + p) for p in range(players)]
    for _ in range(steps):
        state.apply_action(next_action(state, agents, rng))
    return state.to_json()


SAVED = _saved_mid_game()


def _drop_last(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda snap: snap[key].pop()


def _duplicate_first(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda snap: snap[key].append(snap[key][0])


CASES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("money as text", set_at(("money", 0), "x"), "'money'"),
    ("money as a boolean", set_at(("money", 1), True), "'money'"),
    ("vp one short", lambda s: s["vp"].pop(), "'vp'"),
    ("passed as a number", set_at(("passed", 0), 0), "'passed'"),
    ("emperor off the track", set_at(("emperor", 0), 99), "'emperor'"),
    ("rooms too short", set_at(("rooms", 0), [0] * 19), "'rooms[0]'"),
    ("room state 3", set_at(("rooms", 1, 0), 3), "'rooms[1]'"),
    ("kitchen as an object", set_at(("kitchen", 0), {"a": 1}), "'kitchen[0]'"),
    ("too many dice", set_at(("dice", 0), 30), "'dice'"),
    ("round 8", set_at(("round",), 8), "'round'"),
    ("unknown stage", set_at(("stage",), "lunch"), "'stage'"),
    ("unknown guest in the queue", set_at(("queue", 0), 9999), "'queue'"),
    ("guest card twice", _duplicate_first("guest_deck"), "guest card"),
    ("staff card lost", _drop_last("staff_deck"), "staff card"),
    ("staff card as text", set_at(("staff_deck", 0), "1"), "'staff_deck'"),
    ("unknown task", set_at(("tasks", 0), ["dance", 0]), "'tasks[0]'"),
    ("task of a player out of range", set_at(("tasks", -1, 1), 7), "'tasks["),
    ("task with a boolean player", set_at(("tasks", -1, 1), True), "'tasks["),
    ("task as a number", set_at(("tasks", 0), 5), "'tasks[0]'"),
    ("turn without its flags", set_at(("turn",), {"p": 0}), "'turn'"),
    ("turn order tiles repeated", lambda s: s["tiles"].__setitem__(1, s["tiles"][0]), "'tiles'"),
    ("claims of a missing player", set_at(("claims", 0), [5]), "'claims[0]'"),
    ("final as a number", set_at(("final",), 3), "'final'"),
]


@pytest.mark.parametrize(("label", "change", "field"), CASES, ids=[c[0] for c in CASES])
def test_a_malformed_position_is_refused_naming_the_field(
    label: str, change: Callable[[dict[str, Any]], None], field: str
) -> None:
    data = copy.deepcopy(SAVED)
    assert GrandAustriaState.from_json(copy.deepcopy(data)).to_json() == data
    change(data["state"])
    with pytest.raises(MalformedRecordError) as refused:
        GrandAustriaState.from_json(data)
    assert field in str(refused.value), f"{label}: {refused.value}"


@pytest.mark.parametrize("field", ["money", "tasks", "turn"])
def test_missing_and_unknown_fields_are_named(field: str) -> None:
    data = copy.deepcopy(SAVED)
    del data["state"][field]
    with pytest.raises(MalformedRecordError, match=rf"missing \['{field}'\]"):
        GrandAustriaState.from_json(data)
    data = copy.deepcopy(SAVED)
    data["state"]["cheat"] = 1
    with pytest.raises(MalformedRecordError, match=r"unknown \['cheat'\]"):
        GrandAustriaState.from_json(data)


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (3, 40), (4, 300), (2, 10_000)])
def test_saved_positions_of_real_games_load_and_play_on(players: int, steps: int) -> None:
    state = load_game("grand_austria", players=players)
    rng = np.random.default_rng(players)
    agents = [RandomAgent(p) for p in range(players)]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(next_action(state, agents, rng))
    loaded = GrandAustriaState.from_json(state.to_json_str())
    assert loaded == state
    if not loaded.is_terminal():
        loaded.apply_action(next_action(loaded, agents, rng))
