"""The 24 building tiles of Hotel Amsterdam: a day side and a night side each.

The rulebook names a coffee shop (night) and a mansion (day) but does not list
its tiles, so hoteledu ships its own set (``design/amsterdam.md``): six day
functions and six night functions, each printed on four tiles, no two tiles
with the same pair. Tile ``i`` shows day function ``i mod 6`` and night
function ``(i + i div 6) mod 6``.

Functions are numbered 0..11: 0..5 are the day functions (white symbol),
6..11 the night functions (black symbol), so ``is_day(f)`` is ``f < 6``.

Examples
--------
>>> TILES[7]
BuildingTile(index=7, day='mansion', night='theatre')
>>> function_name(DAY_FUNCTION[7]), function_name(NIGHT_FUNCTION[7])
('mansion', 'theatre')
"""

from __future__ import annotations

import dataclasses
from collections import Counter

DAY_FUNCTIONS: tuple[str, ...] = ("museum", "mansion", "market", "church", "park", "gallery")
"""The six day functions (white symbol)."""
NIGHT_FUNCTIONS: tuple[str, ...] = (
    "coffee shop",
    "bar",
    "theatre",
    "nightclub",
    "casino",
    "jazz club",
)
"""The six night functions (black symbol)."""
FUNCTIONS: tuple[str, ...] = DAY_FUNCTIONS + NIGHT_FUNCTIONS
"""All twelve functions: index 0..5 day, 6..11 night."""
NUM_TILES = 24


@dataclasses.dataclass(frozen=True)
class BuildingTile:
    """One building tile: its number and the function on each side."""

    index: int
    day: str
    night: str


def _make_tiles() -> tuple[BuildingTile, ...]:
    tiles = tuple(
        BuildingTile(i, DAY_FUNCTIONS[i % 6], NIGHT_FUNCTIONS[(i + i // 6) % 6])
        for i in range(NUM_TILES)
    )
    # Validate the data on load: four of each function, all pairs distinct.
    days, nights = Counter(t.day for t in tiles), Counter(t.night for t in tiles)
    assert set(days.values()) == {4} and set(nights.values()) == {4}, "four tiles per function"
    assert len({(t.day, t.night) for t in tiles}) == NUM_TILES, "no two tiles share a pair"
    return tiles


TILES: tuple[BuildingTile, ...] = _make_tiles()
"""The 24 building tiles."""

DAY_FUNCTION: tuple[int, ...] = tuple(DAY_FUNCTIONS.index(t.day) for t in TILES)
"""Function number (0..5) of each tile's day side."""
NIGHT_FUNCTION: tuple[int, ...] = tuple(6 + NIGHT_FUNCTIONS.index(t.night) for t in TILES)
"""Function number (6..11) of each tile's night side."""


def is_day(function: int) -> bool:
    """Whether a function number is a day function (white symbol)."""
    return function < 6


def function_name(function: int) -> str:
    """The name of a function number 0..11."""
    return FUNCTIONS[function]


def side_function(tile: int, day_up: bool) -> int:
    """The function number a tile shows with the given side up."""
    return DAY_FUNCTION[tile] if day_up else NIGHT_FUNCTION[tile]
