"""Speed of the Hotel Amsterdam engine (a script, not part of the test run).

Run: ``.venv/bin/python benchmarks/bench_amsterdam.py [seconds per figure]``

Prints random games per second for 2 and 4 players, dice and tactical, on one
core: a bare loop (``legal_actions`` + ``apply_action``, chance drawn by
``sample_chance``) and the full ``hoteledu.core.play`` with RandomAgents
(player views and a game record). Then the time of one ``legal_actions``,
``apply_action`` and ``clone`` call, averaged over the positions of random games,
and the bots' thinking time per decision in two tactical games (shuffled
layouts), minimax (one turn) against greedy.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy as np

from hoteledu.amsterdam.bots import GreedyAgent
from hoteledu.amsterdam.rules import new_game
from hoteledu.amsterdam.search import MinimaxAgent
from hoteledu.core import PlayerView, RandomAgent, play
from hoteledu.core.state import CHANCE


def bare_game(options: dict, rng: np.random.Generator) -> int:
    """One random game with the bare protocol; returns the number of actions."""
    state = new_game(**options)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            actions = state.legal_actions()
            action = actions[int(rng.random() * len(actions))]
        state.apply_action(action)
    return len(state.history)


def full_game(options: dict, seed: int) -> int:
    """One game through ``hoteledu.core.play`` with RandomAgents; returns its length."""
    state = new_game(**options)
    agents = [RandomAgent(seed * 10 + p) for p in range(options["players"])]
    return len(play(state, agents, seed=seed))


def games_per_second(run: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Games per second and mean actions per game of ``run()`` for about ``seconds``."""
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds:
        actions += run()
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def per_call(options: dict, games: int = 50) -> dict[str, float]:
    """Mean microseconds per legal_actions, apply_action and clone over random games."""
    rng = np.random.default_rng(1)
    totals = {"legal_actions": 0.0, "apply_action": 0.0, "clone": 0.0}
    calls = 0
    for _ in range(games):
        state = new_game(**options)
        while not state.is_terminal():
            t0 = time.perf_counter()
            if state.current_player() == CHANCE:
                action = state.sample_chance(rng)
            else:
                actions = state.legal_actions()
                action = actions[int(rng.random() * len(actions))]
            t1 = time.perf_counter()
            state.clone()
            t2 = time.perf_counter()
            state.apply_action(action)
            t3 = time.perf_counter()
            totals["legal_actions"] += t1 - t0
            totals["clone"] += t2 - t1
            totals["apply_action"] += t3 - t2
            calls += 1
    return {k: 1e6 * v / calls for k, v in totals.items()}


def bot_times(games: int = 2) -> dict[str, list[float]]:
    """Seconds per decision of GreedyAgent and MinimaxAgent(turns=1), tactical games."""
    times: dict[str, list[float]] = {"greedy": [], "minimax-1-turn": []}
    for seed in range(games):
        state = new_game(variant="tactical", layout="shuffled")
        rng = np.random.default_rng(seed)
        agents = [MinimaxAgent(turns=1), GreedyAgent()]
        if seed % 2:
            agents.reverse()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            agent = agents[state.current_player()]
            t0 = time.perf_counter()
            action = agent.act(PlayerView(state, state.current_player()))
            times[agent.name].append(time.perf_counter() - t0)
            state.apply_action(action)
    return times


def main(seconds: float = 2.0) -> None:
    print(f"Hotel Amsterdam engine speed (one core, {seconds:.0f} s per figure)")
    print(
        f"{'players':>7} {'variant':>9} {'bare games/s':>13} {'play() games/s':>15} {'actions':>8}"
    )
    for players in (2, 4):
        for variant in ("dice", "tactical"):
            options = {"players": players, "variant": variant}
            rng = np.random.default_rng(0)
            bare, length = games_per_second(lambda o=options, r=rng: bare_game(o, r), seconds)
            seeds = iter(range(10**9))
            with_play, _ = games_per_second(
                lambda o=options, it=seeds: full_game(o, next(it)), seconds
            )
            print(f"{players:>7} {variant:>9} {bare:>13.0f} {with_play:>15.0f} {length:>8.0f}")
    print()
    print("microseconds per call (2 players, dice, mean over the positions of 50 games)")
    for name, micros in per_call({"players": 2, "variant": "dice"}).items():
        print(f"  {name:<14} {micros:6.1f}")
    print()
    print("bots, seconds per decision (2 tactical games, shuffled layouts)")
    for name, spent in bot_times().items():
        print(
            f"  {name:<15} mean {np.mean(spent):.3f}  max {np.max(spent):.2f}  "
            f"total per game {np.sum(spent) / 2:.1f}"
        )


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
