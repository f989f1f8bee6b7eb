"""Calibrate the apps' difficulty levels: a seeded round robin and a Bradley-Terry rating.

Run (from the repository root)::

    .venv/bin/python benchmarks/levels_tournament.py GAME [--games N] [--search-games M]
        [--headline-games H] [--strong-games S] [--processes P]
    .venv/bin/python benchmarks/levels_tournament.py GAME --report

Every pair of agents plays two-player games (seeded, seats alternating, the
same seeds for every pair) with :func:`hoteledu.core.tournament.tournament`:
``N`` games a pair of quick bots, ``M`` a pair with the app's ``mcts`` seat
(random or heuristic rollouts, seconds a decision), ``H`` for the headline
pair, the strong level against the intermediate one (the game's best
heuristic), ``S`` (``--strong-games``, default ``N``) for the strong level's
other pairs. The agents: the levels (beginner, intermediate, strong;
``hoteledu.<game>.app.LEVEL_BOTS``) and today's bots (random, and the app's
MCTS seat at its default iterations without its time budget).

Each finished pair is written at once to ``benchmarks/results/levels_GAME.json``
(the games' win shares and scores, CPU seconds), so a stopped run resumes where
it stopped and ``--report`` rebuilds the tables of ``docs/levels.md`` without
playing again. A pair stored with other counts or another seed is played again.

The rating is a Bradley-Terry model fitted by maximum likelihood (a shared win
counts half to each): P(i beats j) = 1 / (1 + 10 ** ((r_j - r_i) / 400)), on the
Elo scale, random fixed at 0. Its 95% intervals are the 2.5% and 97.5% quantiles
of 200 refits on the games resampled within each pair (a seeded bootstrap). The
report says for each level whether it beats the one below: its head-to-head win
share with a 95% Wilson interval, and the bootstrap interval of the rating gap.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import pathlib
import time
from typing import Any

import numpy as np

from hoteledu.core.agents import RandomAgent
from hoteledu.core.tournament import tournament, wilson_interval

SEED = 2026
LEVEL_NAMES = ("beginner", "intermediate", "strong")
RESULTS = pathlib.Path(__file__).resolve().parent / "results"


def agents_for(game: str) -> list:
    """The round robin's agents: random, the three levels, the app's MCTS seat (no clock)."""
    app = importlib.import_module(f"hoteledu.{game}.app")
    levels = [app.LEVEL_BOTS[name](0) for name in LEVEL_NAMES]
    mcts = app.make_agent("mcts", 0, app.DEFAULT_MCTS_ITERATIONS, None)
    mcts.name = f"mcts {app.DEFAULT_MCTS_ITERATIONS}"
    return [RandomAgent(name="random"), *levels, mcts]


def describe(agent: Any) -> str:
    """The agent's class and settings, so a stored pair of other bots is played again."""
    parts = []
    for key, value in sorted(vars(agent).items()):
        if key.startswith("_") or key in ("rng", "last_iterations"):
            continue
        if isinstance(value, int | float | str | bool | type(None)):
            parts.append(f"{key}={value!r}")
        elif key in ("base", "rollout_agent"):
            parts.append(f"{key}={describe(value)}")
    return f"{type(agent).__qualname__}({', '.join(parts)})"


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


def pair_games(a: str, b: str, counts: dict[str, int]) -> int:
    """Games for a pair: the headline pair, a pair with the MCTS seat, or quick bots."""
    if {a, b} == {"intermediate", "strong"}:
        return counts["headline"]
    if a.startswith("mcts") or b.startswith("mcts"):
        return counts["search"]
    if "strong" in (a, b):
        return counts["strong"]
    return counts["quick"]


def _load(path: pathlib.Path) -> dict[str, Any]:
    if path.exists():
        return json.loads(path.read_text())
    return {"pairs": {}}


