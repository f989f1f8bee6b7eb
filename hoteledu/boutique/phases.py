"""The phases of Boutique Hotel Manager, one table entry each.

Every phase is a :class:`Decision` (players choose: its legal options, why
another choice is refused with the rule it breaks, how the choice applies) or
a :class:`Chance` node (its outcomes with their exact probabilities, and how
an outcome applies), with the rulebook's rule ID and wording. The state
(:class:`hoteledu.boutique.rules.BoutiqueState`) looks its phase up in
:data:`PHASE_TABLE`; what happens between phases (awarding guests, the
walk-in ranking, the rating, the next week) stays on the state, which every
``apply`` here calls.

========================  ============  =====================================
phase                     who           action
========================  ============  =====================================
``prices``                simultaneous  :class:`SetPrices` (secret, revealed at once)
``booking_change``        seat to move  :class:`ChangePrice` or :class:`KeepPrices`
``checkin``               chance        :class:`CheckInDie` 1..6 = Mon..Sat
``reveal``                chance        :class:`RevealCard` from the remaining deck
``bid``                   simultaneous  :class:`Bid` (tied players) / :class:`Pass`
``place``                 the winner    :class:`BlockRooms` (option ``room_choice="choose"``)
``hire``                  simultaneous  :class:`Hire`
``rank_bid``              simultaneous  :class:`Bid` for a tie in the walk-in ranking
``rank_roll``             chance        :class:`TieOrder` (the white die)
``walkin_change``         simultaneous  :class:`ChangePrice` / :class:`KeepPrices`
``budget``                chance        :class:`BudgetDie` 1..6 = 100..600
``walkin_card``           chance        :class:`RevealCard`
``expand``                seat to move  :class:`Expand` or :class:`EndExpansion`
``end``                   terminal
========================  ============  =====================================

Examples
--------
>>> sorted(CHANCE_PHASES)
['budget', 'checkin', 'rank_roll', 'reveal', 'walkin_card']
>>> PHASE_TABLE["hire"].rule, PHASE_TABLE["hire"].who
('BHM-20', 'simultaneous')
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from hoteledu.boutique.actions import (
    BREAKFAST_DIE,
    Bid,
    BlockRooms,
    BudgetDie,
    ChangePrice,
    CheckInDie,
    EndExpansion,
    Expand,
    Hire,
    KeepPrices,
    Pass,
    RevealCard,
    SetPrices,
    TieOrder,
    die_name,
)
from hoteledu.boutique.mat import BID_STEP, MAX_STAFF, NIGHTS, ROOM_COST, STAFF_COST
from hoteledu.core.actions import Action
from hoteledu.core.errors import IllegalActionError
from hoteledu.core.state import player_name

# States are typed Any here: they are rules.BoutiqueState, and rules imports this module.
Problem = tuple[str, str] | None
"""Why a choice is refused, as (message, rule ID); None when it is legal."""


@dataclasses.dataclass(frozen=True)
class Decision:
    """A phase in which players choose.

    ``legal(state, player)`` lists the options offered, ``problem(state,
    player, action)`` says why another choice is refused (with its rule), and
    ``apply(state, action)`` carries the choice out (a ``JointAction`` in a
    simultaneous phase). With ``out_players_pass`` a player at 0 stars may
    only pass (BHM-32).
    """

    name: str
    who: str
    rule: str
    wording: str
    legal: Callable[[Any, int], list[Action]]
    problem: Callable[[Any, int, Action], Problem]
    apply: Callable[[Any, Action], None]
    out_players_pass: bool = False
    pick: Callable[[Any, int, Callable[[int], int]], Action] | None = None
    """``legal(state, player)[below(len(legal))]`` without making the list (random
    playouts); ``below(n)`` draws an index. None: the list is made."""


@dataclasses.dataclass(frozen=True)
class Chance:
    """A chance node: its exact outcomes, a quick membership test, a sampler, and how it applies."""

    name: str
    rule: str
    wording: str
    outcomes: Callable[[Any], list[tuple[Action, Fraction]]]
    is_outcome: Callable[[Any, Action], bool]
    sample: Callable[[Any, np.random.Generator], Action]
    apply: Callable[[Any, Action], None]
    who: str = "chance"
    pick: Callable[[Any, Callable[[int], int]], Action] | None = None
    """``sample`` drawn with ``below(n)`` (random playouts read by
    :class:`~hoteledu.core.draws.Draws`, whose ``integers(n)`` is ``below(n)``); None:
    ``sample`` is called with the reader."""


# -------------------------------------------------------- the menus offered
_WEEKEND = (4, 5, 6)  # Friday, Saturday, Sunday nights
_MIDWEEK = (1, 2, 3)


def _price_profiles() -> list[tuple[str, tuple[int, ...]]]:
    profiles = [(f"flat {f}", (f,) * 7) for f in range(1, 7)]
    for f in range(1, 6):
        profiles.append(
            (f"weekend premium {f}/{f + 1}", tuple(f + 1 if d in _WEEKEND else f for d in range(7)))
        )
        profiles.append(
            (
                f"weekend discount {f + 1}/{f}",
                tuple(f if d in _WEEKEND else f + 1 for d in range(7)),
            )
        )
        profiles.append(
            (f"midweek peak {f}/{f + 1}", tuple(f + 1 if d in _MIDWEEK else f for d in range(7)))
        )
    return profiles


PRICE_PROFILES: tuple[tuple[str, tuple[int, ...]], ...] = tuple(_price_profiles())
"""Named day-rate vectors offered as legal actions (any valid vector is accepted)."""
PRICE_MENU: tuple[SetPrices, ...] = tuple(
    SetPrices(days, b) for _, days in PRICE_PROFILES for b in (1, 2)
)
"""The legal-action menu of the secret price setting: 21 profiles x breakfast 1 or 2."""

_CHANGES = {(d, f): ChangePrice(d, f) for d in range(8) for f in range(1, 7)}
_KEEP = KeepPrices()
_PASS = Pass()
_END_EXPANSION = EndExpansion()
_HIRES: tuple[Hire, ...] = tuple(
    sorted(
        (
            Hire(h, c, k)
            for h in range(MAX_STAFF + 1)
            for c in range(MAX_STAFF + 1)
            for k in range(MAX_STAFF + 1)
        ),
        key=lambda a: (
            a.housekeeping + a.checkin + a.kitchen,
            a.housekeeping,
            a.checkin,
            a.kitchen,
        ),
    )
)
_HIRE_TOTALS = [a.housekeeping + a.checkin + a.kitchen for a in _HIRES]
_DIE = tuple(Fraction(1, 6) for _ in range(6))
_CHECKINS = tuple(CheckInDie(f) for f in range(1, 7))
_BUDGETS = tuple(BudgetDie(f) for f in range(1, 7))


_MADE: dict[tuple[type, Any], Action] = {}
_REVEAL: dict[int, Action] = {}  # RevealCard by card id, filled by _made
_BLOCKS: dict[tuple[int, ...], Action] = {}  # BlockRooms by rooms, filled by _made


def _made(kind: type, value: Any) -> Any:
    """One shared action per kind and field value: frozen dataclasses are slow to make."""
    action = _MADE.get((kind, value))
    if action is None:
        action = _MADE[kind, value] = kind(value)
        if kind is RevealCard:
            _REVEAL[value] = action
        elif kind is BlockRooms:
            _BLOCKS[value] = action
    return action


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_OTHER_FACES = {
    (die, current): tuple(_CHANGES[die, f] for f in range(1, 7) if f != current)
    for die in range(8)
    for current in range(7)
}
"""The changes of one die from the face it shows (0: not set yet) to each other face."""


_OTHER_BY_DIE = tuple(tuple(_OTHER_FACES[die, current] for current in range(7)) for die in range(8))
"""``_OTHER_FACES`` as [die][face] tables, for joining a menu in one expression."""


def _change_menu(faces: tuple[int, ...]) -> list[Action]:
    """Keep, or turn one of the 8 dice (showing ``faces``) to another face."""
    if len(faces) == 8 and min(faces) >= 0 and max(faces) <= 6:  # as the engine keeps them
        mo, tu, we, th, fr, sa, su, br = faces
        o = _OTHER_BY_DIE
        return [
            _KEEP,
            *o[0][mo], *o[1][tu], *o[2][we], *o[3][th], *o[4][fr], *o[5][sa], *o[6][su], *o[7][br],
        ]  # fmt: skip
    actions: list[Action] = [_KEEP]
    for die, current in enumerate(faces):
        others = _OTHER_FACES.get((die, current))
        if others is None:  # a face no die shows: every face is a change
            others = tuple(_CHANGES[die, f] for f in range(1, 7))
        actions += others
    return actions


def _change_menu_pick(faces: tuple[int, ...], below: Callable[[int], int]) -> Action:
    """``_change_menu(faces)[below(len(menu))]``; with every die on a face 1..6 the menu
    is Keep, then 5 other faces per die in die order, so the drawn index says which."""
    if len(faces) == 8 and min(faces) >= 1 and max(faces) <= 6:
        k = below(41)
        if k == 0:
            return _KEEP
        die, j = divmod(k - 1, 5)
        return _OTHER_BY_DIE[die][faces[die]][j]
    menu = _change_menu(faces)
    return menu[below(len(menu))]


# ------------------------------------------------------------------ prices
def _prices_legal(state: Any, player: int) -> list[Action]:
    return list(PRICE_MENU)


def _prices_pick(state: Any, player: int, below: Callable[[int], int]) -> Action:
    return PRICE_MENU[below(len(PRICE_MENU))]


def _prices_problem(state: Any, player: int, action: Action) -> Problem:
    if type(action) is not SetPrices:
        return ("set your secret prices first: 7 day dice and 1 breakfast die", "BHM-03")
    days = action.days
    if not isinstance(days, tuple) or len(days) != 7:
        return ("set one price die on each of the 7 days of the week", "BHM-03")
    for d, face in enumerate((*days, action.breakfast)):
        if not _is_int(face) or not 1 <= face <= 6:
            return (
                f"the {die_name(d)} price die shows {face!r}: a price die shows 1 to 6 "
                "(100 to 600)",
                "BHM-03",
            )
    return None


def _prices_apply(state: Any, action: Action) -> None:
    for p, part in enumerate(action.actions):  # type: ignore[attr-defined]
        if type(part) is SetPrices:
            state.prices[p] = list(part.days)
            state.breakfast[p] = part.breakfast
    state.phase = "booking_change"
    state.last_event = "prices revealed"


# ----------------------------------------------------------- price changes
def _change_legal(state: Any, player: int) -> list[Action]:
    return _change_menu((*state.prices[player], state.breakfast[player]))


def _change_pick(state: Any, player: int, below: Callable[[int], int]) -> Action:
    days, breakfast = state.prices[player], state.breakfast[player]
    if 1 <= breakfast <= 6 and len(days) == 7 and min(days) >= 1 and max(days) <= 6:
        # As _change_menu_pick, without making the tuple of the faces.
        k = below(41)
        if k == 0:
            return _KEEP
        die, j = divmod(k - 1, 5)
        return _OTHER_BY_DIE[die][breakfast if die == BREAKFAST_DIE else days[die]][j]
    return _change_menu_pick((*days, breakfast), below)


def _change_problem(state: Any, player: int, action: Action) -> Problem:
    rule = "BHM-08" if state.phase == "booking_change" else "BHM-25"
    kind = type(action)
    if kind is KeepPrices:
        return None
    if kind is not ChangePrice:
        return ("you may change exactly one price die, or keep your prices", rule)
    die, face = action.die, action.face  # type: ignore[attr-defined]
    if not _is_int(die) or not 0 <= die <= BREAKFAST_DIE:
        return (
            f"there is no price die {die!r}: dice are 0..6 (Mon..Sun) and 7 (breakfast)",
            rule,
        )
    if not _is_int(face) or not 1 <= face <= 6:
        return (f"a price die shows 1 to 6 (100 to 600), not {face!r}", "BHM-03")
    current = state.breakfast[player] if die == BREAKFAST_DIE else state.prices[player][die]
    if face == current:
        return (f"the {die_name(die)} die already shows {face}: choose keep prices", rule)
    return None


def change_price(state: Any, player: int, action: Action) -> None:
    """Turn one of ``player``'s price dice as ``action`` says (KeepPrices changes nothing)."""
    if type(action) is ChangePrice:
        if action.die == BREAKFAST_DIE:
            state.breakfast[player] = action.face
        else:
            state.prices[player][action.die] = action.face


