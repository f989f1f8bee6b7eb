"""The marketing bid as an all-pay auction, checked against independent computations."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from hoteledu.boutique.analysis.auction import (
    all_pay_game,
    bid_amounts,
    bid_position,
    bot_bid_records,
    continuous_cdf,
    continuous_expected_bid,
    engine_bid_game,
    equilibria,
    fast_symmetric_equilibrium,
    is_equilibrium,
    measured_dissipation,
    payoff_against,
    play_engine_bids,
    symmetric_equilibrium,
    textbook_mix,
)
from hoteledu.boutique.widgets.bid_widget import BidDuelController


def brute_payoff(prize: int, a: int, b: int, share: Fraction) -> Fraction:
    """Row's money in one auction, written out case by case (independent of the module)."""
    if a > b:
        return Fraction(prize - a)
    if a < b:
        return Fraction(-a)
    return prize * share - a


@pytest.mark.parametrize("tie, share", [("split", Fraction(1, 2)), ("all_win", Fraction(1))])
def test_payoff_matrix_matches_the_case_by_case_payoffs(tie: str, share: Fraction) -> None:
    game = all_pay_game(500, caps=(300, None), tie=tie)
    assert game.row_bids == (0, 100, 200, 300)
    assert game.col_bids == (0, 100, 200, 300, 400, 500)
    for i, a in enumerate(game.row_bids):
        for j, b in enumerate(game.col_bids):
            assert game.row_payoffs[i][j] == brute_payoff(500, a, b, share)
            assert game.col_payoffs[i][j] == brute_payoff(500, b, a, share)


def test_BHM_15_the_engine_plays_the_all_win_tie_rule_for_every_bid_pair() -> None:
    engine = engine_bid_game()
    formula = all_pay_game(400, caps=(500, 500), tie="all_win")
    assert engine.prize == 400
    assert engine.row_bids == formula.row_bids == (0, 100, 200, 300, 400, 500)
    assert engine.row_payoffs == formula.row_payoffs
    assert engine.col_payoffs == formula.col_payoffs
    assert engine.winners is not None
    for i, a in enumerate(engine.row_bids):
        for j, b in enumerate(engine.col_bids):
            expected = (0, 1) if a == b else (0,) if a > b else (1,)
            assert engine.winners[i][j] == expected


def test_BHM_15_bids_are_capped_by_the_money_held() -> None:
    game = engine_bid_game(bid_position(money=(200, 600)))
    assert game.row_bids == (0, 100, 200)
    assert game.col_bids == bid_amounts(600)
    with pytest.raises(ValueError, match="whole hundreds"):
        bid_position(money=(250, 500))


def test_difference_objective_is_the_same_zero_sum_game_under_both_tie_rules() -> None:
    engine = engine_bid_game(objective="difference")
    split = all_pay_game(400, caps=(500, 500), tie="split", objective="difference")
    assert engine.row_payoffs == split.row_payoffs
    for row, col in zip(engine.row_payoffs, engine.col_payoffs, strict=True):
        assert all(x == -y for x, y in zip(row, col, strict=True))


def float_check(game, row, col) -> bool:
    """Equilibrium test in floats with numpy (independent of the module's Fraction check)."""
    a = np.array([[float(x) for x in r] for r in game.row_payoffs])
    b = np.array([[float(x) for x in r] for r in game.col_payoffs])
    x, y = np.array([float(p) for p in row]), np.array([float(q) for q in col])
    return (a @ y).max() <= x @ a @ y + 1e-9 and (x @ b).max() <= x @ b @ y + 1e-9


@pytest.mark.parametrize("units", [2, 3, 4, 5, 6])
def test_textbook_discrete_equilibrium_uniform_on_all_but_the_prize(units: int) -> None:
    """Ties split, V = k steps: the symmetric equilibrium mixes 0..V-step uniformly."""
    game = all_pay_game(100 * units)
    eq = symmetric_equilibrium(game)
    assert eq.symmetric and float_check(game, eq.row, eq.col)
    assert eq.row == tuple([Fraction(1, units)] * units + [Fraction(0)])
    # Each bidder's payoff is half a step; the expected total bid is V - step.
    assert eq.row_value == Fraction(50)
    assert eq.expected_total_bid == 100 * units - 100
    assert eq.dissipation == Fraction(units - 1, units)
    assert fast_symmetric_equilibrium(game) == eq  # the shortcut agrees with enumeration


