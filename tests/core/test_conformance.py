"""The conformance suite: on the Hidden Pig fixture, and on every registered game and option."""

from __future__ import annotations

import copy
import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hoteledu import list_games, load_game
from hoteledu.core import IllegalActionError
from hoteledu.testing import (
    check_determinise_reveals_nothing,
    check_game,
    check_illegal_action,
    check_observations,
    random_game,
)


def test_conformance_suite_passes_on_hidden_pig():
    finals = check_game("hidden_pig", seeds=range(8))
    assert all(f.is_terminal() for f in finals)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), die=st.sampled_from([3, 4, 6]))
def test_conformance_over_random_seeds(seed, die):
    check_game("hidden_pig", {"target": 8, "die": die}, seeds=[seed], check_every=3)


def test_suite_catches_an_observation_leak(monkeypatch):
    """A game whose observation shows the opponent's secret must fail the suite."""
    state = random_game("hidden_pig", seed=1)
    leaky = type(state).observation
    monkeypatch.setattr(type(state), "observation", lambda self, p: self.to_snapshot())
    with pytest.raises(AssertionError, match="leaks hidden information"):
        check_observations(state, __import__("numpy").random.default_rng(0))
    monkeypatch.setattr(type(state), "observation", leaky)


def test_suite_catches_a_determinisation_whose_history_reveals_the_secret(monkeypatch):
    """A determinised state that keeps the true history (its Deal actions show the
    opponent's bonus) must fail the suite, though its observation hides the bonus."""
    state = random_game("hidden_pig", seed=1)
    game = type(state)

    def keeps_history(self, player, rng):
        sample = self.clone()
        if sample.bonus[1 - player] is not None:
            sample.bonus[1 - player] = int(rng.integers(1, 4))
        return sample

    monkeypatch.setattr(game, "determinise", keeps_history)
    seeds = range(20)
    with pytest.raises(AssertionError, match="reveals them"):
        for seed in seeds:  # some seed resamples a bonus unlike the true one
            check_determinise_reveals_nothing(state, seed)
    monkeypatch.undo()
    for seed in seeds:
        check_determinise_reveals_nothing(state, seed)


def _opening() -> object:
    """Both players dealt and wagered 0: player 0 to move, turn total 0."""
    from fixture_game import Deal, Wager

    state = load_game("hidden_pig")
    state.apply_action(Deal(0, 2))
    state.apply_action(Deal(1, 3))
    state.apply_actions([Wager(0), Wager(0)])
    return state


def test_suite_catches_an_illegal_action_that_changes_the_state(monkeypatch):
    """If a game mutated the state before refusing an action, the suite must notice."""
    from fixture_game import Hold

    state = _opening()
    original = type(state).check_action

    def sloppy(self, action):
        self.banked[0] += 1
        original(self, action)

    monkeypatch.setattr(type(state), "check_action", sloppy)
    with pytest.raises(AssertionError, match="changed the state"):
        check_illegal_action(state, [Hold()])


def test_suite_catches_a_wrong_clone(monkeypatch):
    """A clone that shares lists with the original must fail the suite."""
    monkeypatch.setattr(type(load_game("hidden_pig")), "clone", lambda self: copy.copy(self))
    with pytest.raises(AssertionError):
        check_game("hidden_pig", seeds=[0])


def test_illegal_hold_names_the_rule_and_changes_nothing():
    from fixture_game import Hold

    state = _opening()
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="roll at least once"):
        state.apply_action(Hold())
    assert state.to_json() == before
    assert dataclasses.is_dataclass(Hold())


# ------------------------------------------------ every registered game
def _registered_games() -> list[str]:
    return [info.name for info in list_games()]


@pytest.mark.parametrize("name", _registered_games())
def test_every_registered_game_passes_the_conformance_suite(name):
    """Registering a game enrols it: one seeded random game through every check,
    about 25 positions of it checked in full (clone, JSON, legal and illegal
    actions, chance, observations), then the record, replay and determinisation."""
    length = len(random_game(name, seed=0).history)
    finals = check_game(name, seeds=[0], check_every=max(1, length // 25))
    assert finals[0].is_terminal() and len(finals[0].history) == length


def _option_choices() -> list[tuple[str, dict]]:
    """(game, options) with one option at each of its choices other than the default."""
    cases = []
    for info in list_games():
        for option in info.options:
            for choice in option.choices or ():
                if choice != option.default or type(choice) is not type(option.default):
                    cases.append((info.name, {option.name: choice}))
    return cases


@pytest.mark.parametrize(
    ("name", "options"),
    _option_choices(),
    ids=[f"{n}-{k}={v}" for n, o in _option_choices() for k, v in o.items()],
)
def test_every_option_choice_of_a_registered_game_conforms(name, options):
    """Each choice the registry offers plays a seeded game through the suite (8 positions)."""
    length = len(random_game(name, options, seed=1).history)
    check_game(name, options, seeds=[1], check_every=max(1, length // 8))