def _booking_change_apply(state: Any, action: Action) -> None:
    change_price(state, state.booking_seat(), action)
    state.phase = "checkin"


def _walkin_change_apply(state: Any, action: Action) -> None:
    for p, part in enumerate(action.actions):  # type: ignore[attr-defined]
        change_price(state, p, part)
    state.walkin = 0
    state.phase = "budget"


# -------------------------------------------------------------------- bids
def _bid_legal(state: Any, player: int) -> list[Action]:
    if player not in state.bidders:
        return [_PASS]
    return [_made(Bid, a) for a in range(0, state.money[player] + 1, BID_STEP)]


def _bid_pick(state: Any, player: int, below: Callable[[int], int]) -> Action:
    if player not in state.bidders:
        return _PASS
    return _made(Bid, below(len(range(0, state.money[player] + 1, BID_STEP))) * BID_STEP)


def _bid_problem(state: Any, player: int, action: Action) -> Problem:
    rule = "BHM-15" if state.phase == "bid" else "BHM-24"
    kind = type(action)
    if player not in state.bidders:
        if kind is Pass:
            return None
        return ("only the tied players bid for marketing; the others pass", rule)
    if kind is not Bid:
        return ("the tied players bid money cards face down (the blank card is 0)", rule)
    amount = action.amount  # type: ignore[attr-defined]
    if not _is_int(amount) or amount < 0 or amount % BID_STEP:
        return (f"a bid is made of money cards in hundreds, not {amount!r}", rule)
    if amount > state.money[player]:
        return (
            f"a bid of {amount} is larger than your money ({state.money[player]}): "
            "bids are made from money held",
            rule,
        )
    return None


