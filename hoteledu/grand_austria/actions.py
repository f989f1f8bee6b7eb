"""The actions of Grand Austria Hotel: one small decision each.

A turn is a sequence of these: optionally :class:`TakeGuest`, then
:class:`TakeDie` (or :class:`Pass`), then the choices the action asks for
(:class:`TakeItems`, :class:`Prepare`, :class:`Split`, :class:`Hire`,
:class:`Serve`), then additional actions and :class:`EndTurn`. Chance
outcomes (:class:`Roll`, :class:`DrawGuest`, :class:`DrawStaff`, ...) are
actions too, so a record replays without a random generator.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hoteledu.core.actions import Action, limits
from hoteledu.core.state import player_name
from hoteledu.grand_austria.vocabulary import ITEMS  # re-exported: the order of every 4-tuple

ACTION_NAMES = {
    1: "strudel/cake",
    2: "wine/coffee",
    3: "prepare rooms",
    4: "emperor/money",
    5: "play a staff card",
    6: "any action",
}


ITEM_INDICES = range(len(ITEMS))


def _item_name(item: int) -> str:
    return ITEMS[item] if item in ITEM_INDICES else f"item {item}"


def _items_text(counts: tuple[int, ...]) -> str:
    parts = [f"{k} {name}" for k, name in zip(counts, ITEMS, strict=False) if k]
    return ", ".join(parts) if parts else "nothing"


# ------------------------------------------------------------------ chance
@dataclasses.dataclass(frozen=True)
class StartPlayer(Action):
    """Chance: the start player (takes turn order tile 1)."""

    player: int
    field_limits = limits(player=range(4))

    def __str__(self) -> str:
        return f"{player_name(self.player)} is the start player"


@dataclasses.dataclass(frozen=True)
class Reveal(Action):
    """Chance: a politics card or emperor tile of one letter is revealed."""

    what: str
    card: int | str

    def __str__(self) -> str:
        return f"reveal {self.what} {self.card}"


@dataclasses.dataclass(frozen=True)
class DrawGuest(Action):
    """Chance: the guest card that refills the leftmost guest space."""

    guest: int

    def __str__(self) -> str:
        return f"guest {self.guest} is drawn"


@dataclasses.dataclass(frozen=True)
class DrawStaff(Action):
    """Chance: a staff card drawn from the staff deck."""

    card: int

    def __str__(self) -> str:
        return f"staff card {self.card} is drawn"


@dataclasses.dataclass(frozen=True)
class Roll(Action):
    """Chance: the dice are rolled and sorted; ``counts`` are the dice on spaces 1..6."""

    counts: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + " ".join(f"{s + 1}:{k}" for s, k in enumerate(self.counts))


# --------------------------------------------------------------- decisions
@dataclasses.dataclass(frozen=True)
class PickStaff(Action):
    """Staff draft (experienced variant): keep one card of the packet."""

    card: int

    def __str__(self) -> str:
        return f"keep staff card {self.card}"


@dataclasses.dataclass(frozen=True)
class TakeGuest(Action):
    """Take the face-up guest on guest space ``slot`` (0 = leftmost, cost 3)."""

    slot: int

    def __str__(self) -> str:
        return f"take the guest on space {self.slot}"


@dataclasses.dataclass(frozen=True)
class TakeDie(Action):
    """Take a die from ``space``; ``boost`` pays 1 krone for +1 strength;
    on space 6 ``imitate`` names the action 1..5 carried out."""

    space: int
    boost: bool = False
    imitate: int = 0
    field_limits = limits(space=range(1, 7), imitate=range(6))

    def __str__(self) -> str:
        text = f"take a die from space {self.space}"
        if self.space == 6:
            text += f" as action {self.imitate} ({ACTION_NAMES.get(self.imitate, '?')})"
        else:
            text += f" ({ACTION_NAMES.get(self.space, '?')})"
        return text + (" +1 for a krone" if self.boost else "")


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclasses.dataclass(frozen=True)
class TakeItems(Action):
    """Receive dishes/drinks: counts of strudel, cake, wine, coffee."""

    strudel: int = 0
    cake: int = 0
    wine: int = 0
    coffee: int = 0

    @property
    def counts(self) -> tuple[int, int, int, int]:
        return (self.strudel, self.cake, self.wine, self.coffee)

    def __str__(self) -> str:
        return "take " + _items_text(self.counts)


@dataclasses.dataclass(frozen=True)
class Gain(Action):
    """Choose one dish or drink (``item`` 0..3: strudel, cake, wine, coffee)."""

    item: int
    field_limits = limits(item=ITEM_INDICES)

    def __str__(self) -> str:
        return f"take 1 {_item_name(self.item)}"


@dataclasses.dataclass(frozen=True)
class Serve(Action):
    """Put one ``item`` on the order of the café guest at ``slot``."""

    slot: int
    item: int
    field_limits = limits(item=ITEM_INDICES)

    def __str__(self) -> str:
        return f"serve {_item_name(self.item)} to café guest {self.slot}"


@dataclasses.dataclass(frozen=True)
class Prepare(Action):
    """Prepare (place a room tile on) room ``room`` (0..19, floor*5+column)."""

    room: int

    def __str__(self) -> str:
        return f"prepare room {self.room}"


@dataclasses.dataclass(frozen=True)
class Occupy(Action):
    """Turn prepared room ``room`` to occupied without a guest."""

    room: int

    def __str__(self) -> str:
        return f"occupy room {self.room}"


@dataclasses.dataclass(frozen=True)
class RemoveRoom(Action):
    """Emperor penalty: remove the room tile from ``room``."""

    room: int

    def __str__(self) -> str:
        return f"remove the room tile of room {self.room}"


@dataclasses.dataclass(frozen=True)
class Split(Action):
    """Action 4: split the strength between the emperor and the money track."""

    emperor: int
    money: int

    def __str__(self) -> str:
        return f"{self.emperor} on the emperor track, {self.money} krones"


@dataclasses.dataclass(frozen=True)
class Hire(Action):
    """Play (hire) staff card ``card``."""

    card: int

    def __str__(self) -> str:
        return f"play staff card {self.card}"


@dataclasses.dataclass(frozen=True)
class ReturnStaff(Action):
    """Put staff card ``card`` from the hand under the staff deck (a penalty)."""

    card: int

    def __str__(self) -> str:
        return f"put staff card {self.card} under the deck"


@dataclasses.dataclass(frozen=True)
class DiscardStaff(Action):
    """Discard played staff card ``card`` (a penalty)."""

    card: int

    def __str__(self) -> str:
        return f"discard played staff card {self.card}"


@dataclasses.dataclass(frozen=True)
class CompleteOrder(Action):
    """Complete the order of the café guest at ``slot`` from the general supply."""

    slot: int

    def __str__(self) -> str:
        return f"complete the order of café guest {self.slot}"


@dataclasses.dataclass(frozen=True)
class Done(Action):
    """Finish the current step (stop preparing, serving, or skip an optional reward)."""

    def __str__(self) -> str:
        return "done"


@dataclasses.dataclass(frozen=True)
class ServeFromKitchen(Action):
    """Pay 1 krone to move up to 3 dishes and drinks from the kitchen to guests."""

    def __str__(self) -> str:
        return "pay 1 krone to serve from the kitchen"


@dataclasses.dataclass(frozen=True)
class CheckIn(Action):
    """Move the café guest at ``slot`` (order complete) into prepared room ``room``."""

    slot: int
    room: int

    def __str__(self) -> str:
        return f"check in café guest {self.slot} to room {self.room}"


@dataclasses.dataclass(frozen=True)
class ClaimPolitics(Action):
    """Place a disk on politics card ``index`` (0, 1, 2 = A, B, C)."""

    index: int
    field_limits = limits(index=range(3))

    def __str__(self) -> str:
        letter = "ABC"[self.index] if self.index in range(3) else self.index
        return f"claim politics card {letter}"


@dataclasses.dataclass(frozen=True)
class UseStaff(Action):
    """Use the once-per-round effect of played staff card ``card``."""

    card: int

    def __str__(self) -> str:
        return f"use staff card {self.card}"


@dataclasses.dataclass(frozen=True)
class AvoidPenalty(Action):
    """Conference Manager: pay 1 krone (``pay``) to avoid the emperor penalty, or not."""

    pay: bool

    def __str__(self) -> str:
        return "pay 1 krone to avoid the penalty" if self.pay else "accept the penalty"


@dataclasses.dataclass(frozen=True)
class EndTurn(Action):
    def __str__(self) -> str:
        return "end turn"


ACTION_TYPES: tuple[type[Action], ...] = (
    StartPlayer,
    Reveal,
    DrawGuest,
    DrawStaff,
    Roll,
    PickStaff,
    TakeGuest,
    TakeDie,
    Pass,
    TakeItems,
    Gain,
    Serve,
    Prepare,
    Occupy,
    RemoveRoom,
    Split,
    Hire,
    ReturnStaff,
    DiscardStaff,
    CompleteOrder,
    Done,
    ServeFromKitchen,
    CheckIn,
    ClaimPolitics,
    UseStaff,
    AvoidPenalty,
    EndTurn,
)


@dataclasses.dataclass(frozen=True)
class ChoosePenalty(Action):
    """Emperor penalty with two options both possible: take option ``option``
    (0 = the first printed, 1 = the other), the player's choice (GAH-E04)."""

    option: int

    def __str__(self) -> str:
        return f"take the emperor penalty's {('first', 'second')[self.option]} option"


