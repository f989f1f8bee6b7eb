"""The booking-week pricing game from many deals, computed once and stored (issue 19).

The lessons play the booking week from 20 or 60 seeded deals to stay fast.
That is too few for some conclusions (an equilibrium mix, a best reply that
beats its runner-up by less than a standard error). This module plays the
same game (flat prices 100..600, breakfast 100, the fixed policies of
:mod:`hoteledu.boutique.analysis.games`) over ``REFERENCE_DEALS`` deals with
common random numbers, and stores in ``hoteledu/boutique/data/week_reference.json``:

* the mean booking income of each player for every price pair (before wages:
  the week game stops before hiring);
* the standard error of every cell, and of every **paired difference**
  between two prices of P1 against one price of P2 (same deals, so the
  difference's error uses the pairing), for both objectives;
* the equilibrium of the money-difference game (linear program) on the full
  grid and on the lessons' grid 200..600, with a bootstrap over the deals:
  mean, standard deviation, 95% percentile interval of every weight, and how
  often each price is played.

Deal ``s`` is ``default_rng([seed, s])`` as in :func:`pricing_game`, so the
first 60 reference deals are the lessons' 60 deals. ``python -m
hoteledu.boutique.analysis.week_reference`` recomputes the file (about two
minutes); a test outside the default run (``HOTELEDU_RECOMPUTE=1``) checks
that the stored numbers come back.
"""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from hoteledu.boutique.analysis.equilibria import reply_margins, zero_sum_lp
from hoteledu.boutique.analysis.games import PricingGame, as_prices, choice_label, pricing_game

REFERENCE_PATH = Path(__file__).resolve().parents[1] / "data" / "week_reference.json"
REFERENCE_DEALS = 4000
REFERENCE_SEED = 2026
BOOTSTRAP_RESAMPLES = 200
BOOTSTRAP_SEED = 7
PRICES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
LESSON_GRID: tuple[int, ...] = (2, 3, 4, 5, 6)
"""The grid of lessons 2 and 3 (200..600)."""


def _difference(draws: np.ndarray) -> np.ndarray:
    """P1's money minus P2's, per deal: shape (deals, k, k)."""
    return draws[..., 0] - draws[..., 1]


def paired_errors(per_deal: np.ndarray) -> np.ndarray:
    """``[j, i, k]``: standard error of P1's payoff at (i, j) minus at (k, j), deal by deal."""
    deals = per_deal.shape[0]
    gaps = per_deal[:, :, None, :] - per_deal[:, None, :, :]  # deal, i, k, j
    return np.transpose(gaps.std(axis=0, ddof=1) / np.sqrt(deals), (2, 0, 1))


def bootstrap_equilibrium(
    per_deal: np.ndarray, resamples: int, seed: int
) -> dict[str, list[float]]:
    """The LP equilibrium of P1 over resamples of the deals: weight summaries per price."""
    rng = np.random.default_rng(seed)
    deals = per_deal.shape[0]
    mixes = np.array(
        [
            zero_sum_lp(per_deal[rng.integers(deals, size=deals)].mean(axis=0), column=False).row
            for _ in range(resamples)
        ]
    )
    return {
        "mean": mixes.mean(axis=0).tolist(),
        "sd": mixes.std(axis=0, ddof=1).tolist(),
        "low": np.percentile(mixes, 2.5, axis=0).tolist(),
        "high": np.percentile(mixes, 97.5, axis=0).tolist(),
        "played": (mixes > 1e-6).mean(axis=0).tolist(),
    }


def compute_week_reference(
    samples: int = REFERENCE_DEALS,
    seed: int = REFERENCE_SEED,
    resamples: int = BOOTSTRAP_RESAMPLES,
    progress: bool = False,
) -> dict[str, Any]:
    """Play the week game over ``samples`` deals and summarise it (see the module text)."""
    game = pricing_game(
        "week", prices=PRICES, samples=samples, seed=seed, symmetric=True, progress=progress
    )
    assert game.draws is not None
    draws = game.draws
    profit = draws[..., 0]
    difference = _difference(draws)
    out: dict[str, Any] = {
        "deals": samples,
        "seed": seed,
        "prices": list(PRICES),
        "gains": game.gains.tolist(),
        "errors": {
            "profit": (profit.std(axis=0, ddof=1) / np.sqrt(samples)).tolist(),
            "difference": (difference.std(axis=0, ddof=1) / np.sqrt(samples)).tolist(),
        },
        "paired_errors": {
            "profit": paired_errors(profit).tolist(),
            "difference": paired_errors(difference).tolist(),
        },
        "equilibrium": {},
    }
    for name, grid in (("full", PRICES), ("lesson", LESSON_GRID)):
        keep = [PRICES.index(f) for f in grid]
        sub = difference[:, keep][:, :, keep]
        out["equilibrium"][name] = {
            "prices": list(grid),
            "mix": zero_sum_lp(sub.mean(axis=0), column=False).row.tolist(),
            "bootstrap": bootstrap_equilibrium(sub, resamples, BOOTSTRAP_SEED),
            "resamples": resamples,
        }
    return out


