"""The task records of Grand Austria's task stack: one small frozen class per kind.

The state is a stack of tasks (:attr:`GrandAustriaState.tasks`): a decision of
one player, a chance node or an automatic step. Each kind is a frozen
dataclass with named fields; its JSON form is today's list ``[kind, field,
...]`` (the fields in the order declared), so saved games of before the typed
tasks still load. :data:`TASK_TYPES` maps a kind to its class.

Examples
--------
>>> task = Prepare(player=0, count=3, discount=0, free=False, max_floor=3, occupy=False,
...                colour="any")
>>> task.to_json()
['prepare', 0, 3, 0, False, 3, False, 'any']
>>> task_from_json(task.to_json()) == task
True
>>> task.less().count
2
"""

from __future__ import annotations

import dataclasses
import operator
from typing import Any, ClassVar


@dataclasses.dataclass(frozen=True, slots=True)
class Task:
    """A task on the stack; ``kind`` names it in its JSON form ``[kind, *fields]``."""

    kind: ClassVar[str] = ""

    def to_json(self) -> list[Any]:
        out: list[Any] = [self.kind]
        for name in _FIELD_NAMES[type(self)]:
            value = getattr(self, name)
            out.append(list(value) if isinstance(value, tuple) else value)
        return out

    def less(self, **changes: Any) -> Any:
        """The same task with one fewer to go (the kinds with a ``count``), and ``changes``."""
        cls = type(self)
        values = list(_FIELD_VALUES[cls](self))  # the fields in order, read at once
        values[_COUNT_INDEX[cls]] -= 1
        for name, value in changes.items():
            values[_FIELD_NAMES[cls].index(name)] = value
        return cls(*values)


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerTask(Task):
    """A task of one player (a decision, or a draw into that player's hand)."""

    player: int


# ------------------------------------------------------------- decisions
@dataclasses.dataclass(frozen=True, slots=True)
class Turn(PlayerTask):
    """A player's turn: a guest, a die (or pass), additional actions, end (GAH-R03)."""

    kind: ClassVar[str] = "turn"


@dataclasses.dataclass(frozen=True, slots=True)
class Items(PlayerTask):
    """Actions 1 and 2: ``strength`` strudel/cake (``pair`` 0) or wine/coffee (1)."""

    kind: ClassVar[str] = "items"
    pair: int
    strength: int


@dataclasses.dataclass(frozen=True, slots=True)
class Serve(PlayerTask):
    """Serve up to ``count`` items from ``source`` ("fresh" or "kitchen") onto orders."""

    kind: ClassVar[str] = "serve"
    source: str
    count: int


@dataclasses.dataclass(frozen=True, slots=True)
class Prepare(PlayerTask):
    """Prepare up to ``count`` rooms (action 3, setup, rewards) on these terms."""

    kind: ClassVar[str] = "prepare"
    count: int
    discount: int = 0
    free: bool = False
    max_floor: int = 3
    occupy: bool = False
    colour: str = "any"


@dataclasses.dataclass(frozen=True, slots=True)
class Split(PlayerTask):
    """Action 4: split ``strength`` between the emperor and money tracks."""

    kind: ClassVar[str] = "split"
    strength: int


@dataclasses.dataclass(frozen=True, slots=True)
class Hire(PlayerTask):
    """Play a staff card from ``source`` ("hand" or "offer") with ``discount`` off."""

    kind: ClassVar[str] = "hire"
    discount: int
    mandatory: bool
    source: str


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseItem(PlayerTask):
    """Choose the dish or drink of a reward, ``count`` times."""

    kind: ClassVar[str] = "choose_item"
    count: int


@dataclasses.dataclass(frozen=True, slots=True)
class Occupy(PlayerTask):
    """Occupy up to ``count`` prepared rooms of ``colour`` ("any" for all)."""

    kind: ClassVar[str] = "occupy"
    count: int
    colour: str


@dataclasses.dataclass(frozen=True, slots=True)
class FreeGuest(PlayerTask):
    """Take a guest as a reward (``free``: without paying its space)."""

    kind: ClassVar[str] = "free_guest"
    free: bool