def _bid_apply(state: Any, action: Action) -> None:
    bids = state._pay_bids(action)
    top = max(bids[p] for p in state.bidders)
    winners = [p for p in state.bidders if bids[p] == top]
    state.last_event += "; bids " + ", ".join(f"{player_name(p)} {bids[p]}" for p in state.bidders)
    state.bidders = []
    state._award(winners, state.offer)


def _rank_bid_apply(state: Any, action: Action) -> None:
    bids = state._pay_bids(action)
    blocks: list[list[int]] = []
    for block in state.ranking:
        if len(block) == 1:
            blocks.append(block)
            continue
        # Highest bid goes first; equal bids stay tied for the die.
        for amount in sorted({bids[p] for p in block}, reverse=True):
            blocks.append([p for p in block if bids[p] == amount])
    state.ranking = blocks
    state.bidders = []
    state._settle_ranking()


# ------------------------------------------------------------------- place
def _place_options(state: Any, player: int) -> list[tuple[int, ...]]:
    # The assignments _place_next found when the phase began, if this is still that position.
    key, options = state._placing
    if key != (player, state.card, state.checkin, len(state.stays)):
        options = state.assignments(player, state.card, state.checkin)
    return options


def _place_legal(state: Any, player: int) -> list[Action]:
    made = _BLOCKS.get
    return [made(r) or _made(BlockRooms, r) for r in _place_options(state, player)]


