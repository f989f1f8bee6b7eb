"""Invariants over many random games, hypothesis over seeds, and the conformance suite."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hoteledu import RandomAgent, play
from hoteledu.boutique.actions import Bid, Expand, Hire, RevealCard
from hoteledu.boutique.bots import BOTS
from hoteledu.boutique.rules import NIGHTS, BoutiqueState, new_game
from hoteledu.core.actions import JointAction
from hoteledu.testing import (
    check_game,
    check_node,
    check_record,
)


def random_game(seed: int, players: int = 2, **options: object) -> BoutiqueState:
    state = new_game(players=players, **options)
    seeds = np.random.SeedSequence(seed).spawn(players + 1)
    play(state, [RandomAgent(s) for s in seeds[1:]], seed=seeds[0])
    return state


def check_invariants(final: BoutiqueState) -> None:
    """Replay ``final`` step by step and check every rule-named payment and marker."""
    state = new_game(**final.options)
    hired = [0] * state.n
    for action in final.history:
        money = list(state.money)
        stays_before = len(state.stays)
        queued_before = [list(q) for q in state.place_queue]
        phase, ranking, budget = state.phase, state.ranking_order(), state.budget
        before = state.clone()
        state.apply_action(action)
        # Money changes only by payments the rules name.
        expected = [0] * state.n
        for owner, _, _, _, price, _ in state.stays[stays_before:]:
            expected[owner] += price
        # Guests won but not yet placed (the winner chooses rooms) were paid at the award.
        for owner, price in state.place_queue:
            expected[owner] += price
        for owner, price in queued_before:
            expected[owner] -= price
        if isinstance(action, JointAction):
            for p, part in enumerate(action.actions):
                if isinstance(part, Bid):
                    expected[p] -= part.amount
                if isinstance(part, Hire):
                    count = part.housekeeping + part.checkin + part.kitchen
                    expected[p] -= 300 * count
                    hired[p] += count
        if isinstance(action, Expand):
            expected[before.expander] -= 1000
        delta = [a - b for a, b in zip(state.money, money, strict=True)]
        assert delta == expected, f"{action}: money changed by {delta}, rules say {expected}"
        assert min(state.money) >= 0
        assert all(0 <= s <= 5 for s in state.stars)
        # A walk-in goes to the first hotel in ranking order that fits and has room.
        if phase == "walkin_card" and isinstance(action, RevealCard):
            day = before.day
            fitting = [
                p
                for p in ranking
                if before.eliminated_week[p] is None
                and before.fits_budget(p, action.card, day, budget)
                and before.has_availability(p, action.card, before.week_start + day)
            ]
            winner = state.place_queue[0][0] if state.phase == "place" else None
            if len(state.stays) > stays_before:
                winner = state.stays[-1][0]
            assert winner == (fitting[0] if fitting else None)
        # A booking goes to a cheapest available hotel.
        if phase == "reveal" and len(state.stays) > stays_before:
            day = before.checkin - before.week_start
            offers = {
                p: before.stay_price(p, action.card, day)
                for p in before.active()
                if before.has_availability(p, action.card, before.checkin)
            }
            assert state.stays[-1][4] == min(offers.values())
    assert state == final
    # Staff hired equals staff paid.
    assert hired == final.staff_hired
    assert [row[2] for row in final.ledger] == [300 * h for h in hired]
    for p in range(final.n):
        income, marketing, wages, building = final.ledger[p]
        assert final.money[p] == 500 + income - marketing - wages - building
        assert income == sum(s[4] for s in final.stays if s[0] == p)
    # Every room-night marker belongs to exactly one guest.
    for p in range(final.n):
        cells = {}
        for index, (owner, card_id, checkin, rooms, _, _) in enumerate(final.stays):
            if owner != p:
                continue
            card = final.card_of(card_id)
            for room, part in zip(rooms, card.rooms, strict=True):
                assert room in final.built[p]
                for o in part.offsets:
                    cell = room * NIGHTS + checkin + o
                    assert cell not in cells, "a room-night holds two guests"
                    cells[cell] = index
            for a, b in card.neighbours:
                assert final.mat.are_neighbours(rooms[a], rooms[b])
        assert {c: i for c, i in enumerate(final.occ[p]) if i >= 0} == cells


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_invariants_over_many_random_games(players: int) -> None:
    """Money, markers and staff invariants hold in 12 random games per player count."""
    for seed in range(12):
        options = {"room_choice": "canonical"} if seed % 3 == 0 else {}
        if seed % 4 == 1:
            options["shortfall"] = "per_category"
        if seed % 4 == 2:
            options["shortfall"] = "per_staff"
        if seed % 5 == 3:
            options["walkin_budget"] = "room_only"
        check_invariants(random_game(seed, players, **options))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4, 5]))
def test_random_games_keep_the_invariants(seed: int, players: int) -> None:
    """Hypothesis over seeds: every random game ends and keeps the invariants."""
    state = random_game(seed, players)
    assert state.is_terminal() and state.winners()
    check_invariants(state)


# Seeds whose random games reach week 2 (random staffing usually loses every star
# in week 1); found with hoteledu.testing.random_game and asserted below.
TWO_WEEK_SEEDS = {2: (10, 0), 3: (3, 0), 4: (8, 0)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_suite_on_two_week_games(players: int) -> None:
    """The shared conformance suite on full two-week games of 2, 3 and 4 players.

    Clone, JSON, replay, chance probabilities, illegal actions and
    observations at every step; the first seed of each pair reaches week 2.
    """
    finals = check_game("boutique", {"players": players}, seeds=TWO_WEEK_SEEDS[players])
    assert finals[0].week == 2 and len(finals[0].shortfalls) == 2
    for final in finals:
        check_invariants(final)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "weeks": 1, "walkin_budget": "room_only"},
        {"players": 3, "room_choice": "canonical", "shortfall": "per_category", "weeks": 1},
        {"players": 5, "shortfall": "per_staff", "weeks": 1},
    ],
)
def test_conformance_suite_with_options(options: dict) -> None:
    """The conformance suite on one-week games with the other option values."""
    for final in check_game("boutique", options, seeds=range(1)):
        check_invariants(final)


def bot_game(players: int, seed: int, **options: object) -> BoutiqueState:
    """A seeded game of heuristic bots (they keep their stars, so both weeks are played)."""
    bots = [cls(seed=i) for i, cls in enumerate(BOTS.values())]
    state = new_game(players=players, **options)
    play(state, [bots[(i + seed) % len(bots)] for i in range(players)], seed=seed)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_node_checks_and_invariants_over_bot_games_through_week_2(players: int) -> None:
    """Week 2 in full games: conformance node checks, invariants and BHM-35 carried markers.

    Heuristic bots play both weeks; at every 3rd step of the replay the
    suite's node checks run. In week 2 the staff dice are gone at the price
    setting, the deck is full again, and the stays carried past Sunday of
    week 1 are on the week-2 mat (they block their rooms and count in the
    week's need).
    """
    carried_seen = 0
    rng = np.random.default_rng(players)
    for seed in range(2):
        final = bot_game(players, seed)
        assert final.is_terminal() and len(final.shortfalls) == 2, "bots reach the end of week 2"
        check_invariants(final)
        check_record(final)
        state = new_game(**final.options)
        seen: dict[type, object] = {}
        for step, action in enumerate(final.history):
            if step % 3 == 0:
                check_node(state, seen.values(), rng, limit=5)
            if state.week == 2 and state.phase == "prices":
                # BHM-35: staff removed, deck full, only carried markers on the mat.
                assert state.staff == [None] * players
                assert sum(state.deck_counts.values()) == state.copies * len(state.deck)
                carried = [s for s in state.stays if s[2] < 7]
                for owner, card_id, checkin, rooms, _, _ in carried:
                    for room, part in zip(rooms, state.card_of(card_id).rooms, strict=True):
                        for o in part.offsets:
                            if checkin + o >= 7:
                                carried_seen += 1
                                assert state.occ[owner][room * NIGHTS + checkin + o] >= 0
                week2_need = [state.demand(p, week=2) for p in range(players)]
                nights = sum(day[0] for need in week2_need for day in need)
                assert nights == sum(
                    1
                    for owner, card_id, checkin, _, _, _ in carried
                    for part in state.card_of(card_id).rooms
                    for o in part.offsets
                    if checkin + o >= 7
                )
            seen.setdefault(type(action), action)
            if isinstance(action, JointAction):
                for part in action.actions:
                    seen.setdefault(type(part), part)
            state.apply_action(action)
        assert state == final
    assert carried_seen, "no stay carried into week 2 in these games"
