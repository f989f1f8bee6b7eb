"""Equilibria with nashpy against closed forms and brute force (analysis/equilibria.py)."""

from __future__ import annotations

import itertools

import nashpy
import numpy as np
import pytest

from hoteledu.boutique.analysis.equilibria import (
    LEMKE_HOWSON_NOTE,
    as_game,
    best_response_arrows,
    best_response_cycles,
    best_responses,
    degeneracy,
    is_equilibrium,
    lemke_howson_all,
    pure_equilibria,
    support_enumeration,
    vertex_enumeration,
    zero_sum_agrees_with_nashpy,
    zero_sum_lp,
)
from hoteledu.boutique.analysis.games import bertrand_game, pricing_game

PENNIES = np.array([[1.0, -1.0], [-1.0, 1.0]])
RPS = np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])
SEXES = (np.array([[3.0, 0.0], [0.0, 2.0]]), np.array([[2.0, 0.0], [0.0, 3.0]]))


def brute_pure(a: np.ndarray, b: np.ndarray) -> set[tuple[int, int]]:
    return {
        (i, j)
        for i, j in itertools.product(range(a.shape[0]), range(a.shape[1]))
        if all(a[k, j] <= a[i, j] + 1e-9 for k in range(a.shape[0]))
        and all(b[i, k] <= b[i, j] + 1e-9 for k in range(a.shape[1]))
    }


def test_matching_pennies_is_solved_by_the_lp_and_every_algorithm() -> None:
    solution = zero_sum_lp(PENNIES)
    assert solution.value == pytest.approx(0, abs=1e-9)
    assert np.allclose(solution.row, 0.5) and np.allclose(solution.column, 0.5)
    assert zero_sum_agrees_with_nashpy(PENNIES)
    assert pure_equilibria(PENNIES) == []
    (eq,) = support_enumeration(PENNIES)
    assert np.allclose(eq.row, 0.5)
    assert all(
        run.valid and np.allclose(run.equilibrium.row, 0.5) for run in lemke_howson_all(PENNIES)
    )


def test_two_by_two_zero_sum_closed_form() -> None:
    # No saddle point: p = (d - c) / (a - b - c + d), value = (ad - bc) / (a - b - c + d).
    a = np.array([[3.0, -1.0], [-2.0, 4.0]])
    solution = zero_sum_lp(a)
    assert solution.row == pytest.approx([0.6, 0.4])
    assert solution.column == pytest.approx([0.5, 0.5])
    assert solution.value == pytest.approx(1.0)
    assert zero_sum_agrees_with_nashpy(a)


def test_rock_paper_scissors_uniform_mix_and_a_best_response_cycle() -> None:
    solution = zero_sum_lp(RPS)
    assert np.allclose(solution.row, 1 / 3) and solution.value == pytest.approx(0, abs=1e-9)
    (eq,) = vertex_enumeration(RPS)
    assert np.allclose(eq.column, 1 / 3)
    (cycle,) = best_response_cycles(RPS)
    assert len(cycle) == 6  # each player beats the other's last move in turn
    # Along the cycle each step changes one player's choice to a best reply.
    rows, cols = best_responses(RPS)
    for (i, j), (k, m) in zip(cycle, cycle[1:] + cycle[:1], strict=True):
        assert (j == m and k in rows[j]) or (i == k and m in cols[i])


def test_battle_of_the_sexes_three_equilibria_and_lemke_howson_finds_the_pure_ones() -> None:
    found = {
        tuple(np.round(e.row, 6)) + tuple(np.round(e.column, 6)) for e in support_enumeration(SEXES)
    }
    assert found == {(1, 0, 1, 0), (0, 1, 0, 1), (0.6, 0.4, 0.4, 0.6)}
    assert len(vertex_enumeration(SEXES)) == 3
    runs = lemke_howson_all(SEXES)
    reached = {tuple(np.round(r.equilibrium.row, 6)) for r in runs if r.valid}
    assert reached == {(1.0, 0.0), (0.0, 1.0)}  # the mixed one is reached from no label
    assert "one start finds one equilibrium" in LEMKE_HOWSON_NOTE
    assert not degeneracy(SEXES).degenerate


@pytest.mark.parametrize("cost", [0, 1, 2])
def test_textbook_bertrand_on_a_grid(cost: int) -> None:
    game = bertrand_game(range(1, 7), cost=cost)
    a, b = game.payoff_matrices
    expected = {(p - 1, p - 1) for p in range(max(1, cost), cost + 3)}
    assert set(pure_equilibria(game)) == expected == brute_pure(a, b)


def test_pure_equilibria_match_brute_force_on_the_engine_games() -> None:
    for objective in ("profit", "difference"):
        game = pricing_game("booking", prices=(1, 2, 3, 4, 5, 6), deck=[28], objective=objective)
        a, b = game.payoffs
        assert set(pure_equilibria(game)) == brute_pure(a, b)


def test_one_booking_profit_game_has_an_equilibrium_on_every_support() -> None:
    # A coordination game: nondegenerate, so its equilibria are isolated and odd in
    # number; here one for each nonempty set of prices, 2^6 - 1 = 63.
    game = pricing_game("booking", prices=(1, 2, 3, 4, 5, 6), deck=[28])
    assert not degeneracy(game).degenerate
    found = support_enumeration(game)
    assert len(found) == 63
    assert all(is_equilibrium(game.game, e.row, e.column) for e in found)
    assert {e.supports[0] for e in found} == {
        s for k in range(1, 7) for s in itertools.combinations(range(6), k)
    }
    assert sum(e.pure for e in found) == 6


