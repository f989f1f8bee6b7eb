"""Grand Austria Hotel: the stages, one per task kind (boardgame.io's stages, in Python).

Each task kind a player or chance decides has a :class:`Stage`: what the decision
asks and the rule it follows, the action types it takes, how its legal options
are listed and how an action applies. :data:`STAGES` is the table; the functions
take the state as their first argument (a :class:`~.rules.GrandAustriaState`; this
module does not import :mod:`.rules`, which calls it).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

from hoteledu.core.actions import Action
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria import turns
from hoteledu.grand_austria.actions import (
    DONE,
    HIRE,
    PREPARE,
    SPLIT,
    TAKE_DIE,
    TAKE_GUEST,
    TAKE_ITEMS,
    AvoidPenalty,
    ChoosePenalty,
    CompleteOrder,
    DiscardStaff,
    Done,
    DrawGuest,
    DrawStaff,
    Gain,
    Hire,
    Occupy,
    PickStaff,
    Prepare,
    RemoveRoom,
    ReturnStaff,
    Reveal,
    Roll,
    Serve,
    Split,
    StartPlayer,
    TakeDie,
    TakeGuest,
    TakeItems,
)
from hoteledu.grand_austria.hotel import (
    CAFE_SPACES,
    GUEST_QUEUE_COSTS,
    GUEST_SPACES,
    TURN_ORDER_TILES,
)


def task_options(state: Any, top: Any) -> list[Action]:
    """The options of decision ``top`` (not a turn: :func:`.turns.turn_actions`)."""
    options = OPTIONS.get(type(top))
    return options(state, top) if options is not None else []


def items_options(state: Any, top: Any) -> list[Action]:
    return list(items_choices(top.pair, top.strength))


@functools.cache
def items_choices(pair: int, n: int) -> tuple[Action, ...]:
    """The ways to take ``n`` strudel and cake (``pair`` 0) or wine and coffee (1)."""
    out: list[Action] = []
    for second in range(n // 2 + 1):  # cake <= strudel, coffee <= wine
        first = n - second
        out.append(
            TAKE_ITEMS[first, second, 0, 0] if pair == 0 else TAKE_ITEMS[0, 0, first, second]
        )
    return tuple(out)


def serve_stage_options(state: Any, top: Any) -> list[Action]:
    p = top.player
    out = turns.serve_options(state, p, top.source)
    out.append(DONE)
    return out


def prepare_options(state: Any, top: Any) -> list[Action]:
    p = top.player
    money = state.money[p]
    # state.placeable_rooms(p, top.max_floor, top.colour) and state.room_cost(p, r, ...)
    # read from the layout's kept spaces and the played cards' room costs (fast paths)
    cat = fx.catalog()
    floor, colours = cat.floor, cat.colour
    max_floor, colour, discount, free = top.max_floor, top.colour, top.discount, top.free
    costs = fx.staff_profile(state.staff[p]).room_cost
    out = []
    for r in turns.placeable_layout(tuple(state.rooms[p])):
        if floor[r] > max_floor or (colour != "any" and colours[r] != colour):
            continue
        if free or costs[r] - discount <= money:
            out.append(PREPARE[r])
    if out:
        out.append(DONE)
    return out


def split_options(state: Any, top: Any) -> list[Action]:
    n = top.strength
    return [SPLIT[e, n - e] for e in range(n + 1)]


def hire_options(state: Any, top: Any) -> list[Action]:
    p = top.player
    discount = top.discount
    cards = state.hand[p] if top.source == "hand" else state.offer
    out = [HIRE[c] for c in cards if state.hire_cost(c, discount) <= state.money[p]]
    if out and not top.mandatory:
        out.append(DONE)
    return out


def choose_item_options(state: Any, top: Any) -> list[Action]:
    return [Gain(i) for i in range(4)]


def occupy_options(state: Any, top: Any) -> list[Action]:
    p = top.player
    colour = top.colour
    cat = fx.catalog()
    out = [
        Occupy(r)
        for r in range(20)
        if state.rooms[p][r] == 1 and (colour == "any" or cat.colour[r] == colour)
    ]
    if out:
        out.append(DONE)
    return out


def guest_options(state: Any, top: Any) -> list[Action]:
    p = top.player
    if len(state.cafe[p]) >= CAFE_SPACES:
        return []
    free = top.kind == "setup_guest" or top.free
    out = [
        TAKE_GUEST[s]
        for s in range(GUEST_SPACES)
        if state.queue[s] is not None and (free or GUEST_QUEUE_COSTS[s] <= state.money[p])
    ]
    if out and top.kind == "free_guest":
        out.append(DONE)
    return out


def complete_order_options(state: Any, top: Any) -> list[Action]:
    p = top.player
    colour = top.colour
    cat = fx.catalog()
    out = [
        CompleteOrder(s)
        for s, entry in enumerate(state.cafe[p])
        if (colour == "any" or cat.guests[entry[0]].colour == colour)
        and not state.guest_complete(p, s)
    ]
    if out:
        out.append(DONE)
    return out


def draft_pick_options(state: Any, top: Any) -> list[Action]:
    p = top.player
    return [PickStaff(c) for c in state.packets[p]]


def remove_rooms_options(state: Any, top: Any) -> list[Action]:
    return [RemoveRoom(r) for r in removable(state, top)]


def return_staff_options(state: Any, top: Any) -> list[Action]:
    p = top.player
    return [ReturnStaff(c) for c in state.hand[p]] if top.count > 0 else []


def discard_staff_options(state: Any, top: Any) -> list[Action]:
    p = top.player
    return [DiscardStaff(c) for c in fx.hired(state, p, top.timing)] if top.count > 0 else []


def conference_options(state: Any, top: Any) -> list[Action]:
    return [AvoidPenalty(True), AvoidPenalty(False)]


def choose_penalty_options(state: Any, top: Any) -> list[Action]:
    return [ChoosePenalty(0), ChoosePenalty(1)]


def extra_action_options(state: Any, top: Any) -> list[Action]:
    p = top.player
    out = []
    rooms_cache: dict[int, bool] = {}
    refuse = state.options.get("impossible_die_action", "refuse") == "refuse"
    for space in range(1, 7):
        if not state.dice[space - 1]:
            continue
        if state._die_fees(p, space, False) > state.money[p]:
            continue
        for act in range(1, 6) if space == 6 else (space,):
            money = state.money[p] - state._die_fees(p, space, False)
            if (
                refuse
                and act in (3, 5)
                and not turns.action_possible(state, p, space, False, act, money, rooms_cache)
            ):
                continue
            out.append(TAKE_DIE[space, False, act if space == 6 else 0])
    return out


def removable(state: Any, top: tk.RemoveRooms) -> list[int]:
    """Rooms a removal penalty may take now: on the highest floor holding one.

    With ``one_per_floor`` (tile C2) a floor already used is skipped.
    """
    p, status, one_per_floor, floors_done = (
        top.player,
        top.status,
        top.one_per_floor,
        top.floors_done,
    )
    if top.count <= 0:
        return []
    cat = fx.catalog()
    rooms = state.rooms[p]
    candidates = [
        r
        for r in range(20)
        if rooms[r] == status and not (one_per_floor and cat.floor[r] in floors_done)
    ]
    if not candidates:
        return []
    top_floor = max(cat.floor[r] for r in candidates)
    return [r for r in candidates if cat.floor[r] == top_floor]


def apply_start_player(state: Any, top: tk.Task, action: StartPlayer) -> None:
    state.tasks.pop()
    state.start_player = action.player
    pairs = TURN_ORDER_TILES[state.n]
    for i in range(state.n):
        state.tiles[(action.player + i) % state.n] = list(pairs[i])


def apply_reveal(state: Any, top: tk.Task, action: Reveal) -> None:
    state.tasks.pop()
    (state.politics if action.what == "politics" else state.emperor_tiles).append(action.card)


def apply_refill(state: Any, top: tk.Task, action: DrawGuest) -> None:
    state.tasks.pop()
    state.guest_deck.remove(action.guest)
    # new guests enter on the leftmost empty space
    slot = state.queue.index(None) if None in state.queue else 0
    state.queue[slot] = action.guest


def apply_draw_staff(state: Any, top: tk.DrawStaff, action: DrawStaff) -> None:
    state.tasks.pop()
    if state.staff_deck:
        state.staff_deck.remove(action.card)
    else:
        state.staff_bottom.pop(0)
    dest, p = top.dest, top.player
    if dest == "hand":
        state.hand[p].append(action.card)
        state.hand[p].sort()
    elif dest == "packet":
        state.packets[p].append(action.card)
        state.packets[p].sort()
    else:
        state.offer.append(action.card)


def apply_roll(state: Any, top: tk.Task, action: Roll) -> None:
    state.tasks.pop()
    state.dice = list(action.counts)


def apply_draft_pick(state: Any, top: tk.DraftPick, action: PickStaff) -> None:
    state.tasks.pop()
    p = top.player
    state.packets[p].remove(action.card)
    state.hand[p].append(action.card)
    state.hand[p].sort()


def apply_setup_guest(state: Any, top: tk.SetupGuest, action: TakeGuest) -> None:
    state.tasks.pop()
    turns.take_guest(state, top.player, action.slot, pay=False)


def apply_extra_action(state: Any, top: tk.ExtraAction, action: TakeDie) -> None:
    """Gizia's extra action (option): an action space's action without a die."""
    state.tasks.pop()
    p = top.player
    state.pay(p, state._die_fees(p, action.space, False), "GAH-D09")
    act = action.imitate if action.space == 6 else action.space
    turns.start_action(state, p, act, state.die_strength(p, action.space, False, act), action.space)


def apply_items(state: Any, top: tk.Items, action: TakeItems) -> None:
    state.tasks.pop()
    state.receive_items(top.player, action.counts)


def apply_serve(state: Any, top: tk.Serve, action: Action) -> None:
    p = top.player
    if isinstance(action, Done):
        state.tasks.pop()
        finish_serve(state, top)
        return
    assert isinstance(action, Serve)
    pool = state.fresh[p] if top.source == "fresh" else state.kitchen[p]
    pool[action.item] -= 1
    state.cafe[p][action.slot][1 + action.item] += 1
    count_down(state, top)


def count_down(state: Any, top: Any, **changes: Any) -> None:
    """One done of a task taken ``count`` times; at 0 it goes (serving: the rest too).

    The action may have pushed tasks above it (a room occupied triggers staff
    effects): the count is lowered where the task sits and, at 0, the top of the
    stack is popped, as the engine always did, so saved games replay unchanged.
    """
    tasks = state.tasks
    if top.count <= 1 and tasks[-1] is top:  # the usual last one: no new record
        tasks.pop()
        if isinstance(top, tk.Serve):
            finish_serve(state, top)
        return
    index = len(tasks) - 1
    while tasks[index] is not top:
        index -= 1
    if type(top) is tk.Serve:  # top.less(): a dish served of many, the usual one
        left = tk.shared(tk.Serve, top.player, top.source, top.count - 1)
    else:
        left = top.less(**changes)
    tasks[index] = left
    if left.count <= 0:
        tasks.pop()
        if isinstance(top, tk.Serve):
            finish_serve(state, top)


def finish_serve(state: Any, top: tk.Serve) -> None:
    p = top.player
    if top.source == "fresh":
        kitchen, fresh = state.kitchen[p], state.fresh[p]
        if any(fresh):
            for i in range(4):
                kitchen[i] += fresh[i]
                fresh[i] = 0


def apply_prepare(state: Any, top: tk.Prepare, action: Action) -> None:
    p = top.player
    if isinstance(action, Done):
        state.tasks.pop()
        return
    assert isinstance(action, Prepare)
    cat = fx.catalog()
    state.pay(p, state.room_cost(p, action.room, top.discount, top.free), "GAH-D05")
    state.rooms[p][action.room] = 1
    state.vp[p] += cat.prepare_vp.get(action.room, 0)
    if top.occupy:
        state.occupy_room(p, action.room)
    count_down(state, top)


def apply_split(state: Any, top: tk.Split, action: Split) -> None:
    state.tasks.pop()
    state.advance_emperor(top.player, action.emperor)
    state.gain_money(top.player, action.money)


def apply_hire(state: Any, top: tk.Hire, action: Action) -> None:
    state.tasks.pop()
    p, discount, source = top.player, top.discount, top.source
    if source == "offer":
        state.tasks.append(tk.OfferRest(p))
    if isinstance(action, Done):
        return
    assert isinstance(action, Hire)
    hire(state, p, action.card, discount, source)


def hire(state: Any, p: int, card: int, discount: int, source: str = "hand") -> None:
    """Play a staff card: pay its cost less the discount (never below 0)."""
    staff = fx.catalog().staff[card]
    (state.hand[p] if source == "hand" else state.offer).remove(card)
    state.pay(p, state.hire_cost(card, discount), "GAH-D08")
    state.staff[p].append(card)
    if staff.timing == "one_time":
        fx.push_effects(state, p, staff.effects)


def return_offer(state: Any, p: int) -> None:
    for c in state.offer:
        state.staff_bottom.append([c, p])
    state.offer = []


def apply_choose_item(state: Any, top: tk.ChooseItem, action: Gain) -> None:
    # the task goes first: the item received may start tasks of its own
    count_down(state, top)
    counts = [0, 0, 0, 0]
    counts[action.item] = 1
    state.receive_items(top.player, counts)


def apply_occupy(state: Any, top: tk.Occupy, action: Action) -> None:
    if isinstance(action, Done):
        state.tasks.pop()
        return
    assert isinstance(action, Occupy)
    state.occupy_room(top.player, action.room)
    count_down(state, top)


def apply_free_guest(state: Any, top: tk.FreeGuest, action: Action) -> None:
    state.tasks.pop()
    if isinstance(action, TakeGuest):
        turns.take_guest(state, top.player, action.slot, pay=not top.free)
        state.tasks.append(tk.REFILL)


def apply_complete_order(state: Any, top: tk.CompleteOrder, action: Action) -> None:
    state.tasks.pop()
    if isinstance(action, CompleteOrder):
        entry = state.cafe[top.player][action.slot]
        entry[1:5] = list(fx.catalog().guests[entry[0]].order)


def apply_remove_rooms(state: Any, top: tk.RemoveRooms, action: RemoveRoom) -> None:
    p = top.player
    state.rooms[p][action.room] = 0
    floor = fx.catalog().floor[action.room]
    count_down(state, top, floors_done=(*top.floors_done, floor))


def apply_return_staff(state: Any, top: tk.ReturnStaff, action: ReturnStaff) -> None:
    p = top.player
    state.hand[p].remove(action.card)
    state.staff_bottom.append([action.card, p])
    count_down(state, top)


def apply_discard_staff(state: Any, top: tk.DiscardStaff, action: DiscardStaff) -> None:
    state.staff[top.player].remove(action.card)
    state.staff_discard.append(action.card)
    count_down(state, top)


def apply_choose_penalty(state: Any, top: tk.ChoosePenalty, action: ChoosePenalty) -> None:
    state.tasks.pop()
    fx.push_penalty_option(state, top.player, top.tile, action.option)


def apply_conference(state: Any, top: tk.Conference, action: AvoidPenalty) -> None:
    state.tasks.pop()
    p = top.player
    if action.pay:
        state.pay(p, top.fee, "GAH-STAFF-26")
    else:
        fx.push_penalty_effects(state, p, top.tile)


@dataclasses.dataclass(frozen=True)
class Stage:
    """One task kind's stage (boardgame.io's stages, done in Python).

    What the decision asks and the rule it follows (``None``: the words depend on
    the state, :meth:`task_ask`), the action types it takes, how
    its legal options are listed (``None``: a chance node or the turn, listed by
    ``chance_outcomes`` or :func:`.turns.turn_actions`) and how an action applies.
    """

    ask: tuple[str, str] | None
    takes: tuple[type[Action], ...]
    options: Callable[[Any, Any], list[Action]] | None
    apply: Callable[[Any, Any, Action], None]


STAGES: dict[type[tk.Task], Stage] = {
    tk.Turn: Stage(None, turns.TURN_ACTIONS, None, turns.apply_turn),
    tk.Items: Stage(None, (TakeItems,), items_options, apply_items),
    tk.Serve: Stage(None, (Serve, Done), serve_stage_options, apply_serve),
    tk.Prepare: Stage(None, (Prepare, Done), prepare_options, apply_prepare),
    tk.Split: Stage(
        ("split the strength between the emperor and money tracks", "GAH-D07"),
        (Split,),
        split_options,
        apply_split,
    ),
    tk.Hire: Stage(
        ("play a staff card", "GAH-D08"),
        (Hire, Done),
        hire_options,
        apply_hire,
    ),
    tk.ChooseItem: Stage(
        ("choose the dish or drink of a reward", "GAH-A05"),
        (Gain,),
        choose_item_options,
        apply_choose_item,
    ),
    tk.Occupy: Stage(
        ("occupy a prepared room (a reward), or finish (Done)", "GAH-A05"),
        (Occupy, Done),
        occupy_options,
        apply_occupy,
    ),
    tk.FreeGuest: Stage(
        ("take a guest (a reward), or finish (Done)", "GAH-G01"),
        (TakeGuest, Done),
        guest_options,
        apply_free_guest,
    ),
    tk.SetupGuest: Stage(
        ("take a face-up guest into the café, free", "GAH-S07"),
        (TakeGuest,),
        guest_options,
        apply_setup_guest,
    ),
    tk.CompleteOrder: Stage(
        ("complete a café guest's order (a reward), or finish (Done)", "GAH-G04"),
        (CompleteOrder, Done),
        complete_order_options,
        apply_complete_order,
    ),
    tk.DraftPick: Stage(
        ("keep one staff card of the packet", "GAH-S10"),
        (PickStaff,),
        draft_pick_options,
        apply_draft_pick,
    ),
    tk.RemoveRooms: Stage(
        ("remove a room tile (an emperor penalty)", "GAH-E04"),
        (RemoveRoom,),
        remove_rooms_options,
        apply_remove_rooms,
    ),
    tk.ReturnStaff: Stage(
        ("put a staff card from the hand under the deck (an emperor penalty)", "GAH-E04"),
        (ReturnStaff,),
        return_staff_options,
        apply_return_staff,
    ),
    tk.DiscardStaff: Stage(
        ("discard a played staff card (an emperor penalty)", "GAH-E04"),
        (DiscardStaff,),
        discard_staff_options,
        apply_discard_staff,
    ),
    tk.Conference: Stage(
        ("pay the Conference Manager's krone or accept the emperor penalty", "GAH-STAFF-26"),
        (AvoidPenalty,),
        conference_options,
        apply_conference,
    ),
    tk.ExtraAction: Stage(
        (
            "carry out one action of a space with dice, without taking a die (E. Gizia)",
            "GAH-GUEST-97",
        ),
        (TakeDie,),
        extra_action_options,
        apply_extra_action,
    ),
    tk.ChoosePenalty: Stage(
        ("choose which option of the emperor penalty to take", "GAH-E04"),
        (ChoosePenalty,),
        choose_penalty_options,
        apply_choose_penalty,
    ),
    tk.StartPlayer: Stage(None, (), None, apply_start_player),
    tk.Reveal: Stage(None, (), None, apply_reveal),
    tk.Refill: Stage(None, (), None, apply_refill),
    tk.DrawStaff: Stage(None, (), None, apply_draw_staff),
    tk.Roll: Stage(None, (), None, apply_roll),
}
"""A table entry per task kind that a player or chance decides (the automatic ones,
flow, effect, offer_rest, emperor_scoring, cleanup, draft_pass, run in ``_advance``)."""
APPLY = {kind: stage.apply for kind, stage in STAGES.items()}
"""``APPLY[type(task)]`` is ``STAGES[type(task)].apply`` (one look-up less per action)."""
OPTIONS = {kind: stage.options for kind, stage in STAGES.items() if stage.options is not None}
"""``OPTIONS[type(task)]`` is ``STAGES[type(task)].options`` where it lists any."""
AUTO_STEPS: dict[str, Callable[[Any, Any], None]] = {
    "flow": lambda state, top: turns.FLOW_STEPS[top.step](state),
    "effect": lambda state, top: fx.apply_effect(state, top.player, top.effect),
    "offer_rest": lambda state, top: return_offer(state, top.player),
    "emperor_scoring": lambda state, top: turns.emperor_scoring(state),
    "cleanup": lambda state, top: turns.cleanup(state),
    "draft_pass": lambda state, top: turns.draft_pass(state),
}
"""What each automatic task does (``_advance`` runs them; they are ``tasks.AUTO_TASKS``)."""
