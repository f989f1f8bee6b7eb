"""Availability (BHM-11): ``assignments`` against a brute-force enumeration.

The engine finds the ways to put a stay on free rooms by a search with
shortcuts (one room, two rooms, one-night spans: issue 23's speed work); this
test lists every ordered choice of distinct built rooms and keeps those whose
rooms are free on all their nights and neighbours where a door symbol joins
them, in the order the rooms were built. Both must agree, in order, for every
card and check-in night of positions from seeded random games.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import hoteledu
from hoteledu.boutique.rules import NIGHTS
from hoteledu.core.agents import RandomAgent


def brute_force(state, player: int, card_id: int, checkin: int) -> list[tuple[int, ...]]:
    card = state.card_of(card_id)
    occ, built, near = state.occ[player], state.built[player], state.mat.neighbours
    found = []
    for rooms in itertools.permutations(built, len(card.rooms)):
        free = all(
            occ[room * NIGHTS + checkin + o] < 0
            for room, card_room in zip(rooms, card.rooms, strict=True)
            for o in card_room.offsets
        )
        doors = all(rooms[b] in near[rooms[a]] for a, b in card.neighbours)
        if free and doors:
            found.append(rooms)
    return found


def positions(seed: int, players: int) -> list:
    """Every 5th position of a seeded random game (rooms fill up as it goes)."""
    state = hoteledu.load_game("boutique", players=players)
    agents = [RandomAgent(100 * seed + p) for p in range(players)]
    rng = np.random.default_rng(seed)
    kept = []
    while not state.is_terminal():
        if len(state.history) % 5 == 0:
            kept.append(state.clone())
        mover = state.current_player()
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        elif state.is_simultaneous_node():
            views = [hoteledu.core.agents.PlayerView(state, p) for p in range(players)]
            state.apply_actions([agents[p].act(views[p]) for p in range(players)])
        else:
            state.apply_action(agents[mover].act(hoteledu.core.agents.PlayerView(state, mover)))
    return kept


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 3), (3, 4)])
def test_assignments_are_the_brute_force_ones_in_order(seed: int, players: int) -> None:
    checked = {1: 0, 2: 0, 3: 0}
    for state in positions(seed, players):
        start = state.week_start
        for card_id, geo in state.geometry.items():
            for day in range(7):
                checkin = start + day
                for p in range(players):
                    want = brute_force(state, p, card_id, checkin)
                    assert state.assignments(p, card_id, checkin) == want
                    assert state.assignments(p, card_id, checkin, first_only=True) == want[:1]
                    checked[len(geo.offsets)] += 1
    assert all(checked.values())  # one-, two- and three-room cards were all compared
