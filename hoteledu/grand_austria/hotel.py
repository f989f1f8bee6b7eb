"""The Grand Austria Hotel hotel board (shared front side) and game-board numbers.

Rooms are numbered ``index = floor * 5 + column``: floor 0 is the ground
floor (the rulebook's "first row"), column 0 the left. Everything is read from
``data/hotel.json`` and validated on import, so a wrong number fails loudly.

Examples
--------
>>> from hoteledu.grand_austria.hotel import hotel_board, neighbours, rooms_of_group
>>> board = hotel_board()
>>> board.room(0).colour, board.start_rooms
('blue', (0,))
>>> neighbours(0)
(1, 5)
>>> rooms_of_group("c")
(2, 3, 7, 8)
>>> FLOOR_COSTS, EMPEROR_TRACK_VP[13]
((0, 1, 2, 3), 9)
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hoteledu.grand_austria.vocabulary import Effect, effect

__all__ = [
    "CAFE_SPACES",
    "DICE_BY_PLAYERS",
    "EMPEROR_BONUS_MIN_SPACE",
    "EMPEROR_SCORING_ROUNDS",
    "EMPEROR_STEP_BACK",
    "EMPEROR_TRACK_MAX",
    "EMPEROR_TRACK_VP",
    "EMPEROR_TRACK_VP_ALTERNATIVE",
    "FLOOR_COSTS",
    "GUEST_QUEUE_COSTS",
    "GUEST_SPACES",
    "OCCUPANCY_BONUS",
    "POLITICS_VP",
    "PRINTED_VP_ALTERNATIVE",
    "ROOM_FINAL_VP",
    "ROUNDS",
    "TURN_ORDER_TILES",
    "Group",
    "HotelBoard",
    "Room",
    "hotel_board",
    "load_hotel_board",
    "neighbours",
    "occupancy_bonus",
    "rooms_of_group",
]

DATA_FILE = Path(__file__).parent / "data" / "hotel.json"
_COLOUR_LETTERS = {"B": "blue", "R": "red", "Y": "yellow"}
_BONUS_UNITS = ("vp", "krones", "emperor")


@dataclasses.dataclass(frozen=True)
class Room:
    """One room space of the hotel board."""

    index: int
    floor: int
    column: int
    colour: str
    group: str
    cost: int
    """Krones to prepare it (its row's cost)."""
    printed_vp: int
    """VP printed on the space, scored when a room is prepared there (GAH-D06)."""
    final_vp: int
    """VP at final scoring if occupied (GAH-F02)."""


@dataclasses.dataclass(frozen=True)
class Group:
    """A group of same-coloured rooms; occupying all of them gives the bonus once."""

    name: str
    colour: str
    rooms: tuple[int, ...]
    bonus_unit: str
    """``"vp"`` (blue), ``"krones"`` (red) or ``"emperor"`` steps (yellow)."""
    bonus_amount: int

    @property
    def size(self) -> int:
        """How many rooms the group has."""
        return len(self.rooms)

    def bonus_effect(self) -> Effect:
        """The occupancy bonus as a ``gain`` effect (GAH-A07)."""
        return effect("gain", **{self.bonus_unit: self.bonus_amount})


@dataclasses.dataclass(frozen=True)
class HotelBoard:
    """The 20 rooms, their groups and adjacency."""

    floors: int
    columns: int
    rooms: tuple[Room, ...]
    groups: tuple[Group, ...]
    start_rooms: tuple[int, ...]
    """Where the first room tile must go (the bottom-left room)."""
    setup_rooms: int
    """Rooms a player may prepare at setup (GAH-S08), paying the printed costs."""
    adjacency: tuple[tuple[int, ...], ...]
    """``adjacency[i]``: the rooms orthogonally adjacent to room ``i``, sorted."""
    side: str = "front"

    @property
    def starting_rooms(self) -> tuple[int, ...]:
        """Same as :attr:`start_rooms`: where the first room tile must go (GAH-S08)."""
        return self.start_rooms

    def room(self, index: int) -> Room:
        """The room with this index (0..19); KeyError otherwise."""
        if not 0 <= index < len(self.rooms):
            raise KeyError(f"rooms are numbered 0..{len(self.rooms) - 1}, got {index}")
        return self.rooms[index]

    def room_at(self, floor: int, column: int) -> Room:
        """The room on ``floor`` (0 = ground) and ``column`` (0 = left)."""
        if not (0 <= floor < self.floors and 0 <= column < self.columns):
            raise KeyError(f"no room at floor {floor}, column {column}")
        return self.rooms[floor * self.columns + column]

    def neighbours(self, index: int) -> tuple[int, ...]:
        """Rooms orthogonally adjacent to room ``index``."""
        self.room(index)
        return self.adjacency[index]

    def group(self, name: str) -> Group:
        """The group called ``name`` ("a".."j")."""
        for group in self.groups:
            if group.name == name:
                return group
        raise KeyError(f"groups are {[g.name for g in self.groups]}, got {name!r}")

    def rooms_of_group(self, name: str) -> tuple[int, ...]:
        """The room indices of a group, sorted."""
        return self.group(name).rooms

    def rooms_of_floor(self, floor: int) -> tuple[int, ...]:
        """The room indices of a floor (a row), left to right."""
        return tuple(r.index for r in self.rooms if r.floor == floor)

    def rooms_of_column(self, column: int) -> tuple[int, ...]:
        """The room indices of a column, bottom to top."""
        return tuple(r.index for r in self.rooms if r.column == column)

    def rooms_of_colour(self, colour: str) -> tuple[int, ...]:
        """The room indices of one colour ("blue", "red", "yellow")."""
        return tuple(r.index for r in self.rooms if r.colour == colour)


def _fail(path: Path, field: str, message: str) -> None:
    raise ValueError(f"{path.name}: field {field!r}: {message}")


def _int_list(path: Path, field: str, value: Any, length: int | None = None) -> tuple[int, ...]:
    if not isinstance(value, list) or any(
        isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value
    ):
        _fail(path, field, f"must be a list of whole numbers >= 0, got {value!r}")
    if length is not None and len(value) != length:
        _fail(path, field, f"must hold {length} numbers, got {len(value)}")
    return tuple(value)


def _load_raw(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ValueError(f"{path.name}: not valid JSON: {error}") from None
    if not isinstance(data, Mapping):
        raise ValueError(f"{path.name}: must be a JSON object")
    return dict(data)


def load_hotel_board(path: Path | str = DATA_FILE) -> HotelBoard:
    """Read and validate the hotel board: 20 rooms in single-colour, connected groups.

    Parameters
    ----------
    path
        The JSON file to read; the shipped ``data/hotel.json`` by default.

    Raises
    ------
    ValueError
        If the file is malformed; the message names the file and the field.
    """
    path = Path(path)
    data = _load_raw(path)
    floors, columns = data.get("floors"), data.get("columns")
    if not isinstance(floors, int) or not isinstance(columns, int):
        _fail(path, "floors", "floors and columns must be whole numbers")
    layout = data.get("layout_top_down")
    if not isinstance(layout, list) or len(layout) != floors:
        _fail(path, "layout_top_down", f"must be a list of {floors} rows")
    costs = _int_list(path, "floor_costs", data.get("floor_costs"), floors)
    final_vp = _int_list(path, "room_final_vp", data.get("room_final_vp"), floors)
    printed = data.get("printed_vp", {})
    cells: list[tuple[str, str]] = [("", "")] * (floors * columns)
    for row, line in enumerate(layout):
        floor = floors - 1 - row
        tokens = line.split() if isinstance(line, str) else []
        if len(tokens) != columns:
            _fail(path, f"layout_top_down[{row}]", f"needs {columns} rooms, got {line!r}")
        for column, token in enumerate(tokens):
            letter, _, group = token.partition(":")
            if letter not in _COLOUR_LETTERS or not group:
                _fail(path, f"layout_top_down[{row}]", f"room {token!r} must look like 'B:a'")
            cells[floor * columns + column] = (_COLOUR_LETTERS[letter], group)
    rooms = []
    for index, (colour, group) in enumerate(cells):
        floor, column = divmod(index, columns)
        vp = printed.get(str(index), 0)
        if isinstance(vp, bool) or not isinstance(vp, int) or vp < 0:
            _fail(path, "printed_vp", f"room {index}: must be a whole number, got {vp!r}")
        rooms.append(Room(index, floor, column, colour, group, costs[floor], vp, final_vp[floor]))
    if set(map(int, printed)) - set(range(len(rooms))):
        _fail(path, "printed_vp", f"unknown room numbers {sorted(printed)}")

    adjacency = []
    for room in rooms:
        near = []
        for df, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            f, c = room.floor + df, room.column + dc
            if 0 <= f < floors and 0 <= c < columns:
                near.append(f * columns + c)
        adjacency.append(tuple(sorted(near)))

    bonus = data.get("occupancy_bonus", {})
    groups = []
    for name in sorted({r.group for r in rooms}):
        members = tuple(r.index for r in rooms if r.group == name)
        colours = {rooms[i].colour for i in members}
        if len(colours) != 1:
            _fail(path, "layout_top_down", f"group {name!r} mixes colours {sorted(colours)}")
        colour = colours.pop()
        # A group must be one connected block: the occupancy bonus is for a block of rooms.
        reached, frontier = {members[0]}, [members[0]]
        while frontier:
            for n in adjacency[frontier.pop()]:
                if n in members and n not in reached:
                    reached.add(n)
                    frontier.append(n)
        if len(reached) != len(members):
            _fail(path, "layout_top_down", f"group {name!r} is not connected")
        table = bonus.get(colour)
        if not isinstance(table, Mapping) or table.get("unit") not in _BONUS_UNITS:
            _fail(path, "occupancy_bonus", f"{colour}: needs a unit among {list(_BONUS_UNITS)}")
        amount = table.get("by_size", {}).get(str(len(members)))
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            _fail(path, "occupancy_bonus", f"{colour}: no bonus for a group of {len(members)}")
        groups.append(Group(name, colour, members, table["unit"], amount))

    start = _int_list(path, "start_rooms", data.get("start_rooms"))
    if not start or any(s >= len(rooms) for s in start):
        _fail(path, "start_rooms", f"must name rooms 0..{len(rooms) - 1}, got {list(start)}")
    setup = data.get("setup_rooms")
    if not isinstance(setup, int) or setup < 0:
        _fail(path, "setup_rooms", f"must be a whole number, got {setup!r}")
    return HotelBoard(
        floors=floors,
        columns=columns,
        rooms=tuple(rooms),
        groups=tuple(groups),
        start_rooms=start,
        setup_rooms=setup,
        adjacency=tuple(adjacency),
        side=str(data.get("side", "front")),
    )


@functools.cache
def hotel_board() -> HotelBoard:
    """The shared front side of the hotel board (loaded once)."""
    return load_hotel_board()


def neighbours(room: int) -> tuple[int, ...]:
    """Rooms orthogonally adjacent to ``room`` on the hotel board."""
    return hotel_board().neighbours(room)


def rooms_of_group(group: str) -> tuple[int, ...]:
    """The rooms of a group (``"a"`` .. ``"j"``)."""
    return hotel_board().rooms_of_group(group)


def _occupancy_table(data: Mapping[str, Any]) -> dict[str, dict[int, tuple[str, int]]]:
    return {
        colour: {int(size): (table["unit"], amount) for size, amount in table["by_size"].items()}
        for colour, table in data["occupancy_bonus"].items()
    }


def occupancy_bonus(colour: str, size: int) -> tuple[str, int]:
    """``(unit, amount)`` of the occupancy bonus of a group (GAH-A07).

    Examples
    --------
    >>> occupancy_bonus("red", 4)
    ('krones', 10)
    """
    try:
        return OCCUPANCY_BONUS[colour][size]
    except KeyError:
        raise KeyError(f"no occupancy bonus for a {colour} group of {size} rooms") from None


def _game_board(path: Path) -> dict[str, Any]:
    data = _load_raw(path)
    board = data.get("game_board")
    if not isinstance(board, Mapping):
        _fail(path, "game_board", "is missing")
    checked = dict(board)
    track = _int_list(path, "emperor_track_vp", board.get("emperor_track_vp"), 14)
    if list(track) != sorted(track):
        _fail(path, "emperor_track_vp", "must never decrease along the track")
    checked["emperor_track_vp"] = track
    alternative = board.get("emperor_track_vp_alternative", {})
    alt_track = _int_list(path, "emperor_track_vp_alternative", alternative.get("vp"), 14)
    if list(alt_track) != sorted(alt_track):
        _fail(path, "emperor_track_vp_alternative", "must never decrease along the track")
    checked["emperor_track_vp_alternative"] = alt_track
    checked["guest_queue_costs"] = _int_list(
        path, "guest_queue_costs", board.get("guest_queue_costs"), 5
    )
    checked["emperor_step_back"] = _int_list(
        path, "emperor_step_back", board.get("emperor_step_back"), 3
    )
    checked["emperor_scoring_rounds"] = _int_list(
        path, "emperor_scoring_rounds", board.get("emperor_scoring_rounds"), 3
    )
    checked["politics_vp"] = _int_list(path, "politics_vp", board.get("politics_vp"), 3)
    tiles = {}
    for players, pairs in board.get("turn_order_tiles", {}).items():
        numbers = sorted(n for pair in pairs for n in pair)
        if numbers != list(range(1, 2 * int(players) + 1)):
            _fail(path, "turn_order_tiles", f"{players} players: need 1..{2 * int(players)}")
        tiles[int(players)] = tuple(tuple(pair) for pair in pairs)
    checked["turn_order_tiles"] = tiles
    checked["dice_by_players"] = {int(k): v for k, v in board.get("dice_by_players", {}).items()}
    return checked


_BOARD = _game_board(DATA_FILE)
_RAW = _load_raw(DATA_FILE)

FLOOR_COSTS: tuple[int, ...] = tuple(_RAW["floor_costs"])
"""Krones to prepare a room on floor 0, 1, 2, 3."""
ROOM_FINAL_VP: tuple[int, ...] = tuple(_RAW["room_final_vp"])
"""Final-scoring VP of an occupied room on floor 0, 1, 2, 3 (GAH-F02)."""
PRINTED_VP_ALTERNATIVE: dict[int, int] = {
    int(room): vp for room, vp in _RAW["printed_vp_alternative"]["by_room"].items()
}
"""The other reading of the VP printed on room spaces (game_facts.md 1.4 [PY])."""
OCCUPANCY_BONUS: dict[str, dict[int, tuple[str, int]]] = _occupancy_table(_RAW)
"""``OCCUPANCY_BONUS[colour][group size] = (unit, amount)``."""
GUEST_QUEUE_COSTS: tuple[int, ...] = _BOARD["guest_queue_costs"]
GUEST_SPACES: int = len(GUEST_QUEUE_COSTS)
"""Spaces of the guest row (new guests enter on the left)."""
"""Krones to take the guest on each of the 5 spaces, from the left (refill) end."""
EMPEROR_TRACK_VP: tuple[int, ...] = _BOARD["emperor_track_vp"]
"""VP scored at an emperor scoring for spaces 0..13."""
EMPEROR_TRACK_VP_ALTERNATIVE: tuple[int, ...] = _BOARD["emperor_track_vp_alternative"]
"""The other reading of the emperor track VP (game_facts.md 1.5 [PY]): spaces 8 and 10 differ."""
EMPEROR_TRACK_MAX: int = len(EMPEROR_TRACK_VP) - 1
EMPEROR_STEP_BACK: tuple[int, ...] = _BOARD["emperor_step_back"]
"""Spaces moved back after the 1st, 2nd and 3rd emperor scoring (GAH-E02)."""
EMPEROR_SCORING_ROUNDS: tuple[int, ...] = _BOARD["emperor_scoring_rounds"]
EMPEROR_BONUS_MIN_SPACE: int = _BOARD["emperor_bonus_min_space"]
POLITICS_VP: tuple[int, ...] = _BOARD["politics_vp"]
"""VP for the first, second and third disk on a politics card."""
CAFE_SPACES: int = _BOARD["cafe_spaces"]
ROUNDS: int = _BOARD["rounds"]
DICE_BY_PLAYERS: dict[int, int] = _BOARD["dice_by_players"]
TURN_ORDER_TILES: dict[int, tuple[tuple[int, ...], ...]] = _BOARD["turn_order_tiles"]
"""The turn order tiles for each player count, one pair of numbers per player."""
START_KRONES: int = _BOARD["start_krones"]
START_ITEMS: dict[str, int] = dict(_BOARD["start_items"])
START_STAFF_HAND: int = _BOARD["start_staff_hand"]
CAFE_GUEST_PENALTY_VP: int = _BOARD["cafe_guest_penalty_vp"]
