"""Grand Austria Hotel: the round and the turn, as free functions of the state.

Setup as a stack of tasks, the flow of a round (roll, the lowest visible
turn-order number moves next, passing and rerolls, emperor scoring, final
scoring), and the compound turn: its legal actions (a guest, then a die, then
additional actions) and how each applies. Every function takes the state as its
first argument (a :class:`~.rules.GrandAustriaState`; this module does not import
:mod:`.rules`, which calls it). Sources: ``docs/grand_austria.md``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from hoteledu.core.actions import Action
from hoteledu.grand_austria import cards as card_data
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria import hotel as hotel_data
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria.actions import (
    CHECK_IN,
    CLAIM_POLITICS,
    END_TURN,
    PASS,
    SERVE,
    SERVE_FROM_KITCHEN,
    TAKE_DIE,
    TAKE_GUEST,
    USE_STAFF,
    CheckIn,
    ClaimPolitics,
    EndTurn,
    Pass,
    Serve,
    ServeFromKitchen,
    TakeDie,
    TakeGuest,
    UseStaff,
)
from hoteledu.grand_austria.hotel import (
    CAFE_GUEST_PENALTY_VP,
    CAFE_SPACES,
    DICE_BY_PLAYERS,
    EMPEROR_BONUS_MIN_SPACE,
    EMPEROR_TRACK_VP,
    GUEST_QUEUE_COSTS,
    GUEST_SPACES,
    POLITICS_VP,
    ROUNDS,
    START_STAFF_HAND,
)

TURN_ACTIONS = (
    TakeGuest,
    TakeDie,
    Pass,
    EndTurn,
    CheckIn,
    Serve,
    ServeFromKitchen,
    ClaimPolitics,
    UseStaff,
)
"""The action types a turn takes (its legal ones are listed by :func:`turn_actions`)."""
SCORING_ROUNDS = dict(
    zip(hotel_data.EMPEROR_SCORING_ROUNDS, hotel_data.EMPEROR_STEP_BACK, strict=True)
)
"""Rounds with an emperor scoring, and how far the disks move back."""
MAX_ROOM_COST = max(hotel_data.FLOOR_COSTS)


def setup_tasks(state: Any) -> None:
    """Setup as a stack of tasks (the last pushed runs first)."""
    push = state.tasks.append
    push(tk.FLOW_SETUP_GUESTS)
    staff_setup = state.options["staff_setup"]
    if staff_setup == "draft":
        push(tk.FLOW_DRAFT)
        for p in reversed(range(state.n)):
            for _ in range(START_STAFF_HAND):
                push(tk.shared(tk.DrawStaff, p, "packet"))
    elif staff_setup == "introductory":
        push(tk.FLOW_INTRODUCTORY)
    else:
        for p in reversed(range(state.n)):
            for _ in range(START_STAFF_HAND):
                push(tk.shared(tk.DrawStaff, p, "hand"))
    for _ in range(GUEST_SPACES):
        push(tk.REFILL)
    for letter in "CBA":
        push(tk.shared(tk.Reveal, "emperor", letter))
    for letter in "CBA":
        push(tk.shared(tk.Reveal, "politics", letter))
    push(tk.START_PLAYER)


def flow(state: Any, step: str) -> None:
    """Carry out a step of the game's flow (the task ``Flow(step)``)."""
    FLOW_STEPS[step](state)


def setup_guests(state: Any) -> None:
    push = state.tasks.append
    push(tk.FLOW_SETUP_ROOMS)
    for p in state.turn_order():  # pushed in order, so the last player picks first
        push(tk.REFILL)
        push(tk.shared(tk.SetupGuest, p))


def setup_rooms(state: Any) -> None:
    push = state.tasks.append
    push(tk.FLOW_ROUND_START)
    for p in reversed(state.turn_order()):
        push(tk.shared(tk.Prepare, p, 3))


