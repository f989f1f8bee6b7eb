"""Checks for untrusted input: action fields, option values and the shape of JSON data.

A saved game, a pasted record or an action typed in a notebook is data, not
code: before the engine uses it, its types and sizes are checked here so
that bad input raises one clear error (``IllegalActionError`` for an action,
``MalformedRecordError`` for saved data, ``ValueError`` for an option) that
names the field, and never a raw ``TypeError`` or ``IndexError`` from deep
inside a game.
"""

from __future__ import annotations

import dataclasses
import numbers
import types
import typing
from collections.abc import Callable, Collection, Mapping
from typing import Any

import numpy as np

from hoteledu.core.actions import Action
from hoteledu.core.errors import IllegalActionError, MalformedRecordError

MAX_ACTION_INT = 2**31 - 1
"""No action field holds a number larger than this (in absolute value)."""
MAX_ACTION_TEXT = 64
"""Longest text an action field may hold."""
MAX_ACTION_ITEMS = 64
"""Most items a tuple field of an action may hold."""
MAX_JSON_DEPTH = 24
"""Deepest nesting of lists and objects accepted in saved data (a record needs about 7)."""


def is_int(value: Any) -> bool:
    """Whether ``value`` is an integer; booleans are not numbers here."""
    return isinstance(value, int) and not isinstance(value, bool)


