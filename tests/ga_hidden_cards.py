"""Grand Austria's staff cards hidden from a seat, named as the apps write them."""

from __future__ import annotations

from typing import Any

from hoteledu.grand_austria import effects


def hidden_card_words(state: Any, seats: set[int]) -> set[str]:
    """How the apps name each staff card hidden from everyone but ``seats`` ("12 Sommelier"):
    the deck, the other seats' hands and draft packets, and their cards set aside."""
    hidden = set(state.staff_deck)
    for q in range(state.num_players):
        if q not in seats:
            hidden |= set(state.hand[q]) | set(state.packets[q])
    hidden |= {card for card, owner in state.staff_bottom if owner not in seats}
    staff = effects.catalog().staff
    return {f"{card} {staff[card].name}" for card in hidden}
