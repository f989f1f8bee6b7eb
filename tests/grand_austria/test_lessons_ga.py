"""Independent checks of the claims of the Grand Austria dice lessons (2 and 3).

Each exact number of ``analysis.board`` (and each formula a lesson states) is
checked against a different computation: all 6^n dice sequences for small n,
the unsorted count vectors of ``dice.roll_outcomes``, Stirling numbers, or a
seeded simulation with a tolerance of several standard errors.
"""

from __future__ import annotations

import doctest
import itertools
from fractions import Fraction
from functools import cache
from math import comb, factorial

import numpy as np
import pytest

from hoteledu.grand_austria.analysis import (
    board,
    draft_strengths,
    expected_max_count,
    max_count_distribution,
    pick_order,
    sample_rolls,
    stopping_value,
    wild_strength_distribution,
)
from hoteledu.grand_austria.analysis.board import (
    all_covered_probability,
    empty_spaces_distribution,
    expected_empty_spaces,
    game_totals,
    rival_after_reroll,
    rival_board,
    seat_totals,
    space_count_distribution,
)
from hoteledu.grand_austria.dice import roll_outcomes, roll_probability

GAME_DICE = (10, 12, 14)


@cache
def all_sequences(n: int) -> list[tuple[int, ...]]:
    """The count vector of each of the 6^n equally likely dice sequences."""
    return [
        tuple(seq.count(face) for face in range(6)) for seq in itertools.product(range(6), repeat=n)
    ]


def by_brute_force(n: int, value) -> dict[int, Fraction]:
    result: dict[int, Fraction] = {}
    sequences = all_sequences(n)
    for counts in sequences:
        v = value(counts)
        result[v] = result.get(v, Fraction(0)) + Fraction(1, len(sequences))
    return result


def stirling2(n: int, k: int) -> int:
    """Stirling numbers of the second kind by their recurrence (not inclusion-exclusion)."""
    table = [[0] * (k + 1) for _ in range(n + 1)]
    table[0][0] = 1
    for i in range(1, n + 1):
        for j in range(1, k + 1):
            table[i][j] = j * table[i - 1][j] + table[i - 1][j - 1]
    return table[n][k]


def test_doctests() -> None:
    assert doctest.testmod(board).failed == 0


# ---------------------------------------------------------------- lesson 2
@pytest.mark.parametrize("n", [0, 1, 3, 5])
def test_space_count_is_binomial_by_brute_force(n: int) -> None:
    counted = by_brute_force(n, lambda c: c[4])
    assert space_count_distribution(n) == tuple(counted.get(k, 0) for k in range(n + 1))


@pytest.mark.parametrize("n", GAME_DICE)
def test_space_count_marginal_of_the_multinomial(n: int) -> None:
    marginal = [Fraction(0)] * (n + 1)
    for counts, p in roll_outcomes(n):
        marginal[counts[2]] += p
    assert space_count_distribution(n) == tuple(marginal)


def test_lesson_multinomial_example() -> None:
    # lesson 2: two dice on every space with 12 dice = 12!/(2!^6)/6^12
    assert roll_probability((2,) * 6) == Fraction(factorial(12), 2**6 * 6**12)
    assert sum(p for _, p in roll_outcomes(12)) == 1
    assert len(roll_outcomes(12)) == comb(17, 5) == 6188


@pytest.mark.parametrize("n", [1, 2, 4, 6])
def test_empty_spaces_by_brute_force(n: int) -> None:
    counted = by_brute_force(n, lambda c: c.count(0))
    assert empty_spaces_distribution(n) == tuple(counted.get(j, 0) for j in range(7))
    assert expected_empty_spaces(n) == sum(j * p for j, p in counted.items())


@pytest.mark.parametrize("n", GAME_DICE)
def test_empty_spaces_by_count_vectors_and_stirling(n: int) -> None:
    over_vectors = [Fraction(0)] * 7
    for counts, p in roll_outcomes(n):
        over_vectors[counts.count(0)] += p
    assert empty_spaces_distribution(n) == tuple(over_vectors)
    # j empty: choose them, then a surjection of n dice onto the other 6 - j spaces
    stirling = tuple(
        Fraction(comb(6, j) * stirling2(n, 6 - j) * factorial(6 - j), 6**n) for j in range(7)
    )
    assert empty_spaces_distribution(n) == stirling
    assert expected_empty_spaces(n) == sum(j * p for j, p in enumerate(over_vectors))
    assert all_covered_probability(n) == over_vectors[0]


