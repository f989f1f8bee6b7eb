"""Grand Austria analysis: each exact result beside a seeded simulation and an independent check.

Independent checks: all 6^n dice for small n, the unsorted count vectors of
``dice.roll_outcomes`` (a different enumeration), scipy when installed, the
engine's own turn order, every threshold policy for the stopping problem, and
the exact normal equations for the least-squares prices.
"""

from __future__ import annotations

import doctest
import itertools
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from hoteledu.grand_austria import dice as gdice
from hoteledu.grand_austria.analysis import (
    draft_strengths,
    expected_hiring_cost,
    expected_max_count,
    expected_route_cost,
    expected_wild_strength,
    guests,
    hiring_cost_distribution,
    implied_item_prices,
    max_count_distribution,
    mean,
    once_per_round_cards,
    pick_order,
    route_cost_distribution,
    sample_hiring_costs,
    sample_max_counts,
    sample_wild_strengths,
    simulate_draft,
    simulate_stopping,
    sorted_roll_outcomes,
    staff,
    staff_cost_table,
    staff_value_by_round,
    stopping_value,
    strength,
    value_per_use,
    wild_strength_distribution,
)
from hoteledu.grand_austria.cards import guest_cards, staff_card

GAME_DICE = (10, 12, 14)


def all_dice_counts(n: int) -> list[tuple[int, ...]]:
    """The count vector of each of the 6^n equally likely dice sequences."""
    return [
        tuple(sequence.count(face) for face in range(6))
        for sequence in itertools.product(range(6), repeat=n)
    ]


def distribution_from(values: list[int], n: int) -> tuple[Fraction, ...]:
    counts = Counter(values)
    return tuple(Fraction(counts[k], len(values)) for k in range(n + 1))


def assert_sample_agrees(exact: tuple[Fraction, ...], sample: np.ndarray) -> None:
    """Mean within 4 standard errors; each frequency within 4 binomial standard errors
    (values expected fewer than 5 times in the sample pooled into one)."""
    size = len(sample)
    mu = float(mean(exact))
    variance = float(sum(p * (k - mean(exact)) ** 2 for k, p in enumerate(exact)))
    assert abs(sample.mean() - mu) < 4 * (variance / size) ** 0.5 + 1e-12
    frequencies = np.bincount(sample, minlength=len(exact)) / size
    assert len(frequencies) == len(exact)  # no value outside 0..n
    probabilities = np.array([float(p) for p in exact])
    rare = probabilities * size < 5
    pooled = [(frequencies[rare].sum(), probabilities[rare].sum())]
    for f, p in [*zip(frequencies[~rare], probabilities[~rare], strict=True), *pooled]:
        assert abs(f - p) < 4 * (p * (1 - p) / size) ** 0.5 + 1e-9


# ------------------------------------------------------------------ the strongest space
@pytest.mark.parametrize("n", range(0, 7))
def test_max_count_matches_all_dice_sequences(n: int) -> None:
    assert max_count_distribution(n) == distribution_from([max(c) for c in all_dice_counts(n)], n)


@pytest.mark.parametrize("n", GAME_DICE)
def test_max_count_matches_the_count_vectors(n: int) -> None:
    exact = [Fraction(0)] * (n + 1)
    for counts, p in gdice.roll_outcomes(n):
        exact[max(counts)] += p
    assert max_count_distribution(n) == tuple(exact)
    assert sum(max_count_distribution(n)) == 1


@pytest.mark.parametrize("n", GAME_DICE)
def test_max_count_agrees_with_a_seeded_sample(n: int) -> None:
    assert_sample_agrees(max_count_distribution(n), sample_max_counts(n, 20_000, seed=n))


def test_expected_max_counts_of_the_game() -> None:
    # E[M] for 2, 3, 4 players (docs/grand_austria.md, Analysis)
    assert [round(float(expected_max_count(n)), 4) for n in GAME_DICE] == [3.4447, 3.9292, 4.4082]
    assert max_count_distribution(2) == (0, Fraction(5, 6), Fraction(1, 6))