def test_zero_sum_week_game_lp_is_indifferent_on_its_support() -> None:
    game = pricing_game("week", prices=(2, 3, 4, 5, 6), samples=16, seed=7, objective="difference")
    a = game.payoffs[0]
    assert np.allclose(a, -a.T)  # the seats play alike: a symmetric zero-sum game
    solution = zero_sum_lp(game)
    assert solution.value == pytest.approx(0, abs=1e-6)
    assert zero_sum_agrees_with_nashpy(game)
    against = a @ solution.column  # P1's payoff of each price against P2's mix
    support = solution.row > 1e-9
    assert np.allclose(against[support], solution.value, atol=1e-6)
    assert np.all(against[~support] <= solution.value + 1e-6)
    assert pure_equilibria(game) == []
    assert is_equilibrium(game.game, solution.row, solution.column)


def test_zero_sum_lp_refuses_a_general_sum_game() -> None:
    with pytest.raises(ValueError, match="zero-sum"):
        zero_sum_lp(SEXES)


def test_degeneracy_names_the_strategy_with_too_many_best_responses() -> None:
    pure = (np.array([[1.0, 1.0], [0.0, 0.0]]), np.array([[1.0, 1.0], [0.0, 2.0]]))
    report = degeneracy(pure)
    assert report.degenerate and report.witnesses[0][:3] == (0, (0,), (0, 1))
    assert "P1's pure strategy a (support size 1) has 2 best responses of P2 (x, y)" in (
        report.explain([["a", "b"], ["x", "y"]])
    )
    # A mix on two strategies with three best replies: only the mixed check finds it.
    mixed = (
        np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]),
        np.array([[2.0, 0.0, 1.0], [0.0, 2.0, 1.0]]),
    )
    assert not degeneracy(mixed, max_support=1).witnesses or all(
        len(w[1]) == 1 for w in degeneracy(mixed, max_support=1).witnesses
    )
    witness = next(w for w in degeneracy(mixed).witnesses if w[0] == 0)
    assert witness[1] == (0, 1) and witness[2] == (0, 1, 2)
    assert witness[3] == pytest.approx((0.5, 0.5))


def test_walkin_day_game_is_degenerate_p2_is_indifferent_behind_a_cheap_p1() -> None:
    game = pricing_game("walkin", prices=(1, 2, 3), deck=[28])
    report = degeneracy(game)
    assert report.degenerate
    assert "P1's pure strategy 100" in report.explain(game.labels)
    # Lemke-Howson still ends somewhere valid from some label; invalid ends are flagged.
    runs = lemke_howson_all(game)
    assert any(r.valid for r in runs)
    assert all(r.valid == (r.equilibrium is not None) for r in runs)


def test_best_response_arrows_matching_pennies() -> None:
    arrows = best_response_arrows(PENNIES)
    assert len(arrows) == 4  # in every cell exactly one player wants to switch
    assert {a.start for a in arrows} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert all(a.gain == 2 for a in arrows)
    assert best_response_arrows(SEXES) == [a for a in best_response_arrows(SEXES)]
    assert {a.start for a in best_response_arrows(SEXES)} == {(0, 1), (1, 0)}


def test_as_game_accepts_every_form_and_refuses_nonsense() -> None:
    assert isinstance(as_game(PENNIES), nashpy.Game)
    assert isinstance(as_game(SEXES), nashpy.Game)
    with pytest.raises(ValueError, match="shape"):
        as_game((np.zeros((2, 2)), np.zeros((2, 3))))
    with pytest.raises(ValueError, match="matrix"):
        as_game(np.zeros(3))


def test_support_enumeration_finds_the_mixed_equilibrium_of_a_game_in_thousands() -> None:
    # nashpy's default tolerance (1e-16) misses it through rounding; ours scales.
    game = pricing_game("week", prices=(2, 3, 4, 5, 6), samples=16, seed=7, objective="difference")
    (found,) = support_enumeration(game)
    lp = zero_sum_lp(game)
    assert np.allclose(found.row, lp.row, atol=1e-6)
    (vertex,) = vertex_enumeration(game)
    assert np.allclose(vertex.row, lp.row, atol=1e-6)
    assert all(
        r.valid and np.allclose(r.equilibrium.row, lp.row, atol=1e-6)
        for r in lemke_howson_all(game)
    )


def test_our_support_enumeration_agrees_with_nashpy_where_nashpy_is_exact() -> None:
    from hoteledu.boutique.analysis.equilibria import nashpy_support_enumeration

    for game in (PENNIES, RPS, SEXES, bertrand_game(range(1, 5), cost=0)):
        ours = {tuple(np.round(np.r_[e.row, e.column], 6)) for e in support_enumeration(game)}
        theirs = {
            tuple(np.round(np.r_[e.row, e.column], 6)) for e in nashpy_support_enumeration(game)
        }
        assert ours == theirs


def test_nashpy_support_enumeration_loses_the_week_game_to_rounding() -> None:
    # Documented: nashpy requires the zero entries to be >= 0 exactly.
    from hoteledu.boutique.analysis.equilibria import nashpy_support_enumeration

    game = pricing_game(
        "week", prices=(2, 3, 4, 5, 6), samples=60, seed=2026, objective="difference"
    )
    assert len(support_enumeration(game)) == 1
    assert nashpy_support_enumeration(game) == []
