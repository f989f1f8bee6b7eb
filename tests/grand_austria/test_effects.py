"""Grand Austria Hotel card effects: every guest reward and every staff card.

Each guest test names GAH-GUEST-n and each staff test GAH-STAFF-n. The
expected outcomes are transcribed by hand from game_facts.md 1.3 and the
rulebook's staff list (rules/000), not computed from the card data, so the
interpreter and the data are checked against an independent reading.
"""

from __future__ import annotations

import pytest

from hoteledu.core.errors import IllegalActionError
from hoteledu.core.state import CHANCE
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria.actions import (
    AvoidPenalty,
    CheckIn,
    CompleteOrder,
    Done,
    EndTurn,
    Gain,
    Hire,
    Occupy,
    Prepare,
    Serve,
    ServeFromKitchen,
    Split,
    TakeDie,
    TakeGuest,
    TakeItems,
    UseStaff,
)
from hoteledu.grand_austria.cards import guest_card
from hoteledu.grand_austria.rules import GrandAustriaState, scenario

ROOM_FOR = {"yellow": 1, "red": 2, "blue": 12, "green": 1}


def seat(state: GrandAustriaState, p: int, guest: int, complete: bool = True) -> int:
    order = list(guest_card(guest).order) if complete else [0, 0, 0, 0]
    state.cafe[p].append([guest, *order])
    return len(state.cafe[p]) - 1


def take4(state: GrandAustriaState) -> None:
    """Take a die from space 4 and put the whole strength on the money track."""
    state.apply_action(TakeDie(4))
    state.apply_action(state.legal_actions()[0])


def resolve(state: GrandAustriaState) -> list[str]:
    """Resolve pending reward steps with a fixed policy; return the task kinds met."""
    kinds = []
    while state.current_player() != -3 and state.tasks[-1].kind != "turn":
        top = state.tasks[-1]
        if state.current_player() == CHANCE:
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        kinds.append(top.kind)
        legal = state.legal_actions()
        if Prepare(5) in legal:
            state.apply_action(Prepare(5))
        elif Hire(2) in legal:
            state.apply_action(Hire(2))
        elif TakeGuest(4) in legal:
            state.apply_action(TakeGuest(4))
        elif top.kind == "serve":
            state.apply_action(Done())
        else:
            choice = next(a for a in legal if not isinstance(a, Done))
            state.apply_action(choice)
    return kinds


def guest_scene() -> GrandAustriaState:
    state = scenario(2, (0, 0, 0, 10, 0, 0))
    state.cafe[0] = []
    state.rooms[0] = [0] * 20
    state.rooms[0][0] = 2
    state.bonus_done[0] = ["a"]
    for r in (1, 2, 12):
        state.rooms[0][r] = 1
    take4(state)
    return state