@dataclasses.dataclass(frozen=True, slots=True)
class SetupGuest(PlayerTask):
    """Setup: take a face-up guest into the café, free (GAH-S07)."""

    kind: ClassVar[str] = "setup_guest"


@dataclasses.dataclass(frozen=True, slots=True)
class CompleteOrder(PlayerTask):
    """Complete the order of a café guest of ``colour`` ("any" for all)."""

    kind: ClassVar[str] = "complete_order"
    colour: str


@dataclasses.dataclass(frozen=True, slots=True)
class DraftPick(PlayerTask):
    """Experienced variant: keep one staff card of the packet (GAH-S10)."""

    kind: ClassVar[str] = "draft_pick"


@dataclasses.dataclass(frozen=True, slots=True)
class RemoveRooms(PlayerTask):
    """Emperor penalty: remove ``count`` rooms of ``status`` from the highest floor.

    With ``one_per_floor`` (tile C2) a floor in ``floors_done`` is skipped.
    """

    kind: ClassVar[str] = "remove_rooms"
    count: int
    status: int
    one_per_floor: bool
    floors_done: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class ReturnStaff(PlayerTask):
    """Emperor penalty: put ``count`` staff cards from the hand under the deck."""

    kind: ClassVar[str] = "return_staff"
    count: int


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardStaff(PlayerTask):
    """Emperor penalty: discard ``count`` played staff cards of ``timing``."""

    kind: ClassVar[str] = "discard_staff"
    count: int
    timing: str


@dataclasses.dataclass(frozen=True, slots=True)
class Conference(PlayerTask):
    """Conference Manager: pay ``fee`` or accept the penalty of emperor ``tile``."""

    kind: ClassVar[str] = "conference"
    tile: Any
    fee: int


@dataclasses.dataclass(frozen=True, slots=True)
class ExtraAction(PlayerTask):
    """E. Gizia (option extra_action): one action of a space with dice, no die taken."""

    kind: ClassVar[str] = "extra_action"


@dataclasses.dataclass(frozen=True, slots=True)
class ChoosePenalty(PlayerTask):
    """Choose which option of emperor ``tile``'s penalty to take (GAH-E04)."""

    kind: ClassVar[str] = "choose_penalty"
    tile: str


# ------------------------------------------------------------ automatic
@dataclasses.dataclass(frozen=True, slots=True)
class Effect(PlayerTask):
    """Carry out one card effect (its JSON form) for the player."""

    kind: ClassVar[str] = "effect"
    effect: dict[str, Any]


@dataclasses.dataclass(frozen=True, slots=True)
class OfferRest(PlayerTask):
    """Put the staff cards drawn and not played under the deck."""

    kind: ClassVar[str] = "offer_rest"


@dataclasses.dataclass(frozen=True, slots=True)
class Flow(Task):
    """A step of the game's flow (setup, round start, next turn, round end, final)."""

    kind: ClassVar[str] = "flow"
    step: str


@dataclasses.dataclass(frozen=True, slots=True)
class EmperorScoring(Task):
    kind: ClassVar[str] = "emperor_scoring"


@dataclasses.dataclass(frozen=True, slots=True)
class Cleanup(Task):
    kind: ClassVar[str] = "cleanup"


@dataclasses.dataclass(frozen=True, slots=True)
class DraftPass(Task):
    kind: ClassVar[str] = "draft_pass"


# ---------------------------------------------------------------- chance
@dataclasses.dataclass(frozen=True, slots=True)
class DrawStaff(PlayerTask):
    """Draw a staff card into ``dest``: "hand", "packet" or "offer"."""

    kind: ClassVar[str] = "draw_staff"
    dest: str


@dataclasses.dataclass(frozen=True, slots=True)
class Roll(Task):
    """Roll ``dice`` dice onto the action spaces."""

    kind: ClassVar[str] = "roll"
    dice: int


@dataclasses.dataclass(frozen=True, slots=True)
class Reveal(Task):
    """Reveal card ``letter`` of ``what`` ("politics" or "emperor")."""

    kind: ClassVar[str] = "reveal"
    what: str
    letter: str


