"""Validating an untrusted saved position of Boutique Hotel Manager.

:meth:`BoutiqueState.from_snapshot <hoteledu.boutique.rules.BoutiqueState.from_snapshot>`
builds a new game with the saved options and fills it here: every field is
checked for type, range and consistency (a clear error names the field),
then :func:`probe` asks the loaded position what can be done now, so a
contradiction deeper down is refused too.

>>> from hoteledu.boutique.rules import BoutiqueState, new_game
>>> state = new_game(players=2)
>>> BoutiqueState.from_snapshot(state.options, state.to_snapshot()).money
[500, 500]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hoteledu.boutique.mat import CARDS_PER_PLAYER, MAX_STAFF, MAX_STARS, NIGHTS
from hoteledu.boutique.phases import PHASES
from hoteledu.core import snapshot_checks as sc
from hoteledu.core.errors import MalformedRecordError
from hoteledu.core.state import CHANCE, SIMULTANEOUS, player_name

# States are typed Any here: they are rules.BoutiqueState, and rules imports this module.

_SCALARS = (
    "week",
    "turn",
    "turns",
    "walkins_per_day",
    "day",
    "walkin",
    "checkin",
    "card",
    "budget",
    "offer",
    "expander",
)
MAX_LAST_EVENT = 2_000
"""Longest 'last_event' text a saved position may hold."""


def load_snapshot(state: Any, snap: Mapping[str, Any]) -> None:
    """Fill ``state`` (a new game with the saved options) from untrusted snapshot data."""
    sc.check_fields(snap, state.to_snapshot(), "Boutique Hotel Manager")
    n, weeks, rooms = state.n, state.weeks, state.mat.size
    big = sc.MAX_SNAPSHOT_INT
    player = (0, n - 1)
    state.phase = sc.str_choice(snap["phase"], "phase", PHASES)
    state.stage = sc.str_choice(snap["stage"], "stage", ("booking", "walkin"))
    cards = set(state.deck.ids)
    limits = {
        "week": (1, weeks),
        "turn": (0, CARDS_PER_PLAYER * n),
        "turns": (0, CARDS_PER_PLAYER * n),
        "walkins_per_day": (1, max(1, n // 2)),
        "day": (0, 7),
        "walkin": (0, max(1, n // 2)),
        "checkin": (-1, NIGHTS - 1),
        "card": (-1, max(cards)),
        "budget": (0, 6),
        "offer": (0, big),
        "expander": player,
    }
    for key in _SCALARS:
        setattr(state, key, sc.int_value(snap[key], key, *limits[key]))
    if state.card != -1 and state.card not in cards:
        raise MalformedRecordError(f"'card' {state.card} is not a card of the deck")
    state.prices = sc.per_player(
        snap["prices"], "prices", n, lambda v, name: sc.int_list(v, name, 7, 0, 6)
    )
    state.breakfast = sc.int_list(snap["breakfast"], "breakfast", n, 0, 6)
    state.money = sc.int_list(snap["money"], "money", n, 0, big)
    state.stars = sc.int_list(snap["stars"], "stars", n, 0, MAX_STARS)

    def built(value: Any, name: str) -> list[int]:
        spaces = sorted(sc.int_list(value, name, low=0, high=rooms - 1, max_length=rooms))
        if len(set(spaces)) != len(spaces) or not set(state.mat.start) <= set(spaces):
            raise MalformedRecordError(
                f"'{name}' must list distinct rooms, the start rooms {list(state.mat.start)} "
                "among them"
            )
        return spaces

    state.built = sc.per_player(snap["built"], "built", n, built)
    state.staff = sc.per_player(
        snap["staff"],
        "staff",
        n,
        lambda v, name: None if v is None else sc.int_list(v, name, 3, 0, MAX_STAFF),
    )
    state.eliminated_week = sc.per_player(
        snap["eliminated_week"],
        "eliminated_week",
        n,
        lambda v, name: None if v is None else sc.int_value(v, name, 1, weeks),
    )
    for p in range(n):
        if (state.eliminated_week[p] is None) != (state.stars[p] > 0):
            raise MalformedRecordError(
                f"{player_name(p)}: 'eliminated_week' is set exactly when 'stars' is 0"
            )
    state.ledger = sc.per_player(
        snap["ledger"], "ledger", n, lambda v, name: sc.int_list(v, name, 4, 0, big)
    )
    state.staff_hired = sc.int_list(snap["staff_hired"], "staff_hired", n, 0, big)
    pairs = sc.list_value(snap["deck_counts"], "deck_counts", len(cards))
    state.deck_counts = {}
    for i, pair in enumerate(pairs):
        cid, count = sc.list_value(pair, f"deck_counts[{i}]", 2)
        sc.str_choice(cid, f"deck_counts[{i}] card", cards)
        state.deck_counts[cid] = sc.int_value(count, f"deck_counts[{i}] count", 0, state.copies)
    if set(state.deck_counts) != cards:
        raise MalformedRecordError("field 'deck_counts' must list every card of the deck once")
    state.bidders = sc.int_list(snap["bidders"], "bidders", low=0, high=n - 1, max_length=n)
    state.place_queue = []
    for i, entry in enumerate(sc.list_value(snap["place_queue"], "place_queue", max_length=n)):
        who, price = sc.list_value(entry, f"place_queue[{i}]", 2)
        state.place_queue.append(
            [
                sc.int_value(who, f"place_queue[{i}] player", *player),
                sc.int_value(price, f"place_queue[{i}] price", 0, big),
            ]
        )
    state.ranking = [
        sc.int_list(group, f"ranking[{i}]", low=0, high=n - 1, max_length=n)
        for i, group in enumerate(sc.list_value(snap["ranking"], "ranking", max_length=n))
    ]
    ranked = [p for group in state.ranking for p in group]
    if len(set(state.bidders)) != len(state.bidders) or len(set(ranked)) != len(ranked):
        raise MalformedRecordError("'bidders' and 'ranking' may name a player only once")
    state.lost = sc.int_list(snap["lost"], "lost", weeks, 0, big)
    # Stars one category can cost in a week (BHM-30/31): one per room short of staff
    # (per_staff), one per day (per_day) or one (per_category).
    most_lost = {"per_staff": rooms, "per_day": 7, "per_category": 1}[state.shortfall_rule]
    state.shortfalls = [
        sc.per_player(
            week, f"shortfalls[{w}]", n, lambda v, name: sc.int_list(v, name, 3, 0, most_lost)
        )
        for w, week in enumerate(sc.list_value(snap["shortfalls"], "shortfalls", max_length=weeks))
    ]
    event = snap["last_event"]
    if not isinstance(event, str) or len(event) > MAX_LAST_EVENT:
        raise MalformedRecordError(f"'last_event' must be a text of at most {MAX_LAST_EVENT}")
    state.last_event = event
    state.stays = []
    stays = sc.list_value(snap["stays"], "stays", max_length=n * rooms * NIGHTS)
    for index, stay in enumerate(stays):
        name = f"stays[{index}]"
        p, card_id, checkin, used, price, kind = sc.list_value(stay, name, 6)
        sc.int_value(p, f"{name} player", *player)
        sc.str_choice(card_id, f"{name} card", cards)
        sc.int_value(checkin, f"{name} check-in night", 0, NIGHTS - 1)
        offsets = state.geometry[card_id].offsets
        used = sc.int_list(used, f"{name} rooms", len(offsets), 0, rooms - 1)
        sc.int_value(price, f"{name} price", 0, big)
        sc.str_choice(kind, f"{name} kind", ("booking", "walkin"))
        for room, nights in zip(used, offsets, strict=True):
            if room not in state.built[p]:
                raise MalformedRecordError(f"{name}: room {room + 1} is not built")
            for o in nights:
                if not 0 <= checkin + o < NIGHTS:
                    raise MalformedRecordError(f"{name}: night {checkin + o} is off the board")
                cell = room * NIGHTS + checkin + o
                if state.occ[p][cell] >= 0:
                    raise MalformedRecordError(
                        f"{name}: room {room + 1} night {checkin + o} is taken twice"
                    )
                state.occ[p][cell] = index
        state.stays.append([p, card_id, checkin, list(used), price, kind])
    probe(state)


def probe(state: Any) -> None:
    """Ask the loaded position what can be done now; a deeper inconsistency is refused."""
    try:
        mover = state.current_player()
        if mover == SIMULTANEOUS:
            for p in range(state.n):
                state.clone()._legal_actions(p)
        elif mover == CHANCE:
            state.clone().chance_outcomes()
        elif mover >= 0 and not state.clone()._legal_actions(mover):
            raise MalformedRecordError(
                f"the saved Boutique position leaves {player_name(mover)} nothing to do "
                f"in the phase {state.phase!r}"
            )
    except MalformedRecordError:
        raise
    except Exception as error:  # the position contradicts itself somewhere
        raise MalformedRecordError(
            f"the saved Boutique position is inconsistent: {sc.short_repr(error, 120)}"
        ) from None
