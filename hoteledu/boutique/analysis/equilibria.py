"""Equilibria of two-player matrix games, with nashpy, and the tools to read them.

Every function takes a game as a :class:`~hoteledu.core.matrix_game.MatrixGame`
or anything :meth:`MatrixGame.of <hoteledu.core.matrix_game.MatrixGame.of>`
turns into one: a :class:`nashpy.Game`, a
:class:`~hoteledu.boutique.analysis.games.PricingGame`, a pair ``(A, B)`` of
payoff matrices, or one matrix ``A`` (the zero-sum game ``(A, -A)``). Row
player P1, column player P2; strategies are 0-based indices. Payoffs are
compared with the one tolerance policy of :mod:`hoteledu.core.matrix_game`.

* :func:`pure_equilibria`, :func:`best_responses`,
  :func:`best_response_arrows` and :func:`best_response_cycles`: the pure
  picture (who wants to move where; does following best replies go round?).
* :func:`support_enumeration`, :func:`vertex_enumeration`,
  :func:`lemke_howson_all` (every starting label, see
  :data:`LEMKE_HOWSON_NOTE`): nashpy's algorithms, each equilibrium checked
  with :func:`is_equilibrium`.
* :func:`zero_sum_lp`: the minimax linear program (``scipy.optimize.linprog``)
  for a zero-sum game, cross-checked against nashpy by
  :func:`zero_sum_agrees_with_nashpy`.
* :func:`best_reply_gain`: how much a rival's best reply wins against a
  fixed mix in a sampled game, with a t interval for that reply and a
  bootstrap interval that also counts the luck of picking the best reply.
* :func:`degeneracy`: whether some strategy (pure or mixed) has more pure
  best responses than the size of its support, and which one (a degenerate
  game can have infinitely many equilibria; support enumeration then lists
  only some of them and Lemke-Howson may fail).
"""

from __future__ import annotations

import dataclasses
import itertools
import warnings
from collections.abc import Sequence
from typing import Any

import nashpy
import numpy as np
from scipy.optimize import linprog

from hoteledu.core.matrix_game import MatrixGame
from hoteledu.core.tournament import Interval, t_interval

__all__ = [
    "LEMKE_HOWSON_NOTE",
    "SUPPORT_THRESHOLD",
    "Arrow",
    "BestReplyGain",
    "Degeneracy",
    "Equilibrium",
    "LemkeHowsonRun",
    "ZeroSumSolution",
    "as_game",
    "best_reply_gain",
    "best_response_arrows",
    "best_response_cycles",
    "best_responses",
    "degeneracy",
    "is_equilibrium",
    "lemke_howson_all",
    "nashpy_support_enumeration",
    "pure_equilibria",
    "support_enumeration",
    "vertex_enumeration",
    "zero_sum_agrees_with_nashpy",
    "zero_sum_lp",
]

SUPPORT_THRESHOLD = 1e-9
"""A probability above this counts as played (an equilibrium's support)."""

LEMKE_HOWSON_NOTE = (
    "Lemke-Howson starts at the artificial point where nobody plays anything and "
    "drops one label (a strategy of either player: label k < m is P1's strategy k, "
    "label m + k is P2's strategy k). It then pivots along a single path of "
    "'almost complementary' vertices, each step forced, until the dropped label "
    "is picked up again: that end point is an equilibrium. One path has one end, "
    "so one start finds one equilibrium. Different labels may lead to the same "
    "equilibrium, and some equilibria are reached from no label at all; running "
    "every label finds at most m + n of them. In a nondegenerate game the number "
    "of equilibria is odd; in a degenerate one the path can stall and nashpy may "
    "return a point that is not an equilibrium (checked here)."
)


# ------------------------------------------------------------------- input
def as_game(game: Any) -> nashpy.Game:
    """The game as a :class:`nashpy.Game` (itself if it is one), for nashpy's algorithms."""
    if isinstance(game, nashpy.Game):
        return game
    return MatrixGame.of(game).nashpy()


