"""Planning, walk-ins, rating, expansion, week 2 and the end (BHM-20 .. BHM-36)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from bhm_helpers import flat, put_stay, skip_booking, started

from hoteledu import RandomAgent, play
from hoteledu.boutique.actions import (
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
)
from hoteledu.boutique.bots import PeakLoadBot, StafferBot
from hoteledu.boutique.rules import SHORTFALL_RULES, BoutiqueState, new_game, stars_lost
from hoteledu.core import CHANCE, SIMULTANEOUS, TERMINAL, IllegalActionError, JointAction

NONE = Hire(0, 0, 0)


def at_walkins(
    prices: list[SetPrices], money: list[int], hires: list[Hire] | None = None, **options: object
) -> BoutiqueState:
    """A game whose booking is over, staff hired, ranking settled by distinct money."""
    state = started(prices, players=len(prices), room_choice="canonical", **options)
    skip_booking(state)
    state.money = list(money)
    state.apply_actions(hires or [NONE] * len(prices))
    return state


def walk_in(state: BoutiqueState, budget: int, card: int) -> None:
    state.apply_action(BudgetDie(budget))
    state.apply_action(RevealCard(card))


def quiet_day(state: BoutiqueState) -> None:
    """Nobody changes a price; a budget-1 guest wanting breakfast fits no hotel: lost."""
    state.apply_actions([KeepPrices()] * state.n)
    for _ in range(state.walkins_per_day):
        card = next(c.id for c in state.deck.cards if c.breakfast and state.deck_counts[c.id])
        walk_in(state, 1, card)


# --------------------------------------------------------------- planning
def test_BHM_20_staff_is_hired_once_for_the_whole_week() -> None:
    """BHM-20: staff is hired for the whole week, even if needed on one day only."""
    state = started([flat(2), flat(3)], room_choice="canonical")
    put_stay(state, 0, 28, 2, (0, 1, 2))  # a tour group on Wednesday only
    skip_booking(state)
    state.money = [2000, 500]
    assert state.current_player() == SIMULTANEOUS
    state.apply_actions([Hire(3, 3, 0), NONE])
    assert state.money == [2000 - 6 * 300, 500]
    # Every day is compared with the same three housekeepers hired once.
    assert state.staff[0] == [3, 3, 0] and state.staff_hired == [6, 0]
    for _ in range(7):
        quiet_day(state)
    assert state.shortfalls[0][0] == [0, 0, 0] and state.stars[0] == 4
    # One hiring decision per week in a whole game.
    game = new_game()
    play(game, [RandomAgent(7), RandomAgent(8)], seed=7)
    hires = [
        a for a in game.history if isinstance(a, JointAction) and isinstance(a.actions[0], Hire)
    ]
    assert len(hires) == game.week


def test_BHM_21_demand_counts_rooms_squares_and_brown_markers() -> None:
    """BHM-21: housekeeping per occupied room, check-in per square, kitchen per brown marker."""
    state = started()
    put_stay(state, 0, 19, 1, (0, 1))  # Grandparents (breakfast): A Tue-Wed, B Tue
    put_stay(state, 0, 22, 1, (2, 1))  # Late arrival (room only): A Tue-Thu, B Wed-Thu
    need = state.demand(0)
    assert need[1] == [3, 3, 2]  # Tue: 3 rooms, 3 squares, 2 brown
    assert need[2] == [3, 1, 1]  # Wed: 3 rooms, 1 square (late arrival B), 1 brown
    assert need[3] == [2, 0, 0]
    assert need[0] == need[4] == [0, 0, 0]


def test_BHM_22_each_staff_member_costs_300_and_no_more_than_you_can_pay() -> None:
    """BHM-22: 300 per staff member; a player cannot hire more than they can pay."""
    state = started()
    skip_booking(state)
    state.money = [1300, 500]
    legal = state.legal_actions(0)
    assert max(a.housekeeping + a.checkin + a.kitchen for a in legal) == 4
    assert Hire(0, 1, 0) in state.legal_actions(1) and Hire(1, 1, 0) not in state.legal_actions(1)
    before = state.to_json_str()
    with pytest.raises(IllegalActionError, match="each staff member costs 300") as error:
        state.apply_actions([Hire(2, 2, 1), NONE])
    assert "BHM-22" in str(error.value) and state.to_json_str() == before
    state.apply_actions([Hire(2, 1, 1), Hire(0, 1, 0)])
    assert state.money == [100, 200] and state.ledger[0][2] == 1200


# ---------------------------------------------------------------- walk-ins
def test_BHM_23_seven_walk_in_rounds_check_in_on_their_own_day() -> None:
    """BHM-23: seven rounds Monday..Sunday; guests check in that day; no check-in die."""
    state = at_walkins([flat(1), flat(1)], [600, 500])
    days = []
    for day in range(7):
        assert state.phase == "walkin_change" and state.day == day
        state.apply_actions([KeepPrices(), KeepPrices()])
        assert state.current_player() == CHANCE
        assert all(isinstance(a, BudgetDie) for a, _ in state.chance_outcomes())
        state.apply_action(BudgetDie(6))
        assert all(isinstance(a, RevealCard) for a, _ in state.chance_outcomes())
        state.apply_action(RevealCard(1 + day))
        days.append(state.stays[-1][2])
    assert days == list(range(7))
    assert not any(isinstance(a, CheckInDie) for a in state.history)
    assert len(state.shortfalls) == 1  # the rating phase followed the seventh day


def test_BHM_24_walk_in_ranking_is_by_money_lowest_first() -> None:
    """BHM-24: players are ranked by money, lowest first, for the whole phase."""
    state = at_walkins([flat(1), flat(1), flat(1)], [900, 400, 700])
    assert state.ranking_order() == [1, 2, 0]
    state.apply_actions([KeepPrices()] * 3)
    walk_in(state, 6, 1)
    assert state.stays[-1][0] == 1  # the poorest hotel gets the first walk-in
    assert state.ranking_order() == [1, 2, 0]  # unchanged though P1 is now richer


def test_BHM_24_ties_in_money_are_bid_out_and_every_bid_is_lost() -> None:
    """BHM-24: equal money: sealed marketing bids (all lost), highest bid ranks first."""
    state = started([flat(1)] * 3, players=3, room_choice="canonical")
    skip_booking(state)
    state.money = [800, 500, 800]
    state.apply_actions([NONE] * 3)
    assert state.phase == "rank_bid" and state.bidders == [0, 2]
    assert state.legal_actions(1) == [Pass()]
    with pytest.raises(IllegalActionError, match="larger than your money"):
        state.apply_actions([Bid(900), Pass(), Bid(0)])
    state.apply_actions([Bid(100), Pass(), Bid(300)])
    assert state.money == [700, 500, 500] and state.ledger[2][1] == 300
    assert state.ranking_order() == [1, 2, 0]
    assert state.phase == "walkin_change"


def test_BHM_24_equal_bids_are_settled_by_the_white_die() -> None:
    """BHM-24: still tied after bidding: the white die orders the tied players uniformly."""
    state = started([flat(1)] * 3, players=3, room_choice="canonical")
    skip_booking(state)
    state.apply_actions([NONE] * 3)  # all at 500
    state.apply_actions([Bid(0), Bid(0), Bid(0)])
    assert state.phase == "rank_roll"
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and {p for _, p in outcomes} == {Fraction(1, 6)}
    state.apply_action(TieOrder((2, 0, 1)))
    assert state.ranking_order() == [2, 0, 1] and state.phase == "walkin_change"


def test_BHM_25_each_day_every_player_may_change_one_price_die() -> None:
    """BHM-25: at the start of each walk-in day every player may change one price die."""
    state = at_walkins([flat(3), flat(3)], [600, 500])
    assert state.current_player() == SIMULTANEOUS
    assert len(state.legal_actions(0)) == 41
    with pytest.raises(IllegalActionError, match="BHM-25"):
        state.apply_actions([ChangePrice(0, 3), KeepPrices()])
    state.apply_actions([ChangePrice(0, 1), ChangePrice(7, 6)])
    assert state.prices[0][0] == 1 and state.breakfast[1] == 6


def test_BHM_26_the_white_die_gives_the_budget_per_night() -> None:
    """BHM-26: the die gives the budget per night, 100 to 600 (each 1/6)."""
    state = at_walkins([flat(2), flat(4)], [600, 500])
    state.apply_actions([KeepPrices(), KeepPrices()])
    assert [(a.face, p) for a, p in state.chance_outcomes()] == [
        (f, Fraction(1, 6)) for f in range(1, 7)
    ]
    # Breakfast guests at flat 2 + breakfast 1 need 300 a night.
    assert not state.fits_budget(0, 2, 0, 2) and state.fits_budget(0, 2, 0, 3)
    walk_in(state, 2, 2)
    assert state.lost == [1, 0]


def test_BHM_27_the_walk_in_guests_check_in_today() -> None:
    """BHM-27: a guest card is drawn and the guests check in on the round's day."""
    state = at_walkins([flat(1), flat(1)], [600, 500])
    for _ in range(3):
        quiet_day(state)
    state.apply_actions([KeepPrices(), KeepPrices()])
    walk_in(state, 6, 10)  # Writer's retreat, 4 nights
    assert state.stays[-1][1:4] == [10, 3, [0]]
    assert state.demand(1)[3] == [1, 1, 1] and state.demand(1)[6] == [1, 0, 1]