@pytest.mark.parametrize("prize", [200, 300, 400, 500, 600, 800, 1000])
@pytest.mark.parametrize("cap", [100, 200, 300, 400, 500, 700, None])
def test_textbook_mix_is_an_exact_equilibrium_with_budget_caps(prize: int, cap: int | None) -> None:
    game = all_pay_game(prize, caps=(cap, cap))
    mix = textbook_mix(prize, cap)
    assert sum(mix) == 1 and is_equilibrium(game, mix, mix) and float_check(game, mix, mix)


@pytest.mark.parametrize("money", [300, 400, 500, 600])
def test_fast_zero_sum_solution_is_optimal_with_value_zero(money: int) -> None:
    game = engine_bid_game(bid_position(money=(money, money)), objective="difference")
    eq = fast_symmetric_equilibrium(game)
    assert eq.row_value == 0 and is_equilibrium(game, eq.row, eq.col)


def test_every_equilibrium_found_passes_the_exact_and_the_float_check() -> None:
    for game in (all_pay_game(400), engine_bid_game(), engine_bid_game(objective="difference")):
        for eq in equilibria(game):
            assert is_equilibrium(game, eq.row, eq.col)
            assert float_check(game, eq.row, eq.col)


def test_the_games_own_tie_rule_has_pure_equilibria_on_the_diagonal() -> None:
    game = engine_bid_game()
    pure = {
        (game.row_bids[eq.row.index(1)], game.col_bids[eq.col.index(1)])
        for eq in equilibria(game)
        if 1 in eq.row and 1 in eq.col
    }
    # Matching any bid up to the prize is a best reply: no dissipation at (0, 0).
    assert pure >= {(0, 0), (100, 100), (200, 200), (300, 300)}
    assert all(a == b for a, b in pure)


def test_continuous_closed_form_indifference_exactly() -> None:
    prize = Fraction(400)
    # Against bids uniform on [0, V] every bid b earns V b / V - b = 0.
    for b in (Fraction(0), Fraction(77), Fraction(400)):
        assert prize * Fraction(continuous_cdf(400, float(b))).limit_denominator() - b == 0
    assert continuous_expected_bid(400) == 200  # total 400 = V: full dissipation
    # Cap m = 300: uniform on [0, 200] with an atom 2(1 - m/V) = 1/2 at 300.
    m = Fraction(300)
    atom = 2 * (1 - m / prize)
    assert continuous_cdf(400, 200, 300) == pytest.approx(float(1 - atom))
    for b in (Fraction(0), Fraction(150), Fraction(200)):
        assert prize * (b / prize) - b == 0  # on the continuous part
    assert prize * (1 - atom) + prize / 2 * atom - m == 0  # at the atom, ties split
    assert prize * (1 - atom) - Fraction(250) < 0  # inside the gap: worse
    by_integral = float(Fraction(200) ** 2 / (2 * prize) + m * atom)
    assert continuous_expected_bid(400, 300) == pytest.approx(by_integral)
    assert continuous_expected_bid(400, 150) == 150  # m < V/2: both bid the cap


def test_budget_cap_equilibrium_matches_the_continuous_shape() -> None:
    """V = 400, cap 300: no bid of 400 possible, an atom at the cap."""
    game = all_pay_game(400, caps=(300, 300))
    eq = symmetric_equilibrium(game)
    assert float_check(game, eq.row, eq.col)
    assert eq.row[-1] > 0  # mass on the cap
    assert eq.dissipation < symmetric_equilibrium(all_pay_game(400)).dissipation + 1


def test_seeded_engine_play_agrees_with_the_exact_expected_payoffs() -> None:
    position = bid_position()
    game = engine_bid_game(position)
    mix = symmetric_equilibrium(all_pay_game(400, caps=(500, 500))).row
    played = play_engine_bids(position, mix, mix, rounds=3000, seed=11)
    expected = payoff_against(game.row_payoffs, mix, by_row=True)
    exact_mean = float(sum(p * v for p, v in zip(mix, expected, strict=True)))
    mean, se = played.mean_change()
    assert abs(mean[0] - exact_mean) < 4 * se[0]
    exact_total = 2 * sum(p * b for p, b in zip(mix, game.row_bids, strict=True))
    assert played.dissipation == pytest.approx(float(exact_total) / 400, abs=0.03)
    # Under the game's rule, equal bids give both the guests: P(tie) = sum p^2.
    assert played.both_won.mean() == pytest.approx(float(sum(p * p for p in mix)), abs=0.03)