def round_start(state: Any) -> None:
    state.round += 1
    state.stage = "round"
    state.covered = [0] * state.n
    state.passed = [False] * state.n
    state.dustbin = 0
    state.dice = [0] * 6
    state.tasks.append(tk.FLOW_NEXT)
    state.tasks.append(tk.shared(tk.Roll, DICE_BY_PLAYERS[state.n]))


def draft_pass(state: Any) -> None:
    """Each packet goes to the next player (the draft's step between picks)."""
    state.packets = [state.packets[(p - 1) % state.n] for p in range(state.n)]


def visible(state: Any, p: int) -> int | None:
    c = state.covered[p]
    return state.tiles[p][c] if c < 2 else None


def next_turn(state: Any) -> None:
    """The lowest visible number moves next (GAH-R04); passing and rerolls (GAH-R05)."""
    if not any(state.dice):
        state.tasks.append(tk.FLOW_ROUND_END)
        return
    covered, passed, tiles = state.covered, state.passed, state.tiles
    active = False
    p, lowest = -1, 0
    for q in range(state.n):
        if covered[q] < 2:
            active = True
            # the lowest visible number (the first such player): each waiting
            # player has a tile uncovered
            if not passed[q]:
                shown = tiles[q][covered[q]] or 0
                if p < 0 or shown < lowest:
                    p, lowest = q, shown
    if not active:
        state.tasks.append(tk.FLOW_ROUND_END)
        return
    if p >= 0:
        state.tasks.append(tk.FLOW_NEXT)
        state.tasks.append(tk.TURNS[p])
        state.turn = {"p": p, "guest": False, "die": False, "boost": False, "bonus": False}
        return
    # everyone left has passed: one die to the dustbin, the rest rerolled
    total = sum(state.dice) - 1
    state.dustbin += 1
    state.dice = [0] * 6
    if total <= 0:
        state.tasks.append(tk.FLOW_ROUND_END)
        return
    state.passed = [False] * state.n
    state.tasks.append(tk.FLOW_NEXT)
    state.tasks.append(tk.shared(tk.Roll, total))


def round_end(state: Any) -> None:
    """Emperor scoring (rounds 3, 5, 7), staff face up, tiles clockwise (GAH-R07)."""
    state.turn = None
    push = state.tasks.append
    if state.round >= ROUNDS:
        push(tk.FLOW_FINAL)
    else:
        push(tk.FLOW_ROUND_START)
    push(tk.CLEANUP)
    if state.round in SCORING_ROUNDS:
        push(tk.EMPEROR_SCORING)


def cleanup(state: Any) -> None:
    state.used = [[] for _ in range(state.n)]
    state.tiles = [list(state.tiles[(p - 1) % state.n]) for p in range(state.n)]
    state.start_player = state.turn_order()[0]


def emperor_scoring(state: Any) -> None:
    """GAH-E02/E03: VP for the space, move back, then tile bonus or penalty."""
    back = SCORING_ROUNDS[state.round]
    index = list(SCORING_ROUNDS).index(state.round)
    tile = state.emperor_tiles[index] if index < len(state.emperor_tiles) else None
    order = state.turn_order()
    for p in order:
        state.vp[p] += EMPEROR_TRACK_VP[state.emperor[p]]
        state.emperor[p] = max(0, state.emperor[p] - back)
    if tile is None:
        return
    # bonuses and penalties resolve in turn order: push in reverse
    for p in reversed(order):
        if state.emperor[p] >= EMPEROR_BONUS_MIN_SPACE:
            fx.push_emperor_bonus(state, p, tile)
        elif state.emperor[p] == 0:
            fx.push_emperor_penalty(state, p, tile)


def final_scoring(state: Any) -> None:
    """GAH-F01..F04."""
    cat = fx.catalog()
    state.final = []
    for p in range(state.n):
        staff_vp = fx.endgame_vp(state, p)
        rooms_vp = sum(cat.final_vp[cat.floor[r]] for r in range(20) if state.rooms[p][r] == 2)
        items = sum(state.kitchen[p])
        cafe = -CAFE_GUEST_PENALTY_VP * len(state.cafe[p])
        money = state.money[p]
        state.vp[p] += staff_vp + rooms_vp + money + items + cafe
        state.final.append(
            {"staff": staff_vp, "rooms": rooms_vp, "money": money, "items": items, "cafe": cafe}
        )
    state.stage = "over"


