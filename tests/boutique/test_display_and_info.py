"""Rendering, hidden information and error messages of Boutique Hotel Manager."""

from __future__ import annotations

import numpy as np
from bhm_helpers import book, flat, put_stay, skip_booking, started

from hoteledu.boutique.actions import (
    BlockRooms,
    ChangePrice,
    CheckInDie,
    Hire,
    KeepPrices,
    RevealCard,
)
from hoteledu.boutique.rules import new_game


def test_render_text_shows_each_mat_as_a_week_calendar() -> None:
    state = started([flat(2), flat(3)])
    put_stay(state, 0, 19, 1, (0, 1))
    text = state.render_text()
    assert "week 1, phase booking_change" in text
    assert "P1: money 500, 3 stars, staff none" in text
    assert "Mon  Tue  Wed  Thu  Fri  Sat  Sun next" in text
    assert "price    200  200" in text and "breakfast 100" in text
    room1 = next(line for line in text.splitlines() if line.startswith("  room 1 "))
    assert room1.split()[2:5] == [".", "#b0", "ob0"]  # brown square Tue, brown circle Wed


def test_repr_html_is_a_table_per_hotel() -> None:
    state = started()
    book(state, 1, 1, rooms=(2,))
    page = state._repr_html_()
    assert page.count("<table") == 2
    assert "★★★☆☆" in page and "<th>room 3</th>" in page and "■" in page


def test_observation_shows_the_table_and_hides_nothing_pending() -> None:
    """Secret prices and sealed bids are single joint actions: no position holds them."""
    state = new_game()
    assert state.observation(0)["prices"] == [[0] * 7, [0] * 7]  # nothing set yet
    state.apply_actions([flat(2), flat(5)])
    seen = state.observation(1)
    assert seen["prices"][0] == [2] * 7  # revealed together
    assert "deck_order" not in seen and sorted(c for c, _ in seen["deck_counts"]) == list(
        range(1, 29)
    )
    sample = state.determinise(1, np.random.default_rng(0))
    assert sample == state and sample is not state


def test_illegal_action_errors_name_the_rule_and_change_nothing() -> None:
    state = started()
    for action in (KeepPrices(), CheckInDie(1), RevealCard(19)):
        state.apply_action(action)
    before = state.to_json_str()
    for rooms, words in (
        ((0, 2), "door symbol on the card requires neighbouring rooms [BHM-11]"),
        ((0, 7), "room 8 is not built"),
        ((0,), "needs 2 room(s)"),
    ):
        try:
            state.apply_action(BlockRooms(rooms))
        except ValueError as error:
            assert words in str(error)
        else:
            raise AssertionError(f"{rooms} was accepted")
        assert state.to_json_str() == before
    assert "BHM-11" in state.explain_illegal(BlockRooms((0, 2)))


def test_actions_with_wrong_types_are_refused_with_the_rule() -> None:
    """A bid, a staff count or a face must be a whole number, not true/false or text."""
    state = started()
    skip_booking(state)
    before = state.to_json_str()
    for bad in (Hire(True, 0, 0), Hire(0, 7, 0), Hire(0, 0, -1)):
        try:
            state.apply_actions([bad, Hire(0, 0, 0)])
        except ValueError as error:
            assert "BHM-21" in str(error)
        else:
            raise AssertionError(f"{bad} was accepted")
    assert state.to_json_str() == before
    state2 = started()
    for bad in (ChangePrice(True, 3), ChangePrice(2, "3"), ChangePrice(8, 3)):
        try:
            state2.apply_action(bad)
        except ValueError as error:
            assert "BHM-0" in str(error)
        else:
            raise AssertionError(f"{bad} was accepted")
