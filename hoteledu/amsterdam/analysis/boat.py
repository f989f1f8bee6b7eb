"""The canal boat as a Markov chain on the 24 canal tiles.

Each turn the boat moves clockwise by the sum of two three-sided dice (2..6,
probabilities 1, 2, 3, 2, 1 over 9). Its position after ``t`` turns is a
random walk on the cycle of 24 canal tiles: a circulant Markov chain whose
stationary distribution is uniform (1/24 each) and whose eigenvalues are the
values of the step distribution's characteristic function at the 24th roots of
unity. The *renewal* view follows one unrolled lap instead: the chance that a
partial sum of the dice hits ``n`` tends to 1 / (mean step) = 1/4.

Exact results are ``fractions.Fraction`` values (numpy object arrays); float
arrays are returned where the docstring says so. Every function that a lesson
calls interactively is cached and returns a fresh copy.

Examples
--------
>>> boat_step_distribution()[2:]
array([Fraction(1, 9), Fraction(2, 9), Fraction(1, 3), Fraction(2, 9),
       Fraction(1, 9)], dtype=object)
>>> boat_position_distribution(1, exact=True)[2]
Fraction(1, 9)
>>> float(stationary_distribution(exact=True)[0])
0.041666666666666664
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from fractions import Fraction

import numpy as np

from hoteledu.amsterdam.board import CANAL_TILES, DIE_FACES, JETTY

N_CANAL = len(CANAL_TILES)
"""Number of canal tiles in the ring (24)."""

DICE: tuple[int, ...] = DIE_FACES
"""The faces of each of the two dice (white Mayor die, black Nightwatchman die)."""


# ------------------------------------------------------------------ the step
@functools.cache
def step_fractions(faces: tuple[int, ...] = DICE) -> tuple[Fraction, ...]:
    """``P(step = s)`` for s = 0 .. 2 * max(faces), exact: the sum of two fair dice.

    >>> [str(p) for p in step_fractions((1, 2))]
    ['0', '0', '1/4', '1/2', '1/4']
    """
    top = 2 * max(faces)
    probs = [Fraction(0)] * (top + 1)
    share = Fraction(1, len(faces) ** 2)
    for white in faces:
        for black in faces:
            probs[white + black] += share
    return tuple(probs)


def boat_step_distribution(faces: Sequence[int] = DICE) -> np.ndarray:
    """The distribution of the boat's move: the sum of two dice.

    Parameters
    ----------
    faces : sequence of int
        The faces of each die (both dice alike); the game's dice show 1, 2, 3.

    Returns
    -------
    numpy.ndarray
        Exact ``Fraction`` object array indexed by the step (0..2 * max face);
        for the game's dice ``[0, 0, 1/9, 2/9, 1/3, 2/9, 1/9]``.

    Examples
    --------
    >>> [str(p) for p in boat_step_distribution()]
    ['0', '0', '1/9', '2/9', '1/3', '2/9', '1/9']
    """
    return np.array(step_fractions(tuple(faces)), dtype=object)


def step_chances(faces: tuple[int, ...] = DICE) -> list[tuple[int, Fraction]]:
    """The possible steps with nonzero probability, as (step, probability)."""
    return [(s, p) for s, p in enumerate(step_fractions(faces)) if p]


def mean_step(faces: Sequence[int] = DICE) -> Fraction:
    """The expected move of the boat (4 for the game's dice), exact."""
    return sum((s * p for s, p in step_chances(tuple(faces))), Fraction(0))


# --------------------------------------------------------- transition matrix
@functools.cache
def _transition(exact: bool) -> np.ndarray:
    zero = Fraction(0) if exact else 0.0
    matrix = np.full((N_CANAL, N_CANAL), zero, dtype=object if exact else float)
    for p in range(N_CANAL):
        for s, prob in step_chances():
            q = (p + s) % N_CANAL
            matrix[p, q] += prob if exact else float(prob)
    return matrix


def boat_transition_matrix(exact: bool = True) -> np.ndarray:
    """The 24 x 24 transition matrix of the boat, ``P[p, q] = P(p -> q in one turn)``.

    Parameters
    ----------
    exact : bool
        ``Fraction`` object array (default) or float array.

    Returns
    -------
    numpy.ndarray
        A circulant, doubly stochastic matrix: every row and column sums to 1.

    Examples
    --------
    >>> P = boat_transition_matrix()
    >>> P[0, 4], sum(P[5])
    (Fraction(1, 3), Fraction(1, 1))
    """
    return _transition(exact).copy()


# ---------------------------------------------------- position distributions
def _step_forward(dist: np.ndarray) -> np.ndarray:
    """One turn of the chain on a (Fraction or float) distribution, by convolution."""
    out = np.zeros_like(dist)
    if dist.dtype == object:
        out[:] = Fraction(0)
        for s, prob in step_chances():
            out += np.roll(dist, s) * prob
    else:
        for s, prob in step_chances():
            out += np.roll(dist, s) * float(prob)
    return out


def _start_vector(start: int, exact: bool) -> np.ndarray:
    if not 0 <= start < N_CANAL:
        raise ValueError(f"the boat starts on a canal tile 0..{N_CANAL - 1}, got {start}")
    if exact:
        dist = np.array([Fraction(0)] * N_CANAL, dtype=object)
        dist[start] = Fraction(1)
    else:
        dist = np.zeros(N_CANAL)
        dist[start] = 1.0
    return dist


def boat_distribution_steps(
    turns: int | None = None, *, exact: bool = False, start: int = JETTY
) -> Iterator[np.ndarray]:
    """Yield the boat's position distribution after 0, 1, 2, ... turns.

    Lessons animate the chain with it: each item is a new array of length 24
    indexed clockwise from the jetty (index 0).

    Parameters
    ----------
    turns : int or None
        Stop after yielding the distribution after ``turns`` turns; None runs forever.
    exact : bool
        ``Fraction`` object arrays instead of float arrays.
    start : int
        Canal index where the boat starts (the jetty).

    Yields
    ------
    numpy.ndarray
        The distribution after 0, 1, 2, ... turns.

    Examples
    --------
    >>> steps = boat_distribution_steps(exact=True)
    >>> next(steps)[0], next(steps)[4]
    (Fraction(1, 1), Fraction(1, 3))
    """
    dist = _start_vector(start, exact)
    t = 0
    while turns is None or t <= turns:
        yield dist.copy()
        dist = _step_forward(dist)
        t += 1


@functools.lru_cache(maxsize=64)
def _distributions(turns: int, exact: bool, start: int) -> tuple[np.ndarray, ...]:
    return tuple(boat_distribution_steps(turns, exact=exact, start=start))


def boat_position_distribution(turns: int, exact: bool = False, start: int = JETTY) -> np.ndarray:
    """The exact distribution of the boat's canal tile after ``turns`` turns.

    Parameters
    ----------
    turns : int
        Number of turns played (0 gives the starting tile with probability 1).
    exact : bool
        ``Fraction`` object array instead of a float array (the float array is
        the exact distribution rounded to double precision).
    start : int
        Canal index where the boat starts; the jetty is 0.

    Returns
    -------
    numpy.ndarray
        Length 24, indexed clockwise from the jetty; sums to 1.

    Examples
    --------
    >>> [str(p) for p in boat_position_distribution(1, exact=True)[:7]]
    ['0', '0', '1/9', '2/9', '1/3', '2/9', '1/9']
    """
    if turns < 0:
        raise ValueError(f"turns must be at least 0, got {turns}")
    return _distributions(turns, exact, start)[turns].copy()


# ------------------------------------------------------------- convergence
def stationary_distribution(exact: bool = False) -> np.ndarray:
    """The stationary distribution of the boat, found by linear algebra.

    With ``exact=True`` it solves ``pi (P - I) = 0, sum(pi) = 1`` by exact
    Gaussian elimination over the rationals; otherwise it takes the
    eigenvector of ``P.T`` for eigenvalue 1 (floats). Both give 1/24 on every
    tile because the matrix is doubly stochastic.

    Returns
    -------
    numpy.ndarray
        Length 24; ``Fraction`` objects with ``exact=True``, floats otherwise.

    Examples
    --------
    >>> set(stationary_distribution(exact=True))
    {Fraction(1, 24)}
    """
    if exact:
        P = _transition(True)
        # Equations: columns of (P - I) give pi @ (P - I) = 0; replace one by sum(pi) = 1.
        A = [[P[p, q] - (1 if p == q else 0) for p in range(N_CANAL)] for q in range(N_CANAL)]
        A[-1] = [Fraction(1)] * N_CANAL
        b = [Fraction(0)] * (N_CANAL - 1) + [Fraction(1)]
        return np.array(solve_exact(A, b), dtype=object)
    values, vectors = np.linalg.eig(_transition(False).T)
    k = int(np.argmin(np.abs(values - 1.0)))
    pi = np.real(vectors[:, k])
    return pi / pi.sum()


def solve_exact(A: Sequence[Sequence[Fraction]], b: Sequence[Fraction]) -> list[Fraction]:
    """Solve the square system ``A x = b`` exactly (Gauss-Jordan over Fractions).

    Raises
    ------
    ValueError
        If the matrix is singular.
    """
    n = len(A)
    rows = [[Fraction(v) for v in A[i]] + [Fraction(b[i])] for i in range(n)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise ValueError("the system is singular")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] for i in range(n)]


