"""The interpreter of Grand Austria Hotel card effects.

Every staff card, guest reward, emperor tile and politics card is data
(:mod:`.cards`): a tuple of :class:`~.vocabulary.Effect` values from a small
vocabulary (``gain``, ``prepare_rooms``, ``play_staff``, ``on_event``,
``modify_action``, ``waive``, ...). This module implements each *kind* once:

* one-off effects (rewards, one-time staff, emperor bonuses and penalties)
  become tasks on the state's task stack (:func:`push_effects`), so any choice
  they need (which room, which card) is a decision of the player;
* permanent staff effects are looked up when the engine asks: the room cost
  (``waive``), the die action (``modify_action``), triggers (``on_event``);
* end-game staff and politics conditions are counted by :func:`endgame_vp`
  and :func:`politics_met`.

Tasks hold effects in their JSON form, so states stay plain JSON data.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from hoteledu.grand_austria import cards as card_data
from hoteledu.grand_austria import hotel as hotel_data
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria import vocabulary
from hoteledu.grand_austria.cards import GuestCard

GameState = Any
"""A :class:`~.rules.GrandAustriaState`: rules imports this module, never the reverse."""

ROOM_COLOURS = ("yellow", "blue", "red")
FREE = 99
"""A discount that makes any staff card free."""


# ================================================================== catalog
@dataclasses.dataclass(frozen=True)
class Modifier:
    """A ``modify_action`` effect of a permanent staff card."""

    faces: tuple[int, ...]
    fee: int
    extra_strength: int
    extra_items: int
    extra_discount: int
    both_tracks: bool


@dataclasses.dataclass
class Catalog:
    """The card and board data the engine needs, indexed for speed."""

    guests: dict[int, GuestCard]
    staff: dict[int, Any]
    politics: dict[int, Any]
    emperor: dict[str, Any]
    colour: tuple[str, ...]
    floor: tuple[int, ...]
    column: tuple[int, ...]
    group: tuple[str, ...]
    group_rooms: dict[str, tuple[int, ...]]
    adjacent: tuple[tuple[int, ...], ...]
    floor_cost: tuple[int, ...]
    final_vp: tuple[int, ...]
    prepare_vp: dict[int, int]
    occupancy_bonus: dict[str, dict[int, int]]
    modifiers: dict[int, tuple[Modifier, ...]]
    waives: dict[int, tuple[tuple[str, str, int], ...]]
    die_triggers: dict[int, tuple[tuple[tuple[int, ...], dict[str, Any]], ...]]
    checkin_triggers: dict[int, tuple[tuple[str, int, dict[str, Any]], ...]]
    occupied_triggers: dict[int, tuple[dict[str, Any], ...]]
    bonus_triggers: dict[int, tuple[dict[str, Any], ...]]

    def letter_cards(self, what: str, letter: str) -> list[Any]:
        """Politics card numbers or emperor tile names of one letter (A, B, C)."""
        if what == "politics":
            return sorted(n for n, c in self.politics.items() if c.letter == letter)
        return sorted(t for t, c in self.emperor.items() if c.letter == letter)

    def guest_text(self, number: int) -> str:
        g = self.guests[number]
        letters = vocabulary.ITEM_LETTERS
        order = "".join(k * letter for k, letter in zip(g.order, letters, strict=True))
        return f"{g.name} ({g.colour}, {order}, {g.vp} VP)"


@functools.cache
def catalog() -> Catalog:
    """The catalog built from :mod:`.cards` and :mod:`.hotel` (once per process)."""
    board = hotel_data.hotel_board()
    staff = {c.number: c for c in card_data.staff_cards()}
    modifiers, waives, die_t, check_t, occ_t, bonus_t = {}, {}, {}, {}, {}, {}
    for number, card in staff.items():
        mods, wv, dt, ct, ot, bt = [], [], [], [], [], []
        for e in card.effects:
            if e.kind == "modify_action":
                mods.append(
                    Modifier(
                        tuple(e.param("faces")),
                        e.param("fee"),
                        e.param("extra_strength"),
                        e.param("extra_items"),
                        e.param("extra_discount"),
                        e.param("both_tracks"),
                    )
                )
            elif e.kind == "waive":
                wv.append((e.param("what"), e.param("colour"), e.param("fee")))
            elif e.kind == "on_event":
                inner = e.param("effect").to_json()
                event = e.param("event")
                if event == "take_die":
                    dt.append((tuple(e.param("faces")), inner))
                elif event == "check_in":
                    ct.append((e.param("colour"), e.param("min_order"), inner))
                elif event == "room_occupied":
                    ot.append(inner)
                else:
                    bt.append(inner)
        modifiers[number], waives[number] = tuple(mods), tuple(wv)
        die_t[number], check_t[number] = tuple(dt), tuple(ct)
        occ_t[number], bonus_t[number] = tuple(ot), tuple(bt)
    rooms = board.rooms
    return Catalog(
        guests={c.number: c for c in card_data.guest_cards()},
        staff=staff,
        politics={c.number: c for c in card_data.politics_cards()},
        emperor={t.tile: t for t in card_data.emperor_tiles()},
        colour=tuple(r.colour for r in rooms),
        floor=tuple(r.floor for r in rooms),
        column=tuple(r.column for r in rooms),
        group=tuple(r.group for r in rooms),
        group_rooms={g.name: g.rooms for g in board.groups},
        adjacent=board.adjacency,
        floor_cost=hotel_data.FLOOR_COSTS,
        final_vp=hotel_data.ROOM_FINAL_VP,
        prepare_vp={r.index: r.printed_vp for r in rooms if r.printed_vp},
        occupancy_bonus={
            colour: {size: amount for size, (_unit, amount) in table.items()}
            for colour, table in hotel_data.OCCUPANCY_BONUS.items()
        },
        modifiers=modifiers,
        waives=waives,
        die_triggers=die_t,
        checkin_triggers=check_t,
        occupied_triggers=occ_t,
        bonus_triggers=bonus_t,
    )


def param(e: dict[str, Any], name: str) -> Any:
    """A parameter of an effect in JSON form, or its documented default."""
    if name in e:
        return e[name]
    return _default(e["kind"], name)


@functools.cache
def _default(kind: str, name: str) -> Any:
    spec = vocabulary.EFFECT_KINDS[kind].spec(name)
    if spec is None:
        raise KeyError(f"{kind} has no parameter {name!r}")
    return spec.default


# ========================================================= permanent lookups
# The played cards change a few times a game and are asked about at every
# decision: the answers are kept per set of cards (in play order).
@functools.lru_cache(maxsize=8192)
def _free_colour(staff: tuple[int, ...], colour: str) -> bool:
    waives = catalog().waives
    for c in staff:
        for what, col, _fee in waives[c]:
            if what == "room_cost" and col in ("any", colour):
                return True
    return False


def free_colour(staff: list[int], colour: str) -> bool:
    """Whether a played card (Butler, Chauffeur, Florist) waives rooms of ``colour``."""
    return _free_colour(tuple(staff), colour)


@functools.lru_cache(maxsize=8192)
def _has_waive(staff: tuple[int, ...], what: str) -> int | None:
    waives = catalog().waives
    for c in staff:
        for w, _col, fee in waives[c]:
            if w == what:
                return fee
    return None


def has_waive(staff: list[int], what: str) -> int | None:
    """The fee of a ``waive`` of kind ``what`` among the played cards, else None."""
    return _has_waive(tuple(staff), what)


@functools.lru_cache(maxsize=8192)
def _modifiers_of(staff: tuple[int, ...], space: int) -> tuple[Modifier, ...]:
    mods = catalog().modifiers
    return tuple(m for c in staff for m in mods[c] if space in m.faces)


def _modifiers(staff: list[int], space: int) -> tuple[Modifier, ...]:
    return _modifiers_of(tuple(staff), space)


@functools.lru_cache(maxsize=8192)
def _cheapest(hand: tuple[int, ...]) -> int:
    staff = catalog().staff
    return min(staff[c].cost for c in hand)


def cheapest_cost(hand: list[int]) -> int:
    """The printed cost of the cheapest staff card in ``hand`` (not empty)."""
    return _cheapest(tuple(hand))


def six_fee(staff: list[int]) -> int:
    """Krones action 6 costs (1; Kitchen Hand: 0)."""
    fee = 1
    for m in _modifiers(staff, 6):
        fee = min(fee, m.fee)
    return fee


def strength_bonus(staff: list[int], space: int, act: int) -> int:
    """Extra strength from played cards for a die from ``space`` doing action ``act``."""
    bonus = 0
    for m in _modifiers(staff, space):
        bonus += m.extra_strength
        if act in (1, 2):
            bonus += m.extra_items
    return bonus


def hire_discount_bonus(staff: list[int], space: int) -> int:
    """Extra krones off a staff card for a die from ``space`` (Checker)."""
    return sum(m.extra_discount for m in _modifiers(staff, space))


def hire_discount_per_die(staff: list[int], space: int) -> int:
    """Krones more off per die on ``space`` (Checker, option ``checker="per_die"``:
    each die showing 5 lowers the cost by 2 instead of 1)."""
    return sum(m.extra_discount - 1 for m in _modifiers(staff, space) if m.extra_discount)


def both_tracks(staff: list[int], space: int) -> bool:
    """Bootblack: action 4 with a die showing 4 advances both tracks."""
    return any(m.both_tracks for m in _modifiers(staff, space))


@dataclasses.dataclass(frozen=True, slots=True)
class StaffProfile:
    """What a set of played cards changes in a turn, worked out once per set.

    A fast path: each field answers as the function it names does for the
    same cards (``six_fee``, ``strength_bonus``, ``hire_discount_bonus``,
    ``free_colour`` with the floor's cost, ``has_waive``); a turn's listing
    reads it once instead of asking those functions at every die.
    tests/grand_austria/test_fast_paths.py checks the two agree.
    """

    six_fee: int
    strength: tuple[tuple[int, ...], ...]
    """``strength[space][act]``: strength_bonus(staff, space, act)."""
    discount: tuple[int, ...]
    """``discount[space]``: hire_discount_bonus(staff, space)."""
    room_cost: tuple[int, ...]
    """Each room's krones before a discount: 0 when a card waives its colour."""
    guest_free: bool
    serving_free: bool
    once_per_round: tuple[int, ...]
    """The played cards used once a round (timing ``once_per_round``), in play order."""


@functools.lru_cache(maxsize=8192)
def _profile_of(staff: tuple[int, ...]) -> StaffProfile:
    # The lookups above, worked out together: each space's modifiers read once
    # (tests/grand_austria/test_fast_paths.py compares every field with them).
    cat = catalog()
    played = [m for c in staff for m in cat.modifiers[c]]
    strength: tuple[tuple[int, ...], ...] = _NO_BONUS
    discount: tuple[int, ...] = (0,) * 7
    if played:
        strength, discount = ((0,) * 6,), (0,)
        for space in range(1, 7):
            here = [m for m in played if space in m.faces]
            extra = sum(m.extra_strength for m in here)
            items = sum(m.extra_items for m in here)
            strength += (tuple(extra + items if act in (1, 2) else extra for act in range(6)),)
            discount += (sum(m.extra_discount for m in here),)
    waived = {(what, colour) for c in staff for what, colour, _fee in cat.waives[c]}
    room_cost = _printed_room_costs()
    if any(what == "room_cost" for what, _ in waived):
        room_cost = tuple(
            0
            if ("room_cost", "any") in waived or ("room_cost", cat.colour[r]) in waived
            else room_cost[r]
            for r in range(len(room_cost))
        )
    return StaffProfile(
        six_fee=min([1] + [m.fee for m in played if 6 in m.faces]),
        strength=strength,
        discount=discount,
        room_cost=room_cost,
        guest_free=any(what == "guest_cost" for what, _ in waived),
        serving_free=any(what == "serving_cost" for what, _ in waived),
        once_per_round=tuple(c for c in staff if cat.staff[c].timing == "once_per_round"),
    )


_NO_BONUS = ((0,) * 6,) * 7
"""No strength or discount bonus on any space (the profile of cards without modifiers)."""


@functools.cache
def _printed_room_costs() -> tuple[int, ...]:
    """Each room's printed cost (its floor's), before any waive."""
    cat = catalog()
    return tuple(cat.floor_cost[cat.floor[r]] for r in range(len(cat.colour)))


def staff_profile(staff: list[int]) -> StaffProfile:
    """The :class:`StaffProfile` of the played cards ``staff`` (kept per set of cards)."""
    return _profile_of(tuple(staff))


profile_of = _profile_of
"""``profile_of(tuple(staff))`` is ``staff_profile(staff)``, one call less (hot paths)."""


# ================================================================ triggers
def push_effects(state: GameState, p: int, effects: Any) -> None:
    """Queue effects (Effect objects or JSON dicts) so the first resolves first."""
    for e in reversed(tuple(effects)):
        state.tasks.append(tk.Effect(p, e if isinstance(e, dict) else e.to_json()))


def push_die_effects(state: GameState, p: int, space: int, act: int) -> None:
    """``on_event take_die`` triggers of the played cards (resolve after the action)."""
    staff = state.staff[p]
    if not staff:
        return
    found = _die_effects(tuple(staff), space)
    if found:
        push_effects(state, p, found)


@functools.lru_cache(maxsize=8192)
def _die_effects(staff: tuple[int, ...], space: int) -> tuple[dict[str, Any], ...]:
    """The ``take_die`` triggers of played cards ``staff`` for a die from ``space``, in order
    (kept per set of cards: the effects are JSON dicts the engine never changes)."""
    triggers = catalog().die_triggers
    return tuple(inner for c in staff for faces, inner in triggers[c] if space in faces)


def on_check_in(state: GameState, p: int, guest: GuestCard) -> None:
    """``on_event check_in`` triggers: Groom, Stableman, Masseuse, Tour Guide, ..."""
    triggers = catalog().checkin_triggers
    size = sum(guest.order)
    found = [
        inner
        for c in state.staff[p]
        for colour, min_order, inner in triggers[c]
        if colour in ("any", guest.colour) and size >= min_order
    ]
    push_effects(state, p, found)


def on_room_occupied(state: GameState, p: int) -> None:
    triggers = catalog().occupied_triggers
    push_effects(state, p, [inner for c in state.staff[p] for inner in triggers[c]])


def push_emperor_bonus(state: GameState, p: int, tile: str) -> None:
    """The tile's bonus, then Gardener-like ``emperor_bonus`` triggers."""
    cat = catalog()
    triggers = [inner for c in state.staff[p] for inner in cat.bonus_triggers[c]]
    push_effects(state, p, list(cat.emperor[tile].bonus) + triggers)


def push_emperor_penalty(state: GameState, p: int, tile: str) -> None:
    """The penalty, or (Conference Manager) the choice to pay instead."""
    fee = has_waive(state.staff[p], "emperor_penalty")
    if fee is not None and state.money[p] >= fee:
        state.tasks.append(tk.Conference(p, tile, fee))
        return
    push_penalty_effects(state, p, tile)


def push_penalty_effects(state: GameState, p: int, tile: str) -> None:
    """GAH-E04: "the penalty usually shows 2 options (if one is impossible, choose the
    other)". Default (option ``emperor_penalty="choice"``): with both options possible
    the player chooses (a ``choose_penalty`` decision); with one impossible the other
    applies. ``"first"``: the first option unless it is impossible."""
    first, second = _penalty_json(tile)
    if not second:
        push_effects(state, p, first)
        return
    first_possible = all(penalty_possible(state, p, e) for e in first)
    if state.options.get("emperor_penalty", "choice") == "first":
        push_penalty_option(state, p, tile, 0 if first_possible else 1)
        return
    second_possible = all(penalty_possible(state, p, e) for e in second)
    if first_possible and second_possible:
        state.tasks.append(tk.ChoosePenalty(p, tile))
    else:
        push_penalty_option(state, p, tile, 0 if first_possible else 1)


@functools.cache
def _penalty_json(tile: str) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]:
    """Emperor ``tile``'s penalty and fallback effects in JSON form (made once; never changed)."""
    t = catalog().emperor[tile]
    return tuple(e.to_json() for e in t.penalty), tuple(e.to_json() for e in t.fallback)


