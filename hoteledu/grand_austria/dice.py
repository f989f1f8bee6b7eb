"""Exact dice maths for Grand Austria Hotel.

At the start of a round (and at each reroll) ``n`` dice are rolled and sorted
onto the six action spaces. What matters to the game is only how many dice
land on each space: the vector of counts ``(k1, ..., k6)`` with ``sum = n``.
It follows the multinomial distribution::

    P(k1, ..., k6) = n! / (k1! ... k6!) / 6**n

The rules engine lists these outcomes as one chance node (for 14 dice there
are C(19, 5) = 11628 of them) and samples them by NumPy's multinomial method
written out on the generator's uniform numbers (:func:`roll_from_uniforms`), so
the rules and a random playout (which reads its numbers in blocks) draw the same
counts from the same stream, whatever ``Generator.multinomial`` does in another
NumPy release.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import comb, exp, factorial, log, sqrt

import numpy as np

FACES = 6
"""The six action spaces of the action board."""


@cache
def compositions(n: int, parts: int = FACES) -> tuple[tuple[int, ...], ...]:
    """All ways to write ``n`` as an ordered sum of ``parts`` counts >= 0.

    Examples
    --------
    >>> compositions(2, 2)
    ((0, 2), (1, 1), (2, 0))
    >>> len(compositions(14))
    11628
    """
    if n < 0:
        raise ValueError("the number of dice cannot be negative")
    if parts == 1:
        return ((n,),)
    result = []
    for first in range(n + 1):
        for rest in compositions(n - first, parts - 1):
            result.append((first, *rest))
    return tuple(result)


def roll_probability(counts: tuple[int, ...]) -> Fraction:
    """Exact probability that ``sum(counts)`` fair dice show exactly ``counts``.

    Examples
    --------
    >>> roll_probability((1, 0, 0, 0, 0, 0))
    Fraction(1, 6)
    >>> roll_probability((1, 1, 0, 0, 0, 0))
    Fraction(1, 18)
    """
    n = sum(counts)
    ways = factorial(n)
    for k in counts:
        ways //= factorial(k)
    return Fraction(ways, FACES**n)


@cache
def roll_outcomes(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every count vector of ``n`` dice with its exact probability (sums to 1).

    Examples
    --------
    >>> sum(p for _, p in roll_outcomes(3))
    Fraction(1, 1)
    """
    return tuple((c, roll_probability(c)) for c in compositions(n))


def sample_roll(n: int, rng: np.random.Generator) -> tuple[int, ...]:
    """Roll ``n`` dice: the counts per space, one multinomial draw (:func:`roll_from_uniforms`).

    >>> sample_roll(14, np.random.default_rng(1))
    (2, 5, 1, 4, 1, 1)
    """
    return roll_from_uniforms(n, rng.random)


def roll_from_uniforms(n: int, random: Callable[[], float]) -> tuple[int, ...]:
    """The counts of ``n`` dice drawn from ``random`` (``rng.random`` or a reader of it).

    NumPy's multinomial method written out (``random_multinomial`` in its
    ``distributions.c``, NumPy 2.4): a binomial draw per space of the dice not yet
    placed, each by inversion of its distribution on one uniform number, in the
    same floating-point steps, so the same counts from the same stream as
    ``rng.multinomial(n, [1/6] * 6)`` there. A random playout reads its numbers in
    blocks (:class:`~hoteledu.core.draws.Draws`), where a multinomial call would
    make it give the generator back first. tests/grand_austria/test_playout.py
    checks the exact distribution, and the rolls of a stored stream.
    """
    counts = [0, 0, 0, 0, 0, 0]
    left = n
    for space in range(FACES - 1):
        if left <= 0:
            break
        tables = _TABLES[space]
        bound, masses = tables[left] if left < len(tables) else _binomial_table(left, space)
        k = 0
        u = random()
        while u > masses[k]:  # inversion: walk up the distribution until u is used up
            k += 1
            if k > bound:  # u beyond rounding of the total: NumPy draws again
                k = 0
                u = random()
            else:
                u -= masses[k - 1]
        counts[space] = k
        left -= k
    if left > 0:
        counts[FACES - 1] = left
    return tuple(counts)


@cache
def _binomial_table(n: int, space: int) -> tuple[int, tuple[float, ...]]:
    """The bound and the probabilities NumPy's inversion walks for ``n`` dice on ``space``.

    ``p`` is the face's share of the faces left (1/6 over the remainder of
    ``1.0`` less 1/6 per space passed, as NumPy subtracts it); each probability
    follows from the one before as NumPy computes it, so the sums agree bit for bit.
    """
    remaining = 1.0
    for _ in range(space):
        remaining -= 1 / FACES
    p = (1 / FACES) / remaining
    if p > 0.5:  # NumPy draws the complement then; p never exceeds 1/2 for six faces
        raise ValueError("a face's share above 1/2 is not written out here")
    q = 1.0 - p
    qn = exp(n * log(q))
    mean = n * p
    bound = int(min(n, mean + 10.0 * sqrt(mean * q + 1)))
    masses = [qn]
    px = qn
    for x in range(1, bound + 1):
        px = ((n - x + 1) * p * px) / (x * q)
        masses.append(px)
    return bound, tuple(masses)


_TABLES = tuple(tuple(_binomial_table(n, space) for n in range(15)) for space in range(FACES - 1))
"""``_TABLES[space][n]`` is ``_binomial_table(n, space)`` for up to 14 dice (4 players)."""


@cache
def _uniform_cdf(k: int) -> np.ndarray:
    weights = np.array([float(Fraction(1, k))] * k)
    cdf = (weights / weights.sum()).cumsum()
    cdf /= cdf[-1]
    return cdf


def uniform_from(k: int, random: Callable[[], float]) -> int:
    """``uniform_index(k, rng)`` drawn from ``random`` (``rng.random`` or a reader of it).

    The same index: ``bisect_right`` on the same cumulative sums is ``searchsorted``
    with ``side="right"``, without a NumPy call.
    """
    return bisect_right(_uniform_cdf_list(k), random())


@cache
def _uniform_cdf_list(k: int) -> list[float]:
    return _uniform_cdf(k).tolist()


def uniform_index(k: int, rng: np.random.Generator) -> int:
    """One of ``k`` equally likely outcomes, the draw ``rng.choice(k, p=[1/k]*k)`` makes.

    The same number from the same stream as :meth:`State.sample_chance`, without
    checking ``p`` each time: the seeded games of before stay the same games.
    """
    return int(_uniform_cdf(k).searchsorted(rng.random(), side="right"))


def space_count_distribution(n: int) -> list[Fraction]:
    """Exact distribution of the dice on one given space: Binomial(n, 1/6).

    Examples
    --------
    >>> space_count_distribution(2)
    [Fraction(25, 36), Fraction(5, 18), Fraction(1, 36)]
    """
    return [
        comb(n, k) * Fraction(1, FACES) ** k * Fraction(5, FACES) ** (n - k) for k in range(n + 1)
    ]


def expected_strength(n: int) -> Fraction:
    """Expected dice on one space for ``n`` dice: ``n / 6``.

    Examples
    --------
    >>> expected_strength(12)
    Fraction(2, 1)
    """
    return sum((k * p for k, p in enumerate(space_count_distribution(n))), Fraction(0))


def probability_space_empty(n: int) -> Fraction:
    """Probability that a given space receives no die: ``(5/6)**n``."""
    return Fraction(5, FACES) ** n
