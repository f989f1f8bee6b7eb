"""Setup, week 1 preparation and the booking phase (BHM-01 .. BHM-19)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from bhm_helpers import book, flat, put_stay, started

import hoteledu
from hoteledu import RandomAgent, play
from hoteledu.boutique.actions import (
    Bid,
    BlockRooms,
    ChangePrice,
    CheckInDie,
    Hire,
    KeepPrices,
    Pass,
    RevealCard,
    SetPrices,
)
from hoteledu.boutique.phases import PRICE_MENU
from hoteledu.boutique.rules import new_game
from hoteledu.core import SIMULTANEOUS, IllegalActionError


def frozen(state: object) -> str:
    return state.to_json_str()  # type: ignore[attr-defined]


# ------------------------------------------------------------------ setup
def test_BHM_01_each_player_has_a_mat_8_price_dice_3_staff_dice_and_a_rating() -> None:
    """BHM-01: a mat, 8 price dice (7 days + breakfast), 3 staff dice, a rating marker each."""
    state = started(players=3)
    for p in range(3):
        assert len(state.prices[p]) == 7 and state.breakfast[p] in range(1, 7)
        assert state.built[p] == [0, 1, 2]
        assert state.stars[p] == 3
    assert [f for f in Hire.__dataclass_fields__] == ["housekeeping", "checkin", "kitchen"]


@pytest.mark.parametrize(("players", "cards"), [(2, 10), (3, 15), (4, 20), (5, 25)])
def test_BHM_02_booking_uses_5_guest_cards_per_player(players: int, cards: int) -> None:
    """BHM-02: 10 guest cards with 2 players, 5 per player in general."""
    state = new_game(players=players)
    assert state.turns == cards
    play(state, [RandomAgent(s) for s in range(players)], seed=players)
    booking_reveals = 0
    replay = new_game(players=players)
    for action in state.history:
        if replay.phase == "reveal" and replay.week == 1:
            booking_reveals += 1
        replay.apply_action(action)
    assert booking_reveals == cards


def test_BHM_03_secret_prices_are_a_simultaneous_vector_of_faces_1_to_6() -> None:
    """BHM-03: one die per day and one on breakfast, secret; face f means f x 100."""
    state = new_game()
    assert state.current_player() == SIMULTANEOUS
    assert state.legal_actions(0) == list(PRICE_MENU)
    odd = SetPrices((1, 6, 2, 5, 3, 4, 1), 6)  # not on the menu, still legal
    assert odd not in PRICE_MENU
    before = frozen(state)
    for bad in (
        SetPrices((1, 6, 2, 5, 3, 4, 7), 1),
        SetPrices((1,) * 7, 0),
        SetPrices((2,) * 6, 1),
    ):
        with pytest.raises(IllegalActionError, match="BHM-03"):
            state.apply_actions([odd, bad])
        assert frozen(state) == before
    state.apply_actions([odd, flat(2)])
    assert state.prices[0] == [1, 6, 2, 5, 3, 4, 1] and state.breakfast[0] == 6
    assert state.night_rate(0, 1) == 600
    # The day rate applies to every room: two rooms for one Monday night cost 2 x 100.
    assert state.stay_price(0, 17, 0) == 200
    assert state.stay_price(1, 17, 0) == 400


def test_BHM_04_players_start_with_500_and_a_blank_card() -> None:
    """BHM-04: 500 money each and one blank money card (a bid of 0 that looks like a card)."""
    state = started()
    assert state.money == [500, 500]
    state.money[0] = 0
    state.phase, state.bidders = "bid", [0, 1]
    assert state.legal_actions(0) == [Bid(0)]
    assert Bid(0) in state.legal_actions(1) and Bid(500) in state.legal_actions(1)
    assert str(Bid(0)) == "bid blank card"


def test_BHM_05_ratings_start_on_3_stars() -> None:
    """BHM-05: rating markers start on 3 stars."""
    assert new_game(players=4).stars == [3, 3, 3, 3]


# ---------------------------------------------------------------- booking
def test_BHM_07_booking_turns_go_in_seat_order_from_the_first_seat() -> None:
    """BHM-07: players take turns in seat order starting with the first seat."""
    state = started(players=3, room_choice="canonical")
    seats = []
    for turn in range(6):
        seats.append(state.current_player())
        book(state, 1 + turn % 6, 1 + turn)
    assert seats == [0, 1, 2, 0, 1, 2]


def test_BHM_08_a_turn_starts_with_changing_at_most_one_price_die() -> None:
    """BHM-08: the player may change exactly one price die (or none)."""
    state = started()
    actions = state.legal_actions()
    assert KeepPrices() in actions and len(actions) == 1 + 8 * 5
    before = frozen(state)
    with pytest.raises(IllegalActionError, match="already shows 2"):
        state.apply_action(ChangePrice(3, 2))
    with pytest.raises(IllegalActionError, match="1 to 6"):
        state.apply_action(ChangePrice(3, 9))
    with pytest.raises(IllegalActionError, match="BHM-08"):
        state.apply_action(Bid(0))
    assert frozen(state) == before
    state.apply_action(ChangePrice(3, 6))
    assert state.prices == [[2, 2, 2, 6, 2, 2, 2], [3] * 7]
    assert state.phase == "checkin"  # one change only: the die roll follows
    state2 = started()
    state2.apply_action(ChangePrice(7, 5))
    assert state2.breakfast == [5, 1]


def test_BHM_09_the_check_in_die_gives_the_check_in_day() -> None:
    """BHM-09: the white die (1..6, each 1/6) gives the check-in day Monday..Saturday."""
    state = started()
    state.apply_action(KeepPrices())
    outcomes = state.chance_outcomes()
    assert [(a.face, p) for a, p in outcomes] == [(f, Fraction(1, 6)) for f in range(1, 7)]
    state.apply_action(CheckInDie(3))
    assert state.checkin == 2  # Wednesday of week 1


def test_BHM_10_a_guest_card_is_drawn_uniformly_from_the_remaining_deck() -> None:
    """BHM-10: the revealed card is drawn from the remaining cards, each equally likely."""
    state = started()
    book(state, 1, 5)
    state.apply_action(KeepPrices())
    state.apply_action(CheckInDie(2))
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 27 and RevealCard(5) not in outcomes
    assert set(outcomes.values()) == {Fraction(1, 27)}
    with pytest.raises(IllegalActionError):
        state.apply_action(RevealCard(5))  # already drawn


def test_BHM_11_availability_needs_the_same_room_free_for_the_whole_stay() -> None:
    """BHM-11: the same room must be free every night; a free room each night is not enough."""
    state = started()
    put_stay(state, 0, 1, 1, (0,))  # room 1 taken Tuesday
    put_stay(state, 0, 1, 2, (1,))  # room 2 taken Wednesday
    put_stay(state, 0, 1, 3, (2,))  # room 3 taken Thursday
    assert state.assignments(0, 3, 1) == [(2,)]  # a 2-night stay from Tuesday: room 3
    put_stay(state, 0, 14, 2, (2,))  # room 3 taken Wednesday too
    assert state.assignments(0, 3, 1) == []  # Tue free in 2/3, Wed free in 1: no single room
    book(state, 2, 3)  # Backpacker from Tuesday
    assert state.money == [500, 500 + 600]  # P1 wins although P0 is cheaper


def test_BHM_11_door_symbols_require_neighbouring_rooms() -> None:
    """BHM-11: rooms anywhere, unless a door symbol requires neighbours."""
    state = started()
    put_stay(state, 0, 1, 0, (1,))  # the middle room is taken on Monday
    assert state.assignments(0, 17, 0) == [(0, 2), (2, 0)]  # two friends: anywhere
    assert state.assignments(0, 21, 0) == []  # band on tour: rooms 1 and 3 are not neighbours
    book(state, 1, 21)
    assert state.stays[-1][0] == 1


def test_BHM_12_total_price_includes_breakfast_where_wanted() -> None:
    """BHM-12: each night's day rate per room, plus the breakfast die per room-night."""
    state = started([SetPrices((1, 2, 3, 4, 5, 6, 6), 2), flat(6)])
    # Grandparents (breakfast): room A Tue+Wed, room B Tue: (2+2)+(3+2)+(2+2) = 13.
    assert state.stay_price(0, 19, 1) == 1300
    # Backpacker (no breakfast) Tue+Wed: 2 + 3.
    assert state.stay_price(0, 3, 1) == 500


