"""Grand Austria Hotel cards as validated data: guests, staff, politics, emperor tiles.

The cards live in JSON files under ``data/`` and load, through one loader
(:func:`load_cards` with a :class:`CardFile` per kind of card), into frozen
dataclasses. Every card ability is written in the effect vocabulary of
:mod:`.vocabulary`.

Order of authority (design/grand_austria.md): the rulebook text (rules/000)
first, then ``game_facts.md``; where they differ the card keeps the rulebook
reading and records the other one as an :class:`Alternative`.

Examples
--------
>>> from hoteledu.grand_austria.cards import guest_card, staff_card
>>> guest_card(65).name, guest_card(65).reward
('Knight of the Empire', ())
>>> staff_card(17).cost
3
>>> print(staff_card(5).effects[0].describe())
whenever a red guest checks in at your hotel: gain 2 krones
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from hoteledu.grand_austria.hotel import POLITICS_VP
from hoteledu.grand_austria.vocabulary import (
    CONDITION_KINDS,
    EFFECT_KINDS,
    GUEST_COLOURS,
    ITEMS,
    ROOM_COLOURS,
    STAFF_TIMINGS,
    Condition,
    Effect,
    KindSpec,
    parse_term,
)

DATA_DIR = Path(__file__).parent / "data"

LETTERS: tuple[str, ...] = ("A", "B", "C")
SET_LETTERS: tuple[str, ...] = ("A", "B", "C", "D")
"""Introductory staff sets: the start player takes A, the next player B, ... (GAH-S09)."""

HAND_SIZE = 6
"""Staff cards each player starts with (GAH-S02)."""


# -------------------------------------------------------------------- cards
@dataclasses.dataclass(frozen=True)
class Alternative:
    """Another reading of a card from a source the rulebook overrides.

    ``cost`` or ``effects`` are ``None`` where the alternative keeps the card's own.
    """

    note: str
    source: str
    cost: int | None = None
    effects: tuple[Effect, ...] | None = None


@dataclasses.dataclass(frozen=True)
class GuestCard:
    """A guest: order (strudel, cake, wine, coffee), VP and reward on check-in."""

    number: int
    name: str
    colour: str
    order: tuple[int, int, int, int]
    vp: int
    reward: tuple[Effect, ...]
    source: str
    notes: str = ""
    alternative: Alternative | None = None

    @property
    def order_size(self) -> int:
        """How many dishes and drinks the order holds."""
        return sum(self.order)

    @property
    def order_items(self) -> dict[str, int]:
        """The order as ``{"strudel": n, "cake": n, "wine": n, "coffee": n}``."""
        return dict(zip(ITEMS, self.order, strict=True))

    def room_colours(self) -> tuple[str, ...]:
        """Room colours this guest may move into (tourists: any)."""
        return ROOM_COLOURS if self.colour == "green" else (self.colour,)


@dataclasses.dataclass(frozen=True)
class StaffCard:
    """A staff card: cost in krones, timing and effects."""

    number: int
    name: str
    cost: int
    timing: str
    effects: tuple[Effect, ...]
    source: str
    notes: str = ""
    alternative: Alternative | None = None


@dataclasses.dataclass(frozen=True)
class PoliticsCard:
    """A politics card: its condition and the VP of the 1st, 2nd and 3rd disk."""

    number: int
    letter: str
    condition: Condition
    vp: tuple[int, ...]
    source: str
    notes: str = ""


@dataclasses.dataclass(frozen=True)
class EmperorTile:
    """An emperor tile: bonus (space 3+), penalty (space 0) and the penalty's fallback.

    The penalty applies when every one of its effects is possible; otherwise the
    fallback applies instead (GAH-E04). An empty fallback means the penalty is
    always possible (it does what it can).
    """

    tile: str
    letter: str
    bonus: tuple[Effect, ...]
    penalty: tuple[Effect, ...]
    fallback: tuple[Effect, ...]
    source: str
    notes: str = ""


@dataclasses.dataclass(frozen=True)
class StaffSet:
    """A starting hand of the introductory variant (GAH-S09): set letter and 6 cards."""

    letter: str
    cards: tuple[int, ...]
    notes: str = ""


# ------------------------------------------------------------------ loading
class _Reader:
    """Field access on one JSON record that names file, card and field in errors."""

    def __init__(self, path: Path, what: str, record: Any) -> None:
        self.path = path
        self.what = what
        if not isinstance(record, Mapping):
            self.fail("record", f"must be an object, got {record!r}")
        self.record = record

    def fail(self, field: str, message: str) -> None:
        raise ValueError(f"{self.path.name}: {self.what}: field {field!r}: {message}")

    def get(self, field: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if field not in self.record:
            if default is ...:
                self.fail(field, "is missing")
            return default
        value = self.record[field]
        if isinstance(value, bool) and kind is int:
            self.fail(field, f"must be {kind.__name__}, got {value!r}")
        if not isinstance(value, kind):
            name = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            self.fail(field, f"must be {name}, got {value!r}")
        return value

    def terms(self, field: str, kinds: dict[str, KindSpec], cls: type, default: Any = ...) -> Any:
        raw = self.get(field, list, default)
        if raw is None:
            return None
        out = []
        for i, item in enumerate(raw):
            try:
                out.append(parse_term(item, kinds, cls))
            except ValueError as error:
                self.fail(f"{field}[{i}]", str(error))
        return tuple(out)

    def alternative(self) -> Alternative | None:
        raw = self.get("alternative", dict, None)
        if raw is None:
            return None
        sub = _Reader(self.path, self.what + " alternative", raw)
        return Alternative(
            note=sub.get("note", str),
            source=sub.get("source", str),
            cost=sub.get("cost", int, None),
            effects=sub.terms("effects", EFFECT_KINDS, Effect, None),
        )


def _records(path: Path, key: str) -> list[Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ValueError(f"{path.name}: not valid JSON: {error}") from None
    if not isinstance(data, Mapping) or not isinstance(data.get(key), list):
        raise ValueError(f"{path.name}: must be an object with a list {key!r}")
    return data[key]


def _unique(path: Path, what: str, numbers: list[Any], expected: Sequence[Any]) -> None:
    seen: set[Any] = set()
    for number in numbers:
        if number in seen:
            raise ValueError(f"{path.name}: {what} {number} appears twice")
        seen.add(number)
    missing = sorted(set(expected) - seen, key=str)
    extra = sorted(seen - set(expected), key=str)
    if missing or extra:
        raise ValueError(
            f"{path.name}: {what} numbers must be exactly {expected[0]}..{expected[-1]}; "
            f"missing {missing}, unexpected {extra}"
        )


@dataclasses.dataclass(frozen=True)
class CardFile:
    """How one kind of card is stored: its file, its list, its id and how a record reads.

    ``parse`` turns one record (through a :class:`_Reader` that names file,
    card and field in errors) into a card; ``check`` looks at the whole deck
    once every record has read (counts per colour or letter).
    """

    file: str
    key: str
    what: str
    id_field: str
    ids: tuple[Any, ...]
    parse: Callable[[_Reader], Any]
    named: bool = False
    check: Callable[[Path, list[Any]], None] | None = None
    missing_words: str = ""
    attribute: str = ""
    """The card's attribute holding the id, where it is not named ``id_field``."""
    """Where set, missing ids are named so ("the staff sets ['D'] are missing")."""