def test_max_and_wild_strength_against_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    n = 10
    strongest = [0.0] * (n + 1)
    wild = [0.0] * (n + 1)
    for counts in gdice.compositions(n):
        p = stats.multinomial.pmf(counts, n, [1 / 6] * 6)
        strongest[max(counts)] += p
        wild[max(counts[0], counts[5])] += p
    assert np.allclose(strongest, [float(p) for p in max_count_distribution(n)])
    assert np.allclose(wild, [float(p) for p in wild_strength_distribution(n)])


def test_bad_number_of_dice_is_refused() -> None:
    for bad in (-1, 2.5, True):
        with pytest.raises(ValueError, match="number of dice"):
            max_count_distribution(bad)  # type: ignore[arg-type]


# ------------------------------------------------------------------ one wanted action
@pytest.mark.parametrize("n", range(0, 7))
@pytest.mark.parametrize("wanted", [1, 3, 5])
def test_wild_strength_matches_all_dice_sequences(n: int, wanted: int) -> None:
    values = [max(c[wanted - 1], c[5]) for c in all_dice_counts(n)]
    assert wild_strength_distribution(n) == distribution_from(values, n)


@pytest.mark.parametrize("n", GAME_DICE)
def test_wild_strength_matches_the_count_vectors_and_a_sample(n: int) -> None:
    exact = [Fraction(0)] * (n + 1)
    for counts, p in gdice.roll_outcomes(n):
        exact[max(counts[1], counts[5])] += p
    assert wild_strength_distribution(n) == tuple(exact)
    assert_sample_agrees(tuple(exact), sample_wild_strengths(n, 20_000, seed=n, wanted=2))


def test_wild_strength_beats_the_space_alone_but_not_the_strongest() -> None:
    for n in GAME_DICE:
        assert gdice.expected_strength(n) < expected_wild_strength(n) < expected_max_count(n)
    assert round(float(expected_wild_strength(12)), 4) == 2.7809


def test_space_six_is_not_a_wanted_action() -> None:
    with pytest.raises(ValueError, match="GAH-D09"):
        stopping_value(5, wanted=6)
    with pytest.raises(ValueError, match="GAH-D09"):
        sample_wild_strengths(5, 10, wanted=0)


# ------------------------------------------------------------------ the draft
def test_pick_order_is_the_engines_order() -> None:
    """GAH-R04: play round 1 of the engine, taking a die whenever one is offered."""
    import hoteledu
    from hoteledu.core.state import CHANCE
    from hoteledu.grand_austria.actions import EndTurn, Pass, TakeDie

    assert pick_order(2) == (0, 1, 1, 0)
    assert pick_order(4) == (0, 1, 2, 3, 3, 2, 1, 0)
    for players in (2, 3, 4):
        state = hoteledu.load_game("grand_austria", players=players)
        rng = np.random.default_rng(players)
        seats = []
        while state.round < 2:
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            dice = [a for a in legal if isinstance(a, TakeDie) and not a.boost]
            if dice:
                if state.round == 1:
                    seats.append((p - state.start_player) % players)
                state.apply_action(dice[0])
            elif EndTurn() in legal:
                state.apply_action(EndTurn())
            else:
                state.apply_action(next(a for a in legal if not isinstance(a, Pass)))
        assert tuple(seats) == pick_order(players)


@pytest.mark.parametrize("n", [0, 1, 5, 10, 14])
def test_sorted_roll_outcomes_group_the_count_vectors(n: int) -> None:
    grouped: Counter[tuple[int, ...]] = Counter()
    for counts, p in gdice.roll_outcomes(n):
        grouped[tuple(sorted(counts, reverse=True))] += p
    assert dict(sorted_roll_outcomes(n)) == dict(grouped)


@cache
def unsorted_draft(counts: tuple[int, ...], picks: int, policy: str) -> tuple[Fraction, ...]:
    """Expected strength of each next pick, on the six unsorted spaces (no symmetry used)."""
    if picks == 0:
        return ()
    non_empty = [i for i, k in enumerate(counts) if k > 0]
    if not non_empty:
        return (Fraction(0),) * picks
    if policy == "greedy":
        top = max(counts)
        choices = [i for i in non_empty if counts[i] == top]
    else:
        choices = non_empty
    result = [Fraction(0)] * picks
    for i in choices:
        after = list(counts)
        after[i] -= 1
        rest = unsorted_draft(tuple(after), picks - 1, policy)
        for pick, value in enumerate((Fraction(counts[i]), *rest)):
            result[pick] += value / len(choices)
    return tuple(result)


