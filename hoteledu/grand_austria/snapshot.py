"""Validating untrusted saved Grand Austria positions (records, saved games, the app's Load).

:func:`load_snapshot` fills a blank state from snapshot data and checks every
field on the way: its type, its range, that cards exist and are not in two
places, that every task on the stack has the right shape; then it asks the
loaded position what can be done (a deeper inconsistency is refused). Every
refusal is a :class:`~hoteledu.core.errors.MalformedRecordError` naming the
field, and the state's own methods never see malformed data.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from typing import Any

from hoteledu.core import snapshot_checks as sc
from hoteledu.core.errors import MalformedRecordError
from hoteledu.core.state import CHANCE, State, player_name
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria.hotel import (
    CAFE_SPACES,
    DICE_BY_PLAYERS,
    EMPEROR_TRACK_MAX,
    GUEST_SPACES,
    ROUNDS,
    TURN_ORDER_TILES,
)

_FIELD_CHECKS = {
    "int": "int",
    "bool": "bool",
    "str": "str",
    "dict[str, Any]": "dict",
    "tuple[int, ...]": "list",
    "Any": "*",
}
"""How a task field of each declared type is checked ("*": any JSON scalar or small list)."""
_PLAYER_TASK_SIGNATURES: dict[str, tuple[str, ...]] = {
    kind: tuple(_FIELD_CHECKS[str(f.type)] for f in dataclasses.fields(cls)[1:])
    for kind, cls in tk.TASK_TYPES.items()
    if issubclass(cls, tk.PlayerTask)
}
"""The checks of the fields after [kind, player], read off the task records."""
_OTHER_TASKS = {"flow", "emperor_scoring", "cleanup", "draft_pass", "refill", "start_player"}
_TURN_FLAGS = ("guest", "die", "boost", "bonus")
_FINAL_KEYS = ("staff", "rooms", "money", "items", "cafe")
MAX_TASKS = 500
"""Longest task stack a saved position may hold (a real one holds a few dozen)."""


def _task_item(value: Any, expected: str, name: str) -> Any:
    if expected == "int":
        return sc.int_value(value, name)
    if expected == "bool":
        return sc.bool_value(value, name)
    if expected == "str":
        if not isinstance(value, str) or len(value) > 40:
            raise MalformedRecordError(f"'{name}' must be a short text")
        return value
    if expected == "dict":
        if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
            raise MalformedRecordError(f"'{name}' must be an effect object with a 'kind'")
        return value
    if expected == "list":
        return sc.int_list(value, name, max_length=40)
    if isinstance(value, list):
        return [_task_item(v, "*", name) for v in sc.list_value(value, name, max_length=40)]
    if value is not None and not isinstance(value, (bool, int, str)):
        raise MalformedRecordError(f"'{name}' holds {value!r}")
    return value


def _check_task(task: Any, index: int, n: int) -> list[Any]:
    name = f"tasks[{index}]"
    if not isinstance(task, list) or not task or not isinstance(task[0], str):
        raise MalformedRecordError(f"'{name}' must be a list starting with the task's kind")
    kind = task[0]
    if kind in _PLAYER_TASK_SIGNATURES:
        signature = ("player", *_PLAYER_TASK_SIGNATURES[kind])
    elif kind == "roll":
        sc.int_value(task[1] if len(task) == 2 else None, f"{name} (roll)", 1, 6 * 14)
        return list(task)
    elif kind == "reveal":
        if len(task) != 3 or task[1] not in ("politics", "emperor") or task[2] not in "ABC":
            raise MalformedRecordError(f"'{name}' must be ['reveal', politics|emperor, A|B|C]")
        if not isinstance(task[2], str) or len(task[2]) != 1:
            raise MalformedRecordError(f"'{name}' must reveal card A, B or C")
        return list(task)
    elif kind == "flow":
        if len(task) != 2 or not isinstance(task[1], str):
            raise MalformedRecordError(f"'{name}' must be ['flow', step]")
        return list(task)
    elif kind in _OTHER_TASKS:
        if len(task) != 1:
            raise MalformedRecordError(f"'{name}' ({kind}) takes no arguments")
        return list(task)
    else:
        raise MalformedRecordError(f"'{name}' has an unknown kind {task[0]!r}")
    if len(task) != 1 + len(signature):
        raise MalformedRecordError(f"'{name}' ({kind}) must hold {len(signature)} values")
    sc.int_value(task[1], f"{name} player", 0, n - 1)
    for i, expected in enumerate(signature[1:], start=2):
        _task_item(task[i], expected, f"{name}[{i}]")
    return list(task)


def load_snapshot(state: State, snap: Mapping[str, Any]) -> None:
    """Fill ``state`` from untrusted snapshot data, checking every field."""

    sc.check_fields(snap, type(state)._FIELDS, "Grand Austria Hotel")
    n = state.n
    cat = fx.catalog()
    guests, staff = set(cat.guests), set(cat.staff)
    big = sc.MAX_SNAPSHOT_INT
    state.round = sc.int_value(snap["round"], "round", 0, ROUNDS)
    state.start_player = sc.int_value(snap["start_player"], "start_player", -1, n - 1)
    state.stage = sc.str_choice(snap["stage"], "stage", ("setup", "round", "over"))
    tiles = {tuple(t) for t in TURN_ORDER_TILES[n]}
    state.tiles = sc.per_player(
        snap["tiles"], "tiles", n, lambda v, name: sc.int_list(v, name, 2, 0, 2 * n)
    )
    dealt = sorted(tuple(t) for t in state.tiles)
    if dealt != sorted(tiles) and set(dealt) != {(0, 0)}:
        raise MalformedRecordError(
            f"'tiles' must be the turn order tiles {sorted(tiles)}, one each (or all [0, 0])"
        )
    state.covered = sc.int_list(snap["covered"], "covered", n, 0, 2)
    state.passed = sc.bool_list(snap["passed"], "passed", n)
    dice_count = DICE_BY_PLAYERS[n]
    state.dice = sc.int_list(snap["dice"], "dice", 6, 0, dice_count)
    state.dustbin = sc.int_value(snap["dustbin"], "dustbin", 0, dice_count)
    if sum(state.dice) + state.dustbin > dice_count:
        raise MalformedRecordError(
            f"'dice' and 'dustbin' hold {sum(state.dice) + state.dustbin} dice; "
            f"{n} players play with {dice_count} [GAH-D01]"
        )
    queue = sc.list_value(snap["queue"], "queue", GUEST_SPACES)
    state.queue = [None if g is None else sc.str_choice(g, "queue", guests) for g in queue]
    state.guest_deck = sc.id_list(snap["guest_deck"], "guest_deck", guests)
    state.guest_discard = sc.id_list(snap["guest_discard"], "guest_discard", guests)
    state.staff_deck = sc.id_list(snap["staff_deck"], "staff_deck", staff)
    state.staff_bottom = []
    for i, entry in enumerate(sc.list_value(snap["staff_bottom"], "staff_bottom")):
        pair = sc.list_value(entry, f"staff_bottom[{i}]", 2)
        state.staff_bottom.append(
            [
                sc.str_choice(pair[0], f"staff_bottom[{i}] card", staff),
                sc.int_value(pair[1], f"staff_bottom[{i}] player", -1, n - 1),
            ]
        )
    state.staff_discard = sc.id_list(snap["staff_discard"], "staff_discard", staff)
    state.politics = sc.id_list(snap["politics"], "politics", set(cat.politics), 3)
    state.emperor_tiles = sc.id_list(snap["emperor_tiles"], "emperor_tiles", set(cat.emperor), 3)
    if len(state.politics) != len(set(state.politics)) or len(state.emperor_tiles) != len(
        set(state.emperor_tiles)
    ):
        raise MalformedRecordError("'politics' and 'emperor_tiles' may not repeat a card")
    claims = sc.list_value(snap["claims"], "claims", 3)
    state.claims = [
        sc.int_list(c, f"claims[{i}]", low=0, high=n - 1, max_length=3)
        for i, c in enumerate(claims)
    ]
    for i, c in enumerate(state.claims):
        if len(set(c)) != len(c):
            raise MalformedRecordError(f"'claims[{i}]' names a player twice [GAH-P02]")
    state.money = sc.int_list(snap["money"], "money", n, 0, big)
    state.vp = sc.int_list(snap["vp"], "vp", n, -big, big)
    state.emperor = sc.int_list(snap["emperor"], "emperor", n, 0, EMPEROR_TRACK_MAX)
    state.kitchen = sc.per_player(
        snap["kitchen"], "kitchen", n, lambda v, name: sc.int_list(v, name, 4, 0, big)
    )
    state.fresh = sc.per_player(
        snap["fresh"], "fresh", n, lambda v, name: sc.int_list(v, name, 4, 0, big)
    )

    def cafe(value: Any, name: str) -> list[list[Any]]:
        entries = sc.list_value(value, name, max_length=CAFE_SPACES)
        out = []
        for i, entry in enumerate(entries):
            row = sc.list_value(entry, f"{name}[{i}]", 5)
            sc.str_choice(row[0], f"{name}[{i}] guest", guests)
            out.append([row[0], *sc.int_list(row[1:], f"{name}[{i}] items", 4, 0, 99)])
        return out

    state.cafe = sc.per_player(snap["cafe"], "cafe", n, cafe)
    state.rooms = sc.per_player(
        snap["rooms"], "rooms", n, lambda v, name: sc.int_list(v, name, len(cat.floor), 0, 2)
    )
    groups = set(cat.group_rooms)
    state.bonus_done = sc.per_player(
        snap["bonus_done"],
        "bonus_done",
        n,
        lambda v, name: sc.id_list(v, name, groups, len(groups)),
    )
    for key in ("hand", "staff", "used", "packets"):
        setattr(
            state,
            key,
            sc.per_player(snap[key], key, n, lambda v, name: sc.id_list(v, name, staff, 60)),
        )
    for p in range(n):
        if not set(state.used[p]) <= set(state.staff[p]):
            raise MalformedRecordError(f"'used[{p}]' lists a staff card {player_name(p)} lacks")
    state.offer = sc.id_list(snap["offer"], "offer", staff)
    sc.each_once(
        {
            "queue": [g for g in state.queue if g is not None],
            "guest_deck": state.guest_deck,
            "guest_discard": state.guest_discard,
            "cafe": [row[0] for rows in state.cafe for row in rows],
        },
        guests,
        "guest card",
    )
    sc.each_once(
        {
            "staff_deck": state.staff_deck,
            "staff_bottom": [c for c, _ in state.staff_bottom],
            "staff_discard": state.staff_discard,
            "hand": [c for h in state.hand for c in h],
            "staff": [c for h in state.staff for c in h],
            "offer": state.offer,
            "packets": [c for h in state.packets for c in h],
        },
        staff,
        "staff card",
    )
    tasks = sc.list_value(snap["tasks"], "tasks", max_length=MAX_TASKS)
    checked = copy.deepcopy([_check_task(t, i, n) for i, t in enumerate(tasks)])
    state.tasks = [tk.task_from_json(t) for t in checked]
    turn = snap["turn"]
    if turn is None:
        state.turn = None
    else:
        if (
            not isinstance(turn, dict)
            or not {"p", *_TURN_FLAGS} <= set(turn)
            or not set(turn) <= {"p", "acted", "gizia", *_TURN_FLAGS}
        ):
            raise MalformedRecordError(
                f"'turn' must be null or an object with {['p', *_TURN_FLAGS]} "
                "and optionally 'acted' and 'gizia'"
            )
        sc.int_value(turn["p"], "turn.p", 0, n - 1)
        for flag in (*_TURN_FLAGS, "acted"):
            if flag in turn:
                sc.bool_value(turn[flag], f"turn.{flag}")
        if "gizia" in turn:
            sc.int_value(turn["gizia"], "turn.gizia", 0, 100)
        state.turn = dict(turn)
    final = snap["final"]
    if final is None:
        state.final = None
    else:
        rows = sc.list_value(final, "final", n)
        state.final = []
        for p, row in enumerate(rows):
            if not isinstance(row, dict) or set(row) != set(_FINAL_KEYS):
                raise MalformedRecordError(f"'final[{p}]' must hold exactly {list(_FINAL_KEYS)}")
            for key in _FINAL_KEYS:
                sc.int_value(row[key], f"final[{p}].{key}", -big, big)
            state.final.append(dict(row))
    if (state.stage == "over") != (not state.tasks):
        raise MalformedRecordError("the task stack is empty exactly when the game is over")
    turn_tasks = [t for t in state.tasks if isinstance(t, tk.Turn)]
    if len(turn_tasks) > 1:
        raise MalformedRecordError("'tasks' holds more than one turn; one player moves at a time")
    if bool(turn_tasks) != (state.turn is not None) or (
        turn_tasks and state.turn is not None and state.turn["p"] != turn_tasks[0].player
    ):
        raise MalformedRecordError(
            "'turn' must describe the turn on the task stack (null when there is none)"
        )
    _probe(state)


def _probe(state: State) -> None:
    """Ask the loaded position what can be done now; a deeper inconsistency is refused."""
    try:
        mover = state.current_player()
        if mover >= 0 and not state.clone()._legal_actions(mover):
            raise MalformedRecordError(
                f"the saved Grand Austria position leaves {player_name(mover)} nothing to do "
                f"(task {sc.short_repr(state.tasks[-1].to_json())})"
            )
        if mover == CHANCE and state.tasks[-1].kind != "roll":
            state.clone().chance_outcomes()
    except MalformedRecordError:
        raise
    except Exception as error:  # the position contradicts itself somewhere
        raise MalformedRecordError(
            f"the saved Grand Austria position is inconsistent: {sc.short_repr(error, 120)}"
        ) from None