def _place_pick(state: Any, player: int, below: Callable[[int], int]) -> Action:
    options = _place_options(state, player)
    rooms = options[below(len(options))]
    return _BLOCKS.get(rooms) or _made(BlockRooms, rooms)


def _place_problem(state: Any, player: int, action: Action) -> Problem:
    if player != state.place_queue[0][0]:
        return ("another player is blocking rooms now", "BHM-16")
    if type(action) is not BlockRooms:
        return ("block rooms for the guests you won", "BHM-16")
    rooms = action.rooms
    card = state.card_of(state.card)
    geo = state.geometry[state.card]
    if not isinstance(rooms, tuple) or len(rooms) != len(card.rooms):
        return (f"the card needs {len(card.rooms)} room(s), one per room on the card", "BHM-16")
    if len(set(rooms)) != len(rooms):
        return ("each room of the card needs its own hotel room", "BHM-16")
    for i, room in enumerate(rooms):
        if room not in state.built[player]:
            return (
                f"room {room + 1 if isinstance(room, int) else room!r} is not built",
                "BHM-11",
            )
        for o in geo.offsets[i]:
            night = state.checkin + o
            if state.occ[player][room * NIGHTS + night] >= 0:
                return (
                    f"no availability: room {room + 1} is already booked on "
                    f"{state.night_name(night)}; the same room must be free for the whole stay",
                    "BHM-11",
                )
    for a, b in card.neighbours:
        if rooms[b] not in state.mat.neighbours[rooms[a]]:
            return (
                f"rooms {rooms[a] + 1} and {rooms[b] + 1} are not neighbours: the door "
                "symbol on the card requires neighbouring rooms",
                "BHM-11",
            )
    return None


