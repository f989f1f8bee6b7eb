"""The Boutique engine's quicker bookkeeping agrees with the plain reading of the rules (issue 23).

``demand()`` adds each card's per-night markers made once per card
(``_Geometry.marks``); the reference below walks every room of every stay as
BHM-21 reads. The event texts of a card's offers, the winners and a walk-in
are written when ``last_event`` is read; the reference writes them from the
position's own fields at the moment the event happens. The random playout
takes an option by its drawn index without listing the options (each phase's
``pick``); the reference lists them (``legal``) and plays the protocol's loop
(``hoteledu.testing.reference_playout``).
"""

from __future__ import annotations

import numpy as np
import pytest
from boutique_demand import demand_by_hand
from random_play import random_action

from hoteledu.boutique.mat import DAY_NAMES
from hoteledu.boutique.phases import PHASE_TABLE, Decision
from hoteledu.boutique.rules import NIGHTS, BoutiqueState, new_game
from hoteledu.core.mcts import _apply_fast
from hoteledu.core.state import player_name
from hoteledu.testing import check_random_playout


def random_positions(games: int, seed: int):
    """Every position of seeded random games (2 to 5 players, both room choices)."""
    for g in range(games):
        players = 2 + g % 4
        room_choice = ("choose", "canonical")[g % 2]
        state = new_game(players=players, room_choice=room_choice)
        rng = np.random.default_rng(seed + g)
        yield state
        while not state.is_terminal():
            action = random_action(state, rng)
            _apply_fast(state, action)
            yield state


def test_the_booked_bits_are_the_nights_occ_holds() -> None:
    """BHM-16: ``booked`` (each room's booked nights as bits, what ``assignments`` tests) is
    ``occ`` read again at every position, on the live state, a copy and a reload."""
    checked = 0
    for state in random_positions(16, 7300):
        want = [
            [
                sum(1 << night for night in range(NIGHTS) if occ[room * NIGHTS + night] >= 0)
                for room in range(state.mat.size)
            ]
            for occ in state.occ
        ]
        assert state.booked == want
        assert state.clone().booked == want
        assert BoutiqueState.from_snapshot(state.options, state.to_snapshot()).booked == want
        checked += sum(map(any, want))
    assert checked > 1000


def test_demand_adds_the_same_markers_as_walking_every_room() -> None:
    checked = 0
    for state in random_positions(40, 2300):
        if not state.stays:
            continue
        for week in range(1, state.weeks + 1):
            for p in range(state.n):
                assert state.demand(p, week) == demand_by_hand(state, p, week)
                checked += 1
    assert checked > 5000


def test_the_event_texts_written_late_are_the_texts_of_the_moment() -> None:
    seen = {"booking": 0, "walk-in": 0}
    for state in random_positions(30, 4100):
        phase, text = state.phase, state.last_event
        if phase in ("place", "bid") and state.stage == "booking":
            # The guests on the table are the card the event names.
            card = state.card_of(state.card)
            assert text.startswith(f"card {card.id} ({card.name}) checks in "), text
            seen["booking"] += 1
        walkin = text.startswith("walk-in") and not text.startswith("walk-in ranking")
        if walkin and phase != "walkin_card":  # at walkin_card the next budget is rolled
            assert f"(budget {state.budget * 100})" in text
            seen["walk-in"] += 1
        # A clone reads the same text, and reading it twice changes nothing.
        assert state.clone().last_event == text == state.last_event, phase
    assert seen["booking"] > 20 and seen["walk-in"] > 100


def test_a_booking_event_names_the_card_the_day_the_offers_and_the_winner() -> None:
    for state in random_positions(20, 5200):
        if state.phase != "booking_change" or not state.stays or state.turn == 0:
            continue
        owner, card_id, checkin, _rooms, price, stage = state.stays[-1]
        if stage != "booking" or not state.last_event.startswith(f"card {card_id} "):
            continue
        day = DAY_NAMES[checkin - state.week_start]
        name = state.card_of(card_id).name
        assert state.last_event.startswith(f"card {card_id} ({name}) checks in {day}: ")
        assert f"{player_name(owner)} {price}" in state.last_event
        assert state.last_event.endswith(f" -> {player_name(owner)}") or "; bids" in (
            state.last_event
        )


def test_each_pick_gives_the_option_of_the_drawn_index() -> None:
    """A phase's ``pick`` (random playouts) is ``legal[k]`` for the index drawn, for every k
    and every player, and asks for an index below ``len(legal)``."""
    checked = 0
    for state in random_positions(12, 6100):
        decision = PHASE_TABLE.get(state.phase)
        if not isinstance(decision, Decision) or decision.pick is None:
            continue
        for p in range(state.n):
            legal = decision.legal(state, p)
            for k in range(len(legal)):
                asked = []

                def below(n: int, k: int = k, asked: list = asked) -> int:
                    asked.append(n)
                    return k

                assert decision.pick(state, p, below) == legal[k], (state.phase, p, k)
                assert asked in ([len(legal)], []) and (asked or len(legal) == 1 or k == 0)
                checked += 1
    assert checked > 20_000


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_quick_playout_plays_the_reference_games(players: int) -> None:
    """From every 9th position of seeded games: the same actions, position and generator."""
    checked = 0
    for g in range(4):
        state = new_game(players=players, room_choice=("choose", "canonical")[g % 2])
        rng = np.random.default_rng(7000 + g)
        step = 0
        while not state.is_terminal():
            if step % 9 == 0:
                check_random_playout(state, seed=step, max_actions=10_000)
                checked += 1
            _apply_fast(state, random_action(state, rng))
            step += 1
    assert checked > 30
