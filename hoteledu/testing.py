"""The conformance suite every hoteledu game must pass.

Call :func:`check_game` from a game's tests. Each ``check_*`` function can be
used on its own on any state. Failures raise ``AssertionError`` with a message
that says which property broke, at which step of which seeded game.

The properties (after OpenSpiel's ``random_sim_test`` and PettingZoo's
``api_test``): random games end within a bound; ``clone()`` equals the
original and is independent of it; states and records survive a JSON round
trip; replaying a record rebuilds the played state; chance probabilities are
positive and sum to exactly 1; every legal action applies; an illegal action
raises ``IllegalActionError`` and changes nothing; ``observation(p)`` is
JSON data that does not change when the parts hidden from ``p`` are resampled;
a determinised state (history included) depends only on what its player sees;
``random_playout`` plays the same game as a plain loop of single draws.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.agents import RandomAgent
from hoteledu.core.errors import IllegalActionError
from hoteledu.core.records import GameRecord
from hoteledu.core.registry import load_game
from hoteledu.core.simulate import next_action
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State


def _frozen(state: State) -> str:
    """Everything about a state, as one string, to prove nothing changed."""
    return json.dumps(state.to_json(), sort_keys=True)


def check_chance_node(state: State) -> None:
    """Outcomes are distinct, probabilities positive Fractions that sum to exactly 1."""
    outcomes = state.chance_outcomes()
    assert outcomes, "a chance node must have at least one outcome"
    actions = [a for a, _ in outcomes]
    assert len(set(actions)) == len(actions), "chance outcomes must be distinct"
    for action, probability in outcomes:
        assert isinstance(probability, (Fraction, int)), (
            f"probability of {action} should be an exact Fraction, got {type(probability).__name__}"
        )
        assert probability > 0, f"outcome {action} has probability {probability} <= 0"
    total = sum((p for _, p in outcomes), Fraction(0))
    assert total == 1, f"chance probabilities sum to {total}, not 1"


def check_clone(state: State) -> None:
    """``clone()`` equals the original and changing the clone leaves the original alone."""
    before = _frozen(state)
    copy = state.clone()
    assert copy == state, "clone() differs from the original"
    assert copy.history == state.history, "clone() lost the history"
    if not copy.is_terminal():
        if copy.current_player() == SIMULTANEOUS:
            copy.apply_actions([copy.legal_actions(p)[0] for p in range(copy.num_players)])
        else:
            copy.apply_action(copy.legal_actions()[0])
    assert _frozen(state) == before, "changing the clone changed the original"


def check_json_roundtrip(state: State) -> None:
    """``to_json()`` is plain JSON and ``from_json`` rebuilds an equal state."""
    text = json.dumps(state.to_json())
    rebuilt = type(state).from_json(json.loads(text))
    assert rebuilt == state, "from_json(to_json()) differs from the state"
    assert rebuilt.history == state.history, "from_json(to_json()) lost the history"
    assert rebuilt.current_player() == state.current_player()
    assert json.dumps(rebuilt.to_json(), sort_keys=True) == json.dumps(
        state.to_json(), sort_keys=True
    ), "a second JSON round trip is not stable"


def check_actions_json(actions: Iterable[Action], state_type: type[State]) -> None:
    """Every action survives a JSON round trip and keeps its text."""
    for action in actions:
        parsed = state_type.action_from_json(json.loads(json.dumps(action.to_json())))
        assert parsed == action, f"action {action} changes in a JSON round trip: {parsed}"
        assert str(parsed) == str(action)


def check_legal_actions_apply(state: State, limit: int | None = None) -> None:
    """Every legal action (the first ``limit`` of them) applies to a clone without error."""
    mover = state.current_player()
    if mover == TERMINAL:
        assert state.legal_actions() == [], "a terminal state has no legal actions"
        return
    if mover == SIMULTANEOUS:
        choices = [state.legal_actions(p) for p in range(state.num_players)]
        for p, actions in enumerate(choices):
            assert actions, f"player {p} has no legal action at a simultaneous node"
        joint = [JointAction(tuple(c[0] for c in choices))]
        for p in range(state.num_players):
            for action in choices[p][:limit]:
                parts = [c[0] for c in choices]
                parts[p] = action
                joint.append(JointAction(tuple(parts)))
        candidates: list[Action] = joint
    else:
        candidates = state.legal_actions()
        assert candidates, f"no legal actions for the mover {mover} of a non-terminal state"
        assert len(set(candidates)) == len(candidates), "legal actions contain duplicates"
        candidates = candidates[:limit]
    for action in candidates:
        copy = state.clone()
        copy.apply_action(action)
        assert copy.history[-1] == action


def check_illegal_action(state: State, foreign: Iterable[Action]) -> int:
    """Actions not legal here raise IllegalActionError and change nothing.

    ``foreign`` are actions seen elsewhere in the game; those not legal now are
    tried. Returns how many were tried.
    """
    mover = state.current_player()
    if mover == SIMULTANEOUS:
        per_player = [set(state.legal_actions(p)) for p in range(state.num_players)]

        def is_legal(action: Action) -> bool:
            return (
                isinstance(action, JointAction)
                and len(action.actions) == len(per_player)
                and all(a in legal for a, legal in zip(action.actions, per_player, strict=True))
            )
    else:
        legal_here = set(state.legal_actions())

        def is_legal(action: Action) -> bool:
            return action in legal_here

    before = _frozen(state)
    tried = 0
    for action in foreign:
        if is_legal(action) or tried >= 5:
            continue
        tried += 1
        try:
            state.apply_action(action)
        except IllegalActionError as error:
            assert str(error), "an IllegalActionError must say which rule is broken"
        else:
            raise AssertionError(f"illegal action {action} was accepted")
        assert _frozen(state) == before, f"the illegal action {action} changed the state"
    return tried


def check_observations(state: State, rng: np.random.Generator) -> None:
    """Observations are JSON data and hide what they must.

    Resampling what player ``p`` cannot see (``determinise``) must not change
    ``observation(p)``: if it did, the observation would leak hidden parts.
    """
    for player in range(state.num_players):
        seen = state.observation(player)
        json.dumps(seen)
        for _ in range(2):
            sample = state.determinise(player, rng)
            assert sample.observation(player) == seen, (
                f"observation({player}) changes when hidden parts are resampled: "
                "it leaks hidden information, or determinise() changes what the player saw"
            )
            assert sample.current_player() == state.current_player()


def check_determinise_reveals_nothing(state: State, seed: int = 0) -> None:
    """A determinised state carries nothing its player does not see, history included.

    For each player ``p``: the history of ``determinise(p)``, if it keeps one,
    must replay to the determinised state itself (a history holding the true
    hidden draws would rebuild the true state instead); and two true states
    with the same ``observation(p)`` (this state and one of its own
    determinisations) must give the same determinisation, history included,
    from the same random seed: what is sampled depends on what ``p`` sees only.
    """
    if state.current_player() == CHANCE:
        return  # a chance node is resolved before anyone plans on it
    for player in range(state.num_players):
        sample = state.determinise(player, np.random.default_rng(seed))
        if sample.history:
            replayed = GameRecord.from_state(sample).replay()
            assert replayed == sample, (
                f"the history of determinise({player}) does not replay to the determinised "
                "state: it keeps the true hidden draws and reveals them"
            )
        other_truth = state.determinise(player, np.random.default_rng(seed + 1))
        assert other_truth.observation(player) == state.observation(player)
        mine = state.determinise(player, np.random.default_rng(seed + 2))
        theirs = other_truth.determinise(player, np.random.default_rng(seed + 2))
        assert _frozen(mine) == _frozen(theirs), (
            f"determinise({player}) of two states that {player} cannot tell apart differs "
            "(state or history): it depends on hidden information"
        )


def check_record(state: State) -> None:
    """The record of ``state`` survives JSON and its replay equals the state."""
    record = GameRecord.from_state(state)
    loaded = GameRecord.loads(record.dumps())
    assert loaded.actions == record.actions, "a record's actions change in a JSON round trip"
    replayed = loaded.replay()
    assert replayed == state, "replaying the record does not rebuild the played state"
    assert replayed.history == state.history


def reference_playout(state: State, rng: np.random.Generator, max_actions: int) -> None:
    """The random playout of ``State.random_playout`` written plainly: each number drawn
    by its own call to ``rng``, each action checked by ``apply_action``."""
    for _ in range(max_actions):
        if state.is_terminal():
            return
        if state.is_chance_node():
            action = state.sample_chance(rng)
        elif state.current_player() == SIMULTANEOUS:
            parts = []
            for p in range(state.num_players):
                legal = state.legal_actions(p)
                parts.append(legal[int(rng.integers(len(legal)))])
            action = JointAction(tuple(parts))
        else:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        state.apply_action(action)


def check_random_playout(state: State, seed: int = 0, max_actions: int = 200_000) -> None:
    """``random_playout`` from ``state`` (the game's own, or the core's) plays the same
    game as :func:`reference_playout`, and leaves the generator at the same place.

    A short playout (cut after a few actions) is compared too. ``state`` is not changed.
    """
    for limit in (7, max_actions):
        mine, plain = state.clone(), state.clone()
        rng_mine, rng_plain = np.random.default_rng(seed), np.random.default_rng(seed)
        mine.random_playout(rng_mine, limit)
        reference_playout(plain, rng_plain, limit)
        assert mine.history == plain.history, (
            f"random_playout (at most {limit} actions) played another game than the "
            f"reference loop, from action {len(state.history)}"
        )
        assert mine == plain, "random_playout reached another position than the reference"
        assert rng_mine.random() == rng_plain.random(), (
            "random_playout left the generator at another place than single draws would"
        )


def check_node(
    state: State, foreign: Iterable[Action], rng: np.random.Generator, limit: int = 20
) -> None:
    """Every per-position check: chance, clone, JSON, legal and illegal actions, observations.

    ``foreign`` are actions seen elsewhere in the game (tried as illegal ones);
    ``limit`` caps how many legal actions are applied to clones.
    """
    if state.current_player() == CHANCE:
        check_chance_node(state)
    check_clone(state)
    check_json_roundtrip(state)
    check_legal_actions_apply(state, limit=limit)
    check_illegal_action(state, foreign)
    check_observations(state, rng)


def random_game(
    name: str,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    max_actions: int = 200_000,
    check_every: int | None = None,
) -> State:
    """Play one seeded random game; with ``check_every`` run the node checks on the way."""
    state = load_game(name, **dict(options or {}))
    seeds = np.random.SeedSequence(seed).spawn(state.num_players + 2)
    rng = np.random.default_rng(seeds[0])
    check_rng = np.random.default_rng(seeds[1])
    agents = [RandomAgent(s) for s in seeds[2:]]
    seen: dict[type, Action] = {}
    for step in range(max_actions):
        if check_every and step % check_every == 0:
            check_node(state, seen.values(), check_rng)
        if state.is_terminal():
            break
        action = next_action(state, agents, rng)
        seen.setdefault(type(action), action)
        if isinstance(action, JointAction):
            for part in action.actions:
                seen.setdefault(type(part), part)
        state.apply_action(action)
    else:
        raise AssertionError(f"{name} seed {seed}: no end within {max_actions} actions")
    return state


def check_game(
    name: str,
    options: Mapping[str, Any] | None = None,
    *,
    seeds: Iterable[int] = range(10),
    max_actions: int = 200_000,
    check_every: int = 1,
) -> list[State]:
    """Run the whole conformance suite on seeded random games of ``name``.

    Returns the final states so callers can assert more (e.g. invariants).
    """
    finals = []
    for seed in seeds:
        try:
            final = random_game(
                name, options, seed, max_actions=max_actions, check_every=check_every
            )
            again = random_game(name, options, seed, max_actions=max_actions)
            assert again.history == final.history, "the same seed gave a different game"
            assert final.is_terminal()
            returns = final.returns()
            assert len(returns) == final.num_players, "returns() needs one value per player"
            assert final.winners(), "a finished game has at least one winner"
            assert final.legal_actions() == [], "a finished game has no legal actions"
            check_record(final)
            check_json_roundtrip(final)
            check_actions_json(final.history, type(final))
            midpoint = len(final.history) // 2
            record = GameRecord.from_state(final)
            middle = record.replay(midpoint)
            assert middle.history == final.history[:midpoint]
            check_determinise_reveals_nothing(middle, seed)
            check_determinise_reveals_nothing(final, seed)
            check_random_playout(record.replay(0), seed, max_actions)
            check_random_playout(middle, seed, max_actions)
        except AssertionError as error:
            raise AssertionError(f"{name} {dict(options or {})} seed {seed}: {error}") from error
        finals.append(final)
    return finals
