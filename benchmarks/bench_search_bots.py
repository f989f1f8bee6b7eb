"""Seconds a decision of each game's strong level (its search bot), over whole games.

The levels do a fixed amount of work (``docs/levels.md``); this measures what
that work costs here: the strong level plays seat 0 against the game's
intermediate level (its best heuristic) for whole two-player games, and every
decision where it has a choice is timed, in CPU seconds of this process (what
the search costs, whatever else the machine runs) and in wall-clock seconds
(what a player waits for on this machine now). The load average is printed
beside them: on a busy machine the wall-clock figures are the larger.

Run: ``.venv/bin/python benchmarks/bench_search_bots.py [games] [game ...]``
"""

from __future__ import annotations

import importlib
import os
import statistics
import sys
import time

import numpy as np

from hoteledu.core.actions import JointAction
from hoteledu.core.agents import PlayerView
from hoteledu.core.registry import load_game
from hoteledu.core.state import CHANCE, SIMULTANEOUS

GAMES = ("amsterdam", "boutique", "grand_austria")


def decision_times(game: str, seed: int) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of the strong level's decisions with a choice in one game."""
    bots = importlib.import_module(f"hoteledu.{game}.app").LEVEL_BOTS
    strong, rival = bots["strong"](seed), bots["intermediate"](seed)
    state = load_game(game, players=2)
    rng = np.random.default_rng(seed)
    cpu: list[float] = []
    wall: list[float] = []
    while not state.is_terminal():
        mover = state.current_player()
        if mover == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        seats = range(state.num_players) if mover == SIMULTANEOUS else [mover]
        parts = {}
        for seat in seats:
            if seat == 0:
                several = len(state.legal_actions(0)) > 1
                start_cpu, start_wall = time.process_time(), time.perf_counter()
                parts[seat] = strong.act(PlayerView(state.clone(), 0))
                if several:
                    cpu.append(time.process_time() - start_cpu)
                    wall.append(time.perf_counter() - start_wall)
            else:
                parts[seat] = rival.act(PlayerView(state.clone(), seat))
        if mover == SIMULTANEOUS:
            state.apply_action(JointAction(tuple(parts[p] for p in seats)))
        else:
            state.apply_action(parts[mover])
    return cpu, wall


def _summary(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"median {statistics.median(ordered):.3f}  90% {p90:.3f}  max {ordered[-1]:.3f}  "
        f"mean {statistics.fmean(ordered):.3f}"
    )


def main(games: int, names: list[str]) -> None:
    print(f"load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for game in names:
        cpu: list[float] = []
        wall: list[float] = []
        for seed in range(games):
            c, w = decision_times(game, seed)
            cpu += c
            wall += w
        print(f"{game}: {len(cpu)} decisions with a choice in {games} games")
        print(f"  CPU s   {_summary(cpu)}")
        print(f"  wall s  {_summary(wall)}", flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2, sys.argv[2:] or list(GAMES))
