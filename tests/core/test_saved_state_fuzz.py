"""Seeded mutations of saved states (``State.to_json``) of the three games.

A mutated saved state must either load into a state that passes the game's
own checks (its ``to_json`` round-trips, ``legal_actions()`` works, a few
random moves can be played) or be refused with ``MalformedRecordError``
giving a reason, within a bounded time. Anything else "escapes".
"""

from __future__ import annotations

import copy
import json
import time
from typing import Any

import numpy as np
import pytest
from malformed_helpers import json_get, json_paths

from hoteledu import load_game
from hoteledu.core import MalformedRecordError, RandomAgent
from hoteledu.core.simulate import next_action
from hoteledu.core.state import SIMULTANEOUS, TERMINAL, State

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("amsterdam", {"players": 3, "layout": "shuffled"}),
    ("grand_austria", {"players": 2}),
    ("grand_austria", {"players": 3, "staff_setup": "draft"}),
    ("boutique", {"players": 2, "weeks": 1}),
    ("boutique", {"players": 3, "weeks": 1}),
]
FRACTIONS = (0.0, 0.1, 0.3, 0.6, 0.9, 1.0)
"""Points of a seeded random game at which its state is saved."""
FUZZ_CASES = 300
PLAY_STEPS = 8
"""Random moves played from a loaded state (a bad position often fails a few moves later)."""
TIME_LIMIT = 5.0
"""Seconds one case may take (generous: the machine is shared)."""

BAD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    10**30,
    "",
    "x",
    [],
    {},
    [1, 2],
    [[]],
    {"a": 1},
]


def saved_states(seed: int = 5) -> list[dict[str, Any]]:
    """``to_json()`` of seeded random games of every game at several points."""
    saved = []
    for name, options in GAMES:
        rng = np.random.default_rng(seed)
        state = load_game(name, **options)
        agents = [RandomAgent(int(s)) for s in rng.integers(0, 2**32, state.num_players)]
        snapshots = [state.to_json()]
        while not state.is_terminal():
            state.apply_action(next_action(state, agents, rng))
            snapshots.append(state.to_json())
        for fraction in FRACTIONS:
            saved.append(snapshots[min(len(snapshots) - 1, int(fraction * len(snapshots)))])
    return saved


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    json_get(data, path[:-1])[path[-1]] = value


KINDS = (
    "delete key",
    "change type",
    "swap values",
    "out of range",
    "bool for int",
    "truncate list",
    "extend list",
    "nest deeply",
)


