"""Actions: small frozen dataclasses with a readable text and a stable JSON form."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from hoteledu.core.errors import MalformedRecordError


def limits(**allowed: range | tuple[str, ...]) -> Mapping[str, range | tuple[str, ...]]:
    """Allowed values of an action's fields: ``field_limits = limits(face=range(1, 7))``."""
    return MappingProxyType(allowed)


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, Action):
        return value.to_json()
    if isinstance(value, (tuple, list)):
        return [_to_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _to_jsonable(v) for k, v in value.items()}
    return value


def _from_jsonable(value: Any) -> Any:
    # Lists become tuples so that parsed actions are hashable like the originals.
    if isinstance(value, list):
        return tuple(_from_jsonable(v) for v in value)
    return value


@dataclasses.dataclass(frozen=True)
class Action:
    """Base class of every action: a frozen dataclass.

    Subclasses override ``__str__`` with words a player would use.
    The JSON form is ``{"type": ClassName, field: value, ...}``.

    Fields are checked against their type hints before an action is used
    (``hoteledu.core.validation``); ``field_limits`` adds the allowed values
    of a field: a ``range`` for an integer (or each integer of a tuple), a
    tuple of texts for a text. It only words the refusal of a value the
    game's own check cannot handle; the game still decides legality.
    """

    # Not annotated, so that it is no dataclass field (nor in __dataclass_fields__);
    # the typed constructor tells mypy its type.
    field_limits = MappingProxyType[str, Any]({})

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(self).__name__}
        for field in dataclasses.fields(self):
            data[field.name] = _to_jsonable(getattr(self, field.name))
        return data

    def __str__(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({args})"


@dataclasses.dataclass(frozen=True)
class JointAction(Action):
    """One action per player, taken at once at a SIMULTANEOUS node."""

    actions: tuple[Action, ...]

    def __post_init__(self) -> None:
        # Built from a list, the action would differ from its own JSON round trip.
        if isinstance(self.actions, list):
            object.__setattr__(self, "actions", tuple(self.actions))

    def __str__(self) -> str:
        return " | ".join(f"P{p + 1}: {a}" for p, a in enumerate(self.actions))


class ActionCodec:
    """Parses the JSON form of a game's actions back into action objects."""

    builtin: ClassVar[tuple[type[Action], ...]] = (JointAction,)

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {t.__name__: t for t in self.builtin}
        for action_type in action_types:
            self.types[action_type.__name__] = action_type

    def parse(self, data: Any) -> Action:
        """The action of this JSON data; MalformedRecordError naming the type or field."""
        # Imported here: validation imports this module.
        from hoteledu.core.validation import inspect_action, short_repr

        if not isinstance(data, Mapping) or "type" not in data:
            raise MalformedRecordError(
                f"an action must be an object with a 'type', got {short_repr(data)}"
            )
        name = data["type"]
        action_type = self.types.get(name) if isinstance(name, str) else None
        if action_type is None:
            known = ", ".join(sorted(self.types))
            raise MalformedRecordError(
                f"unknown action type {short_repr(name)}; known types: {known}"
            )
        fields = {f.name for f in dataclasses.fields(action_type)}
        given = set(data) - {"type"}
        if given != fields:
            got = short_repr(sorted(map(str, given)))
            raise MalformedRecordError(f"action {name} needs fields {sorted(fields)}, got {got}")
        if action_type is JointAction:
            if not isinstance(data["actions"], list):
                raise MalformedRecordError("JointAction.actions must be a list")
            return JointAction(tuple(self.parse(a) for a in data["actions"]))
        kwargs = {k: _from_jsonable(v) for k, v in data.items() if k != "type"}
        try:
            action = action_type(**kwargs)
        except (TypeError, ValueError) as error:
            raise MalformedRecordError(f"action {name}: {error}") from error
        action, problem = inspect_action(action)
        if problem is not None:
            raise MalformedRecordError(problem)
        return action
