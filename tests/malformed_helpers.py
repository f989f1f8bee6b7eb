"""Malformed actions made from legal ones: every field of a legal action, changed.

Used by each game's ``test_malformed_*.py``: a malformed action must be
refused with IllegalActionError and change nothing, unless it is the legal
action written another way (a list for a tuple), which is stored normalised.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from hoteledu.core import IllegalActionError, JointAction, RandomAgent
from hoteledu.core.actions import Action
from hoteledu.core.simulate import next_action
from hoteledu.core.state import SIMULTANEOUS, State
from hoteledu.core.validation import inspect_action

DEEP: Any = 0
for _ in range(200):
    DEEP = (DEEP,)


def bad_values(value: Any) -> list[Any]:
    """Values of the wrong type or size for a field that holds ``value``."""
    common = [None, 1.5, "x", DEEP, 10**40]
    if isinstance(value, bool):
        return [int(value), "yes", *common]
    if isinstance(value, int):
        return [True, False, float(value), str(value), value + 1000, -value - 1, (), *common]
    if isinstance(value, str):
        return [7, "", "x" * 1000, (value,), *common]
    if isinstance(value, tuple):
        swapped = [True if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
        return [list(value), (), (*value, 0), tuple(swapped), "ab", value * 40, *common]
    return common


def malformed_variants(action: Action) -> Iterator[Action]:
    """``action`` with one field replaced by a bad value, for every field."""
    if isinstance(action, JointAction):
        for index, part in enumerate(action.actions):
            for variant in malformed_variants(part):
                parts = list(action.actions)
                parts[index] = variant
                yield JointAction(tuple(parts))
        yield JointAction(action.actions[:-1])
        yield JointAction((*action.actions, action.actions[0]))
        return
    for field in dataclasses.fields(action):
        for bad in bad_values(getattr(action, field.name)):
            yield dataclasses.replace(action, **{field.name: bad})


def _frozen(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _is_legal_written_differently(state: State, action: Action) -> bool:
    normal, problem = inspect_action(action)
    if problem is not None:
        return False
    check = state.clone()
    try:
        check.check_action(normal)
    except IllegalActionError:
        return False
    return True


def try_malformed(state: State, action: Action) -> str:
    """Apply one malformed action to a clone: 'refused' or 'accepted'; AssertionError else."""
    copy = state.clone()
    before = _frozen(copy)
    try:
        copy.apply_action(action)
    except IllegalActionError as error:
        assert str(error), "a refusal must say why"
        assert _frozen(copy) == before, f"refusing {action!r} changed the state"
        return "refused"
    except Exception as error:  # the point of the test: nothing else may escape
        raise AssertionError(
            f"{action!r} raised {type(error).__name__}: {error} instead of IllegalActionError"
        ) from error
    assert _is_legal_written_differently(state, action), f"malformed {action!r} was accepted"
    stored = copy.history[-1]
    assert inspect_action(stored)[1] is None, f"{stored!r} was stored with a bad field"
    return "accepted"


def fuzz_actions_along_a_game(
    state: State, seed: int, *, per_node: int = 6, max_steps: int = 400
) -> dict[str, int]:
    """Play a seeded random game; at each node try ``per_node`` malformed legal actions."""
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(int(s)) for s in rng.integers(0, 2**32, state.num_players)]
    counts = {"refused": 0, "accepted": 0}
    for _ in range(max_steps):
        if state.is_terminal():
            break
        action = next_action(state, agents, rng)
        variants = list(malformed_variants(action))
        picks = rng.choice(len(variants), size=min(per_node, len(variants)), replace=False)
        for index in picks:
            counts[try_malformed(state, variants[int(index)])] += 1
        if state.current_player() == SIMULTANEOUS:
            assert isinstance(action, JointAction)
        state.apply_action(action)
    return counts


# ------------------------------------------------------------ record fuzz
BAD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    1e308,
    10**30,
    -(10**30),
    "",
    "x",
    "\u00e9\u4e2d",
    [],
    {},
    [1, 2],
    {"type": "Roll"},
    {"type": "JointAction", "actions": [{"type": "JointAction", "actions": []}]},
    "/etc/passwd",
    "/dev/zero",
    "standard",
]


def json_paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indices) to a value inside ``data``, the root excluded."""
    found = []
    stack = [(data, prefix)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            items: Any = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            continue
        for key, child in items:
            found.append((*path, key))
            stack.append((child, (*path, key)))
    return found


def json_get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def set_at(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    """A change that puts ``value`` at ``path`` inside a saved game or position."""

    def change(data: dict[str, Any]) -> None:
        json_get(data, path[:-1])[path[-1]] = value

    return change


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def mutate_record(data: dict[str, Any], rng: np.random.Generator) -> tuple[str, str | bytes]:
    """One seeded mutation of a record's JSON data: (kind, JSON text or bytes)."""
    import copy as copy_module

    data = copy_module.deepcopy(data)
    paths = json_paths(data)
    kinds = [
        "delete key",
        "change type",
        "swap values",
        "huge number",
        "nest deeply",
        "shuffle actions",
        "extra actions",
        "bad option",
        "truncate",
        "not UTF-8",
        "deep text",
    ]
    kind = kinds[int(rng.integers(len(kinds)))]
    if kind == "delete key":
        dict_paths = [p for p in [(), *paths] if isinstance(json_get(data, p), dict)]
        path = dict_paths[int(rng.integers(len(dict_paths)))]
        target = json_get(data, path)
        if target:
            del target[list(target)[int(rng.integers(len(target)))]]
    elif kind in ("change type", "huge number", "nest deeply"):
        path = paths[int(rng.integers(len(paths)))]
        if kind == "change type":
            value = BAD_VALUES[int(rng.integers(len(BAD_VALUES)))]
        elif kind == "huge number":
            value = [10**19, -(2**63), 2**64, 10**300, 1e300, -1e-300][int(rng.integers(6))]
        else:
            value = _deep(int(rng.choice([10, 40, 400])))
        json_get(data, path[:-1])[path[-1]] = copy_module.deepcopy(value)
    elif kind == "swap values":
        a, b = (paths[int(i)] for i in rng.integers(len(paths), size=2))
        if a[: len(b)] != b and b[: len(a)] != a:  # neither inside the other
            va, vb = json_get(data, a), json_get(data, b)
            json_get(data, a[:-1])[a[-1]] = vb
            json_get(data, b[:-1])[b[-1]] = va
    elif kind == "shuffle actions":
        actions = data["actions"]
        if len(actions) > 1:
            i, j = (int(x) for x in rng.integers(len(actions), size=2))
            actions[i], actions[j] = actions[j], actions[i]
            if rng.random() < 0.5:
                del actions[int(rng.integers(len(actions)))]
    elif kind == "extra actions":
        actions = data["actions"]
        actions.extend(copy_module.deepcopy(actions[-int(rng.integers(1, 5)) :]))
    elif kind == "bad option":
        options = data["options"]
        name = list(options)[int(rng.integers(len(options)))]
        options[name] = copy_module.deepcopy(BAD_VALUES[int(rng.integers(len(BAD_VALUES)))])
    text = json.dumps(data)
    if kind == "truncate":
        return kind, text[: int(rng.integers(len(text)))]
    if kind == "not UTF-8":
        raw = bytearray(text.encode("utf-8"))
        for _ in range(int(rng.integers(1, 4))):
            raw[int(rng.integers(len(raw)))] = int(rng.integers(128, 256))
        return kind, bytes(raw)
    if kind == "deep text":
        at = text.index('"actions": [') + len('"actions": [')
        depth = int(rng.choice([100, 3000, 100_000]))
        return kind, text[:at] + "[" * depth + "]" * depth + ", " + text[at:]
    if kind == "huge number" and rng.random() < 0.3:
        return kind, text.replace('"players": ', '"players": ' + "9" * 5000 + ', "x": ', 1)
    return kind, text