@pytest.mark.parametrize("n", GAME_DICE)
def test_empty_spaces_and_coverage_beside_a_seeded_sample(n: int) -> None:
    rolls = sample_rolls(n, 40_000, seed=7)
    empty = (rolls == 0).sum(axis=1)
    p0 = float(all_covered_probability(n))
    assert abs(np.mean(empty == 0) - p0) < 5 * np.sqrt(p0 * (1 - p0) / 40_000)
    assert abs(empty.mean() - float(expected_empty_spaces(n))) < 0.02


def test_bad_dice_are_refused() -> None:
    for bad in (-1, 2.5, True):
        with pytest.raises(ValueError, match="number of dice"):
            space_count_distribution(bad)
        with pytest.raises(ValueError, match="number of dice"):
            empty_spaces_distribution(bad)
    with pytest.raises(ValueError, match="wanted"):
        rival_board(5, wanted=6)
    with pytest.raises(ValueError, match="at least 1 die"):
        rival_board(0)


# ---------------------------------------------------------------- lesson 3
def test_snake_and_alternative_orders_by_seat() -> None:
    two = draft_strengths(2)
    assert seat_totals(two.by_pick, two.order) == two.by_seat
    snake, repeat = seat_totals(two.by_pick, (0, 1, 1, 0)), seat_totals(two.by_pick, (0, 1, 0, 1))
    # lesson 3: the snake narrows the start player's lead but does not close it
    assert 0 < snake[0] - snake[1] < repeat[0] - repeat[1]
    for players in (3, 4):
        result = draft_strengths(players)
        assert list(result.by_seat) == sorted(result.by_seat, reverse=True)
    with pytest.raises(ValueError, match="pick values"):
        seat_totals(two.by_pick, (0, 1))


def test_game_totals_follow_the_rotating_start_player() -> None:
    # by hand: 2 players, P1 starts rounds 1, 3, 5, 7 (seat 0), P2 rounds 2, 4, 6
    by_seat = draft_strengths(2).by_seat
    first, second = by_seat
    assert game_totals(by_seat) == (4 * first + 3 * second, 3 * first + 4 * second)
    # 4 players: round r has seat (p - r + 1) mod 4; count the rounds in each seat
    seats = [[(p - r) % 4 for r in range(7)] for p in range(4)]
    four = draft_strengths(4).by_seat
    assert game_totals(four) == tuple(sum(four[s] for s in row) for row in seats)
    assert sum(game_totals(four)) == 7 * sum(four)


def rival_by_brute_force(m: int, wanted: int | None) -> tuple[Fraction, Fraction, Fraction]:
    """E[rival after take], E[rival after pass], E[... given the rule passes], all 6^m rolls."""
    threshold = stopping_value(m, wanted).thresholds[m]
    take = passed = given_take = given_pass = Fraction(0)
    sequences = all_sequences(m)
    passes = 0
    for counts in sequences:
        if wanted is None:
            mine = max(range(6), key=lambda s: (counts[s], -s))  # a strongest space
        else:
            mine = 5 if counts[5] > counts[wanted - 1] else wanted - 1
        left = list(counts)
        left[mine] -= 1
        take += max(left)
        passed += max(counts)
        if counts[mine] < threshold:
            passes += 1
            given_take += max(left)
            given_pass += max(counts)
    total = len(sequences)
    return (
        Fraction(take, total),
        Fraction(passed, total),
        Fraction(given_pass - given_take, passes) if passes else Fraction(0),
    )


@pytest.mark.parametrize("m", [1, 3, 5, 6])
@pytest.mark.parametrize("wanted", [None, 2])
def test_rival_board_by_brute_force(m: int, wanted: int | None) -> None:
    result = rival_board(m, wanted)
    take, passed, gift_given_pass = rival_by_brute_force(m, wanted)
    assert (result.after_take, result.after_pass) == (take, passed)
    assert result.after_pass_given_pass - result.after_take_given_pass == gift_given_pass
    assert result.gift == result.gift_probability  # the gift is one die or none


