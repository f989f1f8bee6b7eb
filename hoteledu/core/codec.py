"""Reading untrusted JSON: text of bounded size, and actions from their JSON form.

Records, saved states and widget messages come from outside (a file, a paste,
an upload); everything here refuses bad data with a MalformedRecordError that
says why, and nothing else escapes.
"""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.errors import MalformedRecordError
from hoteledu.core.validation import MAX_JSON_DEPTH, inspect_action, short_repr


def parse_json_text(text: str | bytes | bytearray, *, what: str, max_bytes: int) -> Any:
    """Parse untrusted JSON text: size first, then UTF-8, then the parser's own errors.

    Every failure is a MalformedRecordError with the reason; nothing else escapes.

    Examples
    --------
    >>> parse_json_text('{"game": "amsterdam"}', what="the record", max_bytes=100)
    {'game': 'amsterdam'}
    >>> parse_json_text("[1, 2", what="the record", max_bytes=100)
    Traceback (most recent call last):
    ...
    hoteledu.core.errors.MalformedRecordError: the record is not valid JSON: ...
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise MalformedRecordError(
                f"{what} is too large: {len(text)} bytes; the limit is {max_bytes} bytes"
            )
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise MalformedRecordError(f"{what} is not UTF-8 text: {error}") from None
    if not isinstance(text, str):
        raise MalformedRecordError(f"{what} must be JSON text, got {type(text).__name__}")
    if len(text) > max_bytes:  # each character is at least one byte
        raise MalformedRecordError(
            f"{what} is too large: {len(text)} characters; the limit is {max_bytes} bytes"
        )
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as error:
        raise MalformedRecordError(f"{what} is not UTF-8 text: {error}") from None
    if size > max_bytes:
        raise MalformedRecordError(
            f"{what} is too large: {size} bytes; the limit is {max_bytes} bytes"
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise MalformedRecordError(f"{what} is not valid JSON: {error}") from None
    except RecursionError:
        raise MalformedRecordError(
            f"{what} is nested too deeply: more than {MAX_JSON_DEPTH} levels of lists and objects"
        ) from None
    except ValueError as error:  # e.g. an integer of more than 4300 digits
        raise MalformedRecordError(f"{what} holds a value JSON cannot load: {error}") from None


def read_limited(path: str | Path, *, what: str, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; never blocks on a pipe or device."""
    try:
        info = os.stat(path)
    except OSError as error:
        raise MalformedRecordError(f"cannot read {what}: {error.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise MalformedRecordError(f"cannot read {what}: not a regular file")
    if info.st_size > max_bytes:
        raise MalformedRecordError(
            f"{what} is too large: {info.st_size} bytes; the limit is {max_bytes} bytes"
        )
    try:
        with open(path, "rb") as file:
            data = file.read(max_bytes + 1)
    except OSError as error:
        raise MalformedRecordError(f"cannot read {what}: {error.strerror}") from None
    if len(data) > max_bytes:
        raise MalformedRecordError(f"{what} is too large: the limit is {max_bytes} bytes")
    return data


def _from_jsonable(value: Any) -> Any:
    # Lists become tuples so that parsed actions are hashable like the originals.
    if isinstance(value, list):
        return tuple(_from_jsonable(v) for v in value)
    return value


class ActionCodec:
    """Parses the JSON form of a game's actions back into action objects.

    Examples
    --------
    >>> ActionCodec([]).parse({"type": "JointAction", "actions": []})
    JointAction(actions=())
    >>> ActionCodec([]).parse({"type": "Teleport"})
    Traceback (most recent call last):
    ...
    hoteledu.core.errors.MalformedRecordError: unknown action type 'Teleport'; known types: ...
    """

    builtin: ClassVar[tuple[type[Action], ...]] = (JointAction,)

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {t.__name__: t for t in self.builtin}
        for action_type in action_types:
            self.types[action_type.__name__] = action_type

    def parse(self, data: Any) -> Action:
        """The action of this JSON data; MalformedRecordError naming the type or field."""
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
