"""Grand Austria Hotel: the round and the turn, as free functions of the state.

Setup as a stack of tasks, the flow of a round (roll, the lowest visible
turn-order number moves next, passing and rerolls, emperor scoring, final
scoring), and the compound turn: its legal actions (a guest, then a die, then
additional actions) and how each applies. Every function takes the state as its
first argument (a :class:`~.rules.GrandAustriaState`; this module does not import
:mod:`.rules`, which calls it). Sources: ``docs/grand_austria.md``.
"""

from __future__ import annotations

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
                push(tk.DrawStaff(p, "packet"))
    elif staff_setup == "introductory":
        push(tk.FLOW_INTRODUCTORY)
    else:
        for p in reversed(range(state.n)):
            for _ in range(START_STAFF_HAND):
                push(tk.DrawStaff(p, "hand"))
    for _ in range(GUEST_SPACES):
        push(tk.REFILL)
    for letter in "CBA":
        push(tk.Reveal("emperor", letter))
    for letter in "CBA":
        push(tk.Reveal("politics", letter))
    push(tk.START_PLAYER)


def flow(state: Any, step: str) -> None:
    push = state.tasks.append
    if step == "next":  # the most frequent step: after every turn
        next_turn(state)
    elif step == "draft":
        draft_round(state)
    elif step == "introductory":
        deal_staff_sets(state)
    elif step == "setup_guests":
        push(tk.FLOW_SETUP_ROOMS)
        for p in state.turn_order():  # pushed in order, so the last player picks first
            push(tk.REFILL)
            push(tk.SetupGuest(p))
    elif step == "setup_rooms":
        push(tk.FLOW_ROUND_START)
        for p in reversed(state.turn_order()):
            push(tk.Prepare(p, 3))
    elif step == "round_start":
        state.round += 1
        state.stage = "round"
        state.covered = [0] * state.n
        state.passed = [False] * state.n
        state.dustbin = 0
        state.dice = [0] * 6
        push(tk.FLOW_NEXT)
        push(tk.Roll(DICE_BY_PLAYERS[state.n]))
    elif step == "round_end":
        round_end(state)
    elif step == "final":
        final_scoring(state)


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
    state.tasks.append(tk.Roll(total))


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


_DIE_ACTIONS = tuple(
    tuple(
        tuple(
            TAKE_DIE[space, boost, act] if space and (space == 6) == (act > 0) else None
            for act in range(6)
        )
        for boost in (False, True)
    )
    for space in range(7)
)
"""``_DIE_ACTIONS[space][boost][imitate]`` is ``TAKE_DIE[space, boost, imitate]`` (no hashing)."""


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
    profile = fx.staff_profile(state.staff[p])  # the played cards' fees and bonuses
    if not turn["guest"] and len(state.cafe[p]) < CAFE_SPACES:
        free = profile.guest_free
        queue = state.queue
        for s in range(GUEST_SPACES):
            if queue[s] is not None and (free or GUEST_QUEUE_COSTS[s] <= money):
                out.append(TAKE_GUEST[s])
    dice: list[Action] = []
    rooms_cache: dict[int, bool] = {}
    refuse = state.options.get("impossible_die_action", "refuse") == "refuse"
    showing = state.dice
    # spaces 1 to 5 do their own action, a bought +1 costs 1 krone (state._die_fees)
    for space in range(1, 6):
        if not showing[space - 1]:
            continue
        checked = refuse and (space == 3 or space == 5)
        for boost in (False, True) if money >= 1 else (False,):
            if checked and not _die_action_possible(
                state, p, profile, space, boost, space, money - boost, rooms_cache
            ):
                continue
            dice.append(_DIE_ACTIONS[space][boost][0])
    # space 6 imitates any action for a fee (Kitchen Hand: none)
    if showing[5]:
        for boost in (False, True):
            fee = profile.six_fee + boost
            if fee > money:
                break
            for act in range(1, 6):
                if (
                    refuse
                    and (act == 3 or act == 5)
                    and not _die_action_possible(
                        state, p, profile, 6, boost, act, money - fee, rooms_cache
                    )
                ):
                    continue
                dice.append(_DIE_ACTIONS[6][boost][act])
    out += dice
    if state.options.get("additional_actions", "after_die") == "any_time":
        out += additional_actions(state, p)
    # a pass replaces the whole turn: only before anything was done, or
    # when no die can be taken after all (GAH-R03)
    if not (turn["guest"] or turn.get("acted")) or not dice:
        out.append(PASS)
    return out


