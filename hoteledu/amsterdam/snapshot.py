"""Validating an untrusted saved Hotel Amsterdam position (``from_snapshot`` data).

A saved state comes from a file or a student: :func:`checked_snapshot`
returns its fields as the engine holds them (tuples for places) or raises
``MalformedRecordError`` naming the field, or the rule the position breaks.
It reads only the data; the state's ``from_snapshot`` then takes the values.

Examples
--------
>>> from hoteledu.amsterdam.rules import new_game
>>> state = new_game()
>>> values = checked_snapshot(state.to_snapshot(), state.options, state.to_snapshot())
>>> values["mayor"], values["phase"]
((3, 3), 'roll dice')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from hoteledu.amsterdam.board import (
    BEND_LIST,
    CANAL_TILES,
    DIE_FACES,
    HOTELS_PER_PLAYER,
    INTERSECTION_INDEX,
    MAX_STEPS,
    NUM_PLACES,
    TOTAL_TOURISTS,
)
from hoteledu.amsterdam.phases import CHASE, DEAL, OVER, PHASES
from hoteledu.amsterdam.tiles import FUNCTIONS, TILES
from hoteledu.core import snapshot_checks
from hoteledu.core.errors import MalformedRecordError
from hoteledu.core.state import player_name


def _int_list(value: Any, name: str, length: int, low: int, high: int) -> list[int]:
    return snapshot_checks.int_list(value, name, length, low, high)


def _int(value: Any, name: str, low: int, high: int) -> int:
    return _int_list([value], name, 1, low, high)[0]


def _intersection(value: Any, name: str) -> tuple[int, int]:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or tuple(value) not in INTERSECTION_INDEX
    ):
        raise MalformedRecordError(f"'{name}' must be an intersection [i, j] with i, j in 1..6")
    return (int(value[0]), int(value[1]))


def checked_snapshot(
    snap: Any, options: Mapping[str, Any], fields: Collection[str]
) -> dict[str, Any]:
    """The fields of a saved position, checked; ``MalformedRecordError`` names what is wrong.

    Parameters
    ----------
    snap : mapping
        The untrusted ``to_snapshot()`` data (parsed JSON).
    options : mapping
        The game's options (already checked): ``players`` and ``end_rule`` are read.
    fields : collection of str
        The field names a position has (a new state's ``to_snapshot()``).

    Returns
    -------
    dict
        Field -> value in the engine's types (intersections as tuples, ``dice``
        and ``steps`` as tuples), the same names as ``to_snapshot()``.
    """
    snapshot_checks.check_fields(snap, fields, "Hotel Amsterdam")
    n = options["players"]
    out: dict[str, Any] = {}
    out["tile_at"] = tile_at = _int_list(snap["tile_at"], "tile_at", NUM_PLACES, -1, len(TILES) - 1)
    dealt = [t for t in tile_at if t >= 0]
    if len(set(dealt)) != len(dealt):
        raise MalformedRecordError("'tile_at' places one building tile twice")
    if not isinstance(snap["day_up"], list) or len(snap["day_up"]) != NUM_PLACES:
        raise MalformedRecordError(f"'day_up' must be a list of {NUM_PLACES} booleans")
    if not all(isinstance(v, bool) for v in snap["day_up"]):
        raise MalformedRecordError("'day_up' must hold booleans")
    out["day_up"] = list(snap["day_up"])
    out["tourists"] = _int_list(snap["tourists"], "tourists", NUM_PLACES + 1, 0, TOTAL_TOURISTS)
    out["quays"] = _int_list(snap["quays"], "quays", len(BEND_LIST), 0, TOTAL_TOURISTS)
    out["boat"] = _int(snap["boat"], "boat", 0, len(CANAL_TILES) - 1)
    for name in ("boat_load", "supply", "chased"):
        out[name] = _int(snap[name], name, 0, TOTAL_TOURISTS)
    out["chase_function"] = _int(snap["chase_function"], "chase_function", -1, len(FUNCTIONS) - 1)
    hotels = snap["hotels"]
    if not isinstance(hotels, list) or len(hotels) != n:
        raise MalformedRecordError(f"'hotels' must hold one list per player ({n})")
    out["hotels"] = []
    for p, own in enumerate(hotels):
        if not isinstance(own, list) or len(own) > HOTELS_PER_PLAYER:
            raise MalformedRecordError(
                f"{player_name(p)} may have at most {HOTELS_PER_PLAYER} hotels [AMS-01]"
            )
        out["hotels"].append([_intersection(x, f"hotels[{p}]") for x in own])
    every = [x for h in out["hotels"] for x in h]
    if len(set(every)) != len(every):
        raise MalformedRecordError("two hotels stand on one intersection [AMS-13]")
    out["mayor"] = _intersection(snap["mayor"], "mayor")
    out["nightwatchman"] = _intersection(snap["nightwatchman"], "nightwatchman")
    if out["mayor"] == out["nightwatchman"]:
        raise MalformedRecordError(
            "the Mayor and the Nightwatchman cannot be on the same location [AMS-17]"
        )
    out["player"] = _int(snap["player"], "player", 0, n - 1)
    out["turns_taken"] = _int_list(snap["turns_taken"], "turns_taken", n, 0, 10_000)
    if snap["phase"] not in PHASES:
        raise MalformedRecordError(f"unknown phase {snap['phase']!r}; phases: {PHASES}")
    out["phase"] = phase = snap["phase"]
    if (phase == DEAL) != (-1 in tile_at):
        raise MalformedRecordError("tiles are undealt exactly during the 'deal tiles' phase")
    dice = snap["dice"]
    low, high = min(DIE_FACES), max(DIE_FACES)
    out["dice"] = None if dice is None else tuple(_int_list(dice, "dice", 2, low, high))
    out["steps"] = tuple(_int_list(snap["steps"], "steps", 2, 0, MAX_STEPS))
    for key in ("acting_mayor", "target_reached"):
        if not isinstance(snap[key], bool):
            raise MalformedRecordError(f"'{key}' must be true or false")
        out[key] = snap[key]
    if out["target_reached"] and options["end_rule"] == "immediate" and phase != OVER:
        raise MalformedRecordError(
            "a player has reached the target, so the game is over (end_rule='immediate') [AMS-25]"
        )
    total = (
        sum(out["tourists"]) + sum(out["quays"]) + out["boat_load"] + out["supply"] + out["chased"]
    )
    if total != TOTAL_TOURISTS:
        raise MalformedRecordError(
            f"the position holds {total} tourists, not {TOTAL_TOURISTS} [AMS-05]"
        )
    if phase == CHASE and (out["chased"] == 0 or out["chase_function"] < 0):
        raise MalformedRecordError("the 'chased tourists' phase needs chased tourists")
    return out


__all__ = ["checked_snapshot"]