def load_cards(spec: CardFile, path: Path | str | None = None) -> tuple[Any, ...]:
    """Read and validate one kind of card, sorted by id: the one loader of every deck.

    Raises ``ValueError`` if a record is malformed: the message names the file,
    the card and the field.
    """
    path = DATA_DIR / spec.file if path is None else Path(path)
    cards = []
    for record in _records(path, spec.key):
        ident = record.get(spec.id_field) if isinstance(record, Mapping) else None
        what = f"{spec.what} {ident}"
        if spec.named:
            name = record.get("name", "?") if isinstance(record, Mapping) else "?"
            what += f" ({name!r})"
        cards.append(spec.parse(_Reader(path, what, record)))
    attribute = spec.attribute or spec.id_field
    ids = [getattr(c, attribute) for c in cards]
    missing = [i for i in spec.ids if i not in ids]
    if spec.missing_words and missing and set(ids) <= set(spec.ids) and len(set(ids)) == len(ids):
        need = ", ".join(map(str, spec.ids))
        raise ValueError(
            f"{path.name}: the {spec.missing_words} {missing} are missing (need {need})"
        )
    _unique(path, spec.what, ids, spec.ids)
    if spec.check is not None:
        spec.check(path, cards)
    return tuple(sorted(cards, key=lambda c: getattr(c, attribute)))


