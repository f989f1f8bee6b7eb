"""Grand Austria Hotel: why an action is refused, naming the rule (a GAH ID).

:func:`explain_illegal` is what ``GrandAustriaState.explain_illegal`` answers:
first what the decision on top asks (:func:`task_ask`), then, for an action of
the right kind, what about it does not fit. The functions take the state as
their first argument (this module does not import :mod:`.rules`).
"""

from __future__ import annotations

from typing import Any

from hoteledu.core.actions import Action
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria import turns
from hoteledu.grand_austria.actions import (
    CheckIn,
    ClaimPolitics,
    Done,
    EndTurn,
    Pass,
    Prepare,
    Serve,
    ServeFromKitchen,
    Split,
    TakeDie,
    TakeGuest,
    TakeItems,
    UseStaff,
)
from hoteledu.grand_austria.hotel import (
    CAFE_SPACES,
    GUEST_QUEUE_COSTS,
    GUEST_SPACES,
)
from hoteledu.grand_austria.stages import STAGES, removable


def describe(action: Action) -> str:
    """An action's text; its repr when its fields are out of range (no text then)."""
    try:
        return str(action)
    except (KeyError, IndexError, TypeError, ValueError):
        return repr(action)


def explain_illegal(state: Any, action: Action) -> str:
    """Why ``action`` is refused, naming the rule (a GAH ID of the checklist)."""
    if not state.tasks:
        return "the game is over: no more actions [GAH-R01]"
    top = state.tasks[-1]
    ask, rule, types = task_ask(state, top)
    if not isinstance(action, types):
        return not_now(state, action, ask, rule)
    if isinstance(top, tk.Turn):
        reason = explain_turn(state, top.player, action)
    else:
        reason = explain_task(state, top, action)
    return reason or not_now(state, action, ask, rule)


def task_ask(state: Any, top: Any) -> tuple[str, str, tuple[type[Action], ...]]:
    """What the decision on top asks for, the rule it follows, the action types it takes."""
    kind = top.kind
    stage = STAGES.get(type(top))
    if stage is not None and stage.ask is not None:
        return (*stage.ask, stage.takes)
    if kind == "turn":
        turn = state.turn
        if turn is not None and turn["die"]:
            return (
                "take additional actions (check in, serve from the kitchen, claim "
                "politics, use a staff card) or end the turn",
                "GAH-A02..GAH-A05",
                turns.TURN_ACTIONS,
            )
        return (
            "take a guest (optional, once), then take a die, or pass",
            "GAH-R03",
            turns.TURN_ACTIONS,
        )
    if kind == "items":
        what = "dishes (action 1)" if top.pair == 0 else "drinks (action 2)"
        rule = ("GAH-D02", "GAH-D03")[top.pair]
        return f"choose the {top.strength} {what} to take", rule, (TakeItems,)
    if kind == "serve":
        rule = "GAH-D04" if top.source == "fresh" else "GAH-A02"
        return (
            "serve dishes and drinks onto café guests' orders, or finish (Done)",
            rule,
            (
                Serve,
                Done,
            ),
        )
    if kind == "prepare":
        rule = "GAH-S08" if state.stage == "setup" else "GAH-D05"
        return (
            f"prepare up to {top.count} more room(s), or finish (Done)",
            rule,
            (Prepare, Done),
        )
    return ("finish the current step", "GAH-R03", ())


def not_now(state: Any, action: Action, ask: str, rule: str) -> str:
    """``action`` does not fit the decision asked now: say what is asked, and the
    legal actions when there are few."""
    who = state.current_player()
    legal = state.legal_actions()
    hint = ""
    if 0 < len(legal) <= 6:
        hint = "; legal now: " + "; ".join(describe(a) for a in legal)
    return f"{describe(action)} is not possible now: P{who + 1} must {ask}{hint} [{rule}]"


def explain_guest(state: Any, p: int, slot: Any, free: bool, setup: bool = False) -> str:
    rule = "GAH-S07" if setup else "GAH-G01"
    if len(state.cafe[p]) >= CAFE_SPACES:
        return "the café is full: you cannot take a guest [GAH-G02]"
    if not isinstance(slot, int) or not 0 <= slot < GUEST_SPACES:
        return f"guest spaces are numbered 0 to {GUEST_SPACES - 1} [{rule}]"
    if state.queue[slot] is None:
        return f"there is no guest on that space [{rule}]"
    if not free and GUEST_QUEUE_COSTS[slot] > state.money[p]:
        return (
            f"you cannot afford this guest: space {slot} costs {GUEST_QUEUE_COSTS[slot]} "
            f"krones, you have {state.money[p]} [{rule}]"
        )
    return ""


