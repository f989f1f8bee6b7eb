"""Checks for a saved position (``from_snapshot`` data), shared by the games.

A saved state is untrusted data: each helper returns a clean copy of a value
or raises ``MalformedRecordError`` naming the field and what it must hold.
Booleans are never numbers here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from hoteledu.core.errors import MalformedRecordError
from hoteledu.core.validation import short_repr

MAX_SNAPSHOT_INT = 10**6
"""Largest count, amount or score a saved position may hold (real games stay far below)."""


def check_fields(snap: Any, expected: Collection[str], game: str) -> Mapping[str, Any]:
    """``snap`` must be an object with exactly the fields ``expected``."""
    expected = set(expected)
    if not isinstance(snap, Mapping) or set(snap) != expected:
        given = {str(k) for k in snap} if isinstance(snap, Mapping) else set()
        raise MalformedRecordError(
            f"a {game} position needs exactly the fields {sorted(expected)}; "
            f"missing {sorted(expected - given)}, unknown {sorted(given - expected)}"
        )
    return snap


def is_plain_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def int_value(value: Any, name: str, low: int = 0, high: int = MAX_SNAPSHOT_INT) -> int:
    if not is_plain_int(value) or not low <= value <= high:
        raise MalformedRecordError(
            f"'{name}' must be an integer in {low}..{high}, got {short_repr(value)}"
        )
    return int(value)


def bool_value(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise MalformedRecordError(f"'{name}' must be true or false, got {short_repr(value)}")
    return value


def str_choice(value: Any, name: str, allowed: Collection[Any]) -> Any:
    if not isinstance(value, (str, int)) or isinstance(value, bool) or value not in allowed:
        shown = sorted(allowed, key=str)
        raise MalformedRecordError(
            f"'{name}' must be one of {shown[:20]}{'...' if len(shown) > 20 else ''}, "
            f"got {short_repr(value)}"
        )
    return value


def list_value(value: Any, name: str, length: int | None = None, max_length: int = 10_000) -> list:
    """A list of exactly ``length`` items (or at most ``max_length``)."""
    if not isinstance(value, list):
        raise MalformedRecordError(f"'{name}' must be a list, got {short_repr(value)}")
    if length is not None and len(value) != length:
        raise MalformedRecordError(f"'{name}' must hold {length} items, not {len(value)}")
    if len(value) > max_length:
        raise MalformedRecordError(f"'{name}' holds {len(value)} items; at most {max_length}")
    return value


def int_list(
    value: Any,
    name: str,
    length: int | None = None,
    low: int = 0,
    high: int = MAX_SNAPSHOT_INT,
    max_length: int = 10_000,
) -> list[int]:
    """A list of integers in ``low..high``: exactly ``length`` of them if given."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = f"{length} " if length is not None else ""
        raise MalformedRecordError(f"'{name}' must be a list of {size}integers")
    if len(value) > max_length:
        raise MalformedRecordError(f"'{name}' holds {len(value)} items; at most {max_length}")
    for v in value:
        if not is_plain_int(v) or not low <= v <= high:
            raise MalformedRecordError(
                f"'{name}' holds {short_repr(v)}; each must be an integer in {low}..{high}"
            )
    return list(value)


def bool_list(value: Any, name: str, length: int) -> list[bool]:
    if not isinstance(value, list) or len(value) != length:
        raise MalformedRecordError(f"'{name}' must be a list of {length} booleans")
    if not all(isinstance(v, bool) for v in value):
        raise MalformedRecordError(f"'{name}' must hold only true or false")
    return list(value)


def id_list(value: Any, name: str, known: Collection[Any], max_length: int = 10_000) -> list[Any]:
    """A list of card ids, each one of ``known``."""
    items = list_value(value, name, max_length=max_length)
    for v in items:
        str_choice(v, name, known)
    return list(items)


def per_player(value: Any, name: str, n: int, check: Callable[[Any, str], Any]) -> list[Any]:
    """One entry per player, each checked by ``check(entry, 'name[p]')``."""
    if not isinstance(value, list) or len(value) != n:
        raise MalformedRecordError(f"'{name}' must hold one entry per player ({n})")
    return [check(v, f"{name}[{p}]") for p, v in enumerate(value)]


def each_once(places: Mapping[str, list[Any]], every: Collection[Any], what: str) -> None:
    """Card conservation: every card of ``every`` is in exactly one of ``places``."""
    seen: dict[Any, str] = {}
    for place, cards in places.items():
        for card in cards:
            if card in seen:
                raise MalformedRecordError(
                    f"{what} {short_repr(card)} is both in '{seen[card]}' and in '{place}'"
                )
            seen[card] = place
    missing = set(every) - set(seen)
    if missing:
        raise MalformedRecordError(
            f"{what}s {sorted(missing, key=str)[:10]} are nowhere in the position "
            f"(each must be in exactly one of {list(places)})"
        )