@dataclasses.dataclass(frozen=True)
class WeekReference:
    """The stored many-deal week game (see the module text)."""

    deals: int
    seed: int
    prices: tuple[int, ...]
    gains: np.ndarray
    """Mean booking income, shape (6, 6, 2): P1's price, P2's price, player."""
    errors: dict[str, np.ndarray]
    paired: dict[str, np.ndarray]
    equilibrium: dict[str, dict[str, Any]]

    def payoff(self, objective: str) -> np.ndarray:
        """P1's payoff matrix under ``objective`` ("profit" or "difference")."""
        if objective == "profit":
            return self.gains[..., 0]
        if objective == "difference":
            return self.gains[..., 0] - self.gains[..., 1]
        raise ValueError(f"objective must be 'profit' or 'difference', got {objective!r}")

    def compare(self, objective: str, first: int, second: int, column: int) -> tuple[float, float]:
        """P1 at ``first`` minus at ``second`` against ``column``, and the paired error."""
        a = self.payoff(objective)
        return float(a[first, column] - a[second, column]), float(
            self.paired[objective][column, first, second]
        )

    def reply_margins(self, objective: str, prices: tuple[int, ...] | None = None) -> list[Any]:
        """:func:`~hoteledu.boutique.analysis.equilibria.reply_margins` on the stored game.

        ``prices``: a sub-grid (for example lessons 2 and 3's 200..600);
        indices in the result are into that grid.
        """
        keep = [self.prices.index(f) for f in (prices or self.prices)]
        reference = self

        class _Sub:
            payoffs = (self.payoff(objective)[np.ix_(keep, keep)],)

            @staticmethod
            def compare(_player: int, first: tuple[int, int], second: tuple[int, int]) -> Any:
                return reference.compare(objective, keep[first[0]], keep[second[0]], keep[first[1]])

        return reply_margins(_Sub())

    def game(self, objective: str = "profit") -> PricingGame:
        """The stored game as a :class:`PricingGame` (no per-deal draws)."""
        vectors = tuple(as_prices(f) for f in self.prices)
        labels = tuple(choice_label(f) for f in self.prices)
        a = self.payoff(objective)
        b = self.gains[..., 1] if objective == "profit" else -a
        error = self.errors[objective]
        return PricingGame(
            part="week",
            objective=objective,
            labels=(labels, labels),
            choices=(vectors, vectors),
            gains=self.gains,
            payoffs=(a, b),
            standard_errors=(error, error.T),
            exact=False,
        )


def _parse(data: dict[str, Any]) -> WeekReference:
    try:
        prices = tuple(int(f) for f in data["prices"])
        gains = np.array(data["gains"], dtype=float)
        errors = {k: np.array(v, dtype=float) for k, v in data["errors"].items()}
        paired = {k: np.array(v, dtype=float) for k, v in data["paired_errors"].items()}
        equilibrium = dict(data["equilibrium"])
        deals, seed = int(data["deals"]), int(data["seed"])
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"the week reference file is malformed: {error}") from error
    k = len(prices)
    if gains.shape != (k, k, 2) or any(e.shape != (k, k) for e in errors.values()):
        raise ValueError(f"the week reference's gains must be {k} x {k} x 2, got {gains.shape}")
    if set(errors) != {"profit", "difference"} or set(paired) != set(errors):
        raise ValueError("the week reference needs 'profit' and 'difference' errors")
    return WeekReference(deals, seed, prices, gains, errors, paired, equilibrium)


@lru_cache(maxsize=1)
def load_week_reference(path: Path = REFERENCE_PATH) -> WeekReference:
    """The stored reference (validated shapes)."""
    return _parse(json.loads(Path(path).read_text(encoding="utf-8")))


def _rounded(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    return value


def write_week_reference(path: Path = REFERENCE_PATH, **kwargs: Any) -> dict[str, Any]:
    """Compute and store the reference (rounded to 4 decimals)."""
    data = _rounded(compute_week_reference(**kwargs))
    Path(path).write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return data


if __name__ == "__main__":
    write_week_reference(progress=True)
