"""BHM-32 with BHM-36: who wins when every hotel is out, in different weeks."""

from __future__ import annotations

from hoteledu import RandomAgent, play
from hoteledu.boutique.rules import new_game


def test_BHM_32_when_every_hotel_is_out_the_last_one_out_wins() -> None:
    """BHM-32: a player who reaches 0 stars loses the game, so one out in week 1 has
    lost before one out in week 2: only the last ones out are compared (BHM-36)."""
    state = new_game(players=3)
    state.phase = "end"
    state.stars = [0, 0, 0]
    state.eliminated_week = [1, 2, 2]
    state.money = [5000, 300, 200]  # the richest went out first
    assert state.winners() == [1]
    assert state.returns() == [-1.0, 300.0, 200.0]
    state.money = [5000, 300, 300]
    assert state.winners() == [1, 2] and state.utilities() == [0.0, 0.5, 0.5]


def test_BHM_32_in_played_games_every_hotel_out_leaves_the_last_ones_out_to_win() -> None:
    """Seeded random games where every hotel ends at 0 stars in different weeks."""
    seen = 0
    for seed in range(120):
        state = new_game(players=3)
        play(state, [RandomAgent(seed * 3 + p) for p in range(3)], seed=seed)
        weeks = state.eliminated_week
        if None in weeks or len(set(weeks)) == 1:
            continue
        seen += 1
        last = max(weeks)
        assert all(weeks[p] == last for p in state.winners())
        assert all(state.returns()[p] == -1.0 for p in range(3) if weeks[p] != last)
    assert seen >= 3, f"only {seen} seeded games had every hotel out in different weeks"