def deal_staff_sets(state: Any) -> None:
    """GAH-S09: the start player takes set A, the next player B, ...; the rest is the deck.

    The deck stays an unordered pile (each draw a uniform chance node), which
    is what shuffling the rest into the draw pile amounts to.
    """
    sets = card_data.staff_sets()
    for i in range(state.n):
        p = (state.start_player + i) % state.n
        state.hand[p] = sorted(sets[i].cards)
        for card in sets[i].cards:
            state.staff_deck.remove(card)


def draft_round(state: Any) -> None:
    if not any(state.packets):
        return
    state.tasks.append(tk.FLOW_DRAFT)
    state.tasks.append(tk.DRAFT_PASS)
    for p in reversed(range(state.n)):
        state.tasks.append(tk.DraftPick(p))


def turn_actions_plain(state: Any, p: int) -> list[Action]:
    """The legal actions of ``p``'s turn as the rules state them (GAH-R03): the reference.

    Before the die: a guest from the row (paid, or free with a waive), a die
    from each space with dice, without or with a bought +1, on space 6 as each
    action 1 to 5 for its fee; a die whose action 3 or 5 cannot be carried out
    is refused (option ``impossible_die_action``); a pass before anything was
    done. After the die: the additional actions, then the end of the turn.
    :func:`turn_actions` is the engine's fast path of this function (the same
    actions in the same order; tests/grand_austria/test_fast_paths.py checks).
    """
    turn = state.turn
    if turn["die"]:
        return [*additional_actions_plain(state, p), END_TURN]
    out: list[Action] = []
    money = state.money[p]
    if not turn["guest"] and len(state.cafe[p]) < CAFE_SPACES:
        for slot in range(GUEST_SPACES):
            if state.queue[slot] is not None and state.guest_cost(p, slot) <= money:
                out.append(TakeGuest(slot))
    refuse = state.options["impossible_die_action"] == "refuse"
    dice: list[Action] = []
    for space in range(1, 7):
        if not state.dice[space - 1]:
            continue
        for boost in (False, True):
            fee = state._die_fees(p, space, boost)
            if fee > money:
                continue
            for act in range(1, 6) if space == 6 else (space,):
                if refuse and not action_possible(state, p, space, boost, act, money - fee):
                    continue
                dice.append(TakeDie(space, boost, act if space == 6 else 0))
    out += dice
    if state.options["additional_actions"] == "any_time":
        out += additional_actions_plain(state, p)
    if not (turn["guest"] or turn.get("acted")) or not dice:
        out.append(PASS)
    return out


