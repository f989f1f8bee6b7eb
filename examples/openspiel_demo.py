"""OpenSpiel on hoteledu: CFR vs nashpy on Boutique's ranking bid; MCTS vs hoteledu's bots.

Run ``python examples/openspiel_demo.py`` (needs ``pip install -e ".[openspiel]"``).
``--cfr-iterations`` and ``--games``/``--simulations`` trade time for precision;
docs/interop.md quotes the numbers of the default run.

1. Boutique's walk-in ranking bid (BHM-24) between two players tied on money
   (500 each): both bid 0..500 in hundreds, every bid is paid, the higher
   bid is served first (worth 300 here), equal bids go to the white die. The
   Boutique engine computes every payoff; nashpy solves the 6x6 bimatrix
   game; OpenSpiel's CFR solves the same game played in turn with the first
   bid hidden. Both give the same equilibrium.
2. OpenSpiel's MCTS (random rollouts) plays Hotel Amsterdam against
   hoteledu's greedy bot and random bot, seats alternating, seeded chance.
"""

from __future__ import annotations

import argparse
import time

import nashpy
import numpy as np
import pyspiel
from open_spiel.python.algorithms import cfr, exploitability, mcts

import hoteledu.interop.openspiel as hos
from hoteledu.amsterdam.bots import GreedyAgent
from hoteledu.core.agents import PlayerView, RandomAgent


def cfr_versus_nashpy(iterations: int) -> None:
    bids, a, b = hos.rank_bid_matrices(money=500, priority_value=300)
    print("Ranking bid, payoff of P1 (rows: P1's bid, columns: P2's bid):")
    print("      " + " ".join(f"{x:>6}" for x in bids))
    for x, row in zip(bids, a, strict=True):
        print(f"{x:>6}" + " ".join(f"{v:>6.0f}" for v in row))
    equilibria = list(nashpy.Game(a, b).support_enumeration())
    for x, y in equilibria:
        print(
            f"nashpy: P1 {np.round(x, 3).tolist()}  P2 {np.round(y, 3).tolist()}  "
            f"values {x @ a @ y:.1f}, {x @ b @ y:.1f}"
        )
    game = pyspiel.load_game(hos.RANK_BID_GAME, {"money": 500, "priority_value": 300})
    solver = cfr.CFRSolver(game)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    seconds = time.perf_counter() - start
    policy = solver.average_policy()
    root = game.new_initial_state()
    first = policy.action_probabilities(root)
    second = policy.action_probabilities(root.child(root.legal_actions()[0]))
    order = sorted(first, key=lambda i: game.index.player_action(i).amount)
    p1 = np.array([first[i] for i in order])
    p2 = np.array([second[i] for i in order])
    x, y = equilibria[0]
    print(
        f"CFR, {iterations} iterations ({seconds:.1f} s): P1 {np.round(p1, 3).tolist()}  "
        f"P2 {np.round(p2, 3).tolist()}"
    )
    print(
        f"  largest difference from nashpy: {max(abs(p1 - x).max(), abs(p2 - y).max()):.4f}; "
        f"NashConv {exploitability.nash_conv(game, policy):.3f} (money; 0 at an equilibrium)"
    )


def mcts_tournament(games: int, simulations: int, target: int) -> None:
    game = pyspiel.load_game("hoteledu_amsterdam", {"target": target})
    print(
        f"\nHotel Amsterdam to {target} tourists: OpenSpiel MCTS ({simulations} simulations, "
        "random rollouts) against hoteledu's bots, seats alternating"
    )
    for opponent_name, make in (("random", lambda s: RandomAgent(seed=s)), ("greedy", None)):
        wins = 0.0
        start = time.perf_counter()
        for g in range(games):
            rng = np.random.RandomState(g)
            bot = mcts.MCTSBot(
                game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng
            )
            opponent = make(g) if make else GreedyAgent()
            mcts_seat = g % 2
            state = game.new_initial_state()
            while not state.is_terminal():
                mover = state.current_player()
                if state.is_chance_node():
                    ids, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(ids, p=probs)))
                elif mover == mcts_seat:
                    state.apply_action(bot.step(state))
                else:
                    chosen = opponent.act(PlayerView(state.hoteledu_state, mover))
                    state.apply_action(game.index.player_id(chosen))
            wins += state.returns()[mcts_seat]
        seconds = time.perf_counter() - start
        print(
            f"  MCTS vs {opponent_name}: MCTS won {wins:g} of {games} games "
            f"({seconds / games:.1f} s per game)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cfr-iterations", type=int, default=200)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=10)
    parser.add_argument("--target", type=int, default=6, choices=(6, 8, 10, 12, 15, 20))
    args = parser.parse_args()
    cfr_versus_nashpy(args.cfr_iterations)
    mcts_tournament(args.games, args.simulations, args.target)


if __name__ == "__main__":
    main()