def test_BHM_13_the_lowest_total_wins_the_guests_and_the_money() -> None:
    """BHM-13: the lowest total wins and receives the money."""
    state = started([flat(2), flat(3)], room_choice="canonical")
    book(state, 1, 4)  # Sales rep, 2 nights with breakfast: P0 (2+1)*2 = 600, P1 800
    assert state.money == [1100, 500]
    assert state.stays == [[0, 4, 0, [0], 600, "booking"]]


def test_BHM_14_equal_totals_go_to_the_better_rated_hotel() -> None:
    """BHM-14: on equal totals the guests choose the better-rated hotel."""
    state = started([flat(2), flat(2)])
    state.stars = [3, 4]
    book(state, 1, 1)
    assert state.money == [500, 700] and state.stays[-1][0] == 1


def test_BHM_15_equal_ratings_bid_and_every_bid_is_lost() -> None:
    """BHM-15: tied players bid face down; highest wins; every bid, the winner's too, is paid."""
    state = started([flat(2), flat(2)], room_choice="canonical")
    state.apply_action(KeepPrices())
    state.apply_action(CheckInDie(1))
    state.apply_action(RevealCard(1))
    assert state.phase == "bid" and state.current_player() == SIMULTANEOUS
    before = frozen(state)
    with pytest.raises(IllegalActionError, match="larger than your money") as error:
        state.apply_actions([Bid(600), Bid(0)])
    assert "BHM-15" in str(error.value) and frozen(state) == before
    state.apply_actions([Bid(0), Bid(100)])  # P0 bluffs with the blank card
    assert state.money == [500, 500 - 100 + 200]
    assert state.ledger[1][1] == 100 and state.stays[-1][0] == 1


