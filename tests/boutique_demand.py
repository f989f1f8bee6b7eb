"""BHM-21 counted by hand, for the tests that check ``BoutiqueState.demand`` and what shows it."""

from __future__ import annotations


def demand_by_hand(state, player: int, week: int) -> list[list[int]]:
    """Room-nights, check-ins and breakfasts per day of ``week``, as the rulebook says
    (BHM-21): every night of every room of ``player``'s stays, one by one."""
    base = 7 * (week - 1)
    need = [[0, 0, 0] for _ in range(7)]
    for owner, card_id, checkin, _rooms, _price, _kind in state.stays:
        if owner != player:
            continue
        card = state.card_of(card_id)
        for room in card.rooms:
            for night in range(room.start, room.start + room.nights):
                day = checkin + night - base
                if 0 <= day < 7:
                    need[day][0] += 1
                    need[day][1] += night == room.start
                    need[day][2] += card.breakfast
    return need