def push_penalty_option(state: GameState, p: int, tile: str, option: int) -> None:
    """Carry out option 0 (the first printed) or 1 (the other) of the tile's penalty."""
    first, second = _penalty_json(tile)
    push_effects(state, p, first if option == 0 or not second else second)


def penalty_possible(state: GameState, p: int, e: dict[str, Any]) -> bool:
    kind = e["kind"]
    if kind == "lose":
        return state.money[p] >= param(e, "krones") * _per_count(state, p, e)
    if kind == "lose_staff":
        if param(e, "source") == "hand":
            return len(state.hand[p]) >= param(e, "count")
        return len(hired(state, p, param(e, "timing"))) >= param(e, "count")
    if kind == "remove_rooms":
        if param(e, "one_per_floor"):
            return True
        status = 1 if param(e, "state") == "vacant" else 2
        return state.rooms[p].count(status) >= param(e, "count")
    return True


def hired(state: GameState, p: int, timing: str) -> list[int]:
    staff = catalog().staff
    return [c for c in state.staff[p] if timing == "any" or staff[c].timing == timing]


# ============================================================== interpreter


def apply_effect(state: GameState, p: int, e: dict[str, Any]) -> None:
    """Carry out one effect for player ``p`` (may push decision tasks)."""
    kind = e["kind"]
    tasks = state.tasks
    if kind == "gain":
        mult = _per_count(state, p, e)
        cap = param(e, "max")
        vp = param(e, "vp") * mult
        if cap:
            vp = min(vp, cap)
        if vp:
            state.vp[p] += vp
        if param(e, "krones"):
            state.gain_money(p, param(e, "krones") * mult)
        if param(e, "emperor"):
            state.advance_emperor(p, param(e, "emperor") * mult)
        items = [param(e, name) * mult for name in vocabulary.ITEMS]
        if param(e, "any_item"):
            tasks.append(tk.ChooseItem(p, param(e, "any_item") * mult))
        if any(items):
            state.receive_items(p, items)
    elif kind == "lose":
        mult = _per_count(state, p, e)
        state.pay(p, param(e, "krones") * mult, "GAH-E04")
        state.vp[p] -= param(e, "vp") * mult
    elif kind == "prepare_rooms":
        discount = FREE if param(e, "free") else param(e, "discount")
        tasks.append(
            tk.Prepare(
                p,
                param(e, "count"),
                discount,
                param(e, "free"),
                param(e, "max_floor"),
                param(e, "occupy"),
                param(e, "colour"),
            )
        )
    elif kind == "occupy_rooms":
        tasks.append(tk.Occupy(p, param(e, "count"), param(e, "colour")))
    elif kind == "take_guest":
        tasks.append(tk.FreeGuest(p, param(e, "free")))
    elif kind == "draw_staff":
        for _ in range(param(e, "count")):
            tasks.append(tk.shared(tk.DrawStaff, p, "hand"))
    elif kind == "play_staff":
        discount = FREE if param(e, "free") else param(e, "discount")
        if param(e, "source") == "top3":
            tasks.append(tk.Hire(p, discount, False, "offer"))
            for _ in range(3):
                tasks.append(tk.shared(tk.DrawStaff, p, "offer"))
        else:
            tasks.append(tk.Hire(p, discount, False, "hand"))
    elif kind == "complete_order":
        tasks.append(tk.CompleteOrder(p, param(e, "colour")))
    elif kind == "extra_turn":
        state.grant_gizia(p, param(e, "scope"))
    elif kind == "discard_items":
        state.kitchen[p] = [0, 0, 0, 0]
        if param(e, "where") == "kitchen_and_cafe":
            for entry in state.cafe[p]:
                entry[1:5] = [0, 0, 0, 0]
    elif kind == "lose_staff":
        if param(e, "source") == "hand":
            tasks.append(tk.ReturnStaff(p, param(e, "count")))
        else:
            tasks.append(tk.DiscardStaff(p, param(e, "count"), param(e, "timing")))
    elif kind == "remove_rooms":
        status = 1 if param(e, "state") == "vacant" else 2
        tasks.append(tk.RemoveRooms(p, param(e, "count"), status, param(e, "one_per_floor"), ()))
    # on_event, modify_action, waive, copy_staff: permanent or end-game, nothing to do now