def test_rival_board_beside_a_seeded_sample() -> None:
    rolls = sample_rolls(10, 40_000, seed=11)
    top = rolls.max(axis=1)
    unique_top = (rolls == top[:, None]).sum(axis=1) == 1
    after_take = top - unique_top
    result = rival_board(10)
    assert abs(after_take.mean() - float(result.after_take)) < 0.02
    assert abs(unique_top.mean() - float(result.gift_probability)) < 0.015
    weak = top < result.threshold
    assert abs(weak.mean() - float(result.pass_probability)) < 0.015
    gift_given_pass = float(result.after_pass_given_pass - result.after_take_given_pass)
    assert abs(unique_top[weak].mean() - gift_given_pass) < 0.02


def test_rival_after_reroll_is_a_fresh_strongest_space() -> None:
    assert rival_after_reroll(10) == expected_max_count(9)
    assert rival_after_reroll(1) == 0
    # lesson 3: a reroll of 9 dice is better for whoever acts on it than a board taken from
    assert rival_after_reroll(10) > rival_board(10).after_take


def test_pick_order_used_by_the_lessons() -> None:
    assert pick_order(2) == (0, 1, 1, 0)
    assert pick_order(4) == (0, 1, 2, 3, 3, 2, 1, 0)


def test_lesson_3_claims() -> None:
    """The numbers lesson 3 states in its text, each from its own definition."""
    two, four = draft_strengths(2), draft_strengths(4)
    assert round(float(two.by_pick[0] - two.by_pick[-1]), 1) == 1.4
    assert round(float(four.by_pick[0] - four.by_pick[-1]), 1) == 2.4
    repeat = seat_totals(two.by_pick, (0, 1, 0, 1))
    assert round(float(repeat[0] - repeat[1]), 2) == 0.90
    assert round(float(two.by_seat[0] - two.by_seat[1]), 2) == 0.48
    # the uniform draft's pick values fall almost linearly, so the snake pairs balance
    uniform = draft_strengths(2, policy="uniform").by_pick
    steps = [float(a - b) for a, b in itertools.pairwise(uniform)]
    assert max(steps) - min(steps) < 0.005
    assert abs(float(uniform[0] + uniform[3] - uniform[1] - uniform[2])) < 0.005
    # the option to pass: V(10) - E[M_10]; one wanted action: up to 0.9 dice, more variable
    rule = stopping_value(10)
    assert round(float(rule.values[10] - rule.take_now[10]), 3) == 0.355
    assert rule.thresholds[10] == 4 and rule.thresholds[5] == 2
    wanted = stopping_value(14, wanted=3)
    options = [float(v - t) for v, t in zip(wanted.values, wanted.take_now, strict=True)]
    assert max(options) == options[14] and round(options[14], 1) == 0.9

    def variance(distribution: tuple[Fraction, ...]) -> Fraction:
        m = sum(k * p for k, p in enumerate(distribution))
        return sum((k - m) ** 2 * p for k, p in enumerate(distribution))

    for n in GAME_DICE:
        assert variance(wild_strength_distribution(n)) > variance(max_count_distribution(n))
    # the rival: half a die on the pass boards with 10 dice; almost nothing wanting action 3
    r10 = rival_board(10)
    assert round(float(r10.after_pass_given_pass - r10.after_take_given_pass), 2) == 0.50
    r12 = rival_board(12, wanted=3)
    assert 0 < r12.after_pass_given_pass - r12.after_take_given_pass < Fraction(1, 20)


def test_lesson_3_pigeonhole_exercise() -> None:
    """Exercise 4: with 10 dice, wanting one action, passing never changes the rival's board."""
    r = rival_board(10, wanted=3)
    assert r.threshold == 3 and r.after_pass_given_pass == r.after_take_given_pass
    # the argument: a space of at most 2 that is the unique maximum leaves at most 7 dice
    for counts, _ in roll_outcomes(10):
        mine = 5 if counts[5] > counts[2] else 2
        if counts[mine] < 3:
            unique_maximum = counts[mine] == max(counts) and counts.count(max(counts)) == 1
            assert not unique_maximum


def test_lesson_3_variances_stated() -> None:
    def variance(distribution: tuple[Fraction, ...]) -> float:
        m = sum(k * p for k, p in enumerate(distribution))
        return float(sum((k - m) ** 2 * p for k, p in enumerate(distribution)))

    assert round(variance(wild_strength_distribution(10)), 2) == 1.14
    assert round(variance(max_count_distribution(10)), 2) == 0.64
