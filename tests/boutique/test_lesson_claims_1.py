"""Claims of lesson boutique/01_play checked independently of the lesson's own cells."""

from __future__ import annotations

import numpy as np
from bhm_helpers import put_stay, skip_booking, started

import hoteledu
from hoteledu.boutique.actions import Hire, SetPrices
from hoteledu.boutique.bots import PeakLoadBot, StafferBot
from hoteledu.core.agents import PlayerView


def quote_by_hand(prices: SetPrices, card, day: int) -> int:
    """The rule as lesson 1 states it: every room and night at the day rate, plus breakfast."""
    extra = prices.breakfast if card.breakfast else 0
    total = 0
    for room in card.rooms:
        for night in range(room.start, room.start + room.nights):
            total += prices.days[min(day + night, 6)] + extra  # after Sunday: Sunday's rate
    return 100 * total


def test_stay_price_is_the_lessons_sum_over_rooms_and_nights() -> None:
    rng = np.random.default_rng(1)
    for _ in range(5):
        p1 = SetPrices(tuple(int(f) for f in rng.integers(1, 7, size=7)), int(rng.integers(1, 7)))
        p2 = SetPrices(tuple(int(f) for f in rng.integers(1, 7, size=7)), int(rng.integers(1, 7)))
        state = hoteledu.load_game("boutique", players=2)
        state.apply_actions([p1, p2])
        for card in state.deck.cards:
            for day in range(6):  # the check-in die: Monday to Saturday
                assert state.stay_price(0, card.id, day) == quote_by_hand(p1, card, day)
                assert state.stay_price(1, card.id, day) == quote_by_hand(p2, card, day)


def test_staffer_hires_the_extra_staff_lesson_1_describes() -> None:
    """One more at check-in; a cook more only with breakfast; a housekeeper if a room is free."""
    full = started()
    put_stay(full, 1, 28, 1, (0, 1, 2))  # the tour group: all 3 rooms, no breakfast
    skip_booking(full)
    full.money = [3000, 3000]  # enough money: the plan is not cut
    assert full.demand(1)[1] == [3, 3, 0]
    assert StafferBot().act(PlayerView(full, 1)) == Hire(3, 4, 0)
    assert PeakLoadBot().act(PlayerView(full, 1)) == Hire(3, 3, 0)
    spare = started()
    put_stay(spare, 1, 8, 1, (0,))  # the honeymooners: 1 room with breakfast
    skip_booking(spare)
    spare.money = [3000, 3000]
    assert StafferBot().act(PlayerView(spare, 1)) == Hire(2, 2, 2)


def test_lesson_1_bot_week_both_staff_at_least_the_need() -> None:
    game = hoteledu.load_game("boutique", players=2, weeks=1)
    hoteledu.play(game, [PeakLoadBot(), StafferBot()], seed=2026)
    for p in (0, 1):
        need = [max(day[c] for day in game.demand(p)) for c in range(3)]
        assert all(s >= n for s, n in zip(game.staff[p], need, strict=True))
    assert game.shortfalls[0] == [[0, 0, 0], [0, 0, 0]]
    assert game.stars == [4, 4]


def test_peak_load_bot_opens_at_300_a_night() -> None:
    assert PeakLoadBot.opening == SetPrices((3,) * 7, 1)