def test_bot_bids_are_the_styles_fixed_amounts() -> None:
    records = bot_bid_records(("undercutter", "undercutter"), games=6, seed=0)
    assert records, "two undercutters at equal prices must meet in a bid"
    assert all(r.bids == (100, 100) and r.winners == (0, 1) for r in records)
    assert measured_dissipation(records) == pytest.approx(
        sum(200 for _ in records) / sum(r.prize for r in records)
    )


def test_bid_duel_controller_is_settled_by_the_engine_and_measures_dissipation() -> None:
    duel = BidDuelController(face=2, money=500, rival="blank card", seed=3)
    assert duel.best_reply() == 0
    first = duel.bid(0)
    assert first.winners == (0, 1) and first.your_change == 400 and duel.dissipation == 0
    second = duel.bid(100)
    assert second.winners == (0,) and second.your_change == 300
    assert duel.dissipation == pytest.approx(100 / 800)
    assert duel.running_dissipation() == pytest.approx([0.0, 0.125])
    with pytest.raises(ValueError, match="BHM-15"):
        duel.bid(600)
    assert duel.rounds == 2  # the refused bid changed nothing
    duel.set_money(200)
    assert duel.bids == (0, 100, 200) and duel.rounds == 0
    with pytest.raises(ValueError, match="rival"):
        duel.set_rival("oracle")


def test_bid_duel_textbook_rival_is_reproducible_under_a_seed() -> None:
    a = BidDuelController(rival="textbook", seed=5)
    b = BidDuelController(rival="textbook", seed=5)
    assert [a.bid(100).rival_bid for _ in range(20)] == [b.bid(100).rival_bid for _ in range(20)]
    assert a.model_dissipation() == Fraction(3, 4)


def test_bid_widget_view_forwards_presses_and_reports_refusals() -> None:
    from hoteledu.boutique.widgets.bid_widget import BidDuelWidget

    view = BidDuelWidget(face=2, money=500, rival="blank card", seed=1)
    buttons = view.bid_box.children
    assert [b.description for b in buttons][:2] == ["blank card", "bid 100"]
    buttons[1].click()
    assert view.controller.rounds == 1 and "Round 1" in view.summary_html.value
    view.money_slider.value = 200  # a new cap: fewer buttons, the history starts again
    assert len(view.bid_box.children) == 3 and view.controller.rounds == 0
    view.money_slider.value = 250  # not whole hundreds: refused, nothing changes
    assert "whole hundreds" in view.message_html.value and view.controller.money == 200


def test_market_figures_draw_the_analyses() -> None:
    from hoteledu.boutique.analysis.staffing import staffing_costs
    from hoteledu.boutique.analysis.walkins import demand_curve, residual_demand
    from hoteledu.boutique.figures.auction import dissipation_figure
    from hoteledu.boutique.figures.staffing import newsvendor_figure
    from hoteledu.boutique.figures.walkins import demand_revenue_figure

    fig = demand_revenue_figure(demand_curve(), residual_demand(4))
    assert len(fig.data) == 4 and list(fig.data[0].x) == [100, 200, 300, 400, 500, 600]
    costs = staffing_costs({1: Fraction(1, 2), 3: Fraction(1, 2)}, 500)
    fig = newsvendor_figure(costs, "kitchen")
    assert [t.name for t in fig.data][-1] == f"best: {costs.best}"
    fig = dissipation_figure([1, 2, 3], [0.5, 0.25, 0.5], 0.75)
    assert list(fig.data[1].y) == [0.75, 0.75]


def test_analyses_and_the_controller_run_without_plotly_or_ipywidgets() -> None:
    """Layers: the analyses and the widget's controller stay headless."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from hoteledu.boutique.analysis import auction, staffing, walkins\n"
        "from hoteledu.boutique.widgets.bid_widget import BidDuelController\n"
        "BidDuelController(seed=1).bid(100)\n"
        "print(','.join(m for m in ('plotly', 'ipywidgets') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


@pytest.mark.parametrize("cap", [200, 250, 300, 350, 399])
def test_continuous_cap_of_at_least_half_the_prize_still_dissipates_fully(cap: int) -> None:
    """(2m - V)^2 / (2V) + 2m (1 - m/V) = V/2 for V/2 <= m < V: the shape changes, not the waste."""
    assert 2 * continuous_expected_bid(400, cap) == pytest.approx(400)
    assert 2 * continuous_expected_bid(400, 150) == 300  # below V/2: both bid the cap
