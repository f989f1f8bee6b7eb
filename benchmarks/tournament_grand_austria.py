"""Grand Austria Hotel tournament report: random, the heuristic bot and MCTS.

Run: ``.venv/bin/python benchmarks/tournament_grand_austria.py`` (about 10 minutes
on 2 cores; ``--quick`` for a smoke run). Every tournament is seeded, so a rerun
prints the same wins and scores (only the seconds change). Seats rotate from
game to game. The figures go into docs/grand_austria.md by hand.

Tables: 2-player tables of heuristic against random and against
``EmperorShyAgent`` (lesson 4's variant), MCTS against each, then one 4-player table
(heuristic, MCTS and two random agents). Each line gives the win rate with its
95% Wilson interval and the mean score with its 95% normal interval.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from hoteledu.core.agents import Agent, RandomAgent
from hoteledu.core.mcts import MCTSAgent
from hoteledu.core.tournament import TournamentResult, tournament
from hoteledu.grand_austria.bots import HeuristicAgent
from hoteledu.grand_austria.strategies import EmperorShyAgent

SEED = 2026


def run(
    agents: Sequence[Agent], games: int, seed: int, processes: int, players: int
) -> tuple[TournamentResult, float]:
    """One seeded tournament; returns the result and wall-clock seconds per game."""
    start = time.perf_counter()
    result = tournament(
        "grand_austria",
        list(agents),
        games=games,
        seed=seed,
        processes=processes,
        options={"players": players},
        progress=False,
    )
    elapsed = time.perf_counter() - start
    return result, elapsed / max(1, games) * processes


def report(title: str, result: TournamentResult, seconds: float) -> None:
    print(f"## {title}")
    print(result.table())
    seats = ", ".join(f"{r.estimate:.2f}" for r in result.seat_win_rates())
    print(f"seat win rates: {seats}; {seconds:.2f} s per game (one core)")
    print()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=25, help="MCTS iterations per move")
    parser.add_argument("--games", type=int, default=200, help="games without MCTS")
    parser.add_argument("--mcts-games", type=int, default=20, help="2-player games with MCTS")
    parser.add_argument("--table-games", type=int, default=8, help="4-player games")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a few games of each")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.mcts_games, args.table_games = 10, 2, 1

    mcts = MCTSAgent(iterations=args.iterations, name=f"mcts{args.iterations}")
    heuristic, random = HeuristicAgent(), RandomAgent()
    pairs = [
        ("heuristic vs random", [heuristic, random], args.games),
        (f"{mcts.name} vs random", [mcts, random], args.mcts_games),
        (f"{mcts.name} vs heuristic", [mcts, heuristic], args.mcts_games),
        # last, so the seeds SEED + i of the tables above stay those of the docs
        ("heuristic vs emperor-shy", [heuristic, EmperorShyAgent()], args.games),
    ]
    for i, (title, agents, games) in enumerate(pairs):
        result, seconds = run(agents, games, SEED + i, args.processes, players=2)
        report(f"2 players, {title}", result, seconds)
    table = [heuristic, mcts, RandomAgent(name="random1"), RandomAgent(name="random2")]
    result, seconds = run(table, args.table_games, SEED + 10, args.processes, players=4)
    report("4 players, one table (seats rotate)", result, seconds)


if __name__ == "__main__":
    main()
