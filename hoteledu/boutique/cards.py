"""Guest cards of Boutique Hotel Manager: frozen dataclasses loaded from JSON.

The rulebook does not list its 28 guest cards, so hoteledu ships its own
deck (``data/guests.json``). A guest card is a *stay*: one or more rooms,
each taken for a run of nights counted from the check-in day (a square
marker on a room's first night, circles on the nights after), breakfast or
not (brown or green markers), and pairs of rooms a door symbol joins, which
must be neighbours on the mat.

A teacher can load another deck with :func:`load_deck`; every field is
checked and an error names the card and the field. The game option
``deck`` (kept in every saved record) names a built-in deck or carries the
deck's data inline; it is never a file path, so that loading a record never
reads a file: read a deck file with ``load_deck(path)`` and pass the deck.
"""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

MAX_STAY_NIGHTS = 7
"""A room's nights lie within a week of the check-in day (offsets 0..6)."""
MAX_CARD_ROOMS = 4
"""No stay asks for more rooms than this (a hotel has at most 8)."""
MAX_DECK_CARDS = 200
"""Most cards a deck may have (the standard deck has 28)."""
MAX_DECK_FILE_BYTES = 1_000_000
"""Largest deck file :func:`load_deck` reads."""
MAX_CARD_NAME = 100
"""Longest guest name on a card."""
MAX_DECK_VALUES = 40 * MAX_DECK_CARDS + 10
"""Most JSON values in a deck's data (a card has at most about 30)."""
BUILTIN_DECKS = ("standard",)
"""Decks the option ``deck`` may name."""


class DeckError(ValueError):
    """A guest deck that cannot be loaded; the message names the card and field."""


@dataclasses.dataclass(frozen=True)
class StayRoom:
    """One room of a stay: taken from night ``start`` (0 = check-in day) for ``nights``."""

    start: int
    nights: int

    @property
    def offsets(self) -> tuple[int, ...]:
        """The nights the room is taken, counted from the check-in day."""
        return tuple(range(self.start, self.start + self.nights))


@dataclasses.dataclass(frozen=True)
class GuestCard:
    """A guest card: the stay a group of guests wants to book.

    Attributes
    ----------
    id : int
        Unique number of the card.
    name : str
        Who the guests are (for display only).
    breakfast : bool
        Brown markers (room and breakfast) if true, else green (room only).
    rooms : tuple of StayRoom
        The rooms of the stay, each with its own run of nights.
    neighbours : tuple of (int, int)
        Pairs of indices into ``rooms`` joined by a door symbol: those rooms
        must be neighbours on the hotel mat.
    """

    id: int
    name: str
    breakfast: bool
    rooms: tuple[StayRoom, ...]
    neighbours: tuple[tuple[int, int], ...] = ()

    @property
    def room_nights(self) -> int:
        """Number of room-night markers the stay puts on a mat."""
        return sum(r.nights for r in self.rooms)

    @property
    def length(self) -> int:
        """Nights from check-in to the last night of any room."""
        return max(r.start + r.nights for r in self.rooms)

    def markers(self) -> list[tuple[int, int, bool, bool]]:
        """Every marker as ``(room index, night offset, is_square, is_brown)``."""
        return [
            (i, o, o == room.start, self.breakfast)
            for i, room in enumerate(self.rooms)
            for o in room.offsets
        ]

    def describe(self) -> str:
        """A one-line description, e.g. ``2 rooms: 2+1 nights, breakfast, rooms 1-2 adjoining``."""
        parts = []
        for room in self.rooms:
            text = f"{room.nights} night" + ("s" if room.nights > 1 else "")
            if room.start:
                text += f" from day +{room.start}"
            parts.append(text)
        text = f"{len(self.rooms)} room" + ("s" if len(self.rooms) > 1 else "")
        text += ": " + ", ".join(parts)
        text += ", breakfast" if self.breakfast else ", room only"
        if self.neighbours:
            pairs = ", ".join(f"{a + 1}-{b + 1}" for a, b in self.neighbours)
            text += f", adjoining {pairs}"
        return text


