"""Two-player matrix games: one type, and one tolerance policy for comparing payoffs.

:class:`MatrixGame` holds the row player's payoffs ``A`` and the column
player's ``B`` (P1 picks a row, P2 a column; strategies are 0-based), as
:class:`nashpy.Game` and QuantEcon's ``NormalFormGame`` do. Every analysis
of a matrix game in hoteledu (equilibria, best responses, learning dynamics,
the class experiments) takes one, or anything :meth:`MatrixGame.of` turns
into one, so the same game gets the same answer everywhere.

The tolerance policy: payoffs are floats (means, sums of money, results of
linear algebra), so two payoffs of a player count as **equal** when they
differ by at most :data:`RELATIVE_TOLERANCE` times that player's payoff
scale, ``max(1, max |payoff|)`` (:attr:`MatrixGame.tolerances`). Best
responses, pure equilibria and fictitious play's ties all use it (fictitious
play compares payoffs summed over ``t`` rounds, so ``t`` times it). A mixed
profile that a floating-point algorithm found is checked with the looser
:data:`CHECK_TOLERANCE`, scaled the same way (:meth:`MatrixGame.is_equilibrium`).

Examples
--------
>>> game = MatrixGame([[3, 0], [5, 1]], [[3, 5], [0, 1]])  # the prisoner's dilemma
>>> game.pure_equilibria()
[(1, 1)]
>>> game.best_responses()
([[1], [1]], [[1], [1]])
>>> MatrixGame.of([[1, -1], [-1, 1]]).column_payoffs.tolist()  # one matrix: zero-sum
[[-1.0, 1.0], [1.0, -1.0]]
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import numpy as np

RELATIVE_TOLERANCE = 1e-9
"""Payoffs of a player closer than this times its payoff scale count as equal."""
CHECK_TOLERANCE = 1e-7
"""Gain (times the payoff scale) a deviation may show and the profile still be an equilibrium."""


@dataclasses.dataclass(frozen=True, eq=False)
class MatrixGame:
    """A two-player game in normal form: ``row_payoffs`` A and ``column_payoffs`` B.

    Both are finite, non-empty float matrices of one shape (read-only copies).
    """

    row_payoffs: np.ndarray
    column_payoffs: np.ndarray

    def __post_init__(self) -> None:
        a = np.array(self.row_payoffs, dtype=float)
        b = np.array(self.column_payoffs, dtype=float)
        if a.ndim != 2 or a.shape != b.shape or 0 in a.shape:
            raise ValueError(
                "payoff matrices must be two non-empty matrices of the same shape, "
                f"got A {a.shape} and B {b.shape}"
            )
        if not (np.isfinite(a).all() and np.isfinite(b).all()):
            raise ValueError("payoff matrices must be finite numbers")
        a.setflags(write=False)
        b.setflags(write=False)
        object.__setattr__(self, "row_payoffs", a)
        object.__setattr__(self, "column_payoffs", b)

    # ------------------------------------------------------------ making one
    @classmethod
    def of(cls, game: Any) -> MatrixGame:
        """A MatrixGame from any form hoteledu accepts for a two-player game.

        A MatrixGame; an object with a ``matrix_game()`` method (a pricing or
        bid game); one with ``payoff_matrices`` (a :class:`nashpy.Game`); a
        pair ``(A, B)``; or a single matrix ``A`` (the zero-sum game ``(A, -A)``).
        """
        if isinstance(game, MatrixGame):
            return game
        if callable(getattr(game, "matrix_game", None)):
            return game.matrix_game()
        if hasattr(game, "payoff_matrices"):
            a, b = game.payoff_matrices
            return cls(a, b)
        if isinstance(game, (tuple, list)) and len(game) == 2 and np.ndim(game[0]) == 2:
            return cls(game[0], game[1])
        a = np.asarray(game, dtype=float)
        if a.ndim != 2:
            raise ValueError(f"a game is a matrix or a pair of matrices, got shape {a.shape}")
        return cls.zero_sum(a)

    @classmethod
    def zero_sum(cls, row_payoffs: Any) -> MatrixGame:
        """The zero-sum game ``(A, -A)``."""
        a = np.asarray(row_payoffs, dtype=float)
        return cls(a, -a)

    def nashpy(self) -> Any:
        """The same game as a :class:`nashpy.Game` (for its algorithms)."""
        import nashpy

        return nashpy.Game(np.array(self.row_payoffs), np.array(self.column_payoffs))

    # ----------------------------------------------------------- properties
    @property
    def payoffs(self) -> tuple[np.ndarray, np.ndarray]:
        """``(A, B)``."""
        return self.row_payoffs, self.column_payoffs

    @property
    def shape(self) -> tuple[int, int]:
        """(P1's strategies, P2's strategies)."""
        rows, columns = self.row_payoffs.shape
        return rows, columns

    @property
    def tolerances(self) -> tuple[float, float]:
        """Per player, how close two of its payoffs must be to count as equal."""
        return (
            RELATIVE_TOLERANCE * max(1.0, float(np.abs(self.row_payoffs).max())),
            RELATIVE_TOLERANCE * max(1.0, float(np.abs(self.column_payoffs).max())),
        )

    def is_zero_sum(self) -> bool:
        """Whether ``A + B`` is 0 (up to the tolerance)."""
        scale = max(self.tolerances)
        return bool(np.abs(self.row_payoffs + self.column_payoffs).max() <= scale)

    # -------------------------------------------------------- best responses
    def best_reply_mask(self, player: int, utilities: Any, weight: float = 1.0) -> np.ndarray:
        """Which entries of ``utilities`` (payoffs of ``player``'s strategies) are best.

        ``weight`` scales the tolerance: utilities summed over ``t`` rounds
        (fictitious play's counts) are compared with ``t`` times it.
        """
        u = np.asarray(utilities, dtype=float)
        return u >= u.max() - self.tolerances[player] * max(weight, 1.0)

    def best_responses(self) -> tuple[list[list[int]], list[list[int]]]:
        """(P1's best replies to each column, P2's best replies to each row)."""
        a, b = self.payoffs
        rows = [
            [int(i) for i in np.flatnonzero(self.best_reply_mask(0, a[:, j]))]
            for j in range(a.shape[1])
        ]
        columns = [
            [int(j) for j in np.flatnonzero(self.best_reply_mask(1, b[i, :]))]
            for i in range(a.shape[0])
        ]
        return rows, columns

    def pure_equilibria(self) -> list[tuple[int, int]]:
        """Cells (i, j) where each player's strategy is a best reply to the other's."""
        rows, columns = self.best_responses()
        m, n = self.shape
        return [
            (i, j)
            for i, j in itertools.product(range(m), range(n))
            if i in rows[j] and j in columns[i]
        ]

    # --------------------------------------------------------- mixed profiles
    def expected_payoffs(self, row: Any, column: Any) -> tuple[float, float]:
        """Both players' expected payoffs when P1 mixes ``row`` and P2 ``column``."""
        x, y = np.asarray(row, dtype=float), np.asarray(column, dtype=float)
        return float(x @ self.row_payoffs @ y), float(x @ self.column_payoffs @ y)

    def is_equilibrium(self, row: Any, column: Any) -> bool:
        """Whether ``(row, column)`` are mixes and no pure deviation gains more than the check.

        The probabilities may be off by :data:`CHECK_TOLERANCE`; a deviation
        may gain at most :data:`CHECK_TOLERANCE` times the player's scale.
        """
        a, b = self.payoffs
        x, y = np.asarray(row, dtype=float), np.asarray(column, dtype=float)
        if x.shape != (a.shape[0],) or y.shape != (a.shape[1],):
            return False
        tol = CHECK_TOLERANCE
        if np.any(x < -tol) or np.any(y < -tol) or abs(x.sum() - 1) > tol or abs(y.sum() - 1) > tol:
            return False
        slack_a, slack_b = (t / RELATIVE_TOLERANCE * CHECK_TOLERANCE for t in self.tolerances)
        return bool((a @ y).max() <= x @ a @ y + slack_a and (x @ b).max() <= x @ b @ y + slack_b)

    def exploitability(self, row: Any, column: Any) -> Any:
        """What both players together gain by switching to a best response (``NashConv``).

        ``max_i (A y)_i - x.A y + max_j (x B)_j - x.B y``: 0 exactly at an
        equilibrium. Stacks of mixes (shapes ``(T, m)`` and ``(T, n)``) give
        one number per row.
        """
        xs, ys = np.asarray(row, dtype=float), np.asarray(column, dtype=float)
        f = ys @ self.row_payoffs.T
        g = xs @ self.column_payoffs
        gap = f.max(axis=-1) - (xs * f).sum(axis=-1) + g.max(axis=-1) - (g * ys).sum(axis=-1)
        return float(gap) if np.ndim(gap) == 0 else gap

    def optimal_row_mix(self) -> np.ndarray:
        """An optimal (maximin) mix of P1 in the zero-sum game ``(A, -A)`` (nashpy's LP)."""
        row, _column = MatrixGame.zero_sum(self.row_payoffs).nashpy().linear_program()
        return np.asarray(row, dtype=float)


__all__ = ["CHECK_TOLERANCE", "RELATIVE_TOLERANCE", "MatrixGame"]
