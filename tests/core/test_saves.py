"""Saves that always reload (issue 22).

Every state a legal game reaches saves and reloads to an equal state with an
equal history, even when its actions were given as NumPy values; a saved
history that does not lead to its position is refused; a loader bound is the
rules' own bound.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import random_action

from hoteledu import list_games, load_game
from hoteledu.core import IllegalActionError, MalformedRecordError
from hoteledu.core.actions import Action, JointAction
from hoteledu.core.records import GameRecord, undo
from hoteledu.core.state import State

GAMES = ("amsterdam", "boutique", "grand_austria")


# ---------------------------------------------------------------- helpers
def as_numpy(value: Any, inside_tuple: bool = False) -> Any:
    """``value`` with every int and bool replaced by a NumPy scalar (actions too)."""
    if isinstance(value, Action):
        changes = {f.name: as_numpy(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return dataclasses.replace(value, **changes) if changes else value
    if isinstance(value, bool):
        return np.bool_(value)
    if isinstance(value, int):
        return np.int32(value) if inside_tuple else np.int64(value)
    if isinstance(value, tuple):
        return tuple(as_numpy(v, inside_tuple=True) for v in value)
    return value


def plain(value: Any) -> bool:
    """Whether ``value`` (an action, or a field of one) holds only plain Python values."""
    if isinstance(value, Action):
        return all(plain(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, tuple):
        return all(plain(v) for v in value)
    return type(value) in (int, bool, str, type(None))


def has_tuple_field(action: Action) -> bool:
    if isinstance(action, JointAction):
        return any(has_tuple_field(a) for a in action.actions)
    return any(
        isinstance(getattr(action, f.name), tuple) and getattr(action, f.name)
        for f in dataclasses.fields(action)
    )


def play(state: State, seed: int, steps: int, numpy_actions: bool = False) -> State:
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        action = random_action(state, rng)
        state.apply_action(as_numpy(action) if numpy_actions else action)
    return state


def assert_saves_and_reloads(state: State) -> None:
    text = json.dumps(state.to_json(), sort_keys=True)  # TypeError on a NumPy value
    back = type(state).from_json(text)
    assert back == state
    assert back.history == state.history
    assert json.dumps(back.to_json(), sort_keys=True) == text
    record = GameRecord.loads(GameRecord.from_state(state).dumps())
    assert record.replay() == state


# ------------------------------------------------------ NumPy integers
@pytest.mark.parametrize("game", GAMES)
def test_numpy_values_in_actions_are_stored_as_plain_python_values(game: str) -> None:
    """An action given with NumPy ints (in tuples too) and bools is stored plain.

    Before: ``(4, 3) == (np.int64(4), np.int64(3))`` kept the NumPy tuple, and
    ``to_json``, the record and the app's Save raised TypeError; an np.bool_
    was refused.
    """
    state = load_game(game)
    rng = np.random.default_rng(11)
    tuple_actions = 0
    for _ in range(400):
        if state.is_terminal():
            break
        action = random_action(state, rng)
        tuple_actions += has_tuple_field(action)
        state.apply_action(as_numpy(action))
        assert plain(state.history[-1]) and state.history[-1] == action
    assert tuple_actions >= 3
    assert_saves_and_reloads(state)


def test_a_numpy_bool_is_not_a_number() -> None:
    """np.bool_ is a bool: it is refused in an integer field, as True is."""
    state = load_game("amsterdam")
    action = next(a for a in state.legal_actions() if type(a).__name__ == "RollDice")
    with pytest.raises(IllegalActionError, match="white"):
        state.apply_action(dataclasses.replace(action, white=np.bool_(True)))
    assert state.history == []


# ------------------------------------------------------------ the history
def _mid_game(game: str, seed: int = 4, steps: int = 40) -> State:
    return play(load_game(game), seed, steps)


@pytest.mark.parametrize("game", GAMES)
def test_a_truncated_history_is_refused(game: str) -> None:
    state = _mid_game(game)
    data = state.to_json()
    data["history"] = data["history"][:-3]
    with pytest.raises(MalformedRecordError, match=r"history .*leads to a different position"):
        type(state).from_json(data)


@pytest.mark.parametrize("game", GAMES)
def test_an_impossible_or_foreign_history_is_refused(game: str) -> None:
    state = _mid_game(game)
    data = state.to_json()
    other = _mid_game(game, seed=5).to_json()["history"]
    with pytest.raises(MalformedRecordError, match="saved history"):
        type(state).from_json({**data, "history": other})
    swapped = data["history"][::-1]
    with pytest.raises(MalformedRecordError, match=r"history does not lead .*illegal"):
        type(state).from_json({**data, "history": swapped})


@pytest.mark.parametrize("game", GAMES)
def test_undo_and_the_record_of_a_loaded_state_follow_its_own_game(game: str) -> None:
    state = _mid_game(game)
    back = type(state).from_json(state.to_json_str())
    assert undo(back, 5) == play(load_game(game), 4, 35)
    assert GameRecord.from_state(back).replay() == state


# -------------------------------------------------------- loader bounds
def test_boutique_loads_a_week_that_cost_eight_stars_in_one_category() -> None:
    """BHM-30/31 per_staff: one star per missing employee, so 8 rooms cost up to 8.

    The loader capped a week's shortfalls at 7, refusing a position the game reaches.
    """
    from hoteledu.boutique.rules import stars_lost

    state = load_game("boutique")
    rooms = state.mat.size  # type: ignore[attr-defined]
    need = [[rooms, rooms, rooms]] + [[0, 0, 0]] * 6
    lost = stars_lost(need, [0, 0, 0], "per_staff")
    assert lost == [rooms] * 3 and rooms >= 8
    data = state.to_json()
    data["state"]["shortfalls"] = [[lost, [0, 0, 0]]]
    data["history"] = []
    loaded = type(state).from_snapshot(state.options, data["state"])
    assert loaded.shortfalls == [[lost, [0, 0, 0]]]  # type: ignore[attr-defined]
    for rule, most in (("per_day", 7), ("per_category", 1)):
        other = load_game("boutique", shortfall=rule)
        snap = {**other.to_snapshot(), "shortfalls": [[[most + 1, 0, 0], [0, 0, 0]]]}
        with pytest.raises(MalformedRecordError, match=rf"shortfalls.*0\.\.{most}\b"):
            type(other).from_snapshot(other.options, snap)


# ------------------------------------------------- Amsterdam's Dam lead
def test_amsterdam_with_a_chosen_dam_lead_has_no_chance_there() -> None:
    """dam_lead='choose': the Dam lead is the player's decision, not a chance node."""
    for seed in itertools.count():
        state = load_game("amsterdam", variant="tactical", dam_lead="choose")
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if type(legal[0]).__name__ == "DamLead":
                break
            state.apply_action(random_action(state, rng))
        if not state.is_terminal():
            break
        assert seed < 50, "no seeded game reached a Dam lead"
    assert state.current_player() >= 0 and not state.is_chance_node()
    with pytest.raises(IllegalActionError, match="not a chance node"):
        state.sample_chance(np.random.default_rng(0))
    with pytest.raises(IllegalActionError, match="not a chance node"):
        state.chance_outcomes()


