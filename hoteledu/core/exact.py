"""Exact probabilities from chance nodes, and seeded Monte Carlo beside them.

The rules list every chance node's outcomes with exact ``Fraction``
probabilities, so a question such as "what is the distribution of the dice
total?" can be answered by walking the chance tree: :func:`enumerate_chance`.
:func:`monte_carlo` samples the very same tree with a seeded generator and
returns an :class:`Estimate` with a 95% interval, and :func:`compare` puts
the two side by side for a lesson: exact first, simulation as the check.

Examples
--------
>>> from fractions import Fraction
>>> from hoteledu.core.exact import Estimate, compare
>>> print(compare(Fraction(2, 3), Estimate.from_samples([0.0, 1.0, 1.0] * 100)))
exact 2/3 = 0.6667 | simulated 0.667 ± 0.053 (95% CI, n=300) | inside the CI: yes
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from numbers import Rational
from typing import Any

import numpy as np

from hoteledu.core.actions import Action
from hoteledu.core.agents import SeedLike, make_rng
from hoteledu.core.state import State

__all__ = [
    "Comparison",
    "Estimate",
    "chance_distribution",
    "compare",
    "enumerate_chance",
    "exact_expectation",
    "exact_probability",
    "monte_carlo",
    "monte_carlo_estimate",
]

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal: a 95% two-sided interval."""

Policy = Callable[[State], "Action | None"]


# ------------------------------------------------------------ exact answers
def chance_distribution(state: State) -> dict[Action, Fraction]:
    """The outcomes of a chance node with their exact probabilities.

    Repeated outcomes are merged. Raises ``ValueError`` when ``state`` is not a
    chance node or its probabilities are not exact, positive and summing to 1.

    Examples
    --------
    >>> from hoteledu.core.exact import chance_distribution
    >>> callable(chance_distribution)
    True
    """
    if not state.is_chance_node():
        raise ValueError(f"not a chance node: {state!r}")
    distribution: dict[Action, Fraction] = {}
    for outcome, probability in state.chance_outcomes():
        if not isinstance(probability, Rational):
            raise ValueError(
                f"chance outcome {outcome} has the inexact probability {probability!r}; "
                "the rules must give exact Fractions"
            )
        if probability <= 0:
            raise ValueError(f"chance outcome {outcome} has probability {probability}")
        distribution[outcome] = distribution.get(outcome, Fraction(0)) + Fraction(probability)
    total = sum(distribution.values(), Fraction(0))
    if total != 1:
        raise ValueError(f"the chance probabilities sum to {total}, not 1")
    return distribution


def _walk_to_chance(
    node: State, until: Callable[[State], bool] | None, policy: Policy | None
) -> bool:
    """Apply the policy's decisions until a chance node; False where the walk stops.

    The walk stops where ``until`` holds, at the end of the game, or at a
    decision with no policy (or where the policy returns None).
    """
    while True:
        if until is not None and until(node):
            return False
        if node.is_chance_node():
            return True
        if policy is None or node.is_terminal():
            return False
        action = policy(node)
        if action is None:
            return False
        node.apply_action(action)