@pytest.mark.parametrize("policy", ["greedy", "uniform"])
@pytest.mark.parametrize("players", [2, 3])
def test_draft_matches_the_unsorted_count_vectors(players: int, policy: str) -> None:
    n = {2: 10, 3: 12}[players]
    picks = 2 * players
    expected = [Fraction(0)] * picks
    for counts, p in gdice.roll_outcomes(n):
        for pick, value in enumerate(unsorted_draft(counts, picks, policy)):
            expected[pick] += p * value
    assert draft_strengths(players, policy).by_pick == tuple(expected)


def test_draft_with_few_dice_matches_all_dice_sequences() -> None:
    """5 dice, 2 players, greedy: all 6^5 sequences played pick by pick."""
    totals = [Fraction(0)] * 4
    sequences = all_dice_counts(5)
    for counts in sequences:
        board = list(counts)
        for pick in range(4):
            top = max(board)
            totals[pick] += Fraction(top, len(sequences))
            board[board.index(top)] -= 1
    assert draft_strengths(2, dice=5).by_pick == tuple(totals)


@pytest.mark.parametrize("policy", ["greedy", "uniform"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_draft_agrees_with_a_seeded_simulation(players: int, policy: str) -> None:
    result = draft_strengths(players, policy)
    sample = simulate_draft(players, 4000, seed=players, policy=policy)
    for pick, distribution in enumerate(result.distributions):
        assert sum(distribution) == 1
        assert mean(distribution) == result.by_pick[pick]
        assert_sample_agrees(distribution, sample[:, pick])


def test_draft_numbers_and_seats() -> None:
    two = draft_strengths(2)
    assert two.by_pick[0] == expected_max_count(10)  # the first pick is the strongest space
    assert two.by_seat == (two.by_pick[0] + two.by_pick[3], two.by_pick[1] + two.by_pick[2])
    assert [round(float(v), 3) for v in two.by_pick] == [3.445, 2.754, 2.270, 2.056]
    # greedy strengths fall pick after pick; the start player gains most over the round
    for players in (2, 3, 4):
        greedy = draft_strengths(players)
        assert list(greedy.by_pick) == sorted(greedy.by_pick, reverse=True)
        assert greedy.by_seat[0] == max(greedy.by_seat)
        assert sum(draft_strengths(players, "uniform").by_pick) < sum(greedy.by_pick)
    assert two.seat_label(1) == "P2"
    with pytest.raises(ValueError, match="policy"):
        draft_strengths(2, "random")
    with pytest.raises(ValueError, match="players"):
        draft_strengths(5)


# ------------------------------------------------------------------ take now or pass
def policy_value(n: int, thresholds: tuple[int, ...], wanted: int | None) -> Fraction:
    """Expected strength of a fixed threshold policy, by the chance of reaching each m."""
    reach = Fraction(1)
    total = Fraction(0)
    for m in range(n, 0, -1):
        dist = max_count_distribution(m) if wanted is None else wild_strength_distribution(m)
        t = thresholds[m]
        total += reach * sum((x * p for x, p in enumerate(dist) if x >= t), Fraction(0))
        reach *= sum((p for x, p in enumerate(dist) if x < t), Fraction(0))
    return total


@pytest.mark.parametrize("wanted", [None, 4])
def test_stopping_value_is_the_best_of_all_threshold_policies(wanted: int | None) -> None:
    n = 6
    rule = stopping_value(n, wanted)
    best = max(
        policy_value(n, (0, *ts), wanted)
        for ts in itertools.product(*(range(1, m + 2) for m in range(1, n + 1)))
    )
    assert rule.values[n] == best == policy_value(n, rule.thresholds, wanted)


@pytest.mark.parametrize("wanted", [None, 2])
def test_stopping_value_agrees_with_a_seeded_simulation(wanted: int | None) -> None:
    rule = stopping_value(10, wanted)
    sample = simulate_stopping(10, 20_000, seed=3, wanted=wanted)
    assert abs(sample.mean() - float(rule.values[10])) < 4 * sample.std() / len(sample) ** 0.5


def test_stopping_value_table() -> None:
    rule = stopping_value(14)
    assert rule.values[:3] == (0, 1, Fraction(7, 6))
    assert rule.take_now[14] == expected_max_count(14)
    for m in range(1, 15):
        assert rule.values[m] >= rule.take_now[m]  # passing is an option, never a loss
        assert rule.values[m] >= rule.values[m - 1]
    assert rule.thresholds == (0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5)
    wanted = stopping_value(3, wanted=2)
    assert wanted.values == (0, Fraction(1, 3), Fraction(41, 54), Fraction(3167, 2916))
    assert wanted.take_probabilities[1] == Fraction(1, 3)


# ------------------------------------------------------------------ staff
def test_hiring_cost_given_the_dice() -> None:
    """GAH-D08: each die lowers the cost by 1, never below 0."""
    assert expected_hiring_cost(4, 2) == 2
    assert expected_hiring_cost(1, 3) == 0
    assert hiring_cost_distribution(3, (Fraction(1, 4), Fraction(1, 4), Fraction(1, 2))) == (
        0,
        Fraction(1, 2),
        Fraction(1, 4),
        Fraction(1, 4),
    )
    with pytest.raises(ValueError, match="sum to 1"):
        hiring_cost_distribution(3, (Fraction(1, 2),))
    with pytest.raises(ValueError, match="cost"):
        hiring_cost_distribution(-1, 2)


def brute_route_cost(cost: int, n: int, route: str) -> tuple[Fraction, ...]:
    paid = [Fraction(0)] * (cost + 2)
    for counts, p in gdice.roll_outcomes(n):
        options = [max(0, cost - counts[4])] if counts[4] else []
        if route == "best" and counts[5]:
            options.append(max(0, cost - counts[5]) + 1)
        if options:
            paid[min(options)] += p
    return tuple(p / sum(paid) for p in paid)


@pytest.mark.parametrize("route", ["space5", "best"])
@pytest.mark.parametrize("cost", [1, 4, 6])
def test_route_cost_matches_the_count_vectors_and_a_sample(cost: int, route: str) -> None:
    exact = route_cost_distribution(cost, 10, route)
    assert exact == brute_route_cost(cost, 10, route)
    assert_sample_agrees(
        exact, np.array(sample_hiring_costs(cost, 10, 20_000, seed=cost, route=route))
    )


def test_route_cost_space5_is_the_binomial_given_a_die() -> None:
    binomial = gdice.space_count_distribution(12)
    conditional = (Fraction(0), *(p / (1 - binomial[0]) for p in binomial[1:]))
    assert expected_route_cost(6, 12) == expected_hiring_cost(6, conditional)
    table = staff_cost_table(12)
    assert len(table) == 48 and table[17] == expected_route_cost(staff_card(17).cost, 12)
    assert expected_route_cost(6, 12, "best") < expected_route_cost(6, 12)


def test_once_per_round_staff_value_by_hiring_round() -> None:
    """GAH-A04: hired in round r, used in rounds r..7; net = uses x value - expected cost."""
    assert once_per_round_cards() == (1, 2, 3, 4)
    value = staff_value_by_round(2, dice=10)  # Waitress: 1 cake a round, cost 6
    assert value.uses == tuple(Fraction(8 - r) for r in range(1, 8))
    assert value.expected_cost == expected_route_cost(6, 10)
    assert value.net[0] == 7 - value.expected_cost
    assert value.net[3] < 0 < value.net[2] and value.break_even_round == 3  # E[cost] 4.01
    priced = staff_value_by_round(2, dice=10, item_values={"cake": 2}, use_probability=0.5)
    assert priced.gross[0] == Fraction(7)
    with pytest.raises(ValueError, match="not once per round"):
        value_per_use(17)
    with pytest.raises(ValueError, match="unknown item"):
        value_per_use(1, {"beer": 2})
    with pytest.raises(ValueError, match="staff card number"):
        staff_value_by_round(99, dice=10)


def test_staff_value_agrees_with_a_seeded_simulation() -> None:
    """Simulate hiring Breakfast Server in round 3: 5 strudels minus the krones paid."""
    value = staff_value_by_round(1, dice=14)
    paid = np.array(sample_hiring_costs(4, 14, 20_000, seed=7))
    net = 5 - paid
    assert abs(net.mean() - float(value.net[2])) < 4 * net.std() / len(net) ** 0.5


# ------------------------------------------------------------------ guests
def exact_least_squares(design: list[list[Fraction]], value: list[Fraction]) -> list[Fraction]:
    """Solve the normal equations A^T A x = A^T b exactly (Gauss-Jordan with Fractions)."""
    k = len(design[0])
    ata = [[sum(row[i] * row[j] for row in design) for j in range(k)] for i in range(k)]
    atb = [sum(row[i] * v for row, v in zip(design, value, strict=True)) for i in range(k)]
    matrix = [[*ata[i], atb[i]] for i in range(k)]
    for col in range(k):
        pivot = next(r for r in range(col, k) if matrix[r][col] != 0)
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        matrix[col] = [x / matrix[col][col] for x in matrix[col]]
        for r in range(k):
            if r != col:
                factor = matrix[r][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col], strict=True)]
    return [matrix[i][k] for i in range(k)]