def test_BHM_15_a_tie_in_the_bids_gives_guests_to_every_tied_player() -> None:
    """BHM-15: still tied after the bids, all tied players get guests (and are paid)."""
    state = started([flat(2), flat(2)], room_choice="canonical")
    book_until_bid = [KeepPrices(), CheckInDie(1), RevealCard(4)]
    for action in book_until_bid:
        state.apply_action(action)
    state.apply_actions([Bid(100), Bid(100)])
    assert state.money == [500 - 100 + 600, 500 - 100 + 600]
    assert [s[0] for s in state.stays] == [0, 1]
    assert state.phase == "booking_change" and state.turn == 1


def test_BHM_15_only_tied_players_bid() -> None:
    """BHM-15: in a 3-player tie between two, the third player passes."""
    state = started([flat(2), flat(2), flat(4)], players=3)
    for action in (KeepPrices(), CheckInDie(1), RevealCard(1)):
        state.apply_action(action)
    assert state.bidders == [0, 1]
    assert state.legal_actions(2) == [Pass()]
    with pytest.raises(IllegalActionError, match="only the tied players bid"):
        state.apply_actions([Bid(0), Bid(0), Bid(0)])


def test_BHM_16_the_winner_blocks_rooms_as_the_card_shows() -> None:
    """BHM-16: markers by colour and shape; rooms that must be neighbours are joined."""
    state = started()
    state.apply_action(KeepPrices())
    state.apply_action(CheckInDie(2))
    state.apply_action(RevealCard(19))  # Grandparents: 2+1 nights, breakfast, adjoining
    assert state.phase == "place" and state.current_player() == 0
    assert set(a.rooms for a in state.legal_actions()) == {(0, 1), (1, 0), (1, 2), (2, 1)}
    before = frozen(state)
    with pytest.raises(IllegalActionError, match="not neighbours"):
        state.apply_action(BlockRooms((0, 2)))
    with pytest.raises(IllegalActionError, match="own hotel room"):
        state.apply_action(BlockRooms((1, 1)))
    assert frozen(state) == before
    state.apply_action(BlockRooms((2, 1)))
    # Room 3 has a brown square on Tuesday and a brown circle on Wednesday; room 2 a square.
    need = state.demand(0)
    assert need[1] == [2, 2, 2] and need[2] == [1, 0, 1]
    assert state.occ[0][2 * 21 + 1] == state.occ[0][2 * 21 + 2] == state.occ[0][1 * 21 + 1] == 0


