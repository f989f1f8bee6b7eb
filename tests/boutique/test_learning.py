"""Learning dynamics: known results (Robinson, Shapley, dominance), nashpy cross-checks, seeds."""

from __future__ import annotations

import nashpy
import numpy as np
import pytest

from hoteledu.boutique.analysis.equilibria import pure_equilibria
from hoteledu.boutique.analysis.learning import (
    best_response_path,
    distance_to_equilibria,
    exploitability,
    fictitious_play,
    normalised,
    payoff_matrices,
    replicator,
)

PENNIES = np.array([[1.0, -1.0], [-1.0, 1.0]])
RPS = np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])
# Shapley (1964): fictitious play cycles with ever longer runs and never converges.
SHAPLEY_A = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
SHAPLEY_B = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
# Prisoner's dilemma: action 1 (defect) strictly dominates for both.
DILEMMA = (np.array([[3.0, 0.0], [5.0, 1.0]]), np.array([[3.0, 5.0], [0.0, 1.0]]))


@pytest.fixture
def global_state_unchanged():
    """Fail a test that draws from (or reseeds) numpy's global generator."""
    before = np.random.get_state()  # noqa: NPY002 (checked, never drawn from)
    yield
    after = np.random.get_state()  # noqa: NPY002 (checked, never drawn from)
    assert before[0] == after[0]
    assert np.array_equal(before[1], after[1]) and before[2:] == after[2:], (
        "numpy's global random state was touched"
    )


# ------------------------------------------------------------------ inputs
def test_payoff_matrices_accepts_game_pair_and_zero_sum_matrix():
    game = nashpy.Game(*DILEMMA)
    for given in (game, DILEMMA):
        a, b = payoff_matrices(given)
        assert np.array_equal(a, DILEMMA[0]) and np.array_equal(b, DILEMMA[1])
    a, b = payoff_matrices(PENNIES)
    assert np.array_equal(b, -PENNIES)


def test_bad_games_and_arguments_are_refused_with_the_field_named():
    with pytest.raises(ValueError, match="same shape"):
        payoff_matrices((np.ones((2, 2)), np.ones((2, 3))))
    with pytest.raises(ValueError, match="finite"):
        payoff_matrices(np.array([[np.nan, 1.0], [0.0, 1.0]]))
    with pytest.raises(ValueError, match="iterations"):
        fictitious_play(PENNIES, 0)
    with pytest.raises(ValueError, match="tie_rule"):
        fictitious_play(PENNIES, 5, tie_rule="last")
    with pytest.raises(ValueError, match="x0"):
        replicator(PENNIES, x0=[0.7, 0.7])
    with pytest.raises(ValueError, match="method"):
        replicator(PENNIES, method="euler")
    with pytest.raises(ValueError, match="start"):
        best_response_path(PENNIES, start=(2, 0))


# ------------------------------------------------------------ fictitious play
def test_fictitious_play_converges_in_matching_pennies_robinson():
    run = fictitious_play(PENNIES, 5000)
    x, y = run.final()
    assert np.allclose(x, [0.5, 0.5], atol=0.01) and np.allclose(y, [0.5, 0.5], atol=0.01)
    gaps = exploitability(PENNIES, *run.frequencies())
    # Robinson (1951): the gap tends to 0, here about as fast as 1 / sqrt(rounds).
    assert gaps[2500:].max() < 0.03 < 0.06 < gaps[250:500].max()


@pytest.mark.parametrize("tie_rule", ["first", "random"])
def test_fictitious_play_converges_in_rock_paper_scissors(tie_rule):
    run = fictitious_play(RPS, 6000, tie_rule=tie_rule, seed=7)
    x, y = run.final()
    assert np.allclose(x, 1 / 3, atol=0.02) and np.allclose(y, 1 / 3, atol=0.02)
    assert exploitability(RPS, x, y) < 0.05


def test_fictitious_play_cycles_in_shapleys_game():
    # Shapley's result needs a start off the diagonal: from (0, 0) simultaneous play walks
    # the diagonal (0,0) -> (2,2) -> (1,1) and its frequencies sit at the equilibrium.
    run = fictitious_play((SHAPLEY_A, SHAPLEY_B), 20000, initial_counts=([1, 0, 0], [0, 1, 0]))
    gaps = exploitability((SHAPLEY_A, SHAPLEY_B), *run.frequencies())
    # The unique equilibrium is uniform play; the frequencies keep circling away from it.
    assert gaps[-5000:].min() > 0.2
    x, _ = run.frequencies()
    assert distance_to_equilibria(x[-1], x[-1], [(np.full(3, 1 / 3), np.full(3, 1 / 3))]) > 0.1
    # Runs of the same profile get longer (the cycle slows down geometrically).
    changes = np.flatnonzero((run.plays[1:] != run.plays[:-1]).any(axis=1))
    runs = np.diff(changes)
    assert runs[-3:].min() > 5 * runs[:3].max()