def turn_actions(state: Any, p: int) -> list[Action]:
    """The legal actions of ``p``'s turn: a guest, a die or a pass, then the rest (GAH-R03)."""
    turn = state.turn
    assert turn is not None
    if turn["die"]:
        out = additional_actions(state, p)
        out.append(END_TURN)
        return out
    out = []
    money = state.money[p]
    profile = fx.profile_of(tuple(state.staff[p]))  # the played cards' fees and bonuses
    if not turn["guest"] and len(state.cafe[p]) < CAFE_SPACES:
        free = profile.guest_free
        queue = state.queue
        if (free or money >= MAX_GUEST_COST) and None not in queue:
            out += ALL_GUESTS  # the usual case: every space has a guest, all affordable
        else:
            for s in range(GUEST_SPACES):
                if queue[s] is not None and (free or GUEST_QUEUE_COSTS[s] <= money):
                    out.append(TAKE_GUEST[s])
    dice: list[Action] = []
    showing = state.dice
    # Actions 3 and 5 are refused when they cannot be carried out (action_possible):
    # a room must fit and be paid, a staff card be paid. The krones each needs are
    # worked out once per listing (fast paths; test_fast_paths compares them).
    options = state.options
    refuse = options.get("impossible_die_action", "refuse") == "refuse"
    room = hire = six_hire = 0  # krones needed: none when impossible actions are allowed
    if refuse:
        if showing[2] or showing[5]:
            room = cheapest_room(state, p, profile)
        if showing[4]:
            hire = hire_krones(state, p, profile, 5)
        if showing[5]:
            six_hire = hire_krones(state, p, profile, 6)
    # Spaces 1 to 5 do their own action; a bought +1 costs 1 krone (state._die_fees)
    # and adds 1 to the strength: each space offers its die without and with the +1
    # (_DIE_CHOICES[space][without][with]); for actions 3 and 5, as far as the krones
    # left pay a room or a card (the +1 lowers the card's cost by 1, never below 0).
    boost = money >= 1
    if showing[0]:
        dice += _DIE_CHOICES[1][True][boost]
    if showing[1]:
        dice += _DIE_CHOICES[2][True][boost]
    if showing[2]:
        dice += _DIE_CHOICES[3][room <= money][room <= money - 1]
    if showing[3]:
        dice += _DIE_CHOICES[4][True][boost]
    if showing[4]:
        dice += _DIE_CHOICES[5][hire <= money][max(0, hire - 1) <= money - 1]
    # space 6 imitates any action for a fee (Kitchen Hand: none)
    if showing[5]:
        for boost in (False, True):
            left = money - profile.six_fee - boost
            if left < 0:
                break
            dice += _SIX_CHOICES[boost][room <= left][max(0, six_hire - boost) <= left]
    out += dice
    if options.get("additional_actions", "after_die") == "any_time":
        out += additional_actions(state, p)
    # a pass replaces the whole turn: only before anything was done, or
    # when no die can be taken after all (GAH-R03)
    if not (turn["guest"] or turn.get("acted")) or not dice:
        out.append(PASS)
    return out


_DIE_CHOICES = tuple(
    tuple(
        tuple(
            tuple(
                TAKE_DIE[space, boost, 0] for boost, ok in ((False, plain), (True, boosted)) if ok
            )
            for boosted in (False, True)
        )
        for plain in (False, True)
    )
    for space in range(6)
)
"""``_DIE_CHOICES[space][plain][boosted]``: the dice of space 1-5 offered, without the
+1 when ``plain``, with it when ``boosted`` (in that order)."""
_SIX_CHOICES = tuple(
    tuple(
        tuple(
            tuple(
                TAKE_DIE[6, boost, act]
                for act in range(1, 6)
                if (act != 3 or three) and (act != 5 or five)
            )
            for five in (False, True)
        )
        for three in (False, True)
    )
    for boost in (False, True)
)
"""``_SIX_CHOICES[boost][three][five]``: the die of space 6 as actions 1 to 5, action 3
only when ``three`` (a room can be prepared), 5 only when ``five`` (a card played)."""


MAX_GUEST_COST = max(GUEST_QUEUE_COSTS)
ALL_GUESTS = tuple(TAKE_GUEST[s] for s in range(GUEST_SPACES))
"""Every guest space taken, from the left (``TakeGuest(0)`` ...)."""
NO_ROOM = 1_000
"""More krones than any player holds: what :func:`cheapest_room` says when no room fits."""


@functools.lru_cache(maxsize=65536)
def placeable_layout(rooms: tuple[int, ...]) -> tuple[int, ...]:
    """The spaces where a room tile may go in hotel ``rooms`` (any floor, any colour).

    ``state.placeable_rooms(p)`` answered per layout and kept (a fast path; GAH-D05:
    the bottom-left space first, then next to a room tile).
    """
    if not any(rooms):
        return (0,)
    adjacent = fx.catalog().adjacent
    out = []
    for r in range(20):
        if not rooms[r]:
            for a in adjacent[r]:
                if rooms[a]:  # next to a room tile
                    out.append(r)
                    break
    return tuple(out)