def explain_turn(state: Any, p: int, action: Action) -> str:
    turn = state.turn
    assert turn is not None
    if isinstance(action, TakeGuest):
        if turn["guest"] or turn["die"]:
            return "a guest may be taken only once, before taking a die [GAH-G01]"
        free = fx.has_waive(state.staff[p], "guest_cost") is not None
        return explain_guest(state, p, action.slot, free)
    if (
        isinstance(action, (CheckIn, ServeFromKitchen, ClaimPolitics, UseStaff))
        and not turn["die"]
        and state.options.get("additional_actions", "after_die") == "after_die"
    ):
        return (
            "additional actions come after taking a die (option "
            'additional_actions="any_time" allows them before) [GAH-A02..GAH-A05]'
        )
    if isinstance(action, CheckIn):
        if not isinstance(action.slot, int) or not 0 <= action.slot < len(state.cafe[p]):
            return "there is no guest at that café table [GAH-A05]"
        if not state.guest_complete(p, action.slot):
            return "this guest's order is not complete [GAH-G04]"
        rooms = state.free_rooms_for(p, state.cafe[p][action.slot][0])
        colour = fx.catalog().guests[state.cafe[p][action.slot][0]].colour
        if not rooms:
            return f"no free {colour} room for this guest [GAH-A06]"
        return (
            f"room {action.room} is not a free prepared room for this {colour} guest; "
            f"free rooms: {rooms} [GAH-A05]"
        )
    if isinstance(action, TakeDie):
        return explain_die(state, p, action, turn["boost"] if turn["die"] else False)
    if isinstance(action, ClaimPolitics):
        if not isinstance(action.index, int) or not 0 <= action.index < len(state.politics):
            return "politics cards are numbered 0, 1, 2 (A, B, C) [GAH-A03]"
        claims = state.claims[action.index]
        if p in claims:
            return "you already have a disk on this politics card [GAH-A03]"
        if len(claims) >= 3:
            return "this politics card has no free space left [GAH-A03]"
        return "you do not meet this politics card's condition [GAH-P01]"
    if isinstance(action, UseStaff):
        if action.card not in state.staff[p]:
            return "you have not played this staff card [GAH-A04]"
        if fx.catalog().staff[action.card].timing != "once_per_round":
            return "this staff card has no once-per-round effect [GAH-A04]"
        return "this staff card was already used this round [GAH-A04]"
    if isinstance(action, ServeFromKitchen):
        if state.money[p] < 1 and fx.has_waive(state.staff[p], "serving_cost") is None:
            return "serving from the kitchen costs 1 krone [GAH-A02]"
        return "no café guest needs an item from your kitchen [GAH-A02]"
    if isinstance(action, Pass):
        return "you can pass only instead of a turn, before taking a guest or die [GAH-R03]"
    if isinstance(action, EndTurn):
        return "you must take a die (or pass) before ending your turn [GAH-D01]"
    return ""


def explain_die(state: Any, p: int, action: TakeDie, extra: bool = False) -> str:
    """Why a die (or Gizia's extra action) on ``action.space`` is refused."""
    rule = "GAH-GUEST-97" if extra else "GAH-D01"
    if state.turn and state.turn["die"] and not extra:
        return "you have already taken a die this turn [GAH-D01]"
    space = action.space
    if not isinstance(space, int) or not 1 <= space <= 6:
        return f"action spaces are numbered 1 to 6 [{rule}]"
    if not state.dice[space - 1]:
        return f"there is no die on that action space [{rule}]"
    if space == 6 and action.imitate not in (1, 2, 3, 4, 5):
        return "space 6 must name one of the actions 1 to 5 (imitate=1..5) [GAH-D09]"
    if space != 6 and action.imitate != 0:
        return "only a die from space 6 imitates another action (imitate=0 here) [GAH-D09]"
    if extra and action.boost:
        return "the extra action cannot be strengthened for a krone [GAH-GUEST-97]"
    fee = state._die_fees(p, space, bool(action.boost))
    if fee > state.money[p]:
        return f"you cannot pay the {fee} krone(s) this needs [GAH-A01/GAH-D09]"
    act = action.imitate if space == 6 else space
    reason = die_action_impossible(state, p, space, bool(action.boost), act)
    if reason:
        return reason
    return f"this die cannot be taken now [{rule}]"