def test_fictitious_play_finds_the_dominant_strategy():
    run = fictitious_play(DILEMMA, 50)
    assert run.plays[1:].tolist() == [[1, 1]] * 49
    assert run.switches() == 1  # round 1 ties on no counts and takes action 0


def test_fictitious_play_matches_nashpy_on_a_game_without_ties():
    rng = np.random.default_rng(11)
    a = rng.normal(size=(3, 4))
    b = rng.normal(size=(3, 4))
    start = (np.array([1, 0, 2]), np.array([0, 1, 1, 0]))
    ours = fictitious_play((a, b), 200, initial_counts=start)
    saved = np.random.get_state()  # noqa: NPY002 (checked, never drawn from)
    try:  # nashpy draws its (here one-element) tie-breaks from numpy's global generator
        theirs = list(nashpy.Game(a, b).fictitious_play(iterations=200, play_counts=start))
    finally:
        np.random.set_state(saved)  # noqa: NPY002
    assert np.array_equal(ours.row_counts, np.array([c[0] for c in theirs]))
    assert np.array_equal(ours.col_counts, np.array([c[1] for c in theirs]))


def test_fictitious_play_is_reproducible_and_leaves_global_state_alone(global_state_unchanged):
    first = fictitious_play(RPS, 300, tie_rule="random", seed=42)
    second = fictitious_play(RPS, 300, tie_rule="random", seed=42)
    other = fictitious_play(RPS, 300, tie_rule="random", seed=43)
    assert np.array_equal(first.plays, second.plays)
    assert not np.array_equal(first.plays, other.plays)
    replicator(RPS, [0.5, 0.3, 0.2], time=5)
    replicator(normalised(RPS), [0.5, 0.3, 0.2], time=5, method="discrete")
    best_response_path(RPS)


def test_first_tie_rule_takes_the_lowest_action():
    run = fictitious_play(np.zeros((3, 3)), 4)
    assert run.plays.tolist() == [[0, 0]] * 4


# ---------------------------------------------------------------- replicator
def test_replicator_goes_to_the_dominant_strategy():
    for method in ("ode", "discrete"):
        run = replicator(normalised(DILEMMA), [0.9, 0.1], [0.8, 0.2], time=60, method=method)
        x, y = run.final()
        assert x[1] > 0.99 and y[1] > 0.99, method
        # Share of the dominant action never falls.
        assert (np.diff(run.x[:, 1]) > -1e-9).all()


def test_replicator_ode_matches_nashpy():
    rng = np.random.default_rng(5)
    a = rng.normal(size=(3, 2))
    b = rng.normal(size=(3, 2))
    x0, y0 = np.array([0.2, 0.5, 0.3]), np.array([0.6, 0.4])
    ours = replicator((a, b), x0, y0, time=5, points=51)
    xs, ys = nashpy.Game(a, b).asymmetric_replicator_dynamics(
        x0=x0, y0=y0, timepoints=np.linspace(0, 5, 51)
    )
    assert np.allclose(ours.x, xs, atol=1e-5) and np.allclose(ours.y, ys, atol=1e-5)


def test_replicator_on_a_symmetric_game_matches_nashpys_one_population_dynamics():
    """With B = A^T and x0 = y0 both populations stay equal to nashpy's single population."""
    hawk_dove = np.array([[0.0, 3.0], [1.0, 2.0]])
    start = np.array([0.9, 0.1])
    ours = replicator((hawk_dove, hawk_dove.T), start, start, time=20, points=101)
    theirs = nashpy.Game(hawk_dove).replicator_dynamics(
        y0=start, timepoints=np.linspace(0, 20, 101)
    )
    assert np.allclose(ours.x, theirs, atol=1e-5) and np.allclose(ours.y, theirs, atol=1e-5)
    assert ours.x[-1] == pytest.approx([0.5, 0.5], abs=1e-3)  # the mixed ESS


def test_discrete_replicator_approaches_the_ode_as_the_step_shrinks():
    x0, y0 = [0.3, 0.7], [0.6, 0.4]
    exact = replicator(PENNIES, x0, y0, time=2, points=3).final()[0]
    errors = [
        np.abs(
            replicator(PENNIES, x0, y0, time=2, method="discrete", step=h).final()[0] - exact
        ).max()
        for h in (0.1, 0.01)
    ]
    assert errors[1] < errors[0] / 5


def test_replicator_in_matching_pennies_keeps_circling():
    """The zero-sum replicator conserves a relative entropy: orbits neither converge nor escape."""
    run = replicator(PENNIES, [0.8, 0.2], [0.5, 0.5], time=40, points=2001)
    centre = np.array([0.5, 0.5])

    def entropy(x, y):
        return -(centre * np.log(x)).sum(axis=1) - (centre * np.log(y)).sum(axis=1)

    h = entropy(run.x, run.y)
    assert np.ptp(h) < 1e-5
    assert exploitability(PENNIES, run.x, run.y).min() > 0.1