# -------------------------------------------------------------- equilibria
@dataclasses.dataclass(frozen=True)
class Equilibrium:
    """A (mixed) equilibrium: each player's probabilities and expected payoff."""

    row: np.ndarray
    column: np.ndarray
    row_value: float
    column_value: float

    @property
    def pure(self) -> bool:
        return bool(np.isclose(self.row.max(), 1) and np.isclose(self.column.max(), 1))

    @property
    def supports(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return (
            tuple(int(i) for i in np.flatnonzero(self.row > SUPPORT_THRESHOLD)),
            tuple(int(j) for j in np.flatnonzero(self.column > SUPPORT_THRESHOLD)),
        )

    def rounded(self, digits: int = 3) -> tuple[list[float], list[float]]:
        return (
            [round(float(p), digits) + 0.0 for p in self.row],
            [round(float(p), digits) + 0.0 for p in self.column],
        )


def _equilibrium(a: np.ndarray, b: np.ndarray, row: Any, column: Any) -> Equilibrium:
    x = np.clip(np.asarray(row, dtype=float), 0, None)
    y = np.clip(np.asarray(column, dtype=float), 0, None)
    x, y = x / x.sum(), y / y.sum()
    return Equilibrium(x, y, float(x @ a @ y), float(x @ b @ y))


def is_equilibrium(game: Any, row: Any, column: Any) -> bool:
    """Whether no player gains by a pure deviation (see :meth:`MatrixGame.is_equilibrium`)."""
    return MatrixGame.of(game).is_equilibrium(row, column)


def _unique(equilibria: Sequence[Equilibrium], tol: float = 1e-7) -> list[Equilibrium]:
    kept: list[Equilibrium] = []
    for eq in equilibria:
        if not any(
            np.allclose(eq.row, k.row, atol=tol) and np.allclose(eq.column, k.column, atol=tol)
            for k in kept
        ):
            kept.append(eq)
    return kept


def pure_equilibria(game: Any) -> list[tuple[int, int]]:
    """Cells (i, j) where each player's choice is a best reply to the other's.

    Payoffs within the tolerance of :mod:`hoteledu.core.matrix_game` tie.

    >>> pure_equilibria([[1, 0], [0, 1]])  # zero-sum coordination: no pure equilibrium
    []
    """
    return MatrixGame.of(game).pure_equilibria()


def nashpy_support_enumeration(game: Any, tol: float | None = None) -> list[Equilibrium]:
    """nashpy's own support enumeration, each result checked with :func:`is_equilibrium`.

    nashpy accepts a solution only if its zero entries come out ``>= 0``
    exactly; rounding (a -1e-17) then loses equilibria of games with
    fractional payoffs. :func:`support_enumeration` is the tolerant version.
    """
    matrix = MatrixGame.of(game)
    g = as_game(game)
    a, b = matrix.payoffs
    if tol is None:
        tol = max(matrix.tolerances)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nashpy warns on degenerate games: see degeneracy()
        found = [_equilibrium(a, b, x, y) for x, y in g.support_enumeration(tol=tol)]
    return _unique([e for e in found if is_equilibrium(g, e.row, e.column)])


def _indifferent(payoff: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The mix over the columns making every row pay the same, and that payoff."""
    k = payoff.shape[1]
    system = np.zeros((payoff.shape[0] + 1, k + 1))
    system[:-1, :k] = payoff
    system[:-1, k] = -1
    system[-1, :k] = 1
    target = np.zeros(payoff.shape[0] + 1)
    target[-1] = 1
    solution, *_ = np.linalg.lstsq(system, target, rcond=None)
    if np.abs(system @ solution - target).max() > 1e-9 * max(1.0, np.abs(payoff).max()):
        return None
    return solution[:k], float(solution[k])


def support_enumeration(game: Any) -> list[Equilibrium]:
    """Support enumeration (nashpy's algorithm, with tolerances for rounding).

    For every pair of supports of equal size k: solve the indifference
    equations (each player's mix makes the other indifferent on its
    support), keep solutions positive on the supports with no better reply
    outside. It finds every equilibrium of a nondegenerate game; in a
    degenerate one only some. The tolerance policy of
    :mod:`hoteledu.core.matrix_game` absorbs rounding; :func:`nashpy_support_enumeration`
    is nashpy's exact-comparison version, which misses equilibria through rounding.
    """
    g = MatrixGame.of(game)
    a, b = g.payoffs
    tol_a, tol_b = g.tolerances
    m, n = a.shape
    found = []
    for k in range(1, min(m, n) + 1):
        for rows in itertools.combinations(range(m), k):
            for cols in itertools.combinations(range(n), k):
                column_mix = _indifferent(a[np.ix_(rows, cols)])
                row_mix = _indifferent(b[np.ix_(rows, cols)].T)
                if column_mix is None or row_mix is None:
                    continue
                (y_s, v), (x_s, u) = column_mix, row_mix
                if y_s.min() <= 1e-12 or x_s.min() <= 1e-12:
                    continue
                x, y = np.zeros(m), np.zeros(n)
                x[list(rows)], y[list(cols)] = x_s, y_s
                if (a @ y).max() <= v + tol_a and (x @ b).max() <= u + tol_b:
                    found.append(_equilibrium(a, b, x, y))
    return _unique([e for e in found if is_equilibrium(g, e.row, e.column)])


def vertex_enumeration(game: Any) -> list[Equilibrium]:
    """nashpy's vertex enumeration (extreme equilibria of the best-response polytopes)."""
    g = MatrixGame.of(game)
    a, b = g.payoffs
    # Vertex enumeration needs positive payoffs; a constant shift changes no equilibrium.
    shift = 1 - min(a.min(), b.min(), 0)
    shifted = nashpy.Game(a + shift, b + shift)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = [_equilibrium(a, b, x, y) for x, y in shifted.vertex_enumeration()]
    return _unique([e for e in found if is_equilibrium(g, e.row, e.column)])


@dataclasses.dataclass(frozen=True)
class LemkeHowsonRun:
    """One Lemke-Howson path: the dropped label, where it ended, whether that is an equilibrium."""

    label: int
    equilibrium: Equilibrium | None
    valid: bool

    def describe(self, m: int) -> str:
        who = f"P1's strategy {self.label}" if self.label < m else f"P2's strategy {self.label - m}"
        if not self.valid or self.equilibrium is None:
            return f"label {self.label} ({who}): no equilibrium (degenerate pivot)"
        row, column = self.equilibrium.rounded()
        return f"label {self.label} ({who}): P1 {row}, P2 {column}"


def lemke_howson_all(game: Any) -> list[LemkeHowsonRun]:
    """Run Lemke-Howson from every label 0..m+n-1 (see :data:`LEMKE_HOWSON_NOTE`)."""
    g = MatrixGame.of(game)
    a, b = g.payoffs
    shift = 1 - min(a.min(), b.min(), 0)
    shifted = nashpy.Game(a + shift, b + shift)
    runs = []
    for label in range(sum(a.shape)):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                x, y = shifted.lemke_howson(initial_dropped_label=label)
            ok = (
                x.shape == (a.shape[0],)
                and np.all(np.isfinite(x))
                and np.all(np.isfinite(y))
                and x.sum() > 0
                and y.sum() > 0
            )
            eq = _equilibrium(a, b, x, y) if ok else None
        except Exception:  # nashpy raises on some degenerate pivots
            eq = None
        valid = eq is not None and is_equilibrium(g, eq.row, eq.column)
        runs.append(LemkeHowsonRun(label, eq if valid else None, valid))
    return runs


# --------------------------------------------------------------- zero-sum
@dataclasses.dataclass(frozen=True)
class ZeroSumSolution:
    """Value (P1's payoff) and optimal mixes of the zero-sum game (A, -A)."""

    value: float
    row: np.ndarray
    column: np.ndarray


def _maximin(a: np.ndarray) -> tuple[float, np.ndarray]:
    """max over x of min over columns of x^T A, as a linear program."""
    m, n = a.shape
    # Variables x_1..x_m, v; maximise v  <=>  minimise -v.
    cost = np.zeros(m + 1)
    cost[-1] = -1
    a_ub = np.hstack([-a.T, np.ones((n, 1))])  # v - (x^T A)_j <= 0
    a_eq = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    bounds = [(0, None)] * m + [(None, None)]
    result = linprog(cost, A_ub=a_ub, b_ub=np.zeros(n), A_eq=a_eq, b_eq=[1], bounds=bounds)
    if not result.success:  # pragma: no cover - a bounded feasible LP always solves
        raise RuntimeError(f"the minimax linear program failed: {result.message}")
    x = np.clip(result.x[:m], 0, None)
    return float(result.x[-1]), x / x.sum()


def zero_sum_lp(game: Any, column: bool = True) -> ZeroSumSolution:
    """Solve a zero-sum game by linear programming (the minimax theorem).

    P1 maximises v subject to x^T A >= v in every column, x a probability
    vector; P2 does the same for -A^T. Both programs have the same value.
    ``column=False`` skips P2's program (its mix is then P1's mix, right for
    a symmetric game A = -A^T only; half the time in a bootstrap loop).
    """
    g = MatrixGame.of(game)
    a = g.row_payoffs
    if not g.is_zero_sum():
        raise ValueError("the linear program solves zero-sum games: A + B must be 0")
    value, x = _maximin(a)
    y = _maximin(-a.T)[1] if column else x
    return ZeroSumSolution(value, x, y)


def zero_sum_agrees_with_nashpy(game: Any, tol: float = 1e-6) -> bool:
    """Cross-check: the LP's mixes are an equilibrium, and nashpy's LP has the same value.

    ``tol`` is how far (relative to the value) the two programs' values may differ.
    """
    g = MatrixGame.of(game)
    ours = zero_sum_lp(g)
    x, y = g.nashpy().linear_program()
    theirs = float(np.asarray(x) @ g.row_payoffs @ np.asarray(y))
    return g.is_equilibrium(ours.row, ours.column) and abs(theirs - ours.value) <= tol * max(
        1.0, abs(ours.value)
    )


# --------------------------------------------------------- best responses
def best_responses(game: Any) -> tuple[list[list[int]], list[list[int]]]:
    """(P1's best replies to each column, P2's best replies to each row)."""
    return MatrixGame.of(game).best_responses()


@dataclasses.dataclass(frozen=True)
class Arrow:
    """A strict improvement: ``player`` (0 = P1, 1 = P2) moves from ``start`` to ``end``."""

    player: int
    start: tuple[int, int]
    end: tuple[int, int]
    gain: float


def best_response_arrows(game: Any) -> list[Arrow]:
    """From every cell, an arrow for each player who gains by switching to a best reply.

    The arrow points at that player's best reply (the lowest-numbered one if
    several tie). Cells without arrows are the pure equilibria.
    """
    g = MatrixGame.of(game)
    a, b = g.payoffs
    (rows, cols), arrows = g.best_responses(), []
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            if i not in rows[j]:
                best = rows[j][0]
                arrows.append(Arrow(0, (i, j), (best, j), float(a[best, j] - a[i, j])))
            if j not in cols[i]:
                best = cols[i][0]
                arrows.append(Arrow(1, (i, j), (i, best), float(b[i, best] - b[i, j])))
    return arrows


def best_response_cycles(game: Any) -> list[list[tuple[int, int]]]:
    """Cycles of alternating best replies (P1 replies, then P2, then P1, ...).

    From every cell the players take turns switching to a best reply (staying
    when they already play one; the lowest-numbered best reply otherwise).
    The walk must return to a cell it met before: if that cell is a pure
    equilibrium the walk has settled; otherwise the cells from its first
    visit on form a cycle. Each cycle is listed once, starting at its
    smallest cell.
    """
    g = MatrixGame.of(game)
    a = g.row_payoffs
    rows, cols = g.best_responses()
    equilibria = set(g.pure_equilibria())
    cycles: list[list[tuple[int, int]]] = []
    for start in itertools.product(range(a.shape[0]), range(a.shape[1])):
        path: list[tuple[tuple[int, int], int]] = []
        cell, mover = start, 0
        while (cell, mover) not in path:
            path.append((cell, mover))
            i, j = cell
            if mover == 0:
                cell = (i if i in rows[j] else rows[j][0], j)
            else:
                cell = (i, j if j in cols[i] else cols[i][0])
            mover = 1 - mover
        first = path.index((cell, mover))
        loop = [c for c, _ in path[first:]]
        distinct = list(dict.fromkeys(loop))
        if len(distinct) == 1 and distinct[0] in equilibria:
            continue
        k = distinct.index(min(distinct))
        cycle = distinct[k:] + distinct[:k]
        if cycle not in cycles:
            cycles.append(cycle)
    return cycles


# ------------------------------------------------------------- degeneracy
@dataclasses.dataclass(frozen=True)
class Degeneracy:
    """Whether a game is degenerate, with witnesses.

    A two-player game is *nondegenerate* when no mixed strategy with a
    support of k strategies has more than k pure best responses. Each
    witness is (player, support, the opponent's best responses, the mix).
    """

    degenerate: bool
    witnesses: tuple[tuple[int, tuple[int, ...], tuple[int, ...], tuple[float, ...]], ...]

    def explain(self, labels: Sequence[Sequence[str]] | None = None) -> str:
        if not self.degenerate:
            return (
                "The game is nondegenerate: no strategy, pure or mixed, has more best "
                "responses than the size of its support, so its equilibria are isolated, "
                "odd in number, and each is found by support enumeration."
            )
        player, support, replies, mix = self.witnesses[0]
        other = 1 - player

        def name(p: int, k: int) -> str:
            return labels[p][k] if labels else str(k)

        if len(support) == 1:
            what = f"P{player + 1}'s pure strategy {name(player, support[0])}"
        else:
            parts = ", ".join(f"{name(player, k)} {mix[k]:.3g}" for k in support)
            what = f"P{player + 1}'s mix ({parts})"
        return (
            f"The game is degenerate: {what} (support size {len(support)}) has "
            f"{len(replies)} best responses of P{other + 1} "
            f"({', '.join(name(other, k) for k in replies)}), more than its support size. "
            "Then an equilibrium can come in a segment (P"
            f"{other + 1} may mix those replies in many ways), support enumeration lists "
            "only the end points it meets, and Lemke-Howson can stall."
        )


def _witness(
    payoff: np.ndarray, support: tuple[int, ...], replies: tuple[int, ...], tol: float
) -> np.ndarray | None:
    """A mix on exactly ``support`` whose opponent's best replies include all ``replies``.

    ``payoff[i, j]`` is the opponent's payoff when this player plays i and
    the opponent j. The indifference equations (every reply pays the same,
    probabilities sum to 1) are solved by least squares; a solution counts
    when it satisfies them, is positive on the support, and no other reply
    pays more. (With k + 1 replies and k unknowns the system is
    overdetermined: it has a solution only in a degenerate game.)
    """
    m = payoff.shape[0]
    sub = payoff[list(support)]  # k x n
    first = replies[0]
    rows = [sub[:, j] - sub[:, first] for j in replies[1:]]
    system = np.vstack([*rows, np.ones(len(support))])
    target = np.zeros(len(replies))
    target[-1] = 1.0
    mix, *_ = np.linalg.lstsq(system, target, rcond=None)
    if np.abs(system @ mix - target).max() > 1e-9 or mix.min() <= SUPPORT_THRESHOLD:
        return None
    x = np.zeros(m)
    x[list(support)] = mix
    values = x @ payoff
    if values.max() > values[first] + tol:
        return None
    return x


def degeneracy(game: Any, max_support: int | None = None) -> Degeneracy:
    """Find strategies with more best responses than their support size.

    Pure strategies are checked directly; mixes on supports of 2 ..
    ``max_support`` strategies (default: all) by solving the indifference
    equations of every support against every set of one more reply. The
    search stops at the first witness of each player.
    """
    g = MatrixGame.of(game)
    a, b = g.payoffs
    witnesses = []
    for player, payoff in ((0, b), (1, a.T)):  # the opponent's payoffs, this player first
        other = 1 - player
        tol = g.tolerances[other]
        found: tuple[int, tuple[int, ...], tuple[int, ...], tuple[float, ...]] | None = None
        m, n = payoff.shape
        for i in range(m):  # pure strategies first: a tie among the opponent's replies
            best = np.flatnonzero(g.best_reply_mask(other, payoff[i]))
            if len(best) > 1:
                mix = tuple(float(k == i) for k in range(m))
                found = (player, (i,), tuple(int(j) for j in best), mix)
                break
        top = min(m, n - 1) if max_support is None else min(max_support, m, n - 1)
        for k in range(2, top + 1):
            if found:
                break
            for support in itertools.combinations(range(m), k):
                for replies in itertools.combinations(range(n), k + 1):
                    x = _witness(payoff, support, replies, tol)
                    if x is not None:
                        found = (player, support, replies, tuple(float(p) for p in x))
                        break
                if found:
                    break
        if found:
            witnesses.append(found)
    return Degeneracy(bool(witnesses), tuple(witnesses))


# ------------------------------------------------------- best reply vs runner-up
@dataclasses.dataclass(frozen=True)
class ReplyMargin:
    """P1's best reply to one column, its runner-up, and by how much the first wins."""

    column: int
    best: int
    runner_up: int
    gap: float
    """P1's payoff with the best reply minus with the runner-up."""
    error: float
    """Standard error of ``gap`` (deal by deal under common random numbers)."""

    @property
    def z(self) -> float:
        """The gap in standard errors (infinite for an exact game with a gap)."""
        if self.error == 0:
            return float("inf") if self.gap > 0 else 0.0
        return self.gap / self.error


def reply_margins(game: Any) -> list[ReplyMargin]:
    """For each of P2's choices: P1's best reply against its runner-up, with the paired error.

    ``game`` has P1's ``payoffs[0]`` and ``compare(0, first, second)`` (a
    :class:`~hoteledu.boutique.analysis.games.PricingGame`). Testing the best
    reply only against matching, or against a fixed rival price, says nothing
    about whether the *best* reply is really best: the runner-up is the
    comparison that can overturn it.
    """
    a = np.asarray(game.payoffs[0], dtype=float)
    out = []
    for j in range(a.shape[1]):
        order = sorted(range(a.shape[0]), key=lambda i: (-a[i, j], i))
        best, runner_up = order[0], order[1]
        gap, error = game.compare(0, (best, j), (runner_up, j))
        out.append(ReplyMargin(j, best, runner_up, gap, error))
    return out


# ------------------------------------------------ a best reply's gain, sampled
@dataclasses.dataclass(frozen=True)
class BestReplyGain:
    """What the best reply to a fixed mix wins in a sampled game, with two intervals."""

    reply: int
    """The row that does best against the mix."""
    gain: Interval
    """That row's mean payoff against the mix, with the t interval over the deals."""
    bootstrap: tuple[float, float]
    """95% percentile interval of the *best* row's gain over resampled deals.

    The best reply is picked on the same deals it is scored on, so its mean is
    biased upwards; the bootstrap picks the best row afresh in every resample,
    which counts that luck too.
    """


def best_reply_gain(
    per_deal: np.ndarray, mix: Sequence[float], resamples: int = 200, seed: int = 7
) -> BestReplyGain:
    """The best reply to ``mix`` in a game sampled deal by deal, with its uncertainty.

    ``per_deal``: the row player's payoff per deal, shape (deals, rows,
    columns) (common random numbers: deal ``s`` is the same for every cell);
    ``mix``: the column player's mixed strategy.

    Examples
    --------
    >>> deals = np.array([[[1.0, 0.0], [0.0, 1.0]], [[3.0, 0.0], [0.0, 1.0]]])
    >>> result = best_reply_gain(deals, [0.5, 0.5], resamples=20)
    >>> result.reply, result.gain.estimate
    (0, 1.0)
    """
    values = np.asarray(per_deal, dtype=float)
    weights = np.asarray(mix, dtype=float)
    if values.ndim != 3 or values.shape[2] != weights.size or values.shape[0] < 2:
        raise ValueError(
            f"per_deal must be deals x rows x {weights.size} with at least 2 deals, "
            f"got shape {values.shape}"
        )
    against = values @ weights  # deal, row: each row's payoff against the mix
    reply = int(np.argmax(against.mean(axis=0)))
    rng = np.random.default_rng(seed)
    deals = against.shape[0]
    best = [against[rng.integers(deals, size=deals)].mean(axis=0).max() for _ in range(resamples)]
    low, high = np.percentile(best, [2.5, 97.5])
    return BestReplyGain(reply, t_interval(against[:, reply]), (float(low), float(high)))
