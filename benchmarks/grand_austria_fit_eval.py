"""Grand Austria Hotel: fit the plan bot's evaluation to final scores (issue 23).

Plays seeded games plan bot against the heuristic (seats alternated), records the
parts of :func:`hoteledu.grand_austria.plan.evaluation_terms` for the plan bot at the
end of each of its turns, and fits, round by round, the plan's final score on them
(least squares, the banked VP fixed at 1, the other parts' multipliers shrunk toward 1
by a ridge term). It prints the multipliers as a Python literal for
``hoteledu.grand_austria.plan.FIT``.

```bash
PYTHONPATH=$PWD nice -n 19 .venv/bin/python benchmarks/grand_austria_fit_eval.py \
    --games 200 --seed 5101 --out /tmp/ga_fit.json
PYTHONPATH=$PWD .venv/bin/python benchmarks/grand_austria_fit_eval.py --load /tmp/ga_fit.json
```
"""

from __future__ import annotations

import argparse
import json
import pathlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from hoteledu.core.simulate import next_action
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria.actions import EndTurn, Pass
from hoteledu.grand_austria.bots import HeuristicAgent
from hoteledu.grand_austria.hotel import ROUNDS
from hoteledu.grand_austria.plan import TERMS, PlanAgent, evaluation_terms
from hoteledu.grand_austria.rules import new_game


def play(seed: int, index: int, fitted: bool) -> list[list[float]]:
    """One game: rows [round, terms..., final VP] at the end of each plan turn."""
    seat = index % 2
    plan = PlanAgent(fitted=fitted).reseeded((seed, index, seat))
    heuristic = HeuristicAgent().reseeded((seed, index, 1 - seat))
    agents = [plan, heuristic] if seat == 0 else [heuristic, plan]
    state = new_game(players=2)
    rng = np.random.default_rng((seed, index))
    rows: list[list[float]] = []
    while not state.is_terminal():
        mover = state.current_player()
        top = state.tasks[-1] if state.tasks else None
        action = next_action(state, agents, rng)
        state.apply_action(action)
        turn_over = isinstance(action, (EndTurn, Pass)) and isinstance(top, tk.Turn)
        if mover == seat and turn_over and state.tasks:
            rows.append([float(state.round), *evaluation_terms(state, seat)])
    return [[*r, float(state.vp[seat])] for r in rows]


def fit(rows: list[list[float]], ridge: float) -> list[list[float]]:
    """Multipliers of the terms for each round: banked fixed at 1, the rest shrunk to 1.

    An intercept is fitted too (the VP still to come that no part of the evaluation
    sees) and dropped: within a round it is the same for every position compared. The
    shrinkage is relative to each part's spread (``ridge`` times its variance).
    """
    data = np.array(rows)
    k = len(TERMS)
    out = []
    for rnd in range(1, ROUNDS + 1):
        sel = data[data[:, 0] == rnd]
        x, y = sel[:, 1 : 1 + k], sel[:, -1]
        target = y - x[:, 0]  # banked VP count as they are
        free = x[:, 1:]
        centred = free - free.mean(axis=0)
        target_c = target - target.mean()
        # ridge toward 1: minimise |t - X b|^2 + ridge sum_j |X_j|^2 (b_j - 1)^2 (centred)
        scale = np.diag((centred**2).sum(axis=0) + 1e-9)
        a = centred.T @ centred + ridge * scale
        b = centred.T @ target_c + ridge * scale @ np.ones(k - 1)
        beta = np.linalg.solve(a, b)
        intercept = target.mean() - free.mean(axis=0) @ beta
        pred = x[:, 0] + intercept + free @ beta
        base = x.sum(axis=1)
        rms = np.sqrt(np.mean((y - pred) ** 2))
        print(
            f"round {rnd}: {len(sel)} rows, rms error fitted {rms:.1f} (intercept "
            f"{intercept:+.1f}), today's {np.sqrt(np.mean((y - base) ** 2)):.1f} "
            f"(bias {np.mean(y - base):+.1f}), today's less its bias "
            f"{np.std(y - base):.1f}"
        )
        out.append([1.0, *(round(float(v), 3) for v in beta)])
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5101)
    parser.add_argument("--ridge", type=float, default=0.3)
    parser.add_argument("--fitted", action="store_true", help="play the fitted bot")
    parser.add_argument("--out", default="")
    parser.add_argument("--load", default="", help="fit rows saved before")
    args = parser.parse_args(argv)
    if args.load:
        rows: list[Any] = json.loads(pathlib.Path(args.load).read_text())
    else:
        rows = []
        for i in range(args.games):
            rows += play(args.seed, i, args.fitted)
        if args.out:
            pathlib.Path(args.out).write_text(json.dumps(rows))
    print(f"{len(rows)} rows; terms {', '.join(TERMS)}")
    for line in fit(rows, args.ridge):
        print(f"    ({', '.join(f'{v:.3f}' for v in line)}),")


if __name__ == "__main__":
    main()