def cheapest_room(state: Any, p: int, profile: fx.StaffProfile) -> int:
    """Krones the cheapest room ``p`` can prepare now costs (action 3), or :data:`NO_ROOM`.

    A fast path of :func:`can_prepare_with`: ``can_prepare_with(state, p, money)``
    is ``cheapest_room(...) <= money``. Kept per hotel layout and room costs.
    """
    key = (tuple(state.rooms[p]), profile.room_cost)
    cheapest = _CHEAPEST_ROOM.get(key)
    if cheapest is None:
        if len(_CHEAPEST_ROOM) > 100_000:
            _CHEAPEST_ROOM.clear()
        costs = profile.room_cost
        cheapest = NO_ROOM
        for r in placeable_layout(key[0]):
            if costs[r] < cheapest:
                cheapest = costs[r]
        _CHEAPEST_ROOM[key] = cheapest
    return cheapest


_CHEAPEST_ROOM: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}


def hire_krones(state: Any, p: int, profile: fx.StaffProfile, space: int) -> int:
    """Krones the cheapest staff card in ``p``'s hand costs with a die from ``space``
    without the bought +1 (action 5), or :data:`NO_ROOM` with an empty hand.

    A fast path of :func:`can_hire_with`: ``action_possible(state, p, space, boost, 5,
    money)`` is ``max(0, hire_krones(...) - boost) <= money`` (the +1 is a krone off).
    """
    hand = state.hand[p]
    if not hand:
        return NO_ROOM
    strength = state.dice[space - 1] + profile.strength[space][5]
    if state.options.get("checker", "die_taken") == "per_die":
        discount = state.hire_discount(p, space, strength)
    else:
        discount = strength + profile.discount[space]
    return fx.cheapest_cost(hand) - discount


def additional_actions(state: Any, p: int) -> list[Action]:
    """GAH-A02..A05: check-ins, serving from the kitchen, politics, staff once a round.

    The engine's fast path of :func:`additional_actions_plain` (the same actions
    in the same order; tests/grand_austria/test_fast_paths.py checks): each
    guest's order and rooms read from one table, a politics card skipped at once
    when the player has too few occupied rooms for it.
    """
    out: list[Action] = []
    cafe = state.cafe[p]
    staff = state.staff[p]
    if cafe:
        rooms = state.rooms[p]
        if 1 in rooms:  # a check-in needs a prepared room
            guests = GUESTS
            for s, entry in enumerate(cafe):  # [guest, strudel, cake, wine, coffee placed]
                order, fits = guests[entry[0]]
                if entry[1:5] == order:  # complete: state.guest_complete
                    check_in = CHECK_INS[s]
                    # state.free_rooms_for: a prepared room of the guest's colour
                    out += [check_in[r] for r in fits if rooms[r] == 1]
        if (state.money[p] >= 1 or fx.profile_of(tuple(staff)).serving_free) and can_serve(
            state, p, "kitchen"
        ):
            out.append(SERVE_FROM_KITCHEN)
    politics = state.politics
    if politics:
        occupied = state.rooms[p].count(2)
        claims_all = state.claims
        for i, card in enumerate(politics):
            if occupied >= FEWEST_OCCUPIED[card]:  # else too few rooms: not met
                claims = claims_all[i]
                if p not in claims and len(claims) < 3 and fx.politics_met(state, p, card):
                    out.append(CLAIMS[i])
    if staff:
        used = state.used[p]
        for c in fx.profile_of(tuple(staff)).once_per_round:
            if c not in used:
                out.append(USE_STAFF[c])
    return out


class _Kept(dict):  # type: ignore[type-arg]
    """A table filled on first asking (card data loads with the first game, not on import)."""

    def __init__(self, make: Any) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.make(key)
        return value


