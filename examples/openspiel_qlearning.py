"""OpenSpiel's RL API on hoteledu: tabular Q-learning beats a random rival at pricing.

Run ``python examples/openspiel_qlearning.py`` (needs ``pip install -e ".[openspiel]"``);
it takes a few seconds. docs/interop.md quotes the numbers of the default run.

The game is the smallest registered with OpenSpiel: lessons Boutique 2 and 3's
one-booking pricing game (``hoteledu_boutique_booking_price``, 43 states), with
the goal "beat the rival" (``objective="difference"``: a player's money from
the booking minus the rival's, zero-sum). Both hotels secretly set a flat
price of 100 to 600 a night; the engine plays P1's first booking, every die
and card averaged exactly.

OpenSpiel's own RL pieces do the rest: ``rl_environment.Environment`` steps
the game and hands each player its information-state tensor,
``tabular_qlearner.QLearner`` (epsilon-greedy 0.2, step size 0.01) learns as P1
against ``random_agent.RandomAgent`` as P2. Then the greedy learner and a
random P1 each play the same number of evaluation episodes against the random
rival; the exact expected payoffs come from the lesson's matrix.
"""

from __future__ import annotations

import argparse
import dataclasses
import time

import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent, tabular_qlearner

import hoteledu.interop.openspiel  # noqa: F401  (registers the games)
from hoteledu.interop.openspiel_lessons import BOOKING_PRICE, booking_price_matrix

STEP_SIZE = 0.01


@dataclasses.dataclass(frozen=True)
class Result:
    """What training and evaluation gave (money: P1's minus P2's, per booking)."""

    learned_price: str
    learned_mean: float
    random_mean: float
    learned_exact: float
    best_exact: float
    seconds: float


def _play(environment: rl_environment.Environment, agents: list, evaluate: bool) -> float:
    """One episode; P1's reward at the end."""
    time_step = environment.reset()
    while not time_step.last():
        player = time_step.observations["current_player"]
        step = agents[player].step(time_step, is_evaluation=evaluate)
        time_step = environment.step([step.action])
    for agent in agents:  # let learners see the final reward
        agent.step(time_step, is_evaluation=evaluate)
    return float(time_step.rewards[0])


def train_and_evaluate(
    episodes: int = 5000, evaluation_episodes: int = 1000, seed: int = 0
) -> Result:
    """Train P1 with tabular Q-learning against a random P2, then compare with random play."""
    start = time.perf_counter()
    np.random.seed(seed)  # noqa: NPY002  (QLearner and RandomAgent draw from numpy's global one)
    game = pyspiel.load_game(BOOKING_PRICE, {"objective": "difference"})
    environment = rl_environment.Environment(game, seed=seed)
    actions = environment.action_spec()["num_actions"]
    learner = tabular_qlearner.QLearner(player_id=0, num_actions=actions, step_size=STEP_SIZE)
    rival = random_agent.RandomAgent(player_id=1, num_actions=actions)
    for _ in range(episodes):
        _play(environment, [learner, rival], evaluate=False)
    learned = [_play(environment, [learner, rival], True) for _ in range(evaluation_episodes)]
    baseline = random_agent.RandomAgent(player_id=0, num_actions=actions)
    unlearned = [_play(environment, [baseline, rival], True) for _ in range(evaluation_episodes)]

    matrix = booking_price_matrix(objective="difference")
    against_uniform = matrix.row_payoffs.mean(axis=1)  # P1's exact payoff per price
    choice = learner.step(environment.reset(), is_evaluation=True).action  # greedy at the root
    return Result(
        learned_price=matrix.labels[0][choice],
        learned_mean=float(np.mean(learned)),
        random_mean=float(np.mean(unlearned)),
        learned_exact=float(against_uniform[choice]),
        best_exact=float(against_uniform.max()),
        seconds=time.perf_counter() - start,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    result = train_and_evaluate(args.episodes, seed=args.seed)
    print(f"Q-learning as P1, {args.episodes} episodes against a random P2 (seed {args.seed})")
    print(f"learned price: {result.learned_price} a night")
    print(
        f"mean payoff (P1's money minus P2's) over 1,000 episodes: learned "
        f"{result.learned_mean:+.1f}, random P1 {result.random_mean:+.1f}"
    )
    print(
        f"exact against a random rival: learned price {result.learned_exact:+.1f}, "
        f"best reply {result.best_exact:+.1f}, random P1 +0.0"
    )
    print(f"{result.seconds:.1f} s in all")


if __name__ == "__main__":
    main()
