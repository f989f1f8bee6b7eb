"""Speed of the Boutique Hotel Manager engine (a script, not part of the test run).

Run: ``.venv/bin/python benchmarks/bench_boutique.py [seconds per figure]``

Prints random games per second on one core for 2 and 4 players: through
``hoteledu.core.play`` with RandomAgents (player views, game record), and a
bare loop (``legal_actions`` + ``apply_action``, chance by ``sample_chance``).
Random players often lose all their stars in week 1 (under the default
rating, one star per missing employee, about 7 in 10 two-player games end
there), which ends a 2-player game early, so the mean number of actions and
the share of games reaching week 2 are printed too; the heuristic bots
almost always play both weeks.
Then a seeded tournament between the heuristic bots.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy as np

from hoteledu.boutique.bots import BOTS
from hoteledu.boutique.rules import BoutiqueState, new_game
from hoteledu.core import RandomAgent, play
from hoteledu.core.actions import JointAction
from hoteledu.core.state import CHANCE, SIMULTANEOUS
from hoteledu.core.tournament import tournament


def bare_game(players: int, rng: np.random.Generator) -> BoutiqueState:
    """One random game with the bare protocol."""
    state = new_game(players=players)
    while not state.is_terminal():
        mover = state.current_player()
        if mover == CHANCE:
            action = state.sample_chance(rng)
        elif mover == SIMULTANEOUS:
            parts = []
            for p in range(players):
                actions = state.legal_actions(p)
                parts.append(actions[int(rng.random() * len(actions))])
            action = JointAction(tuple(parts))
        else:
            actions = state.legal_actions()
            action = actions[int(rng.random() * len(actions))]
        state.apply_action(action)
    return state


def full_game(players: int, seed: int) -> BoutiqueState:
    """One game through ``hoteledu.core.play`` with RandomAgents."""
    state = new_game(players=players)
    play(state, [RandomAgent(seed * 10 + p) for p in range(players)], seed=seed)
    return state


def bot_game(players: int, seed: int) -> BoutiqueState:
    """One game between the heuristic bots through ``play``."""
    state = new_game(players=players)
    bots = [cls(seed) for cls in BOTS.values()][:players]
    play(state, bots, seed=seed)
    return state


def measure(run: Callable[[int], BoutiqueState], seconds: float) -> tuple[float, float, float]:
    """Games per CPU second, mean actions per game, share reaching week 2.

    CPU time (``process_time``) rather than wall time, so that other jobs on
    the machine do not distort the figure of one core.
    """
    start = time.process_time()
    games = actions = week2 = 0
    while time.process_time() - start < seconds:
        state = run(games)
        games += 1
        actions += len(state.history)
        week2 += state.week == 2
    elapsed = time.process_time() - start
    return games / elapsed, actions / games, week2 / games


def main(seconds: float = 3.0) -> None:
    print(f"{'players':>7} {'loop':<22} {'games/s':>8} {'actions/game':>13} {'week 2':>7}")
    for players in (2, 4):
        rng = np.random.default_rng(players)
        rows = [
            ("play(), RandomAgents", lambda i, n=players: full_game(n, i)),
            ("bare loop, random", lambda i, n=players, r=rng: bare_game(n, r)),
            ("play(), heuristic bots", lambda i, n=players: bot_game(n, i)),
        ]
        for label, run in rows:
            rate, length, week2 = measure(run, seconds)
            print(f"{players:>7} {label:<22} {rate:>8.0f} {length:>13.0f} {week2:>7.0%}")
    print()
    for players in (2, 4):
        result = tournament(
            "boutique",
            [cls() for cls in BOTS.values()][:players]
            if players == 4
            else [BOTS["undercutter"](), BOTS["premium"]()],
            games=200,
            seed=2026,
            progress=False,
            options={"players": players},
        )
        print(result)
        print()
    for a, b in (("peakload", "staffer"), ("staffer", "premium"), ("undercutter", "peakload")):
        result = tournament(
            "boutique", [BOTS[a](), BOTS[b]()], games=200, seed=2026, progress=False
        )
        print(result)
        print()


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