def short_repr(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages about untrusted data."""
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ------------------------------------------------------------------ options
def same_value(value: Any, choice: Any) -> bool:
    """``value == choice`` with the same type: ``True`` is not ``1`` and ``2.0`` is not ``2``."""
    return type(value) is type(choice) and value == choice


def check_choice(name: str, value: Any, choices: Collection[Any]) -> Any:
    """Return ``value`` if it is one of ``choices`` (same type too), else raise ValueError."""
    if any(same_value(value, choice) for choice in choices):
        return value
    allowed = ", ".join(repr(c) for c in choices)
    raise ValueError(f"option {name!r} must be one of {allowed}, got {short_repr(value)}")


def check_option_type(name: str, value: Any, *kinds: type | None) -> Any:
    """Return ``value`` if its type is exactly one of ``kinds`` (None for None), else ValueError.

    Booleans are not integers here, and floats are not integers.
    """
    for kind in kinds:
        if (kind is None and value is None) or (kind is not None and type(value) is kind):
            return value
    names = " or ".join("None" if k is None else k.__name__ for k in kinds)
    raise ValueError(f"option {name!r} must be of type {names}, got {short_repr(value)}")


# ------------------------------------------------------------- JSON shape
def check_json_shape(
    data: Any, *, what: str, max_depth: int = MAX_JSON_DEPTH, max_nodes: int | None = None
) -> int:
    """Refuse data nested deeper than ``max_depth`` or with more than ``max_nodes`` values.

    Walks without recursion, so deep nesting cannot raise RecursionError.
    Returns the number of values seen. Raises MalformedRecordError naming ``what``.
    """
    nodes = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise MalformedRecordError(f"{what} is too large: more than {max_nodes} values")
        if isinstance(value, Mapping):
            children: Collection[Any] = value.values()
        elif isinstance(value, (list, tuple)):
            children = value
        else:
            continue
        if depth >= max_depth and children:
            raise MalformedRecordError(
                f"{what} is nested too deeply: more than {max_depth} levels of lists and objects"
            )
        stack.extend((child, depth + 1) for child in children)
    return nodes


# ------------------------------------------------------------ action fields
Check = Callable[[Any, Any], Any]
"""A field check: ``check(value, limit)`` returns the (normalised) value or raises _FieldError."""


class _FieldError(Exception):
    """Internal: what is wrong with one field value."""


def _check_int(value: Any, limit: Any) -> Any:
    if type(value) is not int:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise _FieldError("must be an integer")
        value = int(value)  # a NumPy integer: stored as a plain int (JSON needs one)
    if not -MAX_ACTION_INT <= value <= MAX_ACTION_INT:
        raise _FieldError(f"must be an integer of at most {MAX_ACTION_INT} in size")
    if limit is not None and value not in limit:
        raise _FieldError(f"must be {limit.start}..{limit.stop - 1}")
    return value


def _check_bool(value: Any, limit: Any) -> Any:
    if isinstance(value, np.bool_):
        return bool(value)  # stored as a plain bool (JSON needs one)
    if not isinstance(value, bool):
        raise _FieldError("must be True or False")
    return value


def _check_str(value: Any, limit: Any) -> Any:
    if not isinstance(value, str):
        raise _FieldError("must be a text")
    if len(value) > MAX_ACTION_TEXT:
        raise _FieldError(f"must be a text of at most {MAX_ACTION_TEXT} characters")
    if limit is not None and value not in limit:
        raise _FieldError(f"must be one of {', '.join(repr(x) for x in limit)}")
    return value


def _check_none(value: Any, limit: Any) -> Any:
    if value is not None:
        raise _FieldError("must be None")
    return value


def _check_action(value: Any, limit: Any) -> Any:
    if not isinstance(value, Action):
        raise _FieldError("must be an action")
    try:
        return validate_action(value)
    except IllegalActionError as error:
        raise _FieldError(f"holds a bad action: {error}") from error


def _check_any(value: Any, limit: Any) -> Any:
    return value


def _tuple_check(items: tuple[Check, ...] | None, each: Check | None) -> Check:
    def check(value: Any, limit: Any) -> Any:
        if not isinstance(value, (tuple, list)):
            raise _FieldError("must be a tuple")
        if items is not None and len(value) != len(items):
            raise _FieldError(f"must be a tuple of {len(items)} values")
        if len(value) > MAX_ACTION_ITEMS:
            raise _FieldError(f"must be a tuple of at most {MAX_ACTION_ITEMS} values")
        checks = items if items is not None else (each,) * len(value)
        out = []
        for index, (item, item_check) in enumerate(zip(value, checks, strict=True)):
            try:
                out.append(item_check(item, limit))  # type: ignore[misc]
            except _FieldError as error:
                raise _FieldError(f"item {index} {error}") from None
        # Keep the very same object when no item changed (the common, fast case).
        # Identity, not ==: (4, 3) == (np.int64(4), np.int64(3)) but JSON needs the ints.
        unchanged = type(value) is tuple and all(
            new is old for new, old in zip(out, value, strict=True)
        )
        return value if unchanged else tuple(out)

    return check


def _union_check(options: tuple[Check, ...]) -> Check:
    def check(value: Any, limit: Any) -> Any:
        reasons = []
        for option in options:
            try:
                return option(value, limit)
            except _FieldError as error:
                reasons.append(str(error))
        raise _FieldError(" or ".join(dict.fromkeys(reasons)))

    return check


def _check_for(hint: Any) -> Check:
    """The check for one field's type hint (unknown hints accept anything)."""
    if hint is bool:
        return _check_bool
    if hint is int:
        return _check_int
    if hint is str:
        return _check_str
    if hint is type(None):
        return _check_none
    if isinstance(hint, type) and issubclass(hint, Action):
        return _check_action
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_check(None, _check_for(args[0]))
        if args:
            return _tuple_check(tuple(_check_for(a) for a in args), None)
        return _tuple_check(None, _check_any)
    if origin in (typing.Union, types.UnionType):
        return _union_check(tuple(_check_for(a) for a in args))
    return _check_any


Predicate = Callable[[Any], bool]


def _fast_for(hint: Any, limit: Any) -> Predicate:
    """A quick yes/no test for a valid value of ``hint`` that needs no change.

    It must never say yes to a value the full check refuses; saying no only
    sends the action to the full (slower) check, which gives the reason.
    """
    top = MAX_ACTION_INT
    if hint is int:
        if limit is None:
            return lambda v: type(v) is int and -top <= v <= top
        return lambda v: type(v) is int and v in limit
    if hint is bool:
        return lambda v: type(v) is bool
    if hint is str:
        return lambda v: (
            type(v) is str and len(v) <= MAX_ACTION_TEXT and (limit is None or v in limit)
        )
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        each = _fast_for(args[0], limit)
        return lambda v: type(v) is tuple and len(v) <= MAX_ACTION_ITEMS and all(map(each, v))
    if origin is tuple and args:
        items = tuple(_fast_for(a, limit) for a in args)
        return lambda v: (
            type(v) is tuple
            and len(v) == len(items)
            and all(test(x) for test, x in zip(items, v, strict=True))
        )
    if origin in (typing.Union, types.UnionType):
        options = tuple(_fast_for(a, limit) for a in args)
        return lambda v: any(test(v) for test in options)
    if hint is type(None):
        return lambda v: v is None
    if isinstance(hint, type) and issubclass(hint, Action):
        return lambda v: isinstance(v, Action) and _quickly_valid(v)
    return lambda v: False  # unknown hints: the full check decides


_FIELD_CHECKS: dict[type, tuple[tuple[str, Check, Any], ...]] = {}
_FAST_CHECKS: dict[type, tuple[tuple[str, Predicate], ...]] = {}
# id -> the action itself: the strong reference keeps the id from being reused.
_RECENTLY_VALID: dict[int, Any] = {}


def _field_checks(action_type: type[Action]) -> tuple[tuple[str, Check, Any], ...]:
    checks = _FIELD_CHECKS.get(action_type)
    if checks is None:
        try:
            hints = typing.get_type_hints(action_type)
        except Exception:  # hints that do not resolve: check nothing rather than fail
            hints = {}
        limits = getattr(action_type, "field_limits", {})
        checks = tuple(
            (f.name, _check_for(hints.get(f.name, Any)), limits.get(f.name))
            for f in dataclasses.fields(action_type)
        )
        _FIELD_CHECKS[action_type] = checks
        _FAST_CHECKS[action_type] = tuple(
            (f.name, _fast_for(hints.get(f.name, Any), limits.get(f.name)))
            for f in dataclasses.fields(action_type)
        )
    return checks


def _quickly_valid(action: Action) -> bool:
    fast = _FAST_CHECKS.get(type(action))
    if fast is None:
        _field_checks(type(action))
        fast = _FAST_CHECKS[type(action)]
    for name, test in fast:  # noqa: SIM110 - a plain loop is faster than all() here
        if not test(getattr(action, name)):
            return False
    return True


def inspect_action(action: Any) -> tuple[Any, str | None]:
    """``(action, problem)``: the action with lists turned into tuples, and what is wrong.

    Every field is checked against its type hint and the class's
    ``field_limits``; ``problem`` names the first bad field, e.g.
    ``RollDice: field 'white' must be an integer, got True``, or is None.
    A bad action is returned unchanged.
    """
    if not isinstance(action, Action):
        return action, f"{short_repr(action)} is not an action"
    if _RECENTLY_VALID.get(id(action)) is action:
        return action, None
    if _quickly_valid(action):
        _remember_valid(action)
        return action, None
    changes: dict[str, Any] = {}
    for name, check, limit in _field_checks(type(action)):
        value = getattr(action, name)
        try:
            checked = check(value, limit)
        except _FieldError as error:
            return (
                action,
                f"{type(action).__name__}: field {name!r} {error}, got {short_repr(value)}",
            )
        if checked is not value:
            changes[name] = checked
    if changes:
        return dataclasses.replace(action, **changes), None
    _remember_valid(action)
    return action, None


def _remember_valid(action: Action) -> None:
    # Actions are frozen: one found valid stays valid. Remember a few by identity
    # (apply_action, check_action and a game's override each ask about the same object).
    if len(_RECENTLY_VALID) >= 512:
        _RECENTLY_VALID.clear()
    _RECENTLY_VALID[id(action)] = action


def validate_action(action: Any) -> Action:
    """The action (lists turned into tuples), or IllegalActionError naming the bad field.

    Examples
    --------
    >>> from hoteledu.core.actions import JointAction
    >>> validate_action(JointAction([]))
    JointAction(actions=())
    """
    checked, problem = inspect_action(action)
    if problem is not None:
        raise IllegalActionError(problem)
    return checked


def action_text(action: Any) -> str:
    """``str(action)``, or its fields if the action's own text fails (a field out of range)."""
    try:
        return str(action)
    except Exception:
        if dataclasses.is_dataclass(action):
            fields = ", ".join(
                f"{f.name}={short_repr(getattr(action, f.name, None))}"
                for f in dataclasses.fields(action)
            )
            return f"{type(action).__name__}({fields})"
        return short_repr(action)


def unusable_action_reason(action: Any, error: BaseException) -> str:
    """The message when checking ``action`` failed inside a game: name its fields."""
    fields = ""
    if dataclasses.is_dataclass(action):
        fields = ", ".join(
            f"{f.name}={short_repr(getattr(action, f.name, None), 30)}"
            for f in dataclasses.fields(action)
        )
    return (
        f"{action_text(action)} cannot be used here: a field has a value outside what the "
        f"game allows ({fields or 'no fields'}; the check failed with {type(error).__name__})"
    )
