"""Actions of Boutique Hotel Manager: small frozen dataclasses with readable text."""

from __future__ import annotations

import dataclasses

from hoteledu.boutique.mat import DAY_NAMES
from hoteledu.core.actions import Action, limits
from hoteledu.core.state import player_name

BREAKFAST_DIE = 7
"""Die index of the breakfast price die (0..6 are Monday..Sunday)."""
FACES = range(1, 7)
MAT_SPACES = range(8)


def die_name(die: int) -> str:
    return "breakfast" if die == BREAKFAST_DIE else DAY_NAMES[die] if 0 <= die < 7 else f"die {die}"


@dataclasses.dataclass(frozen=True)
class SetPrices(Action):
    """Secretly set the 7 day-rate dice and the breakfast die (faces 1..6 = 100..600)."""

    days: tuple[int, ...]
    breakfast: int
    field_limits = limits(days=FACES, breakfast=FACES)

    def __str__(self) -> str:
        return "prices " + " ".join(str(f) for f in self.days) + f" breakfast {self.breakfast}"


@dataclasses.dataclass(frozen=True)
class ChangePrice(Action):
    """Turn one price die (0..6 Monday..Sunday, 7 breakfast) to a new face."""

    die: int
    face: int
    field_limits = limits(die=range(8), face=FACES)

    def __str__(self) -> str:
        return f"set {die_name(self.die)} to {self.face}"


@dataclasses.dataclass(frozen=True)
class KeepPrices(Action):
    """Leave every price die as it is."""

    def __str__(self) -> str:
        return "keep prices"


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """Nothing to decide at this simultaneous node (not bidding, or out of the game)."""

    def __str__(self) -> str:
        return "pass"


@dataclasses.dataclass(frozen=True)
class CheckInDie(Action):
    """Chance: the white check-in die shows ``face`` (1..6 = Monday..Saturday)."""

    face: int
    field_limits = limits(face=FACES)

    def __str__(self) -> str:
        day = f" ({DAY_NAMES[self.face - 1]})" if self.face in FACES else ""
        return f"check-in die {self.face}{day}"


@dataclasses.dataclass(frozen=True)
class RevealCard(Action):
    """Chance: the guest card ``card`` is revealed."""

    card: int
    field_limits = limits(card=range(10**9))

    def __str__(self) -> str:
        return f"guest card {self.card}"


@dataclasses.dataclass(frozen=True)
class BudgetDie(Action):
    """Chance: the white die gives a walk-in guest's budget, face x 100 per night."""

    face: int
    field_limits = limits(face=FACES)

    def __str__(self) -> str:
        return f"budget die {self.face} ({self.face * 100} per night)"


@dataclasses.dataclass(frozen=True)
class TieOrder(Action):
    """Chance: the white die settles a tie in the walk-in ranking (first = earlier)."""

    players: tuple[int, ...]
    field_limits = limits(players=range(5))

    def __str__(self) -> str:
        return "die order " + " > ".join(player_name(p) for p in self.players)


@dataclasses.dataclass(frozen=True)
class Bid(Action):
    """A sealed marketing bid; 0 is the blank money card."""

    amount: int

    def __str__(self) -> str:
        return "bid blank card" if self.amount == 0 else f"bid {self.amount}"


@dataclasses.dataclass(frozen=True)
class BlockRooms(Action):
    """Put the stay's markers on these rooms, one per room of the card, in card order."""

    rooms: tuple[int, ...]
    field_limits = limits(rooms=MAT_SPACES)

    def __str__(self) -> str:
        return "block rooms " + ", ".join(str(r + 1) for r in self.rooms)


@dataclasses.dataclass(frozen=True)
class Hire(Action):
    """Hire staff for the week: housekeeping, check-in and kitchen (300 each)."""

    housekeeping: int
    checkin: int
    kitchen: int

    def __str__(self) -> str:
        return (
            f"hire {self.housekeeping} housekeeping, {self.checkin} check-in, "
            f"{self.kitchen} kitchen"
        )


@dataclasses.dataclass(frozen=True)
class Expand(Action):
    """Build a room on mat space ``space`` (0-based) for 1000."""

    space: int
    field_limits = limits(space=MAT_SPACES)

    def __str__(self) -> str:
        return f"build room {self.space + 1}"


@dataclasses.dataclass(frozen=True)
class EndExpansion(Action):
    """Build no (more) rooms this week."""

    def __str__(self) -> str:
        return "build no more rooms"


ACTION_TYPES: tuple[type[Action], ...] = (
    SetPrices,
    ChangePrice,
    KeepPrices,
    Pass,
    CheckInDie,
    RevealCard,
    BudgetDie,
    TieOrder,
    Bid,
    BlockRooms,
    Hire,
    Expand,
    EndExpansion,
)