# number: (vp, krones, emperor, items S C W K, hand, staff played, prepared, occupied, café)
GUESTS = {
    49: (0, 0, 0, (0, 0, 0, 0), 0, 0, 1, 0, 0),  # prepare free, floors 1-2
    50: (0, -1, 0, (0, 0, 0, 0), 1, 0, 1, 0, 0),  # draw 1; prepare (floor 2: 1 krone)
    51: (1, 0, 0, (1, 0, 0, 0), 0, 0, 0, 0, 0),
    52: (0, 2, 0, (1, 0, 0, 0), 0, 0, 0, 0, 0),
    53: (0, 0, 2, (0, 0, 0, 1), 0, 0, 0, 0, 0),
    54: (0, 2, 0, (1, 0, 0, 0), 0, 0, 0, 0, 0),  # 1 any (strudel chosen); +2 kr
    55: (7, 0, 0, (0, 0, 0, 0), 2, 0, 0, 0, 0),
    56: (0, -3, 0, (0, 1, 0, 0), -1, 1, 0, 0, 0),  # cake; Waitress (6) at -3
    57: (1, 0, 0, (0, 0, 0, 0), 0, 0, 2, 0, 0),  # prepare -1 twice
    58: (7, 0, 0, (0, 0, 0, 0), 0, 0, 0, 1, 0),
    59: (5, -4, 0, (0, 1, 0, 0), -1, 1, 0, 0, 0),  # cake; hire -2
    60: (5, 3, 0, (0, 0, 0, 1), 0, 0, 0, 0, 0),
    61: (2, 0, 0, (0, 0, 0, 0), 0, 0, 2, 0, 0),  # prepare -1; prepare (ground floor)
    62: (4, 0, 3, (0, 0, 0, 0), 0, 0, 0, 0, 1),
    63: (0, 0, 0, (0, 0, 0, 0), 0, 0, 0, 0, 1),
    64: (0, -5, 0, (0, 0, 0, 0), -1, 1, 0, 0, 0),
    65: (3, 0, 0, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    66: (3, -6, 0, (0, 0, 0, 0), -1, 1, 1, 0, 0),  # hire -1 (5); prepare (1)
    67: (2, 0, 2, (0, 0, 0, 0), 2, 0, 0, 0, 0),
    68: (4, 0, 3, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    69: (7, 3, 0, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    70: (1, -5, 3, (0, 0, 0, 0), -1, 1, 0, 0, 0),
    71: (4, 0, 0, (0, 0, 0, 0), 0, 0, 1, 0, 0),
    72: (7, 0, 0, (0, 0, 0, 0), 0, 0, 0, 1, 0),
    73: (4, -8, 0, (0, 0, 0, 0), -2, 2, 0, 0, 0),  # Waitress at -1 (5), Breakfast at -1 (3)
    74: (10, 1, 0, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    75: (5, 0, 0, (0, 0, 0, 0), 0, 1, 0, 0, 0),  # top 3, hire one at -3 (cost 2)
    76: (4, 0, 0, (0, 0, 0, 0), 0, 1, 0, 0, 0),
    77: (1, 1, 0, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    78: (0, 0, 0, (0, 0, 0, 0), 0, 0, 0, 0, 1),
    79: (0, 1, 1, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    80: (4, 0, 0, (0, 0, 0, 0), 0, 0, 0, 0, 1),
    81: (0, 3, 0, (0, 0, 1, 0), 0, 0, 0, 0, 0),
    82: (7, 0, 0, (0, 0, 0, 0), 0, 0, 0, 1, 0),
    83: (0, 5, 0, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    84: (2, 3, 0, (0, 0, 0, 0), 0, 0, 0, 0, 1),
    85: (3, 3, 0, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    86: (3, -3, 0, (0, 0, 0, 0), -1, 1, 0, 0, 0),
    87: (3, 3, 0, (0, 0, 0, 0), 0, 0, 0, 0, 2),
    88: (0, 0, 0, (0, 0, 0, 0), 0, 0, 2, 0, 0),
    89: (5, 4, 0, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    90: (7, 3, 0, (0, 0, 1, 0), 0, 0, 0, 0, 0),
    91: (0, 0, 0, (0, 0, 0, 0), 3, 0, 0, 0, 0),
    92: (0, 1, 0, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    93: (0, 0, 1, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    94: (0, -5, 0, (0, 0, 0, 0), -1, 1, 0, 0, 0),
    95: (2, 0, 2, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    96: (0, -3, 0, (0, 0, 0, 0), -1, 1, 0, 0, 0),
    98: (0, 4, 0, (0, 0, 0, 0), 0, 0, 0, 0, 0),
    99: (5, 0, 2, (0, 0, 0, 0), 1, 0, 0, 0, 0),
    100: (4, 0, 3, (0, 0, 0, 0), 0, 0, 0, 1, 0),
    101: (3, 0, 3, (0, 0, 0, 0), 0, 0, 0, 0, 1),
    102: (0, 0, 1, (0, 0, 0, 0), 0, 0, 0, 1, 0),
    103: (4, 0, 0, (0, 0, 0, 0), 2, 0, 0, 0, 0),
    104: (2, 0, 0, (0, 0, 0, 0), -1, 1, 0, 0, 0),
}


@pytest.mark.parametrize("number", sorted(GUESTS), ids=lambda n: f"GAH-GUEST-{n}")
def test_guest_reward(number: int) -> None:
    """GAH-GUEST-49 .. GAH-GUEST-104 (except 97, below): each guest checks in and its
    VP and reward (game_facts.md 1.3) come out as transcribed."""
    vp, krones, emperor, items, hand, staff, prepared, occupied, cafe = GUESTS[number]
    state = guest_scene()
    before = {
        "vp": state.vp[0],
        "money": state.money[0],
        "emperor": state.emperor[0],
        "kitchen": list(state.kitchen[0]),
        "hand": len(state.hand[0]),
        "staff": len(state.staff[0]),
        "prepared": sum(1 for r in state.rooms[0] if r),
        "occupied": sum(1 for r in state.rooms[0] if r == 2),
    }
    colour = guest_card(number).colour
    slot = seat(state, 0, number)
    state.apply_action(CheckIn(slot, ROOM_FOR[colour]))
    resolve(state)
    assert state.vp[0] - before["vp"] == vp
    assert state.money[0] - before["money"] == krones
    assert state.emperor[0] - before["emperor"] == emperor
    assert [a - b for a, b in zip(state.kitchen[0], before["kitchen"], strict=True)] == list(items)
    assert len(state.hand[0]) - before["hand"] == hand
    assert len(state.staff[0]) - before["staff"] == staff
    assert sum(1 for r in state.rooms[0] if r) - before["prepared"] == prepared
    # the guest's own room turns occupied; "occupy" rewards add more
    assert sum(1 for r in state.rooms[0] if r == 2) - before["occupied"] == 1 + occupied
    assert len(state.cafe[0]) == cafe
    assert number in state.guest_discard


def test_GAH_GUEST_49_sculptor_only_floors_1_and_2() -> None:
    """GAH-GUEST-49: the Sculptor's free room must be in the first or second row."""
    state = guest_scene()
    state.rooms[0] = [2 if r in (0, 5, 10) else 0 for r in range(20)]
    state.rooms[0][1] = 1
    slot = seat(state, 0, 49)
    state.apply_action(CheckIn(slot, 1))
    rooms = {a.room for a in state.legal_actions() if isinstance(a, Prepare)}
    assert rooms == {2, 6}  # 11 and 15 are on floors 3 and 4
    with pytest.raises(IllegalActionError):
        state.apply_action(Prepare(15))


@pytest.mark.parametrize("reading", ["extra_turn", "extra_action"])
def test_GAH_GUEST_97_gizia_extra_turn_without_removing_a_die(reading: str) -> None:
    """GAH-GUEST-97: E. Gizia gives another turn (rulebook) whose die is not removed;
    the option "extra_action" gives one action at once, also without a die."""
    state = scenario(2, (0, 0, 0, 10, 0, 0), gizia=reading)
    state.cafe[0] = []
    state.rooms[0][1] = 1
    take4(state)
    slot = seat(state, 0, 97)
    state.apply_action(CheckIn(slot, 1))
    assert state.vp[0] == 4
    dice = list(state.dice)
    if reading == "extra_turn":
        state.apply_action(EndTurn())
        assert state.current_player() == 0 and state.turn["bonus"]
        state.apply_action(TakeDie(4))
    else:
        assert state.tasks[-1].kind == "extra_action"
        state.apply_action(TakeDie(4))
    state.apply_action(Split(0, 9))
    assert state.dice == dice and state.covered[0] == 1
    assert state.money[0] == 10 + 10 + 9
    if reading == "extra_turn":
        state.apply_action(EndTurn())
    else:
        state.apply_action(EndTurn())
    assert state.current_player() == 1


# ================================================================== staff
def staff_scene(cards: list[int], dice: tuple[int, ...] = (2, 2, 2, 2, 1, 1)) -> GrandAustriaState:
    state = scenario(2, dice)
    state.staff[0] = list(cards)
    state.cafe[0] = []
    return state


@pytest.mark.parametrize(
    ("card", "item"), [(1, 0), (2, 1), (3, 2), (4, 3)], ids=lambda v: f"GAH-STAFF-{v}"
)
def test_once_per_round_item_staff(card: int, item: int) -> None:
    """GAH-STAFF-1 Breakfast Server, GAH-STAFF-2 Waitress, GAH-STAFF-3 Barkeeper,
    GAH-STAFF-4 Sous-Chef: once per round, 1 strudel / cake / wine / coffee."""
    state = staff_scene([card], (0, 0, 0, 10, 0, 0))
    take4(state)
    state.apply_action(UseStaff(card))
    assert state.kitchen[0][item] == 2
    assert UseStaff(card) not in state.legal_actions()


@pytest.mark.parametrize(
    ("card", "guest", "room", "field", "delta"),
    [
        (5, 77, 2, "money", 2 + 1),  # Groom: red check-in +2 kr (plus the reward +1)
        (6, 63, 12, "emperor", 1),  # Stableman: blue +1 emperor
        (7, 51, 1, "money", 1),  # Masseuse: yellow +1 kr
        (8, 92, 1, "vp", 2),  # Tour Guide: green +2 VP
        (23, 65, 12, "money", 1),  # Custodian: +1 kr per guest moving in
        (33, 74, 12, "vp", 10 + 4),  # Male Floor Housekeeper: scenario in the test body
    ],
    ids=[
        "GAH-STAFF-5",
        "GAH-STAFF-6",
        "GAH-STAFF-7",
        "GAH-STAFF-8",
        "GAH-STAFF-23",
        "GAH-STAFF-33",
    ],
)
def test_check_in_staff(card: int, guest: int, room: int, field: str, delta: int) -> None:
    """Check-in triggers: GAH-STAFF-5 Groom, GAH-STAFF-6 Stableman, GAH-STAFF-7
    Masseuse, GAH-STAFF-8 Tour Guide, GAH-STAFF-23 Custodian, GAH-STAFF-33 Male Floor
    Housekeeper (+4 VP for an order of 4 or more items)."""
    state = guest_scene()
    state.staff[0] = [card]
    if card == 33:
        guest = 74  # Earl: 1 cake + 2 coffee = 3 items: no bonus
        slot = seat(state, 0, guest)
        state.apply_action(CheckIn(slot, room))
        resolve(state)
        assert state.vp[0] == 10
        guest = 75  # Baroness: 2 wine + 2 coffee = 4 items: +4 VP
        state.rooms[0][10] = 1
        slot = seat(state, 0, guest)
        vp = state.vp[0]
        state.apply_action(CheckIn(slot, 10))
        resolve(state)
        assert state.vp[0] - vp == 5 + 4
        return
    before = getattr(state, field)[0]
    base = {"money": 0, "emperor": 0, "vp": 0}
    slot = seat(state, 0, guest)
    state.apply_action(CheckIn(slot, room))
    resolve(state)
    # without the card the same check-in gives only the guest's own VP/reward
    plain = guest_scene()
    slot = seat(plain, 0, guest)
    plain.apply_action(CheckIn(slot, room))
    resolve(plain)
    base[field] = getattr(plain, field)[0] - before
    gained = getattr(state, field)[0] - before
    extra = {5: 2, 6: 1, 7: 1, 8: 2, 23: 1}[card]
    assert gained - base[field] == extra  # what the card adds to the plain check-in
    assert gained == delta  # the whole change, guest reward included, as transcribed


@pytest.mark.parametrize(
    ("card", "room", "other"),
    [(9, 10, 6), (10, 7, 6), (11, 6, 7)],
    ids=["GAH-STAFF-9", "GAH-STAFF-10", "GAH-STAFF-11"],
)
def test_free_room_colour_staff(card: int, room: int, other: int) -> None:
    """GAH-STAFF-9 Butler (blue), GAH-STAFF-10 Chauffeur (red), GAH-STAFF-11 Florist
    (yellow): rooms of that colour are prepared at no cost; others still cost."""
    state = staff_scene([card], (0, 0, 4, 6, 0, 0))
    state.rooms[0] = [1 if r in (0, 1, 2, 3, 4, 5) else 0 for r in range(20)]
    state.apply_action(TakeDie(3))
    money = state.money[0]
    state.apply_action(Prepare(room))  # floor 2 or 3: normally 1 or 2 krones
    assert state.money[0] == money
    state.apply_action(Prepare(other))  # a floor-2 room of another colour costs 1
    assert state.money[0] == money - 1


@pytest.mark.parametrize(
    ("card", "space", "field", "delta"),
    [
        (12, 3, "vp", 2),
        (12, 4, "vp", 2),
        (16, 4, "vp", 4),
        (19, 3, "vp", 5),
        (20, 5, "emperor", 2),
    ],
    ids=["GAH-STAFF-12-die3", "GAH-STAFF-12-die4", "GAH-STAFF-16", "GAH-STAFF-19", "GAH-STAFF-20"],
)
def test_die_face_bonus_staff(card: int, space: int, field: str, delta: int) -> None:
    """GAH-STAFF-12 Executive Housekeeper (3 or 4: +2 VP), GAH-STAFF-16 Laundress
    (4: +4 VP), GAH-STAFF-19 Interior Architect (3: +5 VP), GAH-STAFF-20 Detective
    (5: +2 emperor). Other faces give nothing."""
    state = staff_scene([card], (2, 2, 2, 2, 1, 1))
    state.hand[0] = [6]  # Stableman, cost 1: something to play on space 5
    state.rooms[0] = [0] * 20
    before = getattr(state, field)[0]
    state.apply_action(TakeDie(space))
    while state.tasks[-1].kind != "turn":
        legal = state.legal_actions()
        state.apply_action(legal[0] if not isinstance(legal[0], Done) else legal[-1])
    after = getattr(state, field)[0]
    assert after - before == delta
    # a die from space 1 triggers nothing
    other = staff_scene([card], (2, 2, 2, 2, 1, 1))
    vp, emp = other.vp[0], other.emperor[0]
    other.apply_action(TakeDie(1))
    other.apply_action(TakeItems(2, 0))
    assert (other.vp[0], other.emperor[0]) == (vp, emp)


def test_GAH_STAFF_13_restaurant_manager_extra_item() -> None:
    """GAH-STAFF-13 Restaurant Manager: a die showing 1 or 2 gives 1 more dish/drink."""
    state = staff_scene([13], (3, 0, 0, 7, 0, 0))
    state.apply_action(TakeDie(1))
    assert TakeItems(4, 0) in state.legal_actions() and TakeItems(2, 2) in state.legal_actions()
    state2 = staff_scene([13], (0, 0, 0, 7, 0, 3))
    state2.apply_action(TakeDie(6, False, 1))  # the die shows 6: no extra item
    assert TakeItems(3, 0) in state2.legal_actions()
    assert TakeItems(4, 0) not in state2.legal_actions()


def test_GAH_STAFF_14_decorator_prepares_a_room() -> None:
    """GAH-STAFF-14 Decorator: a die showing 1 or 2 also prepares 1 room (normal cost)."""
    state = staff_scene([14], (0, 3, 0, 7, 0, 0))
    state.rooms[0] = [1] + [0] * 19
    state.apply_action(TakeDie(2))
    state.apply_action(TakeItems(0, 0, 3, 0))
    assert state.tasks[-1].kind == "prepare"
    state.apply_action(Prepare(5))
    assert state.rooms[0][5] == 1 and state.money[0] == 9


def test_GAH_STAFF_15_bootblack_both_tracks() -> None:
    """GAH-STAFF-15 Bootblack: a die showing 4 advances both emperor and money tracks."""
    state = staff_scene([15], (0, 0, 0, 3, 7, 0))
    state.apply_action(TakeDie(4))
    assert state.emperor[0] == 3 and state.money[0] == 13
    assert state.tasks[-1].kind == "turn"


def test_GAH_STAFF_17_kitchen_hand_free_six_plus_one() -> None:
    """GAH-STAFF-17 Kitchen Hand (cost 3, rulebook): space 6 at no cost, strength +1."""
    assert fx.catalog().staff[17].cost == 3
    state = staff_scene([17], (0, 0, 0, 7, 0, 3))
    state.apply_action(TakeDie(6, False, 4))
    assert state.money[0] == 10
    assert state.legal_actions()[-1] == Split(4, 0)


def test_GAH_STAFF_18_checker_extra_discount() -> None:
    """GAH-STAFF-18 Checker: a die showing 5 gives 2 more krones off the staff card."""
    state = staff_scene([18], (0, 0, 0, 9, 1, 0))
    state.hand[0] = [25]  # Delivery Boy, 6
    state.apply_action(TakeDie(5))
    state.apply_action(Hire(25))
    assert state.money[0] == 10 - (6 - 1 - 2)


def test_GAH_STAFF_22_staff_manager_extra_staff_on_three() -> None:
    """GAH-STAFF-22 Staff Manager: a die showing 3 also lets you play a staff card."""
    state = staff_scene([22], (0, 0, 3, 7, 0, 0))
    state.hand[0] = [45]
    state.rooms[0] = [2] * 20  # no room left to prepare: action 3 itself does nothing
    state.options["impossible_die_action"] = "allow"  # the default refuses such a die
    state.apply_action(TakeDie(3))
    assert state.tasks[-1].kind == "hire"
    state.apply_action(Hire(45))
    assert 45 in state.staff[0] and state.money[0] == 9 and state.emperor[0] == 3


@pytest.mark.parametrize(
    ("card", "items", "emperor"),
    [
        (21, (1, 1, 1, 1), 0),
        (36, (0, 0, 4, 0), 0),
        (39, (0, 4, 0, 0), 0),
        (43, (0, 0, 0, 4), 0),
        (44, (4, 0, 0, 0), 0),
        (45, (0, 0, 0, 0), 3),
    ],
    ids=[
        "GAH-STAFF-21",
        "GAH-STAFF-36",
        "GAH-STAFF-39",
        "GAH-STAFF-43",
        "GAH-STAFF-44",
        "GAH-STAFF-45",
    ],
)
def test_one_time_staff(card: int, items: tuple[int, ...], emperor: int) -> None:
    """One-time gains when played: GAH-STAFF-21 Chef, GAH-STAFF-36 Sommelier,
    GAH-STAFF-39 Confectioner, GAH-STAFF-43 Barista, GAH-STAFF-44 Larder Cook,
    GAH-STAFF-45 Pool Attendant."""
    state = staff_scene([], (0, 0, 0, 4, 6, 0))
    state.hand[0] = [card]
    state.apply_action(TakeDie(5))
    state.apply_action(Hire(card))
    resolve(state)
    assert state.kitchen[0] == [1 + k for k in items]
    assert state.emperor[0] == emperor


def test_GAH_STAFF_24_chief_waiter_free_kitchen_serving() -> None:
    """GAH-STAFF-24 Chief Waiter: moving kitchen items to guests costs nothing."""
    state = staff_scene([24], (0, 0, 0, 10, 0, 0))
    seat(state, 0, 70, complete=False)
    take4(state)
    money = state.money[0]
    state.apply_action(ServeFromKitchen())
    assert state.money[0] == money
    state.apply_action(Serve(0, 0))
    assert state.cafe[0][0][1] == 1


def test_GAH_STAFF_25_delivery_boy_free_guests() -> None:
    """GAH-STAFF-25 Delivery Boy: guests from the game board cost nothing."""
    state = staff_scene([25])
    state.money[0] = 0
    state.apply_action(TakeGuest(0))
    assert state.money[0] == 0 and len(state.cafe[0]) == 1


def test_GAH_STAFF_26_conference_manager_pays_to_avoid_penalty() -> None:
    """GAH-STAFF-26 Conference Manager: pay 1 krone instead of the "0" penalty."""
    state = staff_scene([26], (0, 0, 0, 10, 0, 0))
    state.emperor_tiles = ["C1", "C1", "C1"]
    state.round = 3
    state.dice = [0, 0, 0, 1, 0, 0]
    state.money[1] = 0
    take4(state)
    state.apply_action(EndTurn())
    assert state.legal_actions() == [AvoidPenalty(True), AvoidPenalty(False)]
    state.apply_action(AvoidPenalty(True))
    assert state.vp[0] == 0 and state.money[0] == 10
    assert state.vp[1] == -8


# end-game staff: VP on an arranged hotel
END_ROOMS = [
    2 if r in (0, 1, 2, 3, 4, 5, 7, 10, 15) else 1 if r in (6, 8) else 0 for r in range(20)
]
# occupied: 0 B(a) 1 Y(b) 2 R(c) 3 R(c) 4 B(d) 5 Y(b) 7 R(c) 10 B(f) 15 B(f)
# blue 4, yellow 2, red 3; floor 0 full; column 0 full; groups a, d, f full


@pytest.mark.parametrize(
    ("card", "vp"),
    [
        (27, 3 * 3),  # Booking Manager: 3 per occupied red room
        (28, 3 * 4),  # Concierge: 3 per occupied blue room
        (30, 3 * 2),  # Reception Clerk: 3 per occupied yellow room
        (31, 9),  # Chambermaid: 1 per occupied room
        (32, 2 * 3),  # Assistant Manager: 2 per staff card (3 played)
        (34, 11),  # Receptionist: 1 per room, prepared or occupied
        (37, 2 * 3),  # Room Service: 2 per fully occupied group (a, d, f)
        (40, 5 * 2),  # Marketing Director: 5 per politics card with a disk
        (41, 2 * 5),  # Operator: twice the emperor space (5)
        (46, 5 * 1),  # Female Floor Housekeeper: 5 per full floor
        (47, 5 * 1),  # Liftboy: 5 per full column
        (48, 4 * 2),  # Hotel Manager: 4 per set of red+blue+yellow
    ],
    ids=[f"GAH-STAFF-{n}" for n in (27, 28, 30, 31, 32, 34, 37, 40, 41, 46, 47, 48)],
)
def test_end_game_staff(card: int, vp: int) -> None:
    """End-game VP of GAH-STAFF-27 Booking Manager, GAH-STAFF-28 Concierge,
    GAH-STAFF-30 Reception Clerk, GAH-STAFF-31 Chambermaid, GAH-STAFF-32 Assistant
    Manager, GAH-STAFF-34 Receptionist, GAH-STAFF-37 Room Service, GAH-STAFF-40
    Marketing Director, GAH-STAFF-41 Operator, GAH-STAFF-46 Female Floor Housekeeper,
    GAH-STAFF-47 Liftboy, GAH-STAFF-48 Hotel Manager."""
    state = staff_scene([card, 1, 2])
    state.rooms[0] = list(END_ROOMS)
    state.claims = [[0], [1, 0], []]
    state.emperor[0] = 5
    assert fx.card_vp(state, 0, card) == vp


def test_GAH_STAFF_41_operator_at_most_12() -> None:
    """GAH-STAFF-41 Operator: twice the emperor space, at most 12 VP."""
    state = staff_scene([41])
    state.emperor[0] = 13
    assert fx.card_vp(state, 0, 41) == 12


def test_GAH_STAFF_29_secretary_copies_best_end_game_card() -> None:
    """GAH-STAFF-29 Secretary: copy another player's end-game staff card (scored on
    your own hotel); the best one is taken."""
    state = staff_scene([29])
    state.rooms[0] = list(END_ROOMS)
    state.staff[1] = [31, 28, 5]  # Chambermaid (9 for p0), Concierge (12 for p0)
    assert fx.card_vp(state, 0, 29) == 12
    state.staff[1] = [5]
    assert fx.card_vp(state, 0, 29) == 0


def test_GAH_STAFF_35_page_boy_occupies_two_rooms() -> None:
    """GAH-STAFF-35 Page-boy: turn 2 prepared rooms of any colour to occupied."""
    state = staff_scene([], (0, 0, 0, 4, 6, 0))
    state.rooms[0] = [1 if r in (1, 2, 5) else 0 for r in range(20)]
    state.hand[0] = [35]
    state.apply_action(TakeDie(5))
    state.apply_action(Hire(35))
    state.apply_action(Occupy(1))
    state.apply_action(Occupy(5))
    assert [state.rooms[0][r] for r in (1, 2, 5)] == [2, 1, 2]
    assert state.tasks[-1].kind == "turn"


def test_GAH_STAFF_38_porter_completes_an_order() -> None:
    """GAH-STAFF-38 Porter: complete a guest's order from the general supply."""
    state = staff_scene([], (0, 0, 0, 4, 6, 0))
    seat(state, 0, 90, complete=False)
    state.hand[0] = [38]
    state.apply_action(TakeDie(5))
    state.apply_action(Hire(38))
    state.apply_action(CompleteOrder(0))
    assert state.guest_complete(0, 0) and state.kitchen[0] == [1, 1, 1, 1]


def test_GAH_STAFF_42_gardener_bonus_on_emperor_bonus() -> None:
    """GAH-STAFF-42 Gardener: +5 VP each time you receive the emperor bonus."""
    state = staff_scene([42], (0, 0, 0, 10, 0, 0))
    state.emperor_tiles = ["C1", "C1", "C1"]
    state.emperor = [7, 7]
    state.round = 3
    state.dice = [0, 0, 0, 1, 0, 0]
    take4(state)
    state.apply_action(EndTurn())
    # 5 VP for space 7, back to 4: bonus 8 VP, Gardener 5 VP
    assert state.vp == [5 + 8 + 5, 5 + 8]


def test_every_staff_and_guest_has_a_test() -> None:
    """All 48 staff cards and 56 guests appear in this file's test IDs."""
    import pathlib
    import re

    text = pathlib.Path(__file__).read_text(encoding="utf-8")
    staff = {int(n) for n in re.findall(r"GAH-STAFF-(\d+)", text)}
    assert set(range(1, 49)) <= staff
    guests = set(GUESTS) | {97}
    assert guests == set(range(49, 105))


def test_gain_any_item_choice() -> None:
    """Tile A2 bonus / GAH-GUEST-54: "1 any" lets the player choose the dish or drink."""
    state = guest_scene()
    slot = seat(state, 0, 54)
    state.apply_action(CheckIn(slot, 1))
    assert state.legal_actions() == [Gain(0), Gain(1), Gain(2), Gain(3)]
    state.apply_action(Gain(3))
    assert state.kitchen[0][3] == 2