@dataclasses.dataclass(frozen=True, slots=True)
class Refill(Task):
    """Draw a guest onto the leftmost empty space of the row."""

    kind: ClassVar[str] = "refill"


@dataclasses.dataclass(frozen=True, slots=True)
class StartPlayer(Task):
    """Choose the start player."""

    kind: ClassVar[str] = "start_player"


TASK_TYPES: dict[str, type[Task]] = {
    cls.kind: cls
    for cls in (
        Turn,
        Items,
        Serve,
        Prepare,
        Split,
        Hire,
        ChooseItem,
        Occupy,
        FreeGuest,
        SetupGuest,
        CompleteOrder,
        DraftPick,
        RemoveRooms,
        ReturnStaff,
        DiscardStaff,
        Conference,
        ExtraAction,
        ChoosePenalty,
        Effect,
        OfferRest,
        Flow,
        EmperorScoring,
        Cleanup,
        DraftPass,
        DrawStaff,
        Roll,
        Reveal,
        Refill,
        StartPlayer,
    )
}
"""Every task kind, by the name its JSON form starts with."""
_FIELD_NAMES: dict[type[Task], tuple[str, ...]] = {
    cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in TASK_TYPES.values()
}
_FIELD_VALUES = {
    cls: operator.attrgetter(*names) for cls, names in _FIELD_NAMES.items() if len(names) > 1
}
"""Per kind of two fields or more: a function reading them all, as a tuple, in order."""
_COUNT_INDEX = {
    cls: names.index("count") for cls, names in _FIELD_NAMES.items() if "count" in names
}
CHANCE_TASKS = frozenset({"start_player", "reveal", "refill", "draw_staff", "roll"})
AUTO_TASKS = frozenset({"flow", "effect", "offer_rest", "emperor_scoring", "cleanup", "draft_pass"})


# Tasks without a player are immutable values: the engine pushes these shared ones.
FLOW_DRAFT = Flow("draft")
FLOW_FINAL = Flow("final")
FLOW_INTRODUCTORY = Flow("introductory")
FLOW_NEXT = Flow("next")
FLOW_ROUND_END = Flow("round_end")
FLOW_ROUND_START = Flow("round_start")
FLOW_SETUP_GUESTS = Flow("setup_guests")
FLOW_SETUP_ROOMS = Flow("setup_rooms")
REFILL = Refill()
START_PLAYER = StartPlayer()
CLEANUP = Cleanup()
EMPEROR_SCORING = EmperorScoring()
DRAFT_PASS = DraftPass()
SERVE_FRESH = tuple(Serve(p, "fresh", 99) for p in range(4))
"""Each player's task of serving new dishes and drinks (as many as the orders take)."""
TURNS = tuple(Turn(p) for p in range(4))
"""Each player's turn task (tasks are immutable: one object a player serves every turn)."""


_SHARED: dict[tuple[Any, ...], Task] = {}


def shared(cls: type[Task], *fields: Any) -> Any:
    """The task ``cls(*fields)``, one object per value (building a frozen record costs
    a microsecond, a look-up a tenth of that).

    Tasks are values: the engine never changes one, and where it looks for a
    task by identity (``stages.count_down``) the task sought is the one on top,
    nothing equal to it having been pushed above it. Kept per value, for the
    kinds a turn pushes (a few hundred values in all).
    """
    key = (cls, *fields)
    task = _SHARED.get(key)
    if task is None:
        task = _SHARED[key] = cls(*fields)
    return task


def json_fields(cls: type[Task]) -> tuple[str, ...]:
    """The field names of ``cls`` in the order of its JSON form."""
    return _FIELD_NAMES[cls]


def task_from_json(data: list[Any]) -> Task:
    """The task of a JSON list ``[kind, *fields]`` (checked by the snapshot loader first)."""
    cls = TASK_TYPES[data[0]]
    values = dict(zip(json_fields(cls), data[1:], strict=True))
    if cls is RemoveRooms:
        values["floors_done"] = tuple(values["floors_done"])
    return cls(**values)