def _place_apply(state: Any, action: Action) -> None:
    player, price = state.place_queue.pop(0)
    state._block(player, action.rooms, price)  # type: ignore[attr-defined]
    state._place_next()


# -------------------------------------------------------------------- hire
def _hire_legal(state: Any, player: int) -> list[Action]:
    most = state.money[player] // STAFF_COST
    return list(_HIRES[: bisect.bisect_right(_HIRE_TOTALS, most)])


def _hire_pick(state: Any, player: int, below: Callable[[int], int]) -> Action:
    return _HIRES[below(bisect.bisect_right(_HIRE_TOTALS, state.money[player] // STAFF_COST))]


def _hire_problem(state: Any, player: int, action: Action) -> Problem:
    if type(action) is not Hire:
        return ("hire staff for the week: housekeeping, check-in, kitchen", "BHM-20")
    counts = (action.housekeeping, action.checkin, action.kitchen)
    if any(not _is_int(c) or not 0 <= c <= MAX_STAFF for c in counts):
        return (f"a staff die shows 1 to {MAX_STAFF} pips (or no die, 0)", "BHM-21")
    cost = state.hire_cost(action)
    if cost > state.money[player]:
        return (
            f"{sum(counts)} staff cost {cost} but you have {state.money[player]}: "
            f"each staff member costs {STAFF_COST}",
            "BHM-22",
        )
    return None


def _hire_apply(state: Any, action: Action) -> None:
    for p, part in enumerate(action.actions):  # type: ignore[attr-defined]
        if type(part) is Hire:
            counts = [part.housekeeping, part.checkin, part.kitchen]
            cost = state.hire_cost(part)
            state.staff[p] = counts
            state.staff_hired[p] += sum(counts)
            state.money[p] -= cost
            state.ledger[p][2] += cost
    state._start_walkins()


# ------------------------------------------------------------------ expand
def _expand_legal(state: Any, player: int) -> list[Action]:
    actions: list[Action] = [_END_EXPANSION]
    if state.money[player] >= ROOM_COST:
        actions.extend(_made(Expand, s) for s in state.mat.expansion_spaces(state.built[player]))
    return actions


def _expand_problem(state: Any, player: int, action: Action) -> Problem:
    if player != state.expander:
        return ("another player is expanding now", "BHM-34")
    kind = type(action)
    if kind is EndExpansion:
        return None
    if kind is not Expand:
        return (f"build a room ({ROOM_COST}) or stop building", "BHM-34")
    space = action.space  # type: ignore[attr-defined]
    if state.money[player] < ROOM_COST:
        return (f"a new room costs {ROOM_COST}; you have {state.money[player]}", "BHM-34")
    if space not in state.mat.expansion_spaces(state.built[player]):
        return (
            f"space {space + 1 if isinstance(space, int) else space!r} is not a valid "
            "expansion space: a new room must touch a room already built",
            "BHM-34",
        )
    return None


def _expand_apply(state: Any, action: Action) -> None:
    if type(action) is Expand:
        p = state.expander
        state.money[p] -= ROOM_COST
        state.ledger[p][3] += ROOM_COST
        state.built[p] = sorted((*state.built[p], action.space))
        state.last_event = f"{player_name(p)} builds room {action.space + 1}"
        if state._can_expand(p):
            return
    state._next_expander(state.expander + 1)


# ------------------------------------------------------------------ chance
def _die_outcomes(faces: tuple[Action, ...]) -> Callable[[Any], list[tuple[Action, Fraction]]]:
    return lambda state: list(zip(faces, _DIE, strict=True))


def _die_is_outcome(kind: type) -> Callable[[Any, Action], bool]:
    return lambda state, action: type(action) is kind and action.face in range(1, 7)  # type: ignore[attr-defined]


def _die_sample(faces: tuple[Action, ...]) -> Callable[[Any, np.random.Generator], Action]:
    return lambda state, rng: faces[int(rng.integers(6))]


def _die_pick(faces: tuple[Action, ...]) -> Callable[[Any, Callable[[int], int]], Action]:
    return lambda state, below: faces[below(6)]


def _card_outcomes(state: Any) -> list[tuple[Action, Fraction]]:
    total = sum(state.deck_counts.values())
    return [
        (_made(RevealCard, cid), Fraction(count, total))
        for cid, count in state.deck_counts.items()
        if count
    ]


def _card_is_outcome(state: Any, action: Action) -> bool:
    return type(action) is RevealCard and state.deck_counts.get(action.card, 0) > 0


def _card_sample(state: Any, rng: np.random.Generator) -> Action:
    """Deal the ``pick``-th remaining card, counting the cards in the deck's order."""
    return _card_pick(state, lambda n: int(rng.integers(n)))


def _card_pick(state: Any, below: Callable[[int], int]) -> Action:
    """``_card_sample`` with the index drawn by ``below``."""
    counts = state.deck_counts
    # Cards dealt before each id's copies end, running total (C loops: a playout draws often).
    ends = list(itertools.accumulate(counts.values()))
    pick = below(ends[-1])
    # The first id whose copies end after ``pick`` (an id with no copy left never does).
    cid = list(counts)[bisect.bisect_right(ends, pick)]
    action = _REVEAL.get(cid)
    return action if action is not None else _made(RevealCard, cid)


def open_tie(state: Any) -> list[int]:
    """The first group of players still tied in the walk-in ranking."""
    for block in state.ranking:
        if len(block) > 1:
            return block
    raise IllegalActionError("no tie to settle", rule="protocol")


def _tie_outcomes(state: Any) -> list[tuple[Action, Fraction]]:
    orders = list(itertools.permutations(open_tie(state)))
    p = Fraction(1, len(orders))
    return [(TieOrder(order), p) for order in orders]


def _tie_is_outcome(state: Any, action: Action) -> bool:
    return type(action) is TieOrder and sorted(action.players) == sorted(open_tie(state))


def _tie_sample(state: Any, rng: np.random.Generator) -> Action:
    group = open_tie(state)
    return TieOrder(tuple(group[int(i)] for i in rng.permutation(len(group))))


def _checkin_apply(state: Any, action: Action) -> None:
    state.checkin = state.week_start + action.face - 1  # type: ignore[attr-defined]
    state.phase = "reveal"


def _reveal_apply(state: Any, action: Action) -> None:
    state._draw(action.card)  # type: ignore[attr-defined]
    state._resolve_booking()


def _tie_apply(state: Any, action: Action) -> None:
    group = open_tie(state)
    index = state.ranking.index(group)
    state.ranking[index : index + 1] = [[p] for p in action.players]  # type: ignore[attr-defined]
    state._settle_ranking()


def _budget_apply(state: Any, action: Action) -> None:
    state.budget = action.face  # type: ignore[attr-defined]
    state.phase = "walkin_card"


def _walkin_card_apply(state: Any, action: Action) -> None:
    state._draw(action.card)  # type: ignore[attr-defined]
    state.checkin = state.week_start + state.day
    state._resolve_walkin()


# ------------------------------------------------------------------- table
PHASE_TABLE: dict[str, Decision | Chance] = {
    phase.name: phase
    for phase in (
        Decision(
            "prices",
            "simultaneous",
            "BHM-03",
            "each player secretly sets a price die on every day and on breakfast",
            _prices_legal,
            _prices_problem,
            _prices_apply,
            out_players_pass=True,
            pick=_prices_pick,
        ),
        Decision(
            "booking_change",
            "seat to move",
            "BHM-08",
            "before the check-in die, the player on turn may change one price die",
            _change_legal,
            _change_problem,
            _booking_change_apply,
            pick=_change_pick,
        ),
        Chance(
            "checkin",
            "BHM-09",
            "the check-in die says the day the guests arrive (1..6 = Mon..Sat)",
            _die_outcomes(_CHECKINS),
            _die_is_outcome(CheckInDie),
            _die_sample(_CHECKINS),
            _checkin_apply,
            pick=_die_pick(_CHECKINS),
        ),
        Chance(
            "reveal",
            "BHM-10",
            "a guest card is revealed: the stay the guests want; the lowest total wins [BHM-13]",
            _card_outcomes,
            _card_is_outcome,
            _card_sample,
            _reveal_apply,
            pick=_card_pick,
        ),
        Decision(
            "bid",
            "simultaneous",
            "BHM-15",
            "hotels tied on price and rating bid money cards face down; the highest wins",
            _bid_legal,
            _bid_problem,
            _bid_apply,
            pick=_bid_pick,
        ),
        Decision(
            "place",
            "the winner",
            "BHM-16",
            "the winner blocks rooms for the guests, free for the whole stay",
            _place_legal,
            _place_problem,
            _place_apply,
            pick=_place_pick,
        ),
        Decision(
            "hire",
            "simultaneous",
            "BHM-20",
            "each player secretly hires housekeeping, check-in and kitchen staff for the week",
            _hire_legal,
            _hire_problem,
            _hire_apply,
            out_players_pass=True,
            pick=_hire_pick,
        ),
        Decision(
            "rank_bid",
            "simultaneous",
            "BHM-24",
            "players tied in the walk-in ranking bid money cards for the earlier place",
            _bid_legal,
            _bid_problem,
            _rank_bid_apply,
            pick=_bid_pick,
        ),
        Chance(
            "rank_roll",
            "BHM-24",
            "the white die settles a tie that the bids left",
            _tie_outcomes,
            _tie_is_outcome,
            _tie_sample,
            _tie_apply,
        ),
        Decision(
            "walkin_change",
            "simultaneous",
            "BHM-25",
            "before a walk-in day, every player may change one price die in secret",
            _change_legal,
            _change_problem,
            _walkin_change_apply,
            out_players_pass=True,
            pick=_change_pick,
        ),
        Chance(
            "budget",
            "BHM-26",
            "the budget die gives the walk-in's budget per night (1..6 = 100..600)",
            _die_outcomes(_BUDGETS),
            _die_is_outcome(BudgetDie),
            _die_sample(_BUDGETS),
            _budget_apply,
            pick=_die_pick(_BUDGETS),
        ),
        Chance(
            "walkin_card",
            "BHM-27",
            "a walk-in guest card is revealed and offered down the ranking",
            _card_outcomes,
            _card_is_outcome,
            _card_sample,
            _walkin_card_apply,
            pick=_card_pick,
        ),
        Decision(
            "expand",
            "seat to move",
            "BHM-34",
            "after the week, each player in turn may build rooms next to built ones",
            _expand_legal,
            _expand_problem,
            _expand_apply,
        ),
    )
}
"""Every phase but ``end``, by name."""

SIMULTANEOUS_PHASES = frozenset(
    name for name, p in PHASE_TABLE.items() if isinstance(p, Decision) and p.who == "simultaneous"
)
"""Phases in which every player (or every tied player) decides in secret at once."""
CHANCE_PHASES = frozenset(name for name, p in PHASE_TABLE.items() if isinstance(p, Chance))
"""Phases resolved by a die or a card."""
PHASES = frozenset(PHASE_TABLE) | {"end"}
"""Every phase a position can be in."""
END_PROBLEM = ("the game is over: no more actions", "BHM-36")
"""What any choice is told at the end (and at a chance node)."""