GUESTS = _Kept(
    lambda g: (
        list(fx.catalog().guests[g].order),
        fx.rooms_for_guest(fx.catalog().guests[g].colour),
    )
)
"""``GUESTS[guest]``: its order (a list, as a café entry holds it) and the rooms it may take."""
FEWEST_OCCUPIED = _Kept(fx.fewest_occupied)
"""``FEWEST_OCCUPIED[card]``: fewest occupied rooms that can meet politics ``card``."""
CHECK_INS = tuple(tuple(CHECK_IN[s, r] for r in range(20)) for s in range(CAFE_SPACES))
"""``CHECK_INS[slot][room]`` is ``CHECK_IN[slot, room]`` (no hashing)."""
CLAIMS = tuple(CLAIM_POLITICS[i] for i in range(3))


def additional_actions_plain(state: Any, p: int) -> list[Action]:
    """GAH-A02..A05: check-ins, serving from the kitchen, politics, staff once a round.

    The reference of :func:`additional_actions`, as the rules state them.
    """
    out: list[Action] = []
    cafe = state.cafe[p]
    if cafe:
        guests = fx.catalog().guests
        for s, entry in enumerate(cafe):
            if tuple(entry[1:5]) == guests[entry[0]].order:  # as state.guest_complete
                for r in state.free_rooms_for(p, entry[0]):
                    out.append(CHECK_IN[s, r])
    profile = fx.staff_profile(state.staff[p])
    if cafe and (state.money[p] >= 1 or profile.serving_free) and can_serve(state, p, "kitchen"):
        out.append(SERVE_FROM_KITCHEN)
    claims_all = state.claims
    for i, card in enumerate(state.politics):
        claims = claims_all[i]
        if p not in claims and len(claims) < 3 and fx.politics_met(state, p, card):
            out.append(CLAIM_POLITICS[i])
    used = state.used[p]
    for c in profile.once_per_round:
        if c not in used:
            out.append(USE_STAFF[c])
    return out


def action_possible(
    state: Any,
    p: int,
    space: int,
    boost: bool,
    act: int,
    money: int,
    rooms_cache: dict[int, bool] | None = None,
) -> bool:
    """Whether action ``act`` (die from ``space``) can be carried out with ``money``.

    Actions 1, 2 and 4 always can. (With option ``impossible_die_action="allow"``
    the callers take any die: an impossible action does nothing.) ``rooms_cache``
    keeps the action-3 answer per amount of money within one listing.
    """
    if act not in (3, 5):
        return True
    if act == 5:
        if not state.hand[p]:
            return False  # no card to play, whatever the strength
        return can_hire_with(state, p, state.die_strength(p, space, boost, 5), money, space)
    if rooms_cache is None:
        return can_prepare_with(state, p, money)
    if money not in rooms_cache:
        rooms_cache[money] = can_prepare_with(state, p, money)
    return rooms_cache[money]


def can_prepare_with(state: Any, p: int, money: int) -> bool:
    """Whether some room can be placed (GAH-D05) and paid with ``money``."""
    rooms = state.rooms[p]
    if not any(rooms):
        return state.room_cost(p, 0) <= money  # the bottom-left room comes first
    adjacent = fx.catalog().adjacent
    rich = money >= MAX_ROOM_COST  # every room is affordable: only placement matters
    for r in range(20):
        if rooms[r] or not (rich or state.room_cost(p, r) <= money):
            continue
        for a in adjacent[r]:
            if rooms[a]:
                return True
    return False


def can_hire_with(state: Any, p: int, strength: int, money: int, space: int) -> bool:
    hand = state.hand[p]
    if not hand:
        return False
    discount = state.hire_discount(p, space, strength)
    # the cheapest card decides (its cost less the discount, never below 0: hire_cost)
    return max(0, fx.cheapest_cost(hand) - discount) <= money


def take_guest(state: Any, p: int, slot: int, pay: bool) -> None:
    guest = state.queue[slot]
    assert guest is not None
    if pay:
        state.pay(p, state.guest_cost(p, slot), "GAH-G01")
    state.cafe[p].append([guest, 0, 0, 0, 0])
    # the guests to the left slide right; the leftmost space is refilled
    for s in range(slot, 0, -1):
        state.queue[s] = state.queue[s - 1]
    state.queue[0] = None


