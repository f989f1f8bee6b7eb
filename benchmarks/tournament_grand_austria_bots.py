"""Grand Austria Hotel: the plan bot and the plan search bot against today's heuristic.

Run (one process, seeded: a rerun prints the same wins and scores, only the
seconds change)::

    nice -n 10 .venv/bin/python benchmarks/tournament_grand_austria_bots.py --games 100

Pairs, two players, seats alternated from game to game, each pair on the same
seeds (game ``i`` of every pair deals the same cards and rolls from the same
stream): plan vs heuristic, search vs heuristic, plan vs random, and
heuristic vs heuristic (the reference). Each line gives wins with a 95% Wilson
interval and VP per game with a 95% Student t interval. The figures go into
``docs/grand_austria_bot.md`` by hand, with the command that produced them.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from hoteledu.core.agents import Agent, RandomAgent
from hoteledu.core.tournament import TournamentResult, t_interval, tournament
from hoteledu.grand_austria.bots import HeuristicAgent
from hoteledu.grand_austria.plan import PlanAgent
from hoteledu.grand_austria.search import PlanSearchAgent

SEED = 2311


def report(title: str, result: TournamentResult, seconds: float) -> None:
    print(f"## {title}: {result.num_games} games, seed {result.seed}, {seconds:.1f} s a game")
    print(f"{'agent':<12} {'wins':>6}  {'win rate [95% Wilson]':<22}  VP a game [95% t]")
    wins = result.wins()
    for k, name in enumerate(result.agent_names):
        rate = result.win_rate(k)
        vp = t_interval([r[k] for r in result.returns])
        print(
            f"{name:<12} {wins[k]:>6.1f}  {rate.estimate:.3f} [{rate.low:.3f}, {rate.high:.3f}]"
            f"    {vp.estimate:.1f} [{vp.low:.1f}, {vp.high:.1f}]"
        )
    print(flush=True)


def run(
    title: str, agents: list[Agent], games: int, seed: int, processes: int = 1
) -> TournamentResult:
    start = time.perf_counter()
    result = tournament(
        "grand_austria",
        agents,
        games=games,
        seed=seed,
        processes=processes,
        options={"players": 2},
        progress=False,
    )
    report(title, result, (time.perf_counter() - start) / max(1, games))
    return result


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pair")
    parser.add_argument("--search-games", type=int, default=None, help="games with the search")
    parser.add_argument("--iterations", type=int, default=48, help="search iterations a turn")
    parser.add_argument("--seed", type=int, default=SEED, help="the pairs' seed (fresh deals)")
    parser.add_argument("--processes", type=int, default=1, help="games played in parallel")
    parser.add_argument(
        "--pairs", default="plan,search,random,reference", help="which pairs, comma-separated"
    )
    args = parser.parse_args(argv)
    pairs = set(args.pairs.split(","))
    heuristic = HeuristicAgent()
    plan = PlanAgent()
    if "plan" in pairs:
        run("plan vs heuristic", [plan, heuristic], args.games, args.seed, args.processes)
    if "search" in pairs:
        search = PlanSearchAgent(iterations=args.iterations)
        games = args.search_games or args.games
        run("search vs heuristic", [search, heuristic], games, args.seed, args.processes)
    if "random" in pairs:
        run("plan vs random", [plan, RandomAgent()], args.games, args.seed, args.processes)
    if "reference" in pairs:
        run(
            "heuristic vs heuristic",
            [heuristic, HeuristicAgent(name="heuristic2")],
            args.games,
            args.seed,
            args.processes,
        )


if __name__ == "__main__":
    main()
