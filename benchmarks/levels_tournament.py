"""Calibrate the apps' difficulty levels: a seeded round robin and a Bradley-Terry rating.

Run: ``.venv/bin/python benchmarks/levels_tournament.py GAME [games] [search games]``

Every pair of agents plays two-player games (seeded, seats alternating) with
:func:`hoteledu.core.tournament.tournament`: ``games`` per pair of quick bots,
``search games`` per pair with a searching bot (``strong``, ``mcts``), which
cost seconds a decision. The agents: the levels (beginner, intermediate,
strong; ``hoteledu.<game>.app.LEVEL_BOTS``) and today's bots (random, and the
app's MCTS seat at its default iterations without its time budget).

The rating is a Bradley-Terry model fitted by maximum likelihood (a shared win
counts half to each): P(i beats j) = 1 / (1 + 10 ** ((r_j - r_i) / 400)), on the
Elo scale, random fixed at 0. Its 95% intervals are the 2.5% and 97.5% quantiles
of 200 refits on the games resampled within each pair (a seeded bootstrap).
Prints a Markdown table of the pairs and one of the ratings, for docs/levels.md.
"""

from __future__ import annotations

import importlib
import itertools
import sys
import time

import numpy as np

from hoteledu.core.agents import RandomAgent
from hoteledu.core.tournament import tournament

SEED = 2026
SLOW = ("strong", "mcts")


def agents_for(game: str) -> list:
    """The round robin's agents: random, the three levels, the app's MCTS seat (no clock)."""
    app = importlib.import_module(f"hoteledu.{game}.app")
    levels = [app.LEVEL_BOTS[name](0) for name in ("beginner", "intermediate", "strong")]
    mcts = app.make_agent("mcts", 0, app.DEFAULT_MCTS_ITERATIONS, None)
    mcts.name = f"mcts {app.DEFAULT_MCTS_ITERATIONS}"
    return [RandomAgent(name="random"), *levels, mcts]


def bradley_terry(names: list[str], scores: np.ndarray, steps: int = 2000) -> np.ndarray:
    """Elo-scale ratings from ``scores[i, j]`` (i's win shares against j), the first at 0.

    Minorise-maximise updates (Hunter 2004); a small prior of one drawn game
    against the first agent keeps an unbeaten agent's rating finite.
    """
    n = len(names)
    wins = scores + 0.5 * (np.eye(n)[0][None, :] + np.eye(n)[0][:, None])
    np.fill_diagonal(wins, 0.0)
    games = wins + wins.T
    strength = np.ones(n)
    for _ in range(steps):
        total = wins.sum(axis=1)
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        strength = np.where(denominator > 0, total / np.maximum(denominator, 1e-300), strength)
        strength /= strength[0]
    return 400.0 * np.log10(strength)


def main(game: str, games: int, search_games: int) -> None:
    agents = agents_for(game)
    names = [a.name for a in agents]
    n = len(agents)
    outcomes: dict[tuple[int, int], list[float]] = {}
    print(f"{game}: {games} games a pair ({search_games} with a search bot), seed {SEED}\n")
    print("| A | B | games | A's win share [95%] | A's mean score | B's mean score | s/game |")
    print("|---|---|---|---|---|---|---|")
    for i, j in itertools.combinations(range(n), 2):
        count = search_games if {names[i], names[j]} & {*SLOW, names[-1]} else games
        start = time.perf_counter()
        result = tournament(game, [agents[i], agents[j]], games=count, seed=SEED, progress=False)
        seconds = (time.perf_counter() - start) / count
        outcomes[i, j] = [u[0] for u in result.utilities]
        rate = result.win_rate(0)
        print(
            f"| {names[i]} | {names[j]} | {count} | {rate} | {result.mean_score(0).estimate:.1f} "
            f"| {result.mean_score(1).estimate:.1f} | {seconds:.1f} |",
            flush=True,
        )

    def table(pick: dict[tuple[int, int], np.ndarray]) -> np.ndarray:
        scores = np.zeros((n, n))
        for (i, j), shares in pick.items():
            scores[i, j] += shares.sum()
            scores[j, i] += len(shares) - shares.sum()
        return scores

    arrays = {pair: np.asarray(v) for pair, v in outcomes.items()}
    rating = bradley_terry(names, table(arrays))
    rng = np.random.default_rng(SEED)
    boot = np.array(
        [
            bradley_terry(
                names, table({p: v[rng.integers(len(v), size=len(v))] for p, v in arrays.items()})
            )
            for _ in range(200)
        ]
    )
    low, high = np.percentile(boot, [2.5, 97.5], axis=0)
    print("\n| agent | Bradley-Terry rating (Elo scale, random = 0) | 95% bootstrap interval |")
    print("|---|---|---|")
    for k in np.argsort(-rating):
        print(f"| {names[k]} | {rating[k]:.0f} | [{low[k]:.0f}, {high[k]:.0f}] |")


if __name__ == "__main__":
    main(
        sys.argv[1],
        int(sys.argv[2]) if len(sys.argv) > 2 else 20,
        int(sys.argv[3]) if len(sys.argv) > 3 else 4,
    )