def apply_turn(state: Any, top: tk.Turn, action: Action) -> None:
    """Apply one action of ``top.player``'s turn: :data:`TURN_STEPS` names what each does."""
    TURN_STEPS[type(action)](state, top.player, state.turn, action)


def turn_take_guest(state: Any, p: int, turn: dict[str, Any], action: TakeGuest) -> None:
    turn["guest"] = True
    take_guest(state, p, action.slot, pay=True)
    state.tasks.append(tk.REFILL)


def turn_take_die(state: Any, p: int, turn: dict[str, Any], action: TakeDie) -> None:
    take_die(state, p, action)


def turn_pass(state: Any, p: int, turn: dict[str, Any], action: Pass) -> None:
    state.tasks.pop()
    if not turn["bonus"]:
        state.passed[p] = True
    state.turn = None


def turn_end(state: Any, p: int, turn: dict[str, Any], action: EndTurn) -> None:
    state.tasks.pop()
    state.turn = None
    if turn.get("gizia"):
        bonus_turn(state, p, turn["gizia"] - 1)


def turn_check_in(state: Any, p: int, turn: dict[str, Any], action: CheckIn) -> None:
    turn["acted"] = True
    check_in(state, p, action.slot, action.room)


def turn_serve_from_kitchen(
    state: Any, p: int, turn: dict[str, Any], action: ServeFromKitchen
) -> None:
    turn["acted"] = True
    state.pay(p, state._serving_fee(p), "GAH-A02")
    state.tasks.append(tk.shared(tk.Serve, p, "kitchen", 3))


def turn_claim_politics(state: Any, p: int, turn: dict[str, Any], action: ClaimPolitics) -> None:
    turn["acted"] = True
    claims = state.claims[action.index]
    state.vp[p] += POLITICS_VP[len(claims)]
    claims.append(p)


def turn_use_staff(state: Any, p: int, turn: dict[str, Any], action: UseStaff) -> None:
    turn["acted"] = True
    state.used[p].append(action.card)
    fx.push_effects(state, p, fx.catalog().staff[action.card].effects)


TURN_STEPS: dict[type[Action], Any] = {
    TakeGuest: turn_take_guest,
    TakeDie: turn_take_die,
    Pass: turn_pass,
    EndTurn: turn_end,
    CheckIn: turn_check_in,
    ServeFromKitchen: turn_serve_from_kitchen,
    ClaimPolitics: turn_claim_politics,
    UseStaff: turn_use_staff,
}
"""What each action of a turn does (one function each, taking the state, the
player, the turn's record and the action)."""


def bonus_turn(state: Any, p: int, more: int) -> None:
    """E. Gizia: another turn in which the die taken is not removed."""
    state.tasks.append(tk.TURNS[p])
    state.turn = {"p": p, "guest": False, "die": False, "boost": False, "bonus": True}
    if more:
        state.turn["gizia"] = more


def take_die(state: Any, p: int, action: TakeDie) -> None:
    turn = state.turn
    assert turn is not None
    space, boost = action.space, action.boost
    act = action.imitate if space == 6 else space
    profile = fx.profile_of(tuple(state.staff[p]))  # the played cards' bonuses and fees
    # state.die_strength(p, space, boost, act) and state._die_fees(p, space, boost)
    strength = state.dice[space - 1] + boost + profile.strength[space][act]
    state.pay(p, boost + (profile.six_fee if space == 6 else 0), "GAH-A01/GAH-D09")
    turn["die"] = True
    turn["boost"] = boost
    dice = state.dice[space - 1]
    if not turn["bonus"]:
        state.dice[space - 1] -= 1
        state.covered[p] += 1
    start_action(state, p, act, strength, space, dice)