def total_variation_to_uniform(turns: int, exact: bool = False) -> float | Fraction:
    """Total variation distance between the boat's position after ``turns`` turns and uniform.

    ``TV = 1/2 * sum_k |P(X_t = k) - 1/24|``; it falls geometrically, at the rate
    of the second largest eigenvalue modulus (see :func:`spectral_gap`).

    Returns
    -------
    float or Fraction
        Exact ``Fraction`` with ``exact=True``.

    Examples
    --------
    >>> total_variation_to_uniform(0, exact=True)
    Fraction(23, 24)
    >>> round(total_variation_to_uniform(10), 4)
    0.41
    """
    dist = boat_position_distribution(turns, exact=exact)
    if exact:
        u = Fraction(1, N_CANAL)
        return sum((abs(p - u) for p in dist), Fraction(0)) / 2
    return float(np.abs(dist - 1.0 / N_CANAL).sum() / 2)


def total_variation_curve(turns: int) -> np.ndarray:
    """Float array of the total variation to uniform after 0..``turns`` turns."""
    dists = _distributions(turns, False, JETTY)
    return np.array([np.abs(d - 1.0 / N_CANAL).sum() / 2 for d in dists])


def mixing_turn(threshold: float = 0.01, max_turns: int = 1000) -> int:
    """The first turn at which the total variation to uniform is below ``threshold``.

    Examples
    --------
    >>> mixing_turn(0.25), mixing_turn(0.01)
    (21, 91)
    """
    if not 0 < threshold < 1:
        raise ValueError(f"the threshold must lie strictly between 0 and 1, got {threshold}")
    dist = _start_vector(JETTY, False)
    for t in range(max_turns + 1):
        if np.abs(dist - 1.0 / N_CANAL).sum() / 2 < threshold:
            return t
        dist = _step_forward(dist)
    raise ValueError(f"the distance stays above {threshold} for {max_turns} turns")


