"""Figures of the Grand Austria analyses: one smoke test each (traces carry the numbers given)."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys

import numpy as np
import plotly.io as pio
import pytest

from hoteledu.grand_austria.analysis import (
    draft_strengths,
    implied_item_prices,
    max_count_distribution,
    once_per_round_cards,
    sample_max_counts,
    staff_value_by_round,
    stopping_value,
)
from hoteledu.grand_austria.cards import guest_cards
from hoteledu.grand_austria.figures import board, emperor, guests, staff, strength
from hoteledu.grand_austria.figures._style import GUEST_COLOURS
from hoteledu.grand_austria.figures.emperor import emperor_threshold_figure, tournament_figure
from hoteledu.grand_austria.figures.guests import guest_price_figure
from hoteledu.grand_austria.figures.staff import staff_value_figure
from hoteledu.grand_austria.figures.strength import (
    convergence_figure,
    draft_strength_figure,
    exact_vs_simulated_figure,
    stopping_value_figure,
)


def test_exact_vs_simulated_figure() -> None:
    exact = max_count_distribution(12)
    sample = sample_max_counts(12, 2000, seed=4)
    fig = exact_vs_simulated_figure(exact, sample)
    assert [t.name for t in fig.data] == ["exact", "simulated (2000)"]
    assert list(fig.data[0].y) == [float(p) for p in exact]
    assert np.isclose(sum(fig.data[1].y), 1) and fig.data[1].y[3] == np.mean(sample == 3)
    assert len(exact_vs_simulated_figure(exact).data) == 1
    with pytest.raises(ValueError, match=r"0\.\.12"):
        exact_vs_simulated_figure(exact, [13])
    json.loads(pio.to_json(fig))


def test_simulated_frequencies_carry_wilson_error_bars() -> None:
    """Issue 19: a simulated number is shown with its interval, in figures too."""
    exact = max_count_distribution(12)
    sample = sample_max_counts(12, 2000, seed=4)
    bars = exact_vs_simulated_figure(exact, sample).data[1]
    z = 1.959963984540054
    for value, (low, high) in enumerate(bars.customdata):
        p = np.mean(sample == value)
        centre = (p + z * z / 4000) / (1 + z * z / 2000)
        half = z * np.sqrt(p * (1 - p) / 2000 + z * z / (4 * 2000**2)) / (1 + z * z / 2000)
        assert np.isclose(low, max(0.0, centre - half)) and np.isclose(high, centre + half)
        assert np.isclose(bars.error_y.array[value], high - p)
        assert np.isclose(bars.error_y.arrayminus[value], p - low)
    assert bars.customdata[0][1] > 0  # a value never seen still has an upper end


def test_draft_strength_figure() -> None:
    results = [draft_strengths(p) for p in (2, 3, 4)]
    fig = draft_strength_figure(results)
    assert [len(t.x) for t in fig.data] == [4, 6, 8]
    assert list(fig.data[0].text) == ["P1", "P2", "P2", "P1"]
    assert fig.data[2].y[0] == float(results[2].by_pick[0])


def test_stopping_value_figure() -> None:
    rule = stopping_value(14, wanted=3)
    fig = stopping_value_figure(rule)
    assert [t.name for t in fig.data] == ["take now: E[X_m]", "take or pass: V(m)"]
    assert fig.data[1].y[14] == float(rule.values[14])
    assert list(fig.data[1].customdata) == list(rule.thresholds)
    assert "action 3" in fig.layout.title.text


def test_staff_value_figure() -> None:
    values = [staff_value_by_round(card, dice=12) for card in once_per_round_cards()]
    fig = staff_value_figure(values)
    assert len(fig.data) == 4 and list(fig.data[0].x) == list(range(1, 8))
    assert fig.data[1].y[0] == float(values[1].net[0])
    assert "Waitress" in fig.data[1].name


def test_guest_price_figure() -> None:
    fit = implied_item_prices()
    cards = guest_cards()
    colour_of = {c.number: c.colour for c in cards}
    fig = guest_price_figure(fit, names={c.number: c.name for c in cards}, colours=colour_of)
    *points, line = fig.data
    assert sum(len(p.x) for p in points) == 56
    assert sorted(v for p in points for v in p.y) == sorted(fit.value)
    assert points[0].text[0] == "49 Sculptor" and points[0].marker.color == "#e6b800"
    assert line.x[0] == line.y[0] and line.x[1] == line.y[1]
    assert "R²" in line.name
    # the prices go on a second line: on one line the title ran past a 700 px figure
    first_line, prices = fig.layout.title.text.split("<br>")
    assert len(first_line) <= 60 and "strudel 0.55" in prices


def test_guest_price_legend_shows_each_guest_colour() -> None:
    """Issue 20: the legend showed one colour for four (one trace with a colour array)."""
    fit = implied_item_prices()
    colour_of = {c.number: c.colour for c in guest_cards()}
    fig = guest_price_figure(fit, colours=colour_of)
    points = [t for t in fig.data if t.mode == "markers"]
    assert {t.name for t in points} == {f"{c} guests" for c in set(colour_of.values())}
    assert len(points) == 4
    for trace in points:
        colour = trace.name.removesuffix(" guests")
        assert trace.marker.color == GUEST_COLOURS[colour]  # one colour a trace: its legend's
        by_point = dict(zip(fit.numbers, fit.value, strict=True))
        members = [int(label.split()[0]) for label in trace.text]
        assert all(colour_of[n] == colour for n in members)
        assert list(trace.y) == [by_point[n] for n in members]


def test_doctest_and_no_widgets_imported() -> None:
    for module in (board, emperor, guests, staff, strength):
        failures, _tried = doctest.testmod(module)
        assert failures == 0, module.__name__
    assert doctest.testmod(strength).attempted > 0 and doctest.testmod(board).attempted > 0
    code = (
        "import sys\n"
        "from hoteledu.grand_austria.figures import board, emperor, guests, staff, strength\n"
        "assert 'ipywidgets' not in sys.modules\n"
        "assert 'hoteledu.grand_austria.rules' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_convergence_figure_distance_is_the_total_variation() -> None:
    exact = max_count_distribution(10)
    sample = sample_max_counts(10, 3000, seed=8)
    fig = convergence_figure(exact, sample)
    distance, guide = fig.data
    assert distance.x[0] == 1 and distance.x[-1] == 3000
    # after one roll the distance is 1 - P(that value); after all, from the bincount
    assert np.isclose(distance.y[0], 1 - float(exact[sample[0]]))
    frequencies = np.bincount(sample, minlength=len(exact)) / sample.size
    total_variation = 0.5 * sum(abs(f - float(p)) for f, p in zip(frequencies, exact, strict=True))
    assert np.isclose(distance.y[-1], total_variation)
    assert distance.y[-1] < 0.05 < distance.y[0]  # the bars converge
    assert np.isclose(guide.y[-1], guide.y[0] / np.sqrt(3000))
    with pytest.raises(ValueError, match="empty"):
        convergence_figure(exact, [])
    with pytest.raises(ValueError, match=r"0\.\.10"):
        convergence_figure(exact, [11])


def test_convergence_figure_log_axes_label_only_powers_of_ten() -> None:
    """Issue 20: the log axis's minor ticks read "1, 5, 2, 0.1, 5, 2"."""
    fig = convergence_figure(max_count_distribution(10), sample_max_counts(10, 3000, seed=8))
    for axis in (fig.layout.xaxis, fig.layout.yaxis):
        assert axis.type == "log"
        assert axis.dtick == 1  # one labelled tick per decade, no minor digits labelled
        assert axis.tickformat and "~" in axis.tickformat  # 1, 10, 100 (no 1e+3, no 2, 5)