ACTION_TYPES = (*ACTION_TYPES, ChoosePenalty)


# ---------------------------------------------------------------- interned
class Interned(dict):  # type: ignore[type-arg]
    """Shared action objects of one type, looked up by their fields.

    The engine lists the same few hundred actions in every position; a look-up
    costs a tenth of building a frozen dataclass. ``TAKE_DIE[4, True, 0]`` is
    ``TakeDie(4, True, 0)`` (equal, and the same object every time).
    """

    def __init__(self, action_type: type[Action]) -> None:
        super().__init__()
        self.action_type = action_type

    def __missing__(self, fields: Any) -> Action:
        if self.action_type is Roll:  # its one field is a tuple
            action = self[fields] = Roll(tuple(fields))
            return action
        args = fields if isinstance(fields, tuple) else (fields,)
        action = self[fields] = self.action_type(*args)
        return action


TAKE_GUEST = Interned(TakeGuest)
TAKE_DIE = Interned(TakeDie)
"""By ``(space, boost, imitate)``; ``boost`` a bool."""
SERVE = Interned(Serve)
CHECK_IN = Interned(CheckIn)
PREPARE = Interned(Prepare)
TAKE_ITEMS = Interned(TakeItems)
"""By ``(strudel, cake, wine, coffee)``."""
SPLIT = Interned(Split)
HIRE = Interned(Hire)
USE_STAFF = Interned(UseStaff)
CLAIM_POLITICS = Interned(ClaimPolitics)
DRAW_GUEST = Interned(DrawGuest)
DRAW_STAFF = Interned(DrawStaff)
ROLL = Interned(Roll)
"""By the tuple of counts: ``ROLL[(2, 2, 2, 2, 1, 1)]`` (one tuple, the key)."""
PASS = Pass()
END_TURN = EndTurn()
DONE = Done()
SERVE_FROM_KITCHEN = ServeFromKitchen()