def _die_action_possible(
    state: Any,
    p: int,
    profile: fx.StaffProfile,
    space: int,
    boost: bool,
    act: int,
    money: int,
    rooms_cache: dict[int, bool],
) -> bool:
    """A fast path of :func:`action_possible` for actions 3 and 5 (the same answers).

    It reads the played cards' bonuses and room costs from ``profile`` (their
    :class:`~.effects.StaffProfile`) instead of asking the staff lookups per
    die and per room; ``rooms_cache`` keeps the action-3 answer per amount of
    money within one listing. tests/grand_austria/test_fast_paths.py compares it
    with :func:`action_possible`.
    """
    if act == 5:
        hand = state.hand[p]
        if not hand:
            return False
        strength = state.dice[space - 1] + (1 if boost else 0) + profile.strength[space][5]
        if state.options.get("checker", "die_taken") == "per_die":
            discount = state.hire_discount(p, space, strength)
        else:
            discount = strength + profile.discount[space]
        return max(0, fx.cheapest_cost(hand) - discount) <= money
    known = rooms_cache.get(money)
    if known is not None:
        return known
    rooms = state.rooms[p]
    costs = profile.room_cost
    answer = False
    if not any(rooms):
        answer = costs[0] <= money  # the bottom-left room comes first
    else:
        adjacent = fx.catalog().adjacent
        for r in range(20):
            if rooms[r] or costs[r] > money:
                continue
            if any(rooms[a] for a in adjacent[r]):
                answer = True
                break
    rooms_cache[money] = answer
    return answer


def additional_actions(state: Any, p: int) -> list[Action]:
    """GAH-A02..A05: check-ins, serving from the kitchen, politics, staff once a round."""
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
    p = top.player
    turn = state.turn
    assert turn is not None
    if isinstance(action, TakeGuest):
        turn["guest"] = True
        take_guest(state, p, action.slot, pay=True)
        state.tasks.append(tk.REFILL)
    elif isinstance(action, TakeDie):
        take_die(state, p, action)
    elif isinstance(action, Pass):
        state.tasks.pop()
        if not turn["bonus"]:
            state.passed[p] = True
        state.turn = None
    elif isinstance(action, EndTurn):
        state.tasks.pop()
        state.turn = None
        if turn.get("gizia"):
            bonus_turn(state, p, turn["gizia"] - 1)
    elif isinstance(action, CheckIn):
        turn["acted"] = True
        check_in(state, p, action.slot, action.room)
    elif isinstance(action, ServeFromKitchen):
        turn["acted"] = True
        state.pay(p, state._serving_fee(p), "GAH-A02")
        state.tasks.append(tk.Serve(p, "kitchen", 3))
    elif isinstance(action, ClaimPolitics):
        turn["acted"] = True
        claims = state.claims[action.index]
        state.vp[p] += POLITICS_VP[len(claims)]
        claims.append(p)
    elif isinstance(action, UseStaff):
        turn["acted"] = True
        state.used[p].append(action.card)
        fx.push_effects(state, p, fx.catalog().staff[action.card].effects)


def bonus_turn(state: Any, p: int, more: int) -> None:
    """E. Gizia: another turn in which the die taken is not removed."""
    state.tasks.append(tk.TURNS[p])
    state.turn = {"p": p, "guest": False, "die": False, "boost": False, "bonus": True}
    if more:
        state.turn["gizia"] = more


def take_die(state: Any, p: int, action: TakeDie) -> None:
    turn = state.turn
    assert turn is not None
    space = action.space
    act = action.imitate if space == 6 else space
    strength = state.die_strength(p, space, action.boost, act)
    state.pay(p, state._die_fees(p, space, action.boost), "GAH-A01/GAH-D09")
    turn["die"] = True
    turn["boost"] = action.boost
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
        state.tasks.append(tk.Items(p, act - 1, strength))
    elif act == 3:
        state.tasks.append(tk.Prepare(p, strength))
    elif act == 4:
        if fx.both_tracks(state.staff[p], space):
            state.advance_emperor(p, strength)
            state.gain_money(p, strength)
        else:
            state.tasks.append(tk.Split(p, strength))
    elif act == 5:
        discount = state.hire_discount(p, space, strength, dice)
        state.tasks.append(tk.Hire(p, discount, True, "hand"))


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
    for entry in state.cafe[p]:
        order = guests[entry[0]].order
        for i in range(4):
            if pool[i] and entry[1 + i] < order[i]:
                return True
    return False


def serve_options(state: Any, p: int, source: str) -> list[Action]:
    return list(serve_choices(state, p, source))