@pytest.mark.parametrize("intercept", [False, True])
@pytest.mark.parametrize("count_krones", [False, True])
def test_implied_prices_solve_the_normal_equations_exactly(
    intercept: bool, count_krones: bool
) -> None:
    cards = guest_cards()
    design = [
        [Fraction(x) for x in card.order] + ([Fraction(1)] if intercept else []) for card in cards
    ]
    krones = [
        sum(dict(e.params).get("krones", 0) for e in card.reward if e.kind == "gain")
        for card in cards
    ]
    value = [
        Fraction(card.vp + (k if count_krones else 0))
        for card, k in zip(cards, krones, strict=True)
    ]
    exact = exact_least_squares(design, value)
    fit = implied_item_prices(intercept=intercept, count_krones=count_krones)
    assert np.allclose(fit.prices, [float(x) for x in exact[:4]])
    assert np.isclose(fit.intercept, float(exact[4]) if intercept else 0.0)
    assert 0 < fit.r_squared < 1


def test_implied_prices_beat_seeded_perturbations() -> None:
    fit = implied_item_prices()
    rng = np.random.default_rng(11)
    for _ in range(200):
        other = fit.prices + rng.normal(0, 0.3, size=4)
        assert np.sum((fit.orders @ other - fit.value) ** 2) > fit.residual_sum_of_squares
    assert [round(fit.price(item), 3) for item in fit.items] == [0.546, 1.495, 0.808, 1.566]
    with pytest.raises(ValueError, match="item"):
        fit.price("beer")
    with pytest.raises(ValueError):
        fit.prices[0] = 0  # the cached arrays are read-only


