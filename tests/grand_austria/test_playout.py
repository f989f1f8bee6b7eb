"""Grand Austria's quick random playout plays the games of the plain one (issue 23).

``GrandAustriaState.random_playout`` (:mod:`hoteledu.grand_austria.playout`)
looks each step up once, hands the options ``_advance`` listed on to the choice
and rolls the dice by NumPy's multinomial written out
(:func:`~hoteledu.grand_austria.dice.roll_from_uniforms`). The reference is the
protocol's loop of single draws and checked actions
(``hoteledu.testing.reference_playout``). From many positions of seeded random
games, 2 to 4 players and every option choice, both must play the same
actions, reach the same position and leave the generator at the same place,
whole playouts and playouts cut after a few actions.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
import random_play
from ga_identical_games import game_options

from hoteledu.core.draws import Draws
from hoteledu.core.mcts import _apply_fast
from hoteledu.core.state import State
from hoteledu.grand_austria.dice import roll_from_uniforms, sample_roll
from hoteledu.grand_austria.rules import new_game
from hoteledu.testing import check_random_playout


def positions(options: dict, games: int, seed: int, every: int) -> Iterator[State]:
    return random_play.positions(new_game, options, games, seed, every)


def test_a_roll_from_uniforms_is_numpys_multinomial() -> None:
    """Every number of dice a round or a reroll rolls, from many streams."""
    for seed in range(400):
        mine, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
        counts = [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 20, 12]
        with Draws(mine) as draws:
            quick = [roll_from_uniforms(n, draws.random) for n in counts]
        assert quick == [sample_roll(n, theirs) for n in counts]
        assert mine.random() == theirs.random()  # the streams stay in step


@pytest.mark.parametrize("index", range(12))
def test_the_quick_playout_plays_the_reference_games(index: int) -> None:
    options = game_options(index)  # players 2 to 4, every choice of every option
    checked = 0
    for k, state in enumerate(positions(options, 2, 900 + 10 * index, 37)):
        check_random_playout(state, seed=k, max_actions=10_000)
        checked += 1
    assert checked > 8


def test_cut_playouts_stop_at_the_same_action() -> None:
    """A playout cut after 1 to 60 actions ends on the reference's position."""
    for g in range(30):
        state = new_game(players=2 + g % 3)
        limit = 1 + 2 * g
        quick, plain = state.clone(), state.clone()
        quick.random_playout(np.random.default_rng(g), limit)
        State.random_playout(plain, np.random.default_rng(g), limit)
        assert len(quick.history) == len(plain.history) == limit
        assert quick.history == plain.history and quick == plain


def test_a_playout_from_a_listed_position_forgets_the_list() -> None:
    """Options handed out before the playout are not taken as this position's after it."""
    state = new_game(players=2)
    rng = np.random.default_rng(3)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            _apply_fast(state, state.sample_chance(rng))
        else:
            _apply_fast(state, state.legal_actions()[0])
    state.legal_actions()
    state.random_playout(np.random.default_rng(0), 5)
    assert state._legal is None
