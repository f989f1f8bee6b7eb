"""One matrix-game type and one tolerance policy: equilibria, best responses and learning agree."""

from __future__ import annotations

import nashpy
import numpy as np
import pytest

from hoteledu.boutique.analysis import equilibria, learning
from hoteledu.boutique.analysis.auction import all_pay_game
from hoteledu.boutique.analysis.games import pricing_game
from hoteledu.classroom.experiments import optimal_mix
from hoteledu.core.matrix_game import CHECK_TOLERANCE, RELATIVE_TOLERANCE, MatrixGame

# Money in the tens of millions, one entry summed as 0.1 + 0.2: the two rows of
# column 0 differ by 3.7e-9, pure rounding (30,000,000 either way).
ROUNDED = (np.array([[(0.1 + 0.2) * 1e8, 0.0], [0.3 * 1e8, 0.0]]), np.zeros((2, 2)))


def test_rounding_noise_is_a_tie_for_equilibria_best_responses_and_learning_alike():
    # Before, equilibria.pure_equilibria compared with 1e-9 absolute and missed (1, 0),
    # while learning's pure_equilibria and best-response dynamics (1e-9 of the scale)
    # stopped there: the same game had two answers.
    assert ROUNDED[0][0, 0] != ROUNDED[0][1, 0]
    everything = [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert equilibria.pure_equilibria(ROUNDED) == everything
    assert equilibria.best_responses(ROUNDED)[0][0] == [0, 1]
    for start in everything:
        assert learning.best_response_path(ROUNDED, start).equilibrium == start
    assert equilibria.best_response_arrows(ROUNDED) == []
    assert not hasattr(learning, "pure_equilibria")  # one function, in equilibria


def test_a_real_difference_is_no_tie_at_any_scale():
    for scale in (1.0, 1e3, 1e8):
        game = (np.array([[1.0, 0.0], [1.0 - 1e-6, 0.0]]) * scale, np.zeros((2, 2)))
        assert equilibria.pure_equilibria(game) == [(0, 0), (0, 1), (1, 1)]
        assert learning.best_response_path(game, (1, 0)).equilibrium == (0, 0)


def test_every_form_of_a_game_is_the_same_matrix_game():
    a = np.array([[3.0, 0.0], [5.0, 1.0]])
    b = a.T.copy()
    forms = [MatrixGame(a, b), (a, b), [a, b], nashpy.Game(a, b)]
    for form in forms:
        game = MatrixGame.of(form)
        assert np.array_equal(game.row_payoffs, a) and np.array_equal(game.column_payoffs, b)
        assert game.pure_equilibria() == [(1, 1)]
    zero_sum = MatrixGame.of([[1, -1], [-1, 1]])
    assert np.array_equal(zero_sum.column_payoffs, -zero_sum.row_payoffs)
    assert zero_sum.is_zero_sum() and not MatrixGame(a, b).is_zero_sum()
    bids = all_pay_game(300)
    nash_a, _ = bids.game().payoff_matrices
    assert np.array_equal(MatrixGame.of(bids).row_payoffs, np.asarray(nash_a))
    pricing = pricing_game("booking", prices=(2, 3))
    assert MatrixGame.of(pricing).shape == (2, 2)


def test_the_tolerance_scales_with_each_players_payoffs():
    game = MatrixGame([[0.0, 2e6]], [[0.0, 3.0]])
    assert game.tolerances == (RELATIVE_TOLERANCE * 2e6, RELATIVE_TOLERANCE * 3.0)
    assert game.best_reply_mask(0, [1.0, 1.0 + 1e-4]).tolist() == [True, True]
    assert game.best_reply_mask(1, [1.0, 1.0 + 1e-4]).tolist() == [False, True]
    # summed over 1000 rounds, the same noise per round is still a tie
    assert game.best_reply_mask(1, [1.0, 1.0 + 1e-6], weight=1000).tolist() == [True, True]


def test_a_mixed_check_allows_float_error_but_not_a_gain():
    pennies = MatrixGame.zero_sum([[1.0, -1.0], [-1.0, 1.0]])
    assert pennies.is_equilibrium([0.5, 0.5 + CHECK_TOLERANCE / 10], [0.5, 0.5])
    assert not pennies.is_equilibrium([0.6, 0.4], [0.6, 0.4])
    assert not pennies.is_equilibrium([0.5, 0.5, 0.0], [0.5, 0.5])
    assert pennies.exploitability([0.5, 0.5], [0.5, 0.5]) == 0.0
    assert learning.exploitability(pennies, [1, 0], [1, 0]) == pytest.approx(2.0)


def test_bad_matrices_are_refused_with_what_is_wrong():
    with pytest.raises(ValueError, match="same shape"):
        MatrixGame(np.ones((2, 2)), np.ones((2, 3)))
    with pytest.raises(ValueError, match="finite"):
        MatrixGame([[np.inf]], [[0.0]])
    with pytest.raises(ValueError, match="matrix"):
        MatrixGame.of(np.zeros(3))
    game = MatrixGame([[1.0]], [[2.0]])
    with pytest.raises(ValueError):
        game.row_payoffs[0, 0] = 5.0  # read-only: a game cannot change under its analyses


def test_the_class_experiment_mix_is_the_matrix_games_minimax():
    matrix = [[0.0, 1.0, -1.0], [-1.0, 0.0, 1.0], [1.0, -1.0, 0.0]]
    assert optimal_mix(matrix) == pytest.approx([1 / 3, 1 / 3, 1 / 3])
    solution = equilibria.zero_sum_lp(matrix)
    assert MatrixGame.zero_sum(matrix).is_equilibrium(solution.row, solution.column)