def boat_eigenvalues() -> np.ndarray:
    """Eigenvalues of the transition matrix (complex floats), largest modulus first.

    The matrix is circulant, so the eigenvalues are
    ``phi(j) = sum_s P(step = s) * exp(2 pi i j s / 24)`` for ``j = 0..23``;
    :func:`boat_eigenvalues_closed_form` computes them that way.
    """
    values = np.linalg.eigvals(_transition(False))
    return values[np.argsort(-np.abs(values), kind="stable")]


def boat_eigenvalues_closed_form() -> np.ndarray:
    """The eigenvalues ``phi(j)`` for ``j = 0..23`` from the step distribution (complex floats)."""
    j = np.arange(N_CANAL)
    out = np.zeros(N_CANAL, dtype=complex)
    for s, prob in step_chances():
        out += float(prob) * np.exp(2j * np.pi * j * s / N_CANAL)
    return out


def second_eigenvalue_modulus() -> float:
    """The largest modulus among the eigenvalues other than 1 (it sets the mixing speed)."""
    moduli = np.sort(np.abs(boat_eigenvalues_closed_form()))[::-1]
    return float(moduli[1])


def spectral_gap() -> float:
    """``1 - |lambda_2|``: the bigger the gap, the faster the boat forgets the jetty.

    The distance to uniform shrinks by about ``|lambda_2|`` per turn; see
    :func:`total_variation_bound`.

    Examples
    --------
    >>> round(spectral_gap(), 4)
    0.0449
    """
    return 1.0 - second_eigenvalue_modulus()


def total_variation_bound(turns: int) -> float:
    """An upper bound on the total variation after ``turns`` turns from the spectrum.

    The matrix is normal (circulant), so the Euclidean distance to uniform
    shrinks at least by ``|lambda_2|`` each turn, and
    ``TV <= sqrt(24) / 2 * ||x_t - u||_2 <= sqrt(24) / 2 * sqrt(23/24) * |lambda_2|^t``.
    """
    start = np.sqrt(1.0 - 1.0 / N_CANAL)
    return float(np.sqrt(N_CANAL) / 2 * start * second_eigenvalue_modulus() ** turns)


# ------------------------------------------------------------------ renewal
@functools.lru_cache(maxsize=16)
def _renewal(n_max: int, exact: bool) -> tuple:
    steps = step_chances()
    if exact:
        u = [Fraction(1)] + [Fraction(0)] * n_max
        for n in range(1, n_max + 1):
            u[n] = sum((p * u[n - s] for s, p in steps if s <= n), Fraction(0))
        return tuple(u)
    uf = [1.0] + [0.0] * n_max
    fsteps = [(s, float(p)) for s, p in steps]
    for n in range(1, n_max + 1):
        uf[n] = sum(p * uf[n - s] for s, p in fsteps if s <= n)
    return tuple(uf)