def enumerate_chance(
    state: State,
    value_fn: Callable[[State], Hashable],
    *,
    until: Callable[[State], bool] | None = None,
    policy: Policy | None = None,
    max_depth: int = 1000,
    max_leaves: int = 1_000_000,
    merge_equal_states: bool = False,
) -> dict[Any, Fraction]:
    """The exact distribution of ``value_fn(final state)`` over the chance tree.

    From ``state`` every outcome of every consecutive chance node is followed.
    A branch stops at the first node that is not a chance node, when
    ``until(state)`` is true (checked at every node, the start included), or
    after ``max_depth`` chance events; ``value_fn`` is applied there.

    Parameters
    ----------
    state : State
        The start (not changed).
    value_fn : callable
        Maps a final state to a hashable value (a number, a bool, a tuple).
    until : callable, optional
        Stop a branch where it returns True.
    policy : callable, optional
        A fixed decision rule ``policy(state) -> Action or None``; at a decision
        node the walk applies its action and goes on (None stops it). With it,
        "roll twice, then stop" is one enumeration.
    max_depth : int
        Stop a branch after this many chance events.
    max_leaves : int
        Refuse (``ValueError``) a tree with more final states than this.
    merge_equal_states : bool
        Merge positions with equal ``to_snapshot()`` reached after the same
        number of chance events, adding their probabilities: a tree with many
        paths to few positions (dice totals, a Markov chain) stays small. Use
        it only when ``value_fn``, ``until`` and ``policy`` look at the
        position, not at the history (merged states keep one history).

    Returns
    -------
    dict
        Value -> exact probability, sorted by value where values sort; the
        probabilities sum to 1.

    Examples
    --------
    >>> from hoteledu.core.exact import enumerate_chance
    >>> callable(enumerate_chance)
    True
    """
    distribution: dict[Any, Fraction] = {}
    leaves = 0

    def leaf(node: State, probability: Fraction) -> None:
        nonlocal leaves
        leaves += 1
        if leaves > max_leaves:
            raise ValueError(
                f"the chance tree has more than {max_leaves} final states; use "
                "merge_equal_states=True, monte_carlo, or raise max_leaves"
            )
        value = value_fn(node)
        distribution[value] = distribution.get(value, Fraction(0)) + probability

    if merge_equal_states:
        # Level by level (one chance event per level); equal positions at the
        # same level are merged, their probabilities added.
        level: dict[str, tuple[State, Fraction]] = {"start": (state.clone(), Fraction(1))}
        depth = 0
        while level:
            following: dict[str, tuple[State, Fraction]] = {}
            for node, probability in level.values():
                if not _walk_to_chance(node, until, policy) or depth >= max_depth:
                    leaf(node, probability)
                    continue
                for outcome, p in chance_distribution(node).items():
                    child = node.clone()
                    child.apply_action(outcome)
                    key = json.dumps(child.to_snapshot(), sort_keys=True, default=str)
                    known = following.get(key)
                    weight = probability * p
                    following[key] = (
                        (child, weight) if known is None else (known[0], known[1] + weight)
                    )
            level = following
            depth += 1
    else:
        # Depth first; a state is cloned only where the tree branches.
        stack: list[tuple[State, Fraction, int]] = [(state.clone(), Fraction(1), 0)]
        while stack:
            node, probability, depth = stack.pop()
            while _walk_to_chance(node, until, policy) and depth < max_depth:
                outcomes = list(chance_distribution(node).items())
                for outcome, p in outcomes[1:]:
                    child = node.clone()
                    child.apply_action(outcome)
                    stack.append((child, probability * p, depth + 1))
                outcome, p = outcomes[0]
                node.apply_action(outcome)
                probability *= p
                depth += 1
            leaf(node, probability)
    try:
        return dict(sorted(distribution.items()))
    except TypeError:  # values that do not sort keep their order of discovery
        return distribution


def exact_expectation(state: State, value_fn: Callable[[State], Any], **walk: Any) -> Fraction:
    """The exact expected value of ``value_fn`` over the chance tree.

    ``value_fn`` must return exact numbers (int, bool or Fraction); the keyword
    arguments are those of :func:`enumerate_chance`.
    """
    total = Fraction(0)
    for value, probability in enumerate_chance(state, value_fn, **walk).items():
        if not isinstance(value, Rational):
            raise TypeError(
                f"exact_expectation needs exact values (int or Fraction), got {value!r}"
            )
        total += probability * Fraction(value)
    return total


def exact_probability(state: State, event: Callable[[State], bool], **walk: Any) -> Fraction:
    """The exact probability that ``event(final state)`` is true."""
    return enumerate_chance(state, lambda s: bool(event(s)), **walk).get(True, Fraction(0))