def play(game: str, counts: dict[str, int], processes: int, path: pathlib.Path) -> None:
    """Play every pair not yet stored with these counts, storing each as it finishes."""
    agents = agents_for(game)
    names = [a.name for a in agents]
    data = _load(path)
    data.update(game=game, seed=SEED, agents=names)
    data["settings"] = {a.name: describe(a) for a in agents}
    # The pairs with the slow MCTS seat last: a stopped run has the levels' pairs.
    pairs = sorted(
        itertools.combinations(range(len(agents)), 2),
        key=lambda ij: names[ij[0]].startswith("mcts") or names[ij[1]].startswith("mcts"),
    )
    for i, j in pairs:
        key = f"{names[i]} | {names[j]}"
        count = pair_games(names[i], names[j], counts)
        stored = data["pairs"].get(key)
        same = (count, SEED, [describe(agents[i]), describe(agents[j])])
        if stored and (stored["games"], stored["seed"], stored["settings"]) == same:
            continue
        start = time.process_time()
        wall = time.perf_counter()
        result = tournament(
            game, [agents[i], agents[j]], games=count, seed=SEED, processes=processes,
            progress=False,
        )  # fmt: skip
        data["pairs"][key] = {
            "a": names[i],
            "b": names[j],
            "games": count,
            "seed": SEED,
            "settings": [describe(agents[i]), describe(agents[j])],
            "shares": [u[0] for u in result.utilities],
            "scores": [[r[0], r[1]] for r in result.returns],
            "cpu_seconds_parent": round(time.process_time() - start, 1),
            "wall_seconds": round(time.perf_counter() - wall, 1),
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1))
        print(f"{key}: {count} games, {time.perf_counter() - wall:.0f} s", flush=True)


def report(path: pathlib.Path) -> str:
    """The Markdown tables of the stored pairs: results, ratings, the levels' order."""
    data = _load(path)
    pairs = data["pairs"]
    met = {name for pair in pairs.values() for name in (pair["a"], pair["b"])}
    names: list[str] = [name for name in data["agents"] if name in met]  # rated once played
    index = {name: k for k, name in enumerate(names)}
    lines = [
        f"{data['game']}: seed {data['seed']}, two players, seats alternating\n",
        "| A | B | games | A's win share [95% Wilson] | A's mean score | B's mean score "
        "| wall s/game |",
        "|---|---|---|---|---|---|---|",
    ]
    arrays = {}
    for pair in pairs.values():
        shares = np.asarray(pair["shares"])
        scores = np.asarray(pair["scores"], dtype=float)
        arrays[index[pair["a"]], index[pair["b"]]] = shares
        lines.append(
            f"| {pair['a']} | {pair['b']} | {pair['games']} "
            f"| {wilson_interval(shares.sum(), len(shares))} | {scores[:, 0].mean():.1f} "
            f"| {scores[:, 1].mean():.1f} | {pair['wall_seconds'] / pair['games']:.2f} |"
        )
    n = len(names)

    def table(pick: dict[tuple[int, int], np.ndarray]) -> np.ndarray:
        scores = np.zeros((n, n))
        for (i, j), shares in pick.items():
            scores[i, j] += shares.sum()
            scores[j, i] += len(shares) - shares.sum()
        return scores

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
    lines += [
        "",
        "| agent | Bradley-Terry rating (Elo scale, random = 0) | 95% bootstrap interval |",
        "|---|---|---|",
    ]
    for k in np.argsort(-rating):
        lines.append(f"| {names[k]} | {rating[k]:.0f} | [{low[k]:.0f}, {high[k]:.0f}] |")
    lines += [
        "",
        "| level | against the level below | head to head [95% Wilson] | rating gap [95%] "
        "| supported |",
        "|---|---|---|---|---|",
    ]
    for lower, upper in itertools.pairwise(LEVEL_NAMES):
        i, j = index[lower], index[upper]
        shares = arrays.get((i, j))
        upper_share = (
            None if shares is None else wilson_interval(len(shares) - shares.sum(), len(shares))
        )
        gap = boot[:, j] - boot[:, i]
        gap_low, gap_high = np.percentile(gap, [2.5, 97.5])
        supported = upper_share is not None and upper_share.low > 0.5 and gap_low > 0
        lines.append(
            f"| {upper} | {lower} | {upper_share} | {rating[j] - rating[i]:.0f} "
            f"[{gap_low:.0f}, {gap_high:.0f}] | {'yes' if supported else 'no'} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=("amsterdam", "boutique", "grand_austria"))
    parser.add_argument("--games", type=int, default=100, help="games a pair of quick bots")
    parser.add_argument("--search-games", type=int, default=10, help="a pair with the mcts seat")
    parser.add_argument("--headline-games", type=int, default=100, help="strong v intermediate")
    parser.add_argument("--strong-games", type=int, help="the strong level's other pairs")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--report", action="store_true", help="only print the stored results")
    args = parser.parse_args()
    path = RESULTS / f"levels_{args.game}.json"
    if not args.report:
        counts = {
            "quick": args.games,
            "search": args.search_games,
            "headline": args.headline_games,
            "strong": args.games if args.strong_games is None else args.strong_games,
        }
        start = time.perf_counter()
        play(args.game, counts, args.processes, path)
        print(f"played in {time.perf_counter() - start:.0f} s wall-clock\n")
    print(report(path))


if __name__ == "__main__":
    main()
