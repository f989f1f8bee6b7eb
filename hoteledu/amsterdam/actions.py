"""Hotel Amsterdam's actions: small frozen dataclasses with a readable ``str()``.

Their JSON form (the class name and the fields, see :mod:`hoteledu.core.actions`)
is what records and saved games hold, so a field's name never changes.

Examples
--------
>>> str(MovePawn(MAYOR, (2, 3)))
'the Mayor to (2,3)'
>>> RollDice(1, 2).to_json()
{'type': 'RollDice', 'white': 1, 'black': 2}
"""

from __future__ import annotations

import dataclasses

from hoteledu.amsterdam.tiles import TILES
from hoteledu.core.actions import Action, limits

MAYOR, NIGHTWATCHMAN = "mayor", "nightwatchman"
PAWNS = (MAYOR, NIGHTWATCHMAN)
PAWN_NAMES = {MAYOR: "the Mayor", NIGHTWATCHMAN: "the Nightwatchman"}


def point_text(tile: tuple[int, int]) -> str:
    """A tile or intersection as ``(row,col)``; a malformed one as its repr."""
    if isinstance(tile, tuple) and len(tile) == 2:
        return f"({tile[0]},{tile[1]})"
    return repr(tile)  # a malformed place, still named in the refusal


@dataclasses.dataclass(frozen=True)
class DealTile(Action):
    """Setup (shuffled layout): building tile ``tile`` goes onto ``place``."""

    place: tuple[int, int]
    tile: int
    field_limits = limits(tile=range(len(TILES)))

    def __str__(self) -> str:
        if not isinstance(self.tile, int) or self.tile not in range(len(TILES)):
            return f"tile {self.tile!r} goes to {point_text(self.place)}"
        t = TILES[self.tile]
        return f"tile {self.tile} ({t.day}/{t.night}) goes to {point_text(self.place)}"


@dataclasses.dataclass(frozen=True)
class RollDice(Action):
    """Phase 1: the white Mayor die and the black Nightwatchman die (1..3 each)."""

    white: int
    black: int
    field_limits = limits(white=range(1, 4), black=range(1, 4))

    def __str__(self) -> str:
        return f"roll white {self.white}, black {self.black}"


@dataclasses.dataclass(frozen=True)
class MoveBoat(Action):
    """Tactical variant, phase 2: move the boat forward 1..4 places."""

    steps: int

    def __str__(self) -> str:
        return f"move the boat {self.steps}"


@dataclasses.dataclass(frozen=True)
class PlaceHotel(Action):
    """Phase 4: build a hotel on an intersection (first two turns only)."""

    intersection: tuple[int, int]

    def __str__(self) -> str:
        return f"hotel at {point_text(self.intersection)}"


@dataclasses.dataclass(frozen=True)
class SplitSteps(Action):
    """Tactical variant: steps for the Mayor and for the Nightwatchman."""

    mayor: int
    nightwatchman: int

    def __str__(self) -> str:
        return f"Mayor {self.mayor} steps, Nightwatchman {self.nightwatchman} steps"


@dataclasses.dataclass(frozen=True)
class MovePawn(Action):
    """Phase 5: a pawn walks to ``destination`` (a walk of exactly its steps)."""

    pawn: str
    destination: tuple[int, int]

    def __str__(self) -> str:
        return f"{PAWN_NAMES.get(self.pawn, self.pawn)} to {point_text(self.destination)}"


@dataclasses.dataclass(frozen=True)
class TurnTile(Action):
    """Phase 6: a pawn turns over a building tile around its intersection."""

    pawn: str
    tile: tuple[int, int]

    def __str__(self) -> str:
        return f"{PAWN_NAMES.get(self.pawn, self.pawn)} turns {point_text(self.tile)}"


@dataclasses.dataclass(frozen=True)
class LeadFromDam(Action):
    """Phase 6: a pawn next to the Dam leads one tourist from the Dam."""

    pawn: str

    def __str__(self) -> str:
        return f"{PAWN_NAMES.get(self.pawn, self.pawn)} leads a tourist from the Dam"


@dataclasses.dataclass(frozen=True)
class Skip(Action):
    """Phase 6: the pawn neither turns a tile nor leads a tourist."""

    pawn: str

    def __str__(self) -> str:
        return f"{PAWN_NAMES.get(self.pawn, self.pawn)} does nothing"


@dataclasses.dataclass(frozen=True)
class ChaseTo(Action):
    """The player chooses where chased tourists go, among equally empty tiles."""

    tile: tuple[int, int]

    def __str__(self) -> str:
        return f"chased tourists go to {point_text(self.tile)}"


@dataclasses.dataclass(frozen=True)
class DamLead(Action):
    """Chance: the random tile a tourist led from the Dam goes to."""

    tile: tuple[int, int]

    def __str__(self) -> str:
        return f"the tourist from the Dam goes to {point_text(self.tile)}"


ACTION_TYPES: tuple[type[Action], ...] = (
    DealTile,
    RollDice,
    MoveBoat,
    PlaceHotel,
    SplitSteps,
    MovePawn,
    TurnTile,
    LeadFromDam,
    Skip,
    ChaseTo,
    DamLead,
)
"""Every action of the game, in the order a turn uses them."""

__all__ = [
    "ACTION_TYPES",
    "MAYOR",
    "NIGHTWATCHMAN",
    "PAWNS",
    "PAWN_NAMES",
    "ChaseTo",
    "DamLead",
    "DealTile",
    "LeadFromDam",
    "MoveBoat",
    "MovePawn",
    "PlaceHotel",
    "RollDice",
    "Skip",
    "SplitSteps",
    "TurnTile",
    "point_text",
]