def _count_per(field: str, values: tuple[str, ...], count: int, words: str) -> Callable:
    def check(path: Path, cards: list[Any]) -> None:
        for value in values:
            found = sum(getattr(c, field) == value for c in cards)
            if found != count:
                raise ValueError(
                    f"{path.name}: there must be {count} {words.format(value)}, found {found}"
                )

    return check


def _guest(r: _Reader) -> GuestCard:
    number = r.get("number", int)
    colour = r.get("colour", str)
    if colour not in GUEST_COLOURS:
        r.fail("colour", f"must be one of {list(GUEST_COLOURS)}, got {colour!r}")
    order = r.get("order", dict)
    if set(order) - set(ITEMS):
        r.fail("order", f"items must be among {list(ITEMS)}, got {sorted(order)}")
    counts = tuple(order.get(item, 0) for item in ITEMS)
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts):
        r.fail("order", f"counts must be whole numbers >= 0, got {order!r}")
    if sum(counts) == 0:
        r.fail("order", "an order needs at least one dish or drink")
    vp = r.get("vp", int)
    if vp < 0:
        r.fail("vp", f"must be >= 0, got {vp}")
    return GuestCard(
        number=number,
        name=r.get("name", str),
        colour=colour,
        order=counts,  # type: ignore[arg-type]
        vp=vp,
        reward=r.terms("reward", EFFECT_KINDS, Effect),
        source=r.get("source", str),
        notes=r.get("notes", str, ""),
        alternative=r.alternative(),
    )


def _staff(r: _Reader) -> StaffCard:
    number = r.get("number", int)
    timing = r.get("timing", str)
    if timing not in STAFF_TIMINGS:
        r.fail("timing", f"must be one of {list(STAFF_TIMINGS)}, got {timing!r}")
    cost = r.get("cost", int)
    if cost < 0:
        r.fail("cost", f"must be >= 0, got {cost}")
    effects = r.terms("effects", EFFECT_KINDS, Effect)
    if not effects:
        r.fail("effects", "a staff card needs at least one effect")
    return StaffCard(
        number=number,
        name=r.get("name", str),
        cost=cost,
        timing=timing,
        effects=effects,
        source=r.get("source", str),
        notes=r.get("notes", str, ""),
        alternative=r.alternative(),
    )


def _politics(r: _Reader) -> PoliticsCard:
    number = r.get("number", int)
    letter = r.get("letter", str)
    if letter not in LETTERS:
        r.fail("letter", f"must be one of {list(LETTERS)}, got {letter!r}")
    condition = r.terms("condition", CONDITION_KINDS, Condition)
    if len(condition) != 1:
        r.fail("condition", "must hold exactly one condition")
    vp = tuple(r.get("vp", list, list(POLITICS_VP)))
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in vp) or not vp:
        r.fail("vp", f"must be a non-empty list of whole numbers, got {list(vp)}")
    return PoliticsCard(
        number, letter, condition[0], vp, r.get("source", str), r.get("notes", str, "")
    )


def _emperor(r: _Reader) -> EmperorTile:
    tile_id = r.get("tile", str)
    bonus = r.terms("bonus", EFFECT_KINDS, Effect)
    penalty = r.terms("penalty", EFFECT_KINDS, Effect)
    if not bonus:
        r.fail("bonus", "must hold at least one effect")
    if not penalty:
        r.fail("penalty", "must hold at least one effect")
    return EmperorTile(
        tile=tile_id,
        letter=tile_id[:1],
        bonus=bonus,
        penalty=penalty,
        fallback=r.terms("fallback", EFFECT_KINDS, Effect, ()),
        source=r.get("source", str),
        notes=r.get("notes", str, ""),
    )