def test_emperor_threshold_figure() -> None:
    from hoteledu.grand_austria.analysis.emperor import (
        SCORINGS,
        best_emperor_plan,
        scoring_payoff,
    )

    payoffs = [[scoring_payoff(s, k, 3, 3) for s in range(14)] for k in range(3)]
    best = best_emperor_plan(3, 3)
    fig = emperor_threshold_figure(payoffs, SCORINGS, {"best": best})
    assert len(fig.data) == 4 and fig.data[0].line.shape == "hv"
    assert list(fig.data[1].y) == [float(v) for v in payoffs[1]]
    assert "no penalty from 6, bonus from 8" in fig.data[1].name
    assert list(fig.data[3].x) == list(best.targets)
    with pytest.raises(ValueError, match="one row"):
        emperor_threshold_figure(payoffs[:2], SCORINGS)


def test_tournament_figure() -> None:
    from hoteledu.core.tournament import TournamentResult

    result = TournamentResult(
        game="grand_austria",
        options={},
        agent_names=["a", "b"],
        seed=0,
        seats=[[0, 1], [1, 0], [0, 1], [1, 0]],
        returns=[[60.0, 40.0], [50.0, 55.0], [70.0, 30.0], [65.0, 45.0]],
        utilities=[[1, 0], [0, 1], [1, 0], [1, 0]],
        winners=[[0], [1], [0], [0]],
        lengths=[100] * 4,
    )
    fig = tournament_figure(result)
    rates, scores = fig.data
    assert list(rates.y) == [0.75, 0.25] and list(scores.y) == [61.25, 42.5]
    # mean scores carry the t interval (3 degrees of freedom here), not the normal one
    scores_a = [g[0] for g in result.returns]
    half = 3.182446305284263 * np.std(scores_a, ddof=1) / 2
    assert np.isclose(scores.error_y.array[0], half)
    assert scores.error_y.array[0] > result.mean_score("a").high - 61.25
    assert np.isclose(rates.error_y.arrayminus[1], 0.25 - result.win_rate("b").low)
    json.loads(pio.to_json(fig))


def test_tournament_figure_has_axis_titles() -> None:
    """Issue 20: lesson 4's last figure had no axis titles."""
    from hoteledu.core.tournament import TournamentResult

    result = TournamentResult(
        game="grand_austria",
        options={},
        agent_names=["a", "b"],
        seed=0,
        seats=[[0, 1], [1, 0]],
        returns=[[60.0, 40.0], [50.0, 55.0]],
        utilities=[[1, 0], [0, 1]],
        winners=[[0], [1]],
        lengths=[100] * 2,
    )
    layout = tournament_figure(result).layout
    for axis in (layout.xaxis, layout.xaxis2, layout.yaxis, layout.yaxis2):
        assert axis.title.text, axis
    assert "won" in layout.yaxis.title.text and "VP" in layout.yaxis2.title.text