def explain_task(state: Any, top: Any, action: Action) -> str:
    """Why an action of the right kind does not fit the decision on top."""
    kind, p = top.kind, top.player
    if kind == "items" and isinstance(action, TakeItems):
        c = action.counts
        if top.pair == 0 and c[1] > c[0]:
            return "you cannot take more cake than strudel [GAH-D02]"
        if top.pair == 1 and c[3] > c[2]:
            return "you cannot take more coffee than wine [GAH-D03]"
        what = ("strudel and cake", "wine and coffee")[top.pair]
        return (
            f"take exactly {top.strength} {what}, one per point of strength "
            f"[{('GAH-D02', 'GAH-D03')[top.pair]}]"
        )
    if kind == "serve" and isinstance(action, Serve):
        rule = "GAH-D04" if top.source == "fresh" else "GAH-A02"
        return f"that guest does not need this item, or you do not have it [{rule}]"
    if kind == "prepare" and isinstance(action, Prepare):
        return explain_prepare(state, top, action.room)
    if kind == "split" and isinstance(action, Split):
        return f"split exactly {top.strength} between the emperor and money tracks [GAH-D07]"
    if kind == "hire":
        if isinstance(action, Done):
            return "action 5 must play exactly one staff card [GAH-D08]"
        where = "your hand" if top.source == "hand" else "the cards drawn"
        return (
            f"you can play only a staff card from {where} that you can afford: its cost "
            f"less {top.discount} krones (never below 0) [GAH-D08]"
        )
    if kind == "choose_item":
        return "choose one of strudel, cake, wine, coffee (item 0 to 3) [GAH-A05]"
    if kind == "occupy":
        colour = "" if top.colour == "any" else f" {top.colour}"
        return f"occupy a prepared (vacant){colour} room of your hotel [GAH-A05]"
    if kind in ("free_guest", "setup_guest") and isinstance(action, TakeGuest):
        free = kind == "setup_guest" or bool(top.free)
        return explain_guest(state, p, action.slot, free, setup=kind == "setup_guest")
    if kind == "complete_order":
        return "choose a café guest whose order is not yet complete [GAH-G04]"
    if kind == "draft_pick":
        return "keep one staff card of the packet you hold [GAH-S10]"
    if kind == "remove_rooms":
        return (
            f"the penalty removes rooms from the highest floor holding one: rooms "
            f"{removable(state, top)} [GAH-E04]"
        )
    if kind == "return_staff":
        return "put a staff card from your hand under the deck [GAH-E04]"
    if kind == "discard_staff":
        return "discard one of your played staff cards of the penalty's kind [GAH-E04]"
    if kind == "extra_action" and isinstance(action, TakeDie):
        return explain_die(state, p, action, extra=True)
    return ""


def explain_prepare(state: Any, top: tk.Prepare, room: Any) -> str:
    p, discount, free, max_floor, colour = (
        top.player,
        top.discount,
        top.free,
        top.max_floor,
        top.colour,
    )
    rule = "GAH-S08" if state.stage == "setup" else "GAH-D05"
    if not isinstance(room, int) or not 0 <= room < 20:
        return f"rooms are numbered 0 to 19 (floor * 5 + column) [{rule}]"
    if state.rooms[p][room]:
        return f"that room is already prepared [{rule}]"
    if room not in state.placeable_rooms(p, max_floor, colour):
        if not any(state.rooms[p]):
            return "the first room must be the bottom-left room [GAH-S08]"
        return (
            "a room tile must go next to an already placed room on a free space of "
            f"this reward's floors and colour [{rule}]"
        )
    cost = state.room_cost(p, room, discount, free)
    return f"you cannot afford this room: it costs {cost}, you have {state.money[p]} [{rule}]"


def die_action_impossible(state: Any, p: int, space: int, boost: bool, act: int) -> str:
    """Why the action of this die cannot be carried out ("" if it can)."""
    money = state.money[p] - state._die_fees(p, space, boost)
    if state.options.get("impossible_die_action", "refuse") == "allow":
        return ""
    if turns.action_possible(state, p, space, boost, act, money):
        return ""
    note = (
        " (a die is taken to carry out its action; option "
        'impossible_die_action="allow" lets it be taken for nothing)'
    )
    if act == 5:
        return "you cannot afford any staff card in your hand" + note + " [GAH-D08]"
    return "you cannot prepare any room: none placeable that you can afford" + note + (" [GAH-D05]")