def renewal_sequence(n_max: int, exact: bool = True) -> np.ndarray:
    """``u_n`` = P(the boat, moving along an unrolled canal, stops exactly ``n`` tiles on).

    ``u_0 = 1`` and ``u_n = sum_s P(step = s) u_{n - s}``; by the renewal theorem
    ``u_n -> 1 / E[step] = 1/4``.

    Returns
    -------
    numpy.ndarray
        ``u_0 .. u_{n_max}``: ``Fraction`` objects (default) or floats.

    Examples
    --------
    >>> [str(u) for u in renewal_sequence(4)]
    ['1', '0', '1/9', '2/9', '28/81']
    """
    if n_max < 0:
        raise ValueError(f"n_max must be at least 0, got {n_max}")
    return np.array(_renewal(n_max, exact), dtype=object if exact else float)


def renewal_limit() -> Fraction:
    """The renewal limit ``1 / E[step]`` (1/4 for the game's dice)."""
    return 1 / mean_step()


def renewal_decay_rate() -> float:
    """How fast ``u_n`` approaches 1/4: the error shrinks like ``rate ** n``.

    ``u_n`` satisfies the recurrence with characteristic polynomial
    ``x^6 - sum_s P(s) x^(6 - s)``; its root 1 gives the limit and the largest
    modulus among the other roots gives the rate.
    """
    probs = [float(p) for p in step_fractions()]
    top = len(probs) - 1
    coefficients = [1.0] + [-probs[s] for s in range(1, top + 1)]
    roots = np.roots(coefficients)
    others = roots[np.abs(roots - 1.0) > 1e-9]
    return float(np.max(np.abs(others)))


def renewal_settling_point(tolerance: float = 0.001, n_max: int = 500) -> int:
    """The first ``n`` from which ``|u_m - 1/4| < tolerance`` for every ``m`` up to ``n_max``.

    Examples
    --------
    >>> renewal_settling_point(0.01), renewal_settling_point(0.001)
    (12, 19)
    """
    u = np.array(_renewal(n_max, False))
    bad = np.nonzero(np.abs(u - float(renewal_limit())) >= tolerance)[0]
    return int(bad[-1]) + 1 if len(bad) else 0


def stop_probability_by_lap(tile_index: int, laps: int, exact: bool = True) -> np.ndarray:
    """The chance that the boat stops on a canal tile on its 1st, 2nd, ... lap from the jetty.

    The boat passes each tile exactly once per lap (it always moves forward
    less than a lap), so the chance that it *stops* there on lap ``L`` is the
    renewal probability ``u_d`` at the distance ``d`` travelled to reach the
    tile on that lap. It tends to 1/4, not to the 1/24 of the position chain:
    the chain asks where the boat is at a given turn, this asks whether it
    stops on a tile as it goes by.

    Parameters
    ----------
    tile_index : int
        Canal index 0..23 (0 is the jetty; its lap-1 visit is the return to it).
    laps : int
        Number of laps.
    exact : bool
        ``Fraction`` objects (default) or floats.

    Returns
    -------
    numpy.ndarray
        Length ``laps``: the stop chance on laps 1..laps.

    Examples
    --------
    >>> [str(p) for p in stop_probability_by_lap(4, 2)]
    ['28/81', '5719863339424/22876792454961']
    """
    if not 0 <= tile_index < N_CANAL:
        raise ValueError(f"a canal index is 0..{N_CANAL - 1}, got {tile_index}")
    first = (tile_index - JETTY) % N_CANAL or N_CANAL
    distances = [first + N_CANAL * lap for lap in range(laps)]
    u = _renewal(max(distances, default=0), exact)
    return np.array([u[d] for d in distances], dtype=object if exact else float)


def eigenvalue_moduli_from_one_die(faces: Sequence[int] = DICE) -> np.ndarray:
    """``|lambda_j|`` for ``j = 0..23`` as the squared modulus of one die's characteristic function.

    The boat's step is the sum of two independent, identical dice, so its
    characteristic function is the square of one die's:
    ``|lambda_j| = |(1/k) sum_f exp(2 pi i j f / 24)| ** 2`` for a die with
    ``k`` faces ``f``. For the game's d3, ``|lambda_j| = ((1 + 2 cos(2 pi j / 24)) / 3) ** 2``,
    so ``|lambda_2| = |lambda_1| = ((1 + 2 cos 15 deg) / 3) ** 2 = 0.9551``.

    Returns
    -------
    numpy.ndarray
        Length 24, float, indexed by ``j`` (not sorted).

    Examples
    --------
    >>> moduli = eigenvalue_moduli_from_one_die()
    >>> round(float(moduli[0]), 6), round(float(moduli[1]), 4), round(float(moduli[8]), 6)
    (1.0, 0.9551, 0.0)
    """
    faces = list(faces)
    if not faces:
        raise ValueError("a die needs at least one face")
    j = np.arange(N_CANAL)
    one_die = sum(np.exp(2j * np.pi * j * f / N_CANAL) for f in faces) / len(faces)
    return np.abs(one_die) ** 2