def test_BHM_28_guests_go_to_the_first_hotel_in_ranking_that_fits() -> None:
    """BHM-28: first hotel in ranking order that fits the budget and has room; else lost."""
    state = at_walkins([flat(2), flat(5)], [600, 500])  # ranking: P1 then P0
    state.apply_actions([KeepPrices(), KeepPrices()])
    walk_in(state, 3, 1)  # budget 300: P1 (500) does not fit, P0 (200) does
    assert state.stays[-1][0] == 0 and state.money[0] == 800
    state.apply_actions([KeepPrices(), KeepPrices()])
    walk_in(state, 6, 3)  # budget 600: P1 first in the ranking
    assert state.stays[-1][0] == 1 and state.money[1] == 500 + 1000
    state.apply_actions([KeepPrices(), KeepPrices()])
    walk_in(state, 1, 5)  # budget 100: nobody fits: lost
    assert state.lost == [1, 0] and len(state.stays) == 2
    for room in range(3):
        put_stay(state, 1, 14, 3, (room,))
    state.apply_actions([KeepPrices(), KeepPrices()])
    walk_in(state, 6, 13)  # P1 is full on Thursday: P0 takes them
    assert state.stays[-1][0] == 0


@pytest.mark.parametrize(("reading", "fits"), [("with_breakfast", False), ("room_only", True)])
def test_BHM_28_walkin_budget_option_for_breakfast(reading: str, fits: bool) -> None:
    """BHM-26/28 (option walkin_budget): does the budget per night cover breakfast too?

    Day rate 200 plus breakfast 200 against a budget of 300: over budget when
    breakfast counts, within it when only the room does. Guests who stay pay
    the full stay, breakfast included (BHM-12).
    """
    state = at_walkins(
        [SetPrices((2,) * 7, 2), flat(6)], [600, 500], walkin_budget=reading
    )  # ranking: P1 (dear) then P0
    state.apply_actions([KeepPrices(), KeepPrices()])
    walk_in(state, 3, 4)  # Sales rep: 2 nights with breakfast
    if fits:
        assert state.stays[-1][0] == 0 and state.money[0] == 600 + 2 * (200 + 200)
    else:
        assert state.lost == [1, 0] and state.money[0] == 600


