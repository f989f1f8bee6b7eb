"""Actions: small frozen dataclasses with a readable text and a stable JSON form."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


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
