"""A quick check that random games of Boutique Hotel Manager run to the end."""

from __future__ import annotations

import hoteledu
from hoteledu import RandomAgent, play


def test_random_two_player_game_ends_and_replays() -> None:
    state = hoteledu.load_game("boutique", players=2)
    record = play(state, [RandomAgent(1), RandomAgent(2)], seed=3)
    assert state.is_terminal()
    assert record.replay() == state
