"""PettingZoo on hoteledu: a random search for Boutique's walk-in pricing decision.

Run ``python examples/pettingzoo_demo.py`` (needs ``pip install -e ".[rl]"``);
it takes a few seconds. docs/interop.md quotes the numbers of the default run.

Before each walk-in day (BHM-25) a Boutique player may turn one price die.
The policy searched here has one parameter: set *today's* day-rate die to
face ``k`` (100 x k per night), or keep the prices. Every other decision of
both players is hoteledu's ``BoutiqueBot``. Each candidate plays the same
seeded games through the AEC environment (common random numbers: the same
dice and cards for every candidate), and the best mean win share is kept.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from hoteledu.boutique.actions import ChangePrice, KeepPrices
from hoteledu.boutique.bots import BoutiqueBot
from hoteledu.core.agents import PlayerView
from hoteledu.interop.pettingzoo import agent_seat, decode_observation, env


def walkin_choice(view: dict, face: int | None) -> ChangePrice | KeepPrices:
    """The searched policy: today's day die to ``face`` (None or already there: keep)."""
    day = view["day"]
    if face is None or view["prices"][view["player"]][day] == face:
        return KeepPrices()
    return ChangePrice(day, face)


def play(face: int | None, seed: int, learner: str = "player_0") -> tuple[float, float]:
    """One seeded game: the learner's win share and final money."""
    environment = env("boutique", players=2, weeks=1, observation="json")
    environment.reset(seed=seed)
    bots = {agent: BoutiqueBot(seed=seed) for agent in environment.possible_agents}
    result = (0.0, 0.0)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        if termination or truncation:
            if agent == learner:
                money = environment.hoteledu_state.money[agent_seat(learner)]
                result = (reward, float(money))
            environment.step(None)
            continue
        view = decode_observation(observation["observation"])
        player = view["player"]
        if agent == learner and view["phase"] == "walkin_change":
            action = walkin_choice(view, face)
        else:  # hoteledu's bot, seeing only what the player may see
            action = bots[agent].act(PlayerView(environment.hoteledu_state, player))
        action_id = environment.index.player_id(action)
        assert observation["action_mask"][action_id], action
        environment.step(action_id)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    start = time.perf_counter()
    results = {}
    for face in (None, 1, 2, 3, 4, 5, 6):
        games = [play(face, seed) for seed in range(args.games)]
        wins, money = np.mean(games, axis=0)
        results[face] = wins
        label = "keep prices" if face is None else f"today's die to {face}"
        print(f"{label:>16}: mean win share {wins:.3f}, mean final money {money:7.1f}")
    best = max(results, key=lambda f: results[f])
    label = "keep prices" if best is None else f"today's die to {best}"
    seconds = time.perf_counter() - start
    print(f"best: {label} ({args.games} games per candidate, {seconds:.1f} s in all)")


if __name__ == "__main__":
    main()
