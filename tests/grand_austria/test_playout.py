"""Grand Austria's quick random playout plays the games of the plain one (issue 23).

``GrandAustriaState.random_playout`` (:mod:`hoteledu.grand_austria.playout`)
looks each step up once, hands the options ``_advance`` listed on to the choice
and rolls the dice as the rules do, by NumPy's multinomial method written out
(:func:`~hoteledu.grand_austria.dice.roll_from_uniforms`), whose distribution
is checked exactly here. The reference is the
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
from hoteledu.grand_austria.dice import (
    FACES,
    _binomial_table,
    roll_from_uniforms,
    roll_outcomes,
    sample_roll,
)
from hoteledu.grand_austria.rules import new_game
from hoteledu.testing import check_random_playout


def positions(options: dict, games: int, seed: int, every: int) -> Iterator[State]:
    return random_play.positions(new_game, options, games, seed, every)


def _space_chances(left: int, space: int) -> list[float]:
    """The chance of each number of the ``left`` dice on ``space``, as the inversion draws it:
    the table's masses up to its bound (a uniform number beyond them is drawn again)."""
    bound, masses = _binomial_table(left, space)
    total = sum(masses[: bound + 1])
    return [m / total for m in masses[: bound + 1]]


@pytest.mark.parametrize("n", [*range(15), 20])
def test_a_roll_has_the_exact_multinomial_distribution(n: int) -> None:
    """The inversion's tables give every count vector its exact chance, n! / (k1!...k6!) / 6**n.

    The roll draws a space's count from its table's masses (below); the product of those
    chances over the spaces is the multinomial's, to within rounding, for every outcome.
    """
    outcomes = roll_outcomes(n)
    assert sum(p for _, p in outcomes) == 1
    for counts, exact in outcomes:
        chance, left = 1.0, n
        for space in range(FACES - 1):
            if left == 0:
                break
            chances = _space_chances(left, space)
            chance *= chances[counts[space]] if counts[space] < len(chances) else 0.0
            left -= counts[space]
        assert chance == pytest.approx(float(exact), rel=1e-9, abs=1e-300), counts


@pytest.mark.parametrize("n", [1, 2, 3, 5, 14])
def test_a_roll_puts_each_uniform_number_where_its_masses_say(n: int) -> None:
    """Inversion: a uniform number inside a count's share of the table draws that count.

    For every outcome (sampled for 14 dice), the numbers at the middle of each space's
    share give back exactly that outcome, one number a space while dice are left.
    """
    outcomes = roll_outcomes(n)
    step = max(1, len(outcomes) // 400)
    for counts, _ in outcomes[::step]:
        numbers, left = [], n
        for space in range(FACES - 1):
            if left == 0:
                break
            _, masses = _binomial_table(left, space)
            k = counts[space]
            numbers.append(sum(masses[:k]) + masses[k] / 2)
            left -= k
        stream = iter(numbers)
        assert roll_from_uniforms(n, stream.__next__) == counts
        assert next(stream, None) is None  # one number a space, none drawn again


def test_the_rules_and_a_playout_roll_the_same_dice_from_one_stream() -> None:
    """Every number of dice a round or a reroll rolls, from many streams; and the stream
    stays in step: ``sample_roll`` (the rules) reads the generator as the block reader does."""
    for seed in range(400):
        mine, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
        counts = [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 20, 12]
        with Draws(mine) as draws:
            quick = [roll_from_uniforms(n, draws.random) for n in counts]
        assert quick == [sample_roll(n, theirs) for n in counts]
        assert mine.random() == theirs.random()  # the streams stay in step


def test_the_dice_of_a_stored_stream_are_kept() -> None:
    """The engine's dice from a seed do not move (a change would change every seeded game);
    today's counts are also NumPy 2.4's ``multinomial`` from the same stream."""
    rng = np.random.default_rng(2026)
    rolls = [sample_roll(n, rng) for n in (14, 10, 7, 3)]
    assert rolls == STORED_ROLLS


STORED_ROLLS = [(1, 3, 2, 2, 3, 3), (3, 3, 0, 2, 1, 1), (3, 2, 1, 1, 0, 0), (0, 1, 0, 0, 1, 1)]


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
