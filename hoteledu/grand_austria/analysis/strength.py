"""Action strength from the dice: the strongest space, the wild space, the draft, passing.

``n`` fair dice are sorted onto the six action spaces; ``K_1..K_6`` are the
counts (multinomial, :mod:`hoteledu.grand_austria.dice`). The strength of an
action is the number of dice on the space it is taken from, counted *before*
the die is removed (GAH-D01), without the +1 bought for a krone (GAH-A01).

Everything here is exact (``Fraction``) and cached; the ``sample_*`` and
``simulate_*`` functions draw the same quantities with a seeded numpy
generator, for checks and for "exact beside simulated" pictures.

Examples
--------
>>> max_count_distribution(2)
(Fraction(0, 1), Fraction(5, 6), Fraction(1, 6))
>>> expected_max_count(10)
Fraction(17357555, 5038848)
>>> [round(float(v), 2) for v in draft_strengths(2).by_pick]
[3.44, 2.75, 2.27, 2.06]
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb, factorial

import numpy as np

from hoteledu.grand_austria.dice import FACES
from hoteledu.grand_austria.hotel import DICE_BY_PLAYERS, TURN_ORDER_TILES

WILD_SPACE = 6
"""Space 6 imitates any action 1..5 at its own count, for a krone (GAH-D09)."""
ACTIONS = (1, 2, 3, 4, 5)
POLICIES = ("greedy", "uniform")
"""Draft policies: a space with the most dice, or a space chosen uniformly among non-empty ones."""


def _check_dice(n: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"the number of dice must be a whole number >= 0, got {n!r}")


def _check_wanted(wanted: int | None) -> None:
    if wanted is not None and wanted not in ACTIONS:
        raise ValueError(
            f"wanted must be an action 1..5 or None, got {wanted!r} "
            "(space 6 is the wild space that imitates 1..5) [GAH-D09]"
        )


def mean(distribution: tuple[Fraction, ...]) -> Fraction:
    """Mean of a distribution given as probabilities of the values 0, 1, 2, ...

    >>> mean((Fraction(1, 2), Fraction(0), Fraction(1, 2)))
    Fraction(1, 1)
    """
    return sum((k * p for k, p in enumerate(distribution)), Fraction(0))


# ---------------------------------------------------------------- the strongest space
_TABLE_DICE = 14
"""Tables of :func:`_ways_at_most` cover at least this many dice (the game's most), so the
calls for 1..14 dice (e.g. :func:`stopping_value`) share one table per cap."""


@cache
def _ways_at_most(top: int, size: int) -> tuple[int, ...]:
    """``result[t]``: the dice sequences of ``t`` dice with at most ``top`` on every space.

    ``t! [x^t] (1 + x + ... + x^top / top!)^6`` (exponential generating
    functions), computed in integers space by space: ``ways[t]`` counts the
    ways to put ``t`` labelled dice on the spaces so far, at most ``top`` each.
    """
    ways = [1] + [0] * size  # no space yet: only 0 dice fit
    for _ in range(FACES):
        ways = [
            sum(comb(t, k) * ways[t - k] for k in range(min(top, t) + 1)) for t in range(size + 1)
        ]
    return tuple(ways)


def _count_at_most(n: int, top: int) -> int:
    """Number of the 6^n dice sequences with every space holding at most ``top`` dice."""
    return _ways_at_most(top, max(n, _TABLE_DICE))[n]


@cache
def max_count_distribution(n: int) -> tuple[Fraction, ...]:
    """Exact distribution of M = max(K_1..K_6): ``result[m] = P(M = m)``, m = 0..n.

    M is the strength of the strongest action on the board: space 6 imitates
    any action at its own count, so M is at hand whichever space holds it.
    Computed from ``P(M <= m)`` by exponential generating functions (the
    tests check it against all 6^n dice for small n and a seeded sample).

    >>> max_count_distribution(3)
    (Fraction(0, 1), Fraction(5, 9), Fraction(5, 12), Fraction(1, 36))
    """
    _check_dice(n)
    if n == 0:
        return (Fraction(1),)
    total = FACES**n
    at_most = [Fraction(_count_at_most(n, m), total) for m in range(n + 1)]
    return (at_most[0], *(at_most[m] - at_most[m - 1] for m in range(1, n + 1)))


def expected_max_count(n: int) -> Fraction:
    """E[M], the expected strength of the strongest space with ``n`` dice."""
    return mean(max_count_distribution(n))


# ---------------------------------------------------------------- one wanted action
@cache
def wild_strength_distribution(n: int) -> tuple[Fraction, ...]:
    """Exact distribution of X = max(K_a, K_6) for one wanted action a in 1..5.

    Modelling (rulebook 001, "Die 6"; GAH-D09): a player who wants action
    ``a`` may take it on space ``a`` at strength ``K_a``, or pay 1 krone and
    take it through space 6 at strength ``K_6``. The krone is ignored, so the
    strength available is ``max(K_a, K_6)``; 0 means no die on either space
    (the action cannot be taken). The same for every ``a`` by symmetry.
    ``(K_a, K_6, rest)`` is trinomial with probabilities ``(1/6, 1/6, 4/6)``.

    >>> wild_strength_distribution(1)
    (Fraction(2, 3), Fraction(1, 3))
    """
    _check_dice(n)
    result = [Fraction(0)] * (n + 1)
    for a in range(n + 1):
        for six in range(n - a + 1):
            rest = n - a - six
            ways = comb(n, a) * comb(n - a, six) * 4**rest
            result[max(a, six)] += Fraction(ways, FACES**n)
    return tuple(result)


def expected_wild_strength(n: int) -> Fraction:
    """E[max(K_a, K_6)]: the expected strength of one wanted action, using space 6 too."""
    return mean(wild_strength_distribution(n))


def strength_distribution(n: int, wanted: int | None = None) -> tuple[Fraction, ...]:
    """The strongest space (``wanted=None``) or one wanted action with the wild space."""
    _check_wanted(wanted)
    return max_count_distribution(n) if wanted is None else wild_strength_distribution(n)


# ---------------------------------------------------------------- the draft of a round
def pick_order(players: int) -> tuple[int, ...]:
    """Seat of each pick of a round, seat 0 being the start player (tile "1").

    The engine's rule (GAH-R04): the player with the lowest visible number on
    their turn-order tile goes next; a die covers the lowest visible number.
    With the tiles 1/4, 2/3 (2 players) this is the snake 0, 1, 1, 0.

    >>> pick_order(2), pick_order(3)
    ((0, 1, 1, 0), (0, 1, 2, 2, 1, 0))
    """
    if players not in TURN_ORDER_TILES:
        raise ValueError(f"players must be one of {sorted(TURN_ORDER_TILES)}, got {players!r}")
    tiles = [sorted(pair) for pair in TURN_ORDER_TILES[players]]
    covered = [0] * players
    order = []
    for _ in range(sum(len(t) for t in tiles)):
        seat = min(
            (s for s in range(players) if covered[s] < len(tiles[s])),
            key=lambda s: tiles[s][covered[s]],
        )
        order.append(seat)
        covered[seat] += 1
    return tuple(order)


def _partitions(n: int, parts: int, largest: int) -> list[tuple[int, ...]]:
    """Non-increasing tuples of ``parts`` counts >= 0 summing to ``n``, each <= ``largest``."""
    if parts == 0:
        return [()] if n == 0 else []
    result = []
    for first in range(min(n, largest), -1, -1):
        if first * parts < n:
            break
        for rest in _partitions(n - first, parts - 1, first):
            result.append((first, *rest))
    return result


@cache
def sorted_roll_outcomes(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """The roll up to the order of the spaces: sorted count vectors and their probabilities.

    ``P(sorted counts = v) = n!/prod(v_i!) / 6^n`` times the number of distinct
    arrangements of ``v`` over the six spaces. For 14 dice: 90 vectors
    instead of 11628.

    >>> sorted_roll_outcomes(2)
    (((2, 0, 0, 0, 0, 0), Fraction(1, 6)), ((1, 1, 0, 0, 0, 0), Fraction(5, 6)))
    """
    _check_dice(n)
    return tuple((counts, Fraction(ways, FACES**n)) for counts, ways in _sorted_roll_ways(n))


@cache
def _sorted_roll_ways(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Sorted count vectors with the number of the 6^n dice sequences showing each."""
    outcomes = []
    for counts in _partitions(n, FACES, n):
        ways = factorial(n)
        for k in counts:
            ways //= factorial(k)
        arrangements = factorial(FACES)
        for multiplicity in Counter(counts).values():
            arrangements //= factorial(multiplicity)
        outcomes.append((counts, ways * arrangements))
    return tuple(outcomes)


def _take(counts: tuple[int, ...], index: int) -> tuple[int, ...]:
    """Remove a die from the space at ``index`` and sort again (largest first)."""
    after = list(counts)
    after[index] -= 1
    return tuple(sorted(after, reverse=True))


_UNIFORM_SCALE = 60
"""lcm(1..6): a uniform choice among 1..6 non-empty spaces has probabilities k/60 in integers."""


@cache
def _uniform_weights(
    counts: tuple[int, ...], picks: int
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The uniform policy's strength distribution per pick, as integer weights over 60**picks.

    Integers instead of ``Fraction`` keep the cold call fast (no gcd at every step).
    """
    if picks == 0:
        return ()
    total = _UNIFORM_SCALE**picks
    if counts[0] == 0:
        return tuple(((0, total),) for _ in range(picks))
    non_empty = sum(1 for k in counts if k > 0)
    step = _UNIFORM_SCALE // non_empty
    totals: list[Counter[int]] = [Counter() for _ in range(picks)]
    for value, times in Counter(k for k in counts if k > 0).items():
        weight = times * step
        totals[0][value] += weight * _UNIFORM_SCALE ** (picks - 1)
        later = _uniform_weights(_take(counts, counts.index(value)), picks - 1)
        for pick, distribution in enumerate(later):
            for strength, w in distribution:
                totals[pick + 1][strength] += weight * w
    return tuple(tuple(sorted(t.items())) for t in totals)


@cache
def _greedy_strengths(counts: tuple[int, ...], picks: int) -> tuple[int, ...]:
    """The greedy policy is deterministic: the strength of each of the next ``picks`` picks.

    Any space with the most dice will do (by symmetry the first of the sorted
    vector); a pick with no die left has strength 0 (the round would have ended).
    """
    if picks == 0:
        return ()
    return (counts[0], *_greedy_strengths(_take(counts, 0) if counts[0] else counts, picks - 1))


@dataclasses.dataclass(frozen=True)
class DraftStrengths:
    """Exact strengths of the picks of one round when nobody passes.

    ``order[i]`` is the seat (0 = the round's start player, shown as P1) of
    pick ``i``; ``by_pick[i]`` its expected strength and
    ``distributions[i][s]`` the probability of strength ``s``; ``by_seat[s]``
    the expected total strength of seat ``s`` over its two picks.
    """

    players: int
    dice: int
    policy: str
    order: tuple[int, ...]
    by_pick: tuple[Fraction, ...]
    by_seat: tuple[Fraction, ...]
    distributions: tuple[tuple[Fraction, ...], ...]

    def seat_label(self, seat: int) -> str:
        """The reader's name of a seat: P1 is the start player of the round."""
        return f"P{seat + 1}"


@cache
def draft_strengths(
    players: int, policy: str = "greedy", dice: int | None = None
) -> DraftStrengths:
    """Exact expected strength at each pick of a round, and per seat.

    Every player takes, in the engine's turn order (:func:`pick_order`), one
    die: with ``policy="greedy"`` from a space with the most dice, with
    ``"uniform"`` from a space chosen uniformly among those holding dice.
    Taking a die removes it, so later picks see a weaker board. Nobody passes.
    Exact over the multinomial roll: a memoised recursion over sorted count
    vectors (the order of the spaces does not matter to these policies).
    ``dice`` defaults to the game's 10, 12 or 14.
    """
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}, got {policy!r}")
    order = pick_order(players)
    n = DICE_BY_PLAYERS[players] if dice is None else dice
    _check_dice(n)
    # integer weights, one Fraction per value at the end (fast when cold)
    weights = [[0] * (n + 1) for _ in order]
    for counts, ways in _sorted_roll_ways(n):
        if policy == "greedy":
            for pick, strength in enumerate(_greedy_strengths(counts, len(order))):
                weights[pick][strength] += ways
        else:
            for pick, distribution in enumerate(_uniform_weights(counts, len(order))):
                for strength, w in distribution:
                    weights[pick][strength] += ways * w
    scale = FACES**n * (1 if policy == "greedy" else _UNIFORM_SCALE ** len(order))
    distributions = [[Fraction(w, scale) for w in pick] for pick in weights]
    by_pick = tuple(mean(tuple(d)) for d in distributions)
    by_seat = tuple(
        sum((e for e, s in zip(by_pick, order, strict=True) if s == seat), Fraction(0))
        for seat in range(players)
    )
    return DraftStrengths(
        players=players,
        dice=n,
        policy=policy,
        order=order,
        by_pick=by_pick,
        by_seat=by_seat,
        distributions=tuple(tuple(d) for d in distributions),
    )


# ---------------------------------------------------------------- take now or pass
@dataclasses.dataclass(frozen=True)
class StoppingValue:
    """Take now or pass, for a player alone with one action left (all indexed by dice m = 0..n).

    ``values[m]`` = V(m), the expected strength when playing well with ``m``
    dice on the board; ``take_now[m]`` = E[X_m], the expected strength of
    taking at once; ``thresholds[m]``: take when ``X_m >= thresholds[m]``,
    pass otherwise (``thresholds[0] = 0``: no dice, nothing to decide);
    ``take_probabilities[m]`` = P(X_m >= thresholds[m]).
    """

    dice: int
    wanted: int | None
    values: tuple[Fraction, ...]
    take_now: tuple[Fraction, ...]
    thresholds: tuple[int, ...]
    take_probabilities: tuple[Fraction, ...]


@cache
def stopping_value(n: int, wanted: int | None = None) -> StoppingValue:
    """Optimal stopping of the reroll: V(0) = 0, V(m) = E[max(X_m, V(m-1))].

    A player alone with one action left and ``m`` dice on the board either
    takes now, at strength X_m (the strongest space M, or ``max(K_a, K_6)``
    for a ``wanted`` action a, see :func:`wild_strength_distribution`), or
    passes: one die goes to the dustbin and the other ``m - 1`` are rerolled
    (GAH-R05); with no die left the round ends (V(0) = 0). Taking is best when
    ``X_m >= V(m-1)`` (a tie is taken: the same value, and certain); a
    strength of 0 (no die on the wanted spaces) is never taken.

    >>> rule = stopping_value(3, wanted=2)
    >>> rule.thresholds
    (0, 1, 1, 1)
    """
    _check_dice(n)
    _check_wanted(wanted)
    values = [Fraction(0)]
    take_now = [Fraction(0)]
    thresholds = [0]
    take_probabilities = [Fraction(0)]
    for m in range(1, n + 1):
        distribution = strength_distribution(m, wanted)
        previous = values[-1]
        threshold = max(1, -(-previous.numerator // previous.denominator))  # ceil, at least 1
        values.append(sum((p * max(Fraction(x), previous) for x, p in enumerate(distribution))))
        take_now.append(mean(distribution))
        thresholds.append(threshold)
        take_probabilities.append(sum(distribution[threshold:], Fraction(0)))
    return StoppingValue(
        dice=n,
        wanted=wanted,
        values=tuple(values),
        take_now=tuple(take_now),
        thresholds=tuple(thresholds),
        take_probabilities=tuple(take_probabilities),
    )


# ---------------------------------------------------------------- seeded simulations
def sample_rolls(n: int, size: int, seed: int | None = 0) -> np.ndarray:
    """``size`` seeded rolls of ``n`` dice: an array ``(size, 6)`` of counts per space."""
    _check_dice(n)
    rng = np.random.default_rng(seed)
    return rng.multinomial(n, [1 / FACES] * FACES, size=size)


def sample_max_counts(n: int, size: int, seed: int | None = 0) -> np.ndarray:
    """Seeded sample of M = max(K_1..K_6) (compare with :func:`max_count_distribution`)."""
    return sample_rolls(n, size, seed).max(axis=1)


def sample_wild_strengths(n: int, size: int, seed: int | None = 0, wanted: int = 1) -> np.ndarray:
    """Seeded sample of max(K_wanted, K_6) (compare with :func:`wild_strength_distribution`)."""
    _check_wanted(wanted)
    rolls = sample_rolls(n, size, seed)
    return np.maximum(rolls[:, wanted - 1], rolls[:, WILD_SPACE - 1])


def simulate_draft(
    players: int, games: int, seed: int | None = 0, policy: str = "greedy"
) -> np.ndarray:
    """Seeded rounds of the draft: an array ``(games, picks)`` of the strengths taken.

    Plays the six unsorted spaces (no sorting, no symmetry), all games at
    once, so it also checks the reduction used by :func:`draft_strengths`.
    """
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}, got {policy!r}")
    order = pick_order(players)
    rng = np.random.default_rng(seed)
    counts = rng.multinomial(DICE_BY_PLAYERS[players], [1 / FACES] * FACES, size=games)
    games_index = np.arange(games)
    result = np.zeros((games, len(order)), dtype=np.int64)
    for pick in range(len(order)):
        if policy == "greedy":
            space = counts.argmax(axis=1)  # a space with the most dice
        else:
            non_empty = counts > 0
            rank = (rng.random(games) * non_empty.sum(axis=1)).astype(np.int64)
            space = (non_empty.cumsum(axis=1) <= rank[:, None]).sum(axis=1)  # the rank-th one
            space = np.minimum(space, FACES - 1)  # boards without dice: strength 0 below
        strength = counts[games_index, space]
        result[:, pick] = strength
        counts[games_index, space] -= strength > 0
    return result


def simulate_stopping(
    n: int, trials: int, seed: int | np.random.Generator | None = 0, wanted: int | None = None
) -> np.ndarray:
    """Seeded plays of the take-or-pass rule of :func:`stopping_value`: the strengths obtained.

    ``seed`` may be a generator (a stream spawned by the caller).
    """
    rule = stopping_value(n, wanted)
    rng = np.random.default_rng(seed)
    result = np.zeros(trials, dtype=np.int64)
    waiting = np.ones(trials, dtype=bool)  # still passing
    for m in range(n, 0, -1):
        counts = rng.multinomial(m, [1 / FACES] * FACES, size=trials)
        if wanted is None:
            x = counts.max(axis=1)
        else:
            x = np.maximum(counts[:, wanted - 1], counts[:, WILD_SPACE - 1])
        take = waiting & (x >= rule.thresholds[m])
        result[take] = x[take]
        waiting &= ~take
    return result
