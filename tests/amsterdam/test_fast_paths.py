"""Hotel Amsterdam's quick random playout plays the games of the plain one (issue 23).

``AmsterdamState.random_playout`` plays the steps of a turn on local copies of
the state's fields (``_random_turns``); the reference is the protocol's loop
of single draws and checked actions (``hoteledu.testing.reference_playout``).
From many positions of seeded random games, under every option, both must
play the same actions, reach the same position and leave the generator at the
same place, whole playouts and playouts cut after a few actions.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
import random_play

from hoteledu.amsterdam.rules import new_game
from hoteledu.core.state import State
from hoteledu.testing import check_random_playout

OPTIONS = [
    {},
    {"players": 3},
    {"players": 4, "dam_diagonals": False},
    {"dam_lead": "choose"},
    {"layout": "shuffled"},
    {"end_rule": "end_of_turn", "pickup_on_departure": True},
    {"target": 6},
    {"variant": "tactical"},
]


def positions(options: dict, games: int, seed: int, every: int) -> Iterator[State]:
    return random_play.positions(new_game, options, games, seed, every)


@pytest.mark.parametrize("options", OPTIONS, ids=[str(o) for o in OPTIONS])
def test_the_quick_playout_plays_the_reference_games(options):
    checked = 0
    for k, state in enumerate(positions(options, 6, 500, 7)):
        check_random_playout(state, seed=k, max_actions=10_000)
        checked += 1
    assert checked > 60


def test_cut_playouts_stop_at_the_same_action():
    """A playout cut after 1 to 40 actions ends on the reference's position."""
    for g in range(30):
        state = new_game(players=2 + g % 3)
        limit = 1 + g
        quick, plain = state.clone(), state.clone()
        quick.random_playout(np.random.default_rng(g), limit)
        State.random_playout(plain, np.random.default_rng(g), limit)
        assert len(quick.history) == len(plain.history) == limit
        assert quick.history == plain.history and quick == plain
