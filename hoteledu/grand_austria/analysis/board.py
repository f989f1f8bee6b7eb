"""The action board as a whole: one space, empty spaces, coverage, and what passing hands a rival.

``n`` fair dice are sorted onto the six action spaces; ``K_1..K_6`` are the
counts (multinomial). Each space alone is binomial ``Bin(n, 1/6)``. Exact
(``Fraction``) throughout; the lessons put a seeded simulation beside each
number and ``tests/grand_austria/test_lessons_ga.py`` checks each one by an
independent enumeration.

Examples
--------
>>> space_count_distribution(2)
(Fraction(25, 36), Fraction(5, 18), Fraction(1, 36))
>>> expected_empty_spaces(1)
Fraction(5, 1)
>>> all_covered_probability(6)
Fraction(5, 324)
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from hoteledu.grand_austria.analysis.strength import (
    ACTIONS,
    WILD_SPACE,
    expected_max_count,
    simulate_stopping,
    stopping_value,
)
from hoteledu.grand_austria.dice import FACES, roll_outcomes


def _check_dice(n: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"the number of dice must be a whole number >= 0, got {n!r}")


# ---------------------------------------------------------------- one space
def space_count_distribution(n: int) -> tuple[Fraction, ...]:
    """``P(K_a = k)`` for k = 0..n: the binomial ``C(n, k) (1/6)^k (5/6)^(n-k)``.

    The same for every space a: each die lands on it with probability 1/6,
    independently of the others.
    """
    _check_dice(n)
    return tuple(Fraction(comb(n, k) * (FACES - 1) ** (n - k), FACES**n) for k in range(n + 1))


# ---------------------------------------------------------------- empty spaces
def expected_empty_spaces(n: int) -> Fraction:
    """E[number of empty spaces] = 6 (5/6)^n, by linearity of expectation.

    The number of empty spaces is a sum of six indicators ``1{K_a = 0}``; each
    has expectation ``P(K_a = 0) = (5/6)^n``, dependent or not.
    """
    _check_dice(n)
    return FACES * Fraction(FACES - 1, FACES) ** n


@cache
def empty_spaces_distribution(n: int) -> tuple[Fraction, ...]:
    """``P(exactly j spaces empty)`` for j = 0..6, by inclusion-exclusion.

    Choose the ``j`` empty spaces (``C(6, j)``), then ask that the dice fall on
    the other ``6 - j`` spaces and cover all of them:
    ``P = C(6, j) sum_i (-1)^i C(6-j, i) ((6-j-i)/6)^n``.
    """
    _check_dice(n)
    result = []
    for empty in range(FACES + 1):
        used = FACES - empty
        covering = sum(
            (-1) ** i * comb(used, i) * Fraction(used - i, FACES) ** n for i in range(used + 1)
        )
        result.append(comb(FACES, empty) * covering)
    return tuple(result)


def all_covered_probability(n: int) -> Fraction:
    """P(every space holds at least one die) = sum_j (-1)^j C(6, j) (1 - j/6)^n.

    Inclusion-exclusion over the events "space a is empty".
    """
    return empty_spaces_distribution(n)[0]


# ---------------------------------------------------------------- passing and a rival
@dataclasses.dataclass(frozen=True)
class RivalBoard:
    """What the next player (a rival taking a strongest space) finds after you take or pass.

    You have ``dice`` dice on the board and want ``wanted`` (``None``: the
    strongest space, else an action 1..5, which space 6 can imitate). Taking
    moves one die from your space (a strongest space, or the stronger of your
    action's space and space 6, your own space on a tie); passing leaves the
    board as it is for the rival (GAH-R05: the reroll comes only once everyone
    else has passed or finished). The rival's strength is the most dice on one
    space of what is left.

    ``after_take``/``after_pass``: E[rival's strength]; ``gift_probability``:
    P(passing hands the rival one more die of strength); ``threshold``: take
    when your strength is at least this (from the stopping rule of
    :func:`~hoteledu.grand_austria.analysis.stopping_value`, as if alone);
    ``pass_probability``: P(that rule passes); ``*_given_pass``: the same
    expectations on the boards where the rule passes.
    """

    dice: int
    wanted: int | None
    after_take: Fraction
    after_pass: Fraction
    gift_probability: Fraction
    threshold: int
    pass_probability: Fraction
    after_take_given_pass: Fraction
    after_pass_given_pass: Fraction

    @property
    def gift(self) -> Fraction:
        """E[rival after you pass] - E[rival after you take] (= ``gift_probability``)."""
        return self.after_pass - self.after_take


def your_space(counts: tuple[int, ...], wanted: int | None) -> int:
    """The space (0-based index) you take from: a strongest one, or action vs space 6."""
    if wanted is None:
        return int(np.argmax(counts))
    own, wild = wanted - 1, WILD_SPACE - 1
    return wild if counts[wild] > counts[own] else own


@cache
def rival_board(m: int, wanted: int | None = None) -> RivalBoard:
    """Exact :class:`RivalBoard` over the multinomial roll of ``m`` dice (all count vectors)."""
    _check_dice(m)
    if m < 1:
        raise ValueError("the rival question needs at least 1 die on the board")
    if wanted is not None and wanted not in ACTIONS:
        raise ValueError(f"wanted must be an action 1..5 or None, got {wanted!r}")
    threshold = stopping_value(m, wanted).thresholds[m]
    take_sum = pass_sum = gift = passing = take_if_pass = pass_if_pass = Fraction(0)
    for counts, p in roll_outcomes(m):
        space = your_space(counts, wanted)
        strength = counts[space]
        left = list(counts)
        left[space] -= 1
        rival_take, rival_pass = max(left), max(counts)
        take_sum += p * rival_take
        pass_sum += p * rival_pass
        gift += p * (rival_pass > rival_take)
        if strength < threshold:
            passing += p
            take_if_pass += p * rival_take
            pass_if_pass += p * rival_pass
    return RivalBoard(
        dice=m,
        wanted=wanted,
        after_take=take_sum,
        after_pass=pass_sum,
        gift_probability=gift,
        threshold=threshold,
        pass_probability=passing,
        after_take_given_pass=take_if_pass / passing if passing else Fraction(0),
        after_pass_given_pass=pass_if_pass / passing if passing else Fraction(0),
    )


@dataclasses.dataclass(frozen=True)
class PassAgainstRival:
    """What one pass is worth to you and to a rival who picks next, on the same boards.

    All ``*_given_pass`` numbers are expectations over the boards on which
    the solo threshold rule passes (your strength below ``threshold``), so
    your gain and the rival's are compared like for like. Taking now gives
    you ``take_given_pass``. Passing alone (GAH-R05: one die to the dustbin,
    the other ``m - 1`` rerolled) is worth V(m - 1), ``alone_given_pass``.
    With a rival who picks from the board before your reroll (the reroll
    waits until the others have finished), the rival takes a die first and
    the dustbin another, so the reroll has ``m - 2`` dice: V(m - 2),
    ``with_rival_given_pass``. ``rival_gain_given_pass``: E[rival's strength
    after you pass - after you take] on those boards.
    """

    dice: int
    wanted: int | None
    threshold: int
    pass_probability: Fraction
    take_given_pass: Fraction
    alone_given_pass: Fraction
    with_rival_given_pass: Fraction
    rival_gain_given_pass: Fraction

    @property
    def gain_alone(self) -> Fraction:
        """Your gain per pass when nobody picks before your reroll: V(m - 1) - E[X | pass]."""
        return self.alone_given_pass - self.take_given_pass

    @property
    def gain_with_rival(self) -> Fraction:
        """Your gain per pass when the rival picks before your reroll: V(m - 2) - E[X | pass]."""
        return self.with_rival_given_pass - self.take_given_pass

    @property
    def option_value(self) -> Fraction:
        """The solo option to pass averaged over all boards, V(m) - E[X_m] (= P(pass) x gain)."""
        return self.pass_probability * self.gain_alone


@cache
def pass_against_rival(m: int, wanted: int | None = None) -> PassAgainstRival:
    """Exact :class:`PassAgainstRival` over the multinomial roll of ``m`` dice (m >= 2)."""
    _check_dice(m)
    if m < 2:
        raise ValueError("passing with a rival after you needs at least 2 dice on the board")
    rival = rival_board(m, wanted)
    if not rival.pass_probability:
        raise ValueError(f"with {m} dice the threshold rule never passes: nothing to compare")
    rule = stopping_value(m, wanted)
    take = Fraction(0)
    for counts, p in roll_outcomes(m):
        strength = counts[your_space(counts, wanted)]
        if strength < rival.threshold:
            take += p * strength
    return PassAgainstRival(
        dice=m,
        wanted=wanted,
        threshold=rival.threshold,
        pass_probability=rival.pass_probability,
        take_given_pass=take / rival.pass_probability,
        alone_given_pass=rule.values[m - 1],
        with_rival_given_pass=rule.values[m - 2],
        rival_gain_given_pass=rival.after_pass_given_pass - rival.after_take_given_pass,
    )


def simulate_pass_against_rival(
    m: int, boards: int, seed: int | None = 0, wanted: int | None = None
) -> dict[str, np.ndarray]:
    """Seeded boards of ``m`` dice, kept where the threshold rule passes: one value per board.

    Returns arrays of equal length (common random numbers: every quantity
    on the same boards): ``take`` (your strength taking now), ``alone`` and
    ``with_rival`` (what playing the threshold rule on a reroll of ``m - 1``,
    resp. ``m - 2`` dice gave), ``rival_after_take`` and ``rival_after_pass``
    (the most dice on one space after your take, resp. on the untouched board).
    """
    rule = pass_against_rival(m, wanted)
    rng = np.random.default_rng(seed)
    rolls = rng.multinomial(m, [1 / FACES] * FACES, size=boards)
    if wanted is None:
        space = rolls.argmax(axis=1)
    else:
        own, wild = rolls[:, wanted - 1], rolls[:, WILD_SPACE - 1]
        space = np.where(wild > own, WILD_SPACE - 1, wanted - 1)
    rows = np.arange(boards)
    strength = rolls[rows, space]
    passing = strength < rule.threshold
    after_take = rolls.copy()
    after_take[rows, space] -= 1
    kept = int(passing.sum())
    streams = rng.spawn(2)
    return {
        "take": strength[passing],
        "alone": _play_threshold_rule(m - 1, kept, streams[0], wanted),
        "with_rival": _play_threshold_rule(m - 2, kept, streams[1], wanted),
        "rival_after_take": after_take.max(axis=1)[passing],
        "rival_after_pass": rolls.max(axis=1)[passing],
    }


def _play_threshold_rule(
    n: int, trials: int, rng: np.random.Generator, wanted: int | None
) -> np.ndarray:
    """Strengths from playing :func:`stopping_value`'s rule from ``n`` rerolled dice."""
    if n == 0:
        return np.zeros(trials, dtype=np.int64)
    return simulate_stopping(n, trials, seed=rng, wanted=wanted)


def rival_after_reroll(m: int) -> Fraction:
    """E[strongest space] after a reroll of ``m - 1`` dice: what a rival acting on it finds."""
    _check_dice(m)
    return expected_max_count(max(m - 1, 0))


def seat_totals(by_pick: tuple[Fraction, ...], order: tuple[int, ...]) -> tuple[Fraction, ...]:
    """Add each pick's value to the seat that makes it, for any pick order (seat 0 = P1)."""
    if len(by_pick) != len(order):
        raise ValueError(f"{len(by_pick)} pick values but {len(order)} picks in the order")
    totals = [Fraction(0)] * (max(order) + 1)
    for value, seat in zip(by_pick, order, strict=True):
        totals[seat] += value
    return tuple(totals)


def game_totals(by_seat: tuple[Fraction, ...], rounds: int = 7) -> tuple[Fraction, ...]:
    """Expected total strength of each player over ``rounds`` rounds, the start player rotating.

    The turn order tiles pass clockwise at the end of a round (GAH-R07): the
    start player's tile goes to the next player, so in round ``r`` (1..7) the
    player who started round 1 in seat ``p`` sits in seat ``(p - r + 1) mod players``.
    """
    players = len(by_seat)
    return tuple(
        sum((by_seat[(p - r) % players] for r in range(rounds)), Fraction(0))
        for p in range(players)
    )