def _staff_set(r: _Reader) -> StaffSet:
    letter = r.get("set", str)
    if letter not in SET_LETTERS:
        r.fail("set", f"must be one of {list(SET_LETTERS)}, got {letter!r}")
    numbers = r.get("cards", list)
    if len(numbers) != HAND_SIZE:
        r.fail("cards", f"must hold exactly {HAND_SIZE} staff cards, got {len(numbers)}")
    for number in numbers:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 48:
            r.fail("cards", f"staff cards are numbered 1..48, got {number!r}")
    return StaffSet(letter, tuple(numbers), r.get("notes", str, ""))


def _sets_share_no_card(path: Path, sets: list[StaffSet]) -> None:
    seen: dict[int, str] = {}
    for staff_set in sorted(sets, key=lambda s: s.letter):
        for number in staff_set.cards:
            if number in seen:
                raise ValueError(
                    f"{path.name}: staff set {staff_set.letter}: field 'cards': "
                    f"staff card {number} is already in set {seen[number]}"
                )
            seen[number] = staff_set.letter


GUESTS = CardFile(
    "guests.json",
    "guests",
    "guest card",
    "number",
    tuple(range(49, 105)),
    _guest,
    named=True,
    check=_count_per("colour", GUEST_COLOURS, 14, "{} guests"),
)
"""The 56 guest cards (49..104, 14 per colour)."""
STAFF = CardFile(
    "staff.json", "staff", "staff card", "number", tuple(range(1, 49)), _staff, named=True
)
"""The 48 staff cards (1..48)."""
POLITICS = CardFile(
    "politics.json",
    "politics",
    "politics card",
    "number",
    tuple(range(105, 117)),
    _politics,
    check=_count_per("letter", LETTERS, 4, "politics cards {}"),
)
"""The 12 politics cards (105..116, 4 each of A, B, C)."""
EMPEROR = CardFile(
    "emperor.json",
    "emperor_tiles",
    "emperor tile",
    "tile",
    tuple(f"{letter}{i}" for letter in LETTERS for i in range(1, 5)),
    _emperor,
)
"""The 12 emperor tiles A1..C4."""
STAFF_SETS = CardFile(
    "staff_sets.json",
    "sets",
    "staff set",
    "set",
    SET_LETTERS,
    _staff_set,
    check=_sets_share_no_card,
    missing_words="staff sets",
    attribute="letter",
)
"""The introductory variant's staff sets A..D (GAH-S09): hoteledu's own sets, as the
sources do not list the printed ones; exactly A, B, C, D of 6 different staff card
numbers each (1..48), no card in two sets."""


@functools.cache
def guest_cards() -> tuple[GuestCard, ...]:
    """The 56 guest cards, sorted by number (loaded once)."""
    return load_cards(GUESTS)


@functools.cache
def staff_cards() -> tuple[StaffCard, ...]:
    """The 48 staff cards, sorted by number (loaded once)."""
    return load_cards(STAFF)


@functools.cache
def staff_sets() -> tuple[StaffSet, ...]:
    """The introductory variant's staff sets A..D (hoteledu's own; loaded once)."""
    return load_cards(STAFF_SETS)


@functools.cache
def politics_cards() -> tuple[PoliticsCard, ...]:
    """The 12 politics cards, sorted by number (loaded once)."""
    return load_cards(POLITICS)


@functools.cache
def emperor_tiles() -> tuple[EmperorTile, ...]:
    """The 12 emperor tiles A1..C4 (loaded once)."""
    return load_cards(EMPEROR)


def guest_card(number: int) -> GuestCard:
    """The guest card with this number (49..104)."""
    if not 49 <= number <= 104:
        raise KeyError(f"guest cards are numbered 49..104, got {number}")
    return guest_cards()[number - 49]


def staff_card(number: int) -> StaffCard:
    """The staff card with this number (1..48)."""
    if not 1 <= number <= 48:
        raise KeyError(f"staff cards are numbered 1..48, got {number}")
    return staff_cards()[number - 1]


def politics_card(number: int) -> PoliticsCard:
    """The politics card with this number (105..116)."""
    if not 105 <= number <= 116:
        raise KeyError(f"politics cards are numbered 105..116, got {number}")
    return politics_cards()[number - 105]


def emperor_tile(tile: str) -> EmperorTile:
    """The emperor tile with this id ("A1".."C4")."""
    for t in emperor_tiles():
        if t.tile == tile:
            return t
    raise KeyError(f"emperor tiles are A1..C4, got {tile!r}")