# ---------------------------------------------------------- the invariant
def _option_choices(game: str) -> dict[str, tuple[Any, ...]]:
    info = next(i for i in list_games() if i.name == game)
    # An option without a list of choices (Boutique's deck data) keeps its default.
    return {o.name: o.choices or (o.default,) for o in info.options}


@st.composite
def games_with_options(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    game = draw(st.sampled_from(GAMES))
    options = {
        name: draw(st.sampled_from(choices)) for name, choices in _option_choices(game).items()
    }
    return game, options


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    game_options=games_with_options(),
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 900),
    numpy_actions=st.booleans(),
)
def test_every_reached_state_saves_and_reloads_equal(
    game_options: tuple[str, dict[str, Any]], seed: int, steps: int, numpy_actions: bool
) -> None:
    """The invariant: any state a legal game reaches (every option of every game,
    actions given as plain or NumPy values) reloads equal, with an equal history."""
    game, options = game_options
    state = play(load_game(game, **options), seed, steps, numpy_actions)
    assert_saves_and_reloads(state)


def _each_option_choice() -> list[tuple[str, dict[str, Any]]]:
    cases = []
    for game in GAMES:
        for name, choices in _option_choices(game).items():
            cases.extend((game, {name: choice}) for choice in choices)
    return cases


@pytest.mark.parametrize(("game", "options"), _each_option_choice())
def test_each_option_choice_saves_and_reloads_equal_to_the_end(
    game: str, options: dict[str, Any]
) -> None:
    """Every choice of every option of info.py at least once: a whole seeded game,
    NumPy actions, saved and reloaded half-way and at the end."""
    state = load_game(game, **options)
    rng = np.random.default_rng(len(str(options)))
    half: State | None = None
    for step in itertools.count():
        if state.is_terminal() or step == 1500:
            break
        if step == 60:
            half = state.clone()
        state.apply_action(as_numpy(random_action(state, rng)))
    assert state.is_terminal()
    for saved in (half, state):
        if saved is not None:
            assert_saves_and_reloads(saved)