def test_discrete_replicator_refuses_a_step_that_leaves_the_simplex():
    with pytest.raises(ValueError, match="step"):
        replicator(
            (DILEMMA[0] * 10, DILEMMA[1] * 10), [0.5, 0.5], [0.5, 0.5], method="discrete", step=1
        )


# --------------------------------------------------------- best responses
def test_best_response_path_cycles_in_matching_pennies_and_stops_at_dominance():
    path = best_response_path(PENNIES, (0, 0))
    assert path.equilibrium is None and sorted(path.cycle) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    path = best_response_path(DILEMMA, (0, 0))
    assert path.equilibrium == (1, 1) and path.cycle is None
    assert best_response_path(DILEMMA, (0, 0), order="simultaneous").profiles == [(0, 0), (1, 1)]


def test_pure_equilibria_agree_with_nashpy_support_enumeration():
    coordination = (np.array([[2.0, 0.0], [0.0, 1.0]]), np.array([[1.0, 0.0], [0.0, 2.0]]))
    pure = pure_equilibria(coordination)
    found = [
        (int(np.argmax(x)), int(np.argmax(y)))
        for x, y in nashpy.Game(*coordination).support_enumeration()
        if x.max() == 1 and y.max() == 1
    ]
    assert sorted(pure) == sorted(found) == [(0, 0), (1, 1)]
    for start in [(0, 1), (1, 0)]:
        assert best_response_path(coordination, start).equilibrium in pure


# ----------------------------------------------------------------- measures
def test_exploitability_is_zero_exactly_at_equilibrium():
    assert exploitability(RPS, np.full(3, 1 / 3), np.full(3, 1 / 3)) == pytest.approx(0, abs=1e-12)
    # Pure rock against uniform: P2 gains 1 by paper; P1 gains nothing (all tie at 0).
    assert exploitability(RPS, [1, 0, 0], np.full(3, 1 / 3)) == pytest.approx(1.0)
    x, y = nashpy.Game(*DILEMMA).support_enumeration().__next__()
    assert exploitability(DILEMMA, x, y) == pytest.approx(0)
    stack = exploitability(PENNIES, [[1, 0], [0.5, 0.5]], [[1, 0], [0.5, 0.5]])
    assert stack.tolist() == pytest.approx([2.0, 0.0])


def test_distance_to_equilibria_takes_the_nearest():
    eqs = [([1, 0], [1, 0]), ([0, 1], [0, 1])]
    assert distance_to_equilibria([0.9, 0.1], [1, 0], eqs) == pytest.approx(np.sqrt(0.02))
    with pytest.raises(ValueError, match="at least one"):
        distance_to_equilibria([1, 0], [1, 0], [])


# ------------------------------------------------- the engine's pricing games
@pytest.fixture(scope="module")
def booking_game():
    from hoteledu.boutique.analysis.games import pricing_game

    return pricing_game("booking")  # exact over the check-in die and the card


@pytest.fixture(scope="module")
def week_game():
    from hoteledu.boutique.analysis.games import pricing_game

    return pricing_game("week", samples=12, seed=2026)


def test_booking_game_learning_selects_a_matched_price_equilibrium(booking_game):
    profit = booking_game  # objective "profit": every matched flat price is an equilibrium
    assert pure_equilibria(profit) == [(k, k) for k in range(6)]
    # From no counts the first tie rule starts at the lowest price, and matching it is best.
    assert fictitious_play(profit, 200).plays[-1].tolist() == [0, 0]
    x, y = replicator(normalised(profit), time=200).final()
    assert (int(np.argmax(x)), int(np.argmax(y))) in pure_equilibria(profit)
    assert exploitability(profit, x, y) < 1e-3 * np.ptp(profit.payoffs[0])
    difference = booking_game.with_objective("difference")
    assert pure_equilibria(difference) == [(0, 0)]
    x, y = replicator(normalised(difference), time=200).final()
    assert x[0] > 0.99 and y[0] > 0.99


def test_week_difference_game_fictitious_play_finds_the_lp_equilibrium(week_game):
    difference = week_game.with_objective("difference")
    a, b = payoff_matrices(difference)
    assert np.allclose(a, -b)  # zero-sum: Robinson's theorem applies
    x_star, y_star = nashpy.Game(a, -a).linear_program()  # exactly zero-sum for nashpy
    x, y = fictitious_play(difference, 5000).final()
    assert np.abs(x - x_star).max() < 0.05 and np.abs(y - y_star).max() < 0.05
    span = np.ptp(a)
    assert exploitability(difference, x, y) < 0.01 * span
    # Best replies cycle (an Edgeworth cycle) and the replicator keeps circling.
    assert best_response_path(difference, (0, 0)).cycle is not None
    run = replicator(normalised(difference), time=200)
    assert exploitability(difference, run.x[-100:], run.y[-100:]).min() > 0.02 * span