# ================================================================ counting
def _full(rooms: list[int], members: tuple[int, ...]) -> bool:
    return all(rooms[r] == 2 for r in members)


def occupied_count(rooms: list[int], colour: str = "any") -> int:
    if colour == "any":
        return rooms.count(2)
    return sum(1 for r in _rooms_of_colour(colour) if rooms[r] == 2)


@functools.cache
def rooms_for_guest(colour: str) -> tuple[int, ...]:
    """The rooms a guest of ``colour`` may move into (GAH-A05: a green guest, any room)."""
    return tuple(range(20)) if colour == "green" else _rooms_of_colour(colour)


@functools.cache
def _rooms_of_colour(colour: str) -> tuple[int, ...]:
    col = catalog().colour
    return tuple(r for r in range(20) if col[r] == colour)


@functools.cache
def _units(unit: str) -> tuple[tuple[int, ...], ...]:
    """The rooms of each floor, column, group or colour (politics cards count full ones)."""
    if unit == "floor":
        return tuple(tuple(range(f * 5, f * 5 + 5)) for f in range(4))
    if unit == "column":
        return tuple(tuple(range(c, 20, 5)) for c in range(5))
    if unit == "group":
        return tuple(catalog().group_rooms.values())
    return tuple(_rooms_of_colour(c) for c in ROOM_COLOURS)


