"""Learning dynamics on bimatrix games: fictitious play, replicator and best-response dynamics.

A game is a :class:`~hoteledu.core.matrix_game.MatrixGame` or anything it
is made of: a ``nashpy.Game``, a pair ``(A, B)`` of payoff matrices (row
player P1 gets ``A[i, j]``, column player P2 gets ``B[i, j]``) or one matrix
``A`` for a zero-sum game (``B = -A``). Nothing here is specific to
Boutique: the engine's pricing games (``hoteledu.boutique.analysis.games``)
come in like any other. Ties between best responses follow the one tolerance
policy of :mod:`hoteledu.core.matrix_game`, as the equilibria do.

* :func:`fictitious_play`: each round both players best-respond to the
  empirical frequencies of the other's past play (Brown 1951). Ties between
  best responses are broken by ``tie_rule``: ``"first"`` (default, the
  lowest-numbered action: deterministic) or ``"random"`` (uniform among the
  tied actions, drawn from ``numpy.random.default_rng(seed)``). nashpy's own
  ``fictitious_play`` breaks ties with ``numpy.random.choice``, numpy's
  *global* generator, which hoteledu never uses; the tests compare the two
  on games without ties, where both are deterministic.
* :func:`replicator`: the two-population replicator dynamics
  ``x_i' = x_i ((A y)_i - x.A y)``, ``y_j' = y_j ((x B)_j - x.B y)``, either
  solved as an ODE (``scipy.integrate.solve_ivp``; the tests compare it with
  nashpy's ``asymmetric_replicator_dynamics``) or in discrete steps
  ``x_i <- x_i (1 + h ((A y)_i - x.A y))`` (an Euler step, which keeps the
  sum at 1 and stays in the simplex while ``h`` times the payoff range is
  below 1).
* :func:`best_response_path`: pure best-response dynamics from a profile,
  the players moving in turn (or at once) until a pure equilibrium or a
  cycle.
* :func:`exploitability` and :func:`distance_to_equilibria`: how far a mixed
  profile is from equilibrium (the sum of both players' gains from deviating
  to a best response, zero exactly at a Nash equilibrium; and the distance to
  the nearest equilibrium of a given list).

Payoff scale: multiplying a player's payoffs by ``c > 0`` or adding a
constant leaves fictitious play and the equilibria unchanged and only
rescales the replicator's time; :func:`normalised` maps both matrices to
[0, 1] so that one time unit (or one step ``h = 1``) means the same in every
game.

Examples
--------
>>> import numpy as np
>>> pennies = np.array([[1, -1], [-1, 1]])
>>> run = fictitious_play(pennies, iterations=2000)
>>> [round(float(p), 2) for p in run.final()[0]]
[0.5, 0.5]
>>> round(exploitability(pennies, [0.5, 0.5], [0.5, 0.5]), 12)
0.0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from hoteledu.core.matrix_game import MatrixGame

__all__ = [
    "BestResponsePath",
    "FictitiousPlayResult",
    "ReplicatorResult",
    "best_response_path",
    "distance_to_equilibria",
    "exploitability",
    "fictitious_play",
    "normalised",
    "payoff_matrices",
    "replicator",
    "replicator_field",
]

TIE_RULES = ("first", "random")


# ----------------------------------------------------------------- games
def payoff_matrices(game: Any) -> tuple[np.ndarray, np.ndarray]:
    """The row and column players' payoff matrices ``(A, B)`` as float arrays.

    Accepts what :meth:`MatrixGame.of <hoteledu.core.matrix_game.MatrixGame.of>`
    accepts: a ``nashpy.Game``, a pricing game, a pair ``(A, B)``, or a single
    matrix ``A`` (zero-sum: ``B = -A``).
    """
    return MatrixGame.of(game).payoffs


def normalised(game: Any) -> tuple[np.ndarray, np.ndarray]:
    """Both payoff matrices mapped affinely to [0, 1] (each player on its own scale).

    Equilibria, best responses and fictitious play are unchanged; the
    replicator's orbits are unchanged up to each population's speed.
    """
    a, b = payoff_matrices(game)

    def unit(m: np.ndarray) -> np.ndarray:
        span = float(m.max() - m.min())
        return (m - m.min()) / span if span > 0 else np.zeros_like(m)

    return unit(a), unit(b)


def _mixed(strategy: Any, size: int, name: str) -> np.ndarray:
    x = np.asarray(strategy, dtype=float)
    if x.shape[-1:] != (size,):
        raise ValueError(f"{name} must have {size} probabilities, got shape {x.shape}")
    if (x < -1e-12).any() or not np.allclose(x.sum(axis=-1), 1.0, atol=1e-9):
        raise ValueError(f"{name} must be probabilities (>= 0, summing to 1), got {strategy!r}")
    return x


# ------------------------------------------------------- fictitious play
@dataclasses.dataclass(frozen=True)
class FictitiousPlayResult:
    """A run of fictitious play.

    Attributes
    ----------
    row_counts, col_counts : ndarray
        ``row_counts[t, i]``: how often P1 played action ``i`` in the first
        ``t`` rounds (row 0 holds the initial counts), shape
        ``(iterations + 1, m)``; the same for P2.
    plays : ndarray
        ``plays[t] = (i, j)``, the actions played in round ``t + 1``.
    tie_rule : str
        How ties between best responses were broken.
    """

    row_counts: np.ndarray
    col_counts: np.ndarray
    plays: np.ndarray
    tie_rule: str

    @property
    def iterations(self) -> int:
        return len(self.plays)

    def frequencies(self) -> tuple[np.ndarray, np.ndarray]:
        """Empirical mixes after each round: shapes (iterations, m) and (iterations, n)."""
        rows = self.row_counts[1:]
        cols = self.col_counts[1:]
        return rows / rows.sum(axis=1, keepdims=True), cols / cols.sum(axis=1, keepdims=True)

    def final(self) -> tuple[np.ndarray, np.ndarray]:
        """The empirical mixed strategies after the last round."""
        rows, cols = self.frequencies()
        return rows[-1], cols[-1]

    def switches(self) -> int:
        """How often the pair of actions played changed from one round to the next."""
        return int((self.plays[1:] != self.plays[:-1]).any(axis=1).sum())


def fictitious_play(
    game: Any,
    iterations: int,
    *,
    initial_counts: tuple[Sequence[float], Sequence[float]] | None = None,
    tie_rule: str = "first",
    seed: int | np.random.SeedSequence | None = None,
) -> FictitiousPlayResult:
    """Simultaneous fictitious play for ``iterations`` rounds.

    In each round P1 plays a best response to P2's counts so far and P2 a
    best response to P1's (both at once, as in Brown's simultaneous version
    and in nashpy). With no initial counts every action is a best response
    in round 1, so the tie rule picks the first play.

    Parameters
    ----------
    game
        See :func:`payoff_matrices`.
    iterations : int
        Rounds to play (>= 1).
    initial_counts : pair of sequences, optional
        Prior counts of P1's and P2's actions (default all zero).
    tie_rule : {"first", "random"}
        ``"first"``: the lowest-numbered best response; ``"random"``: uniform
        among the best responses, drawn from ``numpy.random.default_rng(seed)``.
    seed
        Seed of the tie-breaking generator (used only with ``"random"``).
    """
    matrix = MatrixGame.of(game)
    a, b = matrix.payoffs
    if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1:
        raise ValueError(f"iterations must be a whole number >= 1, got {iterations!r}")
    if tie_rule not in TIE_RULES:
        raise ValueError(f"tie_rule must be one of {TIE_RULES}, got {tie_rule!r}")
    m, n = a.shape
    if initial_counts is None:
        row = np.zeros(m)
        col = np.zeros(n)
    else:
        row = np.asarray(initial_counts[0], dtype=float).copy()
        col = np.asarray(initial_counts[1], dtype=float).copy()
        if row.shape != (m,) or col.shape != (n,) or (row < 0).any() or (col < 0).any():
            raise ValueError(
                f"initial_counts must be {m} and {n} counts >= 0, got {initial_counts!r}"
            )
    rng = np.random.default_rng(seed) if tie_rule == "random" else None
    bt = b.T.copy()
    # Utilities against the counts (not frequencies): the same argmax, no division; kept
    # up to date by adding one column per round instead of a matrix product.
    row_utility = a @ col
    col_utility = bt @ row
    plays = np.empty((iterations, 2), dtype=np.int64)
    for t in range(iterations):
        played = t + row.sum() + col.sum()  # bounds the counts: the tie tolerance grows with them
        row_best = matrix.best_reply_mask(0, row_utility, played)
        col_best = matrix.best_reply_mask(1, col_utility, played)
        if rng is None:
            i, j = int(row_best.argmax()), int(col_best.argmax())
        else:
            rows, cols = np.flatnonzero(row_best), np.flatnonzero(col_best)
            i = int(rows[rng.integers(len(rows))])
            j = int(cols[rng.integers(len(cols))])
        plays[t] = i, j
        row_utility += a[:, j]
        col_utility += bt[:, i]
    row_counts = np.vstack([row, row + np.cumsum(np.eye(m)[plays[:, 0]], axis=0)])
    col_counts = np.vstack([col, col + np.cumsum(np.eye(n)[plays[:, 1]], axis=0)])
    return FictitiousPlayResult(row_counts, col_counts, plays, tie_rule)


# ------------------------------------------------------------ replicator
@dataclasses.dataclass(frozen=True)
class ReplicatorResult:
    """A replicator trajectory: ``x[t]`` (P1's mix) and ``y[t]`` (P2's) at ``times[t]``."""

    times: np.ndarray
    x: np.ndarray
    y: np.ndarray
    method: str

    def final(self) -> tuple[np.ndarray, np.ndarray]:
        return self.x[-1], self.y[-1]


def _interior(size: int) -> np.ndarray:
    return np.full(size, 1.0 / size)


def replicator(
    game: Any,
    x0: Sequence[float] | None = None,
    y0: Sequence[float] | None = None,
    *,
    time: float = 50.0,
    points: int = 501,
    method: str = "ode",
    step: float = 0.1,
) -> ReplicatorResult:
    """Two-population replicator dynamics from ``(x0, y0)`` (default: uniform mixes).

    Parameters
    ----------
    game
        See :func:`payoff_matrices`.
    x0, y0 : sequences of probabilities, optional
        Starting mixes of P1 and P2.
    time : float
        Length of the run (ODE time; for ``"discrete"`` the number of steps is
        ``round(time / step)``).
    points : int
        Number of output times for ``"ode"`` (evenly spaced on [0, time]).
    method : {"ode", "discrete"}
        ``"ode"``: ``solve_ivp`` (RK45, tight tolerances); ``"discrete"``:
        Euler steps of size ``step``, every step returned.
    step : float
        Step size of the discrete version.
    """
    a, b = payoff_matrices(game)
    m, n = a.shape
    x = _mixed(_interior(m) if x0 is None else x0, m, "x0")
    y = _mixed(_interior(n) if y0 is None else y0, n, "y0")
    if not time > 0:
        raise ValueError(f"time must be > 0, got {time!r}")
    if method == "ode":
        from scipy.integrate import solve_ivp  # imported here: only the ODE needs scipy

        if not isinstance(points, int) or points < 2:
            raise ValueError(f"points must be a whole number >= 2, got {points!r}")

        def derivative(_t: float, z: np.ndarray) -> np.ndarray:
            xs, ys = z[:m], z[m:]
            f = a @ ys
            g = xs @ b
            return np.concatenate((xs * (f - xs @ f), ys * (g - g @ ys)))

        times = np.linspace(0.0, float(time), points)
        solution = solve_ivp(
            derivative,
            (0.0, float(time)),
            np.concatenate((x, y)),
            t_eval=times,
            rtol=1e-8,
            atol=1e-10,
        )
        if not solution.success:  # pragma: no cover - RK45 on a polynomial field
            raise RuntimeError(f"replicator ODE failed: {solution.message}")
        # The exact flow stays on the simplex; the solver's rounding may step a hair off it.
        z = np.clip(solution.y.T, 0.0, None)
        xs, ys = z[:, :m], z[:, m:]
        xs = xs / xs.sum(axis=1, keepdims=True)
        ys = ys / ys.sum(axis=1, keepdims=True)
        return ReplicatorResult(times, xs, ys, "ode")
    if method == "discrete":
        if not step > 0:
            raise ValueError(f"step must be > 0, got {step!r}")
        steps = max(1, round(time / step))
        xs = np.empty((steps + 1, m))
        ys = np.empty((steps + 1, n))
        xs[0], ys[0] = x, y
        for t in range(steps):
            f = a @ y
            g = x @ b
            x_new = x * (1 + step * (f - x @ f))
            y_new = y * (1 + step * (g - g @ y))
            if (x_new < 0).any() or (y_new < 0).any():
                raise ValueError(
                    f"step {step} is too large for these payoffs (a share went below 0 at "
                    f"step {t + 1}); use a smaller step or normalised(game)"
                )
            x, y = x_new / x_new.sum(), y_new / y_new.sum()  # sums are 1 up to rounding
            xs[t + 1], ys[t + 1] = x, y
        return ReplicatorResult(np.arange(steps + 1) * step, xs, ys, "discrete")
    raise ValueError(f"method must be 'ode' or 'discrete', got {method!r}")


# --------------------------------------------------- best-response paths
@dataclasses.dataclass(frozen=True)
class BestResponsePath:
    """Pure best-response dynamics: the profiles visited and how the path ended.

    ``equilibrium`` is the pure equilibrium reached (or None); ``cycle`` the
    profiles of the cycle the path entered (or None).
    """

    profiles: list[tuple[int, int]]
    equilibrium: tuple[int, int] | None
    cycle: list[tuple[int, int]] | None


def best_response_path(
    game: Any,
    start: tuple[int, int] = (0, 0),
    *,
    order: str = "alternating",
    max_steps: int = 1000,
) -> BestResponsePath:
    """Let the players switch to a best response until nobody wants to (or a cycle).

    ``order="alternating"``: P1 moves, then P2, and so on (a player who is
    already best-responding stays); ``"simultaneous"``: both at once. A
    player keeps their action when it is among the best responses, and
    otherwise takes the lowest-numbered best response (deterministic).
    """
    matrix = MatrixGame.of(game)
    a, b = matrix.payoffs
    m, n = a.shape
    i, j = start
    if not (0 <= i < m and 0 <= j < n):
        raise ValueError(f"start must be a profile (i, j) with i < {m} and j < {n}, got {start!r}")
    if order not in ("alternating", "simultaneous"):
        raise ValueError(f"order must be 'alternating' or 'simultaneous', got {order!r}")

    def row_reply(i: int, j: int) -> int:
        best = np.flatnonzero(matrix.best_reply_mask(0, a[:, j]))
        return i if i in best else int(best[0])

    def col_reply(i: int, j: int) -> int:
        best = np.flatnonzero(matrix.best_reply_mask(1, b[i, :]))
        return j if j in best else int(best[0])

    profiles = [(int(i), int(j))]
    # The state of alternating play includes whose turn it is.
    seen: dict[tuple[int, int, int], int] = {(int(i), int(j), 0): 0}
    mover = 0
    for _ in range(max_steps):
        if row_reply(i, j) == i and col_reply(i, j) == j:
            return BestResponsePath(profiles, (int(i), int(j)), None)
        if order == "simultaneous":
            i, j = row_reply(i, j), col_reply(i, j)
        elif mover == 0:
            i = row_reply(i, j)
        else:
            j = col_reply(i, j)
        if order == "alternating":
            mover = 1 - mover
            if profiles[-1] == (i, j):  # the mover was content: no new profile
                continue
        profiles.append((int(i), int(j)))
        key = (int(i), int(j), mover)
        if key in seen:
            first = seen[key]
            cycle = profiles[first:-1]
            return BestResponsePath(profiles, None, cycle)
        seen[key] = len(profiles) - 1
    return BestResponsePath(profiles, None, None)


# ---------------------------------------------------------------- measures
def exploitability(game: Any, x: Any, y: Any) -> Any:
    """What both players together gain by switching to a best response: ``NashConv``.

    ``max_i (A y)_i - x.A y + max_j (x B)_j - x.B y``; 0 exactly at a Nash
    equilibrium, > 0 elsewhere. ``x`` and ``y`` may be stacks of mixes
    (shapes ``(T, m)`` and ``(T, n)``): the result is then one number per row.
    """
    matrix = MatrixGame.of(game)
    m, n = matrix.shape
    return matrix.exploitability(_mixed(x, m, "x"), _mixed(y, n, "y"))


def distance_to_equilibria(
    x: Any, y: Any, equilibria: Iterable[tuple[Sequence[float], Sequence[float]]]
) -> Any:
    """Euclidean distance from the profile ``(x, y)`` to the nearest listed equilibrium.

    ``equilibria`` are ``(x*, y*)`` pairs, for instance from nashpy's
    ``vertex_enumeration`` (in a degenerate game these are the extreme points
    of the equilibrium set and the set between them is not measured: use
    :func:`exploitability` as the honest measure there). Stacks of profiles
    give one distance per row.
    """
    xs = np.asarray(x, dtype=float)
    ys = np.asarray(y, dtype=float)
    pairs = [(np.asarray(ex, dtype=float), np.asarray(ey, dtype=float)) for ex, ey in equilibria]
    if not pairs:
        raise ValueError("distance_to_equilibria needs at least one equilibrium")
    distances = [
        np.sqrt(((xs - ex) ** 2).sum(axis=-1) + ((ys - ey) ** 2).sum(axis=-1)) for ex, ey in pairs
    ]
    nearest = np.min(np.stack(distances), axis=0)
    return float(nearest) if np.ndim(nearest) == 0 else nearest


def replicator_field(
    game: Any, points: int = 11
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The replicator's direction on a grid of a 2x2 game's phase plane.

    ``p`` and ``q`` are P1's and P2's shares of action 1 (index 0) on a
    ``points`` x ``points`` grid; ``dp = p (1 - p) ((A y)_1 - (A y)_2)`` and
    ``dq = q (1 - q) ((x B)_1 - (x B)_2)``.
    """
    a, b = payoff_matrices(game)
    if a.shape != (2, 2):
        raise ValueError(f"the phase plane is for 2x2 games, got {a.shape}")
    grid = np.linspace(0.0, 1.0, points)
    p, q = np.meshgrid(grid, grid)
    gain_row = q * (a[0, 0] - a[1, 0]) + (1 - q) * (a[0, 1] - a[1, 1])
    gain_col = p * (b[0, 0] - b[0, 1]) + (1 - p) * (b[1, 0] - b[1, 1])
    return p, q, p * (1 - p) * gain_row, q * (1 - q) * gain_col