def test_BHM_29_one_walk_in_per_day_per_two_players() -> None:
    """BHM-29: with more than 2 players, one walk-in guest per day per 2 players."""
    assert [new_game(players=n).walkins_per_day for n in (2, 3, 4, 5)] == [1, 1, 2, 2]
    state = new_game(players=4)
    play(state, [RandomAgent(s) for s in range(4)], seed=11)
    budgets = sum(isinstance(a, BudgetDie) for a in state.history)
    # Counted over the players still in the game at the start of each week.
    playing = [
        sum(e is None or e >= week for e in state.eliminated_week)
        for week in range(1, state.week + 1)
    ]
    assert budgets == sum(7 * max(1, n // 2) for n in playing)


# ----------------------------------------------------------------- rating
def short_week(shortfall: str | None, hire: Hire) -> BoutiqueState:
    """P0 has a 3-room tour group Wednesday and Thursday; P1 one solo traveller."""
    rule = {} if shortfall is None else {"shortfall": shortfall}  # None: the default
    state = started([flat(2), flat(3)], room_choice="canonical", **rule)
    put_stay(state, 0, 27, 2, (0, 1, 2))  # Class reunion: 3 rooms, 2 nights, room only
    put_stay(state, 1, 1, 0, (0,))
    skip_booking(state)
    state.money = [3000, 2000]
    state.apply_actions([hire, Hire(1, 1, 0)])
    for _ in range(7):
        quiet_day(state)
    return state


def peak_week(shortfall: str | None, hire: Hire) -> BoutiqueState:
    """P0's daily need peaks at 3 rooms, 2 check-ins and 2 breakfasts, on different days."""
    rule = {} if shortfall is None else {"shortfall": shortfall}  # None: the default
    state = started([flat(2), flat(3)], room_choice="canonical", **rule)
    put_stay(state, 0, 19, 1, (0, 1))  # Grandparents, breakfast: A Tue-Wed, B Tue
    put_stay(state, 0, 7, 2, (2,))  # City explorer, room only: Wed-Fri
    put_stay(state, 0, 3, 2, (1,))  # Backpacker, room only: Wed-Thu
    put_stay(state, 0, 14, 3, (0,))  # Cyclist, room only: Thu
    skip_booking(state)
    state.money = [3000, 2000]
    state.apply_actions([hire, Hire(1, 1, 0)])
    for _ in range(7):
        quiet_day(state)
    return state


@pytest.mark.parametrize("rule", ["per_day", "per_category", "per_staff"])
def test_BHM_30_week_need_is_the_largest_daily_need(rule: str) -> None:
    """BHM-30: each day's need against staff; the week's need is the largest daily need.

    Housekeeping peaks at 3 rooms (Wed and Thu), check-in at 2 (Tue and Wed),
    kitchen at 2 (Tue). Staff equal to each peak is enough under every reading
    of the shortfall count; one less in a category is a shortfall there only.
    """
    probe = started()
    put_stay(probe, 0, 19, 1, (0, 1))
    put_stay(probe, 0, 7, 2, (2,))
    put_stay(probe, 0, 3, 2, (1,))
    put_stay(probe, 0, 14, 3, (0,))
    need = probe.demand(0)
    peak = [max(day[c] for day in need) for c in range(3)]
    assert peak == [3, 2, 2]  # the week's need is the largest, not the summed, daily need
    assert sum(day[0] for day in need) == 9  # 9 room-nights in all
    exact = peak_week(rule, Hire(*peak))
    assert exact.shortfalls[0][0] == [0, 0, 0] and exact.stars[0] == 4
    for c in range(3):
        short = list(peak)
        short[c] -= 1
        state = peak_week(rule, Hire(*short))
        lost = state.shortfalls[0][0]
        assert [x > 0 for x in lost] == [k == c for k in range(3)], (rule, c, lost)
        assert state.stars[0] == 3 - sum(lost)


def test_BHM_31_each_shortfall_costs_a_star_several_per_category() -> None:
    """BHM-31 (option shortfall="per_day"): one star per day short, several per category."""
    state = short_week("per_day", Hire(2, 2, 0))
    # Housekeeping short on Wednesday and Thursday, check-in short on Wednesday.
    assert state.shortfalls[0][0] == [2, 1, 0]
    assert state.stars[0] == 0 and state.eliminated_week[0] == 1


def test_BHM_31_per_staff_option_counts_each_missing_employee() -> None:
    """BHM-31 (option shortfall="per_staff"): one star per employee missing at the peak."""
    state = peak_week("per_staff", Hire(1, 2, 2))  # 2 housekeepers short of the peak 3
    assert state.shortfalls[0][0] == [2, 0, 0] and state.stars[0] == 1
    per_day = peak_week("per_day", Hire(1, 2, 2))  # short on Tue (2), Wed (3), Thu (3)
    assert per_day.shortfalls[0][0] == [3, 0, 0] and per_day.stars[0] == 0


def test_BHM_31_default_is_one_star_per_missing_employee_below_the_week_need() -> None:
    """BHM-30/31, default reading: the week's need is the largest daily need; each missing
    employee below it costs 1 star ("fuer jeden Fehlbetrag 1 Stern, mehrere pro Kategorie").

    The rulebook's example: needed 2 check-in, 3 housekeeping, 2 kitchen; hired 1, 3, 2:
    1 star. The peak of 2 check-ins falls on two days (Tue and Wed) here, so one star per
    day short would take 2.
    """
    assert new_game().shortfall_rule == "per_staff"
    example = peak_week(None, Hire(3, 1, 2))
    assert example.shortfalls[0][0] == [0, 1, 0] and example.stars[0] == 2
    per_day = peak_week("per_day", Hire(3, 1, 2))
    assert per_day.shortfalls[0][0] == [0, 2, 0] and per_day.stars[0] == 1
    # Several per category: 2 housekeepers short of the peak 3 cost 2 stars.
    several = peak_week(None, Hire(1, 2, 2))
    assert several.shortfalls[0][0] == [2, 0, 0] and several.stars[0] == 1
    # A 3-room group two nights with 2 housekeepers and 2 check-in staff: one missing in
    # each category, 2 stars, the player stays in (one star per day short: out at 0).
    group = short_week(None, Hire(2, 2, 0))
    assert group.shortfalls[0][0] == [1, 1, 0] and group.stars[0] == 1
    assert group.eliminated_week[0] is None and not group.is_terminal()


def test_BHM_31_stars_lost_under_each_reading() -> None:
    """BHM-31: stars_lost compares the week's need (largest daily need) with the staff."""
    need = [[1, 1, 0], [3, 2, 2], [3, 0, 2], [0, 0, 0], [2, 2, 0], [0, 0, 0], [0, 0, 0]]
    assert stars_lost(need, [3, 1, 2]) == [0, 1, 0]  # the rulebook's example: 1 star
    assert stars_lost(need, [3, 1, 2], "per_day") == [0, 2, 0]
    assert stars_lost(need, [0, 0, 0]) == [3, 2, 2]
    assert stars_lost(need, [0, 0, 0], "per_day") == [4, 3, 2]
    assert stars_lost(need, [0, 0, 0], "per_category") == [1, 1, 1]
    assert stars_lost(need, [6, 6, 6]) == [0, 0, 0]  # extra staff earns nothing (BHM-33)
    with pytest.raises(ValueError, match="per_staff"):
        stars_lost(need, [0, 0, 0], "per_week")
    from hoteledu.boutique.info import GAME_INFO

    option = next(o for o in GAME_INFO.options if o.name == "shortfall")
    assert option.default == "per_staff" and set(option.choices) == set(SHORTFALL_RULES)


def test_BHM_32_a_player_at_0_stars_loses_the_game() -> None:
    """BHM-32: at 0 stars a player loses; with 2 players the game ends, the other wins."""
    state = short_week("per_day", Hire(2, 2, 0))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.money[0] > state.money[1]
    assert state.winners() == [1] and state.returns()[0] == -1.0
    assert state.utilities() == [0.0, 1.0]


def test_BHM_32_a_lost_player_is_out_but_the_others_play_on() -> None:
    """BHM-32 with 3 players: the others play week 2; the lost player only passes."""
    state = started([flat(2), flat(3), flat(4)], players=3, room_choice="canonical")
    put_stay(state, 0, 28, 2, (0, 1, 2))
    put_stay(state, 0, 28, 3, (0, 1, 2))
    put_stay(state, 0, 28, 4, (0, 1, 2))
    skip_booking(state)
    state.money = [1000, 600, 700]
    state.apply_actions([NONE] * 3)
    for _ in range(7):
        quiet_day(state)
    assert state.eliminated_week == [1, None, None] and not state.is_terminal()
    while state.phase == "expand":
        state.apply_action(EndExpansion())
    assert state.phase == "prices" and state.week == 2
    assert state.legal_actions(0) == [Pass()]
    state.apply_actions([Pass(), flat(2), flat(3)])
    assert state.turns == 10 and state.current_player() == 1
    assert 0 not in state.winners()


def test_BHM_33_a_clean_week_earns_a_star_and_extra_staff_nothing() -> None:
    """BHM-33: no shortfall: +1 star (at most 5); extra staff brings no further benefit."""
    exact = short_week("per_day", Hire(3, 3, 0))
    extra = short_week("per_day", Hire(5, 5, 0))
    assert exact.stars[0] == extra.stars[0] == 4
    assert extra.money[0] == exact.money[0] - 4 * 300
    state = at_walkins([flat(2), flat(3)], [600, 500])
    state.stars = [5, 5]
    for _ in range(7):
        quiet_day(state)
    assert state.stars == [5, 5]


# -------------------------------------------------------------- expansion
def test_BHM_34_rooms_cost_1000_and_go_on_valid_spaces() -> None:
    """BHM-34: 1000 per room, only on a space touching the hotel; used next week."""
    state = at_walkins([flat(2), flat(3)], [2600, 900])
    for _ in range(7):
        quiet_day(state)
    assert state.phase == "expand" and state.current_player() == 0  # P1 cannot pay 1000
    assert set(state.legal_actions()) == {EndExpansion(), *(Expand(s) for s in (3, 4, 5, 6))}
    before = state.to_json_str()
    with pytest.raises(IllegalActionError, match="not a valid expansion space") as error:
        state.apply_action(Expand(7))
    assert "BHM-34" in str(error.value) and state.to_json_str() == before
    state.apply_action(Expand(3))
    state.apply_action(Expand(7))  # now touching room 4
    assert state.money[0] == 600 and state.ledger[0][3] == 2000
    assert state.built[0] == [0, 1, 2, 3, 7]
    assert state.phase == "prices"  # no money left for a third room
    state.apply_actions([flat(2), flat(3)])
    # The school trip's three rooms in a chain now also fit on rooms 3-4-8.
    assert (2, 3, 7) in state.assignments(0, 26, 7)
    assert state.assignments(1, 26, 7) == [(0, 1, 2), (2, 1, 0)]  # P1 did not build


def test_BHM_35_week_2_new_prices_no_staff_and_only_carried_markers() -> None:
    """BHM-35: new secret prices; staff dice removed; markers removed, carried ones placed."""
    state = started([SetPrices((1,) * 6 + (2,), 1), flat(3)], room_choice="canonical")
    put_stay(state, 0, 12, 5, (0,))  # Saturday, 5 nights: 3 carry into week 2
    put_stay(state, 0, 7, 1, (1,))
    skip_booking(state)
    state.money = [1800, 500]
    state.apply_actions([Hire(2, 1, 1), NONE])
    for _ in range(7):
        quiet_day(state)
    assert state.phase == "prices" and state.week == 2
    assert state.current_player() == SIMULTANEOUS
    assert state.staff == [None, None]
    assert sum(state.deck_counts.values()) == 28  # every card back in the deck
    need = state.demand(0)
    assert [d[0] for d in need] == [1, 1, 1, 0, 0, 0, 0]  # only the carried stay
    assert [d[1] for d in need] == [0] * 7  # circles: no check-in in week 2
    assert state.money[0] == 1800 - 1200  # money and rating carry on: no new 500
    state.apply_actions([flat(5), flat(6)])
    assert state.prices[0] == [5] * 7 and state.phase == "booking_change"
    assert state.booking_seat() == 0
    # The carried consultant still holds room 1 Mon-Wed of week 2 (nights 7..9).
    assert state.assignments(0, 3, 7) == [(1,), (2,)]
    assert state.assignments(0, 3, 10) == [(0,), (1,), (2,)]


def test_BHM_36_most_money_wins_then_rating_then_draw() -> None:
    """BHM-36: after week 2 the most money wins; tie: higher rating; still tied: a draw."""
    state = new_game(weeks=1)
    state.phase = "end"
    state.money, state.stars = [900, 800], [1, 5]
    assert state.winners() == [0] and state.returns() == [900.0, 800.0]
    state.money = [900, 900]
    assert state.winners() == [1]
    state.stars = [4, 4]
    assert state.winners() == [0, 1] and state.utilities() == [0.5, 0.5]


def test_a_full_two_week_game_reaches_the_end_after_week_2() -> None:
    """BHM-36/BHM-34: expansion only between the weeks; the game ends at week 2's rating."""
    state = new_game()
    record = play(state, [StafferBot(), PeakLoadBot()], seed=3)
    replay = new_game()
    phases = []
    for action in record.actions:
        phases.append((replay.week, replay.phase))
        replay.apply_action(action)
    assert state.is_terminal() and len(state.shortfalls) == 2
    assert ("expand" in {p for w, p in phases if w == 1}) and (2, "expand") not in phases
    assert any(isinstance(a, Expand) for a in state.history)  # the staffer built a room
    assert phases[-1] in ((2, "walkin_card"), (2, "place")) and replay.day == 7  # Sunday, rating
    assert state.winners() == [max(range(2), key=lambda p: (state.money[p], state.stars[p]))]


def test_blocking_rooms_in_walk_ins_with_a_choice() -> None:
    """BHM-16 in the walk-in phase: the winner chooses the rooms when several fit."""
    state = started([flat(1), flat(1)])
    skip_booking(state)
    state.money = [600, 500]
    state.apply_actions([NONE, NONE])
    state.apply_actions([KeepPrices(), KeepPrices()])
    walk_in(state, 6, 1)
    assert state.phase == "place" and state.current_player() == 1
    state.apply_action(BlockRooms((2,)))
    assert state.stays[-1][3] == [2] and state.stays[-1][5] == "walkin"