# ------------------------------------------------------------- simulation
@dataclasses.dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate: mean, standard error and 95% normal interval.

    Attributes
    ----------
    mean : float
        The sample mean.
    std_error : float
        The standard error ``s / sqrt(n)`` (sample standard deviation ``s``).
    low, high : float
        ``mean ∓ 1.96 · std_error``.
    n : int
        The number of samples.
    confidence : float
        0.95.
    """

    mean: float
    std_error: float
    low: float
    high: float
    n: int
    confidence: float = 0.95

    @classmethod
    def from_samples(cls, values: Sequence[float] | np.ndarray) -> Estimate:
        """The estimate of the mean of ``values`` (at least two)."""
        data = np.asarray(values, dtype=float)
        n = int(data.size)
        if n < 2:
            raise ValueError("an estimate with an interval needs at least two samples")
        mean = float(data.mean())
        std_error = float(data.std(ddof=1)) / math.sqrt(n)
        half = Z95 * std_error
        return cls(mean, std_error, mean - half, mean + half, n)

    @property
    def half_width(self) -> float:
        """Half the width of the interval: the ``±`` part."""
        return (self.high - self.low) / 2

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies in the interval (ends included)."""
        return self.low <= float(value) <= self.high

    def __str__(self) -> str:
        return f"{self.mean:.3f} ± {self.half_width:.3f} ({self.confidence:.0%} CI, n={self.n})"


def monte_carlo_estimate(
    sample_fn: Callable[[np.random.Generator], float], samples: int, seed: SeedLike
) -> Estimate:
    """Estimate the mean of any random quantity: ``sample_fn(rng)`` per sample.

    Examples
    --------
    >>> from hoteledu.core.exact import monte_carlo_estimate
    >>> estimate = monte_carlo_estimate(lambda rng: rng.integers(1, 7), 2000, seed=1)
    >>> estimate.contains(3.5)
    True
    """
    rng = make_rng(seed)
    return Estimate.from_samples([float(sample_fn(rng)) for _ in range(samples)])


def monte_carlo(
    state: State,
    value_fn: Callable[[State], float],
    *,
    samples: int,
    seed: SeedLike,
    until: Callable[[State], bool] | None = None,
    policy: Policy | None = None,
    max_depth: int = 1000,
) -> Estimate:
    """Estimate ``E[value_fn(final state)]`` by sampling the same chance tree.

    The walk is that of :func:`enumerate_chance` (same ``until``, ``policy`` and
    ``max_depth``), with each chance node sampled by ``state.sample_chance``
    from a generator seeded by ``seed``: the same seed gives the same estimate.
    """

    def sample(rng: np.random.Generator) -> float:
        node = state.clone()
        depth = 0
        while _walk_to_chance(node, until, policy) and depth < max_depth:
            node.apply_action(node.sample_chance(rng))
            depth += 1
        return float(value_fn(node))

    return monte_carlo_estimate(sample, samples, seed)


# -------------------------------------------------------------- side by side
@dataclasses.dataclass(frozen=True)
class Comparison:
    """An exact value beside a simulation of it, for lessons to print.

    Attributes
    ----------
    exact : Fraction
        The exact value.
    estimate : Estimate
        The Monte Carlo estimate.
    """

    exact: Fraction
    estimate: Estimate

    @property
    def inside(self) -> bool:
        """Whether the exact value lies in the estimate's 95% interval."""
        return self.estimate.contains(float(self.exact))

    @property
    def error(self) -> float:
        """Simulated minus exact."""
        return self.estimate.mean - float(self.exact)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for tables and figures."""
        return {
            "exact": str(self.exact),
            "exact_decimal": float(self.exact),
            "mean": self.estimate.mean,
            "low": self.estimate.low,
            "high": self.estimate.high,
            "n": self.estimate.n,
            "inside": self.inside,
        }

    def __str__(self) -> str:
        return (
            f"exact {self.exact} = {float(self.exact):.4f} | simulated {self.estimate} | "
            f"inside the CI: {'yes' if self.inside else 'no'}"
        )


def compare(exact: Fraction | int, estimate: Estimate) -> Comparison:
    """Put an exact value and a Monte Carlo estimate side by side."""
    return Comparison(Fraction(exact), estimate)
