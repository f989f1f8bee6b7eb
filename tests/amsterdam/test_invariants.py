"""Invariants of Hotel Amsterdam over many seeded random games, and the conformance suite."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hoteledu.amsterdam.actions import PlaceHotel, TurnTile
from hoteledu.amsterdam.phases import HOTEL
from hoteledu.amsterdam.rules import AmsterdamState, new_game
from hoteledu.core import GameRecord, IllegalActionError, RandomAgent, play
from hoteledu.core.state import CHANCE
from hoteledu.testing import check_game

OPTIONS = [
    {"players": 2, "variant": "dice"},
    {"players": 3, "variant": "dice", "layout": "shuffled"},
    {"players": 4, "variant": "dice"},
    {"players": 2, "variant": "tactical"},
    {"players": 3, "variant": "tactical"},
    {"players": 4, "variant": "tactical", "layout": "shuffled"},
]


def random_walk(state: AmsterdamState, seed: int, check) -> AmsterdamState:
    """Play ``state`` to the end with uniform choices, calling ``check(state)`` each step."""
    rng = np.random.default_rng(seed)
    check(state)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            actions = state.legal_actions()
            action = actions[int(rng.integers(len(actions)))]
        state.apply_action(action)
        check(state)
    return state


def check_position(state: AmsterdamState) -> None:
    """What holds in every position of every game."""
    # The 30 tourists are all accounted for (AMS-05).
    counts = state.tourist_counts()
    total = (
        sum(counts["tiles"].values())
        + counts["dam"]
        + sum(counts["quays"].values())
        + counts["boat"]
        + counts["supply"]
        + counts["chased"]
    )
    assert total == 30
    assert min(state.tourists) >= 0 and min(state.quays) >= 0 and state.supply >= 0
    # The pawns never share an intersection (AMS-17); no two hotels share one (AMS-13).
    assert state.mayor != state.nightwatchman
    every = [x for h in state.hotels for x in h]
    assert len(every) == len(set(every))
    assert all(len(h) <= 2 for h in state.hotels)
    # Hotels: two each once every player has had two turns (AMS-01, AMS-12).
    for player, turns in enumerate(state.turns_taken):
        if turns >= 2:
            assert len(state.hotels[player]) == 2
    if state.phase == HOTEL:
        assert state.turns_taken[state.player] < 2
    # Scores are the sum over distinct scoring tiles, never more than the city holds.
    city = sum(state.tourists)
    assert all(0 <= s <= city for s in state.scores())


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(OPTIONS) - 1))
def test_AMS_05_AMS_17_invariants_hold_in_every_position(seed: int, which: int) -> None:
    """AMS-05, AMS-12, AMS-13, AMS-17: tourists, hotels and pawns stay consistent."""
    final = random_walk(new_game(**OPTIONS[which]), seed, check_position)
    assert final.is_terminal()
    # AMS-25/26: the game ended because someone reached the target or the supply ran out.
    assert final.target_reached or final.supply == 0
    if not final.target_reached:  # then nobody can hold the target now
        assert max(final.scores()) < final.target
    elif final.options["end_rule"] == "immediate":
        # AMS-25 "as soon as": the game stopped with a winner at the target.
        assert max(final.scores()) >= final.target
        assert all(final.scores()[w] >= final.target for w in final.winners())


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_illegal_actions_change_nothing(seed: int) -> None:
    """Illegal actions raise IllegalActionError with a reason and leave the state as it was."""
    foreign = [PlaceHotel((1, 1)), TurnTile("mayor", (3, 3)), TurnTile("nightwatchman", (1, 1))]
    tried = 0

    def check(state: AmsterdamState) -> None:
        nonlocal tried
        if state.is_terminal() or state.current_player() == CHANCE:
            return
        legal = state.legal_actions()
        for action in foreign:
            if action in legal:
                continue
            before = json.dumps(state.to_json(), sort_keys=True)
            with pytest.raises(IllegalActionError) as error:
                state.apply_action(action)
            assert "[AMS-" in str(error.value)  # the message names the rule
            assert json.dumps(state.to_json(), sort_keys=True) == before
            tried += 1

    random_walk(new_game(players=3), seed, check)
    assert tried > 0


def test_AMS_24_random_game_scores_match_a_recount() -> None:
    """AMS-24: the final scores equal a recount over distinct tiles around each player's hotels."""
    from hoteledu.amsterdam.board import DAM, tiles_around

    for seed in range(5):
        state = random_walk(new_game(players=4), seed, lambda s: None)
        tiles = state.tourist_counts()["tiles"] | {DAM: state.tourist_counts()["dam"]}
        for player, hotels in enumerate(state.hotels):
            around = {t for x in hotels for t in tiles_around(x) if t in tiles}
            assert state.score(player) == sum(tiles[t] for t in around)


def test_replay_of_a_record_equals_the_played_state() -> None:
    for options in OPTIONS[:4]:
        state = new_game(**options)
        agents = [RandomAgent(seed) for seed in range(state.num_players)]
        record = play(state, agents, seed=7)
        loaded = GameRecord.loads(record.dumps())
        assert loaded.replay() == state and loaded.returns == state.returns()
        halfway = loaded.replay(len(record) // 2)
        assert halfway.history == state.history[: len(record) // 2]


def test_same_seed_same_game() -> None:
    def game(seed: int) -> list:
        state = new_game(players=3)
        play(state, [RandomAgent(s) for s in (1, 2, 3)], seed=seed)
        return state.history

    assert game(5) == game(5) and game(5) != game(6)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_conformance_suite(options: dict) -> None:
    """The shared conformance suite: clone, JSON, replay, chance, illegal actions, observations."""
    finals = check_game("amsterdam", options, seeds=range(2), check_every=3)
    assert all(f.is_terminal() for f in finals)
