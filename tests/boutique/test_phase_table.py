"""The phase table says what the engine does: who acts, what is legal, which rule refuses."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from hoteledu.boutique.actions import EndExpansion, TieOrder
from hoteledu.boutique.phases import (
    CHANCE_PHASES,
    PHASE_TABLE,
    PHASES,
    SIMULTANEOUS_PHASES,
    Chance,
    Decision,
)
from hoteledu.boutique.rules import new_game
from hoteledu.core.actions import JointAction
from hoteledu.core.state import CHANCE, SIMULTANEOUS


def _positions(players: int, seed: int, steps: int = 3000):
    """Every position of a seeded random game (at most ``steps`` moves)."""
    rng = np.random.default_rng(seed)
    state = new_game(players=players)
    for _ in range(steps):
        yield state
        if state.is_terminal():
            return
        mover = state.current_player()
        if mover == CHANCE:
            state.apply_action(state.sample_chance(rng))
        elif mover == SIMULTANEOUS:
            picks = []
            for p in range(state.num_players):
                legal = state.legal_actions(p)
                picks.append(legal[int(rng.integers(len(legal)))])
            state.apply_action(JointAction(tuple(picks)))
        else:
            legal = state.legal_actions(mover)
            state.apply_action(legal[int(rng.integers(len(legal)))])


def test_the_table_lists_every_phase_once_with_a_rule_and_its_wording():
    assert set(PHASE_TABLE) | {"end"} == PHASES and len(PHASES) == 14
    assert {"checkin", "reveal", "rank_roll", "budget", "walkin_card"} == CHANCE_PHASES
    assert {"prices", "bid", "hire", "rank_bid", "walkin_change"} == SIMULTANEOUS_PHASES
    for name, phase in PHASE_TABLE.items():
        assert phase.name == name
        assert phase.rule.startswith("BHM-") and len(phase.wording) > 20


# Seeded random games that together reach every phase (a tie in the walk-in
# ranking is rare in random play: seeds 12 and 23 of 4 players have one).
GAMES = [(2, 1), (3, 2), (4, 12), (4, 23)]


def test_the_seeded_games_reach_every_phase():
    seen = {state.phase for players, seed in GAMES for state in _positions(players, seed)}
    assert seen == PHASES


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_each_position_acts_as_its_table_entry_says(players, seed):
    for state in _positions(players, seed):
        if state.is_terminal():
            assert state.phase == "end"
            continue
        phase = PHASE_TABLE[state.phase]
        mover = state.current_player()
        if isinstance(phase, Chance):
            assert mover == CHANCE
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == Fraction(1)
            assert all(phase.is_outcome(state, a) for a, _ in outcomes)
            continue
        assert isinstance(phase, Decision)
        assert (mover == SIMULTANEOUS) == (phase.who == "simultaneous")
        for player in range(state.num_players) if mover == SIMULTANEOUS else [mover]:
            legal = state.legal_actions(player)
            assert legal and all(state._problem(player, a) is None for a in legal)
            # a choice of another phase is refused with this phase's rule
            stranger = TieOrder((0,)) if state.phase == "expand" else EndExpansion()
            if stranger not in legal and state.eliminated_week[player] is None:
                message, rule = state._problem(player, stranger)
                assert rule == phase.rule, (state.phase, message)