@dataclasses.dataclass(frozen=True)
class Deck:
    """A validated set of guest cards (one set; the game may use several copies)."""

    name: str
    cards: tuple[GuestCard, ...]
    source: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: c for c in self.cards})

    def card(self, card_id: int) -> GuestCard:
        """The card with this id (KeyError if there is none)."""
        return self._by_id[card_id]  # type: ignore[attr-defined]

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(c.id for c in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def to_json(self) -> dict[str, Any]:
        """The deck in the JSON form :func:`load_deck` reads."""
        return {
            "name": self.name,
            "source": self.source,
            "cards": [
                {
                    "id": c.id,
                    "name": c.name,
                    "breakfast": c.breakfast,
                    "rooms": [{"from": r.start, "nights": r.nights} for r in c.rooms],
                    "neighbours": [list(p) for p in c.neighbours],
                }
                for c in self.cards
            ],
        }


# ----------------------------------------------------------------- loading
def _need(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise DeckError(f"{where}: {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_card(data: Any, index: int) -> GuestCard:
    where = f"card #{index + 1}"
    _need(isinstance(data, Mapping), where, "a card must be a JSON object")
    if "id" in data and _is_int(data["id"]) and abs(data["id"]) < 10**9:
        where = f"card {data['id']!r}"
    allowed = {"id", "name", "breakfast", "rooms", "neighbours"}
    unknown = set(data) - allowed
    _need(not unknown, where, f"unknown field(s) {sorted(unknown)}; fields are {sorted(allowed)}")
    for field in ("id", "rooms"):
        _need(field in data, where, f"field '{field}' is missing")
    _need(
        _is_int(data["id"]) and 0 <= data["id"] < 10**9,
        where,
        "field 'id' must be an integer 0..999999999",
    )
    name = data.get("name", f"Guests {data['id']}")
    _need(
        isinstance(name, str) and name.strip() != "" and len(name) <= MAX_CARD_NAME,
        where,
        f"field 'name' must be a text of 1 to {MAX_CARD_NAME} characters",
    )
    breakfast = data.get("breakfast", False)
    _need(isinstance(breakfast, bool), where, "field 'breakfast' must be true or false")
    rooms_data = data["rooms"]
    _need(
        isinstance(rooms_data, list) and 1 <= len(rooms_data) <= MAX_CARD_ROOMS,
        where,
        f"field 'rooms' must be a list of 1 to {MAX_CARD_ROOMS} rooms",
    )
    rooms = []
    for i, room in enumerate(rooms_data):
        at = f"{where}, field 'rooms'[{i}]"
        _need(isinstance(room, Mapping), at, "a room must be an object {'from': d, 'nights': n}")
        unknown = set(room) - {"from", "nights"}
        _need(not unknown, at, f"unknown field(s) {sorted(unknown)}; fields are ['from', 'nights']")
        start = room.get("from", 0)
        nights = room.get("nights")
        _need(_is_int(start) and start >= 0, at, "'from' must be an integer >= 0")
        _need(_is_int(nights) and nights >= 1, at, "'nights' must be an integer >= 1")
        _need(
            start + nights <= MAX_STAY_NIGHTS,
            at,
            f"a room's nights must end within {MAX_STAY_NIGHTS} nights of check-in",
        )
        rooms.append(StayRoom(start, nights))
    _need(
        any(r.start == 0 for r in rooms),
        f"{where}, field 'rooms'",
        "at least one room must check in on the check-in day ('from': 0)",
    )
    pairs = []
    neighbours = data.get("neighbours", [])
    _need(isinstance(neighbours, list), where, "field 'neighbours' must be a list of pairs")
    for i, pair in enumerate(neighbours):
        at = f"{where}, field 'neighbours'[{i}]"
        _need(
            isinstance(pair, (list, tuple)) and len(pair) == 2 and all(_is_int(x) for x in pair),
            at,
            "a neighbour pair must be two room indices",
        )
        a, b = pair
        _need(
            0 <= a < len(rooms) and 0 <= b < len(rooms),
            at,
            f"room indices must be 0..{len(rooms) - 1}",
        )
        _need(a != b, at, "a room cannot be its own neighbour")
        pairs.append((min(a, b), max(a, b)))
    _need(len(set(pairs)) == len(pairs), f"{where}, field 'neighbours'", "a pair is repeated")
    return GuestCard(data["id"], name, breakfast, tuple(rooms), tuple(pairs))


def load_deck(path_or_data: str | Path | Mapping[str, Any] | Sequence[Any]) -> Deck:
    """Load and validate a guest deck.

    Parameters
    ----------
    path_or_data : str, Path, dict or list
        ``"standard"`` for hoteledu's deck, a path to a JSON file, or the
        JSON data itself: ``{"name": ..., "cards": [...]}`` or a list of
        cards. A card is ``{"id": 7, "name": "...", "breakfast": true,
        "rooms": [{"from": 0, "nights": 2}, ...], "neighbours": [[0, 1]]}``.

    Returns
    -------
    Deck

    Raises
    ------
    DeckError
        If a field is missing or wrong; the message names the card and field.

    Examples
    --------
    >>> deck = load_deck([{"id": 1, "rooms": [{"from": 0, "nights": 2}]}])
    >>> deck.card(1).room_nights
    2
    >>> len(load_deck("standard"))
    28
    """
    if isinstance(path_or_data, str) and path_or_data in BUILTIN_DECKS:
        return standard_deck()
    if isinstance(path_or_data, (str, Path)):
        data: Any = _read_deck_file(Path(path_or_data))
    else:
        data = path_or_data
    _check_deck_size(data)
    name, source = "custom deck", ""
    if isinstance(data, Mapping):
        unknown = set(data) - {"name", "source", "cards"}
        _need(not unknown, "deck", f"unknown field(s) {sorted(unknown)}")
        _need("cards" in data, "deck", "field 'cards' is missing")
        name = data.get("name", name)
        source = data.get("source", source)
        _need(isinstance(name, str) and len(name) <= 200, "deck", "field 'name' must be a text")
        _need(
            isinstance(source, str) and len(source) <= 2000, "deck", "field 'source' must be a text"
        )
        data = data["cards"]
    _need(isinstance(data, (list, tuple)), "deck", "the cards must be a list")
    _need(len(data) >= 1, "deck", "a deck needs at least one card")
    _need(len(data) <= MAX_DECK_CARDS, "deck", f"a deck has at most {MAX_DECK_CARDS} cards")
    cards = tuple(_parse_card(c, i) for i, c in enumerate(data))
    seen: set[int] = set()
    for card in cards:
        _need(card.id not in seen, f"card {card.id}", "field 'id' is used by another card")
        seen.add(card.id)
    return Deck(name, cards, source)


@lru_cache(maxsize=1)
def standard_deck() -> Deck:
    """hoteledu's own 28-card deck (``data/guests.json``)."""
    text = resources.files("hoteledu.boutique").joinpath("data/guests.json").read_text("utf-8")
    return load_deck(json.loads(text))


def _read_deck_file(path: Path) -> Any:
    """The JSON data of a deck file: a regular file of at most MAX_DECK_FILE_BYTES."""
    try:
        info = os.stat(path)
    except OSError as error:
        raise DeckError(f"cannot read the deck file {str(path)!r}: {error.strerror}") from None
    # A pipe would block for ever and a device never end: only regular files.
    _need(stat.S_ISREG(info.st_mode), f"deck file {str(path)!r}", "not a regular file")
    _need(
        info.st_size <= MAX_DECK_FILE_BYTES,
        f"deck file {str(path)!r}",
        f"larger than {MAX_DECK_FILE_BYTES} bytes",
    )
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_DECK_FILE_BYTES + 1)
    except OSError as error:
        raise DeckError(f"cannot read the deck file {str(path)!r}: {error.strerror}") from None
    _need(
        len(raw) <= MAX_DECK_FILE_BYTES,
        f"deck file {str(path)!r}",
        f"larger than {MAX_DECK_FILE_BYTES} bytes",
    )
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise DeckError(f"the deck file {str(path)!r} is not valid JSON: {error}") from None


def _check_deck_size(data: Any) -> None:
    """Refuse deck data nested too deeply or too large before walking it."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    values = 0
    while stack:
        value, depth = stack.pop()
        values += 1
        _need(values <= MAX_DECK_VALUES, "deck", f"too large (over {MAX_DECK_VALUES} values)")
        if isinstance(value, Mapping):
            children: Any = list(value.values())
        elif isinstance(value, (list, tuple)):
            children = value
        else:
            continue
        # deck -> cards -> card -> rooms -> room -> value: 6 levels at most.
        _need(depth < 6 or not children, "deck", "nested too deeply to be a deck")
        stack.extend((child, depth + 1) for child in children)


def resolve_deck(option: Any) -> Deck:
    """The deck of the game option ``deck``: a built-in deck's name or the deck's data.

    The option comes from saved records too, which are untrusted: it is never
    a file path (a record must not make the loader read a file).
    """
    if isinstance(option, Deck):
        return option
    if isinstance(option, str):
        if option in BUILTIN_DECKS:
            return standard_deck()
        raise DeckError(
            f"the option 'deck' names a built-in deck ({', '.join(map(repr, BUILTIN_DECKS))}) "
            "or carries the deck's data; it is never a file: read a deck file with "
            "hoteledu.boutique.cards.load_deck(path) and pass the deck it returns"
        )
    if not isinstance(option, (Mapping, list, tuple)):
        raise DeckError(
            f"the option 'deck' must be a built-in deck's name or the deck's data, "
            f"not {type(option).__name__}"
        )
    _check_deck_size(option)
    try:
        key = json.dumps(option, sort_keys=True)
    except (TypeError, ValueError) as error:
        raise DeckError(f"the deck's data is not JSON data: {error}") from None
    return _cached_deck(key)


@lru_cache(maxsize=32)
def _cached_deck(key: str) -> Deck:
    return load_deck(json.loads(key))


def deck_table(deck: Deck | None = None) -> str:
    """Every card of ``deck`` as a Markdown table (used in ``docs/boutique.md``)."""
    deck = deck or standard_deck()
    lines = [
        "| id | guests | rooms | nights per room | breakfast | adjoining rooms | room-nights |",
        "|---:|---|---:|---|---|---|---:|",
    ]
    for c in deck.cards:
        nights = ", ".join(
            f"{r.nights}" + (f" (from +{r.start})" if r.start else "") for r in c.rooms
        )
        pairs = ", ".join(f"{a + 1}-{b + 1}" for a, b in c.neighbours) or "-"
        lines.append(
            f"| {c.id} | {c.name} | {len(c.rooms)} | {nights} | "
            f"{'yes' if c.breakfast else 'no'} | {pairs} | {c.room_nights} |"
        )
    return "\n".join(lines)