# ------------------------------------------------------------------ package hygiene
@pytest.mark.parametrize("module", [strength, staff, guests])
def test_doctests(module: object) -> None:
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert tried > 0 and failures == 0


def test_analysis_stays_out_of_the_engine_and_the_engine_out_of_it() -> None:
    engine = (
        "import sys, hoteledu, hoteledu.grand_austria.rules\n"
        "assert 'hoteledu.grand_austria.analysis' not in sys.modules\n"
    )
    analysis = (
        "import sys, hoteledu.grand_austria.analysis\n"
        "assert 'hoteledu.grand_austria.rules' not in sys.modules\n"
        "assert 'plotly' not in sys.modules\n"
    )
    for code in (engine, analysis):
        subprocess.run([sys.executable, "-c", code], check=True)


def test_docs_analysis_tables_are_the_codes_output() -> None:
    """docs/grand_austria.md, section Analysis, holds exactly the report's tables."""
    from pathlib import Path

    from hoteledu.grand_austria.analysis.report import analysis_markdown

    doc = (Path(__file__).parents[2] / "docs" / "grand_austria.md").read_text(encoding="utf-8")
    start = (
        "<!-- analysis tables: output of `python -m hoteledu.grand_austria.analysis.report` -->\n"
    )
    end = "<!-- end of the analysis tables -->"
    section = doc[doc.index(start) + len(start) : doc.index(end)]
    assert section == "\n" + analysis_markdown() + "\n"
    # spot checks against numbers derived independently above
    assert "| 2 | 10 | 1.667 | 2.376 | 3.445 | " in section
    assert "3.44 (P1), 2.75 (P2), 2.27 (P2), 2.06 (P1)" in section
