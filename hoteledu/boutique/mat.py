"""The hotel mat of Boutique Hotel Manager, and the money rules.

The rulebook says only that each hotel starts with 3 rooms marked "start"
and may add rooms for 1000 each. hoteledu's own mat: 8 room spaces on two
floors of four; rooms 1-3 (ground floor, left) are the start rooms; two
spaces are neighbours when they touch along a wall (same floor, side by
side, or one above the other). A new room must touch a room already built.

::

    floor 1   [5] [6] [7] [8]
    ground    [1] [2] [3] [4]      start rooms: 1 2 3
"""

from __future__ import annotations

import dataclasses

START_MONEY = 500
"""Money each player receives in week 1 preparation (plus one blank card)."""
STAFF_COST = 300
"""Wage of one employee for a whole week."""
ROOM_COST = 1000
"""Price of one new room in the expansion phase."""
PRICE_STEP = 100
"""A price die face f means f x 100."""
START_STARS = 3
MAX_STARS = 5
NIGHTS = 21
"""Nights tracked per room: two weeks plus the longest stay past the last Sunday."""
MAX_STAFF = 6
"""A staff die shows 1..6 pips; 0 means no die on that space."""
CARDS_PER_PLAYER = 5
"""Guest cards drawn per player in a week's booking phase."""
BID_STEP = 100
"""Money cards (and so bids) come in hundreds; the blank card is a bid of 0."""

DAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@dataclasses.dataclass(frozen=True)
class HotelMat:
    """The room spaces of a hotel mat.

    Attributes
    ----------
    names : tuple of str
        Display name of each space (index = space number).
    start : tuple of int
        The spaces built at the start ("start" rooms).
    neighbours : tuple of frozenset
        For each space, the spaces it touches.
    """

    names: tuple[str, ...]
    start: tuple[int, ...]
    neighbours: tuple[frozenset[int], ...]

    def __post_init__(self) -> None:
        n = len(self.names)
        if len(self.neighbours) != n:
            raise ValueError("the mat needs a neighbour set for every space")
        for space, near in enumerate(self.neighbours):
            if space in near or any(not 0 <= o < n for o in near):
                raise ValueError(f"space {space}: bad neighbours {sorted(near)}")
            if any(space not in self.neighbours[o] for o in near):
                raise ValueError(f"space {space}: neighbours must be symmetric")
        if len(set(self.start)) != len(self.start) or any(not 0 <= s < n for s in self.start):
            raise ValueError("start rooms must be distinct spaces of the mat")

    @property
    def size(self) -> int:
        return len(self.names)

    def are_neighbours(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    def expansion_spaces(self, built: tuple[int, ...] | list[int]) -> list[int]:
        """Spaces where a new room may go: not built and touching a built room."""
        have = set(built)
        return [
            s
            for s in range(self.size)
            if s not in have and any(o in have for o in self.neighbours[s])
        ]


def _grid_mat(rows: int, cols: int, start: tuple[int, ...]) -> HotelMat:
    neighbours = []
    for space in range(rows * cols):
        r, c = divmod(space, cols)
        near = set()
        if c > 0:
            near.add(space - 1)
        if c < cols - 1:
            near.add(space + 1)
        if r > 0:
            near.add(space - cols)
        if r < rows - 1:
            near.add(space + cols)
        neighbours.append(frozenset(near))
    names = tuple(f"Room {s + 1}" for s in range(rows * cols))
    return HotelMat(names, start, tuple(neighbours))


STANDARD_MAT = _grid_mat(2, 4, (0, 1, 2))
"""hoteledu's mat: 2 floors x 4 rooms, start rooms 1-3 on the ground floor."""
