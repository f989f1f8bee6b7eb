"""Helpers for Boutique Hotel Manager tests: drive a game through chosen outcomes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoteledu.boutique.actions import (
    BlockRooms,
    CheckInDie,
    KeepPrices,
    RevealCard,
    SetPrices,
)
from hoteledu.boutique.rules import BoutiqueState, new_game
from hoteledu.core.actions import Action


def flat(face: int, breakfast: int = 1) -> SetPrices:
    return SetPrices((face,) * 7, breakfast)


def started(
    prices: Sequence[SetPrices] | None = None, players: int = 2, **options: Any
) -> BoutiqueState:
    """A new game after the secret price setting (default: flat 2, 3, 4... per seat)."""
    state = new_game(players=players, **options)
    prices = prices or [flat(2 + p) for p in range(players)]
    state.apply_actions(list(prices))
    return state


def book(
    state: BoutiqueState,
    face: int,
    card: int,
    change: Action | None = None,
    rooms: tuple[int, ...] | None = None,
) -> None:
    """One booking turn: price change (default keep), check-in die, guest card, rooms."""
    state.apply_action(change or KeepPrices())
    state.apply_action(CheckInDie(face))
    state.apply_action(RevealCard(card))
    if state.phase == "place":
        choice = rooms if rooms is not None else state.legal_actions()[0].rooms
        state.apply_action(BlockRooms(choice))


def put_stay(
    state: BoutiqueState, player: int, card: int, checkin: int, rooms: tuple[int, ...]
) -> None:
    """Set-up shortcut for scenarios: place a stay on a mat as the rules would."""
    saved = state.card, state.checkin
    state.card, state.checkin = card, checkin
    state._block(player, rooms, 0)
    state.card, state.checkin = saved


def skip_booking(state: BoutiqueState) -> None:
    """Set-up shortcut: end the booking phase now (as if the remaining cards were lost)."""
    state.turn = state.turns
    state.phase = "hire"