def _per_count(state: GameState, p: int, e: dict[str, Any], rooms: Any = None) -> int:
    per = param(e, "per")
    if not per:
        return 1
    cat = catalog()
    rooms = state.rooms[p] if rooms is None else rooms
    if per == "staff":
        return len(state.staff[p])
    if per == "occupied_room":
        return occupied_count(rooms, e.get("colour", "any"))
    if per == "room":
        return len(rooms) - rooms.count(0)  # rooms with a tile
    if per == "occupied_group":
        return sum(1 for members in cat.group_rooms.values() if _full(rooms, members))
    if per == "occupied_floor":
        return sum(1 for f in range(4) if _full(rooms, tuple(range(f * 5, f * 5 + 5))))
    if per == "occupied_column":
        return sum(1 for c in range(5) if _full(rooms, tuple(range(c, 20, 5))))
    if per == "colour_set":
        return min(occupied_count(rooms, c) for c in ROOM_COLOURS)
    if per == "politics_disk":
        return sum(1 for claims in state.claims if p in claims)
    if per == "emperor_space":
        return state.emperor[p]
    raise ValueError(f"unknown per {per!r}")


def card_vp(state: GameState, p: int, card: int) -> int:
    """End-game VP of one staff card for player ``p`` (0 for other timings)."""
    staff = catalog().staff[card]
    if staff.timing != "game_end":
        return 0
    total = 0
    for e in staff.effects:
        if e.kind == "gain":
            d = e.to_json()
            vp = param(d, "vp") * _per_count(state, p, d)
            cap = param(d, "max")
            total += min(vp, cap) if cap else vp
        elif e.kind == "copy_staff":
            others = [
                c
                for q in range(state.n)
                if q != p
                for c in state.staff[q]
                if catalog().staff[c].timing == "game_end"
                and all(x.kind != "copy_staff" for x in catalog().staff[c].effects)
            ]
            total += max((card_vp(state, p, c) for c in others), default=0)
    return total