def mutate_saved_state(saved: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    """One seeded mutation inside the position (``saved["state"]``): (kind, data)."""
    data = copy.deepcopy(saved)
    root = ("state",)
    paths = [root + p for p in json_paths(data["state"])]
    kind = KINDS[int(rng.integers(len(KINDS)))]
    path = paths[int(rng.integers(len(paths)))]
    value = json_get(data, path)
    if kind == "delete key":
        dicts = [p for p in [root, *paths] if isinstance(json_get(data, p), dict)]
        target = json_get(data, dicts[int(rng.integers(len(dicts)))])
        if target:
            del target[list(target)[int(rng.integers(len(target)))]]
    elif kind == "change type":
        _set(data, path, copy.deepcopy(BAD_VALUES[int(rng.integers(len(BAD_VALUES)))]))
    elif kind == "swap values":
        other = paths[int(rng.integers(len(paths)))]
        if path[: len(other)] != other and other[: len(path)] != path:
            a, b = json_get(data, path), json_get(data, other)
            _set(data, path, b)
            _set(data, other, a)
    elif kind == "out of range":
        ints = [p for p in paths if type(json_get(data, p)) is int]
        if ints:
            path = ints[int(rng.integers(len(ints)))]
            shift = int(rng.choice([-1000, -2, -1, 1, 2, 7, 1000, 10**12]))
            _set(data, path, json_get(data, path) + shift)
    elif kind == "bool for int":
        ints = [p for p in paths if type(json_get(data, p)) is int and json_get(data, p) in (0, 1)]
        if ints:
            path = ints[int(rng.integers(len(ints)))]
            _set(data, path, bool(json_get(data, path)))
    elif kind in ("truncate list", "extend list"):
        lists = [
            p for p in [root, *paths] if isinstance(json_get(data, p), list) and json_get(data, p)
        ]
        if lists:
            target = json_get(data, lists[int(rng.integers(len(lists)))])
            if kind == "truncate list":
                del target[int(rng.integers(len(target))) :]
            else:
                target.append(copy.deepcopy(target[int(rng.integers(len(target)))]))
    else:  # nest deeply
        deep: Any = value
        for _ in range(int(rng.choice([3, 30, 400]))):
            deep = [deep]
        _set(data, path, deep)
    return kind, data


def _checks(state: State, rng: np.random.Generator) -> None:
    """The game's own checks on a loaded state; raise on any failure."""
    again = type(state).from_json(json.loads(json.dumps(state.to_json())))
    assert again == state, "to_json does not round-trip"
    for _ in range(PLAY_STEPS):
        mover = state.current_player()
        if mover == TERMINAL:
            break
        if mover == SIMULTANEOUS:
            for p in range(state.num_players):
                state.legal_actions(p)
        else:
            assert state.legal_actions(), "no legal action in a position that is not over"
        agents = [RandomAgent(int(s)) for s in rng.integers(0, 2**32, state.num_players)]
        state.apply_action(next_action(state, agents, rng))


def fuzz_saved_states(
    saved: list[dict[str, Any]], cases: int, seed: int
) -> tuple[dict[str, int], list[str]]:
    """Load ``cases`` mutated saved states; count refused / loaded / escaped."""
    from hoteledu.core.registry import find_game_info

    rng = np.random.default_rng(seed)
    counts = {"refused": 0, "loaded": 0, "escaped": 0}
    escapes: list[str] = []
    for case in range(cases):
        original = saved[int(rng.integers(len(saved)))]
        kind, data = mutate_saved_state(original, rng)
        state_type = type(load_game(original["game"], **original["options"]))
        assert find_game_info(original["game"]) is not None
        start = time.process_time()  # CPU time: the work a case does, whatever the load
        outcome = "loaded"
        try:
            state = state_type.from_json(data)
        except MalformedRecordError as error:
            outcome = "refused" if str(error) else "escaped"
            if not str(error):
                escapes.append(f"case {case} ({kind}): refusal without a reason")
        except Exception as error:  # the point of the test: nothing else may escape
            outcome = "escaped"
            escapes.append(f"case {case} ({kind}) from_json: {type(error).__name__}: {error}")
        if outcome == "loaded":
            try:
                _checks(state, rng)
            except Exception as error:
                outcome = "escaped"
                escapes.append(
                    f"case {case} ({kind}) {original['game']} loaded but failed its checks: "
                    f"{type(error).__name__}: {str(error)[:200]}"
                )
        took = time.process_time() - start
        if took > TIME_LIMIT:
            outcome = "escaped"
            escapes.append(f"case {case} ({kind}) took {took:.1f} s of CPU")
        counts[outcome] += 1
    return counts, escapes


@pytest.fixture(scope="module")
def saved() -> list[dict[str, Any]]:
    return saved_states()


def test_saved_states_round_trip_unchanged(saved) -> None:
    for data in saved:
        state = type(load_game(data["game"], **data["options"])).from_json(data)
        assert state.to_json() == data


def test_mutated_saved_states_load_or_are_refused_with_a_reason(saved) -> None:
    counts, escapes = fuzz_saved_states(saved, FUZZ_CASES, seed=2026)
    assert escapes == [], "\n".join(escapes[:20])
    assert counts["refused"] + counts["loaded"] == FUZZ_CASES
    assert counts["refused"] > FUZZ_CASES // 2


if __name__ == "__main__":  # counts for the docs: python tests/core/test_saved_state_fuzz.py
    import sys

    cases = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    result, problems = fuzz_saved_states(saved_states(), cases, seed=2026)
    print(result)
    for line in problems[:40]:
        print(line)