def test_BHM_16_blocking_an_unavailable_room_is_refused() -> None:
    """BHM-16 with BHM-11: a room already booked on a night of the stay cannot be blocked."""
    state = started()
    put_stay(state, 0, 1, 2, (1,))  # room 2 taken Wednesday
    for action in (KeepPrices(), CheckInDie(1), RevealCard(7)):  # City explorer Mon-Wed
        state.apply_action(action)
    with pytest.raises(IllegalActionError, match="no availability: room 2") as error:
        state.apply_action(BlockRooms((1,)))
    assert "BHM-11" in str(error.value)
    assert state.legal_actions() == [BlockRooms((0,)), BlockRooms((2,))]


def test_BHM_16_canonical_option_takes_the_lowest_numbered_rooms() -> None:
    """BHM-16 (option room_choice="canonical"): no choice, lowest-numbered rooms first."""
    state = started(room_choice="canonical")
    put_stay(state, 0, 1, 1, (0,))
    book(state, 2, 18)  # Family with teenagers, adjoining, from Tuesday
    assert state.stays[-1][3] == [1, 2]


def test_BHM_17_a_hotel_with_every_room_booked_is_full() -> None:
    """BHM-17: all rooms booked on a day: full, no availability that day."""
    state = started()
    for room in range(3):
        put_stay(state, 0, 1, 0, (room,))
    assert not state.has_availability(0, 1, 0) and state.has_availability(0, 1, 1)
    book(state, 1, 2)
    assert state.stays[-1][0] == 1  # the dearer hotel gets the guests
    for room in range(3):
        put_stay(state, 1, 1, 4, (room,))
    for room in range(3):
        put_stay(state, 0, 1, 4, (room,))
    book(state, 5, 3)  # both full on Friday: the guests are lost
    assert state.lost == [1, 0] and state.stays[-1][1] == 1


def test_BHM_18_a_stay_past_sunday_uses_sundays_rate_and_carries_over() -> None:
    """BHM-18: extra nights at Sunday's rate; the markers carry into next week."""
    state = started([SetPrices((1, 1, 1, 1, 1, 1, 5), 1), flat(6)], room_choice="canonical")
    book(state, 6, 12)  # Consultant, 5 nights with breakfast, from Saturday
    assert state.money[0] == 500 + 100 * ((1 + 1) + (5 + 1) * 4)
    assert [state.occ[0][n] for n in range(5, 10)] == [0] * 5  # Sat..Sun, Mon..Wed of week 2
    assert state.demand(0, week=2)[:4] == [[1, 0, 1], [1, 0, 1], [1, 0, 1], [0, 0, 0]]


def test_BHM_19_booking_repeats_for_every_card_then_planning() -> None:
    """BHM-19: one booking turn per guest card laid out, then the planning phase."""
    state = started([flat(2), flat(3)], room_choice="canonical")
    for turn in range(10):
        assert state.phase == "booking_change"
        book(state, 1 + turn % 6, 1 + turn)
    assert state.phase == "hire" and state.turn == 10
    assert sum(state.deck_counts.values()) == 18


def test_load_game_builds_the_game_with_every_option() -> None:
    state = hoteledu.load_game("boutique", players=4, shortfall="per_category")
    assert state.num_players == 4 and state.walkins_per_day == 2
    assert state.options == {
        "players": 4,
        "deck": "standard",
        "room_choice": "choose",
        "shortfall": "per_category",
        "weeks": 2,
        "walkin_budget": "with_breakfast",
    }
    with pytest.raises(ValueError, match="players"):
        hoteledu.load_game("boutique", players=6)