def start_action(
    state: Any, p: int, act: int, strength: int, space: int, dice: int | None = None
) -> None:
    """Push the tasks of action ``act`` with ``strength`` (die on ``space``, where
    ``dice`` dice showed when it was taken)."""
    # die-face staff effects resolve after the action itself: push them first
    fx.push_die_effects(state, p, space, act)
    if act in (1, 2):
        state.tasks.append(tk.shared(tk.Items, p, act - 1, strength))
    elif act == 3:
        state.tasks.append(tk.shared(tk.Prepare, p, strength))
    elif act == 4:
        if fx.both_tracks(state.staff[p], space):
            state.advance_emperor(p, strength)
            state.gain_money(p, strength)
        else:
            state.tasks.append(tk.shared(tk.Split, p, strength))
    elif act == 5:
        discount = state.hire_discount(p, space, strength, dice)
        state.tasks.append(tk.shared(tk.Hire, p, discount, True, "hand"))


def check_in(state: Any, p: int, slot: int, room: int) -> None:
    """GAH-A05: the guest moves in; VP, staff triggers, occupancy bonus, reward."""
    cat = fx.catalog()
    entry = state.cafe[p].pop(slot)
    guest = cat.guests[entry[0]]
    state.guest_discard.append(entry[0])
    state.vp[p] += guest.vp
    state.occupy_room(p, room)
    fx.on_check_in(state, p, guest)
    fx.push_effects(state, p, guest.reward)


def serve_choices(state: Any, p: int, source: str) -> Iterator[Action]:
    """Each dish or drink of ``source`` that a café guest's order still needs (GAH-A02)."""
    pool = state.fresh[p] if source == "fresh" else state.kitchen[p]
    if not any(pool):
        return
    guests = fx.catalog().guests
    for s, entry in enumerate(state.cafe[p]):
        order = guests[entry[0]].order
        for i in range(4):
            if pool[i] and entry[1 + i] < order[i]:  # as state._needs
                yield SERVE[s, i]


def can_serve(state: Any, p: int, source: str) -> bool:
    """Whether :func:`serve_choices` offers anything (a fast path: no generator).

    tests/grand_austria/test_fast_paths.py checks the two agree.
    """
    pool = state.fresh[p] if source == "fresh" else state.kitchen[p]
    if not any(pool):
        return False
    guests = fx.catalog().guests
    for entry in state.cafe[p]:  # [guest, strudel, cake, wine, coffee placed]
        strudel, cake, wine, coffee = guests[entry[0]].order
        if (
            (pool[0] and entry[1] < strudel)
            or (pool[1] and entry[2] < cake)
            or (pool[2] and entry[3] < wine)
            or (pool[3] and entry[4] < coffee)
        ):
            return True
    return False


def serve_options(state: Any, p: int, source: str) -> list[Action]:
    """``list(serve_choices(state, p, source))``, without a generator (a fast path;
    tests/grand_austria/test_fast_paths.py checks the two agree)."""
    out: list[Action] = []
    pool = state.fresh[p] if source == "fresh" else state.kitchen[p]
    if not any(pool):
        return out
    guests = fx.catalog().guests
    for s, entry in enumerate(state.cafe[p]):  # [guest, strudel, cake, wine, coffee placed]
        strudel, cake, wine, coffee = guests[entry[0]].order
        serve = SERVE_CHOICES[s]
        if pool[0] and entry[1] < strudel:
            out.append(serve[0])
        if pool[1] and entry[2] < cake:
            out.append(serve[1])
        if pool[2] and entry[3] < wine:
            out.append(serve[2])
        if pool[3] and entry[4] < coffee:
            out.append(serve[3])
    return out


SERVE_CHOICES = tuple(tuple(SERVE[s, i] for i in range(4)) for s in range(CAFE_SPACES))
"""``SERVE_CHOICES[slot][item]`` is ``SERVE[slot, item]`` (no hashing)."""


FLOW_STEPS: dict[str, Any] = {
    "next": next_turn,
    "draft": draft_round,
    "introductory": deal_staff_sets,
    "setup_guests": setup_guests,
    "setup_rooms": setup_rooms,
    "round_start": round_start,
    "round_end": round_end,
    "final": final_scoring,
}
"""What each step of the flow does (``Flow(step)`` tasks): a function of the state."""