def endgame_vp(state: GameState, p: int) -> int:
    """GAH-F01: VP of the played end-game staff cards."""
    return sum(card_vp(state, p, c) for c in state.staff[p])


def endgame_staff(staff: list[int]) -> list[int]:
    cards = catalog().staff
    return [c for c in staff if cards[c].timing == "game_end"]


_SMALLEST_UNIT = {"floor": 5, "column": 4, "group": 1, "colour": 6}
"""Fewest rooms in one floor, column, group or colour (a quick test before counting)."""


@functools.cache
def _condition(number: int) -> tuple[str, dict[str, Any]]:
    """Politics card ``number``'s condition: its kind and every parameter (defaults filled)."""
    cond = catalog().politics[number].condition
    names = [spec.name for spec in vocabulary.CONDITION_KINDS[cond.kind].params]
    return cond.kind, {name: cond.param(name) for name in names}


def fewest_occupied(number: int) -> int:
    """Fewest occupied rooms that can meet politics card ``number`` (0: any number)."""
    return _fewest_occupied(number)


@functools.cache
def _fewest_occupied(number: int) -> int:
    """Fewest occupied rooms that can meet politics card ``number`` (a quick test first)."""
    kind, need = _condition(number)
    if kind == "occupied_rooms":
        return sum(need[c] for c in ROOM_COLOURS)
    if kind == "fully_occupied":
        return need["count"] * _SMALLEST_UNIT[need["unit"]]
    return 0


def politics_met(state: GameState, p: int, number: int) -> bool:
    """GAH-P01: whether player ``p`` meets politics card ``number``'s condition."""
    rooms = state.rooms[p]
    if rooms.count(2) < _fewest_occupied(number):
        return False  # too few occupied rooms for the colours or full units asked
    kind, need = _condition(number)
    if kind == "at_least":
        return (
            state.money[p] >= need["krones"]
            and state.emperor[p] >= need["emperor"]
            and len(state.staff[p]) >= need["staff"]
            and len(rooms) - rooms.count(0) >= need["rooms"]
        )
    if kind == "occupied_rooms":
        return all(occupied_count(rooms, c) >= need[c] for c in ROOM_COLOURS)
    # fully_occupied
    unit, count = need["unit"], need["count"]
    return sum(1 for members in _units(unit) if _full(rooms, members)) >= count
